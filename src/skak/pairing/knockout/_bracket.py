"""The knock-out's bracket and draw, DSU 003 §4.9.7: seeding (seedning), the seed groups of
the draw numbers (lodtrækningsnumre), the lot within each group, and the empty bracket for a
field size (``skak knockout bracket``). Pure functions of the field and a lot seed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from skak.errors import InputError
from skak.messages import N_
from skak.model.player import Player, Title

__all__ = [
    "MAX_BRACKET_PLAYERS",
    "MIN_PLAYERS",
    "Json",
    "bracket",
    "bracket_positions",
    "bracket_round_name",
    "bracket_size",
    "draw_bracket",
    "seed_order",
]

#: "turneringer med flere end fire deltagere" next to "deltagerantal på hhv. 4, 8, 16 …": four
#: is a field the text aims for, so four is the least (docs: notes on 003 §4.9.7).
MIN_PLAYERS = 4
#: The largest field :func:`bracket` draws an empty bracket for (1024 places, ten bracket
#: rounds): far beyond any knock-out, and a bound for ``skak knockout bracket -n``.
MAX_BRACKET_PLAYERS = 1024

Json = dict[str, Any]

_TITLE_RANK = {title: i for i, title in enumerate(Title)}


def seed_order(
    players: Sequence[Player], seed: int | str = 0, *, rating: str = "dsu"
) -> tuple[int, ...]:
    """The start numbers in seed order (seedning), 003 §4.9.7: DSU rating (highest first), then
    title (GM, IM, WGM, FM, WIM, CM, WFM, WCM, none), then FIDE rating, then lot.

    A missing rating sorts below every rating. The lot is ``random.Random`` seeded with
    ``seed``, so the same field and seed always give the same order.

    :raises InputError: when a start number occurs twice.
    """
    numbers = sorted(p.start_number for p in players)
    if len(set(numbers)) != len(numbers):
        raise InputError("seeding: a start number (startnummer) occurs twice")
    lot = {
        n: i for i, n in enumerate(random.Random(f"{seed}|seeding").sample(numbers, len(numbers)))
    }

    def key(p: Player) -> tuple[int, int, int, int]:
        title = _TITLE_RANK[p.title] if p.title is not None else len(_TITLE_RANK)
        return (-(p.rating(rating) or 0), title, -(p.ratings.fide or 0), lot[p.start_number])

    return tuple(p.start_number for p in sorted(players, key=key))


def bracket_size(players: int) -> int:
    """The smallest power of two (at least 2) that holds ``players``: 4, 8, 16, 32 …"""
    size = 2
    while size < players:
        size *= 2
    return size


def bracket_positions(size: int) -> tuple[tuple[int, int], ...]:
    """The seed group ``(first, last)`` each draw number holds, for a bracket of ``size``.

    A draw number at the end of a block of ``size`` holds seeds 1–2, at the end of a half-block
    seeds 3–4, of a quarter-block seeds 5–8, and so on (003 §4.9.7's table for 16 players).

    >>> bracket_positions(8)
    ((1, 2), (5, 8), (5, 8), (3, 4), (3, 4), (5, 8), (5, 8), (1, 2))

    :raises InputError: when ``size`` is no power of two of at least 2.
    """
    if size < 2 or size & (size - 1):
        raise InputError(f"a knock-out bracket has 2, 4, 8, 16 … places, not {size}")
    groups = []
    for number in range(1, size + 1):
        block = size
        while (number - 1) % block and number % block:
            block //= 2
        groups.append((1, 2) if block == size else (size // block + 1, 2 * size // block))
    return tuple(groups)


def _partner(number: int) -> int:
    """The draw number a draw number meets in the first round (1–2, 3–4, …)."""
    return number + 1 if number % 2 else number - 1


def draw_bracket(seeded: Sequence[int], seed: int | str = 0) -> tuple[int | None, ...]:
    """The lot for draw numbers (lodtrækningsnumre), 003 §4.9.7: item ``d − 1`` is the start
    number on draw number ``d``, ``None`` a bye.

    ``seeded`` is the field in seed order. Each seed group draws by lot among its draw numbers
    (seeds 1–2 for 1 and 16 in a bracket of 16, …). The byes are the lowest seeds; they are
    not drawn but placed opposite seeds 1, 2, …, so the top seeds go through without a game.

    :raises InputError: for fewer than two players or a start number twice.
    """
    n = len(seeded)
    if n < 2 or len(set(seeded)) != n:
        raise InputError("a draw needs at least two different players")
    size = bracket_size(n)
    byes = size - n
    groups = bracket_positions(size)
    rng = random.Random(f"{seed}|draw")
    draw: list[int | None] = [None] * size
    place_of: dict[int, int] = {}
    for first, last in sorted(set(groups)):
        places = [d for d in range(1, size + 1) if groups[d - 1] == (first, last)]
        if last == size:  # the lowest group holds the byes, opposite the top seeds
            reserved = {_partner(place_of[s]) for s in range(1, byes + 1)}
            places = [d for d in places if d not in reserved]
        rng.shuffle(places)
        for s, d in zip(range(first, min(last, n) + 1), places, strict=True):
            draw[d - 1] = seeded[s - 1]
            place_of[s] = d
    return tuple(draw)


def bracket_round_name(players: int) -> str:
    """The name of a bracket round with ``players`` places: final, semi-final, …"""
    names = {
        2: N_("final (finale)"),
        4: N_("semi-final (semifinale)"),
        8: N_("quarter-final (kvartfinale)"),
    }
    return names.get(players) or N_("round of {players}", players=players)


def bracket(players: int) -> Json:
    """The bracket for ``players`` as JSON-ready data (``skak knockout bracket``).

    >>> b = bracket(6)
    >>> b["size"], b["byes"], b["seeds_with_bye"], b["first_round"][0]
    (8, 2, [1, 2], {'match': 1, 'draw_numbers': [1, 2]})

    :raises InputError: for fewer than :data:`MIN_PLAYERS` or more than
        :data:`MAX_BRACKET_PLAYERS` players.
    """
    if players < MIN_PLAYERS:
        raise InputError(
            f"a knock-out (DSU 4.9.7) needs at least {MIN_PLAYERS} players, not {players}"
        )
    if players > MAX_BRACKET_PLAYERS:
        raise InputError(
            f"a knock-out bracket here has at most {MAX_BRACKET_PLAYERS} players "
            f"({MAX_BRACKET_PLAYERS} places, {MAX_BRACKET_PLAYERS.bit_length() - 1} bracket "
            f"rounds), not {players}"
        )
    size = bracket_size(players)
    groups = bracket_positions(size)
    rounds = []
    places = size
    while places >= 2:
        rounds.append({"name": bracket_round_name(places), "players": places})
        places //= 2
    return {
        "players": players,
        "size": size,
        "byes": size - players,
        "seeds_with_bye": list(range(1, size - players + 1)),
        "draw_numbers": [
            {"draw_number": d, "seeds": [first, last]}
            for d, (first, last) in enumerate(groups, start=1)
        ],
        "first_round": [
            {"match": m, "draw_numbers": [2 * m - 1, 2 * m]} for m in range(1, size // 2 + 1)
        ],
        "rounds": rounds,
    }
