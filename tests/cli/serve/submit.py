#!/usr/bin/python3
"""The club's submission pages in a real browser (issue 29 item 3): headless
Chromium through chromedriver (webdriver_lib.py) against `bridgemp serve`
over the demo ledger (examples/ledger/demo.sh):

  the scorer opens /submit, is sent to the login page and back; uploads a
  credit file (multipart, its CSRF token a field of the form) with the
  grade from the body's own choices; sees the preview (the lines, the held
  ones with their reason) with nothing recorded; submits; sees the batch
  provisional on "my club's batches".  The demo's club pairs event again
  is previewed as the same event as batch 5 with other awards, with its
  derivations, and cannot be submitted as a new batch; the page offers
  "This file replaces batch 5" (ticked), and with a reason the scorer
  submits it: batch 5 reversed (provisional) and the file a new batch.  A
  scorer of another club is refused the club's pages.

  Issue 43 (docs/rulings.md RI-7): a file with a player without a number
  and one whose number the ABF cannot have is previewed with the one-line
  summary ("2 players without a valid ABF number ...: line 32") and the
  flagged lines with their reason, and can be submitted, those lines held;
  with the "strict numbers" box (off by default) ticked it is refused with
  the number's message, nothing recorded.

  Issue 42: a club's binary ACBLscore game file (.ACA, two events) goes
  through the form: without an event it is refused naming the events (each
  is its own batch); with event 2 the preview shows the club rating
  ("club masterpoint game, restricted 0-200, 1 strat") and its stored
  awards, and the submit (the bytes kept base64url in the form) records it.

The login page and every submission page at 1280 and 420 px wide: a screenshot into
WORKDIR/screenshots/submit-*.png, no table column cut off, no serious or
critical axe-core violation.

    submit.py BRIDGEMP WORKDIR
Prints "serve submit: all checks passed" at the end; any failure exits 1.
"""
import os
import shutil
import sqlite3
import sys
import urllib.error
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checks_lib import ROOT, Checks, run_out  # noqa: E402
from webdriver_lib import (AxeMissing, add_users, axe_source, axe_violations,  # noqa: E402
                           cut_off_cells, log_in, wait_for, with_server_and_browser)

BIN, WORK = os.path.realpath(sys.argv[1]), os.path.realpath(sys.argv[2])
SRC = os.path.dirname(os.path.abspath(__file__))
checks = Checks()
check = checks.check


def run(*args, **kw):
    return run_out(*args, **kw)


def batches(db):
    with sqlite3.connect(db) as c:
        return c.execute("select count(*) from batch").fetchone()[0]


def main():
    shutil.rmtree(WORK, ignore_errors=True)
    os.makedirs(os.path.join(WORK, "screenshots"))
    try:
        axe_source()
    except AxeMissing as e:
        raise SystemExit("FAIL " + str(e))
    db = os.path.join(WORK, "l.db")
    run("sh", "examples/ledger/demo.sh", BIN, db)
    # issue 42: an ACBL club and the players of its game file's event 2
    aca = os.path.join(ROOT, "tests", "data", "acblscore", "beverly-hills-bridge-club__170731.ACA")
    run(BIN, "ledger", "--db", db, "club", "add", "--body", "acbl", "--number", "229849",
        "--name", "Beverly Hills Bridge Club")
    ids = sorted(set(l.split('"')[3] for l in
                     run(BIN, "convert", aca, "-", "--to", "json", "--event", "2").splitlines()
                     if '"id": "' in l and l.split('"')[3].isdigit() and
                     len(l.split('"')[3]) == 7))
    with open(os.path.join(WORK, "acbl.csv"), "w") as f:
        f.write("number,name\n" + "".join("%s,Player %s\n" % (i, i) for i in ids))
    run(BIN, "ledger", "--db", db, "player", "import", os.path.join(WORK, "acbl.csv"),
        "--body", "acbl")
    add_users(BIN, db, {"sam": "scorer:abf:2074", "otto": "scorer:abf:3101",
                        "bev": "scorer:acbl:229849"})

    def both(b, u):
        journey(b, u, db)
        acblscore(b, u, db, aca)
        other_club(b, u)
    with_server_and_browser(BIN, db, WORK, both, width=1280)
    leftovers = [f for f in os.listdir(WORK) if f.startswith("bridgemp")]
    check(not leftovers, "no file left behind by the uploads: %s" % leftovers)
    checks.finish("serve submit: all checks passed")


