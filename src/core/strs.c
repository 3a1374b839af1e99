/* The event's strings in blocks: see strs.h. */
#include "core/strs.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct strs_block {
    struct strs_block *next;
    size_t size;
    char data[];
} strs_block;

struct bmp_event_strings {
    strs_block *head; /* the block being filled, then the older ones */
    size_t used;      /* bytes of head->data taken */
    size_t next_size; /* the next block's size: doubled up to STRS_MAX */
    unsigned holders;
};

/* 4 KB first (a small event), doubling to 1 MB: a 40,000-contestant
 * event's 2-3 MB of strings in a dozen blocks. */
enum { STRS_FIRST = 4096 - sizeof(strs_block), STRS_MAX = (1u << 20) - sizeof(strs_block) };

char *core_strs_alloc(bmp_event_strings **a, size_t n)
{
    if (!*a) {
        if (!(*a = calloc(1, sizeof **a)))
            return NULL;
        (*a)->holders = 1;
        (*a)->next_size = STRS_FIRST;
    }
    bmp_event_strings *s = *a;
    if (!s->head || s->head->size - s->used < n) {
        size_t size = n > s->next_size ? n : s->next_size;
        strs_block *b = malloc(sizeof *b + size);
        if (!b)
            return NULL;
        b->next = s->head;
        b->size = size;
        s->head = b;
        s->used = 0;
        if (s->next_size < STRS_MAX)
            s->next_size = s->next_size * 2 + sizeof *b > STRS_MAX ? STRS_MAX
                                                                   : s->next_size * 2 + sizeof *b;
    }
    char *p = s->head->data + s->used;
    s->used += n;
    return p;
}

char *core_strs_dupn(bmp_event_strings **a, const char *s, size_t n)
{
    char *p = core_strs_alloc(a, n + 1);
    if (p) {
        memcpy(p, s, n);
        p[n] = '\0';
    }
    return p;
}

bmp_event_strings *core_strs_hold(bmp_event_strings *a)
{
    if (a)
        a->holders++;
    return a;
}

void core_strs_release(bmp_event_strings *a)
{
    if (!a || --a->holders > 0)
        return;
    for (strs_block *b = a->head, *next; b; b = next) {
        next = b->next;
        free(b);
    }
    free(a);
}

bool core_strs_owns(const bmp_event_strings *a, const void *p)
{
    if (!a || !p)
        return false;
    uintptr_t u = (uintptr_t)p;
    for (const strs_block *b = a->head; b; b = b->next)
        if (u - (uintptr_t)b->data < b->size)
            return true;
    return false;
}
