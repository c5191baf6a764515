"""DSU rating as every face shows it: one tournament's rating changes (``skak rating calc``),
the candidate results (``skak rating candidate``, §26) and the rating registry
(``skak rating list``)."""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from skak.errors import InputError, NotFoundError
from skak.messages import N_
from skak.model.player import fold_name
from skak.model.tournament import Tournament
from skak.rating import calculate, get_rule_set, rule_set_for
from skak.rating.calc import RatedGame, RatedPlayer
from skak.rating.candidate import candidate_results, designation
from skak.rating.fide import FideGame, FidePlayer, fide_edition_for, fide_rating, get_fide_edition
from skak.views._json import face_only

if TYPE_CHECKING:  # a rating calculation of one tournament needs no registry
    from skak.rating.registry import Registry, RegistryPlayer

__all__ = [
    "CandidateRow",
    "FideChangeRow",
    "FideView",
    "RatingChangeRow",
    "RatingListRow",
    "RatingListView",
    "RatingView",
    "RegistryHistoryLine",
    "RegistryMatch",
    "RegistryRow",
    "RegistrySearch",
    "TournamentRatingRow",
    "TournamentRatingView",
    "candidate_rows",
    "fide_view",
    "fold_name",
    "rating_list_view",
    "rating_view",
    "ratings_on",
    "registry_match",
    "registry_row",
    "registry_rows",
    "registry_search",
    "tournament_rating_view",
]


@dataclass(frozen=True, slots=True)
class RatingChangeRow:
    """One player's rating result: score, expected score and bonus exact, ``k`` the
    development coefficient, with the reasons in ``notes``."""

    id: str
    old: int
    games: int
    score: Fraction
    expected: Fraction
    bonus: Fraction
    k: int
    change: int
    new: int
    notes: tuple[str, ...]
    #: He had no rating (§4.5.5.2): ``old`` is his performance rating, ``new`` his first
    #: rating (the faces show no change).
    first: bool = face_only(False)


@dataclass(frozen=True, slots=True)
class RatingView:
    """``{"edition", "method": "difference|average", "players": [...]}`` (README)."""

    edition: str
    method: str
    players: tuple[RatingChangeRow, ...]


def rating_view(
    players: Sequence[RatedPlayer],
    games: Sequence[RatedGame],
    request: Mapping[str, Any],
    *,
    location: str | None = None,
) -> RatingView:
    """The rating changes of a rating request (:func:`skak.io.rating_json.read_calc_request`)
    by its ``edition``, else the edition in force on its ``date``.

    :raises InputError: naming ``location`` for a bad date or kind, or an unknown edition.
    """
    if request.get("edition") is not None:
        rules = get_rule_set(str(request["edition"]))
    else:
        day = request.get("date")
        try:
            when = datetime.date.fromisoformat(str(day))
        except ValueError:
            raise InputError(
                f"'date' {day!r} is not a date like 2026-11-21 (or give 'edition')",
                location=location,
            ) from None
        rules = rule_set_for(when)
    kind = request.get("kind", "standard")
    if kind not in ("standard", "rapid", "blitz"):
        raise InputError(f"'kind' {kind!r} is not standard, rapid or blitz", location=location)
    result = calculate(
        players,
        games,
        rules,
        round_robin=bool(request.get("round_robin", False)),
        rapid_or_blitz=kind != "standard",
        team_event=bool(request.get("team_event", False)),
    )
    return RatingView(
        result.edition,
        result.method,
        tuple(
            RatingChangeRow(
                c.id,
                c.old,
                c.games,
                c.score,
                c.expected,
                c.bonus,
                c.k,
                c.change,
                c.new,
                c.notes,
                c.first,
            )
            for c in result.players
        ),
    )


@dataclass(frozen=True, slots=True)
class CandidateRow:
    """§26 for one player: the average of his and his opponents' ratings, the rounds played
    over the board, his score, the score required (``None`` below the table) and whether he
    reached a candidate result (kandidatresultat)."""

    id: str
    average: int
    rounds: int
    score: Fraction
    required: Fraction | None
    candidate: bool


