/* The pipeline's handle (include/bridgemp/pipeline.h), shared by its
 * options, awards and output (pipeline.c) and its input (pipeline_read.c). */
#ifndef BMP_IO_PIPELINE_INTERNAL_H
#define BMP_IO_PIPELINE_INTERNAL_H

#include "bridgemp/abf.h"
#include "bridgemp/pipeline.h"
#include "io/number_flag.h"

/* How the input is told (option "input"). */
typedef enum pipe_input_mode { PIPE_INPUT_AUTO, PIPE_INPUT_EVENT, PIPE_INPUT_CREDIT } pipe_input_mode;

/* Options copied from bmp_pipeline_set, in the order of bmp_usebio_opts. */
enum { OPT_BODY, OPT_EDITION, OPT_GRADE, OPT_CLASSIFICATION, OPT_STATUS, OPT_RATING,
       OPT_SIDECAR, OPT_SIDECAR_JSON, OPT__COUNT };

typedef struct io_warning {
    size_t line; /* 0: not known */
    io_number_kind kind;
    size_t off;  /* the message: pool + off (at most 255 bytes); IO_WARNING_LATER: not made */
    size_t c, k; /* a player's warning: contestant c's player k of the event read */
} io_warning;
#define IO_WARNING_LATER ((size_t)-1)
/* The messages in one pool, not 256 bytes each (issue 46: 80,000 players
 * without valid numbers kept 21 MB of mostly empty buffers).  A player's
 * message is made when it is first asked for (issue 46, award46w: `award`
 * prints only the summary, which needs the kinds and lines): then every
 * one of them, from the event, the rules and the flag's text kept at the
 * read, so the pointers handed out stay valid until the warnings are
 * cleared, as when they were made at the read. */
typedef struct io_warnings {
    io_warning *v;
    size_t n, cap;
    char *pool;
    size_t plen, pcap;
    size_t later;           /* warnings whose message is not made yet */
    const bmp_rules *rules; /* the body's at the read (a number's refusal) */
    char invalid[48];       /* "not a valid ACBL number", the body's at the read */
    char one[256];          /* a message made alone when the pool cannot grow */
} io_warnings;

/* Add a warning, its message cut at 255 bytes; false when out of memory. */
bool io_warnings_add(io_warnings *w, size_t line, io_number_kind kind, const char *msg);
/* Warning i's message, made at the read (a check's). */
const char *io_warning_msg(const io_warnings *w, size_t i);
/* Warning i's message, made now if it was not (ev: the event read, which
 * the warnings name); NULL only when ev is NULL and it was not made. */
const char *io_warning_text(io_warnings *w, const bmp_event *ev, size_t i);
/* Every message not made yet, made (before the event is dropped); false
 * when out of memory (none made). */
bool io_warnings_make(io_warnings *w, const bmp_event *ev);

struct bmp_pipeline {
    char *opt[OPT__COUNT];
    char **set;              /* "KEY=VALUE" */
    size_t nset, set_cap;
    bool explain, check_digit;
    bool keep_json;          /* override-json false: a JSON event as written */
    pipe_input_mode mode;
    bmp_usebio_mp_form form;
    char *flavour;           /* usebio-flavour; NULL: the body's */

    size_t event_index;       /* option "event" - 1: an ACBLscore file's event to read */
    size_t nevents;           /* events the last input holds (0 before a read) */
    bmp_pipeline_input input; /* BMP_PIPE_IN_NONE until a read succeeds */
    bmp_pipeline_input tried; /* what the last read took its input for */
    bmp_event *ev;
    bmp_awards aw;
    bool awarded;
    /* A USEBIO input's bytes, for the faithful export (rulings UX-1). */
    char *orig;
    size_t orig_len;
    /* An NZ Scorer input's bytes, for its errors' elements (nzscorer_where.c). */
    char *nzxml;
    size_t nzxml_len;
    /* The last read's line-level problems (a credit file's bad lines). */
    bmp_abf_credit_problem *problems;
    size_t nproblems;
    /* The last read's players whose number identifies nobody (issue 43). */
    bool strict_numbers;
    bmp_limits limits;        /* issue 45: 0 fields: the defaults (bmp_limits_effective) */
    io_warnings warnings;
    /* The last read's checks that change no award and failed (a USEBIO
     * total that disagrees, issue 43): listed before the numbers' warnings. */
    io_warnings checks;
};

/* The options as bmp_usebio_opts (pointing into p). */
bmp_usebio_opts pipe_usebio_opts(const bmp_pipeline *p);
/* Forget the input, its event, awards and bytes (not its problems). */
void pipe_drop_input(bmp_pipeline *p);
/* Scale options the event's body does not use, or that contradict the
 * file (scale_opts.c, issue 26): EINVAL naming the right option. */
bmp_status io_scale_opts_check(const bmp_event *ev, const bmp_usebio_opts *o, bmp_error *err);
/* The player numbers of an event read from text (NULL: read from path,
 * JSON or USEBIO) by the body's syntax, every one, in every command
 * (player_ids.c, issue 26, ruling CL-3; issue 43): a flagged player is a
 * warning in *w citing the file's line; strict refuses an invalid one. */
typedef enum io_ids_form { IO_IDS_JSON, IO_IDS_USEBIO, IO_IDS_NZSCORER } io_ids_form;
bmp_status io_player_ids(const bmp_event *ev, const char *text, size_t len, const char *path,
                         io_ids_form form, bool strict, io_warnings *w, bmp_error *err);
void io_warnings_clear(io_warnings *w);
bmp_status io_warnings_summary(const bmp_event *ev, const io_warnings *w, FILE *out,
                               bmp_error *err);
/* Its text without the file's name and the newline, into buf (n bytes):
 * its length, 0 when there are no warnings. */
size_t io_warnings_summary_text(const bmp_event *ev, const io_warnings *w, char *buf, size_t n);
/* --grade's awards of another point type than the file's MASTER_POINT_TYPE. */
bmp_status io_scale_award_check(const bmp_event *ev, const char *grade, const bmp_awards *aw,
                                bmp_error *err);

#endif
