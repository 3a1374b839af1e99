/* `ledger batch show ID`: one batch as a secretary reads it, in sections --
 * its header, its lines, its held lines with the reasons, and the points
 * the file carried against the engine's.  Each section is one function of
 * the list below; a new view of a batch is one more entry. */
#include <string.h>

#include "bridgemp/ledger_carried.h"

#include "ledger/shared/sections.h"
#include "ledger/store/query.h"

typedef bmp_status (*section_fn)(bmp_ledger *l, int64_t batch, bmp_table *t, bmp_error *err);

/* The batch's header, one field a row: state, body, club, event, date,
 * file, hash, who, when, and the event's key (issue 26: one event, one
 * batch). */
static bmp_status show_header(bmp_ledger *l, int64_t batch, bmp_table *t, bmp_error *err)
{
    bmp_table h;
    bmp_table_init(&h);
    bmp_status rc = lq_table(
        l, &h, -1, 0, err,
        "SELECT b.id, b.state, y.code AS body, coalesce(c.number, '') AS club, b.event, "
        "b.event_date AS date, b.source, b.file, b.content_hash AS hash, b.who, "
        "b.created_at AS created, coalesce(b.period, '') AS period, b.reason, "
        "coalesce(CAST(b.reverses AS TEXT), '') AS reverses, b.lines, "
        "coalesce(b.event_key, '') AS event_key "
        "FROM batch b JOIN body y ON y.id = b.body_id LEFT JOIN club c ON c.id = b.club_id "
        "WHERE b.id = ?1",
        "i", batch);
    if (!rc && h.nrows == 0)
        rc = bmp_error_set(err, BMP_ENOTFOUND, "no batch %lld", (long long)batch);
    static const char *const cols[] = {"field", "value", NULL};
    if (!rc && bmp_table_columns(t, cols))
        rc = bmp_error_oom(err);
    for (size_t k = 0; k < h.ncols && !rc; k++)
        if (bmp_table_cell(t, "%s", h.columns[k]) || bmp_table_cell(t, "%s", h.cells[k]))
            rc = bmp_error_oom(err);
    bmp_table_free(&h);
    char why[600]; /* a skipped check said (issue 45) */
    if (!rc)
        rc = bmp_ledger_batch_carried_unchecked(l, batch, why, sizeof why, err);
    if (!rc && *why &&
        (bmp_table_cell(t, "carried_check") || bmp_table_cell(t, "%s", why)))
        rc = bmp_error_oom(err);
    return rc;
}

/* The journal lines, in the order written. */
static bmp_status show_lines(bmp_ledger *l, int64_t batch, bmp_table *t, bmp_error *err)
{
    return lq_table(l, t, -1, 0, err,
                              "SELECT p.number, p.name, j.point_type, j.points, j.rule, "
                              "j.contestant FROM journal j JOIN player p ON p.id = j.player_id "
                              "WHERE j.batch_id = ?1 ORDER BY j.id",
                              "i", batch);
}

/* The held lines (players the register does not know) and why. */
static bmp_status show_held(bmp_ledger *l, int64_t batch, bmp_table *t, bmp_error *err)
{
    return lq_table(l, t, -1, 0, err,
                              "SELECT h.number, h.name, h.point_type, h.points, h.rule, "
                              "h.contestant, h.why FROM held h WHERE h.batch_id = ?1 "
                              "ORDER BY h.id",
                              "i", batch);
}

/* What the file carried against what the engine computed, per contestant
 * and point type, with the derivation (empty unless the batch is held for
 * its carried points; ledger_carried.h). */
static bmp_status show_carried(bmp_ledger *l, int64_t batch, bmp_table *t, bmp_error *err)
{
    bmp_status rc = bmp_ledger_batch_differences(l, batch, t, err);
    /* its title says why it is held; a section is found by its own title */
    if (!rc && bmp_table_title(t, "carried"))
        rc = bmp_error_oom(err);
    return rc;
}

static const struct {
    const char *title;
    section_fn fn;
} sections[] = {{"batch", show_header},
                {"lines", show_lines},
                {"held", show_held},
                {"carried", show_carried}};

bmp_status bmp_ledger_batch_show(bmp_ledger *l, int64_t batch, bmp_ledger_sections *out,
                                 bmp_error *err)
{
    bmp_status rc = BMP_OK;
    memset(out, 0, sizeof *out);
    for (size_t i = 0; i < sizeof sections / sizeof sections[0] && !rc; i++) {
        bmp_table *t = NULL;
        rc = ledger_section_add(out, sections[i].title, &t, err);
        if (!rc)
            rc = sections[i].fn(l, batch, t, err);
    }
    if (rc)
        bmp_ledger_sections_free(out);
    return rc;
}
