/* Whole files in and out (include/bridgemp/file.h): the size limit, the
 * text check (BOM, UTF-16, invalid UTF-8 with its byte offset), atomic
 * writes and the same-file test (issue 10). */
#include "bmp_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bridgemp/file.h"

static char dir[64];

static int make_dir(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/bmp-test-file.XXXXXX");
    return mkdtemp(dir) ? 0 : -1;
}

static int remove_dir(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

static void path_of(char *out, size_t n, const char *name)
{
    snprintf(out, n, "%s/%s", dir, name);
}

static void sizes(void **state)
{
    (void)state;
    size_t v = 0;
    assert_true(bmp_size_parse("1048576", &v));
    assert_int_equal(v, 1048576);
    assert_true(bmp_size_parse("512K", &v));
    assert_int_equal(v, 512 * 1024);
    assert_true(bmp_size_parse("256M", &v)); /* the default: 256 x 2^20 */
    assert_int_equal(v, BMP_MAX_INPUT_DEFAULT);
    assert_true(bmp_size_parse("2gb", &v));
    assert_int_equal(v, (size_t)2 << 30);
    assert_false(bmp_size_parse("0", &v));
    assert_false(bmp_size_parse("-5M", &v));
    assert_false(bmp_size_parse("12X", &v));
    assert_false(bmp_size_parse("M", &v));
    assert_false(bmp_size_parse("", &v));
}

static void text_check(void **state)
{
    (void)state;
    bmp_error e = {0};
    size_t bom = 9;
    assert_int_equal(bmp_text_check("a", "{}", 2, true, &bom, &e), BMP_OK);
    assert_int_equal(bom, 0);
    assert_int_equal(bmp_text_check("a", "\xEF\xBB\xBF{}", 5, true, &bom, &e), BMP_OK);
    assert_int_equal(bom, 3);
    /* é, €, 😀 (2, 3 and 4 bytes) are valid */
    const char *ok = "\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80";
    assert_int_equal(bmp_text_check("a", ok, strlen(ok), true, NULL, &e), BMP_OK);
    assert_int_equal(bmp_text_check("u.json", "\xFF\xFE{\0", 4, true, NULL, &e), BMP_EPARSE);
    assert_non_null(strstr(e.msg, "u.json: byte 0: a UTF-16 byte-order mark (FF FE)"));
    assert_int_equal(bmp_text_check("u.json", "\xFE\xFF\0{", 4, false, NULL, &e), BMP_EPARSE);
    assert_int_equal(bmp_text_check("n.json", "{\n\0", 3, false, NULL, &e), BMP_EPARSE);
    assert_non_null(strstr(e.msg, "n.json: byte 2 (line 2): a NUL byte"));
    /* Latin-1 é (0xE9) at byte 6, line 2 */
    assert_int_equal(bmp_text_check("l.json", "{\n\"Caf\xE9\"", 8, true, NULL, &e), BMP_EPARSE);
    assert_non_null(strstr(e.msg, "l.json: byte 6 (line 2): invalid UTF-8 (byte 0xE9)"));
    /* ... accepted when UTF-8 is not required (an XML file declares its own) */
    assert_int_equal(bmp_text_check("l.xml", "<a>\xE9</a>", 8, false, NULL, &e), BMP_OK);
    /* overlong "/" (C0 AF), a surrogate (ED A0 80), past U+10FFFF (F4 90 80 80),
     * a truncated sequence */
    assert_int_equal(bmp_text_check("x", "\xC0\xAF", 2, true, NULL, &e), BMP_EPARSE);
    assert_int_equal(bmp_text_check("x", "\xED\xA0\x80", 3, true, NULL, &e), BMP_EPARSE);
    assert_int_equal(bmp_text_check("x", "\xF4\x90\x80\x80", 4, true, NULL, &e), BMP_EPARSE);
    assert_int_equal(bmp_text_check("x", "ab\xE2\x82", 4, true, NULL, &e), BMP_EPARSE);
    assert_non_null(strstr(e.msg, "byte 2 (line 1)"));
}

static void read_limits(void **state)
{
    (void)state;
    char p[128];
    path_of(p, sizeof p, "ten.json");
    FILE *f = fopen(p, "wb");
    assert_non_null(f);
    fputs("0123456789", f);
    fclose(f);
    char *buf = NULL;
    size_t len = 0;
    bmp_error e = {0};
    assert_int_equal(bmp_file_read(p, 10, &buf, &len, &e), BMP_OK);
    assert_int_equal(len, 10);
    assert_string_equal(buf, "0123456789");
    free(buf);
    assert_int_equal(bmp_file_read(p, 9, &buf, &len, &e), BMP_EINVAL);
    assert_null(buf);
    assert_non_null(strstr(e.msg, "ten.json: larger than the input limit of 9 bytes"));
    /* a device without end: refused once past the limit */
    assert_int_equal(bmp_file_read("/dev/zero", 100000, &buf, &len, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "/dev/zero: not a regular file and more than the input limit"));
    /* an empty device is an empty input */
    assert_int_equal(bmp_file_read("/dev/null", 0, &buf, &len, &e), BMP_OK);
    assert_int_equal(len, 0);
    free(buf);
    path_of(p, sizeof p, "missing.json");
    assert_int_equal(bmp_file_read(p, 0, &buf, &len, &e), BMP_EIO);
    assert_non_null(strstr(e.msg, "missing.json: cannot open: No such file or directory"));
    assert_int_equal(bmp_file_read(dir, 0, &buf, &len, &e), BMP_EIO);
    assert_non_null(strstr(e.msg, "cannot read: Is a directory"));
}

static void atomic_write(void **state)
{
    (void)state;
    char p[128], q[128];
    path_of(p, sizeof p, "out.txt");
    bmp_error e = {0};
    assert_int_equal(bmp_file_write_atomic(p, "old\n", 4, &e), BMP_OK);
    chmod(p, 0640);
    assert_int_equal(bmp_file_write_atomic(p, "new text\n", 9, &e), BMP_OK);
    char *buf = NULL;
    size_t len = 0;
    assert_int_equal(bmp_file_read(p, 0, &buf, &len, &e), BMP_OK);
    assert_string_equal(buf, "new text\n");
    free(buf);
    struct stat st;
    assert_int_equal(stat(p, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0640); /* permissions kept */
    /* through a symbolic link: the target is replaced, the link stays */
    path_of(q, sizeof q, "link.txt");
    assert_int_equal(symlink("out.txt", q), 0);
    assert_int_equal(bmp_file_write_atomic(q, "via link\n", 9, &e), BMP_OK);
    assert_int_equal(lstat(q, &st), 0);
    assert_true(S_ISLNK(st.st_mode));
    assert_int_equal(bmp_file_read(p, 0, &buf, &len, &e), BMP_OK);
    assert_string_equal(buf, "via link\n");
    free(buf);
    assert_true(bmp_file_same(p, q));
    path_of(q, sizeof q, "other.txt");
    assert_int_equal(bmp_file_write_atomic(q, "x", 1, &e), BMP_OK);
    assert_false(bmp_file_same(p, q));
    assert_false(bmp_file_same("/dev/null", "/dev/null")); /* not regular files */
    /* failures name the path and the reason; nothing is left behind */
    assert_int_equal(bmp_file_write_atomic("/dev/full", "x", 1, &e), BMP_EIO);
    assert_non_null(strstr(e.msg, "/dev/full: write error: No space left on device"));
    path_of(q, sizeof q, "no/such/dir.txt");
    assert_int_equal(bmp_file_write_atomic(q, "x", 1, &e), BMP_EIO);
    assert_non_null(strstr(e.msg, "cannot write: No such file or directory"));
    assert_int_equal(bmp_file_write_atomic(dir, "x", 1, &e), BMP_EIO);
    assert_non_null(strstr(e.msg, "Is a directory"));
    char cmd[160];
    snprintf(cmd, sizeof cmd, "test -z \"$(find '%s' -name '.*.tmp-*')\"", dir);
    assert_int_equal(system(cmd), 0);
}

/* issue 46: an output written as it is made keeps write_atomic's
 * guarantee: the old file until the commit, nothing on an abort, the same
 * messages (at the commit) for what write_atomic refuses. */
static void streamed_write(void **state)
{
    (void)state;
    char p[128], q[128];
    path_of(p, sizeof p, "streamed.txt");
    bmp_error e = {0};
    assert_int_equal(bmp_file_write_atomic(p, "old\n", 4, &e), BMP_OK);
    chmod(p, 0640);
    bmp_file_out *o = NULL;
    assert_int_equal(bmp_file_out_open(p, &o, &e), BMP_OK);
    for (int i = 0; i < 20000; i++) /* more than one stdio buffer */
        fprintf(bmp_file_out_stream(o), "line %d\n", i);
    char *buf = NULL;
    size_t len = 0;
    assert_int_equal(bmp_file_read(p, 0, &buf, &len, &e), BMP_OK);
    assert_string_equal(buf, "old\n"); /* not yet */
    free(buf);
    assert_int_equal(bmp_file_out_commit(o, &e), BMP_OK);
    assert_int_equal(bmp_file_read(p, 0, &buf, &len, &e), BMP_OK);
    assert_int_equal(len, 208890);
    assert_memory_equal(buf, "line 0\nline 1\n", 14);
    assert_string_equal(buf + len - 11, "line 19999\n");
    free(buf);
    struct stat st;
    assert_int_equal(stat(p, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0640); /* permissions kept */
    /* dropped: the old file as it was, no temporary file left */
    assert_int_equal(bmp_file_out_open(p, &o, &e), BMP_OK);
    fputs("half", bmp_file_out_stream(o));
    bmp_file_out_abort(o);
    bmp_file_out_abort(NULL);
    assert_int_equal(bmp_file_read(p, 0, &buf, &len, &e), BMP_OK);
    assert_int_equal(len, 208890);
    free(buf);
    /* spooled where write_atomic writes in place or refuses: the same
     * outcome, at the commit */
    assert_int_equal(bmp_file_out_open("/dev/null", &o, &e), BMP_OK);
    fputs("gone", bmp_file_out_stream(o));
    assert_int_equal(bmp_file_out_commit(o, &e), BMP_OK);
    assert_int_equal(bmp_file_out_open("/dev/full", &o, &e), BMP_OK);
    fputs("x", bmp_file_out_stream(o));
    assert_int_equal(bmp_file_out_commit(o, &e), BMP_EIO);
    assert_non_null(strstr(e.msg, "/dev/full: write error: No space left on device"));
    assert_int_equal(bmp_file_out_open(dir, &o, &e), BMP_OK);
    assert_int_equal(bmp_file_out_commit(o, &e), BMP_EIO);
    assert_non_null(strstr(e.msg, "Is a directory"));
    path_of(q, sizeof q, "no/such/dir.txt");
    assert_int_equal(bmp_file_out_open(q, &o, &e), BMP_OK);
    assert_int_equal(bmp_file_out_commit(o, &e), BMP_EIO);
    assert_non_null(strstr(e.msg, "cannot write: No such file or directory"));
    char cmd[160];
    snprintf(cmd, sizeof cmd, "test -z \"$(find '%s' -name '.*.tmp-*')\"", dir);
    assert_int_equal(system(cmd), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sizes),
        cmocka_unit_test(text_check),
        cmocka_unit_test(read_limits),
        cmocka_unit_test(atomic_write),
        cmocka_unit_test(streamed_write),
    };
    return cmocka_run_group_tests(tests, make_dir, remove_dir);
}
