"""The rating report as a document a club's skak sends to the federation's server (§6;
``skak report --send``, ``--document``): one self-contained JSON object, versioned, that the
server reads back into a :class:`~skak.model.tournament.Tournament` to rate it.

TRF alone is not enough: it has no DSU member numbers, no rapid or blitz kind, no entry
ratings (001 §5.1) and no organising club. The document holds what §6 lists and what the
rating needs, nothing of skak's own state (no pairing records, no history)::

    {"format": "skak-rating-report", "version": 1,
     "tournament": {"name", "place", "system", "rounds", "kind", "time_control", "start",
                    "end"},
     "club": "Aarhus Skakklub" | null,          # the organising club that sends it
     "arbiters": ["Inge Holm", ...],             # the chief arbiter first
     "scoring": {"win": "1", "draw": "1/2", ..., "gladiator": false, ...},
     "players": [{"start_number", "name", "club", "federation", "dsu_id", "fide_id",
                  "ratings": {"standard", "rapid", "blitz", "fide"}, "withdrawn_from",
                  "entry": {"rating", "authority"} | null}],
     "rounds": [{"round", "boards": [{"board", "white", "black", "result", "unrated",
                                      "playoff": []}],
                 "byes": [{"player", "result"}]}],
     "sanctions": [{"member", "name", "kind", "ground", "given"}],
     "written": "2026-10-14"}

Results are written as :class:`~skak.model.results.Result`'s values (``1-0``, ``½-½``,
``+-``, ``bye``, ``half-bye``), points as fractions in text (``"1/2"``). A later version
adds keys; a reader refuses a version it does not know.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from datetime import date
from fractions import Fraction
from typing import Any

from skak.errors import InputError
from skak.messages import N_
from skak.model.player import Player, Ratings
from skak.model.results import POINT_FIELDS, Result, Scoring
from skak.model.tournament import Bye, Pairing, RatedKind, Round, Tournament

__all__ = [
    "FORMAT",
    "VERSION",
    "Entry",
    "ReportDocument",
    "SentSanction",
    "read_report_document",
    "report_document",
]

FORMAT = "skak-rating-report"
VERSION = 1
#: The authorities that give an entry rating (001 §5.1): the club's chairman, the
#: district's, DSU's rating committee.
AUTHORITIES = ("club", "district", "rk")
#: The most a document may hold (a server reads what anybody sends).
_MAX_PLAYERS = 2000
_MAX_ROUNDS = 99


@dataclass(frozen=True, slots=True)
class Entry:
    """A new player's entry rating (001 §5.1) and who gave it."""

    rating: int
    authority: str = "club"


@dataclass(frozen=True, slots=True)
class SentSanction:
    """A warning or quarantine given in the tournament, as the report names it (§6)."""

    member: int | None
    name: str
    kind: str
    ground: str
    given: date | None


@dataclass(frozen=True, slots=True)
class ReportDocument:
    """A report document read back: the tournament it describes, the club that sends it,
    the new players' entry ratings (by start number), the warnings and quarantines it
    names, and the day it was written."""

    tournament: Tournament
    club: str | None
    entries: Mapping[int, Entry]
    sanctions: tuple[SentSanction, ...]
    written: date | None


def _day(d: date | None) -> str | None:
    return None if d is None else d.isoformat()


