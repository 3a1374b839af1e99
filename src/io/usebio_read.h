/* Internal interface between the parts of the USEBIO reader:
 * usebio_xml.c (messages, element access), usebio_header.c (EVENT header),
 * usebio_entries.c (participants), usebio_places.c (places and ties),
 * usebio_matches.c (MATCH records), usebio_read.c (the document). */
#ifndef BMP_IO_USEBIO_READ_H
#define BMP_IO_USEBIO_READ_H

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <stdbool.h>
#include <stddef.h>

#include "bridgemp/usebio.h"
#include "core/strindex.h"

typedef struct slot {
    char *key;
    size_t ci;
    long rank;
    xmlNode *node;      /* the PAIR / TEAM / PLAYER element */
    bool has_place;
    bool has_score;
    double score;
    bool score_is_pct;  /* score is the PERCENTAGE (else TOTAL_SCORE) */
} slot;

typedef struct rd {
    const char *src;
    bmp_error *err;
    bmp_event *ev;
    xmlNode **cnode;    /* contestant -> its first element, for messages */
    slot *slots;
    size_t nslots, slots_cap;
    size_t ccap;        /* contestants allocated */
    size_t mcap;        /* matches allocated */
    size_t *htab;       /* id hash: contestant index + 1, 0 = empty */
    size_t hcap;
    bool two_winner;
    bool multi_section;
    bool has_overall;   /* event-level results exist: sessions only rank them */
    double event_boards;
    /* Streamed (usebio_stream.c): entry elements are freed once read, so
     * slots and cnode keep no node; csec[ci] is the section that defined
     * contestant ci (owned by the stream), for ub_requalify_ids. */
    bool stream;
    const char **csec;
    /* MATCH sides named "1" when the ids are "A:1" (usebio_matches.c):
     * the ids after their section, built on first need; sfx_amb[i] marks
     * a number held in more than one section. */
    core_strindex sfx;
    unsigned char *sfx_amb;
    /* Warnings (checks that change no award, issue 43), handed to the
     * options' warn once the read succeeds (ub_map_end). */
    struct ub_warning *warns;
    size_t nwarns, warns_cap;
} rd;

typedef struct ub_warning {
    long line;
    char msg[256];
} ub_warning;

/* Free what the reader keeps beside the event (slots, id hashes). */
void ub_rd_free(rd *r);

/* A scope: one PARTICIPANTS element, with its session and section. */
typedef struct scope {
    xmlNode *participants;
    int session;       /* 0 = event level */
    char *section;     /* NULL = none */
    xmlNode *section_node;
} scope;

/* Error at element n: "file:line: /element/path: message". */
bmp_status ub_fail(rd *r, xmlNode *n, bmp_status code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
bmp_status ub_oom(rd *r);
/* A warning at element n: "/element/path: message", kept until the read
 * succeeds (ENOMEM when it cannot be kept); in the streamed reader an
 * error that hands the file to the tree reader. */
bmp_status ub_warn(rd *r, xmlNode *n, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* The warnings kept, to opts->warn (when the options have one). */
void ub_flush_warnings(rd *r, const bmp_usebio_opts *opts);

/* Element access; names compare case-insensitively. */
bool ub_is(const xmlNode *n, const char *name);
xmlNode *ub_child(xmlNode *n, const char *name);
char *ub_text(xmlNode *n);
char *ub_child_text(rd *r, xmlNode *n, const char *name, xmlNode **where, bmp_status *st);
char *ub_attr(xmlNode *n, const char *name);
bool ub_parse_number(const char *s, double *out);
bmp_status ub_child_number(rd *r, xmlNode *n, const char *name, double min, double max,
                           double *out, bool *has);
bmp_status ub_child_int(rd *r, xmlNode *n, const char *name, int min, int max, int *out,
                        bool *has);

bmp_status ub_set_event_param(rd *r, const char *key, const char *v);
bmp_status ub_read_header(rd *r, xmlNode *root, xmlNode *event);
bmp_status ub_read_scope(rd *r, const scope *sc, bool overall);
/* One PAIR / TEAM / PLAYER element of a scope. */
bmp_status ub_read_entry(rd *r, const scope *sc, xmlNode *n, bool overall);
long ub_find_contestant(rd *r, const char *id);
bmp_status ub_resolve_places(rd *r);
/* UX-4: sections ranked as one field; *merged when they were. */
bmp_status ub_merge_sections(rd *r, bool *merged);
bmp_status ub_read_match(rd *r, xmlNode *n, int session);
void ub_tally_matches(rd *r);

/* libxml2 options: no network, no DTD loading or validation, no entity
 * substitution, large line numbers, no messages on stderr. */
#define UB_PARSE_OPTS                                                                          \
    (XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_NOBLANKS |          \
     XML_PARSE_COMPACT | XML_PARSE_BIG_LINES | XML_PARSE_NOCDATA)

/* The steps of mapping a document (usebio_read.c), shared by the tree
 * reader and the streamed one (usebio_stream.c). */
bmp_status ub_map_version(rd *r, xmlNode *root);
bmp_status ub_map_header(rd *r, xmlNode *root, xmlNode *event, const bmp_usebio_opts *opts);
bmp_status ub_map_places(rd *r, xmlNode *event);
bmp_status ub_map_end(rd *r, const bmp_usebio_opts *opts);
int ub_session_number(xmlNode *s, int ordinal);
bmp_status ub_add_section_groups(rd *r, const scope *sv, size_t n);
bool ub_has_entities(xmlDoc *doc);
/* U-41: count one BOARD element (its BOARD_NUMBER seen once). */
void ub_count_board(xmlNode *board, unsigned char *seen, int *count);
/* The same given the BOARD's first BOARD_NUMBER child (NULL: none). */
void ub_count_board_number(xmlNode *num, unsigned char *seen, int *count);
/* Streamed mode: contestant ids qualified by their sections once a second
 * section appears (usebio_entries.c). */
bmp_status ub_requalify_ids(rd *r);

/* A document parsed and mapped (usebio_read.c): what the reader returns
 * and what the rewriter patches (usebio_rewrite.c). */
typedef struct ub_loaded {
    xmlDoc *doc;
    bmp_event *ev;
    xmlNode **cnode;    /* contestant -> its first (event-level) element */
    bool latin1;        /* re-read as ISO-8859-1 (U-3) */
} ub_loaded;

/* Parse (keep_blanks: with the white-space text nodes) and map. */
bmp_status ub_load(const char *data, size_t len, const char *src, const bmp_usebio_opts *opts,
                   bool keep_blanks, ub_loaded *out, bmp_error *err);
void ub_loaded_free(ub_loaded *l);

#endif
