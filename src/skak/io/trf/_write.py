"""Writing a :class:`~skak.model.Tournament` as TRF16 or TRF-2026."""

from __future__ import annotations

import json
from datetime import date
from fractions import Fraction
from typing import Any

from skak.errors import InputError
from skak.io.trf._common import (
    CANONICAL_CODES,
    TrfVersion,
    declared_scoring,
    default_board_order,
)
from skak.model.games import Entry, entries_by_player
from skak.model.player import Player
from skak.model.records import record_to_json
from skak.model.results import GLADIATOR_FIELDS, POINT_FIELDS, Colour, Result, Scoring
from skak.model.tournament import Tournament
from skak.pairing import get_system, system_names
from skak.pairing.berger import round_robin_settings
from skak.standings import final_standings, standings

__all__ = ["write_trf"]

_UNPAIRED_CODES = {
    Result.PAIRING_BYE: "U",
    Result.FULL_BYE: "F",
    Result.HALF_BYE: "H",
    Result.ZERO_BYE: "Z",
    Result.ABSENT: "-",
}
_GAME_CODES = {
    Result.WHITE_WIN: ("1", "0"),
    Result.BLACK_WIN: ("0", "1"),
    Result.DRAW: ("=", "="),
    Result.WHITE_FORFEIT_WIN: ("+", "-"),
    Result.BLACK_FORFEIT_WIN: ("-", "+"),
    Result.DOUBLE_FORFEIT: ("-", "-"),
}
_UNRATED = {"1": "W", "0": "L", "=": "D"}
_DEFAULT = Scoring()


def write_trf(
    tournament: Tournament,
    *,
    version: TrfVersion = TrfVersion.TRF16,
    extensions: bool = True,
    newline: str = "\n",
) -> str:
    """The tournament as a TRF text.

    With ``extensions`` (the default) skak's own ``SKT``/``SKP``/``SKR`` records carry what
    FIDE's records cannot, so that reading the text back gives the same tournament; without
    them the file holds FIDE's records and the pairing programs' round and scoring records
    only (for a rating report), and its points column is
    what its own results give under its own scoring records: Gladiator play-offs (4.9.8) and
    points the ``162`` record cannot hold are skak's records' to carry, so a plain file
    stays one that skak (and any TRF reader) reads back.
    """
    t = tournament
    lines = [f"012 {t.name}"]
    if t.place:
        lines.append(f"022 {t.place}")
    if t.start_date:
        lines.append(f"042 {_date(t.start_date)}")
    if t.end_date:
        lines.append(f"052 {_date(t.end_date)}")
    lines.append(f"062 {len(t.players)}")
    lines.append(f"072 {sum(1 for p in t.players if p.ratings.fide)}")
    if t.time_control:
        lines.append(f"122 {t.time_control}")
    imported = list(t.imported_records)
    planned = _planned_rounds(t)
    if version is TrfVersion.TRF26:
        if planned:
            lines.append(f"142 {planned}")
        code = _system_code(t)
        if code and not any(line.startswith("192") for line in imported):
            lines.append(f"192 {code}")
        scoring_lines, declared = _scoring_162(t.scoring)
        lines.extend(scoring_lines)
        if t.tiebreaks:
            lines.append(f"202 {','.join(t.tiebreaks)}")
    else:
        if planned:
            lines.append(f"XXR {planned}")
        scoring_lines, declared = _scoring_bb(t.scoring)
        lines.extend(scoring_lines)
    scoring = t.scoring if extensions else declared_scoring(declared)
    colour_given = any(line.startswith(("XXC", "152")) for line in imported)
    if t.initial_colour is not None and not colour_given:
        if version is TrfVersion.TRF26:
            lines.append(f"152 {'W' if t.initial_colour is Colour.WHITE else 'B'}")
        else:
            lines.append(f"XXC {'white1' if t.initial_colour is Colour.WHITE else 'black1'}")
    lines.extend(imported)
    # The change history (TRF-2026's "###" comment lines): FIDE mode left, the tie-breaks
    # changed, corrections, withdrawals, edits and setting changes, each with its day and
    # round (skak.model.changes); a tournament without changes writes none.
    lines.extend(note.line() for note in t.imported_changes)
    next_round = t.next_round if t.rounds else 1
    cells_next = version is TrfVersion.TRF16
    ranks = _ranks(t)
    for p, player_entries in zip(t.players, entries_by_player(t).values(), strict=True):
        lines.append(
            _player_line(
                t, p, player_entries, ranks[p.start_number], next_round, cells_next, scoring
            )
        )
    if version is TrfVersion.TRF26:
        lines.extend(_declared_240(t, next_round))
    lines.extend(_bans(t, version))
    lines.extend(_accelerations(t, version))
    if extensions:
        lines.extend(_extensions(t, version))
    return newline.join(lines) + newline


def _planned_rounds(t: Tournament) -> int | None:
    """The number of rounds: the tournament's own, or what its pairing system plans."""
    if t.number_of_rounds or t.pairing_system not in system_names():
        return t.number_of_rounds
    return get_system(t.pairing_system).planned_rounds(t)


