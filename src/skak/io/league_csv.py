"""The division league's files: teams and strength lists (styrkelister) as CSV, all or
nothing, every bad line reported with its file and line number.

Teams: ``team`` (hold), ``club`` (klub), ``division`` (række), ``group`` (gruppe), and
optionally ``number`` (the draw number in the group; default: the order of the file) and
``club_team`` (holdnummer: 1 for the club's first team; default: the club's teams in the
order of the file).

Strength lists: ``club`` (klub; or one club for the whole file), ``name`` (navn), and
optionally ``number`` (styrkelistenummer; default: the order of the file, club by club),
``id`` (medlemsnummer; default: the name), ``team`` (hold: the club team number, empty for a
reserve), ``foreign`` (udlænding: yes/no, §9 b 3), ``other_club`` (anden klub, §10 c), and
for the cup and the junior championship ``rating`` (ratingtal), ``birth_date`` (født) and
``sex`` (køn).
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from skak.errors import InputError, SkakError
from skak.teams.cup import CupPlayer, CupTeam
from skak.teams.league import Team
from skak.teams.strength import ListedPlayer, StrengthList

__all__ = [
    "CUP_COLUMNS",
    "STRENGTH_COLUMNS",
    "TEAM_COLUMNS",
    "PlayerLine",
    "parse_cup_teams_csv",
    "parse_player_lines",
    "parse_strength_csv",
    "parse_team_lines",
    "parse_teams_csv",
    "read_table",
]

TEAM_COLUMNS: dict[str, tuple[str, ...]] = {
    "team": ("team", "hold", "holdnavn"),
    "club": ("club", "klub"),
    "division": ("division", "række", "raekke"),
    "group": ("group", "gruppe"),
    "number": ("number", "nr", "lodtrækningsnummer", "draw_number"),
    "club_team": ("club_team", "holdnummer", "team_number"),
}
STRENGTH_COLUMNS: dict[str, tuple[str, ...]] = {
    "club": ("club", "klub"),
    "number": ("number", "nr", "styrkelistenummer"),
    "id": ("id", "medlemsnummer", "dsu_id"),
    "name": ("name", "navn"),
    "team": ("team", "hold"),
    "foreign": ("foreign", "udlænding", "udenlandsk"),
    "other_club": ("other_club", "anden_klub"),
    "rating": ("rating", "ratingtal"),
    "birth_date": ("birth_date", "født", "fødselsdato"),
    "sex": ("sex", "køn"),
}


def _norm(header: str) -> str:
    return re.sub(r"[\s\-]+", "_", header.strip().lower())


def read_table(
    text: str, source: str, columns: Mapping[str, tuple[str, ...]], required: Sequence[str]
) -> list[tuple[int, dict[str, str]]]:
    """The rows of a CSV text as ``(line, {column: text})``, empty cells left out.

    :raises InputError: for an unusable header (unknown or repeated columns, a required
        one missing) or a line with too many fields, listing every problem.
    """
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    first = text.split("\n", 1)[0]
    delimiter = max(";\t,", key=first.count)
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    header = next(reader, None)
    if header is None or not any(h.strip() for h in header):
        raise InputError("the file is empty; the first line must name the columns", location=source)
    aliases = {a: key for key, names in columns.items() for a in names}
    keys: list[str] = []
    problems = []
    for h in header:
        key = aliases.get(_norm(h), "") if h.strip() else ""
        if h.strip() and not key:
            known = ", ".join(names[0] for names in columns.values())
            problems.append(f"{source} line 1: unknown column {h!r} (known: {known})")
        elif key and key in keys:
            problems.append(f"{source} line 1: column {h!r} says the same as an earlier column")
        keys.append(key)
    for need in required:
        if need not in keys:
            problems.append(f"{source} line 1: no {need!r} ({columns[need][1]}) column")
    if problems:
        raise InputError("the header line is not usable", location=source, problems=problems)
    rows = []
    try:
        for row in reader:
            if not any(c.strip() for c in row):
                continue
            line = reader.line_num
            while len(row) > len(keys) and not row[-1].strip():
                row = row[:-1]
            if len(row) > len(keys):
                problems.append(
                    f"{source} line {line}: {len(row)} fields, the header has {len(keys)}"
                )
                continue
            rows.append(
                (line, {k: c.strip() for k, c in zip(keys, row, strict=False) if k and c.strip()})
            )
    except csv.Error as err:
        problems.append(f"{source} line {reader.line_num}: the line cannot be read as CSV ({err})")
    if problems:
        raise InputError("nothing was read", location=source, problems=problems)
    if not rows:
        raise InputError("the file holds no lines after the header", location=source)
    return rows


def _int(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise InputError(f"{what} {text!r} is not a whole number") from None


def _yes(text: str, what: str) -> bool:
    t = text.strip().lower()
    if t in ("yes", "ja", "y", "j", "x", "1", "true"):
        return True
    if t in ("no", "nej", "n", "0", "false", ""):
        return False
    raise InputError(f"{what} {text!r} is yes or no (ja/nej)")


def parse_teams_csv(text: str, source: str) -> tuple[Team, ...]:
    """The teams a CSV lists (see the module).

    :raises InputError: listing every bad line.
    """
    return tuple(t for _, t in parse_team_lines(text, source))


def parse_team_lines(text: str, source: str) -> list[tuple[int, Team]]:
    """The teams a CSV lists, each with its line number (see the module).

    :raises InputError: listing every bad line.
    """
    rows = read_table(text, source, TEAM_COLUMNS, ("team", "club", "division", "group"))
    problems = []
    teams = []
    counts: dict[tuple[str, int], int] = {}
    ranks: dict[str, int] = {}
    for line, v in rows:
        where = f"{source} line {line}"
        try:
            missing = [k for k in ("team", "club", "division", "group") if k not in v]
            if missing:
                raise InputError(f"{', '.join(missing)} missing")
            group = _int(v["group"], "group")
            key = (v["division"], group)
            counts[key] = counts.get(key, 0) + 1
            number = _int(v["number"], "number") if "number" in v else counts[key]
            ranks[v["club"]] = ranks.get(v["club"], 0) + 1
            rank = _int(v["club_team"], "club team") if "club_team" in v else ranks[v["club"]]
            teams.append((line, Team(v["team"], v["club"], v["division"], group, number, rank)))
        except SkakError as err:
            problems.append(f"{where}: {err}")
    if problems:
        raise InputError("nothing was read", location=source, problems=problems)
    return teams


@dataclass(frozen=True, slots=True)
class PlayerLine:
    """One line of a strength list, before it is one club's list."""

    line: int
    club: str
    number: int | None
    player: ListedPlayer
    rating: int | None
    birth_date: date | None
    sex: str | None


