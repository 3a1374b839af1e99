"""The response cache of `bridgemp serve` (issue 30 item 5, docs/serve.md
"Response cache"), over the demo ledger, on loopback:
  - a public answer (player JSON, player page) is served again from the
    cache (X-Cache: hit) with the same body, ETag and 304;
  - after a write by another process (the CLI renames player 1003 on the
    same ledger) the next GET shows the new name, not the cached one;
  - after writes through the API (an upload, an approval, the close) the
    next GET of the public list of posted batches shows the new batch (a
    batch not posted is 401 without a token, never kept: W-29s1);
  - an answer to a request with Authorization or Cookie is never taken
    from the cache nor put in it; errors (404) are not kept; no cached
    answer carries Set-Cookie; GET /login (it sets a CSRF cookie) is never
    kept: a fresh cookie each time, no X-Cache;
  - --cache-mb 0 turns the cache off; there every ETag is computed anew:
    the same body gives the same ETag, a changed body (one byte of a
    name) another one, the first body again the first ETag (ruling W-7).
    python3 cache.py BRIDGEMP WORKDIR   (BMP_STEPS_DB: a PostgreSQL URI)
"""
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
D = "tests/cli/serve"


def ledger(*args):
    r = subprocess.run([BIN, "ledger", "--db", DB] + list(args), capture_output=True, text=True)
    if r.returncode:
        print(r.stdout, r.stderr)
        sys.exit("ledger %s failed" % " ".join(args))
    return r.stdout


def start(*opts):
    port_file = W + "/port"
    if os.path.exists(port_file):
        os.unlink(port_file)
    p = subprocess.Popen([BIN, "serve", "--db", DB, "--listen", "127.0.0.1:0", "--port-file",
                          port_file] + list(opts), stderr=open(W + "/serve.err", "w"))
    for _ in range(100):
        if os.path.exists(port_file) and open(port_file).read().strip():
            return p, int(open(port_file).read())
        time.sleep(0.1)
    print(open(W + "/serve.err").read())
    sys.exit("the server did not start")


def http(port, path, method="GET", headers=None, data=None):
    """(status, headers as a dict of lower-case names, body)"""
    req = urllib.request.Request("http://127.0.0.1:%d%s" % (port, path), method=method,
                                 headers=headers or {}, data=data)
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, {k.lower(): v for k, v in r.getheaders()}, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, {k.lower(): v for k, v in e.headers.items()}, e.read().decode()


def until_hit(port, path, **kw):
    """GET path until the cache answers; every answer the same: (answers, last)."""
    seen = []
    for _ in range(5):
        st, h, body = http(port, path, **kw)
        seen.append((st, h.get("x-cache"), body))
        if h.get("x-cache") == "hit":
            break
    bodies = {b for _, _, b in seen}
    if seen[-1][1] != "hit":
        fail("%s: never served from the cache: %s" % (path, [x[:2] for x in seen]))
    if len(bodies) != 1 or seen[-1][0] != 200:
        fail("%s: the cached answer differs from the computed one" % path)
    if "set-cookie" in h:
        fail("%s: a cached answer carries Set-Cookie" % path)
    return seen, seen[-1]


demo = subprocess.run(["sh", "examples/ledger/demo.sh", BIN, DB], capture_output=True, text=True)
if demo.returncode:
    print(demo.stdout, demo.stderr)
    sys.exit(1)
CLUB = ledger("token", "create", "--scope", "club:abf:2074").strip().splitlines()[-1]
SEC = ledger("token", "create", "--scope", "secretary:abf").strip().splitlines()[-1]

