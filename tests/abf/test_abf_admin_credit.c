/* ABF credit files (Masterpoint Scheme Appendix D) and ABF numbers.
 * The examples are Appendix D's own; the check-digit vectors are the
 * NATIONAL_ID_NUMBERs of shared/spec/usebio/example_pairs.xml. */
#include "bmp_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bridgemp/abf.h"

static bmp_abf_credit_file parse(bmp_abf_credit_kind kind, const char *text, bool check,
                                 bmp_status want)
{
    bmp_abf_credit_file f;
    bmp_abf_credit_init(&f, kind);
    bmp_abf_credit_opts o = {.check_digit = check};
    bmp_error e = {0};
    bmp_status st = bmp_abf_credit_parse(text, strlen(text), &o, &f, &e);
    if (st != want)
        fail_msg("parse status %d (%s), expected %d", st, e.msg, want);
    return f;
}

static void round_trip(bmp_abf_credit_kind kind, const char *text)
{
    bmp_abf_credit_file f = parse(kind, text, false, BMP_OK);
    char *out;
    size_t len;
    bmp_error e = {0};
    assert_int_equal(bmp_abf_credit_format(&f, &out, &len, &e), BMP_OK);
    assert_int_equal(len, strlen(text));
    assert_memory_equal(out, text, len);
    free(out);
    bmp_abf_credit_free(&f);
}

/* ABF-117: the 13-digit example of App. D: ABF 123456 gets 0.42, 2288 gets
 * 0.07 and 88249 gets 1.45. */
static void single_colour_example(void **state)
{
    (void)state;
    bmp_abf_credit_file f =
        parse(BMP_ABF_CREDIT_RED, "0123456000042\r\n0002288000007\r\n0088249000145\r\n", false,
              BMP_OK);
    assert_int_equal(f.nrecs, 3);
    assert_string_equal(f.recs[0].abf, "0123456");
    assert_points(f.recs[0].points, "0.42");
    assert_string_equal(f.recs[1].abf, "0002288");
    assert_points(f.recs[1].points, "0.07");
    assert_string_equal(f.recs[2].abf, "0088249");
    assert_points(f.recs[2].points, "1.45");
    /* ABF-120: "total credits" of the file: 0.42 + 0.07 + 1.45 = 1.94. */
    bmp_points tot, g;
    bmp_abf_credit_totals(&f, &tot, &g);
    assert_points(tot, "1.94");
    assert_points(g, "0.00");
    bmp_abf_credit_free(&f);
    /* App. D: "ABF number 123 becomes 0000123 and 0.53 points should read
     * 000053"; the largest 6-digit award is 9999.99. */
    f = parse(BMP_ABF_CREDIT_GREEN, "0000123000053\n0000123999999\n", false, BMP_OK);
    assert_string_equal(f.recs[0].abf, "0000123");
    assert_points(f.recs[0].points, "0.53");
    assert_points(f.recs[1].points, "9999.99");
    bmp_abf_credit_free(&f);
}

/* ABF-118: the 19-digit example of App. D: red before green, zero fields
 * written in full. */
static void red_and_green_example(void **state)
{
    (void)state;
    bmp_abf_credit_file f = parse(
        BMP_ABF_CREDIT_RAG, "0100060000042000005\r\n0099993000007000000\r\n0555667000000000145\r\n",
        false, BMP_OK);
    assert_int_equal(f.nrecs, 3);
    assert_string_equal(f.recs[0].abf, "0100060");
    assert_points(f.recs[0].points, "0.42"); /* red */
    assert_points(f.recs[0].green, "0.05");
    assert_points(f.recs[1].points, "0.07");
    assert_points(f.recs[1].green, "0.00");
    assert_points(f.recs[2].points, "0.00");
    assert_points(f.recs[2].green, "1.45");
    bmp_points red, green;
    bmp_abf_credit_totals(&f, &red, &green);
    assert_points(red, "0.49");
    assert_points(green, "1.50");
    bmp_abf_credit_free(&f);
}

