/* Internal to src/ledger: the handle, the audit log (its queries: store/query.h). */
#ifndef BMP_LEDGER_INTERNAL_H
#define BMP_LEDGER_INTERNAL_H

#include <stdarg.h>
#include "bridgemp/ledger.h"
#include "ledger/store/store.h"

struct ledger_body_ops;

/* A charge run previewed (bmp_ledger_run_preview, charges/run_preview.c):
 * the run's lines read before its end, and every commit refused and rolled
 * back (lq_commit), so nothing it did is kept. */
typedef struct ledger_run_peek {
    bmp_table *lines; /* the run's lines, read by charge_run_close */
    bool seen;        /* ... once they were */
    bool refused;     /* a commit was refused (and rolled back) */
} ledger_run_peek;

typedef struct ledger_body {
    int64_t id;
    char code[8];
    const struct ledger_body_ops *ops;  /* the body's facts (body_ops.h), found once */
} ledger_body;

struct bmp_ledger {
    const ledger_store_ops *ops;
    ledger_store *s;
    char who[64];
    char now[40];      /* fixed timestamp, or "" for the clock */
    char path[512];
    struct {               /* statements of lq_run / lq_int, prepared once */
        const char *sql;   /* keyed by the address of the SQL literal */
        ledger_stmt *st;
    } cache[64];
    ledger_body body;      /* the last body looked up (bodies are fixed rows) */
    struct ledger_chain *chain;          /* rows touched for the next audit entry (chain.c) */
    void (*chain_free)(bmp_ledger *l);   /* set with chain */
    struct ledger_register_memo *reg;    /* the register as resolved, kept between
                                            imports under a change stamp
                                            (intake/player_resolve.c, issue 46) */
    void (*reg_free)(bmp_ledger *l);     /* set with reg */
    int64_t version;       /* the change counter bmp_ledger_changed last read */
    bool version_read;     /* ... once it has */
    bool wrote;            /* an audit entry was written since (ledger_audit) */
    bool read_failed;      /* a text read since lq_begin came back NULL (query.h) */
    struct {               /* the live schema's digest at a change stamp (chain/schema.c) */
        char stamp[256];   /* the catalog's change stamp when it was computed */
        char digest[65];   /* SHA-256 of the live schema's note image then */
        bool known;
    } schema;
    const char *reason;    /* the secretary's reason for the run in progress, kept in
                              its charge audit entry (bmp_ledger_run_call_why sets it
                              for the call only; NULL otherwise) */
    ledger_run_peek *run_peek; /* a charge run previewed: nothing committed (NULL otherwise) */
};


/* The query helpers (lq_run, lq_int, lq_rows, lq_table ...) and the
 * transactions (ledger_tx) are the store's: ledger/store/query.h. */

/* The player summary's look-up of a player by (body_id, number) through
 * the covering index player_card (api_reads.c; its plan is tested). */
extern const char ledger_player_card_sql[];

bmp_status ledger_body_get(bmp_ledger *l, const char *code, ledger_body *b, bmp_error *err);
/* The view player_resolved (migration 018) spelt out over the base tables
 * player, player_merge and player_unmerge, as a derived table named pr:
 * what the imports and look-ups read, so that a view replaced behind the
 * program's back never decides whom an award goes to (issue 45; verify
 * names the replaced view, chain/schema.c). */
#define LEDGER_PLAYER_RESOLVED                                                              \
    "(SELECT p.body_id AS body_id, p.number AS number, coalesce(k.id, p.id) AS id, "       \
    "coalesce(k.status, p.status) AS status, coalesce(k.overseas, p.overseas) AS overseas " \
    "FROM player p LEFT JOIN player_merge m ON m.dup_id = p.id AND NOT EXISTS (SELECT 1 "   \
    "FROM player_unmerge u WHERE u.merge_id = m.id) LEFT JOIN player k ON k.id = m.keep_id) pr"
/* The id a player's number reaches: a merged duplicate's, the player kept
 * (LEDGER_PLAYER_RESOLVED); ENOTFOUND naming the player (reports.c). */
bmp_status ledger_find_resolved(bmp_ledger *l, const ledger_body *b, const char *number,
                                int64_t *id, bmp_error *err);
/* A statement's history rows by player id: period, point_type, lines,
 * points (reports.c; bmp_ledger_statement, bmp_ledger_player_page). */
bmp_status ledger_statement_history(bmp_ledger *l, int64_t id, bmp_table *out, bmp_error *err);
/* The same rows with the month each counts from on the chart (reports.c). */
bmp_status ledger_chart_history(bmp_ledger *l, int64_t id, bmp_table *out, bmp_error *err);
void ledger_now(const bmp_ledger *l, char buf[40]);
/* verify: each session row bound to its login entry and sealed with the
 * session key (access/sessions.c, issue 45); each one that is not a
 * problem naming it. */
