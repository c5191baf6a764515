"""The FIDE Swiss system of 1998 behind the ``PairingSystem`` protocol: the round's pairs,
colours (E), board order (F1) and explanation."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from skak.messages import N_, Message, N_plural, Phrases
from skak.model.results import Colour, Result, Scoring, format_points
from skak.model.tournament import Bye, Pairing, Round, Tournament
from skak.pairing._words import players_count, points_count
from skak.pairing.base import SystemDefaults
from skak.pairing.dutch1998._cards import Card, Dutch1998Settings, round_cards
from skak.pairing.dutch1998._colours import allocate
from skak.pairing.dutch1998._procedure import EXCHANGE_LIMIT, GroupNote, Procedure, StageNote
from skak.pairing.dutch1998._search import NODE_LIMIT, SearchLog

__all__ = ["SYSTEM", "Dutch1998System", "board_order", "initial_colour"]

_WORD = {Colour.WHITE: "white", Colour.BLACK: "black"}


def _rule(rule: str) -> Message:
    """The colour rule that decided a board (B1, E1–E4)."""
    return {
        "B1": N_("B1: the other colour would break a colour limit"),
        "E1": N_("E1: both preferences granted"),
        "E2": N_("E2: the stronger preference granted"),
        "E3": N_("E3: the opposite of the latest round in which their colours differed"),
        "E4": N_("E4: the higher-ranked player's preference"),
    }[rule]


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
    return ", ".join(_who(cards[v]) for v in vs) or N_("nobody")


def _stage_lines(cards: Sequence[Card], st: StageNote) -> list[Message]:
    def nums(vs: Sequence[int]) -> str:
        return "-".join(str(cards[v].number) for v in vs) or "–"

    if not st.s1 and not st.s2:
        return []
    if st.p < st.p_full:
        head = N_plural(
            "{part}: S1 {s1}, S2 {s2}, p = {p} (C14: {n} pair fewer); {level} (A8: x = {x} at "
            "the start)",
            "{part}: S1 {s1}, S2 {s2}, p = {p} (C14: {n} pairs fewer); {level} (A8: x = {x} at "
            "the start)",
            st.p_full - st.p,
            part=_part(st.part),
            s1=nums(st.s1),
            s2=nums(st.s2),
            p=st.p,
            level=st.level.describe(),
            x=st.x,
        )
    else:
        head = N_(
            "{part}: S1 {s1}, S2 {s2}, p = {p}; {level} (A8: x = {x} at the start)",
            part=_part(st.part),
            s1=nums(st.s1),
            s2=nums(st.s2),
            p=st.p,
            level=st.level.describe(),
            x=st.x,
        )
    out = [head]
    if st.exchange is not None:
        out1, out2 = st.exchange
        out.append(
            N_(
                "exchange (D2, C8): {out1} of S1 with {out2} of S2",
                out1=nums(out1),
                out2=nums(out2),
            )
        )
    untransposed = tuple(st.s2)
    if st.order != untransposed:
        out.append(N_("S2 transposed (D1, C7) to {order}", order=nums(st.order)))
    return out


def _part(part: str) -> str:
    """A stage's name, as the procedure calls it."""
    words = {
        "remainder": N_("remainder"),
        "moved-down players": N_("moved-down players"),
        "score group": N_("score group"),
    }
    return words.get(part, part)


def _redone(rule: str, before: str) -> Message:
    if rule == "C12":
        return N_(
            "paired again (C12): the next score group could not pair its moved-down players "
            "with the floaters this group had ({before}); its next pairing in the procedure's "
            "order that lets it is taken",
            before=before,
        )
    return N_(
        "paired again (C13): the lowest score group could not be paired with the floaters this "
        "group had ({before}); its next pairing in the procedure's order that lets it is taken",
        before=before,
    )


