"""The junior team championship as a JSON file (5.5), for ``skak junior standings``::

    {"day": "2025-10-04",
     "teams": [{"name": "1. HK", "no_girl": false, "dispensation": "",
                "players": [{"id": "a1", "name": "…", "birth_date": "2011-05-05",
                             "girl": false, "rating": 1234}]}],
     "matches": [{"round": 1, "first": "1. HK", "second": "2. HK",
                  "first_players": ["a1", …], "second_players": […],
                  "results": ["1-0", "½-½", "0-1", "+-", "-+", "--", …]}]}

``first`` has white on board 1; results are from its side.
"""

from __future__ import annotations

import json
from datetime import date
from typing import Any

from skak.errors import InputError
from skak.teams.junior import JuniorMatch, JuniorPlayer, JuniorTeam

__all__ = ["read_junior"]

_RESULTS = {"1-0", "½-½", "0-1", "+-", "-+", "--"}
_SPELLINGS = {"1/2-1/2": "½-½", "=": "½-½", "1": "1-0", "0": "0-1", "½": "½-½"}


def read_junior(
    text: str, source: str
) -> tuple[date, tuple[JuniorTeam, ...], tuple[JuniorMatch, ...]]:
    """:raises InputError: naming the file and the part that is wrong."""
    try:
        data = json.loads(text)
        day = date.fromisoformat(data["day"])
        teams = tuple(_team(t) for t in data["teams"])
        names = {t.name for t in teams}
        matches = []
        for i, m in enumerate(data.get("matches", []), start=1):
            match = _match(m)
            for t in (match.first, match.second):
                if t not in names:
                    raise InputError(f"match {i}: no team {t!r}")
            matches.append(match)
    except InputError as err:
        raise InputError(str(err), location=source) from None
    except (KeyError, TypeError, ValueError) as err:
        raise InputError(f"not a junior championship file: {err!r}", location=source) from None
    return day, teams, tuple(matches)


def _team(t: dict[str, Any]) -> JuniorTeam:
    players = tuple(
        JuniorPlayer(
            str(p["id"]),
            str(p["name"]),
            date.fromisoformat(p["birth_date"]),
            bool(p.get("girl", False)),
            p.get("rating"),
        )
        for p in t["players"]
    )
    return JuniorTeam(
        str(t["name"]), players, bool(t.get("no_girl", False)), str(t.get("dispensation", ""))
    )


def _match(m: dict[str, Any]) -> JuniorMatch:
    results = tuple(_SPELLINGS.get(str(r), str(r)) for r in m.get("results", ()))
    bad = [r for r in results if r not in _RESULTS]
    if bad:
        raise InputError(
            f"round {m.get('round')}: {bad[0]!r} is no result (1-0, ½-½, 0-1, +-, -+, --)"
        )
    return JuniorMatch(
        int(m["round"]),
        str(m["first"]),
        str(m["second"]),
        tuple(str(p) for p in m.get("first_players", ())),
        tuple(str(p) for p in m.get("second_players", ())),
        results,
    )
