/* The player register import that says what it does (issue 28 item 1):
 * the header checked against the documented columns, a file updating only
 * the columns it has, every change listed (--dry-run) and audited. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bridgemp/ledger_movein.h"
#include "core/text_safe.h"
#include "core/util.h"
#include "ledger/chain/chain.h"
#include "ledger/register/region.h"
#include "ledger/register/registry_internal.h"
#include "ledger/store/query.h"

/* The documented columns (docs/ledger.md "Registers"), in the export's
 * order.  The region's column is the body's word for it (state, county,
 * region, unit: region.c, rulings RG-1): "region" is the NZ's only (an ABF
 * State divides itself into regions, ABF-53). */
enum { RC_NUMBER, RC_NAME, RC_STATUS, RC_HOME, RC_ALTS, RC_OVERSEAS, RC_YOUTH, RC_FROM, RC_TO,
       RC_PRE82, RC_BIRTH, RC_REGION, RC_N };
static const char *const rc_names[RC_N] = {
    "number",   "name",  "status",          "home_club",     "alternates",
    "overseas", "youth", "registered_from", "registered_to", "pre1982_red", "birth_year",
    "region"};
#define RC_LIST "number,name,status,home_club,alternates,overseas,youth,registered_from," \
                "registered_to,pre1982_red,birth_year"

/* Column k's name for body: the region as the body calls it. */
static const char *rc_name(int k, const char *body)
{
    return k == RC_REGION ? ledger_region_word(body) : rc_names[k];
}

/* ---- the header ----------------------------------------------------------- */

/* A header cell as a column name: trimmed, lower case, ' ' and '-' as '_'
 * ("Home Club" and "Registered-From" are home_club and registered_from). */
static void header_norm(const char *in, char *out, size_t size)
{
    while (isspace((unsigned char)*in))
        in++;
    size_t n = 0;
    for (; *in && n + 1 < size; in++)
        out[n++] = (*in == ' ' || *in == '-') ? '_' : (char)tolower((unsigned char)*in);
    while (n && out[n - 1] == '_')
        n--;
    out[n] = '\0';
}

/* Levenshtein distance of two short names (at most 63 characters). */
static size_t edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b), row[64];
    if (la > 63 || lb > 63)
        return 64;
    for (size_t j = 0; j <= lb; j++)
        row[j] = j;
    for (size_t i = 1; i <= la; i++) {
        size_t diag = row[0];
        row[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            size_t up = row[j], best = diag + (a[i - 1] != b[j - 1]);
            if (up + 1 < best)
                best = up + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            diag = up;
            row[j] = best;
        }
    }
    return row[lb];
}

/* The documented column nearest name (within a third of its length), or NULL. */
static const char *near_column(const char *name, const char *body)
{
    static const char *const regions[] = {"state", "county", "region", "unit", "territory",
                                          "district"};
    for (size_t i = 0; i < sizeof regions / sizeof regions[0]; i++)
        if (strcmp(name, regions[i]) == 0) /* another body's word: this body's */
            return rc_name(RC_REGION, body);
    const char *best = NULL;
    size_t bd = strlen(name) / 3 + 1;
    for (int k = 0; k < RC_N; k++) {
        size_t d = edit_distance(name, rc_name(k, body));
        if (d <= bd && (!best || d < edit_distance(name, best)))
            best = rc_name(k, body);
    }
    return best;
}

/* The documented column a normalised header cell names, or RC_N. */
static int column_of(const char *name, const char *body)
{
    for (int k = 0; k < RC_N; k++)
        if (strcmp(name, rc_name(k, body)) == 0)
            return k;
    return RC_N;
}

/* col[k]: the file's column of documented column k, or -1.  Every header
 * cell must be one of them, once; number is required. */
