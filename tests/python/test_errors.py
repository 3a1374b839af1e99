"""Errors raise bridgemp.Error with the library's code and the message the
command line prints after "bridgemp: " for the same input (issue 31), as
`cli_message`; `message` names the module's keyword arguments, not the
command line's options (issue 44: "give --body" was "give body=")."""
from __future__ import annotations

from pathlib import Path

import pytest

import bridgemp
from bridgemp import Status
from conftest import cli, cli_options


def cli_message(path: str, opts: dict, stdin: bytes | None = None) -> str:
    r = cli("award", "--format", "json", *cli_options(opts), path, input=stdin)
    assert r.returncode == 1, r
    err = r.stderr.decode()
    assert err.startswith("bridgemp: ") and err.count("\n") == 1, err
    return err[len("bridgemp: "):-1]


def raised(fn, *args, **kw) -> bridgemp.Error:
    with pytest.raises(bridgemp.Error) as info:
        fn(*args, **kw)
    return info.value


@pytest.fixture
def bad_files(tmp_path: Path) -> dict[str, Path]:
    files = {
        "malformed.json": b"{\n",
        "unknown-body.json": b'{"body": "xyz", "kind": "pairs", "contestants": []}',
        "latin1.json": b'{"body": "abf", "name": "caf\xe9"}',
        "bad-line.grn": b"not a credit line\n",
    }
    out = {}
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
        out[name] = tmp_path / name
    return out


# (case, path or fixture key, options, the library's code)
CASES = [
    ("no such file", "/nonexistent/event.json", {}, Status.EIO),
    ("malformed JSON", "malformed.json", {}, Status.EPARSE),
    ("unknown body in the file", "unknown-body.json", {}, Status.EINVAL),
    ("not UTF-8", "latin1.json", {}, Status.EPARSE),
    ("bad credit line", "bad-line.grn", {}, Status.EPARSE),
    ("unknown body option", "examples/abf/club-pairs.json", {"body": "xyz"}, Status.EINVAL),
    ("bad grade", "examples/abf/club-pairs.json", {"grade": "Q"}, Status.EINVAL),
    ("USEBIO without its grade", "examples/python/club-pairs.xml", {"body": "abf"},
     Status.EINVAL),
    ("unknown edition", "examples/abf/club-pairs.json", {"edition": "1066"}, Status.ENOTFOUND),
]


@pytest.mark.parametrize("case,path,opts,code", CASES, ids=[c[0] for c in CASES])
def test_error_as_cli(case, path, opts, code, bad_files):
    path = str(bad_files.get(path, path))
    want = cli_message(path, opts)
    e = raised(bridgemp.award, path, **opts)
    assert e.code == code, (e.code, e.message)
    assert e.cli_message == want
    assert e.message == bridgemp.Error(code, want).message
    assert str(e) == e.message
    assert "--" not in e.message


def test_known_messages():
    """The wording itself, pinned (the command line's since issue 26)."""
    e = raised(bridgemp.award, "examples/abf/club-pairs.json", grade="Q")
    assert e.message == ('examples/abf/club-pairs.json: $.grade: unknown ABF grade "Q" '
                         "(expected F, E, D, C, B4c, B5i, B4s, B5, B4, B3, B, A2 or A; 1.5.1)")
    e = raised(bridgemp.read, "/nonexistent/event.json")
    assert e.code == Status.EIO and e.status_name == "i/o error"
    assert e.message == "/nonexistent/event.json: cannot open: No such file or directory"


def test_messages_name_keyword_arguments():
    """Issue 44: a USEBIO file without its body asks for body=, the
    keyword argument, where the command line asks for --body."""
    e = raised(bridgemp.award, "examples/python/club-pairs.xml")
    assert e.cli_message.endswith("give --body acbl|ebu|abf|nzb (or \"body\" in a --sidecar "
                                  "file)")
    assert e.message == ("examples/python/club-pairs.xml: a USEBIO file does not say which "
                         "body's rules apply: give body=acbl|ebu|abf|nzb (or \"body\" in a "
                         "sidecar= file)")


def test_directory_is_eio():
    # (the command line awards a directory's files instead: no message to compare)
    e = raised(bridgemp.read, "examples")
    assert e.code == Status.EIO and e.message.startswith("examples: ")


def test_bytes_errors_as_stdin():
    """From memory, named as the command line names standard input."""
    data = b'{"body": "xyz", "kind": "pairs", "contestants": []}'
    want = cli_message("-", {}, stdin=data)
    e = raised(bridgemp.read_bytes, data, name="standard input")
    assert (e.code, e.cli_message) == (Status.EINVAL, want)
    e = raised(bridgemp.read_bytes, b"\xff\xfe{\x00}\x00", name="standard input")
    assert e.cli_message == cli_message("-", {}, stdin=b"\xff\xfe{\x00}\x00")


def test_python_misuse_is_not_a_library_error():
    with pytest.raises(TypeError):
        bridgemp.read("examples/abf/club-pairs.json", colour="green")  # no such option
    with pytest.raises(TypeError):
        bridgemp.rank("abf", green=25.5)  # points are exact: no floats


def test_every_malformed_line(tmp_path: Path):
    """A credit file's read fails on its first bad line and lists them all,
    as `bridgemp credit check` does (ABF Appendix D: digits only)."""
    bad = tmp_path / "club.grn"
    bad.write_bytes(b"bad line one\nbad line two\n")
    e = raised(bridgemp.read, str(bad))
    assert e.code == Status.EPARSE
    check = cli("credit", "check", str(bad)).stdout.decode() + \
        cli("credit", "check", str(bad)).stderr.decode()
    assert e.problems == [(1, "'b' at column 1: only digits are allowed"),
                          (2, "'b' at column 1: only digits are allowed")]
    for line, msg in e.problems:
        assert f"{bad}:{line}: {msg}" in check
    assert e.message == f"{bad}:1: 'b' at column 1: only digits are allowed"
