"""Building the :class:`~skak.model.Tournament` from the rows and records a TRF was read into.

Pairs up the round cells of the player rows into each round's games and byes (checking that
both players' lines agree), applies skak's ``SKR`` round records (board order, unfinished
games, play-offs, explanations, system records), the byes declared in advance, accelerations,
``SKP`` player data, pairing bans and the scoring, builds the tournament, recovers the
pairing system's records where the file lacks them, and checks the points column against the
results. The outcome is a :class:`TrfRead`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, NamedTuple

from skak.errors import InputError, SkakError
from skak.io.trf._common import BLOCK, FIRST_BLOCK, declared_scoring, default_board_order
from skak.io.trf._rows import _UNPAIRED, _Cell, _Row, _State
from skak.model.games import scores
from skak.model.player import Player
from skak.model.results import GLADIATOR_FIELDS, Colour, Result, Scoring
from skak.model.tournament import Bye, Pairing, RatedKind, Round, Tournament

_GAME_PAIRS = {
    ("1", "0"): (Result.WHITE_WIN, False),
    ("0", "1"): (Result.BLACK_WIN, False),
    ("=", "="): (Result.DRAW, False),
    ("W", "L"): (Result.WHITE_WIN, True),
    ("L", "W"): (Result.BLACK_WIN, True),
    ("D", "D"): (Result.DRAW, True),
    ("+", "-"): (Result.WHITE_FORFEIT_WIN, False),
    ("-", "+"): (Result.BLACK_FORFEIT_WIN, False),
    ("-", "-"): (Result.DOUBLE_FORFEIT, False),
}


@dataclass(frozen=True)
class TrfRead:
    """A parsed file: the tournament and, in lenient mode, every problem found."""

    tournament: Tournament
    problems: tuple[str, ...] = ()


def _assemble(st: _State, header: dict[str, Any], rows: list[_Row], ext: dict[str, Any]) -> TrfRead:
    by_number: dict[int, _Row] = {}
    for row in rows:
        if row.number in by_number:
            st.problem(row.line, 5, f"start number {row.number} appears twice")
            continue
        by_number[row.number] = row
    total = max((len(r.cells) for r in by_number.values()), default=0)
    paired = 0  # the last round in which anyone is paired: each line read from its end
    for row in by_number.values():
        cells = row.cells
        for r in range(len(cells) - 1, paired - 1, -1):
            cell = cells[r]
            if cell is not None and (cell.opponent or _UNPAIRED[cell.result] is Result.PAIRING_BYE):
                paired = r + 1
                break
    st.gladiator = isinstance(ext["SKT"], dict) and ext["SKT"].get("gladiator") is True
    rounds = [_round(st, by_number, r, ext["SKR"]) for r in range(1, paired + 1)]
    players = {n: row.player for n, row in by_number.items()}
    _declared(st, by_number, paired, total, header.get("declared", []), players)
    _accelerations(st, players, header.get("accelerations", []))
    players = _player_extensions(st, players, ext["SKP"])
    bans = []
    for line, ids, first, last in header.get("bans", []):
        from skak.model.bans import PairingBan  # only for a file with bans

        unknown = sorted(ids - set(players))
        try:
            if unknown:
                raise InputError(f"a pairing ban names players who do not exist: {unknown}")
            bans.append(PairingBan(ids, first, last))
        except SkakError as err:
            st.problem(line, None, str(err))
    skt = ext["SKT"]
    scoring = _gladiator_variants(st, _scoring(st, header["scoring"], skt), skt)
    try:
        tournament = Tournament(
            name=header.get("name") or "Imported tournament",
            pairing_system=str(skt.get("system") or header.get("system") or "unknown"),
            number_of_rounds=skt["number_of_rounds"]
            if "number_of_rounds" in skt
            and (skt["number_of_rounds"] is None or type(skt["number_of_rounds"]) is int)
            else header.get("rounds"),
            place=header.get("place"),
            start_date=header.get("042"),
            end_date=header.get("052"),
            rated_kind=RatedKind(skt.get("kind", "standard")),
            rated=skt.get("rated") is not False,
            time_control=header.get("time_control"),
            pairing_settings=tuple(
                (str(k), v)
                for k, v in dict(skt.get("settings", header.get("settings", {}))).items()
            ),
            tiebreaks=tuple(skt.get("tiebreaks", header.get("tiebreaks", ()))),
            scoring=scoring,
            players=tuple(players[n] for n in sorted(players)),
            rounds=tuple(rounds),
            imported_records=tuple(header["imported"]),
            imported_changes=tuple(header.get("changes", ())),
            fide_mode=skt.get("fide_mode") is True,
            initial_colour=header.get("colour"),
            bans=tuple(bans),
        )
    except (SkakError, ValueError, TypeError) as err:
        where = f" (see line {st.skt_line}, SKT)" if st.skt_line else ""
        raise InputError(
            f"the tournament cannot be built{where}: {err}",
            location=st.source,
            problems=st.problems,
        ) from err
    tournament = _recovered(st, tournament)
    _check_points(st, tournament, by_number, paired)
    return TrfRead(tournament, tuple(st.problems))


def _round(st: _State, rows: dict[int, _Row], number: int, skr: dict[int, Any]) -> Round:
    games: list[_Game] = []  # each game entered once, from its lower start number
    pab: list[int] = []
    byes: list[Bye] = []
    index = number - 1
    for me, row in rows.items():  # (by start number)
        cells = row.cells
        cell = cells[index] if number <= len(cells) else None
        if cell is None:
            continue
        opponent = cell.opponent
        if not opponent:
            result = _UNPAIRED[cell.result]
            if result is Result.PAIRING_BYE:
                pab.append(me)
            else:
                byes.append(Bye(me, result))
            continue
        other = rows.get(opponent)
        if other is None:
            st.problem(
                cell.line, cell.column, f"round {number}: opponent {opponent} does not exist"
            )
            continue
        cells = other.cells
        back = cells[index] if number <= len(cells) else None
        if back is None or back.opponent != me:
            named = "nobody" if back is None or not back.opponent else f"player {back.opponent}"
            st.problem(
                cell.line,
                cell.column,
                f"round {number}: player {me} names opponent {opponent}, whose line names {named}",
            )
            continue
        if me > opponent:
            continue  # each game once, from the lower start number
        pairing = _game(st, number, cell, back, me, opponent)
        if pairing is not None:
            games.append(pairing)
    if len(pab) > 1:
        st.problem(
            rows[pab[1]].cells[number - 1].line,  # type: ignore[union-attr]
            FIRST_BLOCK + 1 + BLOCK * (number - 1),
            f"round {number} has two pairing-allocated byes (players {pab[0]} and {pab[1]})",
        )
        pab = pab[:1]
    read = games
    read += [_Game(n, None, Result.PAIRING_BYE) for n in pab]
    ordered = _board_order(st, number, read, skr.get(number))
    unfinished = set(_int_list(skr.get(number, (0, {}))[1].get("unfinished")))
    for i in unfinished:
        if not 1 <= i <= len(ordered) or ordered[i - 1].black is None or ordered[i - 1].result:
            st.problem(skr[number][0], 5, f"SKR {number}: board {i} cannot be unfinished")
    pairings = [
        Pairing(
            i,
            p.white,
            p.black,
            Result.UNFINISHED
            if i in unfinished and p.black is not None and p.result is None
            else p.result,
            p.unrated,
        )
        if unfinished
        else Pairing(i, *p)  # (white, black, result, unrated)
        for i, p in enumerate(ordered, start=1)
    ]
    playoffs = skr.get(number, (0, {}))[1].get("playoff")
    if playoffs and not st.gladiator:
        st.problem(skr[number][0], 5, f"SKR {number}: a play-off needs Gladiator scoring (SKT)")
    elif isinstance(playoffs, dict):
        pairings = _with_playoffs(st, number, skr[number][0], pairings, playoffs)
    corrected = skr.get(number, (0, {}))[1].get("corrected_after")
    if isinstance(corrected, dict):
        pairings = _with_corrections(st, number, skr[number][0], pairings, corrected)
    notes = skr.get(number, (0, {}))[1].get("explanation")
    explanation = tuple(str(x) for x in notes) if isinstance(notes, list) else ()
    record = None
    if "record" in skr.get(number, (0, {}))[1]:
        from skak.model.records import record_from_json  # only for a file with records

        try:
            record = record_from_json(skr[number][1]["record"])
        except InputError as err:
            st.problem(skr[number][0], 5, f"SKR {number}: {err}")
    by_player = tuple(sorted(byes, key=lambda b: b.player))
    return Round(number, tuple(pairings), by_player, explanation, record)


def _recovered(st: _State, t: Tournament) -> Tournament:
    """The rounds of a file from a skak that kept its pairing system's records in the
    explanation (``SKR``), with their records as the system reads them from that text.
    Only a round without a record that has an explanation can hold one (see
    :meth:`~skak.pairing.base.PairingSystem.recover_record`): a file without such a round
    needs no pairing system (nor its import)."""
    if all(r.record is not None or not r.explanation for r in t.rounds):
        return t
    from skak.pairing import get_system, system_names

    if t.pairing_system not in system_names():
        return t
    system = get_system(t.pairing_system)
    rounds: list[Round] = []
    for rnd in t.rounds:
        try:
            rounds.append(system.recover_record(replace(t, rounds=tuple(rounds)), rnd))
        except SkakError as err:
            st.problem(None, None, f"round {rnd.number}: {err}")
            rounds.append(rnd)
    return replace(t, rounds=tuple(rounds))


def _with_corrections(
    st: _State, number: int, line: int, pairings: list[Pairing], corrected: dict[str, Any]
) -> list[Pairing]:
    """Mark the boards an ``SKR`` record says were corrected after a later round was paired
    (``{"board": round}``)."""
    marks: dict[int, int] = {}
    for board, after in corrected.items():
        if not (str(board).isdigit() and isinstance(after, int) and number < after <= 999):
            st.problem(line, 5, f"SKR {number}: 'corrected_after' {board}: {after} is not a round")
            continue
        marks[int(board)] = after
    return [replace(p, corrected_after=marks[p.board]) if p.board in marks else p for p in pairings]


def _with_playoffs(
    st: _State, number: int, line: int, pairings: list[Pairing], playoffs: dict[str, Any]
) -> list[Pairing]:
    """Attach the Gladiator play-offs of an ``SKR`` record (``{"board": ["1-0", …]}``)."""
    out = list(pairings)
    for board, games in playoffs.items():
        try:
            i = int(board)
            if not 1 <= i <= len(out) or not isinstance(games, list):
                raise InputError(f"board {board} has no play-off to attach")
            out[i - 1] = replace(out[i - 1], playoff=tuple(Result.parse(str(g)) for g in games))
        except (SkakError, ValueError) as err:
            st.problem(line, 5, f"SKR {number}: play-off: {err}")
    return out


class _Game(NamedTuple):
    """A board as the two players' cells give it, before the boards are numbered."""

    white: int
    black: int | None
    result: Result | None = None
    unrated: bool = False


