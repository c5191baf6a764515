"""The cup's rounds and ranking, DSU 003 §5.3 §2, §8–§9 and §5.4 §7.

**Team Monrad** (§2: "Til rundelægning benyttes monradsystemet", 4.9.1–4.9.2 applied to
teams): the start order is drawn by lot (§2; setting ``lot_seed``, else the order entered);
after each round the teams are re-placed by board points, the rows' first criterion (§8),
ties in the order of the previous placement. The best placed team meets the nearest
following one it has not met, with exchanges from the bottom when that does not go up —
the rule's order as :func:`skak.pairing.monrad.lex_first_matching` computes it for players.
With an odd number the lowest placed team without one has a free round (oversidder).

**Colours** (§8: "Hjemmeholdet har hvid på de lige brætter og udeholdet har hvid på de
ulige brætter"): 4.9.1's rule, team by team — the team that has had white on board 1 fewer
times has it (it is the visiting team); equal: the lower placed team.

**Ranking** (§8): board points (individuelle brætpoint), match points (2/1/0), the direct
encounter (indbyrdes kamp); for first place then §9's play-off. Other places still tied
are shared.

**§9's play-off** between two teams tied for first: (1) the team with more points in their
match; (2) if equal, a blitz match at once with the colours of each board swapped, a draw
scoring 1 for the player with black; (3) if still equal, board 1's point decides.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from skak.errors import NoValidPairingError, StateError
from skak.pairing.monrad import (
    LOOK_AHEAD_BUDGET,
    Constraints,
    first_pairing_keeping_future,
    lex_first_matching,
    rounds_pairable,
)
from skak.teams.cup import Cup, CupMatch, cup_match_points, score_cup_match
from skak.tiebreaks import draw_lots, exact_decimal

__all__ = [
    "CupRound",
    "CupStandingRow",
    "CupStandings",
    "PlayoffDecision",
    "cup_standings",
    "lot_order",
    "pair_cup_round",
    "placements",
    "playoff_decision",
    "team_scores",
]

ZERO = Fraction(0)
_BYE = 0


@dataclass(frozen=True, slots=True)
class CupRound:
    number: int
    matches: tuple[CupMatch, ...]
    bye: str | None
    explanation: tuple[str, ...]


def lot_order(cup: Cup) -> tuple[str, ...]:
    """§2: the start order by lot (with ``lot_seed``), else as the teams were entered."""
    names = [t.name for t in cup.teams]
    if not cup.settings.lot_seed:
        return tuple(names)
    drawn = draw_lots(cup.settings.lot_seed, f"cup:{cup.name}", range(1, len(names) + 1))
    return tuple(names[i - 1] for i in drawn)


def team_scores(cup: Cup, upto: int | None = None) -> dict[str, tuple[Fraction, Fraction]]:
    """Each team's board points and match points after round ``upto`` (default: all)."""
    out = {t.name: (ZERO, ZERO) for t in cup.teams}
    for m in cup.pairings:
        if upto is not None and m.round > upto:
            continue
        card = cup.card(m)
        if card is None:
            continue
        (a, b), _, _ = score_cup_match(cup, m, card)
        mps = cup_match_points(cup, m, card, (a, b))
        for team, own, got in ((m.first, a, mps[0]), (m.second, b, mps[1])):
            bp, mp = out[team]
            out[team] = (bp + own, mp + got)
    bye_bp, bye_mp = cup.settings.bye_points(cup.boards)
    for r, team in cup.byes:
        if upto is None or r <= upto:
            bp, mp = out[team]
            out[team] = (bp + bye_bp, mp + bye_mp)
    return out


def placements(cup: Cup, upto: int) -> tuple[str, ...]:
    """The placement (placering) after round ``upto``: board points, then the placement
    before (4.9.2)."""
    order = lot_order(cup)
    for r in range(1, upto + 1):
        scores = team_scores(cup, r)
        rank = {t: i for i, t in enumerate(order)}
        order = tuple(sorted(order, key=lambda t: (-scores[t][0], rank[t])))
    return order


