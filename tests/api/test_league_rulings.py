"""The league leader's rulings (turneringslederens kendelse, 5.1 §14–§15): a ruling names
its paragraph and says what is decided and why; it may decide a match's result and give
penalty points (§13 e); it counts at once and may be appealed to the tournament committee
for 10 days (§15 b: "senest 10 dage efter, at turneringslederen har afsendt kendelsen"); the
committee upholds it, sets it aside (what it changed is undone) or changes it."""

from __future__ import annotations

from datetime import timedelta
from fractions import Fraction

import pytest

from skak.api import Skak
from skak.errors import InputError, NotFoundError, PermissionDenied, StateError
from tests.api.test_league_cards import CLUBS, DAY, _captain, _round_1, owner

__all__ = ["owner"]  # the fixture, shared with the cards' tests

LEADER = "Lise Leder"


def _points(s: Skak, team: str) -> tuple[Fraction, int]:
    view = s.league.standings("Mini")[0]
    row = next(r for r in view.standings if r.team == team)
    return row.board_points, row.penalty_points


def _disputed(s: Skak) -> tuple[str, str]:
    web = s.guarded()
    home, away = _round_1(s)
    web.league.result("Mini", 1, home, list("1110"), actor=_captain(home))
    web.league.dispute("Mini", 1, home, "board 3 was a draw", actor=_captain(away))
    return home, away


@pytest.mark.parametrize("section", ["5.1 §15 b"])
def test_a_ruling_decides_a_disputed_card_and_counts_at_once(owner: Skak, section: str) -> None:
    home, away = _disputed(owner)
    assert _points(owner, home)[0] == 3
    done = owner.guarded().league.rule(
        "Mini",
        "5.1 §12",
        "The arbiter's report says board 3 was drawn.",
        round_number=1,
        team=away,
        results=list("11=0"),
        day=DAY + timedelta(2),
        actor=LEADER,
    )
    assert _points(owner, home)[0] == Fraction(5, 2)
    (ruling,) = owner.league.rulings("Mini")
    assert (ruling.number, ruling.paragraph, ruling.state) == (1, "5.1 §12", "given")
    assert (ruling.round, ruling.home, ruling.away, ruling.by) == (1, home, away, LEADER)
    assert ruling.appeal_until == DAY + timedelta(12)  # 10 days after it was sent
    assert ruling.decides_result
    card = next(c for c in owner.league.cards("Mini", today=DAY) if c.home == home)
    assert (card.state, card.approved_by, card.result) == ("approved", LEADER, "2½-1½")
    assert owner.league.match("Mini", 1, home).rulings == (ruling,)
    assert done.version == owner.league.version("Mini")


def test_penalty_points_by_ruling_count_in_the_standings(owner: Skak) -> None:
    home, _away = _round_1(owner)
    owner.league.result("Mini", 1, home, list("1=0="))
    owner.league.rule(
        "Mini",
        "5.1 §13 e",
        "The team's captain did not report the result on time.",
        penalties=[(home, 1)],
        actor=LEADER,
    )
    assert _points(owner, home) == (Fraction(1), 1)  # 2 board points less 1 penalty point
    (ruling,) = owner.league.rulings("Mini")
    assert (ruling.round, [(p.team, p.points) for p in ruling.penalties]) == (None, [(home, 1)])


def test_an_appeal_in_time_and_the_committee_sets_the_ruling_aside(owner: Skak) -> None:
    home, away = _disputed(owner)
    web = owner.guarded()
    web.league.rule(
        "Mini",
        "5.1 §12",
        "Board 3 was drawn.",
        round_number=1,
        team=home,
        results=list("11=0"),
        penalties=[(home, 1)],
        day=DAY,
        actor=LEADER,
    )
    assert _points(owner, home) == (Fraction(3, 2), 1)
    other = next(f"Kaptajn {c}" for c in CLUBS if f"{c} 1" not in (home, away))
    with pytest.raises(PermissionDenied):  # a club the ruling does not concern
        web.league.appeal("Mini", 1, "we object", actor=other, day=DAY)
    with pytest.raises(StateError, match="§15 b"):
        web.league.appeal("Mini", 1, "too late", actor=_captain(home), day=DAY + timedelta(11))
    with pytest.raises(StateError, match="has not been appealed"):
        web.league.decide_appeal("Mini", 1, "overturned", "no", actor=LEADER)
    web.league.appeal("Mini", 1, "board 3 was won", actor=_captain(home), day=DAY + timedelta(10))
    assert owner.league.rulings("Mini")[0].state == "appealed"
    assert _points(owner, home) == (Fraction(3, 2), 1)  # no suspensive effect
    with pytest.raises(PermissionDenied):  # the committee's decision is entered by the leader
        web.league.decide_appeal("Mini", 1, "overturned", "won", actor=_captain(home))
    web.league.decide_appeal(
        "Mini", 1, "overturned", "The scoresheets show board 3 won.", actor=LEADER
    )
    assert _points(owner, home) == (Fraction(3), 0)  # the reported card and no penalty
    ruling = owner.league.rulings("Mini")[0]
    assert (ruling.state, ruling.decided_by) == ("overturned", LEADER)
    with pytest.raises(StateError, match="decided the appeal"):
        web.league.decide_appeal("Mini", 1, "upheld", "again", actor=LEADER)


