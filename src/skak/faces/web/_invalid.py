"""A value in the address or a form that does not fit, in plain words: the web's parameter
names (``tid``, ``after_round``) are the code's, so a refusal names each by what it is to
the arbiter ("the tournament number 'abc'"), in the request's language."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

__all__ = ["invalid_values"]


def _labels(_: Callable[[str], str], route: str) -> dict[str, str]:
    """Each parameter of the web's pages and forms by what it is; ``number`` is a round or
    a player's start number, as the address says."""
    number = _("the start number") if "/players/" in route else _("the round")
    return {
        "tid": _("the tournament number"),
        "number": number,
        "board": _("the board"),
        "after_round": _("the round"),
        "version": _("the version of the page"),
        "seq": _("the event number"),
        "allow_unfinished": _("the choice to pair with unfinished games"),
    }


def _value(error: Mapping[str, Any], missing: str) -> str:
    if error.get("type") == "missing":
        return missing
    value = error.get("input")
    return f" {value!r}" if isinstance(value, str | int | float) else ""


def invalid_values(_: Callable[[str], str], route: str, errors: Iterable[Mapping[str, Any]]) -> str:
    """The values that do not fit, each named (``the tournament number 'abc'``), in order
    and once each; ``route`` is the page's address pattern (``/t/{tid}/rounds/{number}``)."""
    labels = _labels(_, route)
    missing = " " + _("(missing)")
    named = (labels.get(str(e["loc"][-1]), str(e["loc"][-1])) + _value(e, missing) for e in errors)
    return ", ".join(dict.fromkeys(named)) or "?"
