"""grader.yaml: what the daemon watches and how, validated before anything connects.

The daemon (grader run) and the API (grader serve, grader export) both read it; it imports
neither of them.

The file is checked against config.schema.json (shipped in the package) and every problem is
reported at once as `file:line:col: [schema path] message`, the way `grader lint` reports labs, so
an operator fixes a config in one pass instead of one restart per typo.

Relative paths (db, labs, keys) are relative to the config file, so a config directory can be
moved or checked into a repo as a unit. Secrets may be `{env: VAR}` so tokens stay out of files.
"""

from __future__ import annotations

import json
import math
import os
import re
import socket
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import jsonschema

from grader.labs import read_document
from grader.ratelimit import FAILED_AUTH_PER_CLIENT, RATE_PER_TOKEN

# What one node may make the daemon hold that it has not read yet (transport.ReaderChannel), and
# how many sessions of one learner it follows (ingest.NodeIngest): docs/daemon.md "Limits".
DEFAULT_NODE_BUFFER_BYTES = 1024 * 1024
DEFAULT_MAX_SESSIONS_PER_LEARNER = 5000
# The most a learner's prompt waits for its command's verdict (grader.daemon.feedback says why).
DEFAULT_PROMPT_WAIT_MS = 200
# How often the daemon runs a connected node's self-check (grader/daemon/selfcheck.py).
DEFAULT_NODE_CHECK_EVERY_S = 30.0
# Per-node pacing (grader.daemon.pacing says why these values): bytes a second after a 4 MiB
# burst, the most of the loop's time one node may hold, and seconds paced within a minute before
# the node is disconnected.
DEFAULT_RATE_BYTES_S = 8_000_000
DEFAULT_LOOP_SHARE = 0.25
OVER_BUDGET_PACED_S = 30.0
DEFAULT_DB = "sqlite:///var/grader.db"
DEFAULT_GRADER_USER = "labgrader"
DEFAULT_SPOOL_ROOT = "/var/lib/labgrader"
DEFAULT_API_HOST = "127.0.0.1"  # loopback: exposing the API is an explicit operator choice
DEFAULT_API_PORT = 8400
# Event streams (/api/events/stream) one token may hold open at once, and the whole process:
# a learner's page or two, an operator's class view on a few screens, and room for a browser's
# reconnect before the old stream is noticed closed; 2,000 is a class of 1,000 with a page each
# and their operators (grader/api/streams.py).
DEFAULT_STREAMS_PER_TOKEN = 8
DEFAULT_STREAMS_TOTAL = 2000
# The learner's page, as the API serves it (grader/api/dashboard.py): `api.public_url` + this is
# the address the login welcome names (grader.daemon.feedback writes it into the progress file).
LEARNER_PAGE_PATH = "/dashboard/learner"
# A lease must outlive a few heartbeats (sent every ttl/3) and a GC pause, yet a dead grader's
# nodes should move on within a minute.
DEFAULT_LEASE_TTL_S = 30.0
# sshd's MaxStartups default is 10:30:100: above 10 unauthenticated connections it starts
# dropping them. Staying at 8 leaves room for the operator's own logins.
DEFAULT_MAX_HANDSHAKES = 8
# asyncssh sends no keepalives by default; 15 s x 3 notices a dead node in under a minute while
# costing one tiny packet per node per 15 s.
DEFAULT_KEEPALIVE_INTERVAL_S = 15.0
DEFAULT_KEEPALIVE_COUNT_MAX = 3
DEFAULT_CONNECT_TIMEOUT_S = 15.0
# A node's connection that gives the daemon nothing it can use for this long, at any step after
# the handshake (a probe or SFTP read unanswered, no HELLO from the reader, no frame: an honest
# reader sends a heartbeat every 5 s), is stalled: dropped and retried with backoff. Six
# heartbeats: a busy node is slow, not silent.
DEFAULT_NODE_STALL_S = 30.0
# Reconnect: 1 s first, doubling to 60 s, full jitter so 500 nodes back from an outage do not
# hammer sshd (or our handshake semaphore) in lockstep (AWS "Exponential Backoff and Jitter").
DEFAULT_BACKOFF_BASE_S = 1.0
DEFAULT_BACKOFF_MAX_S = 60.0
# Attested runs: enforced unless the operator says otherwise (grader.matching.attest).
DEFAULT_ATTESTATION = "required"
# Where each node keeps its public key (grader/protocol/signed_run.py PUBLIC_KEY_PATH).
DEFAULT_ATTEST_KEY_PATH = "/etc/labgrader/attest.pub"
# Grades out (docs/grades-out.md): statements per LRS request (the xAPI spec sets no limit; 50
# keeps one request small), how long one request may take, and the retry backoff: 1 s doubling
# to 5 min, jittered, so an LRS that is down for an hour is asked a dozen times an hour, not a
# thousand.
DEFAULT_XAPI_BATCH = 50
DEFAULT_OUTBOUND_TIMEOUT_S = 10.0
DEFAULT_OUTBOUND_BACKOFF_MAX_S = 300.0


