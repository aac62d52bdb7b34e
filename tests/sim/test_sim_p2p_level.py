"""NCCL's default P2P level by CPU, GPU count and NCCL version, and NCCL_P2P_LEVEL over it
(ncclTopoCheckP2p and ncclGetLevel in NCCL's src/graph/paths.cc; docs/nccl-facts.md §3.2)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import SIM_DIR

RUN = "all_reduce_perf -b 8M -e 8M -g 2"
INTEL_PHB = SIM_DIR / "profiles" / "pcie-intel-phb-nccl-2.30.json"
ROCE_INTEL_PIX = SIM_DIR / "profiles" / "matrix" / "roce-nccl-2.28-enp.json"

AMD = {"arch": "x86_64", "vendor": "AuthenticAMD", "family": 25, "model": 1}
INTEL = {"arch": "x86_64", "vendor": "GenuineIntel", "family": 6, "model": 143}  # Sapphire Rapids
BROADWELL = {"arch": "x86_64", "vendor": "GenuineIntel", "family": 6, "model": 79}
ZHAOXIN = {"arch": "x86_64", "vendor": "CentaurHauls", "family": 7, "model": 59}
ARM = {"arch": "aarch64", "vendor": "", "family": 0, "model": 0}
NCCL = {
    "2.30": {"version": "2.30.7"},
    "2.23": {"version": "2.23.4"},
    "2.21": {"version": "2.21.5", "cuda": "12.4", "cuda_driver_version": 12040},
    "2.9": {"version": "2.9.9", "cuda": "11.3", "cuda_driver_version": 11030},
    "2.8.3": {"version": "2.8.3", "cuda": "11.0", "cuda_driver_version": 11000},
    "2.8.4": {"version": "2.8.4", "cuda": "11.0", "cuda_driver_version": 11000},
    "2.7": {"version": "2.7.8", "cuda": "11.0", "cuda_driver_version": 11000},
}


def transports(stdout: str) -> set[str]:
    """The transports of the run's `via` lines: P2P, SHM (`via SHM/…`, or `via direct shared
    memory` before 2.13) or NET."""
    found = set()
    for via in re.findall(r" via (\S+)", stdout):
        found.add("SHM" if via == "direct" else via.split("/")[0])
    assert found, stdout
    return found


def overlay(tmp_path: Path, name: str, **sections: object) -> str:
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(sections))
    return str(path)


def test_an_intel_host_bridge_takes_shm_by_default_and_p2p_level_sys_brings_p2p_back(sim):
    plain = sim.bash(RUN, LABGRADER_SIM_PROFILE=str(INTEL_PHB), NCCL_DEBUG="INFO")
    assert plain.returncode == 0, plain.stdout
    assert re.search(r"NCCL INFO Channel 00 : 0\[0\] -> 1\[1\] via SHM/direct$", plain.stdout, re.M)
    assert "via P2P" not in plain.stdout
    assert "NCCL_P2P_LEVEL" not in plain.stdout
    forced = sim.bash(
        RUN, LABGRADER_SIM_PROFILE=str(INTEL_PHB), NCCL_DEBUG="INFO", NCCL_P2P_LEVEL="SYS"
    )
    assert "NCCL INFO NCCL_P2P_LEVEL set by environment to SYS" in forced.stdout
    assert re.search(
        r"NCCL INFO Channel 00/0 : 0\[0\] -> 1\[1\] via P2P/direct pointer$", forced.stdout, re.M
    )
    assert transports(forced.stdout) == {"P2P"}
    # the plain run is slower: SHM's modelled bandwidth, not P2P's
    busbw = [
        float(re.search(r"Avg bus bandwidth\s*:\s*([0-9.]+)", run.stdout).group(1))
        for run in (plain, forced)
    ]
    assert busbw[0] < busbw[1]


@pytest.mark.parametrize(
    ("level", "logged", "transport"),
    [
        ("PHB", "PHB", "P2P"),  # a host bridge is as far as PHB lets P2P go
        ("3", "PHB", "P2P"),  # the old numbers: 3 is PHB, logged by its name
        ("4", "SYS", "P2P"),
        ("9", "SYS", "P2P"),  # numbers above 5 count as 5 (SYS)
        ("PXB", "PXB", "SHM"),
        ("2", "PXB", "SHM"),
        ("sys", None, "SHM"),  # names are case-sensitive: no level, so the default (PXB) holds
        ("far", None, "SHM"),
    ],
)
def test_p2p_level_names_and_old_numbers_on_an_intel_host_bridge(sim, level, logged, transport):
    run = sim.bash(
        RUN, LABGRADER_SIM_PROFILE=str(INTEL_PHB), NCCL_DEBUG="INFO", NCCL_P2P_LEVEL=level
    )
    assert run.returncode == 0, run.stdout
    lines = [ln for ln in run.stdout.splitlines() if "NCCL_P2P_LEVEL set by environment" in ln]
    if logged is None:
        assert lines == []
    else:
        assert len(lines) == 1 and lines[0].endswith(f"to {logged}"), lines
    assert transports(run.stdout) == {transport}


def test_an_amd_host_bridge_takes_p2p_and_a_lower_level_takes_it_away(sim):
    # ml-node-07, the built-in profile: two GPUs on an AMD CPU's host bridge
    plain = sim.bash(RUN, NCCL_DEBUG="INFO")
    assert transports(plain.stdout) == {"P2P"}
    for level in ("PXB", "PIX", "1"):
        lowered = sim.bash(RUN, NCCL_DEBUG="INFO", NCCL_P2P_LEVEL=level)
        assert transports(lowered.stdout) == {"SHM"}, level
    disabled = sim.bash(RUN, NCCL_DEBUG="INFO", NCCL_P2P_DISABLE="1", NCCL_P2P_LEVEL="SYS")
    assert transports(disabled.stdout) == {"SHM"}
    # NCCL_P2P_DISABLE=1 wins, and NCCL_P2P_LEVEL is then not even read (nor logged)
    assert "NCCL_P2P_LEVEL set by environment" not in disabled.stdout
    not_one = sim.bash(RUN, NCCL_DEBUG="INFO", NCCL_P2P_DISABLE="2")
    assert transports(not_one.stdout) == {"P2P"}  # only 1 disables P2P
    assert "NCCL_P2P_DISABLE set by environment" not in not_one.stdout


def test_pcie_switches_take_p2p_on_intel(sim, tmp_path):
    roce = sim.bash(RUN, LABGRADER_SIM_PROFILE=str(ROCE_INTEL_PIX), NCCL_DEBUG="INFO")
    assert json.loads(ROCE_INTEL_PIX.read_text())["cpu"]["vendor"] == "GenuineIntel"
    assert transports(roce.stdout) == {"P2P"}
    for link in ("PIX", "PXB"):
        profile = overlay(tmp_path, link, cpu=INTEL, topology={"link": link})
        run = sim.bash(RUN, LABGRADER_SIM_PROFILE=profile, NCCL_DEBUG="INFO")
        assert transports(run.stdout) == {"P2P"}, link


@pytest.mark.parametrize(
    ("nccl", "cpu", "link", "transport"),
    [
        # 2.23 on: PXB, but SYS for up to two GPUs on an x86 AMD CPU
        ("2.23", AMD, "SYS", "P2P"),
        ("2.23", INTEL, "PHB", "SHM"),
        ("2.30", ZHAOXIN, "PHB", "SHM"),
        ("2.30", ARM, "PHB", "SHM"),
        ("2.30", ARM, "PXB", "P2P"),
        # 2.9 - 2.22: SYS, but PXB on ARM, Intel and Zhaoxin
        ("2.21", AMD, "SYS", "P2P"),
        ("2.21", INTEL, "PHB", "SHM"),
        ("2.21", INTEL, "PXB", "P2P"),
        ("2.21", ARM, "PHB", "SHM"),
        ("2.9", ZHAOXIN, "PHB", "SHM"),
        ("2.9", AMD, "PHB", "P2P"),
        # 2.7 - 2.8: Intel from Skylake-SP on up to PHB, older Intel PXB; Zhaoxin PXB from 2.8.4
        ("2.7", INTEL, "PHB", "P2P"),
        ("2.7", INTEL, "SYS", "SHM"),
        ("2.7", BROADWELL, "PHB", "SHM"),
        ("2.7", AMD, "SYS", "P2P"),
        ("2.8.3", ZHAOXIN, "SYS", "P2P"),
        ("2.8.4", ZHAOXIN, "PHB", "SHM"),
    ],
)
def test_the_default_level_follows_the_nccl_version_and_cpu(
    sim, tmp_path, nccl, cpu, link, transport
):
    profile = overlay(tmp_path, "node", cpu=cpu, topology={"link": link}, nccl=NCCL[nccl])
    run = sim.bash(RUN, LABGRADER_SIM_PROFILE=profile, NCCL_DEBUG="INFO")
    assert run.returncode == 0, run.stdout
    assert transports(run.stdout) == {transport}


def test_amd_allows_p2p_across_the_host_bridge_for_two_gpus_only_from_2_23(sim, tmp_path):
    with open(SIM_DIR / "profiles" / "ml-node-07.json", encoding="utf-8") as handle:
        two = json.load(handle)["gpus"]
    gpus = [dict(two[i % 2], pci_bus_id=f"0000:00:0{i + 2}.0") for i in range(4)]
    new = overlay(tmp_path, "four", gpus=gpus)
    old = overlay(tmp_path, "four-2.21", gpus=gpus, nccl=NCCL["2.21"])
    four = "all_reduce_perf -b 8M -e 8M -g 4"

    def via(script: str, profile: str) -> set[str]:
        return transports(sim.bash(script, LABGRADER_SIM_PROFILE=profile, NCCL_DEBUG="INFO").stdout)

    assert via(four, new) == {"SHM"}
    assert via(RUN, new) == {"P2P"}
    assert via(four, old) == {"P2P"}
