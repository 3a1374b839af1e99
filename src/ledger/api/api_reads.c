/* Paged listings for the REST API (include/bridgemp/ledger_api.h): players
 * by name or number, a player's journal, clubs, events and an event's
 * awards.  Portable SQL, every value a parameter, statements cached on the
 * handle. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ledger_api.h"
#include "core/util.h"
#include "ledger/ledger_internal.h"
#include "ledger/register/name_search.h"
#include "ledger/store/query.h"
#include "core/date.h"
#include "ledger/shared/ranks_glue.h"

/* Fill t from a cached statement bound with `fmt` (as lq_bind): column
 * names are the headings; a column named "points" holds hundredths.  With
 * run false, the columns only: the statement is not stepped. */
static bmp_status rows_v(bmp_ledger *l, bmp_table *t, bool run, bmp_error *err, const char *sql,
                         const char *fmt, va_list ap)
{
    ledger_stmt *st = NULL;
    bool owned = false;
    bmp_status rc = lq_cached(l, sql, &st, &owned, err);
    if (rc)
        return rc;
    rc = lq_bind(l, st, fmt, ap, err);
    int nc = lq_col_count(l, st);
    const char *names[16] = {0};
    bool pts[16] = {0}; /* names are SQLite's: valid only until the first step */
    for (int k = 0; k < nc && k < 15; k++) {
        names[k] = lq_col_name(l, st, k);
        pts[k] = strcmp(names[k], "points") == 0;
    }
    if (!rc && !t->ncols)
        rc = bmp_table_columns(t, names);
    bool row = true;
    while (!rc && run) {
        rc = lq_step(l, st, &row, err);
        if (rc || !row)
            break;
        for (int k = 0; k < nc && k < 15 && !rc; k++) {
            char p[32];
            bool num = pts[k] && !lq_col_null(l, st, k);
            if (num)
                bmp_points_format(lq_col_int(l, st, k), p, sizeof p);
            rc = bmp_table_cell(t, "%s", num ? p : lq_col_text(l, st, k));
        }
    }
    lq_release(l, st, owned);
    return rc;
}

static bmp_status rows_if(bmp_ledger *l, bmp_table *t, bool run, bmp_error *err,
                          const char *sql, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    bmp_status rc = rows_v(l, t, run, err, sql, fmt, ap);
    va_end(ap);
    return rc;
}

static bmp_status rows(bmp_ledger *l, bmp_table *t, bmp_error *err, const char *sql,
                       const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    bmp_status rc = rows_v(l, t, true, err, sql, fmt, ap);
    va_end(ap);
    return rc;
}

static bmp_status count(bmp_ledger *l, size_t *total, bmp_error *err, const char *sql,
                        const char *fmt, const char *s1, int64_t i1, const char *s2)
{
    if (!total)
        return BMP_OK;
    int64_t n = 0;
    bool found = false;
    bmp_status rc = fmt[1] == 's' ? lq_int(l, &n, &found, err, sql, fmt, i1, s1, s2)
                                  : lq_int(l, &n, &found, err, sql, fmt, i1);
    *total = (size_t)n;
    return rc;
}

#define PLAYER_ROW                                                                             \
    "SELECT p.number, p.name, p.status, COALESCE(c.number, '') AS home_club, "                  \
    "p.rank_name AS rank FROM player p LEFT JOIN club c ON c.id = p.home_club "

/* Players whose number is `norm` or whose name matches the folded query
 * (name_search.h), by name: one pass over the register in its stored order
 * (`+body_id`: no index, whose order would cost a look-up per player),
 * counting every match and keeping the first offset + limit by (name,
 * number) in a bounded heap; then the page's rows by id.  O(players), the
 * page's memory only (issue 30 item 2, ruling W-30p1). */
