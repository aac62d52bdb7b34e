#!/usr/bin/env bash
# The demo class, from nothing (run as root on a fresh Debian 12 machine of this kind):
# a Docker engine, two fake two-GPU nodes and the grader (daemon + API + dashboard on SQLite),
# all from docker-compose.yml. Prints how to ssh in as a learner and where to watch progress.
#
#   scripts/demo.sh          build what is missing, start (or restart) the class, wait until ready
#   scripts/demo.sh --down   stop the class (keys, tokens and the grader's database are kept)
#
# Everything it makes lives under var/demo/ (git-ignored): per-node host keys (pinned in the
# grader's config, so the grader never trusts a key on first contact), the grader account's key,
# the learners' keys, API tokens, grader.yaml.
set -euo pipefail
cd "$(dirname "$0")/.."

readonly DEMO=var/demo
# The labs the grader loads; the dashboard's lab filter lists them in this order. alice takes the
# seed lab, bob takes both (the second, "The Job That Runs Slow", compares his own busbw runs).
readonly LABS="nccl-bootstrap nccl-transport"
readonly ALICE_LABS="nccl-bootstrap"
readonly BOB_LABS="nccl-bootstrap nccl-transport"
readonly API_PORT=8080
# uid of the `grader` user inside provisioning/grader/Dockerfile: it must read its key and config.
readonly GRADER_UID=10001
# The first start builds the images (about a minute when the base image exists); the grader then
# needs a few seconds to connect. 300 s leaves room for a loaded 2-core machine.
readonly READY_TIMEOUT_S=300

log() { printf '\n== demo: %s\n' "$*" >&2; }

compose() {
  # Debian's docker-compose (v1) builds with the legacy builder, which these engines support.
  COMPOSE_PROJECT_NAME=labgrader docker-compose -f docker-compose.yml "$@"
}

if [[ "${1:-}" == "--down" ]]; then
  compose down
  exit 0
fi

[[ $(id -u) -eq 0 ]] || { echo "demo: run as root (it installs and starts a Docker engine)" >&2; exit 1; }

log "command-line tools (curl for the readiness poll below)"
scripts/ensure-tools.sh

log "docker engine"
scripts/ensure-docker.sh
if ! command -v docker-compose >/dev/null; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq docker-compose >/dev/null
fi

log "base image (debootstrap from this machine's apt mirror; skipped when present)"
provisioning/fake-node/build-base-image.sh

log "python environment (the same .venv the tests use)"
scripts/ensure-venv.sh .

log "wheelhouse for the grader image (the host's pip configuration, no network in the build)"
rm -rf build/wheelhouse
.venv/bin/python -m pip wheel -q --wheel-dir build/wheelhouse . pip

log "keys, tokens and grader.yaml under $DEMO"
mkdir -p "$DEMO"/keys "$DEMO"/grader "$DEMO"/node1/authorized "$DEMO"/node2/authorized
chmod 700 "$DEMO"/keys
keygen() { [[ -f "$1" ]] || ssh-keygen -q -t ed25519 -N '' -C "$2" -f "$1"; }
keygen "$DEMO/keys/grader" "labgrader-demo-grader"
keygen "$DEMO/keys/alice" "alice@labgrader-demo"
keygen "$DEMO/keys/bob" "bob@labgrader-demo"
for node in node1 node2; do
  keygen "$DEMO/$node/ssh_host_ed25519_key" "$node"
  cp "$DEMO/keys/grader.pub" "$DEMO/$node/authorized/labgrader.pub"
done
cp "$DEMO/keys/alice.pub" "$DEMO/node1/authorized/alice.pub"
cp "$DEMO/keys/bob.pub" "$DEMO/node2/authorized/bob.pub"
token() { [[ -f "$1" ]] || .venv/bin/python -c 'import secrets; print(secrets.token_urlsafe(24))' >"$1"; cat "$1"; }
operator_token="$(token "$DEMO/keys/operator.token")"
alice_token="$(token "$DEMO/keys/alice.token")"
bob_token="$(token "$DEMO/keys/bob.token")"

# Each lab declares the environment its learners' shells need (the seed lab NCCL_DEBUG=WARN, the
# transport lab none); a node's file merges those of the labs its learners take. Two labs that
# want one variable set differently cannot share a node: that stops the demo here.
.venv/bin/python - "$DEMO" "node1=$ALICE_LABS" "node2=$BOB_LABS" <<'PY'
import sys
from pathlib import Path

from grader.labs.loader import load_lab

