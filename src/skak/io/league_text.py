"""What a league leader types: a match's board results, absences, quarantines and the
season's settings, read into the division league's values (5.1).

Board results are written board by board from the home team's side (hjemmeholdet først):
``1`` (or ``1-0``), ``½`` (``=``, ``½-½``), ``0`` (``0-1``) for a game played; ``x`` for a
board without a game (an empty board, or a player named with ``--absent``); ``+`` the away
team's player did not come, ``-`` the home team's (udeblivelse, §13 c).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import fields
from datetime import date
from typing import Any

from skak.errors import InputError
from skak.teams.league import LeagueSettings
from skak.teams.lineups import Quarantine
from skak.teams.matches import Absence, BoardCard, parse_game_result

__all__ = [
    "LEAGUE_SETTINGS",
    "league_settings",
    "parse_absence",
    "parse_board_results",
    "parse_quarantine",
]

#: The settings a season may be created with, and what each takes.
LEAGUE_SETTINGS: dict[str, str] = {
    "empty-boards-last": "yes or no (a team short of players leaves its last boards empty)",
    "penalty-points-from": "board-points or match-points",
    "board-by-board": "direct (the tied teams' matches) or season",
    "lot-seed": "any text (the seed of §3's lot; default: the season's name)",
    "lot-order": "team names separated by ';' (a lot drawn by hand, the first placed highest)",
    "confirm-days": "0–60 (the days the away captain has to confirm a card reported on the web)",
}


def league_settings(items: Sequence[tuple[str, Any]]) -> LeagueSettings:
    """:raises InputError: for an unknown key or a value it cannot take."""
    names = {f.name.replace("_", "-"): f.name for f in fields(LeagueSettings)}
    values: dict[str, Any] = {}
    for key, value in items:
        name = names.get(key.strip().lower())
        if name is None:
            known = "; ".join(f"{k}: {v}" for k, v in LEAGUE_SETTINGS.items())
            raise InputError(f"unknown league setting {key!r}; the settings are {known}")
        if name == "empty_boards_last" and not isinstance(value, bool):
            raise InputError(f"empty-boards-last is yes or no, not {value!r}")
        if name == "confirm_days":
            try:
                values[name] = int(str(value))
            except ValueError:
                raise InputError(f"confirm-days is a whole number of days, not {value!r}") from None
        elif name == "lot_order":
            values[name] = tuple(t.strip() for t in str(value).split(";") if t.strip())
        else:
            values[name] = value if name == "empty_boards_last" else str(value)
    return LeagueSettings(**values)


def parse_absence(text: str, boards: int) -> tuple[int, bool, Absence]:
    """``BOARD:home|away[:no-show|late|leader]`` → (board, home?, absence).

    :raises InputError: for anything else.
    """
    parts = [p.strip().lower() for p in text.split(":")]
    if len(parts) not in (2, 3) or not parts[0].isdigit() or parts[1] not in ("home", "away"):
        raise InputError(
            f"absence {text!r} must look like BOARD:home or BOARD:away, optionally with "
            ":no-show, :late or :leader (e.g. 3:away:late)"
        )
    board = int(parts[0])
    if not 1 <= board <= boards:
        raise InputError(f"absence {text!r}: the match has boards 1–{boards}")
    kind = parts[2] if len(parts) == 3 else "no-show"
    try:
        absence = Absence(kind)
    except ValueError:
        raise InputError(f"absence {text!r}: the reason is no-show, late or leader") from None
    return board, parts[1] == "home", absence


def parse_board_results(
    tokens: Sequence[str],
    boards: int,
    where: str,
    *,
    absent: Sequence[str] = (),
    fielded: Mapping[bool, Sequence[bool]] | None = None,
) -> tuple[BoardCard, ...]:
    """The boards of a result card from the tokens typed (see the module).

    ``fielded[home][b - 1]`` says whether a team has a player on board ``b`` (its line-up):
    ``+`` and ``-`` name an absence only where there is a player.

    :raises InputError: for a token it cannot read, or another number of tokens than boards.
    """
    if len(tokens) != boards:
        raise InputError(f"{where}: give {boards} board results, not {len(tokens)}")
    named: dict[tuple[int, bool], Absence] = {}
    for text in absent:
        board, home, absence = parse_absence(text, boards)
        named[(board, home)] = absence
    cards = []
    for b, token in enumerate(tokens, start=1):
        t = token.strip().lower()
        home_abs = named.get((b, True))
        away_abs = named.get((b, False))
        result: str | None = None
        if t in ("+", "-"):
            home_side = t == "-"
            there = True if fielded is None else fielded[home_side][b - 1]
            if there and named.get((b, home_side)) is None:
                if home_side:
                    home_abs = Absence.NO_SHOW
                else:
                    away_abs = Absence.NO_SHOW
        elif t != "x":
            result = parse_game_result(token, f"{where}, board {b}")
        cards.append(BoardCard(b, result, home_abs, away_abs))
    return tuple(cards)


def parse_quarantine(text: str) -> Quarantine:
    """``PLAYER:FROM:TO`` (ISO dates) → a quarantine.

    :raises InputError: for anything else.
    """
    parts = text.rsplit(":", 2)
    try:
        start, end = date.fromisoformat(parts[1]), date.fromisoformat(parts[2])
    except (IndexError, ValueError):
        raise InputError(
            f"quarantine {text!r} must look like PLAYER:FROM:TO, e.g. 12345:2025-10-01:2025-12-31"
        ) from None
    if end < start or not parts[0].strip():
        raise InputError(f"quarantine {text!r}: a player, and a period that does not end first")
    return Quarantine(parts[0].strip(), start, end)
