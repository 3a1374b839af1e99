/* libFuzzer harness: the ABF credit-file reader (src/io/abf_credit.c,
 * include/bridgemp/abf.h) must never crash or leak.  Built only when that
 * header exists (tests/fuzz/CMakeLists.txt).  The first byte picks the file
 * kind and whether check digits are required. */
#include <stdint.h>
#include <stdlib.h>

#include "bridgemp/bridgemp.h"
#include "bridgemp/abf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const bmp_abf_credit_kind kinds[] = {BMP_ABF_CREDIT_GREEN, BMP_ABF_CREDIT_RED,
                                                BMP_ABF_CREDIT_GOLD, BMP_ABF_CREDIT_RAG};
    if (size < 1)
        return 0;
    bmp_abf_credit_opts o = {.check_digit = (data[0] & 4) != 0};
    bmp_abf_credit_file f;
    bmp_abf_credit_init(&f, kinds[data[0] & 3]);
    bmp_error e = {0};
    (void)bmp_abf_credit_parse((const char *)data + 1, size - 1, &o, &f, &e);
    bmp_abf_credit_free(&f);
    return 0;
}