/* ABF-117, ABF-118: byte-for-byte round trip (CR LF, LF, no final line end). */
static void round_trips(void **state)
{
    (void)state;
    round_trip(BMP_ABF_CREDIT_RED, "0123456000042\r\n0002288000007\r\n0088249000145\r\n");
    round_trip(BMP_ABF_CREDIT_GREEN, "0123456000042\n0002288000007\n0088249000145\n");
    round_trip(BMP_ABF_CREDIT_GOLD, "0123456000042\n0002288000007");
    round_trip(BMP_ABF_CREDIT_GOLD, "0123456000042\r\n0002288000007\n0088249000145");
    round_trip(BMP_ABF_CREDIT_RAG,
               "0100060000042000005\r\n0099993000007000000\r\n0555667000000000145\r\n");
}

/* ABF-117, ABF-118: every malformed line is reported by number. */
static void every_malformed_line(void **state)
{
    (void)state;
    const char *text = "0123456000042\n"   /* 1 ok */
                       "012345600004\n"    /* 2 twelve digits */
                       "01234560000421\n"  /* 3 fourteen */
                       "\n"                /* 4 blank */
                       "0123456 000042\n"  /* 5 space */
                       "0123456+00042\n"   /* 6 sign */
                       "0000000000042\n"   /* 7 ABF number zero */
                       "0002288000007\r\n" /* 8 ok, CR LF */
                       "0002288000007\r\r\n" /* 9 stray CR */
                       "0123456\t00042\n"  /* 10 tab */
                       "0088249000145";    /* 11 ok, no line end */
    bmp_abf_credit_file f = parse(BMP_ABF_CREDIT_GREEN, text, false, BMP_EPARSE);
    assert_int_equal(f.nrecs, 3);
    static const struct {
        size_t line;
        const char *msg;
    } want[] = {
        {2, "12 digits: a .grn line has exactly 13"},
        {3, "14 digits"},
        {4, "blank line"},
        {5, "' ' at column 8"},
        {6, "'+' at column 8"},
        {7, "is zero"},
        {9, "carriage return"},
        {10, "byte 0x09 at column 8"},
    };
    assert_int_equal(f.nproblems, sizeof want / sizeof *want);
    for (size_t i = 0; i < f.nproblems; i++) {
        assert_int_equal(f.problems[i].line, want[i].line);
        if (!strstr(f.problems[i].msg, want[i].msg))
            fail_msg("line %zu: \"%s\" lacks \"%s\"", want[i].line, f.problems[i].msg,
                     want[i].msg);
    }
    bmp_abf_credit_free(&f);
    /* A 13-digit line in a .rag file, and a 19-digit one in a .gld. */
    f = parse(BMP_ABF_CREDIT_RAG, "0100060000042\n", false, BMP_EPARSE);
    assert_int_equal(f.nproblems, 1);
    assert_non_null(strstr(f.problems[0].msg, "a .rag line has exactly 19"));
    bmp_abf_credit_free(&f);
    f = parse(BMP_ABF_CREDIT_GOLD, "0100060000042000005\n", false, BMP_EPARSE);
    assert_non_null(strstr(f.problems[0].msg, "a .gld line has exactly 13"));
    bmp_abf_credit_free(&f);
    f = parse(BMP_ABF_CREDIT_GOLD, "", false, BMP_EPARSE);
    assert_non_null(strstr(f.problems[0].msg, "empty file"));
    bmp_abf_credit_free(&f);
}

/* ABF-119: file naming: the extension gives the kind; .mp5 is red+green;
 * other .mp? colours are not stated; .DOC, .XLS ... are rejected. */
