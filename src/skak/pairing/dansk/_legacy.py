"""Dansk Schweizer's start order as rounds stored before :attr:`Round.record` kept it: one line
of each round's explanation, in the wording below. This is the only place that wording is read
(:meth:`DanskSystem.recover_record <skak.pairing.dansk.DanskSystem.recover_record>`); the
explanation written today may say anything.
"""

from __future__ import annotations

from skak.errors import NoValidPairingError
from skak.model.records import StartOrder

__all__ = ["old_start_order"]

#: The line exactly as skak wrote it: ``1: 7 (2150), 2: 3 (-), …``, place: start number
#: (the rating that placed him, ``-`` for none).
OLD_ORDER_LINE = "start order (3.1, kept for the whole tournament; place: player (rating)): "


def old_start_order(explanation: tuple[str, ...], round_number: int) -> StartOrder | None:
    """The start order a round's old explanation records, or ``None`` when it holds none.

    :raises NoValidPairingError: when the line cannot be read.
    """
    text = next((x for x in explanation if x.startswith(OLD_ORDER_LINE)), None)
    if text is None:
        return None
    out: list[tuple[int, int | None]] = []
    for index, item in enumerate(text.removeprefix(OLD_ORDER_LINE).split(", "), start=1):
        key, sep, rest = item.partition(": ")
        number, _, rating = rest.partition(" (")
        rating = rating.removesuffix(")")
        if (
            not sep
            or key != str(index)
            or not number.isdigit()
            or not (rating == "-" or rating.isdigit())
        ):
            raise NoValidPairingError(
                f"round {round_number}'s record of the start order (3.1) cannot be read at {item!r}"
            )
        out.append((int(number), None if rating == "-" else int(rating)))
    return StartOrder(tuple(out))
