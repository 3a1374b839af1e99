/* "The larger of" two sets of awards of one contestant: the stratum
 * section awards of a session against its open section award (ACBL-151),
 * and overall awards against the summed section awards where the ACBL pays
 * the larger (ACBL-152).  The awards of the smaller set are removed and the
 * kept award's derivation names what was dropped. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acbl/acbl_internal.h"

typedef struct tagged {
    size_t i;          /* award index */
    size_t contestant;
    int scope;
    const char *group;
} tagged;

static int by_contestant_scope(const void *a, const void *b)
{
    const tagged *x = a, *y = b;
    if (x->contestant != y->contestant)
        return x->contestant < y->contestant ? -1 : 1;
    if (x->scope != y->scope)
        return x->scope < y->scope ? -1 : 1;
    return x->i < y->i ? -1 : x->i > y->i;
}

static bmp_points group_total(const bmp_awards *out, const tagged *t, size_t n, const char *g)
{
    bmp_points sum = 0;
    for (size_t k = 0; k < n; k++)
        if (strcmp(t[k].group, g) == 0)
            sum += out->items[t[k].i].points;
    return sum;
}

/* Append "; larger than ... (rule)" to the kept award's derivation. */
static bmp_status append_why(bmp_award *aw, const char *text, bmp_error *err)
{
    if (!aw->explain)
        return BMP_OK; /* derivations not asked for */
    size_t l = strlen(aw->explain), m = strlen(text);
    char *e = realloc(aw->explain, l + m + 1);
    if (!e)
        return bmp_error_oom(err);
    memcpy(e + l, text, m + 1);
    aw->explain = e;
    return BMP_OK;
}

/* One contestant's run t[0..n): the group with the largest total stays
 * (a tie keeps the first listed); the others are marked in drop[]. */
static bmp_status decide_run(bmp_awards *out, const tagged *t, size_t n, bool *drop,
                             const char *rule, const char *why, bmp_error *err)
{
    const char *best = t[0].group;
    bmp_points best_total = group_total(out, t, n, best);
    for (size_t k = 1; k < n; k++) {
        bmp_points v = group_total(out, t, n, t[k].group);
        if (v > best_total) {
            best = t[k].group;
            best_total = v;
        }
    }
    char text[400];
    size_t l = 0, keep = n;
    for (size_t k = 0; k < n; k++) {
        if (strcmp(t[k].group, best) == 0) {
            keep = keep == n ? k : keep;
            continue;
        }
        drop[t[k].i] = true;
        char a[32];
        bmp_points_format(out->items[t[k].i].points, a, sizeof a);
        if (l < sizeof text - 80)
            l += (size_t)snprintf(text + l, sizeof text - l, "%s%s %s %s", l ? ", " : "",
                                  t[k].group, out->items[t[k].i].colour, a);
    }
    if (!l || keep == n)
        return BMP_OK;
    char full[600];
    char bt[32];
    bmp_points_format(best_total, bt, sizeof bt);
    snprintf(full, sizeof full, "; %s %s is the larger: not also %s (%s, %s)", best, bt, text,
             rule, why);
    return append_why(&out->items[t[keep].i], full, err);
}

bmp_status acbl_keep_larger(bmp_awards *out, size_t from, const int *scope,
                            const char *const *group, const char *rule, const char *why,
                            bmp_error *err)
{
    size_t n = out->count > from ? out->count - from : 0, m = 0;
    if (n == 0)
        return BMP_OK;
    tagged *t = malloc(n * sizeof *t);
    bool *drop = calloc(out->count, sizeof *drop);
    if (!t || !drop) {
        free(t);
        free(drop);
        return bmp_error_oom(err);
    }
    for (size_t k = 0; k < n; k++)
        if (group[k])
            t[m++] = (tagged){from + k, out->items[from + k].contestant, scope[k], group[k]};
    qsort(t, m, sizeof *t, by_contestant_scope);
    bmp_status st = BMP_OK;
    for (size_t a = 0, b; a < m && !st; a = b) {
        for (b = a + 1; b < m && t[b].contestant == t[a].contestant && t[b].scope == t[a].scope;)
            b++;
        st = decide_run(out, t + a, b - a, drop, rule, why, err);
    }
    size_t w = from;
    for (size_t k = from; k < out->count; k++) {
        if (drop[k]) {
            free(out->items[k].explain);
            continue;
        }
        out->items[w++] = out->items[k];
    }
    out->count = w;
    free(t);
    free(drop);
    return st;
}