static void file_naming(void **state)
{
    (void)state;
    bmp_abf_credit_kind k;
    bmp_error e = {0};
    assert_int_equal(bmp_abf_credit_kind_of("club.grn", &k, &e), BMP_OK);
    assert_int_equal(k, BMP_ABF_CREDIT_GREEN);
    assert_int_equal(bmp_abf_credit_kind_of("dir.x/CONGRESS.RED", &k, &e), BMP_OK);
    assert_int_equal(k, BMP_ABF_CREDIT_RED);
    assert_int_equal(bmp_abf_credit_kind_of("a.gld", &k, &e), BMP_OK);
    assert_int_equal(k, BMP_ABF_CREDIT_GOLD);
    assert_int_equal(bmp_abf_credit_kind_of("a.rag", &k, &e), BMP_OK);
    assert_int_equal(k, BMP_ABF_CREDIT_RAG);
    assert_int_equal(bmp_abf_credit_kind_of("a.mp5", &k, &e), BMP_OK);
    assert_int_equal(k, BMP_ABF_CREDIT_RAG);
    assert_int_equal(bmp_abf_credit_width(BMP_ABF_CREDIT_RAG), 19);
    assert_int_equal(bmp_abf_credit_width(BMP_ABF_CREDIT_GOLD), 13);
    assert_int_equal(bmp_abf_credit_kind_of("a.mp3", &k, &e), BMP_ENOTSUP);
    assert_non_null(strstr(e.msg, "not supported: legacy credit file colour (ABF-119"));
    assert_int_equal(bmp_abf_credit_kind_of("results.xls", &k, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "extension .xls is not a credit file"));
    assert_int_equal(bmp_abf_credit_kind_of("results.DOC", &k, &e), BMP_EINVAL);
    assert_int_equal(bmp_abf_credit_kind_of("dir.grn/credits", &k, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "no extension"));
}

/* ABF-93: ABF numbers: 1..7 digits, zero-filled to 7, with the mod-11 check
 * carried by the USEBIO example numbers. */
static void abf_numbers(void **state)
{
    (void)state;
    static const char *const valid[] = {"310425",  "528171",  "604331",  "712086",
                                        "805610",  "923745",  "1044559", "1180290",
                                        "1234064", "1345710", "1459031"};
    char z[8];
    bmp_error e = {0};
    for (size_t i = 0; i < sizeof valid / sizeof *valid; i++) {
        assert_int_equal(bmp_abf_number_validate(valid[i], true, z, &e), BMP_OK);
        /* Any other last digit fails. */
        char bad[8];
        strcpy(bad, valid[i]);
        size_t n = strlen(bad);
        bad[n - 1] = (char)('0' + (bad[n - 1] - '0' + 3) % 10);
        assert_int_equal(bmp_abf_number_validate(bad, true, NULL, &e), BMP_EINVAL);
        assert_non_null(strstr(e.msg, "mod-11"));
    }
    /* 528171: 0*7+5*6+2*5+8*4+1*3+7*2 = 89, 89 mod 11 = 1 -> check 1 (the
     * remainder 10 = 11 - 1 cannot be one digit). 0310425: 3*6+1*5+0+4*3+2*2 =
     * 39, 39 mod 11 = 6 -> 11 - 6 = 5. */
    assert_int_equal(bmp_abf_check_digit("0528171"), 1);
    assert_int_equal(bmp_abf_check_digit("0310425"), 5);
    assert_int_equal(bmp_abf_check_digit("0805610"), 0);
    assert_int_equal(bmp_abf_number_validate("2288", false, z, &e), BMP_OK);
    assert_string_equal(z, "0002288");
    /* App. D's own example numbers do not carry the check digit: this is why
     * the check is optional (docs/rulings.md). */
    assert_int_equal(bmp_abf_number_validate("123456", true, NULL, &e), BMP_EINVAL);
    assert_int_equal(bmp_abf_number_validate("12345678", false, NULL, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "more than 7 digits"));
    assert_int_equal(bmp_abf_number_validate("12a4", false, NULL, &e), BMP_EINVAL);
    assert_int_equal(bmp_abf_number_validate("000", false, NULL, &e), BMP_EINVAL);
    assert_int_equal(bmp_abf_number_validate("", false, NULL, &e), BMP_EINVAL);
    assert_int_equal(bmp_abf_number_validate(NULL, false, NULL, &e), BMP_EINVAL);
    /* In a file, with the check asked for. */
    bmp_abf_credit_file f =
        parse(BMP_ABF_CREDIT_GREEN, "0310425000042\n0310426000042\n", true, BMP_EPARSE);
    assert_int_equal(f.nproblems, 1);
    assert_int_equal(f.problems[0].line, 2);
    bmp_abf_credit_free(&f);
}

