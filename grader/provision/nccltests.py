"""nccl-tests on a node: keep working binaries, else build them from the source the operator names.

Order (docs/provisioning.md): binaries already on PATH or under `<prefix>/build` that run (`-h`
exits 0) are kept, only linked onto `bin_dir` if they are not there. Otherwise the source (a
local tarball pushed to the node, for air-gapped sites, or a git URL + ref) is unpacked into
`<prefix>.new`, built with `make CUDA_HOME=… NCCL_HOME=…` (both detected on the node, or named in
the inventory), swapped into `<prefix>` only when the build succeeded, and its binaries linked.
"""

from __future__ import annotations

from dataclasses import dataclass

from grader.provision.outcome import Status, StepResult
from grader.provision.session import Node, NodeError

#: The program every check and the smoke run use; its presence stands for the suite.
PROBE_BINARY = "all_reduce_perf"
#: `make` of nccl-tests compiles ~12 CUDA programs: a few minutes on a small node.
MAKE_TIMEOUT_S = 1800.0
#: Parallel make jobs: nvcc is memory-hungry (≈1-2 GiB per job); 8 is what a GPU node spares.
MAX_MAKE_JOBS = 8

# Detection runs on the node as one fixed script; the inventory's values arrive as arguments.
# Prints `CUDA_HOME=<dir>` and `NCCL_HOME=<dir>` (empty when not found).
_DETECT = r"""
cuda=$1 nccl=$2; shift 2
if [ -z "$cuda" ]; then
  nvcc=$(command -v nvcc 2>/dev/null || echo /x/x/x)
  for c in "${CUDA_HOME:-}" /usr/local/cuda "$(dirname "$(dirname "$nvcc")")"; do
    [ -n "$c" ] && [ -x "$c/bin/nvcc" ] && { cuda=$c; break; }
  done
elif [ ! -x "$cuda/bin/nvcc" ]; then cuda=; fi
has_nccl() {
  [ -f "$1/include/nccl.h" ] || return 1
  for l in "$1"/lib*/libnccl.so* "$1"/lib/*/libnccl.so*; do [ -e "$l" ] && return 0; done
  return 1
}
if [ -z "$nccl" ]; then
  for n in "${NCCL_HOME:-}" /usr /usr/local/nccl /usr/local; do
    [ -n "$n" ] && has_nccl "$n" && { nccl=$n; break; }
  done
  if [ -z "$nccl" ]; then  # NCCL from the nvidia-nccl-cu* wheel inside a Python venv
    for v in "$@"; do
      for n in "$v"/lib/python3*/site-packages/nvidia/nccl; do
        has_nccl "$n" && { nccl=$n; break 2; }
      done
    done
  fi
elif ! has_nccl "$nccl"; then nccl=; fi
echo "CUDA_HOME=$cuda"
echo "NCCL_HOME=$nccl"
"""

# Unpack or fetch the source into $1 (a fresh dir): $2 = tarball|git, then file or url + ref.
_FETCH = r"""
dest=$1 kind=$2
rm -rf -- "$dest" && mkdir -p -- "$dest"
if [ "$kind" = tarball ]; then
  tar -xf "$3" -C "$dest"
  set -- "$dest"/*
  if [ $# -eq 1 ] && [ -d "$1" ]; then  # a release tarball has one top folder: lift it
    top=$1; mv -- "$top" "$dest.top" && rmdir -- "$dest" && mv -- "$dest.top" "$dest"
  fi
else
  git -C "$dest" init -q && git -C "$dest" fetch -q --depth 1 -- "$3" "$4" \
    && git -C "$dest" checkout -q FETCH_HEAD
fi
"""

# Swap the built tree in and link its binaries: $1 prefix, $2 bin_dir.
_INSTALL = r"""
prefix=$1 bin=$2
rm -rf -- "$prefix.old"
[ -e "$prefix" ] && mv -- "$prefix" "$prefix.old"
mv -- "$prefix.new" "$prefix" && rm -rf -- "$prefix.old"
mkdir -p -- "$bin"
for b in "$prefix"/build/*_perf; do [ -x "$b" ] && ln -sfn -- "$b" "$bin/$(basename "$b")"; done
"""


@dataclass(frozen=True)
class Found:
    path: str  # where a working all_reduce_perf is
    on_path: bool  # reachable as `all_reduce_perf` (PATH or bin_dir)


def find_working(node: Node) -> Found | None:
    """A working all_reduce_perf: on PATH, in bin_dir, or under <prefix>/build; None if none."""
    cfg = node.host.nccl_tests
    where = node.script(
        'PATH=$PATH:$2 command -v -- "$1" || true', PROBE_BINARY, cfg.bin_dir
    ).stdout.strip()
    candidates = [(where, True)] if where else []
    candidates.append((f"{cfg.prefix}/build/{PROBE_BINARY}", False))
    for path, on_path in candidates:
        if node.run([path, "-h"], timeout=30).ok:
            return Found(path, on_path)
    return None


