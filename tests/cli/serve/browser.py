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
Issue 30 (glance): players named "Ava Bell", "Zoë Müller" and a Dormant
"Sam Dormer" with points in 2025-11 and 2026-01 (none in 2025-12); every
page at 1280 and 420 px wide: a screenshot of each into
WORKDIR/screenshots/, no table cell cut off, no serious or critical axe-core
violation; the chart's text at least 12 px at 420; the search "Bell, Ava"
and "zoe muller"; club names, the holdings' total, the event's title, the
held line's reason.  The shared helpers are webdriver_lib.py.

Prints "serve browser: all checks passed" at the end; any failure exits 1.
"""
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checks_lib import Checks, run_out  # noqa: E402
from webdriver_lib import (AxeMissing, WebDriverError, add_users, axe_source,  # noqa: E402
                           axe_violations, cut_off_cells, log_in, svg_text_px, wait_for,
                           with_server_and_browser)

BIN, WORK = os.path.realpath(sys.argv[1]), sys.argv[2]
SRC = os.path.dirname(os.path.abspath(__file__))
checks = Checks()
check = checks.check
run = run_out


def main():
    shutil.rmtree(WORK, ignore_errors=True)
    os.makedirs(WORK)
    db = os.path.join(WORK, "l.db")
    run("sh", "examples/ledger/demo.sh", BIN, db)
    ledger = [BIN, "ledger", "--db", db]
    glance_data(ledger)
    one_number_data(ledger)
    club = run(*ledger, "token", "create", "--scope", "club:abf:2074").split()[-1]
    add_users(BIN, db, {"sam": "scorer:abf:2074", "sally": "secretary:abf"})

    def journeys(b, u):
        browse(b, u)
        glance(b, u)
        one_number(b, u)
        upload_and_approve(b, u, club)
    with_server_and_browser(BIN, db, WORK, journeys)
    checks.finish("serve browser: all checks passed")


def browse(b, u):
    # search by name from the home page's form (the ABF's: the ledger has
    # EBU players too, issue 44, and the first body with players is the EBU)
    b.go(u + "/?body=abf")
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
    check(b.text("#next-rank") == "Local Master: needs 9.90 more in total", "next rank needs 9.90")
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
                " tr => Array.from(tr.cells, c => c.textContent));")
    check(any(r[1] == "Player 3" and r[-1] == "5.10" for r in rows),
          "Player 3 with 5.10 on the club's ranking list")


GLANCE_PLAYERS = """number,name,status,home_club,alternates
4680,Ava Bell,Active,2074,
4681,Zoë Müller,Active,2074,
4682,Sam Dormer,Dormant,2074,
"""
NOV = """number,point_type,points,event,reason,name
4680,green,3.00,club sessions,November sessions,Ava Bell
4681,green,1.20,club sessions,November sessions,Zoë Müller
4682,green,0.60,club sessions,November sessions,Sam Dormer
"""
JAN = """number,point_type,points,event,reason,name
4680,green,2.50,club sessions,January sessions,Ava Bell
"""
held_batch = []


def glance_data(ledger):
    """Issue 30's players: points in 2025-11 and 2026-01, none in 2025-12;
    Sam Dormer is Dormant, his line held."""
    files = {}
    for name, text in (("players.csv", GLANCE_PLAYERS), ("nov.csv", NOV), ("jan.csv", JAN)):
        files[name] = os.path.join(WORK, name)
        with open(files[name], "w", encoding="utf-8") as f:
            f.write(text)
    run(*ledger, "player", "import", files["players.csv"], "--body", "abf")
    out = run(*ledger, "import", files["nov.csv"], "--body", "abf")
    held_batch.append(out.split("batch ")[1].split()[0])
    run(*ledger, "approve", "--all")
    run(*ledger, "close", "2025-11", "--body", "abf")
    run(*ledger, "import", files["jan.csv"], "--body", "abf")
    run(*ledger, "approve", "--all")
    run(*ledger, "close", "2026-01", "--body", "abf")


EBU_CLUBS = "number,name,dummy\n202131,Monday Club,0\n"
EBU_PLAYERS = """number,name,status,home_club
115425,Ruth Hart,Active,202131
115426,Tom Bell,Active,202131
115428,Ann Lee,Active,202131
115429,Ann Lee,Active,202131
"""
EBU_OPENING = """number,local,blue,green,gold,rank,rank_date
115425,190,0,0,0,Local Master,2020-01-01
115426,4530,10.00,15.00,1.50,Premier Master,2020-01-01
115428,125,0,0,0,Local Master,2020-01-01
115429,36,0,0,0,no rank,
"""


def one_number_data(ledger):
    """Issue 44: an EBU body that moved in with `ledger opening` and merged
    a duplicate (115429 into 115428: 125 + 36 = 161)."""
    files = {}
    for name, text in (("ebu-clubs.csv", EBU_CLUBS), ("ebu-players.csv", EBU_PLAYERS),
                       ("ebu-opening.csv", EBU_OPENING)):
        files[name] = os.path.join(WORK, name)
        with open(files[name], "w", encoding="utf-8") as f:
            f.write(text)
    run(*ledger, "club", "import", files["ebu-clubs.csv"], "--body", "ebu")
    run(*ledger, "player", "import", files["ebu-players.csv"], "--body", "ebu")
    run(*ledger, "opening", files["ebu-opening.csv"], "--body", "ebu", "--reason", "moved in")
    run(*ledger, "player", "merge", "115429", "--body", "ebu", "--into", "115428",
        "--reason", "same person")


def one_number(b, u):
    """Issue 44 in the browser: one figure on every surface, in the EBU's
    units; results linked to their public pages; a Log in link."""
    b.viewport(1280)
    b.go(u + "/player/ebu/115425")
    check(txt(b, "#holding-total") == "190", "EBU total whole: %s" % txt(b, "#holding-total"))
    check(txt(b, "#chart-now") == "190", "the chart counts the opening: %s" % txt(b, "#chart-now"))
    check(txt(b, "#next-rank") == "Club Master: needs 10 more in total",
          "the next rank in words: %s" % txt(b, "#next-rank"))
    check(bool(b.finds("#login-link")), "a Log in link on a public page")
    b.go(u + "/player/ebu/115429")
    check(txt(b, "#holding-total") == "161" and txt(b, "#chart-now") == "161",
          "a merged number answers for the player kept: 125 + 36 = 161")
    check((txt(b, "#merged") or "").startswith("Number 115429 was merged into 115428"),
          "the page says it was merged: %s" % txt(b, "#merged"))
    b.go(u + "/club/ebu/202131")
    rows = b.js("return Array.from(document.querySelectorAll('main tbody tr'),"
                " tr => Array.from(tr.cells, c => c.textContent));")
    check(rows and rows[0][1] == "Tom Bell" and rows[0][-1] == "7030",
          "the club's first member at the ranking's 4530 + 100 x 10 + 100 x 15 = 7030: %s"
          % (rows and rows[0]))
    check(not any(r[0] == "115429" for r in rows), "the merged number listed once, as 115428")
    notes = b.text("main")
    check("ABF-96" not in notes and "0000-00" not in notes, "the EBU club's own period words")
    b.go(u + "/player/abf/1003")
    hrefs = b.js("return Array.from(document.querySelectorAll('main a'), a => a.getAttribute('href'));")
    check(not any(h.startswith("/batch/") for h in hrefs) and
          any(h.startswith("/event/abf/") for h in hrefs),
          "recent awards link to public event pages, never /batch/")
    for width in (1280, 420):
        b.viewport(width)
        for name, path in (("ebu-player", "/player/ebu/115425"),
                           ("ebu-merged", "/player/ebu/115429"),
                           ("ebu-club", "/club/ebu/202131")):
            page_checks(b, u, name, path, width)


def txt(b, css):
    """The element's text, None when there is none (the check then fails)."""
    try:
        return b.text(css)
    except WebDriverError:
        return None


