/* A POST's multipart/form-data body (issue 29: the club's submission page
 * uploads a results file with its form), read with libmicrohttpd's post
 * processor from the request's buffered body (the server's upload limit,
 * --max-body, has already applied), kept in memory only: nothing is written
 * to disk.  The session's CSRF token is a field of such a form like any
 * other (srv_csrf_ok reads it from here). */
#ifndef BMP_SERVER_FORM_H
#define BMP_SERVER_FORM_H

#include <stdbool.h>
#include <stddef.h>

#include "server/http_internal.h"

#define SRV_FORM_MAX_FIELDS 64

typedef struct srv_field {
    char name[64];
    char filename[160]; /* "" for a field that is not a file */
    core_buf data;
} srv_field;

typedef struct srv_form {
    srv_field f[SRV_FORM_MAX_FIELDS];
    size_t n;
    bool bad; /* unreadable, or more fields than SRV_FORM_MAX_FIELDS */
} srv_form;

/* Is the request's Content-Type multipart/form-data? */
bool srv_form_multipart(srv_req *rq);
/* The field `name` of the request's multipart form (read once per request,
 * freed by srv_form_free): its bytes (NUL-terminated after *len), or NULL
 * when absent or the form is unreadable; *filename the file's name ("" for
 * a plain field) when filename is not NULL. */
const char *srv_form_get(srv_req *rq, const char *name, size_t *len, const char **filename);
void srv_form_free(srv_req *rq);

#endif