static bmp_status name_matches(bmp_ledger *l, int64_t body, const char *norm, const char *q,
                               size_t offset, size_t limit, bmp_table *out, size_t *total,
                               bmp_error *err)
{
    static const char *const cols[] = {"number", "name", "status", "home_club", "rank", NULL};
    char query[256], name[512];
    ledger_name_fold(q, query, sizeof query);
    ledger_name_top top = {.k = offset + limit < offset ? SIZE_MAX : offset + limit};
    ledger_stmt *st = NULL;
    bool owned = false, row = true;
    bmp_status rc = lq_cached(l, "SELECT id, number, name FROM player WHERE +body_id = ?1", &st,
                              &owned, err);
    if (rc)
        return rc;
    rc = lq_bind_int(l, st, 1, body, err);
    if (!rc && !out->ncols && bmp_table_columns(out, cols))
        rc = bmp_error_oom(err);
    while (!rc) {
        rc = lq_step(l, st, &row, err);
        if (rc || !row)
            break;
        const char *number = lq_col_text(l, st, 1), *full = lq_col_text(l, st, 2);
        ledger_name_fold(full, name, sizeof name);
        if ((strcmp(number, norm) == 0 || ledger_name_matches(name, query)) &&
            !ledger_name_top_add(&top, lq_col_int(l, st, 0), full, number))
            rc = bmp_error_oom(err);
    }
    lq_release(l, st, owned);
    ledger_name_top_sort(&top);
    for (size_t i = offset; i < top.n && !rc; i++)
        rc = rows(l, out, err, PLAYER_ROW "WHERE p.id = ?1", "i", top.v[i].id);
    if (total)
        *total = top.total;
    ledger_name_top_free(&top);
    return rc;
}

bmp_status bmp_ledger_find_players(bmp_ledger *l, const char *body, const char *q,
                                   size_t offset, size_t limit, bmp_table *out, size_t *total,
                                   bmp_error *err)
{
    ledger_body b;
    bmp_status rc = ledger_body_get(l, body, &b, err);
    if (rc)
        return rc;
    char norm[32] = "";
    bmp_error ignore = {0};
    if (q && *q && ledger_number_check(b.code, q, norm, sizeof norm, &ignore) != BMP_OK)
        norm[0] = '\0';
    rc = bmp_table_title(out, "players");
    if (!rc && q && *q)
        return name_matches(l, b.id, norm, q, offset, limit, out, total, err);
    if (!rc)
        rc = count(l, total, err, "SELECT count(*) FROM player WHERE body_id = ?1", "i", NULL,
                   b.id, NULL);
    if (!rc)
        rc = rows(l, out, err, PLAYER_ROW "WHERE p.body_id = ?1 ORDER BY p.name, p.number "
                  "LIMIT ?2 OFFSET ?3",
                  "iii", b.id, (int64_t)limit, (int64_t)offset);
    return rc;
}

/* A registered player's row id; ENOTFOUND naming the player. */
static bmp_status player_id(bmp_ledger *l, const char *body, const char *number, int64_t *id,
                            bmp_error *err)
{
    ledger_body b;
    char norm[32];
    bool found = false;
    bmp_status rc = ledger_body_get(l, body, &b, err);
    if (!rc)
        rc = ledger_number_check(b.code, number, norm, sizeof norm, err);
    if (!rc)
        rc = lq_int(l, id, &found, err, /* a merged number: the player kept (issue 44) */
                    "SELECT id FROM player_resolved WHERE body_id = ?1 AND number = ?2", "is",
                    b.id, norm);
    if (!rc && !found)
        rc = bmp_error_set(err, BMP_ENOTFOUND, "no %s player %s", b.code, number);
    return rc;
}

/* The kinds of batch that are results, public once posted (issue 44
 * item 4): a scored event, a club file with its own points (EBU), an ABF
 * credit file.  Openings, merges, adjustments and reversals are not. */
#define PUBLIC_EVENT "b.source IN ('event', 'usebio-mp', 'abf-credit')"

/* A player's journal lines by id, newest batch first, and their count.
 * For the player page (`page`): no line of a rejected batch, and a column
 * event_page, "1" where the batch is a posted result (/event/<body>/<batch>). */
