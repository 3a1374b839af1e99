"""Loading libbridgemp and declaring the C functions the module calls.

Only the engine library is loaded (libbridgemp, never libbridgemp-ledger).
Where it is found, in order:

1. the environment variable ``BRIDGEMP_LIBRARY``: a path to the shared
   library (the build tree's ``build/libbridgemp.so``, a packaged copy);
2. the library's SONAME, ``libbridgemp.so.0``, through the dynamic linker's
   search path (``LD_LIBRARY_PATH``, ``/etc/ld.so.conf``): the ABI this
   module was written for (the Debian package installs it so);
3. ``ctypes.util.find_library("bridgemp")`` (whatever the linker's cache or
   a development symlink names).

The structures below mirror the public headers in include/bridgemp/ (the
documented, stable parts: bmp_error, bmp_award, bmp_reason, bmp_event's
leading fields, bmp_contestant, bmp_player, bmp_identity, bmp_holding,
bmp_rank, bmp_param_spec(s)); tests/python checks every award against the
command line's JSON output, which a layout mismatch would break.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import os
from ctypes import (POINTER, Structure, c_bool, c_char, c_char_p, c_double, c_int,
                    c_int64, c_size_t, c_uint, c_void_p)

SONAME = "libbridgemp.so.0"

ERROR_MSG_MAX = 1024  # BMP_ERROR_MSG_MAX
CONTENT_HASH_HEX = 65  # BMP_CONTENT_HASH_HEX
MAX_POINT_TYPES = 8  # BMP_MAX_POINT_TYPES
RANK_MAX_INPUTS = 4  # BMP_RANK_MAX_INPUTS
RANK_MAX_MISSING = 4  # BMP_RANK_MAX_MISSING
ALL_PLAYERS = -1  # BMP_ALL_PLAYERS
WHOLE_EVENT = ctypes.c_size_t(-1).value  # BMP_WHOLE_EVENT
PARAM_LEVELS = 5  # BMP_PARAM_LEVELS


class bmp_error(Structure):
    _fields_ = [("code", c_int), ("msg", c_char * ERROR_MSG_MAX)]


class bmp_place(Structure):
    _fields_ = [("lo", c_int), ("hi", c_int), ("tied", c_bool)]


class bmp_award(Structure):
    _fields_ = [
        ("contestant", c_size_t),
        ("player", c_int),
        ("kind", c_char * 24),
        ("ranking", c_char * 64),
        ("place", bmp_place),
        ("points", c_int64),
        ("colour", c_char * 16),
        ("rule", c_char * 16),
        ("section", c_char * 48),
        ("explain", c_char_p),
    ]


class bmp_reason(Structure):
    _fields_ = [
        ("contestant", c_size_t),
        ("player", c_int),
        ("rule", c_char * 16),
        ("section", c_char * 48),
        ("text", c_char_p),
    ]


class bmp_params(Structure):
    _fields_ = [("items", c_void_p), ("count", c_size_t)]


class bmp_player(Structure):
    _fields_ = [
        ("id", c_char_p),
        ("name", c_char_p),
        ("participation", c_double),
        ("params", bmp_params),
    ]


class bmp_contestant(Structure):
    _fields_ = [
        ("id", c_char_p),
        ("name", c_char_p),
        ("place", bmp_place),
        ("group", c_char_p),
        ("score", c_double),
        ("has_score", c_bool),
        ("rankings", c_void_p),
        ("nrankings", c_size_t),
        ("matches_played", c_int),
        ("matches_won", c_int),
        ("match_wins", c_double),
        ("phantom", c_bool),
        ("players", POINTER(bmp_player)),
        ("nplayers", c_size_t),
        ("params", bmp_params),
    ]


class bmp_event(Structure):
    # The fields up to `contestants` and their count: the module reads no
    # further (and never writes).
    _fields_ = [
        ("source", c_char_p),
        ("body", c_char_p),
        ("edition", c_char_p),
        ("name", c_char_p),
        ("date", c_char_p),
        ("event_id", c_char_p),
        ("sanction", c_char_p),
        ("organiser", c_char_p),
        ("kind", c_int),
        ("classification", c_char_p),
        ("rating", c_char_p),
        ("grade", c_char_p),
        ("status", c_char_p),
        ("sessions", c_int),
        ("boards", c_int),
        ("boards_per_match", c_int),
        ("movement", c_int),
        ("tables", c_double),
        ("upper_limit", c_int64),
        ("lower_limit", c_int64),
        ("restrictions", c_void_p),
        ("nrestrictions", c_size_t),
        ("groups", c_void_p),
        ("ngroups", c_size_t),
        ("contestants", POINTER(bmp_contestant)),
        ("ncontestants", c_size_t),
    ]


class bmp_identity(Structure):
    _fields_ = [(n, c_char_p) for n in
                ("body", "edition", "date", "event_id", "sanction", "organiser")]


class bmp_holding(Structure):
    _fields_ = [("points", c_int64 * MAX_POINT_TYPES), ("inputs", c_int64 * RANK_MAX_INPUTS)]


class bmp_rank_missing(Structure):
    _fields_ = [("what", c_char * 32), ("points", c_int64)]


class bmp_rank(Structure):
    _fields_ = [
        ("name", c_char * 64),
        ("ordinal", c_int),
        ("top", c_int),
        ("stars", c_int),
        ("extra", c_char * 64),
        ("total", c_int64),
        ("next", c_char * 64),
        ("missing", bmp_rank_missing * RANK_MAX_MISSING),
        ("nmissing", c_size_t),
        ("rule", c_char_p),
    ]


class bmp_param_spec(Structure):
    _fields_ = [
        ("key", c_char_p),
        ("type", c_int),
        ("range", c_int),
        ("rule", c_char_p),
        ("values", c_char_p),
        ("dflt", c_char_p),
        ("unit", c_char_p),
        ("doc", c_char_p),
        ("flags", c_uint),
    ]


class bmp_param_specs(Structure):
    _fields_ = [("body", c_char_p), ("level", POINTER(bmp_param_spec) * PARAM_LEVELS)]


class bmp_rules_head(Structure):
    """The first field of bmp_rules (the body's short name): all the module
    reads of the struct itself; everything else goes through functions."""
    _fields_ = [("body", c_char_p), ("name", c_char_p)]


def _load() -> ctypes.CDLL:
    env = os.environ.get("BRIDGEMP_LIBRARY")
    errors = []
    for name in [env] if env else [SONAME, None]:
        if name is None:  # last: ask find_library (it runs ldconfig), only now
            name = ctypes.util.find_library("bridgemp")
            if not name or name == SONAME:
                break
        try:
            return ctypes.CDLL(name)
        except OSError as exc:
            errors.append(f"{name}: {exc}")
    raise ImportError("bridgemp: cannot load libbridgemp (set BRIDGEMP_LIBRARY to its path): "
                      + "; ".join(errors))


lib = _load()
libc = ctypes.CDLL(None)  # the process's own C library: free() for buffers the library allocates
libc.free.argtypes = [c_void_p]
libc.free.restype = None

ERR = POINTER(bmp_error)
PIPE = c_void_p  # bmp_pipeline *
RULES = c_void_p  # const bmp_rules *


def _fn(name: str, restype, *argtypes) -> None:
    f = getattr(lib, name)
    f.restype = restype
    f.argtypes = list(argtypes)


_fn("bmp_version", c_char_p)
_fn("bmp_status_name", c_char_p, c_int)
_fn("bmp_file_read", c_int, c_char_p, c_size_t, POINTER(c_void_p), POINTER(c_size_t), ERR)
_fn("bmp_text_check", c_int, c_char_p, c_void_p, c_size_t, c_bool, POINTER(c_size_t), ERR)  # data: bytes or an address
_fn("bmp_usebio_sniff", c_bool, c_void_p, c_size_t)
_fn("bmp_pipeline_new", c_int, POINTER(PIPE), ERR)
_fn("bmp_pipeline_free", None, PIPE)
_fn("bmp_pipeline_set", c_int, PIPE, c_char_p, c_char_p, ERR)
_fn("bmp_pipeline_read_memory", c_int, PIPE, c_void_p, c_size_t, c_char_p, ERR)
_fn("bmp_pipeline_award", c_int, PIPE, ERR)
_fn("bmp_pipeline_file_awards", c_int, PIPE, ERR)
_fn("bmp_pipeline_event", POINTER(bmp_event), PIPE)
_fn("bmp_pipeline_awards", c_void_p, PIPE)
_fn("bmp_pipeline_input_kind", c_int, PIPE)
_fn("bmp_pipeline_carries_awards", c_bool, PIPE)
_fn("bmp_pipeline_problem_count", c_size_t, PIPE)
_fn("bmp_pipeline_problem", c_char_p, PIPE, c_size_t, POINTER(c_size_t))
_fn("bmp_pipeline_format_parse", c_bool, c_char_p, POINTER(c_int))
_fn("bmp_pipeline_warning_count", c_size_t, PIPE)
_fn("bmp_pipeline_warning", c_char_p, PIPE, c_size_t, POINTER(c_size_t))
_fn("bmp_pipeline_numbers_summary", c_size_t, PIPE, c_char_p, c_size_t)
_fn("bmp_player_number_flag", c_char_p, POINTER(bmp_event), c_size_t, c_size_t, c_char_p, c_size_t)
_fn("bmp_event_has_number_flags", c_bool, POINTER(bmp_event))
_fn("bmp_pipeline_write_buffer", c_int, PIPE, c_int, POINTER(c_void_p), POINTER(c_size_t), ERR)
_fn("bmp_awards_count", c_size_t, c_void_p)
_fn("bmp_awards_at", POINTER(bmp_award), c_void_p, c_size_t)
_fn("bmp_awards_note_count", c_size_t, c_void_p)
_fn("bmp_awards_note_at", c_char_p, c_void_p, c_size_t)
_fn("bmp_awards_empty", c_bool, c_void_p)
_fn("bmp_award_kind_class", c_char_p, c_char_p)
_fn("bmp_awards_reasons", c_int, POINTER(bmp_event), c_void_p, POINTER(POINTER(bmp_reason)),
    POINTER(c_size_t), ERR)
_fn("bmp_reasons_free", None, POINTER(bmp_reason), c_size_t)
_fn("bmp_place_format", c_int, bmp_place, c_char_p, c_size_t)
_fn("bmp_event_kind_name", c_char_p, c_int)
_fn("bmp_event_identity", None, POINTER(bmp_event), POINTER(bmp_identity))
_fn("bmp_event_content_hash", c_int, POINTER(bmp_event), c_char_p, ERR)
_fn("bmp_event_key", c_int, POINTER(bmp_event), c_char_p, POINTER(c_void_p), ERR)
_fn("bmp_rules_list", POINTER(RULES))
_fn("bmp_rules_find", RULES, c_char_p)
_fn("bmp_rules_param_specs", POINTER(bmp_param_specs), RULES)
_fn("bmp_param_level_name", c_char_p, c_int)
_fn("bmp_param_type_name", c_char_p, c_int)
_fn("bmp_param_range_name", c_char_p, c_int)
_fn("bmp_holding_set", c_int, RULES, POINTER(bmp_holding), c_char_p, c_int64, ERR)
_fn("bmp_rules_rank", c_int, RULES, POINTER(bmp_holding), POINTER(bmp_rank), ERR)
_fn("bmp_points_parse", c_bool, c_char_p, POINTER(c_int64))

# bmp_awards_at again, answering the address (the award array's start, read
# in bulk): a separate function object so that the typed one stays as it is.
awards_at_address = lib["bmp_awards_at"]
awards_at_address.restype = c_void_p
awards_at_address.argtypes = [c_void_p, c_size_t]
