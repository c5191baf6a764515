"""The knock-out's draw once round 1 is paired, DSU 003 §4.9.7: the lot for the draw numbers
"fastlægger hele turneringens forløb", so round 1 keeps it as its record
(:class:`~skak.model.records.KnockoutDraw`) and every later pairing reads it back from there,
never from ratings, titles or names corrected later.

Round 1 without that record (a TRF file from another program) is read as far as it goes: its
games fix the first-round matches and, by board order, where they stand in the bracket; only
what it leaves open — which of the players without a game gets which bye place, and which
player of a match has the lower draw number — follows the seeding by current ratings.
"""

from __future__ import annotations

from collections.abc import Sequence

from skak.errors import NoValidPairingError
from skak.model.player import Player
from skak.model.records import KnockoutDraw
from skak.model.tournament import Round, Tournament
from skak.pairing.knockout._bracket import MIN_PLAYERS, bracket_size, draw_bracket, seed_order

__all__ = ["fixed_draw"]


def _from_round_one(player: Player) -> bool:
    """Whether ``player`` is registered from round 1 on and not withdrawn before it
    (``late_from`` 1 is the same as none)."""
    return (player.late_from or 1) == 1 and not player.is_withdrawn(1)


def _field(tournament: Tournament) -> tuple[Player, ...]:
    """Everyone registered from round 1 except those withdrawn before it.

    :raises NoValidPairingError: for fewer than four players.
    """
    entrants = tuple(p for p in tournament.players if _from_round_one(p))
    if len(entrants) < MIN_PLAYERS:
        raise NoValidPairingError(
            f"a knock-out (DSU 4.9.7) needs at least {MIN_PLAYERS} players; "
            f"{len(entrants)} registered"
        )
    return entrants


def _check_outsiders(tournament: Tournament, draw: Sequence[int | None]) -> None:
    """Refuse players outside the draw who are not withdrawn: late entries, or players let
    back in after the draw was made.

    :raises NoValidPairingError: naming them.
    """
    drawn = {n for n in draw if n is not None}
    outside = [
        p.start_number
        for p in tournament.players
        if p.start_number not in drawn and not p.is_withdrawn(p.late_from or 1)
    ]
    if outside:
        raise NoValidPairingError(
            "a knock-out's bracket is drawn before round 1 and cannot take late entries "
            f"(sen tilmelding) or players left out of the draw: players {outside}; undo their "
            "registration or withdraw them",
            outside,
        )


def _recorded_draw(
    tournament: Tournament, first: Round
) -> tuple[tuple[int, ...], tuple[int | None, ...]] | None:
    """The seeding and the draw round 1 recorded, or ``None`` without a record.

    :raises NoValidPairingError: for a record that is no knock-out draw of this tournament's
        players.
    """
    record = first.record
    if record is None:
        return None
    if not isinstance(record, KnockoutDraw):
        raise NoValidPairingError(
            f"round 1's record is no knock-out draw but a {record.kind!r} record"
        )
    seeded, draw = record.seeded, record.draw
    drawn = sorted(n for n in draw if n is not None)
    problem = ""
    if len(set(seeded)) != len(seeded) or len(seeded) < 2:
        problem = "a seed without a player, or a player seeded twice"
    elif len(draw) != bracket_size(len(seeded)) or drawn != sorted(seeded):
        problem = "the draw numbers do not hold the seeded players once each"
    elif not all(tournament.has_player(n) for n in seeded):
        problem = "a start number that is no player of the tournament"
    if problem:
        raise NoValidPairingError(f"round 1's record of the knock-out's draw is broken: {problem}")
    return seeded, draw


def _draw_from_round_one(
    tournament: Tournament, first: Round, lot: int | str, rating: str
) -> tuple[tuple[int, ...], tuple[int | None, ...]]:
    """The draw as far as round 1's games fix it, for a round 1 without a record.

    The lot of :func:`draw_bracket` places seed ranks, not players, so its layout for the
    field's size says which draw numbers held byes and which matches were played. Round 1's
    boards are the played matches in bracket order; the players without a game are the byes'
    opponents. Only the order within a match and among the players with a bye follows the
    seeding by current ratings.

    :raises NoValidPairingError: when round 1 is no first round of a knock-out of the field.
    """
    playing = [n for p in first.pairings for n in p.players]
    resting = [
        p.start_number
        for p in tournament.players
        if _from_round_one(p) and p.start_number not in playing
    ]
    n = len(playing) + len(resting)
    size = bracket_size(n)
    if (
        any(p.black is None for p in first.pairings)
        or len(set(playing)) != len(playing)
        or n < MIN_PLAYERS
        or size // 2 != len(first.pairings) + len(resting)
    ):
        raise NoValidPairingError(
            f"round 1 has {len(first.pairings)} games and {len(resting)} players without a "
            f"game, which is no first round of a knock-out of {n} players, and it holds no "
            "record of the draw",
            playing,
        )
    field = [tournament.player(x) for x in (*playing, *resting)]
    rank = {x: i for i, x in enumerate(seed_order(field, lot, rating=rating))}
    layout = draw_bracket(tuple(range(1, n + 1)), lot)  # the seed rank on each draw number
    place_of_rank = {r: d for d, r in enumerate(layout) if r is not None}
    draw: list[int | None] = [None] * size
    for r, player in enumerate(sorted(resting, key=rank.__getitem__), start=1):
        draw[place_of_rank[r]] = player
    played = [
        j for j in range(size // 2) if layout[2 * j] is not None and layout[2 * j + 1] is not None
    ]
    for j, pairing in zip(played, first.pairings, strict=True):
        better, worse = sorted(pairing.players, key=rank.__getitem__)
        low, high = layout[2 * j], layout[2 * j + 1]
        assert low is not None
        assert high is not None
        first_place = 2 * j if low < high else 2 * j + 1
        draw[first_place], draw[first_place ^ 1] = better, worse
    seeded = tuple(draw[place_of_rank[r]] for r in range(1, n + 1))
    assert None not in seeded
    return tuple(x for x in seeded if x is not None), tuple(draw)


def fixed_draw(
    tournament: Tournament, lot: int | str
) -> tuple[tuple[int, ...], tuple[int | None, ...]]:
    """The seeding and the draw: recorded in (or read off) round 1 once it is paired, else
    drawn from the current field and ratings.

    :raises NoValidPairingError: for too few players, late entries, or a round 1 that makes
        no draw.
    """
    rating = tournament.rated_kind.dsu_rating_field
    first = next((r for r in tournament.rounds if r.number == 1), None)
    if first is None:
        seeded = seed_order(_field(tournament), lot, rating=rating)
        draw = draw_bracket(seeded, lot)
    else:
        recorded = _recorded_draw(tournament, first)
        if recorded is None:
            recorded = _draw_from_round_one(tournament, first, lot, rating)
        seeded, draw = recorded
    _check_outsiders(tournament, draw)
    return seeded, draw
