/* `bridgemp ledger user add|passwd|disable|list`: staff and club accounts
 * for the pages of `bridgemp serve` (include/bridgemp/ledger_user.h,
 * docs/serve.md "Accounts and sessions", issue 29).  A password is read
 * from the terminal with echo off (typed twice), or as one line of stdin
 * with --password-stdin; never from the command line. */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "bridgemp/ledger_user.h"
#include "cli/ledger/ledger_util.h"

static const char *const help_user =
    "Accounts that log in to the pages of 'bridgemp serve'.  ROLE is\n"
    "secretary:<body> (the body's back office) or scorer:<body>:<club> (that club's\n"
    "submissions and batches); an account may hold several.  The password (at least\n"
    "10 bytes) is asked twice on the terminal, without echo, or read as one line\n"
    "from standard input with --password-stdin; it is never an argument.  The ledger\n"
    "keeps only its Argon2id hash.  passwd and disable end the account's sessions at\n"
    "once; a disabled account stays listed (the audit log names it).  role add\n"
    "gives an account one more role, role remove takes one away (not its only one:\n"
    "disable the account instead); its sessions see the change at their next\n"
    "request.  Each change is audited with --who.\n";

#define PW_BUF (BMP_PASSWORD_MAX + 2)

/* One line of f into buf without its end of line; false at EOF or when too
 * long. */
static bool read_line(FILE *f, char *buf, size_t size)
{
    if (!fgets(buf, (int)size, f))
        return false;
    size_t n = strcspn(buf, "\r\n");
    if (buf[n] == '\0' && n == size - 1)
        return false; /* no end of line within the limit */
    buf[n] = '\0';
    return true;
}

/* Prompt on the terminal with echo off. */
static bool read_tty(FILE *tty, const char *prompt, char *buf, size_t size)
{
    struct termios old, quiet;
    int fd = fileno(tty);
    if (tcgetattr(fd, &old) != 0)
        return false;
    quiet = old;
    quiet.c_lflag &= ~(tcflag_t)ECHO;
    fputs(prompt, tty);
    fflush(tty);
    tcsetattr(fd, TCSAFLUSH, &quiet);
    bool ok = read_line(tty, buf, size);
    tcsetattr(fd, TCSAFLUSH, &old);
    fputs("\n", tty);
    return ok;
}

/* The new password into buf: stdin's line, or typed twice. */
static bool get_password(const ledger_args *a, char *buf, size_t size)
{
    if (a->password_stdin) {
        if (read_line(stdin, buf, size))
            return true;
        fprintf(stderr, "bridgemp ledger user: --password-stdin: expected one line of at most "
                        "%d bytes on standard input\n", BMP_PASSWORD_MAX);
        return false;
    }
    FILE *tty = fopen("/dev/tty", "r+");
    if (!tty) {
        fputs("bridgemp ledger user: no terminal to ask the password on: use "
              "--password-stdin\n", stderr);
        return false;
    }
    char again[PW_BUF];
    bool ok = read_tty(tty, "Password: ", buf, size) &&
              read_tty(tty, "Password again: ", again, sizeof again);
    if (ok && strcmp(buf, again) != 0) {
        fputs("bridgemp ledger user: the two passwords differ\n", stderr);
        ok = false;
    }
    sodium_memzero(again, sizeof again);
    fclose(tty);
    return ok;
}

static bmp_status add_step(bmp_ledger *l, const ledger_args *a, const void *arg,
                           bmp_problems *p, bmp_error *e)
{
    (void)p;
    bmp_status st = bmp_ledger_user_add(l, a->pos[2], arg, a->roles.v, a->roles.n, e);
    if (!st)
        printf("user %s added\n", a->pos[2]);
    return st;
}

static bmp_status passwd_step(bmp_ledger *l, const ledger_args *a, const void *arg,
                              bmp_problems *p, bmp_error *e)
{
    (void)p;
    bmp_status st = bmp_ledger_user_passwd(l, a->pos[2], arg, e);
    if (!st)
        printf("user %s: password changed, sessions ended\n", a->pos[2]);
    return st;
}

