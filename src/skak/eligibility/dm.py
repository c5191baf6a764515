"""The Danish Championship's classes (§31–40, 003 and 000): who is placed where.

§34: the applicants are placed in the highest class they are entitled to — the
landsholdsklasse (§36), the kandidatklasse (§37), the veteranklasse (§38), the other groups
(§39) — by their ratings from the tournaments finished before the deadline (§33). Each
class takes its players in the order its paragraph lists:

§36, landsholdsklasse (10 players; FIDE-registered for a part of the Rigsfællesskab):
(1) last year's winner of the landsholdsklasse, (2) of the kandidatklasse, (3) rated at
least 2500, (4) the highest rated with a candidate result since last year's deadline,
(5) the highest rated other mesterspillere (§23: 1900); (6) a tie for the last places is
decided by the rated games since last year's DM.

§37, kandidatklasse (at least 8): (1) last year's landsholdsklasse players not qualified
for it this year, (2) the junior champion, (3) the eight highest-rated juniors rated at
least 2000, (4) players qualified by the organisers' rules (§39), (5) a candidate result
since last year's deadline, (6) rated at least 2200, (7) the highest rated under 2200 to
make 8, or an even number, (8) a wildcard.

§38, veteranklasse: 60 at the latest on the first round's day, or played the class before;
a player may always choose it (§34). §39: everyone else, in the other groups, by rating
(§65's order).

Every choice where the text is silent is recorded in docs/interpretations.md ("DM
classes") and, where reasonable, a :class:`DmSettings` field.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date

from skak.eligibility._dm_types import (
    Application,
    CandidateResultAt,
    DmClass,
    DmPlayer,
    DmRequest,
    DmSelection,
    DmSettings,
    LastYear,
    Placed,
)
from skak.eligibility.editions import dm_deadline, easter_monday, edition_for
from skak.errors import InputError

__all__ = [
    "RIGSFAELLESSKABET",
    "Application",
    "CandidateResultAt",
    "DmClass",
    "DmPlayer",
    "DmRequest",
    "DmSelection",
    "DmSettings",
    "LastYear",
    "Placed",
    "select",
]

#: FIDE federations that represent a part of the Rigsfællesskab (§36): Denmark and the
#: Faroe Islands (Greenland's players are registered under Denmark).
RIGSFAELLESSKABET = frozenset({"DEN", "FAI"})

LANDSHOLD = "landsholdsklasse"
KANDIDAT = "kandidatklasse"
VETERAN = "veteranklasse"
OTHER = "øvrige grupper"


class _Order:
    """The rating order with §36's tie rule: rating, then rated games since last year's DM
    (when every tied player's is known), then a seeded lot (lodtrækning)."""

    def __init__(self, players: Iterable[DmPlayer], seed: str) -> None:
        rng = random.Random(seed)
        self.lot = {p.member: rng.random() for p in sorted(players, key=lambda p: p.member)}

    def sort(self, players: Iterable[DmPlayer]) -> list[DmPlayer]:
        by_rating: dict[int, list[DmPlayer]] = {}
        for p in players:
            by_rating.setdefault(_rating(p), []).append(p)
        out: list[DmPlayer] = []
        for rating in sorted(by_rating, reverse=True):
            tied = by_rating[rating]
            if all(p.rated_games is not None for p in tied):
                tied.sort(key=lambda p: (-(p.rated_games or 0), self.lot[p.member]))
            else:
                tied.sort(key=lambda p: self.lot[p.member])
            out.extend(tied)
        return out

    def tie(self, winner: DmPlayer, loser: DmPlayer) -> tuple[str, str]:
        """How a tie for the last place between two equally rated players was decided: the
        words for the winner and for the loser."""
        if winner.rated_games is not None and loser.rated_games is not None:
            if winner.rated_games != loser.rated_games:
                how = (
                    f"rated games since last year's DM decide it (§36 (6)): "
                    f"{winner.rated_games} against {loser.rated_games}"
                )
            else:
                how = f"equal rated games ({winner.rated_games}); the lot (lodtrækning) decides"
        else:
            how = "the rated games are not given for both; the lot (lodtrækning) decides"
        return (
            f"won the tie for the last place with {loser.name}: {how}",
            f"lost the tie for the last place to {winner.name}: {how}",
        )


def _rating(p: DmPlayer) -> int:
    assert p.rating is not None  # checked when the applications are read
    return p.rating


@dataclass
class _Filling:
    """A class filled category by category, in the paragraph's order."""

    size: int | None
    order: _Order
    chosen: list[tuple[DmPlayer, str, str]] = field(default_factory=list)
    reserves: list[tuple[DmPlayer, str, str]] = field(default_factory=list)

    def members(self) -> set[int]:
        return {p.member for p, _, _ in self.chosen}

    def offer(
        self,
        rule: str,
        candidates: Sequence[DmPlayer],
        why: Callable[[DmPlayer], str],
        *,
        limit: int | None = None,
        keep_reserves: bool = True,
    ) -> None:
        """Place ``candidates`` (in order) while places are left; the others become
        reserves. ``limit``: at most this many by this rule (§37 (3)'s eight juniors)."""
        taken_here: list[DmPlayer] = []
        left_out: list[DmPlayer] = []
        done = self.members() | {p.member for p, _, _ in self.reserves}
        for p in candidates:
            if p.member in done:
                continue
            done.add(p.member)
            full = self.size is not None and len(self.chosen) >= self.size
            if full or (limit is not None and len(taken_here) >= limit):
                left_out.append(p)
                continue
            taken_here.append(p)
            self.chosen.append((p, rule, why(p)))
        if taken_here and left_out and _rating(taken_here[-1]) == _rating(left_out[0]):
            last, first_out = taken_here[-1], left_out[0]
            won, lost = self.order.tie(last, first_out)
            self.chosen = [(p, r, f"{w}; {won}" if p is last else w) for p, r, w in self.chosen]
            self._tie_notes[first_out.member] = lost
        if keep_reserves:
            for p in left_out:
                extra = self._tie_notes.get(p.member)
                self.reserves.append((p, rule, why(p) + (f"; {extra}" if extra else "")))

    _tie_notes: dict[int, str] = field(default_factory=dict)


def select(request: DmRequest) -> DmSelection:
    """The DM's classes for ``request`` (see the module's docstring).

    :raises InputError: naming the file and the entry for a player listed twice, an
        application of a player who is not on the list or has no rating, a wildcard who did
        not apply, and a fact the rules need but the file does not give (a birth date on
        §37's or §38's boundary).
    """
    r = request
    s = r.settings
    where = r.source or "the DM file"
    edition = r.edition or edition_for(r.first_round)
    deadline = r.deadline or dm_deadline(r.year, edition)
    previous = _previous_deadline(r.year)
    players = _players_by_member(r.players, where)
    order = _Order(players.values(), s.lot_seed or f"DM {r.year}")

    valid: list[DmPlayer] = []
    refused: list[Placed] = []
    chose_veteran: set[int] = set()
    seen: set[int] = set()
    for a in r.applications:
        at = a.where or where
        p = players.get(a.member)
        if p is None:
            raise InputError(
                f"member {a.member} applied but is not on the players' list", location=at
            )
        if a.member in seen:
            raise InputError(f"{p.name} (member {a.member}) applied twice", location=at)
        seen.add(a.member)
        if a.day is not None and a.day > deadline:
            refused.append(
                _placed(
                    p,
                    "§33",
                    f"applied {a.day.isoformat()}, after the deadline {deadline.isoformat()}",
                )
            )
            continue
        if p.rating is None:
            raise InputError(
                f"{p.name} (member {p.member}) has no rating; give the rating the rules "
                "assign a new player (§34, §4.5.5)",
                location=at,
            )
        valid.append(p)
        if a.veteran:
            chose_veteran.add(p.member)

    candidates = {
        c.member: c for c in sorted(r.candidate_results, key=lambda c: c.day)
        if previous < c.day <= deadline
    }  # fmt: skip
    notes: dict[int, list[str]] = {}

    # §38 first: a player who asks for the veteran class and may play there, plays there.
    veteran_rule = edition.age_class("veteran")
    veterans: list[tuple[DmPlayer, str]] = []

    def veteran_reason(p: DmPlayer) -> str | None:
        if p.member in r.last_year.veterans:
            return "has played the veteran class before (§38)"
        v = veteran_rule.verdict(p.birth, p.sex, r.first_round)
        if v.holds is None:
            raise InputError(
                f"{p.name} (member {p.member}): §38 turns on the first round's day "
                f"({r.first_round.isoformat()}): {v.reason}",
                location=where,
            )
        return f"{v.reason} (§38)" if v.holds else None

    for p in valid:
        if p.member in chose_veteran:
            why = veteran_reason(p)
            if why is None:
                notes.setdefault(p.member, []).append(
                    "asked for the veteran class but is not entitled to it (§38)"
                )
            else:
                veterans.append((p, f"chose the veteran class (§34); {why}"))
    in_veteran = {p.member for p, _ in veterans}
    pool = [p for p in valid if p.member not in in_veteran]

    # §36: the landsholdsklasse
    lh = _Filling(s.landshold_size, order)
    fide_ok = [p for p in pool if (p.federation or "").upper() in RIGSFAELLESSKABET]
    winners = {r.last_year.landshold_winner, r.last_year.kandidat_winner}
    for p in pool:
        could = _rating(p) >= 1900 or p.member in candidates or p.member in winners
        if could and p not in fide_ok:
            fed = p.federation or "none given"
            notes.setdefault(p.member, []).append(
                "not in the landsholdsklasse: not registered with FIDE for Denmark or the "
                f"Faroe Islands (federation {fed}; §36)"
            )
    by_member = {p.member: p for p in fide_ok}
    sorted_ok = order.sort(fide_ok)
    lh.offer(
        "§36 (1)",
        [by_member[m] for m in (r.last_year.landshold_winner,) if m in by_member],
        lambda p: f"won the landsholdsklasse {r.year - 1}",
    )
    lh.offer(
        "§36 (2)",
        [by_member[m] for m in (r.last_year.kandidat_winner,) if m in by_member],
        lambda p: f"won the kandidatklasse {r.year - 1}",
    )
    lh.offer(
        "§36 (3)",
        [p for p in sorted_ok if _rating(p) >= 2500],
        lambda p: f"rating {p.rating} ≥ 2500",
    )
    lh.offer(
        "§36 (4)",
        [p for p in sorted_ok if p.member in candidates],
        lambda p: f"{_candidate(candidates[p.member])}, rating {p.rating}",
    )
    lh.offer(
        "§36 (5)",
        [p for p in sorted_ok if _rating(p) >= 1900],
        lambda p: f"mesterspiller, rating {p.rating} ≥ 1900 (§23)",
    )
    landshold = _class(LANDSHOLD, "§36", s.landshold_size, lh, [], reserves_note="reserve")
    if landshold.free_places:
        landshold = _with_note(
            landshold,
            f"{landshold.free_places} of {s.landshold_size} places have no entitled applicant; "
            "§36 names no one else (FU decides)",
        )
    in_lh = lh.members()

    # §37: the kandidatklasse
    pool = [p for p in pool if p.member not in in_lh]
    by_member = {p.member: p for p in pool}
    sorted_pool = order.sort(pool)
    kk = _Filling(None, order)
    kk.offer(
        "§37 (1)",
        [p for p in sorted_pool if p.member in r.last_year.landshold],
        lambda p: f"played the landsholdsklasse {r.year - 1}; not qualified for it this year",
    )
    kk.offer(
        "§37 (2)",
        [by_member[m] for m in (r.last_year.junior_champion,) if m in by_member],
        lambda p: f"junior champion (juniordanmarksmester) {r.year - 1}",
    )
    junior_rule = edition.age_class("junior")
    taken = kk.members()
    juniors = []
    for p in sorted_pool:
        if _rating(p) < 2000 or p.member in taken:
            continue
        v = junior_rule.verdict(p.birth, p.sex, r.first_round)
        if v.holds is None:
            raise InputError(
                f"{p.name} (member {p.member}): §37's junior rule needs more: {v.reason}",
                location=where,
            )
        if v.holds:
            juniors.append((p, v.reason))
    junior_why = {p.member: why for p, why in juniors}
    kk.offer(
        "§37 (3)",
        [p for p, _ in juniors],
        lambda p: f"junior ({junior_why[p.member]}), rating {p.rating} ≥ 2000",
        limit=s.junior_places,
        keep_reserves=False,
    )
    kk.offer(
        "§37 (4)",
        [by_member[m] for m in r.qualified if m in by_member],
        lambda p: "qualified by the organisers' rule for the other groups (§39)",
    )
    kk.offer(
        "§37 (5)",
        [p for p in sorted_pool if p.member in candidates],
        lambda p: _candidate(candidates[p.member]),
    )
    kk.offer(
        "§37 (6)",
        [p for p in sorted_pool if _rating(p) >= 2200],
        lambda p: f"rating {p.rating} ≥ 2200",
    )
    if r.wildcard is not None:
        if r.wildcard not in players:
            raise InputError(
                f"the wildcard, member {r.wildcard}, is not on the players' list", location=where
            )
        if r.wildcard not in by_member and r.wildcard not in in_lh:
            raise InputError(
                f"the wildcard, {players[r.wildcard].name} (member {r.wildcard}), has no valid "
                "application to this DM",
                location=where,
            )
        kk.offer(
            "§37 (8)",
            [by_member[m] for m in (r.wildcard,) if m in by_member],
            lambda p: "the organisers' wildcard (approved by FU)",
        )
    kk_notes: list[str] = []
    rest = [p for p in sorted_pool if _rating(p) < 2200 and p.member not in kk.members()]
    need = max(0, s.kandidat_minimum - len(kk.chosen))
    filled = rest[:need]
    kk.offer(
        "§37 (7)",
        filled,
        lambda p: f"highest rated under 2200 (rating {p.rating}), to make {s.kandidat_minimum}",
    )
    rest = rest[len(filled) :]
    if len(kk.chosen) % 2:
        kk.offer(
            "§37 (7)",
            rest[:1],
            lambda p: f"highest rated under 2200 (rating {p.rating}), for an even number",
        )
        rest = rest[1:]
        if len(kk.chosen) % 2:
            kk_notes.append("an odd number of players: no applicant is left to make it even")
    short = max(0, s.kandidat_minimum - len(kk.chosen))
    if short:
        kk_notes.append(f"{short} short of the {s.kandidat_minimum} players §37 asks for")
    kk.reserves = [
        (p, "§37 (7)", f"next highest rated under 2200 (rating {p.rating})")
        for p in rest[: s.kandidat_reserves]
    ]
    kandidat = _class(KANDIDAT, "§37", None, kk, kk_notes, free=short)
    in_kk = kk.members()

    # §38 (read literally, without the choice) and §39
    pool = [p for p in pool if p.member not in in_kk]
    if not s.veteran_by_choice:
        for p in order.sort(pool):
            why = veteran_reason(p)
            if why is not None:
                veterans.append((p, f"the highest class he is entitled to (§34); {why}"))
        in_veteran = {p.member for p, _ in veterans}
        pool = [p for p in pool if p.member not in in_veteran]
    veteran_by = {p.member: why for p, why in veterans}
    veteran = DmClass(
        VETERAN,
        "§38",
        None,
        tuple(
            _placed(p, "§38", veteran_by[p.member], notes.get(p.member))
            for p in order.sort(p for p, _ in veterans)
        ),
    )
    others = _groups(order.sort(pool), r.groups, notes)
    classes = (
        _annotated(landshold, notes),
        _annotated(kandidat, notes),
        veteran,
        *others,
    )
    return DmSelection(
        r.year,
        edition.name,
        deadline,
        previous,
        r.first_round,
        classes,
        tuple(refused),
    )


def _previous_deadline(year: int) -> date:
    """Last year's §33 deadline, by the edition in force then (the oldest edition for a
    year before it)."""
    monday = easter_monday(year - 1)
    return dm_deadline(year - 1, edition_for(monday, or_oldest=True))


def _players_by_member(players: Sequence[DmPlayer], where: str) -> dict[int, DmPlayer]:
    out: dict[int, DmPlayer] = {}
    for p in players:
        if p.member in out:
            raise InputError(f"member {p.member} is on the players' list twice", location=where)
        out[p.member] = p
    return out


def _candidate(c: CandidateResultAt) -> str:
    where = f" in {c.tournament}" if c.tournament else ""
    return f"candidate result (kandidatresultat, §26){where} on {c.day.isoformat()}"


def _placed(p: DmPlayer, rule: str, reason: str, extra: Sequence[str] | None = None) -> Placed:
    more = "; ".join(extra or ())
    return Placed(p.member, p.name, p.rating, rule, f"{reason}; {more}" if more else reason)


def _class(
    name: str,
    paragraph: str,
    places: int | None,
    filling: _Filling,
    notes: list[str],
    *,
    free: int | None = None,
    reserves_note: str = "",
) -> DmClass:
    chosen = tuple(_placed(p, rule, why) for p, rule, why in filling.chosen)
    reserves = tuple(
        _placed(p, rule, f"{reserves_note} {i}: {why}" if reserves_note else why)
        for i, (p, rule, why) in enumerate(filling.reserves, start=1)
    )
    if free is None:
        free = 0 if places is None else max(0, places - len(chosen))
    return DmClass(name, paragraph, places, chosen, free, reserves, tuple(notes))


def _with_note(c: DmClass, note: str) -> DmClass:
    return DmClass(
        c.name, c.paragraph, c.places, c.players, c.free_places, c.reserves, (*c.notes, note)
    )


def _annotated(c: DmClass, notes: dict[int, list[str]]) -> DmClass:
    players = tuple(
        Placed(p.member, p.name, p.rating, p.rule, "; ".join([p.reason, *notes.get(p.member, [])]))
        for p in c.players
    )
    return DmClass(c.name, c.paragraph, c.places, players, c.free_places, c.reserves, c.notes)


def _groups(
    players: list[DmPlayer], sizes: Sequence[int], notes: dict[int, list[str]]
) -> list[DmClass]:
    """§39's other groups by §65's rating order: the highest rated in the top group."""
    if not sizes:
        return [
            DmClass(
                OTHER,
                "§39",
                None,
                tuple(
                    _placed(p, "§39", f"member of DSU; rating {p.rating}", notes.get(p.member))
                    for p in players
                ),
            )
        ]
    out = []
    start = 0
    for i, size in enumerate(sizes, start=1):
        group = players[start : start + size]
        start += size
        out.append(_other_group(i, size, group, notes))
    if start < len(players):
        n = len(sizes) + 1
        group = players[start:]
        c = _other_group(n, None, group, notes)
        out.append(_with_note(c, f"the groups' sizes leave {len(group)} players for a group {n}"))
    return out


def _other_group(
    n: int, size: int | None, group: list[DmPlayer], notes: dict[int, list[str]]
) -> DmClass:
    players = tuple(
        _placed(
            p,
            "§39",
            f"member of DSU; group {n} by rating (§65), rating {p.rating}",
            notes.get(p.member),
        )
        for p in group
    )
    free = 0 if size is None else max(0, size - len(group))
    return DmClass(f"{OTHER} {n}", "§39", size, players, free)
