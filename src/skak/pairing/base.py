"""The interface every pairing system implements, and the registry of systems by name.

A pairing system is pure: it receives an immutable tournament snapshot and returns the next
round, or raises :class:`~skak.errors.NoValidPairingError`. It never reads or writes storage.
Games without a result have been turned into ``UNFINISHED`` in the snapshot when the arbiter
allowed pairing before all results were in, so a system only ever sees finished or
unfinished games.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Generic, Protocol, TypeVar, runtime_checkable

from skak.errors import UnknownPairingSystemError
from skak.messages import N_
from skak.model.progress import Progress
from skak.model.results import Result, Scoring
from skak.model.tournament import Round, SettingValue, Tournament
from skak.pairing.settings import NoSettings, Settings

__all__ = [
    "NoSettings",
    "PairingSystem",
    "Progress",
    "ReportsProgress",
    "Settings",
    "SystemDefaults",
    "get_system",
    "pre_entered_result",
    "register",
    "register_module",
    "system_names",
]

S = TypeVar("S", bound=Settings)


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

    def settings(self, tournament: Tournament) -> Settings:
        """The tournament's settings for this system, typed, with the defaults filled in
        (parsed once per settings tuple; see :mod:`skak.pairing.settings`).

        :raises InputError: as :meth:`check_settings`.
        """
        ...

    def planned_rounds(self, tournament: Tournament) -> int | None:
        """How many rounds the system will pair for this field, when it decides that itself."""
        ...

    def pair(self, tournament: Tournament) -> Round:
        """The pairing of round ``tournament.next_round``, with its explanation.

        :raises NoValidPairingError: when no legal pairing exists.
        """
        ...

    def recover_record(self, tournament_before: Tournament, rnd: Round) -> Round:
        """``rnd`` as stored before rounds had a :attr:`~Round.record`, with the record filled
        in from what the system wrote then (only the knock-out and Dansk Schweizer kept such
        data, in the explanation); any other round unchanged. ``tournament_before`` is the
        tournament before ``rnd`` was added.

        This is the one place old explanation text is read. The default returns ``rnd``.

        :raises NoValidPairingError: when the old text holds a record that cannot be read.
        """
        ...


@runtime_checkable
class ReportsProgress(Protocol):
    """A pairing system that can say how far a pairing has come (the Dutch system, bracket
    by bracket); :func:`skak.pairing.engine.pair_next` uses it when given a ``progress``."""

    def pair_reporting(self, tournament: Tournament, progress: Progress | None) -> Round:
        """:meth:`PairingSystem.pair`, calling ``progress`` as the pairing advances; the
        round is the same with or without it."""
        ...


class SystemDefaults(Generic[S]):
    """The protocol's settings and record methods for a system that declares its settings
    class as ``settings_type`` (mixed into each system of this package)."""

    name: str
    settings_type: type[S]

    def check_settings(self, settings: Mapping[str, SettingValue]) -> None:
        """:raises InputError: when a setting is unknown or has a wrong value."""
        self.settings_type.parse(settings, system=self.name)

    def settings(self, tournament: Tournament) -> S:
        """:raises InputError: when a setting is unknown or has a wrong value."""
        return self.settings_type.of(tournament)

    def recover_record(self, tournament_before: Tournament, rnd: Round) -> Round:
        """No record to recover: ``rnd`` unchanged."""
        return rnd


_REGISTRY: dict[str, PairingSystem] = {}
#: Systems registered by name whose module is imported when the system is first looked up
#: (name → module holding ``SYSTEM``): a command that pairs nothing, or ``skak --help``,
#: never imports the pairing engines.
_MODULES: dict[str, str] = {}


def register(system: PairingSystem) -> PairingSystem:
    """Add ``system`` to the registry under its name (one name, one system)."""
    known = _REGISTRY.get(system.name)
    if (known is not None and known is not system) or (
        known is None and system.name in _MODULES and not _is_module_system(system)
    ):
        raise ValueError(f"a pairing system named {system.name!r} is registered already")
    _REGISTRY[system.name] = system
    return system


def register_module(name: str, module: str) -> None:
    """Register the system ``name`` as the ``SYSTEM`` of ``module``, imported on first use."""
    if name in _REGISTRY or _MODULES.get(name, module) != module:
        raise ValueError(f"a pairing system named {name!r} is registered already")
    _MODULES[name] = module


def _is_module_system(system: PairingSystem) -> bool:
    """Whether ``system`` is the ``SYSTEM`` of the module registered under its name."""
    module = importlib.import_module(_MODULES[system.name])
    return getattr(module, "SYSTEM", None) is system


def get_system(name: str) -> PairingSystem:
    """:raises UnknownPairingSystemError: naming the systems that exist."""
    try:
        return _REGISTRY[name]
    except KeyError:
        pass
    if name not in _MODULES:
        raise UnknownPairingSystemError(
            N_(
                "unknown pairing system {name}; known systems: {known}",
                name=repr(name),
                known=", ".join(system_names()),
            )
        )
    system: PairingSystem = importlib.import_module(_MODULES[name]).SYSTEM
    if system.name != name:  # pragma: no cover - a wrong registration is a programming error
        raise ValueError(f"{_MODULES[name]}.SYSTEM is named {system.name!r}, not {name!r}")
    _REGISTRY[name] = system
    return system


def system_names() -> list[str]:
    """The registered systems' names, sorted; nothing is imported to list them."""
    return sorted(_REGISTRY.keys() | _MODULES.keys())


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
