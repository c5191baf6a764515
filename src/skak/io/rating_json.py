"""The JSON of one tournament for a DSU rating calculation (``skak rating calc``,
``skak rating candidate``, and the web UI's upload); pure, in time linear in its size.

::

    {"edition": "dsu-2024", "date": "2026-03-01", "kind": "standard", "round_robin": false,
     "players": [{"id": "A", "rating": 1850, "fide": null}],
     "games": [{"white": "A", "black": "B", "result": "1-0", "unexcused_no_show": false,
                "rated": true}]}

A player without ``rating`` uses ``fide`` (DSU 001 §5.2; 003 §4.5.5.2), else gets a
performance rating; a game's ``rated: false`` drops it (a reserve put in after half an hour)
and ``unexcused_no_show`` rates a forfeit (§4.5.4.2).
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

from skak.errors import InputError
from skak.messages import N_
from skak.model.results import Result, parse_points
from skak.rating.calc import RatedGame, RatedPlayer
from skak.rating.fide import FideGame, FidePlayer

__all__ = [
    "RESULTS",
    "parse_calc_request",
    "parse_fide_request",
    "read_calc_request",
    "read_fide_request",
]

#: The result strings a game may hold.
RESULTS = frozenset({"1-0", "0-1", "1/2-1/2", "½-½", "+-", "-+", "--"})

CalcRequest = tuple[list[RatedPlayer], list[RatedGame], dict[str, Any]]


def read_calc_request(path: Path) -> CalcRequest:
    """Read the JSON file at ``path`` (UTF-8): see :func:`parse_calc_request`.

    :raises InputError: when the file cannot be read, or naming the field that is wrong.
    """
    return parse_calc_request(_read_text(path), str(path))


def _read_text(path: Path) -> str:
    """A JSON file's text (JSON is UTF-8).

    :raises InputError: when the file cannot be read or is not UTF-8, saying where."""
    try:
        data = path.read_bytes()
    except OSError as e:
        raise InputError(f"cannot read the file: {e.strerror}", location=str(path)) from e
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        raise InputError(
            f"line {line}: byte 0x{data[e.start]:02x} is not UTF-8; a JSON file is UTF-8 text "
            "(save it as UTF-8)",
            location=str(path),
        ) from e


def parse_calc_request(text: str, source: str) -> CalcRequest:
    """The players, the games and the whole object of a rating calculation's JSON text.

    Each id and each game is looked up once in a dictionary, so the time grows with the
    size of the file (10 000 players and 10 000 games take a fraction of a second).

    :raises InputError: naming ``source`` and the field that is wrong (``players[3]``,
        ``games[12]``), a player id listed twice, or a game's unlisted player.
    """
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as e:
        raise InputError(f"not valid JSON: {e}", location=source) from e
    if not isinstance(data, dict):
        raise InputError("the file must hold a JSON object", location=source)

    def field(obj: dict[str, Any], name: str, kind: type | tuple[type, ...], at: str) -> Any:
        value = obj.get(name)
        if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
            raise InputError(f"{at}: '{name}' is missing or of the wrong type", location=source)
        return value

    players: list[RatedPlayer] = []
    listed: set[str] = set()
    for i, p in enumerate(field(data, "players", list, "top level")):
        at = f"players[{i}]"
        if not isinstance(p, dict):
            raise InputError(f"{at} must be an object", location=source)
        pid = str(field(p, "id", (str, int), at))
        rating = p.get("rating")
        fide = p.get("fide")
        for name, value in (("rating", rating), ("fide", fide)):
            if value is not None and (
                not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 3999
            ):
                raise InputError(f"{at}: '{name}' must be a rating 1–3999 or null", location=source)
        if pid in listed:
            raise InputError(f"{at}: player id {pid!r} is listed twice", location=source)
        listed.add(pid)
        note = "FIDE rating used (§4.5.5.2)" if rating is None and fide is not None else None
        players.append(RatedPlayer(pid, rating if rating is not None else fide, note))
    games = []
    for i, g in enumerate(field(data, "games", list, "top level")):
        at = f"games[{i}]"
        if not isinstance(g, dict):
            raise InputError(f"{at} must be an object", location=source)
        result = field(g, "result", str, at)
        if result not in RESULTS:
            raise InputError(
                f"{at}: result {result!r} is not one of {', '.join(sorted(RESULTS))}",
                location=source,
            )
        white, black = (str(field(g, side, (str, int), at)) for side in ("white", "black"))
        for who in (white, black):
            if who not in listed:
                raise InputError(f"{at}: player {who!r} is not listed", location=source)
        if white == black:
            raise InputError(f"{at}: player {white!r} cannot meet himself", location=source)
        games.append(
            RatedGame(
                white,
                black,
                Result.parse(result),
                rated=_flag(g, "rated", True, at, source),
                unexcused_no_show=_flag(g, "unexcused_no_show", False, at, source),
            )
        )
    _flag(data, "round_robin", False, "top level", source)
    _flag(data, "team_event", False, "top level", source)
    return players, games, data


def _flag(obj: dict[str, Any], name: str, default: bool, at: str, where: str) -> bool:
    value = obj.get(name, default)
    if not isinstance(value, bool):
        raise InputError(f"{at}: '{name}' must be true or false, not {value!r}", location=where)
    return value


FideRequest = tuple[list[FidePlayer], list[FideGame], dict[str, Any]]


def read_fide_request(path: Path) -> FideRequest:
    """Read the JSON file of a FIDE rating calculation (``skak rating fide``)::

        {"edition": "fide-2011", "date": "2012-05-01", "round_robin": false,
         "players": [{"id": "A", "rating": 2250, "rated_games_before": 120,
                      "reached_2400": false, "earlier": [{"opponent": 2100, "score": "1/2"}]}],
         "games": [{"white": "A", "black": "B", "result": "1-0", "rated": true}]}

    ``rating`` null: unrated (4.7.1); ``earlier``: an unrated player's games of earlier
    rated tournaments.

    :raises InputError: naming the file and the field that is wrong.
    """
    return parse_fide_request(_read_text(path), str(path))


def parse_fide_request(text: str, source: str) -> FideRequest:
    """:raises InputError: naming ``source`` and the field that is wrong."""
    players_in, games_in, data = parse_calc_request(text, source)
    raw = {str(p["id"]): p for p in data["players"]}
    players = []
    for i, p in enumerate(players_in):
        obj = raw[p.id]
        at = f"players[{i}]"
        rating = obj.get("rating", obj.get("fide"))
        before = obj.get("rated_games_before")
        if before is not None and (
            not isinstance(before, int) or isinstance(before, bool) or before < 0
        ):
            raise InputError(f"{at}: 'rated_games_before' must be a number ≥ 0", location=source)
        reached = obj.get("reached_2400")
        if reached is not None and not isinstance(reached, bool):
            raise InputError(f"{at}: 'reached_2400' must be true, false or null", location=source)
        earlier = []
        given = obj.get("earlier")
        if given is None:  # absent or null: no earlier games (0, "" or {} are no list either)
            given = []
        if not isinstance(given, list):
            raise InputError(
                f"{at}: 'earlier' is a list of games, e.g. "
                '[{"opponent": 2100, "score": "1/2"}]',
                location=source,
            )
        for j, e in enumerate(given):
            where = f"{at}.earlier[{j}]"
            if not isinstance(e, dict) or not isinstance(e.get("opponent"), int):
                raise InputError(
                    f"{where}: give 'opponent' (a rating) and 'score'", location=source
                )
            opponent = e["opponent"]
            if isinstance(opponent, bool) or not 1 <= opponent <= 3999:
                raise InputError(
                    N_(
                        "{where}: 'opponent' is the opponent's rating 1–3999, not {value}",
                        where=where,
                        value=json.dumps(opponent),
                    ),
                    location=source,
                )
            try:
                score = parse_points(str(e.get("score")))
            except InputError:
                raise InputError(f"{where}: 'score' is 1, 1/2 or 0", location=source) from None
            if score not in (0, Fraction(1, 2), 1):
                raise InputError(f"{where}: 'score' is 1, 1/2 or 0", location=source)
            earlier.append((int(e["opponent"]), score))
        players.append(FidePlayer(p.id, rating, before, reached, tuple(earlier)))
    games = [FideGame(g.white, g.black, g.result, g.rated) for g in games_in]
    return players, games, data
