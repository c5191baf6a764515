"""The Dutch system behind the ``PairingSystem`` protocol: settings, the tournament as
``skak engine --check`` re-pairs it, and one round's pairing with colours and boards."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction

from skak.messages import N_
from skak.model.progress import Progress
from skak.model.results import Colour, Result, Scoring
from skak.model.tournament import Bye, Pairing, Round, Tournament
from skak.pairing.base import SystemDefaults
from skak.pairing.dutch.brackets import _Pairer
from skak.pairing.dutch.cards import Card, DutchSettings, _initial_colour, pairing_cards
from skak.pairing.dutch.colours import _colour_of
from skak.pairing.dutch.explain import explain
from skak.pairing.dutch.weights import _context

__all__ = ["SYSTEM", "DutchSystem"]


@dataclass(frozen=True, slots=True)
class DutchSystem(SystemDefaults[DutchSettings]):
    """FIDE (Dutch) system, C.04.3 (2026), with C.04.1/C.04.2 and Baku acceleration C.04.5."""

    name: str = "dutch"
    #: Forbidden pairs (pairing bans) are kept apart as if they had met.
    honours_bans: bool = True
    title: str = N_("FIDE Dutch Swiss system (hollandsk schweizersystem, FIDE C.04.3, 2026)")
    accepts_late_entries: bool = True
    default_scoring: Scoring = field(default_factory=Scoring)
    settings_type = DutchSettings

    def planned_rounds(self, tournament: Tournament) -> int | None:
        return tournament.number_of_rounds

    def as_checked(self, tournament: Tournament) -> Tournament:
        """The tournament as ``skak engine --check`` re-pairs it: the initial colour the lot
        gave (``XXC``, else read from round 1's colours), and — for a file without ``XXR`` —
        its rounds taken as all the rounds (the last-round rules of C.04.3 C3 need the total;
        a file being checked is a complete record)."""
        out = tournament
        if out.initial_colour is None and out.rounds:
            out = replace(out, initial_colour=_initial_colour(out))
        if out.number_of_rounds is None and out.rounds:
            out = replace(out, number_of_rounds=len(out.rounds))
        return out

    def pair(self, tournament: Tournament) -> Round:
        return self.pair_reporting(tournament, None)

    def pair_reporting(self, tournament: Tournament, progress: Progress | None) -> Round:
        """The round, telling ``progress`` ``(brackets paired, brackets)`` after each score
        bracket (nothing for a round of one player or none); the same round as without."""
        number = tournament.next_round
        cards = pairing_cards(tournament)
        byes = tuple(
            Bye(p.start_number, result)
            for p in tournament.players
            if not p.is_withdrawn(number) and (result := p.declared_bye(number)) is not None
        )
        if not cards:
            return Round(number, (), byes, (N_("nobody to pair"),))
        ctx = _context(tournament, cards)
        pairer = _Pairer(ctx, progress)
        if len(cards) == 1:
            settled: list[tuple[int, int]] = []
            if not cards[0].bye_eligible:
                pairer._no_pairing(1)
        else:
            settled = pairer.run()
        paired = {v for pair in settled for v in pair}
        games: list[tuple[Card, Card]] = []
        for a, b in settled:
            p, q = sorted((cards[a], cards[b]), key=lambda c: c.number)
            if _colour_of(ctx, p, q) is Colour.WHITE:
                games.append((p, q))
            else:
                games.append((q, p))
        bye = [cards[v] for v in range(len(cards)) if v not in paired]

        def board_key(game: tuple[Card, Card]) -> tuple[Fraction, Fraction, int]:
            hi, lo = sorted(game, key=lambda c: (-c.raw_score, c.rank))
            return (-hi.raw_score, -lo.raw_score, hi.rank)

        games.sort(key=board_key)
        pairings = [Pairing(i, w.number, b.number) for i, (w, b) in enumerate(games, start=1)]
        pairings += [Pairing(len(pairings) + 1, c.number, None, Result.PAIRING_BYE) for c in bye]
        got = {w.number: Colour.WHITE for w, _ in games} | {
            b.number: Colour.BLACK for _, b in games
        }
        names = {p.start_number: p.name for p in tournament.players}
        lines = explain(ctx, pairer.notes, got, names)
        return Round(number, tuple(pairings), byes, tuple(lines))


SYSTEM = DutchSystem()
