/* The pipeline's handle (include/bridgemp/pipeline.h), shared by its
 * options, awards and output (pipeline.c) and its input (pipeline_read.c). */
#ifndef BMP_IO_PIPELINE_INTERNAL_H
#define BMP_IO_PIPELINE_INTERNAL_H

#include "bridgemp/abf.h"
#include "bridgemp/pipeline.h"

/* How the input is told (option "input"). */
typedef enum pipe_input_mode { PIPE_INPUT_AUTO, PIPE_INPUT_EVENT, PIPE_INPUT_CREDIT } pipe_input_mode;

/* Options copied from bmp_pipeline_set, in the order of bmp_usebio_opts. */
enum { OPT_BODY, OPT_EDITION, OPT_GRADE, OPT_CLASSIFICATION, OPT_STATUS, OPT_RATING,
       OPT_SIDECAR, OPT_SIDECAR_JSON, OPT__COUNT };

struct bmp_pipeline {
    char *opt[OPT__COUNT];
    char **set;              /* "KEY=VALUE" */
    size_t nset, set_cap;
    bool explain, check_digit;
    bool keep_json;          /* override-json false: a JSON event as written */
    pipe_input_mode mode;
    bmp_usebio_mp_form form;
    char *flavour;           /* usebio-flavour; NULL: the body's */

    bmp_pipeline_input input; /* BMP_PIPE_IN_NONE until a read succeeds */
    bmp_pipeline_input tried; /* what the last read took its input for */
    bmp_event *ev;
    bmp_awards aw;
    bool awarded;
    /* A USEBIO input's bytes, for the faithful export (rulings UX-1). */
    char *orig;
    size_t orig_len;
    /* The last read's line-level problems (a credit file's bad lines). */
    bmp_abf_credit_problem *problems;
    size_t nproblems;
};

/* The options as bmp_usebio_opts (pointing into p). */
bmp_usebio_opts pipe_usebio_opts(const bmp_pipeline *p);
/* Forget the input, its event, awards and bytes (not its problems). */
void pipe_drop_input(bmp_pipeline *p);
/* Scale options the event's body does not use, or that contradict the
 * file (scale_opts.c, issue 26): EINVAL naming the right option. */
bmp_status io_scale_opts_check(const bmp_event *ev, const bmp_usebio_opts *o, bmp_error *err);
/* The player numbers of an event read from text (NULL: read from path,
 * JSON or USEBIO) by the body's syntax, every one, in every command; the
 * error cites the file's line (player_ids.c, issue 26, ruling CL-3). */
bmp_status io_player_ids(const bmp_event *ev, const char *text, size_t len, const char *path,
                         bool usebio, bmp_error *err);
/* --grade's awards of another point type than the file's MASTER_POINT_TYPE. */
bmp_status io_scale_award_check(const bmp_event *ev, const char *grade, const bmp_awards *aw,
                                bmp_error *err);

#endif
