"""Accounts, sessions and CSRF of `bridgemp serve` (issue 29 item 1,
docs/serve.md "Accounts and sessions"), over plain HTTP (http.client) on
loopback against the demo ledger with two provisional batches of club 2074:
  - `ledger user add` takes no password argument; the password from stdin;
  - cookies HttpOnly, SameSite=Strict, Secure only with --behind-tls;
  - the login form's own CSRF token: a POST /login without it is 403;
  - session fixation: an id set before the login is never the logged-in
    one (an invented id, and the attacker's own live session, which the
    login ends);
  - CSRF: a POST without the token, with a wrong one, or with another
    session's is 403 and the ledger unchanged (`ledger verify` head before
    and after); with the right one the batch is approved, audited by name;
  - a scorer cannot see or act on another club's batch, nor approve their own;
  - brute force: the 6th failure of an account locks it (429, Retry-After),
    the right password refused meanwhile; 20 failures from one address lock
    the address for every account;
  - a disabled user's session ends at once, `user passwd` ends sessions,
    logout ends the session, and a session idle too long expires;
  - no password, session id or token in any URL, Location or log line;
  - a session row inserted behind the program's back (the hash of an id of
    the attacker's choosing, for the secretary's account) is no login: the
    cookie is sent to the login page, and `ledger verify` names the row
    (issue 45 item 4).
    python3 accounts.py BRIDGEMP WORKDIR   (BMP_STEPS_DB: a PostgreSQL URI)
"""
import hashlib
import http.client
import os
import re
import subprocess
import sys
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checks_lib import steps_script  # noqa: E402

BIN, W, DB, checks = steps_script(sys.argv)
check = checks.check
SERVE = os.path.dirname(os.path.abspath(__file__))
secrets = set()    # every password, session id and token the test saw
locations = []     # every Location answered
LEDGER = [BIN, "ledger", "--db", DB]


def ledger(*args, stdin=None, who=None):
    cmd = LEDGER + (["--who", who] if who else []) + list(args)
    return subprocess.run(cmd, input=stdin, capture_output=True, text=True)


def head():
    r = ledger("verify")
    m = re.search(r"^head (\S+)", r.stdout, re.M)
    return m.group(1) if m else r.stdout + r.stderr


def raw_sql(sql):
    """SQL behind the program's back, as an attacker who can write the database."""
    if DB.startswith("postgres"):
        cmd = ["psql", "-q", "-v", "ON_ERROR_STOP=1", DB, "-c", sql]
    else:
        cmd = ["sqlite3", DB, sql]
    r = subprocess.run(cmd, capture_output=True, text=True)
    check(r.returncode == 0, "%s: %s" % (sql, r.stderr))


def state(batch):
    r = ledger("batches", "--format", "csv")
    for line in r.stdout.splitlines():
        f = line.split(",")
        if f[0] == str(batch):
            return f[3]
    return None


class Client:
    """A browser's cookie jar over http.client, from a chosen source address."""

    def __init__(self, port, src="127.0.0.1"):
        self.port, self.src, self.cookies = port, src, {}

    def req(self, method, path, form=None, cookies=None):
        c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30,
                                       source_address=(self.src, 0))
        jar = dict(self.cookies) if cookies is None else cookies
        headers = {"Cookie": "; ".join("%s=%s" % kv for kv in jar.items())} if jar else {}
        body = None
        if form is not None:
            body = urllib.parse.urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        c.request(method, path, body=body, headers=headers)
        r = c.getresponse()
        text = r.read().decode("utf-8", "replace")
        hs = r.getheaders()
        c.close()
        self.set_cookies = [v for k, v in hs if k.lower() == "set-cookie"]
        for v in self.set_cookies:
            name, _, rest = v.partition("=")
            value = rest.split(";")[0]
            if "Max-Age=0" in v:
                self.cookies.pop(name, None)
            else:
                self.cookies[name] = value
                secrets.add(value)
        loc = r.getheader("Location")
        if loc:
            locations.append(loc)
        return r.status, r, text

    def csrf(self, path):
        status, _, text = self.req("GET", path)
        m = re.search(r'name="csrf" value="([^"]+)"', text)
        if m:
            secrets.add(m.group(1))
        return m.group(1) if m else None

    def login(self, name, password, next_="/"):
        token = self.csrf("/login")
        secrets.add(password)
        return self.req("POST", "/login", {"csrf": token, "next": next_, "name": name,
                                           "password": password})


