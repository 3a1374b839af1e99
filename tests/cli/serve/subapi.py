"""The API under the back office and the club's submission page (issue 29,
docs/serve.md "Back office API"), against `bridgemp serve` over the ledger
demo (examples/ledger/demo.sh), with real tokens:
  - POST /api/v1/preview: the awards with their derivations, a duplicate,
    the same event with other awards ("replaces batch 5"), lines held for
    unregistered players with near matches, carried points that differ,
    every problem -- and the ledger unchanged by any preview;
  - the grade= finding: an event without a grade uploaded with grade=E was
    ignored, then refused "missing grade" (fails before, passes after);
  - GET /api/v1/bodies/{body}/params: the scale option and its values;
  - GET /api/v1/queue and /clubs/{body}/{number}/batches: groups with
    counts and totals, paged; a scorer sees only their own club's batches;
  - GET /api/v1/batches/{id}/detail and /derivation: the differences to the
    batch it replaced, the derivation on demand;
  - the period: close-preview (nothing changed), close (what the preview
    said), reopen (a reason, audited with the token).
    python3 subapi.py BRIDGEMP WORKDIR   (BMP_STEPS_DB: a PostgreSQL URI)
"""
import json
import os
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checks_lib import steps_script  # noqa: E402

BIN, W, DB, checks = steps_script(sys.argv)
fail = checks.fail


def check(cond, msg):
    if not cond:
        fail(msg)


def ledger(*args, ok=True):
    r = subprocess.run([BIN, "ledger", "--db", DB] + list(args), capture_output=True, text=True)
    if ok and r.returncode != 0:
        fail("ledger %s: exit %d: %s" % (" ".join(args), r.returncode, r.stderr))
    return r


def dump():
    return ledger("dump").stdout


def call(method, path, token=None, data=None):
    if os.environ.get("SUBAPI_TRACE"):
        print(method, path, flush=True)
    """(status, JSON answer)."""
    req = urllib.request.Request(U + path, data=data, method=method)
    if token:
        req.add_header("Authorization", "Bearer " + token)
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, json.loads(r.read() or b"null")
    except urllib.error.HTTPError as e:
        body = e.read()
        try:
            return e.code, json.loads(body)
        except ValueError:
            return e.code, body.decode("utf-8", "replace")


def expect(want, method, path, token=None, data=None, has=None, unchanged=False):
    """The status, the error text matching `has`, the ledger unchanged."""
    before = dump() if unchanged else None
    code, j = call(method, path, token, data)
    if code != want:
        fail("%s %s -> %d (expected %d): %s" % (method, path, code, want, str(j)[:400]))
    if has and not re.search(has, json.dumps(j)):
        fail("%s %s: /%s/ not in %s" % (method, path, has, str(j)[:400]))
    if unchanged and dump() != before:
        fail("%s %s changed the ledger" % (method, path))
    return j


def read(path):
    with open(path, "rb") as f:
        return f.read()


def by(rows, **kv):
    return [r for r in rows if all(r.get(k) == v for k, v in kv.items())]


r = subprocess.run(["sh", "examples/ledger/demo.sh", BIN, DB], capture_output=True, text=True)
if r.returncode:
    print(r.stdout, r.stderr)
    sys.exit(1)
CLUB = ledger("token", "create", "--scope", "club:abf:2074").stdout.split()[-1]
OTHER = ledger("token", "create", "--scope", "club:abf:3101").stdout.split()[-1]
SEC = ledger("token", "create", "--scope", "secretary:abf").stdout.split()[-1]
EBU = ledger("token", "create", "--scope", "secretary:ebu", ok=False).stdout.split()

port_file = W + "/port"
srv = subprocess.Popen([BIN, "serve", "--db", DB, "--listen", "127.0.0.1:0", "--port-file",
                        port_file], stderr=open(W + "/serve.err", "w"))
for _ in range(100):
    if os.path.exists(port_file) and os.path.getsize(port_file):
        break
    time.sleep(0.1)
U = "http://127.0.0.1:" + read(port_file).decode().strip()

CP = read("examples/abf/club-pairs.json")
# the same event without its grade, a week later (a new event: no batch has it)
NOGRADE = re.sub(rb'\s*"grade": "E",', b"", CP).replace(b'"2025-08-04"', b'"2025-10-06"')
check(b'"grade"' not in NOGRADE and b"2025-10-06" in NOGRADE, "nograde.json made")

