/* A player's region as each body names it (region.h; docs/rulings.md
 * RG-1 gives the evidence for each body's word and list). */
#include "ledger/register/region.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "bridgemp/ledger_publish.h"
#include "core/text_safe.h"
#include "core/util.h"
#include "ledger/body_ops.h"

/* The body's table, or NULL for an unknown body. */
static const ledger_body_ops *ops_of(const char *body)
{
    return body ? ledger_body_ops_find(body) : NULL;
}

const char *ledger_region_word(const char *body)
{
    const ledger_body_ops *ops = ops_of(body);
    return ops && ops->region_word ? ops->region_word : "region"; /* nzb: NZ Bridge's Regions */
}

const char *bmp_ledger_region_word(const char *body) { return ledger_region_word(body); }

bool bmp_ledger_register_field(const char *body, const char *field)
{
    static const char *const own[] = {"overseas", "youth", "registered_from", "registered_to",
                                      "pre1982_red", NULL};
    const ledger_body_ops *ops = ops_of(body);
    bool body_field = false;
    for (size_t i = 0; field && own[i]; i++)
        body_field |= strcmp(field, own[i]) == 0;
    if (!body_field)
        return true;
    for (size_t i = 0; ops && ops->register_fields && ops->register_fields[i]; i++)
        if (strcmp(field, ops->register_fields[i]) == 0)
            return true;
    return false;
}

bool ledger_region_listed(const char *body)
{
    const ledger_body_ops *ops = ops_of(body);
    return ops && ops->nregions > 0;
}

void ledger_region_list(const char *body, char *buf, size_t size)
{
    const ledger_body_ops *ops = ops_of(body);
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; ops && i < ops->nregions; i++) {
        int n = snprintf(buf + used, size - used, "%s%s", i ? ", " : "", ops->regions[i].code);
        if (n < 0 || (size_t)n >= size - used)
            break;
        used += (size_t)n;
    }
}

/* text without its leading and trailing white space into buf. */
static void trim(const char *text, char *buf, size_t size)
{
    while (isspace((unsigned char)*text))
        text++;
    size_t n = strlen(text);
    while (n && isspace((unsigned char)text[n - 1]))
        n--;
    if (n >= size)
        n = size - 1;
    memcpy(buf, text, n);
    buf[n] = '\0';
}

bool ledger_region_norm(const char *body, const char *text, char out[LEDGER_REGION_MAX + 1],
                        char *why, size_t wsize)
{
    char t[512];
    const char *word = ledger_region_word(body);
    out[0] = '\0';
    trim(text ? text : "", t, sizeof t);
    if (!*t)
        return true;
    const ledger_body_ops *ops = ops_of(body);
    if (ops && ops->nregions > 0) {
        for (size_t i = 0; i < ops->nregions; i++) {
            const ledger_region_code *r = &ops->regions[i];
            if (strcasecmp(t, r->code) == 0 || strcasecmp(t, r->name) == 0) {
                core_strlcpy(out, r->code, LEDGER_REGION_MAX + 1);
                return true;
            }
        }
        char list[256];
        ledger_region_list(body, list, sizeof list);
        snprintf(why, wsize, "%s \"%s\": expected one of %s, or its name in full", word, t, list);
        return false;
    }
    char fault[160];
    if (core_text_fault(t, LEDGER_REGION_MAX, fault, sizeof fault)) {
        snprintf(why, wsize, "%s: %s", word, fault);
        return false;
    }
    core_strlcpy(out, t, LEDGER_REGION_MAX + 1);
    return true;
}
