"""`bridgemp serve` bounds what one client gets and says what it did not
check (issue 45, docs/serve.md "Hardening"), on loopback over the demo
ledger (batch 5: club 2074's posted club pairs, the corrected file):
  - item 6/8: a preview or an upload of an event already submitted names
    its batch and state to its own club only; another club is told the
    event was submitted by another club, without its batch number, its
    state or its awards (duplicate_of and same_event null);
  - item 5/6: an upload or a preview of a USEBIO file without its grade
    says "carried points not checked: ..." (carried_unchecked);
  - item 4: the limits are settings: `serve --limits players=4,...`
    refuses a team of six, a field over contestants=, a credit file over
    credit-lines= (400 naming the setting); a bad --limits is a usage
    error (exit 2) naming what it takes;
  - item 4: a club token's writes and previews are rate limited per token
    (`--token-rate`, `--token-burst`): past its burst a token is answered
    429 with Retry-After while another club's token is served at once; a
    scorer's submissions in the browser likewise, by account.
    python3 bounds.py BRIDGEMP WORKDIR   (BMP_STEPS_DB: a PostgreSQL URI)
"""
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checks_lib import steps_script  # noqa: E402

BIN, W, DB, checks = steps_script(sys.argv)
fail = checks.fail


def run(*args):
    return subprocess.run([BIN] + list(args), capture_output=True, text=True)


def ledger(*args):
    return run("ledger", "--db", DB, *args)


def request(port, method, path, token=None, body=b"", timeout=30):
    """(status, headers text, body text) of one request with Connection: close."""
    auth = "Authorization: Bearer %s\r\n" % token if token else ""
    head = "%s %s HTTP/1.1\r\nHost: x\r\n%sContent-Length: %d\r\nConnection: close\r\n\r\n" % (
        method, path, auth, len(body))
    s = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    out = b""
    try:
        s.sendall(head.encode() + body)
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            out += chunk
    finally:
        s.close()
    h, _, b = out.partition(b"\r\n\r\n")
    h = h.decode("latin-1")
    st = int(h.split()[1]) if h.startswith("HTTP/") else 0
    return st, h, b.decode("utf-8", "replace")


def start(*opts):
    port_file = W + "/port"
    if os.path.exists(port_file):
        os.remove(port_file)
    p = subprocess.Popen([BIN, "serve", "--db", DB, "--listen", "127.0.0.1:0", "--port-file",
                          port_file] + list(opts), stderr=open(W + "/serve.err", "a"))
    for _ in range(100):
        if os.path.exists(port_file) and open(port_file).read().strip():
            return p, int(open(port_file).read())
        time.sleep(0.1)
    p.kill()
    print(open(W + "/serve.err").read())
    print("FAIL: the server did not start")
    sys.exit(1)


def stop(p):
    p.send_signal(signal.SIGTERM)
    try:
        if p.wait(20) != 0:
            fail("the server exited %d" % p.returncode)
    except subprocess.TimeoutExpired:
        fail("SIGTERM did not end the server within 20 s")
        p.kill()
        p.wait()


def event(name, date, **extra):
    ev = json.load(open("examples/abf/club-pairs.json"))
    ev["name"], ev["date"] = name, date
    ev.update(extra)
    return ev


def write_json(path, ev):
    json.dump(ev, open(path, "w"))
    return path


demo = subprocess.run(["sh", "examples/ledger/demo.sh", BIN, DB], capture_output=True, text=True)
if demo.returncode:
    print(demo.stdout, demo.stderr)
    sys.exit(1)
CLUB = ledger("token", "create", "--scope", "club:abf:2074").stdout.split()[-1]
OTHER = ledger("token", "create", "--scope", "club:abf:3101").stdout.split()[-1]
dump0 = ledger("dump").stdout

srv, port = start()

