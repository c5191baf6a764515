"""DSU 003 §5.1 §10 (with §9 b 3, §11, §13 a): one test per line-up rule, each asserting
that the violation names its rule and paragraph."""

from __future__ import annotations

import itertools
from dataclasses import replace
from datetime import date, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skak.errors import InputError
from skak.records.league.commands import FileStrengthLists, decide, notes
from skak.records.league.events import LineupEntered, PlayoffSet, StrengthListFiled, TeamWithdrawn
from skak.records.league.evolve import evolve
from skak.teams.league import Lineup, Playoff, Season, Withdrawal
from skak.teams.lineups import (
    RULES,
    Quarantine,
    QuarantineList,
    Violation,
    check_lineup,
    check_lineup_shape,
    out_of_order,
)
from skak.teams.strength import ListedPlayer, StrengthList, amend, check_list_change
from tests.teams.league_fixture import DATES, new_season, strength_list, with_settings

DAY = DATES[0]


def _lu(team: str, players: list[str | None], round_number: int = 1, day: date = DAY) -> Lineup:
    return Lineup(round_number, team, tuple(players), day)


def _ids(prefix: str, numbers: range | list[int]) -> list[str | None]:
    return [f"{prefix}{n:02d}" for n in numbers]


def _only(found: tuple[Violation, ...], rule: str, board: int, paragraph: str) -> Violation:
    assert [(v.rule, v.board) for v in found] == [(rule, board)], found
    v = found[0]
    assert v.paragraph == paragraph == RULES[rule].paragraph
    assert paragraph in v.message and "5.1 §13 b" in v.message
    return v


def _refile(season: Season, club_team: int, **changes: object) -> Season:
    """The team's list with one player changed (by id in ``changes['id']``)."""
    original = strength_list(club_team)
    ident = changes.pop("id")
    players = tuple(replace(p, **changes) if p.id == ident else p for p in original.players)  # type: ignore[arg-type]
    lists = tuple(s for s in season.lists if s.club != original.club)
    return replace(season, lists=(*lists, StrengthList(original.club, players)))


def test_a_legal_lineup_breaks_no_rule() -> None:
    assert check_lineup(new_season(), _lu("Brønshøj 1", _ids("BRO", range(1, 9)))) == ()
    reserve = [*_ids("BRO", range(1, 8)), "BRO09"]
    assert check_lineup(new_season(), _lu("Brønshøj 1", reserve)) == ()


def test_10a_at_most_two_foreign_players() -> None:
    season = new_season()
    for ident in ("BRO02", "BRO04", "BRO06"):
        season = _refile_many(season, 2, {ident: {"foreign": True}})
    v = _only(
        check_lineup(season, _lu("Brønshøj 1", _ids("BRO", range(1, 9)))),
        "10a-foreign",
        6,
        "5.1 §10 a",
    )
    assert "(board 2)" in v.message and "(board 4)" in v.message


def _refile_many(season: Season, club_team: int, changes: dict[str, dict[str, object]]) -> Season:
    club = strength_list(club_team).club
    current = season.club_lists(club)[-1]
    players = tuple(replace(p, **changes.get(p.id, {})) for p in current.players)  # type: ignore[arg-type]
    lists = tuple(s for s in season.lists if s.club != club)
    return replace(season, lists=(*lists, StrengthList(club, players)))


def test_10b_order_of_the_strength_list() -> None:
    players = _ids("BRO", [1, 2, 4, 3, 5, 6, 7, 8])
    v = _only(check_lineup(new_season(), _lu("Brønshøj 1", players)), "10b-order", 3, "5.1 §10 b")
    assert "list no. 4" in v.message and "no. 3, board 4" in v.message