static bmp_status header_check(const lcsv *c, const char *path, const char *body, int col[RC_N],
                               FILE *note, bmp_error *err)
{
    for (int k = 0; k < RC_N; k++)
        col[k] = -1;
    const lcsv_row *h = &c->rows[0];
    for (size_t i = 0; i < h->n; i++) {
        char name[64];
        header_norm(h->f[i], name, sizeof name);
        int k = column_of(name, body);
        if (k == RC_N) {
            const char *near = near_column(name, body);
            return bmp_error_set(err, BMP_EPARSE,
                                 "%s:1: header: unknown column \"%s\"%s%s%s; the columns are "
                                 RC_LIST ",%s (docs/ledger.md)", path, h->f[i],
                                 near ? " (did you mean " : "", near ? near : "", near ? "?)" : "",
                                 rc_name(RC_REGION, body));
        }
        if (col[k] >= 0)
            return bmp_error_set(err, BMP_EPARSE, "%s:1: header: column %s twice (\"%s\" and \"%s\")",
                                 path, rc_name(k, body), h->f[col[k]], h->f[i]);
        col[k] = (int)i;
        if (note && strcmp(h->f[i], rc_name(k, body)) != 0)
            fprintf(note, "%s: column \"%s\" read as %s\n", path, h->f[i], rc_name(k, body));
    }
    if (col[RC_NUMBER] < 0)
        return bmp_error_set(err, BMP_EPARSE, "%s:1: header: no number column; the columns are "
                             RC_LIST ",%s (number required; name for new players)", path,
                             rc_name(RC_REGION, body));
    return BMP_OK;
}

/* ---- the register as it is ------------------------------------------------ */

/* One player as text, each field in its canonical form (as the export writes it). */
typedef struct regp {
    char *f[RC_N];
} regp;

typedef struct regset {
    regp *v;
    size_t n, cap;
} regset;

static void regp_free(regp *p)
{
    for (int k = 0; k < RC_N; k++)
        free(p->f[k]);
}

static bool regp_fill(bmp_ledger *l, ledger_stmt *st, void *row, void *ctx)
{
    (void)ctx;
    regp *p = row;
    for (int k = 0; k < RC_N; k++)
        if (k != RC_PRE82 && !(p->f[k] = core_strdup(lq_col_text(l, st, k))))
            return false;
    char pts[32];
    bmp_points_format(lq_col_int(l, st, RC_PRE82), pts, sizeof pts);
    return (p->f[RC_PRE82] = core_strdup(pts)) != NULL;
}

static int regp_cmp(const void *a, const void *b)
{
    return strcmp(((const regp *)a)->f[RC_NUMBER], ((const regp *)b)->f[RC_NUMBER]);
}

/* A player as the export writes it (regp_fill's columns). */
#define REG_SELECT                                                                              \
    "SELECT p.number, p.name, p.status, coalesce(c.number, ''), "                               \
    "coalesce((SELECT group_concat(number, ';') FROM (SELECT c2.number FROM alternate a "       \
    "JOIN club c2 ON c2.id = a.club_id WHERE a.player_id = p.id ORDER BY c2.number) AS alt), ''), " \
    "CAST(p.overseas AS TEXT), CAST(p.youth AS TEXT), "                                         \
    "coalesce(CAST(p.registered_from AS TEXT), ''), coalesce(CAST(p.registered_to AS TEXT), ''), " \
    "p.pre1982_red, coalesce(CAST(p.birth_year AS TEXT), ''), coalesce(r.region, '') "          \
    "FROM player p LEFT JOIN club c ON c.id = p.home_club "                                     \
    "LEFT JOIN player_region r ON r.player_id = p.id WHERE p.body_id = ?1"

/* The body's register, sorted by number (one query; looked up by bsearch);
 * only player `only` when it is not NULL (an edit of one player). */
static bmp_status register_load(bmp_ledger *l, const ledger_body *b, const char *only,
                                regset *rs, bmp_error *err)
{
    bmp_status rc = only ? lq_rows(l, &rs->v, &rs->n, sizeof(regp), regp_fill, NULL, err,
                                   REG_SELECT " AND p.number = ?2", "is", b->id, only)
                         : lq_rows(l, &rs->v, &rs->n, sizeof(regp), regp_fill, NULL, err,
                                   REG_SELECT, "i", b->id);
    if (!rc && rs->n)
        qsort(rs->v, rs->n, sizeof *rs->v, regp_cmp);
    return rc;
}

static const regp *register_find(const regset *rs, const char *number)
{
    regp key = {{(char *)number}};
    return rs->n ? bsearch(&key, rs->v, rs->n, sizeof *rs->v, regp_cmp) : NULL;
}

