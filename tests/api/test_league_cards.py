"""A result card reported on the web (5.1 §12: the card is signed by both captains; §12.7:
irregularities are noted when it is reported): the home captain reports it, the away
captain confirms or objects, the league leader approves what was objected to or breaks a
rule. A card confirmed that breaks no rule is approved by itself; one neither confirmed nor
disputed within the season's ``confirm-days`` stands as reported."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, timedelta

import pytest

from skak.api import Grant, Role, Skak
from skak.errors import InputError, PermissionDenied, StateError
from skak.records.league.commands import CreateSeason
from skak.teams.league import LeagueSettings, Team
from skak.teams.strength import ListedPlayer, StrengthList
from tests.teams.league_fixture import small_structure

DAY = date(2025, 10, 5)
CLUBS = ["Skovlunde", "Brønshøj", "Nordkalotten", "Evans"]


@pytest.fixture
def owner() -> Iterator[Skak]:
    s = Skak(":memory:", create=True, actor="owner")
    row = s.league.create(
        CreateSeason(
            "Mini",
            DAY,
            dates=(DAY, DAY + timedelta(7), DAY + timedelta(14)),
            divisions=small_structure(),
            settings=LeagueSettings(confirm_days=2),
        )
    )
    teams = [Team(f"{c} 1", c, "2. division", 1, n) for n, c in enumerate(CLUBS, start=1)]
    s.league.enter_teams("Mini", teams)
    s.league.file_lists(
        "Mini",
        [
            StrengthList(
                c, tuple(ListedPlayer(b, f"{c[:3]}{b}", f"{c} {b}", 1) for b in range(1, 6))
            )
            for c in CLUBS
        ],
    )
    for c in CLUBS:
        s.accounts.add(f"Kaptajn {c}", "hemmelig-1", roles=[Grant(Role.CLUB, club=c)])
    # The league leader of this season (not its creator: the owner made it).
    s.accounts.add("Lise Leder", "hemmelig-1", roles=[Grant(Role.LEADER, row.id)])
    yield s
    s.close()


def _round_1(s: Skak) -> tuple[str, str]:
    """Both line-ups of a round-1 match, legal; :returns: its home and away team."""
    f = next(f for f in s.league.get("Mini").schedule("2. division", 1) if f.round == 1)
    for t in f.teams():
        s.league.lineup("Mini", 1, t, [f"{t[:3]}{b}" for b in range(1, 5)])
    return f.home, f.away


def _captain(team: str) -> str:
    return f"Kaptajn {team.removesuffix(' 1')}"


def _state(s: Skak, home: str, today: date = DAY) -> str:
    return next(c for c in s.league.cards("Mini", today=today) if c.home == home).state


def test_a_card_confirmed_that_breaks_no_rule_is_approved_by_itself(owner: Skak) -> None:
    web = owner.guarded()
    home, away = _round_1(owner)
    web.league.result("Mini", 1, home, list("1=0="), actor=_captain(home))
    assert _state(owner, home) == "awaiting"
    with pytest.raises(PermissionDenied):  # the home captain does not sign for the away team
        web.league.confirm("Mini", 1, home, actor=_captain(home))
    web.league.confirm("Mini", 1, home, actor=_captain(away))
    line = next(c for c in owner.league.cards("Mini", today=DAY) if c.home == home)
    assert (line.state, line.confirmed_by, line.result) == ("confirmed", _captain(away), "2-2")


def test_an_objection_goes_to_the_leader_who_approves(owner: Skak) -> None:
    web = owner.guarded()
    home, away = _round_1(owner)
    web.league.result("Mini", 1, home, list("1110"), actor=_captain(home))
    with pytest.raises(InputError, match="says what is wrong"):
        web.league.dispute("Mini", 1, home, "  ", actor=_captain(away))
    web.league.dispute("Mini", 1, home, "board 3 was a draw", actor=_captain(away))
    lines = owner.league.cards("Mini", today=DAY)
    assert (lines[0].state, lines[0].reasons) == ("disputed", ("board 3 was a draw",))
    for who in (_captain(home), _captain(away)):
        with pytest.raises(PermissionDenied):
            web.league.approve("Mini", 1, home, "as reported", actor=who)
    web.league.result("Mini", 1, home, list("11=0"), actor="Lise Leder")  # corrected
    assert _state(owner, home) == "awaiting"  # a card entered again starts afresh
    web.league.approve("Mini", 1, home, "board 3 corrected", actor="Lise Leder")
    assert _state(owner, home) == "approved"


def test_a_remark_or_a_broken_rule_flags_the_card(owner: Skak) -> None:
    web = owner.guarded()
    home, away = _round_1(owner)
    web.league.result(
        "Mini", 1, home, list("1=0="), remark="the clock on board 2 failed", actor=_captain(home)
    )
    web.league.confirm("Mini", 1, home, actor=_captain(away))
    line = owner.league.cards("Mini", today=DAY)[0]
    assert (line.state, line.reasons) == ("flagged", ("the clock on board 2 failed",))
    owner.league.approve("Mini", 1, home, actor="Lise Leder")
    assert _state(owner, home) == "approved"


def test_a_card_not_confirmed_in_time_stands(owner: Skak) -> None:
    home, _ = _round_1(owner)
    owner.league.result("Mini", 1, home, list("1=0="))
    assert _state(owner, home, DAY + timedelta(2)) == "awaiting"
    assert _state(owner, home, DAY + timedelta(3)) == "stands"


def test_no_card_no_confirmation(owner: Skak) -> None:
    home, _ = _round_1(owner)
    version = owner.league.version("Mini")
    with pytest.raises(StateError, match="no result card has been entered yet"):
        owner.league.confirm("Mini", 1, home)
    assert owner.league.version("Mini") == version
