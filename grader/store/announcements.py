"""The Store's announcements: an instructor's message to the class (`grader announce`).

Shown at learners' next prompt and on their pages while it is live: until it expires or an
operator withdraws it (the row is kept, with who withdrew it and when). The text reaches learners'
terminals, so it is stored without control characters: a tab or newline becomes a space, any
other C0/C1 control or DEL is dropped, so no announcement can carry an escape sequence.
"""

from __future__ import annotations

import re
import time

import sqlalchemy as sa

from grader.store import schema as t
from grader.store.connection import Connections
from grader.store.model import Announcement

TEXT_MAX_CHARS = 1000
"""An announcement is a line or two at a prompt, not a document."""

AUTHOR_MAX_CHARS = 200

ANNOUNCEMENT_TTL_MAX_S = 30 * 24 * 3600
"""The longest an announcement may be given to live when it is made: a course's month. One that
must stay longer is made without an expiry and withdrawn."""

_SPACES = re.compile(r"[\t\n\r\v\f]+")
_CONTROLS = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def clean_text(text: str) -> str:
    """`text` as stored: whitespace controls made spaces, other controls dropped, trimmed."""
    return _CONTROLS.sub("", _SPACES.sub(" ", text)).strip()


class Announcements(Connections):
    """Announcements, in the order they were made (`seq`)."""

    def add_announcement(
        self,
        text: str,
        author: str,
        lab: str | None = None,
        expires_at: float | None = None,
    ) -> Announcement:
        """Record an announcement (lab None: for every lab); raises ValueError on empty text."""
        clean = clean_text(text)
        if not clean:
            raise ValueError("an announcement needs text")
        if len(clean) > TEXT_MAX_CHARS:
            raise ValueError(f"an announcement is at most {TEXT_MAX_CHARS} characters")
        author = clean_text(author)[:AUTHOR_MAX_CHARS]
        now = time.time()
        if expires_at is not None and expires_at <= now:
            raise ValueError("an announcement must expire in the future")
        with self._write() as conn:
            seq = conn.execute(
                t.announcements.insert()
                .values(at=now, author=author, text=clean, lab=lab, expires_at=expires_at)
                .returning(t.announcements.c.seq)
            ).scalar_one()
        return Announcement(seq, now, author, clean, lab, expires_at)

    def announcements(
        self, now: float, lab: str | None = None, after: int = 0
    ) -> list[Announcement]:
        """Live announcements (not expired at `now`, not withdrawn) with seq > `after`, in seq
        order.

        `lab` given: those for that lab and those for every lab; None: all of them.
        """
        a = t.announcements.c
        query = sa.select(a.seq, a.at, a.author, a.text, a.lab, a.expires_at).where(
            (a.seq > after) & _live(now)
        )
        if lab is not None:
            query = query.where(a.lab.is_(None) | (a.lab == lab))
        with self._read() as conn:
            return [Announcement(*row) for row in conn.execute(query.order_by(a.seq)).all()]

    def withdraw_announcement(self, seq: int, actor: str) -> Announcement | None:
        """Withdraw a live announcement: no learner's page or prompt shows it from now on.
        None when no live announcement has that seq (never made, expired, or withdrawn)."""
        a = t.announcements.c
        now = time.time()
        with self._write() as conn:
            row = conn.execute(
                t.announcements.update()
                .where((a.seq == seq) & _live(now))
                .values(withdrawn_at=now, withdrawn_by=clean_text(actor)[:AUTHOR_MAX_CHARS])
                .returning(a.seq, a.at, a.author, a.text, a.lab, a.expires_at)
            ).first()
        return None if row is None else Announcement(*row)


def _live(now: float) -> sa.ColumnElement[bool]:
    """Not withdrawn, and not expired at `now`."""
    a = t.announcements.c
    return a.withdrawn_at.is_(None) & (a.expires_at.is_(None) | (a.expires_at > now))
