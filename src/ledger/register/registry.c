/* The registry: clubs and players per body, CSV registers in and out, and
 * computer-number allocation where the body allocates (NZ-89). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/text_safe.h"
#include "core/util.h"
#include "ledger/body_ops.h"
#include "ledger/shared/csv.h"
#include "ledger/chain/chain.h"
#include "ledger/ledger_internal.h"
#include "ledger/register/region.h"
#include "ledger/register/registry_internal.h"
#include "ledger/shared/text_door.h"
#include "ledger/store/query.h"

static const char *const statuses[] = {"Active",   "Dormant",  "Temporary",
                                       "Resigned", "Deceased", "Unknown", NULL};

/* NZ-88: the six statuses, matched case-insensitively, written as listed. */
const char *ledger_status_norm(const char *s)
{
    if (!s || !*s)
        return "Active";
    for (size_t i = 0; statuses[i]; i++)
        if (strcasecmp(s, statuses[i]) == 0)
            return statuses[i];
    return NULL;
}

static bool all_digits(const char *s, size_t min, size_t max)
{
    size_t n = strlen(s);
    if (n < min || n > max)
        return false;
    for (size_t i = 0; i < n; i++)
        if (!isdigit((unsigned char)s[i]))
            return false;
    return true;
}

/* A national ID by the body's rules (its number_check: ABF numbers, ABF-93,
 * zero-filled to seven digits; ACBL player numbers letters and digits),
 * else all digits (NZB computer numbers, EBU numbers). */
bmp_status ledger_number_check(const char *body, const char *in, char *out, size_t size,
                               bmp_error *err)
{
    const ledger_body_ops *ops = ledger_body_ops_of(body);
    if (ops && ops->number_check)
        return ops->number_check(in, out, size, err);
    if (!all_digits(in, 1, 8))
        return bmp_error_set(err, BMP_EINVAL, "expected a %s number of 1 to 8 digits, got \"%s\"",
                             ops && ops->number_name ? ops->number_name : "EBU", in);
    core_strlcpy(out, in, size);
    return BMP_OK;
}

bool ledger_parse_flag(const char *s, bool *out)
{
    if (!*s || strcmp(s, "0") == 0 || strcasecmp(s, "no") == 0 || strcasecmp(s, "false") == 0) {
        *out = false;
        return true;
    }
    if (strcmp(s, "1") == 0 || strcasecmp(s, "yes") == 0 || strcasecmp(s, "true") == 0) {
        *out = true;
        return true;
    }
    return false;
}

bool ledger_parse_year(const char *s, int *out)
{
    if (!*s) {
        *out = 0;
        return true;
    }
    if (!all_digits(s, 4, 4))
        return false;
    *out = atoi(s);
    return *out >= 1900 && *out <= 2200;
}

bmp_status ledger_club_id(bmp_ledger *l, int64_t body, const char *number, int64_t *id,
                          bool *found, bmp_error *err)
{
    return lq_int(l, id, found, err, "SELECT id FROM club WHERE body_id = ?1 AND number = ?2",
                  "is", body, number);
}

/* ---- player rows -------------------------------------------------------- */


static bool club_ref_fill(bmp_ledger *l, ledger_stmt *st, void *row, void *ctx)
{
    (void)ctx;
    ledger_club_ref *r = row;
    r->id = lq_col_int(l, st, 1);
    return (r->number = core_strdup(lq_col_text(l, st, 0))) != NULL;
}

static int club_ref_cmp(const void *a, const void *b)
{
    return strcmp(((const ledger_club_ref *)a)->number, ((const ledger_club_ref *)b)->number);
}

bmp_status ledger_clubs_load(bmp_ledger *l, int64_t body, ledger_clubs *out, bmp_error *err)
{
    *out = (ledger_clubs){0};
    bmp_status rc = lq_rows(l, &out->v, &out->n, sizeof *out->v, club_ref_fill, NULL, err,
                            "SELECT number, id FROM club WHERE body_id = ?1", "i", body);
    if (!rc && out->n)
        qsort(out->v, out->n, sizeof *out->v, club_ref_cmp);
    return rc;
}

bool ledger_clubs_find(const ledger_clubs *c, const char *number, int64_t *id)
{
    ledger_club_ref key = {.number = (char *)number};
    const ledger_club_ref *r = c->n ? bsearch(&key, c->v, c->n, sizeof *c->v, club_ref_cmp) : NULL;
    if (r)
        *id = r->id;
    return r != NULL;
}

void ledger_clubs_free(ledger_clubs *c)
{
    for (size_t i = 0; i < c->n; i++)
        free(c->v[i].number);
    free(c->v);
    *c = (ledger_clubs){0};
}

