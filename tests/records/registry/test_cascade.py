"""The correction cascade (issue 36, item 2): a result of an applied tournament corrected
re-rates it and every later tournament exactly as rating the tournaments again from
scratch with the corrected result does (001 §4.1: the start rating is the registered one);
the preview shows it before anything is written; the correction is one event, undone as
any correction or merge is."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skak.api import Skak
from skak.errors import ConflictError, InputError, NotFoundError, StateError
from skak.model import Result
from skak.rating import RatedGame, RatedPlayer, calculate, rule_set_for
from skak.rating.cascade import cascade, correct_game, in_force, rate_kept
from skak.rating.registry import (
    KeptGame,
    KeptGames,
    KeptPlayer,
    PlayerEntered,
    RegistryBuilder,
    RegistryEvent,
    TournamentApplied,
    TournamentsReRated,
    changes_from_result,
)
from skak.rating.season import SeasonTournament, apply_season
from skak.records.registry import commands as rules
from skak.records.registry.evolve import fold

DAYS = (date(2025, 3, 1), date(2025, 4, 1), date(2025, 5, 1))
#: A round's game: (round, white, black, result).
Game = tuple[int, int, int, Result]


def entries(ratings: dict[int, int]) -> list[PlayerEntered]:
    return [
        PlayerEntered(pid, f"Spiller {pid}", (("standard", r),), date(2025, 1, 1), "list")
        for pid, r in ratings.items()
    ]


def applied(builder: RegistryBuilder, i: int, games: list[Game]) -> TournamentApplied:
    """Tournament ``i`` rated by :func:`calculate` from the ratings registered now (its
    games kept), as ``skak rating apply`` does, then applied to ``builder``."""
    ids = sorted({pid for _, w, b, _ in games for pid in (w, b)})
    ratings = builder.ratings_of("standard")
    rules_in_force = rule_set_for(DAYS[i])
    result = calculate(
        [RatedPlayer(str(p), ratings[p]) for p in ids],
        [RatedGame(str(w), str(b), r) for _, w, b, r in games],
        rules_in_force,
    )
    kept = KeptGames(
        tuple(KeptPlayer(str(p), p, builder.name_of(p), ratings[p]) for p in ids),
        tuple(KeptGame(n, str(w), str(b), r) for n, w, b, r in games),
    )
    names = {str(p): builder.name_of(p) for p in ids}
    event = TournamentApplied(
        f"t{i}",
        f"Turnering {i + 1}",
        DAYS[i],
        "standard",
        result.edition,
        changes_from_result(result, {str(p): p for p in ids}, names),
        kept,
    )
    builder.apply(event)
    return event


def logged(ratings: dict[int, int], season: list[list[Game]]) -> list[RegistryEvent]:
    builder = RegistryBuilder()
    events: list[RegistryEvent] = list(entries(ratings))
    for e in events:
        builder.apply(e)
    events += [applied(builder, i, games) for i, games in enumerate(season)]
    return events


def from_scratch(
    ratings: dict[int, int], season: list[list[Game]], first: tuple[int, ...] | None = None
) -> dict[int, int | None]:
    """The season rated again from the first tournament (:func:`apply_season`, the
    registry's other, whole-number path); ``first``: the first tournament's first place
    (§2.5; by default the players level on the top score)."""
    builder = RegistryBuilder()
    for e in entries(ratings):
        builder.apply(e)
    apply_season(
        builder,
        [
            SeasonTournament(
                f"t{i}",
                f"Turnering {i + 1}",
                DAYS[i],
                [(w, b, r) for _, w, b, r in g],
                first_place=first if i == 0 else None,
            )
            for i, g in enumerate(season)
        ],
    )
    return {pid: builder.players[pid].rating("standard") for pid in ratings}


RATINGS = {1: 1850, 2: 1720, 3: 1600, 4: 2010, 5: 1480, 6: 1930}
W, D, B = Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN
SEASON: list[list[Game]] = [
    [(1, 1, 2, W), (1, 3, 4, D), (2, 2, 3, B), (2, 4, 1, W), (3, 1, 3, W), (3, 2, 4, D)],
    [(1, 1, 5, D), (1, 6, 2, W), (2, 5, 6, B), (2, 2, 1, D)],
    [(1, 5, 3, W), (1, 6, 4, D), (2, 3, 6, B), (2, 4, 5, W)],
]


def test_correcting_the_first_of_three_is_rating_the_three_again() -> None:
    events = logged(RATINGS, SEASON)
    first = events[len(RATINGS)]
    assert isinstance(first, TournamentApplied)
    games, said = correct_game(first, 1, "1", "2", Result.BLACK_WIN)
    assert "round 1" in said and "1-0 → 0-1" in said
    found = cascade(events, "t0", games, date(2025, 6, 1), said)
    after = fold([*events, found.event])
    corrected = [[(1, 1, 2, B), *SEASON[0][1:]], *SEASON[1:]]
    expected = from_scratch(RATINGS, corrected)
    assert {pid: after.players[pid].rating("standard") for pid in RATINGS} == expected
    # it changes something (players 5 and 6 never met 1 or 2 in the first tournament)
    assert expected != from_scratch(RATINGS, SEASON)
    assert [s.after.key for s in found.steps] == ["t0", "t1", "t2"]
    moved = {pid for pid, *_ in found.event.moved}
    assert {1, 2} <= moved
    # the cards keep every line and say what the correction changed, on its day
    card = after.players[1]
    assert [h.reason for h in card.history][-1].startswith("correction: Turnering 1")


def test_a_tournament_re_rated_without_a_correction_is_unchanged() -> None:
    """The kept games rate to the changes the tournament was applied with."""
    for e in logged(RATINGS, SEASON):
        if isinstance(e, TournamentApplied):
            assert e.games is not None
            assert rate_kept(e.games, e.rating_kind, e.edition) == e.changes


@st.composite
def seasons(draw: st.DrawFn) -> tuple[dict[int, int], list[list[Game]]]:
    n = draw(st.integers(3, 8))
    ratings = {pid: draw(st.integers(1000, 2500)) for pid in range(1, n + 1)}
    season = []
    for _ in range(3):
        games: list[Game] = []
        for rnd in range(1, draw(st.integers(1, 4)) + 1):
            order = draw(st.permutations(list(ratings)))
            for w, b in zip(order[::2], order[1::2], strict=False):
                games.append((rnd, w, b, draw(st.sampled_from([W, D, B]))))
        season.append(games)
    return ratings, season


@settings(max_examples=40, deadline=None)
@given(seasons(), st.data())
def test_any_correction_of_the_first_is_rating_again_from_scratch(
    made: tuple[dict[int, int], list[list[Game]]], data: st.DataObject
) -> None:
    ratings, season = made
    events = logged(ratings, season)
    first = events[len(ratings)]
    assert isinstance(first, TournamentApplied)
    i = data.draw(st.integers(0, len(season[0]) - 1))
    rnd, w, b, was = season[0][i]
    new = data.draw(st.sampled_from([r for r in (W, D, B) if r is not was]))
    games, said = correct_game(first, rnd, str(w), str(b), new)
    after = fold([*events, cascade(events, "t0", games, date(2025, 6, 1), said).event])
    corrected = [[*season[0][:i], (rnd, w, b, new), *season[0][i + 1 :]], *season[1:]]
    expected = from_scratch(ratings, corrected)
    assert {pid: after.players[pid].rating("standard") for pid in ratings} == expected


def test_a_correction_back_restores_every_rating() -> None:
    events = logged(RATINGS, SEASON)
    first = events[len(RATINGS)]
    assert isinstance(first, TournamentApplied)
    games, said = correct_game(first, 2, "3", "2", Result.DRAW)  # named black first
    once = [*events, cascade(events, "t0", games, date(2025, 6, 1), said).event]
    now = in_force(enumerate(once, 1))
    back, said = correct_game(now[len(RATINGS)], 2, "Spiller 2", "Spiller 3", Result.BLACK_WIN)
    twice = [*once, cascade(now, "t0", back, date(2025, 6, 2), said).event]
    assert [p.ratings for p in fold(twice).players.values()] == [
        p.ratings for p in fold(events).players.values()
    ]


@pytest.mark.parametrize(
    ("round_number", "first", "second", "result", "error"),
    [
        (1, "1", "3", W, "no game in round 1 between 1 and 3"),
        (1, "1", "2", W, "the game's result is 1-0 already"),
        (1, "1", "99", W, "no single player of the tournament is '99'"),
        (1, "1", "2", Result.PAIRING_BYE, "bye is not the result of a game"),
    ],
)
def test_a_correction_names_a_game_there_is(
    round_number: int, first: str, second: str, result: Result, error: str
) -> None:
    applied_first = logged(RATINGS, SEASON)[len(RATINGS)]
    assert isinstance(applied_first, TournamentApplied)
    with pytest.raises(InputError, match=error):
        correct_game(applied_first, round_number, first, second, result)


def test_a_tournament_applied_without_its_games_cannot_be_corrected() -> None:
    applied_first = logged(RATINGS, SEASON)[len(RATINGS)]
    assert isinstance(applied_first, TournamentApplied)
    with pytest.raises(StateError, match="before the registry kept the games"):
        correct_game(replace(applied_first, games=None), 1, "1", "2", B)


def test_a_later_tournament_without_games_keeps_its_changes() -> None:
    events = logged(RATINGS, SEASON)
    k = len(RATINGS)
    second = events[k + 1]
    assert isinstance(second, TournamentApplied)
    events[k + 1] = replace(second, games=None)
    first = events[k]
    assert isinstance(first, TournamentApplied)
    games, said = correct_game(first, 1, "1", "2", B)
    found = cascade(events, "t0", games, date(2025, 6, 1), said)
    step = next(s for s in found.steps if s.before.key == "t1")
    assert not step.rerated and step.after == step.before


# -- through the store: preview, confirm, undo ---------------------------------------------


@pytest.fixture
def skak(tmp_path: Path) -> Iterator[Skak]:
    s = Skak(tmp_path / "skak.db", create=True, actor="test")
    builder = RegistryBuilder()
    s.registry.change(rules.ImportList(tuple(entries(RATINGS))))
    for e in entries(RATINGS):
        builder.apply(e)
    for i, games in enumerate(SEASON):
        s.registry.change(rules.ApplyTournament(applied(builder, i, games)))
    yield s
    s.close()


def test_the_registrar_previews_then_confirms_then_undoes(skak: Skak, tmp_path: Path) -> None:
    was = {pid: p.rating("standard") for pid, p in skak.registry.get().players.items()}
    version = skak.registry.version()
    preview = skak.registry.correction_preview("Turnering 1", 1, "1", "2", B, date(2025, 6, 1))
    assert skak.registry.version() == version  # nothing written
    assert preview.version == version and preview.tournament == "Turnering 1"
    assert [t.name for t in preview.tournaments] == ["Turnering 1", "Turnering 2", "Turnering 3"]
    row = next(r for r in preview.tournaments[0].rows if r.dsu_id == 1)
    assert row.new_becomes is not None and row.new_was is not None
    assert row.new_becomes < row.new_was and row.start_was == row.start_becomes == 1850
    card = next(c for c in preview.cards if c.dsu_id == 1)
    assert (card.was, card.class_was) == (was[1], "1. klasses spiller")
    written = skak.registry.correct(
        "Turnering 1", 1, "1", "2", B, date(2025, 6, 1), at_version=version
    )
    assert written == preview
    corrected = [[(1, 1, 2, B), *SEASON[0][1:]], *SEASON[1:]]
    now = {pid: p.rating("standard") for pid, p in skak.registry.get().players.items()}
    assert now == from_scratch(RATINGS, corrected)
    # read again from the database, the same
    again = Skak(tmp_path / "skak.db", actor="other")
    assert {pid: p.rating("standard") for pid, p in again.registry.get().players.items()} == now
    again.close()
    with pytest.raises(ConflictError):
        skak.registry.correct("Turnering 1", 1, "1", "2", D, date(2025, 6, 1), at_version=version)
    undone = skak.registry.undo()
    assert isinstance(undone, TournamentsReRated)
    assert {pid: p.rating("standard") for pid, p in skak.registry.get().players.items()} == was
    with pytest.raises(StateError, match="no correction or merge"):
        skak.registry.undo()


def test_an_unknown_tournament_is_named(skak: Skak) -> None:
    with pytest.raises(NotFoundError, match="no tournament applied to the registry is named"):
        skak.registry.correction_preview("Nordkap Open", 1, "1", "2", B, date(2025, 6, 1))


def test_a_result_corrected_to_a_forfeit_leaves_the_rating() -> None:
    """skak's tournaments rate no forfeit (§4.5.4.2: an excused no-show is not rated, and
    skak cannot tell): the game corrected to one is as if it was not played — but its point
    counts in the standings, and so for §2.5's first place (player 3, 2½ points)."""
    events = logged(RATINGS, SEASON)
    first = events[len(RATINGS)]
    assert isinstance(first, TournamentApplied)
    games, said = correct_game(first, 3, "1", "3", Result.BLACK_FORFEIT_WIN)
    after = fold([*events, cascade(events, "t0", games, date(2025, 6, 1), said).event])
    without = [[g for g in SEASON[0] if g[:3] != (3, 1, 3)], *SEASON[1:]]
    assert {pid: after.players[pid].rating("standard") for pid in RATINGS} == from_scratch(
        RATINGS, without, first=(3,)
    )


def test_a_corrected_registry_restores_when_folded_in_parts(
    skak: Skak, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A restore folds the registry's events a part at a time (a list of 40 000 players);
    a correction and its undo rebuild the registry from its first event, which a part no
    longer holds: the restore reads them back all the same, and the restored registry is
    the one backed up."""
    from skak.api import _backup

    monkeypatch.setattr(_backup, "_FOLDED_AT_ONCE", 2)
    version = skak.registry.version()
    skak.registry.correct("Turnering 1", 1, "1", "2", B, date(2025, 6, 1), at_version=version)
    now = {pid: p.rating("standard") for pid, p in skak.registry.get().players.items()}
    backup = tmp_path / "kopi.json"
    skak.backup(backup, logical=True)
    restored = Skak(tmp_path / "restored.db", create=True, actor="test")
    restored.restore(backup)
    assert {p: c.rating("standard") for p, c in restored.registry.get().players.items()} == now
    restored.close()
