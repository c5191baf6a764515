"""Cups for the tests: a Bredde row of six teams, and hand-made rounds."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from skak.teams.cup import Cup, CupBoard, CupCard, CupLineup, CupMatch, CupPlayer, CupTeam

DAY = date(2025, 6, 8)  # Whit Sunday 2025


def team(name: str, ratings: tuple[int | None, ...] = (1800, 1800, 1800, 1800, 1700)) -> CupTeam:
    players = tuple(
        CupPlayer(f"{name}{i}", f"{name} {i}", name, r) for i, r in enumerate(ratings, start=1)
    )
    return CupTeam(name, name, players)


def bredde(names: str = "ABCDEF", rounds: int = 4) -> Cup:
    return Cup("Pokal 2025 Bredde", "bredde", DAY, rounds, teams=tuple(team(n) for n in names))


def play(cup: Cup, first: str, second: str, results: str, round_number: int) -> Cup:
    """A match of the round with both teams' first four players and the results (from the
    first team's side: 1 = 0 or . for a board left empty on the card)."""
    m = CupMatch(round_number, first, second)
    lineups = tuple(
        CupLineup(round_number, t, tuple(p.id for p in cup.team(t).players[:4]))
        for t in (first, second)
    )
    symbols = {"1": "1-0", "=": "½-½", "0": "0-1", ".": None}
    card = CupCard(
        round_number,
        first,
        second,
        tuple(CupBoard(b, symbols[c]) for b, c in enumerate(results, start=1)),
    )
    return replace(
        cup,
        pairings=(*cup.pairings, m),
        lineups=(*cup.lineups, *lineups),
        cards=(*cup.cards, card),
    )