#: The two cells' colours (the lower start number's first) that give each player his colour:
#: whether the higher start number has white.
_SWAPPED = {
    **dict.fromkeys(("wb", "w-", "w ", "-b", " b"), False),
    **dict.fromkeys(("bw", "b-", "b ", "-w", " w"), True),
}


def _game(st: _State, number: int, a: _Cell, b: _Cell, na: int, nb: int) -> _Game | None:
    swapped = _SWAPPED.get(a.colour + b.colour)
    if swapped is False:
        white, black, cw, cb = na, nb, a, b
    elif swapped:
        white, black, cw, cb = nb, na, b, a
    elif a.colour in "- " and b.colour in "- " and (a.result, b.result) != (" ", " "):
        white, black, cw, cb = na, nb, a, b  # a forfeit without colours: lower number first
    else:
        st.problem(
            a.line,
            a.column + 5,
            f"round {number}: players {na} and {nb} both have colour {a.colour}",
        )
        return None
    if cw.result == " " and cb.result == " ":
        return _Game(white, black)
    outcome = _GAME_PAIRS.get((cw.result, cb.result))
    if outcome is None:
        st.problem(
            a.line,
            a.column + 7,
            f"round {number}: results {cw.result!r} (player {white}) and {cb.result!r} "
            f"(player {black}) do not fit together",
        )
        return None
    if cw.colour not in "wb" and not outcome[0].is_forfeit:
        st.problem(a.line, a.column + 5, f"round {number}: a played game needs colours")
        return None
    return tuple.__new__(_Game, (white, black, *outcome))  # _Game's __new__ is Python's


