"""Roles, checked in the API (issue: the league on the web, item 1): a guarded database
(the web's) lets an account do only what its roles allow, refuses anything else with
:class:`PermissionDenied` and writes nothing; the owner's database (the command line) is not
guarded. The rule itself is pure (:func:`skak.records.accounts.roles.refusal`)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date

import pytest

from skak.api import Grant, Role, Skak, Tournament
from skak.errors import InputError, PermissionDenied
from skak.model.stream import Recorded
from skak.records.access import Access
from skak.records.accounts.codec import load_event
from skak.records.accounts.evolve import Accounts, fold
from skak.records.accounts.roles import refusal
from skak.records.league.commands import CreateSeason
from skak.teams.league import Team
from tests.teams.league_fixture import small_structure

DAY = date(2025, 10, 5)


def _accounts(**roles: tuple[Grant, ...]) -> Accounts:
    from types import MappingProxyType

    return Accounts(MappingProxyType(dict.fromkeys(roles, "x")), MappingProxyType(dict(roles)))


ARBITER = (Grant(Role.ARBITER),)
RULES = [
    # (id, roles of "A", access, allowed)
    ("admin may do everything", (Grant(Role.ADMIN),), Access("registrar"), True),
    ("an arbiter creates a tournament", ARBITER, Access("arbiter"), True),
    ("and runs the one he created", ARBITER, Access("arbiter", 3, "Lyn", creator="A"), True),
    ("not another's", ARBITER, Access("arbiter", 3, "Lyn", creator="B"), False),
    ("an invited arbiter runs it", (Grant(Role.ARBITER, 3),), Access("arbiter", 3), True),
    ("but creates none", (Grant(Role.ARBITER, 3),), Access("arbiter"), False),
    ("nor runs another", (Grant(Role.ARBITER, 3),), Access("arbiter", 4, creator="A"), False),
    ("an arbiter leads no league", ARBITER, Access("leader", 5, creator="A"), False),
    (
        "a captain acts for his club (any case)",
        (Grant(Role.CLUB, club="Skovlunde"),),
        Access("leader", 5, "S", frozenset({"skovlunde"}), "B"),
        True,
    ),
    (
        "not for another club",
        (Grant(Role.CLUB, club="Skovlunde"),),
        Access("leader", 5, "S", frozenset({"Brønshøj"}), "B"),
        False,
    ),
    (
        "nor as the leader",
        (Grant(Role.CLUB, club="Skovlunde"),),
        Access("leader", 5, "S", frozenset(), "B"),
        False,
    ),
    ("the registrar keeps the registry", (Grant(Role.REGISTRAR),), Access("registrar"), True),
    ("an arbiter does not", ARBITER, Access("registrar"), False),
    ("accounts are the admin's", (Grant(Role.REGISTRAR),), Access("admin"), False),
    ("no roles: nothing", (), Access("arbiter"), False),
]


@pytest.mark.parametrize(
    ("roles", "access", "allowed"), [r[1:] for r in RULES], ids=[r[0] for r in RULES]
)
def test_the_rule(roles: tuple[Grant, ...], access: Access, allowed: bool) -> None:
    assert (refusal(_accounts(A=roles), "A", access) is None) is allowed


def test_a_refusal_names_the_actor_the_record_and_his_roles() -> None:
    why = refusal(_accounts(A=ARBITER), "A", Access("arbiter", 3, "Lyn", creator="B"))
    assert why == (
        "A may not change Lyn: it takes the arbiter role on it (the roles of A: arbiter)"
    )
    assert refusal(_accounts(), "Z", Access("arbiter")) == (
        "Z has no account here; log in with an account"
    )


def test_an_account_made_before_roles_is_an_admin() -> None:
    old = load_event({"type": "arbiter_added", "name": "Inge", "password_hash": "h"})
    state = fold([Recorded(1, old, "skak", "")])
    assert state.roles["Inge"] == (Grant(Role.ADMIN),)


def test_a_role_is_typed_in_either_language_and_checked() -> None:
    assert Grant.parse("Dommer", record=7) == Grant(Role.ARBITER, 7)
    assert Grant.parse("klub", club=" Skovlunde ") == Grant(Role.CLUB, None, "Skovlunde")
    for role, options, words in [
        ("kaptajn", {}, "unknown role"),
        ("club", {}, "names its club"),
        ("admin", {"record": 2}, "takes no --record"),
        ("arbiter", {"club": "X"}, "only the club role"),
        ("arbiter", {"record": 0}, "from 1"),
    ]:
        with pytest.raises(InputError, match=words):
            Grant.parse(role, **options)  # type: ignore[arg-type]


@pytest.fixture
def owner() -> Iterator[Skak]:
    s = Skak(":memory:", create=True, actor="owner")
    for name, roles in [
        ("Inge", ["arbiter"]),
        ("Ole", ["arbiter"]),
        ("Per", [Grant(Role.CLUB, club="Skovlunde")]),
        ("Lise", ["leader"]),
        ("Rita", ["registrar"]),
    ]:
        s.accounts.add(name, "hemmeligt", roles=roles)
    yield s
    s.close()


def test_the_owner_is_not_guarded(owner: Skak) -> None:
    owner.tournaments.create(Tournament("Lyn", "monrad", number_of_rounds=5), actor="anyone")
    assert not owner.is_guarded and owner.guarded().is_guarded


def test_an_arbiter_runs_his_tournaments_and_the_ones_he_is_invited_to(owner: Skak) -> None:
    web = owner.guarded()
    tid = web.tournaments.create(Tournament("Lyn", "monrad", number_of_rounds=5), actor="Inge").id
    web.tournaments.add_player(tid, "Anna", actor="Inge")
    version = web.tournaments.version(tid)
    for who in ("Ole", "Per", "Rita", "nobody"):
        with pytest.raises(PermissionDenied):
            web.tournaments.add_player(tid, "Bo", actor=who)
        with pytest.raises(PermissionDenied):
            web.tournaments.undo(tid, actor=who)
    assert web.tournaments.version(tid) == version  # nothing was written
    owner.accounts.grant("Ole", "arbiter", record=tid)
    web.tournaments.add_player(tid, "Bo", actor="Ole")
    web.tournaments.undo(tid, actor="Ole")
    with pytest.raises(PermissionDenied, match="Per may not do this"):
        web.tournaments.create(Tournament("Hurtig", "monrad", number_of_rounds=5), actor="Per")
    assert [r.name for r in web.tournaments.rows()] == ["Lyn"]
    # The server's own arbiters (skak serve --arbiter) may do everything.
    owner.guarded(admins=["Server"]).tournaments.add_player(tid, "Cas", actor="Server")


def _season(s: Skak, actor: str) -> None:
    s.league.create(
        CreateSeason("Mini", DAY, dates=(DAY,) * 3, divisions=small_structure()), actor=actor
    )
    teams = [
        Team(f"{club} 1", club, "2. division", 1, n)
        for n, club in enumerate(["Skovlunde", "Brønshøj", "Nordkalotten", "Evans"], start=1)
    ]
    s.league.enter_teams("Mini", teams, actor=actor)


def test_a_captain_acts_for_his_clubs_teams_only(owner: Skak) -> None:
    web = owner.guarded()
    _season(web, "Lise")
    season = web.league.get("Mini")
    f = next(f for f in season.schedule("2. division", 1) if f.round == 1)
    own = f.home if f.home.startswith("Skovlunde") else f.away
    other = f.away if own == f.home else f.home
    web.league.lineup("Mini", 1, own, ["a", "b", "c", "d"], actor="Per")
    version = web.league.version("Mini")
    with pytest.raises(PermissionDenied, match="Per may not change Mini"):
        web.league.lineup("Mini", 1, other, ["e", "f", "g", "h"], actor="Per")
    with pytest.raises(PermissionDenied):
        web.league.penalty("Mini", other, 1, "late", actor="Per")
    with pytest.raises(PermissionDenied):
        web.league.lineup("Mini", 1, other, ["e", "f", "g", "h"], actor="Inge")
    assert web.league.version("Mini") == version
    web.league.lineup("Mini", 1, other, ["e", "f", "g", "h"], actor="Lise")


def test_the_registers_are_the_registrars_and_the_accounts_the_admins(owner: Skak) -> None:
    web = owner.guarded()
    web.registry.enter(
        1234, "Bo Ek", 1500, authority="club", day=DAY, kind="standard", actor="Rita"
    )
    with pytest.raises(PermissionDenied):
        web.registry.enter(
            4321, "Al Ek", 1500, authority="club", day=DAY, kind="standard", actor="Inge"
        )
    with pytest.raises(PermissionDenied):
        web.accounts.grant("Inge", "admin", actor="Rita")
    assert list(owner.registry.get().players) == [1234]
    assert owner.accounts.get().roles["Inge"] == (Grant(Role.ARBITER),)
