/* The command mechanism of both programs (cmdline.h): finding the command,
 * checking and storing its options, the generated help, the usage errors. */
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli/common/cmdline.h"

/* ---- words and tables ------------------------------------------------------ */

/* Word i of a command's name (n characters), or NULL. */
static const char *word(const char *name, size_t i, size_t *n)
{
    const char *w = name;
    *n = 0;
    for (;;) {
        w += strspn(w, " ");
        if (!*w)
            return NULL;
        *n = strcspn(w, " ");
        if (i-- == 0)
            return w;
        w += *n;
    }
}

static size_t nwords(const char *name)
{
    size_t n, k = 0;
    while (word(name, k, &n))
        k++;
    return k;
}

static bool placeholder(const char *w)
{
    return isupper((unsigned char)*w);
}

static bool word_is(const char *w, size_t n, const char *s)
{
    return strlen(s) == n && strncmp(w, s, n) == 0;
}

/* Do the first k words of name equal pos[0..k-1] (exact: not by a placeholder)? */
static bool prefix_is(const char *name, const char *const *pos, size_t k, bool exact)
{
    for (size_t i = 0; i < k; i++) {
        size_t n;
        const char *w = word(name, i, &n);
        if (!w || !(word_is(w, n, pos[i]) || (!exact && placeholder(w))))
            return false;
    }
    return true;
}

typedef struct walk {
    size_t s;
    const cli_cmd *c;
} walk;

/* The next command of every section (it->c NULL to start); NULL at the end. */
static const cli_cmd *next_cmd(const cli_prog *prog, walk *it)
{
    if (it->c && it->c->name)
        it->c++;
    else if (!it->c)
        it->s = 0, it->c = prog->nsections ? prog->sections[0] : NULL;
    while (it->c && !it->c->name) {
        if (++it->s >= prog->nsections)
            return it->c = NULL;
        it->c = prog->sections[it->s];
    }
    return it->c;
}

/* Option "--name" (n characters) or -letter of table t, or NULL. */
static const cli_opt *find_in(const cli_opt *t, const char *name, size_t n, char letter)
{
    for (; t && t->name; t++)
        if (letter ? t->letter == letter : word_is(name, n, t->name))
            return t;
    return NULL;
}

/* An option of the program anywhere: the global ones, then any command's. */
static const cli_opt *find_any(const cli_prog *prog, const char *name, size_t n, char letter)
{
    const cli_opt *o = find_in(prog->globals, name, n, letter);
    walk it = {0};
    for (const cli_cmd *c; !o && (c = next_cmd(prog, &it));)
        o = find_in(c->opts, name, n, letter);
    return o;
}

/* ---- tokens ------------------------------------------------------------------ */

typedef enum tok { TOK_POS, TOK_END, TOK_HELP, TOK_LONG, TOK_SHORT } tok;

/* What argv word s is: "-" and "-5" are positional, "--" ends the options. */
static tok token(const char *s)
{
    if (s[0] != '-' || s[1] == '\0' || isdigit((unsigned char)s[1]) || s[1] == '.')
        return TOK_POS;
    if (strcmp(s, "--") == 0)
        return TOK_END;
    if (strcmp(s, "-h") == 0 || strcmp(s, "--help") == 0)
        return TOK_HELP;
    return s[1] == '-' ? TOK_LONG : TOK_SHORT;
}

/* An option word's name: "--body" of "--body=x" (n characters), its value
 * when attached ("x", or the rest of "-fjson"), and its letter if short. */
static void split(const char *s, size_t *n, const char **attached, char *letter)
{
    *letter = 0;
    *attached = NULL;
    if (s[1] != '-') {
        *letter = s[1];
        *n = 2;
        *attached = s[2] ? s + 2 : NULL;
        return;
    }
    const char *eq = strchr(s, '=');
    *n = eq ? (size_t)(eq - s) : strlen(s);
    *attached = eq ? eq + 1 : NULL;
}

/* The positional words before the command is known: an option takes the
 * next word when an option of that name anywhere in the program takes a
 * value.  *unknown: the first option no table has. */
