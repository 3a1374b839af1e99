/* Internal helpers of the USEBIO reader and writer (not public API). */
#ifndef BMP_IO_USEBIO_INTERNAL_H
#define BMP_IO_USEBIO_INTERNAL_H

#include "bridgemp/rules.h"
#include "bridgemp/usebio.h"

/* Set (add or replace) a parameter in a bag. */
bmp_status io_param_number(bmp_params *p, const char *key, double v);
bmp_status io_param_string(bmp_params *p, const char *key, const char *v);
bmp_status io_param_bool(bmp_params *p, const char *key, bool v);
/* "12" -> number, "true"/"false" -> bool, otherwise a string. */
bmp_status io_param_parse(bmp_params *p, const char *key, const char *text);

/* bmp_usebio_apply_opts (public) is called twice by the reader: before
 * mapping (the body decides MASTER_POINT_TYPE) and after (to override). */

/* A USEBIO file never names its body: only the options or the sidecar do.
 * False when neither can (no --body, and no sidecar or a valid one without
 * "body"); a sidecar with an error counts as naming it, and applying it
 * reports the error.  io_usebio_no_body is the error. */
bool io_usebio_opts_name_body(const bmp_usebio_opts *o);
bmp_status io_usebio_no_body(const char *src, bmp_error *err);

/* The body's MASTER_POINT_TYPE spellings, one per colour ("GREEN, RED, GOLD"). */
void io_usebio_types(const char *body, char *buf, size_t n);

/* Hundredths of `colour` per MASTER_POINTS_AWARDED unit: 100 for EBU local
 * points (whole in the file), else 1 (rulings U-20). */
bmp_points io_usebio_unit(const char *body, const char *colour);

/* The bmp_event_kind an EVENT_TYPE (any USEBIO vocabulary) maps to; -1 if
 * none (usebio_header.c; U-44). */
int io_usebio_type_kind(const char *type);

#define BMP_USEBIO_MP_PREFIX "mp."

/* libxml2's global state set up once, before any reader or writer: 2.9
 * creates its mutexes lazily, a race when two threads start at once
 * (usebio_xml.c). */
void io_xml_init(void);

/* The flavour `name` (a body's rules name it), or (name NULL) the body's,
 * plain 1.2 when it names none; NULL when the name is unknown. */
const bmp_usebio_flavour *io_usebio_flavour_find(const char *name, const char *body);
/* BMP_OK for NULL or a known name, else an error listing the names. */
bmp_status io_usebio_flavour_check(const char *name, bmp_error *err);

/* One contestant's awards summed by colour, in MASTER_POINTS_AWARDED units. */
#define BMP_IO_USEBIO_COLOURS 8
typedef struct io_usebio_mp {
    const char *colour[BMP_IO_USEBIO_COLOURS];
    bmp_points amount[BMP_IO_USEBIO_COLOURS];
    size_t n;
} io_usebio_mp;

/* Fill mp[ev->ncontestants] from aw (NULL: nothing); refuses negative
 * awards, colours the body has no type for, players of one contestant with
 * different awards and fractions of a whole-point unit. */
bmp_status io_usebio_collect(const bmp_event *ev, const bmp_awards *aw,
                             io_usebio_mp *mp, bmp_error *err);

/* The field size USEBIO cannot carry (usebio_tables.c, issue 26): does the
 * event state more tables than its contestants make (the writer then adds
 * TABLE_COUNT), and the tables a read file states (its TABLE_COUNT when
 * larger than listed, else listed). */
bool io_usebio_unlisted_tables(const bmp_event *ev);
double io_usebio_stated_tables(const bmp_event *ev, double listed);

/* An error about the event read from the USEBIO bytes xml, whose message
 * names a JSON path ("file.xml: $.status: ..."), rewritten to name the
 * element the field came from and its line ("file.xml:9:
 * /USEBIO/EVENT/MASTER_POINT_SCALE: ..."); unchanged without a path
 * (usebio_where.c, issue 43). */
void io_usebio_where(const char *xml, size_t len, const bmp_event *ev, bmp_error *err);
/* The same for an NZ Scorer <session> ("file.xml:12: <pair>: ...",
 * nzscorer_where.c); before the event is made (ev NULL), json is the event
 * the reader mapped the session onto (may be NULL). */
void io_nzscorer_where(const char *xml, size_t len, const bmp_event *ev, const char *json,
                       bmp_error *err);

/* A message's JSON path taken apart (usebio_where.c): "file.xml: $.HEAD[IDX]SUB: REST". */
typedef struct io_where_path {
    char src[256];      /* "file.xml" (the message's prefix before ": ") */
    const char *head;   /* "status", "contestants", "params" ... (hl bytes) */
    size_t hl;
    long idx;           /* -1: none */
    char sub[96];       /* what SUB names, readable: "player 2, parameter guest: ", or "" */
    char key[64];       /* an event parameter's key ("$.params.KEY"), else "" */
    const char *rest;   /* the message after the path */
} io_where_path;
/* false when the message has no JSON path ("$."). */
bool io_where_parse(const bmp_error *err, io_where_path *w);
/* A parameter the options gave (set, sidecar), not the file: the message
 * says so (true, err rewritten); false for any other path. */
bool io_where_option_param(const io_where_path *w, bmp_error *err);

#endif