def report_document(
    t: Tournament,
    arbiters: Sequence[str],
    *,
    start: date | None,
    end: date | None,
    club: str | None,
    entries: Mapping[int, Entry],
    sanctions: Sequence[SentSanction],
    written: date,
) -> dict[str, Any]:
    """The document of ``t``'s report (``entries``: new players' entry ratings by DSU
    member number)."""
    scoring: dict[str, Any] = {name: str(getattr(t.scoring, name)) for name in POINT_FIELDS}
    scoring |= {
        "gladiator": t.scoring.gladiator,
        "gladiator_games": t.scoring.gladiator_games,
        "gladiator_reduced_games": t.scoring.gladiator_reduced_games,
    }
    players = []
    for p in t.players:
        entry = entries.get(p.dsu_id) if p.dsu_id is not None else None
        players.append(
            {
                "start_number": p.start_number,
                "name": p.name,
                "club": p.club,
                "federation": p.federation,
                "dsu_id": p.dsu_id,
                "fide_id": p.fide_id,
                "ratings": {
                    "standard": p.ratings.dsu,
                    "rapid": p.ratings.dsu_rapid,
                    "blitz": p.ratings.dsu_blitz,
                    "fide": p.ratings.fide,
                },
                "withdrawn_from": p.withdrawn_from,
                "entry": None
                if entry is None
                else {"rating": entry.rating, "authority": entry.authority},
            }
        )
    rounds = [
        {
            "round": r.number,
            "boards": [
                {
                    "board": pg.board,
                    "white": pg.white,
                    "black": pg.black,
                    "result": None if pg.result is None else pg.result.value,
                    "unrated": pg.unrated,
                    "playoff": [x.value for x in pg.playoff],
                }
                for pg in r.pairings
            ],
            "byes": [{"player": b.player, "result": b.result.value} for b in r.byes],
        }
        for r in t.rounds
    ]
    return {
        "format": FORMAT,
        "version": VERSION,
        "tournament": {
            "name": t.name,
            "place": t.place,
            "system": t.pairing_system,
            "rounds": t.number_of_rounds,
            "kind": t.rated_kind.value,
            "time_control": t.time_control,
            "start": _day(start or t.start_date),
            "end": _day(end or t.end_date),
        },
        "club": club,
        "arbiters": list(arbiters),
        "scoring": scoring,
        "players": players,
        "rounds": rounds,
        "sanctions": [
            {
                "member": s.member,
                "name": s.name,
                "kind": s.kind,
                "ground": s.ground,
                "given": _day(s.given),
            }
            for s in sanctions
        ],
        "written": written.isoformat(),
    }


