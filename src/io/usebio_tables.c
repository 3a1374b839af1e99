/* The field size a USEBIO file cannot otherwise carry (issue 26).
 *
 * The reader counts tables from the contestants a file lists (ruling C-3);
 * an event that lists only its placed pairs (examples/ebu/club-pairs.json:
 * 7 tables, 6 pairs listed) would re-import as 3 tables and earn nothing.
 * USEBIO 1.2 has no element for it, so the writer adds TABLE_COUNT under
 * EVENT (next to SESSION_COUNT and SECTION_COUNT) only when the stated
 * field is larger than the listed one; the reader keeps every other EVENT
 * leaf as "usebio.<element>" and takes it back from there. */
#include <stdlib.h>

#include "bridgemp/bridgemp.h"
#include "io/usebio_internal.h"

/* Tables the listed contestants make: pairs / 2, teams one each,
 * individuals / 4, phantoms excluded (ruling C-3). */
static double listed_tables(const bmp_event *ev)
{
    double per = bmp_event_kind_is_teams(ev->kind)   ? 1.0
                 : ev->kind == BMP_KIND_INDIVIDUAL ? 0.25
                                                    : 0.5;
    double all = 0;
    for (size_t i = 0; i < ev->ncontestants; i++)
        if (!ev->contestants[i].phantom)
            all += per;
    return all;
}

bool io_usebio_unlisted_tables(const bmp_event *ev)
{
    return ev->tables > 0 && ev->tables > listed_tables(ev) + 1e-9;
}

double io_usebio_stated_tables(const bmp_event *ev, double listed)
{
    const char *t = bmp_params_string(&ev->params, "usebio.table_count", NULL);
    if (!t)
        return listed;
    char *end = NULL;
    double v = strtod(t, &end);
    /* a stated field never smaller than the listed one, and a sane size */
    return end && end != t && !*end && v > listed && v <= 1e6 ? v : listed;
}
