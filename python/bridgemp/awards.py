"""Awards as Python objects: what ``bridgemp award --format json`` prints
(docs/output-format.md), one dataclass per part.  Points are
:class:`decimal.Decimal` made from the library's integer hundredths (two
decimal places, ``Decimal("0.30")``), never floats."""
from __future__ import annotations

import ctypes
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Optional

from . import _lib
from ._errors import raise_for

_lib_ = _lib.lib


def points(hundredths: int) -> Decimal:
    """Masterpoints from integer hundredths: ``points(30) == Decimal("0.30")``."""
    return Decimal(hundredths).scaleb(-2)


@dataclass(frozen=True)
class Player:
    """A player named by an award that goes to one player of a contestant."""

    id: Optional[str]
    name: Optional[str]


@dataclass(frozen=True)
class Award:
    """One award: to every player of ``contestant`` (``player`` None) or to
    one player.  ``points`` is per player."""

    contestant: str  #: the contestant's id (pair or team number)
    name: Optional[str]  #: the contestant's name
    player: Optional[Player]  #: None: each player of the contestant receives it
    kind: str  #: "overall", "stratum", "session", "match", "bonus" or "other"
    label: str  #: the body's own term ("outright", "ranking", "session" ...)
    ranking: str  #: which ranking ("overall", "session 1 NS", "B" ...)
    place: str  #: "1", "3=", "3/4", "-"
    points: Decimal  #: per player, two decimals
    point_type: str  #: the body's point type ("green", "local", "a", "black" ...)
    rule: str  #: rule ID ("ABF-6")
    section: str  #: regulation section ("4.2.1")
    explain: Optional[str] = None  #: the derivation (with ``explain=True``)

    @property
    def hundredths(self) -> int:
        """The points as integer hundredths, as the library holds them."""
        return int(self.points.scaleb(2))


@dataclass(frozen=True)
class PlayerTotal:
    """A player's total per point type, in the order first awarded; only
    players with a non-zero total are listed."""

    id: Optional[str]
    name: Optional[str]
    contestant: str
    totals: dict[str, Decimal]


@dataclass(frozen=True)
class Reason:
    """Why the event, a contestant or a player earns nothing."""

    text: str
    rule: Optional[str]
    section: Optional[str]
    contestant: Optional[str]  #: None: the whole event
    player: Optional[str]  #: the player's id (else name), or None


@dataclass(frozen=True)
class EventInfo:
    """The event the awards are of."""

    name: str
    body: str
    edition: Optional[str]
    kind: str
    date: Optional[str]
    event_id: Optional[str]
    sanction: Optional[str]
    organiser: Optional[str]
    grade: Optional[str]
    status: Optional[str]
    classification: Optional[str]
    rating: Optional[str]
    sessions: int
    tables: float  #: as the file states it (a count, not points)


@dataclass(frozen=True)
class Awards:
    """The awards of one event."""

    event: EventInfo
    awards: list[Award]
    players: list[PlayerTotal]
    reasons: list[Reason]  #: why nothing was earned, where so
    derivation: list[str] = field(default_factory=list)  #: the event's derivation lines

    @property
    def awarded(self) -> bool:
        """True when some award carries points."""
        return any(a.points for a in self.awards)

    def player(self, player_id: str) -> dict[str, Decimal]:
        """Totals per point type of the player with this id ({} if none)."""
        for p in self.players:
            if p.id == player_id:
                return dict(p.totals)
        return {}


def _s(b: Optional[bytes]) -> Optional[str]:
    return None if b is None else b.decode("utf-8", "replace")


def _place(p: _lib.bmp_place) -> str:
    # bmp_place_format's rule (src/core/place.c)
    if p.lo == 0:
        return "-"
    if p.hi > p.lo:
        return f"{p.lo}/{p.hi}"
    return f"{p.lo}=" if p.tied else str(p.lo)


_KIND_CLASS: dict[bytes, str] = {}


def _kind_class(label: bytes) -> str:
    k = _KIND_CLASS.get(label)
    if k is None:
        k = _KIND_CLASS[label] = _lib_.bmp_award_kind_class(label).decode()
    return k


