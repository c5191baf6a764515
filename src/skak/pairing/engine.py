"""Pairing-engine work on a tournament snapshot: the next round, and re-checking old rounds.

This is what ``skak engine`` does after reading a TRF, in the manner of bbpPairings and
JaVaFo: pure functions of a :class:`~skak.model.Tournament` and a pairing system.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from skak.errors import NoValidPairingError, StateError
from skak.messages import N_
from skak.model.results import Result
from skak.model.tournament import Round, Tournament
from skak.pairing.base import PairingSystem, Progress, ReportsProgress

__all__ = [
    "RoundCheck",
    "ban_lines",
    "check_next_round",
    "check_rounds",
    "honours_bans",
    "is_finished",
    "pair_next",
    "pair_reporting",
    "pairs_text",
    "pending_as_unfinished",
    "planned_rounds",
    "with_bans",
]


def pending_as_unfinished(t: Tournament) -> Tournament:
    """The snapshot a pairing system sees when earlier games have no result yet: they count
    as unfinished games, that is as draws for pairing (DSU 4.9.3 rule 1.1)."""
    if not any(r.pending_boards for r in t.rounds):
        return t
    rounds = tuple(
        replace(
            r,
            pairings=tuple(
                replace(p, result=Result.UNFINISHED) if p.result is None else p for p in r.pairings
            ),
        )
        for r in t.rounds
    )
    return replace(t, rounds=rounds)


def planned_rounds(t: Tournament, system: PairingSystem) -> int | None:
    """The number of rounds: the tournament's own, else what its system decides."""
    return t.number_of_rounds or system.planned_rounds(t)


def is_finished(t: Tournament, system: PairingSystem) -> bool:
    """Every planned round paired and every result in."""
    planned = planned_rounds(t, system)
    return planned == t.current_round and all(r.is_complete for r in t.rounds)


def check_next_round(t: Tournament, system: PairingSystem) -> None:
    """:raises StateError: when every planned round is paired already."""
    planned = planned_rounds(t, system)
    if planned is not None and t.next_round > planned:
        raise StateError(
            N_("all {planned} rounds have been paired; the tournament is over", planned=planned)
        )


def pair_next(t: Tournament, system: PairingSystem, progress: Progress | None = None) -> Round:
    """The next round of ``t`` by ``system``.

    :raises StateError: when every planned round is paired already.
    :raises NoValidPairingError: when the system finds no legal pairing, or a round without a
        single game (fewer than two players to pair): every system refuses that alike.
    """
    check_next_round(t, system)
    t = with_bans(t)
    rnd = pair_reporting(system, pending_as_unfinished(t), progress)
    if not any(not p.is_bye for p in rnd.pairings):
        present = sum(1 for p in t.players if p.is_available(t.next_round))
        raise NoValidPairingError(
            N_(
                "round {round}: fewer than two players to pair ({present} present)",
                round=t.next_round,
                present=present,
            )
        )
    lines = ban_lines(t, t.next_round) if honours_bans(system) else ()
    if lines:
        rnd = replace(rnd, explanation=(*lines, *rnd.explanation))
    return rnd


def honours_bans(system: PairingSystem) -> bool:
    """Whether ``system`` keeps forbidden pairs apart (the Swiss systems, which choose the
    pairs); a round robin's table and a knock-out's draw are fixed, and do not read them."""
    return bool(getattr(system, "honours_bans", False))


def with_bans(t: Tournament) -> Tournament:
    """``t`` with its group bans (clubmates, compatriots) read as pairing bans, which is how
    every pairing system reads them (:meth:`Tournament.pairing_bans`)."""
    if not t.group_bans:
        return t
    return replace(t, bans=t.pairing_bans(), group_bans=())


def ban_lines(t: Tournament, number: int) -> tuple[str, ...]:
    """The explanation's lines for the pairing bans in force in round ``number`` among the
    players to be paired: one line per ban, by name and start number."""
    here = {p.start_number for p in t.players if p.is_available(number)}
    out: list[str] = []
    seen: set[frozenset[int]] = set()
    for ban in t.pairing_bans():
        players = ban.players & here
        if ban.applies(number) and len(players) >= 2 and players not in seen:
            seen.add(players)
            out.append(
                N_(
                    "forbidden pairing (kept apart as if they had met): {players}",
                    players="; ".join(f"{t.player(n).name} ({n})" for n in sorted(players)),
                )
            )
    return tuple(out)


def pair_reporting(system: PairingSystem, t: Tournament, progress: Progress | None) -> Round:
    """``system.pair(t)``, telling ``progress`` how far it has come where the system can
    (:class:`~skak.pairing.base.ReportsProgress`: the Dutch system, bracket by bracket)."""
    if progress is not None and isinstance(system, ReportsProgress):
        return system.pair_reporting(t, progress)
    return system.pair(t)


