"""`bridgemp serve` is not stalled by one client (issue 30, docs/serve.md
"Hardening"), on loopback, bounded in count and time:
  - 1,010 slow clients from 127.0.0.1 trickling headers do not stop a
    request from 127.0.0.2 being answered (a limit per address);
  - a client sending a header byte every second (under the idle timeout)
    is cut at the request deadline;
  - ambiguous framing (Content-Length twice, or with chunked) is 400, a
    20 KB target 414 and 20 KB of header fields 431, with the security
    headers;
  - a relative --port-file is in the working directory; after kill -9 the
    server's temporary directory holds nothing;
  - the player search is case-insensitive on both backends (19 for
    "Player 3" and "player 3");
  - /api/v1/batches pages (read in SQL) add up to the whole list.
    python3 harden.py BRIDGEMP WORKDIR   (BMP_STEPS_DB: a PostgreSQL URI)
"""
import json
import os
import resource
import signal
import socket
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checks_lib import steps_script  # noqa: E402

BIN, W, DB, checks = steps_script(sys.argv)
os.makedirs(W + "/tmp")
fail = checks.fail


def raw(port, data, src="127.0.0.1", timeout=10):
    """Send bytes, read the answer until the server closes: (status, headers, body)."""
    s = socket.socket()
    s.settimeout(timeout)
    s.bind((src, 0))
    try:
        s.connect(("127.0.0.1", port))
        s.sendall(data)
        out = b""
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            out += chunk
            if b"\r\n\r\n" in out and b"Connection: close" not in data and done(out):
                break
    except OSError as e:
        return 0, "", "error: %s" % e
    finally:
        s.close()
    head, _, body = out.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1]) if lines[0].startswith("HTTP/") else 0
    return status, "\n".join(lines[1:]).lower(), body.decode("utf-8", "replace")


def done(out):
    head, _, body = out.partition(b"\r\n\r\n")
    for line in head.decode("latin-1").split("\r\n"):
        if line.lower().startswith("content-length:"):
            return len(body) >= int(line.split(":")[1])
    return False


def get(port, path, src="127.0.0.1", token=None):
    auth = "Authorization: Bearer %s\r\n" % token if token else ""
    req = "GET %s HTTP/1.1\r\nHost: x\r\n%sConnection: close\r\n\r\n" % (path, auth)
    status, headers, body = raw(port, req.encode(), src)
    try:
        return status, json.loads(body)
    except ValueError:
        return status, None


demo = subprocess.run(["sh", "examples/ledger/demo.sh", BIN, DB], capture_output=True, text=True)
if demo.returncode:
    print(demo.stdout, demo.stderr)
    sys.exit(1)
# a secretary token: the batches that are not posted are the body's (W-29s1)
SEC = subprocess.run([BIN, "ledger", "--db", DB, "token", "create", "--scope", "secretary:abf"],
                     capture_output=True, text=True).stdout.strip().splitlines()[-1]

def start(name, *opts):
    """A server in WORKDIR with a relative --port-file NAME: (process, port)."""
    env = dict(os.environ, TMPDIR=W + "/tmp")
    p = subprocess.Popen([BIN, "serve", "--db", DB, "--listen", "127.0.0.1:0", "--port-file", name]
                         + list(opts), cwd=W, env=env, stderr=open(W + "/serve.err", "a"))
    for _ in range(100):
        if os.path.exists(W + "/" + name) or p.poll() is not None:
            break
        time.sleep(0.1)
    if not os.path.exists(W + "/" + name):
        p.kill()
        print(open(W + "/serve.err").read())
        print("FAIL: a relative --port-file is not in the working directory")
        sys.exit(1)
    return p, int(open(W + "/" + name).read())


# --- the server with its defaults (idle timeout 30 s)
srv, port = start("port")

# --- many slow clients from one address (the 1,010)
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
n = 1010
if soft < n + 100:
    want = min(hard, n + 200)
    resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
    n = min(n, want - 100)
slow = []
for i in range(n):
    s = socket.socket()
    s.setblocking(False)
    try:
        s.connect(("127.0.0.1", port))
    except BlockingIOError:
        pass
    slow.append(s)
time.sleep(0.5)
for s in slow:
    try:
        s.send(b"GET /healthz HTTP/1.1\r\nX: ")
    except OSError:
        pass
t0 = time.monotonic()
status, body = get(port, "/healthz", src="127.0.0.2")
if status != 200:
    fail("with %d slow clients from 127.0.0.1, /healthz from 127.0.0.2 -> %d" % (n, status))
for s in slow:
    s.close()
# the server notices the 1,010 closes in its own time (slower under the
# sanitizers): until it has, 127.0.0.1 is still at its connection limit
# and a new connection from it is closed unanswered
deadline = time.monotonic() + 20
while get(port, "/healthz")[0] != 200 and time.monotonic() < deadline:
    time.sleep(0.1)

