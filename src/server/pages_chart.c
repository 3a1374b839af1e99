/* The chart of a player's holding over time: inline SVG drawn by the
 * server (no script, no external asset).  One step line per point type
 * (cumulative posted points at each period close) and, when a player holds
 * more than one type, their total; each promotion is a dashed line at its
 * period with the new rank.  The numbers are also in a table under the
 * chart for screen readers and for printing. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/points.h"
#include "bridgemp/pointtype.h"
#include "bridgemp/rules.h"
#include "server/pages_internal.h"

#define W 640
#define H 260
#define LEFT 56
#define RIGHT 16
#define TOP 28
#define BOTTOM 44
#define MAX_TYPES 8

typedef struct series {
    char name[16];
    bmp_points *cum;         /* cumulative points at each period */
} series;

typedef struct chart {
    const char **period;     /* sorted, distinct */
    size_t np;
    series s[MAX_TYPES + 1]; /* the point types, then the total */
    size_t ns;
    bmp_points max;
} chart;

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* A closed period ("2025-09"); the statement's other rows are its total
 * ("holding") and points not yet posted ("(provisional)"). */
static bool is_period(const char *s)
{
    return s && *s >= '0' && *s <= '9';
}

/* The periods of the statement's rows and of the promotions, sorted and
 * distinct. */
static bool collect_periods(chart *c, const bmp_table *st, const bmp_table *pr)
{
    c->period = malloc((st->nrows + pr->nrows + 1) * sizeof *c->period);
    if (!c->period)
        return false;
    for (size_t r = 0; r < st->nrows; r++)
        if (is_period(bmp_table_get(st, r, 0)))
            c->period[c->np++] = bmp_table_get(st, r, 0);
    for (size_t r = 0; r < pr->nrows; r++)
        c->period[c->np++] = bmp_table_get(pr, r, 0);
    qsort(c->period, c->np, sizeof *c->period, cmp_str);
    size_t k = 0;
    for (size_t i = 0; i < c->np; i++)
        if (!k || strcmp(c->period[k - 1], c->period[i]) != 0)
            c->period[k++] = c->period[i];
    c->np = k;
    return true;
}

static size_t period_index(const chart *c, const char *period)
{
    const char **hit = bsearch(&period, c->period, c->np, sizeof *c->period, cmp_str);
    return hit ? (size_t)(hit - c->period) : (size_t)-1;
}

static series *series_of(chart *c, const char *name)
{
    for (size_t i = 0; i < c->ns; i++)
        if (strcmp(c->s[i].name, name) == 0)
            return &c->s[i];
    if (c->ns == MAX_TYPES)
        return NULL;
    series *s = &c->s[c->ns++];
    snprintf(s->name, sizeof s->name, "%s", name);
    s->cum = calloc(c->np ? c->np : 1, sizeof *s->cum);
    return s->cum ? s : NULL;
}

/* Hundredths of the body's total per hundredth of type `name` (0: not in
 * the total, or no rules known). */
static int total_weight(const bmp_rules *r, const char *name)
{
    const bmp_point_type *t = r ? bmp_rules_point_type(r, name) : NULL;
    return t ? t->total_weight : 0;
}

/* Points per period into each type's series, then running sums and, with
 * more than one type, the body's total: each type weighted as the rules
 * interface says (EBU blue = 100 local, W-22). */
static bool accumulate(chart *c, const bmp_table *st, const bmp_rules *rules)
{
    size_t ct = page_col(st, "point_type"), cp = page_col(st, "points");
    for (size_t r = 0; r < st->nrows && ct != (size_t)-1 && cp != (size_t)-1; r++) {
        size_t i = period_index(c, bmp_table_get(st, r, 0));
        bmp_points v = 0;
        if (i == (size_t)-1 || !bmp_points_parse(bmp_table_get(st, r, cp), &v))
            continue;
        series *s = series_of(c, bmp_table_get(st, r, ct));
        if (!s)
            return false;
        s->cum[i] += v;
    }
    size_t ntypes = c->ns;
    series *total = ntypes > 1 ? series_of(c, "total") : NULL;
    if (ntypes > 1 && !total)
        return false;
    for (size_t k = 0; k < ntypes; k++)
        for (size_t i = 0; i < c->np; i++) {
            if (i)
                c->s[k].cum[i] += c->s[k].cum[i - 1];
            if (total)
                total->cum[i] += c->s[k].cum[i] * total_weight(rules, c->s[k].name);
        }
    for (size_t k = 0; k < c->ns; k++)
        for (size_t i = 0; i < c->np; i++)
            if (c->s[k].cum[i] > c->max)
                c->max = c->s[k].cum[i];
    return true;
}

