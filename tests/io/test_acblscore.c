/* ACBLscore game files (issue 42 item 2): the 15 real files of
 * tests/data/acblscore/ (SOURCES.md) read with the values checked by hand
 * in their bytes (xxd: club number at event +0xb0, date at +0x48, tables
 * at section details +0x48, a player's number at player +0x36, his award
 * at player +0x60); their events converted to the event model; damaged
 * files refused with the offset and the structure; the pipeline. */
#include "bmp_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/bridgemp.h"

#define ACS(rel) BMP_TEST_DATA "/acblscore/" rel

static bmp_acblscore_file *read_file(const char *path)
{
    size_t len;
    char *b = bmp_test_slurp(path, &len);
    assert_true(bmp_acblscore_sniff(b, len));
    bmp_acblscore_file *f = NULL;
    bmp_error e = {0};
    if (bmp_acblscore_read_memory(b, len, path, &f, &e))
        fail_msg("%s", e.msg);
    free(b);
    return f;
}

/* What each file holds, read by hand from its bytes. */
typedef struct expect {
    const char *file, *club, *date;
    size_t nevents, nsections;
    int tables;          /* of the first section */
    const char *entry;   /* the first entry: section, pair, direction */
    const char *player;  /* its first player */
    const char *number;
    const char *award_player; /* the first award stored, to this player */
    const char *colour;
    int64_t points;
    bool overall;
} expect;

static const expect files[] = {
    {"750-club__170724.ACE", "256768", "2017-07-24", 1, 1, 11, "A1NS", "Trygstad", "8785872",
     "R781870", "red", 78, true},
    {"750-club__170724.ACM", "256768", "2017-07-24", 1, 3, 9, "A1NS", "Baxley", "2124653",
     "1502360", "red", 18, false},
    {"750-club__170725.ACM", "256768", "2017-07-25", 1, 2, 12, "A1NS", "Weintraub", "M565274",
     "4835751", "red", 223, true},
    {"agile-bridge-club__170613.ACA", "266361", "2017-06-13", 1, 2, 7, "A1NS", "Drayer",
     "2678837", "2678837", "red", 20, false},
    {"agile-bridge-club__170718.ACA", "266361", "2017-07-18", 1, 2, 8, "A1NS", "Lebental",
     "3029611", "3029611", "red", 21, false},
    {"beverly-hills-bridge-club__170731.ACA", "229849", "2017-07-31", 2, 2, 9, "A1NS", "Mory",
     "O100279", "O100279", "red", 204, true},
    {"beverly-hills-bridge-club__170816.ACA", "229849", "2017-08-16", 1, 1, 15, "A1NS", "Mory",
     "Q409323", "Q409323", "red", 82, false},
    {"beverly-hills-bridge-club__170816.ACE", "229849", "2017-08-16", 1, 1, 10, "A1NS",
     "Perelman", "M908279", "M908279", "red", 141, true},
    {"inglewood-beach-bridge-club__170825.ace", "190520", "2017-08-25", 1, 1, 8, "A1NS", "Sachs",
     "7940416", "7940416", "red", 49, true},
    {"long-beach-bridge__170612.ACA", "163246", "2017-06-12", 2, 1, 14, "BB1NS", "Hess",
     "L225607", "9929835", "red", 67, true},
    {"long-beach-bridge__170613.ACA", "163246", "2017-06-13", 2, 1, 17, "BB1NS", "Thompson",
     "R891307", "L283410", "red", 27, false},
    {"long-beach-bridge__170616.ACE", "163246", "2017-06-16", 1, 1, 5, "BB1NS", "Yinger",
     "7605013", "7605013", "red", 106, true},
    {"san-marino-bridge-club__170814.ACA", "257709", "2017-08-14", 1, 2, 9, "A1NS", "Twiehaus",
     "K638347", "K638347", "red", 58, true},
    {"south-bay-bridge-club__170829.acm", "216952", "2017-08-29", 1, 1, 9, "A1NS", "Gellner",
     "O087302", "O087302", "red", 75, true},
    {"veterans-park-bridge-club__170830.aca", "253823", "2017-08-30", 1, 2, 8, "A1NS", "Morgan",
     "O724752", "O724752", "red", 59, false},
};

