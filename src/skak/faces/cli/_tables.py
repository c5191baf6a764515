"""Tables that fit a narrow terminal without cutting a figure.

Rich narrows a table too wide for the terminal by wrapping the columns that may wrap and,
as a last resort, by cutting every column alike, so that a rating change becomes ``(+1…``
and a header ``Pla…``. A :class:`FittedTable` takes its columns' options from its cells
(:meth:`FittedTable.fit`) and asks Rich for no less room than those options need:

- a figure (a place, points, a tie-break, a rating and its change, a crosstable result) is
  never wrapped or cut: its column is as wide as its widest cell;
- a header keeps every word whole; a header of several words wider than its figures wraps
  at its spaces (``New rating`` over ``(dsu-2024)``);
- the names (and clubs) give way first: Rich narrows the widest wrapping columns first, and
  a name column is folded down to :data:`NAME_WIDTH` characters, no further;
- a remark (a player's status) gives way too, but keeps its words whole.

When even that does not fit the terminal, the cells lose their padding, and a table that
does not fit even so is wider than the terminal: print it
with :func:`skak.faces.cli._output.print_table`, which does not crop it. A terminal wide enough
for the whole table shows it as Rich always did.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from copy import copy
from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.table import Table
from rich.text import Text

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderResult

__all__ = ["NAME_WIDTH", "FittedTable"]

#: The fewest characters a name (or club) column is folded to when the terminal is narrow.
NAME_WIDTH = 12


def _plain(cell: object) -> str:
    """The text of a cell or header as shown (a string is Rich markup)."""
    return cell.plain if isinstance(cell, Text) else Text.from_markup(str(cell), emoji=False).plain


def _longest_word(texts: Iterable[str]) -> int:
    return max((cell_len(w) for t in texts for w in t.split()), default=0)


class FittedTable(Table):
    """A :class:`~rich.table.Table` that cuts no figure in a narrow terminal (see the
    module); call :meth:`fit` once its rows are in."""

    def fit(self, *, names: Collection[int] = (), texts: Collection[int] = ()) -> FittedTable:
        """Set each column's options from its cells and header: the columns numbered in
        ``names`` hold names or clubs, those in ``texts`` remarks, every other one figures
        (a column's number counts from 0)."""
        for i, column in enumerate(self.columns):
            header = _plain(column.header)
            cells = [_plain(c) for c in column.cells]
            widest = max(map(cell_len, cells), default=0)
            header_word = _longest_word([header])
            if i in names:
                column.overflow = "fold"
                column.min_width = max(min(NAME_WIDTH, widest), header_word)
            elif i in texts:
                column.min_width = max(_longest_word(cells), header_word)
            else:
                column.min_width = max(widest, header_word)
                # A figure column does not wrap, unless its header is the wider: then the
                # header may wrap at its spaces, down to the figures' width.
                column.no_wrap = cell_len(header) <= column.min_width
        return self

    def least_width(self) -> int:
        """The narrowest this table can be shown: every column at its ``min_width``, with
        the padding and the lines between (Rich's own reckoning of them)."""
        return self._extra_width + sum(
            (column.min_width or 0) + self._get_padding_width(i)
            for i, column in enumerate(self.columns)
        )

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        table: Table = self
        if options.max_width < self.least_width():
            # Too narrow even with the names folded: the cells lose their padding (Rich's
            # own option), and a table that does not fit even so is shown wider.
            compact = copy(self)
            compact.padding = (0, 0)
            table = compact
            options = options.update_width(max(options.max_width, compact.least_width()))
        yield from Table.__rich_console__(table, console, options)