static size_t prescan(const cli_prog *prog, int argc, char **argv, const char **pos,
                      bool *help, const char **unknown, bool *list)
{
    size_t npos = 0;
    for (int i = 0; i < argc; i++) {
        tok t = token(argv[i]);
        if (t == TOK_END) {
            while (++i < argc)
                pos[npos++] = argv[i];
        } else if (t == TOK_POS) {
            pos[npos++] = argv[i];
        } else if (t == TOK_HELP) {
            *help = true;
        } else if (strcmp(argv[i], "--list-commands") == 0) {
            *list = true;
        } else {
            size_t n;
            const char *att;
            char letter;
            split(argv[i], &n, &att, &letter);
            const cli_opt *o = find_any(prog, argv[i], n, letter);
            if (!o && !*unknown)
                *unknown = argv[i];
            if (o && o->kind != CLI_FLAG && !att)
                i++;
        }
    }
    return npos;
}

/* ---- finding the command ------------------------------------------------------- */

/* The command named by pos's first words: more words first, then exact
 * words before placeholders.  *k: its number of words. */
static const cli_cmd *match(const cli_prog *prog, const char *const *pos, size_t npos, size_t *k)
{
    const cli_cmd *best = NULL;
    size_t bk = 0;
    bool bexact = false;
    walk it = {0};
    for (const cli_cmd *c; (c = next_cmd(prog, &it));) {
        size_t w = nwords(c->name);
        if (!c->run || w > npos || w < bk || !prefix_is(c->name, pos, w, false))
            continue;
        bool exact = prefix_is(c->name, pos, w, true);
        if (w > bk || (exact && !bexact)) {
            best = c;
            bk = w;
            bexact = exact;
        }
    }
    *k = bk;
    return best;
}

/* How many of pos's words name a group (a prefix of some command's longer name). */
static size_t group_depth(const cli_prog *prog, const char *const *pos, size_t npos)
{
    size_t d = 0;
    walk it = {0};
    for (const cli_cmd *c; (c = next_cmd(prog, &it));) {
        size_t w = nwords(c->name);
        for (size_t k = d + 1; k < w && k <= npos; k++)
            if (prefix_is(c->name, pos, k, true))
                d = k;
    }
    return d;
}

/* The group entry (no run) named by exactly pos[0..k-1], or NULL. */
static const cli_cmd *group_entry(const cli_prog *prog, const char *const *pos, size_t k)
{
    walk it = {0};
    for (const cli_cmd *c; (c = next_cmd(prog, &it));)
        if (!c->run && nwords(c->name) == k && prefix_is(c->name, pos, k, true))
            return c;
    return NULL;
}

/* Do a and b share their first k words? */
static bool same_words(const char *a, const char *b, size_t k)
{
    for (size_t i = 0; i < k; i++) {
        size_t na, nb;
        const char *wa = word(a, i, &na), *wb = word(b, i, &nb);
        if (!wa || !wb || na != nb || strncmp(wa, wb, na) != 0)
            return false;
    }
    return true;
}

/* Is c the first command of the table whose first k words are c's? */
static bool first_of(const cli_prog *prog, const cli_cmd *c, size_t k)
{
    walk it = {0};
    for (const cli_cmd *e; (e = next_cmd(prog, &it)) && e != c;)
        if (nwords(e->name) >= k && same_words(e->name, c->name, k))
            return false;
    return true;
}

/* ---- help --------------------------------------------------------------------- */

enum { WIDTH = 79, OPT_COL = 24, CMD_COL = 28 };

/* Put piece at *col, first on a new line indented by indent when it would pass WIDTH. */
static void put_piece(FILE *f, const char *piece, size_t *col, size_t indent)
{
    size_t n = strlen(piece);
    if (*col + 1 + n > WIDTH && *col > indent) {
        fprintf(f, "\n%*s", (int)indent, "");
        *col = indent;
    } else {
        fputc(' ', f);
        (*col)++;
    }
    fputs(piece, f);
    *col += n;
}