# ---- the queue, on the demo as it stands --------------------------------
# The demo's batches (examples/ledger/demo.sh): 1 opening balances (posted
# 2025-08, green 91.50 in 5 lines + red 1.50 in 1), 2 club pairs (rejected:
# replaced by 5; green 3.36, 20 lines, dated 2025-08-04), 3 congress teams
# (club 3101, posted 2025-09, red 44.30, 45 lines), 4 the credit file (club
# 2074, posted 2025-09, green 1.80, 6 lines), 5 the corrected club pairs
# (club 2074, posted 2025-09, green 3.36, 20 lines).
expect(401, "GET", "/api/v1/queue")
expect(403, "GET", "/api/v1/queue", CLUB, has="needs a secretary token")
expect(403, "GET", "/api/v1/queue?body=ebu", SEC, has="abf's secretary, not ebu's")
expect(400, "GET", "/api/v1/queue?state=lost", SEC, has="state .*lost")
expect(400, "GET", "/api/v1/queue?period=2025-13", SEC, has="expected yyyy-mm")
q = expect(200, "GET", "/api/v1/queue", SEC)
check(q["total"] == 5 and q["groups_total"] == 5, "queue: 5 batches in 5 groups: %s" % q)
# club 2074, posted, 2025-09, green: batches 4 and 5, 6 + 20 = 26 lines,
# 1.80 + 3.36 = 5.16
g = by(q["groups"], state="posted", club="2074", period="2025-09", point_type="green")
check(g == [{"state": "posted", "body": "abf", "club": "2074", "period": "2025-09",
             "point_type": "green", "batches": 2, "lines": 26, "points": "5.16",
             "hundredths": 516}], "queue group 2074 2025-09 green: %s" % g)
g = by(q["groups"], state="posted", club="", period="2025-08", point_type="green")
check(len(g) == 1 and g[0]["hundredths"] == 9150 and g[0]["lines"] == 5,
      "opening balances group: %s" % g)
check([b["id"] for b in q["items"]] == [5, 4, 3, 2, 1], "queue items newest first")
q = expect(200, "GET", "/api/v1/queue?state=posted&period=2025-09&per_page=1&page=2", SEC)
check(q["total"] == 3 and [b["id"] for b in q["items"]] == [4] and q["groups_total"] == 2
      and len(q["groups"]) == 1, "queue filtered and paged: %s" % q)
q = expect(200, "GET", "/api/v1/queue?club=3101", SEC)
check([b["id"] for b in q["items"]] == [3] and q["groups"][0]["points"] == "44.30",
      "queue of club 3101: %s" % q)

# ---- a club's batches: its own only --------------------------------------
c = expect(200, "GET", "/api/v1/clubs/abf/2074/batches", CLUB)
check([b["id"] for b in c["items"]] == [5, 4, 2] and {b["club"] for b in c["items"]} == {"2074"},
      "club 2074's batches: %s" % c)
check(by(c["items"], id=2)[0]["state"] == "rejected", "batch 2 rejected")
expect(403, "GET", "/api/v1/clubs/abf/2074/batches", OTHER, has="club 3101.s: it sees club 3101")
expect(403, "GET", "/api/v1/clubs/abf/3101/batches", CLUB)
expect(401, "GET", "/api/v1/clubs/abf/2074/batches")
c = expect(200, "GET", "/api/v1/clubs/abf/3101/batches?state=posted", SEC)
check([b["id"] for b in c["items"]] == [3], "a secretary sees club 3101's: %s" % c)

# ---- a batch for the back office ------------------------------------------
d = expect(200, "GET", "/api/v1/batches/5/detail", SEC)
check(d["batch"]["id"] == 5 and d["batch"]["state"] == "posted" and d["batch"]["lines"] == 20,
      "detail: batch row %s" % d.get("batch"))
check(len(d["lines"]) == 20 and d["hold"] is None and d["held"] == [], "detail: lines")
# batch 5 replaced batch 2 (the demo's --replaces 2): NS places 2 and 3 were
# swapped, so 0001004/5 had 0.21 (place 2) and now 0.15 (place 3), 0001006/7
# the other way round (ABF-6, grade E, W = 1.50)
check(d["replaces"] == 2, "detail: replaces 2, got %s" % d.get("replaces"))
check(by(d["replace_differences"], number="0001004") ==
      [{"number": "0001004", "point_type": "green", "replaced_points": "0.21",
        "replaced_hundredths": 21, "points": "0.15", "hundredths": 15}]
      and len(d["replace_differences"]) == 4, "detail: differences %s" % d["replace_differences"])
expect(200, "GET", "/api/v1/batches/5/detail", CLUB)
expect(403, "GET", "/api/v1/batches/5/detail", OTHER, has="not club 3101.s")
expect(404, "GET", "/api/v1/batches/99/detail", SEC)
expect(400, "GET", "/api/v1/batches/x/detail", SEC)
expect(401, "GET", "/api/v1/batches/5/detail")
x = expect(200, "GET", "/api/v1/batches/5/derivation?contestant=2", SEC)
check(len(x["derivations"]) == 1 and x["derivations"][0]["hundredths"] == 15 and
      "place 3 of 5" in x["derivations"][0]["derivation"], "derivation on demand: %s" % x)
