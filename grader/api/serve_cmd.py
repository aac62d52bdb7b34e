"""`grader serve`: run the HTTP API alone against a database the daemon writes.

The daemon normally serves the API in its own process; a standalone API is for scaling reads
(several API processes on one PostgreSQL, fanned out with LISTEN/NOTIFY) or for browsing a
database after the fact.
"""

from __future__ import annotations

import argparse


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "serve",
        help="run the HTTP API (progress, events, metrics) without the daemon",
        description=(
            "Serve the labgrader HTTP API from a database. Labs and bearer tokens come from the\n"
            "config file (api.tokens); the database from --db or the config's `db`.\n"
            "Routes: /healthz, /metrics, /api/labs, /api/nodes, /api/learners,\n"
            "/api/learners/{learner}/progress, /api/events, /api/events/stream, /openapi.json."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--config", required=True, help="grader.yaml (labs, api.tokens, api.host/port)")
    p.add_argument("--db", help="database URL (default: the config's db)")
    p.add_argument("--host", help="listen address (default: the config's api.host)")
    p.add_argument("--port", type=int, help="listen port (default: the config's api.port)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from grader.api.server import app_for_config
    from grader.config import load_config
    from grader.store import Store

    config = load_config(args.config)
    store = Store.open(args.db or config.db)
    try:
        app = app_for_config(store, config)
        uvicorn.run(app, host=args.host or config.api.host, port=args.port or config.api.port)
    finally:
        store.close()
    return 0
