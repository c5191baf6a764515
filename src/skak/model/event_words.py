"""Plain words for what an event changed, for ``skak history``
(:func:`skak.records.tournament.events.describe`): a player's edited details by what an
arbiter calls them, a result by its name rather than its code, a renumbering's reason. Every
text is a message (:mod:`skak.messages`), so a face says it in Danish too."""

from __future__ import annotations

import enum
import re
from datetime import date
from fractions import Fraction

from skak.messages import N_, N_plural, Phrases
from skak.model.player import RATING_NAMES, Player, Ratings, Sex
from skak.model.results import Result

__all__ = [
    "NOTHING",
    "player_changes",
    "rating_name",
    "renumber_basis",
    "renumber_reason",
    "result_word",
]

#: An empty value (no club, no rating) in a change ``old → new``.
NOTHING = "–"

#: Each detail of a player an edit can change (every field of :class:`Player` but the start
#: number, which an edit keeps), named as an arbiter says it.
_PLAYER_FIELDS: dict[str, str] = {
    "name": N_("name"),
    "sex": N_("sex"),
    "birth_date": N_("birth date"),
    "birth_year": N_("birth year"),
    "club": N_("club"),
    "federation": N_("federation"),
    "dsu_id": N_("DSU member number"),
    "fide_id": N_("FIDE ID"),
    "title": N_("title"),
    "accelerations": N_("acceleration (extra pairing points)"),
}

_RATINGS = RATING_NAMES

_SEXES = {Sex.MALE: N_("male"), Sex.FEMALE: N_("female")}

#: The results written as a word rather than a score (``1-0``), by name.
_RESULT_WORDS = {
    Result.UNFINISHED: N_("unfinished (afbrudt)"),
    Result.PAIRING_BYE: N_("pairing-allocated bye (oversidder)"),
    Result.FULL_BYE: N_("full-point bye (helpoint-bye)"),
    Result.HALF_BYE: N_("half-point bye (halvpoint-bye)"),
    Result.ZERO_BYE: N_("zero-point bye (nulpoint-bye)"),
    Result.ABSENT: N_("absent (fraværende)"),
}


def result_word(result: Result) -> str:
    """A result as the history writes it: a game's score (``1-0``, ``½-½``, ``+-``) as it
    is, a word (``unfinished``, a bye) by its name, with the Danish term."""
    return _RESULT_WORDS.get(result, str(result))


def rating_name(kind: str) -> str:
    """A rating's name (``dsu_rapid`` → ``DSU rapid rating``); an unknown kind as it is."""
    return _RATINGS.get(kind, kind)


#: The reason :mod:`skak.records.tournament.commands` records for a renumbering.
_BY_RATING = re.compile(r"initial ranking by (\w+) rating")


def renumber_basis(reason: str) -> str:
    """The rating a renumbering ranked by (``initial ranking by dsu rating`` → ``DSU
    rating``); another reason as it was recorded."""
    match = _BY_RATING.fullmatch(reason)
    return reason if match is None else rating_name(match[1])


def renumber_reason(reason: str) -> str:
    """A renumbering's recorded reason in words (``initial ranking by dsu rating`` →
    ``initial ranking by DSU rating``); another reason as it was recorded."""
    if _BY_RATING.fullmatch(reason) is None:
        return reason
    return N_("initial ranking by {rating}", rating=renumber_basis(reason))


def _show(value: object) -> str:
    if value is None or value == ():
        return NOTHING
    if isinstance(value, Sex):
        return _SEXES[value]
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, tuple):  # accelerations: ((round, points), …)
        return ", ".join(f"{r}: +{_points(p)}" for r, p in value)
    return str(value)


def _points(points: object) -> str:
    if isinstance(points, Fraction) and points.denominator == 2:
        whole = points.numerator // 2
        return f"{whole or ''}½"
    return str(points)


def _rounds(rounds: frozenset[int]) -> str:
    return ", ".join(map(str, sorted(rounds)))


def _declared(name: str, old: frozenset[int], new: frozenset[int]) -> list[str]:
    """The rounds of absence or of a bye declared (``half-point bye (halvpoint-bye) in
    round 2``) and taken back."""
    added, removed = new - old, old - new
    return [
        *([_rounds_declared(name, added)] if added else []),
        *([_rounds_taken_back(name, removed)] if removed else []),
    ]


def _rounds_declared(name: str, rounds: frozenset[int]) -> str:
    n, listed = len(rounds), _rounds(rounds)
    if name == "absent_rounds":
        return N_plural(
            "absent (fraværende) in round {rounds}",
            "absent (fraværende) in rounds {rounds}",
            n,
            rounds=listed,
        )
    if name == "half_bye_rounds":
        return N_plural(
            "half-point bye (halvpoint-bye) in round {rounds}",
            "half-point bye (halvpoint-bye) in rounds {rounds}",
            n,
            rounds=listed,
        )
    return N_plural(
        "full-point bye (helpoint-bye) in round {rounds}",
        "full-point bye (helpoint-bye) in rounds {rounds}",
        n,
        rounds=listed,
    )


def _rounds_taken_back(name: str, rounds: frozenset[int]) -> str:
    n, listed = len(rounds), _rounds(rounds)
    if name == "absent_rounds":
        return N_plural(
            "no longer absent in round {rounds}",
            "no longer absent in rounds {rounds}",
            n,
            rounds=listed,
        )
    if name == "half_bye_rounds":
        return N_plural(
            "half-point bye (halvpoint-bye) in round {rounds} taken back",
            "half-point bye (halvpoint-bye) in rounds {rounds} taken back",
            n,
            rounds=listed,
        )
    return N_plural(
        "full-point bye (helpoint-bye) in round {rounds} taken back",
        "full-point bye (helpoint-bye) in rounds {rounds} taken back",
        n,
        rounds=listed,
    )


def _from_round(name: str, old: int | None, new: int | None) -> str:
    if name == "withdrawn_from":
        if new is None:
            return N_("no longer withdrawn (was udgået from round {round})", round=old)
        return N_("withdrawn (udgået) from round {round}", round=new)
    if new is None:
        return N_("no longer a late entry (was from round {round})", round=old)
    return N_("late entry (sen tilmelding) from round {round}", round=new)


def _change(what: str, old: object, new: object) -> str:
    return N_("{what} {old} → {new}", what=what, old=_show(old), new=_show(new))


def player_changes(old: Player, new: Player) -> str:
    """What an edit changed, detail by detail (``club – → Aarhus Skakklub; absent in round
    2``), or ``no change``."""
    out: list[str] = []
    for name in Player.__dataclass_fields__:
        a, b = getattr(old, name), getattr(new, name)
        if a == b or name == "start_number":
            continue
        if name == "ratings":
            out += [
                _change(_RATINGS[kind], getattr(a, kind), getattr(b, kind))
                for kind in Ratings.__dataclass_fields__
                if getattr(a, kind) != getattr(b, kind)
            ]
        elif name in ("absent_rounds", "half_bye_rounds", "full_bye_rounds"):
            out += _declared(name, a, b)
        elif name in ("withdrawn_from", "late_from"):
            out.append(_from_round(name, a, b))
        else:
            out.append(_change(_PLAYER_FIELDS[name], a, b))
    return Phrases("; ", out) if out else N_("no change")
