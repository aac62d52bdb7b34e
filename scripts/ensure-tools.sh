#!/usr/bin/env bash
# The command-line tools the scripts and tests call, installed from Debian's packages where one
# is missing (as root; a fresh Debian 12 installed without "standard" packages, or a container
# image, lacks several). Each line: the command, the package that brings it, who needs it.
#
#   scripts/ensure-tools.sh            install what is missing (nothing when all are there)
#   scripts/ensure-tools.sh --check    only list what is missing; exit 1 when something is
set -euo pipefail

TOOLS=(
  "curl curl"                   # scripts/demo.sh polls the API's /healthz
  "xz xz-utils"                 # scripts/ensure-shells.sh unpacks the vendored bash releases
  "ip iproute2"                 # tests/sim: interface enumeration checked against `ip`
  "ssh-keygen openssh-client"   # tests/provision: key fingerprints checked against ssh-keygen
  "openssl openssl"             # the attestation helper signs with the openssl binary
  "script bsdutils"             # the capture shell records with script(1)
  "unshare util-linux"          # tests/sim: a network namespace of the test's own
)

missing=()
for entry in "${TOOLS[@]}"; do
  read -r cmd pkg <<<"$entry"
  command -v "$cmd" >/dev/null || missing+=("$pkg")
done

if [[ ${1-} == --check ]]; then
  ((${#missing[@]} == 0)) || { printf 'missing: %s\n' "${missing[*]}" >&2; exit 1; }
  exit 0
fi
((${#missing[@]} == 0)) && exit 0
echo "ensure-tools: installing ${missing[*]}" >&2
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
