/* ABF numbers (Masterpoint Scheme App. D; ABF-93): the body's own check,
 * used by its player-ID check (abf.c), the credit files (src/io/abf_credit.c)
 * and the ledger's ABF room. */
#include "bridgemp/abf.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Mod-11 check digit (docs/rulings.md, ABF-admin: ABF numbers): weights
 * 7..2 on the first six of the seven digits; a remainder of 0 or 1 gives that
 * digit, otherwise 11 - r.  Not in the handbook: it is the check that the
 * USEBIO examples' numbers carry. */
int bmp_abf_check_digit(const char *n7)
{
    int s = 0;
    for (int i = 0; i < 6; i++)
        s += (n7[i] - '0') * (7 - i);
    int r = s % 11;
    return r <= 1 ? r : 11 - r;
}

/* App. D: the ABF number is written as 7 zero-filled digits. */
bmp_status bmp_abf_number_validate(const char *s, bool check_digit, char *out7, bmp_error *err)
{
    if (!s || !*s)
        return bmp_error_set(err, BMP_EINVAL, "no ABF number");
    size_t n = strlen(s);
    if (n > 7)
        return bmp_error_set(err, BMP_EINVAL, "ABF number \"%s\" has more than 7 digits", s);
    bool nonzero = false;
    for (size_t i = 0; i < n; i++) {
        if (!isdigit((unsigned char)s[i]))
            return bmp_error_set(err, BMP_EINVAL, "ABF number \"%s\" is not all digits", s);
        nonzero |= s[i] != '0';
    }
    if (!nonzero)
        return bmp_error_set(err, BMP_EINVAL, "ABF number \"%s\" is zero", s);
    char z[8]; /* "%07lu" of its value: s left-padded with zeros (n <= 7 digits), no printf */
    memset(z, '0', 7 - n);
    memcpy(z + 7 - n, s, n + 1);
    if (check_digit && bmp_abf_check_digit(z) != z[6] - '0')
        return bmp_error_set(err, BMP_EINVAL,
                             "ABF number %s fails the mod-11 check (check digit should be %d)", z,
                             bmp_abf_check_digit(z));
    if (out7)
        memcpy(out7, z, 8);
    return BMP_OK;
}
