"""What the faces build for the API: players to register, a new tournament's checks, and
``skak engine``'s work on a file's tournament (pure: no database)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import date
from pathlib import Path
from typing import Any

from skak.errors import InputError
from skak.io.players_csv import decode_text, parse_players_csv
from skak.model.player import Player
from skak.model.progress import Progress
from skak.model.tournament import RatedKind, Round, Tournament
from skak.pairing import PairingSystem, get_system
from skak.pairing.engine import RoundCheck, check_rounds, pair_next

__all__ = ["check_new_tournament", "engine_check", "engine_pair", "one_player", "players_from_csv"]


def one_player(
    name: str, start_number: int | None = None, **fields: Any
) -> Callable[[Tournament], list[Player]]:
    """A registration of one player: without ``start_number`` the next free number; once
    round 1 is paired, a late entry (sen tilmelding) from the next round."""

    def make(t: Tournament) -> list[Player]:
        number = start_number
        if number is None:
            number = max((p.start_number for p in t.players), default=0) + 1
        late = dict(fields)
        if t.rounds and late.get("late_from") is None:
            late["late_from"] = t.next_round
        return [Player(number, name, **late)]

    return make


def players_from_csv(
    path: str | Path, progress: Progress | None = None
) -> tuple[Callable[[Tournament], Sequence[Player]], str]:
    """A registration of a CSV player list (:mod:`skak.io.players_csv`), and its source name;
    ``progress`` is told how far the reading has come.

    :raises InputError: when the file cannot be read.
    """
    p = Path(path)
    try:
        text = decode_text(p.read_bytes())
    except OSError as err:
        raise InputError(f"cannot read the file: {err.strerror}", location=str(p)) from err
    return (lambda t: parse_players_csv(text, p.name, t, progress)), p.name


def check_new_tournament(tournament: Tournament, *, kind_given: bool = True) -> Tournament:
    """The checks a new tournament passes before anything is written (a database file
    included): its pairing system's settings, its tie-break codes and its time control,
    which must agree with its kind (standard, rapid, blitz; :mod:`skak.games.timerules`).
    :returns: the tournament, its kind taken from the time control when ``kind_given`` is
    false.

    :raises InputError: naming the unknown system, the bad setting or the unknown code, the
        unreadable time control or the kind it contradicts.
    """
    from skak.games.timerules import settle_kind
    from skak.tiebreaks import parse_tiebreaks  # the tie-breaks only for a new tournament

    get_system(tournament.pairing_system).check_settings(tournament.settings)
    parse_tiebreaks(tournament.tiebreaks)
    if tournament.time_control:
        day = tournament.start_date or date.today()
        given = tournament.rated_kind.value if kind_given else None
        kind = settle_kind(tournament.time_control, given, day)
        tournament = replace(tournament, rated_kind=RatedKind(kind))
    return tournament


def _engine_request(t: Tournament, system: str, baku: bool) -> tuple[Tournament, PairingSystem]:
    t = replace(t, pairing_system=system)
    pairing = get_system(system)
    if baku:
        settings = dict(t.pairing_settings) | {"baku": True}
        pairing.check_settings(settings)
        t = replace(t, pairing_settings=tuple(settings.items()))
    return t, pairing


def engine_pair(
    t: Tournament, system: str, *, baku: bool = False, progress: Progress | None = None
) -> Round:
    """``skak engine``: the next round of a tournament read from a file, paired by
    ``system`` (``baku``: with the Baku acceleration, FIDE C.04.5); nothing is stored.
    ``progress`` is told how far the pairing has come (the Dutch system, by brackets).

    :raises NoValidPairingError: when the system finds no legal pairing.
    :raises InputError: for an unknown system or a setting it refuses.
    """
    return pair_next(*_engine_request(t, system, baku), progress)


def engine_check(
    t: Tournament, system: str, *, baku: bool = False, progress: Progress | None = None
) -> list[RoundCheck]:
    """``skak engine --check``: every round of a tournament read from a file re-paired by
    ``system`` from the rounds before it, and where the file differs; ``progress`` is told
    ``(rounds checked, rounds)``."""
    return check_rounds(*_engine_request(t, system, baku), progress)