/* "usage: PROG WORDS ARGS --req V [--opt V] ..." (lead "usage:" or spaces). */
static void usage_line(const cli_prog *prog, const cli_cmd *c, const char *lead, FILE *f)
{
    char piece[160];
    int n = fprintf(f, "%s %s %s", lead, prog->name, c->name);
    size_t col = n > 0 ? (size_t)n : 0, indent = col + 1;
    if (c->args && *c->args)
        put_piece(f, c->args, &col, indent);
    for (int required = 1; required >= 0; required--)
        for (const cli_opt *o = c->opts; o && o->name; o++) {
            if (o->required != (required == 1))
                continue;
            snprintf(piece, sizeof piece, "%s%s%s%s%s%s", required ? "" : "[", o->name,
                     o->value ? " " : "", o->value ? o->value : "",
                     o->kind == CLI_LIST ? " ..." : "", required ? "" : "]");
            put_piece(f, piece, &col, indent);
        }
    if (c->flags & CLI_OPEN)
        put_piece(f, "[--NAME VALUE ...]", &col, indent);
    fputc('\n', f);
}

static void option_lines(const cli_opt *t, FILE *f)
{
    bool letters = false; /* then a long-only option lines up with the others' long form */
    for (const cli_opt *o = t; o && o->name; o++)
        letters |= o->letter != 0;
    for (; t && t->name; t++) {
        char left[96], letter[8] = "";
        if (t->letter || letters)
            snprintf(letter, sizeof letter, t->letter ? "-%c, " : "    ", t->letter);
        snprintf(left, sizeof left, "%s%s%s%s%s", letter, t->name, t->value ? " " : "",
                 t->value ? t->value : "", t->kind == CLI_LIST ? " ..." : "");
        if (strlen(left) > OPT_COL - 3)
            fprintf(f, "  %s\n  %-*s", left, OPT_COL - 3, "");
        else
            fprintf(f, "  %-*s", OPT_COL - 3, left);
        fprintf(f, " %s%s\n", t->doc ? t->doc : "", t->required ? " (required)" : "");
    }
}

static void cmd_help(const cli_prog *prog, const cli_cmd *c, FILE *f)
{
    usage_line(prog, c, "usage:", f);
    if (c->help)
        fprintf(f, "\n%s", c->help);
    fputs("\noptions:\n", f);
    option_lines(c->opts, f);
    option_lines(prog->globals, f);
    fprintf(f, "  %-*s %s\n", OPT_COL - 3, "-h, --help", "this help");
}

/* Is c listed on its own in PROG --help, or (a member of a group that has
 * an entry) through its group's entry? */
static bool listed(const cli_prog *prog, const cli_cmd *c)
{
    if (c->flags & CLI_UNLISTED)
        return false;
    if (!c->run)
        return true;
    size_t n;
    const char *w = word(c->name, 0, &n);
    walk it = {0};
    for (const cli_cmd *g; nwords(c->name) > 1 && (g = next_cmd(prog, &it));)
        if (!g->run && nwords(g->name) == 1 && word_is(w, n, g->name))
            return false;
    return true;
}

/* "  WORDS ARGS   summary", the words after skip characters of the name. */
static void list_line(const cli_cmd *c, size_t skip, FILE *f)
{
    char left[128];
    snprintf(left, sizeof left, "%s%s%s", c->name + skip, c->args && *c->args ? " " : "",
             c->args ? c->args : "");
    if (strlen(left) > CMD_COL)
        fprintf(f, "  %s\n  %-*s", left, CMD_COL, "");
    else
        fprintf(f, "  %-*s", CMD_COL, left);
    for (const char *s = c->summary ? c->summary : ""; *s; s++) {
        fputc(' ', f);
        size_t n = strcspn(s, "\n");
        fprintf(f, "%.*s", (int)n, s);
        s += n;
        if (!*s)
            break;
        fprintf(f, "\n  %-*s", CMD_COL, "");
    }
    fputc('\n', f);
}

/* A group's help: every member's usage line, the group's text, its members. */
/* The members of the group pos[0..k-1], the words after the group's kept
 * together: fn(c) for each. */