/* Club `number` of the body: from clubs when given, else looked up. */
static bool club_known(bmp_ledger *l, const ledger_body *b, const ledger_clubs *clubs,
                       const char *number)
{
    int64_t id = 0;
    bool found = false;
    bmp_error e = {0};
    if (clubs)
        return ledger_clubs_find(clubs, number, &id);
    return !ledger_club_id(l, b->id, number, &id, &found, &e) && found;
}

/* Check one player; every problem goes to probs with "where" in front. */
size_t ledger_player_check(bmp_ledger *l, const ledger_body *b, const ledger_clubs *clubs,
                           const bmp_ledger_player *p, const char *where, ledger_prow *out,
                           bmp_problems *probs)
{
    size_t bad = 0;
    bmp_error e = {0};
    memset(out, 0, sizeof *out);
    if (ledger_text_bad(probs, where, "number", p->number, CORE_TEXT_NAME_MAX)) {
        bad++;
    } else if (p->number && *p->number) {
        if (ledger_number_check(b->code, p->number, out->number, sizeof out->number, &e)) {
            problems_add(probs, "%snumber: %s", where, e.msg);
            bad++;
        }
    } else if (!b->ops->allocate_numbers) {
        problems_add(probs, "%snumber: required (%s does not have the ledger allocate numbers)",
                     where, b->code);
        bad++;
    }
    if (!p->name || !*p->name) {
        problems_add(probs, "%sname: required", where);
        bad++;
    }
    bad += ledger_name_bad(probs, where, "name", p->name, CORE_TEXT_NAME_MAX);
    size_t club_text = ledger_text_bad(probs, where, "home_club", p->home_club, CORE_TEXT_NAME_MAX) +
                       ledger_text_bad(probs, where, "alternates", p->alternates, CORE_TEXT_NAME_MAX);
    bad += club_text;
    out->status = ledger_status_norm(p->status);
    if (!out->status) {
        problems_add(probs,
                     "%sstatus: expected Active, Dormant, Temporary, Resigned, Deceased or "
                     "Unknown (NZ-88), got \"%s\"", where, p->status);
        bad++;
    }
    if (p->home_club && *p->home_club && !club_text) {
        if (!club_known(l, b, clubs, p->home_club)) {
            problems_add(probs, "%shome_club: no club \"%s\" in the %s register (ABF-94)", where,
                         p->home_club, b->code);
            bad++;
        }
    }
    char *alts = core_strdup(p->alternates && !club_text ? p->alternates : "");
    for (char *save = NULL, *c = strtok_r(alts, ";", &save); c; c = strtok_r(NULL, ";", &save)) {
        if (!club_known(l, b, clubs, c)) {
            problems_add(probs, "%salternates: no club \"%s\" in the %s register (ABF-95)", where,
                         c, b->code);
            bad++;
        }
    }
    free(alts);
    if (p->pre1982_red < 0) {
        problems_add(probs, "%spre1982_red: must not be negative", where);
        bad++;
    }
    out->name = core_strdup(p->name ? p->name : "");
    out->home = core_strdup(p->home_club && *p->home_club ? p->home_club : NULL);
    out->alts = core_strdup(p->alternates ? p->alternates : "");
    out->overseas = p->overseas;
    out->youth = p->youth;
    out->from = p->registered_from;
    out->to = p->registered_to;
    out->pre82 = p->pre1982_red;
    return bad;
}

void ledger_prow_free(ledger_prow *r)
{
    free(r->name);
    free(r->home);
    free(r->alts);
}

/* Numbers for the new players (rows without one) where the body allocates
 * them (its allocate_numbers, NZ-89); where it does not, such rows were
 * refused by ledger_player_check. */
bmp_status ledger_allocate_numbers(bmp_ledger *l, const ledger_body *b, ledger_prow *rows, size_t n,
                                   bmp_error *err)
{
    size_t need = 0;
    for (size_t i = 0; i < n; i++)
        need += rows[i].number[0] == '\0';
    if (!need || !b->ops->allocate_numbers)
        return BMP_OK;
    char **numbers = malloc(n * sizeof *numbers);
    if (!numbers)
        return bmp_error_oom(err);
    for (size_t i = 0; i < n; i++)
        numbers[i] = rows[i].number;
    bmp_status rc = b->ops->allocate_numbers(l, b, numbers, n, sizeof rows[0].number, err);
    free(numbers);
    return rc;
}

