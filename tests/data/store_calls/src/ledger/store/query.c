/* Fixture for tests/check_store_calls.sh: the store's own folder may call
 * its table (left out with -x). */
static int fixture(bmp_ledger *l, ledger_stmt *st, bool *row)
{
    return l->ops->step(st, row, NULL);
}
