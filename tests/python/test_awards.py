"""The module's awards equal the command line's JSON (`bridgemp award
--format json`), award by award and player by player, points exact
(issue 31)."""
from __future__ import annotations

from decimal import Decimal

import pytest

import bridgemp
from conftest import EXAMPLES, USEBIO_CASES, ROOT, cli, cli_json, cli_options


def test_examples_found():
    # 30 JSON events and the ledger demo's ABF credit file (examples/ledger/*.grn)
    assert len(EXAMPLES) >= 31
    assert any(e.endswith(".grn") for e in EXAMPLES)
    assert sum(e.endswith(".json") for e in EXAMPLES) >= 30


def award_dict(a: bridgemp.Award) -> dict:
    d = {
        "contestant": a.contestant, "name": a.name,
        "player": None if a.player is None else {"id": a.player.id, "name": a.player.name},
        "kind": a.kind, "label": a.label, "ranking": a.ranking, "place": a.place,
        "points": str(a.points), "hundredths": a.hundredths, "point_type": a.point_type,
        "rule": a.rule, "section": a.section, "explain": a.explain,
    }
    if a.number_flags is not None:  # the JSON has it only where there is one (issue 43)
        d["number_flags"] = a.number_flags
    return d


def player_dict(p: bridgemp.PlayerTotal) -> dict:
    d = {"id": p.id, "name": p.name, "contestant": p.contestant,
         "totals": [{"point_type": t, "points": str(v), "hundredths": int(v * 100)}
                    for t, v in p.totals.items()]}
    if p.number_flag is not None:
        d["number_flag"] = p.number_flag
    return d


def reason_dict(r: bridgemp.Reason) -> dict:
    return {"type": "reason", "text": r.text, "rule": r.rule, "section": r.section,
            "contestant": r.contestant, "player": r.player}


def check_same(ev: bridgemp.Event, got: bridgemp.Awards, want: dict, explain: bool) -> None:
    # issue 43's number flags included: the same fields as the JSON's
    assert [award_dict(a) for a in got.awards] == want["awards"]
    assert [player_dict(p) for p in got.players] == want["players"]
    notes = [reason_dict(r) for r in got.reasons]
    if explain:
        notes += [{"type": "derivation", "text": t, "rule": None, "section": None,
                   "contestant": None, "player": None} for t in got.derivation]
    assert notes == want["notes"]
    assert got.awarded == want["awarded"]
    e, w = got.event, want["event"]
    assert (e.name, e.body, e.edition, e.kind) == (w["name"], w["body"], w["edition"], w["kind"])
    assert {"classification": e.classification, "rating": e.rating, "grade": e.grade,
            "status": e.status, "sessions": e.sessions, "tables": e.tables} == w["scale"]
    assert {"date": e.date, "event_id": e.event_id, "sanction": e.sanction,
            "organiser": e.organiser} == w["identity"]
    assert ev.content_hash == w["content_hash"]
    for a in got.awards:  # exact: Decimal from hundredths, two places
        assert isinstance(a.points, Decimal) and a.points.as_tuple().exponent == -2


@pytest.mark.parametrize("path", EXAMPLES)
@pytest.mark.parametrize("explain", [False, True])
def test_example_matches_cli(path: str, explain: bool):
    want = cli_json("award", "--format", "json", *(["--explain"] if explain else []), path)
    with bridgemp.read(path) as ev:
        got = ev.award(explain=explain)
        check_same(ev, got, want, explain)
        # the library's own JSON text is the command line's, byte for byte
        assert ev.text("json", explain=explain) == cli("award", "--format", "json",
                                                        *(["--explain"] if explain else []),
                                                        path).stdout.decode()


@pytest.mark.parametrize("path", EXAMPLES)
def test_bytes_match_path(path: str):
    data = (ROOT / path).read_bytes()
    by_path = bridgemp.award(ROOT / path)
    by_bytes = bridgemp.award(data, name=path)  # the name gives a credit file its colour
    assert by_bytes.awards == by_path.awards and by_bytes.players == by_path.players


@pytest.mark.parametrize("path,opts", USEBIO_CASES)
def test_usebio_matches_cli(path: str, opts: dict):
    want = cli_json("award", "--format", "json", *cli_options(opts), path)
    with bridgemp.read(path, **opts) as ev:
        assert ev.input_kind == "usebio"
        check_same(ev, ev.award(), want, False)


def test_file_awards_of_usebio():
    """The MASTER_POINTS a file carries: examples/python/club-pairs.xml was
    written by `bridgemp award --format usebio`, so they equal the computed
    awards (ABF-6: 0.30 green for first of ten tables, grade E)."""
    with bridgemp.read(ROOT / "examples/python/club-pairs.xml", body="abf", grade="E") as ev:
        assert ev.carries_awards
        computed, carried = ev.award(), ev.file_awards()
    assert computed.player("1002") == {"green": Decimal("0.30")}
    assert carried.player("1002") == {"green": Decimal("0.30")}
    assert [(p.id, p.totals) for p in carried.players] == \
        [(p.id, p.totals) for p in computed.players]


