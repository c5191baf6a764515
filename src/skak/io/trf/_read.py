"""Reading a TRF into a :class:`~skak.model.Tournament`, strictly or leniently."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import date
from fractions import Fraction
from typing import Any

from skak.errors import InputError, SkakError
from skak.io.trf._common import (
    BLOCK,
    CANONICAL_CODES,
    FIRST_BLOCK,
    TITLE_CODES,
    XXS_CODES,
    declared_scoring,
    default_board_order,
)
from skak.model.games import score
from skak.model.player import Player, Ratings, Sex
from skak.model.records import record_from_json
from skak.model.results import Colour, Result, Scoring
from skak.model.tournament import Bye, Pairing, PairingBan, RatedKind, Round, Tournament
from skak.pairing import get_system, system_names

__all__ = ["TrfRead", "decode_trf", "parse_trf"]

_SYSTEM_CODES = {
    "BERGER_ROUNDROBIN": "berger",
    "BERGER_DOUBLEROUNDROBIN": "berger",
    "FIDE_ROUNDROBIN": "berger",
    "FIDE_DOUBLEROUNDROBIN": "berger",
    "FIDE_DUTCH": "dutch",
    "FIDE_DUTCH_2025": "dutch",
    "FIDE_DUTCH_2026": "dutch",
    "FIDE_DUTCH_2017": "dutch-2017",
    "FIDE_DUTCH_BAKU": "dutch",
    "FIDE_DUTCH_2025_BAKU": "dutch",
    "FIDE_DUBOV": "dubov",
    "FIDE_BURSTEIN": "burstein",
}
#: Header records whose content skak derives when it writes (player counts), dropped on read.
_DERIVED = ("062", "072")
_GAME_PAIRS = {
    ("1", "0"): (Result.WHITE_WIN, False),
    ("0", "1"): (Result.BLACK_WIN, False),
    ("=", "="): (Result.DRAW, False),
    ("W", "L"): (Result.WHITE_WIN, True),
    ("L", "W"): (Result.BLACK_WIN, True),
    ("D", "D"): (Result.DRAW, True),
    ("+", "-"): (Result.WHITE_FORFEIT_WIN, False),
    ("-", "+"): (Result.BLACK_FORFEIT_WIN, False),
    ("-", "-"): (Result.DOUBLE_FORFEIT, False),
}
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


def decode_trf(data: bytes) -> str:
    """UTF-8 (with or without byte-order mark), else Latin-1."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


@dataclass(frozen=True)
class TrfRead:
    """A parsed file: the tournament and, in lenient mode, every problem found."""

    tournament: Tournament
    problems: tuple[str, ...] = ()


@dataclass
class _Cell:
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


def parse_trf(text: str, source: str = "<trf>", *, strict: bool = True) -> TrfRead:
    """Read a TRF16 or TRF-2026 text.

    Strict (the default) stops at the first problem with its file, line and column; lenient
    returns the tournament built from what could be read plus every problem found.

    :raises InputError: in strict mode, at the first problem; in either mode, when nothing
        usable is left (no players).
    """
    st = _State(source, strict)
    lines = re.split(r"\r\n|\r|\n", text)
    header: dict[str, Any] = {"imported": [], "scoring": {}}
    rows: list[_Row] = []
    extensions: dict[str, Any] = {"SKT": {}, "SKP": {}, "SKR": {}}
    for n, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        line = raw.rstrip()
        code = line[:3]
        try:
            if code == "001":
                row = _player_row(st, n, raw)
                if row is not None:
                    rows.append(row)
            elif code in ("SKT", "SKP", "SKR"):
                _extension(st, n, line, extensions)
            else:
                _header(st, n, line, header)
        except SkakError as err:
            if strict:
                raise
            st.problems.append(str(err))
    if not rows:
        raise InputError("the file holds no player lines (001)", location=source)
    return _assemble(st, header, rows, extensions)


# -- header records ----------------------------------------------------------------------------


def _is_number(text: str) -> bool:
    """ASCII digits only, at most 12 of them (``str.isdigit`` also takes ``²`` and ``٣``)."""
    return re.fullmatch(r"[0-9]{1,12}", text) is not None


