"""The FIDE Swiss system of 1998 behind the ``PairingSystem`` protocol: the round's pairs,
colours (E), board order (F1) and explanation."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from skak.messages import N_
from skak.model.results import Colour, Result, Scoring, format_points
from skak.model.tournament import Bye, Pairing, Round, Tournament
from skak.pairing.base import SystemDefaults
from skak.pairing.dutch1998._cards import Card, Dutch1998Settings, round_cards
from skak.pairing.dutch1998._colours import allocate
from skak.pairing.dutch1998._procedure import EXCHANGE_LIMIT, GroupNote, Procedure, StageNote
from skak.pairing.dutch1998._search import NODE_LIMIT, SearchLog

__all__ = ["SYSTEM", "Dutch1998System", "board_order", "initial_colour"]

_WORD = {Colour.WHITE: "white", Colour.BLACK: "black"}
_RULE = {
    "B1": "B1: the other colour would break a colour limit",
    "E1": "E1: both preferences granted",
    "E2": "E2: the stronger preference granted",
    "E3": "E3: the opposite of the latest round in which their colours differed",
    "E4": "E4: the higher-ranked player's preference",
}


def initial_colour(t: Tournament) -> Colour:
    """The colour of odd start numbers in S1 in round 1 (A7's lot, E4; TRF ``XXC``): the
    tournament's, else read off round 1, else white."""
    if t.initial_colour is not None:
        return t.initial_colour
    if t.rounds:
        for p in t.rounds[0].pairings:
            if p.black is not None:
                top = min(p.white, p.black)
                colour = Colour.WHITE if top == p.white else Colour.BLACK
                return colour if top % 2 else colour.opposite
    return Colour.WHITE


def board_order(games: Sequence[tuple[Card, Card]]) -> list[tuple[Card, Card]]:
    """F1: the boards by the higher player's score, then both players' scores together,
    then the higher player's ranking (A2)."""

    def key(game: tuple[Card, Card]) -> tuple[object, ...]:
        hi, lo = sorted(game, key=lambda c: (-c.score, c.rank))
        return (-hi.score, -(hi.score + lo.score), hi.rank)

    return sorted(games, key=key)


@dataclass(frozen=True, slots=True)
class Dutch1998System(SystemDefaults[Dutch1998Settings]):
    """FIDE's Swiss system based on rating, as adopted in 1998 (DSU 003 §4.9.5)."""

    name: str = "dutch-1998"
    #: Forbidden pairs (pairing bans) are kept apart as if they had met.
    honours_bans: bool = True
    title: str = N_("FIDE Swiss system of 1998 (FIDE schweizer, DSU 4.9.5)")
    accepts_late_entries: bool = True
    default_scoring: Scoring = field(default_factory=Scoring)
    settings_type = Dutch1998Settings

    def planned_rounds(self, tournament: Tournament) -> int | None:
        return tournament.number_of_rounds

    def as_checked(self, tournament: Tournament) -> Tournament:
        """For ``skak engine --check``: the lot's colour read off round 1 and, for a file
        without a number of rounds, its rounds taken as all (A7 and B2's last-round rule)."""
        out = tournament
        if out.initial_colour is None and out.rounds:
            out = replace(out, initial_colour=initial_colour(out))
        if out.number_of_rounds is None and out.rounds:
            out = replace(out, number_of_rounds=len(out.rounds))
        return out

    def pair(self, tournament: Tournament) -> Round:
        number = tournament.next_round
        byes = tuple(
            Bye(p.start_number, result)
            for p in tournament.players
            if not p.is_withdrawn(number) and (result := p.declared_bye(number)) is not None
        )
        cards = round_cards(tournament)
        if not cards:
            return Round(number, (), byes, ("nobody to pair",))
        procedure = Procedure(cards)
        pairs, bye = procedure.run()
        initial = initial_colour(tournament)
        games: list[tuple[Card, Card]] = []
        rules: dict[int, str] = {}
        for a, b in pairs:
            ca, cb = cards[a], cards[b]
            higher = min(ca, cb, key=lambda c: (-c.score, c.rank))
            colour, rule = allocate(ca, cb, initial, higher)
            game = (ca, cb) if colour is Colour.WHITE else (cb, ca)
            games.append(game)
            rules[game[0].number] = rule
        ordered = board_order(games)
        pairings = [Pairing(i, w.number, b.number) for i, (w, b) in enumerate(ordered, start=1)]
        pairings += [
            Pairing(len(pairings) + 1, cards[v].number, None, Result.PAIRING_BYE) for v in bye
        ]
        lines = _explain(cards, procedure.notes, ordered, rules, procedure.log)
        return Round(number, tuple(pairings), byes, tuple(lines))


def _who(c: Card) -> str:
    return f"{c.name} ({c.number})"


def _listing(cards: Sequence[Card], vs: Sequence[int]) -> str:
    return ", ".join(_who(cards[v]) for v in vs) or "nobody"


def _stage_lines(cards: Sequence[Card], st: StageNote) -> list[str]:
    def nums(vs: Sequence[int]) -> str:
        return "-".join(str(cards[v].number) for v in vs) or "–"

    if not st.s1 and not st.s2:
        return []
    head = f"{st.part}: S1 {nums(st.s1)}, S2 {nums(st.s2)}, p = {st.p}"
    if st.p < st.p_full:
        head += f" (C14: {st.p_full - st.p} pair(s) fewer)"
    out = [head + f"; {st.level.describe()} (A8: x = {st.x} at the start)"]
    if st.exchange is not None:
        out1, out2 = st.exchange
        out.append(f"exchange (D2, C8): {nums(out1)} of S1 with {nums(out2)} of S2")
    untransposed = tuple(st.s2)
    if st.order != untransposed:
        out.append(f"S2 transposed (D1, C7) to {nums(st.order)}")
    return out


_REDONE = {
    "C12": "paired again (C12): the next score group could not pair its moved-down players",
    "C13": "paired again (C13): the lowest score group could not be paired",
}


def _explain(
    cards: Sequence[Card],
    notes: Sequence[GroupNote],
    games: Sequence[tuple[Card, Card]],
    rules: dict[int, str],
    log: SearchLog,
) -> list[str]:
    lines: list[str] = []
    for note in notes:
        pts = format_points(note.score)
        kind = "homogeneous" if note.homogeneous else "heterogeneous"
        if note.joined:
            scores = ", ".join(format_points(s) for s in (note.score, *note.joined))
            head = (
                f"score groups {scores} joined into one lowest score group (C13: the lowest "
                f"could not be paired, and no pairing of the one above let it; A3, {kind}): "
                f"{len(note.residents)} player(s)"
            )
        else:
            head = f"score group {pts} (A3, {kind}): {len(note.residents)} player(s) with {pts}"
        if note.mdps:
            head += "; moved down into it: " + ", ".join(
                f"{_who(cards[v])} with {format_points(cards[v].score)}" for v in note.mdps
            )
        lines.append(head)
        if note.moved:
            lines.append(
                f"moved down at once, nobody here to meet under B1 (C1): "
                f"{_listing(cards, note.moved)}"
            )
        if note.redone:
            before = _listing(cards, note.replaced) if note.replaced else "none"
            lines.append(
                f"{_REDONE[note.redone]} with the floaters this group had ({before}); its next "
                "pairing in the procedure's order that lets it is taken"
            )
        for st in note.stages:
            lines += _stage_lines(cards, st)
        if note.set_aside:
            lines.append(
                f"S1 without {_listing(cards, note.set_aside)} (C14 with C1: no pairing of "
                "all the higher moved-down players exists, so the one(s) nobody here can be "
                "paired with are left out of S1)"
            )
        if note.last and note.floaters:
            lines.append(
                f"bye (A5): {_listing(cards, note.floaters)}, left over in the lowest score "
                "group; one point and a downfloat, no earlier bye or win without playing (B1)"
            )
        elif note.floaters:
            lines.append(f"floaters moved down (A4 ↓): {_listing(cards, note.floaters)}")
    if log.exact_orders:
        lines.append(
            f"the search for S2's order (D1) passed {NODE_LIMIT} steps {log.exact_orders} "
            "time(s) and was finished by an exact matching test (the same order; no criterion "
            "relaxed)"
        )
    if log.long_exchanges:
        lines.append(
            f"the exchanges (D2) were read past the first {EXCHANGE_LIMIT} "
            f"{len(log.long_exchanges)} time(s), because a matching test had shown that a later "
            "one could succeed (no criterion relaxed)"
        )
    for white, black in games:
        if white.score != black.score:
            hi, lo = (white, black) if white.score > black.score else (black, white)
            lines.append(
                f"{_who(hi)} floats down (↓) and {_who(lo)} up (↑) against each other (A4)"
            )
        rule = rules[white.number]
        lines.append(
            f"{_who(white)} – {_who(black)}: white to {white.number}, preferences "
            f"{white.preference_mark}/{black.preference_mark} ({_RULE[rule]})"
        )
    return lines


SYSTEM = Dutch1998System()
