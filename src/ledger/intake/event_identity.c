/* An event's identity that trusts nothing the file claims (issue 45 item 2;
 * rulings OE-5, OE-6).  The event key (event_key.c) and the content hash
 * trust the file's name, ids, contestant numbers, scores and form: a club
 * renaming its event, padding its numbers, renumbering its pairs, adding
 * an organiser's id, nudging a score by 0.001, or sending the event's own
 * ABF credit file or USEBIO export under another title posted it again.
 * Two fingerprints do not:
 *
 *   - the award lines': per player (normalised number) and point type the
 *     sum of the points, as a sorted set.  Whatever form carried them (an
 *     event computed on import, USEBIO MASTER_POINTS, a credit file in any
 *     line order), one event's awards are one set, compared with the
 *     batches of its date, or of any date when either has none (a credit
 *     file carries no date);
 *   - the event's: body, date, and per contestant its players' normalised
 *     numbers and its places (overall, per session/section/direction),
 *     a score only where no place is given, to a tenth; contestant ids,
 *     names, titles, organiser ids and scores beside a place left out.
 *     The same event with other awards (a claim changed, a place fixed)
 *     is then a correction: refused with the difference (replace_diff.c).
 *
 * Neither is stored: the live batches that could match are found by a
 * probe (the largest line's player, point type and the batch's total of
 * that type; or the event's date) and their fingerprints computed from
 * their lines and kept events, so batches imported before this check are
 * covered too. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/buf.h"
#include "core/util.h"
#include "ledger/intake/event_identity.h"
#include "ledger/store/query.h"

/* ---- the award lines' fingerprint ---------------------------------------- */

typedef struct asum {
    char number[24], type[16];
    bmp_points pts;
    uint64_t head; /* number's first eight bytes, big-endian (cmp_asum) */
} asum;

typedef struct asums {
    asum *v;
    size_t n, cap;
} asums;

/* Copy s into out[size], cut as snprintf cuts it, the rest zeros (the
 * sort compares the whole field); lowered when asked. */
static void put_field(char *out, size_t size, const char *s, bool lower)
{
    size_t n = s ? strnlen(s, size - 1) : 0;
    for (size_t i = 0; i < n; i++)
        out[i] = lower ? (char)tolower((unsigned char)s[i]) : s[i];
    memset(out + n, 0, size - n);
}

static bool asums_add(asums *s, const char *number, const char *type, bmp_points pts)
{
    asum *v = core_grow(s->v, &s->cap, s->n, sizeof *v);
    if (!v)
        return false;
    s->v = v;
    asum *x = &s->v[s->n++];
    put_field(x->number, sizeof x->number, number, false);
    put_field(x->type, sizeof x->type, type, true);
    x->pts = pts;
    x->head = 0;
    for (int i = 0; i < 8; i++)
        x->head = x->head << 8 | (unsigned char)x->number[i];
    return true;
}

/* "number|type|sum\n" (without amounts "number|type\n") appended by hand:
 * the same bytes as the printf it replaces, a line of a batch each. */
static void put_sum(core_buf *b, const asum *a, bmp_points sum, bool amounts)
{
    core_buf_puts(b, a->number);
    core_buf_putc(b, '|');
    core_buf_puts(b, a->type);
    if (amounts) {
        char d[24];
        size_t nd = 0;
        unsigned long long u = sum < 0 ? 0ULL - (unsigned long long)sum : (unsigned long long)sum;
        do
            d[sizeof d - ++nd] = (char)('0' + u % 10);
        while ((u /= 10) != 0);
        if (sum < 0)
            d[sizeof d - ++nd] = '-';
        core_buf_putc(b, '|');
        core_buf_append(b, d + sizeof d - nd, nd);
    }
    core_buf_putc(b, '\n');
}

/* number, then type, as strcmp orders them: with both fields zero-filled
 * past their ends (put_field) that is the bytes of the two fields in
 * order, unsigned; the first eight as one big-endian word (asums_add). */
static int cmp_asum(const void *a, const void *b)
{
    const asum *x = a, *y = b;
    if (x->head != y->head)
        return x->head < y->head ? -1 : 1;
    return memcmp(x->number + 8, y->number + 8, sizeof x->number - 8 + sizeof x->type);
}