def pair_cup_round(cup: Cup) -> CupRound:
    """The next round by team Monrad (see the module).

    :raises StateError: while results of the last round are missing, or every round is paired.
    :raises NoValidPairingError: when no pairing without a rematch exists.
    """
    number = cup.paired_rounds + 1
    missing = [f"{m.first}–{m.second}" for m in cup.pairings if cup.card(m) is None]
    if missing:
        raise StateError(f"round {number - 1} has no result yet for {', '.join(missing)}")
    if number > cup.rounds:
        raise StateError(f"all {cup.rounds} rounds of {cup.name} are paired")
    if len(cup.teams) < 2:
        raise NoValidPairingError(f"{cup.name} has fewer than two teams")
    order = placements(cup, number - 1)
    index = {t: i for i, t in enumerate(order, start=1)}
    met = {(index[m.first], index[m.second]) for m in cup.pairings}
    met |= {(b, a) for a, b in met}
    had_bye = {index[t] for _, t in cup.byes}
    field = list(range(1, len(order) + 1)) + ([_BYE] if len(order) % 2 else [])

    def allowed(a: int, b: int) -> bool:
        if _BYE in (a, b):
            return (a or b) not in had_bye
        return (a, b) not in met

    scores = team_scores(cup, number - 1)
    lines = [
        "placering: "
        + ", ".join(f"{i}. {t} ({exact_decimal(scores[t][0])})" for t, i in index.items())
    ]
    pairs, reopened = lex_first_matching(field, allowed)
    if pairs is None:
        raise NoValidPairingError(
            f"round {number} of {cup.name} cannot be paired without a rematch (omkamp)"
        )
    if reopened:
        lines.append(
            f"exchange (ombytning, 4.9.2): the last {reopened} pair(s) re-paired so that no team "
            "meets another twice"
        )
    pairs = _look_ahead(field, allowed, pairs, cup.rounds - number, number, lines)
    whites = {t: sum(1 for m in cup.pairings if m.first == t) for t in order}
    matches = []
    bye = None
    for pair in sorted(pairs, key=lambda p: min(x or len(field) + 1 for x in p)):
        top, low = sorted(pair, key=lambda x: x or len(field) + 1)
        if low == _BYE:
            bye = order[top - 1]
            lines.append(f"{bye} is the lowest placed team without one: free round (oversidder)")
            continue
        t, u = order[top - 1], order[low - 1]
        if whites[t] < whites[u]:
            first, why = t, f"{t} has had white on board 1 fewer times"
        elif whites[u] < whites[t]:
            first, why = u, f"{u} has had white on board 1 fewer times"
        else:
            first, why = u, "equal counts: the lower placed team has white on board 1"
        second = u if first == t else t
        matches.append(CupMatch(number, first, second))
        lines.append(
            f"{t} (placed {top}) meets {u} (placed {low}); {why}: {first} is the visiting team "
            "with white on the odd boards (5.3 §8)"
        )
    return CupRound(number, tuple(matches), bye, tuple(lines))


def _look_ahead(
    field: list[int],
    allowed: Callable[[int, int], bool],
    first: list[tuple[int, int]],
    remaining: int,
    number: int,
    lines: list[str],
) -> list[tuple[int, int]]:
    """4.9.2's advice, as the individual Monrad takes it (the same search,
    :func:`skak.pairing.monrad.first_pairing_keeping_future`): keep the remaining rounds
    pairable without rematches; the rule's pairing is changed only when it is proven to
    make that impossible, for the first one in the rule's order that does not."""
    if remaining <= 0:
        return first
    constraints = Constraints(
        {a: frozenset(b for b in field if b != a and not allowed(a, b)) for a in field}
    )
    kept = rounds_pairable(field, constraints.without(first), remaining, [LOOK_AHEAD_BUDGET])
    if kept is not False:
        return first
    found, complete = first_pairing_keeping_future(field, allowed, remaining, [LOOK_AHEAD_BUDGET])
    if found is not None:
        lines.append(
            f"look-ahead (4.9.2): after the rule's first pairing the remaining {remaining} "
            f"round(s) could not be paired without a rematch; round {number} takes the next "
            "pairing in the rule's order that keeps them possible"
        )
        return found
    lines.append(
        f"look-ahead (4.9.2): no pairing keeps all {remaining} remaining rounds possible"
        + ("" if complete else " within skak's search limit")
        + "; the rule's pairing is used"
    )
    return first


@dataclass(frozen=True, slots=True)
class PlayoffDecision:
    """§9's decision between two teams: the winner (``None`` while the blitz match is
    still to be played) and each step taken, in words."""

    winner: str | None
    steps: tuple[str, ...]


def playoff_decision(cup: Cup, a: str, b: str) -> PlayoffDecision:
    """§9 (and 5.4 §7) between the teams ``a`` and ``b`` tied for first place."""
    steps = []
    regular = next((m for m in cup.pairings if {m.first, m.second} == {a, b}), None)
    if regular is not None and (card := cup.card(regular)) is not None:
        (x, y), _, _ = score_cup_match(cup, regular, card)
        steps.append(
            f"§9 (1): their match {regular.first}–{regular.second} {exact_decimal(x)}-"
            f"{exact_decimal(y)}"
        )
        if x != y:
            return PlayoffDecision(regular.first if x > y else regular.second, tuple(steps))
        steps[-1] += ": equal"
    else:
        steps.append("§9 (1): they did not meet")
    blitz = next((c for c in reversed(cup.playoffs) if {c.first, c.second} == {a, b}), None)
    if blitz is None:
        steps.append(
            "§9 (2): a blitz match is to be played at once, colours swapped on each board, 6 "
            "minutes for white and 5 for black; enter it with 'skak cup playoff'"
        )
        return PlayoffDecision(None, tuple(steps))
    points = {blitz.first: ZERO, blitz.second: ZERO}
    first_board: str | None = None
    for board in sorted(blitz.boards, key=lambda x: x.board):
        white = blitz.first if board.board % 2 else blitz.second
        black = blitz.second if white == blitz.first else blitz.first
        if board.result == "½-½":
            gets = black
        elif board.result == "1-0":
            gets = blitz.first
        else:
            gets = blitz.second
        points[gets] += 1
        if board.board == 1:
            first_board = gets
    draws = sum(1 for x in blitz.boards if x.result == "½-½")
    steps.append(
        f"§9 (2): the blitz match {blitz.first}–{blitz.second} "
        f"{exact_decimal(points[blitz.first])}-{exact_decimal(points[blitz.second])} (win 1, "
        f"loss 0, a draw 1 to the player with black: {draws} draw(s))"
    )
    if points[blitz.first] != points[blitz.second]:
        winner = max(points, key=points.__getitem__)
        return PlayoffDecision(winner, tuple(steps))
    steps.append(f"§9 (3): equal; board 1's point decides: {first_board}")
    return PlayoffDecision(first_board, tuple(steps))