static bmp_status journal_of(bmp_ledger *l, int64_t id, size_t offset, size_t limit, bool page,
                             bmp_table *out, size_t *total, bmp_error *err)
{
    bmp_status rc = bmp_table_title(out, "journal");
    if (!rc)
        rc = count(l, total, err,
                   page ? "SELECT count(*) FROM journal j JOIN batch b ON b.id = j.batch_id "
                          "WHERE j.player_id = ?1 AND b.state <> 'rejected'"
                        : "SELECT count(*) FROM journal WHERE player_id = ?1",
                   "i", NULL, id, NULL);
    if (!rc && page)
        rc = rows_if(l, out, !total || *total, err,
                     "SELECT b.id AS batch, b.state, COALESCE(b.period, '') AS period, j.event, "
                     "b.event_date, j.point_type, j.points, j.rule, CASE WHEN b.state = 'posted' "
                     "AND " PUBLIC_EVENT " THEN '1' ELSE '' END AS event_page FROM journal j "
                     "JOIN batch b ON b.id = j.batch_id WHERE j.player_id = ?1 AND b.state <> "
                     "'rejected' ORDER BY j.batch_id DESC, j.id LIMIT ?2 OFFSET ?3",
                     "iii", id, (int64_t)limit, (int64_t)offset);
    else if (!rc) /* counted none: the columns only, the query not run */
        rc = rows_if(l, out, !total || *total, err,
                  "SELECT b.id AS batch, b.state, COALESCE(b.period, '') AS period, j.event, "
                  "b.event_date, j.point_type, j.points, j.rule FROM journal j "
                  "JOIN batch b ON b.id = j.batch_id WHERE j.player_id = ?1 "
                  "ORDER BY j.batch_id DESC, j.id LIMIT ?2 OFFSET ?3",
                  "iii", id, (int64_t)limit, (int64_t)offset);
    return rc;
}

bmp_status bmp_ledger_player_journal(bmp_ledger *l, const char *body, const char *number,
                                     size_t offset, size_t limit, bmp_table *out, size_t *total,
                                     bmp_error *err)
{
    int64_t id = 0;
    bmp_status rc = player_id(l, body, number, &id, err);
    if (!rc)
        rc = journal_of(l, id, offset, limit, false, out, total, err);
    return rc;
}

bmp_status bmp_ledger_club_names(bmp_ledger *l, const char *body, bmp_table *out,
                                 bmp_error *err)
{
    ledger_body b;
    bmp_status rc = ledger_body_get(l, body, &b, err);
    if (!rc)
        rc = bmp_table_title(out, "clubs");
    if (!rc)
        rc = rows(l, out, err,
                  "SELECT number, name FROM club WHERE body_id = ?1 ORDER BY number", "i", b.id);
    return rc;
}

bmp_status bmp_ledger_clubs(bmp_ledger *l, const char *body, bmp_table *out, bmp_error *err)
{
    ledger_body b;
    bmp_status rc = ledger_body_get(l, body, &b, err);
    if (!rc)
        rc = bmp_table_title(out, "clubs");
    if (!rc)
        rc = rows(l, out, err,
                  "SELECT c.number, c.name, c.dummy, (SELECT count(*) FROM player p "
                  "WHERE p.home_club = c.id) AS members FROM club c WHERE c.body_id = ?1 "
                  "ORDER BY c.number",
                  "i", b.id);
    return rc;
}

/* The columns of an event list and its WHERE; EVENT_STATE and EVENT_CLUB
 * narrow it by state (?2), or by state or the club (?3). */
#define EVENT_ROWS                                                                             \
    "SELECT b.id, b.event, b.event_date, COALESCE(c.number, '') AS club, b.state, "             \
    "COALESCE(b.period, '') AS period, b.lines FROM batch b "                                   \
    "LEFT JOIN club c ON c.id = b.club_id WHERE b.body_id = ?1 AND " PUBLIC_EVENT