def _system_code(t: Tournament) -> str | None:
    """TRF-2026's code (record 192) for the pairing system, where FIDE has one."""
    cycles = round_robin_settings(t).cycles or 1
    for code, (system, c) in CANONICAL_CODES.items():
        if system == t.pairing_system and c == cycles:
            return code
    return None


def _date(d: date) -> str:
    return f"{d.year:04d}/{d.month:02d}/{d.day:02d}"


def _points_text(points: Fraction) -> str:
    """Four columns: one decimal (``11.5``), two when that is exact (``0.25``), a whole
    number from 100 points on."""
    exact = f"{points.numerator / points.denominator:.2f}"
    if len(exact) <= 4 and Fraction(exact) == points and points.denominator not in (1, 2):
        return exact
    if points < 100:
        return f"{points.numerator / points.denominator:4.1f}"
    return f"{min(round(points), 9999):4d}"


def _player_line(
    t: Tournament,
    p: Player,
    entries: tuple[Entry, ...],
    rank: int,
    next_round: int,
    cells_next: bool,
    scoring: Scoring,
) -> str:
    points = sum((e.points(scoring) for e in entries), Fraction(0))
    declared = p.declared_bye(next_round) if cells_next else None
    if declared is not None:
        points += declared.points(Colour.WHITE, scoring)
    birth = (
        f"{p.birth_date:%Y/%m/%d}"
        if p.birth_date
        else (f"{p.birth_year:04d}" if p.birth_year else "")
    )
    head = (
        f"001 {p.start_number:>4} {(p.sex.value if p.sex else ' ')}"
        f"{(p.title.value if p.title else ''):>3} {p.name[:33]:<33} "
        f"{(p.ratings.fide or ''):>4} {(p.federation or ''):<3} {(p.fide_id or ''):>11} "
        f"{birth:<10} {_points_text(points)} {rank:>4}  "
    )
    by_round = {e.round: e for e in entries}
    cells = [_cell(t, by_round.get(r)) for r in range(1, t.current_round + 1)]
    if declared is not None:
        cells.append(f"0000 - {_UNPAIRED_CODES[declared]}  ")
    return (head + "".join(cells)).rstrip()


def _cell(t: Tournament, e: Entry | None) -> str:
    if e is None:
        return " " * 10
    if e.opponent is None:
        assert e.result is not None
        return f"0000 - {_UNPAIRED_CODES[e.result]}  "
    colour = "w" if e.colour is Colour.WHITE else "b"
    code = " "
    if e.result is not None and e.result is not Result.UNFINISHED:
        white, black = _GAME_CODES[e.result]
        code = white if e.colour is Colour.WHITE else black
        pairing = t.round(e.round).board(e.board or 0)
        if pairing.unrated:
            code = _UNRATED.get(code, code)
    return f"{e.opponent:>4} {colour} {code}  "


def _declared_240(t: Tournament, next_round: int) -> list[str]:
    out = []
    for kind, attr in (("F", "full_bye_rounds"), ("H", "half_bye_rounds"), ("Z", "absent_rounds")):
        rounds: dict[int, list[int]] = {}
        for p in t.players:
            for r in getattr(p, attr):
                if r >= next_round:
                    rounds.setdefault(r, []).append(p.start_number)
        for r in sorted(rounds):
            ids = "".join(f" {n:>4}" for n in sorted(rounds[r]))
            out.append(f"240 {kind} {r:03d}{ids}")
    return out


def _bans(t: Tournament, version: TrfVersion) -> list[str]:
    out = []
    for ban in t.pairing_bans():  # the group bans (clubmates) as the groups they make
        ids = sorted(ban.players)
        if version is TrfVersion.TRF16 and ban.first_round == 1 and ban.last_round is None:
            out.append("XXP " + " ".join(map(str, ids)))
        else:
            last = ban.last_round if ban.last_round is not None else 999
            out.append(f"260 {ban.first_round:03d} {last:03d}" + "".join(f" {n:>4}" for n in ids))
    return out


def _accelerations(t: Tournament, version: TrfVersion) -> list[str]:
    out = []
    for p in t.players:
        if not p.accelerations:
            continue
        if version is TrfVersion.TRF26:
            out += [
                f"250      {_points_text(pts)} {r:03d} {r:03d} {p.start_number:04d} "
                f"{p.start_number:04d}"
                for r, pts in p.accelerations
            ]
        else:
            values = dict(p.accelerations)
            cells = [
                _points_text(values[r]) if r in values else "    "
                for r in range(1, max(values) + 1)
            ]
            out.append(f"XXA {p.start_number:>4} " + " ".join(cells).rstrip())
    return out


_Declared = dict[str, Fraction | None]