/* ---- one field ------------------------------------------------------------ */

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Club numbers separated by ';', sorted, without empty ones. */
static char *alts_norm(const char *s)
{
    char *copy = core_strdup(s), *v[64], *save = NULL;
    size_t n = 0, len = 1;
    for (char *c = strtok_r(copy, ";", &save); c && n < 64; c = strtok_r(NULL, ";", &save)) {
        v[n++] = c;
        len += strlen(c) + 1;
    }
    qsort(v, n, sizeof *v, cmp_str);
    char *out = malloc(len);
    if (out) {
        out[0] = '\0';
        for (size_t i = 0; i < n; i++) {
            if (i)
                strcat(out, ";");
            strcat(out, v[i]);
        }
    }
    free(copy);
    return out;
}

/* The one place a register cell becomes a field's value: text as the file
 * wrote it, *out its canonical form (as the export writes it); false, with
 * the problem added, when the text is not one. */
static bool reg_field(const char *body, int k, const char *text, const char *where, char **out,
                      bmp_problems *pp)
{
    bool flag = false;
    int year = 0;
    bmp_points pts = 0;
    char buf[LEDGER_REGION_MAX + 1] = "", why[200];
    switch (k) {
    case RC_OVERSEAS:
    case RC_YOUTH:
        if (!ledger_parse_flag(text, &flag)) {
            problems_add(pp, "%s%s: expected 0 or 1, got \"%s\"", where, rc_names[k], text);
            return false;
        }
        snprintf(buf, sizeof buf, "%d", flag);
        break;
    case RC_FROM:
    case RC_TO:
    case RC_BIRTH:
        if (!ledger_parse_year(text, &year)) {
            problems_add(pp, "%s%s: expected a year such as %s, got \"%s\"", where, rc_names[k],
                         k == RC_TO ? "2024" : k == RC_FROM ? "2019" : "1950", text);
            return false;
        }
        if (year)
            snprintf(buf, sizeof buf, "%d", year);
        break;
    case RC_PRE82:
        if (*text && !bmp_points_parse(text, &pts)) {
            problems_add(pp, "%spre1982_red: expected points such as 12.50, got \"%s\"", where,
                         text);
            return false;
        }
        bmp_points_format(pts, buf, sizeof buf);
        break;
    case RC_ALTS:
        *out = alts_norm(text);
        return *out != NULL;
    case RC_REGION: /* rulings RG-1 */
        if (!ledger_region_norm(body, text, buf, why, sizeof why)) {
            problems_add(pp, "%s%s", where, why);
            return false;
        }
        break;
    default: /* number, name, status, home_club: checked with the whole row */
        *out = core_strdup(text);
        return *out != NULL;
    }
    *out = core_strdup(buf);
    return *out != NULL;
}

/* ---- one row -------------------------------------------------------------- */

/* What a row does: the player as the file leaves it, and whether new. */
typedef struct regrow {
    regp now;
    const regp *was; /* NULL for a new player */
    ledger_prow checked;
    bool changed;
} regrow;

/* The defaults of a new player (docs/ledger.md "Registers"). */
static const char *const rc_default[RC_N] = {"", "", "Active", "", "", "0", "0", "", "", "0.00",
                                             "", ""};

/* Row r of the file over the player it updates: the file's columns only. */
static size_t row_read(bmp_ledger *l, const ledger_body *b, const ledger_clubs *clubs,
                       const lcsv *c, size_t r, const int col[RC_N], const regset *rs,
                       const char *where, regrow *out, bmp_problems *pp)
{
    size_t bad = 0;
    char norm[16] = "";
    const char *num = lcsv_get(c, r, col[RC_NUMBER]);
    if (*num && !ledger_number_check(b->code, num, norm, sizeof norm, NULL))
        out->was = register_find(rs, norm);
    for (int k = 0; k < RC_N; k++) {
        const char *text = col[k] >= 0 ? lcsv_get(c, r, col[k])
                           : out->was  ? out->was->f[k] : rc_default[k];
        /* a name `player export` guarded ('=Smith) is read back as it was */
        if (col[k] >= 0 && k == RC_NAME)
            text = core_csv_unguard(text);
        if (col[k] < 0 || !reg_field(b->code, k, text, where, &out->now.f[k], pp)) {
            bad += col[k] >= 0;
            out->now.f[k] = core_strdup(out->was ? out->was->f[k] : rc_default[k]);
        }
    }
    bmp_ledger_player p = {.number = out->now.f[RC_NUMBER], .name = out->now.f[RC_NAME],
                           .status = out->now.f[RC_STATUS], .home_club = out->now.f[RC_HOME],
                           .alternates = out->now.f[RC_ALTS]};
    p.overseas = strcmp(out->now.f[RC_OVERSEAS], "1") == 0;
    p.youth = strcmp(out->now.f[RC_YOUTH], "1") == 0;
    p.registered_from = atoi(out->now.f[RC_FROM]);
    p.registered_to = atoi(out->now.f[RC_TO]);
    if (!bmp_points_parse(out->now.f[RC_PRE82], &p.pre1982_red))
        p.pre1982_red = 0;
    bad += ledger_player_check(l, b, clubs, &p, where, &out->checked, pp);
    if (out->checked.status) { /* the status as listed (NZ-88) */
        free(out->now.f[RC_STATUS]);
        out->now.f[RC_STATUS] = core_strdup(out->checked.status);
    }
    free(out->now.f[RC_NUMBER]);
    out->now.f[RC_NUMBER] = core_strdup(out->checked.number);
    for (int k = 0; k < RC_N && out->was; k++)
        out->changed |= strcmp(out->was->f[k], out->now.f[k]) != 0;
    out->changed |= !out->was;
    return bad;
}

