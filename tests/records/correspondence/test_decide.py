"""The correspondence group's pure rules: ``decide`` refuses what section 6 forbids and
names the game and card, ``evolve`` builds the group, the codec gives back every event."""

from __future__ import annotations

import datetime as dt
import json
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skak.correspondence.classes import EmtClass
from skak.correspondence.clock import TimeControl
from skak.correspondence.game import Card
from skak.correspondence.group_state import (
    Competition,
    CorrGroup,
    GroupPlayer,
    GroupRules,
    Pairing,
    PlayerHoliday,
    Withdrawal,
)
from skak.correspondence.holidays import Mode
from skak.errors import InputError, NotFoundError, StateError, StorageError
from skak.model.stream import Recorded
from skak.records.correspondence.codec import dump_event, load_event
from skak.records.correspondence.commands import (
    AnnounceHoliday,
    CorrespondenceCommand,
    CreateGroup,
    EnterCard,
    EnterPlayers,
    EnterResult,
    Entrant,
    TakeBackCard,
    WithdrawPlayer,
    decide,
    result_text,
)
from skak.records.correspondence.events import (
    CardEntered,
    CardTakenBack,
    CorrespondenceEvent,
    GroupCreated,
    HolidayEntered,
    PlayersEntered,
    PlayerWithdrawn,
    ResultEntered,
)
from skak.records.correspondence.evolve import evolve, fold

D = dt.date
START = D(2011, 5, 1)
EMT_K = Competition("emt", EmtClass.QUALIFICATION)


def run(group: CorrGroup | None, *commands: CorrespondenceCommand) -> CorrGroup:
    """The group after each command is decided and its events applied."""
    for c in commands:
        for e in decide(group, c):
            group = evolve(group, e)
    assert group is not None
    return group


def seven(competition: Competition = EMT_K, **rules: object) -> CorrGroup:
    return run(
        None,
        CreateGroup("EMT K 2011/1", competition, START, GroupRules(**rules)),  # type: ignore[arg-type]
        EnterPlayers(tuple(Entrant(n) for n in "ABCDEFG")),
    )


def test_seven_players_three_white_three_black_each() -> None:
    """6.5.3.1: one game against each of the other 6, 3 with White and 3 with Black."""
    g = seven()
    assert len(g.games) == 21
    assert len({frozenset((x.white, x.black)) for x in g.games}) == 21
    whites = Counter(x.white for x in g.games)
    blacks = Counter(x.black for x in g.games)
    assert all(whites[p] == 3 and blacks[p] == 3 for p in range(1, 8))
    assert [g.label(x) for x in g.games][:4] == ["1-2", "1-3", "1-4", "5-1"]


def test_the_dm_class_below_seven_plays_twice() -> None:
    """6.5.2.1: with fewer than 7 in the DM class each pair meets twice, colours swapped."""
    dm = run(
        None,
        CreateGroup("DM 2011", Competition("emt", EmtClass.DM), START),
        EnterPlayers(tuple(Entrant(n) for n in "ABCDE")),
    )
    pairs = Counter((x.white, x.black) for x in dm.games)
    assert len(dm.games) == 20 and set(pairs.values()) == {1}
    assert all((b, w) in pairs for w, b in pairs)
    assert len(run(None, CreateGroup("DM 2012", Competition("emt", EmtClass.DM), START),
                   EnterPlayers(tuple(Entrant(n) for n in "ABCDEFG"))).games) == 21  # fmt: skip


