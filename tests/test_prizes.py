"""Prizes (issue 37, item 8): place prizes shared by §24 (or the Hort system), category
prizes (age classes, rating bands, women, unrated, a club), one prize per player by the
declared order, the prize list on the command line; declared as a tournament event."""

from __future__ import annotations

import shutil
import subprocess
from datetime import date
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from skak.api import Skak, Tournament
from skak.errors import InputError
from skak.faces.cli import app
from skak.model.player import Player, Ratings, Sex
from skak.model.prizes import PrizeCategory, Prizes, category_key, read_prizes
from skak.prizes import award_prizes, eligible, share_hort
from skak.standings import Standing

DAY = date(2026, 6, 1)


def _row(rank: int, rank_to: int, player: Player, points: str) -> Standing:
    return Standing(rank, rank_to, player, Fraction(points), 5, 0)


PLAYERS = [
    Player(1, "Aagaard, Anders", ratings=Ratings(dsu=2100), birth_year=1980, sex=Sex.MALE),
    Player(2, "Berg, Bodil", ratings=Ratings(dsu=1950), birth_year=1990, sex=Sex.FEMALE),
    Player(3, "Carlsen, Carl", ratings=Ratings(dsu=1500), birth_year=2012, sex=Sex.MALE),
    Player(4, "Dahl, Dorte", ratings=Ratings(dsu=1400), birth_year=2011, sex=Sex.FEMALE),
    Player(5, "Eriksen, Erik", birth_year=1960, sex=Sex.MALE, club="Skovlunde"),
    Player(6, "Friis, Frede", ratings=Ratings(dsu=1550), sex=Sex.MALE, club="Skovlunde"),
]
# Standings after the tie-breaks: 1, then 2 and 3 level on points but not on tie-breaks,
# then 4–5 level on everything, then 6.
ROWS = [
    _row(1, 1, PLAYERS[0], "4"),
    _row(2, 2, PLAYERS[1], "3"),
    _row(3, 3, PLAYERS[2], "3"),
    _row(4, 5, PLAYERS[3], "2"),
    _row(4, 5, PLAYERS[4], "2"),
    _row(6, 6, PLAYERS[5], "1"),
]
SWISS = Tournament("Sommer", "dutch", number_of_rounds=5, start_date=DAY)


def _won(prizes: Prizes, *, rr: bool = False) -> list[tuple[str, int, Fraction]]:
    out = award_prizes(SWISS, ROWS, day=DAY, prizes=prizes, round_robin=rr)
    return [(a.prize, a.player.start_number, a.amount) for a in out.awards]


def test_place_prizes_follow_section_24() -> None:
    prizes = Prizes(place=(1000, 600, 400, 200))
    # A Swiss group: almindelig korrektion, so 2 and 3 take their own prizes; 4 and 5
    # share place 4–5 (200 + 0).
    assert _won(prizes) == [
        ("place", 1, 1000),
        ("place", 2, 600),
        ("place", 3, 400),
        ("place", 4, 100),
        ("place", 5, 100),
    ]
    # A round robin: the cash is shared by the players level on points.
    assert _won(prizes, rr=True) == [
        ("place", 1, 1000),
        ("place", 2, 500),
        ("place", 3, 500),
        ("place", 4, 100),
        ("place", 5, 100),
    ]


def test_the_hort_system_shares_half() -> None:
    prizes = Prizes(place=(1000, 600, 400), sharing="hort")
    # 2 and 3 level on points: the pot 1000 is half shared (250 each), half by the order.
    assert _won(prizes) == [("place", 1, 1000), ("place", 2, 550), ("place", 3, 450)]
    assert share_hort(ROWS[:1], [100]) == {1: Fraction(100)}