_POINTS = re.compile(r"[0-9]{1,4}(\.[0-9]{1,3})?|\.[0-9]{1,3}")


def _value(line: str) -> str:
    return line[4:].strip()


def _header(st: _State, n: int, line: str, header: dict[str, Any]) -> None:
    code, value = line[:3], _value(line)
    simple = {"012": "name", "022": "place", "122": "time_control"}
    if code in simple and value and simple[code] not in header:
        header[simple[code]] = value
    elif code in ("042", "052") and _date(value) is not None and code not in header:
        header[code] = _date(value)
    elif code in ("142", "XXR"):
        if not _is_number(value) or int(value) < 1:
            st.problem(n, 5, f"the number of rounds {value!r} is not a whole number above 0")
        elif header.setdefault("rounds", int(value)) != int(value):
            st.problem(n, 5, f"{code} says {value} rounds, an earlier line {header['rounds']}")
    elif code in _DERIVED:
        return
    elif code == "202" and value:
        header["tiebreaks"] = tuple(v.strip() for v in value.split(",") if v.strip())
    elif len(code) == 3 and code[:2] == "BB" and code[2] in "WDLZFU":
        header["scoring"]["BB" + code[2]] = _points(st, n, 5, value)
    elif code == "162":
        _scoring_162(st, n, line, header["scoring"])
    elif code == "XXS":
        _scoring_xxs(st, n, line, header["scoring"])
    elif code == "240":
        _declared_byes(st, n, line, header.setdefault("declared", []))
    elif code in ("XXC", "152"):
        _initial_colour(st, n, line, header)
    elif code == "XXP":
        ids = _ids(
            st, n, line, [(m.start() + 1, m.group()) for m in re.finditer(r"\S+", line[4:])], 4
        )
        header.setdefault("bans", []).append((n, ids, 1, None))
    elif code == "260":
        rounds = [line[4:7].strip(), line[8:11].strip()]
        if not all(_is_number(r) for r in rounds):
            st.problem(n, 5, "260 needs the first and last round at columns 5–7 and 9–11")
            return
        fields = [(c + 1, line[c : c + 4]) for c in range(12, len(line), 5)]
        ids = _ids(st, n, line, fields, 0)
        last = int(rounds[1]) if int(rounds[1]) < 999 else None  # 999: to the end
        header.setdefault("bans", []).append((n, ids, int(rounds[0]), last))
    elif code == "XXA":
        _acceleration_xxa(st, n, line, header.setdefault("accelerations", []))
    elif code == "250" and not line[4:8].strip().strip("0.").strip():
        _acceleration_250(st, n, line, header.setdefault("accelerations", []))
    elif code == "XXZ":  # JaVaFo: absent from the round to be paired
        for token in line[4:].split():
            if not _is_number(token):
                st.problem(n, line.find(token) + 1, f"XXZ: {token!r} is not a start number")
                continue
            header.setdefault("declared", []).append((int(token), 0, Result.ZERO_BYE, n))
    elif code == "192" and value in _SYSTEM_CODES:
        header.setdefault("system", _SYSTEM_CODES[value])
        if value in ("BERGER_DOUBLEROUNDROBIN", "FIDE_DOUBLEROUNDROBIN"):
            header.setdefault("settings", {"cycles": 2})
        if value.endswith("_BAKU"):  # C.04.5 Baku acceleration (bbpPairings' codes)
            header.setdefault("settings", {"baku": True})
        if value not in CANONICAL_CODES:
            header["imported"].append(line)
    elif code == "092" and value in _SYSTEM_CODES:  # bbpPairings writes its code here
        header.setdefault("system", _SYSTEM_CODES[value])
        header["imported"].append(line)
    else:
        header["imported"].append(line)


