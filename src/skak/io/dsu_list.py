"""DSU's rating list as its club export writes it (semicolon-separated, quoted):
``"Nummer";"Født år";"Navn";"Klub";"Titel";"Rating";"Hurtig";"Lyn";"Elo";"Fide";"K-factor"``.

All or nothing: every bad line is reported with its file and line.
"""

from __future__ import annotations

import csv
import io
from datetime import date

from skak.errors import InputError
from skak.rating.registry import PlayerEntered

__all__ = ["COLUMNS", "parse_dsu_list"]

COLUMNS = (
    "Nummer",
    "Født år",
    "Navn",
    "Klub",
    "Titel",
    "Rating",
    "Hurtig",
    "Lyn",
    "Elo",
    "Fide",
    "K-factor",
)


def parse_dsu_list(text: str, source: str, day: date) -> tuple[PlayerEntered, ...]:
    """The players of a DSU rating list, as registry entries dated ``day``.

    :raises InputError: naming every bad line.
    """
    # CR, LF and CRLF line ends alike (a lone CR would stop the CSV reader)
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    reader = csv.reader(io.StringIO(text), delimiter=";")
    try:
        header = next(reader, None)
    except csv.Error as err:
        raise InputError(
            f"the line cannot be read as CSV ({err})",
            location=f"{source} line {max(reader.line_num, 1)}",
        ) from None
    if header is None or [h.strip() for h in header[: len(COLUMNS)]] != list(COLUMNS):
        raise InputError(
            "the first line must name the columns " + ";".join(f'"{c}"' for c in COLUMNS),
            location=source,
        )
    out: list[PlayerEntered] = []
    problems: list[str] = []
    seen: set[int] = set()
    try:
        for row in reader:
            where = f"{source} line {reader.line_num}"
            if not any(cell.strip() for cell in row):
                continue
            if len(row) < len(COLUMNS):
                problems.append(f"{where}: {len(row)} fields, the list has {len(COLUMNS)}")
                continue
            number, born, name, club, _title, standard, rapid, blitz, elo, fide = (
                c.strip() for c in row[:10]
            )
            if not number.isascii() or not number.isdigit() or int(number) < 1:
                problems.append(f"{where}: member number {number!r} is not a number")
                continue
            if int(number) in seen:
                problems.append(f"{where}: member number {number} is listed twice")
                continue
            ratings = []
            for kind, value in (("standard", standard), ("rapid", rapid), ("blitz", blitz)):
                if not value or value == "0":
                    continue
                if not value.isascii() or not value.isdigit() or not 1 <= int(value) <= 3999:
                    problems.append(f"{where}: {kind} rating {value!r} is not a rating")
                    break
                ratings.append((kind, int(value)))
            else:
                if not name:
                    problems.append(f"{where}: the name (navn) is empty")
                    continue
                seen.add(int(number))
                out.append(
                    PlayerEntered(
                        int(number),
                        name,
                        tuple(ratings),
                        day,
                        source,
                        club or None,
                        _known(born, 1880, day.year),
                        _known(fide, 1, 10**10),
                        _known(elo, 1, 3999),
                    )
                )
    except csv.Error as err:
        problems.append(f"{source} line {reader.line_num}: the line cannot be read as CSV ({err})")
    if problems:
        raise InputError(
            f"nothing imported: {len(problems)} bad line{'s' if len(problems) != 1 else ''}",
            location=source,
            problems=problems,
        )
    return tuple(out)


def parse_fide_alignment(text: str, source: str) -> dict[int, tuple[int, int]]:
    """FIDE's list for the August alignment (001 §6) as JSON, ``[{"dsu_id": 1, "fide":
    2210, "games": 45}, …]``: by DSU member number, the FIDE rating and the games behind it.

    :raises InputError: naming the file and the entry that is wrong.
    """
    import json

    try:
        rows = json.loads(text)
    except (ValueError, RecursionError) as e:
        raise InputError(f"not valid JSON: {e}", location=source) from None
    fide: dict[int, tuple[int, int]] = {}
    for i, row in enumerate(rows if isinstance(rows, list) else [None]):
        values = [
            row.get(k) if isinstance(row, dict) else None for k in ("dsu_id", "fide", "games")
        ]
        numbers = [v for v in values if type(v) is int]
        if len(numbers) != 3:
            raise InputError(
                f"entry {i} needs whole numbers 'dsu_id', 'fide' and 'games'", location=source
            )
        fide[numbers[0]] = (numbers[1], numbers[2])
    return fide


def _known(value: str, lowest: int, highest: int) -> int | None:
    """A birth year, FIDE id or FIDE rating of the list, or ``None`` where it gives none
    (empty, 0, or no such number: these columns only inform a registration, so a value
    that cannot be one is left out rather than refusing the list)."""
    if value.isascii() and value.isdigit() and lowest <= int(value) <= highest:
        return int(value)
    return None
