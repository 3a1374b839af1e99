/* NZ Bridge's computer numbers (NZ-89), its allocate_numbers (body_ops.h):
 * each new player of an import gets the first available 4-5 digit number. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ledger/nzb/room.h"
#include "ledger/store/query.h"

static int cmp_long(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return (x > y) - (x < y);
}

/* NZ-89: each new player gets the first available 4-5 digit computer
 * number: the lowest of 1000..99999 neither in the register nor taken
 * earlier in the same import. */
bmp_status nzb_allocate_numbers(bmp_ledger *l, const ledger_body *b, char *const *numbers, size_t n,
                                size_t size, bmp_error *err)
{
    ledger_stmt *st = NULL;
    bmp_status rc = lq_query(l, &st, err,
                             "SELECT number FROM player WHERE body_id = ?1 AND length(number) "
                             "BETWEEN 4 AND 5",
                             "i", b->id);
    if (rc)
        return rc;
    long *used = NULL;
    size_t nused = 0, cap = 0;
    bool row = true;
    while (!rc && row) {
        rc = lq_step(l, st, &row, err);
        if (rc || !row)
            break;
        if (nused == cap) {
            cap = cap ? cap * 2 : 256;
            long *u = realloc(used, (cap + n) * sizeof *u);
            if (!u) {
                rc = bmp_error_oom(err);
                break;
            }
            used = u;
        }
        used[nused++] = atol(lq_col_text(l, st, 0));
    }
    lq_finalize(l, st);
    if (!rc) {
        long *u = realloc(used, (nused + n + 1) * sizeof *u);
        if (!u)
            rc = bmp_error_oom(err);
        else
            used = u;
    }
    if (!rc) {
        for (size_t i = 0; i < n; i++)
            if (numbers[i][0] && strlen(numbers[i]) >= 4 && strlen(numbers[i]) <= 5)
                used[nused++] = atol(numbers[i]);
        qsort(used, nused, sizeof *used, cmp_long);
        long next = 1000;
        size_t k = 0;
        for (size_t i = 0; i < n && !rc; i++) {
            if (numbers[i][0])
                continue;
            while (k < nused && used[k] < next)
                k++;
            while (k < nused && used[k] == next) {
                next++;
                k++;
            }
            if (next > 99999)
                rc = bmp_error_set(err, BMP_ERANGE, "NZ-89: no 4-5 digit computer number left");
            else
                snprintf(numbers[i], size, "%d", (int)next++);
        }
    }
    free(used);
    return rc;
}