@dataclass(frozen=True, slots=True)
class CupStandingRow:
    rank: int
    team: str
    club: str
    board_points: Fraction
    match_points: Fraction
    shared: bool
    decided_by: str


@dataclass(frozen=True, slots=True)
class CupStandings:
    rows: tuple[CupStandingRow, ...]
    playoff: tuple[str, ...]
    explanation: tuple[str, ...]


def cup_standings(cup: Cup) -> CupStandings:
    """The row's standings (§8); ``playoff`` names two teams while §9's play-off for first
    place is still to be played."""
    scores = team_scores(cup)
    order = lot_order(cup)
    blocks: list[tuple[list[str], str]] = []
    lines = ["ranked by board points, match points, the direct encounter (5.3 §8)"]
    key = {t: scores[t] for t in order}
    for t in sorted(order, key=lambda t: (key[t][0], key[t][1]), reverse=True):
        if blocks and key[blocks[-1][0][0]] == key[t]:
            blocks[-1][0].append(t)
        else:
            # What placed the block below the one above: nothing but the score when its
            # board points are fewer (§8's first order); match points when those are equal.
            above = key[blocks[-1][0][0]] if blocks else None
            why = "match points" if above is not None and above[0] == key[t][0] else ""
            blocks.append(([t], why))
    ranked: list[tuple[str, bool, str]] = []
    playoff: tuple[str, ...] = ()
    for block, why in blocks:
        for i, (group, how) in enumerate(_direct(cup, block, lines)):
            first_place = not ranked
            reason = why if i == 0 else how
            if len(group) == 2 and first_place:
                decision = playoff_decision(cup, group[0], group[1])
                lines += [f"first place, {' and '.join(group)}: {s}" for s in decision.steps]
                if decision.winner is not None:
                    other = group[1] if decision.winner == group[0] else group[0]
                    ranked.append((decision.winner, False, reason))
                    ranked.append((other, False, "the play-off (omkamp, 5.3 §9)"))
                    continue
                playoff = tuple(group)
            elif len(group) > 2 and first_place:
                lines.append(
                    f"{', '.join(group)} are tied for first: §9's play-off is for two teams; "
                    "the tournament leader decides (5.3 §11)"
                )
            for t in group:
                ranked.append((t, len(group) > 1, reason))
    rows = []
    rank = 0
    for i, (t, shared, why) in enumerate(ranked, start=1):
        if not shared or i == 1 or not ranked[i - 2][1] or key[ranked[i - 2][0]] != key[t]:
            rank = i
        rows.append(
            CupStandingRow(rank, t, cup.team(t).club, scores[t][0], scores[t][1], shared, why)
        )
    return CupStandings(tuple(rows), playoff, tuple(lines))


def _direct(cup: Cup, teams: Sequence[str], lines: list[str]) -> list[tuple[list[str], str]]:
    """The tied ``teams`` ordered by their matches with each other (match points, then
    board points), when every two of them have met; else left tied."""
    if len(teams) == 1:
        return [([teams[0]], "")]
    mutual = [m for m in cup.pairings if m.first in teams and m.second in teams]
    pairs = {frozenset(m.teams()) for m in mutual if cup.card(m) is not None}
    if len(pairs) < len(teams) * (len(teams) - 1) // 2:
        lines.append(f"tied {', '.join(teams)}: not all have met, so no direct encounter")
        return [(list(teams), "")]
    mini = dict.fromkeys(teams, (ZERO, ZERO))
    for m in mutual:
        card = cup.card(m)
        assert card is not None
        (a, b), _, _ = score_cup_match(cup, m, card)
        mps = cup_match_points(cup, m, card, (a, b))
        for t, own, got in ((m.first, a, mps[0]), (m.second, b, mps[1])):
            mp, bp = mini[t]
            mini[t] = (mp + got, bp + own)
    out: list[tuple[list[str], str]] = []
    for t in sorted(teams, key=lambda t: mini[t], reverse=True):
        if out and mini[out[-1][0][0]] == mini[t]:
            out[-1][0].append(t)
        else:
            out.append(([t], "the direct encounter (indbyrdes kamp)"))
    if len(out) > 1:
        lines.append(
            f"tied {', '.join(teams)}: the direct encounter orders them "
            + "; ".join(f"{', '.join(g)}" for g, _ in out)
        )
    return out