def here_checks(b, name):
    """The page in the browser now, at 1280 and 420 px (not reloaded: a
    preview is the answer of a POST): screenshot, cut-off cells, axe."""
    for width in (1280, 420):
        b.viewport(width)
        shot = os.path.join(WORK, "screenshots", "submit-%s-%d.png" % (name, width))
        (w, h), inner = b.screenshot(shot)
        check(w == width and inner == width and h > 100,
              "%s at %d px: screenshot %s (%dx%d)" % (name, width, os.path.relpath(shot, WORK),
                                                     w, h))
        cut = cut_off_cells(b)
        check(not cut, "%s at %d px: no table column cut off %s" % (name, width, cut[:3]))
        bad = axe_violations(b)
        check(not bad, "%s at %d px: no serious or critical axe violation %s" % (name, width, bad))
    b.viewport(1280)


def upload(b, path, grade=None):
    b.type("#file", path)
    if grade:
        b.js("document.getElementById('grade').value = arguments[0];", grade)
    b.click("button[value=preview]")
    wait_for(lambda: b.finds("#verdict") or b.finds(".error"), "the preview")


def multipart(fields, boundary="bmpSubmitTest7"):
    out = []
    for name, value, filename in fields:
        disp = 'form-data; name="%s"' % name + ('; filename="%s"' % filename if filename else "")
        out.append("--%s\r\nContent-Disposition: %s\r\n\r\n%s\r\n" % (boundary, disp, value))
    out.append("--%s--\r\n" % boundary)
    return "".join(out).encode(), "multipart/form-data; boundary=" + boundary


def post_status(u, cookie, fields):
    data, ctype = multipart(fields)
    req = urllib.request.Request(u + "/submit", data=data, method="POST",
                                 headers={"Content-Type": ctype,
                                          "Cookie": "bmp_session=" + cookie})
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def csrf_multipart(b, u, db):
    """The CSRF token of a multipart upload is a field of its body: missing
    or wrong -> 403 before any handler runs, the ledger unchanged; the
    right one -> the preview."""
    cookie = b.s("GET", "/cookie/bmp_session")["value"]
    token = b.js("return document.querySelector('#upload input[name=csrf]').value;")
    n = batches(db)
    grn = open(os.path.join(SRC, "harbourside-tuesday-2025-09-30.grn")).read()
    base = [("club", "abf:2074", None), ("action", "preview", None), ("file", grn, "t.grn")]
    st, _ = post_status(u, cookie, base)
    check(st == 403, "a multipart upload without its CSRF token: 403 (%d)" % st)
    st, _ = post_status(u, cookie, [("csrf", "0" * 64, None)] + base)
    check(st == 403, "a multipart upload with a wrong CSRF token: 403 (%d)" % st)
    st, page = post_status(u, cookie, [("csrf", token, None)] + base)
    check(st == 200 and "Preview of t.grn" in page, "with the page's token: the preview (%d)" % st)
    check(batches(db) == n, "the ledger unchanged by the three")


