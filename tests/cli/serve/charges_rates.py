#!/usr/bin/python3
"""The charge runs that need their rate files, in a real browser (issue 44
item 3: "every run that the CLI has for a body is in the browser with its
lines and invoice; a preview says what it will leave out"): headless
Chromium over WebDriver (webdriver_lib.py) against `bridgemp serve` on an
EBU ledger: club C1 with examples/ebu/club-pairs.json (12 player-sessions,
UMS code 01, 10 March 2025) approved and the same pairs of 11 March
imported, not approved.

  the EBU's secretary opens /charges?body=ebu, sends the UMS form without
  a reason's worth of rates (the rates pasted without code 01): the form
  comes back filled with the run's problem in the page's words; chooses the
  rates file instead: the preview says 1 line, 4.80, 1 club, and that
  batch 2 is left out (not approved), and nothing is written (the ledger's
  head unchanged); "Make this run": the list says "Run 1: ums 2025-03, 1
  line, total 4.80", its lines are shown, the run is invoiced from the page.
  Then the licence run (EBU-26) of the county's Spring Congress, its events
  and rates pasted: the preview says 1 line, 180.00 (4 sessions x 30 tables
  x 1.50), 1 club, and writes nothing; "Make this run" says "Run 2:
  licence 2025-03, 1 line, total 180.00" (the run's kind as the ledger keeps it).

Every page on the way at 1280 and 420 px: a screenshot into
WORKDIR/screenshots/, no table cell cut off, no serious or critical axe-core
violation.

    charges_rates.py BRIDGEMP WORKDIR

Prints "serve charge rates: all checks passed" at the end; any failure exits 1.
"""
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checks_lib import ROOT, Checks, run_out  # noqa: E402
from webdriver_lib import (AxeMissing, add_users, axe_source, axe_violations,  # noqa: E402
                           cut_off_cells, log_in, wait_for, with_server_and_browser)

BIN, WORK = os.path.realpath(sys.argv[1]), sys.argv[2]
checks = Checks()
check = checks.check
run = run_out


def head_of(ledger):
    out = run(*ledger, "verify")
    return next((w.split()[1] for w in out.splitlines() if w.startswith("head ")), out)


def main():
    try:
        axe_source()
    except AxeMissing as e:
        raise SystemExit("FAIL " + str(e))
    shutil.rmtree(WORK, ignore_errors=True)
    os.makedirs(os.path.join(WORK, "screenshots"))
    db = os.environ.get("BMP_STEPS_DB") or os.path.join(WORK, "l.db")
    ledger = [BIN, "ledger", "--db", db, "--who", "setup"]
    run(*ledger, "init")
    clubs = os.path.join(WORK, "clubs.csv")
    with open(clubs, "w") as f:
        f.write("number,name,dummy\nC1,Club One,0\nCTY,Countyshire,1\n")
    run(*ledger, "club", "import", clubs, "--body", "ebu")
    run(*ledger, "import", "examples/ebu/club-pairs.json", "--body", "ebu", "--club", "C1")
    run(*ledger, "approve", "1")
    with open(os.path.join(ROOT, "examples", "ebu", "club-pairs.json")) as f:
        tue = f.read().replace("2025-03-10", "2025-03-11").replace("Monday", "Tuesday")
    path = os.path.join(WORK, "tuesday.json")
    with open(path, "w") as f:
        f.write(tue)
    run(*ledger, "import", path, "--body", "ebu", "--club", "C1")
    rates = os.path.join(WORK, "ums-rates.csv")
    with open(rates, "w") as f:
        f.write("from,code,session\n2024-04-01,01,40\n")
    add_users(BIN, db, {"erin": "secretary:ebu"})
    with_server_and_browser(BIN, db, WORK, lambda b, u: journey(b, u, ledger, rates),
                            width=1280)
    checks.finish("serve charge rates: all checks passed")


def page_checks(b, u, name, load):
    """The page as load() brings it at 1280 and 420 px: a screenshot, no
    column cut off, no axe violation."""
    for width in (1280, 420):
        b.viewport(width)
        load()
        shot = os.path.join(WORK, "screenshots", "charges-%s-%d.png" % (name, width))
        (w, h), inner = b.screenshot(shot)
        check(w == width and inner == width and h > 100,
              "%s at %d px: screenshot %s" % (name, width, os.path.relpath(shot, WORK)))
        cut = cut_off_cells(b)
        check(not cut, "%s at %d px: no table column cut off %s" % (name, width, cut[:3]))
        wide = b.js("return [document.documentElement.scrollWidth, window.innerWidth];")
        check(wide[0] <= wide[1], "%s at %d px: nothing wider than the window %s"
              % (name, width, wide))
        bad = axe_violations(b)
        check(not bad, "%s at %d px: no serious or critical axe violation %s" % (name, width, bad))
    b.viewport(1280)


