#!/usr/bin/env bash
# OpenSSL 1.1.1 (Debian 11's libssl1.1 and openssl packages), unpacked into var/openssl-1.1 for
# the tests that sign attested runs with it (tests/node/test_sign_openssl11.py): RHEL 8, Ubuntu
# 20.04 and Debian 11 nodes have 1.1.1, this machine has 3.x (docs/attestation.md "Signing").
# Idempotent: an unpacked tree is left alone.
#
# Prints one line, the unpacked tree (usr/bin/openssl, usr/lib/<triplet>/libcrypto.so.1.1):
#   export GRADER_TEST_OPENSSL11="$(scripts/ensure-openssl11.sh)"
#
# The packages come through this machine's own apt: the archive URIs are read from its sources
# (/etc/apt/sources.list, /etc/apt/sources.list.d/*) at run time and asked for suite bullseye, with
# a private sources list, state and cache under a temporary folder: the system's apt lists and
# package cache are not touched. Needs apt-get and dpkg-deb and a Debian archive (it serves
# bullseye; an Ubuntu one does not).
set -euo pipefail
cd "$(dirname "$0")/.."

readonly SUITE=bullseye
readonly PACKAGES=(libssl1.1 openssl)
readonly DEST=var/openssl-1.1

# Only the path may reach stdout (the caller reads it with $(...)); apt's chatter goes to stderr.
exec 3>&1 1>&2

die() {
  echo "ensure-openssl11: $*" >&2
  exit 1
}

triplet=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || gcc -dumpmachine 2>/dev/null ||
  echo "$(uname -m)-linux-gnu")
if [[ -x $DEST/usr/bin/openssl && -f $DEST/usr/lib/$triplet/libcrypto.so.1.1 ]]; then
  echo "$PWD/$DEST" >&3
  exit 0
fi
command -v apt-get >/dev/null && command -v dpkg-deb >/dev/null ||
  die "needs apt-get and dpkg-deb (a Debian machine)"

work=$(mktemp -d)
trap 'rm -rf -- "$work"' EXIT
mkdir -p "$work/state/lists/partial" "$work/cache/archives/partial" "$work/debs"
: >"$work/state/status"
# The archives this machine's apt uses for its own release, with their keyrings.
while IFS=$'\t' read -r uri keyring; do
  [[ -n $uri ]] || continue
  opts=
  [[ -n $keyring && -f $keyring ]] && opts=" [signed-by=$keyring]"
  echo "deb$opts $uri $SUITE main" >>"$work/sources.list"
done < <(scripts/apt-archives.sh)
[[ -s $work/sources.list ]] || die "no apt source in /etc/apt/sources.list*"

apt_opts=(
  -o "Dir::Etc::sourcelist=$work/sources.list" -o "Dir::Etc::sourceparts=-"
  -o "Dir::State=$work/state" -o "Dir::State::status=$work/state/status"
  -o "Dir::Cache=$work/cache" -o "APT::Get::List-Cleanup=0"
)
# Root's apt fetches as the _apt account, which cannot write into a root-only temporary folder.
((EUID == 0)) && apt_opts+=(-o "APT::Sandbox::User=root")
apt-get "${apt_opts[@]}" update -qq || die "apt-get update for $SUITE failed (see above)"
(cd "$work/debs" && apt-get "${apt_opts[@]}" download -qq "${PACKAGES[@]}") ||
  die "apt-get download ${PACKAGES[*]} ($SUITE) failed (see above)"

rm -rf -- "$DEST.new"
mkdir -p "$DEST.new"
for deb in "$work"/debs/*.deb; do
  dpkg-deb -x "$deb" "$DEST.new"
  echo "ensure-openssl11: unpacked $(basename "$deb")"
done
[[ -x $DEST.new/usr/bin/openssl && -f $DEST.new/usr/lib/$triplet/libcrypto.so.1.1 ]] ||
  die "the packages held no usr/bin/openssl and usr/lib/$triplet/libcrypto.so.1.1"
rm -rf -- "$DEST"
mv -- "$DEST.new" "$DEST"
echo "$PWD/$DEST" >&3
