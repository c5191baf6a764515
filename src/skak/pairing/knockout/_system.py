"""DSU's knock-out as a pairing system (003 §4.9.7): one game slot per tournament round.

:meth:`KnockoutSystem.pair` pairs the next game of every undecided match of the current
bracket round, colours by lot for a stage's first game and reversed after that, and writes
round 1's draw into the round's record.
"""

from __future__ import annotations

import random
from dataclasses import replace

from skak.errors import NoValidPairingError
from skak.messages import N_, Phrases
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
        return N_("nobody")
    return N_("player {number} ({name})", number=player, name=tournament.player(player).name)


def _colours(ko: Knockout, match: Match, stage: Stage, number: int) -> tuple[int, int, str]:
    """White and black of the next game: by lot for a stage's first game, else reversed."""
    a, b = match.players
    assert a is not None
    assert b is not None
    if number > 1:
        last = match.games[-1]
        return last.black, last.white, N_("colours reversed from the previous game")
    rng = random.Random(f"{ko.lot}|colours|{match.bracket_round}|{match.number}|{stage.value}")
    white, black = (a, b) if rng.randrange(2) == 0 else (b, a)
    return white, black, N_("colours drawn by lot (lodtrækning om farven)")


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
        lines: list[str] = [
            N_("DSU knock-out (003 §4.9.7): {name}, game slot {number}", name=name, number=number)
        ]
        if number == 1:
            lines += _draw_lines(tournament, ko)
        pairings: list[Pairing] = []
        for match, outcome in zip(current, outcomes, strict=True):
            if outcome.decided:
                if match.players[0] is not None and match.players[1] is not None:
                    lines.append(
                        N_(
                            "{match} is decided: {player} {how}",
                            match=match.where,
                            player=_who(tournament, outcome.winner),
                            how=outcome.how,
                        )
                    )
                continue
            assert outcome.next is not None
            stage, game_no, count = outcome.next
            white, black, how = _colours(ko, match, stage, game_no)
            board = len(pairings) + 1
            result = pre_entered_result(tournament, number, white, black)
            pairings.append(Pairing(board, white, black, result))
            if result is None:
                line = N_(
                    "board {board}: {name}, {match}: {stage}, game {game} of {count}; {how}",
                    board=board,
                    name=name,
                    match=match.where,
                    stage=stage.label,
                    game=game_no,
                    count=count,
                    how=how,
                )
            else:
                line = N_(
                    "board {board}: {name}, {match}: {stage}, game {game} of {count}; {how}; "
                    "pre-entered {result}: a player is withdrawn or absent",
                    board=board,
                    name=name,
                    match=match.where,
                    stage=stage.label,
                    game=game_no,
                    count=count,
                    how=how,
                    result=result.label,
                )
            lines.append(line)
        record = KnockoutDraw(ko.seeded, ko.draw) if number == 1 else None
        return Round(number, tuple(pairings), explanation=tuple(lines), record=record)


def _draw_lines(tournament: Tournament, ko: Knockout) -> list[str]:
    """The seeding and the draw in words (start numbers only); round 1's record holds them."""
    seeds = ", ".join(f"{i}: {n}" for i, n in enumerate(ko.seeded, start=1))
    places = Phrases(
        ", ",
        (
            N_("{draw}: bye", draw=d) if n is None else f"{d}: {n}"
            for d, n in enumerate(ko.draw, start=1)
        ),
    )
    lines: list[str] = [
        N_("seeds (seedning by DSU rating, title, FIDE rating, lot): {seeds}", seeds=seeds),
        N_(
            "draw numbers (lodtrækningsnumre) by lot within the seed groups: {places}",
            places=places,
        ),
        N_(
            "the draw numbers fix the whole knock-out (003 §4.9.7): later rounds follow this "
            "draw, whatever ratings or players are corrected after this round"
        ),
    ]
    for seed, player in enumerate(ko.seeded[: len(ko.draw) - len(ko.seeded)], start=1):
        lines.append(
            N_(
                "seed {seed}, {player}, goes through without a game (bye)",
                seed=seed,
                player=_who(tournament, player),
            )
        )
    return lines


SYSTEM = KnockoutSystem()
