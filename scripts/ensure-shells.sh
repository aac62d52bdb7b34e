#!/usr/bin/env bash
# Build the GNU bash releases of the node-shell matrix (docs/node-capture.md "Shells") from the
# release trees vendored in provisioning/shells/, once: each lands in a cache folder outside the
# checkout and is reused by later runs (CI, the next test run) while its tarball is unchanged.
#
#   scripts/ensure-shells.sh            build what is missing, print one "VERSION DIR" per shell
#   scripts/ensure-shells.sh --list     only print what is already built
#
# LABGRADER_SHELL_CACHE picks the cache (default ~/.cache/labgrader/shells). A build takes a
# minute or two on two cores and needs gcc, make and bison (installed here when missing).
set -euo pipefail
cd "$(dirname "$0")/.."

cache="${LABGRADER_SHELL_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/labgrader/shells}"
list_only=false
[[ ${1-} == --list ]] && list_only=true

need_tools() {
  command -v gcc >/dev/null && command -v make >/dev/null && command -v bison >/dev/null && return
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq build-essential bison >/dev/null
}

mkdir -p "$cache"
for tarball in provisioning/shells/bash-*.tar.xz; do
  name=$(basename "$tarball" .tar.xz)      # bash-4.4.19
  version=${name#bash-}
  sum=$(sha256sum "$tarball" | cut -c1-16)
  dest=$cache/$name-$sum
  if [[ ! -x $dest/bin/bash ]]; then
    $list_only && continue
    need_tools
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    echo "building $name into $dest" >&2
    tar -xJf "$tarball" -C "$work"
    src=$(find "$work" -mindepth 1 -maxdepth 1 -type d | head -1)
    # Old releases predate GCC 10+/C99 defaults: warnings only, no -Werror.
    (cd "$src" && CFLAGS='-O2 -g0 -std=gnu89 -Wno-error' ./configure -q --prefix="$dest" \
      --without-bash-malloc >"$work/configure.log" 2>&1 &&
      make -s -j"$(nproc)" >"$work/make.log" 2>&1 && make -s install >"$work/install.log" 2>&1) || {
      echo "building $name failed; last lines of its logs:" >&2
      tail -n 20 "$work"/*.log >&2
      exit 1
    }
    rm -rf "$work"
    trap - EXIT
  fi
  echo "$version $dest"
done
