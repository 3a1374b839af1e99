/* `bridgemp ledger token create|list|revoke`: API tokens for `bridgemp
 * serve` (include/bridgemp/ledger_token.h, docs/serve.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ledger_token.h"
#include "cmd_ledger.h"

static const char *const help_token =
    "usage: bridgemp ledger token create --scope SCOPE [--name LABEL]\n"
    "       bridgemp ledger token list [--format table|csv|json] [--output FILE]\n"
    "       bridgemp ledger token revoke ID\n"
    "\n"
    "API tokens for 'bridgemp serve'.  SCOPE is club:<body>:<number> (uploads that\n"
    "club's results) or secretary:<body> (approves, rejects and corrects batches).\n"
    "The token is printed once; the ledger keeps only its hash.  Revoked tokens stay\n"
    "listed with the time they were revoked.\n";

static bmp_status fill_tokens(bmp_ledger *l, const ledger_args *a, const void *arg, bmp_table *t,
                              bmp_error *e)
{
    (void)a;
    (void)arg;
    return bmp_ledger_token_list(l, t, e);
}

static bmp_status token_step(bmp_ledger *l, const ledger_args *a, const void *arg,
                             bmp_problems *p, bmp_error *e)
{
    (void)p;
    const char *sub = a->pos[1];
    if (strcmp(sub, "list") == 0)
        return ledger_fill_put(l, a, fill_tokens, NULL, e);
    if (strcmp(sub, "revoke") == 0) {
        long long id = *(const long long *)arg;
        bmp_status st = bmp_ledger_token_revoke(l, id, e);
        if (!st)
            printf("token %lld revoked\n", id);
        return st;
    }
    char tok[BMP_TOKEN_SIZE];
    int64_t id = 0;
    bmp_status st = bmp_ledger_token_create(l, a->scope, a->name, &id, tok, e);
    if (st)
        return st;
    printf("token %lld %s\n%s\n", (long long)id, a->scope, tok);
    fputs("(shown once: the ledger keeps only its hash)\n", stderr);
    return BMP_OK;
}

int ledger_cmd_token(ledger_args *a)
{
    if (a->help)
        return ledger_usage(a, help_token);
    const char *sub = a->npos >= 2 ? a->pos[1] : "";
    long long id = 0;
    bool ok = (strcmp(sub, "create") == 0 && a->npos == 2 && a->scope) ||
              (strcmp(sub, "list") == 0 && a->npos == 2) ||
              (strcmp(sub, "revoke") == 0 && a->npos == 3);
    if (!ok)
        return ledger_usage(a, help_token);
    if (strcmp(sub, "revoke") == 0 && !ledger_number(a->pos[2], 1, INT64_MAX, &id)) {
        fprintf(stderr, "bridgemp ledger token revoke: expected a token id, got \"%s\"\n",
                a->pos[2]);
        return LEDGER_EXIT_USAGE;
    }
    return ledger_run(a, token_step, &id);
}
