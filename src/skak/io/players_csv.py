"""Player lists from CSV (spillerliste), all or nothing.

The first line names the columns, in English or Danish (``name``/``navn``,
``rating``/``ratingtal``, ``club``/``klub``, …; see :data:`COLUMNS`). Comma, semicolon (as
Danish spreadsheets write) and tab are recognised; text may be UTF-8 or Windows-1252.
Every bad line is reported, each with its file and line number, and nothing is imported
unless every line is good.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable
from datetime import date
from typing import Any

from skak.errors import InputError, SkakError
from skak.messages import N_, N_plural
from skak.model.player import RATING_NAMES, Player, Ratings, Sex, Title
from skak.model.progress import Progress
from skak.model.tournament import Tournament

__all__ = ["COLUMNS", "decode_text", "parse_players_csv"]

#: Canonical column → accepted header spellings (case and spaces ignored).
COLUMNS: dict[str, tuple[str, ...]] = {
    "start_number": ("start_number", "startnummer", "startnr", "nr", "no"),
    "name": ("name", "navn"),
    "last_name": ("last_name", "efternavn"),
    "first_name": ("first_name", "fornavn"),
    "sex": ("sex", "køn", "kon"),
    "birth_date": ("birth_date", "birthdate", "født", "fødselsdato"),
    "club": ("club", "klub"),
    "federation": ("federation", "fed", "føderation", "land"),
    "dsu_id": ("dsu_id", "medlemsnummer", "medlemsnr"),
    "fide_id": ("fide_id", "fideid"),
    "title": ("title", "titel"),
    "dsu": ("rating", "dsu_rating", "ratingtal", "dsu"),
    "dsu_rapid": ("dsu_rapid", "rapid", "hurtig"),
    "dsu_blitz": ("dsu_blitz", "blitz", "lyn"),
    "fide": ("fide_rating", "elo", "fide"),
}
_HEADER = {alias: key for key, aliases in COLUMNS.items() for alias in aliases}


def decode_text(data: bytes) -> str:
    """UTF-8 (with or without a byte-order mark), UTF-16 with a byte-order mark (Excel's
    "Unicode text"), else Windows-1252 as Danish Excel writes."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16", errors="replace")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def _norm(header: str) -> str:
    return re.sub(r"[\s\-]+", "_", header.strip().lower())


