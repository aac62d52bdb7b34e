#!/usr/bin/env bash
# Make a Docker engine available on a fresh Debian 12 machine (run as root).
#
# Why by hand: on these machines the docker.io package installs fine but its service start
# is blocked (no working init), so dockerd is started directly in the background with its
# log in a temp file. Idempotent: an engine that already answers `docker info` is left alone.
#
#   scripts/ensure-docker.sh          install docker.io if needed, start dockerd, wait ready
#   scripts/ensure-docker.sh --stop   stop the dockerd this script started (pid file)
set -euo pipefail

# How long to wait for a started dockerd to answer. Measured < 1 s here; 60 s leaves room
# for a slow first start (storage driver set-up, iptables chains) on a loaded machine.
readonly READY_TIMEOUT_S=60
readonly STATE_DIR="${TMPDIR:-/tmp}/labgrader-dockerd"
readonly PID_FILE="$STATE_DIR/dockerd.pid"
readonly DOCKERD=/usr/sbin/dockerd

log() { printf 'ensure-docker: %s\n' "$*" >&2; }

engine_up() { docker info >/dev/null 2>&1; }

stop_engine() {
  if [[ ! -f "$PID_FILE" ]]; then
    log "no pid file ($PID_FILE): nothing started by this script"
    return 0
  fi
  local pid
  pid="$(cat "$PID_FILE")"
  # A stale pid file (machine rebooted, pid reused) must never make us kill something else.
  if [[ "$(cat "/proc/$pid/comm" 2>/dev/null)" != dockerd ]]; then
    log "pid $pid is not dockerd (stale pid file); nothing to stop"
    rm -f "$PID_FILE"
    return 0
  fi
  if kill -0 "$pid" 2>/dev/null; then
    log "stopping dockerd (pid $pid)"
    kill -TERM "$pid"
    # dockerd stops its containers first; give it the same grace it gives them.
    for _ in $(seq 1 30); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 1
    done
    if kill -0 "$pid" 2>/dev/null; then
      log "dockerd (pid $pid) did not stop in 30 s; sending KILL"
      kill -KILL "$pid" || true
    fi
  fi
  rm -f "$PID_FILE"
}

install_engine() {
  if [[ -x "$DOCKERD" ]] && command -v docker >/dev/null; then
    return 0
  fi
  log "installing docker.io from the machine's apt sources"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends docker.io >/dev/null
}

start_engine() {
  if engine_up; then
    log "docker engine already running"
    return 0
  fi
  mkdir -p "$STATE_DIR"
  local logfile
  logfile="$(mktemp "$STATE_DIR/dockerd.XXXXXX.log")"
  log "starting $DOCKERD (log: $logfile)"
  # setsid: the engine must outlive this script and not get the caller's Ctrl-C.
  setsid "$DOCKERD" >"$logfile" 2>&1 </dev/null &
  echo $! >"$PID_FILE"
  local deadline=$((SECONDS + READY_TIMEOUT_S))
  until engine_up; do
    if ! kill -0 "$(cat "$PID_FILE")" 2>/dev/null; then
      log "dockerd exited during start-up; last lines of its log:"
      tail -n 20 "$logfile" >&2
      exit 1
    fi
    if ((SECONDS >= deadline)); then
      log "dockerd not ready after ${READY_TIMEOUT_S} s; last lines of its log:"
      tail -n 20 "$logfile" >&2
      exit 1
    fi
    sleep 0.2
  done
  log "docker engine ready"
}

case "${1:-}" in
  --stop) stop_engine ;;
  "")
    if [[ "$(id -u)" -ne 0 ]] && ! engine_up; then
      log "must run as root to install or start dockerd"
      exit 1
    fi
    install_engine
    start_engine
    ;;
  *)
    echo "usage: $0 [--stop]" >&2
    exit 2
    ;;
esac