def journey(b, u, db):
    b.go(u + "/submit")
    check("/login?next=%2Fsubmit" in b.url(), "/submit asks for a login: " + b.url())
    here_checks(b, "login")  # the login page itself: 1280/420, axe (issue 29 "every page")
    log_in(b, "sam")
    wait_for(lambda: b.url() == u + "/submit", "back on /submit after the login")
    grades = b.js("return Array.from(document.querySelectorAll('#grade option'),"
                  " o => o.textContent);")
    check(grades[1:] == "F|E|D|C|B4c|B5i|B4s|B5|B4|B3|B|A2|A".split("|"),
          "the grades are the ABF's own: %s" % grades)
    here_checks(b, "form")
    before = batches(db)
    csrf_multipart(b, u, db)
    grn = os.path.join(SRC, "harbourside-tuesday-2025-09-30.grn")
    upload(b, grn, "E")
    check(b.text("h1") == "Preview of harbourside-tuesday-2025-09-30.grn", "the preview page")
    check(batches(db) == before, "the preview recorded nothing (%d batches)" % batches(db))
    check(b.text("#verdict").startswith("It can be submitted"), "the verdict: " + b.text("#verdict"))
    rows = b.js("return Array.from(document.querySelectorAll('#awards tbody tr'),"
                " tr => Object.fromEntries(Array.from(tr.cells,"
                "                          c => [c.dataset.label, c.textContent])));")
    lines = open(grn).read().split()
    check(len(rows) == len(lines), "one award row per line of the file (%d)" % len(rows))
    # a credit file line: 7 digits of player, 6 of hundredths (0001005000045 -> 0.45)
    want = {(str(int(x[:7])), "%d.%02d" % divmod(int(x[7:]), 100)) for x in lines}
    got = {(r["player"].lstrip("0"), r["points"]) for r in rows}
    check(got == want, "each player's points as the file gives them: %s" % sorted(got))
    here_checks(b, "preview")
    b.click("button[value=submit]")
    wait_for(lambda: "/submissions?" in b.url(), "my club's batches after the submit")
    check(batches(db) == before + 1, "the submit recorded one batch")
    note = b.text("#submitted")
    check(note.startswith("Submitted as batch %d" % (before + 1)), "the new batch named: " + note)
    first = b.js("const r = document.querySelector('main table tbody tr');"
                 "return r && Array.from(r.cells, c => c.textContent);")
    check(first and first[0] == str(before + 1) and first[1] == "provisional",
          "my club's batches: newest first, provisional: %s" % first)
    here_checks(b, "batches")
    # the demo's club pairs event again: a duplicate, with the derivations
    b.go(u + "/submit")
    upload(b, os.path.join(ROOT, "examples", "abf", "club-pairs.json"))
    check(b.text("#verdict").startswith("It cannot be submitted"), "a duplicate is refused")
    check(b.finds("#preview-same-event") or b.finds("#preview-duplicate"),
          "the preview names the earlier batch")
    why = b.js("return Array.from(document.querySelectorAll('#awards td[data-label=derivation]'),"
               " td => td.textContent);")
    check(why and all("W=" in w for w in why if w), "each award with its derivation: %s" % why[:2])
    here_checks(b, "duplicate")
    check(batches(db) == before + 1, "nothing more recorded")
    # issue 29: "A resubmission of a corrected file offers 'replaces batch
    # N'": club-pairs.json is the demo's event of batch 5 with other awards
    # (the uncorrected file, tests/cli/serve/subapi.py), so the page offers
    # to replace batch 5, without the scorer naming it
    label = b.js("const l = document.querySelector('label[for=replaces]');"
                 "return l && l.textContent;")
    check(label == "This file replaces batch 5", "the offer to replace batch 5: %s" % label)
    check(b.js("return document.getElementById('replaces').checked;"),
          "the offer is ticked (the file cannot go in as a new batch)")
    b.type("#reason", "NS places 2 and 3 corrected")
    b.click("button[value=submit]")
    wait_for(lambda: "/submissions?" in b.url(), "my club's batches after the replacement")
    # batch 5 is posted: it is reversed (a provisional reversal, posted
    # history never edited) and the corrected file is a new batch
    check(batches(db) == before + 3, "the replacement: a reversal of 5 and the file (%d)"
          % (batches(db) - before - 1))
    with sqlite3.connect(db) as c:
        rows = c.execute("select source, reverses, reason, who, state from batch"
                         " where id > ? order by id", (before + 1,)).fetchall()
    check(rows[:1] == [("reversal", 5, "NS places 2 and 3 corrected", "sam", "provisional")],
          "batch 5 reversed with the scorer's reason: %s" % rows[:1])
    check(rows[1:] == [("event", None, "", "sam", "provisional")],
          "the corrected file is a provisional batch: %s" % rows[1:])
    numbers(b, u, db)
    b.click("#logout button")
    wait_for(lambda: "/login" in b.url(), "logged out")