def test_options_as_cli():
    """--set KEY=VALUE as params=, --grade as grade=: the same awards."""
    path = "examples/abf/club-pairs.json"
    want = cli_json("award", "--format", "json", "--grade", "D", "--set", "rounding=half-even",
                    path)
    with bridgemp.read(ROOT / path, grade="D", params={"rounding": "half-even"}) as ev:
        check_same(ev, ev.award(), want, False)


def test_derivation_text_is_cli_explain():
    path = "examples/ebu/club-pairs.json"
    with bridgemp.read(path) as ev:
        assert ev.derivation() == cli("award", "--explain", path).stdout.decode()
        assert ev.derivation().startswith("Derivation:\n")


def test_event_key_and_hash():
    with bridgemp.read(ROOT / "tests/data/usebio/example_pairs.xml", body="abf", grade="E") as ev:
        # the organiser's own id: CLUB_ID_NUMBER 3107, EVENT_IDENTIFIER 5521
        assert ev.key() == "org=3107;id=5521;date=2025-01-14"
        assert len(ev.content_hash) == 64
    with bridgemp.read(ROOT / "examples/abf/club-pairs.json") as ev:
        info = ev.info
        assert (info.body, info.edition, info.date, info.organiser) == ("abf", "2025",
                                                                        "2025-08-04", None)
        key = "name=club monday pairs (grade e, 10-table mitchell);date=2025-08-04;club="
        assert ev.key() == key
        assert ev.key(club="2074") == key + "2074"


def test_closed_event_refuses():
    ev = bridgemp.read(ROOT / "examples/abf/club-pairs.json")
    ev.close()
    ev.close()  # idempotent
    with pytest.raises(ValueError):
        ev.award()


# ---- issue 43: a number never refuses an award (docs/rulings.md RI-7) -----

NUMBERS = ROOT / "tests" / "data" / "numbers"


@pytest.mark.parametrize("name, who, flags, flag, summary", [
    # EBU: 88888888, the number EBUScore writes for a visitor
    ("ebu_guest.json", "88888888", "Tom Bell: guest", "guest",
     "3 players without a valid EBU number (1 guest, 1 without a number, 1 not valid): "
     "lines 34, 96, 122"),
    # ACBL: a non-member written "NM"
    ("acbl_nonmember.json", "NM", "Rosa Garcia: guest", "guest",
     "3 players without a valid ACBL number (2 guests, 0 without a number, 1 not valid): "
     "lines 55, 80, 113"),
    # ABF: a number of 8 digits (ABF numbers have at most 7)
    ("abf_invalid.json", "12345678", "Player 3: not a valid ABF number", "not a valid ABF number",
     "2 players without a valid ABF number (0 guests, 1 without a number, 1 not valid): "
     "lines 22, 40"),
    # NZ: a short NZB computer number
    ("nzb_short.json", "20", "Aroha Smith: not a valid NZB number", "not a valid NZB number",
     "2 players without a valid NZB number (0 guests, 1 without a number, 1 not valid): "
     "lines 24, 36"),
])
def test_number_flags(name, who, flags, flag, summary):
    """A guest's file computes: the guest's award line carries the flag
    (Award.number_flags, PlayerTotal.number_flag: the JSON's fields), and
    the read's one-line summary is the command line's, without the file's
    name."""
    path = str(NUMBERS / name)
    with bridgemp.read(path) as ev:
        got = ev.award()
        assert ev.numbers_summary == summary
        assert any(msg.endswith(": " + flag) or (": " + flag + ":") in msg
                   for _, msg in ev.warnings)
    assert got.numbers_summary == summary
    totals = [p for p in got.players if p.id == who]
    assert totals and totals[0].number_flag == flag
    mine = [a for a in got.awards if a.contestant == totals[0].contestant and
            (a.player is None or a.player.id == who)]
    assert mine and all(flags in a.number_flags for a in mine)
    assert any(a.points > 0 for a in mine)  # the award line is kept, with its points
    # a player whose number is valid has no flag
    assert any(p.number_flag is None for p in got.players)
    # the command line's JSON: the same fields, the same values
    want = cli_json("award", path, "--format", "json")
    assert [award_dict(a) for a in got.awards] == want["awards"]
    assert [player_dict(p) for p in got.players] == want["players"]


def test_strict_numbers_refuses():
    """strict_numbers=True refuses as --strict-numbers does, with its message."""
    path = str(NUMBERS / "ebu_guest.json")
    with pytest.raises(bridgemp.Error) as e:
        bridgemp.read(path, strict_numbers=True)
    assert "contestant 1 player Tom Bell: 88888888 is the EBU guest number" in e.value.message
    with bridgemp.read(path, strict_numbers=False) as ev:
        assert ev.award().awarded


def test_no_flags_no_summary():
    """An event whose players are all numbered: no flag, no summary."""
    with bridgemp.read("examples/abf/club-pairs.json") as ev:
        got = ev.award()
        assert ev.numbers_summary is None and ev.warnings == []
    assert got.numbers_summary is None
    assert all(a.number_flags is None for a in got.awards)
    assert all(p.number_flag is None for p in got.players)
