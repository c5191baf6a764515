"""Time controls (betænkningstid) read the ways arbiters write them.

``90+30``, ``40/120+30/60``, ``G/15+10``, ``2t/40 + 1t``, ``90 min/40 træk + 30 min + 30 sek
pr. træk fra træk 1``, the handbook's own sentences (``75 minutter til 40 træk, derefter 15
minutter til resten af partiet … med tillæg af 30 sekunder pr. træk fra træk 1``) and PGN's
``TimeControl`` tag (``40/5400+30:1800+30``) all become one :class:`TimeControl`: periods
of minutes for a number of moves (the last one possibly for the rest of the game), an
increment per move from a given move, and a delay.

How a bare number is read (docs/interpretations.md, "Time controls"): ``A/B`` without units
is *A moves in B minutes* (FIDE's and PGN's order, ``40/90``) unless a unit or the
written order of another period says otherwise (``2t/40``: time first; ``100/40``: more
than 60 "moves" in a period is read as minutes, and the whole control keeps that order); a
bare number is minutes until the control has a period for the rest of the game, and
seconds of increment after it (``90+30``, ``40/90+30+30``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from skak.errors import InputError

__all__ = ["Period", "TimeControl", "parse_pgn_time_control", "parse_time_control"]

#: Moves in a period beyond this are read as minutes when a period's order is not written.
_MOST_MOVES = 60
#: A bare number of minutes beyond this (and below PGN's 600 seconds) is ambiguous: ``300+3``
#: and ``180+2`` are PGN's blitz tags (seconds) as often as hours of play.
_MOST_BARE_MINUTES = 150
#: A bare number from this on is PGN's seconds (10 minutes; 600 minutes is no control).
_PGN_SECONDS_FROM = 600


@dataclass(frozen=True, slots=True)
class Period:
    """``minutes`` for ``moves`` moves; ``moves=None``: for the rest of the game."""

    minutes: Fraction
    moves: int | None = None

    def __post_init__(self) -> None:
        if self.minutes <= 0:
            raise InputError(f"a period of {duration(self.minutes)} is no time control")
        if self.moves is not None and not 1 <= self.moves <= 200:
            raise InputError(f"a period of {self.moves} moves is no time control")

    def __str__(self) -> str:
        m = _number(self.minutes)
        return m if self.moves is None else f"{self.moves}/{m}"


@dataclass(frozen=True, slots=True)
class TimeControl:
    """A whole time control: its periods, in order, and the increment (tillæg) or delay.

    ``increment`` seconds are added after each move from move ``increment_from`` on
    (FIDE 6.2a); ``delay`` is the "time delay mode" of FIDE 6.2b.
    """

    periods: tuple[Period, ...]
    increment: int = 0
    increment_from: int = 1
    delay: int = 0

    def __post_init__(self) -> None:
        if not self.periods:
            raise InputError("a time control needs at least one period")
        for p in self.periods[:-1]:
            if p.moves is None:
                raise InputError(
                    f"a period for the rest of the game ({duration(p.minutes)}) cannot be "
                    "followed by another; give its number of moves, e.g. "
                    f"40/{_number(p.minutes)} + 30"
                )
        if not 0 <= self.increment <= 600 or not 0 <= self.delay <= 600:
            raise InputError("an increment or delay is 0–600 seconds a move")
        if self.increment_from < 1:
            raise InputError("an increment starts at move 1 or later")

    @property
    def base_minutes(self) -> Fraction:
        """Every period's minutes: a player's time for the whole game without increments."""
        return sum((p.minutes for p in self.periods), Fraction(0))

    @property
    def has_moves(self) -> bool:
        """Whether a period ends at a move count (an intermediate time control)."""
        return any(p.moves is not None for p in self.periods)

    def increment_minutes(self, moves: int = 60) -> Fraction:
        """The increments' minutes over the first ``moves`` moves."""
        counted = max(0, moves - self.increment_from + 1)
        return Fraction(self.increment * counted, 60)

    def minutes_for(self, moves: int = 60) -> Fraction:
        """The laws' measure (003 §3.4 A1/B1): the allotted time plus ``moves`` (60) times
        the increment, from the move it starts."""
        return self.base_minutes + self.increment_minutes(moves)

    def periods_by(self, moves: int = 60) -> tuple[Period, ...]:
        """The periods a game of ``moves`` moves reaches: each that begins by then."""
        reached = []
        played = 0
        for p in self.periods:
            if played >= moves:
                break
            reached.append(p)
            played += p.moves if p.moves is not None else moves
        return tuple(reached)

    def time_for_game(self, moves: int = 60) -> Fraction:
        """A player's time for a game of ``moves`` moves (FIDE's measure of a rated game's
        minimum, 4.7.2 / 4.7.4): the periods that game reaches plus the increments it earns
        (from the move they start). Equal to :meth:`minutes_for` unless a period begins
        after move ``moves``."""
        reached = sum((p.minutes for p in self.periods_by(moves)), Fraction(0))
        return reached + self.increment_minutes(moves)

    def __str__(self) -> str:
        """The control in one short form: ``40/90+30+30s``, ``G/15+10s``."""
        # a period whose numbers could be read either way (20/30) gets its unit, unless
        # another period settles the order (40/90: minutes beyond 60)
        settled = any(
            p.moves is not None and p.moves <= _MOST_MOVES < p.minutes for p in self.periods
        )

        def written(p: Period) -> str:
            text = str(p)
            if p.moves is not None and not text.endswith("s"):
                ambiguous = p.minutes <= _MOST_MOVES and p.minutes != p.moves and not settled
                if ambiguous or p.moves > _MOST_MOVES:
                    text += "min"
            return text

        text = "+".join(written(p) for p in self.periods)
        if len(self.periods) == 1 and self.periods[0].moves is None:
            text = f"G/{text}"
        if self.increment:
            text += f"+{self.increment}s"
            if self.increment_from != 1:
                text += f" from move {self.increment_from}"
        if self.delay:
            text += f" d{self.delay}s"
        return text

    def pgn(self) -> str:
        """PGN's ``TimeControl`` tag: seconds, periods separated by ``:`` (``40/5400+30:1800+30``;
        an increment from a later move cannot be written there and is left out)."""
        inc = f"+{self.increment}" if self.increment and self.increment_from == 1 else ""
        parts = []
        for p in self.periods:
            seconds = str(round(p.minutes * 60))
            parts.append((f"{p.moves}/" if p.moves else "") + seconds + inc)
        return ":".join(parts)


