"""What the browser tests of `bridgemp serve` share (issue 30): a real
headless Chromium driven through chromedriver's W3C WebDriver protocol
(plain HTTP + JSON: the standard library is enough), and the checks every
page gets:

  Browser(port, work)           a session; go, find, text, click, type, js
  browser.viewport(w, h)        the page's inner width exactly w CSS pixels
  browser.screenshot(path)      the whole page as PNG (taller window first)
  axe_violations(browser)       axe-core's serious and critical violations
  cut_off_cells(browser)        table cells whose right edge is off screen
  svg_text_px(browser, css)     the smallest text of an SVG as drawn, in px
  start_chromedriver(work)      chromedriver on a free port -> (proc, port)
  add_users(binary, db, users)  `ledger user add` each {name: role}, the
                                password password_of(name) on stdin
  log_in(browser, name)         the login form filled and sent
  with_server_and_browser(binary, db, work, journey, width=420, before=None)
                                `bridgemp serve` on a free port over db,
                                before(url) (no browser yet), then journey(
                                browser, url) in a fresh Chromium; the
                                browser, chromedriver and server stopped
                                whatever happens

axe-core is installed by scripts/deps.sh (npm) at
/usr/local/lib/node_modules/axe-core/axe.min.js; $BMP_AXE_JS names another
copy.  A test that needs it stops with a message saying so when it is
missing (AxeMissing), never passes without it.

A back-office test would use it as browser.py does:
    driver, port = start_chromedriver(work)
    b = Browser(port, work)
    b.viewport(420, 900); b.go(url)
    assert not cut_off_cells(b) and not axe_violations(b)
"""
import base64
import json
import os
import shutil
import socket
import subprocess
import time
import urllib.error
import urllib.request

AXE_PLACES = ("/usr/local/lib/node_modules/axe-core/axe.min.js",
              "/usr/lib/node_modules/axe-core/axe.min.js")


class WebDriverError(Exception):
    pass


class AxeMissing(Exception):
    pass


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(fn, what, timeout=20.0):
    """fn() until it answers something true; SystemExit naming `what`."""
    end = time.time() + timeout
    while time.time() < end:
        try:
            v = fn()
            if v:
                return v
        except (urllib.error.URLError, ConnectionError, KeyError, WebDriverError, OSError):
            pass
        time.sleep(0.1)
    raise SystemExit("timed out waiting for " + what)


def start_chromedriver(work):
    """chromedriver on a free loopback port, answering: (process, port)."""
    port = free_port()
    proc = subprocess.Popen(["chromedriver", "--port=%d" % port],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_for(lambda: urllib.request.urlopen("http://127.0.0.1:%d/status" % port,
                                            timeout=2).status == 200, "chromedriver")
    return proc, port


def password_of(name):
    """The password the browser tests give every account."""
    return name + "-password-1"


def add_users(binary, db, users):
    """`bridgemp ledger user add NAME --role ROLE` for each {name: role}."""
    for name, role in users.items():
        subprocess.run([binary, "ledger", "--db", db, "user", "add", name, "--role", role,
                        "--password-stdin"], input=password_of(name) + "\n", text=True,
                       check=True, stdout=subprocess.DEVNULL)


def log_in(b, name):
    """Fill and send the login form the browser shows."""
    b.type("#name", name)
    b.type("#password", password_of(name))
    b.click("#login button[type=submit]")


def with_server_and_browser(binary, db, work, journey, width=420, before=None):
    """`bridgemp serve --db db` on a free loopback port (its --port-file and
    serve.err in work); before(url) first if given, then journey(browser,
    url) in a new headless Chromium width px wide; everything stopped."""
    port_file = os.path.join(work, "port")
    server = subprocess.Popen([binary, "serve", "--db", db, "--listen", "127.0.0.1:0",
                               "--port-file", port_file],
                              stderr=open(os.path.join(work, "serve.err"), "w"))
    driver, b = None, None
    try:
        wait_for(lambda: os.path.exists(port_file) and open(port_file).read().strip(),
                 "the server's port")
        u = "http://127.0.0.1:" + open(port_file).read().strip()
        if before:
            before(u)
        driver, dport = start_chromedriver(work)
        b = Browser(dport, work, width=width)
        journey(b, u)
    finally:
        if b:
            b.quit()
        if driver:
            driver.terminate()
            driver.wait()
        server.terminate()
        server.wait()


class Browser:
    """The WebDriver commands the tests use, on one headless Chromium."""

    def __init__(self, port, work, width=420, height=900):
        self.base = "http://127.0.0.1:%d" % port
        caps = {"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": shutil.which("chromium") or "/usr/bin/chromium",
                "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                         "--disable-dev-shm-usage", "--hide-scrollbars",
                         "--force-device-scale-factor=1",
                         "--window-size=%d,%d" % (width, height),
                         "--user-data-dir=" + os.path.join(work, "profile")]}}}}
        self.sid = self.cmd("POST", "/session", caps)["sessionId"]

    def cmd(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(self.base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=120) as r:
                return json.loads(r.read())["value"]
        except urllib.error.HTTPError as e:
            raise WebDriverError("%s %s: %s" % (method, path, e.read()[:300]))

    def s(self, method, path, body=None):
        return self.cmd(method, "/session/%s%s" % (self.sid, path), body)

    def go(self, url):
        self.s("POST", "/url", {"url": url})

    def url(self):
        return self.s("GET", "/url")

    def title(self):
        return self.s("GET", "/title")

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

    def viewport(self, width, height=900):
        """Resize the window until the page is exactly `width` CSS pixels
        wide (the window's frame, if any, added)."""
        w = width
        for _ in range(3):
            self.s("POST", "/window/rect", {"width": w, "height": height})
            inner = self.js("return window.innerWidth;")
            if inner == width:
                return
            w += width - inner
        raise WebDriverError("cannot make the page %d px wide (it is %s)" % (width, inner))

    def screenshot(self, path, max_height=6000):
        """The whole page at the current width as a PNG file (the window is
        made as tall as the page first, then put back)."""
        width = self.js("return window.innerWidth;")
        height = self.js("return Math.ceil(document.documentElement.scrollHeight);")
        rect = self.s("GET", "/window/rect")
        self.s("POST", "/window/rect", {"width": rect["width"],
                                       "height": min(max(height, 200), max_height)})
        png = base64.b64decode(self.s("GET", "/screenshot"))
        self.s("POST", "/window/rect", {"width": rect["width"], "height": rect["height"]})
        tmp = path + ".tmp"
        with open(tmp, "wb") as f:
            f.write(png)
        os.replace(tmp, path)
        return png_size(png), width

    def quit(self):
        try:
            self.s("DELETE", "")
        except (WebDriverError, urllib.error.URLError):
            pass


def png_size(data):
    """(width, height) of a PNG from its IHDR chunk."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def axe_source():
    path = os.environ.get("BMP_AXE_JS")
    for p in ([path] if path else []) + list(AXE_PLACES):
        if p and os.path.isfile(p):
            with open(p, encoding="utf-8") as f:
                return f.read()
    raise AxeMissing("axe-core not found (looked in %s): run scripts/deps.sh, which installs it "
                     "with npm, or set BMP_AXE_JS to axe.min.js"
                     % ", ".join(([path] if path else []) + list(AXE_PLACES)))


_AXE_RUN = """
const done = arguments[arguments.length - 1];
axe.run(document, {resultTypes: ['violations']}).then(r => done(r.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}))))
  .catch(e => done([{id: 'axe-error', impact: 'critical', help: String(e), nodes: []}]));
