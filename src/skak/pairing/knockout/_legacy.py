"""The knock-out's draw as rounds stored before :attr:`Round.record` kept it: two lines of
round 1's explanation, in the wording below. This is the only place that wording is read
(:meth:`KnockoutSystem.recover_record <skak.pairing.knockout.KnockoutSystem.recover_record>`);
the explanation written today may say anything.
"""

from __future__ import annotations

from skak.errors import NoValidPairingError
from skak.model.records import KnockoutDraw

__all__ = ["old_draw"]

#: The two lines, exactly as skak wrote them (``1: 7, 2: 3, …`` and ``1: 7, 2: bye, …``;
#: start numbers only, never names).
OLD_SEEDS_LINE = "seeds (seedning by DSU rating, title, FIDE rating, lot): "
OLD_DRAW_LINE = "draw numbers (lodtrækningsnumre) by lot within the seed groups: "
_BYE = "bye"


def _parse(text: str, what: str) -> list[int | None]:
    """``1: 7, 2: bye, …`` as ``[7, None, …]``; the numbers before the colons run 1, 2, …"""
    values: list[int | None] = []
    for index, item in enumerate(text.split(", "), start=1):
        key, sep, value = item.partition(": ")
        if not sep or key != str(index) or not (value == _BYE or value.isdigit()):
            raise NoValidPairingError(
                f"round 1's record of the knock-out's {what} cannot be read at {item!r}"
            )
        values.append(None if value == _BYE else int(value))
    return values


def old_draw(explanation: tuple[str, ...]) -> KnockoutDraw | None:
    """The draw round 1's old explanation records, or ``None`` when it holds no such record.

    The record is read as written; whether it fits the tournament is checked when the
    knock-out reads it.

    :raises NoValidPairingError: when a line cannot be read, or a seed is a bye.
    """
    seeds_text = next((x for x in explanation if x.startswith(OLD_SEEDS_LINE)), None)
    draw_text = next((x for x in explanation if x.startswith(OLD_DRAW_LINE)), None)
    if seeds_text is None or draw_text is None:
        return None
    seeds = _parse(seeds_text.removeprefix(OLD_SEEDS_LINE), "seeding")
    draw = tuple(_parse(draw_text.removeprefix(OLD_DRAW_LINE), "draw numbers"))
    seeded = tuple(n for n in seeds if n is not None)
    if len(seeded) != len(seeds):
        raise NoValidPairingError(
            "round 1's record of the knock-out's draw is broken: a seed without a player"
        )
    return KnockoutDraw(seeded, draw)