def test_one_prize_per_player_by_the_declared_order() -> None:
    cats = (
        PrizeCategory("women", (300,)),
        PrizeCategory("U16", (200,)),
        PrizeCategory("rating<1600", (150,)),
    )
    prizes = Prizes(place=(1000, 600), categories=cats, order=("place", "women", "U16"))
    # Berg (2) wins the second place prize, so the women's prize goes to Dahl (4); Carlsen
    # (3) is the best U16; the rating prize is outside the order, so Carlsen takes it too.
    assert _won(prizes) == [
        ("place", 1, 1000),
        ("place", 2, 600),
        ("women", 4, 300),
        ("U16", 3, 200),
        ("rating<1600", 3, 150),
    ]
    # With the women's prize first, Berg takes it and the place prize passes her by.
    first = Prizes(place=(1000, 600), categories=cats, order=("women", "place", "U16"))
    assert _won(first)[:3] == [("women", 2, 300), ("place", 1, 1000), ("place", 3, 600)]


def test_the_categories() -> None:
    t = SWISS
    assert eligible("U16", PLAYERS[2], t, DAY) is True  # born 2012: turns 14 in 2026
    assert eligible("U16", PLAYERS[1], t, DAY) is False
    assert eligible("P16", PLAYERS[3], t, DAY) is True
    assert eligible("P16", PLAYERS[2], t, DAY) is False  # the girls' class
    assert eligible("veteran", PLAYERS[4], t, DAY) is True  # 66 by the first round
    assert eligible("U16", PLAYERS[5], t, DAY) is None  # no birth year
    assert eligible("unrated", PLAYERS[4], t, DAY) is True
    assert eligible("rating<1600", PLAYERS[4], t, DAY) is False  # unrated: not in a band
    assert eligible("club:skovlunde", PLAYERS[5], t, DAY) is True
    won = award_prizes(t, ROWS, day=DAY, prizes=Prizes(categories=(PrizeCategory("U16", (100,)),)))
    assert [a.player.start_number for a in won.awards] == [3]
    assert [(k, p.start_number) for k, p in won.unknown] == [("U16", 6)]


def test_the_declaration_is_read_as_typed() -> None:
    p = read_prizes(
        "1000, 600,400",
        ["u16:300,200", "Rating < 1600:200", "club:Aarhus Skakklub:150", "women:250"],
        "place,U16,women",
        "Hort",
    )
    assert p.place == (1000, 600, 400) and p.sharing == "hort"
    assert [c.key for c in p.categories] == ["U16", "rating<1600", "club:Aarhus Skakklub", "women"]
    assert p.category("U16").amounts == (300, 200) and p.order == ("place", "U16", "women")
    assert category_key("p8") == "P08"
    for bad, words in [
        (("1000,x",), "not an amount"),
        (("", ["U15:100"]), "no age class"),
        (("", ["kids:100"]), "unknown prize category"),
        (("", ["300"]), "KEY:AMOUNTS"),
        (("100", [], "place,U16"), "which is no prize declared"),
        (("100", [], "place", "lodtrækning"), "prizes are shared by"),
    ]:
        with pytest.raises(InputError, match=words):
            read_prizes(*bad)  # type: ignore[arg-type]


def test_prizes_are_an_event_undone_like_any(api: Skak) -> None:
    tid = api.tournaments.create(Tournament("Lyn", "monrad", number_of_rounds=1)).id
    api.tournaments.add_player(tid, "Andersen, Anna", ratings=Ratings(dsu=1800))
    api.tournaments.add_player(tid, "Bruun, Bent", ratings=Ratings(dsu=1700))
    done = api.tournaments.set_prizes(tid, place="500,300", order="place")
    assert done.after.prizes == Prizes(place=(500, 300), order=("place",))
    assert api.tournaments.history(tid)[-1].text == (
        "prizes: place 500, 300; order: place (shared by §24)"
    )
    assert api.tournaments.set_prizes(tid, place="500,300", order="place").events == ()
    board = api.tournaments.pair(tid).after.round(1).board(1)
    api.tournaments.enter_result(tid, 1, 1, "1-0" if board.white == 1 else "0-1")
    view = api.tournaments.prizes(tid)
    assert view.final
    assert [(line.name, line.amount) for line in view.lines] == [
        ("Andersen, Anna", 500),
        ("Bruun, Bent", 300),
    ]
    assert view.total == 800
    api.tournaments.set_prizes(tid)
    assert api.tournaments.get(tid).prizes is None
    assert api.tournaments.history(tid)[-1].text == "prizes taken away"
    api.tournaments.undo(tid)
    assert api.tournaments.get(tid).prizes == Prizes(place=(500, 300), order=("place",))


