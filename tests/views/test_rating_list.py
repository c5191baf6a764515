"""The public rating list's page (``/ratings``, issue: the registrar's office, items 4 and 9):
the index made once a registry version answers each search exactly as reading every row
would — the same players, in the same order, on the same pages."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skak.rating.registry import PlayerEntered, RegistryBuilder
from skak.views import RatingIndex, RegistryRow, rating_list_view, registry_rows
from skak.views.rating import _folded, registry_reason

TODAY = date(2026, 11, 1)
NAMES = ("Hansen, Bo", "Østergaard-Hansen, Ib", "Jensen, Åse", "Holm, Per", "Bech, Sø")
CLUBS = ("Vejle Skakklub", "Skovlunde", None)


def _rows(players: list[tuple[int, int, int, int | None]]) -> tuple[RegistryRow, ...]:
    builder = RegistryBuilder()
    for n, (name, club, rating, rapid) in enumerate(players):
        ratings = (("standard", rating),) + ((("rapid", rapid),) if rapid else ())
        builder.apply(
            PlayerEntered(1000 + n, NAMES[name], ratings, date(2026, 8, 1), "list", CLUBS[club])
        )
    return registry_rows(builder.state, TODAY)


PLAYERS = st.lists(
    st.tuples(
        st.integers(0, len(NAMES) - 1),
        st.integers(0, len(CLUBS) - 1),
        st.integers(1000, 1010),  # few ratings: many ties, ordered by member number
        st.none() | st.integers(900, 2000),
    ),
    max_size=30,
)
QUERIES = st.sampled_from(["", "hansen", "HANSEN bo", "ase", "vejle", "10", "sø", "x", "ib 1"])


@settings(max_examples=150, deadline=None)
@given(PLAYERS, QUERIES, st.integers(1, 4), st.integers(1, 5))
def test_the_index_finds_what_every_row_read_finds(
    players: list[tuple[int, int, int, int | None]], query: str, page: int, per_page: int
) -> None:
    rows = _rows(players)
    words = [_folded(w) for w in query.split()]
    every = [
        r for r in rows if all(w in _folded(f"{r.name} {r.club or ''} {r.dsu_id}") for w in words)
    ]
    every.sort(key=lambda r: (-(r.ratings.get("standard") or 0), r.dsu_id))
    index = RatingIndex.of(rows)
    view = rating_list_view(index, TODAY, query=query, page=page, per_page=per_page)
    assert view.total == len(every)
    assert view.pages == max(1, -(-len(every) // per_page))
    first = (min(page, view.pages) - 1) * per_page
    assert [r.dsu_id for r in view.rows] == [r.dsu_id for r in every[first : first + per_page]]
    assert [(r.standard, r.rapid) for r in view.rows] == [
        (r.ratings.get("standard"), r.ratings.get("rapid")) for r in every[first : first + per_page]
    ]
    # the rows themselves give the same page as their index
    assert rating_list_view(rows, TODAY, query=query, page=page, per_page=per_page) == view


@pytest.mark.parametrize(
    ("kept", "danish"),
    [
        ("compression", "kompression"),
        ("FIDE alignment", "tilpasning til FIDE"),
        ("rapid/blitz correction", "korrektion af hurtig- og lynrating"),
        ("correction: Turnering 1, round 1", "rettelse: Turnering 1, round 1"),
        ("merged: DSU 4711 (Hansen, Bo)", "sammenlagt med DSU 4711 (Hansen, Bo)"),
        ("entered: entry by club", "indført med indplaceringstal fra club"),
        ("entered: liste.csv", "indført fra liste.csv"),
        ("Vejle Open 2026", "Vejle Open 2026"),
    ],
    ids=lambda v: v,
)
def test_a_cards_reason_is_said_in_danish_and_kept_in_english(kept: str, danish: str) -> None:
    """The registry keeps a change's reason in English (the JSON says it so); the card says
    it in the reader's language (issue 36: Danish throughout)."""
    from skak.faces.i18n import say

    reason = registry_reason(kept)
    assert reason == kept  # the same English text: --json is unchanged
    assert say(reason, "da") == danish