def _explain(
    cards: Sequence[Card],
    notes: Sequence[GroupNote],
    games: Sequence[tuple[Card, Card]],
    rules: dict[int, str],
    log: SearchLog,
) -> list[Message]:
    lines: list[Message] = []
    for note in notes:
        pts = format_points(note.score)
        kind = N_("homogeneous") if note.homogeneous else N_("heterogeneous")
        players = players_count(len(note.residents))
        if note.joined:
            scores = ", ".join(format_points(s) for s in (note.score, *note.joined))
            head = N_(
                "score groups {scores} joined into one lowest score group (C13: the lowest "
                "could not be paired, and no pairing of the one above let it; A3, {kind}): "
                "{players}",
                scores=scores,
                kind=kind,
                players=players,
            )
        else:
            head = N_(
                "score group {score} (A3, {kind}): {players} with {points}",
                score=pts,
                kind=kind,
                players=players,
                points=points_count(note.score),
            )
        if note.mdps:
            moved = Phrases(
                ", ",
                [
                    N_(
                        "{player} with {score}",
                        player=_who(cards[v]),
                        score=format_points(cards[v].score),
                    )
                    for v in note.mdps
                ],
            )
            head = N_("{head}; moved down into it: {moved}", head=head, moved=moved)
        lines.append(head)
        if note.moved:
            lines.append(
                N_(
                    "moved down at once, nobody here to meet under B1 (C1): {players}",
                    players=_listing(cards, note.moved),
                )
            )
        if note.redone:
            before = _listing(cards, note.replaced) if note.replaced else N_("none")
            lines.append(_redone(note.redone, before))
        for st in note.stages:
            lines += _stage_lines(cards, st)
        if note.set_aside:
            lines.append(
                N_(
                    "S1 without {players} (C14 with C1: no pairing of all the higher moved-down "
                    "players exists, so the one(s) nobody here can be paired with are left out "
                    "of S1)",
                    players=_listing(cards, note.set_aside),
                )
            )
        if note.last and note.floaters:
            lines.append(
                N_(
                    "bye (A5): {players}, left over in the lowest score group; one point and a "
                    "downfloat, no earlier bye or win without playing (B1)",
                    players=_listing(cards, note.floaters),
                )
            )
        elif note.floaters:
            lines.append(
                N_(
                    "floaters moved down (A4 ↓): {players}",
                    players=_listing(cards, note.floaters),
                )
            )
    if log.exact_orders:
        lines.append(
            N_plural(
                "the search for S2's order (D1) passed {limit} steps {n} time and was finished "
                "by an exact matching test (the same order; no criterion relaxed)",
                "the search for S2's order (D1) passed {limit} steps {n} times and was finished "
                "by an exact matching test (the same order; no criterion relaxed)",
                log.exact_orders,
                limit=NODE_LIMIT,
            )
        )
    if log.long_exchanges:
        lines.append(
            N_plural(
                "the exchanges (D2) were read past the first {limit} {n} time, because a "
                "matching test had shown that a later one could succeed (no criterion relaxed)",
                "the exchanges (D2) were read past the first {limit} {n} times, because a "
                "matching test had shown that a later one could succeed (no criterion relaxed)",
                len(log.long_exchanges),
                limit=EXCHANGE_LIMIT,
            )
        )
    for white, black in games:
        if white.score != black.score:
            hi, lo = (white, black) if white.score > black.score else (black, white)
            lines.append(
                N_(
                    "{player} floats down (↓) and {opponent} up (↑) against each other (A4)",
                    player=_who(hi),
                    opponent=_who(lo),
                )
            )
        rule = rules[white.number]
        lines.append(
            N_(
                "{white} – {black}: white to {number}, preferences {marks} ({rule})",
                white=_who(white),
                black=_who(black),
                number=white.number,
                marks=f"{white.preference_mark}/{black.preference_mark}",
                rule=_rule(rule),
            )
        )
    return lines


SYSTEM = Dutch1998System()