def test_a_team_group_plays_board_by_board() -> None:
    """6.7.2.3: each player meets the players on his board of the other clubs; a club's
    board is his place among its players (6.7.2.1)."""
    clubs = [Entrant(f"{c}{b}", club=f"Klub {c}") for c in "XYZ" for b in range(1, 5)]
    g = run(None, CreateGroup("Hold 1. div", Competition("team", division=1), START),
            EnterPlayers(tuple(clubs)))  # fmt: skip
    assert len(g.games) == 12
    for x in g.games:
        w, b = g.player(x.white), g.player(x.black)
        assert w is not None and b is not None
        assert w.board == b.board == x.pairing.board and w.club != b.club
    # a club has White on two boards of each match
    for pair in ({"Klub X", "Klub Y"}, {"Klub X", "Klub Z"}, {"Klub Y", "Klub Z"}):
        match = [x for x in g.games if {g.player(x.white).club, g.player(x.black).club} == pair]  # type: ignore[union-attr]
        assert Counter(g.player(x.white).club for x in match) == dict.fromkeys(pair, 2)  # type: ignore[union-attr]
    with pytest.raises(InputError, match="more than 4 players"):
        decide(g, EnterPlayers(tuple(Entrant(f"X{i}", club="X") for i in range(5))))
    with pytest.raises(InputError, match="has no club"):
        decide(g, EnterPlayers((Entrant("A"), Entrant("B"))))


@pytest.mark.parametrize(
    ("competition", "message"),
    [
        (Competition("emt"), "needs its class"),
        (Competition("cup"), "needs its stage"),
        (Competition("team", division=4), "division: 1, 2 or 3"),
        (Competition("league"), "emt, cup or team"),
    ],
)
def test_a_group_is_created_with_its_event(competition: Competition, message: str) -> None:
    with pytest.raises(InputError, match=message):
        decide(None, CreateGroup("G", competition, START))


def test_players_are_fixed_once_the_play_begins() -> None:
    g = seven()
    again = run(g, EnterPlayers(tuple(Entrant(n) for n in "GFEDCBA")))
    assert again.player(1) == GroupPlayer(1, "G")
    played = run(g, EnterCard(1, Card("1. e4", sent=D(2011, 5, 2))))
    with pytest.raises(StateError, match="has begun"):
        decide(played, EnterPlayers(tuple(Entrant(n) for n in "ABCDEFG")))
    with pytest.raises(InputError, match="entered twice"):
        decide(g, EnterPlayers((Entrant("A"), Entrant("a"))))


def test_a_card_is_checked_by_the_clock_naming_the_game_and_card() -> None:
    g = run(
        seven(),
        EnterCard(1, Card("1. 5254", sent=D(2011, 5, 2))),
        EnterCard(1, Card("1... 5755", received=D(2011, 5, 4), sent=D(2011, 5, 5))),
    )
    assert len(g.games[0].cards) == 2
    cases = [
        (Card("2. 5253", received=D(2011, 5, 7), sent=D(2011, 5, 8)),
         r"game 1-2 \(A – B\), card 3 \(White's\): move 2\. 5253 is illegal"),
        (Card("2. Nf3", received=D(2011, 5, 3), sent=D(2011, 5, 8)),
         r"card 3 \(White's\): received 2011-05-03, before the opponent's card was sent"),
        (Card("2. Nf3", received=D(2011, 5, 9), sent=D(2011, 5, 8)),
         r"card 3 \(White's\): sent 2011-05-08, before the opponent's move was received"),
        (Card("1... c5 2. Nf3", received=D(2011, 5, 7), sent=D(2011, 5, 8)),
         r"card 3 \(White's\): repeats"),
        (Card("2... Nc6", received=D(2011, 5, 7), sent=D(2011, 5, 8)),
         r"card 3 \(White's\)"),
    ]  # fmt: skip
    for card, message in cases:
        with pytest.raises(InputError, match=message):
            decide(g, EnterCard(1, card))
    with pytest.raises(InputError, match=r"game 1-3 \(A – C\), card 1: sent 2011-04-30, before"):
        decide(g, EnterCard(2, Card("1. e4", sent=D(2011, 4, 30))))
    with pytest.raises(NotFoundError, match="has no game 99"):
        decide(g, EnterCard(99, Card("1. e4", sent=D(2011, 5, 2))))