static const char *const event_json =
    "{\"body\": \"abf\", \"name\": \"Club teams\", \"kind\": \"pairs\", \"date\": \"2025-05-06\","
    " \"contestants\": ["
    "  {\"id\": \"1\", \"name\": \"Ames - Bell\", \"place\": 1, \"players\": ["
    "     {\"id\": \"310425\", \"name\": \"Ames\"}, {\"id\": \"528171\", \"name\": \"Bell\"}]},"
    "  {\"id\": \"2\", \"name\": \"Cook - Dunn\", \"place\": 2, \"players\": ["
    "     {\"id\": \"0604331\", \"name\": \"Cook\"}, {\"id\": \"310425\", \"name\": \"Ames\"}]},"
    "  {\"id\": \"3\", \"name\": \"Eve - Fox\", \"place\": 3, \"players\": ["
    "     {\"id\": \"712086\", \"name\": \"Eve\"}, {\"name\": \"Fox\"}]}"
    "]}";

static void add(bmp_awards *aw, size_t c, int player, bmp_points p, const char *colour)
{
    bmp_award a = {0};
    a.contestant = c;
    a.player = player;
    a.points = p;
    bmp_award_set(&a, "session", "overall", colour, "(test)", "4.2.1");
    assert_int_equal(bmp_awards_add(aw, NULL, &a, NULL), BMP_OK);
}

/* ABF-117: the writer: one file per colour present, one line per player with
 * the sum of its awards, sorted by ABF number, DOS text. */
static void write_from_awards(void **state)
{
    (void)state;
    bmp_event *ev = bmp_test_event(event_json);
    bmp_awards aw;
    bmp_awards_init(&aw);
    add(&aw, 0, BMP_ALL_PLAYERS, 42, "green");   /* Ames, Bell 0.42 */
    add(&aw, 1, BMP_ALL_PLAYERS, 7, "green");    /* Cook, Ames 0.07 */
    add(&aw, 1, 0, 145, "red");                  /* Cook 1.45 red */
    add(&aw, 0, 0, 0, "gold");                   /* 0.00: no line, no .gld */
    char dir[] = "/tmp/bmp_abf_credit_XXXXXX";
    assert_non_null(mkdtemp(dir));
    char prefix[256], path[300];
    snprintf(prefix, sizeof prefix, "%s/ev", dir);
    unsigned written = 0;
    bmp_error e = {0};
    assert_int_equal(bmp_abf_credit_write_opts(ev, &aw, prefix, NULL, &written, &e), BMP_OK);
    assert_int_equal(written, (1u << BMP_ABF_CREDIT_GREEN) | (1u << BMP_ABF_CREDIT_RED));
    size_t len;
    snprintf(path, sizeof path, "%s.grn", prefix);
    char *grn = bmp_test_slurp(path, &len);
    assert_non_null(grn);
    /* Ames 0.42 + 0.07 = 0.49; Bell 0.42; Cook 0.07. */
    assert_string_equal(grn, "0310425000049\r\n0528171000042\r\n0604331000007\r\n");
    /* What was written reads back as valid, with the check digit. */
    bmp_abf_credit_file f;
    bmp_abf_credit_opts o = {.check_digit = true};
    assert_int_equal(bmp_abf_credit_read(path, &o, &f, &e), BMP_OK);
    assert_int_equal(f.nrecs, 3);
    bmp_abf_credit_free(&f);
    unlink(path);
    free(grn);
    snprintf(path, sizeof path, "%s.red", prefix);
    char *red = bmp_test_slurp(path, &len);
    assert_string_equal(red, "0604331000145\r\n");
    unlink(path);
    free(red);
    snprintf(path, sizeof path, "%s.gld", prefix);
    assert_int_equal(access(path, F_OK), -1); /* no gold awards, no .gld */

    /* A player without an ABF number: the error names the contestant. */
    add(&aw, 2, BMP_ALL_PLAYERS, 5, "gold");
    assert_int_equal(bmp_abf_credit_write(ev, &aw, prefix, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "contestant 3 (\"Eve - Fox\"), player 2 (\"Fox\"): no ABF number"));
    bmp_awards_free(&aw);

    /* Another colour. */
    bmp_awards_init(&aw);
    add(&aw, 0, 0, 5, "black");
    assert_int_equal(bmp_abf_credit_write(ev, &aw, prefix, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "not an ABF colour"));
    bmp_awards_free(&aw);

    /* A sum above 9999.99 does not fit six digits. */
    bmp_awards_init(&aw);
    add(&aw, 0, 0, 999999, "gold");
    add(&aw, 1, 1, 1, "gold"); /* Ames again */
    assert_int_equal(bmp_abf_credit_write(ev, &aw, prefix, &e), BMP_ERANGE);
    assert_non_null(strstr(e.msg, "9999.99"));
    bmp_awards_free(&aw);

    /* With the check digit asked for, a bad number is refused. */
    bmp_awards_init(&aw);
    add(&aw, 0, 0, 5, "green");
    bmp_event *ev2 = bmp_test_event(
        "{\"body\": \"abf\", \"name\": \"x\", \"kind\": \"pairs\", \"contestants\": ["
        " {\"id\": \"9\", \"place\": 1, \"players\": [{\"id\": \"123456\"}, {\"id\": \"2288\"}]}]}");
    assert_int_equal(bmp_abf_credit_write_opts(ev2, &aw, prefix, &o, NULL, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "contestant 9, player 1: ABF number 0123456 fails the mod-11"));
    bmp_awards_free(&aw);
    bmp_event_free(ev2);
    rmdir(dir);
    bmp_event_free(ev);
}