def _date(text: str) -> date | None:
    """``YYYY/MM/DD`` or ``DD.MM.YYYY`` and the like; anything else is no date."""
    m = re.fullmatch(r"([0-9]{4})\D{1,2}([0-9]{1,2})\D{1,2}([0-9]{1,2})", text)
    if m is None:
        m2 = re.fullmatch(r"([0-9]{1,2})\D{1,2}([0-9]{1,2})\D{1,2}([0-9]{4})", text)
        if m2 is None:
            return None
        d, mo, y = (int(g) for g in m2.groups())
    else:
        y, mo, d = (int(g) for g in m.groups())
    try:
        return date(y, mo, d)
    except ValueError:
        return None


def _points(st: _State, n: int, column: int, text: str) -> Fraction | None:
    if _POINTS.fullmatch(text.strip()) is None:
        st.problem(n, column, f"{text.strip()!r} is not a number of points like 1.0 or 0.5")
        return None
    return Fraction(text.strip())


def _scoring_162(st: _State, n: int, line: str, scoring: dict[str, Fraction | None]) -> None:
    for start in range(5, len(line), 9):
        symbol, value = line[start : start + 1], line[start + 1 : start + 5]
        if not symbol.strip():
            continue
        if symbol not in "WDLAPX":
            st.problem(n, start + 1, f"162: unknown scoring symbol {symbol!r}")
            continue
        scoring["162" + symbol] = _points(st, n, start + 2, value)


def _initial_colour(st: _State, n: int, line: str, header: dict[str, Any]) -> None:
    tokens = line[4:].split() if line[:3] == "XXC" else [line[4:].strip()]
    colours = {"white1": Colour.WHITE, "black1": Colour.BLACK, "W": Colour.WHITE, "B": Colour.BLACK}
    found = [colours[t] for t in tokens if t in colours]
    if len(found) > 1 or (found and header.setdefault("colour", found[0]) != found[0]):
        st.problem(n, 5, "the initial colour is given twice, differently")
    if line[:3] == "152" and not found:
        st.problem(n, 5, "152 must be W or B")
    if any(t not in colours for t in tokens) and line[:3] == "XXC":
        header["imported"].append(line)  # e.g. "rank": kept as written


def _ids(
    st: _State, n: int, line: str, fields: list[tuple[int, str]], offset: int
) -> frozenset[int]:
    ids = set()
    for column, text in fields:
        if not text.strip():
            continue
        if not _is_number(text.strip()):
            st.problem(n, column + offset, f"{text.strip()!r} is not a start number")
            continue
        ids.add(int(text))
    return frozenset(ids)


def _acceleration_xxa(
    st: _State, n: int, line: str, out: list[tuple[int, int, int, Fraction, int]]
) -> None:
    ident = line[4:8].strip()
    if not _is_number(ident):
        st.problem(n, 5, "XXA needs the start number at columns 5–8")
        return
    for r, start in enumerate(range(9, len(line), 5), start=1):
        text = line[start : start + 4].strip()
        if text:
            points = _points(st, n, start + 1, text)
            if points is not None:
                out.append((int(ident), r, r, points, n))


def _acceleration_250(
    st: _State, n: int, line: str, out: list[tuple[int, int, int, Fraction, int]]
) -> None:
    parts = [line[9:13], line[14:17], line[18:21], line[22:26], line[27:31]]
    if not all(_is_number(p.strip()) for p in parts[1:]) or not parts[0].strip():
        st.problem(n, 10, "250 needs points, first and last round, first and last start number")
        return
    points = _points(st, n, 10, parts[0])
    first, last, low, high = (int(p) for p in parts[1:])
    if points is None or high - low > 9999:
        return
    for ident in range(low, high + 1):
        out.append((ident, first, last, points, n))


def _scoring_xxs(st: _State, n: int, line: str, scoring: dict[str, Fraction | None]) -> None:
    """JaVaFo's ``XXS CODE=VALUE …``; later entries override earlier ones."""
    for token in line[4:].split():
        code, _, value = token.partition("=")
        if code not in XXS_CODES or not value:
            st.problem(n, line.find(token) + 1, f"XXS: {token!r} is not CODE=POINTS")
            continue
        scoring["XXS" + code] = _points(st, n, line.find(token) + 1, value)


