/* Fixture for tests/check_store_calls.sh: a core file calling the store's
 * table; lines 7, 8, 10 and 14 must be reported, a body's table not. */
static int fixture(bmp_ledger *l, ledger_stmt *st)
{
    bool row = false;
    int rc = lq_step(l, st, &row, NULL);
    rc = rc ? rc : l->ops->step(st, &row, NULL);
    const ledger_store_ops *ops = l->ops;
    if (!rc)
        rc = ops->prepare(l->s, "SELECT 1", &st, NULL);
    if (rc)
        return rc;
    return row ? 0
               : l->ops->
                     commit(l->s, NULL);
}

static bool body_fixture(const ledger_body_ops *ops)
{
    return ops->members_only && ops->nruns > 0 && ops->title;
}