/* v[0..n) sorted by cmp_asum: a bottom-up merge sort through tmp, runs of
 * 8 by insertion first (issue 46: qsort's call a comparison was most of
 * the fingerprint's 2,450 instructions a line).  False: no memory. */
static bool sort_asums(asum *v, size_t n)
{
    enum { RUN = 8 };
    for (size_t lo = 0; lo < n; lo += RUN)
        for (size_t i = lo + 1; i < n && i < lo + RUN; i++) {
            asum x = v[i];
            size_t j = i;
            for (; j > lo && cmp_asum(&v[j - 1], &x) > 0; j--)
                v[j] = v[j - 1];
            v[j] = x;
        }
    if (n <= RUN)
        return true;
    asum *tmp = malloc(n * sizeof *tmp), *from = v, *to = tmp;
    if (!tmp)
        return false;
    for (size_t w = RUN; w < n; w *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * w) {
            size_t mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;
            size_t a = lo, b = mid, o = lo;
            while (a < mid && b < hi)
                to[o++] = cmp_asum(&from[b], &from[a]) < 0 ? from[b++] : from[a++];
            while (a < mid)
                to[o++] = from[a++];
            while (b < hi)
                to[o++] = from[b++];
        }
        asum *t = from;
        from = to;
        to = t;
    }
    if (from != v)
        memcpy(v, from, n * sizeof *v);
    free(tmp);
    return true;
}

/* Sorted, summed per player and type, zero sums left out, hashed; without
 * amounts, who is credited in which point type only. */
static bmp_status asums_print(asums *s, bool amounts, char hex[LEDGER_PRINT_HEX],
                              bmp_error *err)
{
    hex[0] = '\0';
    if (!sort_asums(s->v, s->n))
        return bmp_error_oom(err);
    core_buf b;
    core_buf_init(&b);
    core_buf_puts(&b, "bridgemp-awards/1\n");
    size_t any = 0;
    for (size_t i = 0, k; i < s->n; i = k) {
        bmp_points sum = 0;
        for (k = i; k < s->n && !cmp_asum(&s->v[i], &s->v[k]); k++)
            sum += s->v[k].pts;
        if (sum)
            put_sum(&b, &s->v[i], sum, amounts);
        any += sum != 0;
    }
    bool failed = b.failed;
    if (!failed && any)
        ledger_sha256_hex(b.data, b.len, hex);
    core_buf_free(&b);
    return failed ? bmp_error_oom(err) : BMP_OK;
}

static void norm_number(const char *body, const char *in, char *out, size_t size)
{
    if (!in || ledger_number_check(body, in, out, size, NULL))
        snprintf(out, size, "%s", in ? in : "");
}

/* norm (may be NULL): the numbers the import normalised already, "" where
 * it did not (a bad number, one held for its number): normalised here. */
static bmp_status lines_print(const char *body, const bmp_ledger_line *lines,
                              const char (*norm)[16], size_t n, bool amounts,
                              char hex[LEDGER_PRINT_HEX], bmp_error *err)
{
    asums s = {.v = n ? malloc(n * sizeof *s.v) : NULL, .cap = n};
    bmp_status rc = n && !s.v ? bmp_error_oom(err) : BMP_OK;
    for (size_t i = 0; i < n && !rc; i++) {
        char num[24];
        const char *use = num;
        if (norm && norm[i][0])
            use = norm[i];
        else
            norm_number(body, lines[i].number, num, sizeof num);
        if (!asums_add(&s, use, lines[i].point_type, lines[i].points))
            rc = bmp_error_oom(err);
    }
    if (!rc)
        rc = asums_print(&s, amounts, hex, err);
    free(s.v);
    return rc;
}

bmp_status ledger_award_print(const char *body, const bmp_ledger_line *lines, size_t n,
                              char hex[LEDGER_PRINT_HEX], bmp_error *err)
{
    return lines_print(body, lines, NULL, n, true, hex, err);
}

