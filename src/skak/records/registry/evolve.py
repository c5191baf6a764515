"""The rating registry built from its events: :func:`evolve` (the registry after one event)
and :func:`fold` (after many). Both pure and both through the rating core's
:class:`~skak.rating.registry.RegistryBuilder`, which changes its tables in place while it
builds: a long log is not copied once per event, and a command's many new events (a list of
20 000 players imported) cost one copy of the registry's tables."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from skak.errors import StateError
from skak.model.progress import Progress
from skak.model.stream import Recorded
from skak.rating.registry import (
    Registry,
    RegistryBuilder,
    RegistryChangeUndone,
    RegistryEvent,
    TournamentsReRated,
)
from skak.rating.rules import RatingSettings

__all__ = ["evolve", "fold", "needs_log"]


def needs_log(event: RegistryEvent) -> bool:
    """Whether ``event`` changes what the earlier events build (a correction puts re-rated
    tournaments in their places, an undo leaves one out): the registry is then built again
    from every event (:func:`skak.rating.cascade.in_force`)."""
    return isinstance(event, TournamentsReRated | RegistryChangeUndone)


#: How many events a replay applies between two progress reports.
_REPORT_EVERY = 1000


def evolve(
    state: Registry | None, event: RegistryEvent, settings: RatingSettings | None = None
) -> Registry:
    """The registry after ``event`` (``state`` itself is left as it was).

    :raises StateError: when a tournament is applied twice.
    """
    return fold((event,), start=state, settings=settings)


def fold(
    events: Iterable[Recorded[RegistryEvent]] | Iterable[RegistryEvent],
    *,
    start: Registry | None = None,
    progress: Progress | None = None,
    settings: RatingSettings | None = None,
) -> Registry:
    """The registry ``events`` build on ``start`` (``None``: an empty registry), in order;
    ``start`` itself is left as it was. ``progress`` is told ``(events applied, events)``
    now and then when the events are a sequence (their number is known).

    :raises StateError: when a tournament is applied twice, or a correction or an undo is
        folded on a ``start`` (they need every event from the first).
    """
    listed: Sequence[Recorded[RegistryEvent] | RegistryEvent] = (
        events if isinstance(events, Sequence) else list(events)
    )
    if any(needs_log(e.event if isinstance(e, Recorded) else e) for e in listed):
        if start is not None:
            raise StateError("a correction or an undo is applied to every event from the first")
        from skak.rating.cascade import in_force

        events = in_force(
            (e.version, e.event) if isinstance(e, Recorded) else (i, e)
            for i, e in enumerate(listed, start=1)
        )
    else:
        events = listed  # type: ignore[assignment]
    builder = RegistryBuilder(settings, start=start)
    if progress is None or not isinstance(events, Sequence):
        for e in events:
            builder.apply(e.event if isinstance(e, Recorded) else e)
        return builder.state
    for i, e in enumerate(events):
        if i % _REPORT_EVERY == 0:
            progress(i, len(events))
        builder.apply(e.event if isinstance(e, Recorded) else e)
    progress(len(events), len(events))
    return builder.state