def test_a_finished_game_takes_no_card_and_a_card_can_be_taken_back() -> None:
    g = run(seven(), EnterCard(1, Card("1. e4", sent=D(2011, 5, 2))))
    back = run(g, TakeBackCard(1))
    assert back.games[0].cards == ()
    with pytest.raises(StateError, match="no card to take back"):
        decide(back, TakeBackCard(1))
    done = run(g, EnterResult(1, "½-½"))
    assert done.games[0].result == "1/2-1/2"
    assert decide(done, EnterResult(1, "=")) == []  # the same result: nothing to write
    with pytest.raises(StateError, match=r"game 1-2 \(A – B\) is finished \(1/2-1/2\)"):
        decide(done, EnterCard(1, Card("1... e5", received=D(2011, 5, 3), sent=D(2011, 5, 3))))
    corrected = run(done, EnterResult(1, "1-0", adjudicated=True))
    assert (corrected.games[0].result, corrected.games[0].adjudicated) == ("1-0", True)


def test_results_as_typed() -> None:
    assert [result_text(t) for t in ("1-0", "0-1", "½-½", "1/2-1/2", "=", "0-0")] == [
        "1-0", "0-1", "1/2-1/2", "1/2-1/2", "1/2-1/2", "0-0",
    ]  # fmt: skip
    with pytest.raises(InputError, match="result '2-0' is not"):
        result_text("2-0")


def test_a_withdrawn_player_sends_no_more_cards() -> None:
    g = run(seven(), WithdrawPlayer(Withdrawal(2, D(2011, 6, 1), "silent")))
    card = Card("1. e4", sent=D(2011, 6, 2))
    with pytest.raises(StateError, match="B withdrew on 2011-06-01"):
        decide(g, EnterCard(1, card))
    # a card he sent before he withdrew is entered still
    assert decide(g, EnterCard(1, Card("1. e4", sent=D(2011, 5, 30))))
    with pytest.raises(StateError, match="withdrew on 2011-06-01 already"):
        decide(g, WithdrawPlayer(Withdrawal(2, D(2011, 6, 5), "none")))
    with pytest.raises(InputError, match="good, none or silent"):
        decide(g, WithdrawPlayer(Withdrawal(3, D(2011, 6, 5), "tired")))
    with pytest.raises(NotFoundError, match="has no player 9"):
        decide(g, WithdrawPlayer(Withdrawal(9, D(2011, 6, 5), "none")))


def test_holidays() -> None:
    g = run(seven(), AnnounceHoliday(PlayerHoliday(1, D(2011, 6, 8), D(2011, 6, 22))))
    assert g.holidays[0].first == D(2011, 6, 8)
    with pytest.raises(StateError, match="has a holiday on some of these days"):
        decide(g, AnnounceHoliday(PlayerHoliday(1, D(2011, 6, 20), D(2011, 6, 30))))
    with pytest.raises(InputError, match="before its first"):
        decide(g, AnnounceHoliday(PlayerHoliday(2, D(2011, 6, 20), D(2011, 6, 10))))
    game = g.game_of(g.games[0])
    assert [h.player for h in game.holidays] == ["white"]  # A is White in 1-2


def test_decide_never_changes_the_group() -> None:
    g = seven()
    before = repr(g)
    for c in (EnterCard(1, Card("1. e4", sent=D(2011, 5, 2))), EnterResult(1, "1-0")):
        decide(g, c)
    assert repr(g) == before


# -- the codec ------------------------------------------------------------------------------

