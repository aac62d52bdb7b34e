"""What NCCL does and logs while nccl-tests starts it: bootstrap, network probing, transports.

Every message text and its version range comes from docs/nccl-facts.md §1-§3; the section is
cited beside each rule. The simulation is one process (nccl-tests ``-g N``), which is what the
lab runs: both ranks share a pid, so GPU links are ``P2P/direct pointer`` (docs/nccl-facts.md §4.4).
"""

from __future__ import annotations

import random
import re

from . import netif
from .nccllog import Logger, Params
from .profile import Cpu, Profile, Version, nccl_busid

# ncclResult_t codes and their ncclGetErrorString texts (docs/nccl-facts.md §3.3).
SUCCESS, SYSTEM_ERROR, INTERNAL_ERROR, INVALID_USAGE = 0, 2, 3, 5
ERROR_STRINGS = {
    0: "no error",
    1: "unhandled cuda error (run with NCCL_DEBUG=INFO for details)",
    2: "unhandled system error (run with NCCL_DEBUG=INFO for details)",
    3: "internal error - please report this issue to the NCCL developers",
    4: "invalid argument (run with NCCL_DEBUG=WARN for details)",
    5: "invalid usage (run with NCCL_DEBUG=WARN for details)",
    6: "remote process exited or there was a network error",
    7: "NCCL operation in progress",
    8: "timeout",
}

# Thread ids relative to the pid. The main thread's tid is the pid; NCCL's per-rank init threads
# and connection threads are helpers started later. The offsets reproduce the seed transcript
# (pid 24133: NET lines from tid 24153, rank 1/rank 0 channel lines from 24160/24161).
INIT_TID_OFFSET = 20
CONNECT_TID_OFFSET = 28

# `bootstrap.cc:<n>` of "Bootstrap : no socket interface found", by NCCL version (docs/nccl-facts.md §6.3).
BOOTSTRAP_WARN_LINES: list[tuple[Version, int]] = [
    ((2, 30, 0), 126),
    ((2, 29, 0), 128),
    ((2, 28, 0), 114),
    ((2, 27, 0), 115),
    ((2, 24, 0), 112),
    ((2, 23, 0), 111),
    ((2, 19, 0), 48),
    ((0, 0, 0), 45),
]
# Before 2.13 ncclInit (called by ncclGetUniqueId) initialised the network; from 2.13 each
# communicator's init does (src/init.cc).
NET_INIT_PER_COMM: Version = (2, 13, 0)

# init.cc line of ncclGetUniqueId's NCCLCHECK; 185 is the 2.30.7 value (docs/nccl-facts.md §2.3), reused
# for other versions because their number was not recorded.
GET_UNIQUE_ID_INIT_LINE = 185

# NCCL_P2P_LEVEL names and old numeric values -> NCCL path types (src/graph/topo.h).
PATH_TYPES = {"LOC": 0, "NVL": 1, "NVB": 2, "C2C": 3, "PIX": 4, "PXB": 5, "P2C": 6, "PXN": 7,
              "PHB": 8, "SYS": 9}  # fmt: skip
PATH_NAMES = {value: name for name, value in PATH_TYPES.items()}
OLD_P2P_LEVELS = [0, 4, 5, 8, 9, 9]  # levelsOldToNew in src/graph/paths.cc
# strtol(str, NULL, 0)'s number at the start of a string: hex, octal or decimal.
LEADING_NUMBER = re.compile(r"0[xX][0-9a-fA-F]+|0[0-7]*|[1-9][0-9]*")


def versioned(table: list[tuple[Version, int]], version: Version) -> int:
    """The value of the newest table row whose version is <= ``version``."""
    for since, value in table:
        if version >= since:
            return value
    return table[-1][1]