bmp_status ledger_player_write(bmp_ledger *l, const ledger_body *b, const ledger_prow *r,
                               bmp_error *err)
{
    int64_t home = 0, id = 0;
    bool found = false;
    bmp_status rc = BMP_OK;
    if (r->home)
        rc = ledger_club_id(l, b->id, r->home, &home, &found, err);
    if (!rc)
        rc = lq_int(l, &id, &found, err,
                    "INSERT INTO player (body_id, number, name, status, home_club, overseas, "
                    "youth, registered_from, registered_to, pre1982_red) "
                    "VALUES (?1, ?2, ?3, ?4, nullif(?5, 0), ?6, ?7, nullif(?8, 0), "
                    "nullif(?9, 0), ?10) "
                    "ON CONFLICT (body_id, number) DO UPDATE SET name = excluded.name, "
                    "status = excluded.status, home_club = excluded.home_club, "
                    "overseas = excluded.overseas, youth = excluded.youth, "
                    "registered_from = excluded.registered_from, "
                    "registered_to = excluded.registered_to, pre1982_red = excluded.pre1982_red "
                    "RETURNING id",
                    "isssiiiiii", b->id, r->number, r->name, r->status, home,
                    (int64_t)r->overseas, (int64_t)r->youth, (int64_t)r->from, (int64_t)r->to,
                    (int64_t)r->pre82);
    if (!rc)
        rc = lq_run(l, err, "DELETE FROM alternate WHERE player_id = ?1", "i", id);
    char *alts = core_strdup(r->alts);
    for (char *save = NULL, *c = strtok_r(alts, ";", &save); c && !rc;
         c = strtok_r(NULL, ";", &save)) {
        int64_t cid = 0;
        rc = ledger_club_id(l, b->id, c, &cid, &found, err);
        if (!rc)
            rc = lq_run(l, err,
                        "INSERT INTO alternate (player_id, club_id) VALUES (?1, ?2) "
                        "ON CONFLICT DO NOTHING",
                        "ii", id, cid);
    }
    free(alts);
    if (!rc)
        rc = ledger_touch_id(l, "player", id, err);
    if (!rc)
        rc = ledger_touch_id(l, "alternate", id, err);
    return rc;
}

bmp_status bmp_ledger_add_player(bmp_ledger *l, const char *body, const bmp_ledger_player *p,
                                 char *number_out, size_t size, bmp_error *err)
{
    ledger_body b;
    bmp_status rc = ledger_body_get(l, body, &b, err);
    if (rc)
        return rc;
    bmp_problems probs = {0};
    ledger_prow r;
    if (ledger_player_check(l, &b, NULL, p, "", &r, &probs)) {
        rc = bmp_error_set(err, BMP_EINVAL, "player: %s", probs.msgs[0]);
        bmp_problems_free(&probs);
        ledger_prow_free(&r);
        return rc;
    }
    rc = lq_begin(l, err);
    if (!rc)
        rc = ledger_allocate_numbers(l, &b, &r, 1, err);
    if (!rc)
        rc = ledger_player_write(l, &b, &r, err);
    if (!rc) {
        char *d = core_asprintf("%s player %s \"%s\" %s", b.code, r.number, r.name, r.status);
        rc = d ? ledger_audit(l, "player", d, err) : bmp_error_oom(err);
        free(d);
    }
    rc = ledger_tx_end(l, rc, err);
    if (!rc && number_out)
        snprintf(number_out, size, "%s", r.number);
    ledger_prow_free(&r);
    return rc;
}

bmp_status bmp_ledger_add_club(bmp_ledger *l, const char *body, const bmp_ledger_club *c,
                               bmp_error *err)
{
    ledger_body b;
    bmp_status rc = ledger_body_get(l, body, &b, err);
    if (rc)
        return rc;
    if (!c->number || !*c->number || !c->name || !*c->name)
        return bmp_error_set(err, BMP_EINVAL, "club: number and name are required");
    if (ledger_text_check("club: number", c->number, CORE_TEXT_NAME_MAX, false, err) ||
        ledger_text_check("club: name", c->name, CORE_TEXT_NAME_MAX, true, err))
        return BMP_EINVAL;
    rc = lq_begin(l, err);
    if (!rc)
        rc = lq_run(l, err,
                    "INSERT INTO club (body_id, number, name, dummy) VALUES (?1, ?2, ?3, ?4) "
                    "ON CONFLICT (body_id, number) DO UPDATE SET name = excluded.name, "
                    "dummy = excluded.dummy",
                    "issi", b.id, c->number, c->name, (int64_t)c->dummy);
    if (!rc)
        rc = ledger_touch_where(l, "club", "body_id = ?1 AND number = ?2", err, "is", b.id,
                                c->number);
    if (!rc) {
        char *d = core_asprintf("%s club %s \"%s\"%s", b.code, c->number, c->name,
                                c->dummy ? " (dummy, NZ-98)" : "");
        rc = d ? ledger_audit(l, "club", d, err) : bmp_error_oom(err);
        free(d);
    }
    rc = ledger_tx_end(l, rc, err);
    return rc;
}

