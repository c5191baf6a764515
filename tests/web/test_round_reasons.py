"""The public round page says, per board and collapsed, why the two players meet (issue #37
item 11): their points before the round and the lines of the pairing system's own
explanation that concern the board (``skak pair --explain``), in English and in Danish."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from skak.api import Skak
from skak.faces.i18n import say
from skak.faces.web._render import LANGUAGE_COOKIE
from skak.model import Player, Ratings, Result, Tournament
from skak.model.tournament import Pairing, Round
from skak.views import board_reasons
from tests.web.conftest import text_of

W, D, B = Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN


def _evening(skak: Skak, system: str) -> int:
    """Eight players, round 1 played (1-0, ½-½, 0-1, 1-0), round 2 paired."""
    t = Tournament("Klubaften", system, number_of_rounds=7 if system == "berger" else 5)
    tid = skak.tournaments.create(t).id
    field = [Player(i, f"Spiller, {i}", ratings=Ratings(dsu=2000 - 10 * i)) for i in range(1, 9)]
    skak.tournaments.add_players(tid, lambda _t: field)
    skak.tournaments.pair(tid)
    for board, result in enumerate([W, D, B, W], start=1):
        skak.tournaments.enter_result(tid, 1, board, result)
    skak.tournaments.pair(tid)
    return tid


def _whys(html: str) -> list[str]:
    """The text of each board's "why" (the collapsed part under its row)."""
    return [text_of(m) for m in re.findall(r'<tr class="why[^"]*">(.*?)</tr>', html, re.S)]


def test_each_board_says_why_in_english(client: TestClient, skak: Skak) -> None:
    tid = _evening(skak, "dutch")
    html = client.get(f"/t/{tid}/rounds/2").text
    whys = _whys(html)
    t = skak.tournaments.get(tid)
    assert len(whys) == len(t.round(2).pairings)
    assert all("<details>" in m for m in re.findall(r'<tr class="why.*?</tr>', html, re.S))
    assert whys[0].startswith("Why this pairing? Both players had 1 point before this round")
    assert "bracket 1: 3 players with 1 point" in whys[0]
    # a board of players from two brackets names the float, from the engine's explanation
    floats = [w for w in whys if "floats down" in w]
    assert floats and "White had" in floats[0] and "black" in floats[0]


def test_each_board_says_why_in_danish(client: TestClient, skak: Skak) -> None:
    tid = _evening(skak, "dutch")
    client.cookies.set(LANGUAGE_COOKIE, "da")
    whys = _whys(client.get(f"/t/{tid}/rounds/2").text)
    assert whys[0].startswith("Hvorfor denne parring? Begge spillere havde 1 point før denne runde")
    assert "pointgruppe 1: 3 spillere med 1 point" in whys[0]
    floats = [w for w in whys if "flyder ned" in w]
    assert floats and "Hvid havde" in floats[0]
    for why in whys:
        assert not re.search(r"\b(bracket|players|points|floats|before|White|Both)\b", why), why


@pytest.mark.parametrize(
    ("system", "english", "danish"),
    [
        ("monrad", "board 1: 2 (placed 1) meets", "bræt 1: 2 (placeret 1) møder"),
        ("dansk", "board 1:", "bræt 1:"),
        ("dubov", "score group 1 (4.9.6 §6)", "pointgruppe 1 (4.9.6 §6)"),
        ("dutch-1998", "white to", "hvid til"),
        ("berger", "Berger table for 8", "Berger-tabel for 8"),
    ],
)
def test_every_system_gives_its_boards_their_lines(
    skak: Skak, system: str, english: str, danish: str
) -> None:
    tid = _evening(skak, system)
    reasons = board_reasons(skak.tournaments.get(tid), 2)
    assert reasons and all(r.lines for r in reasons)
    first = reasons[0].lines
    assert any(english in line for line in first), first
    assert any(danish in say(line, "da") for line in first), [say(x, "da") for x in first]
    if system == "berger":  # a round robin's table: no points to tell
        assert all(r.facts == "" for r in reasons)


def test_a_round_stored_as_english_text_still_gets_its_lines(skak: Skak) -> None:
    """An explanation kept as plain English lines (rounds paired by an older skak) is grouped
    by the names and boards its text gives."""
    t = Tournament(
        "Gammel",
        "dutch",
        players=tuple(Player(i, f"P, {i}") for i in range(1, 5)),
        rounds=(
            Round(
                1,
                (Pairing(1, 1, 3), Pairing(2, 4, 2)),
                explanation=(
                    "bracket 0: 4 player(s) with 0 point(s)",
                    "colour: P, 4 (4) wanted black but has white",
                ),
            ),
        ),
    )
    one, two = board_reasons(t, 1)
    assert one.lines == ("bracket 0: 4 player(s) with 0 point(s)",)
    assert two.lines == (
        "bracket 0: 4 player(s) with 0 point(s)",
        "colour: P, 4 (4) wanted black but has white",
    )