def user_p2p_level(params: Params) -> int | None:
    """The P2P level the user set, or None: ncclGetLevel(..., "NCCL_P2P_DISABLE", "NCCL_P2P_LEVEL")
    in src/graph/paths.cc. NCCL_P2P_DISABLE=1 is LOC; else NCCL_P2P_LEVEL by its exact
    (case-sensitive) name, or an old number 0-5 (larger ones count as 5); anything else sets nothing."""
    if params.get_int("NCCL_P2P_DISABLE", 0) == 1:
        return PATH_TYPES["LOC"]
    text = params.get("NCCL_P2P_LEVEL")
    if text is None:
        return None
    if text in PATH_TYPES:
        return PATH_TYPES[text]
    number = LEADING_NUMBER.match(text)
    if number is None:
        return None
    digits = number.group()
    if digits[:2] in ("0x", "0X"):
        old = int(digits, 16)
    else:
        old = int(digits, 8 if digits.startswith("0") else 10)
    return OLD_P2P_LEVELS[min(old, len(OLD_P2P_LEVELS) - 1)]


def default_p2p_level(version: Version, cpu: Cpu, ngpus: int) -> int:
    """How far apart two GPUs may be for P2P when the user sets no level: ncclTopoCheckP2p in
    src/graph/paths.cc, by NCCL version (docs/nccl-facts.md §3.2).

    From 2.23: PXB (no P2P across a CPU host bridge), except SYS for up to two GPUs on an x86
    AMD CPU. 2.9 - 2.22: SYS, except PXB on ARM, Intel and Zhaoxin. 2.7 - 2.8: SYS, except
    PXB on ARM, on Intel before Skylake-SP and (from 2.8.4) on Zhaoxin, and PHB on newer Intel.
    2.6: SYS, except PXB on ARM and on Intel before Skylake-SP. Before 2.6 NCCL decided in
    src/transport/p2p.cc by the number of CPU sockets, which the simulator does not model: it
    uses the 2.6 rule there."""
    maker = cpu.maker
    if version >= (2, 23, 0):
        if maker == "AMD" and ngpus <= 2:
            return PATH_TYPES["SYS"]
        return PATH_TYPES["PXB"]
    if cpu.kind == "arm":
        return PATH_TYPES["PXB"]
    if version >= (2, 9, 0):
        return PATH_TYPES["PXB" if maker in ("Intel", "Zhaoxin") else "SYS"]
    if maker == "Zhaoxin" and version >= (2, 8, 4):
        return PATH_TYPES["PXB"]
    if maker == "Intel":
        if cpu.intel_before_skylake:
            return PATH_TYPES["PXB"]
        if version >= (2, 7, 0):
            return PATH_TYPES["PHB"]
    return PATH_TYPES["SYS"]


class Comm:
    """One simulated communicator (rank) inside the process."""

    def __init__(self, rank: int, nranks: int, dev: int, bus_id: str, comm_id: int):
        self.rank = rank
        self.nranks = nranks
        self.dev = dev
        self.busid = nccl_busid(bus_id)
        self.comm_id = comm_id
        # glibc heap addresses of a PIE binary look like 0x55xxxxxxxxxx.
        self.pointer = 0x550000000000 | (random.getrandbits(36) << 4)


