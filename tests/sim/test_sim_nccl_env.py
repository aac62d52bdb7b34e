"""NCCL behaviour driven by real environment variables: interface choice, debug output, transports."""

from __future__ import annotations

import json
import re
import socket
import subprocess

import pytest
from conftest import SIM_DIR
from sim_helpers import (
    FLAGS_DOWN,
    FLAGS_UP,
    check_real_socket_list,
    make_sysroot,
    needs_unshare_and_ip,
    real_ipv4,
)

HOST = socket.gethostname().split(".")[0]
RUN = "all_reduce_perf -b 1M -e 1M -g 2"
SIM_PROFILES = SIM_DIR / "profiles"
OLD_PROFILE = {"nccl": {"version": "2.21.5", "cuda": "12.4", "cuda_driver_version": 12040}}

# lo, two NICs, IPoIB, docker and libvirt bridges, and a NIC that is down but keeps its address.
INTERFACES = [
    ("lo", "0x9", "unknown", "127.0.0.1/8"),
    ("eth0", FLAGS_UP, "up", "10.0.0.2/24"),
    ("eth1", FLAGS_UP, "up", "10.1.0.2/24"),
    ("docker0", FLAGS_UP, "up", "172.17.0.1/16"),
    ("virbr0", FLAGS_UP, "up", "192.168.122.1/24"),
    ("down0", FLAGS_DOWN, "down", "10.2.0.2/24"),
]


def socket_line(stdout: str) -> str:
    lines = [ln for ln in stdout.splitlines() if "NET/Socket : Using" in ln]
    assert len(lines) == 1, stdout
    return lines[0].split("NET/Socket : Using", 1)[1]


def bootstrap_line(stdout: str) -> str:
    lines = [
        ln for ln in stdout.splitlines() if "Bootstrap: Using" in ln or "Bootstrap : Using" in ln
    ]
    assert len(lines) == 1, stdout
    return lines[0].split("Using ", 1)[1]


@pytest.fixture
def fake_net(tmp_path):
    roots = iter(range(100))

    def build(with_ib: bool = False, only: tuple[str, ...] | None = None) -> str:
        ifs = [i for i in INTERFACES if only is None or i[0] in only]
        if with_ib:
            ifs.insert(1, ("ib0", FLAGS_UP, "up", "10.9.0.2/24"))
        return str(make_sysroot(tmp_path / f"root{next(roots)}", ifs))

    return build


@pytest.fixture
def old_profile(tmp_path):
    path = tmp_path / "old.json"
    path.write_text(json.dumps(OLD_PROFILE))
    return str(path)


@pytest.mark.parametrize(
    ("ifname", "expected"),
    [
        ("eth", " [0]eth0:10.0.0.2<0> [1]eth1:10.1.0.2<0>"),  # prefix
        ("^eth,lo", " [0]docker0:172.17.0.1<0> [1]virbr0:192.168.122.1<0>"),  # ^ excludes
        ("=eth1", " [0]eth1:10.1.0.2<0>"),  # = exact
        ("eth1,docker", " [0]eth1:10.1.0.2<0> [1]docker0:172.17.0.1<0>"),  # list, getifaddrs order
        ("eth1:5000", " [0]eth1:10.1.0.2<0>"),  # :port is ignored
        ("e", " [0]eth0:10.0.0.2<0> [1]eth1:10.1.0.2<0>"),  # one character: ignored, auto search
        ("lo", " [0]lo:127.0.0.1<0>"),
    ],
)
def test_socket_ifname_forms(sim, fake_net, ifname, expected):
    result = sim.bash(
        RUN, NCCL_DEBUG="INFO", NCCL_SOCKET_IFNAME=ifname, LABGRADER_SIM_SYSROOT=fake_net()
    )
    assert result.returncode == 0, result.stdout
    assert socket_line(result.stdout) == expected
    assert bootstrap_line(result.stdout) == expected.split()[0].split("]", 1)[1]
    echoed = f"NCCL INFO NCCL_SOCKET_IFNAME set by environment to {ifname}" in result.stdout
    assert echoed == (len(ifname) > 1)


@pytest.mark.parametrize("ifname", ["doesnotexist0", "=eth", "^eth,lo,docker,virbr,down,ib"])
def test_socket_ifname_matching_nothing_fails_without_fallback(sim, fake_net, ifname):
    result = sim.bash(
        RUN, NCCL_DEBUG="INFO", NCCL_SOCKET_IFNAME=ifname, LABGRADER_SIM_SYSROOT=fake_net()
    )
    assert result.returncode == 3
    assert "NCCL WARN Bootstrap : no socket interface found" in result.stdout
    assert re.search(r"NCCL INFO init\.cc:185 \(ncclGetUniqueId\) -> 5$", result.stdout, re.M)
    assert "NET/Socket" not in result.stdout