def page_checks(b, u, name, path, width):
    """One page at one width: its screenshot, no cell cut off, axe."""
    b.go(u + path)
    shot = os.path.join(WORK, "screenshots", "%s-%d.png" % (name, width))
    (w, h), inner = b.screenshot(shot)
    check(w == width and inner == width and h > 100,
          "%s at %d px: screenshot %s (%dx%d)" % (name, width, os.path.relpath(shot, WORK), w, h))
    cut = cut_off_cells(b)
    check(not cut, "%s at %d px: no table column cut off %s" % (name, width, cut[:3]))
    bad = axe_violations(b)
    check(not bad, "%s at %d px: no serious or critical axe violation %s" % (name, width, bad))


def glance(b, u):
    """Issue 30 items 1 and 2 in the browser, at 1280 and 420 px."""
    try:
        axe_source()
    except AxeMissing as e:
        raise SystemExit("FAIL " + str(e))
    os.makedirs(os.path.join(WORK, "screenshots"), exist_ok=True)
    b.viewport(1280)
    # the search: "Surname, First" from the form, and accents ignored
    b.go(u + "/?body=abf")
    b.type("#q", "Bell, Ava")
    b.click("form[role=search] button[type=submit]")
    wait_for(lambda: "/players?" in b.url(), "the search results")
    names = [b.s("GET", "/element/%s/text" % e) for e in b.finds("main table tbody td a")]
    check("Ava Bell" in names, "search 'Bell, Ava' finds Ava Bell (%s)" % names)
    b.go(u + "/players?body=abf&q=zoe+muller")
    names = [b.s("GET", "/element/%s/text" % e) for e in b.finds("main table tbody td a")]
    check("Zoë Müller" in names, "search 'zoe muller' finds Zoë Müller (%s)" % names)
    # Ava Bell: 2025-11, nothing in 2025-12, 2026-01; 3.00 + 2.50 = 5.50
    # (ABF-86 Club Master from 5.00; Local Master at 15.00 next)
    b.go(u + "/player/abf/4680")
    check(txt(b, "#home-club") == "Harbourside Bridge Club", "the home club by its name")
    check(txt(b, "#holding-total") == "5.50", "the holdings' total 5.50")
    months = b.js("return Array.from(document.querySelectorAll('#holding-chart text.month'),"
                  " t => t.textContent);")
    check(months == ["2025-11", "2025-12", "2026-01"], "months spaced by time: %s" % months)
    check(txt(b, "#chart-now") == "5.50", "the current holding written on the chart")
    nxt = b.js("const g = document.querySelector('#holding-chart g.guide.next');"
               "return g && [g.dataset.rank, g.dataset.total];")
    check(nxt == ["Local Master", "15"], "the next rank's threshold highlighted: %s" % nxt)
    # the event's title: name, date, club
    b.go(u + "/events?body=abf")
    b.js("document.querySelector('main table tbody td a').click();")
    wait_for(lambda: "/event/abf/" in b.url(), "an event page")
    check(b.title().endswith(", Harbourside Bridge Club · bridgemp") and "2025-" in b.title(),
          "the event's title has its date and club: %s" % b.title())
    event = b.url()[len(u):] + "?explain=1"
    # the batch page is for a logged-in secretary (issue 29)
    b.go(u + "/batch/" + held_batch[0])
    log_in(b, "sally")
    wait_for(lambda: b.url() == u + "/batch/" + held_batch[0], "the batch page after the login")
    cells = b.js("return Array.from(document.querySelectorAll('main tbody td'),"
                 " td => td.innerText.trim());")
    check("Sam Dormer" in cells and "Dormant" in cells,
          "the held line named, with its reason: %s" % cells)
    check("unregistered" not in b.text("main"), "no 'unregistered' for a Dormant player")
    pages = [("home", "/"), ("search", "/players?body=abf&q=Bell%2C+Ava"),
             ("player", "/player/abf/1003"), ("player-ava", "/player/abf/4680"),
             ("clubs", "/clubs"), ("club", "/club/abf/2074"), ("events", "/events"),
             ("event", event), ("batch", "/batch/" + held_batch[0])]
    for width in (1280, 420):
        b.viewport(width)
        for name, path in pages:
            page_checks(b, u, name, path, width)
        for path in ("/player/abf/1003", "/player/abf/4680"):
            b.go(u + path)
            t = svg_text_px(b, "#holding-chart")
            check(t is not None and t["texts"] > 5 and t["min"] >= 12,
                  "%s at %d px: the chart's text at least 12 px (%s)" % (path, width, t))
    b.click("#logout button")
    wait_for(lambda: "/login" in b.url(), "logged out after the pages")


UPLOAD = ("const [name, body, token, done] = arguments;"
          "fetch('/api/v1/batches?filename=' + name, {method: 'POST', body: body,"
          " headers: token ? {'Authorization': 'Bearer ' + token} : {}})"
          ".then(r => r.json().then(j => done({status: r.status, json: j})))"
          ".catch(e => done({status: 0, json: String(e)}));")


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