/* The first award line stored in ev, and its player. */
static const bmp_acblscore_award *first_award(const bmp_acblscore_event *ev,
                                              const bmp_acblscore_player **who)
{
    for (size_t s = 0; s < ev->nsections; s++)
        for (size_t k = 0; k < ev->sections[s].nentries; k++)
            for (size_t p = 0; p < ev->sections[s].entries[k].nplayers; p++) {
                const bmp_acblscore_player *pl = &ev->sections[s].entries[k].players[p];
                if (pl->nawards && pl->number[0]) {
                    *who = pl;
                    return &pl->awards[0];
                }
            }
    return NULL;
}

static void test_real_files(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        const expect *x = &files[i];
        char path[512];
        snprintf(path, sizeof path, "%s", ACS("") );
        snprintf(path + strlen(path), sizeof path - strlen(path), "%s", x->file);
        bmp_acblscore_file *f = read_file(path);
        assert_int_equal(f->nevents, x->nevents);
        const bmp_acblscore_event *ev = &f->events[0];
        assert_string_equal(ev->club_number, x->club);
        assert_string_equal(ev->date, x->date);
        assert_int_equal(ev->nsections, x->nsections);
        assert_int_equal(ev->sections[0].tables, x->tables);
        assert_string_equal(ev->sections[0].movement_name, "Mitchell");
        const bmp_acblscore_entry *en = &ev->sections[0].entries[0];
        char id[32];
        snprintf(id, sizeof id, "%s%d%s", ev->sections[0].letter, en->number, en->direction);
        assert_string_equal(id, x->entry);
        assert_string_equal(en->players[0].last, x->player);
        assert_string_equal(en->players[0].number, x->number);
        const bmp_acblscore_player *who = NULL;
        const bmp_acblscore_award *a = first_award(ev, &who);
        assert_non_null(a);
        assert_string_equal(who->number, x->award_player);
        assert_string_equal(a->colour, x->colour);
        assert_int_equal(a->points, x->points);
        assert_int_equal(a->overall, x->overall);
        bmp_acblscore_free(f);
    }
}

/* One file in detail: Inglewood Beach, a NAP club-level game of 8 tables,
 * strats A (open), B (2500), C (500). */