#define EVENT_COUNT "SELECT count(*) FROM batch b WHERE b.body_id = ?1 AND " PUBLIC_EVENT
#define EVENT_STATE " AND b.state = ?2"
#define EVENT_CLUB                                                                             \
    " AND (b.state = ?2 OR b.club_id IN (SELECT k.id FROM club k WHERE k.body_id = ?1 AND "     \
    "k.number = ?3))"

static bool batch_state(const char *s)
{
    static const char *const states[] = {"received", "provisional", "approved", "posted",
                                         "rejected", NULL};
    for (size_t i = 0; states[i]; i++)
        if (strcmp(s, states[i]) == 0)
            return true;
    return false;
}

bmp_status bmp_ledger_events_where(bmp_ledger *l, const char *body,
                                   const bmp_ledger_event_filter *f, size_t offset, size_t limit,
                                   bmp_table *out, size_t *total, bmp_error *err)
{
    const char *state = f && f->size >= sizeof *f ? f->state : NULL;
    const char *club = state && f->club && *f->club ? f->club : NULL;
    if (state && !batch_state(state))
        return bmp_error_set(err, BMP_EINVAL, "state \"%s\": expected received, provisional, "
                             "approved, posted or rejected", state);
    ledger_body b;
    bmp_status rc = ledger_body_get(l, body, &b, err);
    if (!rc)
        rc = bmp_table_title(out, "events");
    if (rc)
        return rc;
    if (club) {
        rc = count(l, total, err, EVENT_COUNT EVENT_CLUB, "iss", state, b.id, club);
        return rc ? rc
                  : rows(l, out, err, EVENT_ROWS EVENT_CLUB " ORDER BY b.id DESC LIMIT ?4 OFFSET ?5",
                         "issii", b.id, state, club, (int64_t)limit, (int64_t)offset);
    }
    if (state) {
        rc = count(l, total, err, EVENT_COUNT EVENT_STATE, "is", state, b.id, NULL);
        return rc ? rc
                  : rows(l, out, err, EVENT_ROWS EVENT_STATE " ORDER BY b.id DESC LIMIT ?3 OFFSET ?4",
                         "isii", b.id, state, (int64_t)limit, (int64_t)offset);
    }
    rc = count(l, total, err, EVENT_COUNT, "i", NULL, b.id, NULL);
    return rc ? rc
              : rows(l, out, err, EVENT_ROWS " ORDER BY b.id DESC LIMIT ?2 OFFSET ?3", "iii", b.id,
                     (int64_t)limit, (int64_t)offset);
}

bmp_status bmp_ledger_events(bmp_ledger *l, const char *body, size_t offset, size_t limit,
                             bmp_table *out, size_t *total, bmp_error *err)
{
    return bmp_ledger_events_where(l, body, NULL, offset, limit, out, total, err);
}

bmp_status bmp_ledger_event_awards(bmp_ledger *l, const char *body, int64_t id, bmp_table *out,
                                   bmp_error *err)
{
    ledger_body b;
    int64_t one = 0;
    bool found = false;
    bmp_status rc = ledger_body_get(l, body, &b, err);
    if (!rc)
        rc = lq_int(l, &one, &found, err,
                    "SELECT b.id FROM batch b WHERE b.id = ?1 AND b.body_id = ?2 AND " PUBLIC_EVENT,
                    "ii", id, b.id);
    if (!rc && !found)
        return bmp_error_set(err, BMP_ENOTFOUND, "no %s event %lld", b.code, (long long)id);
    if (!rc)
        rc = bmp_table_title(out, "event");
    if (!rc)
        rc = rows(l, out, err,
                  "SELECT p.number, p.name, j.contestant, j.point_type, j.points, j.rule "
                  "FROM journal j JOIN player p ON p.id = j.player_id WHERE j.batch_id = ?1 "
                  "ORDER BY j.points DESC, j.id",
                  "i", id);
    return rc;
}