def candidate_rows(
    players: Sequence[RatedPlayer], games: Sequence[RatedGame], request: Mapping[str, Any]
) -> tuple[CandidateRow, ...]:
    """Who reached a candidate result in a rating request (``"team_event"`` keeps a result
    reached after five rounds)."""
    return tuple(
        CandidateRow(c.id, c.average, c.rounds, c.score, c.required, c.reached)
        for c in candidate_results(players, games, team_event=bool(request.get("team_event")))
    )


@dataclass(frozen=True, slots=True)
class RegistryHistoryLine:
    """One change of a registered rating: when, which rating, from and to, and why."""

    date: datetime.date
    kind: str
    old: int | None
    new: int
    reason: str


@dataclass(frozen=True, slots=True)
class RegistryRow:
    """A player of the rating registry (ratingkartotek) with his ratings by kind
    (``standard``, ``rapid``, ``blitz``), §23's class and his rating history."""

    dsu_id: int
    name: str
    club: str | None
    designation: str | None
    archived: bool
    ratings: Mapping[str, int]
    history: tuple[RegistryHistoryLine, ...]

    def rating(self, kind: str) -> int | None:
        return self.ratings.get(kind)


def registry_rows(
    registry: Registry,
    today: datetime.date,
    *,
    show_all: bool = False,
    name: str | None = None,
    club: str | None = None,
) -> tuple[RegistryRow, ...]:
    """The registry's players, highest standard rating first; players archived after three
    years without a rated result (001 §5.1) only with ``show_all``. ``name``, ``club``:
    only the players whose name, or club, holds that text (in any case: "hansen" finds
    "Hansen, Bo" and "Østergaard-Hansen, Ib")."""
    name_part = name.casefold() if name else None
    club_part = club.casefold() if club else None
    rows = []
    for p in registry.players.values():
        if name_part is not None and name_part not in p.name.casefold():
            continue
        if club_part is not None and club_part not in (p.club or "").casefold():
            continue
        archived = p.archived(today)
        if archived and not show_all:
            continue
        rows.append(_registry_row(p, archived))
    rows.sort(key=lambda r: (-(r.ratings.get("standard") or 0), r.dsu_id))
    return tuple(rows)


def registry_row(registry: Registry, dsu_id: int, today: datetime.date) -> RegistryRow:
    """DSU member ``dsu_id``'s card in the registry (``skak rating show``), archived or not:
    his ratings, §23's class and every change of his ratings with its reason.

    A number merged into another (:class:`skak.rating.registry.PlayersMerged`) shows the
    kept number's card, which holds the merge.

    :raises NotFoundError: when he is not in the registry."""
    player = registry.players.get(registry.member(dsu_id))
    if player is None:
        raise NotFoundError(N_("DSU member {dsu_id} is not in the rating registry", dsu_id=dsu_id))
    return _registry_row(player, player.archived(today))


#: The registry's own reasons for a change (the others are the tournaments' names).
_REASONS = {
    "compression": N_("compression"),
    "FIDE alignment": N_("FIDE alignment"),
    "rapid/blitz correction": N_("rapid/blitz correction"),
}


def registry_reason(reason: str) -> str:
    """A change's reason as the registry keeps it, as a message each face says in its
    language (the same English text): the registry's own words, a correction, a merge, an
    entry; a tournament's name is itself."""
    import re

    known = _REASONS.get(reason)
    if known is not None:
        return known
    head, _, rest = reason.partition(": ")
    if head == "correction" and rest:
        return N_("correction: {what}", what=rest)
    merged = re.fullmatch(r"merged: DSU (\d+) \((.*)\)", reason, flags=re.S)
    if merged:
        return N_("merged: DSU {dsu_id} ({name})", dsu_id=merged[1], name=merged[2])
    if head == "entered" and rest.startswith("entry by "):
        return N_("entered: entry by {authority}", authority=rest.removeprefix("entry by "))
    if head == "entered" and rest:
        return N_("entered: {source}", source=rest)
    return reason