def start(*opts):
    port_file = W + "/port-%d" % len(os.listdir(W))
    p = subprocess.Popen([BIN, "serve", "--db", DB, "--listen", "127.0.0.1:0", "--port-file",
                          port_file, "--access-log", "-"] + list(opts),
                         stderr=open(W + "/serve.log", "a"))
    for _ in range(100):
        if os.path.exists(port_file) and open(port_file).read().strip():
            break
        time.sleep(0.1)
    return p, int(open(port_file).read())


# ---- the ledger: demo, two provisional batches of club 2074, the accounts
demo = subprocess.run(["sh", "examples/ledger/demo.sh", BIN, DB], capture_output=True, text=True)
if demo.returncode:
    print(demo.stdout, demo.stderr)
    sys.exit(1)
batches = []
for f in ("harbourside-tuesday-2025-09-23.grn", "harbourside-tuesday-2025-09-30.grn"):
    r = ledger("import", os.path.join(SERVE, f), "--club", "2074")
    m = re.search(r"batch (\d+) provisional", r.stdout)
    check(m is not None, "import %s: %s %s" % (f, r.stdout, r.stderr))
    batches.append(int(m.group(1)) if m else 0)
B1, B2 = batches
USERS = {"sally": "secretary:abf", "dora": "secretary:abf", "sam": "scorer:abf:2074",
         "otto": "scorer:abf:3101", "bob": "scorer:abf:2074"}
PW = {u: "%s-correct-horse-9" % u for u in USERS}
for u, role in USERS.items():
    r = ledger("user", "add", u, "--role", role, "--password-stdin", stdin=PW[u] + "\n",
               who="admin")
    check(r.returncode == 0 and "user %s added" % u in r.stdout, "user add %s: %s" % (u, r.stderr))
r = ledger("user", "add", "eve", "--role", "secretary:abf", "--password", "x-very-long-1")
check(r.returncode == 2 and "--password is not an option of user add" in r.stderr,
      "no --password option: %s" % r.stderr)
r = ledger("user", "add", "eve", "--role", "secretary:abf", "--password-stdin", stdin="short\n")
check(r.returncode != 0 and "password: expected 10 to 1024 bytes" in r.stderr,
      "a short password refused: %s" % r.stderr)
r = ledger("user", "add", "eve", "--role", "scorer:abf:9999", "--password-stdin",
           stdin="long-enough-pw\n")
check(r.returncode != 0 and "no club 9999" in r.stderr, "an unknown club refused: %s" % r.stderr)
r = ledger("user", "list", "--format", "csv")
check("sam,scorer:abf:2074,admin" in r.stdout and "argon2" not in r.stdout,
      "user list: roles, who, no hash:\n" + r.stdout)
# user role add|remove (a user may hold several roles; audited, idempotent)
r = ledger("user", "role", "add", "dora", "scorer:abf:2074", who="admin")
check(r.returncode == 0 and "user dora: role scorer:abf:2074 added" in r.stdout,
      "user role add: %s %s" % (r.stdout, r.stderr))
r = ledger("user", "role", "add", "dora", "scorer:abf:2074", who="admin")
check(r.returncode == 0 and "already held (nothing changed)" in r.stdout,
      "user role add twice: %s %s" % (r.stdout, r.stderr))
r = ledger("user", "list", "--format", "csv")
check("dora,scorer:abf:2074 secretary:abf,admin" in r.stdout, "two roles listed:\n" + r.stdout)
r = ledger("user", "role", "remove", "otto", "scorer:abf:3101", who="admin")
check(r.returncode == 1 and "only role" in r.stderr, "the only role stays: %s" % r.stderr)
r = ledger("user", "role", "drop", "otto", "scorer:abf:3101")
check(r.returncode == 2 and "expected add or remove" in r.stderr, "role drop: %s" % r.stderr)
r = ledger("user", "role", "add", "nobody", "secretary:abf")
check(r.returncode == 1 and "no user nobody" in r.stderr, "role of nobody: %s" % r.stderr)
r = ledger("user", "role", "remove", "dora", "scorer:abf:2074", who="admin")
check(r.returncode == 0 and "user dora: role scorer:abf:2074 removed" in r.stdout,
      "user role remove: %s %s" % (r.stdout, r.stderr))
