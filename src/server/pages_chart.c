/* The chart of a player's holding over time: inline SVG drawn by the
 * server (no script, no external asset), read in five seconds (issue 30
 * item 1, ruling W-30p2):
 *
 * - a time axis by month: each month from the first period to the last has
 *   its slot, so a month without postings is a flat stretch, not left out;
 * - one step line per point type (cumulative posted points at each period
 *   close, across its month) and the body's total where it differs from
 *   the only type, each type weighted as the rules interface says;
 * - the current holding as the last step, its value written at its end;
 * - the rank thresholds (pages_guides.c) as labelled horizontal guides, the
 *   next rank's highlighted, and the y axis from 0 past it in round ticks;
 * - each promotion a dashed line at its month.
 *
 * Sized in a 440 x 300 viewBox that the stylesheet draws at the column's
 * width (at most 36rem): its 14-unit text is at least 12 px from a 385 px
 * wide column up (a 420 px phone).  The numbers are also in tables under
 * the chart for screen readers and for printing. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/points.h"
#include "bridgemp/pointtype.h"
#include "bridgemp/rules.h"
#include "core/digits.h"
#include "server/pages_internal.h"

#define W 440
#define H 300
#define LEFT 50
#define RIGHT 14
#define TOP 28
#define BOTTOM 64
#define PW (W - LEFT - RIGHT)
#define PH (H - TOP - BOTTOM)
#define FONT 14
#define MAX_TYPES 8
#define MAX_GUIDES 48
#define MAX_MONTHS 1200 /* a hundred years */

typedef struct series {
    char name[16];
    bmp_points *cum; /* cumulative points at each month's close */
} series;

typedef struct chart {
    int m0, nm;               /* first month (year * 12 + month - 1), months */
    bool *posted;             /* a period closed with this player's points */
    series s[MAX_TYPES + 1];  /* the point types, then the total */
    size_t ns, ntypes;
    bmp_points top, step;     /* the y axis: 0 .. top in ticks of step */
    chart_guide g[MAX_GUIDES];
    size_t ng;
    const bmp_rules *rules;   /* points in the body's unit (page_points) */
} chart;

/* "2025-09" -> 2025 * 12 + 8; -1 for anything else ("holding",
 * "(provisional)"). */
static int month_of(const char *s)
{
    if (!s || strlen(s) != 7 || s[4] != '-')
        return -1;
    for (int i = 0; i < 7; i++)
        if (i != 4 && (s[i] < '0' || s[i] > '9'))
            return -1;
    int y = atoi(s), m = atoi(s + 5);
    return m >= 1 && m <= 12 ? y * 12 + m - 1 : -1;
}

/* The month a history row counts from (its chart_month, ledger_api.h; a
 * statement without one: its period): "2025-09"; "after 2025-09" (posted
 * outside a period after that close: an opening, a merge) the next month;
 * "carried 2025-09" (posted before any close) -2, the chart's first month,
 * with *posted its own; -1 for "pending" or anything else. */
static int row_month(const bmp_table *st, size_t r, int *posted)
{
    size_t cm = page_col(st, "chart_month");
    const char *v = bmp_table_get(st, r, cm == (size_t)-1 ? 0 : cm);
    *posted = -1;
    if (v && strncmp(v, "after ", 6) == 0) {
        int m = month_of(v + 6);
        return m < 0 ? -1 : m + 1;
    }
    if (v && strncmp(v, "carried ", 8) == 0) {
        *posted = month_of(v + 8);
        return *posted < 0 ? -1 : -2;
    }
    return month_of(v);
}

/* The months of the statement's periods and of the promotions; rows
 * carried in from before any close start the chart where the rest do, or
 * at their own month when there is nothing else (an opening only). */
