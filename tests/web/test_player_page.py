"""The page per player (``/t/{id}/players/{N}``): his rounds with opponent, colour, result
and running score, his performance and rating change; every name in every public table links
to it; a withdrawn player (udgået) is marked in the standings and the crosstable."""

from __future__ import annotations

import re
from fractions import Fraction

from fastapi.testclient import TestClient

from skak.api import Skak
from skak.model import Result
from skak.model.results import Colour
from skak.views import number_column
from tests.web.conftest import text_of

#: What the three rounds' boards end in, board by board.
RESULTS = {
    1: [Result.WHITE_WIN, Result.DRAW, Result.BLACK_FORFEIT_WIN],
    2: [Result.BLACK_WIN, Result.WHITE_WIN, Result.DRAW],
    3: [Result.DRAW, Result.DRAW, Result.WHITE_WIN],
}


def _play(skak: Skak, tid: int, rounds: int = 3) -> None:
    for number in range(1, rounds + 1):
        skak.tournaments.pair(tid)
        for board, result in enumerate(RESULTS[number], start=1):
            skak.tournaments.enter_result(tid, number, board, result)


def _rows(html: str) -> list[list[str]]:
    body = re.search(r'<table class="player-rounds">.*?<tbody>(.*?)</tbody>', html, re.S)
    assert body, "no table of rounds"
    return [
        [text_of(cell) for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
        for row in re.findall(r"<tr>(.*?)</tr>", body.group(1), re.S)
    ]


def test_a_player_page_lists_his_rounds(client: TestClient, skak: Skak, tid: int) -> None:
    _play(skak, tid)
    t = skak.tournaments.get(tid)
    page = client.get(f"/t/{tid}/players/1")
    assert page.status_code == 200
    rows = _rows(page.text)
    assert len(rows) == 3
    score = Fraction(0)
    for number, row in enumerate(rows, start=1):
        rnd = t.round(number)
        board = next(p for p in rnd.pairings if 1 in (p.white, p.black))
        white = board.white == 1
        opponent = t.player(board.black if white else board.white)  # type: ignore[arg-type]
        assert row[0] == str(number)
        assert row[1] == str(board.board)
        assert row[2] == ("white" if white else "black")
        assert row[3] == f"{opponent.name} ({opponent.start_number})"
        assert row[4] == str(opponent.ratings.dsu)
        assert board.result is not None
        points = board.result.points(Colour.WHITE if white else Colour.BLACK, t.scoring)
        score += points
        shown = {Fraction(1): "1", Fraction(1, 2): "½", Fraction(0): "0"}[points]
        if board.result.is_forfeit:
            shown = "+" if points == 1 else "−"
        assert row[5] == shown
        # the running score is the standings' points after that round
        after = skak.tournaments.standings(tid, after_round=number)
        mine = next(s for s in after.standings if s.start_number == 1)
        assert mine.points == score
        assert row[6] == number_column([score])[0]
    text = text_of(page.text)
    assert "Andersen, Anna" in text and "Performance" in text


def test_the_performance_and_rating_change_are_the_rating_pages(
    client: TestClient, skak: Skak, tid: int
) -> None:
    """Once a rated tournament is finished the page shows the standings' new rating, and a
    performance rating from Table 2 over his rated games."""
    _play(skak, tid)
    rating = client.get(f"/t/{tid}/rating").text
    view = skak.tournaments.standings(tid)
    row = next(s for s in view.standings if s.start_number == 2)
    cell = row.rating
    text = text_of(client.get(f"/t/{tid}/players/2").text)
    assert f"New rating {cell.new} ({cell.change:+d})" in text  # type: ignore[union-attr]
    assert str(cell.new) in text_of(rating)  # type: ignore[union-attr]
    from skak.views import player_view

    card = player_view(skak.tournaments.get(tid), 2)
    assert card.performance is not None and f"Performance {card.performance}" in text


def test_the_performance_is_table_2_over_his_rated_games(skak: Skak, tid: int) -> None:
    """A player who scored 2½ of 3 (forfeits not rated: 1½ of 2 here or the like) against
    known opponents: Rc + Dp, checked by hand from the games."""
    from skak.rating.tables import rating_difference
    from skak.views import player_view

    _play(skak, tid)
    t = skak.tournaments.get(tid)
    for number in range(1, 7):
        card = player_view(t, number)
        played = [
            r
            for r in card.rounds
            if r.opponent is not None and r.result is not None and r.result.is_played
        ]
        if not played:
            assert card.performance is None
            continue
        opponents = [r.opponent_rating for r in played]
        assert all(o is not None for o in opponents)
        total = sum(o for o in opponents if o is not None)
        average = int(total / len(opponents) + 0.5)
        score = sum((r.points for r in played if r.points is not None), start=0)
        assert card.games == len(played)
        assert card.performance == average + rating_difference(score, len(played))


def test_every_name_in_every_public_table_links_to_his_page(
    client: TestClient, skak: Skak, tid: int
) -> None:
    _play(skak, tid, rounds=1)
    for path in ("standings", "crosstable", "rounds/1", "players"):
        html = client.get(f"/t/{tid}/{path}").text
        links = set(re.findall(rf'href="/t/{tid}/players/(\d+)"', html))
        assert links == {str(n) for n in range(1, 7)}, path
    html = client.get(f"/t/{tid}/players/3").text
    opponent = re.findall(rf'href="/t/{tid}/players/(\d+)"', html)
    assert len(opponent) == 1 and opponent[0] != "3"


def test_a_player_who_is_not_there_is_not_found(client: TestClient, tid: int) -> None:
    page = client.get(f"/t/{tid}/players/42")
    assert page.status_code == 404
    assert "no player has start number (startnummer) 42" in page.text
    assert client.get(f"/t/{tid}/players/42?lang=da").status_code == 404


def test_a_withdrawn_player_is_marked_in_the_standings_and_the_crosstable(
    client: TestClient, skak: Skak, tid: int
) -> None:
    _play(skak, tid, rounds=1)
    skak.tournaments.withdraw(tid, 6, from_round=2)
    for path in ("standings", "crosstable"):
        html = client.get(f"/t/{tid}/{path}?lang=en").text
        marked = re.findall(
            r'href="/t/\d+/players/(\d+)">[^<]+</a> <span class="withdrawn"[^>]*>withdrawn</span>',
            html,
        )
        assert marked == ["6"], path
        danish = client.get(f"/t/{tid}/{path}?lang=da").text
        assert '<span class="withdrawn" title="udgået fra runde 2">udgået</span>' in danish
    assert "withdrawn" in text_of(client.get(f"/t/{tid}/players/6?lang=en").text)
    # the standings after round 1: he played no round after it, so he is marked there too
    assert "withdrawn</span>" in client.get(f"/t/{tid}/standings?after_round=1&lang=en").text


def test_a_danish_player_page(client: TestClient, skak: Skak, tid: int) -> None:
    _play(skak, tid, rounds=2)
    text = text_of(client.get(f"/t/{tid}/players/1?lang=da").text)
    for word in ("Runde", "Modstander", "Farve", "Præstationsrating"):
        assert word in text
    assert "hvid" in text or "sort" in text