/* The player's card by (body_id, number) from the covering index
 * player_card (migration 021): one leaf of the index, not also the row's
 * leaf of player.  INDEXED BY because SQLite, without statistics, prefers
 * the UNIQUE (body_id, number) index for an equality on all its columns
 * (docs/performance.md "Issue 30: one leaf for the player's card");
 * PostgreSQL's statements leave the clause out (pg_translate.c). */
const char ledger_player_card_sql[] =
    "SELECT p.id, p.number, p.name, p.status, COALESCE(c.number, ''), p.rank_name, "
    "p.pre1982_red FROM player p INDEXED BY player_card LEFT JOIN club c ON c.id = p.home_club "
    "WHERE p.body_id = ?1 AND p.number = ?2";

/* The player's row; *id 0 when there is none. */
static bmp_status summary_row(bmp_ledger *l, int64_t body_id, const char *number, int64_t *id,
                              bmp_points *pre82, bmp_ledger_summary *out, bmp_error *err)
{
    ledger_stmt *st = NULL;
    bool owned = false, row = false;
    bmp_status rc = lq_cached(l, ledger_player_card_sql, &st, &owned, err);
    if (rc)
        return rc;
    rc = lq_bind_int(l, st, 1, body_id, err);
    if (!rc)
        rc = lq_bind_text(l, st, 2, number, err);
    if (!rc)
        rc = lq_step(l, st, &row, err);
    *id = !rc && row ? lq_col_int(l, st, 0) : 0;
    if (*id) {
        core_strlcpy(out->number, lq_col_text(l, st, 1), sizeof out->number);
        core_strlcpy(out->name, lq_col_text(l, st, 2), sizeof out->name);
        core_strlcpy(out->status, lq_col_text(l, st, 3), sizeof out->status);
        core_strlcpy(out->home_club, lq_col_text(l, st, 4), sizeof out->home_club);
        core_strlcpy(out->rank, lq_col_text(l, st, 5), sizeof out->rank);
        *pre82 = lq_col_int(l, st, 6);
    }
    lq_release(l, st, owned);
    return rc;
}

/* The row of the player kept (its id `kept`) in place of a merged one's. */
static bmp_status kept_row(bmp_ledger *l, int64_t body_id, int64_t kept, int64_t *id,
                           bmp_points *pre82, bmp_ledger_summary *out, bmp_error *err)
{
    ledger_stmt *st = NULL;
    bool row = false;
    char number[32] = "";
    bmp_status rc = lq_query(l, &st, err, "SELECT number FROM player WHERE id = ?1", "i", kept);
    if (!rc && !(rc = lq_step(l, st, &row, err)) && row)
        core_strlcpy(number, lq_col_text(l, st, 0), sizeof number);
    if (st)
        lq_finalize(l, st);
    if (!rc)
        rc = summary_row(l, body_id, number, id, pre82, out, err);
    return rc;
}

/* The body's point types into types[] (at most 8: *n) and the points the
 * query `sql` (bound with the player's id, then `date` when not NULL)
 * answers per point type, as (point_type, points) rows, into h[]. */
static bmp_status holdings_read(bmp_ledger *l, const char *body, const char *sql, int64_t id,
                                const char *date, size_t *n, const char **types, bmp_points *h,
                                bmp_error *err)
{
    const char *all[LEDGER_MAX_TYPES];
    size_t nall = ledger_point_types(body, all);
    *n = nall < 8 ? nall : 8;
    for (size_t k = 0; k < *n; k++)
        types[k] = all[k];
    ledger_stmt *st = NULL;
    bool owned = false, row = true;
    bmp_status rc = lq_cached(l, sql, &st, &owned, err);
    if (rc)
        return rc;
    rc = lq_bind_int(l, st, 1, id, err);
    if (!rc && date)
        rc = lq_bind_text(l, st, 2, date, err);
    while (!rc && row) {
        rc = lq_step(l, st, &row, err);
        for (size_t k = 0; !rc && row && k < *n; k++)
            if (strcmp(types[k], lq_col_text(l, st, 0)) == 0)
                h[k] = lq_col_int(l, st, 1);
    }
    lq_release(l, st, owned);
    return rc;
}

