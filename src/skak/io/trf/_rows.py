"""The reader's shared parse state and its player lines: parsing one ``001`` line into a row.

:class:`_State` carries the source name, strict or lenient mode and the problems found so far;
every stage of the reader reports through it. A ``001`` line becomes a :class:`_Row` (the
:class:`~skak.model.Player`, the points column and one :class:`_Cell` per round block), its
fields checked column by column. The small field readers the header records share
(:func:`_is_number`, :func:`_points`) and the unpaired-result codes live here too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction
from typing import NamedTuple

from skak.errors import InputError, SkakError
from skak.io.trf._common import BLOCK, FIRST_BLOCK, TITLE_CODES
from skak.model.player import Player, Ratings, Sex
from skak.model.results import Result

_UNPAIRED = {
    "U": Result.PAIRING_BYE,
    "+": Result.PAIRING_BYE,  # an older way of writing the pairing-allocated bye
    "F": Result.FULL_BYE,
    "H": Result.HALF_BYE,
    "=": Result.HALF_BYE,  # older form of the half-point bye
    "Z": Result.ZERO_BYE,
    " ": Result.ZERO_BYE,  # TRF16: a blank result equals Z
    "-": Result.ABSENT,
}


class _Cell(NamedTuple):
    """A round block of a player line (a tuple: a big open has thousands)."""

    line: int
    column: int
    opponent: int
    colour: str
    result: str


@dataclass
class _Row:
    line: int
    number: int
    player: Player
    points: Fraction | None
    cells: list[_Cell | None]


@dataclass
class _State:
    source: str
    strict: bool
    problems: list[str] = field(default_factory=list)
    skt_line: int | None = None
    gladiator: bool = False

    def problem(self, line: int | None, column: int | None, message: str) -> None:
        where = self.source
        if line:
            where += f" line {line}" + (f" column {column}" if column else "")
        if self.strict:
            raise InputError(message, location=where)
        self.problems.append(f"{where}: {message}")


def _is_number(text: str) -> bool:
    """ASCII digits only, at most 12 of them (``str.isdigit`` alone also takes ``²`` and
    ``٣``)."""
    return text.isascii() and text.isdigit() and len(text) <= 12


_POINTS = re.compile(r"[0-9]{1,4}(\.[0-9]{1,3})?|\.[0-9]{1,3}")


#: The points read so far, by their text (a file's players share a few scores).
_POINT_TEXTS: dict[str, Fraction] = {}


def _points(st: _State, n: int, column: int, text: str) -> Fraction | None:
    text = text.strip()
    value = _POINT_TEXTS.get(text)
    if value is not None:
        return value
    if _POINTS.fullmatch(text) is None:
        st.problem(n, column, f"{text!r} is not a number of points like 1.0 or 0.5")
        return None
    if len(_POINT_TEXTS) >= 1024:
        _POINT_TEXTS.clear()
    value = _POINT_TEXTS[text] = Fraction(text)
    return value


# -- player lines ------------------------------------------------------------------------------


def _field(raw: str, first: int, last: int) -> str:
    """Columns ``first``–``last`` (1-based, inclusive), stripped."""
    return raw[first - 1 : last].strip()


_SEXES = {"m": Sex.MALE, "w": Sex.FEMALE, "f": Sex.FEMALE}


def _player_row(st: _State, n: int, raw: str) -> _Row | None:
    raw = raw.rstrip("\r\n")
    number_text = _field(raw, 5, 8)
    if not _is_number(number_text) or int(number_text) < 1:
        st.problem(n, 5, f"columns 5–8 must hold the start number, not {number_text!r}")
        return None
    number = int(number_text)
    if not (  # a whole line with its blank columns blank, else each looked at
        len(raw) >= 85
        and raw[3] == raw[8] == raw[13] == raw[47] == raw[52] == raw[56] == " "
        and raw[68] == raw[79] == raw[84] == " "
    ):
        for col in (4, 9, 14, 48, 53, 57, 69, 80, 85):
            if len(raw) >= col and raw[col - 1] != " ":
                st.problem(n, col, f"column {col} must be blank: the fields are out of place")
                return None
    sex_text = raw[9:10].strip()
    sex = _SEXES.get(sex_text.lower())
    if sex is None and sex_text:
        st.problem(n, 10, f"sex {sex_text!r} is not m or w")
    title_text = raw[10:13].strip().upper()
    title = TITLE_CODES.get(title_text)
    if title is None and title_text:
        st.problem(n, 11, f"unknown title {title_text!r}")
    name = raw[14:47].strip()
    rating = _number(st, n, 49, raw[48:52].strip(), "FIDE rating")
    federation = raw[53:56].strip().upper() or None
    fide_id = _number(st, n, 58, raw[57:68].strip(), "FIDE id")
    birth_date, birth_year = _birth(st, n, raw[69:79].strip())
    points_text = raw[80:84].strip()
    points = _points(st, n, 81, points_text) if points_text else None
    cells = _cells(st, n, raw, number)
    try:
        player = Player(
            number,
            name or f"Player {number}",
            sex=sex,
            birth_date=birth_date,
            birth_year=birth_year,
            federation=federation if federation and re.fullmatch("[A-Z]{3}", federation) else None,
            fide_id=fide_id,
            title=title,
            ratings=Ratings(fide=rating),
        )
    except SkakError as err:
        st.problem(n, None, str(err))
        return None
    if federation and player.federation is None:
        st.problem(n, 54, f"federation {federation!r} is not a three-letter code")
    return _Row(n, number, player, points, cells)


def _number(st: _State, n: int, column: int, text: str, what: str) -> int | None:
    if not text.strip("0"):  # nothing, or noughts alone
        return None
    if not _is_number(text):
        st.problem(n, column, f"{what} {text!r} is not a number")
        return None
    return int(text)


def _birth(st: _State, n: int, text: str) -> tuple[date | None, int | None]:
    if not text:
        return None, None
    if re.fullmatch(r"[0-9]{4}", text):
        return None, int(text) or None
    m = re.fullmatch(r"([0-9]{4})[/.\-]([0-9]{2})[/.\-]([0-9]{2})", text)
    if m is not None:
        y, mo, d = (int(g) for g in m.groups())
        if mo == 0 or d == 0:
            return None, y or None
        try:
            return date(y, mo, d), None
        except ValueError:
            pass
    st.problem(n, 70, f"birth date {text!r} is not a date like 1990/04/23")
    return None, None


#: A round block as most are (an opponent's number or blanks, a colour, a result, two
#: spaces): compiled when first used.
_PLAIN_BLOCK: re.Pattern[str] | None = None


def _cells(st: _State, n: int, raw: str, number: int) -> list[_Cell | None]:
    """The round blocks of a player line: each read on its own (:func:`_checked_cells`),
    unless the line's blocks are all plain and right (a whole line read by one pattern)."""
    global _PLAIN_BLOCK
    if _PLAIN_BLOCK is None:
        _PLAIN_BLOCK = re.compile(r"([ 0-9]{4}) ([wb\- ]) (\S| )  ")
    rest = raw[FIRST_BLOCK:]
    if len(rest) % BLOCK:
        rest = rest.ljust(len(rest) + BLOCK - len(rest) % BLOCK)
    blocks = _PLAIN_BLOCK.findall(rest)
    if len(blocks) * BLOCK != len(rest):  # (matches that tile the blocks are the blocks)
        return _checked_cells(st, n, raw, number)
    cells: list[_Cell | None] = []
    new = tuple.__new__  # _Cell's own __new__ is a function of Python's
    column = FIRST_BLOCK + 1
    for opponent_text, colour, result in blocks:
        opponent_text = opponent_text.strip()
        if opponent_text:
            if not opponent_text.isdigit():
                return _checked_cells(st, n, raw, number)
            opponent = int(opponent_text)
        elif colour == " " and result == " ":
            cells.append(None)  # a blank block
            column += BLOCK
            continue
        else:
            opponent = 0
        result = result.upper()
        if (
            opponent == number or result not in "10=+-WDL "
            if opponent
            else result not in _UNPAIRED or colour in "wb"
        ):
            return _checked_cells(st, n, raw, number)  # it says what is wrong
        cells.append(new(_Cell, (n, column, opponent, colour, result)))
        column += BLOCK
    while cells and cells[-1] is None:
        cells.pop()
    return cells


