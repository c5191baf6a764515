"""The rules a tournament's commands check before anything is decided: late entries, the
range of a withdrawal or an absence, a tournament that is over, and results still missing
before the next round is paired (DSU 4.9.3 rule 1.1)."""

from __future__ import annotations

from collections.abc import Iterable

from skak.errors import InputError, StateError
from skak.messages import N_, Message, N_plural, Phrases
from skak.model.tournament import Tournament
from skak.pairing import PairingSystem
from skak.pairing.engine import planned_rounds

__all__ = [
    "check_late_entries",
    "check_not_over",
    "check_results_in",
    "check_rounds_exist",
    "check_withdrawal",
    "withdrawal_too_late",
]


def check_late_entries(t: Tournament, system: PairingSystem) -> None:
    if t.rounds and not system.accepts_late_entries:
        raise StateError(
            N_(
                "round {round} has been paired and {system} takes no late entries (sen tilmelding)",
                round=t.current_round,
                system=system.title,
            )
        )


def check_withdrawal(t: Tournament, system: PairingSystem, from_round: int, name: str) -> None:
    """A withdrawal (udgået) of the player ``name`` from ``from_round`` on: a round the
    tournament has, and not yet paired.

    :raises InputError: for a round that is no round number, or after the planned ones.
    :raises StateError: for a round paired already, naming the first round he may still
        withdraw from, or saying that none is left when the last round is paired.
    """
    if from_round < 1:
        raise InputError(
            N_("round {round} is not a round number (rounds count from 1)", round=from_round)
        )
    planned = planned_rounds(t, system)
    if planned is not None and from_round > planned:
        raise InputError(
            N_(
                "the tournament has {planned} rounds; there is no round {round}",
                planned=planned,
                round=from_round,
            )
        )
    if from_round <= t.current_round:
        raise StateError(withdrawal_too_late(t.current_round, planned, from_round, name))


def withdrawal_too_late(current: int, planned: int | None, from_round: int, name: str) -> Message:
    """Why a withdrawal from ``from_round`` comes too late once round ``current`` is paired
    (``planned``: the tournament's rounds, when known)."""
    if planned is not None and current >= planned:
        return N_(
            "round {last}, the last round, has been paired already: there is no round left "
            "for {name} to withdraw (udgå) from; a game he does not play is lost by forfeit "
            "(udeblivelse)",
            last=current,
            name=name,
        )
    return N_(
        "round {round} has been paired already; {name} can withdraw (udgå) from round {next} on",
        round=from_round,
        name=name,
        next=current + 1,
    )


def check_rounds_exist(
    t: Tournament, system: PairingSystem, rounds: Iterable[int], *, beyond_planned: bool = True
) -> None:
    """:raises InputError: naming the first round that is no round number, or (unless
    ``beyond_planned``) after the planned rounds."""
    for r in sorted(rounds):
        if r < 1:
            raise InputError(
                N_("round {round} is not a round number (rounds count from 1)", round=r)
            )
    planned = planned_rounds(t, system) if beyond_planned else None
    beyond = sorted(r for r in rounds if planned is not None and r > planned)
    if beyond:
        raise InputError(
            N_(
                "the tournament has {planned} rounds; there is no round {round}",
                planned=planned,
                round=beyond[0],
            )
        )


def check_not_over(t: Tournament, system: PairingSystem, what: Message) -> None:
    """:raises StateError: when every planned round has been paired (nothing is left to
    join, withdraw from or miss)."""
    planned = planned_rounds(t, system)
    if planned is not None and t.rounds and t.current_round >= planned:
        raise StateError(
            N_(
                "all {planned} rounds have been paired; the tournament is over: {what}",
                planned=planned,
                what=what,
            )
        )


def check_results_in(t: Tournament, allow_unfinished: bool) -> bool:
    """DSU 4.9.3 rule 1.1: a round is paired when every earlier result is in, unless the
    arbiter allows it; :returns: whether games are still without a result (paired as draws).
    """
    missing = [(r.number, r.pending_boards) for r in t.rounds if r.pending_boards]
    if missing and not allow_unfinished:
        where = Phrases(
            "; ",
            (
                N_plural(
                    "round {round} board {boards}",
                    "round {round} boards {boards}",
                    len(b),
                    round=n,
                    boards=", ".join(map(str, b)),
                )
                for n, b in missing
            ),
        )
        raise StateError(
            N_(
                "results are missing ({where}); enter them with 'skak result', or pair "
                "anyway with --allow-unfinished to count those games as draws",
                where=where,
            )
        )
    return bool(missing)
