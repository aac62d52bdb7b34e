#!/bin/sh
# Install the simulated GPU programs on a (fake) node. Idempotent: re-running replaces the copy
# and re-points the links. Usage: install.sh [--attest INSTALL_ATTEST] [LIBDIR] [BINDIR]
#   --attest  BINDIR gets attested-run wrappers instead of links, made by INSTALL_ATTEST (the
#             grader's node file install-attest.sh, run as root): what a lab node has
#             (docs/attestation.md); the real programs stay off PATH
#   LIBDIR    where the simulator is copied  (default /usr/local/lib/labgrader/sim)
#   BINDIR    where the program links go     (default /usr/local/bin)
# Each program name is a link in LIBDIR/progs/ (off PATH): nccl-tests picks its collective from
# the name it was started by, and a script started by the kernel sees its path, not argv[0].
# The programs need Python 3.7 or newer (dataclasses, `from __future__ import annotations`); a
# node's python3 may be older (RHEL 8's is 3.6, with python39 as an AppStream module beside it),
# so the newest python3.N (N >= 7) on PATH runs them, else python3 if it is new enough: its
# absolute path becomes their first line. None: exit 3 with what to install, nothing changed.
set -eu

attest=
if [ "${1-}" = --attest ]; then
    [ -n "${2-}" ] || { echo "install.sh: --attest needs the path of install-attest.sh" >&2; exit 2; }
    attest=$2 && shift 2
fi
src=$(cd "$(dirname "$0")" && pwd)
libdir=${1:-/usr/local/lib/labgrader/sim}
bindir=${2:-/usr/local/bin}

# The nccl-tests binaries of v2.19.6 (docs/nccl-facts.md §4.1); one program answers to every name.
binaries="all_reduce_perf all_gather_perf broadcast_perf reduce_scatter_perf reduce_perf
alltoall_perf alltoallv_perf scatter_perf gather_perf sendrecv_perf hypercube_perf"

# Prints the interpreter for the programs, or nothing.
pick_python() {
    for name in python3.14 python3.13 python3.12 python3.11 python3.10 python3.9 python3.8 \
        python3.7 python3; do
        path=$(command -v "$name" 2>/dev/null) || continue
        case $path in /*) ;; *) continue ;; esac  # an alias or function: not a file
        # The interpreter's own file, not a launcher in front of it (a pyenv shim, say).
        real=$("$path" -c \
            'import sys; sys.exit(1) if sys.version_info < (3, 7) else print(sys.executable)' \
            2>/dev/null) || continue
        case $real in /*) path=$real ;; esac
        case $path in *[!A-Za-z0-9._/+-]*) continue ;; esac  # a shebang cannot hold it
        printf '%s\n' "$path"
        return 0
    done
}
python=$(pick_python) || python=
if [ -z "$python" ]; then
    have=$(python3 -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null) \
        || have="no python3"
    echo "the GPU simulator needs Python 3.7 or newer; this node has $have: install python39" \
        "(RHEL 8: dnf install python39; Debian/Ubuntu: apt-get install python3.9)" >&2
    exit 3
fi

mkdir -p "$libdir" "$bindir"
# Copy into a fresh directory and swap it in, so a running program never sees a half copy.
staging="$libdir.new.$$"
rm -rf "$staging"
mkdir -p "$staging"
cp -R "$src/gpusim" "$src/bin" "$src/profiles" "$staging/"
find "$staging" -name '__pycache__' -type d -prune -exec rm -rf {} +
for prog in "$staging/bin/nccl-tests" "$staging/bin/nvidia-smi"; do
    { printf '#!%s\n' "$python"; sed 1d "$prog"; } >"$prog.new"
    mv "$prog.new" "$prog"
done
chmod 0755 "$staging/bin/nccl-tests" "$staging/bin/nvidia-smi"
mkdir "$staging/progs"
ln -s ../bin/nvidia-smi "$staging/progs/nvidia-smi"
for name in $binaries; do
    ln -s ../bin/nccl-tests "$staging/progs/$name"
done
rm -rf "$libdir.old"
if [ -d "$libdir" ]; then mv "$libdir" "$libdir.old"; fi
mv "$staging" "$libdir"
rm -rf "$libdir.old"

if [ -n "$attest" ]; then
    set --
    for name in nvidia-smi $binaries; do
        set -- "$@" --program "$name=$libdir/progs/$name"
    done
    "$attest" --bindir "$bindir" "$@"
    exit 0
fi
for name in nvidia-smi $binaries; do
    ln -sfn "$libdir/progs/$name" "$bindir/$name"
done
