"""Results as an arbiter types a whole round of them (``skak results``).

Either one result per game in board order (``1 ½ 0 + - 1-0 =``), or a file of lines
``BOARD RESULT`` (``3 ½-½``; a Gladiator play-off after it, ``4 = 1-0,½-½``). Each result is
read by :meth:`Result.parse`, the one parser of a typed result, short keys included: ``1``
white wins, ``0`` black wins, ``½`` or ``=`` a draw, ``+`` white wins by forfeit, ``-``
black wins by forfeit.
"""

from __future__ import annotations

from skak.errors import InputError
from skak.messages import N_, N_plural
from skak.model.results import Result

__all__ = ["parse_board_lines"]


def parse_board_lines(text: str, source: str) -> list[tuple[int, Result, tuple[Result, ...]]]:
    """``(board, result, play-off)`` for each line ``BOARD RESULT [PLAY-OFF]`` of ``text``;
    blank lines and lines starting with ``#`` are skipped.

    :raises InputError: naming every bad line (``results.txt line 4: …``).
    """
    out: list[tuple[int, Result, tuple[Result, ...]]] = []
    problems: list[str] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        where = N_("{source} line {line}", source=source, line=number)
        parts = line.split()
        if len(parts) not in (2, 3) or not parts[0].isdigit() or len(parts[0]) > 4:
            problems.append(
                N_("{where}: write a board number and a result, e.g. '3 ½-½'", where=where)
            )
            continue
        try:
            result = Result.parse(parts[1])
            playoff = tuple(Result.parse(g) for g in parts[2].split(",")) if len(parts) == 3 else ()
        except InputError as err:
            problems.append(N_("{location}: {message}", location=where, message=err.message))
            continue
        out.append((int(parts[0]), result, playoff))
    if problems:
        raise InputError(
            N_plural(
                "{n} bad line; nothing was entered",
                "{n} bad lines; nothing was entered",
                len(problems),
            ),
            location=source,
            problems=problems,
        )
    if not out:
        raise InputError(N_("the file holds no results"), location=source)
    return out