DATES = st.dates(min_value=D(2000, 1, 1), max_value=D(2040, 12, 31))
NAMES = st.text(min_size=1, max_size=20)
OPT_DATES = st.none() | DATES
CARDS = st.builds(
    Card,
    st.text(min_size=1, max_size=30),
    OPT_DATES,
    OPT_DATES,
    OPT_DATES,
    OPT_DATES,
    st.none() | st.text(max_size=20),
    st.booleans(),
    st.booleans(),
    st.booleans(),
    st.booleans(),
    st.integers(0, 20),
)
COMPETITIONS = st.builds(
    Competition,
    st.sampled_from(["emt", "cup", "team"]),
    st.none() | st.sampled_from(EmtClass),
    st.none() | st.sampled_from(["preliminary", "semifinal", "final"]),
    st.none() | st.integers(1, 3),
    st.integers(0, 500),
    st.booleans(),
)
RULES = st.builds(
    GroupRules,
    st.sampled_from(Mode),
    st.none() | st.builds(TimeControl, st.integers(1, 1000), st.integers(1, 100)),
    st.integers(0, 30),
    st.booleans(),
    st.booleans(),
)
SMALL = st.integers(1, 99)
EVENTS: st.SearchStrategy[CorrespondenceEvent] = st.one_of(
    st.builds(GroupCreated, NAMES, COMPETITIONS, DATES, RULES),
    st.builds(
        PlayersEntered,
        st.lists(
            st.builds(
                GroupPlayer,
                SMALL,
                NAMES,
                st.none() | SMALL,
                st.none() | SMALL,
                st.none() | NAMES,
                st.none() | st.integers(1, 4),
            ),
            max_size=8,
        ).map(tuple),
        st.lists(
            st.builds(Pairing, SMALL, SMALL, SMALL, st.none() | st.integers(1, 4)), max_size=8
        ).map(tuple),
    ),
    st.builds(CardEntered, SMALL, CARDS),
    st.builds(CardTakenBack, SMALL),
    st.builds(
        ResultEntered, SMALL, st.sampled_from(["1-0", "0-1", "1/2-1/2", "0-0"]), st.booleans()
    ),
    st.builds(
        HolidayEntered, st.builds(PlayerHoliday, SMALL, DATES, DATES, OPT_DATES, st.booleans())
    ),
    st.builds(
        PlayerWithdrawn,
        st.builds(Withdrawal, SMALL, DATES, st.sampled_from(["good", "none", "silent"])),
    ),
)


@given(EVENTS)
def test_the_codec_gives_back_every_event_through_json(event: CorrespondenceEvent) -> None:
    payload = json.loads(json.dumps(dump_event(event)))
    assert payload["type"] == event.kind
    assert load_event(payload) == event


def test_the_events_of_a_group_replay_to_the_same_group() -> None:
    commands: list[CorrespondenceCommand] = [
        CreateGroup("G", EMT_K, START, GroupRules(Mode.EMAIL, TimeControl(30, 10))),
        EnterPlayers(tuple(Entrant(n, i, 1800 + i) for i, n in enumerate("ABCDEFG", 1))),
        EnterCard(1, Card("1. e4", sent=D(2011, 5, 2))),
        EnterCard(1, Card("1... e5", received=D(2011, 5, 3), sent=D(2011, 5, 4))),
        AnnounceHoliday(PlayerHoliday(3, D(2011, 7, 1), D(2011, 7, 10), D(2011, 6, 1))),
        EnterResult(2, "0-1"),
        WithdrawPlayer(Withdrawal(7, D(2011, 8, 1), "good")),
    ]
    events: list[CorrespondenceEvent] = []
    group: CorrGroup | None = None
    for c in commands:
        new = decide(group, c)
        events += new
        for e in new:
            group = evolve(group, e)
    stored = [load_event(json.loads(json.dumps(dump_event(e)))) for e in events]
    assert fold(Recorded(i, e, "t", "") for i, e in enumerate(stored, 1)) == group


@pytest.mark.parametrize(
    "payload",
    [
        {"type": "corr_card_entered", "game": "1", "card": {}},
        {"type": "corr_result_entered", "game": 1},
        {"type": "no_such_event"},
        {"type": "corr_player_withdrawn", "player": 1, "day": "1/6", "reason": "good"},
    ],
)
def test_a_damaged_event_is_a_storage_error(payload: dict[str, object]) -> None:
    with pytest.raises(StorageError, match="a correspondence event cannot be read"):
        load_event(payload)