expect(404, "GET", "/api/v1/batches/4/derivation", SEC)  # a credit file: nothing computed
expect(403, "GET", "/api/v1/batches/3/derivation", CLUB)

# ---- a body's upload parameters ------------------------------------------
p = expect(200, "GET", "/api/v1/bodies/abf/params")
check(p["scale_option"] == "grade" and p["options"][0]["name"] == "grade" and
      "E" in p["options"][0]["values"] and "B4c" in p["options"][0]["values"],
      "abf params: %s" % str(p)[:300])
check(any(x["name"] == "route" and x["values"] == ["formula", "table"] for x in p["params"]),
      "abf params: route formula|table (ABF-4)")
p = expect(200, "GET", "/api/v1/bodies/ebu/params")
check(p["scale_option"] == "status" and p["options"][0]["values"] ==
      ["club", "district", "county", "regional", "national"], "ebu params: %s" % str(p)[:300])
expect(404, "GET", "/api/v1/bodies/xyz/params", has="no body")

# ---- previews: nothing written --------------------------------------------
PV = "/api/v1/preview?filename="
expect(401, "POST", PV + "club-pairs.json", None, CP, unchanged=True)
expect(403, "POST", PV + "club-pairs.json", SEC, CP, has="need a club token", unchanged=True)
expect(400, "POST", PV + "club-pairs.json&grad=E", CLUB, CP, has="unknown parameter", unchanged=True)
expect(400, "POST", PV + "club-pairs.json&grade=B", CLUB, CP,
       has='--grade B, but the event says grade ..E', unchanged=True)
# the same event as batch 5 with other awards (the uncorrected file)
v = expect(200, "POST", PV + "club-pairs.json", CLUB, CP, unchanged=True)
check(v["verdict"] == "refused" and v["same_event"] == 5 and v["replaces"] == 5 and
      v["duplicate_of"] is None and v["lines"] == 20, "preview: same event %s" % str(v)[:300])
check(any("0001004 green: 0.15 in batch 5, 0.21 in this file" in x for x in v["problems"]),
      "preview: the per-player difference: %s" % v["problems"])
# ABF-6, grade E, 10-table two-winner Mitchell, W = 1.50: place 2 of 5 paid
# is 0.21 per player; the file's total is 3.36 over 20 lines (as batch 2)
a = by(v["awards"], number="0001004")
check(len(a) == 1 and a[0]["points"] == "0.21" and a[0]["hundredths"] == 21 and
      a[0]["rule"] == "ABF-6" and "place 2 of 5" in (a[0]["derivation"] or ""),
      "preview: 0001004's award and derivation %s" % a)
check(v["totals"] == [{"point_type": "green", "points": "3.36", "hundredths": 336, "lines": 20}],
      "preview totals %s" % v["totals"])
check(by(v["differences"], number="0001004") ==
      [{"number": "0001004", "point_type": "green", "batch_points": "0.15",
        "batch_hundredths": 15, "points": "0.21", "hundredths": 21}]
      and len(v["differences"]) == 4, "preview differences: %s" % v["differences"])
v = expect(200, "POST", PV + "club-pairs.json&replaces=5&reason=NS%20swapped", CLUB, CP,
           unchanged=True)
check(v["verdict"] == "provisional" and v["replaces"] == 5 and v["problems"] == [],
      "preview: as a replacement of 5: %s" % str(v)[:300])
check(len(v["differences"]) == 4, "preview as a replacement: the differences to batch 5")
expect(200, "POST", PV + "club-pairs.json&replaces=5", CLUB, CP, has="needs a reason",
       unchanged=True)

# ---- the grade= finding ---------------------------------------------------
# issue 29: "the upload API cannot take the grade (&grade=E is ignored, then
# 'missing grade')": an event without a grade, uploaded with grade=E
v = expect(200, "POST", PV + "nograde.json&grade=E", CLUB, NOGRADE, unchanged=True)
check(v["verdict"] == "provisional" and v["problems"] == [] and v["totals"][0]["hundredths"] == 336,
      "preview with grade=E: %s" % str(v)[:300])