/* A batch's lines, credited and held, as they were written. */
static bmp_status batch_print(bmp_ledger *l, int64_t batch, bool amounts,
                              char hex[LEDGER_PRINT_HEX], bmp_error *err)
{
    ledger_stmt *st = NULL;
    asums s = {0};
    bool row = true;
    bmp_status rc = lq_query(l, &st, err,
                             "SELECT p.number, j.point_type, j.points FROM journal j JOIN player "
                             "p ON p.id = j.player_id WHERE j.batch_id = ?1 UNION ALL SELECT "
                             "number, point_type, points FROM held WHERE batch_id = ?1",
                             "i", batch);
    while (!rc && row) {
        rc = lq_step(l, st, &row, err);
        if (!rc && row &&
            !asums_add(&s, lq_col_text(l, st, 0), lq_col_text(l, st, 1), lq_col_int(l, st, 2)))
            rc = bmp_error_oom(err);
    }
    lq_finalize(l, st);
    if (!rc)
        rc = asums_print(&s, amounts, hex, err);
    free(s.v);
    return rc;
}

/* ---- the event's fingerprint --------------------------------------------- */

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sort n strings and append them joined by sep. */
static void put_sorted(core_buf *b, char **v, size_t n, const char *sep)
{
    if (n)
        qsort(v, n, sizeof *v, cmp_str);
    for (size_t i = 0; i < n; i++)
        core_buf_printf(b, "%s%s", i ? sep : "", v[i]);
}

static void free_strs(char **v, size_t n)
{
    for (size_t i = 0; v && i < n; i++)
        free(v[i]);
    free(v);
}

/* One contestant: "p=<numbers>|<places>", NULL on no memory; *numbered
 * when a player has a number. */
static char *contestant_print(const char *body, const bmp_contestant *c, bool *numbered)
{
    size_t n = c->nplayers + c->nrankings + 1;
    char **v = calloc(n, sizeof *v);
    if (!v)
        return NULL;
    bool ok = true;
    for (size_t p = 0; p < c->nplayers && ok; p++) {
        char num[24];
        const char *id = c->players[p].id;
        norm_number(body, id && *id ? id : "?", num, sizeof num);
        *numbered = *numbered || (id && *id);
        ok = (v[p] = core_strdup(num)) != NULL;
    }
    core_buf b;
    core_buf_init(&b);
    core_buf_puts(&b, "p=");
    if (ok)
        put_sorted(&b, v, c->nplayers, ",");
    size_t m = 0;
    bool placed = c->place.lo != 0;
    char place[32];
    for (size_t r = 0; r < c->nrankings && ok; r++) {
        const bmp_ranking_entry *e = &c->rankings[r];
        if (!e->place.lo)
            continue;
        placed = true;
        bmp_place_format(e->place, place, sizeof place);
        ok = (v[c->nplayers + m++] =
                  core_asprintf("r=%d/%s/%s/%s/%s", e->session, e->section ? e->section : "",
                                e->direction ? e->direction : "",
                                e->section || e->direction ? "" : e->ranking ? e->ranking : "",
                                place)) != NULL;
    }
    if (ok && c->place.lo) {
        bmp_place_format(c->place, place, sizeof place);
        core_buf_printf(&b, "|o=%s/%s", c->group ? c->group : "", place);
    }
    if (ok && m) {
        core_buf_putc(&b, '|');
        put_sorted(&b, v + c->nplayers, m, "|");
    }
    if (ok && !placed && c->has_score) /* no place: the score decides, to a tenth */
        core_buf_printf(&b, "|s=%.1f", c->score);
    free_strs(v, c->nplayers + m);
    char *s = ok && !b.failed ? core_buf_take(&b, NULL) : NULL;
    core_buf_free(&b);
    return s;
}

bmp_status ledger_event_print(const char *body, const bmp_event *ev, char hex[LEDGER_PRINT_HEX],
                              bmp_error *err)
{
    hex[0] = '\0';
    if (!ev || !ev->date || !*ev->date || !ev->ncontestants)
        return BMP_OK;
    char **v = calloc(ev->ncontestants, sizeof *v);
    if (!v)
        return bmp_error_oom(err);
    size_t m = 0;
    bool ok = true, numbered = false;
    for (size_t i = 0; i < ev->ncontestants && ok; i++) {
        const bmp_contestant *c = &ev->contestants[i];
        if (c->phantom || !c->nplayers)
            continue;
        ok = (v[m++] = contestant_print(body, c, &numbered)) != NULL;
    }
    core_buf b;
    core_buf_init(&b);
    core_buf_printf(&b, "bridgemp-event-print/1\nbody=%s\ndate=%s\n", body, ev->date);
    if (ok)
        put_sorted(&b, v, m, "\n");
    ok = ok && !b.failed;
    if (ok && numbered)
        ledger_sha256_hex(b.data, b.len, hex);
    core_buf_free(&b);
    free_strs(v, m);
    return ok ? BMP_OK : bmp_error_oom(err);
}