@pytest.mark.parametrize(
    ("numbers", "illegal", "words"),
    [
        ([2, 3, 4, 5, 6, 7, 8, 1], [8], "no. 1) is placed below Bro Spiller 2 (no. 2, board 1)"),
        ([1, 3, 4, 5, 6, 7, 8, 2], [8], "no. 2) is placed below Bro Spiller 3 (no. 3, board 2)"),
        ([2, 1, 3, 4, 5, 6, 7, 8], [1], "no. 2) is placed above Bro Spiller 1 (no. 1, board 2)"),
        ([4, 5, 1, 2, 3, 6, 7, 8], [1, 2], "no. 4) is placed above Bro Spiller 1 (no. 1, board 3)"),
    ],
    ids=[
        "5.1-§10b-list-no-1-on-board-8-loses-one-game",
        "5.1-§10b-list-no-2-on-board-8-loses-one-game",
        "5.1-§10b-a-swap-costs-the-player-placed-too-high",
        "5.1-§10b-two-placed-above-three",
    ],
)
def test_10b_order_marks_the_fewest_players(
    numbers: list[int], illegal: list[int], words: str
) -> None:
    """§13 b costs the games of the players out of the list's order, and no more: everyone
    outside a longest run in the list's order (of a swap, the one placed too high)."""
    found = check_lineup(new_season(), _lu("Brønshøj 1", _ids("BRO", numbers)))
    assert [(v.rule, v.board) for v in found] == [("10b-order", b) for b in illegal]
    assert words in found[0].message


@given(st.permutations(range(1, 8)))
def test_10b_order_the_illegal_players_are_a_smallest_set(numbers: list[int]) -> None:
    bad = out_of_order(numbers)
    kept = [n for i, n in enumerate(numbers) if i not in bad]
    assert kept == sorted(kept)
    smaller = (
        c
        for size in range(len(bad))
        for c in itertools.combinations(range(len(numbers)), size)
        if [n for i, n in enumerate(numbers) if i not in c]
        == sorted(n for i, n in enumerate(numbers) if i not in c)
    )
    assert next(smaller, None) is None


def test_10b_a_team_short_of_players_leaves_its_last_boards_empty() -> None:
    players = [*_ids("BRO", range(1, 4)), None, *_ids("BRO", range(4, 8))]
    found = check_lineup(new_season(), _lu("Brønshøj 1", players))
    assert {v.rule for v in found} == {"10b-empty-board"}
    assert [v.board for v in found] == [5, 6, 7, 8]
    assert all("5.1 §10 b" in v.message for v in found)
    assert check_lineup(new_season(), _lu("Brønshøj 1", [*_ids("BRO", range(1, 8)), None])) == ()
    lenient = with_settings(new_season(), empty_boards_last=False)
    assert check_lineup(lenient, _lu("Brønshøj 1", players)) == ()


def test_10b_nobody_plays_on_a_lower_team_than_his_own() -> None:
    """Aarhus 1 (Skakligaen) players AAR01–08 may not play for Aarhus 2."""
    players = ["AAR08", *_ids("AAR", range(9, 16))]
    v = _only(
        check_lineup(new_season(), _lu("Aarhus 2", players)), "10b-lower-team", 1, "5.1 §10 b"
    )
    # Aarhus 1 plays in no group of this season: the message names the club's team number.
    assert "AAR08) is registered for team 1, a higher team" in v.message


def test_10b_one_lineup_a_round() -> None:
    season = new_season()
    first = _lu("Brønshøj 1", [*_ids("BRO", range(1, 8)), "BRO09"])
    season = evolve(season, LineupEntered(first))
    # The reserve BRO09 plays for Brønshøj 1 and for a second Brønshøj team in round 1.
    from skak.records.league.events import TeamsEntered
    from skak.teams.league import Team

    second = Team("Brønshøj 2", "Brønshøj Skakforening", "2. division", 1, 1, 2)
    other = Team("Rødovre 1", "Rødovre Skakklub", "2. division", 1, 2, 1)
    season = evolve(season, TeamsEntered((*season.teams, second, other)))
    v = _only(
        check_lineup(season, _lu("Brønshøj 2", ["BRO09", "BRO10"])),
        "10b-one-match",
        1,
        "5.1 §10 b",
    )
    assert f"Brønshøj 1's line-up on the same day ({DAY}) too" in v.message