def detect_homes(node: Node) -> tuple[str, str]:
    """(CUDA_HOME, NCCL_HOME) on the node; NodeError naming what is missing."""
    cfg = node.host.nccl_tests
    out = node.script(_DETECT, cfg.cuda_home or "", cfg.nccl_home or "", *cfg.venvs).stdout
    found = dict(line.split("=", 1) for line in out.splitlines() if "=" in line)
    cuda, nccl = found.get("CUDA_HOME", ""), found.get("NCCL_HOME", "")
    missing = []
    if not cuda:
        missing.append(
            f"CUDA (no bin/nvcc under {cfg.cuda_home})"
            if cfg.cuda_home
            else "CUDA (no nvcc in $CUDA_HOME, /usr/local/cuda or on PATH; "
            "set nccl_tests.cuda_home)"
        )
    if not nccl:
        missing.append(
            f"NCCL (no include/nccl.h + libnccl.so under {cfg.nccl_home})"
            if cfg.nccl_home
            else "NCCL (no nccl.h + libnccl.so in /usr, /usr/local/nccl or a venv's nvidia/nccl; "
            "set nccl_tests.nccl_home or nccl_tests.venvs)"
        )
    if missing:
        raise NodeError("cannot build nccl-tests: missing " + " and ".join(missing))
    return cuda, nccl


def run_nccl_tests(node: Node, *, dry_run: bool) -> StepResult:
    cfg = node.host.nccl_tests
    step = "nccl-tests"
    found = find_working(node)
    if found and found.on_path:
        return StepResult(step, Status.OK, [f"found {found.path}"])
    if found:
        if dry_run:
            return StepResult(step, Status.CHANGED, [f"would link {cfg.prefix}/build/*_perf"])
        node.check(["mkdir", "-p", "--", cfg.bin_dir], sudo=True)
        node.script(
            'for b in "$1"/build/*_perf; do ln -sfn -- "$b" "$2/$(basename "$b")"; done',
            cfg.prefix,
            cfg.bin_dir,
            sudo=True,
        )
        return StepResult(step, Status.CHANGED, [f"linked {cfg.prefix}/build/*_perf"])
    if node.host.simulator and dry_run:  # the simulator step would have put them there
        return StepResult(
            step, Status.CHANGED, [f"would link the simulator's {cfg.prefix}/build/*_perf"]
        )
    src = cfg.source
    if src is None:
        raise NodeError(
            f"{PROBE_BINARY} not found (PATH, {cfg.bin_dir}, {cfg.prefix}/build) and no "
            "nccl_tests.source is configured to build it from"
        )
    if src.tarball is not None and not src.tarball.is_file():
        raise NodeError(f"nccl_tests.source.tarball {src.tarball} is not a readable file")
    cuda, nccl = detect_homes(node)
    origin = str(src.tarball) if src.tarball else f"{src.git_url}@{src.git_ref}"
    plan = f"build from {origin} with CUDA_HOME={cuda} NCCL_HOME={nccl}, link into {cfg.bin_dir}"
    if dry_run:
        return StepResult(step, Status.CHANGED, [f"would {plan}"])
    staging = f"{cfg.prefix}.new"
    remote = node.temp_dir()
    try:
        if src.tarball is not None:
            node.put(src.tarball, f"{remote}/source.tar")
            fetch = [staging, "tarball", f"{remote}/source.tar"]
        else:
            fetch = [staging, "git", str(src.git_url), str(src.git_ref)]
        node.check(["bash", "-c", _FETCH, "fetch", *fetch], sudo=True, what="fetching the source")
    finally:
        node.run(["rm", "-rf", "--", remote])
    cpus = node.run(["nproc"]).stdout.strip()
    jobs = str(min(MAX_MAKE_JOBS, int(cpus) if cpus.isdigit() else 1))
    make = node.run(
        ["make", "-C", staging, f"-j{jobs}", f"CUDA_HOME={cuda}", f"NCCL_HOME={nccl}"],
        sudo=True,
        timeout=MAKE_TIMEOUT_S,
    )
    if not make.ok:
        tail = (make.stderr.strip() or make.stdout.strip()).splitlines()[-3:]
        raise NodeError(f"make failed (exit {make.exit_code}): " + " / ".join(tail))
    node.check(["bash", "-c", _INSTALL, "install", cfg.prefix, cfg.bin_dir], sudo=True)
    if not find_working(node):
        raise NodeError(f"built, but {cfg.prefix}/build/{PROBE_BINARY} -h does not run")
    return StepResult(step, Status.CHANGED, [plan.replace("build", "built", 1)])