/* The fingerprint of the event batch `batch` keeps (batch_event), "" when
 * it keeps none. */
static bmp_status batch_event_print(bmp_ledger *l, const ledger_body *b, int64_t batch,
                                    char hex[LEDGER_PRINT_HEX], bmp_error *err)
{
    hex[0] = '\0';
    ledger_stmt *st = NULL;
    bool row = false;
    bmp_status rc = lq_query(l, &st, err, "SELECT event_json FROM batch_event WHERE batch_id = ?1",
                             "i", batch);
    if (!rc)
        rc = lq_step(l, st, &row, err);
    bmp_event *ev = NULL;
    if (!rc && row && bmp_event_load_string(lq_col_text(l, st, 0), "batch_event", &ev, NULL))
        ev = NULL; /* a kept event the engine no longer reads: no fingerprint */
    lq_finalize(l, st);
    if (!rc && ev)
        rc = ledger_event_print(b->code, ev, hex, err);
    bmp_event_free(ev);
    return rc;
}

/* ---- finding the batch that holds them ----------------------------------- */

/* The live batches a new batch is compared with. */
#define LIVE_BATCH                                                                              \
    "b.body_id = ?1 AND b.state <> 'rejected' AND b.id <> ?2 AND b.reverses IS NULL AND "       \
    "b.source <> 'adjustment' AND b.id NOT IN (SELECT reverses FROM batch WHERE reverses IS "   \
    "NOT NULL)"

#define CANDIDATES_MAX 64

typedef struct cands {
    int64_t id[CANDIDATES_MAX];
    char state[CANDIDATES_MAX][16];
    size_t n;
} cands;

static bmp_status collect(bmp_ledger *l, ledger_stmt *st, cands *c, bmp_status rc, bmp_error *err)
{
    bool row = true;
    c->n = 0;
    while (!rc && row && c->n < CANDIDATES_MAX) {
        rc = lq_step(l, st, &row, err);
        if (!rc && row) {
            c->id[c->n] = lq_col_int(l, st, 0);
            snprintf(c->state[c->n++], 16, "%s", lq_col_text(l, st, 1));
        }
    }
    lq_finalize(l, st);
    return rc;
}

/* The probe: the largest line's player (normalised) and point type, and
 * the lines' total of that type. */
typedef struct probe_line {
    char num[24], type[16];
    bmp_points total;
} probe_line;

static void probe_of(const ledger_body *b, const bmp_ledger_line *lines, size_t n,
                     probe_line *pr)
{
    size_t p = 0;
    for (size_t i = 1; i < n; i++)
        if (lines[i].points > lines[p].points)
            p = i;
    norm_number(b->code, lines[p].number, pr->num, sizeof pr->num);
    snprintf(pr->type, sizeof pr->type, "%s", lines[p].point_type ? lines[p].point_type : "");
    for (char *x = pr->type; *x; x++)
        *x = (char)tolower((unsigned char)*x);
    pr->total = 0;
    for (size_t i = 0; i < n; i++)
        if (lines[i].point_type && strcasecmp(lines[i].point_type, pr->type) == 0)
            pr->total += lines[i].points;
}

/* A batch with a line (credited or held) for the player number given as
 * parameter N (a placeholder, never a value). */
#define HAS_PROBE(N)                                                                            \
    "(b.id IN (SELECT j.batch_id FROM journal j JOIN player p ON p.id = j.player_id WHERE "    \
    "p.body_id = ?1 AND p.number = ?" N ") OR b.id IN (SELECT h.batch_id FROM held h WHERE "   \
    "h.number = ?" N "))"

/* Batches that credit the probe with the same total of its point type as
 * the new lines, of the same date when both have one (a credit file has
 * none: any date; ruling OE-5). */
static bmp_status award_candidates(bmp_ledger *l, const ledger_body *b, int64_t replaces,
                                   const char *date, const probe_line *pr, cands *c,
                                   bmp_error *err)
{
    ledger_stmt *st = NULL;
    bmp_status rc = lq_query(
        l, &st, err,
        "SELECT b.id, b.state FROM batch b JOIN batch_total t ON t.batch_id = b.id AND "
        "t.point_type = ?3 AND t.points = ?4 WHERE " LIVE_BATCH " AND " HAS_PROBE("5")
        " AND (?6 = '' OR b.event_date = '' OR b.event_date = ?6) ORDER BY b.id DESC",
        "iisiss", b->id, replaces, pr->type, pr->total, pr->num, date ? date : "");
    return collect(l, st, c, rc, err);
}

