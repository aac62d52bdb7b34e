#!/bin/bash
# labgrader: the protocol modules the node's Python programs import (docs/attestation.md "Where
# the format lives"). Idempotent; run as root. install-capture.sh and install-attest.sh run it.
#
#   install-protocol.sh [--src DIR] [--check]
#
#   --src DIR   where the modules are, as DIR/protocol/*.py (default: this script's directory);
#               provisioning pushes them there and the fake-node image COPYs grader/protocol there
#   --check     change nothing: print `would install PATH` for each piece that differs
#
# What it installs, root-owned, in directories root alone may write:
#   /usr/local/lib/labgrader/grader/__init__.py             the package marker, 0644
#   /usr/local/lib/labgrader/grader/protocol/MODULE.py     every module of DIR/protocol, 0644
#
# Why root alone: the attestation helper runs as root and imports these (it checks the same
# rule before it does, attest_run.py untrusted_lib), so they must be as trustworthy as the helper.
set -euo pipefail
umask 022

LIB=/usr/local/lib/labgrader

src=$(dirname -- "$(readlink -f -- "${BASH_SOURCE[0]}")")
check=0
die() {
	echo "install-protocol: $*" >&2
	exit 1
}
say() { echo "install-protocol: $*"; }

while (($#)); do
	case $1 in
	--src) src=${2:?--src needs a directory} && shift 2 ;;
	--check) check=1 && shift ;;
	-h | --help) sed -n '2,16p' "$0" && exit 0 ;;
	*) die "unknown argument: $1" ;;
	esac
done
((EUID == 0)) || die "must run as root"
# Every module of grader/protocol (what provisioning pushes, what the image COPYs).
MODULES=()
for f in "$src"/protocol/*.py; do if [[ -f $f ]]; then MODULES+=("${f##*/}"); fi; done
[[ " ${MODULES[*]} " == *" __init__.py "* ]] || die "missing $src/protocol/__init__.py"

tmp=$(mktemp -d)
trap 'rm -rf -- "$tmp"' EXIT

# dir PATH: a root-owned 0755 directory (made, or its owner and mode put right).
dir() {
	[[ -d $1 && ! -L $1 && $(stat -c '%a %U:%G' -- "$1") == "755 root:root" ]] && return 0
	((!check)) || { say "would install $1/" && return 0; }
	[[ ! -L $1 ]] || rm -f -- "$1"
	install -d -m 755 -o root -g root -- "$1"
}

# put FILE DEST: move a prepared file in place when content or mode differ (idempotence).
put() {
	local from=$1 to=$2
	if [[ -f $to && ! -L $to ]] && cmp -s -- "$from" "$to" &&
		[[ $(stat -c '%a %U:%G' -- "$to") == "644 root:root" ]]; then
		return 0
	fi
	((!check)) || { say "would install $to" && return 0; }
	install -m 644 -o root -g root -- "$from" "$to.labgrader-new"
	mv -f -- "$to.labgrader-new" "$to"
	say "installed $to"
}

dir "$LIB"
dir "$LIB/grader"
dir "$LIB/grader/protocol"
echo '"""labgrader on a node: only the protocol modules (install-protocol.sh)."""' >"$tmp/__init__.py"
put "$tmp/__init__.py" "$LIB/grader/__init__.py"
for m in "${MODULES[@]}"; do
	put "$src/protocol/$m" "$LIB/grader/protocol/$m"
done
# stray DIR KEEP...: the entries of DIR not named KEEP (old modules), which go: root imports from
# these directories, so nothing but what was installed here may stay in them. __pycache__ stays:
# only root can write here, and Python reads a cached module only beside its source.
stray() {
	local d=$1 f
	shift
	for f in "$d"/* "$d"/.[!.]*; do
		[[ -e $f || -L $f ]] || continue
		[[ " $* " == *" ${f##*/} "* ]] || printf '%s\n' "$f"
	done
}
while IFS= read -r f; do
	if ((check)); then say "would remove $f"; else rm -rf -- "$f" && say "removed $f"; fi
done < <(stray "$LIB/grader" __init__.py protocol __pycache__ &&
	stray "$LIB/grader/protocol" "${MODULES[@]}" __pycache__)
