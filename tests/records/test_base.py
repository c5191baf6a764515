"""What every record kind does alike (:mod:`skak.records.base`), asserted once for each kind:
a record is found by its id, ``#id`` or its name in any case; a database of one needs no
name; none, several and a name that matches nothing are refused, naming what is held and
in the kind's own words; a command on a record changed since it was shown writes nothing.
The one-record kinds (the rating and discipline registries, the accounts) are empty until
their first change creates them."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any

import pytest

from skak.api import Skak, Tournament
from skak.errors import AmbiguousTournamentError, ConflictError, NotFoundError

#: Per kind: its name on ``Skak``, how one is made by name, the option that names one.
KINDS: dict[str, tuple[str, Callable[[Skak, str], object], str]] = {
    "tournament": (
        "tournaments",
        lambda s, name: s.tournaments.create(Tournament(name, "monrad", number_of_rounds=5)),
        "--tournament",
    ),
    "league": ("league", lambda s, name: s.league.new(name, date(2025, 9, 1)), "--season"),
    "cup": ("cup", lambda s, name: s.cup.new(name, "bredde", date(2025, 6, 8), 5), "--cup"),
    "correspondence": (
        "correspondence",
        lambda s, name: s.correspondence.new(name, "emt", date(2011, 9, 1), emt_class="K"),
        "--group",
    ),
}


@pytest.fixture
def api() -> Any:
    s = Skak(":memory:", create=True, actor="test")
    yield s
    s.close()


@pytest.mark.parametrize("kind", KINDS)
def test_a_record_is_found_by_id_hash_id_and_name_in_any_case(api: Skak, kind: str) -> None:
    attr, make, _ = KINDS[kind]
    records = getattr(api, attr)
    make(api, "Forår 2025")
    assert records.resolve().name == "Forår 2025"  # the only one: no name needed
    make(api, "Efterår 2025")
    row = records.rows()[1]
    assert [records.resolve(x).id for x in (row.id, f"#{row.id}", " efterår 2025 ")] == [row.id] * 3
    assert records.get(row.id) == records.read(f"#{row.id}").state
    assert records.version(row.id) == records.version("Efterår 2025") >= 1


@pytest.mark.parametrize("kind", KINDS)
def test_none_several_and_unknown_are_refused_in_the_kinds_words(api: Skak, kind: str) -> None:
    attr, make, option = KINDS[kind]
    records = getattr(api, attr)
    with pytest.raises(NotFoundError, match="the database holds no"):
        records.resolve()
    make(api, "A")
    make(api, "B")
    with pytest.raises(AmbiguousTournamentError, match=f"name one with {option}") as several:
        records.resolve()
    assert len(several.value.candidates) == 2
    with pytest.raises(NotFoundError, match=r"no .*'C' in the database; it holds: #1 A .*#2 B"):
        records.resolve("C")
    with pytest.raises(NotFoundError, match="#99"):
        records.version(99)


def test_a_name_that_is_another_records_number_is_ambiguous(api: Skak) -> None:
    api.tournaments.create(Tournament("Lyn", "monrad", number_of_rounds=5))
    api.tournaments.create(Tournament("1", "monrad", number_of_rounds=5))
    with pytest.raises(AmbiguousTournamentError, match="--tournament '#1'"):
        api.tournaments.resolve("1")
    assert api.tournaments.resolve("#1").name == "Lyn"


def test_a_command_on_a_record_changed_since_it_was_shown_writes_nothing(api: Skak) -> None:
    tid = api.tournaments.create(Tournament("Lyn", "monrad", number_of_rounds=5)).id
    shown = api.tournaments.version(tid)
    api.tournaments.add_player(tid, "Anna Berg")
    with pytest.raises(ConflictError, match="changed since it was shown"):
        api.tournaments.pair(tid, allow_unfinished=True, at_version=shown)
    assert api.tournaments.version(tid) == shown + 1
    assert api.tournaments.get(tid).rounds == ()


def test_the_one_record_kinds_are_empty_until_their_first_change(api: Skak) -> None:
    assert api.discipline.if_kept() is None and api.discipline.row() is None
    assert api.discipline.get().sanctions == ()
    api.discipline.give(
        "warning",
        1234,
        given=date(2025, 3, 1),
        name="Bo Ek",
        event="EMT",
        last_day=date(2025, 3, 1),
    )
    kept = api.discipline.if_kept()
    assert kept is not None and [s.member for s in kept.sanctions] == [1234]
    assert api.accounts.get().names == ()
    assert repr(api) == "Skak('sqlite://')"