/* ---- the changes, listed and audited ------------------------------------- */

#define AUDIT_PER_FIELD 20 /* players named per field in the audit entry */

/* Every change, one a line, to f (may be NULL); the audit's per-field
 * lines (at most AUDIT_PER_FIELD players each) appended to d. */
static void changes_list(const char *body, const regrow *rows, size_t n, FILE *f, char **d,
                         size_t *nfield)
{
    for (size_t i = 0; i < n && f; i++) {
        const regrow *r = &rows[i];
        if (!r->was)
            fprintf(f, "new player %s \"%s\" %s%s%s\n",
                    r->checked.number[0] ? r->checked.number : "(number allocated, NZ-89)",
                    r->now.f[RC_NAME],
                    r->now.f[RC_STATUS], r->now.f[RC_HOME][0] ? ", home club " : "",
                    r->now.f[RC_HOME]);
        for (int k = 0; k < RC_N && r->was; k++)
            if (strcmp(r->was->f[k], r->now.f[k]) != 0)
                fprintf(f, "%s %s: \"%s\" -> \"%s\"\n", r->checked.number, rc_name(k, body),
                        r->was->f[k], r->now.f[k]);
    }
    for (int k = -1; k < RC_N; k++) { /* -1: the new players */
        size_t count = 0;
        char *line = core_strdup("");
        for (size_t i = 0; i < n && line; i++) {
            const regrow *r = &rows[i];
            if ((k < 0 ? r->was != NULL : !r->was || strcmp(r->was->f[k], r->now.f[k]) == 0) ||
                ++count > AUDIT_PER_FIELD)
                continue;
            char *next = k < 0 ? core_asprintf("%s%s%s \"%s\"", line, count > 1 ? "; " : "",
                                               r->checked.number, r->now.f[RC_NAME])
                               : core_asprintf("%s%s%s \"%s\" -> \"%s\"", line,
                                               count > 1 ? "; " : "", r->checked.number,
                                               r->was->f[k], r->now.f[k]);
            free(line);
            line = next;
        }
        char more[48] = "";
        if (count > AUDIT_PER_FIELD)
            snprintf(more, sizeof more, "; and %zu more", count - AUDIT_PER_FIELD);
        char *next = count && line ? core_asprintf("%s\n%s (%zu): %s%s", *d,
                                                   k < 0 ? "new" : rc_name(k, body), count, line,
                                                   more)
                                   : NULL;
        if (next) {
            free(*d);
            *d = next;
        }
        free(line);
        *nfield += k >= 0 && count > 0;
    }
}

/* Issue 46: PostgreSQL plans the next import's player look-ups from the
 * table's statistics, which a register of a million new rows leaves at
 * "empty" until autovacuum comes by: the first month's import was twice as
 * slow per line as the second (docs/performance.md, "a national body's
 * size").  Statistics only; its failure changes nothing written. */
static void analyze_players(bmp_ledger *l)
{
    bmp_error ignored = {0};
    if (strcmp(lq_backend(l), "postgresql") == 0)
        (void)lq_run(l, &ignored, "ANALYZE player", "");
}

/* The changed and new rows written in one transaction with one audit
 * entry: the new ones first, in the file's order (their ids in it), then
 * the changed, many rows a statement (ledger_players_write). */
