"""The Store: verified progress, the command records behind it, and who streams which node.

One object over one engine (connection.py), composed of the store's jobs, each in its module:

  nodes.py    the node registry: nodes, their status and offsets, their leases
  writes.py   the exactly-once write path the daemon's ingest commits through
  queries.py  the reads: progress, step states, learners, events, records, the audit log
  regrade.py  a regrade's verdicts and its downgrades (audited, and events)
  reset.py    an operator's reset of a learner's lab (audited, an event the daemon follows)
  tokens.py   API tokens issued with `grader tokens` (only their digests)
  announcements.py  an instructor's messages to the class
  delivery.py the outbound sinks' cursors over the event log (grader/outbound)

writes.py holds the exactly-once contract.
"""

from __future__ import annotations

from grader.store.announcements import Announcements
from grader.store.database import create_engine, migrate
from grader.store.delivery import Deliveries
from grader.store.nodes import Nodes
from grader.store.regrade import Regrades
from grader.store.reset import Resets
from grader.store.tokens import Tokens


class Store(Nodes, Regrades, Resets, Tokens, Announcements, Deliveries):
    """One database (SQLite file or PostgreSQL) holding everything the graders know.

    Thread-safe: every method takes its own pooled connection, so the API's worker threads and the
    daemon's ingest can share one Store.
    """

    @classmethod
    def open(cls, url: str) -> Store:
        """Connect and migrate to the newest schema; "sqlite:///path.db" or "postgresql+psycopg://"."""
        engine = create_engine(url)
        migrate(engine)
        return cls(engine, url)