def _number(value: Fraction) -> str:
    """Minutes as the short form writes them (and reads back): ``90``, ``1.5``, or seconds
    (``100s``) when the minutes are no short decimal; never a float's digits."""
    if value.denominator == 1:
        return str(value.numerator)
    d = value.denominator
    for f in (2, 5):
        while d % f == 0:
            d //= f
    if d == 1:
        return str(Decimal(value.numerator) / Decimal(value.denominator))
    seconds = value * 60
    if seconds.denominator == 1:
        return f"{seconds.numerator}s"
    return f"{value.numerator}/{value.denominator}"


def duration(minutes: Fraction) -> str:
    """Minutes in words for a message: ``90 min``, ``1 min 30 s``, ``45 s``."""
    seconds = minutes * 60
    whole = int(seconds)
    rest = "" if seconds == whole else f" ({seconds.numerator}/{seconds.denominator} s)"
    m, sec = divmod(whole, 60)
    if m and sec:
        return f"{m} min {sec} s{rest}"
    return (f"{m} min" if m else f"{sec} s") + rest


# -- reading --------------------------------------------------------------------------------

#: Phrases that say nothing about the clock, removed first (Danish and English).
_NOISE = (
    r"samt opsparet (?:betænknings)?tid",
    r"plus opsparet (?:betænknings)?tid",
    r"(?:til|for) resten af partiet",
    r"resten af partiet",
    r"(?:for )?the rest of the game",
    r"(?:til|for) hele partiet(?: igennem)?",
    r"hele partiet(?: igennem)?",
    r"(?:for )?the (?:whole|entire) game",
    r"throughout",
    r"(?:til|for|pr\.?|per) (?:hver )?spiller",
    r"(?:for )?each player",
    r"per player",
    r"betænkningstid(?:en)?",
    r"time control",
    r"\bde første\b",
    r"\bthe first\b",
    r"\bresten\b",
    r"\brest\b",
)
#: Words that join parts (+), in order.
_JOIN = r"\b(?:derefter|derudover|herudover|then|and|og|plus|med|with|followed by)\b|[,;]"
_UNITS = {
    "h": ("timer", "time", "hours", "hour", "hrs", "hr", "h", "t"),
    "m": ("minutter", "minutes", "minute", "minut", "mins", "min", "m", "'"),
    "s": ("sekunder", "sekund", "seconds", "second", "secs", "sec", "sek", "s", '"'),
    "moves": ("træk", "moves", "move", "tr", "mv"),
}
_UNIT_OF = {word: unit for unit, words in _UNITS.items() for word in words}
_TOKEN = re.compile(
    r"""\s*(?:
        (?P<num>\d+(?:\.\d+)?)
      | (?P<from>(?:fra|from)\s+(?:træk|move)\s+(?P<fromnum>\d+))
      | (?P<word>[a-zæøå]+\.?|'|")
      | (?P<sym>[/+])
    )""",
    re.VERBOSE,
)
_MARKS = {
    "g": "sd",
    "sd": "sd",
    "game": "sd",
    "inc": "inc",
    "increment": "inc",
    "tillæg": "inc",
    "tillægges": "inc",
    "tillægsid": "inc",
    "bonus": "inc",
    "fischer": "inc",
    "af": None,
    "of": None,
    "in": "/",
    "til": "/",
    "for": "/",
    "på": "/",
    "pr": "per",
    "pr.": "per",
    "per": "per",
    "pro": "per",
    "a": "per",
    "d": "delay",
    "delay": "delay",
    "forsinkelse": "delay",
    "bronstein": "delay",
}