static bmp_status register_write(bmp_ledger *l, const ledger_body *b, regrow *rows, size_t n,
                                 const char *action, const char *summary, bmp_error *err)
{
    bmp_status rc = lq_begin(l, err);
    ledger_prow *fresh = calloc(n ? n : 1, sizeof *fresh);
    ledger_pwrite *w = calloc(n ? n : 1, sizeof *w);
    size_t nf = 0, nw = 0;
    if (!rc && (!fresh || !w))
        rc = bmp_error_oom(err);
    for (size_t i = 0; i < n && !rc; i++) /* NZ-89: numbers for the new rows without one */
        if (!rows[i].was) {
            w[nf] = (ledger_pwrite){.birth = atoi(rows[i].now.f[RC_BIRTH]),
                                    .region = rows[i].now.f[RC_REGION], .fresh = true,
                                    .region_changed = *rows[i].now.f[RC_REGION] != '\0'};
            fresh[nf++] = rows[i].checked;
        }
    if (!rc)
        rc = ledger_allocate_numbers(l, b, fresh, nf, err);
    for (nw = 0; nw < nf && !rc; nw++)
        w[nw].r = &fresh[nw];
    for (size_t i = 0; i < n && !rc; i++)
        if (rows[i].was && rows[i].changed)
            w[nw++] = (ledger_pwrite){.r = &rows[i].checked,
                                      .birth = atoi(rows[i].now.f[RC_BIRTH]),
                                      .region = rows[i].now.f[RC_REGION],
                                      .region_changed = strcmp(rows[i].was->f[RC_REGION],
                                                               rows[i].now.f[RC_REGION]) != 0};
    if (!rc)
        rc = ledger_players_write(l, b, w, nw, err);
    free(fresh);
    free(w);
    if (!rc)
        rc = ledger_audit(l, action, summary, err);
    rc = ledger_tx_end(l, rc, err);
    if (!rc && nf >= 1000)
        analyze_players(l);
    return rc;
}

/* Read and check every row (all problems listed). */
static size_t rows_read(bmp_ledger *l, const ledger_body *b, const lcsv *c, const int col[RC_N],
                        const regset *rs, const char *path, regrow *rows, bmp_problems *pp)
{
    size_t n = c->nrows - 1, bad = 0;
    ledger_prow *keys = calloc(n ? n : 1, sizeof *keys);
    ledger_clubs clubs = {0};
    bmp_error e = {0};
    bool cached = !ledger_clubs_load(l, b->id, &clubs, &e); /* else each looked up */
    for (size_t i = 0; i < n; i++) {
        char where[600];
        if (c->rows[i + 1].line) /* an edit's one row has no line: "player 1003: " */
            snprintf(where, sizeof where, "%s:%zu: ", path, c->rows[i + 1].line);
        else
            snprintf(where, sizeof where, "%s: ", path);
        bad += row_read(l, b, cached ? &clubs : NULL, c, i + 1, col, rs, where, &rows[i], pp);
        rows[i].checked.line = c->rows[i + 1].line;
        if (keys)
            keys[i] = rows[i].checked;
    }
    if (keys)
        bad += ledger_number_duplicates(keys, n, path, pp);
    free(keys);
    ledger_clubs_free(&clubs);
    return bad;
}

/* An edit of one registered player (bmp_ledger_player_edit), NULL for a
 * file: its number (normalised), the reason, and the fields it changed. */
typedef struct reg_edit {
    const char *number, *reason;
    size_t nfield;
} reg_edit;