class _Reader:
    """Reads a document's values, each error naming where it is (``players[3].dsu_id``)."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, where: str, message: str) -> InputError:
        return InputError(message, location=f"{self.source}: {where}" if where else self.source)

    def obj(self, value: object, where: str) -> Mapping[str, Any]:
        if not isinstance(value, Mapping):
            raise self.fail(where, N_("an object ({...}) is expected here"))
        return value

    def items(self, value: object, where: str, limit: int) -> list[Any]:
        if not isinstance(value, list):
            raise self.fail(where, N_("a list ([...]) is expected here"))
        if len(value) > limit:
            raise self.fail(where, N_("more than {limit} entries", limit=limit))
        return value

    def text(
        self, m: Mapping[str, Any], key: str, where: str, *, needed: bool = False
    ) -> str | None:
        value = m.get(key)
        if value is None:
            if needed:
                raise self.fail(f"{where}.{key}", N_("this is needed"))
            return None
        if not isinstance(value, str):
            raise self.fail(f"{where}.{key}", N_("text is expected, not {value}", value=value))
        return value

    def number(
        self, m: Mapping[str, Any], key: str, where: str, *, needed: bool = False
    ) -> int | None:
        value = m.get(key)
        if value is None:
            if needed:
                raise self.fail(f"{where}.{key}", N_("this is needed"))
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(
                f"{where}.{key}", N_("a whole number is expected, not {value}", value=repr(value))
            )
        return value

    def day(self, m: Mapping[str, Any], key: str, where: str) -> date | None:
        text = self.text(m, key, where)
        if text is None:
            return None
        try:
            return date.fromisoformat(text)
        except ValueError:
            raise self.fail(
                f"{where}.{key}", N_("{day} is not a date (YYYY-MM-DD)", day=repr(text))
            ) from None

    def result(self, value: object, where: str) -> Result:
        if not isinstance(value, str):
            raise self.fail(where, N_("a result is text, like 1-0"))
        try:
            return Result(value)
        except ValueError:
            pass
        try:
            return Result.parse(value)
        except InputError as err:
            raise self.fail(where, err.message) from None


def read_report_document(data: str | bytes | Mapping[str, Any], source: str) -> ReportDocument:
    """The document ``data`` (its JSON text, or the object), read back and checked as the
    model checks a tournament; ``source`` names it in errors.

    :raises InputError: naming the key and the problem, for anything that is no report
        document of a version this skak knows.
    """
    r = _Reader(source)
    if not isinstance(data, Mapping):
        try:
            data = json.loads(data)
        except (ValueError, UnicodeDecodeError) as err:
            raise r.fail("", N_("not JSON: {error}", error=str(err))) from None
    doc = r.obj(data, "")
    if doc.get("format") != FORMAT:
        raise r.fail(
            "format", N_("not a skak rating report (its format is not {format})", format=FORMAT)
        )
    version = doc.get("version")
    if version != VERSION:
        raise r.fail(
            "version",
            N_(
                "version {version} is not one this skak reads (it reads {known}); update skak",
                version=repr(version),
                known=VERSION,
            ),
        )
    try:
        return _read(r, doc)
    except InputError as err:
        if err.location is not None and err.location.startswith(source):
            raise
        raise r.fail("", err.message) from None


def _read(r: _Reader, doc: Mapping[str, Any]) -> ReportDocument:
    head = r.obj(doc.get("tournament"), "tournament")
    kind_text = r.text(head, "kind", "tournament") or "standard"
    try:
        kind = RatedKind(kind_text)
    except ValueError:
        raise r.fail(
            "tournament.kind",
            N_("the kind is standard, rapid or blitz, not {kind}", kind=repr(kind_text)),
        ) from None
    arbiters = []
    for i, a in enumerate(r.items(doc.get("arbiters", []), "arbiters", 50)):
        if not isinstance(a, str):
            raise r.fail(f"arbiters[{i}]", N_("text is expected, not {value}", value=a))
        if a.strip():
            arbiters.append(a.strip())
    scoring = _scoring(r, doc.get("scoring"))
    entries: dict[int, Entry] = {}
    players = []
    for i, raw in enumerate(r.items(doc.get("players"), "players", _MAX_PLAYERS)):
        where = f"players[{i}]"
        p = r.obj(raw, where)
        ratings = r.obj(p.get("ratings") or {}, f"{where}.ratings")
        number = r.number(p, "start_number", where, needed=True)
        assert number is not None
        try:
            player = Player(
                number,
                r.text(p, "name", where, needed=True) or "",
                club=r.text(p, "club", where),
                federation=r.text(p, "federation", where),
                dsu_id=r.number(p, "dsu_id", where),
                fide_id=r.number(p, "fide_id", where),
                ratings=Ratings(
                    dsu=r.number(ratings, "standard", f"{where}.ratings"),
                    dsu_rapid=r.number(ratings, "rapid", f"{where}.ratings"),
                    dsu_blitz=r.number(ratings, "blitz", f"{where}.ratings"),
                    fide=r.number(ratings, "fide", f"{where}.ratings"),
                ),
                withdrawn_from=r.number(p, "withdrawn_from", where),
            )
        except InputError as err:
            raise r.fail(where, err.message) from None
        players.append(player)
        entry = p.get("entry")
        if entry is not None:
            e = r.obj(entry, f"{where}.entry")
            rating = r.number(e, "rating", f"{where}.entry", needed=True)
            authority = r.text(e, "authority", f"{where}.entry") or "club"
            if authority not in AUTHORITIES:
                raise r.fail(
                    f"{where}.entry.authority",
                    N_(
                        "the authority is club, district or rk, not {authority}",
                        authority=repr(authority),
                    ),
                )
            assert rating is not None
            entries[number] = Entry(rating, authority)
    numbers = [p.start_number for p in players]
    if len(set(numbers)) != len(numbers):
        raise r.fail("players", N_("a start number is given twice"))
    known = set(numbers)
    rounds = []
    for i, raw in enumerate(r.items(doc.get("rounds", []), "rounds", _MAX_ROUNDS)):
        where = f"rounds[{i}]"
        rd = r.obj(raw, where)
        number = r.number(rd, "round", where, needed=True)
        assert number is not None
        pairings = []
        for j, board_raw in enumerate(r.items(rd.get("boards", []), f"{where}.boards", 2000)):
            bw = f"{where}.boards[{j}]"
            b = r.obj(board_raw, bw)
            white = r.number(b, "white", bw, needed=True)
            black = r.number(b, "black", bw)
            for who in (white, black):
                if who is not None and who not in known:
                    raise r.fail(bw, N_("no player has start number {number}", number=who))
            result = None if b.get("result") is None else r.result(b["result"], f"{bw}.result")
            playoff = tuple(
                r.result(x, f"{bw}.playoff[{k}]")
                for k, x in enumerate(r.items(b.get("playoff", []), f"{bw}.playoff", 50))
            )
            unrated = b.get("unrated", False)
            if not isinstance(unrated, bool):
                raise r.fail(f"{bw}.unrated", N_("true or false is expected"))
            board = r.number(b, "board", bw, needed=True)
            assert board is not None
            assert white is not None
            try:
                pairings.append(Pairing(board, white, black, result, unrated, playoff=playoff))
            except InputError as err:
                raise r.fail(bw, err.message) from None
        byes = []
        for j, bye_raw in enumerate(r.items(rd.get("byes", []), f"{where}.byes", 2000)):
            bw = f"{where}.byes[{j}]"
            b = r.obj(bye_raw, bw)
            who = r.number(b, "player", bw, needed=True)
            if who not in known:
                raise r.fail(bw, N_("no player has start number {number}", number=who))
            assert who is not None
            try:
                byes.append(Bye(who, r.result(b.get("result"), f"{bw}.result")))
            except InputError as err:
                raise r.fail(bw, err.message) from None
        try:
            rounds.append(Round(number, tuple(pairings), tuple(byes)))
        except InputError as err:
            raise r.fail(where, err.message) from None
    if [x.number for x in rounds] != list(range(1, len(rounds) + 1)):
        raise r.fail("rounds", N_("the rounds are numbered 1, 2, 3, … in order"))
    sanctions = []
    for i, raw in enumerate(r.items(doc.get("sanctions", []), "sanctions", 2000)):
        where = f"sanctions[{i}]"
        s = r.obj(raw, where)
        sanctions.append(
            SentSanction(
                r.number(s, "member", where),
                r.text(s, "name", where) or "",
                r.text(s, "kind", where) or "",
                r.text(s, "ground", where) or "",
                r.day(s, "given", where),
            )
        )
    try:
        t = Tournament(
            r.text(head, "name", "tournament", needed=True) or "",
            r.text(head, "system", "tournament", needed=True) or "",
            number_of_rounds=r.number(head, "rounds", "tournament"),
            place=r.text(head, "place", "tournament"),
            start_date=r.day(head, "start", "tournament"),
            end_date=r.day(head, "end", "tournament"),
            rated_kind=kind,
            time_control=r.text(head, "time_control", "tournament"),
            scoring=scoring,
            players=tuple(players),
            rounds=tuple(rounds),
            arbiters=tuple(arbiters),
        )
    except InputError as err:
        raise r.fail("tournament", err.message) from None
    club = r.text(doc, "club", "")
    return ReportDocument(
        t,
        (club.strip() or None) if club is not None else None,
        entries,
        tuple(sanctions),
        r.day(doc, "written", ""),
    )


def _scoring(r: _Reader, raw: object) -> Scoring:
    if raw is None:
        return Scoring()
    m = r.obj(raw, "scoring")
    values: dict[str, Any] = {}
    names = {f.name for f in fields(Scoring)}
    for key, value in m.items():
        if key not in names:
            raise r.fail(f"scoring.{key}", N_("no such scoring key"))
        if key in POINT_FIELDS:
            try:
                values[key] = Fraction(str(value))
            except (ValueError, ZeroDivisionError):
                raise r.fail(
                    f"scoring.{key}", N_("{value} is no number of points", value=repr(value))
                ) from None
        elif key == "gladiator":
            if not isinstance(value, bool):
                raise r.fail("scoring.gladiator", N_("true or false is expected"))
            values[key] = value
        else:
            number = r.number(m, key, "scoring")
            values[key] = number
    try:
        return Scoring(**values)
    except (InputError, TypeError) as err:
        raise r.fail("scoring", str(err)) from None