def parse_player_lines(text: str, source: str, club: str | None = None) -> list[PlayerLine]:
    """Every line of a strength list file (see the module).

    :raises InputError: listing every bad line.
    """
    rows = read_table(text, source, STRENGTH_COLUMNS, ("name",))
    out = []
    problems = []
    convert: dict[str, Callable[[str], Any]] = {
        "number": lambda t: _int(t, "number"),
        "team": lambda t: _int(t, "team"),
        "rating": lambda t: _int(t, "rating"),
        "foreign": lambda t: _yes(t, "foreign"),
        "other_club": lambda t: _yes(t, "other club"),
        "birth_date": _birth,
    }
    for line, v in rows:
        where = f"{source} line {line}"
        try:
            values = {k: convert.get(k, str)(t) for k, t in v.items()}
            owner = values.get("club") or club
            if owner is None:
                raise InputError("no club: give a 'club' column or --club")
            if "name" not in values:
                raise InputError("the name (navn) is empty")
            sex = values.get("sex")
            if sex is not None and sex.lower() not in ("m", "w", "k", "f"):
                raise InputError(f"sex {sex!r} is m or w (k)")
            player = ListedPlayer(
                0,
                values.get("id") or values["name"],
                values["name"],
                values.get("team"),
                values.get("foreign", False),
                values.get("other_club", False),
            )
            out.append(
                PlayerLine(
                    line,
                    owner,
                    values.get("number"),
                    player,
                    values.get("rating"),
                    values.get("birth_date"),
                    None if sex is None else ("w" if sex.lower() in ("w", "k", "f") else "m"),
                )
            )
        except SkakError as err:
            problems.append(f"{where}: {err}")
    if problems:
        raise InputError("nothing was read", location=source, problems=problems)
    return out


def _birth(text: str) -> date:
    for pattern, order in (
        (r"(\d{4})-(\d{1,2})-(\d{1,2})", "ymd"),
        (r"(\d{1,2})[-./](\d{1,2})[-./](\d{4})", "dmy"),
    ):
        m = re.fullmatch(pattern, text)
        if m:
            a, b, c = (int(g) for g in m.groups())
            y, mo, d = (a, b, c) if order == "ymd" else (c, b, a)
            try:
                return date(y, mo, d)
            except ValueError:
                break
    raise InputError(f"birth date {text!r} is not a date like 2010-04-23 or 23-04-2010")


