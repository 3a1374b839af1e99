/* Event grades and the event requirement matrix ("11. Summary of event
 * requirements and awards", NZ-82, NZ-83; minimum deals NZ-84, NZ-45;
 * session C factors NZ-40, NZ-50; match-play factors NZ-41, NZ-51). */
#include <string.h>
#include <strings.h>

#include "nzb/nzb_internal.h"

/* 8B teams match factor: the 8B Teams page says "Basic Match Play Table
 * x 2", the summary matrix x 1; the event page wins (ruling NZ-L3, A-13).
 * 3A Swiss pairs: the page says 44 deals, the summary 48: the page. */
static const nzb_grade grades[] = {
    {"25A", 'A', 25, 6, 5, 158, 332, 0, "NZ-53", "NZ-54", NULL, "25A point"},
    {"20A", 'A', 20, 5, 4, 110, 110, 0, "NZ-55", "NZ-56", NULL, "20A point"},
    {"15A", 'A', 15, 4, 3, 88, 88, 88, "NZ-57", "NZ-58", "NZ-59", "15A points"},
    {"10A", 'A', 10, 3, 2, 72, 72, 72, "NZ-60", "NZ-61", "NZ-62", "10A points"},
    {"5A", 'A', 5, 2, 1, 60, 60, 60, "NZ-63", "NZ-64", "NZ-65", "5A point"},
    {"3A", 'A', 3, 2, 1, 44, 48, 44, "NZ-66", "NZ-67", "NZ-68", "3A point"},
    {"8B", 'B', 8, 2, 2, 44, 48, 0, "NZ-69", "NZ-70", NULL, "8B point"},
    {"5B", 'B', 5, 1, 1, 44, 48, 0, "NZ-71", "NZ-72", NULL, "5B point"},
    {"3B", 'B', 3, 1, 1, 44, 48, 0, "NZ-73", "NZ-74", NULL, "3B point"},
    {"40C", 'C', 40, 1, 1, 20, 20, 0, "NZ-26", "NZ-31", NULL, "Club Sessions"},
};

const nzb_grade *nzb_grade_find(const char *code)
{
    if (!code)
        return NULL;
    for (size_t i = 0; i < sizeof grades / sizeof grades[0]; i++)
        if (!strcasecmp(grades[i].code, code))
            return &grades[i];
    return NULL;
}

const nzb_grade *nzb_grade_at(int i)
{
    return i >= 0 && (size_t)i < sizeof grades / sizeof grades[0] ? &grades[i] : NULL;
}