def _normalise(text: str) -> str:
    s = text.lower().strip()
    for a, b in (("’", "'"), ("′", "'"), ("″", '"'), ("“", '"'), ("”", '"'), ("''", '"')):
        s = s.replace(a, b)
    s = re.sub(r"(\d)\s*½", lambda m: f"{m.group(1)}.5", s)
    s = s.replace("½", "0.5")
    s = re.sub(r"(\d),(\d)", r"\1.\2", s)
    for phrase in _NOISE:
        s = re.sub(phrase, " ", s)
    s = re.sub(_JOIN, " + ", s)
    s = re.sub(r"\b(?:d|delay|forsinkelse)\s*(\d)", r" + delay \1", s)
    return re.sub(r"\.(\s|$)", r" \1", s)  # a sentence's full stop


@dataclass
class _Quantity:
    value: Fraction
    unit: str | None = None  # "h", "m", "s", "moves" or None


@dataclass
class _Part:
    text: str
    left: list[_Quantity]
    right: list[_Quantity]
    slash: bool = False
    marks: set[str] | None = None
    from_move: int | None = None


def _tokens(part: str, whole: str) -> _Part:
    out = _Part(part.strip(), [], [], marks=set())
    assert out.marks is not None
    pos = 0
    side = out.left
    while pos < len(part):
        m = _TOKEN.match(part, pos)
        if m is None or m.end() == pos:
            rest = part[pos:].strip()
            if not rest:
                break
            raise InputError(f"time control {whole!r}: cannot read {rest.split()[0]!r}")
        pos = m.end()
        if m["num"]:
            side.append(_Quantity(Fraction(m["num"])))
        elif m["from"]:
            out.from_move = int(m["fromnum"])
        elif m["sym"] == "/":
            if out.slash:
                out.marks.add("per")
            out.slash = True
            side = out.right
        elif m["word"]:
            word = m["word"]
            unit = _UNIT_OF.get(word.rstrip(".")) if word not in _MARKS else None
            if unit is not None:
                if side and side[-1].unit is None:
                    side[-1].unit = unit
                elif unit == "moves" and ("per" in out.marks or (out.slash and not side)):
                    out.marks.add("per-move")
                else:
                    raise InputError(f"time control {whole!r}: {word!r} follows no number")
            elif word in _MARKS:
                mark = _MARKS[word]
                if mark == "/":
                    if not out.slash and out.left:
                        out.slash = True
                        side = out.right
                elif mark is not None:
                    out.marks.add(mark)
            else:
                raise InputError(f"time control {whole!r}: cannot read {word!r}")
    return out


