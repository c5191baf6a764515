"""Dansk Schweizer as a pairing system: the round's field, start numbers by strength,
acceleration, player "X", colours and the explanation (DSU 003 §4.9.3 rules 1–3, 7 and 10).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Literal

from skak.errors import NoValidPairingError
from skak.messages import N_, Message
from skak.model.games import entries_by_player, opponents
from skak.model.player import Player
from skak.model.records import StartOrder
from skak.model.results import Colour, Result, Scoring, format_points
from skak.model.tournament import Bye, Pairing, Round, Tournament
from skak.pairing._graphs.pairability import MatchGraph, bits
from skak.pairing._words import colour_word
from skak.pairing.base import SystemDefaults
from skak.pairing.dansk._colours import ColourCard, allocate, met
from skak.pairing.dansk._compose import IS_X, NONE, WANTS_BLACK, WANTS_WHITE, PairValue
from skak.pairing.dansk._legacy import old_start_order
from skak.pairing.dansk._pulje import PairNote, PuljePairer
from skak.pairing.settings import Settings, setting

__all__ = [
    "ORDER_LINE",
    "SYSTEM",
    "DanskSettings",
    "DanskSystem",
    "X",
    "acceleration_points",
    "colour_history",
    "seeding_order",
    "start_order",
    "strength",
]

#: Player "X" (2.1), the weakest player of an odd field; meeting him scores 1 and counts as
#: having had white (2.2). Start numbers begin at 1, so 0 is free.
X = 0


def strength(tournament: Tournament, player: Player) -> int | None:
    """The rating that decides the start numbers (3.1): the DSU rating of the tournament's
    kind (standard, rapid or blitz), else the standard DSU rating, else the FIDE rating."""
    kind = tournament.rated_kind.dsu_rating_field
    for value in (player.rating(kind), player.ratings.dsu, player.ratings.fide):
        if value is not None:
            return value
    return None


@dataclass(frozen=True)
class DanskSettings(Settings):
    """Dansk Schweizer's settings (DSU 003 §4.9.3–4.9.4)."""

    seeding: Literal["rating", "start-number"] = setting(
        "rating",
        "'rating' (start numbers by strength, 3.1) or 'start-number' (the start numbers are "
        "given by strength already)",
    )
    acceleration_groups: int = setting(
        0, "0 (none) or 2 or more (rule 10)", valid=lambda n: n == 0 or n >= 2
    )
    acceleration_rounds: int = setting(
        0, "0 (every round) or a round count (rule 10)", valid=lambda n: n >= 0
    )
    colour_choice: Literal["compositions", "straight"] = setting(
        "compositions",
        "'compositions' (5.2: of the compositions the rules allow, the one meeting most colour "
        "preferences) or 'straight' (4.9.4: each a-player meets the strongest b-player he has "
        "not met)",
    )
    forfeits_count_as_met: bool = setting(False, "yes or no (a forfeited game counts as met, 1.2)")


#: The line of every round's explanation that shows the start numbers by strength (3.1); the
#: round's record (:class:`~skak.model.records.StartOrder`) keeps them.
ORDER_LINE = "start order (3.1, kept for the whole tournament; place: player (rating)): "


def _strength_key(start_number: int, rating: int | None) -> tuple[bool, int, int]:
    return rating is None, -(rating or 0), start_number


def _format_order(order: Sequence[tuple[int, int | None]]) -> Message:
    places = ", ".join(
        f"{i}: {n} ({'-' if r is None else r})" for i, (n, r) in enumerate(order, start=1)
    )
    return N_(
        "start order (3.1, kept for the whole tournament; place: player (rating)): {order}",
        order=places,
    )


def start_order(tournament: Tournament) -> tuple[tuple[int, int | None], ...]:
    """The start numbers by strength (3.1), strongest first, each with the rating that placed
    him (``None`` unrated or with ``seeding=start-number``).

    3.1 gives the start numbers once ("de tilmeldte spillere tildeles fortløbende startnumre")
    and 4.9.4 keeps them "under hele turneringen", so the order is fixed when round 1 is paired:
    every round keeps it as its record (:class:`~skak.model.records.StartOrder`) and the next
    round reads it back from the latest record, so a rating corrected later changes nothing. A
    player not in the record (a late entry, sen tilmelding) is slotted in by his rating when he
    is first paired, before the first recorded player with a lower rating (unrated last, equal
    ratings by skak's start number). Without a record (round 1, or rounds paired by another
    program) the order follows the current ratings.
    """
    players = sorted(tournament.players, key=lambda p: p.start_number)
    if DanskSettings.of(tournament).seeding == "start-number":
        return tuple((p.start_number, None) for p in players)
    current = sorted(
        ((p.start_number, strength(tournament, p)) for p in players),
        key=lambda item: _strength_key(*item),
    )
    recorded = next(
        (r.record.order for r in reversed(tournament.rounds) if isinstance(r.record, StartOrder)),
        None,
    )
    if recorded is None:
        return tuple(current)
    present = {p.start_number for p in players}
    order = [(n, r) for n, r in recorded if n in present]
    known = {n for n, _ in order}
    for n, r in current:
        if n in known:
            continue
        key = _strength_key(n, r)
        place = next((i for i, item in enumerate(order) if _strength_key(*item) > key), len(order))
        order.insert(place, (n, r))
    return tuple(order)


