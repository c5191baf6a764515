"""DSU's knock-out as a pairing system (003 §4.9.7): one game slot per tournament round.

:meth:`KnockoutSystem.pair` pairs the next game of every undecided match of the current
bracket round, colours by lot for a stage's first game and reversed after that, and writes
round 1's draw into the round's record.
"""

from __future__ import annotations

import random
from dataclasses import replace

from skak.errors import NoValidPairingError
from skak.messages import N_
from skak.model.records import KnockoutDraw
from skak.model.results import Scoring
from skak.model.tournament import Pairing, Round, Tournament
from skak.pairing.base import SystemDefaults, pre_entered_result
from skak.pairing.knockout._bracket import bracket_round_name
from skak.pairing.knockout._legacy import old_draw
from skak.pairing.knockout._matches import KnockoutSettings, Match, Stage
from skak.pairing.knockout._replay import Knockout, replay

__all__ = ["SYSTEM", "KnockoutSystem"]


def _who(tournament: Tournament, player: int | None) -> str:
    if player is None:
        return "nobody"
    return f"player {player} ({tournament.player(player).name})"


def _colours(ko: Knockout, match: Match, stage: Stage, number: int) -> tuple[int, int, str]:
    """White and black of the next game: by lot for a stage's first game, else reversed."""
    a, b = match.players
    assert a is not None
    assert b is not None
    if number > 1:
        last = match.games[-1]
        return last.black, last.white, "colours reversed from the previous game"
    rng = random.Random(f"{ko.lot}|colours|{match.bracket_round}|{match.number}|{stage.value}")
    white, black = (a, b) if rng.randrange(2) == 0 else (b, a)
    return white, black, "colours drawn by lot (lodtrækning om farven)"


class KnockoutSystem(SystemDefaults[KnockoutSettings]):
    """DSU 003 §4.9.7: DSU's knock-out system, one game slot per round."""

    name = "knockout"
    title = N_("DSU's knock-out system (DSU's Knock Out system), matches with play-offs")
    default_scoring = Scoring()
    #: The bracket is drawn before round 1.
    accepts_late_entries = False
    settings_type = KnockoutSettings

    def recover_record(self, tournament_before: Tournament, rnd: Round) -> Round:
        """Round 1 stored before rounds had records: its draw, read from the two lines of its
        explanation that held it (:mod:`skak.pairing.knockout._legacy`).

        :raises NoValidPairingError: when those lines cannot be read.
        """
        if rnd.record is not None or tournament_before.rounds or rnd.number != 1:
            return rnd
        draw = old_draw(rnd.explanation)
        return rnd if draw is None else replace(rnd, record=draw)

    def planned_rounds(self, tournament: Tournament) -> int | None:
        """Unknown in advance: play-offs add game slots."""
        return None

    def pair(self, tournament: Tournament) -> Round:
        ko = replay(tournament)
        number = tournament.next_round
        current = ko.rounds[-1]
        places = 2 * len(current)
        name = bracket_round_name(places)
        if ko.finished:
            final = ko.outcome(current[0])
            if final.winner is None:
                raise NoValidPairingError(
                    f"the knock-out is finished without a winner: {final.how}"
                )
            raise NoValidPairingError(
                f"the knock-out is finished: {_who(tournament, final.winner)} won the final "
                f"({final.how})"
            )
        outcomes = [ko.outcome(m) for m in current]
        waiting = [(m, o) for m, o in zip(current, outcomes, strict=True) if o.pending]
        if waiting:
            boards = "; ".join(
                f"round {r} board {b} ({m.where} of the {name})"
                for m, o in waiting
                for r, b in o.pending
            )
            raise NoValidPairingError(
                f"the next game of a match depends on a game without a final result: {boards}; "
                "enter its result first",
                [p for m, _ in waiting for p in m.players if p is not None],
            )
        lines = [f"DSU knock-out (003 §4.9.7): {name}, game slot {number}"]
        if number == 1:
            lines += _draw_lines(tournament, ko)
        pairings: list[Pairing] = []
        for match, outcome in zip(current, outcomes, strict=True):
            if outcome.decided:
                if match.players[0] is not None and match.players[1] is not None:
                    lines.append(
                        f"{match.where} is decided: {_who(tournament, outcome.winner)} "
                        f"{outcome.how}"
                    )
                continue
            assert outcome.next is not None
            stage, game_no, count = outcome.next
            white, black, how = _colours(ko, match, stage, game_no)
            board = len(pairings) + 1
            result = pre_entered_result(tournament, number, white, black)
            pairings.append(Pairing(board, white, black, result))
            line = (
                f"board {board}: {name}, {match.where}: {stage.label}, "
                f"game {game_no} of {count}; {how}"
            )
            if result is not None:
                line += f"; pre-entered {result.label}: a player is withdrawn or absent"
            lines.append(line)
        record = KnockoutDraw(ko.seeded, ko.draw) if number == 1 else None
        return Round(number, tuple(pairings), explanation=tuple(lines), record=record)


def _draw_lines(tournament: Tournament, ko: Knockout) -> list[str]:
    """The seeding and the draw in words (start numbers only); round 1's record holds them."""
    seeds = ", ".join(f"{i}: {n}" for i, n in enumerate(ko.seeded, start=1))
    places = ", ".join(f"{d}: {'bye' if n is None else n}" for d, n in enumerate(ko.draw, start=1))
    lines = [
        f"seeds (seedning by DSU rating, title, FIDE rating, lot): {seeds}",
        f"draw numbers (lodtrækningsnumre) by lot within the seed groups: {places}",
        "the draw numbers fix the whole knock-out (003 §4.9.7): later rounds follow this draw, "
        "whatever ratings or players are corrected after this round",
    ]
    for seed, player in enumerate(ko.seeded[: len(ko.draw) - len(ko.seeded)], start=1):
        lines.append(f"seed {seed}, {_who(tournament, player)}, goes through without a game (bye)")
    return lines


SYSTEM = KnockoutSystem()
