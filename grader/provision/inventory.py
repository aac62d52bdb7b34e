"""The inventory: which nodes to prepare, how to reach them, and what goes on each.

Read with the lab machinery (grader.labs.document: YAML with positions, bounded, no python tags;
grader.labs.schema: jsonschema errors worded for a person), so a mistake is reported as
`inventory.yaml:12:7: [rule] sentence` exactly like a lab error. Per-host values fall back to
`defaults:`. Labs named here are loaded with grader.labs.loader, so a broken lab stops the run
before any node is touched.

What the schema cannot say is checked here too, every problem reported at once with the schema's:
each host key and the grader key parse as real keys (grader.provision.hostkeys: strict base64,
paramiko, a known_hosts host part naming the host), and every local file the inventory names
(the admin's private `key`, an `nccl_tests.source.tarball`) exists and can be read, so none of
them surfaces later as a traceback or as a misleading "unreachable" at connect time.

A learner the inventory gives no `learner_keys` is not an error (a key installed by other means is
kept), but it is said, located, in `Inventory.warnings`: a new account without a key cannot log
in, and the learner-keys step fails for a learner whose node holds no key for them.
"""

from __future__ import annotations

import contextlib
import ipaddress
import json
import math
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator

from grader.config import public_url_problem
from grader.labs import (  # explain_violation: the lab schema's wording, reused for inventories
    Document,
    LabError,
    LabInvalid,
    explain_violation,
    load_lab,
    read_document,
)
from grader.provision.hostkeys import KeyProblem, parse_public_key

SCHEMA_FILE = "inventory.schema.json"
#: Where nccl-tests are kept or built when the inventory does not say: the layout of a manual
#: `git clone` + `make` (binaries under <prefix>/build).
DEFAULT_NCCL_TESTS_PREFIX = "/opt/nccl-tests"
#: Where the binaries are linked so learners type `all_reduce_perf` as in the lesson.
DEFAULT_BIN_DIR = "/usr/local/bin"
#: A TCP connect plus SSH handshake to a node on the same network takes well under a second; 10 s
#: tolerates a loaded node without holding the whole run on a dead one for long.
DEFAULT_CONNECT_TIMEOUT_S = 10.0
#: The smoke run: small sizes only (8 B to 1 MiB): proves NCCL initialises and moves data across
#: the GPUs in seconds; bandwidth at these sizes is latency-bound, a sanity number, not a benchmark.
DEFAULT_SMOKE_MIN_BYTES = "8"
DEFAULT_SMOKE_MAX_BYTES = "1M"
DEFAULT_SMOKE_TIMEOUT_S = 120.0
#: Per-learner limits (docs/provisioning.md "Learner limits"). 512 processes and threads is far
#: above a lab session (a login, `script`, bash, an nccl-tests run with its threads) and far below
#: what starves a node; half the RAM leaves the other half to everyone else whatever one learner
#: allocates; CPU weight 100 is every systemd slice's default (equal shares).
DEFAULT_LEARNER_NPROC = 512
DEFAULT_LEARNER_MEMORY = "50%"
DEFAULT_LEARNER_CPU_WEIGHT = 100


class InventoryInvalid(LabInvalid):
    """Every problem in an inventory (and in the labs it names), each located."""


@dataclass(frozen=True)
class NcclTestsSource:
    """Where to build nccl-tests from: a local tarball (pushed to the node) or git URL + ref."""

    tarball: Path | None = None
    git_url: str | None = None
    git_ref: str | None = None


@dataclass(frozen=True)
class NcclTestsConfig:
    prefix: str = DEFAULT_NCCL_TESTS_PREFIX
    bin_dir: str = DEFAULT_BIN_DIR
    cuda_home: str | None = None
    nccl_home: str | None = None
    venvs: tuple[str, ...] = ()
    source: NcclTestsSource | None = None


@dataclass(frozen=True)
class SmokeConfig:
    min_bytes: str = DEFAULT_SMOKE_MIN_BYTES
    max_bytes: str = DEFAULT_SMOKE_MAX_BYTES
    timeout_s: float = DEFAULT_SMOKE_TIMEOUT_S