def event_info(ev: _lib.bmp_event) -> EventInfo:
    ident = _lib.bmp_identity()
    _lib_.bmp_event_identity(ctypes.byref(ev), ctypes.byref(ident))
    return EventInfo(
        name=_s(ev.name) or "", body=_s(ident.body) or "", edition=_s(ident.edition),
        kind=_lib_.bmp_event_kind_name(ev.kind).decode(), date=_s(ident.date),
        event_id=_s(ident.event_id), sanction=_s(ident.sanction),
        organiser=_s(ident.organiser), grade=_s(ev.grade), status=_s(ev.status),
        classification=_s(ev.classification), rating=_s(ev.rating),
        sessions=ev.sessions if ev.sessions > 0 else 1, tables=ev.tables)


def _players(contestants, items: list[tuple[int, int, Award]]) -> list[PlayerTotal]:
    """Per-player totals as the JSON writer makes them (src/io/awards_out.c
    players_json): contestants in order, players in order, point types in
    the order first awarded, zero totals left out.  items: (contestant
    index, player index, award)."""
    per: dict[int, list[tuple[int, Award]]] = {}
    for ci, pi, a in items:
        per.setdefault(ci, []).append((pi, a))
    out: list[PlayerTotal] = []
    for ci in sorted(per):
        c = contestants[ci]
        cid = _s(c.id) or ""
        mine = per[ci]
        for p in range(c.nplayers):
            totals: dict[str, int] = {}
            for pi, a in mine:
                if pi == _lib.ALL_PLAYERS or pi == p:
                    totals[a.point_type] = totals.get(a.point_type, 0) + a.hundredths
            shown = {t: points(h) for t, h in totals.items() if h}
            if shown:
                pl = c.players[p]
                out.append(PlayerTotal(_s(pl.id), _s(pl.name), cid, shown))
    return out


def _reasons(evp, aw, contestants, n: int) -> list[Reason]:
    arr = ctypes.POINTER(_lib.bmp_reason)()
    count = ctypes.c_size_t()
    err = _lib.bmp_error()
    raise_for(_lib_.bmp_awards_reasons(evp, aw, ctypes.byref(arr), ctypes.byref(count),
                                       ctypes.byref(err)), err)
    out = []
    try:
        for i in range(count.value):
            r = arr[i]
            cid = pl = None
            if r.contestant < n:
                c = contestants[r.contestant]
                cid = _s(c.id)
                if 0 <= r.player < c.nplayers:
                    p = c.players[r.player]
                    pl = _s(p.id if p.id is not None else (p.name or b""))
            out.append(Reason(_s(r.text) or "", _s(r.rule) or None, _s(r.section) or None,
                              cid, pl))
    finally:
        _lib_.bmp_reasons_free(arr, count.value)
    return out


def convert(pipe: int, explain: bool) -> Awards:
    """The pipeline's event and awards as an :class:`Awards` (copied: nothing
    refers to the pipeline afterwards)."""
    evp = _lib_.bmp_pipeline_event(pipe)
    aw = _lib_.bmp_pipeline_awards(pipe)
    ev = evp.contents
    contestants = ev.contestants
    n = ev.ncontestants
    cinfo: dict[int, tuple] = {}
    items: list[tuple[int, int, Award]] = []
    at = _lib_.bmp_awards_at
    for i in range(_lib_.bmp_awards_count(aw)):
        w = at(aw, i).contents
        ci = w.contestant
        info = cinfo.get(ci)
        if info is None:
            c = contestants[ci]
            info = cinfo[ci] = (c, _s(c.id) or "", _s(c.name))
        c, cid, cname = info
        pi = w.player
        player = None
        if 0 <= pi < c.nplayers:
            p = c.players[pi]
            player = Player(_s(p.id), _s(p.name))
        kind = w.kind
        items.append((ci, pi, Award(
            cid, cname, player, _kind_class(kind), kind.decode(), w.ranking.decode(),
            _place(w.place), points(w.points), w.colour.decode(), w.rule.decode(),
            w.section.decode(), _s(w.explain) if explain else None)))
    notes = [_lib_.bmp_awards_note_at(aw, i).decode("utf-8", "replace")
             for i in range(_lib_.bmp_awards_note_count(aw))]
    return Awards(event_info(ev), [a for _, _, a in items], _players(contestants, items),
                  _reasons(evp, aw, contestants, n), notes)
