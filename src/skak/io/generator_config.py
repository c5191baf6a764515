"""The random tournament generator's configuration file (``skak engine --generate FILE``).

bbpPairings' and JaVaFo's format: one ``Key=Value`` per line; blank lines and lines that
start with ``#`` are skipped. The keys are theirs (JaVaFo's ten, and the four points keys
bbpPairings adds), so one file drives all three programs:

=====================  ===========================================================
``PlayersNumber``      players (2–9999)
``RoundsNumber``       rounds of a Swiss system (1–99)
``DrawPercentage``     percentage of played games drawn, at most (0–100)
``ForfeitRate``        one game in N is a forfeit (N ≥ 1)
``RetiredRate``        one player in N retires (N ≥ 2)
``HalfPointByeRate``   one player in N takes a half-point bye (N ≥ 1)
``HighestRating``      the highest rating drawn (0–9999)
``LowestRating``       the lowest rating drawn (0–9999)
``PointsForWin``       a win (also a forfeit win, a full-point bye, by default the PAB)
``PointsForDraw``      a draw (also a half-point bye)
``PointsForLoss``      a loss
``PointsForForfeitLoss``  a forfeit loss (also a zero-point bye)
``PointsForZPB``       a zero-point bye
``PointsForPAB``       the pairing-allocated bye
=====================  ===========================================================

``HalfPointByteRate`` (a misspelling bbpPairings accepts) is read as ``HalfPointByeRate``.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from skak.errors import InputError
from skak.messages import N_, N_plural
from skak.model.results import check_points
from skak.pairing.generator import GeneratorConfig

__all__ = ["KEYS", "parse_generator_config"]

#: Each key: the setting it gives, and the kind of value (whole number with its range, a
#: rate with its least value, or points).
KEYS: dict[str, tuple[str, str, int, int]] = {
    "PlayersNumber": ("players", "int", 2, 9999),
    "RoundsNumber": ("rounds", "int", 1, 99),
    "DrawPercentage": ("draw_percentage", "int", 0, 100),
    "ForfeitRate": ("forfeit_rate", "rate", 1, 0),
    "RetiredRate": ("retired_rate", "rate", 2, 0),
    "HalfPointByeRate": ("half_point_bye_rate", "rate", 1, 0),
    "HighestRating": ("highest_rating", "int", 0, 9999),
    "LowestRating": ("lowest_rating", "int", 0, 9999),
    "PointsForWin": ("win", "points", 0, 0),
    "PointsForDraw": ("draw", "points", 0, 0),
    "PointsForLoss": ("loss", "points", 0, 0),
    "PointsForForfeitLoss": ("forfeit_loss", "points", 0, 0),
    "PointsForZPB": ("zero_bye", "points", 0, 0),
    "PointsForPAB": ("pairing_bye", "points", 0, 0),
}
_ALIASES = {"HalfPointByteRate": "HalfPointByeRate"}


def parse_generator_config(text: str, source: str) -> GeneratorConfig:
    """The settings a configuration file's ``text`` gives (``source`` names it).

    :raises InputError: naming every bad line (``rtg.cfg line 3: …``): a line without
        ``=``, a key neither program knows, a key given twice, a value out of its range.
    """
    values: dict[str, object] = {}
    seen: dict[str, int] = {}
    problems: list[str] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        where = N_("{source} line {line}", source=source, line=number)
        key, equals, value = (part.strip() for part in line.partition("="))
        if not equals:
            problems.append(N_("{where}: write Key=Value, e.g. PlayersNumber=40", where=where))
            continue
        key = _ALIASES.get(key, key)
        if key not in KEYS:
            problems.append(
                N_(
                    "{where}: unknown key {key}; the keys are {keys}",
                    where=where,
                    key=repr(key),
                    keys=", ".join(KEYS),
                )
            )
            continue
        if key in seen:
            problems.append(
                N_(
                    "{where}: {key} is given already on line {first}",
                    where=where,
                    key=key,
                    first=seen[key],
                )
            )
            continue
        seen[key] = number
        try:
            values[KEYS[key][0]] = _value(key, value)
        except InputError as err:
            problems.append(N_("{location}: {message}", location=where, message=err.message))
    if problems:
        raise InputError(
            N_plural(
                "{n} bad line in the generator's configuration",
                "{n} bad lines in the generator's configuration",
                len(problems),
            ),
            location=source,
            problems=problems,
        )
    return replace(GeneratorConfig(), **values)  # type: ignore[arg-type]


def _value(key: str, text: str) -> int | Fraction:
    _, kind, low, high = KEYS[key]
    if kind == "int":
        if not text.isdecimal() or not text.isascii() or not low <= int(text) <= high:
            raise InputError(
                N_(
                    "{key} is a whole number from {low} to {high}, not {value}",
                    key=key,
                    low=low,
                    high=high,
                    value=repr(text),
                )
            )
        return int(text)
    number = _decimal(text)
    if kind == "rate":
        if number is None or number < low:
            raise InputError(
                N_(
                    "{key} is one in how many (a number of at least {low}), not {value}",
                    key=key,
                    low=low,
                    value=repr(text),
                )
            )
        return number
    if number is None or number < 0:
        raise InputError(
            N_(
                "{key} is a number of points (0, 0.5, 1, 3 …), not {value}",
                key=key,
                value=repr(text),
            )
        )
    check_points(number, key)
    return number


def _decimal(text: str) -> Fraction | None:
    """A decimal number as written (``1``, ``0.5``, ``6.25``), exactly; ``None`` if none."""
    if not text or not text.isascii() or text.lower() in {"nan", "inf", "infinity"}:
        return None
    try:
        d = Decimal(text)
    except InvalidOperation:
        return None
    if not d.is_finite():
        return None
    return Fraction(d)
