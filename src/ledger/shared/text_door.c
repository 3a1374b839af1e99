/* Texts checked at the door (text_door.h): one checker for names, reasons,
 * files and labels, in the registers, events, reasons and the API. */
#include "ledger/shared/text_door.h"

#include <stdio.h>

#include "ledger/ledger_internal.h"

/* A name and a free text are held to the same rules (core_text_fault); a
 * name must also show something (core_text_blank).  A name that starts as
 * a spreadsheet formula is stored (the CSV outputs guard it). */
static size_t bad(bmp_problems *p, const char *where, const char *field, const char *s,
                  size_t max, bool name)
{
    char why[160];
    if (name && core_text_blank(s))
        snprintf(why, sizeof why, "a name that shows nothing (only spaces or invisible characters)");
    else if (!core_text_fault(s, max, why, sizeof why))
        return 0;
    problems_add(p, "%s%s: %s", where ? where : "", field, why);
    return 1;
}

size_t ledger_name_bad(bmp_problems *p, const char *where, const char *field, const char *s,
                       size_t max)
{
    return bad(p, where, field, s, max, true);
}

size_t ledger_text_bad(bmp_problems *p, const char *where, const char *field, const char *s,
                       size_t max)
{
    return bad(p, where, field, s, max, false);
}

bmp_status ledger_text_check(const char *field, const char *s, size_t max, bool name,
                             bmp_error *err)
{
    char why[160];
    if (name && core_text_blank(s))
        snprintf(why, sizeof why, "a name that shows nothing (only spaces or invisible characters)");
    else if (!core_text_fault(s, max, why, sizeof why))
        return BMP_OK;
    return bmp_error_set(err, BMP_EINVAL, "%s: %s", field, why);
}

/* One contestant: its id and name, its players' ids and names. */
static size_t contestant_texts(const bmp_contestant *c, size_t i, const char *where,
                               bmp_problems *p)
{
    char field[96];
    size_t n = 0;
    snprintf(field, sizeof field, "contestants[%zu].id", i);
    n += ledger_text_bad(p, where, field, c->id, CORE_TEXT_NAME_MAX);
    snprintf(field, sizeof field, "contestants[%zu].name", i);
    n += ledger_name_bad(p, where, field, c->name, CORE_TEXT_NAME_MAX);
    for (size_t k = 0; k < c->nplayers; k++) {
        snprintf(field, sizeof field, "contestants[%zu].players[%zu].id", i, k);
        n += ledger_text_bad(p, where, field, c->players[k].id, CORE_TEXT_NAME_MAX);
        snprintf(field, sizeof field, "contestants[%zu].players[%zu].name", i, k);
        n += ledger_name_bad(p, where, field, c->players[k].name, CORE_TEXT_NAME_MAX);
    }
    return n;
}

bmp_status ledger_event_texts(const bmp_event *ev, const char *file, bmp_problems *probs,
                              bmp_error *err)
{
    if (!ev)
        return BMP_OK;
    bmp_problems local = {0};
    bmp_problems *pp = probs ? probs : &local;
    size_t before = pp->count, n = 0;
    char where[CORE_TEXT_FILE_MAX + 8];
    snprintf(where, sizeof where, "%s: ", file ? file : "event");
    n += ledger_name_bad(pp, where, "name", ev->name, CORE_TEXT_NAME_MAX);
    const struct {
        const char *field, *v;
    } ids[] = {{"event_id", ev->event_id},         {"sanction", ev->sanction},
               {"organiser", ev->organiser},       {"classification", ev->classification},
               {"rating", ev->rating},             {"grade", ev->grade},
               {"status", ev->status},             {"date", ev->date}};
    for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++)
        n += ledger_text_bad(pp, where, ids[i].field, ids[i].v, CORE_TEXT_NAME_MAX);
    for (size_t i = 0; i < ev->ncontestants; i++)
        n += contestant_texts(&ev->contestants[i], i, where, pp);
    bmp_status rc = n ? problems_fail(pp, pp->count - before, pp->msgs[before], BMP_EINVAL, err)
                      : BMP_OK;
    bmp_problems_free(&local);
    return rc;
}

bmp_status ledger_import_texts(const char *file, const char *club, const char *reason,
                               bmp_error *err)
{
    bmp_status rc = ledger_text_check("file", file, CORE_TEXT_FILE_MAX, false, err);
    if (!rc)
        rc = ledger_text_check("--club", club, CORE_TEXT_NAME_MAX, false, err);
    if (!rc)
        rc = ledger_text_check("reason", reason, CORE_TEXT_REASON_MAX, false, err);
    return rc;
}