def pairs_text(rnd: Round) -> str:
    """The engine output: the number of pairs, then ``white black`` per board, a bye as ``N 0``."""
    lines = [str(len(rnd.pairings))]
    lines += [f"{p.white} {p.black or 0}" for p in rnd.pairings]
    return "\n".join(lines) + "\n"


@dataclass(frozen=True, slots=True)
class RoundCheck:
    """How one round of a file compares with the system's own pairing of it."""

    round: int
    only_in_file: tuple[tuple[int, int, int], ...]  # (board, white, black)
    only_in_system: tuple[tuple[int, int], ...]  # (white, black)
    error: str | None = None
    #: Boards of earlier rounds whose results were corrected after this round was paired:
    #: ``(round, board)``. A difference is then expected: the file paired on the old result.
    corrected: tuple[tuple[int, int], ...] = ()

    @property
    def agrees(self) -> bool:
        return not (self.only_in_file or self.only_in_system or self.error)

    def describe(self) -> str:
        if self.error:
            return f"round {self.round}: {self.error}"
        if self.agrees:
            return f"round {self.round}: same pairing"
        parts = [f"board {b}: the file pairs {w}–{bl or 'bye'}" for b, w, bl in self.only_in_file]
        parts += [f"skak pairs {w}–{bl or 'bye'}" for w, bl in self.only_in_system]
        text = f"round {self.round} differs: " + "; ".join(parts)
        if self.corrected:
            boards = ", ".join(f"round {r} board {b}" for r, b in self.corrected)
            text += (
                f" — because {boards} {'was' if len(self.corrected) == 1 else 'were'} "
                f"corrected after round {self.round} was paired (it was paired on the old "
                "result)"
            )
        return text


def _games(pairs: Iterable[tuple[int, int]]) -> set[frozenset[int]]:
    """The games of a round regardless of colours (a bye as the pair with 0)."""
    return {frozenset(p) for p in pairs}


def _with_record(t: Tournament, number: int, mine: Round) -> Tournament:
    """``t`` with round ``number`` carrying the record of ``mine`` (skak's pairing of it)."""
    rounds = tuple(replace(r, record=mine.record) if r.number == number else r for r in t.rounds)
    return replace(t, rounds=rounds)


def _before(t: Tournament, number: int) -> Tournament:
    """``t`` as it stood before round ``number`` was paired, its known byes declared."""
    rnd = t.round(number)
    players = {p.start_number: p for p in t.players}
    for b in rnd.byes:
        p = players[b.player]
        attr = {Result.HALF_BYE: "half_bye_rounds", Result.FULL_BYE: "full_bye_rounds"}.get(
            b.result, "absent_rounds"
        )
        players[b.player] = replace(p, **{attr: getattr(p, attr) | {number}})
    return replace(t, rounds=t.rounds[: number - 1], players=tuple(players.values()))


def check_rounds(
    t: Tournament, system: PairingSystem, progress: Progress | None = None
) -> list[RoundCheck]:
    """Re-pair every round from the history before it and compare with the file.

    What is not history — the lot drawn before round 1 (the initial colour), the total number
    of rounds of a file that does not state it — a system may read from the whole file first
    (``as_checked``, the Dutch system does) and keep for every round it re-pairs.
    A round a file gives without the system's record (skak's own lines: a plain TRF, another
    program's file) takes the record of skak's re-pairing of it when that re-pairing has the
    same games — for a system that asks for it (``records_from_check``: Dubov's ``MovedUp``,
    which 2.5 counts in the later rounds); where they differ the round stays without one.
    ``progress`` is told ``(rounds checked, rounds)`` as the rounds are re-paired.
    """
    t = with_bans(t)
    as_checked = getattr(system, "as_checked", None)
    if as_checked is not None:
        t = as_checked(t)
    adopt = bool(getattr(system, "records_from_check", False))
    out = []
    for done, rnd in enumerate(t.rounds):
        if progress is not None:
            progress(done, len(t.rounds))
        in_file = {(p.white, p.black or 0): p.board for p in rnd.pairings}
        try:
            mine = system.pair(pending_as_unfinished(_before(t, rnd.number)))
        except NoValidPairingError as err:
            out.append(RoundCheck(rnd.number, (), (), f"no valid pairing: {err}"))
            continue
        ours = {(p.white, p.black or 0) for p in mine.pairings}
        if (
            adopt
            and rnd.record is None
            and mine.record is not None
            and _games(ours) == _games(in_file)
        ):
            t = _with_record(t, rnd.number, mine)
        corrected = tuple(
            (earlier.number, p.board)
            for earlier in t.rounds[: rnd.number - 1]
            for p in earlier.pairings
            if p.corrected_after is not None and p.corrected_after >= rnd.number
        )
        out.append(
            RoundCheck(
                rnd.number,
                tuple(sorted((b, w, bl) for (w, bl), b in in_file.items() if (w, bl) not in ours)),
                tuple(sorted(pair for pair in ours if pair not in in_file)),
                corrected=corrected,
            )
        )
    if progress is not None:
        progress(len(t.rounds), len(t.rounds))
    return out
