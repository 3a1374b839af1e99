/* The governing bodies the ledger knows (body_ops.h): each room exports one
 * constant table, and this list is the only place that names them all. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "bridgemp/rules.h"
#include "ledger/body_ops.h"

extern const ledger_body_ops ledger_abf_ops, ledger_acbl_ops, ledger_ebu_ops, ledger_nzb_ops;

static const ledger_body_ops *const bodies[] = {&ledger_abf_ops, &ledger_acbl_ops,
                                                &ledger_ebu_ops, &ledger_nzb_ops};

/* A code as given on input: any case, or another spelling of the body
 * that libbridgemp's registry (bmp_rules_find, the one table of them)
 * accepts ("nz"). */
const ledger_body_ops *ledger_body_ops_find(const char *code)
{
    const bmp_rules *r = code ? bmp_rules_find(code) : NULL;
    const char *name = r ? r->body : code;
    for (size_t i = 0; name && i < sizeof bodies / sizeof bodies[0]; i++)
        if (strcasecmp(name, bodies[i]->code) == 0)
            return bodies[i];
    return NULL;
}

/* A body row's code, exactly as the core's rules always matched it. */
const ledger_body_ops *ledger_body_ops_of(const char *code)
{
    for (size_t i = 0; code && i < sizeof bodies / sizeof bodies[0]; i++)
        if (strcmp(code, bodies[i]->code) == 0)
            return bodies[i];
    return NULL;
}

/* `given` names `code` itself (any case) or another spelling of it. */
bool ledger_body_names(const char *given, const char *code)
{
    if (strcasecmp(given, code) == 0)
        return true;
    const ledger_body_ops *o = ledger_body_ops_of(code);
    return o && ledger_body_ops_find(given) == o;
}

const char *ledger_body_codes(char *buf, size_t size)
{
    size_t n = sizeof bodies / sizeof bodies[0], at = 0;
    if (size)
        buf[0] = '\0';
    for (size_t i = 0; i < n && at < size; i++) {
        int k = snprintf(buf + at, size - at, "%s%s", i == 0 ? "" : i + 1 == n ? " or " : ", ",
                         bodies[i]->code);
        at += k > 0 ? (size_t)k : 0;
    }
    return buf;
}