static bmp_status register_apply(bmp_ledger *l, const ledger_body *b, const lcsv *c,
                                 const int col[RC_N], const char *path,
                                 const bmp_ledger_register_opts *o, bmp_ledger_register_stats *s,
                                 bmp_problems *pp, reg_edit *ed, bmp_error *err)
{
    regset rs = {0};
    size_t n = c->nrows - 1, before = pp->count;
    regrow *rows = calloc(n ? n : 1, sizeof *rows);
    bmp_status rc = rows ? register_load(l, b, ed ? ed->number : NULL, &rs, err)
                         : bmp_error_oom(err);
    if (!rc && ed && rs.n == 0) /* an edit never adds a player */
        rc = bmp_error_set(err, BMP_ENOTFOUND, "no %s player %s: an edit changes a registered "
                           "player (add one with the register import)", b->code, ed->number);
    if (!rc && rows_read(l, b, c, col, &rs, path, rows, pp))
        rc = problems_fail(pp, pp->count - before, pp->msgs[before], BMP_EINVAL, err);
    for (size_t i = 0; i < n && !rc; i++) {
        s->added += !rows[i].was;
        s->changed += rows[i].was && rows[i].changed;
    }
    s->rows = n;
    s->unchanged = n - s->added - s->changed;
    char *d = rc ? NULL
              : ed ? core_asprintf("%s player %s edited: %s", b->code, ed->number, ed->reason)
                   : core_asprintf("%s players from %s: %zu rows, %zu new, %zu changed, "
                                   "%zu unchanged", b->code, path, n, s->added, s->changed,
                                   s->unchanged);
    size_t nfield = 0;
    if (!rc && !d)
        rc = bmp_error_oom(err);
    if (!rc)
        changes_list(b->code, rows, n, o ? o->changes : NULL, &d, &nfield);
    if (ed)
        ed->nfield = nfield;
    if (!rc && !(o && o->dry_run) && !(ed && !s->changed)) /* an edit that changes nothing
                                                              writes nothing */
        rc = register_write(l, b, rows, n, ed ? "edit player" : "import players", d, err);
    free(d);
    for (size_t i = 0; rows && i < n; i++) {
        regp_free(&rows[i].now);
        ledger_prow_free(&rows[i].checked);
    }
    for (size_t i = 0; i < rs.n; i++)
        regp_free(&rs.v[i]);
    free(rs.v);
    free(rows);
    return rc;
}

bmp_status bmp_ledger_import_register(bmp_ledger *l, const char *body, const char *path,
                                      const bmp_ledger_register_opts *o,
                                      bmp_ledger_register_stats *stats, bmp_problems *probs,
                                      bmp_error *err)
{
    ledger_body b;
    lcsv c;
    bmp_problems local = {0};
    bmp_ledger_register_stats s = {0};
    int col[RC_N];
    bmp_status rc = ledger_body_get(l, body, &b, err);
    if (rc || (rc = ledger_read_csv(path, &c, err)))
        return rc;
    rc = header_check(&c, path, b.code, col, o ? o->changes : NULL, err);
    if (!rc)
        rc = register_apply(l, &b, &c, col, path, o, &s, probs ? probs : &local, NULL, err);
    lcsv_free(&c);
    bmp_problems_free(&local);
    if (stats)
        *stats = rc ? (bmp_ledger_register_stats){0} : s;
    return rc;
}

bmp_status bmp_ledger_import_players(bmp_ledger *l, const char *body, const char *path,
                                     size_t *count, bmp_problems *probs, bmp_error *err)
{
    bmp_ledger_register_stats s = {0};
    bmp_status rc = bmp_ledger_import_register(l, body, path, NULL, &s, probs, err);
    if (count)
        *count = rc ? 0 : s.rows;
    return rc;
}

/* ---- one player: the back office's record and edit (issue 29) ------------ */

bmp_status bmp_ledger_player_register(bmp_ledger *l, const char *body, const char *number,
                                      bmp_table *out, bmp_error *err)
{
    ledger_body b;
    char norm[16];
    regset rs = {0};
    bmp_status rc = ledger_body_get(l, body, &b, err);
    if (!rc)
        rc = ledger_number_check(b.code, number, norm, sizeof norm, err);
    if (!rc)
        rc = register_load(l, &b, norm, &rs, err);
    if (!rc && rs.n == 0)
        rc = bmp_error_set(err, BMP_ENOTFOUND, "no %s player %s", b.code, norm);
    bmp_table merged;
    bmp_table_init(&merged);
    if (!rc) /* the player kept, while a merge of this one stands */
        rc = lq_table(l, &merged, -1, 0, err,
                      "SELECT k.number FROM player p JOIN player_merge m ON m.dup_id = p.id "
                      "JOIN player k ON k.id = m.keep_id WHERE p.body_id = ?1 AND p.number = ?2 "
                      "AND NOT EXISTS (SELECT 1 FROM player_unmerge u WHERE u.merge_id = m.id)",
                      "is", b.id, norm);
    const char *cols[RC_N + 2];
    for (int k = 0; k < RC_N; k++)
        cols[k] = rc_name(k, b.code);
    cols[RC_N] = "merged_into";
    cols[RC_N + 1] = NULL;
    if (!rc)
        rc = bmp_table_columns(out, cols);
    for (int k = 0; k < RC_N && !rc; k++)
        rc = bmp_table_cell(out, "%s", rs.v[0].f[k]);
    if (!rc)
        rc = bmp_table_cell(out, "%s", merged.nrows ? merged.cells[0] : "");
    bmp_table_free(&merged);
    for (size_t i = 0; i < rs.n; i++)
        regp_free(&rs.v[i]);
    free(rs.v);
    return rc;
}

