/* The governing bodies the ledger knows (body_ops.h): each room exports one
 * constant table, and this list is the only place that names them all. */
#include <string.h>
#include <strings.h>

#include "ledger/body_ops.h"

extern const ledger_body_ops ledger_abf_ops, ledger_acbl_ops, ledger_ebu_ops, ledger_nzb_ops;

static const ledger_body_ops *const bodies[] = {&ledger_abf_ops, &ledger_acbl_ops,
                                                &ledger_ebu_ops, &ledger_nzb_ops};

/* A code as given on input: any case, or the body's alias ("nz"). */
const ledger_body_ops *ledger_body_ops_find(const char *code)
{
    for (size_t i = 0; code && i < sizeof bodies / sizeof bodies[0]; i++)
        if (strcasecmp(code, bodies[i]->code) == 0 ||
            (bodies[i]->alias && strcasecmp(code, bodies[i]->alias) == 0))
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

/* `given` names `code` itself (any case) or the alias of the body `code`. */
bool ledger_body_names(const char *given, const char *code)
{
    if (strcasecmp(given, code) == 0)
        return true;
    const ledger_body_ops *o = ledger_body_ops_of(code);
    return o && o->alias && strcasecmp(given, o->alias) == 0;
}