def numbers(b, u, db):
    """Issue 43: flagged numbers in the preview; strict numbers refuses."""
    src = os.path.join(ROOT, "tests", "data", "usebio", "abf_club_green.xml")
    xml = open(src).read()
    # line 28: Ava Bell without a number ("0": unknown); line 32: Ben Cox's
    # number with letters; another date: not the same event as any batch
    xml = (xml.replace(">1044559<", ">0<").replace(">1180290<", ">9OOO71<")
           .replace("<DATE>06/02/2025<", "<DATE>13/03/2025<"))
    path = os.path.join(WORK, "flagged.xml")
    with open(path, "w") as f:
        f.write(xml)
    b.go(u + "/submit")
    check(b.finds("#strict-numbers") and
          not b.js("return document.getElementById('strict-numbers').checked;"),
          "the upload form has a strict numbers box, off by default")
    before = batches(db)
    upload(b, path, "E")
    check(b.text("#verdict").startswith("It can be submitted"),
          "a file with flagged numbers can be submitted: " + b.text("#verdict"))
    summary = b.text("#preview-numbers")
    # (a number "0" is "no number": the reader keeps none; the player's line
    # is his name's, 27)
    check(summary == "2 players without a valid ABF number (0 guests, 1 without a number, "
                     "1 not valid): lines 27, 32", "the one-line summary: " + summary)
    flagged = b.js("return Array.from(document.querySelectorAll('#number-lines li'),"
                   " li => li.textContent);")
    check(len(flagged) == 2 and flagged[0] == "Ava Bell: no number" and
          flagged[1].startswith("Ben Cox (9OOO71): not a valid ABF number: ") and
          "9OOO71" in flagged[1][40:], "the flagged lines with their reason: %s" % flagged)
    held = b.js("return Array.from(document.querySelectorAll('#awards td[data-label=held]'),"
                " td => td.textContent);")
    check("no number" in held and any(h.startswith("not a valid ABF number") for h in held),
          "their award lines held with the reason: %s" % held)
    check(b.js("return document.querySelector('#submit input[name=\"strict-numbers\"]');")
          is None, "the submit form carries no strict numbers (off)")
    here_checks(b, "numbers")
    check(batches(db) == before, "the preview recorded nothing")
    # strict numbers ticked: refused with the number's message
    b.go(u + "/submit")
    b.click("#strict-numbers")
    upload(b, path, "E")
    err = b.text("main")
    check(b.text("h1") == "The file cannot be read as results" and
          "flagged.xml:32: contestant 1NS player Ben Cox: ABF number \"9OOO71\" is not all "
          "digits" in err, "strict numbers refuses the file: %s" % err[:300])
    here_checks(b, "numbers-strict")
    check(batches(db) == before, "nothing recorded by the refusal")
    # unticked again, submitted: the two lines held, the others credited
    b.go(u + "/submit")
    upload(b, path, "E")
    b.click("button[value=submit]")
    wait_for(lambda: "/submissions?" in b.url(), "my club's batches after the flagged submit")
    check(batches(db) == before + 1, "the flagged file recorded as one batch")
    with sqlite3.connect(db) as c:
        why = sorted(r[0] for r in c.execute("select why from held where batch_id = ?",
                                             (before + 1,)))
    check(any(w == "no number" for w in why) and
          any(w.startswith("not a valid ABF number") for w in why),
          "the batch holds the flagged lines with their reasons: %s" % why)


def acblscore(b, u, db, aca):
    """Issue 42: an ACBLscore game file through the form."""
    b.go(u + "/submit")
    log_in(b, "bev")
    wait_for(lambda: b.url() == u + "/submit", "bev back on /submit")
    check("ACBLscore game file" in b.text("label[for=file]") and b.finds("#event"),
          "the form names ACBLscore game files and asks for the event")
    before = batches(db)
    upload(b, aca)
    err = b.text("main")
    check("holds 2 events: import each as its own batch" in err,
          "a file of two events without the event is refused naming them: %s" % err[:300])
    check(batches(db) == before, "nothing recorded by the refusal")
    b.go(u + "/submit")
    b.type("#event", "2")
    upload(b, aca)
    check(b.text("#verdict").startswith("It can be submitted"), "event 2: " + b.text("#verdict"))
    check(b.text("#preview-rating") == "club masterpoint game, restricted 0-200, 1 strat",
          "the preview shows the club rating: " + b.text("#preview-rating"))
    check(b.text("#preview-event") == "Monday Aft. 199'ers Pairs", "the event: " +
          b.text("#preview-event"))
    rows = b.js("return Array.from(document.querySelectorAll('#awards tbody tr'),"
                " tr => Object.fromEntries(Array.from(tr.cells,"
                "                          c => [c.dataset.label, c.textContent])));")
    check(any(r.get("player", "").lstrip("0") == "7391838" and r.get("points") == "0.49"
              for r in rows), "Ilene Gerber's stored 0.49: %s" % rows[:2])
    check(b.js("return document.querySelector('#submit input[name=\"event\"]').value;") == "2",
          "the submit form carries the event")
    here_checks(b, "acblscore")
    b.click("button[value=submit]")
    wait_for(lambda: "/submissions?" in b.url(), "the club's batches after the ACBLscore submit")
    check(batches(db) == before + 1, "the game file's event recorded as one batch")
    with sqlite3.connect(db) as c:
        n = c.execute("select count(*) from journal where batch_id = ?",
                      (before + 1,)).fetchone()
    check(n[0] == 10, "its 10 numbered players' lines: %s" % n)
    b.click("#logout button")
    wait_for(lambda: "/login" in b.url(), "bev logged out")


def other_club(b, u):
    b.go(u + "/submissions?club=abf%3A2074")
    log_in(b, "otto")
    wait_for(lambda: "/submissions" in b.url(), "otto logged in")
    b.go(u + "/submissions?club=abf%3A2074")
    check("otto is not a scorer of club 2074 of abf" in b.text("main"),
          "a scorer of another club is refused 2074's batches")
    check(not b.finds("main table"), "and sees none of them")
    b.go(u + "/submissions")
    h1 = b.text("h1")
    check(h1.startswith("Batches of ") and "Harbourside" not in h1,
          "otto's own club's batches (3101's): " + h1)


if __name__ == "__main__":
    main()