/* The edit's fields as a register file of one row: the header "number"
 * and the names, the row the number and the values (col[] as header_check
 * gives it).  Every name must be an editable column, once. */
static bmp_status edit_file(const char *body, const char *number, const bmp_ledger_field *f,
                            size_t n, lcsv *c, int col[RC_N], bmp_error *err)
{
    for (int k = 0; k < RC_N; k++)
        col[k] = -1;
    col[RC_NUMBER] = 0;
    for (size_t i = 0; i < n; i++) {
        int k = 1;
        while (k < RC_N && !(f[i].name && strcmp(f[i].name, rc_name(k, body)) == 0))
            k++;
        if (k == RC_N)
            return bmp_error_set(err, BMP_EINVAL, "field \"%s\": not a field an edit changes; "
                                 "the fields are name,status,home_club,alternates,overseas,"
                                 "youth,registered_from,registered_to,pre1982_red,birth_year,%s "
                                 "(the number is never edited)", f[i].name ? f[i].name : "",
                                 rc_name(RC_REGION, body));
        if (col[k] >= 0)
            return bmp_error_set(err, BMP_EINVAL, "field %s given twice", rc_name(k, body));
        for (const char *v = f[i].value ? f[i].value : ""; *v; v++)
            if ((unsigned char)*v < 0x20)
                return bmp_error_set(err, BMP_EINVAL, "field %s: a control character in "
                                     "\"%s\"", rc_name(k, body), f[i].value);
        col[k] = (int)i + 1;
    }
    memset(c, 0, sizeof *c); /* every part counted once allocated: lcsv_free frees it */
    if (!(c->rows = calloc(2, sizeof *c->rows)))
        return bmp_error_oom(err);
    c->nrows = c->cap = 2;
    for (int r = 0; r < 2; r++) {
        if (!(c->rows[r].f = calloc(n + 1, sizeof(char *))))
            return bmp_error_oom(err);
        c->rows[r].n = c->rows[r].cap = n + 1;
        for (size_t i = 0; i <= n; i++) {
            const char *v = i == 0 ? (r ? number : "number")
                                   : r ? (f[i - 1].value ? f[i - 1].value : "") : f[i - 1].name;
            if (!(c->rows[r].f[i] = core_strdup(v)))
                return bmp_error_oom(err);
        }
    }
    return BMP_OK;
}

bmp_status bmp_ledger_player_edit(bmp_ledger *l, const char *body, const char *number,
                                  const bmp_ledger_field *fields, size_t n, const char *reason,
                                  size_t *changed, bmp_problems *probs, bmp_error *err)
{
    ledger_body b;
    char norm[16], path[48];
    lcsv c = {0};
    int col[RC_N];
    bmp_problems local = {0};
    bmp_ledger_register_stats s = {0};
    if (changed)
        *changed = 0;
    if (!reason || !*reason)
        return bmp_error_set(err, BMP_EINVAL, "an edit of the register needs a reason");
    if (strlen(reason) > 500)
        return bmp_error_set(err, BMP_EINVAL, "reason: at most 500 characters");
    if (n == 0 || !fields)
        return bmp_error_set(err, BMP_EINVAL, "nothing to edit: name a field");
    bmp_status rc = ledger_body_get(l, body, &b, err);
    if (!rc)
        rc = ledger_number_check(b.code, number, norm, sizeof norm, err);
    if (!rc)
        rc = edit_file(b.code, norm, fields, n, &c, col, err);
    snprintf(path, sizeof path, "player %s", norm);
    reg_edit ed = {.number = norm, .reason = reason};
    if (!rc)
        rc = register_apply(l, &b, &c, col, path, NULL, &s, probs ? probs : &local, &ed, err);
    lcsv_free(&c);
    bmp_problems_free(&local);
    if (!rc && changed)
        *changed = ed.nfield;
    return rc;
}
