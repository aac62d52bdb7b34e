#!/usr/bin/env bash
# Build the fake node's base image without an image registry (run as root).
#
# Why: these machines reach only package mirrors, so `FROM debian:bookworm` cannot be pulled.
# debootstrap builds a minimal Debian root from the machine's own apt mirror, and `docker import`
# turns it into an image. Everything the fake node needs is in the --include list, so the
# Dockerfile built on top needs no network (containers may not resolve the mirror's host name).
#
#   build-base-image.sh [TAG]     default TAG: labgrader/debian-base:bookworm
# Skips the build when TAG exists and was built from the same package list.
set -euo pipefail

readonly TAG="${1:-labgrader/debian-base:bookworm}"
readonly SUITE=bookworm
# openssh-server/bash/util-linux (script)/python3 (spool reader, simulators)/iproute2 (ip, for
# the lab's interface steps)/tmux (new-pty capture)/procps/sudo/less: what a learner and the
# capture shell use on a real node; openssl: the attestation helper signs runs with it.
readonly INCLUDE="openssh-server,iproute2,bash,python3,util-linux,tmux,procps,sudo,less,openssl"
readonly LABEL=labgrader.base.include

log() { printf 'build-base-image: %s\n' "$*" >&2; }

# Print the first Debian mirror URI serving $SUITE from the machine's apt sources (deb822
# *.sources files first, then one-line sources.list). Read at run time: never hard-code a host.
mirror_uri() {
  local f
  for f in /etc/apt/sources.list.d/*.sources; do
    [[ -f "$f" ]] || continue
    # A deb822 stanza ends at a blank line; keep the stanza whose Suites has $SUITE exactly.
    awk -v suite="$SUITE" '
      function flush() { if (types ~ /(^| )deb( |$)/ && suites ~ ("(^| )" suite "( |$)") && uris != "") { split(uris, u, " "); print u[1]; found = 1; exit } types = suites = uris = "" }
      /^[[:space:]]*$/ { flush(); next }
      /^[[:space:]]*#/ { next }
      tolower($1) == "types:"  { $1 = ""; types = $0 }
      tolower($1) == "suites:" { $1 = ""; suites = $0 }
      tolower($1) == "uris:"   { $1 = ""; uris = $0; sub(/^ +/, "", uris) }
      END { if (!found) flush() }
    ' "$f" | head -n 1
  done
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [[ -f "$f" ]] || continue
    # deb [options] URI SUITE COMPONENT...
    awk -v suite="$SUITE" '
      $1 == "deb" { i = 2; if ($i ~ /^\[/) { while ($i !~ /\]$/) i++; i++ } if ($(i + 1) == suite) { print $i; exit } }
    ' "$f"
  done
}

if docker image inspect "$TAG" --format "{{ index .Config.Labels \"$LABEL\" }}" 2>/dev/null |
  grep -qxF "$INCLUDE"; then
  log "$TAG exists (same package list); skipping"
  exit 0
fi

mirror="$(mirror_uri | head -n 1)"
if [[ -z "$mirror" ]]; then
  log "no apt source for suite '$SUITE' found in /etc/apt/sources.list{,.d/}"
  exit 1
fi
command -v debootstrap >/dev/null || {
  log "installing debootstrap"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null
}

root="$(mktemp -d "${TMPDIR:-/tmp}/labgrader-base.XXXXXX")"
trap 'rm -rf "$root"' EXIT
log "debootstrap $SUITE from $mirror into $root"
debootstrap --variant=minbase --include="$INCLUDE" "$SUITE" "$root" "$mirror" >"$root.log" 2>&1 || {
  tail -n 30 "$root.log" >&2
  exit 1
}
rm -f "$root.log"
# Trim what an image never needs: apt lists and caches (rebuilt by `apt-get update`).
rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*
log "importing as $TAG"
tar -C "$root" -c . | docker import \
  --change "LABEL $LABEL=$INCLUDE" \
  --change 'ENV LANG=C.UTF-8' \
  --change 'CMD ["/bin/bash"]' \
  - "$TAG" >/dev/null
log "done: $TAG"