/* ABF-117: bmp_abf_credit_add validates what a program builds. */
static void build_and_save(void **state)
{
    (void)state;
    bmp_abf_credit_file f;
    bmp_abf_credit_init(&f, BMP_ABF_CREDIT_RAG);
    bmp_error e = {0};
    assert_int_equal(bmp_abf_credit_add(&f, "100060", 42, 5, true, &e), BMP_OK);
    assert_int_equal(bmp_abf_credit_add(&f, "99993", 7, 0, true, &e), BMP_OK);
    assert_int_equal(bmp_abf_credit_add(&f, "555667", 0, 145, true, &e), BMP_OK);
    assert_int_equal(bmp_abf_credit_add(&f, "555667", -1, 0, true, &e), BMP_ERANGE);
    assert_int_equal(bmp_abf_credit_add(&f, "555667", 1000000, 0, true, &e), BMP_ERANGE);
    assert_int_equal(bmp_abf_credit_add(&f, "x", 1, 0, true, &e), BMP_EINVAL);
    char *out;
    size_t len;
    assert_int_equal(bmp_abf_credit_format(&f, &out, &len, &e), BMP_OK);
    assert_string_equal(out,
                        "0100060000042000005\r\n0099993000007000000\r\n0555667000000000145\r\n");
    free(out);
    bmp_abf_credit_free(&f);
    bmp_abf_credit_init(&f, BMP_ABF_CREDIT_GREEN);
    assert_int_equal(bmp_abf_credit_add(&f, "1", 1, 1, false, &e), BMP_EINVAL);
    bmp_abf_credit_free(&f);
}

/* ABF-120: merging files of the same colour sums per ABF number (App. G). */
static void merge(void **state)
{
    (void)state;
    bmp_abf_credit_file a = parse(BMP_ABF_CREDIT_RED, "0123456000042\n0002288000007\n", false, BMP_OK);
    bmp_abf_credit_file b = parse(BMP_ABF_CREDIT_RED, "0002288000100\n0088249000145\n", false, BMP_OK);
    bmp_error e = {0};
    assert_int_equal(bmp_abf_credit_merge(&a, &b, &e), BMP_OK);
    assert_int_equal(a.nrecs, 3);
    assert_string_equal(a.recs[1].abf, "0002288");
    assert_points(a.recs[1].points, "1.07"); /* 0.07 + 1.00 */
    assert_string_equal(a.recs[2].abf, "0088249");
    bmp_points tot;
    bmp_abf_credit_totals(&a, &tot, NULL);
    assert_points(tot, "2.94"); /* 0.42 + 0.07 + 1.00 + 1.45 */
    bmp_abf_credit_file g = parse(BMP_ABF_CREDIT_GREEN, "0002288000100\n", false, BMP_OK);
    assert_int_equal(bmp_abf_credit_merge(&a, &g, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "same colour only"));
    bmp_abf_credit_file big = parse(BMP_ABF_CREDIT_RED, "0123456999999\n", false, BMP_OK);
    assert_int_equal(bmp_abf_credit_merge(&a, &big, &e), BMP_ERANGE);
    bmp_abf_credit_free(&a);
    bmp_abf_credit_free(&b);
    bmp_abf_credit_free(&g);
    bmp_abf_credit_free(&big);
}