def _declared_byes(st: _State, n: int, line: str, out: list[tuple[int, int, Result, int]]) -> None:
    kind = {"F": Result.FULL_BYE, "H": Result.HALF_BYE, "Z": Result.ZERO_BYE, " ": Result.ZERO_BYE}
    result = kind.get(line[4:5] or " ")
    round_text = line[6:9].strip()
    if result is None or not _is_number(round_text):
        st.problem(n, 5, "240 needs a bye type F, H or Z and a round number at columns 7–9")
        return
    for start in range(10, len(line), 5):
        ident = line[start : start + 4].strip()
        if not ident:
            continue
        if not _is_number(ident):
            st.problem(n, start + 1, f"{ident!r} is not a start number")
            continue
        out.append((int(ident), int(round_text), result, n))


def _extension(st: _State, n: int, line: str, ext: dict[str, Any]) -> None:
    code, rest = line[:3], line[4:].strip()
    key: int | None = None
    if code in ("SKP", "SKR"):
        head, _, rest = rest.partition(" ")
        if not _is_number(head):
            st.problem(n, 5, f"{code} needs a number before its data")
            return
        key = int(head)
    try:
        data = json.loads(
            rest, parse_float=_no_float, parse_int=_small_int, parse_constant=_no_float
        )
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except (ValueError, RecursionError, UnicodeEncodeError) as err:
        st.problem(n, 5, f"{code}: the data is not valid JSON ({err})")
        return
    if not isinstance(data, dict):
        st.problem(n, 5, f"{code}: the data must be a JSON object")
        return
    if key is None:
        ext[code] = data
        st.skt_line = n
    else:
        ext[code][key] = (n, data)


# -- player lines ------------------------------------------------------------------------------


def _no_float(text: str) -> Any:
    raise ValueError(f"{text} is not a whole number or a text")


def _small_int(text: str) -> int:
    if len(text.lstrip("-")) > 12:
        raise ValueError(f"{text[:15]}… is too large a number")
    return int(text)


def _field(raw: str, first: int, last: int) -> str:
    """Columns ``first``–``last`` (1-based, inclusive), stripped."""
    return raw[first - 1 : last].strip()


def _player_row(st: _State, n: int, raw: str) -> _Row | None:
    raw = raw.rstrip("\r\n")
    number_text = _field(raw, 5, 8)
    if not _is_number(number_text) or int(number_text) < 1:
        st.problem(n, 5, f"columns 5–8 must hold the start number, not {number_text!r}")
        return None
    number = int(number_text)
    for col in (4, 9, 14, 48, 53, 57, 69, 80, 85):
        if len(raw) >= col and raw[col - 1] != " ":
            st.problem(n, col, f"column {col} must be blank: the fields are out of place")
            return None
    sex = {"m": Sex.MALE, "w": Sex.FEMALE, "f": Sex.FEMALE}.get(_field(raw, 10, 10).lower())
    if sex is None and _field(raw, 10, 10):
        st.problem(n, 10, f"sex {_field(raw, 10, 10)!r} is not m or w")
    title_text = _field(raw, 11, 13).upper()
    title = TITLE_CODES.get(title_text)
    if title is None and title_text:
        st.problem(n, 11, f"unknown title {title_text!r}")
    name = _field(raw, 15, 47)
    rating = _number(st, n, 49, _field(raw, 49, 52), "FIDE rating")
    federation = _field(raw, 54, 56).upper() or None
    fide_id = _number(st, n, 58, _field(raw, 58, 68), "FIDE id")
    birth_date, birth_year = _birth(st, n, _field(raw, 70, 79))
    points_text = _field(raw, 81, 84)
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
    if not text or set(text) == {"0"}:
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


def _cells(st: _State, n: int, raw: str, number: int) -> list[_Cell | None]:
    cells: list[_Cell | None] = []
    for start in range(FIRST_BLOCK, len(raw), BLOCK):
        block = raw[start : start + BLOCK].ljust(BLOCK)
        column = start + 1
        if not block.strip():
            cells.append(None)
            continue
        if block[4] != " " or block[6] != " " or block[8:].strip():
            st.problem(n, column, f"round block {block.rstrip()!r} is out of place")
            cells.append(None)
            continue
        opponent_text = block[0:4].strip()
        if opponent_text and not _is_number(opponent_text):
            st.problem(n, column, f"opponent {opponent_text!r} is not a start number")
            cells.append(None)
            continue
        opponent = int(opponent_text or "0")
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
            cells.append(_Cell(n, column, opponent, colour, result))
            continue
        cells.append(None)
    while cells and cells[-1] is None:
        cells.pop()
    return cells


