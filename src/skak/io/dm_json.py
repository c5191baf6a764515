"""The JSON file of a DM selection (``skak dm select``); pure apart from reading the file.

::

    {"year": 2026, "first_round": "2026-03-28",
     "edition": "dsu-later", "deadline": "2026-03-16",
     "players": [{"member": 10001, "name": "Hansen, Jens", "rating": 2512,
                  "federation": "DEN", "born": "1990-04-02", "sex": "m",
                  "rated_games": 31, "club": "Aarhus Skakklub"}],
     "applications": [10001, {"member": 10002, "date": "2026-03-01", "veteran": true}],
     "last_year": {"landshold_winner": 10001, "kandidat_winner": 10002,
                   "landshold": [10001, 10003], "junior_champion": 10004,
                   "veterans": [10005]},
     "candidate_results": [{"member": 10006, "date": "2025-10-12", "tournament": "…"}],
     "qualified": [10007], "wildcard": 10008, "groups": [10, 10],
     "settings": {"landshold_size": 10, "kandidat_minimum": 8, "junior_places": 8,
                  "kandidat_reserves": 4, "veteran_by_choice": true, "lot_seed": "DM 2026"}}

``year``, ``first_round``, ``players`` and ``applications`` are required; ``edition``
(``dsu-2011``, ``dsu-later``) defaults to the one in force on the first round's day and
``deadline`` to §33's. ``rating`` is the DSU rating at the deadline (§34); ``born`` a date
or a year; ``sex`` ``m`` or ``w`` (``k``); ``rated_games`` the rated games since last year's
DM (§36's tie rule). An application is a member number, or an object with its ``date``
(checked against the deadline) and ``veteran`` (the player asks for the veteran class). A key
the format does not have (a typo such as ``ratting``) is refused, naming the entry and the
known keys.
"""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Any

from skak.eligibility.dm import (
    Application,
    CandidateResultAt,
    DmPlayer,
    DmRequest,
    DmSettings,
    LastYear,
)
from skak.eligibility.editions import get_edition
from skak.errors import InputError
from skak.io.options import parse_sex
from skak.model.player import clean_text

__all__ = ["parse_dm_request", "read_dm_request"]