static void test_inglewood(void **state)
{
    (void)state;
    bmp_acblscore_file *f = read_file(ACS("inglewood-beach-bridge-club__170825.ace"));
    const bmp_acblscore_event *ev = &f->events[0];
    assert_string_equal(ev->name, "Open Pairs");
    assert_string_equal(ev->club_name, "Inglewood Beach");
    assert_int_equal(ev->rating, 20);
    assert_string_equal(ev->rating_name, "NAP Club Level");
    assert_int_equal(ev->club_game_type, 0);
    assert_int_equal(ev->club_session, 15);
    assert_int_equal(ev->nstrats, 3);
    assert_int_equal(ev->strats[0].letter, 'A');
    assert_int_equal(ev->strats[0].max_mp, 0);
    assert_int_equal(ev->strats[1].max_mp, 2500);
    assert_int_equal(ev->strats[2].max_mp, 500);
    const bmp_acblscore_section *s = &ev->sections[0];
    assert_int_equal(s->nentries, 16);
    assert_int_equal(s->boards, 24);
    /* 1NS Sachs - Nakasaki, strat C, 52.08 %: 2nd in C overall (0.49 red +
     * 0.49 black), 1st in C in the NS field */
    const bmp_acblscore_entry *en = &s->entries[0];
    assert_int_equal(en->percentage, 5208);
    assert_int_equal(en->score, 8750);
    assert_int_equal(en->strat, 3);
    assert_int_equal(en->ranks[2].overall_lo, 2);
    assert_int_equal(en->ranks[2].section_lo, 1);
    assert_int_equal(en->players[0].masterpoints, 149);
    assert_string_equal(en->players[1].first, "Les");
    assert_string_equal(en->players[1].number, "5106982");
    assert_int_equal(en->players[0].nawards, 2);
    assert_string_equal(en->players[0].awards[1].colour, "black");
    assert_int_equal(en->players[0].awards[1].points, 49);
    assert_int_equal(en->players[0].awards[1].strat, 'C');
    assert_int_equal(en->players[0].nsection_awards, 2); /* 0.37 red + 0.37 black */
    assert_int_equal(en->players[0].section_awards[0].points, 37);
    assert_false(en->players[0].section_awards[0].overall);
    assert_int_equal(en->players[0].section_awards[0].strat, 'B');

    bmp_event *e = NULL;
    bmp_error err = {0};
    if (bmp_acblscore_to_event(f, 0, "inglewood.ace", NULL, &e, &err))
        fail_msg("%s", err.msg);
    assert_string_equal(e->body, "acbl");
    assert_string_equal(e->classification, "club-championship");
    assert_string_equal(e->date, "2017-08-25");
    assert_string_equal(e->organiser, "190520");
    assert_int_equal(e->kind, BMP_KIND_PAIRS);
    assert_int_equal(e->movement, BMP_MOVEMENT_TWO_WINNER);
    assert_true(e->tables == 8);
    assert_string_equal(bmp_params_string(&e->params, "acblscore.special", ""), "nap-club");
    assert_string_equal(bmp_params_string(&e->params, "acblscore.game_type", ""), "open");
    assert_true(bmp_params_number(&e->params, "acblscore.rating", 0) == 20);
    const bmp_group *c = bmp_event_group(e, "Strat C");
    assert_non_null(c);
    assert_string_equal(c->type, "stratum");
    assert_int_equal(c->upper_limit, 500);
    const bmp_contestant *ct = bmp_event_contestant(e, "A1NS");
    assert_non_null(ct);
    assert_string_equal(ct->group, "Strat C");
    assert_string_equal(ct->players[0].id, "7940416");
    assert_true(bmp_params_number(&ct->params, "mp.red", 0) == 49);
    assert_true(bmp_params_number(&ct->params, "mp.black", 0) == 49);
    bool overall_c = false, section_c = false;
    for (size_t k = 0; k < ct->nrankings; k++) {
        const bmp_ranking_entry *r = &ct->rankings[k];
        overall_c |= strcmp(r->ranking, "Strat C") == 0 && !r->section && r->place.lo == 2;
        section_c |= r->section && strcmp(r->section, "A") == 0 && r->direction &&
                     strcmp(r->direction, "NS") == 0 && r->place.lo == 1 &&
                     strcmp(r->ranking, "Strat C session 1 A NS") == 0;
    }
    assert_true(overall_c);
    assert_true(section_c);
    bmp_awards aw = {0};
    assert_int_equal(bmp_usebio_file_awards(e, &aw, &err), BMP_OK);
    assert_int_equal(aw.count, 36 / 2); /* 18 pair-colour lines: 36 player-colour awards */
    bmp_awards_free(&aw);
    bmp_event_free(e);
    bmp_acblscore_free(f);
}

/* Several events in one file; a restricted game; a rating ACBLscore's
 * list does not name; an entry ineligible for awards. */
static void test_events_and_ratings(void **state)
{
    (void)state;
    bmp_acblscore_file *f = read_file(ACS("beverly-hills-bridge-club__170731.ACA"));
    assert_int_equal(f->nevents, 2);
    const bmp_acblscore_event *ev = &f->events[1];
    assert_string_equal(ev->name, "Monday Aft. 199'ers Pairs");
    assert_int_equal(ev->rating, 1);
    assert_int_equal(ev->nsections, 1);
    assert_string_equal(ev->sections[0].letter, "B");
    assert_int_equal(ev->strats[0].max_mp, 200);
    bmp_event *e = NULL;
    bmp_error err = {0};
    if (bmp_acblscore_to_event(f, 1, "bh.ACA", NULL, &e, &err))
        fail_msg("%s", err.msg);
    assert_string_equal(e->classification, "club-masterpoint");
    assert_false(bmp_params_has(&e->params, "acblscore.special"));
    assert_string_equal(bmp_params_string(&e->params, "acblscore.game_type", ""), "restricted");
    assert_int_equal(e->upper_limit, 200);
    bmp_event_free(e);
    assert_int_equal(bmp_acblscore_to_event(f, 2, "bh.ACA", NULL, &e, &err), BMP_EINVAL);
    assert_string_equal(err.msg, "bh.ACA: no event 3 (the file holds 2)");
    bmp_acblscore_free(f);

    f = read_file(ACS("long-beach-bridge__170612.ACA"));
    assert_int_equal(f->events[1].rating, 47);
    assert_null(f->events[1].rating_name);
    if (bmp_acblscore_to_event(f, 1, "lb.ACA", NULL, &e, &err))
        fail_msg("%s", err.msg);
    assert_string_equal(bmp_params_string(&e->params, "acblscore.special", ""), "acblscore-rating-47");
    assert_string_equal(bmp_params_string(&e->params, "acblscore.game_type", ""), "newcomer");
    assert_string_equal(e->ngroups ? e->groups[0].name : "", "NN");
    bmp_event_free(e);
    bmp_acblscore_free(f);

    f = read_file(ACS("agile-bridge-club__170718.ACA"));
    if (bmp_acblscore_to_event(f, 0, "agile.ACA", NULL, &e, &err))
        fail_msg("%s", err.msg);
    const bmp_contestant *ct = bmp_event_contestant(e, "B6NS"); /* Gibbs 1332 MP in a 499er */
    assert_non_null(ct);
    assert_false(bmp_params_bool(&ct->params, "eligible", true));
    assert_false(bmp_params_has(&ct->params, "acblscore.eligible"));
    assert_int_equal(ct->nrankings, 0);
    assert_false(bmp_params_has(&ct->params, "mp.red"));
    bmp_event_free(e);
    bmp_acblscore_free(f);
}

