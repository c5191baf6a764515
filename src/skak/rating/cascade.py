"""The correction cascade (rettelse af et rated resultat): a result of a tournament already
applied to the registry corrected, and that tournament and every later one rated again.

001 §4.1: a Danish tournament's start rating is the rating registered in the registry, and
the new rating is the registered one plus the tournament's change (the coefficient limit
redone from there). So a corrected result moves its players' ratings, the start ratings of
every later tournament they played, and through those their opponents' changes. The
cascade replays the registry's events twice side by side from the corrected tournament on
— as they were, and with the correction — and rates each later tournament again whose
players' registered ratings moved: each start rating moved by as much as the registered
rating before the tournament moved (a start rating the registry gave is the registered
one, so this is rating the tournaments again from scratch). A tournament whose games the
registry does not keep (applied before it kept them) keeps its changes, added to the
moved ratings.

The registry is the fold of its events *in force* (:func:`in_force`): a
:class:`~skak.rating.registry.TournamentsReRated` puts its tournaments' events in the
places of those of the same keys, and a
:class:`~skak.rating.registry.RegistryChangeUndone` leaves out what it undid.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date
from fractions import Fraction

from skak.errors import InputError, NotFoundError, StateError
from skak.messages import N_
from skak.model.results import Colour, Result, Scoring
from skak.rating.calc import RatedGame, RatedPlayer, calculate
from skak.rating.candidate import CandidateResult, candidate_results
from skak.rating.registry import (
    KeptGame,
    KeptGames,
    PlayersMerged,
    Registry,
    RegistryBuilder,
    RegistryChangeUndone,
    RegistryEvent,
    TournamentApplied,
    TournamentChange,
    TournamentsReRated,
    changes_from_result,
)
from skak.rating.rules import RatingSettings, get_rule_set

__all__ = [
    "Cascade",
    "CascadeStep",
    "cascade",
    "correct_game",
    "find_applied",
    "in_force",
    "kept_candidates",
    "rate_kept",
    "undo_target",
]


def in_force(events: Iterable[tuple[int, RegistryEvent]]) -> list[RegistryEvent]:
    """The events that build the registry now, from ``(version, event)`` pairs in order:
    those undone left out (with the undo markers kept: they change nothing), and each
    applied tournament in the place of its event as the last correction in force re-rated
    it."""
    listed = list(events)
    undone = {e.version for _, e in listed if isinstance(e, RegistryChangeUndone)}
    kept = [e for v, e in listed if v not in undone]
    rerated: dict[str, TournamentApplied] = {}
    for e in kept:
        if isinstance(e, TournamentsReRated):
            rerated.update((t.key, t) for t in e.rerated)
    if not rerated:
        return kept
    return [rerated.get(e.key, e) if isinstance(e, TournamentApplied) else e for e in kept]


def undo_target(events: Sequence[tuple[int, RegistryEvent]]) -> tuple[int, RegistryEvent]:
    """The change an undo takes back: the last correction or merge still in force, when no
    tournament was applied after it (its changes were rated from the ratings the change
    made).

    :raises StateError: when there is none, or a tournament was applied after it."""
    undone = {e.version for _, e in events if isinstance(e, RegistryChangeUndone)}
    later: TournamentApplied | None = None
    for version, e in reversed(events):
        if version in undone or isinstance(e, RegistryChangeUndone):
            continue
        if isinstance(e, TournamentApplied) and later is None:
            later = e
        if isinstance(e, TournamentsReRated | PlayersMerged):
            if later is not None:
                raise StateError(
                    N_(
                        "{name} was applied after the last correction or merge: it cannot "
                        "be undone now",
                        name=later.name,
                    )
                )
            return version, e
    raise StateError(N_("there is no correction or merge in the registry to undo"))


def find_applied(events: Sequence[RegistryEvent], ident: str) -> TournamentApplied:
    """The applied tournament ``ident`` names: its key, its name (any case) or ``#id``
    (the tournament's number in the database that applied it).

    :raises NotFoundError: when none or several match."""
    applied = [e for e in events if isinstance(e, TournamentApplied)]
    text = ident.strip()
    found = [e for e in applied if e.key == text]
    if not found:
        found = [e for e in applied if e.name.strip().casefold() == text.casefold()]
    if not found and text.startswith("#") and text[1:].isdigit():
        found = [e for e in applied if e.key.startswith(f"tournament {text[1:]} (")]
    if len(found) == 1:
        return found[0]
    if found:
        raise NotFoundError(
            N_(
                "{n} applied tournaments are named {name}: name one by its key",
                n=len(found),
                name=repr(text),
            )
        )
    raise NotFoundError(
        N_("no tournament applied to the registry is named {name}", name=repr(text))
    )


def _player_id(games: KeptGames, who: str) -> str:
    """The tournament's id of the player ``who`` names: a DSU number or a name (any case).

    :raises InputError: when none or several match."""
    text = who.strip()
    found = [p.id for p in games.players if text.isdigit() and p.dsu_id == int(text)]
    if not found:
        found = [p.id for p in games.players if p.name.strip().casefold() == text.casefold()]
    if len(found) != 1:
        raise InputError(
            N_(
                "no single player of the tournament is {who} (a DSU number or a name)",
                who=repr(who),
            )
        )
    return found[0]


_SWAPPED = {
    Result.WHITE_WIN: Result.BLACK_WIN,
    Result.BLACK_WIN: Result.WHITE_WIN,
    Result.WHITE_FORFEIT_WIN: Result.BLACK_FORFEIT_WIN,
    Result.BLACK_FORFEIT_WIN: Result.WHITE_FORFEIT_WIN,
}


def correct_game(
    applied: TournamentApplied, round_number: int, first: str, second: str, result: Result
) -> tuple[KeptGames, str]:
    """``applied``'s games with the game of round ``round_number`` between ``first`` and
    ``second`` (either colour; ``result`` from ``first``'s side as white's) given ``result``,
    and the correction in words. The players its standings placed first are those of them
    still on the top score, else every player on it (``docs/interpretations.md``).

    :raises StateError: when the registry does not keep the tournament's games.
    :raises InputError: for no such game, or a result that is no game's."""
    games = applied.games
    if games is None:
        raise StateError(
            N_(
                "{name} was applied before the registry kept the games: its results cannot "
                "be corrected here",
                name=applied.name,
            )
        )
    if not result.is_game or result is Result.UNFINISHED:
        raise InputError(N_("{result} is not the result of a game", result=str(result)))
    a, b = _player_id(games, first), _player_id(games, second)
    for i, g in enumerate(games.games):
        if g.round != round_number or {g.white, g.black} != {a, b}:
            continue
        new = result if g.white == a else _SWAPPED.get(result, result)
        if new is g.result:
            raise InputError(N_("the game's result is {result} already", result=str(new)))
        names = {p.id: p.name for p in games.players}
        said = N_(
            "{name}, round {round}: {white}–{black} {was} → {new}",
            name=applied.name,
            round=round_number,
            white=names[g.white],
            black=names[g.black],
            was=str(g.result),
            new=str(new),
        )
        # a forfeit counts as the tournament's rating counted one (skak's: not at all, since
        # it cannot know whether the no-show was excused, §4.5.4.2)
        corrected = (*games.games[:i], replace(g, result=new), *games.games[i + 1 :])
        return replace(games, games=corrected, first_place=_first(games, corrected)), said
    raise InputError(
        N_(
            "{name} has no game in round {round} between {first} and {second}",
            name=applied.name,
            round=round_number,
            first=first,
            second=second,
        )
    )


def _first(games: KeptGames, corrected: Sequence[KeptGame]) -> tuple[str, ...]:
    if not games.first_place:
        return ()
    scoring = Scoring()
    score: dict[str, Fraction] = {p.id: Fraction(0) for p in games.players}
    for g in corrected:
        score[g.white] += g.result.points(Colour.WHITE, scoring)
        score[g.black] += g.result.points(Colour.BLACK, scoring)
    best = max(score.values())
    top = {pid for pid, s in score.items() if s == best}
    return tuple(pid for pid in games.first_place if pid in top) or tuple(sorted(top))


def _rated(games: KeptGames, moved: Mapping[int, int]) -> tuple[list[RatedPlayer], list[RatedGame]]:
    players = [
        RatedPlayer(
            p.id,
            None if p.rating is None else p.rating + moved.get(p.dsu_id or 0, 0),
        )
        for p in games.players
    ]
    rated = [
        RatedGame(g.white, g.black, g.result, g.rated, g.unexcused_no_show) for g in games.games
    ]
    return players, rated


def _shifted(games: KeptGames, moved: Mapping[int, int]) -> KeptGames:
    """``games`` with each DSU member's start rating moved by ``moved``: the start ratings
    the tournament is rated again with, kept with it (a later correction moves them on)."""
    return replace(
        games,
        players=tuple(
            replace(p, rating=p.rating + moved[p.dsu_id])
            if p.rating is not None and p.dsu_id is not None and p.dsu_id in moved
            else p
            for p in games.players
        ),
    )


def rate_kept(
    games: KeptGames,
    rating_kind: str,
    edition: str,
    moved: Mapping[int, int] | None = None,
    settings: RatingSettings | None = None,
) -> tuple[TournamentChange, ...]:
    """The registry's changes of a tournament rated from its kept games, each DSU member's
    start rating moved by ``moved`` (by DSU number)."""
    players, rated = _rated(games, moved or {})
    result = calculate(
        players,
        rated,
        get_rule_set(edition),
        round_robin=games.round_robin,
        rapid_or_blitz=rating_kind != "standard",
        team_event=games.team_event,
        settings=settings,
        first_place=set(games.first_place) if games.first_place else None,
    )
    dsu_ids = {p.id: p.dsu_id for p in games.players if p.dsu_id is not None}
    names = {p.id: p.name for p in games.players}
    return changes_from_result(result, dsu_ids, names)


def kept_candidates(
    games: KeptGames, moved: Mapping[int, int] | None = None
) -> dict[int, CandidateResult]:
    """§26's candidate results of a tournament's DSU members, by DSU number."""
    players, rated = _rated(games, moved or {})
    ids = {p.id: p.dsu_id for p in games.players if p.dsu_id is not None}
    return {
        ids[c.id]: c
        for c in candidate_results(players, rated, team_event=games.team_event)
        if c.id in ids
    }


@dataclass(frozen=True, slots=True)
class CascadeStep:
    """One tournament of a cascade: its event before and after, every DSU member's
    registered rating before and after it (the number he stands under) as it was and as
    it becomes, and whether it was rated again (``False``: its games are not kept)."""

    before: TournamentApplied
    after: TournamentApplied
    was: Mapping[int, tuple[int | None, int | None]]
    becomes: Mapping[int, tuple[int | None, int | None]]
    rerated: bool
    moved: Mapping[int, int]


@dataclass(frozen=True, slots=True)
class Cascade:
    """A correction's whole effect: the event that writes it, each tournament it
    re-rates, and the registry as it was and as it becomes."""

    event: TournamentsReRated
    steps: tuple[CascadeStep, ...]
    was: Registry
    becomes: Registry


def cascade(
    events: Sequence[RegistryEvent],
    key: str,
    games: KeptGames,
    day: date,
    correction: str,
    settings: RatingSettings | None = None,
) -> Cascade:
    """The correction of tournament ``key``'s games to ``games`` on the registry the events
    in force (:func:`in_force`) build (see the module).

    :raises NotFoundError: when no tournament of ``key`` was applied."""
    at = next(
        (i for i, e in enumerate(events) if isinstance(e, TournamentApplied) and e.key == key),
        None,
    )
    if at is None:
        raise NotFoundError(N_("no tournament applied to the registry has the key {key}", key=key))
    prefix = RegistryBuilder(settings)
    for e in events[:at]:
        prefix.apply(e)
    start = prefix.state
    old, new = RegistryBuilder(settings, start=start), RegistryBuilder(settings, start=start)
    steps: list[CascadeStep] = []
    for e in events[at:]:
        if not isinstance(e, TournamentApplied):
            old.apply(e)
            new.apply(e)
            continue
        ids = (
            [p.dsu_id for p in e.games.players if p.dsu_id is not None]
            if e.games is not None
            else [c.dsu_id for c in e.changes]
        )
        was_before = {pid: _rating(old, pid, e.rating_kind) for pid in ids}
        becomes_before = {pid: _rating(new, pid, e.rating_kind) for pid in ids}
        moved = {
            pid: b - a
            for pid in ids
            if (a := was_before[pid]) is not None
            and (b := becomes_before[pid]) is not None
            and a != b
        }
        if e.key != key and not moved:
            old.apply(e)
            new.apply(e)
            continue
        if e.key == key:
            changes = rate_kept(games, e.rating_kind, e.edition, {}, settings)
            redone = replace(e, changes=changes, games=games)
        elif e.games is not None:
            shifted = _shifted(e.games, moved)
            changes = rate_kept(shifted, e.rating_kind, e.edition, None, settings)
            redone = replace(e, changes=changes, games=shifted)
        else:
            redone = e
        old.apply(e)
        new.apply(redone)
        steps.append(
            CascadeStep(
                e,
                redone,
                {pid: (was_before[pid], _rating(old, pid, e.rating_kind)) for pid in ids},
                {pid: (becomes_before[pid], _rating(new, pid, e.rating_kind)) for pid in ids},
                e.games is not None,
                moved,
            )
        )
    was, becomes = old.state, new.state
    event = TournamentsReRated(
        key,
        day,
        correction,
        tuple(s.after for s in steps if s.after != s.before),
        _moves(was, becomes, {new.member(pid) for s in steps for pid in s.becomes}),
    )
    return Cascade(event, tuple(steps), was, becomes)


def _rating(builder: RegistryBuilder, dsu_id: int, kind: str) -> int | None:
    return builder.ratings_of(kind).get(builder.member(dsu_id))


def _moves(
    was: Registry, becomes: Registry, players: Iterable[int]
) -> tuple[tuple[int, str, int, int], ...]:
    """Every rating of ``players`` that differs between the two registries."""
    out = []
    for pid in sorted(set(players)):
        p, before = becomes.players.get(pid), was.players.get(pid)
        if p is None or before is None:
            continue
        for kind, value in p.ratings:
            old = before.rating(kind)
            if old is not None and old != value:
                out.append((pid, kind, old, value))
    return tuple(out)