/* Holdings of every point type of the body (one query). */
static bmp_status summary_holdings(bmp_ledger *l, const char *body, int64_t id,
                                   bmp_ledger_summary *out, bmp_error *err)
{
    return holdings_read(l, body, "SELECT point_type, points FROM holding WHERE player_id = ?1",
                         id, NULL, &out->ntypes, out->point_type, out->holding, err);
}

/* The player kept where `id` was merged into another (as the view
 * player_resolved answers for its number: the first merge not undone, by
 * the index on dup_id), else `id`; one look-up by index. */
static bmp_status kept_id(bmp_ledger *l, int64_t id, int64_t *kept, bmp_error *err)
{
    bool found = false;
    bmp_status rc = lq_int(l, kept, &found, err,
                           "SELECT m.keep_id FROM player_merge m WHERE m.dup_id = ?1 AND NOT "
                           "EXISTS (SELECT 1 FROM player_unmerge u WHERE u.merge_id = m.id)",
                           "i", id);
    if (!rc && !found)
        *kept = id;
    return rc;
}

/* The summary (bmp_ledger_player_summary), the body and the player's id. */
static bmp_status summary_read(bmp_ledger *l, const char *body, const char *number,
                               bmp_ledger_summary *out, ledger_body *b, int64_t *id,
                               bmp_error *err)
{
    memset(out, 0, sizeof *out);
    char norm[32];
    bmp_points pre82 = 0;
    bmp_status rc = ledger_body_get(l, body, b, err);
    if (!rc)
        rc = ledger_number_check(b->code, number, norm, sizeof norm, err);
    if (!rc)
        rc = summary_row(l, b->id, norm, id, &pre82, out, err);
    if (!rc && !*id)
        return bmp_error_set(err, BMP_ENOTFOUND, "no %s player %s", b->code, number);
    int64_t kept = *id;
    if (!rc) /* a merged number answers for the player kept (issue 44 item 3) */
        rc = kept_id(l, *id, &kept, err);
    if (!rc && kept != *id)
        rc = kept_row(l, b->id, kept, id, &pre82, out, err);
    if (!rc)
        rc = summary_holdings(l, b->code, *id, out, err);
    if (!rc) {
        bmp_points h[LEDGER_MAX_TYPES] = {0};
        memcpy(h, out->holding, out->ntypes * sizeof h[0]);
        ledger_next_rank_held(b->code, h, pre82, out->rank, out->next_rank,
                              sizeof out->next_rank);
        if (ledger_rank_detail(b->code, h, pre82, &out->earned, NULL))
            memset(&out->earned, 0, sizeof out->earned); /* no rank rules */
    }
    return rc;
}

bmp_status bmp_ledger_player_summary(bmp_ledger *l, const char *body, const char *number,
                                     bmp_ledger_summary *out, bmp_error *err)
{
    ledger_body b;
    int64_t id = 0;
    return summary_read(l, body, number, out, &b, &id, err);
}

/* The holdings at the end of `date`: the posted journal's lines of batches
 * dated on or before it (bmp_ledger_player_rank_at, ruling W-30r1). */
static bmp_status holdings_at(bmp_ledger *l, const char *body, int64_t id, const char *date,
                              bmp_ledger_standing *out, bmp_error *err)
{
    static const char sql[] =
        "SELECT j.point_type, sum(j.points) FROM journal j JOIN batch b ON b.id = j.batch_id "
        "WHERE j.player_id = ?1 AND b.state = 'posted' AND CASE WHEN b.event_date <> '' "
        "THEN b.event_date WHEN length(b.period) = 7 THEN b.period || '-01' ELSE '' END <= ?2 "
        "GROUP BY j.point_type";
    return holdings_read(l, body, sql, id, date, &out->ntypes, out->point_type, out->holding,
                         err);
}