def test_10b_one_lineup_a_day_not_a_round_number() -> None:
    """§6 b, §6 f: the divisions' rounds fall on different days (Skakligaen's last double
    round a week later; moved matches). The reserve BRO09 plays for Brønshøj 1 in round 7
    and for Brønshøj 2 in its round 7 moved a week on: two days, no breach; Brønshøj 2's
    round 5 moved to round 7's day: the same day, a breach."""
    from skak.records.league.events import TeamsEntered
    from skak.teams.league import Team

    season = new_season()
    first = _lu("Brønshøj 1", [*_ids("BRO", range(1, 8)), "BRO09"], 7, DATES[6])
    season = evolve(season, LineupEntered(first))
    second = Team("Brønshøj 2", "Brønshøj Skakforening", "2. division", 1, 1, 2)
    other = Team("Rødovre 1", "Rødovre Skakklub", "2. division", 1, 2, 1)
    season = evolve(season, TeamsEntered((*season.teams, second, other)))
    later = DATES[6] + timedelta(days=7)
    assert check_lineup(season, _lu("Brønshøj 2", ["BRO09", "BRO10"], 7, later)) == ()
    v = _only(
        check_lineup(season, _lu("Brønshøj 2", ["BRO09", "BRO10"], 5, DATES[6])),
        "10b-one-match",
        1,
        "5.1 §10 b",
    )
    assert f"on the same day ({DATES[6]})" in v.message


def test_10c_only_players_on_the_strength_list() -> None:
    players = [*_ids("BRO", range(1, 8)), "BRO99"]
    v = _only(
        check_lineup(new_season(), _lu("Brønshøj 1", players)),
        "10c-not-listed",
        8,
        "5.1 §9 b 3, §10 c",
    )
    assert "not on Brønshøj Skakforening's strength list" in v.message


@pytest.mark.parametrize(
    ("days", "legal"),
    [(29, False), (30, True)],
    ids=["5.1-§10c-29-days-refused", "5.1-§10c-30-days-accepted"],
)
def test_10c_a_new_player_plays_30_days_after_the_notice(days: int, legal: bool) -> None:
    season = new_season()
    base = strength_list(2)
    new = ListedPlayer(11, "BRO11", "Ny Spiller", 1)
    notice = DAY - timedelta(days=days)
    later = StrengthList(base.club, (*base.players, new), notified=notice)
    assert check_list_change(base, later) == [
        f"Brønshøj Skakforening: Ny Spiller may play from {notice + timedelta(days=30)} "
        "(5.1 §10 c, §11)"
    ]
    season = evolve(season, StrengthListFiled(later))
    found = check_lineup(season, _lu("Brønshøj 1", [*_ids("BRO", range(1, 8)), "BRO11"]))
    if legal:
        assert found == ()
    else:
        v = _only(found, "10c-30-days", 8, "5.1 §10 c, §11")
        assert f"may play from {DAY + timedelta(days=1)}" in v.message


def test_11_a_change_adds_to_the_list_in_force() -> None:
    """Issue 38, 5.1 §11: a change naming only the new member (no. 3, team 1) adds him to
    Brønshøj's list ("For enhver tilføjelse til den oprindeligt indsendte styrkeliste"); 30
    days on, the players it did not name are still on the list with their teams and order
    (not "not on the strength list"), the new one between nos. 2 and 3."""
    season = new_season()
    base = strength_list(2)
    change = StrengthList(
        base.club, (ListedPlayer(3, "BRO11", "Ny Spiller", 1),), notified=DAY - timedelta(30)
    )
    (event,) = decide(season, FileStrengthLists((change,)))
    assert isinstance(event, StrengthListFiled)
    after = evolve(season, event)
    new = after.list_in_force(base.club, DAY)
    assert new is not None and new.notified == change.notified
    assert [p.id for p in new.ordered()] == ["BRO01", "BRO02", "BRO11", *_ids("BRO", range(3, 11))]
    assert [p.number for p in new.ordered()] == list(range(1, 12))
    assert [p.team for p in new.ordered()] == [1] * 9 + [None] * 2  # teams as they were
    assert check_lineup(after, _lu("Brønshøj 1", ["BRO01", "BRO02", "BRO11",
                                                  *_ids("BRO", range(3, 8))])) == ()  # fmt: skip
    assert check_lineup(after, _lu("Brønshøj 1", _ids("BRO", range(1, 9)))) == ()
    assert notes(season, FileStrengthLists((change,)), after)[0] == (
        "Brønshøj Skakforening: the change adds Ny Spiller as no. 3 to the club's strength list "
        "(5.1 §11); the 10 players it does not name keep their teams and their order"
    )
    # replace (setting): the change is the whole list, and the note names whom it drops
    (whole,) = decide(season, FileStrengthLists((change,), replace=True))
    assert isinstance(whole, StrengthListFiled) and whole.list == change
    dropped = notes(season, FileStrengthLists((change,), replace=True), evolve(season, whole))
    assert dropped[0].startswith(
        "Brønshøj Skakforening: the new list replaces the club's whole list and leaves out "
        "Bro Spiller 1 (BRO01), Bro Spiller 2 (BRO02),"
    )


