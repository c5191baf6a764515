"""What the faces list and look up without deciding anything: the pairing systems, the
named tie-break lists (for ``--help`` texts, forms and their checks)."""

from __future__ import annotations

from dataclasses import dataclass

from skak.model.results import Scoring
from skak.pairing import get_system
from skak.pairing import system_names as _system_names
from skak.pairing.settings import NoSettings, Settings

__all__ = ["SystemEntry", "pairing_system", "pairing_systems", "system_names", "tiebreak_lists"]


@dataclass(frozen=True, slots=True)
class SystemEntry:
    """A pairing system as the faces name it: ``name`` on the command line, ``title`` in
    plain words, whether it takes late entries, and the scoring a new tournament gets."""

    name: str
    title: str
    accepts_late_entries: bool
    default_scoring: Scoring
    #: Each setting's key (``--setting KEY=VALUE``) with the values it allows, in words.
    settings: tuple[tuple[str, str], ...] = ()


def system_names() -> tuple[str, ...]:
    """The registered pairing systems' names, sorted (``berger``, ``dansk``, …)."""
    return tuple(_system_names())


def pairing_system(name: str) -> SystemEntry:
    """:raises UnknownPairingSystemError: naming the systems that exist."""
    s = get_system(name)
    kind: type[Settings] = getattr(s, "settings_type", NoSettings)
    settings = tuple(kind.describe().items())
    return SystemEntry(s.name, s.title, s.accepts_late_entries, s.default_scoring, settings)


def pairing_systems() -> tuple[SystemEntry, ...]:
    """Every registered pairing system, by name (a form's choice)."""
    return tuple(pairing_system(name) for name in system_names())


def tiebreak_lists() -> tuple[str, ...]:
    """The named tie-break lists (``--rules``), sorted: ``dm-kandidatklassen``, …"""
    from skak.tiebreaks import RECOMMENDED  # the tie-breaks only when asked (not for --help)

    return tuple(sorted(RECOMMENDED))
