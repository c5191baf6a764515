"""The DSU rating result of a tournament held in skak (its final standings' rating column)."""

from __future__ import annotations

from collections.abc import Collection
from datetime import date

from skak.messages import N_
from skak.model.results import ordinary_games
from skak.model.tournament import Tournament
from skak.rating.calc import RatedGame, RatedPlayer, RatingResult, calculate
from skak.rating.candidate import CandidateResult, candidate_results
from skak.rating.registry import KeptGame, KeptGames, KeptPlayer
from skak.rating.rules import RuleSet, rule_set_for

__all__ = [
    "kept_games",
    "rated_players_and_games",
    "tournament_candidates",
    "tournament_rating",
]


def tournament_rating(
    t: Tournament,
    today: date,
    rules: RuleSet | None = None,
    *,
    first_place: Collection[int],
) -> RatingResult:
    """Every player's rating change, by the edition in force on the tournament's last day
    (else its first day, else ``today``).

    Start ratings are the players' DSU ratings of the tournament's kind, else their FIDE
    rating, else a performance rating. Played games are rated; forfeits are not, since skak
    does not know whether a no-show was excused (§4.5.4.2); unfinished games are not.

    ``first_place`` holds the start numbers the tournament's final standings place first
    (:func:`skak.standings.first_place`): the group winners of §4.5.2.5, whose rating does not
    fall when they scored below expectation. The games alone cannot tell them: Gladiator
    play-offs (4.9.8) and DSU §16 decide the standings, not the games' results.
    """
    day = t.end_date or t.start_date or today
    chosen = rules or rule_set_for(day)
    players, games = rated_players_and_games(t)
    return calculate(
        players,
        games,
        chosen,
        round_robin=t.pairing_system in ("berger", "dsu-rr"),
        rapid_or_blitz=t.rated_kind.value != "standard",
        first_place={str(n) for n in first_place},
    )


def rated_players_and_games(t: Tournament) -> tuple[list[RatedPlayer], list[RatedGame]]:
    """The players with their start ratings (the DSU rating of the tournament's kind, else
    the FIDE rating) and the games as the rating counts them (see
    :func:`tournament_rating`), ids the start numbers as text."""
    players = []
    for p in t.players:
        own = p.rating(t.rated_kind.dsu_rating_field)
        note = None
        if own is None and p.ratings.fide is not None:
            own, note = p.ratings.fide, N_("FIDE rating used (§4.5.5.2)")
        players.append(RatedPlayer(str(p.start_number), own, note))
    # Gladiator (4.9.8): every ordinary game of a round is rated on its own result, the
    # colours alternating when a round has several; the play-off games are not.
    games = [
        RatedGame(
            str(pg.white if i % 2 == 0 else pg.black),
            str(pg.black if i % 2 == 0 else pg.white),
            result,
            rated=not pg.unrated,
        )
        for rnd in t.rounds
        for pg in rnd.pairings
        if pg.black is not None and pg.result is not None
        for i, result in enumerate(ordinary_games(pg.result, pg.playoff, t.scoring))
    ]
    return players, games


def kept_games(t: Tournament, first_place: Collection[int]) -> KeptGames:
    """``t``'s rated games as the registry keeps them (:class:`KeptGames`): those of
    :func:`rated_players_and_games`, each with its round, so that a correction can name one
    and the registry rate the tournament again."""
    players, games = rated_players_and_games(t)
    rounds = [
        rnd.number
        for rnd in t.rounds
        for pg in rnd.pairings
        if pg.black is not None and pg.result is not None
        for _ in ordinary_games(pg.result, pg.playoff, t.scoring)
    ]
    by_id = {str(p.start_number): p for p in t.players}
    return KeptGames(
        tuple(KeptPlayer(p.id, by_id[p.id].dsu_id, by_id[p.id].name, p.rating) for p in players),
        tuple(
            KeptGame(n, g.white, g.black, g.result, g.rated, g.unexcused_no_show)
            for n, g in zip(rounds, games, strict=True)
        ),
        round_robin=t.pairing_system in ("berger", "dsu-rr"),
        first_place=tuple(str(n) for n in sorted(first_place)),
    )


def tournament_candidates(t: Tournament) -> list[CandidateResult]:
    """§26 for every player of ``t`` with at least five rounds played over the board
    against rated opponents (ids the start numbers as text)."""
    players, games = rated_players_and_games(t)
    return candidate_results(players, games)