def test_11_amend_places_the_named_players_at_their_numbers() -> None:
    """The numbers a change gives are places on the amended list; the players it does not
    name fill the places left, in their order; a number past the end is the last place."""
    base = StrengthList("K", tuple(ListedPlayer(n, f"P{n}", f"P{n}", 1) for n in range(1, 6)))
    change = StrengthList(
        "K",
        (ListedPlayer(2, "X", "X", 1), ListedPlayer(4, "P3", "P3", 2), ListedPlayer(99, "Y", "Y")),
        DAY,
    )
    new = amend(base, change)
    assert [(p.number, p.id, p.team) for p in new.ordered()] == [
        (1, "P1", 1), (2, "X", 1), (3, "P2", 1), (4, "P3", 2), (5, "P4", 1), (6, "P5", 1),
        (7, "Y", None),
    ]  # fmt: skip
    assert amend(None, change) == change and amend(base, change, replace=True) == change
    # a change that would put a named player out of the others' order is refused (§11)
    wrong = StrengthList("K", (ListedPlayer(5, "P2", "P2", 1),), DAY)
    with pytest.raises(InputError, match="changes the order of the players already on it"):
        check_list_change(base, amend(base, wrong))


def test_11_a_changed_team_holds_only_after_30_days() -> None:
    """§11: "de ændrede holdopstillinger … ikke må anvendes før 30 dage efter"."""
    season = new_season()
    base = strength_list(1)  # Aarhus: AAR08 is on team 1
    moved = tuple(replace(p, team=2) if p.id == "AAR08" else p for p in base.players)
    later = StrengthList(base.club, moved, notified=DAY - timedelta(days=10))
    season = evolve(season, StrengthListFiled(later))
    players = ["AAR08", *_ids("AAR", range(9, 16))]
    v = _only(check_lineup(season, _lu("Aarhus 2", players)), "10b-lower-team", 1, "5.1 §10 b")
    assert f"holds from {DAY + timedelta(days=20)}" in v.message
    assert check_lineup(season, _lu("Aarhus 2", players, day=DAY + timedelta(days=20))) == ()


def test_10c_not_for_another_club_this_season() -> None:
    season = _refile(new_season(), 2, id="BRO08", other_club=True)
    v = _only(
        check_lineup(season, _lu("Brønshøj 1", _ids("BRO", range(1, 9)))),
        "10c-other-club",
        8,
        "5.1 §10 c",
    )
    assert "another club" in v.message
    # …or as the season shows: Odense 1 fielded him in round 1, Brønshøj lists him later.
    season = new_season()
    odense = _lu("Odense 1", [*_ids("ODE", range(1, 8)), "BRO08"])
    season = evolve(season, LineupEntered(odense))
    later = _lu("Brønshøj 1", _ids("BRO", range(1, 9)), round_number=2, day=DATES[1])
    v = _only(check_lineup(season, later), "10c-other-club", 8, "5.1 §10 c")
    assert "on Odense 1's line-up" in v.message