def _registry_row(p: RegistryPlayer, archived: bool) -> RegistryRow:
    standard = p.rating("standard")
    return RegistryRow(
        p.dsu_id,
        p.name,
        p.club,
        designation(standard) if standard else None,
        archived,
        dict(p.ratings),
        tuple(
            [
                RegistryHistoryLine(h.day, h.kind, h.old, h.new, registry_reason(h.reason))
                for h in p.history
            ]
        ),
    )


# -- registering from the registry (tilmelding fra ratingkartoteket) ------------------------


@dataclass(frozen=True, slots=True)
class RegistryMatch:
    """A registry player as a tournament's registration takes him: DSU member number, name,
    club, birth year, the DSU ratings by kind (``standard``, ``rapid``, ``blitz``), and the
    FIDE id and rating where DSU's list gave them."""

    dsu_id: int
    name: str
    club: str | None
    born: int | None
    ratings: Mapping[str, int]
    fide_id: int | None
    fide_rating: int | None

    def rating(self, kind: str) -> int | None:
        return self.ratings.get(kind)


@dataclass(frozen=True, slots=True)
class RegistrySearch:
    """The registry players a search text finds (at most ``limit``, best first) and how
    many more it found."""

    text: str
    matches: tuple[RegistryMatch, ...]
    more: int


def _match(p: RegistryPlayer) -> RegistryMatch:
    return RegistryMatch(
        p.dsu_id, p.name, p.club, p.born, dict(p.ratings), p.fide_id, p.fide_rating
    )


def registry_match(registry: Registry, dsu_id: int) -> RegistryMatch:
    """DSU member ``dsu_id`` as a registration takes him from the registry.

    A number merged into another is taken as the kept number.

    :raises NotFoundError: when he is not in the registry."""
    player = registry.players.get(registry.member(dsu_id))
    if player is None:
        raise NotFoundError(N_("DSU member {dsu_id} is not in the rating registry", dsu_id=dsu_id))
    return _match(player)


def registry_search(registry: Registry, text: str, *, limit: int = 20) -> RegistrySearch:
    """The registry players ``text`` finds: a DSU member number (``1234`` or ``#1234``) finds
    that member; words find the players whose name holds every one of them, in any order,
    case and accents aside (:func:`fold_name`: "jens hansen" finds "Hansen, Jens", "sören"
    "Søren"). Names that begin with the first word come first, then by name.

    :raises InputError: for an empty text.
    """
    wanted = text.strip()
    number = wanted.removeprefix("#")
    if not wanted:
        raise InputError(N_("give part of a name or a DSU member number to search for"))
    if number.isascii() and number.isdigit():  # a merged number finds the kept one
        player = registry.players.get(registry.member(int(number)))
        found = () if player is None else (_match(player),)
        return RegistrySearch(wanted, found, 0)
    words = [fold_name(w) for w in wanted.replace(",", " ").split()]
    hits: list[tuple[bool, str, int]] = []
    for dsu_id, name in _names(registry):
        folded = fold_name(name)
        if all(w in folded for w in words):
            hits.append((not folded.startswith(words[0]), folded, dsu_id))
    hits.sort()
    chosen = tuple(_match(registry.players[dsu_id]) for _, _, dsu_id in hits[:limit])
    return RegistrySearch(wanted, chosen, max(0, len(hits) - limit))


def _names(registry: Registry) -> list[tuple[int, str]]:
    """Every registry player's number and name (read off the cards without making each
    player's value, when the registry is a replay's table)."""
    from skak.rating.cards import Players

    players = registry.players
    if isinstance(players, Players):
        cards, _ = players.tables()
        return [(dsu_id, card.name) for dsu_id, card in cards.items()]
    return [(dsu_id, p.name) for dsu_id, p in players.items()]