def _int_list(value: object) -> list[int]:
    return [v for v in value if type(v) is int] if isinstance(value, list) else []


def _board_order(
    st: _State, number: int, games: list[_Game], skr: tuple[int, dict[str, Any]] | None
) -> list[_Game]:
    if skr is not None and "boards" in skr[1]:
        by_white = {p.white: p for p in games}
        order = skr[1]["boards"]
        if (
            isinstance(order, list)
            and all(type(w) is int for w in order)
            and sorted(order) == sorted(by_white)
        ):
            return [by_white[w] for w in order]
        st.problem(skr[0], 5, f"SKR {number}: the board order does not list the round's games")
    return default_board_order(games)


def _declared(
    st: _State,
    rows: dict[int, _Row],
    paired: int,
    total: int,
    lines: list[tuple[int, int, Result, int]],
    players: dict[int, Player],
) -> None:
    """Cells after the last paired round, and 240 lines, are byes declared in advance."""
    declared: dict[int, list[tuple[int, Result]]] = {}
    for number, row in rows.items():
        for r in range(paired + 1, total + 1):
            cell = row.cells[r - 1] if r <= len(row.cells) else None
            if cell is not None:
                declared.setdefault(number, []).append((r, _UNPAIRED[cell.result]))
    for number, r, result, line in lines:
        r = r or paired + 1  # XXZ names no round: it is the next one
        if number not in players:
            st.problem(
                line, None, f"240: a bye is declared for player {number}, who does not exist"
            )
            continue
        if r > paired:  # for paired rounds the round's cells say it already
            declared.setdefault(number, []).append((r, result))
    for number, entries in declared.items():
        sets: dict[str, set[int]] = {
            "absent_rounds": set(),
            "half_bye_rounds": set(),
            "full_bye_rounds": set(),
        }
        for r, result in entries:
            key = {Result.HALF_BYE: "half_bye_rounds", Result.FULL_BYE: "full_bye_rounds"}.get(
                result, "absent_rounds"
            )
            sets[key].add(r)
        p = players[number]
        try:
            players[number] = replace(
                p,
                absent_rounds=p.absent_rounds | sets["absent_rounds"],
                half_bye_rounds=p.half_bye_rounds | sets["half_bye_rounds"],
                full_bye_rounds=p.full_bye_rounds | sets["full_bye_rounds"],
            )
        except SkakError as err:
            st.problem(rows[number].line, None, str(err))


