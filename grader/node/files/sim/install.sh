#!/bin/sh
# Install the simulated GPU programs on a (fake) node. Idempotent: re-running replaces the copy
# and re-points the links. Usage: install.sh [LIBDIR] [BINDIR]
#   LIBDIR  where the simulator is copied  (default /usr/local/lib/labgrader/sim)
#   BINDIR  where the program links go     (default /usr/local/bin)
set -eu

src=$(cd "$(dirname "$0")" && pwd)
libdir=${1:-/usr/local/lib/labgrader/sim}
bindir=${2:-/usr/local/bin}

# The nccl-tests binaries of v2.19.6 (NCCL-FACTS 4.1); one program answers to every name.
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
rm -rf "$libdir.old"
if [ -d "$libdir" ]; then mv "$libdir" "$libdir.old"; fi
mv "$staging" "$libdir"
rm -rf "$libdir.old"

ln -sfn "$libdir/bin/nvidia-smi" "$bindir/nvidia-smi"
for name in $binaries; do
    ln -sfn "$libdir/bin/nccl-tests" "$bindir/$name"
done
