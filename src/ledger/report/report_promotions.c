/* The promotions of a month or year as a body publishes them
 * (bmp_ledger_promotions_list, issue 28 item 4): grouped by the new rank,
 * highest first, then by name; each with the club, the previous rank and
 * the date of the close that promoted. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "ledger/report/report_rows.h"
#include "ledger/store/query.h"

/* "2026-11" -> 2026-11..2026-11; "2026" -> 2026-01..2026-12. */
static bool period_range(const char *p, char from[16], char to[16])
{
    size_t n = p ? strlen(p) : 0;
    for (size_t i = 0; i < n; i++)
        if (!(isdigit((unsigned char)p[i]) || (i == 4 && p[i] == '-')))
            return false;
    if (n == 7 && p[4] == '-' && strcmp(p + 5, "01") >= 0 && strcmp(p + 5, "12") <= 0) {
        snprintf(from, 16, "%s", p);
        snprintf(to, 16, "%s", p);
        return true;
    }
    if (n == 4) {
        snprintf(from, 16, "%s-01", p);
        snprintf(to, 16, "%s-12", p);
        return true;
    }
    return false;
}

bmp_status bmp_ledger_promotions_list(bmp_ledger *l, const char *body, const char *period,
                                      bmp_ledger_head *head, bmp_table *out, bmp_error *err)
{
    ledger_body b;
    char from[16], to[16];
    if (!period_range(period, from, to))
        return bmp_error_set(err, BMP_EINVAL, "period \"%s\": expected yyyy-mm or yyyy",
                             period ? period : "");
    bmp_status rc = ledger_body_get(l, body, &b, err);
    if (!rc && bmp_table_title(out, "promotions"))
        rc = bmp_error_oom(err);
    if (!rc)
        rc = lq_table(l, out, -1, 0, err,
                      "SELECT r.to_name AS new_rank, p.number AS player, p.name, "
                      "coalesce(c.number || ' ' || c.name, '') AS club, "
                      "r.from_name AS previous_rank, substr(d.closed_at, 1, 10) AS date "
                      "FROM promotion r JOIN player p ON p.id = r.player_id "
                      "LEFT JOIN club c ON c.id = p.home_club "
                      "JOIN period d ON d.body_id = r.body_id AND d.period = r.period "
                      "WHERE r.body_id = ?1 AND r.period >= ?2 AND r.period <= ?3 "
                      "ORDER BY r.to_rank DESC, r.to_name DESC, p.name, p.number",
                      "iss", b.id, from, to);
    if (!rc && bmp_table_note(out, "%s promotions %s..%s: %zu", b.code, from, to, out->nrows))
        rc = bmp_error_oom(err);
    if (!rc)
        rc = report_head(l, head, out, err);
    return rc;
}