@dataclass(frozen=True, slots=True)
class TournamentRatingRow:
    """One player's DSU rating result in a finished tournament (by start number)."""

    start_number: int
    name: str
    old: int
    games: int
    score: Fraction
    expected: Fraction
    bonus: Fraction
    k: int
    change: int
    new: int
    notes: tuple[str, ...]
    #: He had no rating (§4.5.5.2): ``new`` is his first rating.
    first: bool = face_only(False)


@dataclass(frozen=True, slots=True)
class TournamentRatingView:
    """A finished rated tournament's rating result (the standings' rating column in full:
    score, expected score, bonus and K of each player), or ``note`` saying why there is
    none (not rated, not finished, or what stops the calculation)."""

    tournament: str
    edition: str | None
    method: str | None
    players: tuple[TournamentRatingRow, ...]
    note: str = ""


def tournament_rating_view(
    t: Tournament, today: datetime.date | None = None
) -> TournamentRatingView:
    """The DSU rating result of ``t`` as :func:`skak.views.standings_view`'s rating column
    has it, with every figure of the calculation (by the edition in force on its dates)."""
    from skak.views.standings import final_rating, is_finished

    result, note = final_rating(t, today)
    if result is None:
        if not note:
            note = (
                N_("The tournament is not rated (skak new --unrated).")
                if not t.rated
                else N_("The rating result is computed once every round is paired and played.")
                if not is_finished(t)
                else N_("No player has a rated game.")
            )
        return TournamentRatingView(t.name, None, None, (), note)
    names = {str(p.start_number): p.name for p in t.players}
    rows = tuple(
        TournamentRatingRow(
            int(c.id),
            names.get(c.id, c.id),
            c.old,
            c.games,
            c.score,
            c.expected,
            c.bonus,
            c.k,
            c.change,
            c.new,
            c.notes,
            c.first,
        )
        for c in result.players
        if c.games
    )
    return TournamentRatingView(t.name, result.edition, result.method, rows)


@dataclass(frozen=True, slots=True)
class FideChangeRow:
    """One player's FIDE rating result: ``old`` null for an unrated player, whose ``new``
    is his first rating (4.7.1) or null; ``performance`` for an unrated player."""

    id: str
    old: int | None
    games: int
    score: Fraction
    expected: Fraction
    k: int | None
    change: int
    new: int | None
    performance: int | None
    notes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class FideView:
    """``{"edition", "players": [...], "notes"}`` (README, ``skak rating fide``): ``notes``
    on the whole rating, each said once (the rules it was rated by)."""

    edition: str
    players: tuple[FideChangeRow, ...]
    notes: tuple[str, ...] = ()


def fide_view(
    players: Sequence[FidePlayer],
    games: Sequence[FideGame],
    request: Mapping[str, Any],
    *,
    location: str | None = None,
) -> FideView:
    """The FIDE rating changes of a request by its ``edition``, else the one in force on
    its ``date``.

    :raises InputError: naming ``location`` for a bad date or an unknown edition.
    """
    day = None
    if request.get("date") is not None:
        try:
            day = datetime.date.fromisoformat(str(request["date"]))
        except ValueError:
            raise InputError(
                f"'date' {request['date']!r} is not a date like 2026-11-21", location=location
            ) from None
    if request.get("edition") is not None:
        edition = get_fide_edition(str(request["edition"]))
    elif day is not None:
        edition = fide_edition_for(day)
    else:
        raise InputError("give 'date' (or 'edition')", location=location)
    result = fide_rating(
        players, games, edition, round_robin=bool(request.get("round_robin")), day=day
    )
    return FideView(
        result.edition,
        tuple(
            FideChangeRow(
                c.id, c.old, c.games, c.score, c.expected, c.k, c.change, c.new, c.performance,
                c.notes,
            )
            for c in result.players
        ),
        result.notes,
    )  # fmt: skip


@dataclass(frozen=True, slots=True)
class RatingListRow:
    """A player on the public rating list: his ratings as of the list's day."""

    dsu_id: int
    name: str
    club: str | None
    standard: int | None
    rapid: int | None
    blitz: int | None
    designation: str | None