def test_auto_prefers_ib_then_skips_docker_lo_virbr_and_down(sim, fake_net):
    with_ib = sim.bash(RUN, NCCL_DEBUG="INFO", LABGRADER_SIM_SYSROOT=fake_net(with_ib=True))
    assert socket_line(with_ib.stdout) == " [0]ib0:10.9.0.2<0>"
    plain = sim.bash(RUN, NCCL_DEBUG="INFO", LABGRADER_SIM_SYSROOT=fake_net())
    assert socket_line(plain.stdout) == " [0]eth0:10.0.0.2<0> [1]eth1:10.1.0.2<0>"


def test_older_nccl_picks_virbr_and_down_interfaces(sim, fake_net, old_profile):
    """<= 2.27 excludes only docker and lo, and before 2.28.3 nothing checks IFF_RUNNING."""
    result = sim.bash(
        RUN, NCCL_DEBUG="INFO", LABGRADER_SIM_SYSROOT=fake_net(), LABGRADER_SIM_PROFILE=old_profile
    )
    assert socket_line(result.stdout) == (
        " [0]eth0:10.0.0.2<0> [1]eth1:10.1.0.2<0> [2]virbr0:192.168.122.1<0> [3]down0:10.2.0.2<0>"
    )
    assert bootstrap_line(result.stdout) == "eth0:10.0.0.2<0>"
    assert f"{HOST}:" in result.stdout and "Bootstrap : Using eth0" in result.stdout


def test_last_resorts_docker_then_lo(sim, fake_net):
    docker = sim.bash(
        RUN, NCCL_DEBUG="INFO", LABGRADER_SIM_SYSROOT=fake_net(only=("lo", "docker0"))
    )
    assert socket_line(docker.stdout) == " [0]docker0:172.17.0.1<0>"
    lo = sim.bash(RUN, NCCL_DEBUG="INFO", LABGRADER_SIM_SYSROOT=fake_net(only=("lo",)))
    assert socket_line(lo.stdout) == " [0]lo:127.0.0.1<0>"
    assert lo.returncode == 0


def test_real_interfaces_of_this_machine(sim):
    """No override: eth0 with its real address; lo and the down ifb* devices are not used."""
    addr = real_ipv4("eth0")
    result = sim.bash(RUN, NCCL_DEBUG="INFO")
    check_real_socket_list(socket_line(result.stdout))
    assert bootstrap_line(result.stdout) == f"eth0:{addr}<0>"
    v6 = sim.bash(RUN, NCCL_DEBUG="INFO", NCCL_SOCKET_FAMILY="AF_INET6")
    assert "NCCL_SOCKET_FAMILY set by environment to AF_INET6" in v6.stdout
    assert socket_line(v6.stdout).startswith(" [0]eth0:")
    assert ":" in socket_line(v6.stdout).split("eth0:", 1)[1]  # an IPv6 address


def test_real_interfaces_in_a_network_namespace(sim):
    """A veth pair named ib0/eth7 in a fresh namespace: IPoIB wins while it is running, and a
    down ib0 is skipped by 2.30 (IFF_RUNNING) but still picked by NCCL 2.21."""
    needs_unshare_and_ip()
    setup = (
        "ip link add ib0 type veth peer name eth7 && ip addr add 10.9.0.1/24 dev ib0 && "
        "ip addr add 10.8.0.1/24 dev eth7 && ip link set lo up && ip link set eth7 up && "
    )
    probe = subprocess.run(["unshare", "-n", "true"], capture_output=True)
    if probe.returncode != 0:
        pytest.skip("unshare -n is not permitted here")
    up = sim.bash(f"unshare -n bash -c '{setup} ip link set ib0 up && {RUN}'", NCCL_DEBUG="INFO")
    assert socket_line(up.stdout) == " [0]ib0:10.9.0.1<0>"
    down = sim.bash(f"unshare -n bash -c '{setup} {RUN}'", NCCL_DEBUG="INFO")
    assert socket_line(down.stdout) == " [0]lo:127.0.0.1<0>"  # eth7 has no carrier either


