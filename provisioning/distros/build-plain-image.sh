#!/usr/bin/env bash
# A plain Debian root for the distribution matrix (docs/provisioning.md "Tested distributions"),
# imported as a docker image (run as root):
#
#   build-plain-image.sh SUITE TAG      e.g. build-plain-image.sh bullseye labgrader/plain-root:bullseye-<hash>
#
# `debootstrap --variant=minbase` of SUITE from this machine's own apt archive (read at run time
# by scripts/apt-archives.sh: never a hard-coded host), with nothing added: the image is what a
# minimal Debian install has (no sshd, no sudo, no python3, no openssl, no iproute2). Its
# /etc/apt/sources.list names the same archive, so `apt-get install` inside works as on a node.
# provisioning/distros/Dockerfile.plain adds sshd and sudo on top. Skips the build when TAG exists.
set -euo pipefail
cd "$(dirname "$0")/../.."

[[ $# -eq 2 ]] || {
  echo "usage: $0 SUITE TAG" >&2
  exit 2
}
readonly SUITE=$1 TAG=$2

log() { printf 'build-plain-image: %s\n' "$*" >&2; }

if docker image inspect "$TAG" >/dev/null 2>&1; then
  log "$TAG exists; skipping"
  exit 0
fi
IFS=$'\t' read -r mirror keyring < <(scripts/apt-archives.sh | head -n 1) || true
[[ -n ${mirror:-} ]] || exit 1
command -v debootstrap >/dev/null || {
  log "installing debootstrap"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null
}
opts=(--variant=minbase)
[[ -n ${keyring:-} && -f $keyring ]] && opts+=("--keyring=$keyring")

root="$(mktemp -d "${TMPDIR:-/tmp}/labgrader-plain.XXXXXX")"
trap 'rm -rf "$root" "$root.log"' EXIT
log "debootstrap --variant=minbase $SUITE into $root"
debootstrap "${opts[@]}" "$SUITE" "$root" "$mirror" >"$root.log" 2>&1 || {
  tail -n 30 "$root.log" >&2
  exit 1
}
# What an image never needs: downloaded packages and apt lists (`apt-get update` refetches them).
rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*
log "importing as $TAG"
tar -C "$root" -c . | docker import \
  --change 'ENV LANG=C.UTF-8' \
  --change 'CMD ["/bin/bash"]' \
  - "$TAG" >/dev/null
log "done: $TAG"
