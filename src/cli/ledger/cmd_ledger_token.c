/* `bridgemp ledger token create|list|revoke`: API tokens for `bridgemp
 * serve` (include/bridgemp/ledger_token.h, docs/serve.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ledger_token.h"
#include "cli/ledger/ledger_util.h"

static const char *const help_token =
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

static int cmd_token_list(void *a) { return ledger_report_table(a, fill_tokens, NULL); }

static bmp_status revoke_step(bmp_ledger *l, const ledger_args *a, const void *arg,
                              bmp_problems *p, bmp_error *e)
{
    (void)a;
    (void)p;
    long long id = *(const long long *)arg;
    bmp_status st = bmp_ledger_token_revoke(l, id, e);
    if (!st)
        printf("token %lld revoked\n", id);
    return st;
}

static int cmd_token_revoke(void *arg)
{
    ledger_args *a = arg;
    long long id = 0;
    if (!ledger_number(a->pos[2], 1, INT64_MAX, &id)) {
        fprintf(stderr, "bridgemp ledger token revoke: expected a token id, got \"%s\"\n",
                a->pos[2]);
        return LEDGER_EXIT_USAGE;
    }
    return ledger_run(a, revoke_step, &id);
}

static bmp_status create_step(bmp_ledger *l, const ledger_args *a, const void *arg,
                              bmp_problems *p, bmp_error *e)
{
    (void)arg;
    (void)p;
    char tok[BMP_TOKEN_SIZE];
    int64_t id = 0;
    bmp_status st = bmp_ledger_token_create(l, a->scope, a->name, &id, tok, e);
    if (st)
        return st;
    printf("token %lld %s\n%s\n", (long long)id, a->scope, tok);
    fputs("(shown once: the ledger keeps only its hash)\n", stderr);
    return BMP_OK;
}

static int cmd_token_create(void *arg)
{
    ledger_args *a = arg;
    if (!a->scope)
        return ledger_usage(a);
    return ledger_run(a, create_step, NULL);
}

static const cli_opt opts_create[] = {
    LOPT_REQ(scope, "SCOPE", "club:<body>:<number> or secretary:<body>"),
    LOPT(name, "LABEL", "a label to know it by"), CLI_OPT_END};
static const cli_opt opts_list[] = {LEDGER_TABLE_OPTS, CLI_OPT_END};

const cli_cmd ledger_cmds_token[] = {
    {"token create", "", "an API token for 'bridgemp serve' (printed once)", help_token,
     opts_create, 0, 0, cmd_token_create, 0},
    {"token list", "", "the tokens, revoked ones too", help_token, opts_list, 0, 0,
     cmd_token_list, 0},
    {"token revoke", "ID", "revoke a token", help_token, NULL, 1, 1, cmd_token_revoke, 0},
    {NULL, NULL, NULL, NULL, NULL, 0, 0, NULL, 0}};