@dataclass(frozen=True)
class LearnerLimits:
    """What one learner may take of the node (the learner-limits step; install-limits.sh)."""

    nproc: int = DEFAULT_LEARNER_NPROC
    #: `N%` of the node's RAM, a size with K/M/G/T, or `unlimited`.
    memory: str = DEFAULT_LEARNER_MEMORY
    cpu_weight: int = DEFAULT_LEARNER_CPU_WEIGHT


#: The graded canary's account (grader.provision.canary), made beside the learners on every host
#: with a lab; no daemon grades it.
CANARY_ACCOUNT = "labgrader-canary"


@dataclass(frozen=True)
class Host:
    """One node, every default applied. `host_keys` are pinned: no other key is ever accepted."""

    name: str
    address: str
    port: int
    user: str
    key: Path | None
    host_keys: tuple[str, ...]
    connect_timeout: float
    learners: tuple[str, ...]
    grader_key: str | None
    #: Merged `environment:` of the host's labs, for learners' shells.
    environment: dict[str, str]
    #: The most GPUs any of the host's labs requires (0: no requirement).
    min_gpus: int
    labs: tuple[str, ...]
    nccl_tests: NcclTestsConfig
    smoke: SmokeConfig
    #: Every program the host's labs attest (`attest.programs`): the attestation step wraps each
    #: one the node has.
    attest_programs: tuple[str, ...] = ()
    #: The ids of the host's labs (the learners' labs in the grader's config).
    lab_ids: tuple[str, ...] = ()
    #: The labs' folders, resolved (the canary types each one's tests/any-node.script).
    lab_dirs: tuple[str, ...] = ()
    #: Each learner's SSH public keys: their authorized_keys (the `learner-keys` step).
    learner_keys: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: The grader's private key file (`grader_identity`), for the config --write-config writes.
    grader_identity: Path | None = None
    #: `simulator: true`: provisioning installs the GPU simulator (grader.provision.simulator).
    simulator: bool = False
    #: Per step that needs a signed run: (`lab-id/step-id`, the attested programs it accepts).
    #: The node is gradable only if each such step has one of its programs wrapped.
    attest_steps: tuple[tuple[str, frozenset[str]], ...] = ()
    limits: LearnerLimits = field(default_factory=LearnerLimits)

    @property
    def accounts(self) -> tuple[str, ...]:
        """The learner accounts the node gets: the learners, and the canary where a lab is."""
        return (*self.learners, CANARY_ACCOUNT) if self.lab_dirs else self.learners


@dataclass(frozen=True)
class GraderSettings:
    """The inventory's `grader:` section: the grader's own settings for grader.yaml.

    None: the inventory does not set it (grader.yaml keeps what it has; a new file gets the
    default grader.provision.graderconfig writes).
    """

    db: str | None = None
    api_host: str | None = None
    api_port: int | None = None
    public_url: str | None = None
    tokens: str | None = None  # "env" | "store"
    capacity: float | None = None
    attestation: str | None = None


@dataclass(frozen=True)
class Inventory:
    file: str
    hosts: tuple[Host, ...] = field(default_factory=tuple)
    grader: GraderSettings = field(default_factory=GraderSettings)
    #: What is allowed but probably a mistake, located like an error (`file:line:col: [rule] …`).
    warnings: tuple[LabError, ...] = ()

    def host(self, name: str) -> Host:
        for h in self.hosts:
            if h.name == name:
                return h
        raise KeyError(name)


@cache
def schema() -> dict[str, Any]:
    """inventory.schema.json with local $refs inlined.

    Why inline: the lab error wording (grader.labs.schema) follows $ref hops inside the *lab*
    schema only; a ref-free schema gives it nothing to follow, so the rule paths stay correct.
    """
    text = resources.files("grader.provision").joinpath(SCHEMA_FILE).read_text(encoding="utf-8")
    raw = json.loads(text)

    def inline(node: Any) -> Any:
        if isinstance(node, dict):
            if "$ref" in node:
                target: Any = raw
                for part in node["$ref"].removeprefix("#/").split("/"):
                    target = target[part]
                return inline(target)
            return {k: inline(v) for k, v in node.items() if k != "$defs"}
        if isinstance(node, list):
            return [inline(v) for v in node]
        return node

    return inline(raw)


