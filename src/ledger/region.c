/* A player's region as each body names it (region.h; docs/rulings.md
 * RG-1 gives the evidence for each body's word and list). */
#include "ledger/region.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "bridgemp/ledger_publish.h"
#include "core/text_safe.h"
#include "core/util.h"

/* The ABF's State and Territory Associations, by the abbreviations its
 * regulations list their State Masterpoint Secretaries under (ABF
 * Masterpoint Scheme 2025, 1.2.2 and its list of secretaries). */
static const struct {
    const char *code, *name;
} abf_states[] = {
    {"ACT", "Australian Capital Territory"}, {"NSW", "New South Wales"},
    {"NT", "Northern Territory"},            {"QLD", "Queensland"},
    {"SA", "South Australia"},               {"TAS", "Tasmania"},
    {"VIC", "Victoria"},                     {"WA", "Western Australia"},
};
#define NSTATES (sizeof abf_states / sizeof abf_states[0])

const char *ledger_region_word(const char *body)
{
    if (!body)
        return "region";
    if (strcasecmp(body, "abf") == 0)
        return "state";
    if (strcasecmp(body, "ebu") == 0)
        return "county";
    if (strcasecmp(body, "acbl") == 0)
        return "unit";
    return "region"; /* nzb: NZ Bridge's Regions */
}

const char *bmp_ledger_region_word(const char *body) { return ledger_region_word(body); }

bool ledger_region_listed(const char *body) { return body && strcasecmp(body, "abf") == 0; }

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
    if (ledger_region_listed(body)) {
        for (size_t i = 0; i < NSTATES; i++)
            if (strcasecmp(t, abf_states[i].code) == 0 || strcasecmp(t, abf_states[i].name) == 0) {
                core_strlcpy(out, abf_states[i].code, LEDGER_REGION_MAX + 1);
                return true;
            }
        snprintf(why, wsize, "%s \"%s\": expected one of ACT, NSW, NT, QLD, SA, TAS, VIC, WA "
                 "(or the name, as New South Wales)", word, t);
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