static bmp_status disable_step(bmp_ledger *l, const ledger_args *a, const void *arg,
                               bmp_problems *p, bmp_error *e)
{
    (void)arg;
    (void)p;
    bmp_status st = bmp_ledger_user_disable(l, a->pos[2], e);
    if (!st)
        printf("user %s disabled, sessions ended\n", a->pos[2]);
    return st;
}

static bmp_status role_step(bmp_ledger *l, const ledger_args *a, const void *arg,
                            bmp_problems *p, bmp_error *e)
{
    (void)p;
    bool add = arg != NULL, changed = false;
    bmp_status st = bmp_ledger_user_role(l, a->pos[3], a->pos[4], add, &changed, e);
    if (!st)
        printf("user %s: role %s %s\n", a->pos[3], a->pos[4],
               changed ? (add ? "added" : "removed")
                       : (add ? "already held (nothing changed)" : "not held (nothing changed)"));
    return st;
}

/* user role add|remove NAME ROLE */
static int cmd_user_role(void *arg)
{
    ledger_args *a = arg;
    bool add = strcmp(a->pos[2], "add") == 0;
    if (!add && strcmp(a->pos[2], "remove") != 0) {
        fprintf(stderr, "bridgemp ledger user role: expected add or remove, got \"%s\"\n",
                a->pos[2]);
        return LEDGER_EXIT_USAGE;
    }
    return ledger_run(a, role_step, add ? "add" : NULL);
}

/* Run a step that needs a new password. */
static int with_password(ledger_args *a, ledger_step_fn step)
{
    char pw[PW_BUF];
    if (!get_password(a, pw, sizeof pw))
        return LEDGER_EXIT_USAGE;
    int rc = ledger_run(a, step, pw);
    sodium_memzero(pw, sizeof pw);
    return rc;
}

static int cmd_user_add(void *arg)
{
    ledger_args *a = arg;
    if (a->roles.n == 0) {
        fputs("bridgemp ledger user add: expected at least one --role "
              "(secretary:<body> or scorer:<body>:<club>)\n", stderr);
        return LEDGER_EXIT_USAGE;
    }
    return with_password(a, add_step);
}

static int cmd_user_passwd(void *a) { return with_password(a, passwd_step); }
static int cmd_user_disable(void *a) { return ledger_run(a, disable_step, NULL); }

static bmp_status fill_users(bmp_ledger *l, const ledger_args *a, const void *arg, bmp_table *t,
                             bmp_error *e)
{
    (void)a;
    (void)arg;
    return bmp_ledger_user_list(l, t, e);
}

static int cmd_user_list(void *a) { return ledger_report_table(a, fill_users, NULL); }

#define LOPT_STDIN                                                                           \
    LFLAG(password_stdin, "--password-stdin", "read the password as one line of standard input")
static const cli_opt opts_add[] = {
    {"--role", 0, CLI_LIST, "ROLE", "secretary:<body> or scorer:<body>:<club>", true,
     offsetof(ledger_args, roles), true, 0},
    LOPT_STDIN, CLI_OPT_END};
static const cli_opt opts_passwd[] = {LOPT_STDIN, CLI_OPT_END};
static const cli_opt opts_list[] = {LEDGER_TABLE_OPTS, CLI_OPT_END};

const cli_cmd ledger_cmds_user[] = {
    {"user add", "NAME", "a staff or club account for serve's pages", help_user, opts_add, 1, 1,
     cmd_user_add, 0},
    {"user passwd", "NAME", "a new password (ends the account's sessions)", help_user, opts_passwd,
     1, 1, cmd_user_passwd, 0},
    {"user disable", "NAME", "disable an account", help_user, NULL, 1, 1, cmd_user_disable, 0},
    {"user role", "add|remove NAME ROLE", "give or take one role", help_user, NULL, 3, 3,
     cmd_user_role, 0},
    {"user list", "", "the accounts", help_user, opts_list, 0, 0, cmd_user_list, 0},
    {NULL, NULL, NULL, NULL, NULL, 0, 0, NULL, 0}};