/* ---- CSV registers ------------------------------------------------------ */

bmp_status ledger_read_csv(const char *path, lcsv *c, bmp_error *err)
{
    char *data = NULL;
    size_t len = 0;
    bmp_status rc = core_read_file(path, &data, &len, err);
    if (rc)
        return rc;
    rc = lcsv_parse(data, len, path, c, err);
    free(data);
    if (!rc && c->nrows == 0) {
        lcsv_free(c);
        rc = bmp_error_set(err, BMP_EPARSE, "%s: empty file (expected a header row)", path);
    }
    return rc;
}

/* Every row number is unique within the file (sorted once, O(n log n)). */
typedef struct numline {
    const char *number;
    size_t line;
} numline;

static int cmp_numline(const void *a, const void *b)
{
    const numline *x = a, *y = b;
    int c = strcmp(x->number, y->number);
    return c ? c : (x->line > y->line) - (x->line < y->line);
}

size_t ledger_number_duplicates(const ledger_prow *rows, size_t n, const char *path, bmp_problems *probs)
{
    numline *v = malloc((n ? n : 1) * sizeof *v);
    size_t m = 0, bad = 0;
    if (!v)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (rows[i].number[0])
            v[m++] = (numline){rows[i].number, rows[i].line};
    qsort(v, m, sizeof *v, cmp_numline);
    for (size_t i = 1; i < m; i++)
        if (strcmp(v[i].number, v[i - 1].number) == 0) {
            problems_add(probs, "%s:%zu: number: %s is also on line %zu", path, v[i].line,
                         v[i].number, v[i - 1].line);
            bad++;
        }
    free(v);
    return bad;
}

bmp_status bmp_ledger_import_clubs(bmp_ledger *l, const char *body, const char *path,
                                   size_t *count, bmp_problems *probs, bmp_error *err)
{
    ledger_body b;
    lcsv c;
    bmp_problems local = {0};
    bmp_problems *pp = probs ? probs : &local;
    size_t before = pp->count, bad = 0;
    if (count)
        *count = 0;
    bmp_status rc = ledger_body_get(l, body, &b, err);
    if (rc || (rc = ledger_read_csv(path, &c, err)))
        return rc;
    int cn = lcsv_col(&c, "number"), cname = lcsv_col(&c, "name"), cd = lcsv_col(&c, "dummy");
    if (cn < 0 || cname < 0) {
        lcsv_free(&c);
        return bmp_error_set(err, BMP_EPARSE, "%s:1: header: expected columns number,name[,dummy]",
                             path);
    }
    ledger_prow *rows = calloc(c.nrows, sizeof *rows); /* reused for the duplicate check */
    bool *dummy = calloc(c.nrows, sizeof *dummy);
    if (!rows || !dummy) {
        free(rows);
        free(dummy);
        lcsv_free(&c);
        return bmp_error_oom(err);
    }
    size_t n = c.nrows - 1;
    for (size_t i = 0; i < n; i++) {
        size_t r = i + 1, line = c.rows[r].line;
        const char *num = lcsv_get(&c, r, cn);
        rows[i].line = line;
        char where[CORE_TEXT_FILE_MAX + 32];
        snprintf(where, sizeof where, "%s:%zu: ", path, line);
        if (ledger_text_bad(pp, where, "number", num, CORE_TEXT_NAME_MAX)) {
            bad++;
        } else if (!*num || strlen(num) >= sizeof rows[i].number) {
            problems_add(pp, "%s:%zu: number: expected a club number of 1 to 15 characters, got \"%s\"",
                         path, line, num);
            bad++;
        } else {
            snprintf(rows[i].number, sizeof rows[i].number, "%s", num);
        }
        if (!*lcsv_get(&c, r, cname)) {
            problems_add(pp, "%s:%zu: name: required", path, line);
            bad++;
        }
        /* a name `club export` guarded ('=Club) is read back as it was */
        bad += ledger_name_bad(pp, where, "name", core_csv_unguard(lcsv_get(&c, r, cname)),
                               CORE_TEXT_NAME_MAX);
        if (!ledger_parse_flag(lcsv_get(&c, r, cd), &dummy[i])) {
            problems_add(pp, "%s:%zu: dummy: expected 0 or 1, got \"%s\"", path, line,
                         lcsv_get(&c, r, cd));
            bad++;
        }
    }
    bad += ledger_number_duplicates(rows, n, path, pp);
    if (bad) {
        rc = problems_fail(pp, pp->count - before, pp->msgs[before], BMP_EINVAL, err);
    } else {
        rc = lq_begin(l, err);
        for (size_t i = 0; i < n && !rc; i++)
            rc = lq_run(l, err,
                        "INSERT INTO club (body_id, number, name, dummy) VALUES (?1, ?2, ?3, ?4) "
                        "ON CONFLICT (body_id, number) DO UPDATE SET name = excluded.name, "
                        "dummy = excluded.dummy",
                        "issi", b.id, rows[i].number,
                        core_csv_unguard(lcsv_get(&c, i + 1, cname)),
                        (int64_t)dummy[i]);
        if (!rc) /* unchanged clubs are dropped from the entry */
            rc = ledger_touch_where(l, "club", "body_id = ?1", err, "i", b.id);
        if (!rc) {
            char *d = core_asprintf("%s clubs: %zu rows from %s", b.code, n, path);
            rc = d ? ledger_audit(l, "import clubs", d, err) : bmp_error_oom(err);
            free(d);
        }
        rc = ledger_tx_end(l, rc, err);
        if (!rc && count)
            *count = n;
    }
    free(rows);
    free(dummy);
    lcsv_free(&c);
    bmp_problems_free(&local);
    return rc;
}


