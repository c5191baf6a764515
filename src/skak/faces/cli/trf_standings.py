"""``skak standings --trf FILE --json``, run without Typer.

A program that ranks a tournament from its TRF file wants the standings as JSON and nothing
else; through Typer, a run would spend most of its time importing Typer, Click and pydantic
(Typer reads every option through a pydantic ``TypeAdapter``). :func:`skak.faces.cli.main`
runs :func:`run` at once for a command line that :func:`options` reads in full: the
command's ``--trf`` and ``--json`` with only the options below, each given once. Any other
command line goes to Typer, and so does a run that ends in an error (:func:`run` answers
``None``), so that every message, exit code and ``--help`` stays the one command's own. The
JSON printed is the same as the Typer command's (``tests/cli/test_trf_standings_fast.py``).
"""

from __future__ import annotations

import gc
import os
import sys
from typing import Any

try:  # json's own, in C, without the json package (whose reader would be imported too)
    from _json import encode_basestring as _string
except ImportError:  # pragma: no cover - a Python without the C part of json
    from json.encoder import encode_basestring as _string

from skak.errors import InputError, SkakError

__all__ = ["dumps", "options", "run"]

#: The options read here, each with a value (the Typer command's names).
_VALUED = ("--trf", "--tiebreaks", "--rules", "--edition", "--after-round", "--rating")


def options(args: list[str]) -> dict[str, str] | None:
    """The options of ``standings`` (the arguments after the command's name) by name, or
    ``None`` when Typer must read them: an option not in :data:`_VALUED` or ``--json``, one
    given twice, a value that looks like an option, or no ``--trf`` or ``--json``."""
    found: dict[str, str] = {}
    i = 0
    while i < len(args):
        arg = args[i]
        name, eq, value = arg.partition("=")
        if arg == "--json" and name not in found:
            found[name] = ""
        elif name in _VALUED and name not in found:
            if not eq:
                if i + 1 >= len(args):
                    return None
                i += 1
                value = args[i]
            if not value or value.startswith("-"):
                return None
            found[name] = value
        else:
            return None
        i += 1
    if "--trf" not in found or "--json" not in found:
        return None
    after = found.get("--after-round")
    if after is not None and not (after.isascii() and after.isdecimal()):
        return None  # Typer's words for a round that is no whole number
    return found


def run(given: dict[str, str]) -> int | None:
    """Print the standings as :func:`skak.faces.cli.rounds.standings` does with ``--trf``
    and ``--json``; the exit code, or ``None`` when the file or an option is refused (Typer
    runs the command then, and says why)."""
    collecting = gc.isenabled()
    gc.disable()  # a run makes many small objects and hardly any cycles; its memory is freed
    try:  # when it ends (a program that calls run() gets the collector back as it was)
        return _run(given)
    finally:
        if collecting:
            gc.enable()


def _run(given: dict[str, str]) -> int | None:
    from skak.api import tournament_from_trf
    from skak.views import standings_view, to_json

    trf = given["--trf"]
    after = given.get("--after-round")
    try:
        with open(trf, "rb") as file:  # not pathlib's Path: pathlib is not imported for it
            data = file.read()
        t = tournament_from_trf(data, os.path.basename(trf), to_import=False)
        if not any(p.result is not None for r in t.rounds for p in r.pairings):
            return None
        view = standings_view(
            t,
            after_round=int(after) if after is not None else None,
            tiebreaks=given.get("--tiebreaks"),
            rules=given.get("--rules"),
            edition=given.get("--edition"),
            rating=given.get("--rating"),
            with_rating=False,
        )
    except (OSError, InputError, SkakError):
        return None
    if view.rating_note or view.fide_notes:
        return None  # printed on standard error by the command itself
    sys.stdout.write(dumps(to_json(view)) + "\n")
    return 0


class _NotPlain(Exception):
    """A value :func:`dumps` leaves to :func:`json.dumps`."""


def dumps(data: Any) -> str:
    """``json.dumps(data, ensure_ascii=False, indent=2)``, the same text, written directly
    for the JSON-ready data of a view (objects with text keys, arrays, text, whole numbers,
    ``true``, ``false``, ``null``); :func:`json.dumps` itself writes anything else. The
    standard library writes indented JSON value by value in Python, which for the standings
    of a big open took longer than ranking them once did."""
    parts: list[str] = []
    try:
        _write(data, "\n", parts)
    except _NotPlain:
        import json

        return json.dumps(data, ensure_ascii=False, indent=2)
    return "".join(parts)


def _scalar(value: Any) -> str:
    kind = type(value)
    if kind is str:
        return _string(value)
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if kind is int:
        return int.__repr__(value)
    raise _NotPlain


#: A key's text in an object at an indentation (the line break and spaces before it), as the
#: object's first key and as a later one: each written once (the rows of a view repeat them).
_KEYS: dict[str, tuple[dict[str, str], dict[str, str]]] = {}


def _write(value: Any, newline: str, parts: list[str]) -> None:
    """``value`` at the indentation ``newline`` holds, added to ``parts``."""
    kind = type(value)
    if kind is dict:
        if not value:
            parts.append("{}")
            return
        inner = newline + "  "
        known = _KEYS.get(inner)
        if known is None or len(known[1]) > 1024:  # a program writing many kinds of data
            known = _KEYS[inner] = ({}, {})
        first, later = known
        keys = first
        add, string = parts.append, _string
        for k, v in value.items():
            key = keys.get(k)
            if key is None:
                if type(k) is not str:
                    raise _NotPlain
                key = keys[k] = ("{" if keys is first else ",") + inner + string(k) + ": "
            keys = later
            kind = type(v)
            if kind is str:
                add(key + string(v))
            elif kind is dict or kind is list:
                add(key)
                _write(v, inner, parts)
            else:
                add(key + _scalar(v))
        add(newline + "}")
    elif kind is list:
        if not value:
            parts.append("[]")
            return
        inner = newline + "  "
        sep = "[" + inner
        for v in value:
            if type(v) is dict or type(v) is list:
                parts.append(sep)
                _write(v, inner, parts)
            else:
                parts.append(sep + _scalar(v))
            sep = "," + inner
        parts.append(newline + "]")
    else:
        parts.append(_scalar(value))
