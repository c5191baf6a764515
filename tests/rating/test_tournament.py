"""The rating column of a tournament held in skak (skak.rating.tournament): the group
winners of 003 §4.5.2.5 (001 §2.5) are the players the tournament's own final standings place
first — after Gladiator play-offs (4.9.8) and DSU §16 — not the leaders of the games' raw
results (issue 23 item 1)."""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from fractions import Fraction

import pytest

from skak.model import Player, Result, Scoring, Tournament
from skak.rating.tournament import tournament_rating
from skak.standings import first_place
from tests.dsl import build, game, player

W, D, B = Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN
DAY = date(2026, 3, 1)
GLADIATOR = Scoring(gladiator=True)


def _playoff(t: Tournament, round_number: int, board: int, *games: Result) -> Tournament:
    rounds = tuple(
        replace(
            r,
            pairings=tuple(
                replace(p, playoff=games) if p.board == board else p for p in r.pairings
            ),
        )
        if r.number == round_number
        else r
        for r in t.rounds
    )
    return replace(t, rounds=rounds)


def _field() -> list[Player]:
    return [player(1, "A", 2000), player(2, "B", 1800), player(3, "C", 2000), player(4, "D", 1700)]


def gladiator_winner() -> Tournament:
    """C draws every ordinary game and wins every play-off: 3 points, first alone, with 1½
    from his games against an expected 2.10. A leads the raw results with 2."""
    t = build(
        _field(),
        game(1, "A", "B", "1-0"),
        game(1, "C", "D", "½-½"),
        game(2, "C", "A", "½-½"),
        game(2, "B", "D", "1-0"),
        game(3, "B", "C", "½-½"),
        game(3, "D", "A", "½-½"),
        scoring=GLADIATOR,
    )
    t = _playoff(t, 1, 2, B)  # the replay has reversed colours: C (black) wins
    t = _playoff(t, 2, 1, B)
    t = _playoff(t, 3, 1, W)
    return _playoff(t, 3, 2, W)


def gladiator_tied() -> Tournament:
    """A and C on 2 points each (A first by GLO, C second), both with 1½ against 2.10; B
    leads the raw results with 2 but has 1 point."""
    t = build(
        _field(),
        game(1, "A", "B", "0-1"),
        game(1, "C", "D", "½-½"),
        game(2, "C", "A", "½-½"),
        game(2, "B", "D", "½-½"),
        game(3, "B", "C", "½-½"),
        game(3, "A", "D", "1-0"),
        scoring=GLADIATOR,
    )
    t = _playoff(t, 1, 2, B)  # C wins
    t = _playoff(t, 2, 1, W)  # A wins the replay against C
    t = _playoff(t, 2, 2, W)  # D wins the replay against B
    return _playoff(t, 3, 1, W)  # C wins the replay against B


def section_16() -> Tournament:
    """W leaves after round 1 (1 game of 3, under half): §16 annuls his games, so A, B and
    C share first place on 1 point. The raw results give A and C 2 with W's forfeits, and
    B, who lost his game to W, 1 — from 1 rated point against an expected 2.45."""
    return build(
        [
            player(1, "A", 1800),
            player(2, "B", 2000),
            player(3, "C", 1800),
            player(4, "W", 1600, withdrawn_from=2),
        ],
        game(1, "W", "B", "1-0"),
        game(1, "A", "C", "½-½"),
        game(2, "A", "W", "+-"),
        game(2, "B", "C", "½-½"),
        game(3, "C", "W", "+-"),
        game(3, "A", "B", "½-½"),
    )


@pytest.mark.parametrize(
    ("tournament", "first", "protected", "falling"),
    [
        pytest.param(gladiator_winner(), {3}, {"3"}, {"1"}, id="4.5.2.5-gladiator-winner"),
        pytest.param(gladiator_tied(), {1, 3}, {"1", "3"}, set(), id="4.5.2.5-gladiator-tied"),
        pytest.param(section_16(), {1, 2, 3}, {"2"}, set(), id="4.5.2.5-dsu-16-shared-first"),
    ],
)
def test_the_group_winner_is_placed_first_by_the_final_standings(
    tournament: Tournament, first: set[int], protected: set[str], falling: set[str]
) -> None:
    """ "Opnår en gruppevinder (ved ligestilling på førstepladsen alle de implicerede
    spillere) mindre end sin forventede score, tildeles ratingtilvæksten 0." """
    assert first_place(tournament) == first
    result = tournament_rating(tournament, DAY, first_place=first_place(tournament))
    changes = {c.id: c for c in result.players}
    for who in protected:
        assert changes[who].score < changes[who].expected
        assert changes[who].change == 0
        assert "§2.5" in changes[who].notes[-1]
    for who in falling:  # below expectation, but not first: his rating falls
        assert changes[who].score < changes[who].expected
        assert changes[who].change < 0
        assert all("§2.5" not in n for n in changes[who].notes)


def test_the_games_are_rated_on_their_own_results() -> None:
    """4.9.8: the ordinary games are rated as played, whatever the play-offs gave."""
    t = gladiator_winner()
    changes = {c.id: c for c in tournament_rating(t, DAY, first_place={3}).players}
    assert (changes["3"].games, changes["3"].score) == (3, Fraction(3, 2))