static bool months(chart *c, const bmp_table *st, const bmp_table *pr)
{
    int lo = -1, hi = -1, carried = -1;
    for (size_t r = 0; r < st->nrows + pr->nrows; r++) {
        int own = -1;
        int m = r < st->nrows ? row_month(st, r, &own)
                              : month_of(bmp_table_get(pr, r - st->nrows, 0));
        if (m == -2 && (carried < 0 || own < carried))
            carried = own;
        if (m >= 0 && (lo < 0 || m < lo))
            lo = m;
        if (m > hi)
            hi = m;
    }
    if (lo < 0)
        lo = hi = carried;
    c->m0 = lo;
    c->nm = lo < 0 ? 0 : hi - lo + 1 > MAX_MONTHS ? MAX_MONTHS : hi - lo + 1;
    c->posted = calloc(c->nm ? (size_t)c->nm : 1, sizeof *c->posted);
    return c->posted != NULL;
}

static series *series_of(chart *c, const char *name)
{
    for (size_t i = 0; i < c->ns; i++)
        if (strcmp(c->s[i].name, name) == 0)
            return &c->s[i];
    if (c->ns == MAX_TYPES + 1)
        return NULL;
    series *s = &c->s[c->ns++];
    snprintf(s->name, sizeof s->name, "%s", name);
    s->cum = calloc(c->nm ? (size_t)c->nm : 1, sizeof *s->cum);
    return s->cum ? s : NULL;
}

/* Hundredths of the body's total per hundredth of type `name` (0: not in
 * the total, or no rules known). */
static int total_weight(const bmp_rules *r, const char *name)
{
    const bmp_point_type *t = r ? bmp_rules_point_type(r, name) : NULL;
    return t ? t->total_weight : 0;
}

/* Points per month into each type's series, then running sums and the
 * body's total: each type weighted as the rules interface says (EBU blue =
 * 100 local, W-22), drawn where there are several types or the only one
 * does not count 1:1. */
static bool accumulate(chart *c, const bmp_table *st, const bmp_rules *rules)
{
    size_t ct = page_col(st, "point_type"), cp = page_col(st, "points");
    for (size_t r = 0; r < st->nrows && ct != (size_t)-1 && cp != (size_t)-1; r++) {
        int own = 0, m = row_month(st, r, &own);
        m = m == -2 ? 0 : m < 0 ? -1 : m - c->m0; /* carried in: the first month */
        bmp_points v = 0;
        if (m < 0 || m >= c->nm || !bmp_points_parse(bmp_table_get(st, r, cp), &v))
            continue;
        series *s = series_of(c, bmp_table_get(st, r, ct));
        if (!s)
            return false;
        s->cum[m] += v;
        c->posted[m] = true;
    }
    c->ntypes = c->ns;
    bool total = c->ntypes > 1 || (c->ntypes == 1 && total_weight(rules, c->s[0].name) != 1);
    series *t = total && rules && rules->total_doc ? series_of(c, "total") : NULL;
    if (total && rules && rules->total_doc && !t)
        return false;
    for (size_t k = 0; k < c->ntypes; k++)
        for (int i = 0; i < c->nm; i++) {
            if (i)
                c->s[k].cum[i] += c->s[k].cum[i - 1];
            if (t)
                t->cum[i] += c->s[k].cum[i] * total_weight(rules, c->s[k].name);
        }
    return true;
}

/* The y axis: from 0 to a multiple of a round step (1, 2 or 5 times a
 * power of ten hundredths) at or above the highest value and the next
 * rank's threshold, in about four ticks. */
static void y_axis(chart *c)
{
    bmp_points max = 0;
    for (size_t k = 0; k < c->ns; k++)
        for (int i = 0; i < c->nm; i++)
            if (c->s[k].cum[i] > max)
                max = c->s[k].cum[i];
    for (size_t i = 0; i < c->ng; i++)
        if (c->g[i].next && c->g[i].total > max)
            max = c->g[i].total;
    if (max <= 0)
        max = 100;
    bmp_points raw = (max + 3) / 4, p = 1;
    while (p * 10 <= raw)
        p *= 10;
    c->step = raw <= p ? p : raw <= 2 * p ? 2 * p : raw <= 5 * p ? 5 * p : 10 * p;
    c->top = (max + c->step - 1) / c->step * c->step;
}

static long x_at(const chart *c, int slot)
{
    return LEFT + (long)slot * PW / c->nm;
}

static long y_of(const chart *c, bmp_points v)
{
    return H - BOTTOM - (long)(v * PH / c->top);
}

