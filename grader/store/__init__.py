"""Verified progress and everything behind it: SQLite by default, PostgreSQL by URL.

`Store.open(url)` connects and migrates; the daemon writes with `ingest` (one transaction per
batch, idempotent), the API reads progress and events. store.py says which module owns which
job; writes.py holds the exactly-once design.
"""

from typing import TYPE_CHECKING

from grader.faces import lazy_names
from grader.store.model import (
    EVENT_DOWNGRADED,
    EVENT_KINDS,
    EVENT_RESET,
    TOKEN_ROLES,
    Announcement,
    AuditEntry,
    IngestBatch,
    IssuedToken,
    LeaseLost,
    NodeStatus,
    StepProgress,
    StepState,
    VerdictEvent,
)

if TYPE_CHECKING:
    from grader.store.announcements import ANNOUNCEMENT_TTL_MAX_S
    from grader.store.connection import call_on_loop
    from grader.store.database import fresh_schema
    from grader.store.delivery import DeliveryCursor, LoggedEvent
    from grader.store.leases import LeaseRound
    from grader.store.notify import EventFeed
    from grader.store.queries import EVENTS_PAGE_MAX
    from grader.store.regrade_run import RegradeResult, regrade_course
    from grader.store.store import Store
    from grader.store.tokens import secret_digest

# Loaded on first use: the plain data types above (what the daemon's ingest builds,
# docs/architecture.md "Layers") load without SQLAlchemy.
__getattr__ = lazy_names(
    __name__,
    {
        "ANNOUNCEMENT_TTL_MAX_S": ".announcements",
        "EVENTS_PAGE_MAX": ".queries",
        "DeliveryCursor": ".delivery",
        "EventFeed": ".notify",
        "LeaseRound": ".leases",
        "LoggedEvent": ".delivery",
        "RegradeResult": ".regrade_run",
        "regrade_course": ".regrade_run",
        "Store": ".store",
        "call_on_loop": ".connection",
        "fresh_schema": ".database",
        "secret_digest": ".tokens",
    },
)

__all__ = [
    "ANNOUNCEMENT_TTL_MAX_S",
    "EVENTS_PAGE_MAX",
    "EVENT_DOWNGRADED",
    "EVENT_KINDS",
    "EVENT_RESET",
    "TOKEN_ROLES",
    "Announcement",
    "AuditEntry",
    "DeliveryCursor",
    "EventFeed",
    "IngestBatch",
    "IssuedToken",
    "LeaseLost",
    "LeaseRound",
    "LoggedEvent",
    "NodeStatus",
    "RegradeResult",
    "StepProgress",
    "StepState",
    "Store",
    "VerdictEvent",
    "call_on_loop",
    "fresh_schema",
    "regrade_course",
    "secret_digest",
]
