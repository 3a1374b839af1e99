/* bench/ledger --scale [--db postgresql://...] [PLAYERS [LINES [BATCH]]]
 * (issue 46 item 5, a national body's size).  Included by bench/ledger.c.
 *
 * The same steps (register, two months of import + approve + close,
 * verify, verify --since after one more batch) and the same floors, at a
 * base size and at ten times it (players and lines x10, the batch size
 * kept: ten times as many batches), one after the other in one process;
 * then, for every step and every floor, the time at each size and the
 * ratio x10/base of its wall clock, its CPU time and its instructions
 * (linear: at most x12 for x10), and each step against its floors at both
 * sizes.  The defaults: 100,000 players and two months of 200,000 lines,
 * so that x10 is 1,000,000 players and two months of 2,000,000 lines
 * (4,000,000 in all).  No asserts. */
#ifndef BMP_BENCH_LEDGER_SCALE_H
#define BMP_BENCH_LEDGER_SCALE_H

/* The measure a verdict is read from: instructions where counted (SQLite
 * works in this process), else CPU time; on PostgreSQL the wall clock (the
 * server does the work). */
static double scale_ratio(const span *a, const span *b, bool pg, char *which)
{
    if (pg) {
        *which = 'w';
        return b->wall / a->wall;
    }
    if (a->ins > 0 && b->ins > 0) {
        *which = 'i';
        return b->ins / a->ins;
    }
    *which = 'c';
    return b->cpu / a->cpu;
}

static void scale_line(const char *what, const span *a, const span *b, bool pg)
{
    char which;
    double v = scale_ratio(a, b, pg, &which);
    printf("  %-34s %9.3f %9.3f  x%-6.1f x%-6.1f", what, a->wall, b->wall, b->wall / a->wall,
           b->cpu / a->cpu);
    if (a->ins > 0 && b->ins > 0)
        printf(" x%-6.1f", b->ins / a->ins);
    else
        printf(" %-7s", "-");
    printf("%s\n", v > 12.0 ? (which == 'w'   ? "   <- over x12 (wall)"
                               : which == 'i' ? "   <- over x12 (instructions)"
                                              : "   <- over x12 (cpu)")
                            : "");
}

/* A step against a floor, wall clock (and CPU time on SQLite), at both sizes. */
static void scale_vs(const char *what, span sa, span fa, span sb, span fb, bool pg)
{
    printf("  %-34s %5.0f %% -> %3.0f %% wall", what, 100.0 * fa.wall / sa.wall,
           100.0 * fb.wall / sb.wall);
    if (!pg)
        printf("   %5.0f %% -> %3.0f %% cpu", 100.0 * fa.cpu / sa.cpu, 100.0 * fb.cpu / sb.cpu);
    printf("\n");
}

static void scale_print(const char *engine, const run *a, const run *b, bool pg)
{
    printf("\nscale on %s: %ld -> %ld players, two months of %ld -> %ld lines (%ld -> %ld in "
           "all), batches of %ld\n", engine, a->players, b->players, a->lines, b->lines,
           2 * a->lines, 2 * b->lines, a->batch);
    printf("  %-34s %9s %9s  %-7s %-7s %-7s\n", "per x10 of size (linear: <= x12)", "base s",
           "x10 s", " wall", " cpu", " instr");
    scale_line("register players", &a->reg, &b->reg, pg);
    scale_line("month 1: import", &a->m1.imp, &b->m1.imp, pg);
    scale_line("month 1: approve", &a->m1.app, &b->m1.app, pg);
    scale_line("month 1: close (post + re-rank)", &a->m1.close, &b->m1.close, pg);
    scale_line("month 2: import", &a->m2.imp, &b->m2.imp, pg);
    scale_line("month 2: approve", &a->m2.app, &b->m2.app, pg);
    scale_line("month 2: close (post + re-rank)", &a->m2.close, &b->m2.close, pg);
    scale_line("verify", &a->ver, &b->ver, pg);
    scale_line("floor: raw insert / COPY", &a->raw, &b->raw, pg);
    scale_line("floor: same, with keys", &a->keys, &b->keys, pg);
    scale_line("floor: raw post", &a->post, &b->post, pg);
    scale_line("floor: post + hashes", &a->post_chain, &b->post_chain, pg);
    scale_line("floor: read + hash", &a->read, &b->read, pg);
    printf("  verify --since, one batch of %ld at both sizes (flat is right): %.3f s -> %.3f s "
           "wall, x%.1f (%lld -> %lld entries)\n", a->batch, a->ver_since.wall, b->ver_since.wall,
           b->ver_since.wall / a->ver_since.wall, (long long)a->checked, (long long)b->checked);
    printf("  database                           %7.1f MB -> %.1f MB, x%.1f; rows read by the "
           "floor %ld -> %ld, x%.1f\n", a->bytes / 1e6, b->bytes / 1e6, b->bytes / a->bytes,
           a->nrows, b->nrows, (double)b->nrows / (double)a->nrows);
    printf("  step / floor (100 %% = at the floor)      base -> x10\n");
    scale_vs("month 1 import / raw", a->m1.imp, a->raw, b->m1.imp, b->raw, pg);
    scale_vs("month 1 import / keyed", a->m1.imp, a->keys, b->m1.imp, b->keys, pg);
    scale_vs("month 2 import / raw", a->m2.imp, a->raw, b->m2.imp, b->raw, pg);
    scale_vs("month 2 import / keyed", a->m2.imp, a->keys, b->m2.imp, b->keys, pg);
    scale_vs("month 1 close / raw post", a->m1.close, a->post, b->m1.close, b->post, pg);
    scale_vs("month 1 close / post + hashes", a->m1.close, a->post_chain, b->m1.close,
             b->post_chain, pg);
    scale_vs("month 2 close / raw post", a->m2.close, a->post, b->m2.close, b->post, pg);
    scale_vs("month 2 close / post + hashes", a->m2.close, a->post_chain, b->m2.close,
             b->post_chain, pg);
    scale_vs("verify / read + hash", a->ver, a->read, b->ver, b->read, pg);
}

/* Returns the exit status. */
static int bench_scale(const char *pg, long players, long lines, long batch)
{
    run r[2] = {{.players = players, .lines = lines, .batch = batch},
                {.players = 10 * players, .lines = 10 * lines, .batch = batch}};
    for (int i = 0; i < 2; i++) {
        if (pg)
            pg_run(pg, &r[i]);
        else
            sqlite_run(&r[i]);
        run_print(pg ? "PostgreSQL (cpu: this client's only)" : "SQLite", &r[i]);
        fflush(stdout);
    }
    scale_print(pg ? "PostgreSQL" : "SQLite", &r[0], &r[1], pg != NULL);
    return 0;
}

#endif