/* A value as the axis and labels write it: whole points without ".00". */
static void amount(bmp_points v, char *buf, size_t size)
{
    bmp_points_format(v, buf, size);
    size_t n = strlen(buf);
    if (n > 3 && strcmp(buf + n - 3, ".00") == 0)
        buf[n - 3] = '\0';
}

/* Series k's value at month i as the body writes it ("226" EBU). */
static void value_of(core_buf *b, const chart *c, const series *s, bmp_points v)
{
    page_points(b, c->rules, strcmp(s->name, "total") == 0 ? NULL : s->name, v);
}

/* The SVG's numbers are written without printf (issue 30: ~40 printfs made
 * a fifth of a charted page's own cost): ` name="v"`, a line's four ends,
 * a text's place and size, "x,y", a month as "2025-09". */
static void attr(core_buf *b, const char *name, long v)
{
    core_buf_putc(b, ' ');
    core_buf_puts(b, name);
    core_buf_append(b, "=\"", 2);
    core_buf_int(b, v);
    core_buf_putc(b, '"');
}

/* `open` (the element's name and any class) and x1, y1, x2, y2: the
 * caller writes the rest. */
static void line_at(core_buf *b, const char *open, long x1, long y1, long x2, long y2)
{
    core_buf_puts(b, open);
    attr(b, "x1", x1);
    attr(b, "y1", y1);
    attr(b, "x2", x2);
    attr(b, "y2", y2);
}

/* `open`, x and y; with `anchor`, its text-anchor; then the font size. */
static void text_at(core_buf *b, const char *open, long x, long y, const char *anchor)
{
    core_buf_puts(b, open);
    attr(b, "x", x);
    attr(b, "y", y);
    if (anchor) {
        core_buf_puts(b, " text-anchor=\"");
        core_buf_puts(b, anchor);
        core_buf_putc(b, '"');
    }
    attr(b, "font-size", FONT);
}

static void point_at(core_buf *b, long x, long y)
{
    core_buf_int(b, x);
    core_buf_putc(b, ',');
    core_buf_int(b, y);
}

/* Month m (year * 12 + month - 1) as "2025-09" (%04d-%02d). */
static void month_text(core_buf *b, int m)
{
    char t[CORE_DIGITS_MAX + 4], *end = t + sizeof t;
    char *s = core_digits(end, (uint64_t)(m % 12 + 1), 2);
    *--s = '-';
    s = core_digits(s, (uint64_t)(m / 12), 4);
    core_buf_append(b, s, (size_t)(end - s));
}

static const char *colour_of(const char *type)
{
    static const char *const known[][2] = {
        {"green", "#1a7f37"}, {"red", "#c62828"},     {"gold", "#8a6300"}, {"black", "#222222"},
        {"silver", "#6b6b6b"}, {"platinum", "#4a6274"}, {"blue", "#1565c0"}, {"local", "#6a1b9a"},
        {"total", "#0b4f6c"}, {NULL, NULL}};
    static const char *const other[] = {"#8e24aa", "#00838f", "#b34700", "#5d4037"};
    size_t h = 0;
    for (size_t i = 0; known[i][0]; i++)
        if (strcmp(known[i][0], type) == 0)
            return known[i][1];
    for (const char *s = type; *s; s++)
        h = h * 31 + (unsigned char)*s;
    return other[h % 4];
}

/* The axes: y ticks with light grid lines, a tick at each month's start,
 * a month's name under its slot, every few months so that they never
 * touch (the last month always). */
