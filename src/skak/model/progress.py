"""Reports of how far long work has come, for a face to show (issue 23 item 19).

Pure code that may take seconds — a Dutch round, re-pairing a file's rounds, reading a big
file, replaying the rating registry — takes an optional :data:`Progress` and calls it as
``progress(done, total)``, ``done`` increasing up to ``total``. It only calls it: whether and
how the report is shown is the face's business, and the work is the same with or without.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeAlias

__all__ = ["Progress"]

#: ``progress(done, total)``: how far the work has come.
Progress: TypeAlias = Callable[[int, int], None]