def parse_time_control(text: str) -> TimeControl:
    """Read a time control as an arbiter writes it.

    >>> str(parse_time_control("90 min/40 træk + 30 min + 30 sek pr. træk"))
    '40/90+30+30s'
    >>> str(parse_time_control("2t/40 + 1t"))
    '40/120+60'

    :raises InputError: naming the word or number that cannot be read.
    """
    if not text.strip():
        raise InputError("the time control is empty")
    pgn = re.fullmatch(r"\s*(\d+/)?(\d+)(?:\+(\d+))?\s*", text)
    if ":" in text or (pgn is not None and int(pgn[2]) >= _PGN_SECONDS_FROM):  # PGN's tag
        return parse_pgn_time_control(text)
    if pgn is not None and not pgn[1] and int(pgn[2]) > _MOST_BARE_MINUTES:
        raise _ambiguous_bare(text, int(pgn[2]), int(pgn[3] or 0))
    s = _normalise(text)
    parts = [_tokens(p, text) for p in s.split("+") if p.strip()]
    if not parts:
        raise InputError(f"time control {text!r} names no time")
    time_first, settled = _order(parts)
    if not settled:
        _refuse_ambiguous_periods(parts, text)
    periods: list[Period] = []
    increment: int | None = None
    increment_from = 1
    delay = 0
    for part in parts:
        marks = part.marks or set()
        kind, value, moves = _read_part(part, marks, time_first, periods, text)
        if kind == "period":
            periods.append(Period(value, moves))
        elif kind == "delay":
            delay = int(value)
        else:
            if increment is not None and increment != int(value):
                raise InputError(f"time control {text!r} gives two increments")
            increment = int(value)
            if value != int(value):
                raise InputError(f"time control {text!r}: an increment is whole seconds")
        if part.from_move is not None:
            increment_from = part.from_move
    if not periods:
        raise InputError(f"time control {text!r} gives an increment but no time")
    return TimeControl(tuple(periods), increment or 0, increment_from, delay)


def _minutes(q: _Quantity) -> Fraction:
    return q.value * 60 if q.unit == "h" else q.value / 60 if q.unit == "s" else q.value


def _ambiguous_bare(text: str, number: int, increment: int) -> InputError:
    """``300+3``: 300 minutes, or PGN's 300 seconds? Both readings named."""
    inc = f" + {increment} s a move" if increment else ""
    seconds = duration(Fraction(number, 60))
    written = f"'{number} min" + (f" + {increment} s'" if increment else "'")
    if number % 60 == 0:
        written += f" or '{number // 60}+{increment}'" if increment else f" or '{number // 60}'"
    return InputError(
        f"time control {text!r} is ambiguous: {number} minutes{inc}, or PGN's {number} seconds "
        f"({seconds}{inc})? Write {written}"
    )


def _order(parts: list[_Part]) -> tuple[bool, bool]:
    """Whether the control's ``A/B`` periods are written time first (``2t/40``), and whether
    the writing settles it: a unit (``2t/40``, ``90 min/40 træk``) or a side beyond 60, which
    can only be minutes (``100/40``, ``40/90``)."""
    for p in parts:
        if p.slash and p.left and p.right:
            a, b = p.left[0], p.right[0]
            if a.unit in ("h", "m") or b.unit == "moves":
                return True, True
            if b.unit in ("h", "m") or a.unit == "moves":
                return False, True
    settled = False
    for p in parts:
        if p.slash and p.left and p.right and "sd" not in (p.marks or set()):
            left, right = p.left[0].value, p.right[0].value
            if left > _MOST_MOVES >= right:
                return True, True
            if right > _MOST_MOVES >= left:
                settled = True
    return False, settled


def _refuse_ambiguous_periods(parts: list[_Part], text: str) -> None:
    """``45/40`` without units, both sides a possible move count and nothing else in the
    control saying which is which: asked, not guessed."""
    for p in parts:
        if not (p.slash and p.left and p.right) or "sd" in (p.marks or set()):
            continue
        a, b = p.left[0], p.right[0]
        if a.unit is None and b.unit is None and a.value != b.value:
            x, y = _number(a.value), _number(b.value)
            raise InputError(
                f"time control {text!r}: is {x}/{y} {x} moves in {y} minutes, or {x} minutes "
                f"for {y} moves? Write it with units: '{x} træk/{y} min' or '{x} min/{y} træk'"
            )