def seeding_order(tournament: Tournament) -> tuple[int, ...]:
    """The start numbers by strength (3.1: "den stærkeste får nr. 1"), strongest first, fixed
    for the whole tournament once round 1 is paired (:func:`start_order`).

    With the setting ``seeding=rating`` (the default) players are ordered by
    :func:`strength`, unrated players last, equal ratings by skak's start number; with
    ``seeding=start-number`` skak's start numbers are taken as given by strength.
    """
    return tuple(n for n, _ in start_order(tournament))


def _round_one_field(tournament: Tournament) -> set[int]:
    if tournament.rounds:
        first = tournament.rounds[0]
        return {n for p in first.pairings for n in p.players} | {b.player for b in first.byes}
    return {
        p.start_number
        for p in tournament.players
        if not p.is_withdrawn(1) and (p.late_from is None or p.late_from <= 1)
    }


def acceleration_points(tournament: Tournament, number: int) -> dict[int, Fraction]:
    """Extra pairing points in round ``number`` (rule 10), by start number.

    With ``acceleration-groups=g`` (2 or more) the field of round 1, by strength, is cut into
    ``g`` groups as equal as possible (the stronger groups take the extra players); the
    weakest group gets 0 points, the next 1 and so on (a point is a win's points), in the
    first ``acceleration-rounds`` rounds, or in every round when that is 0. A player who
    joins later belongs to the group of the nearest stronger player. Points a player carries
    for the round (TRF acceleration records, :attr:`Player.accelerations`) are added.
    """
    out = {
        p.start_number: sum((pts for r, pts in p.accelerations if r == number), Fraction(0))
        for p in tournament.players
    }
    settings = DanskSettings.of(tournament)
    groups, rounds = settings.acceleration_groups, settings.acceleration_rounds
    if groups < 2 or (rounds and number > rounds):
        return out
    order = seeding_order(tournament)
    field = _round_one_field(tournament)
    ranked = [n for n in order if n in field]
    if not ranked:
        return out
    size, extra = divmod(len(ranked), groups)
    group_of: dict[int, int] = {}
    k = 0
    for g in range(groups):
        for _ in range(size + (1 if g < extra else 0)):
            group_of[ranked[k]] = g
            k += 1
    current = 0
    for n in order:
        current = group_of.get(n, current)
        out[n] += (groups - 1 - current) * tournament.scoring.win
    return out


def colour_history(tournament: Tournament, player: int) -> tuple[Colour, ...]:
    """The colours of ``player``'s games in round order for Dansk Schweizer: a game against X
    (a pairing-allocated bye) counts as white (2.2); forfeits and absences are left out."""
    out: list[Colour] = []
    for e in entries_by_player(tournament).get(player, ()):
        if e.colour is not None and (e.result is None or e.result.is_played):
            out.append(e.colour)
        elif e.result is Result.PAIRING_BYE:
            out.append(Colour.WHITE)
    return tuple(out)


@dataclass(frozen=True, slots=True)
class _Field:
    """Who is paired in the round, in pairing order (points, then start number by strength)."""

    number: int
    order: tuple[int, ...]  # start numbers, X last when the field is odd
    points: dict[int, Fraction]  # pairing points, acceleration included
    real: dict[int, Fraction]  # pairing points without acceleration
    rank: dict[int, int]  # start number by strength (3.1)
    start: tuple[tuple[int, int | None], ...]  # the start order with ratings, for the record
    cards: dict[int, ColourCard]
    byes: tuple[Bye, ...]
    exception: frozenset[int]  # last round: players above 50 % (the strong-preference exception)


def _label(n: int) -> str:
    return "X" if n == X else str(n)