def _accelerations(
    st: _State,
    players: dict[int, Player],
    found: list[tuple[int, int, int, Fraction, int]],
) -> None:
    by_player: dict[int, dict[int, Fraction]] = {}
    for ident, first, last, points, line in found:
        if ident not in players:
            st.problem(line, None, f"an acceleration names player {ident}, who does not exist")
            continue
        for r in range(first, min(last, first + 99) + 1):
            by_player.setdefault(ident, {})[r] = points
    for ident, values in by_player.items():
        try:
            players[ident] = replace(players[ident], accelerations=tuple(sorted(values.items())))
        except SkakError as err:
            st.problem(None, None, str(err))


_SKP_FIELDS: dict[str, Callable[[Any], Any]] = {
    "name": str,
    "club": str,
    "dsu_id": int,
    "withdrawn_from": int,
    "late_from": int,
    "absent_rounds": lambda v: frozenset(int(x) for x in v),
    "half_bye_rounds": lambda v: frozenset(int(x) for x in v),
    "full_bye_rounds": lambda v: frozenset(int(x) for x in v),
}
_SKP_RATINGS = ("dsu", "dsu_rapid", "dsu_blitz")


def _player_extensions(
    st: _State, players: dict[int, Player], skp: dict[int, tuple[int, dict[str, Any]]]
) -> dict[int, Player]:
    out = dict(players)
    for number, (line, data) in skp.items():
        if number not in out:
            st.problem(line, 5, f"SKP names player {number}, who has no 001 line")
            continue
        p = out[number]
        try:
            changes = {k: conv(data[k]) for k, conv in _SKP_FIELDS.items() if k in data}
            for k in ("absent_rounds", "half_bye_rounds", "full_bye_rounds"):
                if k in changes:
                    changes[k] = changes[k] | getattr(p, k)
            ratings = {k: int(data[k]) for k in _SKP_RATINGS if k in data}
            if ratings:
                changes["ratings"] = replace(p.ratings, **ratings)
            out[number] = replace(p, **changes)
        except (SkakError, ValueError, TypeError, OverflowError) as err:
            st.problem(line, 5, f"SKP {number}: {err}")
    return out


