/* Player names folded for the search (name_search.h): "Bell, Ava", "ava
 * bell", "Bel" and "AVA" all find Ava Bell, and "Zoe Muller" finds "Zoë
 * Müller" (issue 30 item 2, ruling W-30p1). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ledger/register/name_search.h"

/* U+0100..U+017F (Latin Extended-A) to their base letters; '1' is "ij",
 * '2' is "oe". */
static const char ext_a[] = "aaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiii11jjkkkllllllllll"
                            "nnnnnnnnnoooooo22rrrrrrssssssssttttttuuuuuuuuuuuuwwyyyzzzzzzs";

/* U+00C0..U+00FF (Latin-1 letters); ' ' a break (× and ÷), '3' "ae", '4'
 * "th", '5' "ss". */
static const char latin1[] = "aaaaaa3ceeeeiiiidnooooo ouuuuy45"
                             "aaaaaa3ceeeeiiiidnooooo ouuuuy4y";

/* What a folded character writes: "" for a break. */
static const char *spelled(char c, char one[2])
{
    switch (c) {
    case '1': return "ij";
    case '2': return "oe";
    case '3': return "ae";
    case '4': return "th";
    case '5': return "ss";
    case ' ': return "";
    default: one[0] = c; one[1] = '\0'; return one;
    }
}

typedef struct folder {
    char *out;
    size_t size, n;
    bool gap; /* a break seen since the last letter */
} folder;

static void put(folder *f, const char *s, size_t len)
{
    if (!len) {
        f->gap = true;
        return;
    }
    if (f->gap && f->n && f->n + 1 < f->size)
        f->out[f->n++] = ' ';
    f->gap = false;
    for (size_t i = 0; i < len && f->n + 1 < f->size; i++)
        f->out[f->n++] = s[i];
}

size_t ledger_name_fold(const char *in, char *out, size_t size)
{
    folder f = {out, size, 0, false};
    if (!size)
        return 0;
    const unsigned char *s = (const unsigned char *)(in ? in : "");
    while (*s) {
        char one[2];
        unsigned c = *s;
        if (c < 0x80) {
            char low = (char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
            bool word = (low >= 'a' && low <= 'z') || (low >= '0' && low <= '9');
            if (word)
                put(&f, &low, 1);
            else if (c != '\'')
                put(&f, "", 0);
            s++;
            continue;
        }
        unsigned cp = (c & 0xe0) == 0xc0 && (s[1] & 0xc0) == 0x80 ? (c & 0x1f) << 6 | (s[1] & 0x3f)
                                                                  : 0;
        if (cp >= 0xc0 && cp <= 0x17f) {
            const char *w = spelled(cp < 0x100 ? latin1[cp - 0xc0] : ext_a[cp - 0x100], one);
            put(&f, w, strlen(w));
            s += 2;
        } else if (c == 0xe2 && s[1] == 0x80 && (s[2] == 0x98 || s[2] == 0x99)) {
            s += 3; /* ‘ ’: apostrophes, dropped */
        } else {
            size_t len = 1; /* another character: kept as it is */
            while (s[len] && (s[len] & 0xc0) == 0x80)
                len++;
            put(&f, (const char *)s, len);
            s += len;
        }
    }
    out[f.n] = '\0';
    return f.n;
}

/* Is `word` (len bytes) the beginning of a word of `name`? */
static bool begins_a_word(const char *name, const char *word, size_t len)
{
    for (const char *at = name; *at;) {
        if (strncmp(at, word, len) == 0)
            return true;
        at = strchr(at, ' ');
        if (!at)
            break;
        at++;
    }
    return false;
}

bool ledger_name_matches(const char *name, const char *query)
{
    if (!*query || strstr(name, query))
        return true;
    for (const char *w = query; *w;) {
        size_t len = strcspn(w, " ");
        if (!begins_a_word(name, w, len))
            return false;
        w += len;
        w += *w == ' ';
    }
    return true;
}

static int hit_cmp(const ledger_name_hit *a, const ledger_name_hit *b)
{
    int c = strcmp(a->name, b->name);
    return c ? c : strcmp(a->number, b->number);
}

static int hit_qsort(const void *a, const void *b)
{
    return hit_cmp(a, b);
}

/* Restore the max-heap from i down (the largest at v[0]). */
static void sift_down(ledger_name_hit *v, size_t n, size_t i)
{
    for (;;) {
        size_t l = 2 * i + 1, r = l + 1, big = i;
        if (l < n && hit_cmp(&v[l], &v[big]) > 0)
            big = l;
        if (r < n && hit_cmp(&v[r], &v[big]) > 0)
            big = r;
        if (big == i)
            return;
        ledger_name_hit t = v[i];
        v[i] = v[big];
        v[big] = t;
        i = big;
    }
}

static void sift_up(ledger_name_hit *v, size_t i)
{
    while (i && hit_cmp(&v[(i - 1) / 2], &v[i]) < 0) {
        ledger_name_hit t = v[i];
        v[i] = v[(i - 1) / 2];
        v[(i - 1) / 2] = t;
        i = (i - 1) / 2;
    }
}

bool ledger_name_top_add(ledger_name_top *t, int64_t id, const char *name, const char *number)
{
    t->total++;
    if (!t->k)
        return true;
    ledger_name_hit h = {.id = id};
    snprintf(h.name, sizeof h.name, "%s", name);
    snprintf(h.number, sizeof h.number, "%s", number);
    if (t->n == t->k) { /* full: keep it only if it sorts before the largest */
        if (hit_cmp(&h, &t->v[0]) >= 0)
            return true;
        t->v[0] = h;
        sift_down(t->v, t->n, 0);
        return true;
    }
    if (t->n == t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 64;
        if (cap > t->k)
            cap = t->k;
        ledger_name_hit *v = realloc(t->v, cap * sizeof *v);
        if (!v)
            return false;
        t->v = v;
        t->cap = cap;
    }
    t->v[t->n] = h;
    sift_up(t->v, t->n++);
    return true;
}

void ledger_name_top_sort(ledger_name_top *t)
{
    if (t->n)
        qsort(t->v, t->n, sizeof *t->v, hit_qsort);
}

void ledger_name_top_free(ledger_name_top *t)
{
    free(t->v);
    memset(t, 0, sizeof *t);
}