def _scoring_162(s: Scoring) -> tuple[list[str], _Declared]:
    """TRF-2026's scoring record, and the points it declares (as the reader takes them)."""
    if s == _DEFAULT:
        return [], {}
    parts = [("W", s.win), ("D", s.draw), ("L", s.loss), ("A", s.zero_bye), ("P", s.pairing_bye)]
    texts = [(code, f"{float(v):4.1f}") for code, v in parts]
    line = "162 " + "".join(f" {code}{text}   " for code, text in texts).rstrip()
    return [line], {"162" + code: Fraction(text.strip()) for code, text in texts}


def _scoring_bb(s: Scoring) -> tuple[list[str], _Declared]:
    """bbpPairings' ``BB?`` and JaVaFo's ``XXS`` records, and the points they declare."""
    if s == _DEFAULT:
        return [], {}
    parts = [
        ("BBW", s.win),
        ("BBD", s.draw),
        ("BBL", s.loss),
        ("BBZ", s.zero_bye),
        ("BBF", s.forfeit_loss),
        ("BBU", s.pairing_bye),
    ]
    xxs = {
        "WW": s.win, "BW": s.win, "WD": s.draw, "BD": s.draw, "WL": s.loss, "BL": s.loss,
        "ZPB": s.zero_bye, "HPB": s.half_bye, "FPB": s.full_bye, "PAB": s.pairing_bye,
        "FW": s.forfeit_win, "FL": s.forfeit_loss,
    }  # fmt: skip
    bb = [(code, f"{float(v):4.1f}") for code, v in parts]
    javafo = [(code, f"{float(v):g}") for code, v in xxs.items()]
    declared: _Declared = {code: Fraction(text.strip()) for code, text in bb}
    declared.update({"XXS" + code: Fraction(text) for code, text in javafo})
    return [
        *(f"{code} {text}" for code, text in bb),
        "XXS " + " ".join(f"{code}={text}" for code, text in javafo),
    ], declared


def _json(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def _extensions(t: Tournament, version: TrfVersion) -> list[str]:
    skt: dict[str, Any] = {"system": t.pairing_system}
    if t.fide_mode:
        skt["fide_mode"] = True
    if t.pairing_settings:
        skt["settings"] = dict(t.pairing_settings)
    if t.rated_kind.value != "standard":
        skt["kind"] = t.rated_kind.value
    if not t.rated:
        skt["rated"] = False
    if t.scoring != _DEFAULT:
        skt["scoring"] = {k: str(getattr(t.scoring, k)) for k in POINT_FIELDS}
    if t.scoring.gladiator:
        skt["gladiator"] = True
        for name in GLADIATOR_FIELDS:  # the variants of 4.9.8, when not the default
            if getattr(t.scoring, name) != 1:
                skt[name.replace("_", "-")] = getattr(t.scoring, name)
    if t.tiebreaks and version is TrfVersion.TRF16:
        skt["tiebreaks"] = list(t.tiebreaks)
    if t.number_of_rounds is None and _planned_rounds(t) is not None:
        skt["number_of_rounds"] = None  # the XXR/142 line is the system's plan, not a setting
    out = [f"SKT {_json(skt)}"]
    for p in t.players:
        data: dict[str, Any] = {}
        if len(p.name) > 33:
            data["name"] = p.name
        for key in ("club", "dsu_id", "withdrawn_from", "late_from"):
            if getattr(p, key) is not None:
                data[key] = getattr(p, key)
        for key in ("dsu", "dsu_rapid", "dsu_blitz"):
            if getattr(p.ratings, key) is not None:
                data[key] = getattr(p.ratings, key)
        for key in ("absent_rounds", "half_bye_rounds", "full_bye_rounds"):
            if getattr(p, key):
                data[key] = sorted(getattr(p, key))
        if data:
            out.append(f"SKP {p.start_number:>4} {_json(data)}")
    for rnd in t.rounds:
        data = {}
        if [p.white for p in rnd.pairings] != [p.white for p in default_board_order(rnd.pairings)]:
            data["boards"] = [p.white for p in rnd.pairings]
        unfinished = [p.board for p in rnd.pairings if p.result is Result.UNFINISHED]
        if unfinished:
            data["unfinished"] = unfinished
        playoffs = {str(p.board): [str(g) for g in p.playoff] for p in rnd.pairings if p.playoff}
        if playoffs:
            data["playoff"] = playoffs
        corrected = {
            str(p.board): p.corrected_after for p in rnd.pairings if p.corrected_after is not None
        }
        if corrected:
            data["corrected_after"] = corrected
        if rnd.explanation:
            data["explanation"] = list(rnd.explanation)
        if rnd.record is not None:
            data["record"] = record_to_json(rnd.record)
        if data:
            out.append(f"SKR {rnd.number:>3} {_json(data)}")
    return out


def _ranks(t: Tournament) -> dict[int, int]:
    """The rank column: the standings the arbiter announces (``skak standings``: the
    tournament's tie-breaks, else §24's, and §16). A tie-break list skak cannot compute (a
    code from another program, a rating tie-break without ratings) ranks by points, players
    level on points sharing the rank (docs/trf.md)."""
    try:
        rows = final_standings(t)
    except InputError:
        rows = standings(t)
    return {s.player.start_number: s.rank for s in rows}