static void axes(core_buf *b, const chart *c)
{
    for (bmp_points v = 0; v <= c->top; v += c->step) {
        char t[32];
        amount(v, t, sizeof t);
        long y = y_of(c, v);
        line_at(b, "<line class=\"grid\"", LEFT, y, W - RIGHT, y);
        core_buf_puts(b, " stroke=\"#e4e4e4\"/>");
        text_at(b, "<text class=\"tick\"", LEFT - 6, y + 5, "end");
        core_buf_putc(b, '>');
        core_buf_puts(b, t);
        core_buf_puts(b, "</text>");
    }
    line_at(b, "<line", LEFT, TOP, LEFT, H - BOTTOM);
    core_buf_puts(b, " stroke=\"#666\"/>");
    line_at(b, "<line", LEFT, H - BOTTOM, W - RIGHT, H - BOTTOM);
    core_buf_puts(b, " stroke=\"#666\"/>");
    long slot = PW / c->nm;
    int every = slot >= 72 ? 1 : (int)((72 + slot - 1) / (slot ? slot : 1));
    for (int i = 0; i < c->nm; i++) {
        long x0 = x_at(c, i), x1 = x_at(c, i + 1);
        line_at(b, "<line", x0, H - BOTTOM, x0, H - BOTTOM + 5);
        core_buf_puts(b, " stroke=\"#666\"/>");
        if ((c->nm - 1 - i) % every)
            continue;
        int m = c->m0 + i;
        long mid = (x0 + x1) / 2;
        const char *anchor = mid - 30 < 0 ? "start" : mid + 30 > W ? "end" : "middle";
        text_at(b, "<text class=\"month\"", mid, H - BOTTOM + 20, anchor);
        core_buf_putc(b, '>');
        month_text(b, m);
        core_buf_puts(b, "</text>");
    }
}

/* The rank thresholds within the axis: a dashed line each, named with its
 * total; the next rank's in a strong colour.  A name that would touch the
 * one below is left to the line's title (the table has them all). */
static void guides(core_buf *b, const chart *c)
{
    long last = H; /* y of the last name written */
    for (size_t i = 0; i < c->ng; i++) {
        const chart_guide *g = &c->g[i];
        if (g->total <= 0 || g->total > c->top)
            continue;
        char t[32];
        amount(g->total, t, sizeof t);
        long y = y_of(c, g->total);
        core_buf_puts(b, g->next ? "<g class=\"guide next\" data-rank=\""
                                 : "<g class=\"guide\" data-rank=\"");
        web_buf_html(b, g->name);
        core_buf_puts(b, "\" data-total=\"");
        core_buf_puts(b, t);
        core_buf_puts(b, "\">");
        line_at(b, "<line", LEFT, y, W - RIGHT, y);
        core_buf_puts(b, g->next ? " stroke=\"#b34700\" stroke-width=\"2\""
                                 : " stroke=\"#8a8a8a\" stroke-width=\"1\"");
        core_buf_puts(b, " stroke-dasharray=\"6 4\"/>");
        if (g->next || last - y >= FONT + 3) {
            text_at(b, "<text", LEFT + 4, y - 4, NULL);
            core_buf_puts(b, g->next ? " fill=\"#8a3700\" font-weight=\"700\">Next: "
                                     : " fill=\"#4a4a4a\">");
            web_buf_html(b, g->name);
            core_buf_putc(b, ' ');
            core_buf_puts(b, t);
            core_buf_puts(b, "</text>");
            last = y;
        }
        core_buf_puts(b, "<title>");
        web_buf_html(b, g->name);
        core_buf_puts(b, ": ");
        core_buf_puts(b, t);
        core_buf_puts(b, " total</title></g>");
    }
}

/* A step line: each month's close across its slot. */
static void line(core_buf *b, const chart *c, const series *s)
{
    core_buf_puts(b, "<polyline class=\"line line-");
    web_buf_html(b, s->name);
    core_buf_puts(b, "\" fill=\"none\" stroke-width=\"2.5\" stroke=\"");
    core_buf_puts(b, colour_of(s->name));
    core_buf_puts(b, "\" points=\"");
    for (int i = 0; i < c->nm; i++) {
        long y = y_of(c, s->cum[i]);
        if (i)
            core_buf_putc(b, ' ');
        point_at(b, x_at(c, i), y);
        core_buf_putc(b, ' ');
        point_at(b, x_at(c, i + 1), y);
    }
    core_buf_puts(b, "\"><title>");
    web_buf_html(b, s->name);
    core_buf_puts(b, "</title></polyline>");
}