def test_10d_not_during_a_quarantine() -> None:
    q = QuarantineList((Quarantine("BRO03", DAY - timedelta(days=5), DAY, "udeblivelse"),))
    v = _only(
        check_lineup(new_season(), _lu("Brønshøj 1", _ids("BRO", range(1, 9))), q),
        "10d-quarantine",
        3,
        "5.1 §10 d",
    )
    assert "in quarantine" in v.message and "udeblivelse" in v.message
    after = _lu("Brønshøj 1", _ids("BRO", range(1, 9)), day=DAY + timedelta(days=1))
    assert check_lineup(new_season(), after, q) == ()
    recorded = replace(after, quarantined=(("BRO03", "in quarantine (as entered)"),))
    assert [v.rule for v in check_lineup(new_season(), recorded)] == ["10d-quarantine"]


def _with_playoff(season: Season) -> Season:
    return evolve(season, PlayoffSet(Playoff("Aarhus 2", "Brønshøj 1", DATES[-1])))


def test_10e_playoff_nobody_above_the_teams_board_1() -> None:
    season = _with_playoff(new_season())
    players = ["AAR08", *_ids("AAR", range(9, 16))]
    found = check_lineup(season, _lu("Aarhus 2", players, round_number=0, day=DATES[-1]))
    assert {v.rule for v in found} == {"10e-playoff", "10b-lower-team"}
    v = next(v for v in found if v.rule == "10e-playoff")
    assert v.paragraph == "5.1 §10 e" and "5.1 §10 e" in v.message
    assert "above the team's board 1" in v.message


def test_10e_playoff_allows_a_reserve_who_played_on_the_team() -> None:
    season = _with_playoff(new_season())
    # BRO09 (a reserve, below board 1) is never a problem; a player above board 1 who played
    # on the team as a reserve is allowed. Make BRO01 a reserve above the team's board 1.
    season = _refile(season, 2, id="BRO01", team=None)
    team = _ids("BRO", range(2, 10))
    assert check_lineup(season, _lu("Brønshøj 1", ["BRO01", *team[:7]], 0, DATES[-1]))
    played = _lu("Brønshøj 1", ["BRO01", *team[:7]], 3, DATES[2])
    season = evolve(season, LineupEntered(played))
    assert check_lineup(season, _lu("Brønshøj 1", ["BRO01", *team[:7]], 0, DATES[-1])) == ()


def test_13a_players_of_a_team_that_left_are_excluded() -> None:
    from skak.records.league.events import TeamsEntered
    from skak.teams.league import Team

    season = new_season()
    second = Team("Brønshøj 2", "Brønshøj Skakforening", "2. division", 1, 1, 2)
    other = Team("Rødovre 1", "Rødovre Skakklub", "2. division", 1, 2, 1)
    season = evolve(season, TeamsEntered((*season.teams, second, other)))
    season = _refile(season, 2, id="BRO09", team=2)
    season = evolve(season, TeamWithdrawn(Withdrawal("Brønshøj 2", 1, "did not come (udeblev)")))
    players = [*_ids("BRO", range(1, 8)), "BRO09"]
    v = _only(
        check_lineup(season, _lu("Brønshøj 1", players, 2, DATES[1])),
        "13a-excluded",
        8,
        "5.1 §13 a",
    )
    assert "Brønshøj 2" in v.message