def _read_part(
    part: _Part, marks: set[str], time_first: bool, periods: list[Period], whole: str
) -> tuple[str, Fraction, int | None]:
    """One ``+``-separated part: ``("period", minutes, moves)``, ``("inc", seconds, None)``
    or ``("delay", seconds, None)``."""
    quantities = part.left + part.right
    if not quantities:
        raise InputError(f"time control {whole!r}: {part.text!r} gives no number")
    if "delay" in marks:
        q = quantities[0]
        return "delay", q.value * 60 if q.unit == "m" else q.value, None
    per_move = "per-move" in marks or ("per" in marks and not part.slash)
    seconds = [q for q in quantities if q.unit == "s"]
    if seconds and (per_move or part.slash or "inc" in marks or len(quantities) == 1):
        return "inc", seconds[0].value, None
    if "inc" in marks or (per_move and len(quantities) == 1):
        return "inc", quantities[0].value, None
    if "sd" in marks:
        return "period", _minutes(quantities[-1]), None
    if part.slash and part.left and part.right:
        a, b = part.left[0], part.right[0]
        if a.unit in ("h", "m") or b.unit == "moves":
            time, moves = a, b
        elif b.unit in ("h", "m") or a.unit == "moves":
            time, moves = b, a
        else:
            time, moves = (a, b) if time_first else (b, a)
        if moves.value != int(moves.value):
            raise InputError(f"time control {whole!r}: {moves.value} moves is no move count")
        return "period", _minutes(time), int(moves.value)
    if len(quantities) == 2 and {q.unit for q in quantities} == {"moves"}:
        raise InputError(f"time control {whole!r}: {part.text!r} gives moves but no time")
    if len(quantities) == 2 and {q.unit for q in quantities} >= {"moves"}:
        time = next(q for q in quantities if q.unit != "moves")
        moves_q = next(q for q in quantities if q.unit == "moves")
        return "period", _minutes(time), int(moves_q.value)
    if len(quantities) != 1:
        raise InputError(f"time control {whole!r}: cannot read {part.text!r}")
    q = quantities[0]
    if q.unit in ("h", "m"):
        return "period", _minutes(q), None
    if q.unit == "moves":
        raise InputError(f"time control {whole!r}: {part.text!r} gives moves but no time")
    # A bare number: minutes until a period for the rest of the game exists, then seconds.
    if periods and periods[-1].moves is None:
        return "inc", q.value, None
    return "period", q.value, None


def parse_pgn_time_control(text: str) -> TimeControl:
    """PGN's ``TimeControl`` tag (seconds): ``40/5400+30:1800+30``, ``5400+30``, ``900``,
    read by python-chess (:func:`chess.pgn.parse_time_control`).

    :raises InputError: for ``?``, ``-`` (unknown, none) and anything else PGN does not write.
    """
    import chess.pgn  # python-chess only where a PGN tag is read

    shown = f"PGN time control {text!r}"
    hint = "PGN writes seconds, e.g. 5400+30 or 40/5400+30:1800+30"
    m = re.fullmatch(r"\s*(\d+):([0-5]\d)\s*", text)
    if m is not None:
        minutes = int(m[1]) * 60 + int(m[2])
        hint = f"for {m[1]} h {m[2]} min write '{minutes} min'"
    try:
        tc = chess.pgn.parse_time_control(text.strip())
    except ValueError as err:
        why = (
            "every period but the last needs its moves"
            if "sudden" in str(err)
            else "cannot read it"
        )
        raise InputError(f"{shown}: {why}; {hint}") from None
    if not tc.parts:
        raise InputError(f"{shown} names no time ('?' is unknown, '-' none); {hint}")
    periods: list[Period] = []
    increments: set[Fraction] = set()
    delays: set[Fraction] = set()
    for part in tc.parts:
        periods.append(Period(Fraction(part.time, 60), part.moves or None))
        if part.increment:  # "40/5400:1800+30": the increment written with one period
            increments.add(Fraction(part.increment))
        if part.delay:
            delays.add(Fraction(part.delay))
    if len(increments) > 1 or len(delays) > 1:
        raise InputError(f"{shown}: periods with different increments")
    increment = increments.pop() if increments else Fraction(0)
    delay = delays.pop() if delays else Fraction(0)
    if increment.denominator != 1 or delay.denominator != 1:
        raise InputError(f"{shown}: an increment is whole seconds")
    return TimeControl(tuple(periods), int(increment), delay=int(delay))
