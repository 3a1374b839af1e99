"""`bridgemp serve` holds under attack (issue 45, docs/serve.md "Hardening"),
on loopback, bounded in count and time (generous bounds: correctness, not speed):
  - item 1: 40 connections from 127.0.2.1-4 (10 each) holding a partial
    request 2 s, with --max-connections 20: afterwards /healthz is answered
    (within 10 s) and SIGTERM ends the server (within 10 s); then a storm of
    connections opened and closed from 16 addresses, slow and fast, and the
    same two checks;
  - item 5: a contestant of 50,000 players is refused (400, naming the
    limit) by the preview and the upload; a public GET is answered while
    two previews of it run, and while two uploads wait for the write lock
    (SQLite: another process holds it);
  - item 7: whitespace before a colon ("Transfer-Encoding : chunked",
    "Content-Length : 40") and bare-LF line ends are 400 and close the
    connection: the smuggled second request is never answered;
  - item 8: an event batch that is not posted (rejected, provisional) is
    not shown by /api/v1/events/abf/N (401 without a token, 403 to another
    club) nor by the public page /event/abf/N (404); a posted one is.
    python3 hold.py BRIDGEMP WORKDIR   (BMP_STEPS_DB: a PostgreSQL URI)
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


def ledger(*args):
    return subprocess.run([BIN, "ledger", "--db", DB] + list(args), capture_output=True,
                          text=True)


def raw(port, data, src="127.0.0.1", timeout=10):
    """Send bytes, read until the server closes (or timeout): the bytes read."""
    s = socket.socket()
    s.settimeout(timeout)
    s.bind((src, 0))
    out = b""
    try:
        s.connect(("127.0.0.1", port))
        s.sendall(data)
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            out += chunk
    except OSError as e:
        out += b"\n(error: %s)" % str(e).encode()
    finally:
        s.close()
    return out


def status_of(out):
    head = out.split(b"\r\n", 1)[0].decode("latin-1")
    return int(head.split()[1]) if head.startswith("HTTP/") and len(head.split()) > 1 else 0


def request(port, method, path, token=None, body=b"", src="127.0.0.1", timeout=10):
    """(status, body text) of one request with Connection: close."""
    auth = "Authorization: Bearer %s\r\n" % token if token else ""
    head = "%s %s HTTP/1.1\r\nHost: x\r\n%sContent-Length: %d\r\nConnection: close\r\n\r\n" % (
        method, path, auth, len(body))
    out = raw(port, head.encode() + body, src, timeout)
    return status_of(out), out.partition(b"\r\n\r\n")[2].decode("utf-8", "replace")


def healthz_within(port, seconds):
    """True once /healthz answers 200 (each try bounded), within seconds."""
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        if request(port, "GET", "/healthz", timeout=2)[0] == 200:
            return True
        time.sleep(0.2)
    return False


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


def stop_within(p, seconds, what):
    p.send_signal(signal.SIGTERM)
    try:
        p.wait(seconds)
    except subprocess.TimeoutExpired:
        fail("%s: SIGTERM did not end the server within %d s" % (what, seconds))
        p.kill()
        p.wait()


demo = subprocess.run(["sh", "examples/ledger/demo.sh", BIN, DB], capture_output=True, text=True)
if demo.returncode:
    print(demo.stdout, demo.stderr)
    sys.exit(1)
# batch 2 was replaced (rejected) by the demo; batch 6: club 2074's, provisional
ev = json.load(open("examples/abf/club-pairs.json"))
ev["name"], ev["date"] = "Club Monday Pairs, a week on", "2025-09-08"
json.dump(ev, open(W + "/week-on.json", "w"))
imp = ledger("import", W + "/week-on.json", "--club", "2074")
if "batch 6 provisional" not in imp.stdout + imp.stderr:
    print(imp.stdout, imp.stderr)
    sys.exit(1)
CLUB = ledger("token", "create", "--scope", "club:abf:2074").stdout.split()[-1]
OTHER = ledger("token", "create", "--scope", "club:abf:3101").stdout.split()[-1]
SEC = ledger("token", "create", "--scope", "secretary:abf").stdout.split()[-1]

# --- item 1: over --max-connections from several addresses, then served and stopped
srv, port = start("--max-connections", "20", "--deadline", "20")
held = []
for a in range(1, 5):
    for _ in range(10):
        s = socket.socket()
        s.bind(("127.0.2.%d" % a, 0))
        try:
            s.connect(("127.0.0.1", port))
            s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
        except OSError:
            pass
        held.append(s)
time.sleep(2)
for s in held:
    s.close()
if not healthz_within(port, 10):
    fail("after 40 connections over --max-connections 20, /healthz is not answered in 10 s")


def storm(n, slow):
    """n connections from 127.0.3.1-16: opened, a partial request (slow: held 1 s), closed."""
    socks = []
    for i in range(n):
        s = socket.socket()
        s.bind(("127.0.3.%d" % (1 + i % 16), 0))
        s.settimeout(2)
        try:
            s.connect(("127.0.0.1", port))
            s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n" + (b"" if slow else b"\r\n"))
        except OSError:
            pass
        if slow:
            socks.append(s)
        else:
            s.close()
    time.sleep(1)
    for s in socks:
        s.close()


threads = [threading.Thread(target=storm, args=(300, i % 2 == 0)) for i in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
if not healthz_within(port, 10):
    fail("after a storm of 1,200 connections from 16 addresses, /healthz is not answered in 10 s")
stop_within(srv, 10, "after the connection storm")

# --- the other items on a server with its defaults, but for a club token's
# share of the heavy threads (rate.c), which is bounds.py's to check: here a
# token sends previews of 0.9 MB back to back
srv, port = start("--token-work", "1000000", "--token-burst", "1000000")

# --- item 7: whitespace before the colon, bare LF: 400, closed, the smuggled request unanswered
smuggled = b"GET /api/v1/players/abf/1002 HTTP/1.1\r\nHost: x\r\n\r\n"
chunk = b"%x\r\n%s\r\n0\r\n\r\n" % (len(smuggled), smuggled)
cases = {
    "Transfer-Encoding : chunked with Content-Length":
        b"POST /api/v1/preview HTTP/1.1\r\nHost: x\r\nTransfer-Encoding : chunked\r\n"
        b"Content-Length: %d\r\n\r\n%s" % (len(chunk), chunk),
    "Content-Length : 40 with real chunking":
        b"POST /api/v1/preview HTTP/1.1\r\nHost: x\r\nContent-Length : 40\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n" + smuggled,
    "a tab before the colon":
        b"GET /healthz HTTP/1.1\r\nHost: x\r\nContent-Length\t: 0\r\n\r\n" + smuggled,
    "bare LF line ends, pipelined":
        b"GET /healthz HTTP/1.1\nHost: x\n\n" + smuggled.replace(b"\r\n", b"\n"),
    "bare LF after the request line only":
        b"GET /healthz HTTP/1.1\nHost: x\r\nX-A: 1\r\n\r\n" + smuggled,
    "bare LF between header fields":
        b"GET /healthz HTTP/1.1\r\nHost: x\nX-A: 1\r\n\r\n" + smuggled,
}
for name, data in cases.items():
    out = raw(port, data)
    answers = out.count(b"HTTP/1.1 ")
    if status_of(out) != 400 or answers != 1 or b"Player 2" in out:
        fail("%s -> status %d, %d answer(s): %r" % (name, status_of(out), answers, out[:300]))
# the same requests with CRLF and no whitespace are answered (both of them)
out = raw(port, b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: 1\r\n\r\n" + smuggled.replace(
    b"\r\n\r\n", b"\r\nConnection: close\r\n\r\n"))
if out.count(b"HTTP/1.1 200") != 2:
    fail("two pipelined well-formed requests -> %r" % out[:300])

# --- item 8: an event that is not posted is not public
for eid, what in ((2, "rejected"), (6, "provisional")):
    st, body = request(port, "GET", "/api/v1/events/abf/%d" % eid)
    if st != 401 or "Player" in body:
        fail("GET /api/v1/events/abf/%d (%s) without a token -> %d %s" % (eid, what, st, body[:200]))
    st, body = request(port, "GET", "/api/v1/events/abf/%d" % eid, token=OTHER)
    if st != 403 or "Player" in body:
        fail("GET /api/v1/events/abf/%d (%s) as club 3101 -> %d %s" % (eid, what, st, body[:200]))
    for tok, who in ((CLUB, "club 2074"), (SEC, "the secretary")):
        st, body = request(port, "GET", "/api/v1/events/abf/%d" % eid, token=tok)
        if st != 200 or not json.loads(body)["awards"]:
            fail("GET /api/v1/events/abf/%d (%s) as %s -> %d %s" % (eid, what, who, st, body[:200]))
    st, body = request(port, "GET", "/event/abf/%d" % eid)
    if st != 404 or "/player/abf/" in body:
        fail("GET /event/abf/%d (%s) -> %d (expected 404)" % (eid, what, st))
st, body = request(port, "GET", "/api/v1/events/abf/5")
if st != 200 or len(json.loads(body)["awards"]) != 20:
    fail("GET /api/v1/events/abf/5 (posted) -> %d %s" % (st, body[:200]))
st, body = request(port, "GET", "/event/abf/5")
if st != 200 or "Player 2" not in body:
    fail("GET /event/abf/5 (posted) -> %d" % st)

# --- item 5: a contestant of 50,000 players is refused; GETs answered meanwhile
ev = json.load(open("examples/abf/club-pairs.json"))
ev["name"], ev["date"] = "Many ghosts", "2025-09-01"
ev["contestants"][0]["players"] += [{"id": str(900000 + i), "name": "G"} for i in range(50000)]
huge = json.dumps(ev, separators=(",", ":")).encode()
results = {}


def preview(k):  # two clubs: a token has one request at a time (rate.c)
    results[k] = request(port, "POST", "/api/v1/preview?filename=huge.json", (CLUB, OTHER)[k],
                         huge, timeout=120)


ps = [threading.Thread(target=preview, args=(k,)) for k in range(2)]
for t in ps:
    t.start()
time.sleep(0.5)
t0 = time.monotonic()
st, body = request(port, "GET", "/api/v1/players/abf/1002", timeout=30)
took = time.monotonic() - t0
if st != 200 or took > 5:
    fail("a public GET during two previews -> %d after %.1f s (bound 5 s)" % (st, took))
for t in ps:
    t.join()
for k, (st, body) in sorted(results.items()):
    if st != 400 or "at most 16 players" not in body:
        fail("preview %d of a contestant of 50,002 players -> %d %s" % (k, st, body[:300]))
st, body = request(port, "POST", "/api/v1/batches?filename=huge.json", CLUB, huge, timeout=120)
if st != 400 or "at most 16 players" not in body:
    fail("upload of a contestant of 50,002 players -> %d %s" % (st, body[:300]))

# --- item 5: uploads waiting for the write lock (another process holds it
# 6 s; SQLite's busy timeout is 5 s) do not hold the readers: a public GET
# is answered meanwhile (before, each upload held a libmicrohttpd worker and
# every connection it serves)
if not os.environ.get("BMP_STEPS_DB"):
    import sqlite3
    lock = sqlite3.connect(DB, isolation_level=None)
    lock.execute("BEGIN IMMEDIATE")
    ev = json.load(open("examples/abf/club-pairs.json"))
    ups = []
    for k in range(2):
        ev["name"], ev["date"] = "Waiting upload %d" % k, "2025-09-1%d" % k
        small = json.dumps(ev).encode()
        t = threading.Thread(target=lambda b=small: request(port, "POST",
                             "/api/v1/batches?filename=w.json", CLUB, b, timeout=30))
        t.start()
        ups.append(t)
    time.sleep(1)
    t0 = time.monotonic()
    st, body = request(port, "GET", "/api/v1/players/abf/1002", timeout=30)
    took = time.monotonic() - t0
    if st != 200 or took > 3:
        fail("a public GET while two uploads wait for the write lock -> %d after %.1f s "
             "(bound 3 s; the lock is held 6 s)" % (st, took))
    time.sleep(max(0, 5 - took))
    lock.execute("ROLLBACK")
    lock.close()
    for t in ups:
        t.join()
    if not healthz_within(port, 10):
        fail("after the uploads, /healthz is not answered in 10 s")
stop_within(srv, 10, "after the other checks")

checks.finish("serve hold: all checks passed")
