#!/usr/bin/python3
"""The secretary's back office in a real browser (issue 29 item 2): headless
Chromium over WebDriver (webdriver_lib.py) against `bridgemp serve` on the
demo ledger (examples/ledger/demo.sh: 2025-08 and 2025-09 closed) with the
club pairs of examples/abf/club-pairs.json played again on 2025-10-06
imported (provisional):

  the secretary logs in at /office (the header links to the Office), sees
  the batch in the queue and opens it (a correction form beside), views the
  derivation of its awards, approves it with a reason (approved batches go
  into the open period, 2025-10); the period page previews the close of
  2025-10 (a dry run: nothing written), the close is done with its POST
  form; the player's page then shows the new points; the invoice document
  has no horizontal overflow at 420 px; the charge runs list the demo's
  capitation run with its invoice.  A POST without the
  CSRF token is refused (403) and the period stays open.

The server's error pages as a person meets them: 403 for the secretary on
a scorer's page (/submit), 403 for the start-a-charge-run form sent with a
wrong CSRF token (site.c, before any handler: the ledger's head unchanged),
404 for a site path that names no page (the site's page, not the API's JSON),
429 for a login while the account is locked by its failures (login.c: the
6th failure of "sam" locks him).

Every back-office page and those error pages at 1280 and 420 px: a
screenshot into WORKDIR/screenshots/, no table cell cut off, no serious or
critical axe-core violation.

    backoffice.py BRIDGEMP WORKDIR

Prints "serve back office: all checks passed" at the end; any failure exits 1.
"""
import csv
import http.cookiejar
import io
import json
import os
import shutil
import sys
import urllib.error
import urllib.parse
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checks_lib import ROOT, Checks, run_out  # noqa: E402
from webdriver_lib import (AxeMissing, add_users, axe_source, axe_violations,  # noqa: E402
                           cut_off_cells, log_in, password_of, wait_for,
                           with_server_and_browser)

BIN, WORK = os.path.realpath(sys.argv[1]), sys.argv[2]
checks = Checks()
check = checks.check
run = run_out