srv, port = start()
try:
    # served again: the player JSON and the player page
    player = "/api/v1/players/abf/1003"
    seen, (_, _, body) = until_hit(port, player)
    if '"name":"Player 3"' not in body:
        fail("player 1003: %s" % body[:200])
    st, h, _ = http(port, player)
    tag = h.get("etag")
    st, h, body = http(port, player, headers={"If-None-Match": tag})
    if st != 304 or body:
        fail("a cached answer's ETag: %d, not 304" % st)
    _, (_, _, page) = until_hit(port, "/player/abf/1003")
    if "Player 3" not in page:
        fail("the player page does not name Player 3")

    # a write by another process: the CLI renames 1003 in the same ledger
    with open(W + "/rename.csv", "w") as f:
        f.write("number,name,status\n1003,Player Three,Active\n")
    ledger("player", "import", W + "/rename.csv", "--body", "abf")
    st, h, body = http(port, player)
    if '"name":"Player Three"' not in body or h.get("x-cache") == "hit":
        fail("after the CLI's write the player JSON is stale (%s): %s"
             % (h.get("x-cache"), body[:120]))
    st, h, page = http(port, "/player/abf/1003")
    if "Player Three" not in page or h.get("x-cache") == "hit":
        fail("after the CLI's write the player page is stale (%s)" % h.get("x-cache"))
    until_hit(port, player)  # and cached again

    # a hit is answered with the prebuilt response: the same headers as
    # the computed answer (security headers, Cache-Control, type, ETag)
    st, miss_h, _ = http(port, "/api/v1/players/abf/1006")
    _, (_, hit_h, _) = until_hit(port, "/api/v1/players/abf/1006")
    st, hit_h, _ = http(port, "/api/v1/players/abf/1006")
    for k in ("content-security-policy", "x-content-type-options", "referrer-policy",
              "x-frame-options", "cache-control", "content-type", "etag"):
        if not miss_h.get(k) or hit_h.get(k) != miss_h.get(k):
            fail("header %s: %r on the miss, %r on the hit" % (k, miss_h.get(k), hit_h.get(k)))
    st, h, body = http(port, "/api/v1/players/abf/1006", method="HEAD")
    if st != 200 or body or h.get("x-cache") != "hit":
        fail("HEAD of a cached answer: %d %s %r" % (st, h.get("x-cache"), body[:40]))

    # ten writes by another process, each right after a hit: the next GET
    # (the JSON and the page) shows each new name (W-9: a write committed
    # before the request is never answered from an older generation)
    for i in range(10):
        until_hit(port, player)
        until_hit(port, "/player/abf/1003")
        with open(W + "/rename.csv", "w") as f:
            f.write("number,name,status\n1003,Player Three %d,Active\n" % i)
        ledger("player", "import", W + "/rename.csv", "--body", "abf")
        st, h, body = http(port, player)
        if '"name":"Player Three %d"' % i not in body or h.get("x-cache") == "hit":
            fail("write %d: the player JSON is stale (%s): %s" % (i, h.get("x-cache"), body[:120]))
        st, h, page = http(port, "/player/abf/1003")
        if "Player Three %d" % i not in page or h.get("x-cache") == "hit":
            fail("write %d: the player page is stale (%s)" % (i, h.get("x-cache")))
    with open(W + "/rename.csv", "w") as f:
        f.write("number,name,status\n1003,Player Three,Active\n")
    ledger("player", "import", W + "/rename.csv", "--body", "abf")

    # writes through the API: an upload (a new batch 6), then its approval
    grn = D + "/harbourside-tuesday-2025-09-23.grn"
    st, h, body = http(port, "/api/v1/batches?filename=harbourside-tuesday-2025-09-23.grn",
                       "POST", {"Authorization": "Bearer " + CLUB}, open(grn, "rb").read())
    if st != 201 or '"batch":6' not in body:
        fail("upload: %d %s" % (st, body[:200]))
    # batch 6 is the body's and the club's until posted (W-29s1): 401 to
    # the public, never kept; the public list of posted batches is cached
    listing = "/api/v1/batches?per_page=500"
    _, (_, _, body) = until_hit(port, listing)
    if '"id":6,' in body:
        fail("the public list holds provisional batch 6: %s" % body[:200])
    for _ in range(2):
        st, h, body = http(port, "/api/v1/batches/6")
        if st != 401 or "x-cache" in h:
            fail("batch 6 (provisional) without a token: %d %s" % (st, h.get("x-cache")))
    st, h, body = http(port, "/api/v1/batches/6/approve", "POST",
                       {"Authorization": "Bearer " + SEC})
    if st != 200:
        fail("approve: %d %s" % (st, body[:200]))
    st, h, body = http(port, "/api/v1/periods/abf/2025-10/close", "POST",
                       {"Authorization": "Bearer " + SEC})
    if st != 200:
        fail("close 2025-10: %d %s" % (st, body[:200]))
    st, h, body = http(port, listing)
    if '"id":6,' not in body or h.get("x-cache") == "hit":
        fail("after the API's approval and close the list is stale (%s): %s"
             % (h.get("x-cache"), body[:120]))
    st, h, body = http(port, "/api/v1/batches/6")
    if st != 200 or '"state":"posted"' not in body:
        fail("batch 6 posted, public: %d %s" % (st, body[:200]))

    # credentials: never from the cache, never into it
    until_hit(port, "/api/v1/players/abf/1004")
    for hdr in ({"Authorization": "Bearer " + SEC}, {"Cookie": "session=x"}):
        st, h, body = http(port, "/api/v1/players/abf/1004", headers=hdr)
        if st != 200 or "x-cache" in h:
            fail("%s: answered through the cache (%s)" % (list(hdr)[0], h.get("x-cache")))
    # (a key of its own for each: every query parameter is checked, so the
    # key differs by path, the JSON and the page of player 1005)
    for hdr, path in (({"Authorization": "Bearer " + SEC}, "/api/v1/players/abf/1005"),
                      ({"Cookie": "session=x"}, "/player/abf/1005")):
        for _ in range(3):
            st, h, _ = http(port, path, headers=hdr)
            if "x-cache" in h:
                fail("%s: answered through the cache" % list(hdr)[0])
        st, h, _ = http(port, path)  # the same key without: nothing was kept
        if h.get("x-cache") != "miss":
            fail("%s: the answer was kept (%s)" % (list(hdr)[0], h.get("x-cache")))
    # the login form sets its own CSRF cookie (scoped to /login) on a GET
    # without credentials: it must never be stored nor served from the
    # cache (one client's token handed to another), nor get an ETag
    tokens = set()
    for _ in range(3):
        st, h, body = http(port, "/login")
        cookie = h.get("set-cookie", "")
        tok = cookie.split(";")[0]
        if st != 200 or not tok.startswith("bmp_login=") or "Path=/login" not in cookie:
            fail("GET /login: %d, Set-Cookie %r" % (st, cookie))
        if "x-cache" in h or "etag" in h:
            fail("GET /login went through the cache: X-Cache %s, ETag %s"
                 % (h.get("x-cache"), h.get("etag")))
        if tok.split("=", 1)[-1] not in body:
            fail("GET /login: the form's csrf field is not the cookie's token")
        tokens.add(tok)
    if len(tokens) != 3:
        fail("GET /login: the same CSRF cookie twice in 3 answers: %s" % sorted(tokens))
    # errors are not kept
    for _ in range(3):
        st, h, _ = http(port, "/api/v1/players/abf/9999")
        if st != 404 or "x-cache" in h:
            fail("a 404 went through the cache: %d %s" % (st, h.get("x-cache")))