class DanskSystem(SystemDefaults[DanskSettings]):
    """DSU 003 §4.9.3–4.9.4: Dansk Schweizer."""

    name = "dansk"
    #: Forbidden pairs (pairing bans) are kept apart as if they had met.
    honours_bans: bool = True
    title = N_("Dansk Schweizer (DSU 4.9.3, Danish Swiss system by strength)")
    default_scoring = Scoring()
    accepts_late_entries = True
    settings_type = DanskSettings

    def recover_record(self, tournament_before: Tournament, rnd: Round) -> Round:
        """A round stored before rounds had records: the start order, read from the line of
        its explanation that held it (:mod:`skak.pairing.dansk._legacy`).

        :raises NoValidPairingError: when that line cannot be read.
        """
        if rnd.record is not None:
            return rnd
        order = old_start_order(rnd.explanation, rnd.number)
        return rnd if order is None else replace(rnd, record=order)

    def planned_rounds(self, tournament: Tournament) -> int | None:
        return None

    # -- the field -----------------------------------------------------------------------

    def _field(self, tournament: Tournament) -> _Field:
        number = tournament.next_round
        recorded = start_order(tournament)
        seeding = tuple(n for n, _ in recorded)
        rank = {n: i + 1 for i, n in enumerate(seeding)}
        players = {p.start_number: p for p in tournament.players}
        active = [n for n in seeding if players[n].is_available(number)]
        byes = tuple(
            Bye(n, result)
            for n in sorted(players)
            if not players[n].is_withdrawn(number)
            and (result := players[n].declared_bye(number)) is not None
        )
        scoring = tournament.scoring
        by_player = entries_by_player(tournament)
        real = {
            n: sum(
                (e.pairing_points(scoring) for e in by_player.get(n, ()) if e.round < number),
                Fraction(0),
            )
            for n in active
        }
        extra = acceleration_points(tournament, number)
        points = {n: real[n] + extra.get(n, Fraction(0)) for n in active}
        order = sorted(active, key=lambda n: (-points[n], rank[n]))
        if len(order) % 2:
            order.append(X)
            points[X] = real[X] = Fraction(0)
            rank[X] = len(seeding) + 1
        cards = {
            n: ColourCard.of(
                _label(n),
                colour_history(tournament, n) if n != X else (),
                points[n],
                rank[n],
            )
            for n in order
        }
        exception: frozenset[int] = frozenset()
        if tournament.number_of_rounds == number:
            half = (number - 1) * scoring.win / 2
            exception = frozenset(n for n in active if real[n] > half)
        return _Field(number, tuple(order), points, real, rank, recorded, cards, byes, exception)

    def _graph(self, tournament: Tournament, field: _Field) -> MatchGraph:
        """Who may meet whom (1.2 no rematch; a pairing ban; no two strong preferences for the
        same colour, except the last-round exception; X only for a player who has not met X
        and may have white)."""
        order = field.order
        pos = {n: i for i, n in enumerate(order)}
        full = (1 << len(order)) - 1
        strong = {Colour.WHITE: 0, Colour.BLACK: 0}
        for i, n in enumerate(order):
            pref = field.cards[n].preference
            if pref.strong and pref.colour is not None:
                strong[pref.colour] |= 1 << i
        above = sum(1 << pos[n] for n in field.exception)
        x_pos = pos.get(X)
        had_x = {
            e.player
            for es in entries_by_player(tournament).values()
            for e in es
            if e.result is Result.PAIRING_BYE
        }
        banned: dict[int, set[int]] = {}
        for ban in tournament.bans:
            if ban.applies(field.number):
                for a in ban.players:
                    banned.setdefault(a, set()).update(ban.players - {a})
        forfeits = DanskSettings.of(tournament).forfeits_count_as_met
        adj = [0] * len(order)
        for i, n in enumerate(order):
            if n == X:
                continue
            forbid = 1 << i
            met_before = opponents(tournament, n, include_forfeits=forfeits)
            for o in met_before | banned.get(n, set()):
                if o in pos:
                    forbid |= 1 << pos[o]
            pref = field.cards[n].preference
            if pref.strong and pref.colour is not None:
                same = strong[pref.colour]
                if above >> i & 1:
                    same &= ~above
                forbid |= same
            if x_pos is not None and (n in had_x or (pref.strong and pref.colour is Colour.BLACK)):
                forbid |= 1 << x_pos
            adj[i] = full & ~forbid
        if x_pos is not None:
            adj[x_pos] = sum(1 << i for i in range(len(order)) if adj[i] >> x_pos & 1)
            for i in range(len(order)):
                if i != x_pos and not adj[x_pos] >> i & 1:
                    adj[i] &= ~(1 << x_pos)
        return MatchGraph(adj)

    # -- colours -------------------------------------------------------------------------

    def _colours(self, field: _Field, x: int, y: int) -> tuple[Colour, Message]:
        """The colour ``x`` gets against ``y`` (both real players) and why (7.2–7.4)."""
        cx, cy = field.cards[x], field.cards[y]
        return allocate(cx, cy, exception=x in field.exception and y in field.exception)

    def _value(self, field: _Field) -> tuple[PairValue, list[int]]:
        cache: dict[tuple[int, int], tuple[int, int, int]] = {}
        order = field.order

        def value(i: int, j: int) -> tuple[int, int, int]:
            key = (i, j)
            if key not in cache:
                x, y = order[i], order[j]
                if X in (x, y):
                    card = field.cards[y if x == X else x]
                    pref = card.preference
                    hit = pref.colour is Colour.WHITE
                    cache[key] = (int(hit), int(hit and pref.strong), 0)
                else:
                    cx, cy = field.cards[x], field.cards[y]
                    if not cx.history and not cy.history:
                        cache[key] = (0, 0, 0)
                    else:
                        colour, _ = self._colours(field, x, y)
                        count, strong = met(cx, cy, colour)
                        wanted = int(cx.preference.strong) + int(cy.preference.strong)
                        cache[key] = (count, strong, wanted - strong)
            return cache[key]

        kinds = []
        for n in order:
            pref = field.cards[n].preference.colour
            kinds.append(
                IS_X
                if n == X
                else NONE
                if pref is None
                else WANTS_WHITE
                if pref is Colour.WHITE
                else WANTS_BLACK
            )
        return value, kinds

    # -- pairing -------------------------------------------------------------------------

    def pair(self, tournament: Tournament) -> Round:
        field = self._field(tournament)
        number = field.number
        real_players = [n for n in field.order if n != X]
        if len(real_players) < 2:
            raise NoValidPairingError(
                f"round {number}: fewer than two players to pair ({len(real_players)} present)",
                real_players,
            )
        graph = self._graph(tournament, field)
        everyone = (1 << len(field.order)) - 1
        if not graph.can_pair(everyone):
            self._no_pairing(graph, field)
        value, kinds = self._value(field)
        pairer = PuljePairer(
            graph,
            [field.points[n] for n in field.order],
            value,
            kinds,
            [_label(n) for n in field.order],
            straight=DanskSettings.of(tournament).colour_choice == "straight",
        )
        notes, pulje_lines = pairer.pair_round()
        return self._round(tournament, field, notes, pulje_lines)

    def _no_pairing(self, graph: MatchGraph, field: _Field) -> None:
        everyone = (1 << len(field.order)) - 1
        matching = graph.maximum_matching(everyone)
        stuck = [field.order[i] for i in bits(everyone) if i not in matching]
        real = sorted(n for n in stuck if n != X)
        names = ", ".join(map(str, real)) or "none"
        extra = " (and X: nobody left may have a free round)" if X in stuck else ""
        raise NoValidPairingError(
            f"round {field.number} of Dansk Schweizer cannot be paired without a rematch (1.2) "
            f"or a broken strong colour preference (stærk farvepræference): players {names}"
            f"{extra} cannot all get an opponent",
            real,
        )

    def _round(
        self,
        tournament: Tournament,
        field: _Field,
        notes: Sequence[PairNote],
        pulje_lines: Sequence[Message],
    ) -> Round:
        number = field.number
        lines: list[Message] = [self._header(tournament, field)]
        lines.extend(self._context(tournament, field))
        lines.extend(pulje_lines)
        games: list[tuple[int, int, str, Message]] = []  # white, black, how, colour reason
        bye: tuple[int, str] | None = None
        for note in notes:
            x, y = field.order[note.high], field.order[note.low]
            if X in (x, y):
                bye = (y if x == X else x, note.how)
                continue
            if number == 1:
                colour_x, why = self._first_round(note)
            else:
                colour_x, why = self._colours(field, x, y)
            white, black = (x, y) if colour_x is Colour.WHITE else (y, x)
            games.append((white, black, note.how, why))
        if number == 1 and games and tournament.initial_colour is not None:
            top = field.order[notes[0].high]
            top_white = games[0][0] == top
            if top_white != (tournament.initial_colour is Colour.WHITE):
                games = [
                    (
                        b,
                        w,
                        how,
                        N_("{why} (colours of round 1 turned by the drawn colour)", why=why),
                    )
                    for w, b, how, why in games
                ]
                lines.append(
                    N_("round 1: the colour drawn for the top player turns every board's colours")
                )
        pairings: list[Pairing] = []
        for board, (white, black, how, why) in enumerate(games, start=1):
            pairings.append(Pairing(board, white, black))
            lines.append(
                N_(
                    "board {board}: {white}–{black}: {how}; colour: {why}",
                    board=board,
                    white=white,
                    black=black,
                    how=how,
                    why=why,
                )
            )
        if bye is not None:
            player, how = bye
            pairings.append(Pairing(len(pairings) + 1, player, None, Result.PAIRING_BYE))
            lines.append(
                N_(
                    "board {board}: {player} meets X ({how}); scores 1 point and counts as "
                    "having had white (2.2)",
                    board=len(pairings),
                    player=player,
                    how=how,
                )
            )
        lines.extend(
            N_(
                "{player}: {result}, declared before the pairing",
                player=b.player,
                result=b.result.label,
            )
            for b in field.byes
        )
        return Round(
            number,
            tuple(pairings),
            byes=field.byes,
            explanation=tuple(lines),
            record=StartOrder(field.start),
        )

    @staticmethod
    def _first_round(note: PairNote) -> tuple[Colour, Message]:
        """7.1: in round 1 the weakest of gruppe b has white, the next weakest black, and so
        on; a pair that is not an a–b pair gives the weaker player white."""
        if note.b_from_bottom is None:
            return Colour.BLACK, N_("round 1 (7.1 by analogy): the weaker player has white")
        b_white = note.b_from_bottom % 2 == 1
        place = note.b_from_bottom
        which = (
            N_("the weakest") if place == 1 else N_("number {place} from the bottom", place=place)
        )
        return (
            Colour.BLACK if b_white else Colour.WHITE,
            N_(
                "7.1: round 1, the b-player is {which} of gruppe b, so he has {colour}",
                which=which,
                colour=colour_word(Colour.WHITE if b_white else Colour.BLACK),
            ),
        )

    def _header(self, tournament: Tournament, field: _Field) -> Message:
        real = [n for n in field.order if n != X]
        if X in field.order:
            return N_(
                "Dansk Schweizer (DSU 4.9.3), round {round}: {count} players; an odd number, so "
                "X joins as the weakest player (2.1)",
                round=field.number,
                count=len(real),
            )
        return N_(
            "Dansk Schweizer (DSU 4.9.3), round {round}: {count} players",
            round=field.number,
            count=len(real),
        )

    def _context(self, tournament: Tournament, field: _Field) -> list[Message]:
        lines: list[Message] = []
        real = [n for n in field.order if n != X]
        strongest = sorted(real, key=lambda n: field.rank[n])
        if strongest != sorted(real):
            lines.append(
                N_(
                    "start numbers by strength (3.1), strongest first: {players}",
                    players=", ".join(map(str, strongest)),
                )
            )
        lines.append(_format_order(field.start))
        settings = DanskSettings.of(tournament)
        groups, rounds = settings.acceleration_groups, settings.acceleration_rounds
        if groups > 4 and rounds == 0:
            lines.append(
                N_(
                    "acceleration (10): {groups} groups kept for the whole tournament; the rule "
                    "advises at most 4 ('Fastholdes rundelægningspointene i hele turneringen "
                    "bør der højst anvendes 4 grupper')",
                    groups=groups,
                )
            )
        if settings.forfeits_count_as_met:
            lines.append(N_("forfeited games count as met (1.2; setting forfeits-count-as-met)"))
        extra = {n: field.points[n] - field.real[n] for n in real}
        if any(extra.values()):
            lines.append(
                N_(
                    "acceleration (10): pairing points added this round: {added}",
                    added=", ".join(
                        f"{n} +{format_points(v)}" for n, v in sorted(extra.items()) if v
                    ),
                )
            )
        unfinished = any(
            e.result is Result.UNFINISHED
            for es in entries_by_player(tournament).values()
            for e in es
        )
        if unfinished:
            lines.append(N_("unfinished games count as draws until they are finished (1.1)"))
        gone = sorted(p.start_number for p in tournament.players if p.is_withdrawn(field.number))
        if gone:
            lines.append(
                N_(
                    "withdrawn, so out of the pairing (1.3): {players}",
                    players=", ".join(map(str, gone)),
                )
            )
        if field.exception:
            lines.append(
                N_(
                    "last round: players above 50 % may meet although a strong colour "
                    "preference is not met: {players}",
                    players=", ".join(map(str, sorted(field.exception))),
                )
            )
        return lines


SYSTEM = DanskSystem()
