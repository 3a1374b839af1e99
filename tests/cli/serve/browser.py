#!/usr/bin/python3
"""Browser tests of `bridgemp serve` (issue 14): a real headless Chromium,
driven through chromedriver's WebDriver protocol (W3C, plain HTTP + JSON,
so the standard library is enough), against a server on a free port over
the demo ledger (examples/ledger/demo.sh):

  search -> player page -> the chart rendered -> the club page; an upload
  through the API from the page (a club token), refused without one; the
  batch page behind the login page (issue 29): the club's scorer sees it
  without the form, logs out; the secretary logs in and approves it with
  the page's POST form (session + CSRF token).

    browser.py BRIDGEMP WORKDIR
Prints "serve browser: all checks passed" at the end; any failure exits 1.
"""
import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

BIN, WORK = os.path.realpath(sys.argv[1]), sys.argv[2]
SRC = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.realpath(os.path.join(SRC, "..", "..", ".."))
fails = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what, flush=True)
    if not ok:
        fails.append(what)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def run(*args):
    return subprocess.run(args, cwd=ROOT, check=True, capture_output=True, text=True).stdout


def wait_for(fn, what, timeout=20.0):
    end = time.time() + timeout
    while time.time() < end:
        try:
            v = fn()
            if v:
                return v
        except (urllib.error.URLError, ConnectionError, KeyError, WebDriverError):
            pass
        time.sleep(0.1)
    raise SystemExit("timed out waiting for " + what)


class WebDriverError(Exception):
    pass


