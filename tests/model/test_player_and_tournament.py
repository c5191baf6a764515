"""Players, pairings and tournaments check themselves when built."""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from skak.errors import InputError, NotFoundError
from skak.model import Bye, Pairing, Player, Ratings, Result, Round, Title, Tournament
from skak.model.player import clean_text
from tests.dsl import build, game


def test_player_status_by_round() -> None:
    p = Player(1, "Hansen, Jens", withdrawn_from=5, late_from=2, absent_rounds=frozenset({3}))
    assert [p.is_available(r) for r in range(1, 7)] == [False, True, False, True, False, False]
    assert p.last_name == "Hansen"
    assert p.first_name == "Jens"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"start_number": 0, "name": "A"}, "start number"),
        ({"start_number": 1, "name": "  "}, "name is empty"),
        ({"start_number": 1, "name": "A", "federation": "Denmark"}, "three-letter"),
        ({"start_number": 1, "name": "A", "withdrawn_from": 0}, "round number"),
    ],
)
def test_player_rejects_bad_values(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(InputError, match=message):
        Player(**kwargs)  # type: ignore[arg-type]


def test_ratings_range() -> None:
    with pytest.raises(InputError, match="outside"):
        Ratings(dsu=0)


def test_title_parse() -> None:
    assert Title.parse(" im ") is Title.IM
    with pytest.raises(InputError, match="unknown title"):
        Title.parse("XX")


def test_pairing_checks() -> None:
    with pytest.raises(InputError, match="cannot meet himself"):
        Pairing(1, 3, 3)
    with pytest.raises(InputError, match="bye"):
        Pairing(1, 3, None)
    with pytest.raises(InputError, match="not a result of a game"):
        Pairing(1, 3, 4, Result.HALF_BYE)
    with pytest.raises(InputError, match="unpaired round entry"):
        Bye(3, Result.DRAW)


def test_round_board_lookup_names_the_boards() -> None:
    rnd = Round(2, (Pairing(1, 1, 2), Pairing(2, 3, 4)))
    assert rnd.board(2).white == 3
    with pytest.raises(NotFoundError, match=r"round 2 has no board 9 .*1–2"):
        rnd.board(9)


def test_tournament_lookups() -> None:
    t = build(4, game(1, 1, 4, "1-0"), game(1, 2, 3))
    assert t.player(3).start_number == 3
    assert t.current_round == 1 and t.next_round == 2
    with pytest.raises(NotFoundError, match="startnummer"):
        t.player(9)
    with pytest.raises(NotFoundError, match="round 4 does not exist"):
        t.round(4)
    assert t.round(1).pending_boards == (2,)


def test_tournament_settings() -> None:
    t = Tournament("X", "berger", pairing_settings=(("cycles", 2),))
    assert t.setting("cycles", 1) == 2
    assert t.setting("swap-last-two", True) is True
    with pytest.raises(InputError, match="twice"):
        Tournament("X", "berger", pairing_settings=(("cycles", 2), ("cycles", 1)))


def test_a_round_s_explanation_is_checked_once_when_it_is_made(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 24: a result copies its round; the explanation, checked when the round was
    made, is not read again (it was ~90 % of a replay)."""
    from skak.model import tournament

    with pytest.raises(InputError, match=r"round 1 explanation .* holds control characters"):
        Round(1, (Pairing(1, 1, 2),), explanation=("fine", "bad\x07"))
    rnd = Round(1, (Pairing(1, 1, 2), Pairing(2, 3, 4)), explanation=("why", "because"))
    assert rnd.explanation == ("why", "because")
    checked: list[str] = []
    real = tournament.clean_text
    monkeypatch.setattr(
        tournament, "clean_text", lambda v, *a, **k: checked.append(v) or real(v, *a, **k)
    )
    after = rnd.with_result(1, Result.WHITE_WIN).with_result(2, Result.DRAW)
    assert checked == []
    assert after.explanation == rnd.explanation
    assert Round(1, (Pairing(1, 1, 2),), explanation=("new",)).explanation == ("new",)
    assert checked == ["new"]


@given(st.text(st.characters(min_codepoint=0, max_codepoint=0xE000, exclude_categories=())))
def test_control_characters_are_every_code_below_32_del_and_the_surrogates(value: str) -> None:
    """``clean_text`` refuses exactly the text holding a code point below 32, DEL or a
    surrogate (read by a pattern of the control characters and UTF-8's refusal of a
    surrogate; here counted code point by code point)."""
    bad = any(ord(c) < 32 or ord(c) == 127 or 0xD800 <= ord(c) <= 0xDFFF for c in value)
    if bad:
        with pytest.raises(InputError, match="holds control characters"):
            clean_text(value, "a name", limit=None)
    else:
        assert clean_text(value, "a name", limit=None) == value.strip()


@given(st.text(st.characters(min_codepoint=0, max_codepoint=0xE000, exclude_categories=())))
@example("Bo\udc80x").via("a lone surrogate in a name otherwise clean")
@example("Ærø\x7f").via("DEL")
@example("x" * 201).via("too long")
def test_a_players_name_and_club_are_refused_as_clean_text_refuses_them(value: str) -> None:
    """A player's name and club skip :func:`clean_text` when already clean: the same text
    is refused (a control character, DEL, a lone surrogate, too long; an empty name) and
    kept."""
    for field in ("name", "club"):
        try:
            expected: str | None = clean_text(value, "x")
        except InputError:
            expected = None
        if expected is None or (field == "name" and not expected):
            with pytest.raises(InputError):
                Player(1, **{"name": "Bo", field: value})  # type: ignore[arg-type]
        else:
            assert getattr(Player(1, **{"name": "Bo", field: value}), field) == expected  # type: ignore[arg-type]
