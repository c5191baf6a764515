"""The knock-out as its rounds say it stands: the bracket drawn before round 1, every game of
the rounds so far in its match, and the whole bracket as JSON-ready data (``skak knockout
status``). Everything (who is in which match, the score, the stage, who won) is read off the
rounds, never stored apart from round 1's draw.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from skak.errors import NoValidPairingError
from skak.model.results import format_points
from skak.model.tournament import Tournament
from skak.pairing.knockout._bracket import Json, bracket_round_name
from skak.pairing.knockout._draw import fixed_draw
from skak.pairing.knockout._matches import (
    Game,
    KnockoutSettings,
    Match,
    MatchFormat,
    Outcome,
    Withdrawn,
    evaluate,
)

__all__ = ["Knockout", "bracket_state", "replay"]


@dataclass(frozen=True)
class Knockout:
    lot: int | str
    fmt: MatchFormat
    seeded: tuple[int, ...]
    draw: tuple[int | None, ...]
    rounds: tuple[tuple[Match, ...], ...]
    withdrawn: Withdrawn
    #: Outcomes already worked out: a replay asks for the same match after every round.
    cache: dict[Match, Outcome] = field(default_factory=dict, compare=False, repr=False)

    def outcome(self, match: Match) -> Outcome:
        if match not in self.cache:
            self.cache[match] = evaluate(match, self.fmt, self.withdrawn)
        return self.cache[match]

    @property
    def finished(self) -> bool:
        current = self.rounds[-1]
        return len(current) == 1 and self.outcome(current[0]).decided


def _next_bracket_round(ko_rounds: list[tuple[Match, ...]], ko: Knockout, start: int) -> bool:
    """Add the next bracket round when every match of the current one is decided."""
    current = ko_rounds[-1]
    if len(current) == 1:
        return False
    outcomes = [ko.outcome(m) for m in current]
    if not all(o.decided for o in outcomes):
        return False
    ko_rounds.append(
        tuple(
            Match(
                current[0].bracket_round + 1,
                j + 1,
                current[2 * j].first,
                current[2 * j + 1].last,
                (outcomes[2 * j].winner, outcomes[2 * j + 1].winner),
                start,
            )
            for j in range(len(current) // 2)
        )
    )
    return True


def replay(tournament: Tournament) -> Knockout:
    """The bracket, drawn as :func:`~skak.pairing.knockout._draw.fixed_draw` says, with every
    game of the rounds so far in its match.

    :raises NoValidPairingError: when a round holds a game that is no game of an undecided
        match (a result was corrected after the next game was paired, or the rounds were
        not paired by this system).
    """
    settings = KnockoutSettings.of(tournament)
    fmt = settings.match_format
    lot = settings.lot(tournament)
    seeded, draw = fixed_draw(tournament, lot)

    def withdrawn(player: int, round_number: int) -> bool:
        return tournament.player(player).is_withdrawn(round_number)

    first = tuple(
        Match(1, j + 1, 2 * j + 1, 2 * j + 2, (draw[2 * j], draw[2 * j + 1]), 1)
        for j in range(len(draw) // 2)
    )
    ko = Knockout(lot, fmt, seeded, draw, (first,), withdrawn)
    ko_rounds = [first]
    for rnd in tournament.rounds:
        while _next_bracket_round(ko_rounds, ko, rnd.number):
            pass
        current = list(ko_rounds[-1])
        owner: dict[int, int] = {}
        for index, match in enumerate(current):
            if not ko.outcome(match).decided:
                owner.update({p: index for p in match.players if p is not None})
        for p in rnd.pairings:
            i = owner.get(p.white)
            if p.black is None or i is None or owner.get(p.black) != i:
                raise NoValidPairingError(
                    f"round {rnd.number} board {p.board}: {p.white}–{p.black or 'bye'} is no "
                    "game of an undecided match of the knock-out as drawn before round 1; was "
                    "a result corrected after the next game was paired, or were the rounds "
                    "paired by another system?",
                    p.players,
                )
            game = Game(rnd.number, p.board, p.white, p.black, p.result)
            current[i] = replace(current[i], games=(*current[i].games, game))
        ko_rounds[-1] = tuple(current)
    while _next_bracket_round(ko_rounds, ko, tournament.next_round):
        pass
    return replace(ko, rounds=tuple(ko_rounds))


def bracket_state(tournament: Tournament) -> Json:
    """The whole bracket as the rounds say it stands, as JSON-ready data: every match of every
    bracket round with its players, games, score, stage and winner (future matches with the
    players known so far).

    :raises NoValidPairingError: as :meth:`KnockoutSystem.pair` for a field or rounds that make
        no knock-out.
    """
    ko = replay(tournament)
    rounds: list[list[Json]] = []
    previous: list[int | None] | None = None
    size = len(ko.draw)
    for k in range(1, size.bit_length()):
        if k <= len(ko.rounds):
            matches = ko.rounds[k - 1]
        else:
            assert previous is not None
            matches = tuple(
                Match(
                    k,
                    j + 1,
                    j * 2**k + 1,
                    (j + 1) * 2**k,
                    (previous[2 * j], previous[2 * j + 1]),
                    tournament.next_round,
                )
                for j in range(size // 2**k)
            )
        views = [_match_view(ko, m, k <= len(ko.rounds)) for m in matches]
        previous = [v["winner"] if v["status"] == "decided" else None for v in views]
        rounds.append(views)
    final = ko.outcome(ko.rounds[-1][0]) if ko.finished else None
    return {
        "system": "knockout",
        "players": len(ko.seeded),
        "size": size,
        "byes": size - len(ko.seeded),
        "seeds": [
            {"seed": s, "player": n, "draw_number": ko.draw.index(n) + 1}
            for s, n in enumerate(ko.seeded, start=1)
        ],
        "rounds": [
            {"round": k, "name": bracket_round_name(len(r) * 2), "matches": r}
            for k, r in enumerate(rounds, start=1)
        ],
        "finished": ko.finished,
        "winner": final.winner if final else None,
    }


def _match_view(ko: Knockout, match: Match, started: bool) -> Json:
    outcome = ko.outcome(match) if started else Outcome(False)
    if outcome.decided:
        status = "decided"
    elif not started:
        status = "not started"
    else:
        status = "playing" if match.games else "waiting"
    labels = outcome.labels
    games = [
        {
            "round": g.round,
            "board": g.board,
            "white": g.white,
            "black": g.black,
            "result": str(g.result) if g.result is not None else None,
            "stage": labels[i][0].value if i < len(labels) else None,
            "game": labels[i][1] if i < len(labels) else None,
        }
        for i, g in enumerate(match.games)
    ]
    stage = outcome.next[0] if outcome.next else (labels[-1][0] if labels else None)
    return {
        "match": match.number,
        "draw_numbers": [match.first, match.last],
        "players": list(match.players),
        "games": games,
        "score": [format_points(s) for s in outcome.score],
        "stage": stage.value if stage else None,
        "status": status,
        "winner": outcome.winner,
        "how": outcome.how,
    }
