/* The ABF's annual awards on the year's list (body_ops.h year_awards):
 * the McCutcheon Trophy (ABF-90, 1.7.2) to the player who won the most
 * masterpoints in the calendar year, and a McCutcheon award (ABF-91, 1.7.3)
 * to the top earner of each ranking group as held on January 1 (Gold and
 * Silver Grand Masters one group; registered overseas players excluded),
 * all decided by the library's bmp_abf_mccutcheon. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/abf.h"
#include "ledger/abf/room.h"

/* Mark winners w[0..k) with text, and note them. */
static bmp_status mark(const ledger_year_player *p, const size_t *w, size_t k, const char *text,
                       const char *rule, char (*award)[LEDGER_AWARD_SIZE], bmp_table *t)
{
    for (size_t i = 0; i < k; i++) {
        char *a = award[w[i]];
        size_t at = strlen(a);
        snprintf(a + at, LEDGER_AWARD_SIZE - at, "%s%s", at ? "; " : "", text);
        char pts[32];
        bmp_points_format(p[w[i]].points, pts, sizeof pts);
        if (bmp_table_note(t, "%s (%s): %s %s, %s points%s", text, rule, p[w[i]].number,
                           p[w[i]].name, pts, k > 1 ? " (tied)" : ""))
            return BMP_ENOMEM;
    }
    return BMP_OK;
}

/* The group's name: its ranks' names joined by "/" (Gold and Silver Grand
 * Masters share one group). */
static void group_name(int g, char *buf, size_t size)
{
    size_t at = 0;
    buf[0] = '\0';
    for (int r = 1; r <= BMP_ABF_NRANKS && at < size; r++)
        if (bmp_abf_mccutcheon_group(r) == g) {
            int m = snprintf(buf + at, size - at, "%s%s", at ? "/" : "", bmp_abf_rank_name(r));
            at += m > 0 ? (size_t)m : 0;
        }
}

bmp_status abf_year_awards(const ledger_year_player *p, size_t n, char (*award)[LEDGER_AWARD_SIZE],
                           bmp_table *t, bmp_error *err)
{
    bmp_abf_year_player *y = calloc(n ? n : 1, sizeof *y);
    size_t *w = calloc(n ? n : 1, sizeof *w), k = 0;
    bmp_status rc = y && w ? BMP_OK : bmp_error_oom(err);
    for (size_t i = 0; i < n && !rc; i++)
        y[i] = (bmp_abf_year_player){.rank_at_start = p[i].rank_at_start,
                                     .points = p[i].points,
                                     .foreign = p[i].overseas};
    /* ABF-90 (1.7.2): open to every player */
    if (!rc)
        rc = bmp_abf_mccutcheon(y, n, -1, w, n, &k, err);
    if (!rc && mark(p, w, k, "McCutcheon Trophy", "ABF-90, 1.7.2", award, t))
        rc = bmp_error_oom(err);
    /* ABF-91 (1.7.3): one award per ranking group on January 1 */
    for (int g = 1; g <= BMP_ABF_NRANKS && !rc; g++) {
        if (bmp_abf_mccutcheon_group(g) != g)
            continue;
        rc = bmp_abf_mccutcheon(y, n, g, w, n, &k, err);
        char name[80], text[LEDGER_AWARD_SIZE];
        group_name(g, name, sizeof name);
        snprintf(text, sizeof text, "McCutcheon award, %s", name);
        if (!rc && mark(p, w, k, text, "ABF-91, 1.7.3", award, t))
            rc = bmp_error_oom(err);
    }
    free(y);
    free(w);
    return rc;
}