def test_debug_levels(sim):
    silent = sim.bash(RUN)
    assert "NCCL" not in silent.stdout.replace("NCCL_", "")
    version = sim.bash(RUN, NCCL_DEBUG="VERSION")
    assert "\nNCCL version 2.30.7+cuda13.0\n" in version.stdout
    assert "NCCL INFO" not in version.stdout
    warn = sim.bash(RUN, NCCL_DEBUG="WARN", NCCL_SOCKET_IFNAME="nope0")
    assert "NCCL WARN" in warn.stdout and "NCCL INFO" not in warn.stdout
    for level in ("INFO", "info", "TRACE"):
        info = sim.bash(RUN, NCCL_DEBUG=level)
        assert re.search(
            rf"^{HOST}:\d+:\d+ \[0\] NCCL INFO NCCL version 2\.30\.7\+cuda13\.0$", info.stdout, re.M
        )
        assert "NCCL TRACE" not in info.stdout  # TRACE lines need a TRACE=1 build
    unset_fail = sim.bash(RUN, NCCL_SOCKET_IFNAME="nope0")
    assert unset_fail.returncode == 3
    assert "NCCL WARN" not in unset_fail.stdout
    assert "Test NCCL failure common.cu:1550" in unset_fail.stdout


def test_debug_subsys(sim):
    default = sim.bash(RUN, NCCL_DEBUG="INFO", NCCL_SOCKET_IFNAME="eth0")
    assert "Bootstrap: Using" in default.stdout
    assert "NCCL_SOCKET_IFNAME set to eth0" not in default.stdout  # NET only
    init = sim.bash(RUN, NCCL_DEBUG="INFO", NCCL_DEBUG_SUBSYS="INIT", NCCL_SOCKET_IFNAME="eth0")
    assert "Bootstrap: Using" not in init.stdout  # BOOTSTRAP since 2.23
    assert "NET/Socket : Using" in init.stdout
    assert "set by environment" not in init.stdout
    net = sim.bash(RUN, NCCL_DEBUG="INFO", NCCL_DEBUG_SUBSYS="NET", NCCL_SOCKET_IFNAME="eth0")
    assert "NCCL_SOCKET_IFNAME set to eth0" in net.stdout
    inverted = sim.bash(RUN, NCCL_DEBUG="INFO", NCCL_DEBUG_SUBSYS="^INIT")
    assert "Bootstrap: Using" in inverted.stdout and "Init COMPLETE" not in inverted.stdout
    everything = sim.bash(
        RUN, NCCL_DEBUG="INFO", NCCL_DEBUG_SUBSYS="ALL", NCCL_SOCKET_IFNAME="eth0"
    )
    assert (
        "NCCL_SOCKET_IFNAME set to eth0" in everything.stdout
        and "Bootstrap: Using" in everything.stdout
    )


def test_debug_file_takes_the_log_off_stdout(sim, tmp_path):
    pattern = str(tmp_path / "nccl.%h.%p.log")
    result = sim.bash(RUN, NCCL_DEBUG="INFO", NCCL_DEBUG_FILE=pattern)
    assert result.returncode == 0
    assert "NCCL INFO" not in result.stdout
    pid = re.search(r"Pid +(\d+)", result.stdout).group(1)
    log = (tmp_path / f"nccl.{HOST}.{pid}.log").read_text()
    assert "NET/Socket : Using [0]eth0:" in log
    unused = sim.bash(RUN, NCCL_DEBUG="VERSION", NCCL_DEBUG_FILE=str(tmp_path / "v.log"))
    assert "NCCL version 2.30.7" in unused.stdout and not (tmp_path / "v.log").exists()


def test_nccl_conf_file(sim, tmp_path):
    conf = tmp_path / "nccl.conf"
    conf.write_text("# lab config\nNCCL_SOCKET_IFNAME=doesnotexist0\nNCCL_DEBUG=WARN\n")
    result = sim.bash(RUN, NCCL_CONF_FILE=str(conf))
    assert result.returncode == 3 and "no socket interface found" in result.stdout
    env_wins = sim.bash(RUN, NCCL_CONF_FILE=str(conf), NCCL_SOCKET_IFNAME="eth0")
    assert env_wins.returncode == 0
    # NCCL_CONF_FILE exists from 2.23 (src/misc/param.cc); ~/.nccl.conf in every version
    old = str(SIM_PROFILES / "ml-node-07-nccl-2.21.json")
    ignored = sim.bash(RUN, NCCL_CONF_FILE=str(conf), LABGRADER_SIM_PROFILE=old)
    assert ignored.returncode == 0
    (sim.home / ".nccl.conf").write_text("NCCL_SOCKET_IFNAME=doesnotexist0\nNCCL_DEBUG=WARN\n")
    home = sim.bash(RUN, LABGRADER_SIM_PROFILE=old)
    assert home.returncode == 3 and "no socket interface found" in home.stdout