for arg in sys.argv[2:]:
    node, lab_ids = arg.split("=", 1)
    env: dict[str, str] = {}
    for lab_id in lab_ids.split():
        lab = load_lab(Path("labs") / lab_id)
        for k, v in lab.environment.items():
            if env.setdefault(k, v) != v:
                sys.exit(f"demo: {node}: the labs set {k} to {env[k]!r} and {v!r}")
    text = "".join(f"{k}={v}\n" for k, v in sorted(env.items()))
    (Path(sys.argv[1]) / node / "lab-environment").write_text(text)
PY

pinned() { cut -d' ' -f1,2 "$DEMO/$1/ssh_host_ed25519_key.pub"; }
# "a b" -> "a, b": a YAML flow list's items ($1's words, each prefixed with $2)
yaml_list() { local out="" w; for w in $1; do out+="${out:+, }${2-}$w"; done; printf '%s' "$out"; }
cp "$DEMO/keys/grader" "$DEMO/grader/grader_key"
cat >"$DEMO/grader/grader.yaml" <<EOF
# Written by scripts/demo.sh. The grader container mounts this folder at /etc/grader.
db: sqlite:////var/lib/grader/grader.db
labs: [$(yaml_list "$LABS" /opt/grader/labs/)]
api:
  host: 0.0.0.0
  port: $API_PORT
  public_url: http://localhost:$API_PORT   # what learners open; their login names the page
  tokens:
    operator: ["$operator_token"]
    learners: {alice: "$alice_token", bob: "$bob_token"}
nodes:
  - id: node1
    host: node1
    port: 22
    key: grader_key
    known_hosts: ["$(pinned node1)"]
    learners: {alice: [$(yaml_list "$ALICE_LABS")]}
  - id: node2
    host: node2
    port: 22
    key: grader_key
    known_hosts: ["$(pinned node2)"]
    learners: {bob: [$(yaml_list "$BOB_LABS")]}
daemon:
  owner: demo-grader
EOF
chown -R "$GRADER_UID" "$DEMO/grader"
chmod 600 "$DEMO/grader/grader_key" "$DEMO/grader/grader.yaml"
{
  printf '[localhost]:2201 %s\n' "$(pinned node1)"
  printf '[localhost]:2202 %s\n' "$(pinned node2)"
} >"$DEMO/known_hosts"

log "images and containers (docker-compose up)"
compose up -d --build --force-recreate

log "waiting for the grader's API"
deadline=$((SECONDS + READY_TIMEOUT_S))
until curl -fsS "http://localhost:$API_PORT/healthz" >/dev/null 2>&1; do
  if ((SECONDS > deadline)); then
    compose logs --tail 50 grader >&2
    echo "demo: the grader's API did not come up in ${READY_TIMEOUT_S}s (logs above)" >&2
    exit 1
  fi
  sleep 1
done

cat <<EOF

labgrader demo is running.

  Be a learner (alice on node1; bob is on node2, port 2202):
    ssh -i $DEMO/keys/alice -o UserKnownHostsFile=$DEMO/known_hosts -p 2201 alice@localhost
  then type the lab, starting with:
    NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2
  and try: lab status, lab hint

  The second lab, "The Job That Runs Slow" (nccl-transport), is bob's too:
    ssh -i $DEMO/keys/bob -o UserKnownHostsFile=$DEMO/known_hosts -p 2202 bob@localhost
  then measure the fast road first:
    all_reduce_perf -b 128M -e 128M -g 2

  Watch progress:
    dashboard:  http://localhost:$API_PORT/dashboard   (operator token: $operator_token)
    (the Lab filter switches between the two labs)
    API:        curl -H "Authorization: Bearer $operator_token" http://localhost:$API_PORT/api/learners/alice/progress?lab=nccl-bootstrap
                curl -H "Authorization: Bearer $operator_token" http://localhost:$API_PORT/api/learners/bob/progress?lab=nccl-transport
    live:       curl -N -H "Authorization: Bearer $operator_token" http://localhost:$API_PORT/api/events/stream
    learner page: http://localhost:$API_PORT/dashboard/learner   (each learner's own token:
                  alice $alice_token, bob $bob_token)

  Grader logs:  COMPOSE_PROJECT_NAME=labgrader docker-compose logs -f grader
  Class commands (docs/operator-guide.md 6a), in the grader container:
                COMPOSE_PROJECT_NAME=labgrader docker-compose exec grader grader announce --config /etc/grader/grader.yaml "Break until 10:15"
  Stop:         scripts/demo.sh --down
EOF