def test_the_prize_list_on_the_command_line(runner: CliRunner) -> None:
    for args in (
        ["new", "Hurtig", "--system", "monrad", "--rounds", "1"],
        ["players", "add", "Andersen, Anna", "--rating", "1800"],
        ["players", "add", "Bruun, Bent", "--rating", "1500"],
        ["prizes", "set", "--place", "500", "--category", "rating<1600:100"],
        ["pair"],
        ["result", "1", "1", "1-0"],
    ):
        done = runner.invoke(app, args)
        assert done.exit_code == 0, (args, done.output)
    shown = runner.invoke(app, ["--lang", "da", "prizes", "show"])
    assert shown.exit_code == 0, shown.output
    assert "Præmieliste: Hurtig" in shown.output and "rating under 1600" in shown.output
    assert "placeringspræmier" in shown.output
    as_json = runner.invoke(app, ["prizes", "--json"])  # 'skak prizes' alone: the list
    assert '"amount": "100"' in as_json.output and '"prize": "rating<1600"' in as_json.output
    refused = runner.invoke(app, ["prizes", "set", "--category", "U15:100"])
    assert refused.exit_code == 3 and "U15" in refused.stderr


def test_the_prize_list_is_printed(runner: CliRunner, tmp_path: Path) -> None:
    for args in (
        ["new", "Hurtig", "--system", "monrad", "--rounds", "1"],
        ["players", "add", "Ærø, Åge", "--rating", "1800"],
        ["players", "add", "Østergaard, Søren", "--rating", "1500"],
        ["prizes", "set", "--place", "500,300"],
        ["pair"],
        ["result", "1", "1", "½-½"],
        ["--lang", "da", "print", "prizes", "-o", "p.pdf"],
    ):
        done = runner.invoke(app, args)
        assert done.exit_code == 0, (args, done.output)
    data = (tmp_path / "p.pdf").read_bytes()
    assert data.startswith(b"%PDF-")
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (poppler-utils) missing: the text is not read back")
    text = subprocess.run(
        ["pdftotext", "-layout", str(tmp_path / "p.pdf"), "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    # A Swiss group: korrektion decides, and two players level on everything share.
    expected = ["Præmieliste", "placeringspræmier", "Ærø, Åge", "Østergaard, Søren", "400", "800"]
    assert [e for e in expected if e not in text] == [], text


def test_no_prize_money_is_lost_or_made_by_any_sharing() -> None:
    """On many random standings, every sharing pays out exactly the place prizes (as many
    as there are players), and tied players of one group get the same under §24's rules."""
    import random

    rng = random.Random(37)
    for _ in range(300):
        n = rng.randint(1, 12)
        points = sorted((Fraction(rng.randint(0, 10), 2) for _ in range(n)), reverse=True)
        rows = []
        i = 0
        while i < n:  # players level on points, some of them split by a tie-break
            j = i + 1
            while j < n and points[j] == points[i]:
                j += 1
            k = i
            while k < j:
                size = rng.randint(1, j - k)
                for m in range(k, k + size):
                    rows.append(_row(k + 1, k + size, Player(m + 1, f"P{m + 1}"), str(points[m])))
                k += size
            i = j
        amounts = tuple(rng.randint(0, 1000) for _ in range(rng.randint(1, 6)))
        for sharing in ("points", "place", "hort"):
            won = award_prizes(SWISS, rows, day=DAY, prizes=Prizes(place=amounts, sharing=sharing))
            paid = sum((a.amount for a in won.awards), Fraction(0))
            assert paid == sum(amounts[:n]), (sharing, rows, amounts)
            if sharing != "hort":
                by = {a.player.start_number: a.amount for a in won.awards}
                for a in won.awards:
                    level = [
                        s.player.start_number
                        for s in rows
                        if (
                            s.points == a.points
                            if sharing == "points"
                            else (s.rank, s.rank_to)
                            == (
                                rows[a.player.start_number - 1].rank,
                                rows[a.player.start_number - 1].rank_to,
                            )
                        )
                    ]
                    assert {by.get(x, Fraction(0)) for x in level} == {a.amount}
