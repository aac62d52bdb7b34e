"""nccl-tests arguments and exit codes, the binary family, nvidia-smi's forms, enumeration paths."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys

import pytest
from conftest import SIM_DIR
from sim_helpers import needs_unshare_and_ip

HOST = socket.gethostname().split(".")[0]
FAMILY = ["all_reduce", "all_gather", "broadcast", "reduce", "reduce_scatter", "alltoall",
          "alltoallv", "scatter", "gather", "sendrecv", "hypercube"]  # fmt: skip


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ("-b 8X", "invalid size specified for 'minbytes'\n"),
        ("-b 1M -e abc", "invalid size specified for 'maxbytes'\n"),
        ("-i 1T", "invalid size specified for 'stepBytes'\n"),
        ("-b 8M -e 1M", "invalid sizes for 'minbytes' and 'maxbytes': 8388608 > 1048576\n"),
    ],
)
def test_bad_sizes_exit_255(sim, args, message):
    result = sim.bash(f"all_reduce_perf {args} -g 2")
    assert result.returncode == 255
    assert result.stderr == message
    assert result.stdout == ""


def test_size_suffixes(sim):
    result = sim.bash(
        "all_reduce_perf -b 1k -e 2K -f 2 -g 2; all_reduce_perf --minbytes=1.5M --maxbytes 1G -g 2"
    )
    assert "minBytes 1024 maxBytes 2048 step: 2(factor)" in result.stdout
    assert "minBytes 1572864 maxBytes 1073741824 step: 1048576(bytes)" in result.stdout


def test_three_gpus_on_a_two_gpu_node(sim):
    result = sim.bash("all_reduce_perf -b 8 -e 8 -g 3")
    assert result.returncode == 5
    assert result.stderr == (
        "Invalid number of GPUs: 3 requested but only 2 were found.\n"
        "Please check the number of processes and GPUs per process.\n"
    )
    lines = result.stdout.splitlines()
    assert lines[-2] == "# Using devices"
    assert re.fullmatch(rf" \.\. {HOST} pid \d+: Test failure common\.cu:1454", lines[-1])


def test_help_and_unknown_option_exit_0_with_usage(sim):
    helped = sim.bash("all_reduce_perf -h")
    assert helped.returncode == 0 and helped.stdout.startswith(
        "USAGE: all_reduce_perf \n\t[-t,--nthreads"
    )
    unknown = sim.bash("all_reduce_perf -q")
    assert unknown.returncode == 0
    assert unknown.stderr.endswith("invalid option -- 'q'\n")
    assert unknown.stdout.startswith("invalid option '?'\nUSAGE: all_reduce_perf")


def test_bad_datatype_and_op_default(sim):
    result = sim.bash("all_reduce_perf -b 8 -e 8 -g 2 -d float17 -o median")
    assert "invalid type float17, defaulting to float .. " in result.stdout
    assert "invalid op median, defaulting to sum .. " in result.stdout
    assert re.search(r"^ +8 +2 +float +sum +-1 ", result.stdout, re.M)


@pytest.mark.parametrize("name", FAMILY)
def test_every_binary_runs_and_reports(sim, name):
    before = os.times()
    result = sim.bash(f"{name}_perf -b 8 -e 128M -f 2 -g 2")
    after = os.times()
    cpu = (after.children_user - before.children_user) + (
        after.children_system - before.children_system
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"# Collective test concluded: {name}_perf" in result.stdout
    assert f"# Collective test starting: {name}_perf" in result.stdout
    rows = [ln for ln in result.stdout.splitlines() if ln and not ln.startswith("#")]
    assert len(rows) == 25
    busbw = float(rows[-1].split()[7])
    assert 5.0 < busbw < 20.0  # PCIe Gen4 through the host bridge
    assert re.search(r"^# Avg bus bandwidth    : [0-9.e+-]+ $", result.stdout, re.M)
    assert cpu < 1.0  # CPU, not wall time: the test machine is shared and may be busy


def test_table_layout_v2_19(sim):
    result = sim.bash("all_reduce_perf -b 128M -e 128M -g 2")
    lines = result.stdout.splitlines()
    i = lines.index(
        "#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong "
    )
    assert (
        lines[i - 1]
        == "#                                                              out-of-place                       in-place          "
    )
    assert (
        lines[i + 1]
        == "#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         "
    )
    assert re.fullmatch(
        r"   134217728      33554432     float     sum      -1 +\d+\.\d +\d+\.\d\d +\d+\.\d\d       0 +\d+\.\d +\d+\.\d\d +\d+\.\d\d       0",
        lines[i + 2],
    )
    assert lines[i + 3 :] == [
        lines[i + 3],
        lines[i + 4],
        "#",
        "# Collective test concluded: all_reduce_perf",
        "",
    ]
    assert lines[i + 3] == "# Out of bounds values : 0 OK"


def test_no_check_and_memory_limit(sim):
    result = sim.bash("all_reduce_perf -b 8 -e 16G -f 1024 -g 2 -c 0")
    assert "# Reducing maxBytes to 9124184064 due to memory limitation" in result.stdout
    assert re.search(r"^ +8 +2 .*   N/A$", result.stdout, re.M)


def test_nvidia_smi_forms(sim):
    listing = sim.bash("nvidia-smi -L")
    assert re.fullmatch(
        r"GPU 0: NVIDIA RTX 4000 Ada Generation \(UUID: GPU-[0-9a-f-]{36}\)\n"
        r"GPU 1: NVIDIA RTX 4000 Ada Generation \(UUID: GPU-[0-9a-f-]{36}\)\n",
        listing.stdout,
    )
    table = sim.bash("nvidia-smi")
    lines = table.stdout.splitlines()
    assert all(len(ln) == 91 for ln in lines[1:])
    assert (
        "|   0  NVIDIA RTX 4000 Ada Gene...    On  |   00000000:00:02.0 Off |                  Off |"
        in lines
    )
    assert (
        "| 30%   34C    P8              6W /  130W |       2MiB /  20475MiB |      0%      Default |"
        in lines
    )
    assert sim.bash("nvidia-smi -i 1 -L").stdout.startswith("GPU 1: ")
    csv = sim.bash("nvidia-smi --query-gpu=index,name,memory.total --format=csv,nounits")
    assert csv.stdout.splitlines() == ["index, name, memory.total", "0, NVIDIA RTX 4000 Ada Generation, 20475",
                                       "1, NVIDIA RTX 4000 Ada Generation, 20475"]  # fmt: skip
    for mode in "rwnap":
        assert sim.bash(f"nvidia-smi topo -p2p {mode}").returncode == 0


@pytest.mark.parametrize(
    ("args", "stdout"),
    [
        ("--bogus", "ERROR: Option --bogus is not recognized. Please run 'nvidia-smi -h'.\n"),
        (
            "topo -p2p x",
            "Invalid combination of input arguments. Please run 'nvidia-smi -h' for help.\n",
        ),
        ("topo -p2p", 'Option "-p2p" is missing its value.\n'),
        (
            "--format=csv",
            "Invalid combination of input arguments. Please run 'nvidia-smi -h' for help.\n",
        ),
        ("--query-gpu=foo --format=csv", 'Field "foo" is not a valid field to query.\n\n'),
    ],
)
def test_nvidia_smi_errors_exit_2(sim, args, stdout):
    result = sim.bash(f"nvidia-smi {args}")
    assert (result.returncode, result.stdout) == (2, stdout)


# Run inside a fresh network namespace: interfaces whose names sort against their ifindex order,
# three global IPv6 addresses on one interface (the kernel lists them newest first, which no file
# under /proc shows), and a down interface. Prints what the simulator's enumeration sees and what
# `ip -o addr` (its own netlink reader) sees, once both agree on the set of addresses.
NETNS_SETUP = (
    "ip link set lo up && "
    "ip link add zeth0 type veth peer name aeth1 && "
    "ip link add mdown2 type veth peer name mdown3 && "
    "ip addr add 10.7.1.1/24 dev aeth1 && ip addr add 10.7.0.1/24 dev zeth0 && "
    "ip addr add 10.7.9.1/24 dev mdown2 && "
    "ip -6 addr add fd00::1/64 dev zeth0 nodad && ip -6 addr add fd00::2/64 dev zeth0 nodad && "
    "ip -6 addr add fd00::3/64 dev zeth0 nodad && "
    "ip link set zeth0 up && ip link set aeth1 up"
)
NETNS_READ = """
import json, socket, subprocess, sys, time
sys.path.insert(0, sys.argv[1])
from gpusim import netif
for _ in range(20):
    ours = [(a.ifname, a.family, a.host.split("%")[0], bool(a.flags & netif.IFF_RUNNING))
            for a in netif.from_getifaddrs()]
    ip = subprocess.run(["ip", "-o", "addr", "show"], capture_output=True, text=True).stdout
    theirs = []
    for line in ip.splitlines():
        f = line.split()
        fam = socket.AF_INET if f[2] == "inet" else socket.AF_INET6
        theirs.append((f[1].split("@")[0], fam, f[3].split("/")[0]))
    if sorted(o[:3] for o in ours) == sorted(theirs):
        break
    time.sleep(0.1)  # a link-local address still being added