# --- a duplicate: its batch and state to its own club only (items 6 and 8)
corrected = open("examples/ledger/club-pairs-corrected.json", "rb").read()
renamed = json.load(open("examples/ledger/club-pairs-corrected.json"))
renamed["name"] = "Monday Pairs, renamed"
renamed = json.dumps(renamed).encode()
for what, body in (("the same file", corrected), ("event renamed", renamed)):
    st, _, b = request(port, "POST", "/api/v1/preview?filename=c.json", CLUB, body)
    j = json.loads(b) if st == 200 else {}
    if st != 200 or "batch 5 (posted" not in b:
        fail("club 2074's preview of %s -> %d %s" % (what, st, b[:300]))
    st, _, b = request(port, "POST", "/api/v1/preview?filename=c.json", OTHER, body)
    j = json.loads(b) if st == 200 else {}
    if (st != 200 or j.get("verdict") != "refused" or j.get("duplicate_of") is not None or
            j.get("same_event") is not None or j.get("replaces") is not None or
            j.get("differences") or "batch 5" in b or "posted" in b or
            not any("already submitted by another club" in x for x in j.get("problems", []))):
        fail("club 3101's preview of club 2074's %s -> %d %s" % (what, st, b[:600]))
    st, _, b = request(port, "POST", "/api/v1/batches?filename=c.json", OTHER, body)
    if st not in (400, 409) or "already submitted by another club" not in b or \
            "batch 5" in b or "posted" in b or "1002" in b:
        fail("club 3101's upload of club 2074's %s -> %d %s" % (what, st, b[:600]))
st, _, b = request(port, "POST", "/api/v1/batches?filename=c.json", CLUB, corrected)
if st != 409 or "batch 5 (posted)" not in b:
    fail("club 2074's upload of its own batch again -> %d %s" % (st, b[:300]))

# --- a USEBIO file without its grade: "carried points not checked" (item 5)
for k, route in enumerate(("preview", "batches")):
    src = write_json(W + "/ng%d.json" % k, event("No grade %d" % k, "2025-09-2%d" % k))
    out = W + "/ng%d.xml" % k
    r = run("award", src, "--format", "usebio", "--output", out)
    if r.returncode:
        print(r.stdout, r.stderr)
        sys.exit(1)
    st, _, b = request(port, "POST", "/api/v1/%s?filename=ng.xml&club=2074" % route, CLUB,
                       open(out, "rb").read())
    j = json.loads(b) if st in (200, 201) else {}
    want = "carried points not checked: no grade in the file (give --grade)"
    if st != (200 if k == 0 else 201) or j.get("carried_unchecked") != want:
        fail("%s of a USEBIO file without its grade -> %d %s" % (route, st, b[:400]))
st, _, b = request(port, "POST", "/api/v1/batches?filename=w.json", CLUB,
                   json.dumps(event("Graded", "2025-09-29")).encode())
if st != 201 or json.loads(b).get("carried_unchecked", "absent") is not None:
    fail("upload of a JSON event -> %d %s (carried_unchecked null expected)" % (st, b[:300]))
stop(srv)

# --- a club token's share: one request at a time, and its time paid (item 4)
ev = event("Many ghosts", "2025-09-01")
ev["contestants"][0]["players"] += [{"id": str(900000 + i), "name": "G"} for i in range(50000)]
huge = json.dumps(ev, separators=(",", ":")).encode()
small = json.dumps(event("Small", "2025-09-02")).encode()
srv, port = start("--token-work", "50", "--token-burst", "100")
res = {}


def big(k):
    t0 = time.monotonic()
    res[k] = request(port, "POST", "/api/v1/preview?filename=huge.json", CLUB, huge)
    res[k + "_s"] = time.monotonic() - t0


t = threading.Thread(target=big, args=("a",))
t.start()
time.sleep(0.05)
st, h, b = request(port, "POST", "/api/v1/preview?filename=s.json", CLUB, small)
busy = (st, h, b)
t0 = time.monotonic()
st, _, b = request(port, "POST", "/api/v1/preview?filename=s.json", OTHER, small)
other_s = time.monotonic() - t0
t.join()
print("the large preview took %.2f s; another club's preview meanwhile %.2f s" %
      (res["a_s"], other_s))
if res["a"][0] != 400 or "at most 16 players" not in res["a"][2]:
    fail("club 2074's large preview -> %d %s" % (res["a"][0], res["a"][2][:300]))