# -- putting it together -----------------------------------------------------------------------


def _assemble(st: _State, header: dict[str, Any], rows: list[_Row], ext: dict[str, Any]) -> TrfRead:
    by_number: dict[int, _Row] = {}
    for row in rows:
        if row.number in by_number:
            st.problem(row.line, 5, f"start number {row.number} appears twice")
            continue
        by_number[row.number] = row
    total = max((len(r.cells) for r in by_number.values()), default=0)
    paired = 0
    for r in range(total):
        for row in by_number.values():
            cell = row.cells[r] if r < len(row.cells) else None
            if cell is not None and (cell.opponent or _UNPAIRED[cell.result] is Result.PAIRING_BYE):
                paired = r + 1
    st.gladiator = isinstance(ext["SKT"], dict) and ext["SKT"].get("gladiator") is True
    rounds = [_round(st, by_number, r, ext["SKR"]) for r in range(1, paired + 1)]
    players = {n: row.player for n, row in by_number.items()}
    _declared(st, by_number, paired, total, header.get("declared", []), players)
    _accelerations(st, players, header.get("accelerations", []))
    players = _player_extensions(st, players, ext["SKP"])
    bans = []
    for line, ids, first, last in header.get("bans", []):
        unknown = sorted(ids - set(players))
        try:
            if unknown:
                raise InputError(f"a pairing ban names players who do not exist: {unknown}")
            bans.append(PairingBan(ids, first, last))
        except SkakError as err:
            st.problem(line, None, str(err))
    skt = ext["SKT"]
    scoring = _scoring(st, header["scoring"], skt)
    try:
        tournament = Tournament(
            name=header.get("name") or "Imported tournament",
            pairing_system=str(skt.get("system") or header.get("system") or "unknown"),
            number_of_rounds=skt["number_of_rounds"]
            if "number_of_rounds" in skt
            and (skt["number_of_rounds"] is None or type(skt["number_of_rounds"]) is int)
            else header.get("rounds"),
            place=header.get("place"),
            start_date=header.get("042"),
            end_date=header.get("052"),
            rated_kind=RatedKind(skt.get("kind", "standard")),
            rated=skt.get("rated") is not False,
            time_control=header.get("time_control"),
            pairing_settings=tuple(
                (str(k), v)
                for k, v in dict(skt.get("settings", header.get("settings", {}))).items()
            ),
            tiebreaks=tuple(skt.get("tiebreaks", header.get("tiebreaks", ()))),
            scoring=scoring,
            players=tuple(players[n] for n in sorted(players)),
            rounds=tuple(rounds),
            imported_records=tuple(header["imported"]),
            initial_colour=header.get("colour"),
            bans=tuple(bans),
        )
    except (SkakError, ValueError, TypeError) as err:
        where = f" (see line {st.skt_line}, SKT)" if st.skt_line else ""
        raise InputError(
            f"the tournament cannot be built{where}: {err}",
            location=st.source,
            problems=st.problems,
        ) from err
    tournament = _recovered(st, tournament)
    _check_points(st, tournament, by_number, paired)
    return TrfRead(tournament, tuple(st.problems))