finally:
    srv.terminate()
    srv.wait(timeout=30)

# --cache-mb 0: no cache at all, so every ETag below is computed from the
# body just written (XXH3-128, ruling W-7): the same body gives the same
# tag, a changed body another one, and the first body again the first tag
srv, port = start("--cache-mb", "0")
try:
    tags, bodies = set(), set()
    for _ in range(3):
        st, h, body = http(port, "/api/v1/players/abf/1003")
        if st != 200 or "x-cache" in h or '"name":"Player Three"' not in body:
            fail("--cache-mb 0: %d %s" % (st, h.get("x-cache")))
        tags.add(h.get("etag"))
        bodies.add(body)
    tag = tags.pop() if len(tags) == 1 and len(bodies) == 1 else None
    if not tag or not re.fullmatch(r'"[0-9a-f]{32}"', tag):
        fail("one body, three answers: ETags %r (one quoted 32-hex-digit tag expected)"
             % (sorted(tags | {tag}),))
    # "Player Three" -> "Player Thre3": one byte of the body changes
    with open(W + "/rename.csv", "w") as f:
        f.write("number,name,status\n1003,Player Thre3,Active\n")
    ledger("player", "import", W + "/rename.csv", "--body", "abf")
    st, h, body2 = http(port, "/api/v1/players/abf/1003")
    if '"name":"Player Thre3"' not in body2 or h.get("etag") in (None, tag):
        fail("a changed body kept its ETag: %s %s" % (h.get("etag"), body2[:120]))
    st, _, _ = http(port, "/api/v1/players/abf/1003", headers={"If-None-Match": tag})
    if st != 200:
        fail("If-None-Match with the old body's ETag: %d, not 200" % st)
    st, _, _ = http(port, "/api/v1/players/abf/1003", headers={"If-None-Match": h.get("etag")})
    if st != 304:
        fail("If-None-Match with the new body's ETag: %d, not 304" % st)
    # and back: the same bytes as the first answers, so the same tag
    with open(W + "/rename.csv", "w") as f:
        f.write("number,name,status\n1003,Player Three,Active\n")
    ledger("player", "import", W + "/rename.csv", "--body", "abf")
    st, h, body3 = http(port, "/api/v1/players/abf/1003")
    if body3 not in bodies or h.get("etag") != tag:
        fail("the first body again (%s): ETag %s, not %s"
             % ("the same bytes" if body3 in bodies else "other bytes", h.get("etag"), tag))
finally:
    srv.terminate()
    srv.wait(timeout=30)

checks.finish("serve cache: all checks passed")