"""


def axe_violations(browser, impacts=("serious", "critical")):
    """axe-core run on the page as it stands (injected through WebDriver,
    so the page's Content-Security-Policy does not apply): the violations
    of the given impacts, each {id, impact, help, nodes}."""
    if not browser.js("return typeof window.axe === 'object';"):
        browser.js(axe_source() + "\n;return true;")
    return [v for v in browser.js_async(_AXE_RUN) if v["impact"] in impacts]


_CUT_OFF = """
const vw = document.documentElement.clientWidth, out = [];
function hidden(el) {  /* visually hidden on purpose (a screen reader's heading row) */
  for (let p = el; p; p = p.parentElement) {
    const st = getComputedStyle(p);
    if (st.clip !== 'auto' && st.clip !== '' || st.visibility === 'hidden') return true;
  }
  return false;
}
function clip(el) {
  for (let p = el.parentElement; p; p = p.parentElement) {
    const o = getComputedStyle(p).overflowX;
    if (o === 'auto' || o === 'scroll' || o === 'hidden') return p;
  }
  return null;
}
for (const c of document.querySelectorAll('td, th')) {
  const r = c.getBoundingClientRect();
  if (r.width === 0 && r.height === 0 || hidden(c)) continue; /* not drawn (closed details) */
  const box = clip(c), limit = box ? Math.min(vw, box.getBoundingClientRect().right) : vw;
  if (r.right > limit + 0.5 || r.left < -0.5)
    out.push({text: c.innerText.slice(0, 40), right: Math.round(r.right), limit: Math.round(limit),
              table: (c.closest('table').querySelector('caption') || {}).innerText || ''});
}
return out;
"""


def cut_off_cells(browser):
    """Cells not wholly visible: right edge past the viewport or past the
    visible box of the scroll region holding them (a column one must
    scroll sideways to find counts as cut off)."""
    return browser.js(_CUT_OFF)


_SVG_TEXT = """
const svg = document.querySelector(arguments[0]);
if (!svg) return null;
const vb = svg.viewBox.baseVal, scale = svg.getBoundingClientRect().width / vb.width;
let min = Infinity, n = 0;
for (const t of svg.querySelectorAll('text')) {
  min = Math.min(min, parseFloat(getComputedStyle(t).fontSize) * scale); n++;
}
return {min: n ? min : null, texts: n, scale: scale};
"""


def svg_text_px(browser, css):
    """{min, texts, scale}: the smallest font size of the SVG's text as
    drawn (its computed size in user units times the viewBox's scale),
    None when there is no such SVG."""
    return browser.js(_SVG_TEXT, css)
