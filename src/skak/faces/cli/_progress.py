"""A progress display on standard error for long work (issue 23 item 19).

:func:`progress` gives the callback that the library reports to as ``report(done, total)``:
a Dutch pairing bracket by bracket, ``skak engine --check`` round by round, an import line
by line, a rating-registry replay event by event. The display is Rich's progress bar on
standard error, and it is

* shown only after the work has taken :data:`DELAY` seconds (short work shows nothing);
* transient: gone when the work ends, so the command's own output reads as before;
* never there when standard error is not a terminal (a pipe, a file, a test): then there is
  no callback at all, so nothing is printed and the work is not slowed.

Until it is shown a report costs one clock reading; Rich is imported only when it is shown.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from skak.faces.cli import _output

if TYPE_CHECKING:
    from rich.console import Console
    from rich.progress import Progress, TaskID

__all__ = ["DELAY", "Report", "progress"]

#: ``report(done, total)``: how far the work has come (``total`` 0: not known).
Report = Callable[[int, int], None]

#: Seconds of work before the display appears.
DELAY = 1.0


class _Display:
    """The callback: a clock reading until the delay has passed, then a progress bar."""

    def __init__(self, what: str, console: Console, delay: float) -> None:
        self.what = what
        self.console = console
        self.show_at = time.monotonic() + delay
        self.bar: Progress | None = None
        self.task: TaskID | None = None

    def __call__(self, done: int, total: int) -> None:
        if self.bar is None:
            if time.monotonic() < self.show_at:
                return
            self.bar, self.task = self._start()
        assert self.task is not None
        self.bar.update(self.task, completed=done, total=total or None)  # 0: not known

    def _start(self) -> tuple[Progress, TaskID]:
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
        )

        bar = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=self.console,
            transient=True,
        )
        bar.start()
        return bar, bar.add_task(self.what, total=None)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()
            self.bar = None


#: The settings by which Rich takes standard error for a terminal when it is not one.
_FORCING = ("FORCE_TERMINAL", "TTY_COMPATIBLE", "FORCE_COLOR")


def _may_be_terminal() -> bool:
    """Whether Rich might take standard error for a terminal; when not, the display is
    never shown and Rich is not imported (``skak engine`` is run once a round)."""
    isatty = getattr(sys.stderr, "isatty", None)
    return (isatty is not None and isatty()) or any(name in os.environ for name in _FORCING)


@contextmanager
def progress(
    what: str, *, console: Console | None = None, delay: float | None = None
) -> Iterator[Report | None]:
    """The callback for long work described as ``what`` ("Pairing: score brackets"), shown
    on ``console`` (standard error) after ``delay`` seconds (:data:`DELAY`); ``None`` when
    that console is not a terminal."""
    if console is None and not _may_be_terminal():
        yield None
        return
    where = console if console is not None else _output.err
    if not where.is_terminal:
        yield None
        return
    display = _Display(what, where, DELAY if delay is None else delay)
    try:
        yield display
    finally:
        display.close()
