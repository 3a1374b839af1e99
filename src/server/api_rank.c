/* A player's rank at a date (issue 30 item 3):
 *   GET /api/v1/players/{body}/{number}/rank?date=yyyy-mm-dd
 * the holdings, the rank they earn and the rank table's rule ID as they
 * stood at the end of that day, from the posted journal
 * (bmp_ledger_player_rank_at, ruling W-30r1): the check an organiser makes
 * for a restricted event. */
#include "bridgemp/ledger_api.h"
#include "server/api_out.h"
#include "server/api_args.h"
#include "server/http_internal.h"

int srv_player_rank(srv_req *rq, srv_resp *rs)
{
    static const char *const args[] = {"date", NULL};
    const char *date = NULL;
    if (!srv_args_only(rq, rs, args) || !srv_date_arg(rq, rs, "date", &date))
        return 0;
    bmp_ledger_standing s;
    bmp_error e = {0};
    bmp_status st;
    WITH_LEDGER(rq, rs, l,
                st = bmp_ledger_player_rank_at(l, rq->params[0], rq->params[1], date, &s, &e));
    if (st) {
        srv_ledger_error(rs, st, &e, NULL);
        return 0;
    }
    jw w;
    srv_jw_begin(rs, 200, &w);
    jw_obj(&w);
    jw_kstr(&w, "body", rq->params[0]);
    jw_kstr(&w, "number", s.number);
    jw_kstr(&w, "name", s.name);
    jw_kstr(&w, "date", s.date);
    srv_jw_rank(&w, &s.rank, "rank");
    srv_jw_holdings(&w, s.ntypes, s.point_type, s.holding);
    jw_key(&w, "links");
    jw_obj(&w);
    srv_jw_link(&w, "player", "/api/v1",
                (const char *const[]){"players", rq->params[0], s.number, NULL});
    jw_end_obj(&w);
    jw_end_obj(&w);
    srv_jw_end(rs, &w);
    rs->cacheable = true;
    return 0;
}
