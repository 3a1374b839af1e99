/* A JSON object read with some of its arrays streamed (issue 9).
 *
 * jansson builds the whole document as a tree: for a million contestants
 * that is about 1.9 GB and, on this machine, 6.3 s for 127 MB of text.
 * Parsed one element at a time and freed, the same text takes 2.8 s and
 * the memory of one element.  json_split reads a root object's members with
 * jansson, each value separately (JSON_DISABLE_EOF_CHECK tells where it
 * ended), and hands the elements of the named arrays (the event reader's
 * $.contestants and $.matches) to callbacks as they are parsed instead of
 * keeping them.
 *
 * Only the punctuation between the root's members and between the array's
 * elements is looked at here; every key and value is parsed by jansson.
 * Anything unusual (a root that is not an object, a repeated key, a syntax
 * error anywhere, an element that is not an object) answers "read it
 * whole" (false), and the caller parses the text with json_loads as before,
 * so messages about malformed JSON are jansson's own, byte for byte. */
#ifndef BMP_IO_JSON_SPLIT_H
#define BMP_IO_JSON_SPLIT_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

/* Called with each element of a streamed array, in order; the element is
 * freed when it returns. */
typedef void (*json_split_fn)(void *arg, size_t index, json_t *element);

/* One root member to stream. */
typedef struct json_split_array {
    const char *key;
    json_split_fn fn;
    void *arg;
    bool found;         /* out: the array was met, every element went to fn */
} json_split_array;

/* text: NUL-terminated.  On true, *root is the object without the streamed
 * arrays (the caller owns it) and each arrays[i].found says whether that
 * array was met; on false nothing is kept and no found is set (fn may have
 * been called for some elements: the caller discards what it built). */
bool json_split(const char *text, json_split_array *arrays, size_t narrays, json_t **root);

/* The same over text[0 .. len), NUL-terminated or not (a NUL in it is a
 * byte jansson refuses: read whole). */
bool json_split_n(const char *text, size_t len, json_split_array *arrays, size_t narrays,
                  json_t **root);

/* Told, after each streamed element, that the text before upto will not
 * be looked at again (issue 46: the reader of a file gives those pages
 * back, event_json_file.c). */
typedef void (*json_split_done_fn)(void *arg, const char *upto);

/* json_split_n with done (NULL: none) called as the text is consumed. */
bool json_split_nd(const char *text, size_t len, json_split_array *arrays, size_t narrays,
                   json_t **root, json_split_done_fn done, void *done_arg);

#endif