def read_dm_request(path: Path) -> DmRequest:
    """Read the file at ``path`` (UTF-8): see :func:`parse_dm_request`.

    :raises InputError: when the file cannot be read, or naming the entry that is wrong.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise InputError(f"cannot read the file: {e.strerror}", location=str(path)) from e
    except ValueError as e:  # not UTF-8
        raise InputError(f"not UTF-8 text: {e}", location=str(path)) from e
    return parse_dm_request(text, str(path))


_TOP = (
    "year", "first_round", "edition", "deadline", "players", "applications", "last_year",
    "candidate_results", "qualified", "wildcard", "groups", "settings",
)  # fmt: skip
_PLAYER = ("member", "name", "rating", "federation", "born", "sex", "rated_games", "club")
_APPLICATION = ("member", "date", "veteran")
_LAST_YEAR = ("landshold_winner", "kandidat_winner", "landshold", "junior_champion", "veterans")
_CANDIDATE_RESULT = ("member", "date", "tournament")


class _Reader:
    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, at: str, message: str) -> InputError:
        return InputError(f"{at}: {message}", location=self.source)

    def obj(self, value: Any, at: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(at, "must be a JSON object")
        return value

    def known(self, obj: dict[str, Any], at: str, keys: tuple[str, ...]) -> None:
        """Refuse a key the format does not have (a typo such as ``ratting`` would
        otherwise pass unseen and read as the value left out)."""
        unknown = [k for k in obj if k not in keys]
        if unknown:
            raise self.fail(at, f"unknown key {unknown[0]!r} (known: {', '.join(keys)})")

    def number(self, obj: dict[str, Any], name: str, at: str, *, required: bool = False,
               low: int = 0, high: int = 10**11 - 1) -> int | None:  # fmt: skip
        value = obj.get(name)
        if value is None and not required:
            return None
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise self.fail(at, f"'{name}' must be a whole number {low}–{high}, not {value!r}")
        return value

    def day(
        self, obj: dict[str, Any], name: str, at: str, *, required: bool = False
    ) -> date | None:
        value = obj.get(name)
        if value is None and not required:
            return None
        try:
            return date.fromisoformat(str(value)) if isinstance(value, str) else _no_date()
        except ValueError:
            raise self.fail(at, f"'{name}' must be a date like 2026-03-28, not {value!r}") from None

    def text(
        self, obj: dict[str, Any], name: str, at: str, *, required: bool = False
    ) -> str | None:
        value = obj.get(name)
        if value is None and not required:
            return None
        if not isinstance(value, str) or not value.strip():
            raise self.fail(at, f"'{name}' must be text, not {value!r}")
        try:
            return clean_text(value, f"'{name}'")
        except InputError as err:
            raise self.fail(at, err.message) from None

    def flag(self, obj: dict[str, Any], name: str, at: str, default: bool) -> bool:
        value = obj.get(name, default)
        if not isinstance(value, bool):
            raise self.fail(at, f"'{name}' must be true or false, not {value!r}")
        return value

    def members(self, obj: dict[str, Any], name: str, at: str) -> tuple[int, ...]:
        value = obj.get(name, [])
        if not isinstance(value, list):
            raise self.fail(at, f"'{name}' must be a list of member numbers")
        out = []
        for i, m in enumerate(value):
            if not isinstance(m, int) or isinstance(m, bool) or m < 1:
                raise self.fail(f"{at}.{name}[{i}]", f"{m!r} is not a member number")
            out.append(m)
        return tuple(out)


def _no_date() -> date:
    raise ValueError


def parse_dm_request(text: str, source: str) -> DmRequest:
    """The DM selection a JSON text asks for (see the module's docstring).

    :raises InputError: naming ``source`` and the entry that is wrong (``players[3]
        (member 10001)``, ``applications[2]``); JSON's own errors give the line.
    """
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as e:
        raise InputError(f"not valid JSON: {e}", location=source) from e
    rd = _Reader(source)
    top = rd.obj(data, "the file")
    rd.known(top, "top level", _TOP)
    year = rd.number(top, "year", "top level", required=True, low=1900, high=2999)
    first = rd.day(top, "first_round", "top level", required=True)
    assert year is not None
    assert first is not None
    if first.year != year:
        raise rd.fail("top level", f"'first_round' {first.isoformat()} is not in {year}")
    edition_name = rd.text(top, "edition", "top level")
    try:
        edition = get_edition(edition_name) if edition_name else None
    except InputError as err:
        raise rd.fail("top level", err.message) from None

    players: list[DmPlayer] = []
    raw_players = top.get("players")
    if not isinstance(raw_players, list):
        raise rd.fail("top level", "'players' must be a list")
    for i, raw in enumerate(raw_players):
        at = f"players[{i}]"
        p = rd.obj(raw, at)
        member = rd.number(p, "member", at, required=True, low=1)
        assert member is not None
        at = f"players[{i}] (member {member})"
        rd.known(p, at, _PLAYER)
        name = rd.text(p, "name", at, required=True)
        assert name is not None
        rating = rd.number(p, "rating", at, low=1, high=3999)
        born = p.get("born")
        birth: date | int | None
        if born is None or (isinstance(born, int) and not isinstance(born, bool)):
            birth = born
            if birth is not None and not 1000 <= birth <= 9999:
                raise rd.fail(at, f"'born' {born!r} is not a year")
        else:
            birth = rd.day(p, "born", at)
        sex_text = rd.text(p, "sex", at)
        try:
            sex = parse_sex(sex_text)
        except InputError as err:
            raise rd.fail(at, err.message) from None
        federation = rd.text(p, "federation", at)
        if federation is not None and not (len(federation) == 3 and federation.isalpha()):
            raise rd.fail(at, f"'federation' {federation!r} is not a FIDE code like DEN")
        players.append(
            DmPlayer(
                member,
                name,
                rating,
                federation.upper() if federation else None,
                birth,
                sex,
                rd.number(p, "rated_games", at, high=100_000),
                rd.text(p, "club", at),
            )
        )

    applications: list[Application] = []
    raw_apps = top.get("applications")
    if not isinstance(raw_apps, list):
        raise rd.fail("top level", "'applications' must be a list")
    for i, raw in enumerate(raw_apps):
        at = f"applications[{i}]"
        where = f"{source} {at}"
        if isinstance(raw, int) and not isinstance(raw, bool) and raw >= 1:
            applications.append(Application(raw, where=where))
            continue
        a = rd.obj(raw, at)
        member = rd.number(a, "member", at, required=True, low=1)
        assert member is not None
        rd.known(a, f"{at} (member {member})", _APPLICATION)
        applications.append(
            Application(member, rd.day(a, "date", at), rd.flag(a, "veteran", at, False), where)
        )

    last = rd.obj(top.get("last_year", {}), "last_year")
    rd.known(last, "last_year", _LAST_YEAR)
    last_year = LastYear(
        rd.number(last, "landshold_winner", "last_year", low=1),
        rd.number(last, "kandidat_winner", "last_year", low=1),
        frozenset(rd.members(last, "landshold", "last_year")),
        rd.number(last, "junior_champion", "last_year", low=1),
        frozenset(rd.members(last, "veterans", "last_year")),
    )

    results = []
    raw_results = top.get("candidate_results", [])
    if not isinstance(raw_results, list):
        raise rd.fail("top level", "'candidate_results' must be a list")
    for i, raw in enumerate(raw_results):
        at = f"candidate_results[{i}]"
        c = rd.obj(raw, at)
        member = rd.number(c, "member", at, required=True, low=1)
        rd.known(c, f"{at} (member {member})", _CANDIDATE_RESULT)
        day = rd.day(c, "date", at, required=True)
        assert member is not None
        assert day is not None
        results.append(CandidateResultAt(member, day, rd.text(c, "tournament", at) or ""))

    groups = top.get("groups", [])
    if not isinstance(groups, list) or any(
        not isinstance(g, int) or isinstance(g, bool) or not 1 <= g <= 9999 for g in groups
    ):
        raise rd.fail("top level", "'groups' must be a list of group sizes (1–9999)")

    raw_settings = rd.obj(top.get("settings", {}), "settings")
    known = set(DmSettings.__dataclass_fields__)
    unknown = sorted(set(raw_settings) - known)
    if unknown:
        raise rd.fail(
            "settings", f"unknown setting {unknown[0]!r}; known: {', '.join(sorted(known))}"
        )
    values: dict[str, Any] = {}
    for name in ("landshold_size", "kandidat_minimum", "junior_places", "kandidat_reserves"):
        if name in raw_settings:
            values[name] = rd.number(raw_settings, name, "settings", high=999)
    if "veteran_by_choice" in raw_settings:
        values["veteran_by_choice"] = rd.flag(raw_settings, "veteran_by_choice", "settings", True)
    if "lot_seed" in raw_settings:
        values["lot_seed"] = rd.text(raw_settings, "lot_seed", "settings")
    try:
        settings = DmSettings(**values)
    except InputError as err:
        raise rd.fail("settings", err.message) from None

    return DmRequest(
        year,
        first,
        tuple(players),
        tuple(applications),
        last_year,
        tuple(results),
        rd.members(top, "qualified", "top level"),
        rd.number(top, "wildcard", "top level", low=1),
        tuple(groups),
        rd.day(top, "deadline", "top level"),
        edition,
        settings,
        source,
    )