def journey(b, u, ledger, rates):
    b.go(u + "/charges?body=ebu")
    log_in(b, "erin")
    wait_for(lambda: b.finds("#run-ums"), "the charge runs with the UMS form")
    check(b.finds("#run-licences") and b.finds("#ums-rates-file") and b.finds("#ums-rates"),
          "the UMS and licence forms: a file to choose or a box to paste")
    check("--" not in b.text("main"), "no command-line option in the page")
    page_checks(b, u, "forms", lambda: b.go(u + "/charges?body=ebu"))
    before = head_of(ledger)

    def refused():
        b.go(u + "/charges?body=ebu")
        b.type("#ums-arg", "2025-03")
        b.type("#ums-rates", "from,code,session\n2024-04-01,10,60\n")
        b.type("#ums-reason", "March's UMS")
        b.click("#run-ums button[value=preview]")
        wait_for(lambda: b.finds("#run-error"), "the refused form")
    refused()
    check(b.text("#run-error") == "batch 1: no UMS rate for charge code 01 on 2025-03-10 in "
          "the rate table (EBU-17)", "the run's problem in the page: %r" % b.text("#run-error"))
    kept = b.js("return [document.getElementById('ums-arg').value,"
                " document.getElementById('ums-rates').value,"
                " document.getElementById('ums-reason').value];")
    check(kept[0] == "2025-03" and kept[1] == "from,code,session\n2024-04-01,10,60\n" and
          kept[2] == "March's UMS",
          "the refused form keeps what was entered: %r" % kept)
    page_checks(b, u, "refused", refused)

    def preview():
        b.go(u + "/charges?body=ebu")
        b.type("#ums-arg", "2025-03")
        b.s("POST", "/element/%s/value" % b.find("#ums-rates-file"), {"text": rates})
        b.type("#ums-reason", "March's UMS")
        b.click("#run-ums button[value=preview]")
        wait_for(lambda: b.finds("#preview-summary"), "the preview")
    preview()
    check(b.text("#preview-summary") == "For 2025-03 it will charge 1 line, total 4.80, to 1 "
          "club. Nothing is written until you make it.", "the preview: " + b.text("#preview-summary"))
    left = b.text("#left-out")
    check(left.startswith("batch 2: provisional, not approved"), "what it leaves out: " + left)
    check("12 player-sessions x 0.40 (UMS code 01)" in b.text("main table"),
          "the line it will charge, with its rate")
    check(head_of(ledger) == before, "the preview wrote nothing (head %s)" % before)
    page_checks(b, u, "preview", preview)
    preview()
    b.click("#make button[value=make]")
    wait_for(lambda: b.finds("#made"), "the list after the run")
    check(b.text("#made") == "Run 1: ums 2025-03, 1 line, total 4.80. Its lines; its invoices",
          "it says what it did: %r" % b.text("#made"))
    page_checks(b, u, "made", lambda: b.go(u + "/charges?body=ebu&made=1#made"))
    b.go(u + "/charges?body=ebu&made=1")
    b.click("#made a")
    wait_for(lambda: b.finds("#lines-h"), "run 1's lines")
    check(b.text("#lines-h") == "Lines of run 1" and "Monday Evening Pairs, 2025-03-10"
          in b.text("main"), "run 1's lines shown")
    page_checks(b, u, "lines", lambda: b.go(u + "/charges?body=ebu&run=1"))
    b.go(u + "/charges?body=ebu")
    b.click("#invoice-1 button[value=invoice]")
    wait_for(lambda: b.finds("a[href='/invoice/ebu/EBU-1-C1']"), "run 1 invoiced")
    check(True, "run 1 invoiced from the page: EBU-1-C1 linked")
    licences(b, u, ledger)


LICENCE_EVENTS = ("club,event,end,sessions,tables,category\n"
                  "CTY,Spring Congress,2025-03-16,4,30,standard\n")
LICENCE_RATES = "from,category,table_session\n2024-04-01,standard,150\n"


def licences(b, u, ledger):
    """EBU-26 from the page: the licensed events and their rates pasted."""
    before = head_of(ledger)

    def preview():
        b.go(u + "/charges?body=ebu")
        b.type("#licences-arg", "2025-03")
        b.type("#licences-events", LICENCE_EVENTS)
        b.type("#licences-rates", LICENCE_RATES)
        b.type("#licences-reason", "March's licences")
        b.click("#run-licences button[value=preview]")
        wait_for(lambda: b.finds("#preview-summary"), "the licence run's preview")
    preview()
    # EBU-26: 4 sessions x 30 tables x 1.50 = 180.00
    check(b.text("#preview-summary") == "For 2025-03 it will charge 1 line, total 180.00, to 1 "
          "club. Nothing is written until you make it.",
          "the licence preview: " + b.text("#preview-summary"))
    check("Spring Congress" in b.text("main table"), "the licensed event it will charge")
    check(head_of(ledger) == before, "the licence preview wrote nothing (head %s)" % before)
    page_checks(b, u, "licences-preview", preview)
    preview()
    b.click("#make button[value=make]")
    wait_for(lambda: b.finds("#made"), "the list after the licence run")
    check(b.text("#made") == "Run 2: licence 2025-03, 1 line, total 180.00. Its lines; its "
          "invoices", "the licence run says what it did: %r" % b.text("#made"))
    check(head_of(ledger) != before, "the licence run is in the books")


if __name__ == "__main__":
    main()
