"""The arbiter's desk: the tournament's prizes (``skak prizes set``) and deleting the
tournament (``skak delete``). Decided purely, like every command
(:func:`skak.records.tournament.commands.decide` hands these here), and applied by
:func:`apply_desk` (:func:`skak.records.tournament.evolve.evolve` hands the events here).

A deletion is an event like any other: the tournament leaves the lists and its pages, but
its events stay in the database (a backup keeps them, ``skak check`` checks them), and
undoing the deletion (``skak undelete``) brings it back as it was. A deleted tournament
takes no other change.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from skak.errors import InputError, StateError
from skak.messages import N_
from skak.model.player import clean_text
from skak.model.prizes import Prizes
from skak.model.tournament import Tournament
from skak.records.tournament.events import Event, PrizesSet, TournamentDeleted

__all__ = ["DeleteTournament", "DeskCommand", "SetPrizes", "apply_desk", "decide_desk"]


@dataclass(frozen=True, slots=True)
class DeleteTournament:
    """Delete the tournament, saying why (``reason`` may be empty)."""

    reason: str = ""


@dataclass(frozen=True, slots=True)
class SetPrizes:
    """Declare the tournament's prizes (replacing those before); ``None`` takes them away."""

    prizes: Prizes | None


DeskCommand = DeleteTournament | SetPrizes


def decide_desk(t: Tournament, command: DeskCommand) -> list[Event]:
    """The events of ``command`` on ``t``.

    :raises StateError: on a deleted tournament.
    """
    if t.deleted:
        raise StateError(N_("{name} is deleted", name=t.name))
    match command:
        case DeleteTournament(reason=reason):
            why = clean_text(reason, "a reason").strip()
            if len(why) > 200:
                raise InputError(N_("a reason is at most 200 characters"))
            return [TournamentDeleted(why)]
        case SetPrizes(prizes=prizes):
            if prizes is not None and prizes.empty:
                prizes = None
            return [] if prizes == t.prizes else [PrizesSet(prizes)]
    raise TypeError(command)  # pragma: no cover - the union is closed


def apply_desk(state: Tournament, event: PrizesSet | TournamentDeleted) -> Tournament:
    """The tournament after ``event``."""
    match event:
        case PrizesSet(prizes=prizes):
            return replace(state, prizes=prizes)
        case TournamentDeleted():
            return replace(state, deleted=True)
    raise TypeError(event)  # pragma: no cover - the union is closed