static const char *colour_of(const char *type)
{
    static const char *const known[][2] = {
        {"green", "#1a7f37"}, {"red", "#c62828"},     {"gold", "#b8860b"}, {"black", "#222222"},
        {"silver", "#7a7a7a"}, {"platinum", "#4a6274"}, {"blue", "#1565c0"}, {"local", "#6a1b9a"},
        {"total", "#0b4f6c"}, {NULL, NULL}};
    static const char *const other[] = {"#8e24aa", "#00838f", "#ef6c00", "#5d4037"};
    size_t h = 0;
    for (size_t i = 0; known[i][0]; i++)
        if (strcmp(known[i][0], type) == 0)
            return known[i][1];
    for (const char *s = type; *s; s++)
        h = h * 31 + (unsigned char)*s;
    return other[h % 4];
}

static long x_of(const chart *c, size_t i)
{
    return c->np < 2 ? LEFT + (W - LEFT - RIGHT) / 2
                     : LEFT + (long)i * (W - LEFT - RIGHT) / (long)(c->np - 1);
}

static long y_of(const chart *c, bmp_points v)
{
    return c->max ? H - BOTTOM - (long)(v * (H - TOP - BOTTOM) / c->max) : H - BOTTOM;
}

static void axes(core_buf *b, const chart *c)
{
    char top[32];
    bmp_points_format(c->max, top, sizeof top);
    core_buf_printf(b, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#888\"/>"
                      "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#888\"/>",
                   LEFT, TOP, LEFT, H - BOTTOM, LEFT, H - BOTTOM, W - RIGHT, H - BOTTOM);
    core_buf_printf(b, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" font-size=\"12\">%s</text>"
                      "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" font-size=\"12\">0</text>",
                   LEFT - 6, TOP + 4, top, LEFT - 6, H - BOTTOM + 4);
    for (size_t i = 0; i < c->np; i += c->np > 8 ? (c->np + 7) / 8 : 1) {
        long x = x_of(c, i);
        core_buf_printf(b, "<text x=\"%ld\" y=\"%d\" text-anchor=\"%s\" font-size=\"11\">", x,
                       H - BOTTOM + 18, x < W / 3 ? "start" : x > 2 * W / 3 ? "end" : "middle");
        web_buf_html(b, c->period[i]);
        core_buf_puts(b, "</text>");
    }
}

/* Which colour is which point type, under the axis. */
static void legend(core_buf *b, const chart *c)
{
    for (size_t k = 0; k < c->ns; k++) {
        long x = LEFT + (long)k * 96;
        core_buf_printf(b, "<line x1=\"%ld\" y1=\"%d\" x2=\"%ld\" y2=\"%d\" stroke=\"%s\" "
                          "stroke-width=\"3\"/><text x=\"%ld\" y=\"%d\" font-size=\"12\">",
                       x, H - 8, x + 18, H - 8, colour_of(c->s[k].name), x + 22, H - 4);
        web_buf_html(b, c->s[k].name);
        core_buf_puts(b, "</text>");
    }
}

/* A step line: flat until the next period's close, then up. */
static void line(core_buf *b, const chart *c, const series *s)
{
    core_buf_puts(b, "<polyline class=\"line line-");
    web_buf_html(b, s->name);
    core_buf_printf(b, "\" fill=\"none\" stroke-width=\"2.5\" stroke=\"%s\" points=\"",
                   colour_of(s->name));
    for (size_t i = 0; i < c->np; i++) {
        if (i)
            core_buf_printf(b, " %ld,%ld", x_of(c, i), y_of(c, s->cum[i - 1]));
        core_buf_printf(b, "%s%ld,%ld", i ? " " : "", x_of(c, i), y_of(c, s->cum[i]));
    }
    core_buf_puts(b, "\"><title>");
    web_buf_html(b, s->name);
    core_buf_puts(b, "</title></polyline>");
}

/* Each promotion: a dashed line at its period, a dot on the total (the
 * last series) and the new rank's name, anchored to stay inside. */
