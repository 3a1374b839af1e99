/* Internal to the club's submission pages (pages_submit.c reads and
 * checks, pages_submit_view.c renders the preview and a refusal). */
#ifndef BMP_SERVER_PAGES_SUBMIT_H
#define BMP_SERVER_PAGES_SUBMIT_H

#include "bridgemp/ledger_secretary.h"
#include "server/pages_internal.h"

/* What the preview shows and its submit form carries again. */
typedef struct upload_view {
    const bmp_role *club;
    const char *filename;
    const unsigned char *data; /* the file's bytes: the submit form's content */
    size_t len;
    const char *kind, *scale_option, *scale, *edition, *rating, *replaces, *reason;
    const char *strict; /* "true" or "": strict numbers (issue 43) */
    const char *event;  /* "" or the event of an ACBLscore game file (issue 42) */
    const bmp_ledger_sections *s; /* bmp_ledger_preview_memory's */
    const char *error;            /* what the form still needs (NULL: nothing) */
} upload_view;

/* The preview page: the verdict, the problems, the awards per player with
 * their derivation, totals, carried and replaced differences, and the
 * submit form (the file in it, base64url) unless nothing can be submitted. */
void page_submit_preview(page *p, const upload_view *v);
/* A refused preview or submit: the reason and every problem, with the
 * status (403 for another club's file, 400 for a bad file). */
int page_submit_failed(page *p, bmp_status st, const bmp_error *e, const bmp_problems *pr,
                       const char *title);

#endif
