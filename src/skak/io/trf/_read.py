"""Reading a TRF into a :class:`~skak.model.Tournament`, strictly or leniently.

The entry points (:func:`decode_trf`, :func:`parse_trf`) and the line loop: each line goes by
its record code to the player-line parser (``001``, in :mod:`skak.io.trf._rows`), to the
extension records (``SKT``, ``SKP``, ``SKR``: JSON objects) or to the header-record handlers
here (name, dates, rounds, scoring, declared byes, initial colour, bans, accelerations,
pairing system; unknown records are kept as imported). What was read is then handed to
:mod:`skak.io.trf._assemble`, which builds the tournament.
"""

from __future__ import annotations

import re
from datetime import date
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from skak.errors import InputError, SkakError
from skak.io.trf._assemble import TrfRead, _assemble
from skak.io.trf._common import CANONICAL_CODES, XXS_CODES
from skak.io.trf._rows import _is_number, _player_row, _points, _Row, _State
from skak.model.progress import Progress
from skak.model.results import Colour, Result

if TYPE_CHECKING:
    from skak.model.changes import ChangeNote

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


def decode_trf(data: bytes) -> str:
    """UTF-8 (with or without byte-order mark), else Latin-1."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def parse_trf(
    text: str, source: str = "<trf>", *, strict: bool = True, progress: Progress | None = None
) -> TrfRead:
    """Read a TRF16 or TRF-2026 text.

    Strict (the default) stops at the first problem with its file, line and column; lenient
    returns the tournament built from what could be read plus every problem found.
    ``progress`` is told ``(lines read, lines)`` now and then.

    :raises InputError: in strict mode, at the first problem; in either mode, when nothing
        usable is left (no players).
    """
    st = _State(source, strict)
    lines = re.split(r"\r\n|\r|\n", text)
    header: dict[str, Any] = {"imported": [], "scoring": {}}
    rows: list[_Row] = []
    extensions: dict[str, Any] = {"SKT": {}, "SKP": {}, "SKR": {}}
    for n, raw in enumerate(lines, start=1):
        if progress is not None and n % _REPORT_EVERY == 0:
            progress(n, len(lines))
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
    read = _assemble(st, header, rows, extensions)
    if progress is not None:
        progress(len(lines), len(lines))
    return read


#: How many lines a reader reads between two progress reports.
_REPORT_EVERY = 100


# -- header records ----------------------------------------------------------------------------


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
    elif code == "###" and (note := _change_note(st, n, line)) is not None:
        header.setdefault("changes", []).append(note)  # a change skak recorded
    else:
        header["imported"].append(line)


def _change_note(st: _State, n: int, line: str) -> ChangeNote | None:
    """The change a ``###`` line of skak's records (:mod:`skak.model.changes`); ``None``
    for another comment, kept as it is."""
    from skak.model.changes import ChangeNote  # only for a file with such lines

    try:
        return ChangeNote.from_line(line)
    except SkakError as err:
        st.problem(n, 1, f"a change recorded in a ### line cannot be read: {err}")
        return None


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
    import json  # only for skak's own extension lines (most files have none)

    try:
        data = json.loads(
            rest,
            parse_float=_no_float,
            # each number read by _small_int() only where the text has one too long to be
            # read as it is: many numbers (a round's board order) are read by json alone
            parse_int=_small_int if re.search("[0-9]{13}", rest) else None,
            parse_constant=_no_float,
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


def _no_float(text: str) -> Any:
    raise ValueError(f"{text} is not a whole number or a text")


def _small_int(text: str) -> int:
    if len(text.lstrip("-")) > 12:
        raise ValueError(f"{text[:15]}… is too large a number")
    return int(text)