class ConfigError(Exception):
    """The config is invalid; `problems` holds one `file:line:col: message` per problem."""

    def __init__(self, problems: list[str]):
        super().__init__("\n".join(problems))
        self.problems = problems


@dataclass(frozen=True, slots=True)
class Backoff:
    base_s: float = DEFAULT_BACKOFF_BASE_S
    max_s: float = DEFAULT_BACKOFF_MAX_S
    jitter: bool = True


@dataclass(frozen=True, slots=True)
class NodeConfig:
    id: str
    host: str
    key: Path
    known_hosts: tuple[str, ...]  # pinned lines, known_hosts format
    learners: dict[str, tuple[str, ...]]  # learner -> lab ids
    port: int = 22
    user: str = DEFAULT_GRADER_USER
    spool_root: str = DEFAULT_SPOOL_ROOT
    attest_key_path: str = DEFAULT_ATTEST_KEY_PATH


@dataclass(frozen=True, slots=True)
class DaemonSettings:
    owner: str = field(default_factory=lambda: f"{socket.gethostname()}-{os.getpid()}")
    lease_ttl_s: float = DEFAULT_LEASE_TTL_S
    capacity: float = 1.0  # this grader's weight in the fair share of nodes (docs/scaling.md)
    max_handshakes: int = DEFAULT_MAX_HANDSHAKES
    keepalive_interval_s: float = DEFAULT_KEEPALIVE_INTERVAL_S
    keepalive_count_max: int = DEFAULT_KEEPALIVE_COUNT_MAX
    connect_timeout_s: float = DEFAULT_CONNECT_TIMEOUT_S
    node_stall_s: float = DEFAULT_NODE_STALL_S  # nothing useful from a node this long: stalled
    node_rate_bytes_s: int = DEFAULT_RATE_BYTES_S  # grader.daemon.pacing: one flood, not the loop
    node_loop_share: float = DEFAULT_LOOP_SHARE  # the most of the loop's time one node may hold
    node_buffer_bytes: int = DEFAULT_NODE_BUFFER_BYTES  # unread bytes one node's channel may hold
    node_over_budget_s: float = OVER_BUDGET_PACED_S  # paced seconds a minute, then disconnected
    max_sessions_per_learner: int = DEFAULT_MAX_SESSIONS_PER_LEARNER
    prompt_wait_ms: int = DEFAULT_PROMPT_WAIT_MS  # progress file's wait_ms (docs/daemon.md)
    node_check_every_s: float = DEFAULT_NODE_CHECK_EVERY_S  # grader/daemon/selfcheck.py
    backoff: Backoff = field(default_factory=Backoff)


@dataclass(frozen=True, slots=True)
class ApiConfig:
    host: str = DEFAULT_API_HOST
    port: int = DEFAULT_API_PORT
    enabled: bool = True
    # Where learners open the API, as their browser sees it ("https://grader.example", no
    # trailing slash); None: not configured, the login welcome names no page.
    public_url: str | None = None
    operator_tokens: tuple[str, ...] = ()
    learner_tokens: dict[str, str] = field(default_factory=dict)
    rate_per_token: str = RATE_PER_TOKEN
    failed_auth_per_client: str = FAILED_AUTH_PER_CLIENT
    streams_per_token: int = DEFAULT_STREAMS_PER_TOKEN
    streams_total: int = DEFAULT_STREAMS_TOTAL

    @property
    def learner_page(self) -> str | None:
        """The learner page's address (`public_url` + /dashboard/learner), None when unset."""
        return None if self.public_url is None else self.public_url + LEARNER_PAGE_PATH