def _int(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise InputError(
            N_("{what} {text} is not a whole number", what=what, text=repr(text))
        ) from None


def _date(text: str) -> date:
    patterns = (
        (r"(\d{4})-(\d{1,2})-(\d{1,2})", "ymd"),
        (r"(\d{1,2})[-./](\d{1,2})[-./](\d{4})", "dmy"),
    )
    for pattern, order in patterns:
        m = re.fullmatch(pattern, text)
        if m:
            a, b, c = (int(g) for g in m.groups())
            y, mo, d = (a, b, c) if order == "ymd" else (c, b, a)
            try:
                return date(y, mo, d)
            except ValueError:
                break
    raise InputError(f"birth date {text!r} is not a date like 1990-04-23 or 23-04-1990")


def _sex(text: str) -> Sex:
    t = text.strip().lower()
    if t in ("m", "male", "mand", "dreng"):
        return Sex.MALE
    if t in ("w", "f", "k", "female", "kvinde", "pige"):
        return Sex.FEMALE
    raise InputError(N_("sex {text} is not m or w (k)", text=repr(text)))


_CONVERT: dict[str, Callable[[str], Any]] = {
    "start_number": lambda t: _int(t, N_("start number (startnummer)")),
    "sex": _sex,
    "birth_date": _date,
    "federation": lambda t: t.strip().upper(),
    "dsu_id": lambda t: _int(t, N_("DSU member number")),
    "fide_id": lambda t: _int(t, N_("FIDE ID")),
    "title": Title.parse,
    "dsu": lambda t: _int(t, RATING_NAMES["dsu"]),
    "dsu_rapid": lambda t: _int(t, RATING_NAMES["dsu_rapid"]),
    "dsu_blitz": lambda t: _int(t, RATING_NAMES["dsu_blitz"]),
    "fide": lambda t: _int(t, RATING_NAMES["fide"]),
}


def parse_players_csv(
    text: str, source: str, tournament: Tournament, progress: Progress | None = None
) -> tuple[Player, ...]:
    """The players a CSV text lists, numbered after those already in ``tournament``.

    A row without a start number gets the number after the highest one so far. Once round 1 is
    paired, new players are late entries from the next round. ``progress`` is told ``(lines
    read, lines)`` now and then.

    :raises InputError: listing every bad line (``players.csv line 4: …``).
    """
    # CR (Excel's "CSV (Macintosh)"), LF and CRLF line ends alike
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    first_line = text.split("\n", 1)[0]
    delimiter = max(";\t,", key=first_line.count)  # names hold commas; headers do not
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    try:
        header = next(reader, None)
    except csv.Error as err:
        raise InputError(
            f"the line cannot be read as CSV ({err})",
            location=f"{source} line {max(reader.line_num, 1)}",
        ) from None
    if header is None or not any(h.strip() for h in header):
        raise InputError("the file is empty; the first line must name the columns", location=source)
    keys: list[str] = []
    seen: set[str] = set()
    problems: list[str] = []
    for h in header:
        if not h.strip():
            keys.append("")  # an empty trailing column, as spreadsheets write
            continue
        key = _HEADER.get(_norm(h))
        if key is None:
            known = ", ".join(aliases[0] for aliases in COLUMNS.values())
            problems.append(f"{source} line 1: unknown column {h!r} (known: {known})")
        elif key in seen:
            problems.append(f"{source} line 1: column {h!r} says the same as an earlier column")
        else:
            seen.add(key)
        keys.append(key or "")
    if "name" not in keys and not {"last_name", "first_name"} <= set(keys):
        problems.append(f"{source} line 1: no 'name' (navn) column")
    if problems:
        raise InputError("the header line is not usable", location=source, problems=problems)

    taken = {p.start_number: p.name for p in tournament.players}
    late_from = tournament.next_round if tournament.rounds else None
    rows: list[tuple[int, dict[str, Any]]] = []
    line_count = text.count("\n") + 1  # the line ends are "\n" alone by now
    try:
        for row in reader:
            line = reader.line_num
            if progress is not None and line % _REPORT_EVERY == 0:
                progress(line, line_count)
            if not any(cell.strip() for cell in row):
                continue
            where = f"{source} line {line}"
            end = len(row)
            while end > len(keys) and not row[end - 1].strip():
                end -= 1  # empty trailing fields, cut once: linear in the line's length
            row = row[:end]
            if len(row) < len(keys) and not any(keys[len(row) :]):
                row = row + [""] * (len(keys) - len(row))
            if len(row) != len(keys):
                problems.append(f"{where}: {len(row)} fields, the header has {len(keys)}")
                continue
            values: dict[str, Any] = {}
            for key, cell in zip(keys, row, strict=True):
                cell = cell.strip()
                if not cell or not key:
                    continue
                try:
                    values[key] = _CONVERT.get(key, str)(cell)
                except SkakError as err:
                    problems.append(_at(source, line, err))
            rows.append((line, values))
    except csv.Error as err:
        problems.append(f"{source} line {reader.line_num}: the line cannot be read as CSV ({err})")

    players: list[Player] = []
    highest = max(taken, default=0)  # kept as numbers are taken: linear in the file's size
    for line, values in rows:
        where = f"{source} line {line}"
        if "name" not in values:
            last, first = values.get("last_name"), values.get("first_name")
            if last:
                values["name"] = f"{last}, {first}" if first else last
            else:
                problems.append(f"{where}: the name (navn) is empty")
                continue
        number = values.get("start_number")
        if number is None:
            number = highest + 1
        elif number in taken:
            problems.append(
                f"{where}: start number (startnummer) {number} is taken by {taken[number]}"
            )
            continue
        taken[number] = values["name"]
        highest = max(highest, number)
        try:
            players.append(
                Player(
                    start_number=number,
                    name=values["name"],
                    sex=values.get("sex"),
                    birth_date=values.get("birth_date"),
                    club=values.get("club"),
                    federation=values.get("federation"),
                    dsu_id=values.get("dsu_id"),
                    fide_id=values.get("fide_id"),
                    title=values.get("title"),
                    ratings=Ratings(
                        dsu=values.get("dsu"),
                        dsu_rapid=values.get("dsu_rapid"),
                        dsu_blitz=values.get("dsu_blitz"),
                        fide=values.get("fide"),
                    ),
                    late_from=late_from,
                )
            )
        except SkakError as err:
            problems.append(_at(source, line, err))
    if problems:
        lines = sorted({int(m.group(1)) for p in problems if (m := re.search(r" line (\d+):", p))})
        raise InputError(
            N_plural(
                "nothing imported: {n} bad line", "nothing imported: {n} bad lines", len(lines)
            ),
            location=source,
            problems=problems,
        )
    if not players:
        raise InputError("the file lists no players", location=source)
    if progress is not None:
        progress(line_count, line_count)
    return tuple(players)


def _at(source: str, line: int, err: SkakError) -> str:
    """A problem of one line, its place first (``players.csv line 4: …``)."""
    where = N_("{source} line {line}", source=source, line=line)
    return N_("{location}: {message}", location=where, message=err.message)


#: How many lines are read between two progress reports.
_REPORT_EVERY = 100
