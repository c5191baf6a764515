"""Monrad's placements (placering), DSU 003 §4.9.2: the start order drawn by lot
(lodtrækningsnumre), then after each round more points first, equal points in the order of the
previous placement.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from skak.model.games import entries_by_player
from skak.model.tournament import Tournament
from skak.pairing.settings import Settings, setting

__all__ = ["MonradSettings", "lot_order", "placements", "points_before"]


@dataclass(frozen=True)
class MonradSettings(Settings):
    """Monrad's settings: the lot's seed, the look-ahead, and whether forfeits count as met."""

    lot_seed: int = setting(
        0, "0 (the start numbers are the lot numbers) or a whole number, the seed of the lot"
    )
    look_ahead: bool = setting(
        True, "yes or no (keep the remaining rounds pairable without rematches, 4.9.2)"
    )
    forfeits_count_as_met: bool = setting(False, "yes or no (a forfeited game counts as met)")


def _round_one_field(tournament: Tournament) -> list[int]:
    if tournament.rounds:
        first = tournament.rounds[0]
        present = {n for p in first.pairings for n in p.players} | {b.player for b in first.byes}
        return sorted(present)
    return sorted(
        p.start_number
        for p in tournament.players
        if not p.is_withdrawn(1) and (p.late_from or 1) == 1
    )


def lot_order(tournament: Tournament) -> tuple[int, ...]:
    """The start order (lodtrækningsnumre) in placement order.

    Without a ``lot-seed`` setting the start numbers are the lot numbers, as when the arbiter
    has drawn them in the hall and entered the players in that order. With ``lot-seed`` the
    field of round 1 is drawn reproducibly: each player's lot depends only on the seed and his
    start number, so it stays the same whoever else joins or leaves. Players who join later come
    after the others, by start number.
    """
    field = _round_one_field(tournament)
    seed = MonradSettings.of(tournament).lot_seed
    if seed:
        field.sort(key=lambda n: random.Random(f"skak-monrad-lot:{seed}:{n}").random())
    placed = set(field)
    late = sorted(p.start_number for p in tournament.players if p.start_number not in placed)
    return (*field, *late)


def placements(tournament: Tournament) -> list[tuple[int, ...]]:
    """The placement order (placering) used to pair each round: index ``r − 1`` is round ``r``,
    up to and including the next round to pair.

    After round ``r`` players are sorted by points (unfinished games as draws), then by their
    placement at the previous pairing (4.9.2: "derefter inden for hver pointgruppe efter
    placering ved forrige rundelægning").
    """
    order = lot_order(tournament)
    out = [order]
    scoring = tournament.scoring
    points = {n: Fraction(0) for n in order}
    by_player = entries_by_player(tournament)
    for rnd in tournament.rounds:
        for n in order:
            for e in by_player.get(n, ()):
                if e.round == rnd.number:
                    points[n] += e.pairing_points(scoring)
        rank = {n: i for i, n in enumerate(order)}
        order = tuple(sorted(order, key=lambda n: (-points[n], rank[n])))
        out.append(order)
    return out


def points_before(tournament: Tournament, number: int) -> dict[int, Fraction]:
    scoring = tournament.scoring
    return {
        n: sum(
            (e.pairing_points(scoring) for e in es if e.round < number),
            Fraction(0),
        )
        for n, es in entries_by_player(tournament).items()
    }
