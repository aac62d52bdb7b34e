"""The node-profile matrix (the simulator's profiles/matrix/): each generation's and each
hardware shape's output, as docs/nccl-facts.md states it from NCCL's and nccl-tests' sources.

Every profile there names its interfaces, so these runs are the same on any machine."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import SIM_DIR

MATRIX = SIM_DIR / "profiles" / "matrix"
RUN = "all_reduce_perf -b 8M -e 8M -g 2"


def profile(name: str) -> str:
    path = MATRIX / f"{name}.json"
    assert path.is_file(), path
    return str(path)


def nccl_lines(text: str, needle: str) -> list[str]:
    return [line for line in text.splitlines() if needle in line]


def test_every_matrix_profile_names_its_sources_and_runs_cleanly(sim):
    names = sorted(p.stem for p in MATRIX.glob("*.json"))
    assert len(names) >= 6
    for name in names:
        data = json.loads((MATRIX / f"{name}.json").read_text())
        assert data["description"] and data["sources"] and "not_established" in data, name
        assert data["interfaces"], name
        run = sim.bash(RUN, LABGRADER_SIM_PROFILE=profile(name))
        assert run.returncode == 0, (name, run.stdout, run.stderr)
        assert re.search(r"# Avg bus bandwidth\s*:\s*[0-9]", run.stdout), name


@pytest.mark.parametrize(
    ("name", "lookups"),
    [
        # bootstrap, the IB plugin's OOB lookup (libibverbs loads), NET/Socket (no HCA)
        ("pcie-nccl-2.30-docker", 3),
        # no libibverbs: no OOB lookup
        ("pcie-nccl-2.21", 2),
        # an HCA: IB wins, so the socket network is never set up
        ("ib-nccl-2.26", 2),
    ],
)
def test_the_ifname_env_line_is_logged_at_every_lookup(sim, name, lookups):
    iface = {"ib-nccl-2.26": "ibp24s0"}.get(name, "eth0")
    run = sim.bash(
        RUN, LABGRADER_SIM_PROFILE=profile(name), NCCL_DEBUG="INFO", NCCL_SOCKET_IFNAME=iface
    )
    assert run.returncode == 0
    env_lines = nccl_lines(run.stdout, f"NCCL_SOCKET_IFNAME set by environment to {iface}")
    assert len(env_lines) == lookups
    # the NET-subsystem line is once per process (shownIfName), and not in the default mask
    assert not nccl_lines(run.stdout, "NCCL_SOCKET_IFNAME set to")
    every = sim.bash(
        RUN,
        LABGRADER_SIM_PROFILE=profile(name),
        NCCL_DEBUG="INFO",
        NCCL_DEBUG_SUBSYS="ALL",
        NCCL_SOCKET_IFNAME=iface,
    )
    assert len(nccl_lines(every.stdout, f"NCCL_SOCKET_IFNAME set to {iface}")) == 1


def test_destroy_lines_come_before_the_footer(sim):
    run = sim.bash(RUN, LABGRADER_SIM_PROFILE=profile("pcie-nccl-2.30-docker"), NCCL_DEBUG="INFO")
    lines = run.stdout.splitlines()
    destroys = [i for i, line in enumerate(lines) if line.endswith("- Destroy COMPLETE")]
    footer = next(i for i, line in enumerate(lines) if line.startswith("# Out of bounds values"))
    rows = [i for i, line in enumerate(lines) if re.match(r"^\s+\d+\s+\d+\s+float", line)]
    assert len(destroys) == 2
    assert max(rows) < min(destroys) and max(destroys) < footer


def test_nccl_2_9_warns_about_libibverbs_at_warn_and_sets_the_network_up_first(sim):
    warn = sim.bash(RUN, LABGRADER_SIM_PROFILE=profile("pcie-nccl-2.9"), NCCL_DEBUG="WARN")
    assert warn.returncode == 0
    assert re.search(
        r"^gpu-pcie-09:\d+:\d+ \[0\] misc/ibvwrap\.cc:63 NCCL WARN "
        r"Failed to open libibverbs\.so\[\.1\]$",
        warn.stdout,
        re.M,
    )
    info = sim.bash(RUN, LABGRADER_SIM_PROFILE=profile("pcie-nccl-2.9"), NCCL_DEBUG="INFO")
    lines = info.stdout.splitlines()
    version = lines.index("NCCL version 2.9.9+cuda11.3")
    socket = next(i for i, line in enumerate(lines) if "NET/Socket : Using" in line)
    assert socket < version
    assert "Bootstrap : Using eth0:10.42.0.7<0>" in info.stdout
    # INIT alone is 2.9's default mask: no ENV echo without NCCL_DEBUG_SUBSYS
    forced = sim.bash(
        RUN,
        LABGRADER_SIM_PROFILE=profile("pcie-nccl-2.9"),
        NCCL_DEBUG="INFO",
        NCCL_SOCKET_IFNAME="eth",
    )
    assert "set by environment" not in forced.stdout
    failing = sim.bash(RUN, LABGRADER_SIM_PROFILE=profile("pcie-nccl-2.9"), NCCL_SOCKET_IFNAME="x0")
    assert failing.returncode == 3
    assert "internal error - please report this issue to the NCCL developers" in failing.stdout


def test_from_nccl_2_13_the_version_line_comes_first(sim):
    info = sim.bash(RUN, LABGRADER_SIM_PROFILE=profile("pcie-nccl-2.21"), NCCL_DEBUG="INFO")
    lines = info.stdout.splitlines()
    version = lines.index("NCCL version 2.21.5+cuda12.4")
    socket = next(i for i, line in enumerate(lines) if "NET/Socket : Using" in line)
    assert version < socket


def test_nccl_2_18_warns_about_libcuda_and_still_runs(sim):
    run = sim.bash(RUN, LABGRADER_SIM_PROFILE=profile("pcie-nccl-2.18-ens5"), NCCL_DEBUG="WARN")
    assert run.returncode == 0
    assert re.search(
        r"misc/cudawrap\.cc:179 NCCL WARN Failed to find CUDA library libcuda\.so "
        r"\(NCCL_CUDA_PATH=''\) : libcuda\.so: cannot open shared object file",
        run.stdout,
    )
    assert "# Avg bus bandwidth" in run.stdout
    info = sim.bash(RUN, LABGRADER_SIM_PROFILE=profile("pcie-nccl-2.18-ens5"), NCCL_DEBUG="INFO")
    assert "cudaDriverVersion" not in info.stdout  # printed after the dlopen that failed
    assert "NET/Socket : Using [0]ens5:172.31.5.20<0>" in info.stdout
    assert "NET/IB : No device found." in info.stdout


def test_an_hca_means_ib_and_no_socket_network(sim):
    run = sim.bash(RUN, LABGRADER_SIM_PROFILE=profile("ib-nccl-2.26"), NCCL_DEBUG="INFO")
    assert "Bootstrap: Using ibp24s0:192.168.24.11<0>" in run.stdout  # ib* first in the order
    assert "NET/IB : Using [0]mlx5_0:1/IB [RO]; OOB ibp24s0:192.168.24.11<0>" in run.stdout
    assert "Using network IB" in run.stdout
    assert "NET/Socket" not in run.stdout
    disabled = sim.bash(
        RUN, LABGRADER_SIM_PROFILE=profile("ib-nccl-2.26"), NCCL_DEBUG="INFO", NCCL_IB_DISABLE="1"
    )
    assert "NET/IB" not in disabled.stdout
    assert (
        "NET/Socket : Using [0]eno1:10.1.0.11<0> [1]ibp24s0:192.168.24.11<0>" not in disabled.stdout
    )
    assert "NET/Socket : Using [0]ibp24s0:192.168.24.11<0>" in disabled.stdout
    assert "Using network Socket" in disabled.stdout


def test_roce_and_the_2_28_virbr_exclusion(sim):
    run = sim.bash(RUN, LABGRADER_SIM_PROFILE=profile("roce-nccl-2.28-enp"), NCCL_DEBUG="INFO")
    assert "Bootstrap: Using enp65s0f0np0:10.20.3.14<0>" in run.stdout
    assert "NET/IB : Using [0]mlx5_0:1/RoCE [RO]; OOB enp65s0f0np0:10.20.3.14<0>" in run.stdout
    no_ib = sim.bash(
        RUN,
        LABGRADER_SIM_PROFILE=profile("roce-nccl-2.28-enp"),
        NCCL_DEBUG="INFO",
        NCCL_IB_DISABLE="1",
    )
    socket = nccl_lines(no_ib.stdout, "NET/Socket : Using")[0]
    assert "virbr0" not in socket and "docker0" not in socket and "enp65s0f0np0" in socket


def test_an_nvlink_a100_pair_reads_over_p2p(sim):
    run = sim.bash(RUN, LABGRADER_SIM_PROFILE=profile("nvlink-nccl-2.24-bond0"), NCCL_DEBUG="INFO")
    via = nccl_lines(run.stdout, " via ")
    assert via and all(line.endswith("via P2P/direct pointer/read") for line in via)
    assert "Bootstrap: Using bond0:10.10.1.21<0>" in run.stdout
    topo = sim.bash("nvidia-smi topo -m", LABGRADER_SIM_PROFILE=profile("nvlink-nccl-2.24-bond0"))
    assert re.search(r"^GPU0\s+X\s+NV12\s", topo.stdout, re.M)
    h100 = sim.bash(RUN, LABGRADER_SIM_PROFILE=profile("ib-nccl-2.26"), NCCL_DEBUG="INFO")
    assert "/read" not in h100.stdout  # P2P read is for compute capability 8.0 only


def test_a_host_with_containers_keeps_eth0_first(sim):
    run = sim.bash(RUN, LABGRADER_SIM_PROFILE=profile("pcie-nccl-2.30-docker"), NCCL_DEBUG="INFO")
    socket = nccl_lines(run.stdout, "NET/Socket : Using")[0]
    assert socket.endswith(
        "NET/Socket : Using [0]eth0:172.232.181.15<0> [1]br-3f2a9c1d7e55:172.18.0.1<0> "
        "[2]veth77a01b2:fe80::8c5d:4eff:fe3f:2a1b%veth77a01b2<0>"
    )


def test_a_malformed_interfaces_list_is_a_clear_error(sim, tmp_path: Path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"interfaces": [{"name": "eth0", "ipv4": ["999.1.1.1"]}]}))
    run = sim.bash(RUN, LABGRADER_SIM_PROFILE=str(bad))
    assert run.returncode == 1
    assert "profile interface eth0" in run.stderr and "Traceback" not in run.stderr