def _checked_cells(st: _State, n: int, raw: str, number: int) -> list[_Cell | None]:
    """:func:`_cells`, each block checked on its own."""
    cells: list[_Cell | None] = []
    new = tuple.__new__  # _Cell's own __new__ is a function of Python's
    for start in range(FIRST_BLOCK, len(raw), BLOCK):
        block = raw[start : start + BLOCK]
        if len(block) < BLOCK:
            block = block.ljust(BLOCK)
        column = start + 1
        if block.isspace():
            cells.append(None)
            continue
        if block[4] != " " or block[6] != " " or not block[8:].isspace():
            st.problem(n, column, f"round block {block.rstrip()!r} is out of place")
            cells.append(None)
            continue
        opponent_text = block[0:4].strip()
        if opponent_text:
            if not (opponent_text.isascii() and opponent_text.isdigit()):  # 4 digits at most
                st.problem(n, column, f"opponent {opponent_text!r} is not a start number")
                cells.append(None)
                continue
            opponent = int(opponent_text)
        else:
            opponent = 0
        colour, result = block[5], block[7].upper()
        if opponent == number:
            st.problem(n, column, f"player {number} is paired against himself")
        elif colour not in "wb- ":
            st.problem(n, column + 5, f"colour {colour!r} is not w, b or -")
        elif opponent and result not in "10=+-WDL ":
            st.problem(n, column + 7, f"result {result!r} is not a game result")
        elif not opponent and result not in _UNPAIRED:
            st.problem(n, column + 7, f"result {result!r} needs an opponent")
        elif not opponent and colour in "wb":
            st.problem(n, column + 5, "a colour without an opponent")
        else:
            cells.append(new(_Cell, (n, column, opponent, colour, result)))
            continue
        cells.append(None)
    while cells and cells[-1] is None:
        cells.pop()
    return cells