static void members(const cli_prog *prog, const char *const *pos, size_t k,
                    void (*fn)(const cli_prog *, const cli_cmd *, size_t, FILE *, const char **),
                    FILE *f, const char **lead)
{
    walk it = {0}, in = {0};
    for (const cli_cmd *c; (c = next_cmd(prog, &it));) {
        if (!c->run || nwords(c->name) <= k || !prefix_is(c->name, pos, k, true) ||
            !first_of(prog, c, k + 1))
            continue;
        memset(&in, 0, sizeof in);
        for (const cli_cmd *e; (e = next_cmd(prog, &in));)
            if (e->run && nwords(e->name) > k && same_words(e->name, c->name, k + 1))
                fn(prog, e, k, f, lead);
    }
}

static void member_usage(const cli_prog *prog, const cli_cmd *c, size_t k, FILE *f,
                         const char **lead)
{
    (void)k;
    usage_line(prog, c, *lead, f);
    *lead = "      ";
}

static void member_line(const cli_prog *prog, const cli_cmd *c, size_t k, FILE *f,
                        const char **lead)
{
    (void)prog;
    (void)lead;
    size_t n;
    list_line(c, (size_t)(word(c->name, k, &n) - c->name), f);
}

/* A group's help: every member's usage line, the group's text, its members. */
static void group_help(const cli_prog *prog, const char *const *pos, size_t k, FILE *f)
{
    const char *lead = "usage:";
    members(prog, pos, k, member_usage, f, &lead);
    const cli_cmd *g = group_entry(prog, pos, k);
    if (g && g->help)
        fprintf(f, "\n%s", g->help);
    fputs("\ncommands:\n", f);
    members(prog, pos, k, member_line, f, &lead);
}

void cli_prog_help(const cli_prog *prog, FILE *f)
{
    fprintf(f, "usage: %s\n", prog->usage);
    if (prog->head)
        fprintf(f, "\n%s", prog->head);
    fputs("\ncommands:\n", f);
    walk it = {0}, in = {0};
    for (const cli_cmd *c; (c = next_cmd(prog, &it));) {
        if (!first_of(prog, c, 1)) /* a group's commands together, where the first is */
            continue;
        memset(&in, 0, sizeof in);
        for (const cli_cmd *e; (e = next_cmd(prog, &in));)
            if (same_words(e->name, c->name, 1) && listed(prog, e) &&
                (e->run || nwords(e->name) == 1))
                list_line(e, 0, f);
    }
    if (prog->more)
        prog->more(f);
    if (prog->tail)
        fprintf(f, "\n%s", prog->tail);
}

void cli_help(const cli_prog *prog, const cli_cmd *c, FILE *f)
{
    if (c && c->run)
        cmd_help(prog, c, f);
    else if (c) {
        const char *pos[8];
        size_t k = 0, n;
        for (const char *w; k < 8 && (w = word(c->name, k, &n)); k++)
            pos[k] = strndup(w, n);
        group_help(prog, pos, k, f);
        for (size_t i = 0; i < k; i++)
            free((char *)pos[i]);
    } else
        cli_prog_help(prog, f);
}

int cli_usage(const cli_prog *prog, const cli_cmd *c, const cli_parsed *p)
{
    cli_help(prog, c, p->help ? stdout : stderr);
    return p->help ? 0 : CLI_EXIT_USAGE;
}

int cli_usage_error(const cli_prog *prog, const cli_cmd *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s %s: ", prog->name, c->name);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    if (prog->help_after_error) {
        fputc('\n', stderr);
        cmd_help(prog, c, stderr);
    }
    return CLI_EXIT_USAGE;
}

/* ---- options ------------------------------------------------------------------- */

static void names_of(const cli_opt *t, FILE *f)
{
    for (; t && t->name; t++)
        fprintf(f, " %s,", t->name);
}

