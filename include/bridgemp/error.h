/* bridgemp: the one error convention of libbridgemp.
 *
 * Every fallible function returns a bmp_status and fills an optional
 * caller-owned bmp_error (libgit2 style, but with no global "last error":
 * the library holds no mutable global state).  A NULL bmp_error is allowed
 * wherever one is taken; the status code alone is then the answer.
 */
#ifndef BRIDGEMP_ERROR_H
#define BRIDGEMP_ERROR_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum bmp_status {
    BMP_OK = 0,
    BMP_EINVAL,   /* bad argument or invalid input value */
    BMP_EPARSE,   /* malformed input file */
    BMP_ENOTSUP,  /* rule not implemented: message is "not supported: ..." */
    BMP_ENOMEM,   /* allocation failed */
    BMP_EIO,      /* file could not be read or written */
    BMP_ERANGE,   /* value outside what the regulation defines */
    BMP_ENOTFOUND /* unknown body, edition, table or record */
} bmp_status;

#define BMP_ERROR_MSG_MAX 1024

typedef struct bmp_error {
    bmp_status code;
    char msg[BMP_ERROR_MSG_MAX];
} bmp_error;

/* Set err (if not NULL) and return code.  printf-style message. */
bmp_status bmp_error_set(bmp_error *err, bmp_status code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* The one wording for an unimplemented rule:
 *   "not supported: <rule> (<ID>, §<section>)"
 * optionally followed by ": <why>" when why is not NULL. */
bmp_status bmp_not_supported(bmp_error *err, const char *rule, const char *id,
                             const char *section, const char *why);

/* The one wording for a failed allocation: BMP_ENOMEM, "out of memory".
 * Every allocation failure in the library reports through it. */
bmp_status bmp_error_oom(bmp_error *err);

/* Prefix an existing message ("file.json: " + msg), keeping the code. */
void bmp_error_prefix(bmp_error *err, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

const char *bmp_status_name(bmp_status s);

#ifdef __cplusplus
}
#endif
#endif