@dataclass(frozen=True, slots=True)
class RatingListView:
    """One page of the rating list (``/ratings``): the players whose name, club or member
    number holds every word of ``query``, highest standard rating first, as of ``as_of``."""

    query: str
    as_of: datetime.date
    total: int
    page: int
    pages: int
    rows: tuple[RatingListRow, ...]


def ratings_on(row: RegistryRow, day: datetime.date) -> dict[str, int]:
    """The player's ratings as they stood on ``day``: each kind's newest change on or
    before it (none: not rated then)."""
    out: dict[str, int] = {}
    for line in sorted(row.history, key=lambda h: h.date):
        if line.date <= day:
            out[line.kind] = line.new
    return out


def _folded(text: str) -> str:
    """``text`` for a search: any case, accents aside (é as e; æ, ø and å are letters)."""
    import unicodedata

    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@dataclass(frozen=True, slots=True)
class RatingIndex:
    """The rating list's rows (:func:`registry_rows`, highest standard rating first) with
    each one's text for a search made once: a server builds it once a registry version and
    day, and each page then only searches it (:func:`rating_list_view`)."""

    rows: tuple[RegistryRow, ...]
    texts: tuple[str, ...]

    @classmethod
    def of(cls, rows: Sequence[RegistryRow]) -> RatingIndex:
        """The index of ``rows``, in the list's order (already theirs from
        :func:`registry_rows`)."""
        rows = tuple(sorted(rows, key=lambda r: (-(r.ratings.get("standard") or 0), r.dsu_id)))
        return cls(rows, tuple(_folded(f"{r.name} {r.club or ''} {r.dsu_id}") for r in rows))

    def __repr__(self) -> str:
        return f"RatingIndex.of({self.rows!r})"


def _list_row(r: RegistryRow, ratings: Mapping[str, int]) -> RatingListRow:
    standard = ratings.get("standard")
    return RatingListRow(
        r.dsu_id,
        r.name,
        r.club,
        standard,
        ratings.get("rapid"),
        ratings.get("blitz"),
        designation(standard) if standard else None,
    )


def rating_list_view(
    rows: Sequence[RegistryRow] | RatingIndex,
    today: datetime.date,
    *,
    query: str = "",
    as_of: datetime.date | None = None,
    page: int = 1,
    per_page: int = 100,
) -> RatingListView:
    """The page ``page`` of the list of ``rows`` (:func:`registry_rows`, or their
    :class:`RatingIndex`) as of ``as_of`` (default ``today``): searched by every word of
    ``query`` in the name, the club or the member number.

    As of today the rows keep their order (highest standard rating first, then member
    number) and only the page's rows are built; as of an earlier day each match's ratings
    are read from his history and the matches sorted again."""
    index = rows if isinstance(rows, RatingIndex) else RatingIndex.of(rows)
    day = as_of or today
    words = [_folded(w) for w in query.split()]
    texts = index.texts
    matched: Sequence[int] = range(len(texts))
    for n, word in enumerate(words):  # each word narrows the matches of the words before
        if n == 0:
            matched = [i for i, text in enumerate(texts) if word in text]
        else:
            matched = [i for i in matched if word in texts[i]]
    if day >= today:
        total = len(matched)
        pages = max(1, -(-total // per_page))
        page = min(max(page, 1), pages)
        chosen = tuple(
            _list_row(index.rows[i], index.rows[i].ratings)
            for i in matched[(page - 1) * per_page : page * per_page]
        )
        return RatingListView(query.strip(), day, total, page, pages, chosen)
    found = []
    for i in matched:
        r = index.rows[i]
        ratings = ratings_on(r, day)
        if ratings:  # else not on the list yet then
            found.append(_list_row(r, ratings))
    found.sort(key=lambda x: (-(x.standard or 0), x.dsu_id))
    pages = max(1, -(-len(found) // per_page))
    page = min(max(page, 1), pages)
    chosen = tuple(found[(page - 1) * per_page : page * per_page])
    return RatingListView(query.strip(), day, len(found), page, pages, chosen)
