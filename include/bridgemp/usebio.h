/* bridgemp: USEBIO 1.0-1.3 results files (docs/usebio.md).
 *
 * The reader is lenient (every producer's dialect seen in practice) and maps
 * a results file into a bmp_event.  What USEBIO cannot say (the body, its
 * edition, the ABF grade, the EBU status, the ACBL classification ...) comes
 * from bmp_usebio_opts: command-line style values and/or a JSON sidecar with
 * the JSON event format's top-level field names.  Precedence: options, then
 * sidecar, then the file.  Every problem names the file, the line and the
 * element path, e.g.
 *   "r.xml:57: /USEBIO/EVENT/PARTICIPANTS/PAIR[3]/PLACE: expected a place
 *    such as 3 or \"3=\", got \"x\"".
 * External entities, DTD loading and network access are refused.
 *
 * Masterpoints found in the file (MASTER_POINTS_AWARDED, flat or nested
 * form) are kept, in hundredths, as contestant params "mp.<colour>"
 * (e.g. "mp.green": 30 for 0.30 green points); bmp_usebio_file_awards turns
 * them into a bmp_awards.
 *
 * The writer is strict: it writes a USEBIO 1.2 document with the awards
 * filled in as MASTER_POINTS, so that reading it back gives the same awards.
 * The rewriter (bmp_usebio_rewrite) is faithful: a file read in goes back
 * out as read, only its MASTER_POINTS filled in (rulings UX-1).
 */
#ifndef BRIDGEMP_USEBIO_H
#define BRIDGEMP_USEBIO_H

#include <stddef.h>
#include "bridgemp/awards.h"
#include "bridgemp/error.h"
#include "bridgemp/event.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct bmp_usebio_opts {
    size_t size;                 /* sizeof(bmp_usebio_opts), or 0 (docs/architecture.md
                                  * "Options structs") */
    const char *body;            /* "acbl", "ebu", "abf", "nzb" (required here or in sidecar) */
    const char *edition;
    const char *grade;
    const char *classification;
    const char *status;
    const char *rating;
    const char *sidecar;         /* path of a JSON sidecar, or NULL; read more than once
                                  * per call, so a regular file, not a pipe */
    const char *const *set;      /* "key=value" strings -> event params; may be NULL */
    size_t nset;
    const char *sidecar_json;    /* the sidecar's text, a JSON object, in place of a file
                                  * (the upload API's sidecar=); read only when size covers
                                  * it; errors name it "sidecar" */
    /* A check of the file that changes no award and failed (a redundant
     * total that disagrees, issue 43): reported here once a read succeeds,
     * line 0 when not known, instead of refusing the file.  NULL: not
     * reported.  Read only when size covers it. */
    void (*warn)(void *ud, size_t line, const char *msg);
    void *warn_ud;
} bmp_usebio_opts;

/* Read a USEBIO file into a new event (free with bmp_event_free).  The file
 * is streamed (memory follows the event, not the file); a layout the
 * stream cannot map in one pass, and every error, is read again by the
 * tree reader, so a pipe (a FIFO, /dev/stdin) is read in full only when it
 * streams: for such input read it into memory and call
 * bmp_usebio_read_memory.  Compressed files are not decompressed. */
bmp_status bmp_usebio_read_file(const char *path, const bmp_usebio_opts *opts,
                                bmp_event **out, bmp_error *err);
/* The same from memory; source_name is used in messages. */
bmp_status bmp_usebio_read_memory(const char *data, size_t len, const char *source_name,
                                  const bmp_usebio_opts *opts, bmp_event **out,
                                  bmp_error *err);

/* Apply opts (sidecar first, then the option values, then --set params) to
 * an event read from any format; options win over what the file said. */
bmp_status bmp_usebio_apply_opts(bmp_event *ev, const bmp_usebio_opts *opts, bmp_error *err);

/* True when the bytes look like XML (after an optional BOM and white space
 * the first character is '<'), as opposed to a JSON event. */