/* The holding now: the top line's last step, its value at its end. */
static void now_label(core_buf *b, const chart *c)
{
    const series *s = &c->s[c->ns - 1];
    bmp_points v = s->cum[c->nm - 1];
    long y = y_of(c, v), ty = y - 8 < TOP + FONT ? y + FONT + 6 : y - 8;
    core_buf_puts(b, "<circle");
    attr(b, "cx", W - RIGHT);
    attr(b, "cy", y);
    core_buf_puts(b, " r=\"4\" fill=\"");
    core_buf_puts(b, colour_of(s->name));
    core_buf_puts(b, "\"/>");
    text_at(b, "<text id=\"chart-now\"", W - RIGHT - 2, ty, "end");
    core_buf_puts(b, " font-weight=\"700\" fill=\"#1b1b1b\">");
    value_of(b, c, s, v);
    core_buf_puts(b, "</text>");
}

/* Which colour is which line, under the month names (with two or more). */
static void legend(core_buf *b, const chart *c)
{
    for (size_t k = 0; k < c->ns && c->ns > 1; k++) {
        long x = LEFT + (long)k * 84;
        line_at(b, "<line", x, H - 14, x + 16, H - 14);
        core_buf_puts(b, " stroke=\"");
        core_buf_puts(b, colour_of(c->s[k].name));
        core_buf_puts(b, "\" stroke-width=\"3\"/>");
        text_at(b, "<text", x + 20, H - 9, NULL);
        core_buf_putc(b, '>');
        web_buf_html(b, c->s[k].name);
        core_buf_puts(b, "</text>");
    }
}

/* Each promotion: a dashed line at its month and a dot on the top line. */
static void promotions(core_buf *b, const chart *c, const bmp_table *pr)
{
    size_t cr = page_col(pr, "to_rank");
    const series *top = &c->s[c->ns - 1];
    for (size_t r = 0; r < pr->nrows && cr != (size_t)-1; r++) {
        int i = month_of(bmp_table_get(pr, r, 0)) - c->m0;
        if (i < 0 || i >= c->nm)
            continue;
        long x = (x_at(c, i) + x_at(c, i + 1)) / 2;
        core_buf_puts(b, "<g class=\"promotion\" data-rank=\"");
        web_buf_html(b, bmp_table_get(pr, r, cr));
        core_buf_puts(b, "\">");
        line_at(b, "<line", x, TOP, x, H - BOTTOM);
        core_buf_puts(b, " stroke=\"#555\" stroke-dasharray=\"3 3\"/><circle");
        attr(b, "cx", x);
        attr(b, "cy", y_of(c, top->cum[i]));
        core_buf_puts(b, " r=\"4.5\" fill=\"#0b4f6c\"/><title>");
        web_buf_html(b, bmp_table_get(pr, r, 0));
        core_buf_puts(b, ": promoted to ");
        web_buf_html(b, bmp_table_get(pr, r, cr));
        core_buf_puts(b, "</title></g>");
    }
}

/* The promotion of month i, if any. */
static const char *promoted(const chart *c, const bmp_table *pr, int i)
{
    size_t cr = page_col(pr, "to_rank");
    for (size_t r = 0; r < pr->nrows && cr != (size_t)-1; r++)
        if (month_of(bmp_table_get(pr, r, 0)) - c->m0 == i)
            return bmp_table_get(pr, r, cr);
    return "";
}

/* The same numbers as tables (screen readers, print): each period closed
 * with points, and the thresholds. */