/* Event batches of the same date that keep their event and have a line
 * for the probe's player (a winner is paid in either version of an
 * event), the latest first. */
static bmp_status event_candidates(bmp_ledger *l, const ledger_body *b, int64_t replaces,
                                   const char *date, const probe_line *pr, cands *c,
                                   bmp_error *err)
{
    ledger_stmt *st = NULL;
    bmp_status rc = lq_query(l, &st, err,
                             "SELECT b.id, b.state FROM batch b WHERE " LIVE_BATCH
                             " AND b.event_date = ?3 AND b.id IN (SELECT batch_id FROM "
                             "batch_event) AND " HAS_PROBE("4") " ORDER BY b.id DESC",
                             "iiss", b->id, replaces, date, pr->num);
    return collect(l, st, c, rc, err);
}

bmp_status ledger_identity_holder(bmp_ledger *l, const ledger_body *b, int64_t replaces,
                                  const ledger_batch_src *src, const bmp_ledger_line *lines,
                                  size_t n, int64_t *holder, char state[16], char how[160],
                                  bmp_error *err)
{
    *holder = 0;
    how[0] = '\0';
    char mine[LEDGER_PRINT_HEX], theirs[LEDGER_PRINT_HEX];
    cands c;
    if (!n)
        return BMP_OK;
    probe_line pr;
    probe_of(b, lines, n, &pr);
    bmp_status rc = lines_print(b->code, lines, src->norm, n, true, mine, err);
    if (!rc && mine[0])
        rc = award_candidates(l, b, replaces, src->event_date, &pr, &c, err);
    for (size_t i = 0; !rc && mine[0] && i < c.n && !*holder; i++) {
        rc = batch_print(l, c.id[i], true, theirs, err);
        if (!rc && strcmp(mine, theirs) == 0) {
            *holder = c.id[i];
            snprintf(state, 16, "%s", c.state[i]);
            snprintf(how, 160, "the same award lines: players, point types and points, "
                     "fingerprint %.12s", mine);
        }
    }
    const char *ep = src->event_print, *date = src->event_date;
    if (rc || *holder || !ep || !*ep || !date || !*date)
        return rc;
    rc = event_candidates(l, b, replaces, date, &pr, &c, err);
    for (size_t i = 0; !rc && i < c.n && !*holder; i++) {
        rc = batch_event_print(l, b, c.id[i], theirs, err);
        if (!rc && strcmp(ep, theirs) == 0) {
            *holder = c.id[i];
            snprintf(state, 16, "%s", c.state[i]);
            snprintf(how, 160, "the same date, players and places, fingerprint %.12s", ep);
        }
    }
    return rc;
}

bmp_status ledger_identity_same(bmp_ledger *l, const ledger_body *b, int64_t old,
                                const ledger_batch_src *src, const bmp_ledger_line *lines,
                                size_t n, bool *same, bmp_error *err)
{
    *same = false;
    ledger_stmt *st = NULL;
    bool row = false;
    bmp_status rc = lq_query(l, &st, err, "SELECT event_key FROM batch WHERE id = ?1", "i", old);
    if (!rc)
        rc = lq_step(l, st, &row, err);
    if (!rc && row && src->event_key && *src->event_key)
        *same = strcmp(lq_col_text(l, st, 0), src->event_key) == 0;
    lq_finalize(l, st);
    char mine[LEDGER_PRINT_HEX], theirs[LEDGER_PRINT_HEX];
    if (!rc && !*same && src->event_print && *src->event_print) {
        rc = batch_event_print(l, b, old, theirs, err);
        *same = !rc && strcmp(src->event_print, theirs) == 0;
    }
    for (int amounts = 1; amounts >= 0 && !rc && !*same && n; amounts--) {
        rc = lines_print(b->code, lines, src->norm, n, amounts, mine, err);
        if (!rc && mine[0])
            rc = batch_print(l, old, amounts, theirs, err);
        *same = !rc && mine[0] && strcmp(mine, theirs) == 0;
    }
    return rc;
}
