"""``skak history`` and the messages around it in plain words (QA: no Python field names,
no internal words, singular and plural right), in English and in Danish."""

from __future__ import annotations

from dataclasses import fields, replace
from datetime import date
from fractions import Fraction

import pytest

from skak.errors import InputError, NotFoundError
from skak.faces.i18n import error_text, say
from skak.model import Player, Ratings, Result, Round, Tournament
from skak.model.player import Sex, Title
from skak.pairing.monrad._system import _both_whites
from skak.records.tournament.events import PlayerEdited, PlayersRenumbered, ResultEntered, describe
from skak.tiebreaks import get_tiebreak

BEFORE = Player(7, "Hansen, Jens")

#: Each detail an edit can change, a new value for it, and what the history says.
EDITS: dict[str, tuple[object, str]] = {
    "name": ("Hansen, Jens Peter", "name Hansen, Jens → Hansen, Jens Peter"),
    "sex": (Sex.MALE, "sex – → male"),
    "birth_date": (date(1990, 4, 23), "birth date – → 1990-04-23"),
    "birth_year": (1990, "birth year – → 1990"),
    "club": ("Aarhus Skakklub", "club – → Aarhus Skakklub"),
    "federation": ("DEN", "federation – → DEN"),
    "dsu_id": (12345, "DSU member number – → 12345"),
    "fide_id": (1401234, "FIDE ID – → 1401234"),
    "title": (Title.FM, "title – → FM"),
    "ratings": (Ratings(dsu=1850, fide=1900), "DSU rating – → 1850; FIDE rating – → 1900"),
    "withdrawn_from": (4, "withdrawn (udgået) from round 4"),
    "late_from": (2, "late entry (sen tilmelding) from round 2"),
    "absent_rounds": (frozenset({2}), "absent (fraværende) in round 2"),
    "half_bye_rounds": (frozenset({2}), "half-point bye (halvpoint-bye) in round 2"),
    "full_bye_rounds": (frozenset({3, 5}), "full-point bye (helpoint-bye) in rounds 3, 5"),
    "accelerations": (((1, Fraction(1)), (2, Fraction(1, 2))), "1: +1, 2: +½"),
}


def test_every_detail_an_edit_can_change_is_listed() -> None:
    assert set(EDITS) == {f.name for f in fields(Player)} - {"start_number"}


@pytest.mark.parametrize("name", sorted(EDITS))
def test_a_player_edit_is_said_in_plain_words(name: str) -> None:
    value, words = EDITS[name]
    after = replace(BEFORE, **{name: value})
    text = describe(PlayerEdited(BEFORE, after))
    assert text.startswith("player 7 edited: ") and text.endswith(words)
    assert "_" not in text and "none" not in text


def test_the_qa_example_in_english_and_danish() -> None:
    before = replace(BEFORE, absent_rounds=frozenset({3}))
    after = replace(before, half_bye_rounds=frozenset({2}), absent_rounds=frozenset())
    text = describe(PlayerEdited(before, after))
    assert text == (
        "player 7 edited: no longer absent in round 3; half-point bye (halvpoint-bye) in round 2"
    )
    assert say(text, "da") == (
        "spiller 7 rettet: ikke længere fraværende i runde 3; halvpoint-bye i runde 2"
    )
    back = describe(PlayerEdited(after, replace(after, half_bye_rounds=frozenset())))
    assert back == "player 7 edited: half-point bye (halvpoint-bye) in round 2 taken back"
    assert say(back, "da") == "spiller 7 rettet: halvpoint-bye i runde 2 taget tilbage"
    back = describe(PlayerEdited(replace(BEFORE, withdrawn_from=4), BEFORE))
    assert back == "player 7 edited: no longer withdrawn (was udgået from round 4)"


def test_a_result_word_is_danish_on_a_danish_page() -> None:
    text = describe(ResultEntered(1, 8, Result.UNFINISHED))
    assert text == "round 1 board 8: unfinished (afbrudt)"
    assert say(text, "da") == "runde 1 bræt 8: afbrudt"
    assert say(describe(ResultEntered(1, 8, Result.DRAW)), "da") == "runde 1 bræt 8: ½-½"


def test_a_renumbering_says_its_reason_in_the_pages_language() -> None:
    text = describe(PlayersRenumbered(((1, 2), (2, 1)), "initial ranking by dsu rating"))
    assert text == "players renumbered (2 moved): initial ranking by DSU rating"
    assert (
        say(text, "da") == "spillerne omnummereret (2 flyttet): startrangliste efter DSU-ratingtal"
    )


def test_a_missing_round_is_named_in_the_singular_for_one_round() -> None:
    t = Tournament("T", "monrad", players=(BEFORE,), rounds=(Round(1, ()),))
    with pytest.raises(NotFoundError) as one:
        t.round(7)
    assert str(one.value) == "round 7 does not exist: only round 1 has been paired"
    assert error_text(one.value, "da") == "runde 7 findes ikke: kun runde 1 er lagt"
    t = replace(t, rounds=(Round(1, ()), Round(2, ())))
    with pytest.raises(NotFoundError) as two:
        t.round(7)
    assert error_text(two.value, "da") == "runde 7 findes ikke: runde 1–2 er lagt"


def test_a_rating_out_of_range_is_named_as_an_arbiter_knows_it() -> None:
    with pytest.raises(InputError) as caught:
        Ratings(dsu=99999)
    assert str(caught.value) == "DSU rating 99999 is outside 1–3999"
    assert error_text(caught.value, "da") == "DSU-ratingtal 99999 ligger uden for 1–3999"


def test_an_unknown_tiebreak_reads_plainly() -> None:
    with pytest.raises(InputError) as caught:
        get_tiebreak("XX")
    assert str(caught.value).startswith(
        "unknown tie-break code 'XX'; the tie-breaks (korrektioner) skak knows: "
    )


@pytest.mark.parametrize(
    ("count", "words"),
    [
        (0, "neither has had white yet"),
        (1, "both have had white once"),
        (2, "both have had white 2 times"),
    ],
)
def test_monrads_explanation_counts_whites_in_words(count: int, words: str) -> None:
    assert _both_whites(count) == words