static void promotions(core_buf *b, const chart *c, const bmp_table *pr)
{
    size_t cr = page_col(pr, "to_rank");
    const series *top = c->ns ? &c->s[c->ns - 1] : NULL;
    for (size_t r = 0; r < pr->nrows && cr != (size_t)-1; r++) {
        size_t i = period_index(c, bmp_table_get(pr, r, 0));
        if (i == (size_t)-1)
            continue;
        long x = x_of(c, i), y = top ? y_of(c, top->cum[i]) : H - BOTTOM;
        const char *anchor = x < W / 3 ? "start" : x > 2 * W / 3 ? "end" : "middle";
        core_buf_puts(b, "<g class=\"promotion\" data-rank=\"");
        web_buf_html(b, bmp_table_get(pr, r, cr));
        core_buf_printf(b, "\"><line x1=\"%ld\" y1=\"%d\" x2=\"%ld\" y2=\"%d\" stroke=\"#555\" "
                          "stroke-dasharray=\"4 3\"/><circle cx=\"%ld\" cy=\"%ld\" r=\"4.5\" "
                          "fill=\"#0b4f6c\"/><text x=\"%ld\" y=\"%d\" font-size=\"11\" "
                          "text-anchor=\"%s\">",
                       x, TOP, x, H - BOTTOM, x, y, x, TOP - 6 - (int)(r % 2) * 11, anchor);
        web_buf_html(b, bmp_table_get(pr, r, cr));
        core_buf_puts(b, "</text><title>");
        web_buf_html(b, bmp_table_get(pr, r, 0));
        core_buf_puts(b, ": promoted to ");
        web_buf_html(b, bmp_table_get(pr, r, cr));
        core_buf_puts(b, "</title></g>");
    }
}

/* The same numbers as a table (screen readers, print). */
static void data_table(core_buf *b, const chart *c)
{
    core_buf_puts(b, "<details><summary>The chart's numbers</summary><div class=\"wrap\"><table>"
                    "<thead><tr><th scope=\"col\">Period</th>");
    for (size_t k = 0; k < c->ns; k++) {
        core_buf_puts(b, "<th scope=\"col\" class=\"n\">");
        web_buf_html(b, c->s[k].name);
        core_buf_puts(b, "</th>");
    }
    core_buf_puts(b, "</tr></thead><tbody>");
    for (size_t i = 0; i < c->np; i++) {
        core_buf_puts(b, "<tr><td>");
        web_buf_html(b, c->period[i]);
        core_buf_puts(b, "</td>");
        for (size_t k = 0; k < c->ns; k++) {
            char v[32];
            bmp_points_format(c->s[k].cum[i], v, sizeof v);
            core_buf_printf(b, "<td class=\"n\">%s</td>", v);
        }
        core_buf_puts(b, "</tr>");
    }
    core_buf_puts(b, "</tbody></table></div></details>\n");
}

void page_chart(core_buf *b, const bmp_table *statement, const bmp_table *pr, const char *body)
{
    chart c = {0};
    if (!collect_periods(&c, statement, pr) ||
        !accumulate(&c, statement, bmp_rules_find(body))) {
        b->failed = true; /* out of memory: the page is answered 500 */
    } else if (!c.np) {
        core_buf_puts(b, "<p class=\"note\">No points posted yet.</p>\n");
    } else {
        core_buf_printf(b, "<svg id=\"holding-chart\" class=\"chart\" role=\"img\" "
                          "aria-labelledby=\"chart-title\" viewBox=\"0 0 %d %d\" width=\"%d\" "
                          "height=\"%d\" xmlns=\"http://www.w3.org/2000/svg\"><title "
                          "id=\"chart-title\">Points held at each period close, %zu period%s, "
                          "%zu promotion%s</title>",
                       W, H, W, H, c.np, c.np == 1 ? "" : "s", pr->nrows,
                       pr->nrows == 1 ? "" : "s");
        axes(b, &c);
        for (size_t k = 0; k < c.ns; k++)
            line(b, &c, &c.s[k]);
        promotions(b, &c, pr);
        legend(b, &c);
        core_buf_puts(b, "</svg>\n");
        data_table(b, &c);
    }
    for (size_t k = 0; k < c.ns; k++)
        free(c.s[k].cum);
    free(c.period);
}
