"""The interface every pairing system implements, and the registry of systems by name.

A pairing system is pure: it receives an immutable tournament snapshot and returns the next
round, or raises :class:`~skak.errors.NoValidPairingError`. It never reads or writes storage.
Games without a result have been turned into ``UNFINISHED`` in the snapshot when the arbiter
allowed pairing before all results were in, so a system only ever sees finished or
unfinished games.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol, runtime_checkable

from skak.errors import InputError, UnknownPairingSystemError
from skak.model.results import Result, Scoring
from skak.model.tournament import Round, SettingValue, Tournament

__all__ = [
    "PairingSystem",
    "check_known_settings",
    "get_system",
    "pre_entered_result",
    "register",
    "system_names",
]


@runtime_checkable
class PairingSystem(Protocol):
    """One pairing system (parringssystem), registered under ``name``."""

    @property
    def name(self) -> str:
        """The registry name, as written on the command line (``berger``)."""
        ...

    @property
    def title(self) -> str:
        """Plain words for arbiters, with the Danish term."""
        ...

    @property
    def accepts_late_entries(self) -> bool:
        """Whether players may join after round 1 (sen tilmelding)."""
        ...

    @property
    def default_scoring(self) -> Scoring:
        """The scoring a new tournament with this system gets unless the arbiter says otherwise."""
        ...

    def check_settings(self, settings: Mapping[str, SettingValue]) -> None:
        """:raises InputError: when a setting is unknown or has a wrong value."""
        ...

    def planned_rounds(self, tournament: Tournament) -> int | None:
        """How many rounds the system will pair for this field, when it decides that itself."""
        ...

    def pair(self, tournament: Tournament) -> Round:
        """The pairing of round ``tournament.next_round``, with its explanation.

        :raises NoValidPairingError: when no legal pairing exists.
        """
        ...


_REGISTRY: dict[str, PairingSystem] = {}


def register(system: PairingSystem) -> PairingSystem:
    """Add ``system`` to the registry under its name (one name, one system)."""
    if system.name in _REGISTRY and _REGISTRY[system.name] is not system:
        raise ValueError(f"a pairing system named {system.name!r} is registered already")
    _REGISTRY[system.name] = system
    return system


def get_system(name: str) -> PairingSystem:
    """:raises UnknownPairingSystemError: naming the systems that exist."""
    try:
        return _REGISTRY[name]
    except KeyError:
        raise UnknownPairingSystemError(
            f"unknown pairing system {name!r}; known systems: {', '.join(system_names())}"
        ) from None


def system_names() -> list[str]:
    return sorted(_REGISTRY)


def check_known_settings(
    system: str, settings: Mapping[str, SettingValue], allowed: Mapping[str, type]
) -> None:
    """Reject settings a system does not know, or of the wrong type."""
    for key, value in settings.items():
        if key not in allowed:
            known = ", ".join(sorted(allowed)) or "none"
            raise InputError(f"pairing system {system!r} has no setting {key!r} (known: {known})")
        want = allowed[key]
        if type(value) is not want:
            raise InputError(
                f"pairing system {system!r}: setting {key!r} must be {want.__name__}, not {value!r}"
            )


def pre_entered_result(
    tournament: Tournament, number: int, white: int, black: int
) -> Result | None:
    """A scheduled game against a withdrawn or absent player is decided by forfeit in
    advance (the player who is there wins; both lose when neither is)."""
    w_here = tournament.player(white).is_available(number)
    b_here = tournament.player(black).is_available(number)
    if w_here and b_here:
        return None
    if w_here:
        return Result.WHITE_FORFEIT_WIN
    if b_here:
        return Result.BLACK_FORFEIT_WIN
    return Result.DOUBLE_FORFEIT