def test_transports(sim):
    shm = sim.bash(RUN, NCCL_DEBUG="INFO", NCCL_P2P_DISABLE="1")
    # ncclGetLevel's INFO (src/graph/paths.cc) has no final "." as NCCL_PARAM values have
    assert re.search(r"NCCL INFO NCCL_P2P_DISABLE set by environment to 1$", shm.stdout, re.M)
    assert re.search(r"NCCL INFO Channel 00 : 0\[0\] -> 1\[1\] via SHM/direct$", shm.stdout, re.M)
    assert "via P2P" not in shm.stdout
    net = sim.bash(RUN, NCCL_DEBUG="INFO", NCCL_P2P_DISABLE="1", NCCL_SHM_DISABLE="1")
    assert re.search(
        r"Channel 00/0 : 0\[0\] -> 1\[1\] \[send\] via NET/Socket/0$", net.stdout, re.M
    )
    assert re.search(
        r"Channel 00/0 : 0\[0\] -> 1\[1\] \[receive\] via NET/Socket/0$", net.stdout, re.M
    )
    ib_off = sim.bash(RUN, NCCL_DEBUG="INFO", NCCL_IB_DISABLE="1")
    assert (
        "NCCL_IB_DISABLE set by environment to 1." in ib_off.stdout
        and "NET/IB" not in ib_off.stdout
    )


def test_older_generation_formats(sim, old_profile):
    """NCCL 2.21.5 + nccl-tests v2.16.9 (docs/nccl-facts.md §6.1): a profile switches every format."""
    old_tests = json.dumps(
        {**OLD_PROFILE, "nccl_tests": {"version": "2.16.9"}, "infiniband": {"libibverbs": False}}
    )
    path = sim.home / "old.json"
    path.write_text(old_tests)
    ok = sim.bash(RUN, NCCL_DEBUG="INFO", LABGRADER_SIM_PROFILE=str(path))
    lines = ok.stdout.splitlines()
    assert lines[0] == "# Collective test starting: all_reduce_perf"
    assert "graph: 0" in lines[1] and "unalign" not in lines[1]
    assert "NCCL version 2.21.5+cuda12.4" in lines
    assert any(
        ln.endswith("NCCL INFO NET/Plugin: No plugin found (libnccl-net.so)") for ln in lines
    )
    assert any(ln.endswith("NCCL INFO Failed to open libibverbs.so[.1]") for ln in lines)
    assert any(
        re.search(r"NCCL INFO ncclCommInitRank comm 0x[0-9a-f]+ rank 0 .* - Init COMPLETE$", ln)
        for ln in lines
    )
    assert (
        "#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong"
        in lines
    )
    bad = sim.bash(
        RUN, NCCL_DEBUG="WARN", NCCL_SOCKET_IFNAME="nope0", LABGRADER_SIM_PROFILE=str(path)
    )
    assert bad.returncode == 3
    assert re.search(
        rf"^{HOST}:\d+:\d+ \[0\] bootstrap\.cc:48 NCCL WARN Bootstrap : no socket interface found$",
        bad.stdout,
        re.M,
    )
    assert (
        f"{HOST}: Test NCCL failure common.cu:1063 'internal error - please report this issue to the NCCL developers / '"
        in bad.stdout
    )
    assert re.search(rf"^ \.\. {HOST} pid \d+: Test failure common\.cu:936$", bad.stdout, re.M)


def _avg_busbw(stdout: str) -> float:
    line = next(ln for ln in stdout.splitlines() if "Avg bus bandwidth" in ln)
    return float(line.split(":", 1)[1])


@pytest.mark.parametrize("profile", ["ib-nccl-2.26", "roce-nccl-2.28-enp"])
def test_net_over_a_socket_is_the_tcp_figure_not_the_hcas(sim, profile: str) -> None:
    """With P2P and SHM closed NET is the HCA; NCCL_IB_DISABLE=1 leaves NET/Socket, and the table
    shows the socket's modelled bandwidth (`performance.socket`), not the HCA's."""
    path = str(SIM_PROFILES / "matrix" / f"{profile}.json")
    closed = {"NCCL_P2P_DISABLE": "1", "NCCL_SHM_DISABLE": "1", "LABGRADER_SIM_PROFILE": path}
    ib = sim.bash(f"NCCL_DEBUG=INFO {RUN} 2>&1", **closed)
    sock = sim.bash(f"NCCL_DEBUG=INFO {RUN} 2>&1", NCCL_IB_DISABLE="1", **closed)
    assert "via NET/IB" in ib.stdout and "via NET/Socket" in sock.stdout
    figures = json.loads((SIM_PROFILES / "matrix" / f"{profile}.json").read_text())["performance"]
    assert _avg_busbw(sock.stdout) < figures["socket"]["busbw_gbs"] * 1.1
    assert _avg_busbw(ib.stdout) > figures["socket"]["busbw_gbs"] * 2
