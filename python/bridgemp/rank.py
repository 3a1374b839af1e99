"""Ranks and parameter specs of a body (include/bridgemp/rank.h, rules.h)."""
from __future__ import annotations

import ctypes
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Optional, Union

from . import _lib
from ._errors import Error, Status, raise_for
from .awards import points

_lib_ = _lib.lib

Points = Union[int, str, Decimal]


def _rules(body: str) -> int:
    r = _lib_.bmp_rules_find(body.encode())
    if not r:
        raise Error(Status.EINVAL,
                    f'unknown body "{body}" (expected ' + _body_list() + ")")
    return r


def bodies() -> list[str]:
    """The bodies the library knows ("acbl", "ebu", "abf", "nzb")."""
    out = []
    arr = _lib_.bmp_rules_list()
    i = 0
    while arr[i]:
        out.append(_lib.bmp_rules_head.from_address(arr[i]).body.decode())
        i += 1
    return out


def _body_list() -> str:
    b = bodies()
    return ", ".join(b[:-1]) + " or " + b[-1] if len(b) > 1 else "".join(b)


def hundredths(value: Points, what: str = "points") -> int:
    """Masterpoints (int, str "12.34" or Decimal, at most two decimals) as
    integer hundredths; floats are refused (points are exact)."""
    if isinstance(value, bool) or isinstance(value, float):
        raise TypeError(f"bridgemp: {what}: give points as int, str or decimal.Decimal "
                        f"(exact), not {type(value).__name__}")
    text = str(value)
    try:
        d = Decimal(text)
    except InvalidOperation:
        d = None
    out = ctypes.c_int64()
    if d is not None and d.is_finite() and d == d.quantize(Decimal("0.01")):
        text = f"{d:.2f}"
    if not _lib_.bmp_points_parse(text.encode(), ctypes.byref(out)):
        raise Error(Status.EINVAL,
                    f'{what}: expected masterpoints such as 12.34, got "{value}"')
    return out.value


@dataclass(frozen=True)
class Rank:
    """The rank a holding earns, and what is missing for the next."""

    body: str
    rank: str  #: "State Master"
    ordinal: int  #: 0 = the lowest
    top: int  #: ordinal of the highest rank
    stars: int
    extra: str  #: body-specific ("One Thousand Club"), "" if none
    total: Decimal  #: the total holding the rank rules use
    rule: str  #: rule ID of the rank table ("ABF-86")
    next: Optional[str]  #: the next rank; None at the top
    missing: dict[str, Decimal]  #: requirement -> points still needed


def rank(body: str, **holding: Points) -> Rank:
    """The rank of a player's lifetime points under ``body``'s rules:
    ``rank("abf", green=25, red="25.00")``.  Keywords are the body's point
    types and rank inputs (``bridgemp rank BODY --help``); values are points
    (int, str or Decimal)."""
    r = _rules(body)
    h = _lib.bmp_holding()
    err = _lib.bmp_error()
    for name, value in holding.items():
        raise_for(_lib_.bmp_holding_set(r, ctypes.byref(h), name.encode(),
                                        hundredths(value, name), ctypes.byref(err)), err)
    out = _lib.bmp_rank()
    raise_for(_lib_.bmp_rules_rank(r, ctypes.byref(h), ctypes.byref(out), ctypes.byref(err)),
              err)
    nxt = out.next.decode() or None
    missing = {out.missing[i].what.decode(): points(out.missing[i].points)
               for i in range(out.nmissing)} if nxt else {}
    return Rank(_lib.bmp_rules_head.from_address(r).body.decode(), out.name.decode(),
                out.ordinal, out.top, out.stars, out.extra.decode(), points(out.total),
                (out.rule or b"").decode(), nxt, missing)


@dataclass(frozen=True)
class ParamSpec:
    """One parameter a body accepts (``bridgemp params BODY``)."""

    level: str  #: "event", "group", "contestant", "player" or "match"
    name: str
    type: str  #: "number", "string" or "bool"
    values: Optional[tuple[str, ...]]  #: allowed strings, None = any
    range: Optional[str]  #: numbers: "whole >= 1" ..., None = any
    default: Optional[str]
    unit: Optional[str]
    rule: Optional[str]
    doc: str
    body_checked: bool  #: the body checks the value itself (with its rule)


def param_spec(body: str) -> list[ParamSpec]:
    """Every parameter ``body`` reads, level by level."""
    specs = _lib_.bmp_rules_param_specs(_rules(body))
    out: list[ParamSpec] = []
    if not specs:
        return out
    s = specs.contents

    def opt(b: Optional[bytes]) -> Optional[str]:
        return None if b is None else b.decode()

    for level in range(_lib.PARAM_LEVELS):
        lst = s.level[level]
        lname = _lib_.bmp_param_level_name(level).decode()
        i = 0
        while lst and lst[i].key:
            p = lst[i]
            rng = _lib_.bmp_param_range_name(p.range).decode()
            out.append(ParamSpec(
                lname, p.key.decode(), _lib_.bmp_param_type_name(p.type).decode(),
                tuple(p.values.decode().split("|")) if p.values is not None else None,
                rng or None, opt(p.dflt), opt(p.unit), opt(p.rule), opt(p.doc) or "",
                bool(p.flags & 1)))
            i += 1
    return out
