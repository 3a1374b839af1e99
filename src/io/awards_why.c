/* Say why (docs/output-format.md): the fixed award-kind vocabulary, "valid
 * event, no awards", and the reasons for every event that earns nothing and
 * every contestant left out, each with a rule ID and section. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/bridgemp.h"
#include "core/text_safe.h"
#include "core/util.h"

/* ---- one vocabulary of award kinds ------------------------------------ */

typedef struct kind_map {
    const char *label; /* a body's own term */
    const char *kind;  /* the output vocabulary */
} kind_map;

/* Every body's term, mapped once: a new term is added here (the schema
 * test fails on "other" for any example). */
static const kind_map kinds[] = {
    {"overall", "overall"},   {"outright", "overall"},  /* ABF 4.3 */
    {"ranking", "overall"},   /* EBU: placing on the event's scale */
    {"gold", "overall"},      /* EBU gold points for a placing (2.5.1) */
    {"final", "overall"},     {"stratum", "stratum"},   {"flight", "stratum"},
    {"session", "session"},   {"section", "session"},   {"session-top", "session"},
    {"section-top", "session"}, {"match", "match"},     {"matches", "match"},
    {"final-match", "match"}, {"ladder", "bonus"},      {"grade-bonus", "bonus"},
    {"bonus", "bonus"},
};

const char *bmp_award_kind_class(const char *label)
{
    for (size_t i = 0; label && i < sizeof kinds / sizeof kinds[0]; i++)
        if (strcmp(label, kinds[i].label) == 0)
            return kinds[i].kind;
    return "other";
}

bool bmp_awards_empty(const bmp_awards *a)
{
    for (size_t i = 0; i < a->count; i++)
        if (a->items[i].points != 0)
            return false;
    return true;
}

/* ---- reasons ------------------------------------------------------------ */

void bmp_reasons_free(bmp_reason *r, size_t n)
{
    for (size_t i = 0; r && i < n; i++)
        free(r[i].text);
    free(r);
}

typedef struct rlist {
    bmp_reason *items;
    size_t n, cap;
} rlist;

static bmp_status add(rlist *l, size_t contestant, int player, const char *rule,
                      const char *section, const char *text)
{
    bmp_reason *p = core_grow(l->items, &l->cap, l->n, sizeof *p);
    if (!p)
        return BMP_ENOMEM;
    l->items = p;
    bmp_reason *r = &l->items[l->n];
    memset(r, 0, sizeof *r);
    r->contestant = contestant;
    r->player = player;
    snprintf(r->rule, sizeof r->rule, "%s", rule ? rule : "");
    snprintf(r->section, sizeof r->section, "%s", section ? section : "");
    if (!(r->text = core_strdup(text)))
        return BMP_ENOMEM;
    l->n++;
    return BMP_OK;
}

/* A rule ID: capitals, a hyphen, then a digit ("EBU-28", "NZ-12", "C-4"). */
static size_t rule_id_at(const char *p)
{
    size_t n = 0;
    while (isupper((unsigned char)p[n]))
        n++;
    if (n == 0 || p[n] != '-' || !isdigit((unsigned char)p[n + 1]))
        return 0;
    n++;
    while (isalnum((unsigned char)p[n]))
        n++;
    return n;
}

/* Read the citation a body's note ends with, "(3.1.2, EBU-28)" or
 * "(4.2, 4.3.1)": the rule ID into rule, the rest into section. */
static void cite_from_note(const char *note, char rule[16], char section[48])
{
    rule[0] = section[0] = '\0';
    const char *open = strrchr(note, '(');
    const char *close = open ? strchr(open, ')') : NULL;
    if (!open || !close)
        return;
    size_t sl = 0;
    for (const char *p = open + 1; p < close;) {
        size_t n = rule_id_at(p);
        const char *comma = memchr(p, ',', (size_t)(close - p));
        const char *end = comma ? comma : close;
        if (n && p + n == end && !rule[0]) {
            snprintf(rule, 16, "%.*s", (int)n, p);
        } else if (end > p && sl + (size_t)(end - p) + 3 < 48) {
            sl += (size_t)snprintf(section + sl, 48 - sl, "%s%.*s", sl ? ", " : "",
                                   (int)(end - p), p);
        }
        p = end + (comma ? 1 : 0);
        while (*p == ' ')
            p++;
    }
}

