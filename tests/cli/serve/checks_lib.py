"""What the scripted tests of `bridgemp serve` and the ledger share beside
the browser (webdriver_lib.py): the failures a script collects, its work
directory and ledger, and the commands it runs.

  checks = Checks()           the failures of one script, in order
  checks.check(ok, what)      prints "ok   what" or "FAIL what"; kept when not ok
  checks.fail(msg)            prints "FAIL: msg"; kept
  checks.finish(passed)       "N check(s) failed" and exit 1 when any was kept,
                              else prints passed
  fresh_dir(path)             path emptied and made again; its real path
  ledger_db(work)             $BMP_STEPS_DB (a PostgreSQL twin names its
                              database there, tests/pg.cmake) or work/l.db
  steps_script(argv)          a ledger script's start: (binary, work directory
                              made fresh, ledger, Checks()) from argv[1:3]
  run_out(*args, stdin=None)  the command run from the repository's root;
                              its standard output, CalledProcessError if it fails
  ROOT                        the repository's root

A script goes on after a failed check, so one run lists every failure; it
exits non-zero at the end (finish) if there was any.
"""
import os
import shutil
import subprocess
import sys

ROOT = os.path.realpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))


class Checks:
    def __init__(self):
        self.fails = []

    def fail(self, msg):
        print("FAIL:", msg, flush=True)
        self.fails.append(msg)

    def check(self, ok, what):
        print(("ok   " if ok else "FAIL ") + what, flush=True)
        if not ok:
            self.fails.append(what)
        return ok

    def finish(self, passed):
        if self.fails:
            print("%d check(s) failed" % len(self.fails), flush=True)
            sys.exit(1)
        print(passed)


def fresh_dir(path):
    path = os.path.realpath(path)
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)
    return path


def ledger_db(work):
    return os.environ.get("BMP_STEPS_DB") or os.path.join(work, "l.db")


def steps_script(argv):
    work = fresh_dir(argv[2])
    return os.path.realpath(argv[1]), work, ledger_db(work), Checks()


def run_out(*args, stdin=None):
    return subprocess.run(args, cwd=ROOT, check=True, capture_output=True, text=True,
                          input=stdin).stdout
