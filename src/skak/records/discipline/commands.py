"""The discipline registry (advarsler og karantæner, §19) as a record: its commands, the
pure ``decide`` and ``evolve``, and its events' encoding.

One stream of its own kind, ``discipline-registry``, like the rating registry: §19 has the
rating registrar keep the warnings and quarantines. An event holds the entry as §19 decided
it (a warning changed into a quarantine, a doubled length, with the words why), so the
history says what was asked and what was registered; a lifted entry stays in the history.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date

from skak.eligibility.discipline import (
    DisciplineRegistry,
    SanctionRequest,
    decide_sanction,
)
from skak.errors import InputError, StateError
from skak.model.player import clean_text
from skak.records.discipline.events import DisciplineEvent, SanctionLifted, SanctionRecorded

__all__ = [
    "DisciplineCommand",
    "GiveSanction",
    "LiftSanction",
    "decide",
]


@dataclass(frozen=True, slots=True)
class GiveSanction:
    """A warning or a quarantine given (§7, 4.5.4.2), to be registered as §19 has it."""

    request: SanctionRequest


@dataclass(frozen=True, slots=True)
class LiftSanction:
    """An entry lifted from ``day`` (e.g. Skaknævnet set it aside), with the reason."""

    number: int
    day: date
    reason: str


DisciplineCommand = GiveSanction | LiftSanction


def decide(state: DisciplineRegistry, command: DisciplineCommand) -> list[DisciplineEvent]:
    """The events that carry out ``command``.

    :raises InputError: for a request the rules refuse (see
        :func:`skak.eligibility.discipline.decide_sanction`), or text that is no text.
    :raises StateError: for an entry dated before the player's latest, or one lifted already.
    :raises NotFoundError: when the entry to lift does not exist.
    """
    if isinstance(command, GiveSanction):
        r = command.request
        name = clean_text(r.name, "the player's name")
        tournament = clean_text(r.tournament, "the tournament's name")
        if not name or not tournament:
            raise InputError("a sanction needs the player's name and the tournament's")
        reason = clean_text(r.reason, "the reason", limit=1000)
        request = replace(r, name=name, tournament=tournament, reason=reason)
        return [SanctionRecorded(decide_sanction(state, request))]
    entry = state.sanction(command.number)
    if entry.cancelled is not None:
        raise StateError(f"entry {entry.id} was lifted on {entry.cancelled_on} already")
    reason = clean_text(command.reason, "the reason", limit=1000)
    if not reason:
        raise InputError("say why the entry is lifted (e.g. Skaknævnet's ruling)")
    if command.day < entry.given:
        raise InputError(
            f"entry {entry.id} was given on {entry.given.isoformat()}; it cannot be lifted "
            f"from {command.day.isoformat()}"
        )
    return [SanctionLifted(entry.id, command.day, reason)]
