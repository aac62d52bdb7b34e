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

mkdir -p "$libdir" "$bindir"
# Copy into a fresh directory and swap it in, so a running program never sees a half copy.
staging="$libdir.new.$$"
rm -rf "$staging"
mkdir -p "$staging"
cp -R "$src/gpusim" "$src/bin" "$src/profiles" "$staging/"
find "$staging" -name '__pycache__' -type d -prune -exec rm -rf {} +
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