/* The whole event earns nothing and the body said why only in a note. */
static bmp_status event_reason(const bmp_awards *a, rlist *l)
{
    const char *last = a->nnotes ? a->notes[a->nnotes - 1] : NULL;
    char rule[16], section[48];
    if (!last) {
        /* C-4 (docs/rulings.md): never silent, even without a note. */
        return add(l, BMP_WHOLE_EVENT, BMP_ALL_PLAYERS, "C-4", "rulings C-4",
                   "the body's rules award nothing for this event");
    }
    cite_from_note(last, rule, section);
    return add(l, BMP_WHOLE_EVENT, BMP_ALL_PLAYERS, rule, section, last);
}

/* Contestants left out without a reason from the body: phantoms (C-4).
 * A contestant without a place, or placed below the places paid, is not
 * left out: it was ranked and the scale pays fewer places (the award rows
 * show which places were paid, --explain names the rule). */
static bmp_status contestant_reasons(const bmp_event *ev, const bmp_awards *a, rlist *l)
{
    size_t n = ev->ncontestants;
    bool *awarded = calloc(n + 1, sizeof *awarded), *told = calloc(n + 1, sizeof *told);
    bmp_status st = awarded && told ? BMP_OK : BMP_ENOMEM;
    for (size_t i = 0; !st && i < a->count; i++)
        if (a->items[i].contestant < n && a->items[i].points)
            awarded[a->items[i].contestant] = true;
    for (size_t i = 0; !st && i < l->n; i++)
        if (l->items[i].contestant < n)
            told[l->items[i].contestant] = true;
    for (size_t i = 0; !st && i < n; i++)
        if (!awarded[i] && !told[i] && ev->contestants[i].phantom)
            st = add(l, i, BMP_ALL_PLAYERS, "C-4", "rulings C-4",
                     "phantom or sit-out: never awarded");
    free(awarded);
    free(told);
    return st;
}

bmp_status bmp_awards_reasons(const bmp_event *ev, const bmp_awards *a, bmp_reason **out,
                              size_t *n, bmp_error *err)
{
    *out = NULL;
    *n = 0;
    rlist l = {0};
    bmp_status st = BMP_OK;
    bool event_told = false;
    for (size_t i = 0; !st && i < a->nreasons; i++) {
        const bmp_reason *r = &a->reasons[i];
        event_told |= r->contestant == BMP_WHOLE_EVENT;
        st = add(&l, r->contestant, r->player, r->rule, r->section, r->text);
    }
    bool empty = bmp_awards_empty(a);
    if (!st && empty && !event_told)
        st = event_reason(a, &l);
    if (!st && !empty)
        st = contestant_reasons(ev, a, &l);
    if (st) {
        bmp_reasons_free(l.items, l.n);
        return bmp_error_oom(err);
    }
    *out = l.items;
    *n = l.n;
    return BMP_OK;
}

/* Who a reason is about, for a line of text. */
static void who(const bmp_event *ev, const bmp_reason *r, char *buf, size_t n)
{
    if (r->contestant >= ev->ncontestants) {
        snprintf(buf, n, "%s", ev->name ? ev->name : "event");
        return;
    }
    const bmp_contestant *c = &ev->contestants[r->contestant];
    if (r->player >= 0 && (size_t)r->player < c->nplayers) {
        const bmp_player *p = &c->players[r->player];
        snprintf(buf, n, "contestant %s, player %s", c->id, p->id ? p->id : p->name);
    } else {
        snprintf(buf, n, "contestant %s", c->id);
    }
}

bmp_status bmp_awards_write_reasons(const bmp_event *ev, const bmp_awards *a, FILE *diag,
                                    bmp_error *err)
{
    bmp_reason *r;
    size_t n;
    bmp_status st = bmp_awards_reasons(ev, a, &r, &n, err);
    for (size_t i = 0; !st && i < n; i++) {
        char w[256];
        who(ev, &r[i], w, sizeof w);
        char *ew = core_text_escape(w), *et = core_text_escape(r[i].text);
        if (!ew || !et) {
            st = bmp_error_oom(err);
        } else {
            /* The citation, unless the body's text already gives it. */
            bool cited = r[i].rule[0] && strstr(r[i].text, r[i].rule) &&
                         (!r[i].section[0] || strstr(r[i].text, r[i].section));
            if (cited)
                fprintf(diag, "bridgemp: no award: %s: %s\n", ew, et);
            else
                fprintf(diag, "bridgemp: no award: %s: %s (%s%s%s%s)\n", ew, et,
                        r[i].rule[0] ? r[i].rule : "rule not stated",
                        r[i].section[0] ? ", " : "",
                        r[i].section[0] && isdigit((unsigned char)r[i].section[0]) ? "§" : "",
                        r[i].section);
        }
        free(ew);
        free(et);
    }
    bmp_reasons_free(r, n);
    if (!st && ferror(diag))
        st = bmp_error_set(err, BMP_EIO, "write error");
    return st;
}