# --- ambiguous framing: 400 with the security headers, the connection closed
cases = {
    "Content-Length twice": "Content-Length: 5\r\nContent-Length: 5\r\n\r\nhello",
    "two different Content-Length": "Content-Length: 5\r\nContent-Length: 6\r\n\r\nhello!",
    "Content-Length with chunked": "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n"
                                   "5\r\nhello\r\n0\r\n\r\n",
}
for name, rest in cases.items():
    req = "POST /api/v1/batches?filename=x.grn HTTP/1.1\r\nHost: x\r\n" + rest
    status, headers, body = raw(port, req.encode())
    if status != 400 or "ambiguous framing" not in body:
        fail("%s -> %d %s" % (name, status, body[:200]))
    for h in ("x-content-type-options: nosniff", "content-security-policy:", "connection: close"):
        if status and h not in headers:
            fail("%s: no header %s" % (name, h))

# --- a request too long: 414 and 431 answered by the server, with the security headers
# (libmicrohttpd's own 414/431, past its 64 KiB pool, and its 400/505 still lack them)
longs = {
    414: "GET /healthz?a=%s HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n" % ("x" * 20000),
    431: "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: %s\r\nConnection: close\r\n\r\n" % ("y" * 20000),
}
for want, req in longs.items():
    status, headers, body = raw(port, req.encode())
    if status != want or "x-content-type-options: nosniff" not in headers:
        fail("a 20 KB %s -> %d without the security headers: %s" %
             ("target" if want == 414 else "header", status, headers.replace("\n", " | ")))

# --- the player search: the same on SQLite and PostgreSQL (case-insensitive)
for q in ("Player%203", "player%203", "PLAYER%203"):
    status, j = get(port, "/api/v1/players?body=abf&q=%s&per_page=3" % q)
    if status != 200 or not j or j["total"] != 19 or j["items"][0]["name"] != "Player 3":
        fail("search q=%s -> %d %s" % (q, status, j))

# --- /api/v1/batches: the pages add up to the whole list, the total is the count
for state, token in (("", None), ("&state=posted", None), ("", SEC), ("&state=rejected", SEC)):
    status, whole = get(port, "/api/v1/batches?per_page=500" + state, token=token)
    if status != 200:
        fail("batches%s -> %d" % (state, status))
        continue
    items, page = [], 1
    while True:
        status, j = get(port, "/api/v1/batches?per_page=2&page=%d%s" % (page, state), token=token)
        if status != 200 or j["total"] != whole["total"] or j["per_page"] != 2:
            fail("batches page %d%s -> %d %s" % (page, state, status, j))
            break
        if not j["items"]:
            break
        items += j["items"]
        page += 1
    if items != whole["items"] or whole["total"] != len(whole["items"]):
        fail("batches%s: the pages are not the list" % state)
status, j = get(port, "/api/v1/batches?per_page=1", token=SEC)
if status != 200 or len(j["items"]) != 1 or j["total"] < 5 or j["items"][0]["id"] != 1:
    fail("batches?per_page=1 -> %d %s" % (status, j))
# without a token only the posted ones: the demo's batch 2 was replaced (rejected)
status, j = get(port, "/api/v1/batches?per_page=500")
if status != 200 or 2 in [b["id"] for b in j["items"]] or \
        any(b["state"] != "posted" for b in j["items"]):
    fail("public batches: the posted only -> %d %s" % (status, j))
status, j = get(port, "/api/v1/batches?state=rejected")
if status != 401:
    fail("rejected batches without a token -> %d (expected 401)" % status)

# --- kill -9: nothing left in the temporary directory
srv.send_signal(signal.SIGKILL)
srv.wait()
left = os.listdir(W + "/tmp")
if left:
    fail("after kill -9 the temporary directory holds %s" % left)

# a second server: idle timeout 3 s, deadline 4 s
srv2, port2 = start("port2", "--timeout", "3", "--deadline", "4")
# --- a trickling client is cut at the deadline (4 s), the idle timeout (3 s) notwithstanding
s = socket.socket()
s.bind(("127.0.0.3", 0))
s.connect(("127.0.0.1", port2))
s.settimeout(1)
s.sendall(b"GET /healthz HTTP/1.1\r\nX-Slow: ")
t0 = time.monotonic()
cut = False
while time.monotonic() - t0 < 15 and not cut:
    try:
        s.send(b"a")
        cut = s.recv(1024) == b""
    except socket.timeout:
        pass
    except OSError:
        cut = True
s.close()
if not cut:
    fail("a client trickling a byte a second was not cut at the deadline (15 s)")

srv2.terminate()
srv2.wait()

checks.finish("serve hardening: all checks passed")