r = ledger("audit", "--format", "csv")
check(re.search(r"admin,account,account \d+ \(dora\) role added: scorer:abf:2074", r.stdout)
      is not None, "the role's audit entry, with who:\n" + r.stdout[-800:])

server, port = start()
tls_server, tls_port = start("--behind-tls", "--session-idle", "5")
try:
    page1, page2 = "/batch/%d" % B1, "/batch/%d" % B2

    # ---- cookies and the login form's token
    a = Client(port)
    status, _, _ = a.req("GET", page1)
    check(status == 303 and locations[-1] == "/login?next=%2Fbatch%2F" + str(B1),
          "nobody logged in: to the login page (%d %s)" % (status, locations[-1:]))
    status, _, text = a.req("POST", "/login", {"name": "sally", "password": PW["sally"]})
    check(status == 403 and "bmp_session" not in a.cookies,
          "a login without the form's token is 403 (%d)" % status)
    status, _, _ = a.login("sally", PW["sally"], page1)
    cookie = [c for c in a.set_cookies if c.startswith("bmp_session=")]
    check(status == 303 and locations[-1] == page1, "login sends to next (%d)" % status)
    check(cookie and "HttpOnly" in cookie[0] and "SameSite=Strict" in cookie[0]
          and "Secure" not in cookie[0], "the session cookie's flags over HTTP: %s" % cookie)
    t = Client(tls_port)
    t.login("sally", PW["sally"])
    cookie = [c for c in t.set_cookies if c.startswith("bmp_session=")]
    check(cookie and "; Secure" in cookie[0], "--behind-tls: the cookie is Secure: %s" % cookie)

    # ---- session fixation: an invented id, then the attacker's own session
    v = Client(port)
    fixed = "A" * 43
    v.cookies["bmp_session"] = fixed
    status, _, _ = v.req("GET", page1)
    check(status == 303, "an invented session id is nobody (%d)" % status)
    v.login("sally", PW["sally"])
    check(v.cookies.get("bmp_session") not in (None, fixed), "the login gives a new id")
    status, _, _ = v.req("GET", page1, cookies={"bmp_session": fixed})
    check(status == 303, "the invented id is still nobody after the login (%d)" % status)
    attacker = Client(port)
    attacker.login("otto", PW["otto"])
    planted = attacker.cookies["bmp_session"]
    victim = Client(port)
    victim.cookies["bmp_session"] = planted
    victim.login("sally", PW["sally"])
    check(victim.cookies["bmp_session"] != planted, "the planted session is not promoted")
    status, _, text = attacker.req("GET", "/login")
    check("logged in as" not in text, "the planted session ended at the victim's login")
    status, _, _ = attacker.req("GET", "/batch/%d" % B1)
    check(status == 303, "the attacker's session ended: to the login page (%d)" % status)

    # ---- CSRF: missing, wrong, another session's: 403 and nothing written
    token = a.csrf(page1)
    other = v.csrf(page1)
    check(token and other and token != other, "each session its own CSRF token")
    before = head()
    for form, what in (({"action": "approve"}, "missing"),
                       ({"action": "approve", "csrf": token[:-1] + ("0" if token[-1] != "0" else "1")}, "wrong"),
                       ({"action": "approve", "csrf": other}, "another session's"),
                       ({"action": "approve", "csrf": ""}, "empty")):
        status, _, _ = a.req("POST", page1, form)
        check(status == 403, "CSRF token %s: 403 (%d)" % (what, status))
    status, _, _ = a.req("POST", page1, {"action": "approve", "csrf": token}, cookies={})
    check(status == 403, "a POST without a session: 403 (%d)" % status)
    check(head() == before and state(B1) == "provisional",
          "the ledger unchanged by the refused POSTs (%s, %s)" % (head(), state(B1)))

    # ---- a scorer: another club's batch neither seen nor decided; not even their own
    o = Client(port)
    o.login("otto", PW["otto"])
    status, _, text = o.req("GET", page2)
    check(status == 403 and "harbourside" not in text and "batch-state" not in text,
          "a scorer of club 3101 cannot see club 2074's batch (%d)" % status)
    otoken = o.csrf("/")  # otto's own, valid token (the logout form on every page)
    status, _, _ = o.req("POST", page2, {"action": "approve", "csrf": otoken})
    check(status == 403 and state(B2) == "provisional",
          "nor approve it, with a valid CSRF token (%d)" % status)
    s = Client(port)
    s.login("sam", PW["sam"])
    before = head()  # (each login is an audit entry)
    status, _, text = s.req("GET", page2)
    check(status == 200 and "provisional" in text and 'id="decide"' not in text,
          "the club's own scorer sees it, without the form (%d)" % status)
    status, _, _ = s.req("POST", page2, {"action": "approve", "csrf": s.csrf(page2)})
    check(status == 403, "a scorer cannot approve (%d)" % status)
    check(head() == before and state(B2) == "provisional", "the ledger unchanged by the scorers")

    # ---- the secretary decides: approve B1, reject B2 with a reason
    status, _, _ = a.req("POST", page1, {"action": "approve", "csrf": token})
    check(status == 303 and state(B1) == "approved", "approved with the token (%d)" % status)
    status, _, text = a.req("POST", page2, {"action": "reject", "csrf": token})
    check(status == 400 and "needs a reason" in text and state(B2) == "provisional",
          "a rejection needs a reason (%d)" % status)
    status, _, _ = a.req("POST", page2, {"action": "reject", "reason": "wrong date",
                                         "csrf": token})
    check(status == 303 and state(B2) == "rejected", "rejected with a reason (%d)" % status)
    audit = ledger("audit").stdout
    check(re.search(r"sally: approved\s+batch %d provisional -> approved" % B1, audit),
          "the approval audited with the secretary's name")
    check("user sally logged in" in audit, "the login audited")

    # ---- issue 45: a forged session row is no login
    chosen = "mallory-chose-this-session-id-0123456789abc"
    secrets.add(chosen)
    hashed = hashlib.blake2b(chosen.encode(), digest_size=32).hexdigest()
    now = int(time.time())
    before = head()
    raw_sql("INSERT INTO session (id_hash, account_id, created, seen) VALUES ('%s', "
            "(SELECT id FROM account WHERE name = 'sally'), %d, %d)" % (hashed, now, now))
    m = Client(port, "127.0.0.7")
    status, _, text = m.req("GET", "/office", cookies={"bmp_session": chosen})
    check(status == 303 and locations[-1].startswith("/login"),
          "a forged session row: to the login page (%d %s)" % (status, locations[-1:]))
    status, _, _ = m.req("POST", page1, {"action": "approve", "csrf": "x" * 64},
                         cookies={"bmp_session": chosen})
    check(status == 403, "a forged session row cannot post (%d)" % status)
    r = ledger("verify")
    check(r.returncode == 1 and "session %s of account sally" % hashed[:16] in r.stdout + r.stderr
          and "no login entry in the audit chain names it" in r.stdout + r.stderr,
          "verify names the forged session row: %s %s" % (r.stdout, r.stderr))
    raw_sql("DELETE FROM session WHERE id_hash = '%s'" % hashed)
    check(head() == before and ledger("verify").returncode == 0,
          "nothing written by the forged session; verify passes once the row is gone")

    # ---- disable ends the session at once; passwd ends sessions
    d = Client(port)
    d.login("dora", PW["dora"])
    dtoken = d.csrf("/")
    status, _, _ = d.req("GET", page1)
    check(status == 200, "dora is logged in (%d)" % status)
    r = ledger("user", "disable", "dora", who="admin")
    check(r.returncode == 0, "user disable: " + r.stderr)
    status, _, _ = d.req("GET", page1)
    check(status == 303, "a disabled user's session ends at once (%d)" % status)
    before = head()
    status, _, _ = d.req("POST", page1, {"action": "approve", "csrf": dtoken})
    check(status == 403 and head() == before, "nor can it post (%d)" % status)
    status, _, _ = d.login("dora", PW["dora"])
    check(status == 401, "a disabled user cannot log in (%d)" % status)
    r = ledger("user", "passwd", "sam", "--password-stdin", stdin="sam-new-password-2\n")
    check(r.returncode == 0, "user passwd: " + r.stderr)
    secrets.add("sam-new-password-2")
    status, _, _ = s.req("GET", page2)
    check(status == 303, "a new password ends the sessions (%d)" % status)
    status, _, _ = s.login("sam", PW["sam"])
    check(status == 401, "the old password no longer works (%d)" % status)
    status, _, _ = s.login("sam", "sam-new-password-2")
    check(status == 303, "the new one does (%d)" % status)

    # ---- logout: with the token only; then the session is over
    stoken = s.csrf("/")
    sid = s.cookies["bmp_session"]
    status, r_, text = s.req("POST", "/logout", {})
    check(status == 403, "a logout without the CSRF token is refused (%d)" % status)
    # ... with the site's 403 page, as any other form's (not the API's JSON)
    check((r_.getheader("Content-Type") or "").startswith("text/html") and
          "<h1>Not allowed</h1>" in text and "CSRF token is missing or wrong" in text,
          "the refused logout is the site's 403 page: %s %r" % (r_.getheader("Content-Type"),
                                                                 text[:120]))
    status, _, _ = s.req("POST", "/logout", {"csrf": stoken})
    check(status == 303 and "bmp_session" not in s.cookies, "logout clears the cookie")
    status, _, _ = s.req("GET", page2, cookies={"bmp_session": sid})
    check(status == 303, "the logged-out session id is nobody (%d)" % status)
    check("user sam logged out" in ledger("audit").stdout, "the logout audited")

    # ---- an idle session expires (the second server: --session-idle 5)
    t.login("sally", PW["sally"])
    status, _, _ = t.req("GET", page1)
    check(status == 200, "the TLS-proxied server's session works (%d)" % status)
    time.sleep(6.5)
    status, _, _ = t.req("GET", page1)
    check(status == 303, "idle for 6.5 s of 5: expired (%d)" % status)

    # ---- brute force: per account, then per address
    bb = Client(port, "127.0.0.4")
    for i in range(5):
        status, r_, _ = bb.login("bob", "wrong-password-%d" % i)
        check(status == 401, "failure %d of bob: 401 (%d)" % (i + 1, status))
    status, r_, text = bb.login("bob", "wrong-password-6")
    wait = r_.getheader("Retry-After")
    check(status == 429 and wait and 0 < int(wait) <= 30,
          "the 6th failure locks bob: 429, Retry-After %s (%d)" % (wait, status))
    before = head()
    for src in ("127.0.0.4", "127.0.0.5"):  # the account is locked from anywhere
        status, r_, _ = Client(port, src).login("bob", PW["bob"])
        check(status == 429 and r_.getheader("Retry-After"),
              "bob's right password refused while locked, from %s (%d)" % (src, status))
    check(head() == before, "no login while locked")
    status, _, _ = Client(port, "127.0.0.4").login("sally", PW["sally"])
    check(status == 303, "another account logs in from that address (%d)" % status)
    m = Client(port, "127.0.0.6")
    for i in range(20):
        status, _, _ = m.login("nobody%d" % i, "guess-guess-%d" % i)
    check(status == 401, "the 20th failure from one address is still answered 401 (%d)" % status)
    status, r_, _ = m.login("nobody21", "guess-guess-21")
    check(status == 429, "the 21st failure locks the address (%d)" % status)
    status, r_, _ = m.login("sally", PW["sally"])
    check(status == 429 and r_.getheader("Retry-After"),
          "a locked address cannot log in to any account (%d)" % status)
    status, _, _ = Client(port, "127.0.0.7").login("sally", PW["sally"])
    check(status == 303, "another address can (%d)" % status)
finally:
    server.terminate()
    tls_server.terminate()
    server.wait()
    tls_server.wait()

# ---- no secret in a URL, a Location or a log line
log = open(W + "/serve.log").read()
check("POST /login" in log and "GET /batch/" in log, "the access log has the requests")
for sec in sorted(s for s in secrets if s and len(s) >= 10):
    check(sec not in log, "a secret in the server's log: %s..." % sec[:6])
    check(not any(sec in loc for loc in locations), "a secret in a Location: %s..." % sec[:6])
check(not re.search(r"password|csrf=|bmp_session=", log), "no password or token field logged")

checks.finish("serve accounts: all checks passed")