@dataclass(frozen=True, slots=True)
class XapiConfig:
    """The Learning Record Store the verdict events go to as xAPI statements."""

    endpoint: str  # the LRS's xAPI base ("https://lrs.example/xAPI/"); statements at +statements
    username: str  # HTTP basic auth
    password: str
    homepage: str  # the learners' account homePage (actor.account.homePage)
    activity_base: str  # activity ids: <activity_base>/<lab>[/<step>]
    batch: int = DEFAULT_XAPI_BATCH
    timeout_s: float = DEFAULT_OUTBOUND_TIMEOUT_S


@dataclass(frozen=True, slots=True)
class WebhookConfig:
    """One URL every verdict event is POSTed to, signed per the Standard Webhooks spec."""

    name: str  # the sink's name: its cursor is `webhook:<name>`
    url: str
    secret: str  # "whsec_<base64>" (its decoded bytes are the key) or any other string (UTF-8)
    timeout_s: float = DEFAULT_OUTBOUND_TIMEOUT_S


@dataclass(frozen=True, slots=True)
class OutboundConfig:
    xapi: XapiConfig | None = None
    webhooks: tuple[WebhookConfig, ...] = ()
    backoff: Backoff = field(
        default_factory=lambda: Backoff(DEFAULT_BACKOFF_BASE_S, DEFAULT_OUTBOUND_BACKOFF_MAX_S)
    )

    @property
    def enabled(self) -> bool:
        return self.xapi is not None or bool(self.webhooks)


@dataclass(frozen=True, slots=True)
class GraderConfig:
    path: Path
    db: str
    labs: tuple[Path, ...]
    api: ApiConfig
    nodes: tuple[NodeConfig, ...]
    daemon: DaemonSettings
    attestation: str = DEFAULT_ATTESTATION  # "required" | "auto" | "off"
    outbound: OutboundConfig = field(default_factory=OutboundConfig)
    # What is wrong but grades anyway, one line each for the log: a learner whose token's
    # environment variable is unset (graded; his API sign-in refused until he has a token).
    warnings: tuple[str, ...] = ()

    def node(self, node_id: str) -> NodeConfig:
        for n in self.nodes:
            if n.id == node_id:
                return n
        raise KeyError(node_id)


def config_schema() -> dict[str, Any]:
    text = resources.files("grader").joinpath("config.schema.json").read_text("utf-8")
    return json.loads(text)


def validate_document(path: Path, schema: dict[str, Any]) -> tuple[Any, list[str]]:
    """Parse YAML (the lab loader's safe, located reader) and validate it against `schema`.

    Problems come back as `file:line:col: [schema path] message` strings, like `grader lint`.
    """
    doc = read_document(str(path), path.read_bytes())
    problems = [str(e) for e in doc.errors]
    if doc.data is None:
        return None, problems or [f"{path}:1:1: [yaml] empty file"]
    validator = jsonschema.Draft202012Validator(schema)
    for err in sorted(validator.iter_errors(doc.data), key=lambda e: list(map(str, e.path))):
        schema_path = "/".join(map(str, err.absolute_schema_path))
        message = err.message
        # A key whose pattern says little to an operator explains itself (`x-message`).
        explained = err.schema.get("x-message") if isinstance(err.schema, dict) else None
        if err.validator == "pattern" and explained:
            message = f"{err.instance!r} {explained}"
        problems.append(str(doc.error(list(err.absolute_path), schema_path, message)))
    return doc.data, problems


TOKEN_MIN_CHARS = 16
"""The shortest API token, literal (the schema's `secret`) or read from the environment: the API
serves a valid token before it counts an address's failed sign-ins (grader/api/app.py), so a
token must be too long to guess, wherever it is written."""


def _secret(value: Any, where: str, problems: list[str], min_chars: int = 1) -> str | None:
    if isinstance(value, str):
        return value
    var = value["env"]
    got = os.environ.get(var)
    if not got:
        problems.append(f"{where}: environment variable {var} is not set")
    elif len(got) < min_chars:
        problems.append(
            f"{where}: environment variable {var} holds {len(got)} characters; a token needs "
            f"at least {min_chars} (docs/operator-guide.md shows how to make one)"
        )
        return None
    return got


def _token_unset(where: str, var: str, learner: str) -> str:
    """A learner's token variable is unset: he is graded all the same (his work is recorded),
    and only his own API sign-in waits for a token. Refusing the whole config instead stopped a
    restart, and every other learner's grading, for one missing variable."""
    return (
        f"{where}: environment variable {var} is not set: {learner} is graded, but cannot sign "
        f"in to the API until `grader tokens create --role learner --learner {learner}` issues "
        f"a token (at once), or {var} is set and `grader run` restarted"
    )