class Nccl:
    """The NCCL library as one nccl-tests process sees it."""

    def __init__(self, profile: Profile, params: Params, logger: Logger, pid: int):
        self.profile = profile
        self.params = params
        self.log = logger
        self.pid = pid
        self.version = profile.nccl_version
        self.addresses = netif.enumerate_addresses(profile.data.get("interfaces"))
        self.ifname = params.get("NCCL_SOCKET_IFNAME")
        self.family = netif.socket_family(params.get("NCCL_SOCKET_FAMILY"))
        self.comms: list[Comm] = []
        self.transport = "P2P"
        self._ifname_shown = False
        self._net_ready = False

    # --- phase 1: bootstrap (ncclGetUniqueId -> ncclInit -> bootstrapNetInit) ------------------

    def _interfaces(self, limit: int, tid: int) -> list[netif.Address]:
        """One ncclFindInterfaces call: bootstrap's, the IB plugin's OOB lookup and NET/Socket's
        each make one, and each logs the ENV line again (src/misc/socket.cc)."""
        if self.ifname is not None and len(self.ifname) > 1:
            self.log.info("ENV", "NCCL_SOCKET_IFNAME set by environment to %s" % self.ifname, tid)
            if not self._ifname_shown:  # `shownIfName++ == 0`: once per process
                self.log.info("NET", "NCCL_SOCKET_IFNAME set to %s" % self.ifname, tid)
                self._ifname_shown = True
        return netif.find_interfaces(self.addresses, self.ifname, self.version, self.family, limit)

    def get_unique_id(self) -> int:
        """Returns an ncclResult_t; logs from the main thread on device 0 (docs/nccl-facts.md §1.4)."""
        v, tid, log = self.version, self.pid, self.log
        family = self.params.get("NCCL_SOCKET_FAMILY")
        if family is not None:
            log.info("ENV", "NCCL_SOCKET_FAMILY set by environment to %s" % family, tid)
        found = self._interfaces(netif.MAX_IFS if v < (2, 8, 0) else 1, tid)
        if not found:
            line = versioned(BOOTSTRAP_WARN_LINES, v)
            log.warn(
                "bootstrap.cc:%d" % line,
                "bootstrapNetInit",
                "Bootstrap : no socket interface found",
                tid,
            )
            code = INVALID_USAGE if v >= (2, 24, 0) else INTERNAL_ERROR
            log.backtrace("init.cc:%d" % GET_UNIQUE_ID_INIT_LINE, "ncclGetUniqueId", code, tid)
            return code
        subsys = "BOOTSTRAP" if v >= (2, 23, 0) else "INIT"
        if v < (2, 8, 0):
            items = "".join(" [%d]%s" % (i, a.nccl_text) for i, a in enumerate(found))
            log.info(subsys, "Bootstrap : Using" + items, tid)
        elif v < (2, 24, 3):
            log.info(subsys, "Bootstrap : Using " + found[0].nccl_text, tid)
        else:
            log.info(subsys, "Bootstrap: Using " + found[0].nccl_text, tid)
        log.info_lines("INIT|NET", self._plugin_lines(), tid)
        if v < NET_INIT_PER_COMM:
            # ncclInit, reached from ncclGetUniqueId, set the network up before any communicator
            # existed, so these lines come before the "NCCL version" line (src/init.cc, initNet)
            self._net_init(tid)
        return SUCCESS

    def _plugin_lines(self) -> list[str]:
        """libnccl-net.so is absent on the node: the version's "no plugin" lines (docs/nccl-facts.md §3.1)."""
        v = self.version
        missing = "libnccl-net.so: cannot open shared object file: No such file or directory"
        if v >= (2, 22, 0):
            return ["NET/Plugin: Could not find: libnccl-net.so. Using internal network plugin."]
        if v >= (2, 21, 0):
            return [
                "NET/Plugin: No plugin found (libnccl-net.so)",
                "NET/Plugin: Plugin load returned 2 : %s : when loading libnccl-net.so" % missing,
                "NET/Plugin: Using internal network plugin.",
            ]
        if v >= (2, 19, 0):
            return [
                "NET/Plugin : dlerror=%s No plugin found (libnccl-net.so), using internal implementation"
                % missing
            ]
        if v >= (2, 17, 0):
            return [
                "NET/Plugin : Plugin load (libnccl-net.so) returned 2 : %s" % missing,
                "NET/Plugin : No plugin found, using internal implementation",
            ]
        if v >= (2, 5, 0):
            return ["NET/Plugin : No plugin found (libnccl-net.so), using internal implementation"]
        return ["NET/Plugin : No plugin found (libnccl-net.so)."]

    # --- phase 2: communicator init and transports ----------------------------------------------

    def _env_echo(self, tid: int) -> None:
        """ "<NAME> set by environment to <value>": numeric parameters end with "." (docs/nccl-facts.md §2.3)."""
        v = self.version
        for name in ("NCCL_IB_DISABLE", "NCCL_SHM_DISABLE"):
            if self.params.get(name) is not None:
                self.log.info(
                    "ENV",
                    "%s set by environment to %d." % (name, self.params.get_int(name, 0)),
                    tid,
                )
        # ncclGetLevel logs the level it found, by its name; NCCL_P2P_DISABLE=1 hides NCCL_P2P_LEVEL.
        # Its own format has no final "." (that is ncclLoadParam's, for NCCL_PARAM values).
        level = user_p2p_level(self.params)
        if level == PATH_TYPES["LOC"] and self.params.get_int("NCCL_P2P_DISABLE", 0) == 1:
            if v >= (2, 23, 0):
                self.log.info("ENV", "NCCL_P2P_DISABLE set by environment to 1", tid)
            else:
                self.log.info("ENV", "NCCL_P2P_LEVEL set by environment to LOC", tid)
        elif level is not None:
            self.log.info("ENV", "NCCL_P2P_LEVEL set by environment to %s" % PATH_NAMES[level], tid)

    def _p2p_level(self) -> int:
        """The user's level, else NCCL's default for this CPU and GPU count."""
        level = user_p2p_level(self.params)
        if level is not None:
            return level
        ngpus = len({comm.dev for comm in self.comms})
        return default_p2p_level(self.version, self.profile.cpu, ngpus)

    def _choose_transport(self, tid: int) -> str:
        """P2P when NVML says OK and the level allows the link, else SHM, else NET (docs/nccl-facts.md §3.2)."""
        topo = self.profile.section("topology")
        link = str(topo.get("link", "PHB"))
        path = PATH_TYPES.get(
            link, PATH_TYPES["NVL"] if link.startswith("NV") else PATH_TYPES["SYS"]
        )
        status_ok = str(self.profile.section("p2p").get("r", "OK")) == "OK"
        level = self._p2p_level()
        if (
            not status_ok
            and level >= path
            and not self.params.get_int("NCCL_IGNORE_DISABLED_P2P", 0)
        ):
            self.log.info(
                "INIT|P2P",
                "P2P is disabled between connected GPUs 0 and 1. You can repress this message with "
                "NCCL_IGNORE_DISABLED_P2P=1.",
                tid,
            )
        if status_ok and level >= path:
            return "P2P"
        if not self.params.get_int("NCCL_SHM_DISABLE", 0):
            return "SHM"
        return "NET"

    def _ib_lines(self, oob: netif.Address | None) -> list[tuple[str, bool]]:
        """(message, is_warn) pairs of the IB probe (docs/nccl-facts.md §3.1)."""
        v = self.version
        ib = self.profile.section("infiniband")
        if self.params.get_int("NCCL_IB_DISABLE", 0):
            return []
        if not ib.get("libibverbs", True):
            if v >= (2, 30, 0):
                return [
                    ("Count not open libibverbs.so", False),
                    ("Count not open libibverbs.so.1", False),
                ]
            return [("Failed to open libibverbs.so[.1]", v < (2, 11, 0))]
        devices = list(ib.get("devices") or [])
        oob_text = oob.nccl_text if oob else ""
        ro = "[RO]" if ib.get("relaxed_ordering", True) and v >= (2, 12, 0) else ""
        items = "".join(
            " [%d]%s:%d/%s"
            % (i, d.get("name", "mlx5_%d" % i), d.get("port", 1), d.get("link", "IB"))
            for i, d in enumerate(devices)
        )
        lines = []
        if not devices:
            lines.append(("NET/IB : No device found.", False))
            if v < (2, 24, 3):
                return lines
        lines.append(("NET/IB : Using%s %s; OOB %s" % (items, ro, oob_text), False))
        return lines

    def _net_init(self, tid: int) -> None:
        """The network plugins in NCCL's order: IB first; the socket plugin only when IB has no
        usable device (src/net.cc netGetState stops at the first enabled one; before 2.13,
        initNet in src/init.cc). So a node with an HCA prints no NET/Socket line."""
        if self._net_ready:
            return
        self._net_ready = True
        v, log = self.version, self.log
        ib = self.profile.section("infiniband")
        oob = None
        if ib.get("libibverbs", True) and not self.params.get_int("NCCL_IB_DISABLE", 0):
            found = self._interfaces(1, tid)  # the IB plugin's out-of-band interface
            oob = found[0] if found else None
        for message, is_warn in self._ib_lines(oob):
            if is_warn:
                # <= 2.10: ibvwrap.cc's wrap_ibv_symbols warns (src/misc/ibvwrap.cc:63)
                log.warn("misc/ibvwrap.cc:63", "wrap_ibv_symbols", message, tid)
            else:
                log.info("INIT|NET", message, tid)
        if not self._uses_ib():
            sockets = self._interfaces(netif.MAX_IFS, tid)
            log.info(
                "INIT|NET",
                "NET/Socket : Using"
                + "".join(" [%d]%s" % (i, a.nccl_text) for i, a in enumerate(sockets)),
                tid,
            )
        if v >= (2, 19, 0):
            log.info("INIT", "Using non-device net plugin version 0", tid)
        log.info("INIT", "Using network %s" % ("IB" if self._uses_ib() else "Socket"), tid)

    def net_kind(self) -> str:
        """Which network transport NET means on this node now: "ib" (an IB/RoCE device, not
        disabled) or "socket" (NET/Socket, over the kernel's TCP stack)."""
        return "ib" if self._uses_ib() else "socket"

    def _uses_ib(self) -> bool:
        ib = self.profile.section("infiniband")
        return bool(ib.get("libibverbs", True) and ib.get("devices")) and not self.params.get_int(
            "NCCL_IB_DISABLE", 0
        )

    def comm_init(self, devs: list[int], api: str) -> int:
        """Init every rank in one process (ncclCommInitAll or a group of ncclCommInitRank*)."""
        v, log, pid = self.version, self.log, self.pid
        nranks = len(devs)
        comm_id = random.getrandbits(64)
        self.comms = [
            Comm(r, nranks, d, self.profile.gpus[d]["pci_bus_id"], comm_id)
            for r, d in enumerate(devs)
        ]
        nccl = self.profile.section("nccl")
        if nccl.get("libcuda_so_missing") and (2, 18, 0) <= v < (2, 19, 0):
            # 2.18 dlopen()s the unversioned libcuda.so; where only libcuda.so.1 is installed it
            # warns and goes on with the runtime's entry points (src/init.cc ignores the result).
            # The cudaDriverVersion line comes after that dlopen, so it is not printed.
            log.warn(
                "misc/cudawrap.cc:179",
                "initOnceFunc",
                "Failed to find CUDA library libcuda.so (NCCL_CUDA_PATH='') : "
                "libcuda.so: cannot open shared object file: No such file or directory",
                pid,
                devs[-1],
            )
        elif v >= (2, 13, 0):
            cuda_driver = int(nccl.get("cuda_driver_version", 12040))
            log.info("INIT", "cudaDriverVersion %d" % cuda_driver, pid, devs[-1])
        cuda = str(
            self.profile.section("nccl").get("cuda", self.profile.data.get("cuda_version", "12.4"))
        )
        version_text = "NCCL version %s+cuda%s" % (self.profile.nccl_version_text, cuda)
        init_tid = pid + INIT_TID_OFFSET
        if v >= (2, 22, 0):
            log.version_line(version_text, init_tid, devs[0])
        else:
            log.version_line(version_text, pid, devs[-1])
        self._env_echo(init_tid)
        self._net_init(init_tid)
        name = api if v >= (2, 23, 0) else "ncclCommInitRank"
        if v >= (2, 21, 0):
            for comm in self.comms:
                log.info(
                    "INIT",
                    "%s %s - Init START" % (name, self._describe(comm)),
                    init_tid + comm.rank,
                    comm.dev,
                )
        self.transport = self._choose_transport(init_tid)
        self._log_rings(init_tid)
        self._log_connections()
        rings = (
            "Connected all rings" if v < (2, 24, 0) else "Connected all rings, use ring PXN 0 GDR 0"
        )
        log.info("INIT", rings, init_tid)
        log.info("INIT", "Connected all trees", init_tid)
        for comm in self.comms:
            tid = init_tid + comm.rank
            if v >= (2, 22, 0):
                log.info(
                    "INIT",
                    "Init timings - %s: rank %d nranks %d total 0.41 (kernels 0.18, alloc 0.01, "
                    "bootstrap 0.00, allgathers 0.00, topo 0.05, graphs 0.00, connections 0.12, rest 0.05)"
                    % (name, comm.rank, nranks),
                    tid,
                    comm.dev,
                )
            prefix = name + " " if v >= (2, 21, 0) else ""  # the API name leads from 2.21
            log.info(
                "INIT",
                "%s%s - Init COMPLETE" % (prefix, self._describe(comm)),
                tid,
                comm.dev,
            )
        return SUCCESS

    def _describe(self, comm: Comm) -> str:
        """The "comm <p> rank ... busId ..." fields of Init START/COMPLETE (docs/nccl-facts.md §3.1)."""
        v = self.version
        text = "comm 0x%x rank %d nranks %d cudaDev %d" % (
            comm.pointer,
            comm.rank,
            comm.nranks,
            comm.dev,
        )
        if v >= (2, 18, 3):
            text += " nvmlDev %d" % comm.dev
        text += " busId %s" % comm.busid
        if v >= (2, 16, 0):
            text += " commId 0x%x" % comm.comm_id
        return text

    def _channels(self) -> int:
        return max(1, int(self.profile.section("nccl").get("channels", 2)))

    def _log_rings(self, tid: int) -> None:
        n = self._channels()
        order = "".join("%4d" % c.rank for c in self.comms)
        for ch in range(n):
            self.log.info("INIT", "Channel %02d/%02d : %s" % (ch, n, order), tid)

    def _endpoint(self, comm: Comm) -> str:
        return "%d[%s]" % (comm.rank, comm.dev if self.version >= (2, 18, 3) else comm.busid)

    def _channel(self, ch: int, shm: bool) -> str:
        v = self.version
        if v < (2, 7, 0):
            return "Ring %02d" % ch
        if v < (2, 14, 0) or shm:
            return "Channel %02d" % ch
        return "Channel %02d/0" % ch

    def _via(self) -> str:
        v = self.version
        if self.transport == "P2P":
            return "P2P/direct pointer" + ("/read" if self._p2p_read() else "")
        if v >= (2, 30, 7):
            return "SHM/direct"
        if v >= (2, 13, 0):
            return "SHM/direct/direct"
        return "direct shared memory"

    def _p2p_read(self) -> bool:
        """P2P read is on for an NVLink pair of compute capability 8.0 (A100) only
        (src/graph/paths.cc ncclTopoCheckP2p, "Enable P2P Read for Ampere/NVLink only")."""
        link = str(self.profile.section("topology").get("link", "PHB"))
        caps = {str(self.profile.gpus[c.dev].get("compute_cap", "")) for c in self.comms}
        return link.startswith("NV") and caps == {"8.0"}

    def _log_connections(self) -> None:
        """One line per channel and rank, highest rank first as in the seed (docs/nccl-facts.md §3.2)."""
        if len(self.comms) < 2:
            return
        net = "NET/IB/0" if self._uses_ib() else "NET/Socket/0"
        for ch in range(self._channels()):
            for comm in reversed(self.comms):
                peer = self.comms[(comm.rank + 1) % comm.nranks]
                prev = self.comms[(comm.rank - 1) % comm.nranks]
                tid = self.pid + CONNECT_TID_OFFSET - (comm.nranks - 1 - comm.rank)
                subsys = {"P2P": "INIT|P2P", "SHM": "INIT|SHM", "NET": "INIT|NET"}[self.transport]
                if self.transport == "NET":
                    head = self._channel(ch, False)
                    self.log.info(
                        subsys,
                        "%s : %s -> %s [send] via %s"
                        % (head, self._endpoint(comm), self._endpoint(peer), net),
                        tid,
                        comm.dev,
                    )
                    self.log.info(
                        subsys,
                        "%s : %s -> %s [receive] via %s"
                        % (head, self._endpoint(prev), self._endpoint(comm), net),
                        tid,
                        comm.dev,
                    )
                else:
                    head = self._channel(ch, self.transport == "SHM")
                    self.log.info(
                        subsys,
                        "%s : %s -> %s via %s"
                        % (head, self._endpoint(comm), self._endpoint(peer), self._via()),
                        tid,
                        comm.dev,
                    )

    def destroy(self) -> None:
        for comm in self.comms:
            self.log.info(
                "INIT",
                "comm 0x%x rank %d nranks %d cudaDev %d busId %s - Destroy COMPLETE"
                % (comm.pointer, comm.rank, comm.nranks, comm.dev, comm.busid),
                self.pid,
                comm.dev,
            )