def _round(st: _State, rows: dict[int, _Row], number: int, skr: dict[int, Any]) -> Round:
    games: dict[tuple[int, int], Pairing] = {}
    pab: list[int] = []
    byes: list[Bye] = []
    for row in rows.values():
        cell = row.cells[number - 1] if number <= len(row.cells) else None
        if cell is None:
            continue
        if not cell.opponent:
            result = _UNPAIRED[cell.result]
            if result is Result.PAIRING_BYE:
                pab.append(row.number)
            else:
                byes.append(Bye(row.number, result))
            continue
        other = rows.get(cell.opponent)
        if other is None:
            st.problem(
                cell.line, cell.column, f"round {number}: opponent {cell.opponent} does not exist"
            )
            continue
        back = other.cells[number - 1] if number <= len(other.cells) else None
        if back is None or back.opponent != row.number:
            named = "nobody" if back is None or not back.opponent else f"player {back.opponent}"
            st.problem(
                cell.line,
                cell.column,
                f"round {number}: player {row.number} names opponent {cell.opponent}, "
                f"whose line names {named}",
            )
            continue
        if row.number > other.number:
            continue  # each game once, from the lower start number
        pairing = _game(st, number, cell, back, row.number, other.number)
        if pairing is not None:
            games[(pairing.white, pairing.black or 0)] = pairing
    if len(pab) > 1:
        st.problem(
            rows[pab[1]].cells[number - 1].line,  # type: ignore[union-attr]
            FIRST_BLOCK + 1 + BLOCK * (number - 1),
            f"round {number} has two pairing-allocated byes (players {pab[0]} and {pab[1]})",
        )
        pab = pab[:1]
    pairings = list(games.values())
    pairings += [Pairing(1, n, None, Result.PAIRING_BYE) for n in pab]
    ordered = _board_order(st, number, pairings, skr.get(number))
    unfinished = set(_int_list(skr.get(number, (0, {}))[1].get("unfinished")))
    for i in unfinished:
        if not 1 <= i <= len(ordered) or ordered[i - 1].black is None or ordered[i - 1].result:
            st.problem(skr[number][0], 5, f"SKR {number}: board {i} cannot be unfinished")
    pairings = [
        replace(
            p,
            board=i,
            result=Result.UNFINISHED
            if i in unfinished and p.black is not None and p.result is None
            else p.result,
        )
        for i, p in enumerate(ordered, start=1)
    ]
    playoffs = skr.get(number, (0, {}))[1].get("playoff")
    if playoffs and not st.gladiator:
        st.problem(skr[number][0], 5, f"SKR {number}: a play-off needs Gladiator scoring (SKT)")
    elif isinstance(playoffs, dict):
        pairings = _with_playoffs(st, number, skr[number][0], pairings, playoffs)
    notes = skr.get(number, (0, {}))[1].get("explanation")
    explanation = tuple(str(x) for x in notes) if isinstance(notes, list) else ()
    record = None
    if "record" in skr.get(number, (0, {}))[1]:
        try:
            record = record_from_json(skr[number][1]["record"])
        except InputError as err:
            st.problem(skr[number][0], 5, f"SKR {number}: {err}")
    by_player = tuple(sorted(byes, key=lambda b: b.player))
    return Round(number, tuple(pairings), by_player, explanation, record)


def _recovered(st: _State, t: Tournament) -> Tournament:
    """The rounds of a file from a skak that kept its pairing system's records in the
    explanation (``SKR``), with their records as the system reads them from that text."""
    if t.pairing_system not in system_names() or all(r.record is not None for r in t.rounds):
        return t
    system = get_system(t.pairing_system)
    rounds: list[Round] = []
    for rnd in t.rounds:
        try:
            rounds.append(system.recover_record(replace(t, rounds=tuple(rounds)), rnd))
        except SkakError as err:
            st.problem(None, None, f"round {rnd.number}: {err}")
            rounds.append(rnd)
    return replace(t, rounds=tuple(rounds))


def _with_playoffs(
    st: _State, number: int, line: int, pairings: list[Pairing], playoffs: dict[str, Any]
) -> list[Pairing]:
    """Attach the Gladiator play-offs of an ``SKR`` record (``{"board": ["1-0", …]}``)."""
    out = list(pairings)
    for board, games in playoffs.items():
        try:
            i = int(board)
            if not 1 <= i <= len(out) or not isinstance(games, list):
                raise InputError(f"board {board} has no play-off to attach")
            out[i - 1] = replace(out[i - 1], playoff=tuple(Result.parse(str(g)) for g in games))
        except (SkakError, ValueError) as err:
            st.problem(line, 5, f"SKR {number}: play-off: {err}")
    return out


