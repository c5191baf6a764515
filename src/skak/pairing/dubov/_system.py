"""The Dubov system behind the ``PairingSystem`` protocol: colours (§3), boards, the bye and
the explanation."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import ClassVar

from skak.messages import N_, Message
from skak.model.records import MovedUp
from skak.model.results import Colour, Result, Scoring, format_points
from skak.model.tournament import Bye, Pairing, Round, Tournament
from skak.pairing._words import colour_word
from skak.pairing.base import SystemDefaults
from skak.pairing.dubov._cards import Card, DubovSettings, cards_of
from skak.pairing.dubov._procedure import DubovRound, GroupNote

__all__ = ["SYSTEM", "DubovSystem", "allocate", "format_aro"]


def _rule(rule: str) -> Message:
    """The colour rule that decided a board (§3, 2.3/2.4, §5)."""
    return {
        "2": N_("2.3/2.4: the other colour would break a colour limit"),
        "1": N_("§3 first point: both preferences"),
        "2e": N_("§3 second point: evens out whites and blacks"),
        "3": N_("§3 third point: the opposite of their latest different colours"),
        "4": N_("§3 fourth point: white to the higher ARO"),
        "5": N_("§3 fifth point: white to the lower R"),
        "lot": N_("§5: the lot's colour alternating by board"),
    }[rule]


def format_aro(aro: Fraction | None) -> str:
    """ARO as arbiters publish it (§9), to one decimal: ``2318.4``; ``–`` without any."""
    if aro is None:
        return "–"
    tenths = (aro * 10 + Fraction(1, 2)).__floor__()
    return f"{tenths // 10}.{tenths % 10}"


def allocate(a: Card, b: Card) -> tuple[Colour, str]:
    """The colour ``a`` gets against ``b`` (§3, in decreasing priority; 2.3/2.4 first)."""
    can_white = a.allowed(Colour.WHITE) and b.allowed(Colour.BLACK)
    can_black = a.allowed(Colour.BLACK) and b.allowed(Colour.WHITE)
    if can_white != can_black:
        return (Colour.WHITE if can_white else Colour.BLACK), "2"
    pa, pb = a.preference, b.preference
    if pa is not None and pa is not pb:
        return pa, "1"
    if pb is not None and pa is None:
        return pb.opposite, "1"
    da, db = abs(a.difference), abs(b.difference)
    if pa is not None and da != db:
        return (pa if da > db else pb.opposite if pb is not None else pa), "2e"
    for x, y in zip(reversed(a.colours), reversed(b.colours), strict=False):
        if x is not y:
            return x.opposite, "3"
    if a.aro_key != b.aro_key:
        return (Colour.WHITE if a.aro_key > b.aro_key else Colour.BLACK), "4"
    if a.rating != b.rating:
        return (Colour.WHITE if a.rating < b.rating else Colour.BLACK), "5"
    return (Colour.WHITE if a.number < b.number else Colour.BLACK), "5"


@dataclass(frozen=True, slots=True)
class DubovSystem(SystemDefaults[DubovSettings]):
    """The Dubov system (DSU 003 §4.9.6, approved by FIDE in 1997)."""

    name: str = "dubov"
    #: Forbidden pairs (pairing bans) are kept apart as if they had met.
    honours_bans: bool = True
    title: str = N_("Dubov Swiss system (DUBOV schweizer, DSU 4.9.6)")
    accepts_late_entries: bool = True
    default_scoring: Scoring = field(default_factory=Scoring)
    settings_type = DubovSettings
    #: ``skak engine --check`` gives a round without skak's ``MovedUp`` record (a plain TRF)
    #: the record of skak's own pairing of it when the games are the same (2.5 counts it).
    records_from_check: ClassVar[bool] = True

    def planned_rounds(self, tournament: Tournament) -> int | None:
        return tournament.number_of_rounds

    def as_checked(self, tournament: Tournament) -> Tournament:
        """For ``skak engine --check``: the lot of round 1 read off its first board, and a
        file's rounds taken as all its rounds (2.5's last round)."""
        out = tournament
        if out.initial_colour is None and out.rounds and out.rounds[0].pairings:
            first = out.rounds[0].pairings[0]
            if first.black is not None:
                top = min(
                    (first.white, first.black),
                    key=lambda n: next(
                        (
                            i
                            for i, c in enumerate(cards_of(replace(out, rounds=())))
                            if c.number == n
                        ),
                        n,
                    ),
                )
                colour = Colour.WHITE if top == first.white else Colour.BLACK
                out = replace(out, initial_colour=colour)
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
        cards = cards_of(tournament)
        if not cards:
            return Round(number, (), byes, ("nobody to pair",))
        total = tournament.number_of_rounds
        first = all(not c.colours and not c.met for c in cards) and number == 1
        procedure = DubovRound(cards, number, total == number, total is not None and total > 9)
        pairs = procedure.run(first)
        games: list[tuple[Card, Card, str]] = []
        lot = tournament.initial_colour or Colour.WHITE
        for board, (x, y) in enumerate(pairs):
            a, b = cards[x], cards[y]
            if first:
                colour, rule = (lot if board % 2 == 0 else lot.opposite), "lot"
            else:
                colour, rule = allocate(a, b)
            games.append((a, b, rule) if colour is Colour.WHITE else (b, a, rule))
        games.sort(key=_board_key)
        pairings = [Pairing(i, w.number, b.number) for i, (w, b, _) in enumerate(games, start=1)]
        if procedure.bye is not None:
            bye = cards[procedure.bye]
            pairings.append(Pairing(len(pairings) + 1, bye.number, None, Result.PAIRING_BYE))
        lines = _explain(cards, procedure, games, first)
        moved = sorted(cards[u].number for note in procedure.notes for u, _ in note.moved_up)
        return Round(number, tuple(pairings), byes, tuple(lines), MovedUp(tuple(moved)))


def _board_key(game: tuple[Card, Card, str]) -> tuple[object, ...]:
    """Boards by the higher score, then both scores together, then the higher R."""
    w, b, _ = game
    hi, lo = sorted((w, b), key=lambda c: (-c.score, -c.rating, c.number))
    return (-hi.score, -(hi.score + lo.score), -hi.rating, hi.number)


def _who(c: Card) -> str:
    return f"{c.name} ({c.number})"


def _listing(cards: Sequence[Card], vs: Sequence[int], *, aro: bool = False) -> str:
    if aro:
        return ", ".join(f"{_who(cards[v])} ARO {format_aro(cards[v].aro)}" for v in vs)
    return ", ".join(f"{_who(cards[v])} R {cards[v].rating}" for v in vs) or N_("nobody")


def _group_lines(cards: Sequence[Card], note: GroupNote) -> list[Message]:
    pts = format_points(note.score)
    lines = [N_("score group {score} (4.9.6 §6)", score=pts)]
    if note.floater_pairs:
        lines.append(
            N_(
                "floaters from above paired first, each with the highest R (§8): {pairs}",
                pairs=", ".join(
                    f"{_who(cards[f])} – {_who(cards[v])}" for f, v in note.floater_pairs
                ),
            )
        )
    for u, article in note.moved_up:
        why = (
            N_("a player here has met everyone else")
            if article == "7.1"
            else N_("the group is odd")
        )
        lines.append(
            N_(
                "{player} moved up: {why} ({article}; 2.5 respected)",
                player=_who(cards[u]),
                why=why,
                article=article,
            )
        )
    for v, colour in note.switched:
        lines.append(
            N_(
                "{player} now seeks {colour} to balance the subgroups (7.3/7.4, 2.6)",
                player=_who(cards[v]),
                colour=colour_word(colour),
            )
        )
    if note.whites:
        lines.append(
            N_(
                "white-seekers by ascending ARO (6.2): {players}",
                players=_listing(cards, note.whites, aro=True),
            )
        )
        lines.append(
            N_(
                "black-seekers by descending R (6.2): {players}",
                players=_listing(cards, note.blacks),
            )
        )
    for row in note.improved:
        lines.append(
            N_("row {row}: a rematch avoided with a black-seeker from a lower row (6.3)", row=row)
        )
    for a, b in note.same_colour:
        if a in note.cut_off:
            line = N_(
                "{player} gets no opponent seeking the other colour once the rows above are "
                "paired: paired with {opponent} (6.3, last paragraph)",
                player=_who(cards[a]),
                opponent=_who(cards[b]),
            )
        else:
            line = N_(
                "{player} has met every player seeking the other colour: paired with "
                "{opponent} (6.3, last paragraph)",
                player=_who(cards[a]),
                opponent=_who(cards[b]),
            )
        lines.append(line)
    if note.floaters_out:
        lines.append(N_("floats down (6.4): {players}", players=_listing(cards, note.floaters_out)))
    return lines


def _explain(
    cards: Sequence[Card],
    procedure: DubovRound,
    games: Sequence[tuple[Card, Card, str]],
    first: bool,
) -> list[Message]:
    lines: list[Message] = []
    if first:
        lines.append(
            N_(
                "round 1 (§5): the field by descending rating in two halves, the first of each "
                "half together, the lot's colour on board 1 and alternating"
            )
        )
    else:
        for note in procedure.notes:
            lines += _group_lines(cards, note)
    if procedure.bye is not None:
        c = cards[procedure.bye]
        lines.append(
            N_(
                "bye (§4): {player}, the lowest R ({rating}) in the lowest score group that "
                "may have it (2.2: no earlier win without playing)",
                player=_who(c),
                rating=c.rating,
            )
        )
    for w, b, rule in games:
        lines.append(
            N_(
                "{white} – {black}: white to {number} ({rule})",
                white=_who(w),
                black=_who(b),
                number=w.number,
                rule=_rule(rule),
            )
        )
    return lines


SYSTEM = DubovSystem()