bmp_status ledger_sessions_verify(bmp_ledger *l, bmp_problems *pp, size_t *bad, bmp_error *err);
/* verify: each token row named by its creation entry ("token N created:
 * SCOPE", tokens.c, issue 45); each one that is not a problem naming it. */
bmp_status ledger_tokens_verify(bmp_ledger *l, bmp_problems *pp, size_t *bad, bmp_error *err);
/* The BLAKE2b-256 of a secret the ledger keeps only hashed (an API token,
 * a session id), hex (tokens.c). */
void ledger_secret_hash(const char *secret, char hex[65]);

/* Inside the caller's transaction: the batch reversing `old` (in `state`,
 * content hash rhash) with its journal lines, held lines and totals
 * negated; *id its id (lifecycle.c). */
bmp_status ledger_reversal_rows(bmp_ledger *l, int64_t old, const char *rhash, const char *state,
                                const char *reason, int64_t *id, bmp_error *err);

/* Append an audit entry (inside the caller's transaction): the hash of
 * prev_hash, seq, at, who, action, detail and the digest of the images of
 * the rows the transaction touched (ledger_touch*, chain.h; audit.c). */
bmp_status ledger_audit(bmp_ledger *l, const char *action, const char *detail, bmp_error *err);
/* SHA-256 of the audit entry fields, hex (65 bytes with the NUL). */
void ledger_audit_hash(const char *prev, int64_t seq, const char *at, const char *who,
                       const char *action, const char *detail, char hex[65]);
/* The same with the digest of the entry's row images (rows "" or NULL:
 * none, the hash of an entry before migration 016). */
void ledger_audit_hash_rows(const char *prev, int64_t seq, const char *at, const char *who,
                            const char *action, const char *detail, const char *rows,
                            char hex[65]);
/* SHA-256 of bytes, hex. */
void ledger_sha256_hex(const void *data, size_t len, char hex[65]);

/* Append a printf-style problem (false on allocation failure). */
bool problems_add(bmp_problems *p, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Fill err from problems: "N problems; first: ...". */
bmp_status problems_fail(const bmp_problems *p, size_t n, const char *first, bmp_status code,
                         bmp_error *err);

/* Is `type` one of the body's point types (ranks_glue.c)? */
bool ledger_point_type_ok(const char *body, const char *type);

/* A national ID by the body's rules, normalised (registry.c). */
bmp_status ledger_number_check(const char *body, const char *in, char *out, size_t size,
                               bmp_error *err);

/* Point types one batch may carry. */
#define LEDGER_TALLY_MAX 8

/* What one batch is made from: the kind of source, the file and content
 * hash, the event's name and date, the ABF checksum (may be NULL) and, for
 * an event computed on import, the event as JSON, kept so that the awards'
 * derivations can be shown on demand (may be NULL). */
typedef struct ledger_batch_src {
    bmp_batch_source source;
    const char *file, *hash, *event, *event_date, *checksum, *event_json;
    const char *event_key; /* who ran which event when (event_key.c; may be NULL) */
    const char *event_print; /* the event's fingerprint (event_identity.c; may be NULL) */
    const struct ledger_carried *carried; /* a hold and its differences, or NULL (carried.h) */
    struct ledger_preview *preview; /* a dry run: every check, nothing written (preview.h) */
    const char *const *hold; /* issue 43: hold[i] (i < nhold, may be NULL) holds line i for */
    size_t nhold;            /* its number with that reason (RI-7), never crediting it */
    const char *numbers;     /* their one-line summary (a preview shows it), or NULL */
    const char (*norm)[16];  /* set by the import: line i's normalised number, "" where not
                              * checked (batch.c), so the fingerprints need not redo it */
    bool unkeyed;            /* set by the import: its transaction runs with the foreign keys
                              * not checked by the database (intake/README.md) */
} ledger_batch_src;

/* Check and write one batch (batch.c). */
bmp_status ledger_import_checked(bmp_ledger *l, const bmp_ledger_import_opts *o,
                                 const ledger_batch_src *src, const bmp_ledger_line *lines,
                                 size_t n, int64_t *batch, bmp_problems *probs, bmp_error *err);

/* Reverse a posted batch / replace a batch, inside the caller's
 * transaction (lifecycle.c). */
bmp_status ledger_reverse(bmp_ledger *l, int64_t batch, const char *reason, int64_t *reversal,
                          bmp_error *err);
bmp_status ledger_replace(bmp_ledger *l, int64_t old, const char *reason, bmp_error *err);

#endif