def test_a_lineup_with_a_player_twice_or_too_many_is_refused() -> None:
    with pytest.raises(InputError, match="BRO01 on two boards"):
        check_lineup_shape(["BRO01", "BRO01", *[None] * 6], 8, "round 1, Brønshøj 1")
    with pytest.raises(InputError, match="round 1, Brønshøj 1: 7 entries for 8 boards"):
        check_lineup_shape(_ids("BRO", range(1, 8)), 8, "round 1, Brønshøj 1")
    with pytest.raises(InputError, match="9 players for 8 boards"):
        check_lineup_shape([f"P{i}" for i in range(9)], 8, "round 1, Brønshøj 1")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ("order", "changes the order of the players already on it"),
        ("foreign", "neither a Danish citizen nor resident"),
        ("no-day", "give that day"),
    ],
    ids=["5.1-§11-order", "5.1-§11-foreign", "5.1-§11-notice-day"],
)
def test_11_a_changed_list_is_refused(change: str, message: str) -> None:
    base = strength_list(1)
    players = list(base.players)
    notified: date | None = DAY
    if change == "order":
        players[0], players[1] = replace(players[1], number=1), replace(players[0], number=2)
    elif change == "foreign":
        players.append(ListedPlayer(99, "NEW", "Udlænding", None, foreign=True))
    else:
        notified = None
    with pytest.raises(InputError, match=message) as caught:
        check_list_change(base, StrengthList(base.club, tuple(players), notified))
    assert "5.1 §11" in str(caught.value)


def test_11_a_player_moved_up_is_a_note_not_a_refusal() -> None:
    """§11 writes of players moving down; moving one up is not forbidden: the list is
    accepted, with a note for the tournament leader, and the move holds 30 days on."""
    base = strength_list(1)
    players = list(base.players)
    players[10] = replace(players[10], team=1)  # AAR11 from Aarhus 2 up to Aarhus 1
    changed = StrengthList(base.club, tuple(players), DAY)
    notes = check_list_change(base, changed)
    up = [n for n in notes if "moves up" in n]
    assert len(up) == 1 and "(5.1 §11, §17)" in up[0]
    assert f"hold from {DAY + timedelta(days=30)} (5.1 §11)" in notes[-1]


def test_a_strength_list_with_a_player_twice_is_refused() -> None:
    p = ListedPlayer(1, "X", "X")
    with pytest.raises(InputError, match="holds X twice"):
        StrengthList("K", (p, replace(p, number=2)))
    with pytest.raises(InputError, match=r"gives number 1 to X \(X\) and X \(Y\)"):
        StrengthList("K", (p, replace(p, id="Y")))


def test_13a_a_lineup_for_a_match_struck_out_counts_for_nothing() -> None:
    """QA's case: Brønshøj 1's line-up for round 1 (against Vejle 1) was entered, then
    Vejle 1 left from round 1 (§13 a): the match is struck out, its line-up is no line-up,
    and BRO09 on Brønshøj 2's line-up that day breaks no §10 b (before the withdrawal he
    did; a cancelled withdrawal brings the line-up back)."""
    from skak.records.league.events import TeamsEntered, WithdrawalCancelled
    from skak.teams.league import Team

    season = new_season()
    first = _lu("Brønshøj 1", [*_ids("BRO", range(1, 8)), "BRO09"])
    season = evolve(season, LineupEntered(first))
    second = Team("Brønshøj 2", "Brønshøj Skakforening", "2. division", 1, 1, 2)
    other = Team("Rødovre 1", "Rødovre Skakklub", "2. division", 1, 2, 1)
    season = evolve(season, TeamsEntered((*season.teams, second, other)))
    lower = _lu("Brønshøj 2", ["BRO09", "BRO10"])
    assert [v.rule for v in check_lineup(season, lower)] == ["10b-one-match"]
    gone = evolve(season, TeamWithdrawn(Withdrawal("Vejle 1", 1, "trak holdet")))
    fixture = gone.fixture(1, "Brønshøj 1")
    assert fixture.teams() == ("Vejle 1", "Brønshøj 1")
    assert gone.striking_out(fixture) is not None
    assert gone.counted_lineups() == ()
    assert check_lineup(gone, lower) == ()
    back = evolve(gone, WithdrawalCancelled("Vejle 1", "by mistake"))
    assert [v.rule for v in check_lineup(back, lower)] == ["10b-one-match"]
    # A match the team played before it left stands for the line-up rules.
    later = evolve(season, TeamWithdrawn(Withdrawal("Vejle 1", 2, "trak holdet")))
    assert later.striking_out(fixture) is None
    assert [v.rule for v in check_lineup(later, lower)] == ["10b-one-match"]