/* A copy of the Inglewood file with bytes changed, read: the error. */
static void damaged(size_t cut, size_t at, const unsigned char *bytes, size_t n, const char *want)
{
    size_t len;
    char *b = bmp_test_slurp(ACS("inglewood-beach-bridge-club__170825.ace"), &len);
    if (bytes)
        memcpy(b + at, bytes, n);
    bmp_acblscore_file *f = NULL;
    bmp_error e = {0};
    assert_int_equal(bmp_acblscore_read_memory(b, cut ? cut : len, "GAME.ACE", &f, &e),
                     BMP_EPARSE);
    assert_null(f);
    assert_string_equal(e.msg, want);
    free(b);
}

static void test_damaged(void **state)
{
    (void)state;
    damaged(0, 0x257e, (const unsigned char *)"\xff\xff", 2,
            "GAME.ACE: offset 0x257e: pair entry 1NS of section A: length 65537 runs past the "
            "end of the file (size 17054)");
    damaged(0, 0x12, (const unsigned char *)"\xf0\xff\x00\x00", 4,
            "GAME.ACE: offset 0xfff0: event details of event 1: length 715 runs past the end "
            "of the file (size 17054)");
    damaged(0, 0x142, (const unsigned char *)"\x00\x00\x01\x00", 4,
            "GAME.ACE: offset 0x10000: section details of section A: length 577 runs past the "
            "end of the file (size 17054)");
    damaged(0, 0xa18, (const unsigned char *)"\xc8", 1,
            "GAME.ACE: offset 0xa18: event details of event 1: a string of 200 characters in a "
            "field of 25");
    damaged(0, 0x257e, (const unsigned char *)"\x10\x00", 2,
            "GAME.ACE: offset 0x257e: pair entry 1NS of section A: length 16 is too short for "
            "an entry");
    damaged(0x200, 0, NULL, 0,
            "GAME.ACE: offset 0x9db: the file header: length 2 runs past the end of the file "
            "(size 512)");
    damaged(0x3000, 0, NULL, 0,
            "GAME.ACE: offset 0x33b8: an entry index table: length 1 runs past the end of the "
            "file (size 12288)");
    damaged(0, 0, (const unsigned char *)"XX", 2,
            "GAME.ACE: not an ACBLscore game file (no AC3 magic)");
    /* event type 2 (individual) with a Mitchell section: not read yet */
    size_t len;
    char *b = bmp_test_slurp(ACS("inglewood-beach-bridge-club__170825.ace"), &len);
    b[0xda] = 2;
    bmp_acblscore_file *f = NULL;
    bmp_error e = {0};
    assert_int_equal(bmp_acblscore_read_memory(b, len, "GAME.ACE", &f, &e), BMP_ENOTSUP);
    assert_string_equal(e.msg, "GAME.ACE: offset 0xcfa: section details of section A: not "
                               "supported: an individual event's Mitchell section (four "
                               "directions) is not read yet (docs/acblscore.md)");
    free(b);
}

/* Text above 127 is Latin-1 (ACBLscore is a DOS-era program), written as
 * UTF-8; a number that is no ACBL number ("NM", a club's "#64") is kept in
 * the player's params, not as an id (two "NM" players are not one). */
