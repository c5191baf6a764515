"""The junior team championship as a JSON file (5.5), for ``skak junior standings``::

    {"day": "2025-10-04",
     "teams": [{"name": "1. HK", "no_girl": false, "dispensation": "",
                "players": [{"id": "a1", "name": "…", "birth_date": "2011-05-05",
                             "girl": false, "rating": 1234}]}],
     "matches": [{"round": 1, "first": "1. HK", "second": "2. HK",
                  "first_players": ["a1", …], "second_players": […],
                  "results": ["1-0", "½-½", "0-1", "+-", "-+", "--", …]}]}

``first`` has white on board 1; results are from its side, one a board (§6: 8 boards). The
players of a match may be left out (then §6 is not checked for it); given, they are one a
board, ``null`` (or ``"-"``) for a board left empty, each on his team's list.

``dispensation`` may be ``null`` (none). A key the format does not have (a typo such as
``grl``) is refused, naming the team, player or match and the known keys.

Everything is checked before anything is computed: the types of the values, a result for
every board, each team at most once a round, each pair of teams at most once (all against
all, §5), the round numbers of the round robin; every error names the file and, for a
match, its round.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import date
from typing import Any

from skak.errors import InputError
from skak.teams.junior import BOARDS, JuniorMatch, JuniorPlayer, JuniorTeam

__all__ = ["read_junior"]

_TOP = ("day", "teams", "matches")
_TEAM = ("name", "no_girl", "dispensation", "players")
_PLAYER = ("id", "name", "birth_date", "girl", "rating")
_MATCH = ("round", "first", "second", "first_players", "second_players", "results")
_RESULTS = {"1-0", "½-½", "0-1", "+-", "-+", "--"}
_SPELLINGS = {"1/2-1/2": "½-½", "=": "½-½", "1": "1-0", "0": "0-1", "½": "½-½"}


def read_junior(
    text: str, source: str
) -> tuple[date, tuple[JuniorTeam, ...], tuple[JuniorMatch, ...]]:
    """:raises InputError: naming the file and the part that is wrong (for a match, its
    round), with ``location`` the file."""
    try:
        return _read(text)
    except InputError as err:
        raise InputError(err.message, location=source, problems=err.problems) from None
    except RecursionError:
        raise InputError("the file nests too deeply to be read", location=source) from None


def _read(text: str) -> tuple[date, tuple[JuniorTeam, ...], tuple[JuniorMatch, ...]]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise InputError(f"not JSON: {err.msg} (line {err.lineno}, column {err.colno})") from None
    top = _object(data, "the file")
    _known(top, "the file", _TOP)
    day = _date(top, "day", "the file")
    teams_data = _list(top, "teams", "the file")
    teams = tuple(_team(t, i) for i, t in enumerate(teams_data, start=1))
    by_name: dict[str, JuniorTeam] = {}
    for t in teams:
        if t.name in by_name:
            raise InputError(f"team {t.name!r} is in the file twice")
        by_name[t.name] = t
    owner: dict[str, str] = {}
    for t in teams:
        for p in t.players:
            if p.id in owner:
                where = "twice" if owner[p.id] == t.name else f"on {owner[p.id]} and {t.name}"
                raise InputError(f"player {p.id!r} is {where}")
            owner[p.id] = t.name
    if len(teams) < 2:
        raise InputError("the junior team championship needs at least 2 teams")
    rounds = len(teams) - 1 + len(teams) % 2
    matches: list[JuniorMatch] = []
    playing: dict[tuple[int, str], int] = {}
    met: dict[frozenset[str], int] = {}
    matches_data = top.get("matches", [])
    if not isinstance(matches_data, list):
        raise InputError(f"the file: 'matches' is a list […], not {_kind(matches_data)}")
    for i, raw in enumerate(matches_data, start=1):
        m = _match(raw, i, by_name, rounds)
        where = f"round {m.round}, match {i} ({m.first}–{m.second})"
        for name in (m.first, m.second):
            if (m.round, name) in playing:
                raise InputError(
                    f"{where}: {name} plays match {playing[(m.round, name)]} of round "
                    f"{m.round} already (a team plays once a round)"
                )
            playing[(m.round, name)] = i
        pair = frozenset((m.first, m.second))
        if pair in met:
            raise InputError(
                f"{where}: the two teams met in match {met[pair]} already (all against all, "
                "5.5 §5: each pair once)"
            )
        met[pair] = i
        matches.append(m)
    return day, teams, tuple(matches)


# -- values -----------------------------------------------------------------------------


def _object(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise InputError(f"{where} is a JSON object {{…}}, not {_kind(value)}")
    return value


def _list(data: Mapping[str, Any], key: str, where: str) -> list[Any]:
    if key not in data:
        raise InputError(f"{where} has no {key!r}")
    value = data[key]
    if not isinstance(value, list):
        raise InputError(f"{where}: {key!r} is a list […], not {_kind(value)}")
    return value


def _known(data: Mapping[str, Any], where: str, keys: tuple[str, ...]) -> None:
    """Refuse a key the file format does not have (a typo would otherwise pass unseen)."""
    unknown = [k for k in data if k not in keys]
    if unknown:
        raise InputError(f"{where}: unknown key {unknown[0]!r} (known: {', '.join(keys)})")


def _text(data: Mapping[str, Any], key: str, where: str, default: str | None = None) -> str:
    if (key not in data or data[key] is None) and default is not None:
        return default
    if key not in data:
        raise InputError(f"{where} has no {key!r}")
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise InputError(f"{where}: {key!r} is text, not {_kind(value)}")
    out = str(value).strip()
    if not out and default is None:
        raise InputError(f"{where}: {key!r} is empty")
    return out


def _flag(data: Mapping[str, Any], key: str, where: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise InputError(f"{where}: {key!r} is true or false, not {_kind(value)}")
    return value


def _whole(data: Mapping[str, Any], key: str, where: str) -> int:
    if key not in data:
        raise InputError(f"{where} has no {key!r}")
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(f"{where}: {key!r} is a whole number, not {_kind(value)}")
    return value


def _date(data: Mapping[str, Any], key: str, where: str) -> date:
    text = _text(data, key, where)
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise InputError(f"{where}: {key!r} is a date YYYY-MM-DD, not {text!r}") from None


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, str):
        return f"the text {value!r}"
    if isinstance(value, int | float):
        return f"the number {value}"
    return "a list" if isinstance(value, list) else "an object"


# -- the parts --------------------------------------------------------------------------


def _team(raw: Any, i: int) -> JuniorTeam:
    t = _object(raw, f"team {i}")
    name = _text(t, "name", f"team {i}")
    where = f"team {name!r}"
    _known(t, where, _TEAM)
    players = []
    for j, p in enumerate(_list(t, "players", where), start=1):
        players.append(_player(_object(p, f"{where}, player {j}"), f"{where}, player {j}"))
    return JuniorTeam(
        name,
        tuple(players),
        _flag(t, "no_girl", where),
        _text(t, "dispensation", where, default=""),
    )


def _player(p: Mapping[str, Any], where: str) -> JuniorPlayer:
    ident = _text(p, "id", where)
    where = f"{where} ({ident})"
    _known(p, where, _PLAYER)
    rating = p.get("rating")
    if rating is not None and (isinstance(rating, bool) or not isinstance(rating, int)):
        raise InputError(f"{where}: 'rating' is a whole number or null, not {_kind(rating)}")
    return JuniorPlayer(
        ident,
        _text(p, "name", where),
        _date(p, "birth_date", where),
        _flag(p, "girl", where),
        rating,
    )


def _match(raw: Any, i: int, teams: Mapping[str, JuniorTeam], rounds: int) -> JuniorMatch:
    m = _object(raw, f"match {i}")
    number = _whole(m, "round", f"match {i}")
    where = f"round {number}, match {i}"
    if not 1 <= number <= rounds:
        raise InputError(f"{where}: {len(teams)} teams play rounds 1–{rounds} (5.5 §5)")
    first = _text(m, "first", where)
    second = _text(m, "second", where)
    where = f"{where} ({first}–{second})"
    _known(m, where, _MATCH)
    for t in (first, second):
        if t not in teams:
            raise InputError(f"{where}: no team {t!r} in the file")
    if first == second:
        raise InputError(f"{where}: a team does not play itself")
    results_raw = _list(m, "results", where)
    if len(results_raw) != BOARDS:
        raise InputError(
            f"{where}: {len(results_raw)} results for {BOARDS} boards (5.5 §6); give one a "
            "board (+- -+ -- for a game not played)"
        )
    results = []
    for b, r in enumerate(results_raw, start=1):
        if not isinstance(r, str | int) or isinstance(r, bool):
            raise InputError(f"{where}, board {b}: the result is text, not {_kind(r)}")
        text = _SPELLINGS.get(str(r).strip(), str(r).strip())
        if text not in _RESULTS:
            raise InputError(f"{where}, board {b}: {r!r} is no result (1-0, ½-½, 0-1, +-, -+, --)")
        results.append(text)
    line_ups = []
    for key, team in (("first_players", first), ("second_players", second)):
        line_ups.append(_players(m, key, teams[team], where))
    return JuniorMatch(number, first, second, line_ups[0], line_ups[1], tuple(results))


def _players(
    m: Mapping[str, Any], key: str, team: JuniorTeam, where: str
) -> tuple[str | None, ...]:
    if key not in m or m[key] is None or m[key] == []:
        return ()
    raw = _list(m, key, where)
    if len(raw) != BOARDS:
        raise InputError(
            f"{where}: {key} names {len(raw)} boards, not {BOARDS} (null for an empty board)"
        )
    out: list[str | None] = []
    for b, p in enumerate(raw, start=1):
        if p is None or p == "-":
            out.append(None)
            continue
        if isinstance(p, bool) or not isinstance(p, str | int):
            raise InputError(f"{where}, board {b}: {key} holds {_kind(p)}, not a player's id")
        ident = str(p).strip()
        if team.find(ident) is None:
            raise InputError(f"{where}, board {b}: {ident!r} is not on {team.name}'s list")
        if ident in out:
            raise InputError(f"{where}: {ident!r} plays two boards for {team.name}")
        out.append(ident)
    return tuple(out)