def _relative(base: Path, value: str) -> Path:
    p = Path(value).expanduser()
    return p if p.is_absolute() else base / p


def _db_url(base: Path, url: str) -> str:
    """sqlite:///relative.db is relative to the config file; absolute URLs pass through."""
    prefix = "sqlite:///"
    if url.startswith(prefix) and not url.startswith(prefix + "/"):
        return prefix + str(base / url[len(prefix) :])
    return url


def load_config(path: str | Path) -> GraderConfig:
    """Read and validate grader.yaml; raises ConfigError listing every problem."""
    path = Path(path)
    data, problems = validate_document(path, config_schema())
    if problems:
        raise ConfigError(problems)
    base = path.parent.resolve()
    api = data.get("api", {})
    tokens = api.get("tokens", {})
    operator = tuple(
        t
        for i, v in enumerate(tokens.get("operator", []))
        if (t := _secret(v, f"{path}: api.tokens.operator[{i}]", problems, TOKEN_MIN_CHARS))
    )
    learner_tokens = {}
    warnings: list[str] = []
    for learner, v in tokens.get("learners", {}).items():
        where = f"{path}: api.tokens.learners.{learner}"
        if isinstance(v, dict) and not os.environ.get(v["env"]):
            warnings.append(_token_unset(where, v["env"], learner))
        elif t := _secret(v, where, problems, TOKEN_MIN_CHARS):
            learner_tokens[learner] = t
    nodes = []
    seen: set[str] = set()
    for raw in data["nodes"]:
        if raw["id"] in seen:
            problems.append(f"{path}: node id {raw['id']!r} appears twice")
        seen.add(raw["id"])
        pins = raw["known_hosts"]
        nodes.append(
            NodeConfig(
                id=raw["id"],
                host=raw["host"],
                port=raw.get("port", 22),
                user=raw.get("user", DEFAULT_GRADER_USER),
                key=_relative(base, raw["key"]),
                known_hosts=(pins,) if isinstance(pins, str) else tuple(pins),
                learners={k: tuple(v) for k, v in raw["learners"].items()},
                spool_root=raw.get("spool_root", DEFAULT_SPOOL_ROOT),
                attest_key_path=raw.get("attest_key_path", DEFAULT_ATTEST_KEY_PATH),
            )
        )
    public_url = _public_url(path, api.get("public_url"), problems)
    outbound = _outbound(path, data.get("outbound", {}), problems)
    if problems:
        raise ConfigError(problems)
    d = data.get("daemon", {})
    b = d.get("backoff", {})
    if not math.isfinite(float(d.get("capacity", 1.0))):  # YAML's .nan passes the schema's > 0
        raise ConfigError([f"{path}: daemon.capacity must be a finite number above 0"])
    defaults = DaemonSettings()
    daemon = DaemonSettings(
        owner=d.get("owner", defaults.owner),
        lease_ttl_s=float(d.get("lease_ttl_s", DEFAULT_LEASE_TTL_S)),
        capacity=float(d.get("capacity", 1.0)),
        max_handshakes=d.get("max_handshakes", DEFAULT_MAX_HANDSHAKES),
        keepalive_interval_s=float(d.get("keepalive_interval_s", DEFAULT_KEEPALIVE_INTERVAL_S)),
        keepalive_count_max=d.get("keepalive_count_max", DEFAULT_KEEPALIVE_COUNT_MAX),
        connect_timeout_s=float(d.get("connect_timeout_s", DEFAULT_CONNECT_TIMEOUT_S)),
        node_stall_s=float(d.get("node_stall_s", DEFAULT_NODE_STALL_S)),
        node_rate_bytes_s=d.get("node_rate_bytes_s", DEFAULT_RATE_BYTES_S),
        node_loop_share=d.get("node_loop_share", DEFAULT_LOOP_SHARE),
        node_buffer_bytes=d.get("node_buffer_bytes", DEFAULT_NODE_BUFFER_BYTES),
        node_over_budget_s=float(d.get("node_over_budget_s", OVER_BUDGET_PACED_S)),
        max_sessions_per_learner=d.get(
            "max_sessions_per_learner", DEFAULT_MAX_SESSIONS_PER_LEARNER
        ),
        prompt_wait_ms=d.get("prompt_wait_ms", DEFAULT_PROMPT_WAIT_MS),
        node_check_every_s=float(d.get("node_check_every_s", DEFAULT_NODE_CHECK_EVERY_S)),
        backoff=Backoff(
            base_s=float(b.get("base_s", DEFAULT_BACKOFF_BASE_S)),
            max_s=float(b.get("max_s", DEFAULT_BACKOFF_MAX_S)),
            jitter=b.get("jitter", True),
        ),
    )
    return GraderConfig(
        path=path,
        db=_db_url(base, data.get("db", DEFAULT_DB)),
        labs=tuple(_relative(base, p) for p in data.get("labs", [])),
        api=ApiConfig(
            host=api.get("host", DEFAULT_API_HOST),
            port=api.get("port", DEFAULT_API_PORT),
            enabled=api.get("enabled", True),
            public_url=public_url,
            operator_tokens=operator,
            learner_tokens=learner_tokens,
            rate_per_token=api.get("rate_limits", {}).get("per_token", RATE_PER_TOKEN),
            failed_auth_per_client=api.get("rate_limits", {}).get(
                "failed_auth_per_client", FAILED_AUTH_PER_CLIENT
            ),
            streams_per_token=api.get("rate_limits", {}).get(
                "streams_per_token", DEFAULT_STREAMS_PER_TOKEN
            ),
            streams_total=api.get("rate_limits", {}).get("streams_total", DEFAULT_STREAMS_TOTAL),
        ),
        nodes=tuple(nodes),
        daemon=daemon,
        attestation=data.get("attestation", DEFAULT_ATTESTATION),
        outbound=outbound,
        warnings=tuple(warnings),
    )