class Browser:
    """The few WebDriver commands these tests use."""

    def __init__(self, port):
        self.base = "http://127.0.0.1:%d" % port
        caps = {"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": shutil.which("chromium") or "/usr/bin/chromium",
                "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                         "--disable-dev-shm-usage", "--window-size=420,900",
                         "--user-data-dir=" + os.path.join(WORK, "profile")]}}}}
        self.sid = self.cmd("POST", "/session", caps)["sessionId"]

    def cmd(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(self.base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=60) as r:
                return json.loads(r.read())["value"]
        except urllib.error.HTTPError as e:
            raise WebDriverError("%s %s: %s" % (method, path, e.read()[:300]))

    def s(self, method, path, body=None):
        return self.cmd(method, "/session/%s%s" % (self.sid, path), body)

    def go(self, url):
        self.s("POST", "/url", {"url": url})

    def url(self):
        return self.s("GET", "/url")

    def find(self, css):
        el = self.s("POST", "/element", {"using": "css selector", "value": css})
        return next(iter(el.values()))

    def finds(self, css):
        return [next(iter(e.values())) for e in
                self.s("POST", "/elements", {"using": "css selector", "value": css})]

    def text(self, css):
        return self.s("GET", "/element/%s/text" % self.find(css))

    def click(self, css):
        self.s("POST", "/element/%s/click" % self.find(css), {})

    def type(self, css, text):
        el = self.find(css)
        self.s("POST", "/element/%s/clear" % el, {})
        self.s("POST", "/element/%s/value" % el, {"text": text})

    def js(self, script, *args):
        return self.s("POST", "/execute/sync", {"script": script, "args": list(args)})

    def js_async(self, script, *args):
        return self.s("POST", "/execute/async", {"script": script, "args": list(args)})

    def quit(self):
        try:
            self.s("DELETE", "")
        except (WebDriverError, urllib.error.URLError):
            pass


def main():
    shutil.rmtree(WORK, ignore_errors=True)
    os.makedirs(WORK)
    db = os.path.join(WORK, "l.db")
    run("sh", "examples/ledger/demo.sh", BIN, db)
    ledger = [BIN, "ledger", "--db", db]
    club = run(*ledger, "token", "create", "--scope", "club:abf:2074").split()[-1]
    for name, role in (("sam", "scorer:abf:2074"), ("sally", "secretary:abf")):
        subprocess.run(ledger + ["user", "add", name, "--role", role, "--password-stdin"],
                       input=name + "-password-1\n", text=True, check=True,
                       stdout=subprocess.DEVNULL)

    port_file = os.path.join(WORK, "port")
    server = subprocess.Popen([BIN, "serve", "--db", db, "--listen", "127.0.0.1:0",
                               "--port-file", port_file],
                              stderr=open(os.path.join(WORK, "serve.err"), "w"))
    dport = free_port()
    driver = subprocess.Popen(["chromedriver", "--port=%d" % dport],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    b = None
    try:
        wait_for(lambda: os.path.exists(port_file) and open(port_file).read().strip(),
                 "the server's port")
        u = "http://127.0.0.1:" + open(port_file).read().strip()
        wait_for(lambda: urllib.request.urlopen("http://127.0.0.1:%d/status" % dport,
                                                timeout=2).status == 200, "chromedriver")
        b = Browser(dport)
        browse(b, u)
        upload_and_approve(b, u, club)
    finally:
        if b:
            b.quit()
        driver.terminate()
        server.terminate()
        driver.wait()
        server.wait()
    if fails:
        print("%d check(s) failed" % len(fails))
        sys.exit(1)
    print("serve browser: all checks passed")


def browse(b, u):
    # search by name from the home page's form
    b.go(u + "/")
    b.type("#q", "Player 3")
    b.click("form[role=search] button[type=submit]")
    wait_for(lambda: "/players?" in b.url(), "the search results")
    names = [b.s("GET", "/element/%s/text" % e) for e in b.finds("main table tbody td a")]
    check("Player 3" in names, "search 'Player 3' lists Player 3 (%d names)" % len(names))
    b.js("for (const a of document.querySelectorAll('main table a'))"
         " if (a.textContent === 'Player 3') { a.click(); return; }")
    wait_for(lambda: "/player/abf/" in b.url(), "the player page")
    check(b.text("h1") == "Player 3", "the player page is Player 3's")
    # ABF-86: 4.80 + 0.30 = 5.10 green; Club Master from 5.00, Local Master at 15.00
    check(b.text("#rank") == "Club Master", "rank Club Master")
    check(b.text("#next-rank").startswith("Local Master: 9.90"), "next rank needs 9.90")
    # the chart: drawn (a laid-out SVG with lines), promotions marked
    box = b.js("const s = document.getElementById('holding-chart');"
               "if (!s) return null; const r = s.getBoundingClientRect();"
               "return {w: r.width, h: r.height,"
               " lines: s.querySelectorAll('polyline.line').length,"
               " len: s.querySelector('polyline.line-green').getTotalLength(),"
               " promos: Array.from(s.querySelectorAll('g.promotion'),"
               "                    g => g.dataset.rank)};")
    check(box is not None and box["w"] > 300 and box["h"] > 100,
          "the chart is laid out (%s)" % (box and "%dx%d" % (box["w"], box["h"])))
    check(box is not None and box["lines"] == 1 and box["len"] > 0,
          "one green step line of non-zero length")
    check(box is not None and box["promos"] == ["Graduate Master", "Club Master"],
          "promotions marked: %s" % (box and box["promos"]))
    fits = b.js("return document.documentElement.scrollWidth <= window.innerWidth + 1;")
    check(fits, "the player page fits a 420-pixel phone screen")
    # the home club's page: members and their totals
    b.click("a[href='/club/abf/2074']")
    wait_for(lambda: b.url().endswith("/club/abf/2074"), "the club page")
    check(b.text("h1") == "Harbourside Bridge Club", "the club page")
    rows = b.js("return Array.from(document.querySelectorAll('main tbody tr'),"
                " tr => tr.innerText.split('\\t'));")
    check(any(r[1] == "Player 3" and r[-1] == "5.10" for r in rows),
          "Player 3 with 5.10 on the club's ranking list")


UPLOAD = ("const [name, body, token, done] = arguments;"
          "fetch('/api/v1/batches?filename=' + name, {method: 'POST', body: body,"
          " headers: token ? {'Authorization': 'Bearer ' + token} : {}})"
          ".then(r => r.json().then(j => done({status: r.status, json: j})))"
          ".catch(e => done({status: 0, json: String(e)}));")


def log_in(b, name):
    b.type("#name", name)
    b.type("#password", name + "-password-1")
    b.click("#login button[type=submit]")


def upload_and_approve(b, u, club):
    name = "harbourside-tuesday-2025-09-23.grn"
    data = open(os.path.join(SRC, name)).read()
    b.go(u + "/")
    r = b.js_async(UPLOAD, name, data, "")
    check(r["status"] == 401, "an upload without a token is refused (%s)" % r["status"])
    r = b.js_async(UPLOAD, name, data, club)
    check(r["status"] == 201 and r["json"].get("state") == "provisional",
          "the club's token uploads its results (%s %s)" % (r["status"], r["json"]))
    batch = r["json"].get("batch")
    page = "%s/batch/%s" % (u, batch)
    b.go(page)
    check("/login?next=" in b.url(), "the batch page asks for a login: " + b.url())
    log_in(b, "sam")
    wait_for(lambda: b.url() == page, "back on the batch page after the login")
    check(b.text("#batch-state") == "provisional", "the club's scorer sees it: provisional")
    check(not b.finds("#decide"), "a scorer has no approve/reject form")
    check(b.text("#user") == "sam", "logged in as sam")
    b.click("#logout button")
    wait_for(lambda: "/login" in b.url(), "logged out")
    b.go(page)
    check("/login?next=" in b.url(), "after the logout the batch page asks for a login again")
    log_in(b, "sally")
    wait_for(lambda: b.url() == page, "the secretary on the batch page")
    check(not b.finds("#token"), "no token field on the page")
    b.type("#reason", "checked against the club's sheet")
    b.click("button[value=approve]")
    wait_for(lambda: b.finds("#batch-state") and b.text("#batch-state") == "approved",
             "the batch approved")
    check(b.text("#batch-state") == "approved", "the secretary's form approves it")
    check(b.url() == page, "the approval answers the batch page again (303)")


if __name__ == "__main__":
    main()
