"""The JSON of one correspondence game (``skak corr time GAME.json``); pure.

::

    {"white": "Hansen, Jens", "black": "Olsen, Ole", "mode": "post", "control": "post",
     "start": "2011-09-01", "fen": null, "email_next_day": false,
     "mandatory_holidays": true, "postal_days": 1, "result": null,
     "cards": [{"moves": "1. 5254", "sent": "2011-09-01"},
               {"moves": "1. 5254, 5755", "received": "2011-09-02", "sent": "2011-09-03",
                "postmark": null, "receipt_slip": null, "series": null,
                "late_receipt_accepted": false, "notice": false, "reminder": false,
                "tl_contacted": false, "invalid_moves": 0}],
     "holidays": [{"player": "white", "from": "2011-06-08", "to": "2011-06-22",
                   "notice": "2011-06-01", "special_leave": false}],
     "waiting": {"as_of": "2011-10-01", "received": null, "notice": false}}

Only ``cards`` is required (each with ``moves`` and a dispatch date). ``mode`` is ``post``
or ``email``; ``control`` is ``post`` (30 days to 10 moves), ``email`` (40 to 10) or
``{"days": D, "moves": M}``, by default the mode's. Dates are ISO (``2011-09-01``). A key
skak does not know is refused, so a misspelt one is not silently ignored.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

from skak.correspondence.clock import TimeControl
from skak.correspondence.game import Card, CorrespondenceGame, Waiting
from skak.correspondence.holidays import Holiday, Mode
from skak.errors import InputError

__all__ = ["parse_game", "read_game"]

_TOP = {
    "white", "black", "mode", "control", "start", "fen", "email_next_day",
    "mandatory_holidays", "postal_days", "result", "cards", "holidays", "waiting",
}  # fmt: skip
_CARD = {
    "moves", "sent", "received", "postmark", "receipt_slip", "series",
    "late_receipt_accepted", "notice", "reminder", "tl_contacted", "invalid_moves",
}  # fmt: skip
_HOLIDAY = {"player", "from", "to", "notice", "special_leave"}
_WAITING = {"as_of", "received", "notice"}
_RESULTS = {"1-0", "0-1", "1/2-1/2", "½-½", "*"}


def read_game(path: Path) -> CorrespondenceGame:
    """Read the game at ``path`` (UTF-8 JSON): see :func:`parse_game`.

    :raises InputError: when the file cannot be read, or naming the field that is wrong.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise InputError(f"cannot read the file: {e.strerror}", location=str(path)) from e
    except ValueError as e:
        raise InputError(f"not valid UTF-8: {e}", location=str(path)) from e
    return parse_game(text, str(path))


class _Reader:
    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, at: str, message: str) -> InputError:
        """The error for a value at ``at`` (``card 3, received``: cards and holidays
        counted from 1, as the tournament leader counts them)."""
        return InputError(f"{at}: {message}", location=self.source)

    def obj(self, value: Any, at: str, keys: set[str]) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(at, "must be an object")
        unknown = sorted(set(value) - keys)
        if unknown:
            raise self.fail(at, f"unknown key {unknown[0]!r} (known: {', '.join(sorted(keys))})")
        return value

    def date(self, obj: dict[str, Any], key: str, at: str) -> dt.date | None:
        value = obj.get(key)
        if value is None:
            return None
        if not isinstance(value, str):
            raise self.fail(_field(at, key), f"{value!r} is not a date like 2011-09-01")
        try:
            return dt.date.fromisoformat(value)
        except ValueError:
            raise self.fail(_field(at, key), f"{value!r} is not a date like 2011-09-01") from None

    def flag(self, obj: dict[str, Any], key: str, at: str, default: bool = False) -> bool:
        value = obj.get(key, default)
        if not isinstance(value, bool):
            raise self.fail(_field(at, key), "must be true or false")
        return value

    def count(self, obj: dict[str, Any], key: str, at: str, default: int, top: int) -> int:
        value = obj.get(key, default)
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= top:
            raise self.fail(_field(at, key), f"must be a whole number 0–{top}")
        return value

    def text(self, obj: dict[str, Any], key: str, at: str, default: str | None) -> str | None:
        value = obj.get(key, default)
        if value is not None and not isinstance(value, str):
            raise self.fail(_field(at, key), "must be text")
        return value


def _field(at: str, key: str) -> str:
    """Where a field is: ``card 3, received``; a field of the file itself by its key."""
    return key if at == "the file" else f"{at}, {key}"