if busy[0] != 429 or "Retry-After: 1\r" not in busy[1] + "\r":
    fail("club 2074's second preview while its first runs -> %d %s %s" % busy)
if st != 200 or other_s > 1.0:
    fail("club 3101's preview meanwhile -> %d after %.2f s (bound 1 s)" % (st, other_s))
st, h, b = request(port, "POST", "/api/v1/preview?filename=s.json", CLUB, small)
wait = [int(x.split(":")[1]) for x in h.split("\r\n") if x.lower().startswith("retry-after:")]
if res["a_s"] > 0.2 and (st != 429 or not wait or wait[0] < 1):
    fail("club 2074's preview after %.2f s of work (credit 100 ms) -> %d %s" %
         (res["a_s"], st, h))
if wait:
    time.sleep(wait[0] + 0.2)
st, _, b = request(port, "POST", "/api/v1/preview?filename=s.json", CLUB, small)
if st != 200:
    fail("club 2074's preview after Retry-After -> %d %s" % (st, b[:300]))
st, _, b = request(port, "GET", "/api/v1/players/abf/1002", CLUB)
if st != 200:
    fail("a GET with the token while it waits -> %d" % st)
stop(srv)
r = run("serve", "--db", DB, "--token-work", "0")
if r.returncode != 2 or "--token-work" not in r.stderr:
    fail("serve --token-work 0 -> exit %d %s" % (r.returncode, r.stderr[:200]))

# --- the limits are settings (item 4): the CLI's award and ledger import ...
swiss = "examples/acbl/swiss-teams.json"
r = run("award", swiss, "--limits", "players=4")
if r.returncode != 1 or "has at most 4 players (the limit players=4" not in r.stderr:
    fail("award --limits players=4 of teams of six -> %d %s" % (r.returncode, r.stderr))
if run("award", swiss, "--limits", "players=6").returncode != 0:
    fail("award --limits players=6 of teams of six refused")
r = run("award", "examples/abf/club-pairs.json", "--limits", "contestants=10")
if r.returncode != 1 or "lists 20 contestants: an event has at most 10" not in r.stderr:
    fail("award --limits contestants=10 of 20 pairs -> %d %s" % (r.returncode, r.stderr))
grn = "tests/cli/serve/harbourside-tuesday-2025-09-23.grn"
r = run("award", grn, "--limits", "credit-lines=3")
if r.returncode != 1 or "4 lines: a credit file has at most 3" not in r.stderr:
    fail("award --limits credit-lines=3 of 4 lines -> %d %s" % (r.returncode, r.stderr))
for bad in ("players=0", "players=x", "bogus=3", "players=4,", "", "contestants=1000000001"):
    for cmd in (["award", swiss], ["serve", "--db", DB], ["ledger", "--db", DB, "import", swiss]):
        r = run(*(cmd + ["--limits", bad]))
        if r.returncode != 2 or "--limits" not in r.stderr:
            fail("%s --limits %r -> %d %s" % (cmd[0], bad, r.returncode, r.stderr[:200]))
r = ledger("import", "examples/abf/congress-teams.json", "--club", "3101", "--limits",
           "players=4")
if r.returncode != 1 or "at most 4 players (the limit players=4" not in r.stderr:
    fail("ledger import --limits players=4 of teams of five -> %d %s" % (r.returncode, r.stderr))
near = W + "/near.grn"
open(near, "w").write("0001401000030\n0002102000030\n")
r = ledger("import", near, "--club", "2074", "--limits", "near-lines=1")
if r.returncode != 0 or r.stdout.count("near:") != 1:
    fail("ledger import --limits near-lines=1 of two mistyped numbers -> %d %s %s" %
         (r.returncode, r.stdout, r.stderr))
# ... and the server's (the API's upload and preview)
srv, port = start("--limits", "players=4,contestants=30,credit-lines=3")
teams = open("examples/abf/congress-teams.json", "rb").read()
for route in ("preview", "batches"):
    st, _, b = request(port, "POST", "/api/v1/%s?filename=t.json" % route, OTHER, teams)
    if st != 400 or "at most 4 players (the limit players=4" not in b:
        fail("serve --limits players=4: %s of teams of five -> %d %s" % (route, st, b[:300]))
    st, _, b = request(port, "POST", "/api/v1/%s?filename=h.grn" % route, CLUB,
                       open(grn, "rb").read())
    if st != 400 or "a credit file has at most 3" not in b:
        fail("serve --limits credit-lines=3: %s of 4 lines -> %d %s" % (route, st, b[:300]))
