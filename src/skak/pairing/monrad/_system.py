"""Monrad as a pairing system, DSU 003 §4.9.1–4.9.2: the round's field (withdrawals, the
free round), the pairing with its exchanges and look-ahead, colours and the explanation.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from skak.errors import NoValidPairingError
from skak.messages import N_, Message, N_plural, Phrases
from skak.model.games import colour_history, entries_by_player, opponents
from skak.model.results import Colour, Result, Scoring, format_points
from skak.model.tournament import Bye, Pairing, Round, Tournament
from skak.pairing._graphs.pairability import MatchGraph, bits
from skak.pairing.base import SystemDefaults
from skak.pairing.monrad._matchings import (
    LOOK_AHEAD_BUDGET,
    Constraints,
    Pair,
    _Graph,
    _greedy,
    _rounds_pairable,
    first_keeping_future,
    lex_first_matching,
)
from skak.pairing.monrad._placements import MonradSettings, placements, points_before

__all__ = ["BYE", "SYSTEM", "MonradSystem"]

#: The free round's placeholder in the pairing order (a "player" number no one has).
BYE = 0


@dataclass(frozen=True, slots=True)
class _Field:
    """Who is paired in one round and under which constraints."""

    order: tuple[int, ...]  # the active players in placement order, then the placeholder
    placeholder: int | None  # BYE, a withdrawn player kept in (4.9.1), or None
    absent: tuple[Bye, ...]
    constraints: Constraints
    #: The other withdrawn players who took part, in placement order: paired among
    #: themselves for the rest of the tournament (4.9.1, "matches disse").
    matched: tuple[int, ...] = ()

    def allowed(self, a: int, b: int) -> bool:
        return self.constraints.allowed(a, b)


def _no_pairing(number: int, field: _Field) -> NoValidPairingError:
    """Name the players who cannot all get a new opponent (the Gallai–Edmonds set: players
    some maximum pairing leaves out) and the few they could still meet."""
    graph = _Graph(field.order, field.allowed)
    exact = MatchGraph(graph.adj)
    everyone = graph.everyone
    size = len(exact.maximum_matching(everyone))
    stuck = [
        n
        for i, n in enumerate(field.order)
        if len(exact.maximum_matching(everyone & ~(1 << i))) == size
    ]
    neighbours = {
        n: {graph.order[j] for j in bits(graph.adj[i])} for i, n in enumerate(graph.order)
    }
    partners = sorted({m for n in stuck for m in neighbours[n]} - set(stuck) - {BYE})
    names = [n for n in stuck if n != BYE]
    who = ", ".join(map(str, names))
    text = f"round {number} cannot be paired without a rematch (omkamp): players {who} "
    if partners:
        text += (
            "cannot all get an opponent they have not met; between them they could still meet "
            f"only {', '.join(map(str, partners))}"
        )
    else:
        text += "have met everyone they could still meet"
    if field.placeholder == BYE and BYE in stuck:
        text += "; nobody may have a second free round (oversidder)"
    return NoValidPairingError(text, names)


class MonradSystem(SystemDefaults[MonradSettings]):
    """DSU 003 §4.9.1–4.9.2: Monrad, with exchanges and look-ahead."""

    name = "monrad"
    #: Forbidden pairs (pairing bans) are kept apart as if they had met.
    honours_bans: bool = True
    title = N_("Monrad (Monrads turneringssystem, DSU 4.9.1)")
    default_scoring = Scoring()
    accepts_late_entries = True

    settings_type = MonradSettings

    def planned_rounds(self, tournament: Tournament) -> int | None:
        return None

    def pair(self, tournament: Tournament) -> Round:
        number = tournament.next_round
        order = placements(tournament)[number - 1]
        field = self._field(tournament, number, order)
        real = [n for n in field.order if n != BYE]
        if len(real) < 2:
            raise NoValidPairingError(
                f"round {number}: fewer than two players to pair ({len(real)} present)"
            )
        limit = len(field.order) - 1
        if number == 1 and (tournament.number_of_rounds or 0) > limit:
            raise NoValidPairingError(
                f"a Monrad of {len(real)} players has at most {limit} rounds without a rematch "
                f"(omkamp); the tournament is set to {tournament.number_of_rounds}"
            )
        found = lex_first_matching(field.order, field.allowed)
        if found[0] is None:
            raise _no_pairing(number, field)
        pairs, reopened = found
        notes: list[Message] = []
        remaining = self._remaining_rounds(tournament, number)
        if remaining and MonradSettings.of(tournament).look_ahead:
            pairs, notes = self._look_ahead(field, pairs, remaining, number)
        return self._round(tournament, number, field, pairs, reopened, notes)

    # -- the field -----------------------------------------------------------------------

    def _field(self, tournament: Tournament, number: int, order: Sequence[int]) -> _Field:
        players = {p.start_number: p for p in tournament.players}
        active = [n for n in order if players[n].is_available(number)]
        absent = tuple(
            Bye(n, result)
            for n in order
            if not players[n].is_withdrawn(number)
            and (result := players[n].declared_bye(number)) is not None
        )
        placeholder: int | None = None
        # Only a player who took part and then left "udgår af turneringen" (4.9.1).
        withdrawn = [
            p
            for p in tournament.players
            if p.withdrawn_from is not None and 1 < p.withdrawn_from <= number
        ]
        if len(active) % 2:
            if withdrawn:
                rank = {n: i for i, n in enumerate(order)}
                first = min(
                    withdrawn,
                    key=lambda p: (p.withdrawn_from, -rank.get(p.start_number, len(rank))),
                )
                placeholder = first.start_number
            else:
                placeholder = BYE
            active.append(placeholder)
        in_round = frozenset(active)
        forfeits = MonradSettings.of(tournament).forfeits_count_as_met
        forbidden: dict[int, set[int]] = {
            n: set(opponents(tournament, n, include_forfeits=forfeits) & in_round)
            for n in active
            if n != BYE
        }
        for ban in tournament.bans:
            if ban.applies(number):
                for a in ban.players & in_round:
                    if a in forbidden:
                        forbidden[a] |= (ban.players & in_round) - {a, placeholder}
        if placeholder is not None:
            # A free round, or a forfeit win from the withdrawn player kept in: nobody twice.
            players_by_number = {p.start_number: p for p in tournament.players}
            free = {
                e.player
                for es in entries_by_player(tournament).values()
                for e in es
                if e.result is Result.PAIRING_BYE
                or (
                    e.opponent is not None
                    and players_by_number[e.opponent].is_withdrawn(e.round)
                    and e.result
                    is (
                        Result.WHITE_FORFEIT_WIN
                        if e.colour is Colour.WHITE
                        else Result.BLACK_FORFEIT_WIN
                    )
                )
            } & in_round
            # The withdrawn player kept in is still someone his former opponents have met.
            forbidden[placeholder] = forbidden.get(placeholder, set()) | free
            for a in forbidden[placeholder]:
                forbidden[a].add(placeholder)
        constraints = Constraints({a: frozenset(b) for a, b in forbidden.items()})
        gone = {p.start_number for p in withdrawn} - {placeholder}
        late = sorted(gone - set(order))
        matched = tuple(n for n in (*order, *late) if n in gone)
        return _Field(tuple(active), placeholder, absent, constraints, matched)

    @staticmethod
    def _matched_pairs(
        tournament: Tournament, matched: Sequence[int]
    ) -> tuple[list[Pair], int | None]:
        """4.9.1: "Udgår et lige antal spillere af turneringen matches disse i resten af
        turneringen": the withdrawn players (other than the one kept in) are paired among
        themselves, in placement order, each with the nearest following one he has not met
        over the board when that goes up, else simply in placement order (the games are never
        played, so meeting again harms nobody). With an odd number the lowest placed is left
        over (a field that was odd from the start)."""
        players = list(matched)
        left = players.pop() if len(players) % 2 else None
        met = {n: opponents(tournament, n) for n in players}
        found, _ = lex_first_matching(players, lambda a, b: b not in met[a])
        if found is None:
            found = [(players[i], players[i + 1]) for i in range(0, len(players), 2)]
        return found, left

    @staticmethod
    def _remaining_rounds(tournament: Tournament, number: int) -> int:
        """Rounds still to pair after this one (one, the next round, when no total is set)."""
        if tournament.number_of_rounds is None:
            return 1
        return max(0, tournament.number_of_rounds - number)

    # -- look-ahead ----------------------------------------------------------------------

    def _look_ahead(
        self, field: _Field, first: list[Pair], remaining: int, number: int
    ) -> tuple[list[Pair], list[Message]]:
        """Keep the future pairable: all ``remaining`` rounds where skak can decide it within
        its search limit, else at least the next round. The rule's pairing is changed only
        when it is *proven* to make that impossible, and the note says which claim holds."""
        everyone = frozenset(field.order)
        low = min(field.constraints.degree(a, everyone) for a in field.order)
        if 2 * (low - remaining) >= len(field.order):
            return first, []  # Dirac: every remaining round can be paired whatever happens
        graph = _Graph(field.order, field.allowed)
        at = {n: i for i, n in enumerate(field.order)}
        first_at = [(at[a], at[b]) for a, b in first]
        budget = [LOOK_AHEAD_BUDGET]
        after_first = graph.without(first_at)
        deep = _rounds_pairable(after_first, remaining, budget, {})
        if deep:
            return first, []
        nxt = N_("round {round}", round=number + 1)
        next_ok: bool | None
        if remaining == 1:
            next_ok = deep
        else:
            next_ok = _rounds_pairable(after_first, 1, [LOOK_AHEAD_BUDGET], {})
        notes: list[Message] = []
        if deep is False and remaining > 1:
            found, complete = first_keeping_future(graph, remaining, [LOOK_AHEAD_BUDGET])
            if found is not None:
                every = N_("all {count} remaining rounds", count=remaining)
                return self._moved(graph, found, first, every)
            if complete:
                notes.append(
                    N_(
                        "look-ahead: the remaining {count} rounds cannot all be paired without "
                        "rematches whatever this round's pairing is",
                        count=remaining,
                    )
                )
            else:
                notes.append(
                    N_(
                        "look-ahead: the remaining {count} rounds cannot all be paired without "
                        "rematches after any pairing skak examined within its search limit",
                        count=remaining,
                    )
                )
        elif deep is None:
            notes.append(
                N_(
                    "look-ahead: within its search limit skak could not decide whether all "
                    "{count} remaining rounds can be paired",
                    count=remaining,
                )
            )
        if next_ok:
            if not notes:
                return first, []
            return first, [*notes, N_("look-ahead: {round} can be paired", round=nxt)]
        found, complete = first_keeping_future(graph, 1, [LOOK_AHEAD_BUDGET])
        if found is not None:
            chosen, moved = self._moved(graph, found, first, nxt)
            return chosen, [*notes, *moved]
        if complete:
            claim = N_(
                "look-ahead (4.9.2): {round} cannot be paired without a rematch whatever this "
                "round's pairing is; the rule's pairing is used",
                round=nxt,
            )
        else:
            claim = N_(
                "look-ahead (4.9.2): {round} could not be kept pairable by any pairing skak "
                "examined within its search limit; the rule's pairing is used",
                round=nxt,
            )
        return first, [*notes, claim]

    @staticmethod
    def _moved(
        graph: _Graph, found: list[tuple[int, int]], first: list[Pair], what: Message
    ) -> tuple[list[Pair], list[Message]]:
        chosen = graph.named(found)
        changed = sorted({n for p in chosen if p not in first for n in p} - {BYE})
        return chosen, [
            N_(
                "look-ahead (4.9.2): after the rule's first pairing {what} could not be paired "
                "without a rematch; skak took the next pairing in the rule's order that keeps "
                "it possible (exchanged: players {players})",
                what=what,
                players=", ".join(map(str, changed)),
            )
        ]

    # -- the round -----------------------------------------------------------------------

    def _round(
        self,
        tournament: Tournament,
        number: int,
        field: _Field,
        pairs: list[Pair],
        reopened: int,
        notes: list[Message],
    ) -> Round:
        rank = {n: i + 1 for i, n in enumerate(field.order)}
        points = points_before(tournament, number)
        pts = {n: points.get(n, Fraction(0)) for n in field.order}
        whites = {
            n: sum(1 for c in colour_history(tournament, n) if c is Colour.WHITE)
            for n in (*field.order, *field.matched)
            if n != BYE
        }
        games: list[Pairing] = []
        bye_player: int | None = None
        order = ", ".join(
            f"{rank[n]}. {n} ({format_points(pts[n])})" for n in field.order if n != BYE
        )
        lines = [N_("placering: {order}", order=order)]
        if reopened:
            lines.append(
                N_plural(
                    "exchange (ombytning, 4.9.2): the last pair and the players left over were "
                    "re-paired so that nobody meets an opponent twice; the players keep their "
                    "placement",
                    "exchange (ombytning, 4.9.2): the last {n} pairs and the players left over "
                    "were re-paired so that nobody meets an opponent twice; the players keep "
                    "their placement",
                    reopened,
                )
            )
        lines.extend(notes)
        greedy_pairs, _ = _greedy(field.order, field.allowed)
        greedy_set = set(greedy_pairs)
        for a, b in sorted(pairs, key=lambda p: rank[p[0]]):
            top, low = (a, b) if rank[a] < rank[b] else (b, a)
            how = (
                N_("the nearest following player he has not met")
                if (top, low) in greedy_set
                else N_("after the exchange")
                if reopened
                else N_("changed by the look-ahead")
            )
            if low == BYE:
                bye_player = top
                lines.append(
                    N_("{player} is the lowest placed without a free round: oversidder", player=top)
                )
                continue
            if low == field.placeholder:
                games.append(Pairing(len(games) + 1, top, low, Result.WHITE_FORFEIT_WIN))
                lines.append(
                    N_(
                        "board {board}: {player} meets {withdrawn}, the first player to "
                        "withdraw, kept in as the lowest placed (4.9.1): won by forfeit",
                        board=len(games),
                        player=top,
                        withdrawn=low,
                    )
                )
                continue
            if whites[top] != whites[low]:
                fewer, more = (top, low) if whites[top] < whites[low] else (low, top)
                white, black = fewer, more
                why = N_(
                    "{player} has had white fewer times ({whites} vs {other})",
                    player=fewer,
                    whites=whites[fewer],
                    other=whites[more],
                )
            else:
                white, black = low, top
                why = N_("{both}: the lower placed has white", both=_both_whites(whites[top]))
            games.append(Pairing(len(games) + 1, white, black))
            lines.append(
                N_(
                    "board {board}: {player} (placed {place}) meets {opponent} (placed "
                    "{opponent_place}), {how}; {why}",
                    board=len(games),
                    player=top,
                    place=rank[top],
                    opponent=low,
                    opponent_place=rank[low],
                    how=how,
                    why=why,
                )
            )
        if field.matched:
            lines.extend(self._matched(tournament, field, games, whites))
        if bye_player is not None:
            games.append(Pairing(len(games) + 1, bye_player, None, Result.PAIRING_BYE))
        lines.extend(
            N_(
                "{player}: {result}, declared before the pairing",
                player=d.player,
                result=d.result.label,
            )
            for d in field.absent
        )
        return Round(number, tuple(games), byes=field.absent, explanation=tuple(lines))

    def _matched(
        self,
        tournament: Tournament,
        field: _Field,
        games: list[Pairing],
        whites: dict[int, int],
    ) -> list[Message]:
        """The withdrawn players' boards (4.9.1), entered in advance as lost by both."""
        pairs, left = self._matched_pairs(tournament, field.matched)
        place = {n: i for i, n in enumerate(field.matched)}
        since = {p.start_number: p.withdrawn_from for p in tournament.players}
        withdrawn = Phrases(
            ", ",
            [N_("{player} (from round {round})", player=n, round=since[n]) for n in field.matched],
        )
        lines = [
            N_(
                "withdrawn (udgået) players {players}: paired among themselves for the rest of "
                "the tournament (4.9.1: 'Udgår et lige antal spillere af turneringen matches "
                "disse i resten af turneringen'); the games are not played and are entered in "
                "advance as lost by both (--)",
                players=withdrawn,
            )
        ]
        for a, b in pairs:
            top, low = (a, b) if place[a] < place[b] else (b, a)
            white, black = (top, low) if whites[top] < whites[low] else (low, top)
            games.append(Pairing(len(games) + 1, white, black, Result.DOUBLE_FORFEIT))
            lines.append(
                N_(
                    "board {board}: {white}–{black}, both withdrawn: -- (4.9.1)",
                    board=len(games),
                    white=white,
                    black=black,
                )
            )
        if left is not None:
            lines.append(
                N_(
                    "{player}: withdrawn, with no withdrawn player left to be paired with "
                    "(4.9.1); not paired",
                    player=left,
                )
            )
        return lines


SYSTEM = MonradSystem()


def _both_whites(count: int) -> Message:
    """Two players' equal number of whites in words."""
    if count == 0:
        return N_("neither has had white yet")
    if count == 1:
        return N_("both have had white once")
    return N_("both have had white {count} times", count=count)