int cli_check_opts(const cli_prog *prog, const cli_parsed *p, const char *cmd,
                   const cli_opt *const *tables, size_t ntables)
{
    for (size_t i = 0; i < p->ngiven; i++) {
        const cli_given *g = &p->given[i];
        bool ok = find_in(prog->globals, g->name, g->namelen, 0) != NULL;
        for (size_t k = 0; k < ntables && !ok; k++)
            ok = find_in(tables[k], g->name, g->namelen, 0) != NULL;
        if (ok)
            continue;
        fprintf(stderr, "%s %s: %.*s is not an option of %s; its options:", prog->name, cmd,
                (int)g->namelen, g->name, cmd);
        names_of(prog->globals, stderr);
        for (size_t k = 0; k < ntables; k++)
            names_of(tables[k], stderr);
        fputs(" --help\n", stderr);
        return CLI_EXIT_USAGE;
    }
    return 0;
}

/* A usage error about option s of command c: the message, then c's help
 * when the program gives it after errors. */
static int opt_error(const cli_prog *prog, const cli_cmd *c, const char *s, size_t n,
                     const char *what)
{
    fprintf(stderr, "%s %s: %.*s %s", prog->name, c->name, (int)n, s, what);
    if (strcmp(what, "is not an option of ") == 0) {
        fprintf(stderr, "%s; its options:", c->name);
        names_of(prog->globals, stderr);
        names_of(c->opts, stderr);
        fputs(" --help", stderr);
    }
    fputc('\n', stderr);
    if (prog->help_after_error) {
        fputc('\n', stderr);
        cmd_help(prog, c, stderr);
    }
    return CLI_EXIT_USAGE;
}

/* Store option o's value v into dst. */
static void store(const cli_opt *o, const char *v, void *dst)
{
    if (!o->store || !dst)
        return;
    char *at = (char *)dst + o->off;
    if (o->kind == CLI_FLAG) {
        *(bool *)at = true;
    } else if (o->kind == CLI_VALUE) {
        *(const char **)at = v;
    } else {
        cli_list *l = (cli_list *)at;
        const char **grown = realloc(l->v, (l->n + 1) * sizeof *grown);
        if (grown) {
            grown[l->n++] = v;
            l->v = grown;
        }
    }
}

/* One option word at argv[*i] for command c: looked up, its value taken,
 * stored and recorded.  0 or the exit status. */
static int take_opt(const cli_prog *prog, const cli_cmd *c, int argc, char **argv, int *i,
                    void *dst, cli_parsed *p)
{
    const char *s = argv[*i];
    size_t n;
    const char *att;
    char letter;
    split(s, &n, &att, &letter);
    const cli_opt *o = find_in(c->opts, s, n, letter);
    if (!o)
        o = find_in(prog->globals, s, n, letter);
    if (!o && (!(c->flags & CLI_OPEN) || letter))
        return opt_error(prog, c, s, n, "is not an option of ");
    if (o && o->kind == CLI_FLAG && att && !letter)
        return opt_error(prog, c, s, n, "takes no value");
    const char *v = o && o->kind == CLI_FLAG ? "" : att;
    if (!o && !v && (*i + 1 >= argc || token(argv[*i + 1]) != TOK_POS))
        v = ""; /* another option of an open command: "" unless a word follows */
    if (!v && *i + 1 >= argc)
        return opt_error(prog, c, s, n, "needs a value");
    if (!v)
        v = argv[++*i];
    if (o)
        store(o, v, dst);
    cli_given *g = &p->given[p->ngiven++];
    *g = (cli_given){o, o ? o->name : s, o ? strlen(o->name) : n, v};
    return 0;
}

/* Every option of argv for command c; the positional words again, in order. */
static int take_all(const cli_prog *prog, const cli_cmd *c, int argc, char **argv, void *dst,
                    cli_parsed *p)
{
    p->npos = 0;
    for (int i = 0; i < argc; i++) {
        tok t = token(argv[i]);
        int rc = 0;
        if (t == TOK_END) {
            while (++i < argc)
                p->pos[p->npos++] = argv[i];
        } else if (t == TOK_POS) {
            p->pos[p->npos++] = argv[i];
        } else if (t == TOK_HELP) {
            p->help = true;
        } else {
            rc = take_opt(prog, c, argc, argv, &i, dst, p);
        }
        if (rc)
            return rc;
    }
    return 0;
}

