#include "abf/abf_internal.h"
bmp_status abf_award_event(const bmp_event *ev, bmp_awards *out, bmp_error *err)
{
    (void)ev; (void)out;
    return bmp_not_supported(err, "ABF awards", "ABF-1", "1.5.1", "todo");
}
