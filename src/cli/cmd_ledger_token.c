/* `bridgemp ledger token create|list|revoke`: API tokens for `bridgemp
 * serve` (include/bridgemp/ledger_token.h, docs/serve.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ledger_token.h"
#include "cmd_ledger.h"

static const char *const help_token =
    "usage: bridgemp ledger token create --scope SCOPE [--name LABEL]\n"
    "       bridgemp ledger token list [--format table|csv|json]\n"
    "       bridgemp ledger token revoke ID\n"
    "\n"
    "API tokens for 'bridgemp serve'.  SCOPE is club:<body>:<number> (uploads that\n"
    "club's results) or secretary:<body> (approves, rejects and corrects batches).\n"
    "The token is printed once; the ledger keeps only its hash.  Revoked tokens stay\n"
    "listed with the time they were revoked.\n";

static int token_create(ledger_args *a, bmp_ledger *l, bmp_error *e)
{
    char tok[BMP_TOKEN_SIZE];
    int64_t id = 0;
    bmp_status st = bmp_ledger_token_create(l, a->scope, a->name, &id, tok, e);
    if (st)
        return ledger_fail(e, st);
    printf("token %lld %s\n%s\n", (long long)id, a->scope, tok);
    fputs("(shown once: the ledger keeps only its hash)\n", stderr);
    return 0;
}

static int token_list(ledger_args *a, bmp_ledger *l, bmp_error *e)
{
    bmp_table t;
    bmp_table_init(&t);
    bmp_status st = bmp_ledger_token_list(l, &t, e);
    if (!st)
        st = bmp_table_write(&t, a->fmt, stdout, e);
    bmp_table_free(&t);
    return st ? ledger_fail(e, st) : 0;
}

static int token_revoke(ledger_args *a, bmp_ledger *l, bmp_error *e)
{
    char *end = NULL;
    long long id = strtoll(a->pos[2], &end, 10);
    if (!*a->pos[2] || *end || id <= 0) {
        fprintf(stderr, "bridgemp ledger token revoke: expected a token id, got \"%s\"\n",
                a->pos[2]);
        return LEDGER_EXIT_USAGE;
    }
    bmp_status st = bmp_ledger_token_revoke(l, id, e);
    if (st)
        return ledger_fail(e, st);
    printf("token %lld revoked\n", id);
    return 0;
}

int ledger_cmd_token(ledger_args *a)
{
    if (a->help)
        return ledger_usage(a, help_token);
    const char *sub = a->npos >= 2 ? a->pos[1] : "";
    bool ok = (strcmp(sub, "create") == 0 && a->npos == 2 && a->scope) ||
              (strcmp(sub, "list") == 0 && a->npos == 2) ||
              (strcmp(sub, "revoke") == 0 && a->npos == 3);
    if (!ok)
        return ledger_usage(a, help_token);
    bmp_error e = {0};
    bmp_ledger *l = NULL;
    bmp_status st = ledger_open_db(a, false, &l, &e);
    if (st)
        return ledger_fail(&e, st);
    int rc = sub[0] == 'c' ? token_create(a, l, &e)
             : sub[0] == 'l' ? token_list(a, l, &e)
                             : token_revoke(a, l, &e);
    bmp_ledger_close(l);
    return rc;
}
