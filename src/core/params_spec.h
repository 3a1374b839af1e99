/* Shorthand for the bodies' parameter spec tables (src/<body>/params.c):
 * one line per parameter, read as a table. */
#ifndef BMP_CORE_PARAMS_SPEC_H
#define BMP_CORE_PARAMS_SPEC_H

#include "bridgemp/event.h"

/* A number: key, range, rule, default (text or NULL), unit, doc. */
#define BMP_PNUM(key, range, rule, dflt, unit, doc)                                                \
    {key, BMP_PARAM_NUMBER, BMP_RANGE_##range, rule, NULL, dflt, unit, doc, 0}
/* true or false: key, rule, default, doc. */
#define BMP_PBOOL(key, rule, dflt, doc)                                                            \
    {key, BMP_PARAM_BOOL, BMP_RANGE_ANY, rule, NULL, dflt, NULL, doc, 0}
/* A string: key, rule, allowed values "a|b" (NULL = any), default, doc. */
#define BMP_PSTR(key, rule, values, dflt, doc)                                                     \
    {key, BMP_PARAM_STRING, BMP_RANGE_ANY, rule, values, dflt, NULL, doc, 0}
/* A string whose value the body checks itself, with its own message. */
#define BMP_PSTR_BODY(key, rule, values, dflt, doc)                                                \
    {key, BMP_PARAM_STRING, BMP_RANGE_ANY, rule, values, dflt, NULL, doc, BMP_PARAM_BODY_CHECKED}
#define BMP_PEND {NULL, BMP_PARAM_NUMBER, BMP_RANGE_ANY, NULL, NULL, NULL, NULL, NULL, 0}

/* Every body's players: the USEBIO reader marks a guest (national ID
 * 88888888) so that the writer can give the number back. */
#define BMP_PGUEST                                                                                 \
    BMP_PBOOL("guest", NULL, "false",                                                              \
              "a guest without a national ID (USEBIO 88888888); set by the USEBIO reader")

#endif
