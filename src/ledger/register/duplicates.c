/* Likely duplicate players (issue 28 item 3, ruling MI-4): the same
 * normalised name and home club under two numbers one transposition or one
 * digit apart, and the same birth year where both are known.  Sorted by (name, club) and compared only within a group of
 * the same name and club: O(n log n), never all pairs. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ledger_movein.h"
#include "core/util.h"
#include "ledger/ledger_internal.h"
#include "ledger/store/query.h"

/* A group larger than this is listed as one note, not compared in pairs. */
#define DUP_GROUP_MAX 64

typedef struct dplayer {
    char number[16], key[112], name[96], club[16], birth[8];
} dplayer;

/* "O'Brien,  Mary-Jane" -> "obrien mary jane": letters and digits, lower
 * case, one space between words. */
static void name_key(const char *in, char *out, size_t size)
{
    size_t n = 0;
    bool space = false;
    for (; *in && n + 2 < size; in++) {
        unsigned char c = (unsigned char)*in;
        if (isalnum(c)) {
            if (space && n)
                out[n++] = ' ';
            out[n++] = (char)tolower(c);
            space = false;
        } else if (c == ' ' || c == '-' || c == ',' || c == '.') {
            space = true;
        }
    }
    out[n] = '\0';
}

static bool fill_dplayer(bmp_ledger *l, ledger_stmt *st, void *row, void *ctx)
{
    (void)ctx;
    dplayer *p = row;
    snprintf(p->number, sizeof p->number, "%s", lq_col_text(l, st, 0));
    snprintf(p->name, sizeof p->name, "%s", lq_col_text(l, st, 1));
    snprintf(p->club, sizeof p->club, "%s", lq_col_text(l, st, 2));
    snprintf(p->birth, sizeof p->birth, "%s", lq_col_text(l, st, 3));
    char k[96];
    name_key(p->name, k, sizeof k);
    snprintf(p->key, sizeof p->key, "%s|%s", k, p->club);
    return true;
}

static int cmp_dplayer(const void *a, const void *b)
{
    const dplayer *x = a, *y = b;
    int c = strcmp(x->key, y->key);
    return c ? c : strcmp(x->number, y->number);
}

/* "two digits transposed", "one digit differs", or NULL: how near two
 * numbers of the same length are. */
static const char *near(const char *a, const char *b)
{
    size_t n = strlen(a), diff = 0, first = 0;
    if (n != strlen(b))
        return NULL;
    for (size_t i = 0; i < n; i++)
        if (a[i] != b[i] && diff++ == 0)
            first = i;
    if (diff == 1)
        return "one digit differs";
    if (diff == 2 && first + 1 < n && a[first] == b[first + 1] && a[first + 1] == b[first])
        return "two digits transposed";
    return NULL;
}

static bmp_status pairs(const dplayer *v, size_t n, bmp_table *out)
{
    bmp_status rc = BMP_OK;
    for (size_t i = 0; i < n && !rc;) {
        size_t j = i + 1;
        while (j < n && strcmp(v[j].key, v[i].key) == 0)
            j++;
        if (j - i > DUP_GROUP_MAX)
            rc = bmp_table_note(out, "%zu players named %s at club %s: not compared in pairs",
                                j - i, v[i].name, v[i].club[0] ? v[i].club : "(none)");
        for (size_t a = i; a < j && j - i <= DUP_GROUP_MAX && !rc; a++)
            for (size_t b = a + 1; b < j && !rc; b++) {
                const char *why = near(v[a].number, v[b].number);
                bool known = v[a].birth[0] && v[b].birth[0];
                if (!why || (known && strcmp(v[a].birth, v[b].birth) != 0))
                    continue; /* two birth years: two people */
                rc = bmp_table_cell(out, "%s", v[a].number);
                rc = rc ? rc : bmp_table_cell(out, "%s", v[a].name);
                rc = rc ? rc : bmp_table_cell(out, "%s", v[b].number);
                rc = rc ? rc : bmp_table_cell(out, "%s", v[b].name);
                rc = rc ? rc : bmp_table_cell(out, "%s", v[a].club);
                rc = rc ? rc : bmp_table_cell(out, "same name, same home club%s, numbers: %s, %s%s",
                                              v[a].club[0] ? "" : " (none)", why,
                                              known ? "same birth year " : "birth year not known",
                                              known ? v[a].birth : "");
            }
        i = j;
    }
    return rc;
}

bmp_status bmp_ledger_duplicates(bmp_ledger *l, const char *body, bmp_table *out,
                                 bmp_error *err)
{
    ledger_body b;
    dplayer *v = NULL;
    size_t n = 0;
    static const char *const cols[] = {"number", "name", "other_number", "other_name", "club",
                                       "evidence", NULL};
    bmp_status rc = ledger_body_get(l, body, &b, err);
    if (!rc)
        rc = bmp_table_title(out, "likely duplicates");
    if (!rc)
        rc = bmp_table_columns(out, cols);
    /* players already merged are redirects, not candidates */
    if (!rc)
        rc = lq_rows(l, &v, &n, sizeof *v, fill_dplayer, NULL, err,
                     "SELECT p.number, p.name, coalesce(c.number, ''), "
                     "coalesce(CAST(p.birth_year AS TEXT), '') FROM player p LEFT JOIN "
                     "club c ON c.id = p.home_club WHERE p.body_id = ?1 AND NOT EXISTS (SELECT 1 "
                     "FROM player_merge m WHERE m.dup_id = p.id AND NOT EXISTS (SELECT 1 FROM "
                     "player_unmerge u WHERE u.merge_id = m.id))",
                     "i", b.id);
    if (!rc && n)
        qsort(v, n, sizeof *v, cmp_dplayer);
    if (!rc)
        rc = pairs(v, n, out);
    free(v);
    return rc;
}
