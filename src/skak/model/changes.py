"""The change history a tournament's TRF file carries (FIDE C.04A/C.02's endorsement
checklist: leaving FIDE mode, a change of the tie-breaks after round 1, and every correction,
withdrawal, manual edit and setting change in the TRF-2026 export).

A :class:`ChangeNote` is one change as the file writes it, in a ``###`` comment line (TRF-2026,
remark 1: "comment lines are allowed as long as the first three characters of the line are
###"): the day it was made, how many rounds had been paired then, what kind of change it
was, and the change in words (English, as the file's records are)::

    ### 2026/11/29 after round 3 correction: round 2 board 4: 1-0 (corrected from 0-1)

:func:`ChangeNote.line` writes one and :func:`ChangeNote.from_line` reads it back (``None``
for any other comment, which a reader keeps as it is).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from typing import Literal, get_args

from skak.errors import InputError
from skak.model.player import clean_text

__all__ = ["CHANGE_KINDS", "ChangeKind", "ChangeNote"]

#: What changed: FIDE mode entered or left, the tie-breaks, another setting, a result
#: corrected, a player withdrawn, a round edited by hand, a player's details corrected.
ChangeKind = Literal[
    "fide-mode", "tiebreaks", "setting", "correction", "withdrawal", "round-edit", "player"
]
CHANGE_KINDS: tuple[str, ...] = get_args(ChangeKind)

#: Compiled when first used (by :mod:`re`'s cache), not when the model is imported.
_LINE = (
    r"### (?P<day>[0-9]{4}/[0-9]{2}/[0-9]{2}) "
    r"(?:after round (?P<round>[0-9]{1,3})|before round 1) "
    rf"(?P<kind>{'|'.join(re.escape(k) for k in CHANGE_KINDS)}): (?P<text>\S.*)"
)


@dataclass(frozen=True, slots=True)
class ChangeNote:
    """One change to a tournament, as its TRF file records it.

    ``round`` is the number of rounds paired when the change was made (0: before round 1);
    ``text`` says what changed, on one line.
    """

    day: date
    round: int
    kind: ChangeKind
    text: str

    def __post_init__(self) -> None:
        if self.kind not in CHANGE_KINDS:
            raise InputError(f"a change is one of {', '.join(CHANGE_KINDS)}, not {self.kind!r}")
        if not 0 <= self.round <= 999:
            raise InputError(f"a change is made after round 0–999, not {self.round}")
        text = clean_text(self.text.replace("\n", " "), "a change's text", limit=None)
        if not text:
            raise InputError("a change's text is not empty")
        object.__setattr__(self, "text", text)

    def line(self) -> str:
        """The ``###`` comment line that records the change."""
        d = self.day
        when = f"after round {self.round}" if self.round else "before round 1"
        return f"### {d.year:04d}/{d.month:02d}/{d.day:02d} {when} {self.kind}: {self.text}"

    @classmethod
    def from_line(cls, line: str) -> ChangeNote | None:
        """The change a ``###`` line written by :meth:`line` records; ``None`` for any other
        line (another program's comment)."""
        m = re.fullmatch(_LINE, line.rstrip())
        if m is None:
            return None
        try:
            day = date(*(int(x) for x in m["day"].split("/")))
        except ValueError:
            return None
        kind: ChangeKind = m["kind"]  # type: ignore[assignment]  # the pattern's choices
        return cls(day, int(m["round"] or 0), kind, m["text"])
