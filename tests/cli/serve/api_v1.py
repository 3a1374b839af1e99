"""The REST API v1 as an integrator consumes it (issue 30 item 3,
docs/openapi.yaml), each finding of the issue a check, on the demo ledger
(examples/ledger/demo.sh), SQLite or PostgreSQL (BMP_STEPS_DB):
  - counts and ids are JSON numbers; points exact decimal strings beside
    `hundredths` integers; holdings and a batch's totals arrays of
    {point_type, points, hundredths}; next_rank {rank, missing: [...]};
  - every parameter checked: 400 with the reason (?period=zzz, 2025-13,
    page/per_page, ?body=, dates, unknown parameters);
  - links built from encoded segments: a club "NZ/7" is linked as NZ%2F7,
    and the link answers 200 (API and page);
  - the rank at a date (ABF-86), hand-computed, reversals respected;
  - names with quotes, controls and non-ASCII letters come back intact
    (the streaming writer).
    python3 api_v1.py BRIDGEMP WORKDIR"""
import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checks_lib import steps_script  # noqa: E402

BIN, W, DB, checks = steps_script(sys.argv)
fail = checks.fail


def ledger(*args):
    return subprocess.run([BIN, "ledger", "--db", DB] + list(args), check=True,
                          capture_output=True, text=True).stdout


demo = subprocess.run(["sh", "examples/ledger/demo.sh", BIN, DB], capture_output=True, text=True)
if demo.returncode:
    print(demo.stdout, demo.stderr)
    sys.exit(1)
# a club whose number holds a '/', with a member whose name needs escaping
ledger("club", "add", "--body", "abf", "--number", "NZ/7", "--name", "Slash & Co")
NAME = "Zo\u00eb \"Q\" O'N\u00e9il \U0001F0A1"
ledger("player", "add", "--body", "abf", "--number", "1180290", "--name", NAME, "--club", "NZ/7",
       "--status", "Active")

srv = subprocess.Popen([BIN, "serve", "--db", DB, "--listen", "127.0.0.1:0", "--port-file",
                        W + "/port"], stderr=open(W + "/serve.err", "w"))
for _ in range(100):
    if os.path.exists(W + "/port") and open(W + "/port").read().strip():
        break
    time.sleep(0.1)
U = "http://127.0.0.1:%s" % open(W + "/port").read().strip()


SEC = ledger("token", "create", "--scope", "secretary:abf").strip().splitlines()[-1]


def get(path, token=None):
    """(status, parsed JSON or the text)."""
    req = urllib.request.Request(U + path, headers={"Authorization": "Bearer " + token}
                                 if token else {})
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            status, body = r.status, r.read()
    except urllib.error.HTTPError as e:
        status, body = e.code, e.read()
    text = body.decode("utf-8")
    try:
        return status, json.loads(text)
    except ValueError:
        return status, text


def expect(path, want_status, want=None, why="", token=None):
    status, j = get(path, token)
    if status != want_status:
        fail("%s -> %d (expected %d) %s: %s" % (path, status, want_status, why, str(j)[:300]))
        return None
    if want is not None and j != want:
        fail("%s %s:\n  got      %s\n  expected %s" % (path, why, json.dumps(j), json.dumps(want)))
    return j


def refused(path, reason):
    status, j = get(path)
    if status != 400 or not isinstance(j, dict) or reason not in j.get("error", ""):
        fail("%s -> %d %s (expected 400 naming %r)" % (path, status, j, reason))