expect(400, "POST", PV + "nograde.json", CLUB, NOGRADE, has="missing required field", unchanged=True)
u = expect(201, "POST", "/api/v1/batches?filename=nograde.json&grade=E", CLUB, NOGRADE)
NEW = u.get("batch") if isinstance(u, dict) else None
check(NEW == 6, "the upload with grade=E is batch 6: %s" % u)
# the same file again: a duplicate of batch 6
v = expect(200, "POST", PV + "nograde.json&grade=E", CLUB, NOGRADE, unchanged=True)
check(v["differences"] == [], "a duplicate differs in nothing: %s" % v["differences"])
check(v["verdict"] == "refused" and v["duplicate_of"] == 6 and
      any("already imported: batch 6" in x for x in v["problems"]), "preview duplicate: %s" % v)

# an unregistered number (two digits transposed) would be held, with the
# registered player near it (issue 26 finding 5)
ledger("player", "add", "--body", "abf", "--number", "1180290", "--name", "Ben Cox",
       "--status", "Active")
G = read("tests/data/usebio/abf_club_green.xml").replace(b">1180290<", b">1180209<")
v = expect(200, "POST", PV + "transposed.xml&kind=event&grade=E", CLUB, G, unchanged=True)
h = [x for x in v.get("awards", []) if x["number"] == "1180209"]
check(v.get("held", 0) >= 1 and h and "not registered" in h[0]["held"] and
      "1180290 Ben Cox (two digits transposed)" in h[0]["held"], "preview held line: %s" % h)
# points the file carries that differ from the engine's: 30.00 carried for
# contestant 1, whose computed award is 0.30 (place 1 of 5, W = 1.50)
CARRIED = CP.replace(b'"id": "1",', b'"id": "1", "params": {"mp.green": 3000},', 1) \
    .replace(b"54.92", b"54.93", 1).replace(b'"2025-08-04"', b'"2025-08-11"')
v = expect(200, "POST", PV + "carried.json", CLUB, CARRIED, unchanged=True)
c1 = by(v.get("carried", []), contestant="1")
check(v["verdict"] == "held" and v["hold"] and c1 and c1[0]["carried_points"] == "30.00" and
      c1[0]["carried_hundredths"] == 3000 and c1[0]["computed_points"] == "0.30",
      "preview carried: %s" % str(v.get("carried"))[:400])
# another club's file: refused, as the upload is
X = read("tests/data/usebio/abf_club_green.xml")
expect(403, "POST", PV + "club2074.xml&kind=event&grade=E", OTHER, X, has="club 2074.s event",
       unchanged=True)

# ---- the period: preview, close, reopen ------------------------------------
expect(200, "POST", "/api/v1/batches/6/approve", SEC)
expect(403, "GET", "/api/v1/periods/abf/2025-10/close-preview", CLUB, unchanged=True)
expect(403, "POST", "/api/v1/periods/abf/2025-10/close", CLUB, unchanged=True)
expect(400, "GET", "/api/v1/periods/abf/2025-1/close-preview", SEC, unchanged=True)
before = call("GET", "/api/v1/players/abf/1002")[1]
cp = expect(200, "GET", "/api/v1/periods/abf/2025-10/close-preview", SEC, unchanged=True)
check(cp["dry_run"] is True and cp["stats"]["batches"] == 1 and cp["stats"]["lines"] == 20 and
      [(x["batch"], x["hundredths"], x["lines"]) for x in cp["postings"]] == [(6, 336, 20)],
      "close preview: %s" % str(cp)[:400])
cl = expect(200, "POST", "/api/v1/periods/abf/2025-10/close", SEC)
check(cl.get("state") == "closed" and cl.get("stats") == cp["stats"],
      "the close did what its preview said: %s vs %s" % (cl, cp["stats"]))
after = call("GET", "/api/v1/players/abf/1002")[1]
# 0001002: place 1 of 5 in batch 6, 0.30 green (ABF-6)
# holdings: [{point_type, points, hundredths}] (API v1, issue 30)
def green(p):
    return sum(h["hundredths"] for h in p["holdings"] if h["point_type"] == "green")


gb, ga = green(before), green(after)
check(ga - gb == 30, "player 1002's green %s -> %s hundredths" % (gb, ga))
expect(400, "POST", "/api/v1/periods/abf/2025-10/close", SEC, unchanged=True)
expect(400, "POST", "/api/v1/periods/abf/2025-10/reopen", SEC, has="reason", unchanged=True)
ro = expect(200, "POST", "/api/v1/periods/abf/2025-10/reopen", SEC,
            json.dumps({"reason": "batch 6 was approved too soon"}).encode())
check(ro.get("state") == "reopened" and ro.get("stats", {}).get("batches") == 1, "reopen: %s" % ro)
audit = ledger("audit").stdout
check(re.search(r"api token \d+.*close", audit) and "batch 6 was approved too soon" in audit,
      "close and reopen audited with the token")
check("ledger verified" in ledger("verify").stdout, "ledger verify")

srv.terminate()
srv.wait(timeout=30)
checks.finish("serve back office API: all checks passed")