bool bmp_usebio_sniff(const char *data, size_t len);

/* The masterpoints the file itself carried (contestant params "mp.*"), as
 * awards of kind "usebio", one per contestant and colour, all players. */
bmp_status bmp_usebio_file_awards(const bmp_event *ev, bmp_awards *out, bmp_error *err);

typedef enum bmp_usebio_mp_form {
    BMP_USEBIO_MP_DEFAULT = 0,   /* flat for ABF (Compscore, Cobalt), nested otherwise */
    BMP_USEBIO_MP_FLAT,          /* PAIR/MASTER_POINTS_AWARDED + MASTER_POINT_TYPE */
    BMP_USEBIO_MP_NESTED         /* PAIR|TEAM/MASTER_POINTS{...}, one per colour */
} bmp_usebio_mp_form;

/* Write ev as USEBIO 1.2 with the awards in aw (may be NULL: no
 * MASTER_POINTS) into a malloc'ed NUL-terminated buffer *out.  Awards of one
 * contestant are summed per colour; per-player awards must be equal for
 * every player of the contestant (USEBIO has one award per pair/team). */
bmp_status bmp_usebio_write(const bmp_event *ev, const bmp_awards *aw, bmp_usebio_mp_form form,
                            char **out, size_t *len, bmp_error *err);
bmp_status bmp_usebio_write_file(const bmp_event *ev, const bmp_awards *aw,
                                 bmp_usebio_mp_form form, const char *path, bmp_error *err);

/* Writing options.  The flavour is what one family of scoring programs
 * writes and their readers expect (docs/usebio.md "Flavours"): "abf"
 * (Compscore: flat MASTER_POINTS, PLACE a bare integer, explicit 0), "ebu"
 * (nested MASTER_POINTS, a tie "3="), "nz" (nested, ties "3" for each);
 * NULL: the body's own (bmp_rules.usebio_flavour). */
typedef struct bmp_usebio_write_opts {
    size_t size;                 /* sizeof(bmp_usebio_write_opts), or 0 */
    bmp_usebio_mp_form form;     /* DEFAULT: the flavour's */
    const char *flavour;
} bmp_usebio_write_opts;

/* Whether name is a flavour one of the bodies' rules name (abf, ebu, nz). */
bool bmp_usebio_flavour_known(const char *name);

/* bmp_usebio_write with options (wo NULL: defaults). */
bmp_status bmp_usebio_write_with(const bmp_event *ev, const bmp_awards *aw,
                                 const bmp_usebio_write_opts *wo, char **out, size_t *len,
                                 bmp_error *err);

/* The faithful export (rulings UX-1): the USEBIO document `orig` (the
 * bytes ev was read from with read_opts) with only its MASTER_POINTS (and
 * MPS_AWARDED_FLAG) replaced by the awards in aw; everything else -- pair
 * and team numbers, DIRECTION, PLACE, EVENT_TYPE, BOARD and TRAVELLER_LINE
 * elements, white space -- is kept as read.  A contestant without an award
 * keeps an explicit 0 where the file (or the flavour) writes one.  Errors
 * when ev names a contestant the document does not hold. */
bmp_status bmp_usebio_rewrite(const char *orig, size_t orig_len, const char *source_name,
                              const bmp_usebio_opts *read_opts, const bmp_event *ev,
                              const bmp_awards *aw, const bmp_usebio_write_opts *wo,
                              char **out, size_t *len, bmp_error *err);

/* USEBIO MASTER_POINT_TYPE <-> colour, per body (ecosystem.md §2.4 rule 2):
 * ABF G/GREEN, R/RED, Y/GOLD; EBU black/blue/green/gold; NZB a/b/c;
 * ACBL B/S/R/G/P.  NULL when the type is not one of the body's. */
const char *bmp_usebio_colour(const char *body, const char *type);
const char *bmp_usebio_type(const char *body, const char *colour);

#ifdef __cplusplus
}
#endif
#endif