def pts(v):
    """{"points": "5.10", "hundredths": 510} from hundredths."""
    return {"points": "%s%d.%02d" % ("-" if v < 0 else "", abs(v) // 100, abs(v) % 100),
            "hundredths": v}


def holdings(green, red=0, gold=0):
    return [dict(point_type=t, **pts(v)) for t, v in (("green", green), ("red", red),
                                                       ("gold", gold))]


def next_rank(rank, total):
    return {"rank": rank, "missing": [dict(requirement="total", **pts(total))]}


def typed_player():
    # --- a player: ABF-84 green points, 4.80 (opening balance) + 0.30 (batch 5,
    # ABF-6) = 5.10 = 510 hundredths; Club Master needs a total of 5, Local Master
    # 15 (ABF-86): 1500 - 510 = 990 missing
    P = "/api/v1/players/abf/0001003"
    expect("/api/v1/players/abf/1003", 200, {
        "body": "abf", "number": "0001003", "name": "Player 3", "status": "Active",
        "home_club": "2074", "rank": "Club Master", "points_rank": "Club Master", "rule": "ABF-86",
        "next_rank": next_rank("Local Master", 990), "holdings": holdings(510),
        "links": {"self": P, "history": P + "/history", "statement": P + "/statement",
                  "rank": P + "/rank", "home_club": "/api/v1/clubs/abf/2074",
                  "page": "/player/abf/0001003"}}, "(the player, typed)")


def typed_history_statement():
    # --- history and statement: batch numbers and line counts are numbers
    j = expect("/api/v1/players/abf/1003/history", 200)
    if j:
        first = j["items"][0]
        if (first["batch"], first["points"], first["hundredths"], j["total"]) != (5, "0.30", 30, 3):
            fail("history: %s" % first)
    j = expect("/api/v1/players/abf/1003/statement", 200)
    if j:
        rows = [(r["period"], r["lines"], r["points"], r["hundredths"]) for r in j["rows"]]
        if rows != [("2025-08", 1, "4.80", 480), ("2025-09", 1, "0.30", 30),
                    ("holding", None, "5.10", 510)]:
            fail("statement rows: %s" % rows)


def typed_listings():
    # --- listings: ids, counts, booleans; a batch's totals an array
    j = expect("/api/v1/clubs?body=abf", 200)
    if j:
        club = [c for c in j["items"] if c["number"] == "2074"][0]
        if (club["dummy"], club["members"]) != (False, 40):
            fail("clubs: %s" % club)
        slash = [c for c in j["items"] if c["number"] == "NZ/7"]
        if not slash or slash[0]["links"]["self"] != "/api/v1/clubs/abf/NZ%2F7":
            fail("clubs: the link of club NZ/7: %s" % slash)
    j = expect("/api/v1/events?body=abf&per_page=1", 200)
    if j and (j["items"][0]["id"], j["items"][0]["lines"], j["items"][0]["links"]["self"]) != \
            (5, 20, "/api/v1/events/abf/5"):
        fail("events: %s" % j["items"][0])
    # batch 1: the opening balances, green 91.50 and red 1.50 (the demo's file)
    j = expect("/api/v1/batches?per_page=1", 200)
    if j:
        b = j["items"][0]
        # W-29s1: the posted ones (1, 3, 4, 5; batch 2 was replaced, rejected)
        if (b["id"], b["lines"], b["held"], b["reverses"], j["total"]) != (1, 6, 0, None, 4) or \
                b["totals"] != [dict(point_type="green", **pts(9150)), dict(point_type="red", **pts(150))]:
            fail("batches: %s" % b)
    expect("/api/v1/batches/2", 401, why="(rejected: not public, W-29s1)")
    j = expect("/api/v1/batches/2", 200, token=SEC)
    if j and (j["id"], j["lines"], j["journal_lines"][0]["hundredths"]) != (2, 20, 30):
        fail("batch 2: %s" % {k: j[k] for k in ("id", "lines")})
    # batch 2 was rejected: its event's lines are the body's and its club's
    # (issue 45 item 8), as the batch's are
    expect("/api/v1/events/abf/2", 401)
    j = expect("/api/v1/events/abf/2", 200, token=SEC)
    if j and (j["id"], j["awards"][0]["hundredths"]) != (2, 30):
        fail("event 2: %s" % j["awards"][0])


def parameters_checked():
    # --- every parameter checked (the issue: ?period=zzz and 2025-13 answered 200)
    refused("/api/v1/clubs/abf/2074?period=zzz", 'period "zzz": expected a month yyyy-mm')
    refused("/api/v1/clubs/abf/2074?period=2025-13", 'period "2025-13": expected a month')
    refused("/api/v1/clubs/abf/2074?period=2025-00", 'period "2025-00"')
    expect("/api/v1/clubs/abf/2074?period=2025-09", 200)
    refused("/api/v1/players?body=abf&page=x", 'page "x": expected a whole number from 1')
    refused("/api/v1/players?body=abf&per_page=0", 'per_page "0": expected a whole number from 1 to 500')
    refused("/api/v1/players?body=abf&per_page=501", 'per_page "501"')
    refused("/api/v1/players/abf/1003/history?page=-1", 'page "-1"')
    refused("/api/v1/events?body=abf&per_page=1e2", 'per_page "1e2"')
    refused("/api/v1/players?q=Player", "body: expected ?body= one of")
    refused("/api/v1/players?body=zzz", 'body "zzz": expected one of')
    refused("/api/v1/clubs?body=", "body: expected ?body=")
    refused("/api/v1/events?body=abf&pgae=2", 'unknown parameter "pgae"')
    refused("/api/v1/players/abf/1003?x=1", 'unknown parameter "x"')
    refused("/api/v1/batches?state=lost", 'state "lost"')
    refused("/api/v1/players/abf/1003/rank", "date: expected ?date=yyyy-mm-dd")
    refused("/api/v1/players/abf/1003/rank?date=2025-02-29", 'date "2025-02-29": expected a calendar date')
    refused("/api/v1/players/abf/1003/rank?date=2025-13-01", 'date "2025-13-01"')
    refused("/api/v1/players/abf/1003/rank?date=yesterday", 'date "yesterday"')


def encoded_links():
    # --- a club number with a '/': every link answers (the issue: 404)
    expect("/api/v1/clubs/abf/NZ%2F7", 200, None, "(club NZ/7, its segment encoded)")
    j = expect("/api/v1/players/abf/1180290", 200)
    if j:
        if j["name"] != NAME:
            fail("a name with quotes and non-ASCII letters: %r" % j["name"])
        link = j["links"]["home_club"]
        if link != "/api/v1/clubs/abf/NZ%2F7":
            fail("home_club link: %s" % link)
        c = expect(link, 200)
        if c and (c["club"], c["rows"][0]["number"], c["rows"][0]["name"]) != ("NZ/7", "1180290", NAME):
            fail("club NZ/7 by its link: %s" % c)
    status, page = get("/club/abf/NZ%2F7")
    if status != 200 or "Slash &amp; Co" not in page:
        fail("the page /club/abf/NZ%%2F7 -> %d" % status)
    status, page = get("/player/abf/1180290")
    if status != 200 or 'href="/club/abf/NZ%2F7"' not in page:
        fail("the player page's link to club NZ/7")


def rank_at_date():
    # --- the rank at a date (ABF-86 ranks on the lifetime total: Graduate 2,
    # Club 5, Local 15).  Player 1003: the opening balance 4.80 green (batch 1,
    # undated, period 2025-08: from 2025-08-01), the club pairs of 2025-08-04 0.30
    # (batch 5, posted; batch 2, the same event rejected, counts at no date).
    #   2025-07-31: 0.00 -> Nil, Graduate Master needs 2.00
    #   2025-08-03: 4.80 -> Graduate Master, Club Master needs 5.00 - 4.80 = 0.20
    #   2025-08-04: 4.80 + 0.30 = 5.10 -> Club Master (the threshold crossed on
    #               that day), Local Master needs 15.00 - 5.10 = 9.90
    R = "/api/v1/players/abf/1003/rank?date="
    L = {"player": "/api/v1/players/abf/0001003"}


    def standing(date, rank, h, nxt, missing):
        return {"body": "abf", "number": "0001003", "name": "Player 3", "date": date, "rank": rank,
                "rule": "ABF-86", "next_rank": next_rank(nxt, missing), "holdings": holdings(h),
                "links": L}


    expect(R + "2025-07-31", 200, standing("2025-07-31", "Nil", 0, "Graduate Master", 200))
    expect(R + "2025-08-03", 200, standing("2025-08-03", "Graduate Master", 480, "Club Master", 20))
    expect(R + "2025-08-04", 200, standing("2025-08-04", "Club Master", 510, "Local Master", 990))
    expect(R + "2026-01-01", 200, standing("2026-01-01", "Club Master", 510, "Local Master", 990))
    expect("/api/v1/players/abf/9999/rank?date=2025-08-04", 404)
    # the page: the form on the player page, the answer on its own page
    status, page = get("/player/abf/1003")
    if status != 200 or 'action="/player/abf/0001003/rank"' not in page or 'name="date"' not in page:
        fail("the player page has no Rank on date form")
    status, page = get("/player/abf/0001003/rank?date=2025-08-03")
    if status != 200 or '<dd id="rank-at">Graduate Master</dd>' not in page or \
            '<dd id="rank-rule">ABF-86</dd>' not in page:
        fail("the Rank on date page for 2025-08-03 -> %d" % status)
    status, page = get("/player/abf/0001003/rank?date=2025-02-30")
    if status != 400:
        fail("the Rank on date page for 2025-02-30 -> %d (expected 400)" % status)

    # a reversal respected: batch 5 corrected (batch 6 reverses it, carrying its
    # date).  Provisional, it counts at no date yet; posted by the close of
    # 2025-10, player 1003 holds 4.80 again on 2025-08-04 and after: Graduate Master
    ledger("correct", "5", "--reason", "wrong movement")
    expect(R + "2025-08-04", 200, standing("2025-08-04", "Club Master", 510, "Local Master", 990),
           "(the reversal of batch 5 provisional)")
    ledger("approve", "6", "--reason", "the reversal checked")  # W-29s2: kept, audited
    if "approved: the reversal checked" not in ledger("audit", "--format", "csv"):
        fail("ledger approve --reason: the reason is not in the audit")
    ledger("close", "2025-10", "--body", "abf")
    expect(R + "2025-08-04", 200, standing("2025-08-04", "Graduate Master", 480, "Club Master", 20),
           "(after batch 5 was reversed)")
    expect(R + "2026-01-01", 200, standing("2026-01-01", "Graduate Master", 480, "Club Master", 20),
           "(after batch 5 was reversed)")
    # the reversal's totals: batch 5's green 3.36 negated, a negative total exact
    j = expect("/api/v1/batches/6", 200)
    if j and (j["reverses"], j["totals"]) != (5, [dict(point_type="green", **pts(-336))]):
        fail("batch 6 (the reversal of 5): %s %s" % (j["reverses"], j["totals"]))


try:
    for section in (typed_player, typed_history_statement, typed_listings, parameters_checked, encoded_links, rank_at_date):
        try:
            section()
        except Exception as e:  # a missing key, a wrong type: not the documented API
            fail("%s: %s: %s" % (section.__name__, type(e).__name__, e))
finally:
    srv.terminate()
    srv.wait()
checks.finish("serve API v1: all checks passed")