def public_url_problem(value: str) -> str | None:
    """Why `value` cannot be api.public_url, None when it can: the schema's own rule (its
    pattern, matched against the whole string: the schema's `$` would let a final line break
    through, as a YAML `|` block ends with one), and what no pattern says, a port's range.
    `grader provision --public-url` asks it too, before any node is touched."""
    rule = config_schema()["properties"]["api"]["properties"]["public_url"]
    if len(value) > rule["maxLength"] or not re.fullmatch(
        rule["pattern"].removeprefix("^").removesuffix("$"), value
    ):
        return str(rule["x-message"])
    try:
        port = urlsplit(value).port
    except ValueError:
        port = 0
    return "has a port out of range (1-65535)" if port == 0 else None


def _public_url(path: Path, value: str | None, problems: list[str]) -> str | None:
    """api.public_url without its trailing slashes (checked by public_url_problem)."""
    if value is None:
        return None
    if why := public_url_problem(value):
        problems.append(f"{path}: api.public_url {value!r} {why}")
        return None
    return value.rstrip("/")


def _outbound(path: Path, raw: dict[str, Any], problems: list[str]) -> OutboundConfig:
    """The `outbound:` section (grades out, docs/grades-out.md); secrets may be {env: VAR}."""
    xapi = None
    if (x := raw.get("xapi")) is not None:
        password = _secret(x["password"], f"{path}: outbound.xapi.password", problems)
        xapi = XapiConfig(
            endpoint=x["endpoint"] if x["endpoint"].endswith("/") else x["endpoint"] + "/",
            username=x["username"],
            password=password or "",
            homepage=x["homepage"],
            activity_base=x["activity_base"].rstrip("/"),
            batch=x.get("batch", DEFAULT_XAPI_BATCH),
            timeout_s=float(x.get("timeout_s", DEFAULT_OUTBOUND_TIMEOUT_S)),
        )
    hooks = []
    names: set[str] = set()
    for i, h in enumerate(raw.get("webhooks", [])):
        if h["name"] in names:
            problems.append(f"{path}: outbound.webhooks: name {h['name']!r} appears twice")
        names.add(h["name"])
        secret = _secret(h["secret"], f"{path}: outbound.webhooks[{i}].secret", problems)
        hooks.append(
            WebhookConfig(
                name=h["name"],
                url=h["url"],
                secret=secret or "",
                timeout_s=float(h.get("timeout_s", DEFAULT_OUTBOUND_TIMEOUT_S)),
            )
        )
    b = raw.get("backoff", {})
    return OutboundConfig(
        xapi=xapi,
        webhooks=tuple(hooks),
        backoff=Backoff(
            base_s=float(b.get("base_s", DEFAULT_BACKOFF_BASE_S)),
            max_s=float(b.get("max_s", DEFAULT_OUTBOUND_BACKOFF_MAX_S)),
            jitter=b.get("jitter", True),
        ),
    )