def _scoring(st: _State, found: dict[str, Fraction | None], skt: dict[str, Any]) -> Scoring:
    if "scoring" in skt:
        try:
            exact = dict(skt["scoring"])
            if not all(
                isinstance(v, str) and re.fullmatch(r"[0-9]{1,4}(/[1-9][0-9]{0,3})?", v)
                for v in exact.values()
            ):
                raise ValueError('points must be written like "1" or "1/2"')
            points: dict[str, Any] = {str(k): Fraction(v) for k, v in exact.items()}
            return Scoring(**points, gladiator=skt.get("gladiator") is True)
        except (SkakError, ValueError, TypeError) as err:
            st.problem(st.skt_line, 5, f"SKT scoring: {err}")
    try:  # in file order: later lines override earlier ones
        return declared_scoring(found, gladiator=skt.get("gladiator") is True)
    except SkakError as err:
        st.problem(None, None, str(err))
        return Scoring()


def _decimal(points: Fraction) -> str:
    text = f"{points.numerator / points.denominator:.3f}".rstrip("0").rstrip(".")
    return text if Fraction(text) == points else f"{points.numerator}/{points.denominator}"


def _check_points(st: _State, t: Tournament, rows: dict[int, _Row], paired: int) -> None:
    """The points column must be what the results give (a declared bye in the next round
    may be counted already, as JaVaFo's convention asks)."""
    totals = scores(t)
    zero = Fraction(0)
    for number, row in rows.items():
        if row.points is None or not t.has_player(number):
            continue
        got = totals.get(number, zero)
        if row.points == got:
            continue
        declared = t.player(number).declared_bye(paired + 1)
        extra = declared.points(Colour.WHITE, t.scoring) if declared else Fraction(0)
        # the column holds one decimal (a whole number from 100 points on)
        tolerance = Fraction(1, 20) if got < 100 else Fraction(1, 2)
        if not any(abs(row.points - g) <= tolerance for g in {got, got + extra}):
            st.problem(
                row.line,
                81,
                f"player {number}'s points {_decimal(row.points)} do not add up: the results "
                f"give {_decimal(got)}",
            )


def _gladiator_variants(st: _State, scoring: Scoring, skt: dict[str, Any]) -> Scoring:
    """The variants of Gladiator scoring (4.9.8, ``"gladiator-games"`` and
    ``"gladiator-reduced-games"`` in ``SKT``), as the writer gives them."""
    variants = {
        name: skt[name.replace("_", "-")]
        for name in GLADIATOR_FIELDS
        if name.replace("_", "-") in skt
    }
    try:
        return replace(scoring, **variants)
    except (SkakError, TypeError) as err:
        st.problem(st.skt_line, 5, f"SKT: {err}")
        return scoring