print(json.dumps({"ours": ours, "ip": theirs}))
"""


def test_enumeration_is_the_kernels_order_whatever_else_runs_here():
    """getifaddrs order, checked against `ip` in a namespace of our own, so what else runs on
    this machine (a demo's bridge and veths, other containers) cannot change the result: IPv4
    then IPv6, each interface by interface in ifindex order (ip's link order), and within one
    interface the kernel's own order, newest global IPv6 address first."""
    needs_unshare_and_ip()
    probe = subprocess.run(["unshare", "-n", "true"], capture_output=True)
    if probe.returncode != 0:
        pytest.skip("unshare -n is not permitted here")
    script = f"{NETNS_SETUP} && {sys.executable} -c '{NETNS_READ}' {SIM_DIR}"
    done = subprocess.run(
        ["unshare", "-n", "bash", "-c", script], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    ours = [tuple(a) for a in seen["ours"]]
    for family in (socket.AF_INET, socket.AF_INET6):
        want = [tuple(a) for a in seen["ip"] if a[1] == family]
        assert [a[:3] for a in ours if a[1] == family] == want
    v4_then_v6 = [a[1] for a in ours]
    assert v4_then_v6 == sorted(v4_then_v6, key=lambda f: f != socket.AF_INET)
    zeth0_v6 = [a[2] for a in ours if a[0] == "zeth0" and a[2].startswith("fd00")]
    assert zeth0_v6 == ["fd00::3", "fd00::2", "fd00::1"]
    running = {a[0]: a[3] for a in ours}
    assert running["zeth0"] and not running["mdown2"]


def test_every_simulated_program_carries_the_mark_reports_look_for() -> None:
    """grader.provision.health tells simulated GPUs from real ones by SIMULATOR_MARK in the
    program that runs: every entry point must carry it."""
    from grader.node.paths import SIMULATOR_MARK

    programs = sorted((SIM_DIR / "bin").iterdir())
    assert [p.name for p in programs] == ["nccl-tests", "nvidia-smi"]
    for program in programs:
        assert SIMULATOR_MARK in program.read_text(), program
