"""The rating registry's events to JSON and back (cattrs; :mod:`skak.store.codec`), with the
two kinds of event a national registry holds by the ten thousand read by hand."""

from __future__ import annotations

import functools
from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from skak.rating.registry import (
    KeptGames,
    PlayerEntered,
    RegistryEvent,
    TournamentApplied,
    TournamentChange,
)
from skak.store.codec import field_names, fraction, make_converter, reader, tagged_union

if TYPE_CHECKING:
    from cattrs import Converter

__all__ = ["dump_event", "load_event"]


def _configure(converter: Converter) -> None:
    _registry_readers(converter)
    tagged_union(RegistryEvent, converter)


def _registry_readers(converter: Converter) -> None:
    """The two kinds of event a national registry holds by the ten thousand (players
    entered, tournaments applied) read by hand: what cattrs' hooks do — each field by its
    type's hook (``int``, ``str``, :func:`date.fromisoformat`, :func:`fraction`), in the
    order cattrs takes them — without a call per tuple and per change. Measured on a
    registry of 48 889 events (``benchmarks/rating_replay.py``): its events read in 0.44 s
    instead of 0.49 s (collector off). Should a field be added to either, its hook stays
    cattrs' (a test says so)."""
    from datetime import date

    iso = date.fromisoformat

    def tournament_applied(o: dict[str, Any], _: Any) -> TournamentApplied:
        return TournamentApplied(
            str(o["key"]),
            str(o["name"]),
            iso(o["day"]),
            str(o["rating_kind"]),
            str(o["edition"]),
            tuple(
                [
                    TournamentChange(
                        int(c["dsu_id"]),
                        str(c["name"]),
                        int(c["start"]),
                        fraction(c["raw_change"], Fraction),
                    )
                    for c in o["changes"]
                ]
            ),
            # the games, kept since the correction cascade (left out at ``None``)
            None if o.get("games") is None else converter.structure(o["games"], KeptGames),
        )

    def player_entered(o: dict[str, Any], _: Any) -> PlayerEntered:
        club = None
        if "club" in o:  # written only when there is one (the default is left out)
            club = o["club"]
            if club is not None:
                club = str(club)
        return PlayerEntered(
            int(o["dsu_id"]),
            str(o["name"]),
            tuple([_rating(r) for r in o["ratings"]]),
            iso(o["day"]),
            str(o["source"]),
            club,
            _number(o.get("born")),
            _number(o.get("fide_id")),
            _number(o.get("fide_rating")),
        )

    if field_names(TournamentChange) == ("dsu_id", "name", "start", "raw_change") and (
        field_names(TournamentApplied)
        == ("key", "name", "day", "rating_kind", "edition", "changes", "games")
    ):
        converter.register_structure_hook(TournamentApplied, tournament_applied)
    if field_names(PlayerEntered) == (
        "dsu_id",
        "name",
        "ratings",
        "day",
        "source",
        "club",
        "born",
        "fide_id",
        "fide_rating",
    ):
        converter.register_structure_hook(PlayerEntered, player_entered)


def _number(value: Any) -> int | None:
    """A birth year, FIDE id or FIDE rating written when known (left out at ``None``)."""
    return None if value is None else int(value)


def _rating(value: Any) -> tuple[str, int]:
    """A ``(kind, rating)`` pair as cattrs reads a ``tuple[str, int]``."""
    if len(value) != 2:
        problem = "Not enough" if len(value) < 2 else "Too many"
        raise ValueError(f"{problem} values in {value!r} to structure as tuple[str, int]")
    return str(value[0]), int(value[1])


@functools.cache
def converter() -> Converter:
    """The registry's converter (its hand-written readers included)."""
    return make_converter(omit_if_default=True, configure=_configure)


@functools.cache
def _reader() -> Callable[[dict[str, Any]], Any]:
    return reader(converter(), RegistryEvent)


def dump_event(event: RegistryEvent) -> dict[str, Any]:
    out: dict[str, Any] = converter().unstructure(event, RegistryEvent)
    return out


def load_event(data: dict[str, Any]) -> RegistryEvent:
    """:raises StorageError: when the stored event cannot be read."""
    event: RegistryEvent = _reader()(data)
    return event