def parse_game(text: str, source: str) -> CorrespondenceGame:
    """A correspondence game from its JSON text (the module's docstring shows the shape).

    :raises InputError: naming ``source`` and the field (``card 3, received``) that is wrong.
    """
    r = _Reader(source)
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as e:
        raise InputError(f"not valid JSON: {e}", location=source) from e
    top = r.obj(data, "the file", _TOP)
    mode_name = top.get("mode", "post")
    try:
        mode = Mode(mode_name)
    except ValueError:
        raise r.fail("mode", f"{mode_name!r} is not 'post' or 'email'") from None
    control = _control(r, top.get("control"))
    cards_data = top.get("cards")
    if not isinstance(cards_data, list) or not cards_data:
        raise r.fail("cards", "must be a list of the game's cards (at least one)")
    cards = []
    for i, c in enumerate(cards_data):
        at = f"card {i + 1}"
        card = r.obj(c, at, _CARD)
        moves = r.text(card, "moves", at, None)
        if not moves:
            raise r.fail(_field(at, "moves"), "the card's moves are missing")
        if card.get("sent") is None and card.get("postmark") is None:
            raise r.fail(_field(at, "sent"), "the date the card was sent is missing")
        cards.append(
            Card(
                moves,
                r.date(card, "sent", at),
                r.date(card, "received", at),
                r.date(card, "postmark", at),
                r.date(card, "receipt_slip", at),
                r.text(card, "series", at, None),
                r.flag(card, "late_receipt_accepted", at),
                r.flag(card, "notice", at),
                r.flag(card, "reminder", at),
                r.flag(card, "tl_contacted", at),
                r.count(card, "invalid_moves", at, 0, 20),
            )
        )
    holidays_data = top.get("holidays", [])
    if not isinstance(holidays_data, list):
        raise r.fail("holidays", "must be a list")
    holidays = []
    for i, h in enumerate(holidays_data):
        at = f"holiday {i + 1}"
        hol = r.obj(h, at, _HOLIDAY)
        player = hol.get("player")
        if player not in ("white", "black"):
            raise r.fail(_field(at, "player"), f"{player!r} is not 'white' or 'black'")
        first, last = r.date(hol, "from", at), r.date(hol, "to", at)
        if first is None or last is None:
            raise r.fail(at, "'from' and 'to' are required")
        if last < first:
            raise r.fail(_field(at, "to"), f"{last.isoformat()} is before {first.isoformat()}")
        holidays.append(
            Holiday(
                player, first, last, r.date(hol, "notice", at), r.flag(hol, "special_leave", at)
            )
        )
    waiting = None
    if top.get("waiting") is not None:
        w = r.obj(top["waiting"], "waiting", _WAITING)
        as_of = r.date(w, "as_of", "waiting")
        if as_of is None:
            raise r.fail(_field("waiting", "as_of"), "the day to count to is missing")
        waiting = Waiting(as_of, r.date(w, "received", "waiting"), r.flag(w, "notice", "waiting"))
    result = r.text(top, "result", "the file", None)
    if result is not None and result not in _RESULTS:
        raise r.fail("result", f"{result!r} is not 1-0, 0-1, 1/2-1/2 or *")
    return CorrespondenceGame(
        tuple(cards),
        mode,
        control,
        r.date(top, "start", "the file"),
        r.text(top, "fen", "the file", None),
        tuple(holidays),
        r.text(top, "white", "the file", "White") or "White",
        r.text(top, "black", "the file", "Black") or "Black",
        r.flag(top, "email_next_day", "the file"),
        r.flag(top, "mandatory_holidays", "the file", True),
        r.count(top, "postal_days", "the file", 1, 30),
        waiting,
        None if result in (None, "*") else result,
    )


def _control(r: _Reader, value: Any) -> TimeControl | None:
    if value is None:
        return None
    if isinstance(value, str):
        try:
            return TimeControl.named(value)
        except InputError as e:
            raise r.fail("control", e.message) from None
    c = r.obj(value, "control", {"days", "moves"})
    days, moves = c.get("days"), c.get("moves")
    for key, v in (("days", days), ("moves", moves)):
        if not isinstance(v, int) or isinstance(v, bool):
            raise r.fail(f"control.{key}", "must be a whole number")
    assert isinstance(days, int)
    assert isinstance(moves, int)
    try:
        return TimeControl(days, moves)
    except InputError as e:
        raise r.fail("control", e.message) from None
