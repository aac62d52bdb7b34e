"""Every output the seed lesson shows, reproduced by the simulated ml-node-07.

Node-specific parts (address, pid, tid, timestamp, hostname) are taken from this machine; every
other character must match the lesson and docs/nccl-facts.md §6.2.
"""

from __future__ import annotations

import re
import socket

from sim_helpers import check_real_socket_list, real_ipv4

HOST = socket.gethostname().split(".")[0]
GPU = "NVIDIA RTX 4000 Ada Generation"
INVALID_USAGE = "invalid usage (run with NCCL_DEBUG=WARN for details)"
NO_IFACE = "NCCL WARN Bootstrap : no socket interface found"
STAMP = r"\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\]"
FAIL_CMD = "NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2"
GOOD_CMD = "NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2"


def test_cold_open_failure_prints_the_lesson_transcript_and_exits_3(sim):
    result = sim.bash(FAIL_CMD, NCCL_DEBUG="WARN")
    assert result.returncode == 3
    assert result.stderr == ""
    lines = result.stdout.split("\n")
    pid = int(re.search(r"Pid +(\d+)", result.stdout).group(1))
    expected = [
        "# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007",
        "# Collective test starting: all_reduce_perf",
        "# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1"
        " iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0",
        "#",
        "# Using devices",
        f"#  Rank  0 Group  0 Pid {pid:6d} on {HOST:>10} device  0 [0000:00:02] {GPU}",
        f"#  Rank  1 Group  0 Pid {pid:6d} on {HOST:>10} device  1 [0000:00:03] {GPU}",
        "",
        None,  # the WARN line, checked below (timestamp)
        f"{HOST}: Test NCCL failure common.cu:1550 '{INVALID_USAGE} / '",
        f" .. {HOST} pid {pid}: Test failure common.cu:1454",
        "",
    ]
    assert len(lines) == len(expected)
    for got, want in zip(lines, expected, strict=True):
        if want is not None:
            assert got == want
    warn = rf"{STAMP} {HOST}:{pid}:{pid} \[0\] bootstrap\.cc:126 \(bootstrapNetInit\) {NO_IFACE}"
    assert re.fullmatch(warn, lines[8])


def test_echo_status_after_the_failure_is_3(sim):
    result = sim.bash(f"{FAIL_CMD} >/dev/null; echo $?", NCCL_DEBUG="WARN")
    assert result.stdout == "3\n"


def test_grep_nccl_warn_isolates_the_warning(sim):
    result = sim.bash(f"{FAIL_CMD} 2>&1 | grep 'NCCL WARN'", NCCL_DEBUG="WARN")
    assert re.fullmatch(
        rf"{STAMP} {HOST}:(\d+):\1 \[0\] bootstrap\.cc:126 \(bootstrapNetInit\) {NO_IFACE}\n",
        result.stdout,
    )


def test_net_socket_line_names_the_real_eth0(sim):
    for redirect in ("2>&1", ""):  # NCCL logs to stdout: the lesson's 2>&1 is harmless, not needed
        result = sim.bash(f"{GOOD_CMD} {redirect} | grep 'NET/Socket'")
        m = re.fullmatch(
            rf"{HOST}:(\d+):(\d+) \[0\] NCCL INFO NET/Socket : Using( .*)\n", result.stdout
        )
        assert m, result.stdout
        check_real_socket_list(m.group(3))
        assert m.group(1) != m.group(
            2
        )  # logged from an init thread, as in the lesson (24133:24153)


def test_net_ib_lines_say_no_device_then_oob_eth0(sim):
    addr = re.escape(real_ipv4("eth0"))
    result = sim.bash(f"{GOOD_CMD} 2>&1 | grep 'NET/IB'")
    lines = result.stdout.splitlines()
    assert len(lines) == 2
    assert re.fullmatch(rf"{HOST}:\d+:\d+ \[0\] NCCL INFO NET/IB : No device found\.", lines[0])
    assert re.fullmatch(
        rf"{HOST}:\d+:\d+ \[0\] NCCL INFO NET/IB : Using \[RO\]; OOB eth0:{addr}<0>", lines[1]
    )


def test_via_p2p_shows_eight_lines_four_channels_both_directions(sim):
    result = sim.bash(f"{GOOD_CMD} 2>&1 | grep 'via P2P'")
    lines = result.stdout.splitlines()
    assert len(lines) == 8
    tids = {}
    for i, line in enumerate(lines):
        ch, rank = divmod(i, 2)
        src, dst = (1, 0) if rank == 0 else (0, 1)
        m = re.fullmatch(
            rf"{HOST}:(\d+):(\d+) \[{src}\] NCCL INFO Channel {ch:02d}/0 : "
            rf"{src}\[{src}\] -> {dst}\[{dst}\] via P2P/direct pointer",
            line,
        )
        assert m, line
        tids.setdefault(src, set()).add(m.group(2))
    assert len(tids[0]) == len(tids[1]) == 1 and tids[0] != tids[1]


def test_topo_matrix_matches_the_lesson(sim):
    result = sim.bash("nvidia-smi topo -m")
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert lines[:3] == [
        "\tGPU0\tGPU1\tCPU Affinity\tNUMA Affinity\tGPU NUMA ID",
        "GPU0\t X \tPHB\t0-7\t0\t\tN/A",
        "GPU1\tPHB\t X \t0-7\t0\t\tN/A",
    ]
    assert lines[3:6] == ["", "Legend:", ""]
    assert lines[6] == "  X    = Self"
    assert (
        "  PHB  = Connection traversing PCIe as well as a PCIe Host Bridge (typically the CPU)"
        in lines
    )
    assert lines[-1] == "  NV#  = Connection traversing a bonded set of # NVLinks"
    # the lesson's whitespace-collapsed rendering of the same output
    flat = " ".join(result.stdout.split())
    assert flat.startswith(
        "GPU0 GPU1 CPU Affinity NUMA Affinity GPU NUMA ID "
        "GPU0 X PHB 0-7 0 N/A GPU1 PHB X 0-7 0 N/A Legend:"
    )


def test_p2p_matrix_matches_the_lesson(sim):
    result = sim.bash("nvidia-smi topo -p2p r")
    assert result.returncode == 0
    assert result.stdout.splitlines() == [
        " \tGPU0\tGPU1\t",
        " GPU0\tX\tOK\t",
        " GPU1\tOK\tX\t",
        "",
        "Legend:",
        "",
        "  X    = Self",
        "  OK   = Status Ok",
        "  CNS  = Chipset not supported",
        "  GNS  = GPU not supported",
        "  TNS  = Topology not supported",
        "  NS   = Not supported",
        "  DR   = Disabled by regkey",
        "  U    = Unknown",
    ]


def test_both_gpus_by_name_and_memory(sim):
    result = sim.bash("nvidia-smi --query-gpu=name,memory.total,pci.bus_id --format=csv,noheader")
    assert result.stdout.splitlines() == [
        "NVIDIA RTX 4000 Ada Generation, 20475 MiB, 00000000:00:02.0",
        "NVIDIA RTX 4000 Ada Generation, 20475 MiB, 00000000:00:03.0",
    ]