static bmp_status export_query(bmp_ledger *l, const char *body, const char *sql, FILE *out,
                               bmp_error *err)
{
    ledger_body b;
    bmp_status rc = ledger_body_get(l, body, &b, err);
    ledger_stmt *st = NULL;
    if (rc || (rc = lq_query(l, &st, err, sql, "i", b.id)))
        return rc;
    int nc = lq_col_count(l, st);
    for (int k = 0; k < nc; k++)
        core_csv_put(out, lq_col_name(l, st, k), false, k == nc - 1 ? '\n' : ',');
    bool row = true;
    while (!rc) {
        rc = lq_step(l, st, &row, err);
        if (rc || !row)
            break;
        for (int k = 0; k < nc && !rc; k++) {
            /* a value stored before the door checked it (an old ledger) is
             * shown escaped (issue 27); one the door takes is written as it
             * is.  Guarded as every CSV output (issue 45): `player import`
             * drops the quote of a guarded name. */
            char *v = core_text_escape(lq_col_text(l, st, k));
            if (!v)
                rc = bmp_error_oom(err);
            else
                core_csv_put(out, v, true, k == nc - 1 ? '\n' : ',');
            free(v);
        }
    }
    lq_finalize(l, st);
    if (!rc && ferror(out))
        rc = bmp_error_set(err, BMP_EIO, "write error");
    return rc;
}

/* The register as `player import` reads it back; the region last, under
 * the body's word for it (a constant of region.c, never the caller's text). */
bmp_status bmp_ledger_export_players(bmp_ledger *l, const char *body, FILE *out, bmp_error *err)
{
    char *sql = core_asprintf(
        "SELECT p.number, p.name, p.status, coalesce(c.number, '') AS home_club, "
        "coalesce((SELECT group_concat(number, ';') FROM (SELECT c2.number FROM alternate a "
        "JOIN club c2 ON c2.id = a.club_id WHERE a.player_id = p.id ORDER BY c2.number) AS alt), '') "
        "AS alternates, p.overseas, p.youth, coalesce(CAST(p.registered_from AS TEXT), '') AS registered_from, "
        "coalesce(CAST(p.registered_to AS TEXT), '') AS registered_to, "
        "(p.pre1982_red / 100) || '.' || substr('0' || (p.pre1982_red %% 100), -2) AS pre1982_red, "
        "coalesce(r.region, '') AS %s "
        "FROM player p LEFT JOIN club c ON c.id = p.home_club "
        "LEFT JOIN player_region r ON r.player_id = p.id WHERE p.body_id = ?1 "
        "ORDER BY p.number",
        ledger_region_word(body));
    bmp_status rc = sql ? export_query(l, body, sql, out, err) : bmp_error_oom(err);
    free(sql);
    return rc;
}

bmp_status bmp_ledger_export_clubs(bmp_ledger *l, const char *body, FILE *out, bmp_error *err)
{
    return export_query(l, body,
                        "SELECT number, name, dummy FROM club WHERE body_id = ?1 ORDER BY number",
                        out, err);
}