def test_the_committee_upholds_or_changes_a_ruling(owner: Skak) -> None:
    home, away = _disputed(owner)
    for n in (1, 2):
        owner.league.rule(
            "Mini", "5.1 §13 e", f"ruling {n}", round_number=1, team=away,
            penalties=[(away, 1)], actor=LEADER,
        )  # fmt: skip
        owner.league.appeal("Mini", n, "too hard", actor=_captain(away))
    assert _points(owner, away)[1] == 2
    owner.league.decide_appeal("Mini", 1, "upheld", "It stands.", actor=LEADER)
    with pytest.raises(InputError, match="result or penalty points"):
        owner.league.decide_appeal("Mini", 2, "changed", "Milder.", actor=LEADER)
    owner.league.decide_appeal(
        "Mini", 2, "changed", "A draw on board 3 instead.", results=list("11=0"), actor=LEADER
    )
    assert _points(owner, away) == (Fraction(1, 2), 1)  # 1½ less ruling 1's point
    assert _points(owner, home)[0] == Fraction(5, 2)
    states = {r.number: r.state for r in owner.league.rulings("Mini")}
    assert states == {1: "upheld", 2: "changed"}


def test_a_captain_gives_no_ruling_and_a_ruling_says_why(owner: Skak) -> None:
    home, away = _disputed(owner)
    web = owner.guarded()
    with pytest.raises(PermissionDenied):
        web.league.rule("Mini", "5.1 §12", "mine", penalties=[(away, 1)], actor=_captain(home))
    with pytest.raises(InputError, match="says what is decided"):
        web.league.rule("Mini", "5.1 §12", "  ", actor=LEADER)
    with pytest.raises(InputError, match="names the match"):
        web.league.rule("Mini", "5.1 §12", "x", results=list("1111"), actor=LEADER)
    with pytest.raises(NotFoundError, match="no ruling 3"):
        web.league.appeal("Mini", 3, "x", actor=LEADER)
    assert owner.league.rulings("Mini") == ()


def test_a_groups_leader_leads_his_group_only(owner: Skak) -> None:
    """A leader's role on one group of the season (``--group 'DIVISION/GROUP'``)."""
    from skak.api import Grant, Role

    sid = owner.league.rows()[0].id
    owner.accounts.add("Gert Gruppe", "hemmelig-1", roles=["arbiter"])
    owner.accounts.grant("Gert Gruppe", "leader", record=sid, group="2. division / 1")
    owner.accounts.add(
        "Anna Anden", "hemmelig-1", roles=[Grant(Role.LEADER, sid, group="2. division/2")]
    )
    assert "leader #1 (2. division/1)" in {r for line in owner.accounts.lines() for r in line.roles}
    home, away = _disputed(owner)
    web = owner.guarded()
    with pytest.raises(PermissionDenied):
        web.league.approve("Mini", 1, home, "as reported", actor="Anna Anden")
    with pytest.raises(PermissionDenied):
        web.league.rule("Mini", "5.1 §13 e", "x", penalties=[(away, 1)], actor="Anna Anden")
    web.league.approve("Mini", 1, home, "as reported", actor="Gert Gruppe")
    web.league.rule("Mini", "5.1 §13 e", "late", penalties=[(away, 1)], actor="Gert Gruppe")
    with pytest.raises(PermissionDenied):  # the season's teams are the season leader's
        web.league.enter_teams("Mini", owner.league.get("Mini").teams, actor="Gert Gruppe")
    with pytest.raises(InputError, match="DIVISION/GROUP"):
        owner.accounts.grant("Gert Gruppe", "leader", record=sid, group="2. division")
    with pytest.raises(InputError, match="takes --group"):
        owner.accounts.grant("Gert Gruppe", "arbiter", record=sid, group="2. division/1")