def main():
    try:
        axe_source()
    except AxeMissing as e:
        raise SystemExit("FAIL " + str(e))
    shutil.rmtree(WORK, ignore_errors=True)
    os.makedirs(os.path.join(WORK, "screenshots"))
    db = os.path.join(WORK, "l.db")
    run("sh", "examples/ledger/demo.sh", BIN, db)
    ledger = [BIN, "ledger", "--db", db]
    with open(os.path.join(ROOT, "examples", "abf", "club-pairs.json"), encoding="utf-8") as f:
        event = json.load(f)
    event["name"], event["date"] = "Club Monday Pairs (October)", "2025-10-06"
    path = os.path.join(WORK, "october.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(event, f)
    out = run(*ledger, "import", path, "--club", "2074")
    batch = out.split("batch ")[1].split()[0]
    add_users(BIN, db, {"sally": "secretary:abf", "sam": "scorer:abf:2074"})
    with_server_and_browser(BIN, db, WORK, lambda b, u: journey(b, u, batch, ledger),
                            width=1280, before=lambda u: csrf_refused(u, ledger, batch))
    checks.finish("serve back office: all checks passed")


def state_of(ledger, batch):
    """The batch's state from `bridgemp ledger batches --format csv`."""
    rows = list(csv.DictReader(io.StringIO(run(*ledger, "batches", "--format", "csv"))))
    return next((r["state"] for r in rows if r["id"] == batch), None)


def csrf_refused(u, ledger, batch):
    """POST /batch/N (approve) logged in but without the form's CSRF token:
    403 from site.c before the page's handler runs; nothing approved."""
    jar = http.cookiejar.CookieJar()
    op = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    page = op.open(u + "/login").read().decode()
    token = page.split('name="csrf" value="')[1].split('"')[0]
    form = urllib.parse.urlencode({"name": "sally", "password": password_of("sally"),
                                   "csrf": token, "next": "/office"}).encode()
    op.open(u + "/login", form).read()
    for path, form in (("/batch/" + batch, {"action": "approve"}),
                       ("/period", {"action": "close", "body": "abf", "period": "2025-10"})):
        try:
            op.open(u + path, urllib.parse.urlencode(form).encode())
            status = 200
        except urllib.error.HTTPError as e:
            status = e.code
        check(status == 403, "POST %s without the CSRF token: 403 (%d)" % (path, status))
    check(state_of(ledger, batch) == "provisional", "and nothing written: still provisional")


def head_of(ledger):
    """The head of the ledger's audit chain (`ledger verify`)."""
    out = run(*ledger, "verify")
    return next((w.split()[1] for w in out.splitlines() if w.startswith("head ")), out)


def page_checks(b, u, name, path, cut_checked=True, load=None):
    """The page at path (or as load() brings it: a POST's answer) at 1280
    and 420 px: a screenshot, no column cut off, no axe violation."""
    for width in (1280, 420):
        b.viewport(width)
        if load:
            load()
        else:
            b.go(u + path)
        shot = os.path.join(WORK, "screenshots", "office-%s-%d.png" % (name, width))
        (w, h), inner = b.screenshot(shot)
        check(w == width and inner == width and h > 100,
              "%s at %d px: screenshot %s" % (name, width, os.path.relpath(shot, WORK)))
        cut = cut_off_cells(b) if cut_checked or width > 420 else []
        check(not cut, "%s at %d px: no table column cut off %s" % (name, width, cut[:3]))
        bad = axe_violations(b)
        check(not bad, "%s at %d px: no serious or critical axe violation %s" % (name, width, bad))
    b.viewport(1280)


def journey(b, u, batch, ledger):
    b.go(u + "/office")
    check("/login?next=" in b.url(), "the back office asks for a login: " + b.url())
    log_in(b, "sally")
    wait_for(lambda: b.url() == u + "/office", "the queue after the login")
    check(b.text("h1") == "The queue", "the queue")
    # the header's links are the secretary's: Office, not Submit
    check(b.finds("#nav-office") and not b.finds("#nav-submit"),
          "the header links to the Office, not to Submit")
    # the filters are a GET form: provisional batches only
    b.js("document.getElementById('state').value = 'provisional';")
    b.click("#filters button[type=submit]")
    wait_for(lambda: "state=provisional" in b.url(), "the filtered queue")
    links = b.js("return Array.from(document.querySelectorAll('main table a'),"
                 " a => a.getAttribute('href'));")
    # its club by name, linked to the club's page (issue 44: it was 2074)
    check([h for h in links if h.startswith("/batch/")] == ["/batch/" + batch] and
          "/club/abf/2074" in links, "one provisional batch, linked, with its club: %s" % links)
    page_checks(b, u, "queue", "/office?state=provisional")
    b.go(u + "/office?state=provisional")
    b.click("a[href='/batch/%s']" % batch)
    wait_for(lambda: b.url() == "%s/batch/%s" % (u, batch), "the batch page")
    check(b.text("#batch-state") == "provisional", "the batch is provisional")
    b.click("#explain")
    wait_for(lambda: "explain=1" in b.url(), "the derivation")
    check(b.text("#derivation") == "Derivation of each award", "the derivation on demand")
    page_checks(b, u, "batch", "/batch/%s?explain=1" % batch)
    b.go("%s/batch/%s" % (u, batch))
    check(b.finds("#correct") and b.finds("#correct-file"),
          "the batch page offers the correction from a file")
    b.type("#reason", "checked against the travellers")
    b.click("button[value=approve]")
    wait_for(lambda: b.finds("#batch-state") and b.text("#batch-state") == "approved",
             "the batch approved")
    check(b.text("#batch-state") == "approved", "approved from the batch page")
    check(b.text("#batch-reason") == "checked against the travellers",
          "the approval's reason kept: %r" % b.text("#batch-reason"))
    before = points_of(b, u, "1003")
    # the period: the dry run, then the close
    b.go(u + "/office")
    b.type("#close-period", "2025-10")
    b.click("#to-period button[type=submit]")
    wait_for(lambda: "/period?" in b.url(), "the period page")
    stats = b.text("#close-stats")
    check(stats.startswith("It posts 1 batch "), "the dry run posts the one batch: " + stats)
    check(state_of(ledger, batch) == "approved", "the dry run wrote nothing: still approved")
    page_checks(b, u, "period", "/period?body=abf&period=2025-10")
    b.go(u + "/period?body=abf&period=2025-10")
    b.click("button[value=close]")
    wait_for(lambda: b.finds("#done"), "the period page after the close")
    # issue 44: it says what the close did (it said "A close is refused")
    check(b.text("#done").startswith("Closed: 1 batch posted"), "closed: " + b.text("#done"))
    check(not b.finds("#refused"), "no refusal after a close")
    check(state_of(ledger, batch) == "posted", "the close posted the batch")
    page_checks(b, u, "period-closed", "/period?body=abf&period=2025-10")
    # the invoices (the demo's capitation run of 2025 invoiced: ABF-1-2074)
    b.go(u + "/invoices")
    check(b.finds("a[href='/invoice/abf/ABF-1-2074']"), "the invoices list ABF-1-2074")
    page_checks(b, u, "invoices", "/invoices")
    # the charge runs: the demo's capitation run of 2025 with its invoice
    b.go(u + "/office")
    b.click("#office-charges a")
    wait_for(lambda: "/charges?" in b.url(), "the charge runs")
    check(b.finds("a[href='/invoice/abf/ABF-1-2074']") and b.finds("#start"),
          "the charge runs: run 1's invoice linked, the form that starts a run")
    page_checks(b, u, "charges", "/charges?body=abf")
    # issue 44: a run's lines can be seen (they could not): run 1's link
    b.go(u + "/charges?body=abf")
    b.click("a[href='/charges?body=abf&run=1#lines-h']")
    wait_for(lambda: b.finds("#lines-h"), "run 1's lines")
    check(b.text("#lines-h") == "Lines of run 1" and
          b.js("return document.querySelectorAll('#lines-h + div.wrap tbody tr').length;") >= 1,
          "run 1's lines shown: %r" % b.text("#lines-h"))
    page_checks(b, u, "charges-lines", "/charges?body=abf&run=1")
    # the ledger's printable document under the site's stylesheet (its own
    # inline style is blocked by the server's Content-Security-Policy): no
    # column cut off and nothing wider than the window at 420 px
    page_checks(b, u, "invoice", "/invoice/abf/ABF-1-2074")
    for width in (1280, 420):
        b.viewport(width)
        b.go(u + "/invoice/abf/ABF-1-2074")
        wide = b.js("return [document.documentElement.scrollWidth, window.innerWidth,"
                    " getComputedStyle(document.body).backgroundColor];")
        check(wide[0] <= wide[1] and wide[2] == "rgb(255, 255, 255)",
              "the invoice at %d px: no horizontal overflow, styled (scrollWidth, "
              "innerWidth, background: %s)" % (width, wide))
    b.viewport(1280)
    after = points_of(b, u, "1003")
    # Player 3 won NS on 2025-10-06 as on 2025-08-04: ABF-6 W = 1.50, 10
    # tables, 1st of 5 paid: 0.30 green, so 5.10 + 0.30 = 5.40
    check(before == 5.10 and after == 5.40,
          "the player's page shows the new points: %s -> %s" % (before, after))
    error_pages(b, u, ledger)


def error_pages(b, u, ledger):
    """403, 404 and 429 as the browser shows them, each under page_checks."""
    b.go(u + "/submit")
    check(b.text("h1") == "Not allowed" and
          b.text("p.error") == "sally is not a scorer of any club.",
          "403: the secretary on the scorer's /submit: %r" % b.text("main"))
    page_checks(b, u, "403-role", "/submit")
    # 404: a site path that names no page is the site's HTML page (its
    # header, title and language), not the API's JSON error
    b.go(u + "/nope")
    check(b.text("h1") == "Not found" and b.text("p.error") == "no such resource: /nope",
          "404: a site path that is no page: %r" % b.text("main"))
    page_checks(b, u, "404-site", "/nope")
    # the start-a-charge-run form, filled, its CSRF token made wrong
    before = head_of(ledger)

    def wrong_token():
        b.go(u + "/charges?body=abf")
        b.type("#run-arg", "2026")
        b.type("#run-reason", "membership year 2026")
        b.js("document.querySelector('#start input[name=csrf]').value = 'wrong';")
        b.click("#start button[value=run]")
        wait_for(lambda: b.url() == u + "/charges" and b.finds("h1") and
                 b.text("h1") == "Not allowed", "the 403 page of a wrong CSRF token")
    wrong_token()
    check(b.text("p.error") == "The form's CSRF token is missing or wrong: nothing was done.",
          "403: a form with a wrong CSRF token: %r" % b.text("main"))
    page_checks(b, u, "403-csrf", None, load=wrong_token)
    check(head_of(ledger) == before, "nothing written by the refused forms (head %s)" % before)

    # 429: sam's 6th failed login locks him; while locked, a login is 429
    def failed_login(i):
        b.go(u + "/login")
        b.type("#name", "sam")
        b.type("#password", "not-sam's-password-%d" % i)
        b.click("#login button[type=submit]")
        wait_for(lambda: b.finds("#login-error"), "the login page after failure %d" % i)
        return b.text("#login-error")
    said = [failed_login(i) for i in range(1, 7)]
    check(said[:5] == ["Wrong user name or password."] * 5 and
          said[5].startswith("Too many failed logins: try again in "),
          "429: the 6th failure locks sam: %s" % said[-2:])
    page_checks(b, u, "429-login", None, load=lambda: failed_login(7))
    check(b.text("#login-error").startswith("Too many failed logins"),
          "429: still locked: %r" % b.text("#login-error"))


def points_of(b, u, number):
    b.go("%s/player/abf/%s" % (u, number))
    try:
        return float(b.text("#holding-total") if b.finds("#holding-total")
                     else b.js("return document.querySelector('#holdings tbody td.n')"
                               ".textContent;"))
    except (TypeError, ValueError):
        return None


if __name__ == "__main__":
    main()