static void test_text(void **state)
{
    (void)state;
    size_t len;
    char *b = bmp_test_slurp(ACS("inglewood-beach-bridge-club__170825.ace"), &len);
    b[0x2624] = (char)0xe9; /* "Sachs" -> "S\xe9chs" */
    bmp_acblscore_file *f = NULL;
    bmp_error e = {0};
    if (bmp_acblscore_read_memory(b, len, "latin1.ace", &f, &e))
        fail_msg("%s", e.msg);
    bmp_event *ev = NULL;
    if (bmp_acblscore_to_event(f, 0, "latin1.ace", NULL, &ev, &e))
        fail_msg("%s", e.msg);
    assert_string_equal(bmp_event_contestant(ev, "A1NS")->players[0].name, "Paul S\xc3\xa9" "chs");
    bmp_event_free(ev);
    bmp_acblscore_free(f);
    free(b);

    f = read_file(ACS("beverly-hills-bridge-club__170731.ACA"));
    if (bmp_acblscore_to_event(f, 1, "bh.ACA", NULL, &ev, &e))
        fail_msg("%s", e.msg);
    const bmp_contestant *ct = bmp_event_contestant(ev, "B1EW");
    assert_string_equal(ct->players[1].name, "Mercy Naghavi");
    assert_null(ct->players[1].id);
    assert_string_equal(bmp_params_string(&ct->players[1].params, "acblscore.number", ""), "NM");
    assert_string_equal(ct->players[0].id, "7391838");
    assert_true(bmp_params_number(&ct->params, "mp.black", 0) == 49);
    bmp_event_free(ev);
    bmp_acblscore_free(f);
}

/* Through the pipeline: by content, the event option, carried awards; a
 * file named .ACA that is not one is refused as an ACBLscore file. */
static void test_pipeline(void **state)
{
    (void)state;
    bmp_pipeline *p = NULL;
    bmp_error e = {0};
    assert_int_equal(bmp_pipeline_new(&p, &e), BMP_OK);
    if (bmp_pipeline_read_file(p, ACS("beverly-hills-bridge-club__170731.ACA"), &e))
        fail_msg("%s", e.msg);
    assert_int_equal(bmp_pipeline_input_kind(p), BMP_PIPE_IN_ACBLSCORE);
    assert_int_equal(bmp_pipeline_event_count(p), 2);
    assert_string_equal(bmp_pipeline_event(p)->name, "Mon. Aft. Open Strat Pair");
    assert_true(bmp_pipeline_carries_awards(p));
    assert_int_equal(bmp_pipeline_set(p, "event", "2", &e), BMP_OK);
    if (bmp_pipeline_read_file(p, ACS("beverly-hills-bridge-club__170731.ACA"), &e))
        fail_msg("%s", e.msg);
    assert_string_equal(bmp_pipeline_event(p)->name, "Monday Aft. 199'ers Pairs");
    assert_int_equal(bmp_pipeline_file_awards(p, &e), BMP_OK);
    assert_int_equal(bmp_pipeline_awards(p)->count, 6); /* 6 pairs, one colour each */
    assert_int_equal(bmp_pipeline_set(p, "event", "0", &e), BMP_EINVAL);
    assert_int_equal(bmp_pipeline_set(p, "event", "3", &e), BMP_OK);
    assert_int_equal(bmp_pipeline_read_file(p, ACS("beverly-hills-bridge-club__170731.ACA"), &e),
                     BMP_EINVAL);
    assert_non_null(strstr(e.msg, "no event 3 (the file holds 2)"));
    assert_int_equal(bmp_pipeline_read_memory(p, "{}", 2, "GAME.ACA", &e), BMP_EPARSE);
    assert_string_equal(e.msg, "GAME.ACA: not an ACBLscore game file (no AC3 magic)");
    assert_int_equal(bmp_pipeline_input_kind(p), BMP_PIPE_IN_ACBLSCORE);
    bmp_pipeline_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_real_files),
        cmocka_unit_test(test_inglewood),
        cmocka_unit_test(test_events_and_ratings),
        cmocka_unit_test(test_damaged),
        cmocka_unit_test(test_text),
        cmocka_unit_test(test_pipeline),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