def parse_strength_csv(
    text: str, source: str, club: str | None = None, notified: date | None = None
) -> tuple[StrengthList, ...]:
    """One strength list per club the file names, players numbered by ``number`` or in the
    file's order (see the module).

    :raises InputError: listing every bad line (a number twice, a player twice).
    """
    lines = parse_player_lines(text, source, club)
    by_club: dict[str, list[PlayerLine]] = {}
    for pl in lines:
        by_club.setdefault(pl.club, []).append(pl)
    out = []
    problems = []
    for owner, own in by_club.items():
        players = []
        for i, pl in enumerate(own, start=1):
            number = pl.number if pl.number is not None else i
            players.append(_numbered(pl.player, number))
        twice = _twice(source, owner, own, players)
        if twice:
            problems += twice
            continue
        try:
            out.append(StrengthList(owner, tuple(players), notified))
        except InputError as err:
            problems.append(f"{source}: {err}")
    if problems:
        raise InputError("nothing was read", location=source, problems=problems)
    return tuple(out)


def _twice(
    source: str, club: str, lines: Sequence[PlayerLine], players: Sequence[ListedPlayer]
) -> list[str]:
    """A number or a player the club's list gives twice, with the lines that give it."""
    out = []
    for what in ("number", "player"):
        found: dict[object, list[int]] = {}
        for k, p in enumerate(players):
            found.setdefault(p.number if what == "number" else p.id, []).append(k)
        for value, at in found.items():
            if len(at) < 2:
                continue
            where = f"{source} lines {', '.join(str(lines[k].line) for k in at)}"
            if what == "number":
                who = " and ".join(f"{players[k].name} ({players[k].id})" for k in at)
                out.append(f"{where}: {club}'s strength list gives number {value} to {who}")
            else:
                times = "twice" if len(at) == 2 else f"{len(at)} times"
                out.append(f"{where}: {club}'s strength list holds {value} {times}")
    return out


def _numbered(p: ListedPlayer, number: int) -> ListedPlayer:
    return ListedPlayer(number, p.id, p.name, p.team, p.foreign, p.other_club)


CUP_COLUMNS: dict[str, tuple[str, ...]] = {
    "team": ("team", "hold"),
    "club": ("club", "klub"),
    "name": ("name", "navn"),
    "id": ("id", "medlemsnummer", "dsu_id"),
    "player_club": ("player_club", "spillerklub"),
    "rating": ("rating", "ratingtal"),
    "birth_date": ("birth_date", "født", "fødselsdato"),
    "authority": ("authority", "tildelt_af"),
    "registered": ("registered", "registreret"),
}


def parse_cup_teams_csv(text: str, source: str) -> tuple[CupTeam, ...]:
    """A cup row's teams, one line per player in the strength list's order (5.3 §4):
    ``team``, ``club``, ``name``, and optionally ``id``, ``player_club`` (the senior row's
    mixed teams; default: the team's club), ``rating``, ``birth_date``, ``authority`` (who
    gave an unrated player his rating: club, district, rk) and ``registered``.

    :raises InputError: listing every bad line.
    """
    rows = read_table(text, source, CUP_COLUMNS, ("team", "club", "name"))
    teams: dict[str, tuple[str, list[CupPlayer]]] = {}
    problems = []
    for line, v in rows:
        where = f"{source} line {line}"
        try:
            for need in ("team", "club", "name"):
                if need not in v:
                    raise InputError(f"{need} missing")
            club, players = teams.setdefault(v["team"], (v["club"], []))
            if club != v["club"]:
                raise InputError(f"team {v['team']} is of {club}, not {v['club']}")
            authority = v.get("authority")
            if authority is not None and authority not in ("club", "district", "rk"):
                raise InputError(f"authority {authority!r} is club, district or rk")
            players.append(
                CupPlayer(
                    v.get("id") or v["name"],
                    v["name"],
                    v.get("player_club") or club,
                    _int(v["rating"], "rating") if "rating" in v else None,
                    _birth(v["birth_date"]) if "birth_date" in v else None,
                    authority,
                    _birth(v["registered"]) if "registered" in v else None,
                )
            )
        except SkakError as err:
            problems.append(f"{where}: {err}")
    if problems:
        raise InputError("nothing was read", location=source, problems=problems)
    return tuple(CupTeam(name, club, tuple(players)) for name, (club, players) in teams.items())
