"""The options a face reads as text, parsed once for every face: a pairing setting
``KEY=VALUE``, points ``KEY=POINTS``, a date, a player's sex (``skak new``, ``skak players
add``, the web's forms)."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date
from typing import Any

from skak.errors import InputError
from skak.messages import N_
from skak.model.player import Sex
from skak.model.results import Scoring, parse_points
from skak.model.tournament import SettingValue

__all__ = [
    "SCORING_KEYS",
    "parse_date",
    "parse_round_range",
    "parse_setting",
    "parse_sex",
    "scoring_from",
]


def parse_setting(text: str) -> tuple[str, SettingValue]:
    key, sep, raw = text.partition("=")
    if not sep or not key.strip():
        raise InputError(
            N_("setting {text} must look like KEY=VALUE, e.g. cycles=2", text=repr(text))
        )
    value: SettingValue
    low = raw.strip().lower()
    if low in ("true", "yes", "ja", "on"):
        value = True
    elif low in ("false", "no", "nej", "off"):
        value = False
    elif re.fullmatch(r"[+-]?[0-9]+", low):
        digits = len(low.lstrip("+-"))
        if digits > _SETTING_DIGITS:
            raise InputError(
                N_(
                    "setting {key}: {value} is too large a number ({digits} digits; at most "
                    "{most})",
                    key=key.strip(),
                    value=_short(low),
                    digits=digits,
                    most=_SETTING_DIGITS,
                )
            )
        value = int(low)
    else:
        value = raw.strip()
    return key.strip(), value


#: The most digits a number setting may have (a seed, a count of games).
_SETTING_DIGITS = 12


def _short(text: str, width: int = 24) -> str:
    """``text`` quoted, cut to ``width`` characters for a message."""
    return repr(text) if len(text) <= width else repr(text[:width]) + "…"


SCORING_KEYS = {
    "win": "win",
    "draw": "draw",
    "loss": "loss",
    "forfeit-win": "forfeit_win",
    "forfeit-loss": "forfeit_loss",
    "bye": "pairing_bye",
    "half-bye": "half_bye",
    "zero-bye": "zero_bye",
    "gladiator-games": "gladiator_games",
    "gladiator-reduced-games": "gladiator_reduced_games",
}
#: Gladiator's variants (4.9.8): numbers of games, not points.
_SCORING_COUNTS = {"gladiator_games", "gladiator_reduced_games"}


def scoring_from(base: Scoring, items: list[str]) -> Scoring:
    changes: dict[str, Any] = {}
    for item in items:
        key, sep, raw = item.partition("=")
        field = SCORING_KEYS.get(key.strip())
        if not sep or field is None:
            raise InputError(
                N_(
                    "scoring {item} must be KEY=POINTS with KEY one of {keys}",
                    item=repr(item),
                    keys=", ".join(SCORING_KEYS),
                )
            )
        if field in _SCORING_COUNTS:
            text = raw.strip()
            if not (text.isascii() and text.isdigit() and len(text) <= 3):
                raise InputError(
                    N_(
                        "scoring {key} is a number of games, not {value}",
                        key=key.strip(),
                        value=repr(raw),
                    )
                )
            changes[field] = int(text)
        else:
            changes[field] = parse_points(raw, what=f"scoring {key}")
    return replace(base, **changes)


def parse_date(text: str | None, what: str) -> date | None:
    """``text`` as a date (``YYYY-MM-DD``); ``what`` names it in the error (a message made
    with the marker of :mod:`skak.messages` is said in the face's language).

    :raises InputError: for text that is no such date.
    """
    if text is None:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise InputError(
            N_("{what} {text} is not a date like 2026-11-21", what=what, text=repr(text))
        ) from None


def parse_round_range(text: str | None) -> tuple[int, int | None]:
    """Rounds as typed: ``3`` (that round), ``1-3`` (or ``1–3``), ``4-`` (round 4 to the end);
    ``None`` or an empty text: every round, ``(1, None)``.

    :raises InputError: for text that is no such range.
    """
    if text is None or not text.strip():
        return 1, None
    first, dash, last = text.strip().replace("–", "-").partition("-")
    try:
        start = int(first)
        end = (int(last) if last.strip() else None) if dash else start
    except ValueError:
        raise InputError(
            N_("rounds {text} are not rounds like 1-3, 4- or 2", text=repr(text))
        ) from None
    if start < 1 or (end is not None and end < start):
        raise InputError(N_("rounds {text} are not rounds like 1-3, 4- or 2", text=repr(text)))
    return start, end


def parse_sex(text: str | None) -> Sex | None:
    if text is None:
        return None
    t = text.strip().lower()
    if t in ("m",):
        return Sex.MALE
    if t in ("w", "f", "k"):
        return Sex.FEMALE
    raise InputError(N_("sex {text} is not m or w (k)", text=repr(text)))
