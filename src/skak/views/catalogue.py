"""What the faces list and look up without deciding anything: the pairing systems, the
named tie-break lists (for ``--help`` texts, forms and their checks)."""

from __future__ import annotations

from dataclasses import dataclass

from skak.model.results import Scoring
from skak.pairing import get_system
from skak.pairing import system_names as _system_names

__all__ = ["SystemEntry", "pairing_system", "system_names", "tiebreak_lists"]


@dataclass(frozen=True, slots=True)
class SystemEntry:
    """A pairing system as the faces name it: ``name`` on the command line, ``title`` in
    plain words, whether it takes late entries, and the scoring a new tournament gets."""

    name: str
    title: str
    accepts_late_entries: bool
    default_scoring: Scoring


def system_names() -> tuple[str, ...]:
    """The registered pairing systems' names, sorted (``berger``, ``dansk``, …)."""
    return tuple(_system_names())


def pairing_system(name: str) -> SystemEntry:
    """:raises UnknownPairingSystemError: naming the systems that exist."""
    s = get_system(name)
    return SystemEntry(s.name, s.title, s.accepts_late_entries, s.default_scoring)


def tiebreak_lists() -> tuple[str, ...]:
    """The named tie-break lists (``--rules``), sorted: ``dm-kandidatklassen``, …"""
    from skak.tiebreaks import RECOMMENDED  # the tie-breaks only when asked (not for --help)

    return tuple(sorted(RECOMMENDED))
