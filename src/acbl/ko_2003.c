/* ACBL Knockout Teams Formula, 2003 edition (MPBOOK.041 p.3-5, p.13,
 * Appendix F p.18): B x K x L x M x P on a bracket table count, the lower
 * bracket credit, the 3-session 70%, the inter-bracket adjustments, the
 * overall percentages and the playoff rule (ACBL-25, 27..35). */
#include <math.h>

#include "acbl/ko.h"

/* ACBL-31 (2003 p.4): "300 or more - full credit; 100 - 299 - only 50%
 * credit for teams in lower brackets; less than 100 - no credit". */
double acbl_ko_lower_credit_2003(double avg)
{
    return avg >= 300 ? 1.0 : avg >= 100 ? 0.5 : 0.0;
}

/* ACBL-29 / ACBL-10 (2003 p.4, Appendix F).  The top bracket counts the
 * first 16 lower teams at 1/2, the next 50 at 1/3, the rest at 1/5.  A
 * lower bracket's 1/3 pool is the higher bracket's 1/3 pool less its own
 * teams (never below 0), the rest of its lower teams at 1/5: the only
 * reading that reproduces Appendix F (A-12; the literal text would keep 50
 * at 1/3 in bracket 2).  ACBL-31's credit multiplies the whole lower part
 * (A-13). */
void acbl_ko_counts_2003(const double *teams, const double *credit, size_t n, acbl_ko_count *out)
{
    double lower = 0;
    for (size_t k = 0; k < n; k++)
        lower += teams[k];
    double pool = 0;
    for (size_t k = 0; k < n; k++) {
        acbl_ko_count *c = &out[k];
        lower -= teams[k];
        if (lower < 0)
            lower = 0;
        c->own = teams[k];
        c->credit = credit ? credit[k] : 1.0;
        if (k == 0) {
            c->half = fmin(16, lower);
            c->third = fmin(50, fmax(0, lower - 16));
        } else {
            c->half = 0;
            c->third = fmin(lower, fmax(0, pool - teams[k]));
        }
        c->fifth = lower - c->half - c->third;
        pool = c->third;
        c->t = c->own + c->credit * (c->half / 2 + c->third / 3 + c->fifth / 5);
    }
}

/* ACBL-25, ACBL-27, ACBL-28 (2003 p.3-4) in A-11's order. */
void acbl_ko_firsts_2003(acbl_ko_bracket_2003 *br, size_t n, double k, double l, double p,
                         bool regional_three_sessions)
{
    double teams[64] = {0}, credit[64] = {0};
    acbl_ko_count cnt[64] = {{0}};
    if (n > 64)
        n = 64;
    double total = 0;
    for (size_t i = 0; i < n; i++) {
        /* Higher brackets count the teams actually in the lower ones. */
        teams[i] = br[i].entered > 0 ? br[i].entered : br[i].teams;
        credit[i] = acbl_ko_lower_credit_2003(br[i].top_team_average);
        total += teams[i];
    }
    acbl_ko_counts_2003(teams, credit, n, cnt);
    for (size_t i = 0; i < n; i++) {
        acbl_ko_bracket_2003 *b = &br[i];
        if (b->peer) {
            /* ACBL-49: a group of the split lowest flight counts the
             * largest group's teams and nothing below it (its parallel
             * groups are not lower brackets). */
            cnt[i] = (acbl_ko_count){.own = b->teams, .credit = cnt[i].credit, .t = b->teams};
        }
        b->count = cnt[i];
        b->b = acbl_factor_b(cnt[i].t);
        b->base = b->b * k * l * b->m * p;
        b->real = b->base;
        b->three_session = b->minimum = b->prestige = b->capped = false;
        /* ACBL-27: a Regional KO scheduled for only three sessions: 70%. */
        if (regional_three_sessions) {
            b->real *= 0.70;
            b->three_session = true;
        }
        if (i == 0 || (b->peer && br[0].peer == b->peer)) {
            /* ACBL-28a: with 18+ teams the top bracket gets at least the
             * award of a 16-table bracket (A-11: B(16) x K x L x M x P). */
            double min16 = acbl_factor_b(16) * k * l * b->m * p * (b->three_session ? 0.70 : 1.0);
            if (total >= 18 && b->real < min16) {
                b->real = min16;
                b->minimum = true;
            }
            /* ACBL-28b: prestige +10% when the bracket's players average
             * more than 7500. */
            if (b->player_average > 7500) {
                b->real *= 1.10;
                b->prestige = true;
            }
        } else {
            /* ACBL-28c: at most 90% of the bracket immediately above (for a
             * split group, the bracket above the split flight). */
            size_t j = i - 1;
            while (j > 0 && b->peer && br[j].peer == b->peer)
                j--;
            if (!(b->peer && br[j].peer == b->peer) && b->real > 0.90 * br[j].real) {
                b->real = 0.90 * br[j].real;
                b->capped = true;
            }
        }
    }
}

/* ACBL-35 (2003 p.13). */
int acbl_ko_playoff_positions_2003(int teams)
{
    return teams < 8 ? 0 : teams <= 15 ? 4 : teams <= 31 ? 8 : 16;
}