/* ---- the parse ---------------------------------------------------------------------- */

static void list_commands(const cli_prog *prog)
{
    walk it = {0};
    for (const cli_cmd *c; (c = next_cmd(prog, &it));)
        if (c->run)
            printf("%s\n", c->name);
}

/* No command: the program's or a group's help, or an unknown word at depth d. */
static int no_command(const cli_prog *prog, const char *const *pos, size_t npos, bool help,
                      const char *unknown)
{
    size_t d = group_depth(prog, pos, npos);
    FILE *f = help && npos == d && !unknown ? stdout : stderr;
    if (unknown) { /* said first: it may have taken the word after it for its value */
        fprintf(stderr, "%s: unknown option \"%s\"\n\n", prog->name, unknown);
    } else if (npos > d) {
        fprintf(stderr, "%s%s", prog->name, d ? " " : "");
        for (size_t i = 0; i < d; i++)
            fprintf(stderr, "%s%s", pos[i], i + 1 < d ? " " : "");
        fprintf(stderr, ": unknown command \"%s\"; %s:", pos[d], d ? "its commands" : "commands");
        walk it = {0};
        const char *sep = " ";
        for (const cli_cmd *c; (c = next_cmd(prog, &it));) {
            size_t n;
            const char *w = word(c->name, d, &n);
            if (!w || !prefix_is(c->name, pos, d, true) || !first_of(prog, c, d + 1))
                continue;
            fprintf(stderr, "%s%.*s", sep, (int)n, w);
            sep = ", ";
        }
        fputs("\n\n", stderr);
    }
    if (d)
        group_help(prog, pos, d, f);
    else
        cli_prog_help(prog, f);
    return f == stdout ? 0 : CLI_EXIT_USAGE;
}

/* The command's positional count, and --help. */
static bool ready(const cli_prog *prog, cli_parsed *p)
{
    const cli_cmd *c = p->cmd;
    size_t n = p->npos - p->nwords;
    if (p->help && !(c->flags & CLI_OWN_HELP)) {
        cmd_help(prog, c, stdout);
        p->status = 0;
        return false;
    }
    if (!p->help && (n < c->min || n > c->max)) {
        cmd_help(prog, c, stderr);
        p->status = CLI_EXIT_USAGE;
        return false;
    }
    return true;
}

bool cli_parse(const cli_prog *prog, int argc, char **argv, void *dst, cli_parsed *p)
{
    memset(p, 0, sizeof *p);
    p->pos = calloc((size_t)argc + 1, sizeof *p->pos);
    p->given = calloc((size_t)argc + 1, sizeof *p->given);
    if (!p->pos || !p->given) {
        fprintf(stderr, "%s: out of memory\n", prog->name);
        p->status = 1;
        return false;
    }
    const char *unknown = NULL;
    bool list = false;
    if (argc > 0 && token(argv[0]) == TOK_POS) { /* another program's line, as it is */
        walk it = {0};
        for (const cli_cmd *c; (c = next_cmd(prog, &it));)
            if ((c->flags & CLI_RAW) && strcmp(c->name, argv[0]) == 0) {
                p->cmd = c;
                return true;
            }
    }
    p->npos = prescan(prog, argc, argv, p->pos, &p->help, &unknown, &list);
    if (list && p->npos == 0) {
        list_commands(prog);
        return false;
    }
    p->cmd = match(prog, p->pos, p->npos, &p->nwords);
    if (!p->cmd) {
        p->status = no_command(prog, p->pos, p->npos, p->help, unknown);
        return false;
    }
    p->help = false;
    p->status = take_all(prog, p->cmd, argc, argv, dst, p);
    return !p->status && ready(prog, p);
}

void cli_parsed_free(cli_parsed *p)
{
    free(p->pos);
    free(p->given);
    p->pos = NULL;
    p->given = NULL;
}

const char *cli_value(const cli_parsed *p, const char *name)
{
    const char *v = NULL;
    for (size_t i = 0; i < p->ngiven; i++)
        if (word_is(p->given[i].name, p->given[i].namelen, name))
            v = p->given[i].value;
    return v;
}