def _game(st: _State, number: int, a: _Cell, b: _Cell, na: int, nb: int) -> Pairing | None:
    colours = (a.colour, b.colour)
    if colours in (("w", "b"), ("w", "-"), ("w", " "), ("-", "b"), (" ", "b")):
        white, black, cw, cb = na, nb, a, b
    elif colours in (("b", "w"), ("b", "-"), ("b", " "), ("-", "w"), (" ", "w")):
        white, black, cw, cb = nb, na, b, a
    elif a.colour in "- " and b.colour in "- " and (a.result, b.result) != (" ", " "):
        white, black, cw, cb = na, nb, a, b  # a forfeit without colours: lower number first
    else:
        st.problem(
            a.line,
            a.column + 5,
            f"round {number}: players {na} and {nb} both have colour {a.colour}",
        )
        return None
    if cw.result == " " and cb.result == " ":
        return Pairing(1, white, black)
    outcome = _GAME_PAIRS.get((cw.result, cb.result))
    if outcome is None:
        st.problem(
            a.line,
            a.column + 7,
            f"round {number}: results {cw.result!r} (player {white}) and {cb.result!r} "
            f"(player {black}) do not fit together",
        )
        return None
    if cw.colour not in "wb" and not outcome[0].is_forfeit:
        st.problem(a.line, a.column + 5, f"round {number}: a played game needs colours")
        return None
    return Pairing(1, white, black, outcome[0], unrated=outcome[1])


def _int_list(value: object) -> list[int]:
    return [v for v in value if type(v) is int] if isinstance(value, list) else []


def _board_order(
    st: _State, number: int, games: list[Pairing], skr: tuple[int, dict[str, Any]] | None
) -> list[Pairing]:
    if skr is not None and "boards" in skr[1]:
        by_white = {p.white: p for p in games}
        order = skr[1]["boards"]
        if (
            isinstance(order, list)
            and all(type(w) is int for w in order)
            and sorted(order) == sorted(by_white)
        ):
            return [by_white[w] for w in order]
        st.problem(skr[0], 5, f"SKR {number}: the board order does not list the round's games")
    return default_board_order(games)


def _declared(
    st: _State,
    rows: dict[int, _Row],
    paired: int,
    total: int,
    lines: list[tuple[int, int, Result, int]],
    players: dict[int, Player],
) -> None:
    """Cells after the last paired round, and 240 lines, are byes declared in advance."""
    declared: dict[int, list[tuple[int, Result]]] = {}
    for number, row in rows.items():
        for r in range(paired + 1, total + 1):
            cell = row.cells[r - 1] if r <= len(row.cells) else None
            if cell is not None:
                declared.setdefault(number, []).append((r, _UNPAIRED[cell.result]))
    for number, r, result, line in lines:
        r = r or paired + 1  # XXZ names no round: it is the next one
        if number not in players:
            st.problem(
                line, None, f"240: a bye is declared for player {number}, who does not exist"
            )
            continue
        if r > paired:  # for paired rounds the round's cells say it already
            declared.setdefault(number, []).append((r, result))
    for number, entries in declared.items():
        sets: dict[str, set[int]] = {
            "absent_rounds": set(),
            "half_bye_rounds": set(),
            "full_bye_rounds": set(),
        }
        for r, result in entries:
            key = {Result.HALF_BYE: "half_bye_rounds", Result.FULL_BYE: "full_bye_rounds"}.get(
                result, "absent_rounds"
            )
            sets[key].add(r)
        p = players[number]
        try:
            players[number] = replace(
                p,
                absent_rounds=p.absent_rounds | sets["absent_rounds"],
                half_bye_rounds=p.half_bye_rounds | sets["half_bye_rounds"],
                full_bye_rounds=p.full_bye_rounds | sets["full_bye_rounds"],
            )
        except SkakError as err:
            st.problem(rows[number].line, None, str(err))