static void data_tables(core_buf *b, const chart *c, const bmp_table *pr)
{
    core_buf_puts(b, "<details><summary>The chart's numbers</summary><table class=\"stack\" "
                     "id=\"chart-numbers\"><caption>Points held at each period close</caption>"
                     "<thead><tr><th scope=\"col\">Period</th>");
    for (size_t k = 0; k < c->ns; k++) {
        core_buf_puts(b, "<th scope=\"col\" class=\"n\">");
        web_buf_html(b, c->s[k].name);
        core_buf_puts(b, "</th>");
    }
    core_buf_puts(b, "<th scope=\"col\">Promoted to</th></tr></thead><tbody>");
    for (int i = 0; i < c->nm; i++) {
        const char *to = promoted(c, pr, i);
        if (!c->posted[i] && !*to)
            continue;
        core_buf_puts(b, "<tr><td data-label=\"Period\">");
        month_text(b, c->m0 + i);
        core_buf_puts(b, "</td>");
        for (size_t k = 0; k < c->ns; k++) {
            core_buf_puts(b, "<td class=\"n\" data-label=\"");
            web_buf_html(b, c->s[k].name);
            core_buf_puts(b, "\">");
            value_of(b, c, &c->s[k], c->s[k].cum[i]);
            core_buf_puts(b, "</td>");
        }
        core_buf_puts(b, "<td data-label=\"Promoted to\">");
        web_buf_html(b, to);
        core_buf_puts(b, "</td></tr>");
    }
    core_buf_puts(b, "</tbody></table>");
    if (c->ng) {
        core_buf_puts(b, "<table id=\"chart-ranks\"><caption>Rank thresholds"
                         "</caption><thead><tr><th scope=\"col\">Rank</th><th scope=\"col\" "
                         "class=\"n\">Total needed</th></tr></thead><tbody>");
        for (size_t i = 0; i < c->ng; i++) {
            char v[32];
            bmp_points_format(c->g[i].total, v, sizeof v);
            core_buf_puts(b, "<tr><td data-label=\"Rank\">");
            web_buf_html(b, c->g[i].name);
            core_buf_puts(b, c->g[i].next ? " (next)</td>" : "</td>");
            core_buf_puts(b, "<td class=\"n\" data-label=\"Total needed\">");
            core_buf_puts(b, v);
            core_buf_puts(b, "</td></tr>");
        }
        core_buf_puts(b, "</tbody></table>");
    }
    core_buf_puts(b, "</details>\n");
}

static void svg(core_buf *b, const chart *c, const bmp_table *pr)
{
    core_buf_puts(b, "<svg id=\"holding-chart\" class=\"chart\" role=\"img\" "
                     "aria-labelledby=\"chart-title\" viewBox=\"0 0 ");
    core_buf_int(b, W);
    core_buf_putc(b, ' ');
    core_buf_int(b, H);
    core_buf_puts(b, "\" xmlns=\"http://www.w3.org/2000/svg\"><title id=\"chart-title\">Points "
                     "held by month, ");
    core_buf_int(b, c->nm);
    core_buf_puts(b, c->nm == 1 ? " month from " : " months from ");
    month_text(b, c->m0);
    core_buf_puts(b, "; ");
    value_of(b, c, &c->s[c->ns - 1], c->s[c->ns - 1].cum[c->nm - 1]);
    core_buf_puts(b, " now");
    for (size_t i = 0; i < c->ng; i++)
        if (c->g[i].next) {
            char t[32];
            bmp_points_format(c->g[i].total, t, sizeof t);
            core_buf_puts(b, "; next rank ");
            web_buf_html(b, c->g[i].name);
            core_buf_puts(b, " at ");
            core_buf_puts(b, t);
        }
    core_buf_puts(b, "</title>");
    axes(b, c);
    guides(b, c);
    for (size_t k = 0; k < c->ns; k++)
        line(b, c, &c->s[k]);
    promotions(b, c, pr);
    now_label(b, c);
    legend(b, c);
    core_buf_puts(b, "</svg>\n");
}

void page_chart(core_buf *b, const bmp_table *statement, const bmp_table *pr, const char *body,
                const bmp_ledger_summary *s)
{
    chart c = {0};
    const bmp_rules *rules = bmp_rules_find(body);
    c.rules = rules;
    if (!months(&c, statement, pr) || !accumulate(&c, statement, rules)) {
        b->failed = true; /* out of memory: the page is answered 500 */
    } else if (!c.nm || !c.ns) {
        core_buf_puts(b, "<p class=\"note\">No points posted yet.</p>\n");
    } else {
        c.ng = page_rank_guides(body, s, c.g, MAX_GUIDES);
        y_axis(&c);
        svg(b, &c, pr);
        data_tables(b, &c, pr);
    }
    for (size_t k = 0; k < c.ns; k++)
        free(c.s[k].cum);
    free(c.posted);
}