/* ABF-117, ABF-118: files read from disk and saved again are identical, byte
 * for byte. */
static void file_round_trip(void **state)
{
    (void)state;
    static const char *const names[] = {"appd.red", "appd.rag", "usebio.grn", "more.red"};
    char dir[] = "/tmp/bmp_abf_rt_XXXXXX";
    assert_non_null(mkdtemp(dir));
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        char in[1024], out[1024];
        snprintf(in, sizeof in, "%s/abf_admin/%s", BMP_TEST_DATA, names[i]);
        snprintf(out, sizeof out, "%s/%s", dir, names[i]);
        bmp_abf_credit_file f;
        bmp_error e = {0};
        assert_int_equal(bmp_abf_credit_read(in, NULL, &f, &e), BMP_OK);
        assert_int_equal(bmp_abf_credit_save(&f, out, &e), BMP_OK);
        bmp_abf_credit_free(&f);
        size_t la, lb;
        char *a = bmp_test_slurp(in, &la), *b = bmp_test_slurp(out, &lb);
        assert_int_equal(la, lb);
        assert_memory_equal(a, b, la);
        free(a);
        free(b);
        unlink(out);
    }
    rmdir(dir);
}

/* ABF-117: every line is either a credit or a reported problem, whatever the
 * bytes (a small deterministic fuzz over the characters that matter). */
static void every_line_accounted_for(void **state)
{
    (void)state;
    static const char alphabet[] = "0000000001234567\r\n\n -x\t";
    uint32_t seed = 12345;
    char buf[80];
    for (int iter = 0; iter < 3000; iter++) {
        seed = seed * 1103515245u + 12345u;
        size_t len = (seed >> 16) % sizeof buf;
        for (size_t i = 0; i < len; i++) {
            seed = seed * 1103515245u + 12345u;
            /* Mostly digits, so that well-formed lines occur too. */
            buf[i] = (seed >> 16) % 4 ? (char)('0' + (seed >> 20) % 10)
                                       : alphabet[(seed >> 20) % (sizeof alphabet - 1)];
        }
        size_t lines = 0;
        for (size_t i = 0; i < len; i++)
            lines += buf[i] == '\n';
        if (len && buf[len - 1] != '\n')
            lines++;
        bmp_abf_credit_kind kind = (bmp_abf_credit_kind)(iter % 4);
        bmp_abf_credit_file f;
        bmp_abf_credit_init(&f, kind);
        bmp_error e = {0};
        bmp_status st = bmp_abf_credit_parse(buf, len, NULL, &f, &e);
        assert_int_equal(f.nrecs + f.nproblems, lines ? lines : 1);
        assert_int_equal(st, f.nproblems ? BMP_EPARSE : BMP_OK);
        if (st == BMP_OK) {
            char *out;
            size_t olen;
            assert_int_equal(bmp_abf_credit_format(&f, &out, &olen, &e), BMP_OK);
            assert_int_equal(olen, len);
            assert_memory_equal(out, buf, len);
            free(out);
        }
        bmp_abf_credit_free(&f);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(single_colour_example), cmocka_unit_test(red_and_green_example),
        cmocka_unit_test(round_trips),           cmocka_unit_test(every_malformed_line),
        cmocka_unit_test(file_naming),           cmocka_unit_test(abf_numbers),
        cmocka_unit_test(write_from_awards),     cmocka_unit_test(build_and_save),
        cmocka_unit_test(merge),                 cmocka_unit_test(file_round_trip),
        cmocka_unit_test(every_line_accounted_for),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