@cache
def _validator() -> Draft202012Validator:
    Draft202012Validator.check_schema(schema())
    return Draft202012Validator(schema())


def _schema_errors(doc: Document) -> list[LabError]:
    errors = []
    for error in _validator().iter_errors(doc.data):
        for e in explain_violation(doc, error):
            # The lab wording names the document "the lab"; here it is the inventory.
            message = e.message.replace("The lab ", "The inventory ")
            errors.append(LabError(e.file, e.line, e.column, e.schema_path, message))
    return errors


def load_inventory(path: str | Path) -> Inventory:
    """The Inventory at `path`; InventoryInvalid lists every problem, located."""
    path = Path(path)
    name = str(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise InventoryInvalid(
            [LabError(name, 1, 1, "file", f"Cannot read the file: {exc.strerror}.")]
        ) from None
    doc = read_document(name, raw)
    errors = list(doc.errors)
    if doc.usable:
        errors += _schema_errors(doc)
        errors += _value_errors(doc, path.parent)
    if errors:
        raise InventoryInvalid(sorted(set(errors)))
    return _build(doc, path.parent)


def _keyless_learners(doc: Document) -> list[LabError]:
    """A warning at each learner name some host lists without `learner_keys` for it, naming the
    hosts: the account provisioning makes has no key, so nobody can log in as the learner."""
    data = doc.data
    defaults = data.get("defaults") or {}
    missing: dict[tuple[tuple[str | int, ...], str], list[str]] = {}
    for name, raw in data["hosts"].items():
        where = ("hosts", name) if "learners" in raw else ("defaults",)
        keyed = raw.get("learner_keys", defaults.get("learner_keys")) or {}
        for i, learner in enumerate(raw.get("learners", defaults.get("learners", ()))):
            if learner not in keyed:
                missing.setdefault(((*where, "learners", i), learner), []).append(name)
    return [
        doc.error(
            list(path),
            "learner_keys/missing",
            f"Warning: learner {learner} has no key in learner_keys (host "
            f"{', '.join(hosts)}): a new account gets none and cannot log in. Add the "
            "learner's public key under learner_keys (a key already on the node is kept).",
        )
        for (path, learner), hosts in missing.items()
    ]


def _resolve(base: Path, value: str) -> Path:
    """A local path from the inventory: `~` expanded, relative to the inventory's folder.

    A `~user` that names nobody stays as written (then it does not exist, and says so).
    """
    p = Path(value)
    with contextlib.suppress(RuntimeError):
        p = p.expanduser()
    return p if p.is_absolute() else base / p


def _value_errors(doc: Document, base: Path) -> list[LabError]:
    """Keys that do not parse and local files that cannot be read, each at its value.

    Walks whatever is there (the schema may have found other problems in the same file), so
    every problem comes out in one run.
    """
    data = doc.data
    if not isinstance(data, dict):
        return []
    errors: list[LabError] = []
    grader = data.get("grader")
    api = grader.get("api") if isinstance(grader, dict) else None
    url = api.get("public_url") if isinstance(api, dict) else None
    if isinstance(url, str) and (why := public_url_problem(url)):
        errors.append(
            doc.error(
                ["grader", "api", "public_url"],
                "grader/api/public_url",
                f"grader.api.public_url {url!r} {why}.",
            )
        )
    capacity = grader.get("capacity") if isinstance(grader, dict) else None
    if isinstance(capacity, float) and not math.isfinite(capacity):  # .nan passes `> 0`
        errors.append(
            doc.error(
                ["grader", "capacity"],
                "grader/capacity",
                "grader.capacity must be a finite number above 0.",
            )
        )
    sections: list[tuple[list[str | int], dict[str, Any]]] = []
    defaults = data.get("defaults")
    if isinstance(defaults, dict):
        sections.append((["defaults"], defaults))
    else:
        defaults = {}
    hosts = data.get("hosts")
    for name, raw in hosts.items() if isinstance(hosts, dict) else ():
        if not isinstance(raw, dict):
            continue
        sections.append((["hosts", name], raw))
        # learner_keys only for the host's learners (a key for nobody is a typo, not a wish)
        learners = raw.get("learners", defaults.get("learners"))
        keyed = raw.get("learner_keys", defaults.get("learner_keys"))
        keys_at: list[str | int] = ["hosts", name] if "learner_keys" in raw else ["defaults"]
        if isinstance(keyed, dict) and isinstance(learners, list):
            for learner in keyed:
                if learner not in learners:
                    errors.append(
                        doc.error(
                            [*keys_at, "learner_keys", learner],
                            "learner_keys/learners",
                            f"learner_keys names {learner}, who is not a learner of host {name}.",
                        )
                    )
        # a known_hosts host part is compared with address:port only when both are sound (else
        # the schema has said what is wrong with them)
        address = raw.get("address")
        port = raw.get("port", defaults.get("port", 22))
        if not (isinstance(port, int) and not isinstance(port, bool) and 0 < port < 65536):
            address, port = None, 22
        if not isinstance(address, str):
            address = None
        keys = raw.get("host_keys")
        for i, text in enumerate(keys if isinstance(keys, list) else ()):
            if not isinstance(text, str):
                continue
            try:
                parse_public_key(text, address=address, port=port)
            except KeyProblem as problem:
                errors.append(
                    doc.error(
                        ["hosts", name, "host_keys", i],
                        f"host-{problem.rule}",
                        f"Host `{name}`, host key {i + 1}: {_lower_first(problem.message)}",
                    )
                )
    for where, section in sections:
        grader_key = section.get("grader_key")
        if isinstance(grader_key, str):
            try:
                parse_public_key(grader_key, known_hosts=False)
            except KeyProblem as problem:
                errors.append(
                    doc.error(
                        [*where, "grader_key"],
                        f"grader-{problem.rule}",
                        f"grader_key: {_lower_first(problem.message)}",
                    )
                )
        for learner, texts in (section.get("learner_keys") or {}).items():
            for i, text in enumerate(texts if isinstance(texts, list) else ()):
                if not isinstance(text, str):
                    continue
                try:
                    parse_public_key(text, known_hosts=False)
                except KeyProblem as problem:
                    errors.append(
                        doc.error(
                            [*where, "learner_keys", learner, i],
                            f"learner-{problem.rule}",
                            f"learner_keys.{learner}, key {i + 1}: "
                            + _lower_first(problem.message),
                        )
                    )
        identity = section.get("grader_identity")
        if isinstance(identity, str) and identity:
            what = "The grader's private key"
            why = _file_problem(base, identity, private_key=True, what=what)
            if not why:
                why = _file_problem(
                    base, identity + ".pub", private_key=False, what=what + "'s .pub"
                )
            if why:
                errors.append(doc.error([*where, "grader_identity"], "grader_identity/file", why))
        key = section.get("key")
        if isinstance(key, str) and key:
            why = _file_problem(base, key, private_key=True)
            if why:
                errors.append(doc.error([*where, "key"], "key/file", why))
        nccl = section.get("nccl_tests")
        source = nccl.get("source") if isinstance(nccl, dict) else None
        tarball = source.get("tarball") if isinstance(source, dict) else None
        if isinstance(tarball, str) and tarball:
            why = _file_problem(base, tarball, private_key=False)
            if why:
                errors.append(
                    doc.error([*where, "nccl_tests", "source", "tarball"], "tarball/file", why)
                )
    return errors


def _lower_first(sentence: str) -> str:
    return sentence[:1].lower() + sentence[1:]


def _file_problem(base: Path, value: str, *, private_key: bool, what: str = "") -> str:
    """Why the local file `value` cannot be used ("" when it can)."""
    what = what or ("The admin's private key" if private_key else "The nccl-tests source tarball")
    setting, beside = (
        ("grader_identity", "beside it (`.pub`)")
        if what.startswith("The grader")
        else ("key", "in the admin's authorized_keys")
    )
    path = _resolve(base, value)
    if value.startswith("~"):
        try:
            Path(value).expanduser()
            where = ""
        except RuntimeError:
            where = " (`~` could not be expanded: no such user)"
    elif not Path(value).is_absolute():
        where = " (a relative path is relative to the inventory's folder)"
    else:
        where = ""
    try:
        if not path.exists():
            return f"{what} {path} does not exist{where}."
        if path.is_dir():
            return f"{what} {path} is a folder; name the file."
        with path.open("rb") as f:
            head = f.read(64)
    except OSError as exc:
        return f"{what} {path} cannot be read: {exc.strerror or exc}."
    except ValueError as exc:  # a NUL in the path: no file has that name
        return f"{what} `{value!r}` is not a usable path ({exc})."
    if private_key and head.lstrip().startswith((b"ssh-", b"ecdsa-", b"sk-")):
        usually = f" (usually {path.with_suffix('')})" if path.suffix == ".pub" else ""
        return (
            f"{what} {path} is a public key; `{setting}` names the private key file{usually}, "
            f"whose public part is {beside}."
        )
    return ""


def _identity_public(identity: Path | None) -> str | None:
    """The public key line beside the grader's private key (checked readable when loaded)."""
    if identity is None:
        return None
    return identity.with_name(identity.name + ".pub").read_text(encoding="utf-8").strip()


def _build(doc: Document, base: Path) -> Inventory:
    data = doc.data
    defaults: dict[str, Any] = data.get("defaults") or {}
    hosts = []
    errors: list[LabError] = []
    lab_cache: dict[str, Any] = {}
    for name, raw in data["hosts"].items():
        s = {**defaults, **raw}
        labs = tuple(s.get("labs", ()))
        environment: dict[str, str] = {}
        min_gpus = 0
        attest_programs: set[str] = set()
        lab_ids: list[str] = []
        attest_steps: list[tuple[str, frozenset[str]]] = []
        where = ["hosts", name, "labs"] if "labs" in raw else ["defaults", "labs"]
        for i, lab_path in enumerate(labs):
            resolved = str(_resolve(base, lab_path))
            if resolved not in lab_cache:
                try:
                    lab_cache[resolved] = load_lab(resolved)
                except LabInvalid as exc:
                    lab_cache[resolved] = None
                    errors.append(
                        doc.error([*where, i], "labs", f"The lab {lab_path} does not load: {exc}")
                    )
            lab = lab_cache[resolved]
            if lab is None:
                continue
            min_gpus = max(min_gpus, lab.requires_gpus)
            lab_ids.append(lab.id)
            attest_programs |= lab.attest_programs
            for step in lab.steps:
                if lab.attested(step):
                    attest_steps.append((f"{lab.id}/{step.id}", lab.attested(step)))
            for key, value in lab.environment.items():
                if environment.get(key, value) != value:
                    errors.append(
                        doc.error(
                            [*where, i],
                            "labs/environment",
                            f"Labs on host {name} disagree on {key} "
                            f"({environment[key]!r} vs {value!r}).",
                        )
                    )
                environment[key] = str(value)
        identity = _resolve(base, s["grader_identity"]) if "grader_identity" in s else None
        nt = s.get("nccl_tests") or {}
        src = nt.get("source")
        source = None
        if src:
            git = src.get("git") or {}
            source = NcclTestsSource(
                tarball=_resolve(base, src["tarball"]) if "tarball" in src else None,
                git_url=git.get("url"),
                git_ref=git.get("ref"),
            )
        smoke = s.get("smoke") or {}
        # per key: a host's `limits:` overrides only the keys it names
        lim = {**(defaults.get("limits") or {}), **(raw.get("limits") or {})}
        hosts.append(
            Host(
                name=name,
                address=raw["address"],
                port=int(s.get("port", 22)),
                user=s.get("user", "root"),
                key=_resolve(base, s["key"]) if "key" in s else None,
                host_keys=tuple(
                    parse_public_key(k, known_hosts=True).line for k in raw["host_keys"]
                ),
                connect_timeout=float(s.get("connect_timeout", DEFAULT_CONNECT_TIMEOUT_S)),
                learners=tuple(s.get("learners", ())),
                grader_key=s.get("grader_key") or _identity_public(identity),
                environment=environment,
                min_gpus=min_gpus,
                labs=labs,
                nccl_tests=NcclTestsConfig(
                    prefix=nt.get("prefix", DEFAULT_NCCL_TESTS_PREFIX),
                    bin_dir=nt.get("bin_dir", DEFAULT_BIN_DIR),
                    cuda_home=nt.get("cuda_home"),
                    nccl_home=nt.get("nccl_home"),
                    venvs=tuple(nt.get("venvs", ())),
                    source=source,
                ),
                smoke=SmokeConfig(
                    min_bytes=smoke.get("min_bytes", DEFAULT_SMOKE_MIN_BYTES),
                    max_bytes=smoke.get("max_bytes", DEFAULT_SMOKE_MAX_BYTES),
                    timeout_s=float(smoke.get("timeout_s", DEFAULT_SMOKE_TIMEOUT_S)),
                ),
                attest_programs=tuple(sorted(attest_programs)),
                simulator=bool(s.get("simulator", False)),
                learner_keys={
                    k: tuple(parse_public_key(t, known_hosts=False).line for t in v)
                    for k, v in (s.get("learner_keys") or {}).items()
                },
                grader_identity=identity,
                lab_ids=tuple(lab_ids),
                lab_dirs=tuple(str(_resolve(base, p)) for p in labs),
                attest_steps=tuple(attest_steps),
                limits=LearnerLimits(
                    nproc=int(lim.get("nproc", DEFAULT_LEARNER_NPROC)),
                    memory=str(lim.get("memory", DEFAULT_LEARNER_MEMORY)),
                    cpu_weight=int(lim.get("cpu_weight", DEFAULT_LEARNER_CPU_WEIGHT)),
                ),
            )
        )
    errors += _duplicate_hosts(doc, hosts)
    if errors:
        raise InventoryInvalid(sorted(set(errors)))
    g = data.get("grader") or {}
    api = g.get("api") or {}
    settings = GraderSettings(
        db=g.get("db"),
        api_host=api.get("host"),
        api_port=api.get("port"),
        public_url=api.get("public_url"),
        tokens=g.get("tokens"),
        capacity=float(g["capacity"]) if "capacity" in g else None,
        attestation=g.get("attestation"),
    )
    return Inventory(doc.file, tuple(hosts), settings, tuple(sorted(_keyless_learners(doc))))


def _address_key(address: str) -> str:
    """An address as compared for duplicates: an IP in its canonical form, a DNS name lowercased.

    No name is resolved here (reading an inventory does no I/O), so `localhost` and `127.0.0.1`
    stay different; `10.0.0.5`/`10.0.0.5` and `GPU-A.lab`/`gpu-a.lab` do not.
    """
    try:
        return ipaddress.ip_address(address.strip("[]")).compressed
    except ValueError:
        return address.rstrip(".").lower()


def _duplicate_hosts(doc: Document, hosts: list[Host]) -> list[LabError]:
    """One login (user@address:port) or one name listed twice: refused before any node is touched.

    Why: every host runs in its own thread, so one login listed twice would run the installer
    twice at once on the same node (racing on its sshd config), and its log and report files
    (`<name>.log`, named case-insensitively on some filesystems) would overwrite each other.
    Different admin users on one node stay allowed (an operator may check several accounts).
    """
    errors = []
    by_login: dict[tuple[str, str, int], Host] = {}
    by_name: dict[str, Host] = {}
    for host in hosts:
        name_first = by_name.setdefault(host.name.lower(), host)
        if name_first is not host:
            errors.append(
                doc.error(
                    ["hosts"],
                    "hosts/duplicate-name",
                    f"The host name `{host.name}` is the same as `{name_first.name}` "
                    f"(line {_line(doc, name_first)}) apart from case; their log and report "
                    "files would collide. Give each node its own name.",
                    key=host.name,
                )
            )
        login = (host.user, _address_key(host.address), host.port)
        first = by_login.setdefault(login, host)
        if first is not host:
            errors.append(
                doc.error(
                    ["hosts", host.name, "address"],
                    "hosts/duplicate-login",
                    f"Host `{host.name}` is {host.user}@{host.address}:{host.port}, the same "
                    f"login as host `{first.name}` (line {_line(doc, first)}); one node listed "
                    "twice would be provisioned twice at once. Remove one of them.",
                )
            )
    return errors


def _line(doc: Document, host: Host) -> int:
    """The 1-based line where `host`'s entry starts (its name), for pointing at the first one."""
    node = doc.key_node(["hosts"], host.name)
    return node.start_mark.line + 1 if node else 1
