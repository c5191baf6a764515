"""Marks: what every process serving one database must see alike, kept in the database.

A web server started with several workers (``skak serve --workers N``) is several
processes; what one of them learns must hold in all of them. Two things are kept here, each
a row of a key and the time (seconds since the epoch, the wall clock every process shares)
it counts until: a session logged out before its cookie expires (so that a copy of the
cookie is refused by every worker), and a failed login (so that the brake on guessing
counts the guesses every worker was sent). Rows past their time are removed as new ones
are written; none of it is a record's truth, and a logical backup (JSON) leaves it out.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import delete, func, insert, select

from skak.store.database import Database
from skak.store.schema import web_marks

__all__ = ["Marks"]


class Marks:
    """The ``web_marks`` table of ``db`` (see the module)."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def add(self, key: str, until: float, now: float) -> None:
        """Mark ``key`` until ``until``; marks past their time (at ``now``) go."""
        with self.db.write() as conn:
            conn.execute(delete(web_marks).where(web_marks.c.until <= now))
            conn.execute(insert(web_marks).values(key=key, until=until))

    def marked(self, key: str, now: float) -> bool:
        """Whether ``key`` is marked at ``now``."""
        with self.db.read() as conn:
            found = conn.execute(
                select(web_marks.c.id)
                .where(web_marks.c.key == key, web_marks.c.until > now)
                .limit(1)
            ).first()
        return found is not None

    def count_then_add(self, keys: Sequence[tuple[str, int]], until: float, now: float) -> float:
        """The brake's step, in one write transaction (so guesses sent to several workers
        at once are counted as surely as guesses sent one by one): for each ``(key,
        limit)``, the marks of ``key`` still counting at ``now``; if one key has ``limit``
        or more, :returns: the seconds until its oldest stops counting, and nothing is
        added; else each key is marked until ``until`` and :returns: 0."""
        with self.db.write() as conn:
            conn.execute(delete(web_marks).where(web_marks.c.until <= now))
            longest = 0.0
            for key, limit in keys:
                count, oldest = conn.execute(
                    select(func.count(), func.min(web_marks.c.until)).where(web_marks.c.key == key)
                ).one()
                if count >= limit:
                    longest = max(longest, float(oldest) - now)
            if longest:
                return longest
            conn.execute(insert(web_marks), [{"key": k, "until": until} for k, _ in keys])
            return 0.0

    def remove(self, key: str) -> None:
        """Every mark of ``key``."""
        with self.db.write() as conn:
            conn.execute(delete(web_marks).where(web_marks.c.key == key))

    def remove_newest(self, key: str) -> None:
        """The newest mark of ``key`` (an attempt taken back)."""
        with self.db.write() as conn:
            newest = conn.execute(
                select(web_marks.c.id)
                .where(web_marks.c.key == key)
                .order_by(web_marks.c.until.desc(), web_marks.c.id.desc())
                .limit(1)
            ).scalar()
            if newest is not None:
                conn.execute(delete(web_marks).where(web_marks.c.id == newest))
