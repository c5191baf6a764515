"""Python's cycle collector held back while a batch of work builds a large structure that
makes no reference cycles (a season applied, the national registry replayed)."""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["collector_paused"]


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cycle collector kept to its young generations while a season is applied
    (:func:`skak.rating.season.apply_season`, a batch call, by its caller) and while a
    ``skak rating`` command runs (a short process that replays the national registry).
    A full collection walks every object that has lived a while — the whole growing
    registry, again and again as it grows — yet building a registry makes no reference
    cycles; the young collections (of objects just made, still in the cache) go on as
    before, and the first full collection afterwards walks the new objects once. Measured
    at 400 000 games: a season in one call 1.11–1.17 s with the collector as it is,
    0.96–1.03 s with it disabled meanwhile (and its pass over the new objects, 0.2 s,
    after), 0.85–0.97 s so (and 0.15 s after); a rebuild of the registry 0.75–0.82 s as it
    is, 0.59–0.69 s so (and 0.15 s after: about the same in all).

    The thresholds are the process's: calls may nest or overlap, so the first to begin
    pauses the full collections and the last to end restores them. It is kept off the
    paths a server runs for every request (the registry's fold,
    :func:`skak.records.registry.evolve.fold`), and out of the pure core, which leaves the
    process's collector to the face that runs it:
    requests that overlap without a break would keep the full collections off for good."""
    global _paused, _old_threshold
    with _PAUSE:
        if not _paused:
            young, middle, _old_threshold = gc.get_threshold()
            gc.set_threshold(young, middle, _NEVER)
        _paused += 1
    try:
        yield
    finally:
        with _PAUSE:
            _paused -= 1
            if not _paused:
                young, middle, _ = gc.get_threshold()
                gc.set_threshold(young, middle, _old_threshold)


#: A threshold the collector's count never reaches.
_NEVER = 1 << 30
#: How many ``collector_paused`` blocks are running, and the full collections' threshold
#: the first of them found (restored when the last ends).
_PAUSE = threading.Lock()
_paused = 0
_old_threshold = 0