big = event("Forty pairs", "2025-09-03")
big["contestants"] += [{"id": str(100 + i), "players": [{"id": str(5000 + 2 * i), "name": "A"},
                       {"id": str(5001 + 2 * i), "name": "B"}],
                       "rankings": [{"session": 1, "direction": "EW", "place": 11 + i,
                                     "score": 40 - i}]} for i in range(20)]
st, _, b = request(port, "POST", "/api/v1/preview?filename=p.json", CLUB, json.dumps(big).encode())
if st != 400 or "an event has at most 30 (the limit contestants=30" not in b:
    fail("serve --limits contestants=30: 40 pairs -> %d %s" % (st, b[:300]))
stop(srv)

# --- a scorer's uploads in the browser share the server as a token's do
# (item 4): with 1 ms of work a second, a submission that took longer
# leaves the account 429 with Retry-After; another club's scorer is served
import base64
import http.client
import re
import urllib.parse


class Browser:
    def __init__(self, port):
        self.port, self.cookies = port, {}

    def req(self, method, path, form=None):
        c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        headers = {"Cookie": "; ".join("%s=%s" % kv for kv in self.cookies.items())}
        body = urllib.parse.urlencode(form) if form is not None else None
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        c.request(method, path, body=body, headers=headers)
        r = c.getresponse()
        text = r.read().decode("utf-8", "replace")
        for k, v in r.getheaders():
            if k.lower() == "set-cookie":
                name, _, rest = v.partition("=")
                self.cookies[name] = rest.split(";")[0]
        c.close()
        return r.status, dict((k.lower(), v) for k, v in r.getheaders()), text

    def csrf(self, path):
        m = re.search(r'name="csrf" value="([^"]+)"', self.req("GET", path)[2])
        return m.group(1) if m else ""

    def login(self, name, pw):
        self.req("POST", "/login", {"csrf": self.csrf("/login"), "next": "/submit",
                                    "name": name, "password": pw})

    def submit(self, club, name, data):
        return self.req("POST", "/submit", {"csrf": self.csrf("/submit"), "action": "submit",
                                            "club": club, "filename": name,
                                            "content": base64.urlsafe_b64encode(data).decode().rstrip("=")})


for u, role in (("sam", "scorer:abf:2074"), ("otto", "scorer:abf:3101")):
    r = subprocess.run([BIN, "ledger", "--db", DB, "user", "add", u, "--role", role,
                        "--password-stdin"], input=u + "-correct-horse-9\n",
                       capture_output=True, text=True)
    if r.returncode:
        fail("user add %s: %s" % (u, r.stderr))
srv, port = start("--token-work", "1", "--token-burst", "1")
sam, otto = Browser(port), Browser(port)
sam.login("sam", "sam-correct-horse-9")
otto.login("otto", "otto-correct-horse-9")
st, _, b = sam.submit("abf:2074", "huge.json", huge)
if st != 400 or "at most 16 players" not in b:
    fail("sam's submission of a 50,002-player file -> %d %s" % (st, re.sub(r"<[^>]+>", "", b)[-600:]))
st, h, b = sam.submit("abf:2074", "s.json", small)
if st != 429 or int(h.get("retry-after", "0")) < 1 or "Your club's uploads" not in b:
    fail("sam's next submission, past his share -> %d %s %s" % (st, h, b[:300]))
st, _, b = otto.submit("abf:3101", "o.json", json.dumps(event("Otto's", "2025-09-04")).encode())
if st in (429, 0) or st >= 500:
    fail("otto's submission meanwhile -> %d %s" % (st, b[:300]))
if sam.req("GET", "/submit")[0] != 200:
    fail("sam's GET of the submit page while he waits")
stop(srv)

checks.finish("serve bounds: all checks passed")