def _accelerations(
    st: _State,
    players: dict[int, Player],
    found: list[tuple[int, int, int, Fraction, int]],
) -> None:
    by_player: dict[int, dict[int, Fraction]] = {}
    for ident, first, last, points, line in found:
        if ident not in players:
            st.problem(line, None, f"an acceleration names player {ident}, who does not exist")
            continue
        for r in range(first, min(last, first + 99) + 1):
            by_player.setdefault(ident, {})[r] = points
    for ident, values in by_player.items():
        try:
            players[ident] = replace(players[ident], accelerations=tuple(sorted(values.items())))
        except SkakError as err:
            st.problem(None, None, str(err))


_SKP_FIELDS: dict[str, Callable[[Any], Any]] = {
    "name": str,
    "club": str,
    "dsu_id": int,
    "withdrawn_from": int,
    "late_from": int,
    "absent_rounds": lambda v: frozenset(int(x) for x in v),
    "half_bye_rounds": lambda v: frozenset(int(x) for x in v),
    "full_bye_rounds": lambda v: frozenset(int(x) for x in v),
}
_SKP_RATINGS = ("dsu", "dsu_rapid", "dsu_blitz")


def _player_extensions(
    st: _State, players: dict[int, Player], skp: dict[int, tuple[int, dict[str, Any]]]
) -> dict[int, Player]:
    out = dict(players)
    for number, (line, data) in skp.items():
        if number not in out:
            st.problem(line, 5, f"SKP names player {number}, who has no 001 line")
            continue
        p = out[number]
        try:
            changes = {k: conv(data[k]) for k, conv in _SKP_FIELDS.items() if k in data}
            for k in ("absent_rounds", "half_bye_rounds", "full_bye_rounds"):
                if k in changes:
                    changes[k] = changes[k] | getattr(p, k)
            ratings = {k: int(data[k]) for k in _SKP_RATINGS if k in data}
            if ratings:
                changes["ratings"] = replace(p.ratings, **ratings)
            out[number] = replace(p, **changes)
        except (SkakError, ValueError, TypeError, OverflowError) as err:
            st.problem(line, 5, f"SKP {number}: {err}")
    return out


def _scoring(st: _State, found: dict[str, Fraction | None], skt: dict[str, Any]) -> Scoring:
    if "scoring" in skt:
        try:
            exact = dict(skt["scoring"])
            if not all(
                isinstance(v, str) and re.fullmatch(r"[0-9]{1,4}(/[1-9][0-9]{0,3})?", v)
                for v in exact.values()
            ):
                raise ValueError('points must be written like "1" or "1/2"')
            points: dict[str, Any] = {str(k): Fraction(v) for k, v in exact.items()}
            return Scoring(**points, gladiator=skt.get("gladiator") is True)
        except (SkakError, ValueError, TypeError) as err:
            st.problem(st.skt_line, 5, f"SKT scoring: {err}")
    try:  # in file order: later lines override earlier ones
        return declared_scoring(found, gladiator=skt.get("gladiator") is True)
    except SkakError as err:
        st.problem(None, None, str(err))
        return Scoring()


def _decimal(points: Fraction) -> str:
    text = f"{points.numerator / points.denominator:.3f}".rstrip("0").rstrip(".")
    return text if Fraction(text) == points else f"{points.numerator}/{points.denominator}"


def _check_points(st: _State, t: Tournament, rows: dict[int, _Row], paired: int) -> None:
    """The points column must be what the results give (a declared bye in the next round
    may be counted already, as JaVaFo's convention asks)."""
    for number, row in rows.items():
        if row.points is None or not t.has_player(number):
            continue
        got = score(t, number)
        declared = t.player(number).declared_bye(paired + 1)
        extra = declared.points(Colour.WHITE, t.scoring) if declared else Fraction(0)
        # the column holds one decimal (a whole number from 100 points on)
        tolerance = Fraction(1, 20) if got < 100 else Fraction(1, 2)
        if not any(abs(row.points - g) <= tolerance for g in {got, got + extra}):
            st.problem(
                row.line,
                81,
                f"player {number}'s points {_decimal(row.points)} do not add up: the results "
                f"give {_decimal(got)}",
            )