bmp_status bmp_ledger_player_rank_at(bmp_ledger *l, const char *body, const char *number,
                                     const char *date, bmp_ledger_standing *out, bmp_error *err)
{
    memset(out, 0, sizeof *out);
    core_date d;
    if (!date || !core_date_parse(date, &d))
        return bmp_error_set(err, BMP_EINVAL, "date \"%s\": expected a calendar date yyyy-mm-dd",
                             date ? date : "");
    snprintf(out->date, sizeof out->date, "%04d-%02d-%02d", d.y, d.m, d.d);
    bmp_ledger_summary who = {0};
    ledger_body b;
    char norm[32];
    int64_t id = 0;
    bmp_points pre82 = 0;
    bmp_status rc = ledger_body_get(l, body, &b, err);
    if (!rc)
        rc = ledger_number_check(b.code, number, norm, sizeof norm, err);
    if (!rc)
        rc = summary_row(l, b.id, norm, &id, &pre82, &who, err);
    if (!rc && !id)
        return bmp_error_set(err, BMP_ENOTFOUND, "no %s player %s", b.code, number);
    int64_t kept = id;
    if (!rc)
        rc = kept_id(l, id, &kept, err);
    if (!rc && kept != id)
        rc = kept_row(l, b.id, kept, &id, &pre82, &who, err);
    memcpy(out->number, who.number, sizeof out->number);
    memcpy(out->name, who.name, sizeof out->name);
    if (!rc)
        rc = holdings_at(l, b.code, id, out->date, out, err);
    if (!rc) {
        bmp_points h[LEDGER_MAX_TYPES] = {0};
        memcpy(h, out->holding, out->ntypes * sizeof h[0]);
        if (ledger_rank_detail(b.code, h, pre82, &out->rank, NULL))
            memset(&out->rank, 0, sizeof out->rank); /* no rank rules */
    }
    return rc;
}

/* A player's promotions by id, oldest first.  The table's key is (body,
 * period, player): one look-up per period of the body in the period's
 * order (a few hundred at most; CROSS JOIN keeps the periods outer), not a
 * scan of every promotion, and no temporary table (issue 30). */
static bmp_status promotions_of(bmp_ledger *l, int64_t body_id, int64_t id, bmp_table *out,
                                bmp_error *err)
{
    bmp_status rc = bmp_table_title(out, "promotions");
    if (!rc)
        rc = rows(l, out, err,
                  "SELECT r.period, r.from_name AS from_rank, r.to_name AS to_rank FROM "
                  "period q CROSS JOIN promotion r WHERE q.body_id = ?2 AND r.body_id = "
                  "q.body_id AND r.period = q.period AND r.player_id = ?1 ORDER BY q.period",
                  "ii", id, body_id);
    return rc;
}

bmp_status bmp_ledger_player_promotions(bmp_ledger *l, const char *body, const char *number,
                                        bmp_table *out, bmp_error *err)
{
    int64_t id = 0;
    ledger_body b;
    bmp_status rc = ledger_body_get(l, body, &b, err);
    if (!rc)
        rc = player_id(l, body, number, &id, err);
    if (!rc)
        rc = promotions_of(l, b.id, id, out, err);
    return rc;
}

/* The player page's reads (ledger_api.h): the player looked up once for
 * the summary, the journal and the promotions, its merge for the
 * statement's history (as bmp_ledger_statement reads it); a player with no
 * journal line and not merged has no history to read. */
bmp_status bmp_ledger_player_page(bmp_ledger *l, const char *body, const char *number,
                                  size_t recent, bmp_ledger_summary *sum, bmp_table *history,
                                  bmp_table *promotions, bmp_table *journal, size_t *total,
                                  bmp_error *err)
{
    ledger_body b;
    int64_t id = 0;
    size_t n = 0;
    bmp_status rc = summary_read(l, body, number, sum, &b, &id, err);
    if (!rc)
        rc = journal_of(l, id, 0, recent, true, journal, &n, err);
    if (!rc && n)
        rc = ledger_chart_history(l, id, history, err);
    if (!rc)
        rc = promotions_of(l, b.id, id, promotions, err);
    if (total)
        *total = n;
    return rc;
}
