"""rank() and param_spec() equal `bridgemp rank ... --format json` and
`bridgemp params BODY --format json` (issue 31)."""
from __future__ import annotations

from decimal import Decimal

import pytest

import bridgemp
from bridgemp import Status
from conftest import cli, cli_json

RANKS = [
    ("abf", {"green": 25, "red": 25}),
    ("abf", {"green": "1000", "red": "600", "gold": "400.50", "pre1982": 10}),
    ("abf", {"green": 0}),
    ("ebu", {"local": 4344, "blue": "2.75", "green": Decimal("7.25")}),
    ("nzb", {"a": 60, "b": 50}),
]


def rank_json(r: bridgemp.Rank) -> dict:
    return {"body": r.body, "rank": r.rank, "ordinal": r.ordinal, "top": r.top,
            "stars": r.stars, "extra": r.extra, "total": f"{r.total}", "rule": r.rule,
            "next": None if r.next is None else {
                "rank": r.next,
                "missing": [{"requirement": k, "points": f"{v}"} for k, v in r.missing.items()]}}


@pytest.mark.parametrize("body,holding", RANKS)
def test_rank_matches_cli(body, holding):
    args = [a for k, v in holding.items() for a in (f"--{k}", str(v))]
    assert rank_json(bridgemp.rank(body, **holding)) == \
        cli_json("rank", body, *args, "--format", "json")


def test_rank_not_supported_as_cli():
    """ACBL ranks are in the Handbook, not the regulations (RI-4)."""
    with pytest.raises(bridgemp.Error) as e:
        bridgemp.rank("acbl", black=300, silver=50)
    r = cli("rank", "acbl", "--black", "300", "--silver", "50")
    assert e.value.code == Status.ENOTSUP
    assert r.stderr.decode() == f"bridgemp rank: {e.value.cli_message}\n"
    assert e.value.message.startswith("not supported: ACBL ranks (RI-4")


def test_rank_values():
    r = bridgemp.rank("abf", green=25, red=25)  # ABF-86: 50 total, 25 red+gold
    assert (r.rank, r.ordinal, r.total, r.rule) == ("State Master", 8, Decimal("50.00"), "ABF-86")
    assert r.next == "Bronze State Master"
    assert r.missing == {"total": Decimal("50.00"), "red+gold": Decimal("25.00")}


def test_rank_errors():
    with pytest.raises(bridgemp.Error) as e:
        bridgemp.rank("abf", purple=1)
    r = cli("rank", "abf", "--purple", "1")
    assert e.value.code == Status.EINVAL
    assert r.stderr.decode().startswith(f"bridgemp rank: --purple: {e.value.message}\n")
    with pytest.raises(bridgemp.Error) as e:
        bridgemp.rank("abf", green="1.234")
    assert e.value.message == 'green: expected masterpoints such as 12.34, got "1.234"'
    with pytest.raises(bridgemp.Error) as e:
        bridgemp.rank("xyz", green=1)
    assert e.value.code == Status.EINVAL
    assert e.value.message == 'unknown body "xyz" (expected acbl, ebu, abf or nzb)'
    with pytest.raises(bridgemp.Error) as e:
        bridgemp.rank("abf", green=-1)
    assert e.value.code == Status.EINVAL
    assert e.value.message == "abf rank: green points must not be negative"


def test_hundredths():
    assert bridgemp.hundredths(Decimal("12.3")) == 1230
    assert bridgemp.hundredths("0.05") == 5
    assert bridgemp.hundredths(7) == 700
    assert bridgemp.points(-5) == Decimal("-0.05")
    assert str(bridgemp.points(700)) == "7.00"


@pytest.mark.parametrize("body", ["acbl", "ebu", "abf", "nzb"])
def test_param_spec_matches_cli(body):
    want = cli_json("params", body, "--format", "json")
    got: dict[str, list] = {}
    for p in bridgemp.param_spec(body):
        got.setdefault(p.level, []).append({
            "name": p.name, "type": p.type,
            "values": list(p.values) if p.values is not None else None, "range": p.range,
            "default": p.default, "unit": p.unit, "rule": p.rule, "doc": p.doc})
    assert want["body"] == body
    assert {k: v for k, v in want["levels"].items() if v} == got


def test_param_spec_values():
    route = [p for p in bridgemp.param_spec("abf") if p.name == "route"][0]
    assert (route.level, route.type, route.values, route.default, route.rule) == \
        ("event", "string", ("formula", "table"), "formula", "ABF-4")
    assert bridgemp.bodies() == ["acbl", "ebu", "abf", "nzb"]
