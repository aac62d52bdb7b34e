"""The node's network interfaces, and NCCL's rules for picking among them.

Enumeration follows what NCCL itself calls, getifaddrs(3), through ctypes, so the order and the
addresses are what real NCCL would see on this node: IPv4 addresses interface by interface in
ifindex order, then IPv6 ones the same way, as the kernel's netlink dump gives them (within one
interface the kernel keeps IPv6 addresses widest scope first, newest first among equals:
ipv6_link_dev_addr in net/ipv6/addrconf.c, which no file under /proc shows).

Two stand-ins replace the node's own interfaces:
- a profile's ``interfaces`` list: a simulated node shape (``ens5`` beside ``docker0`` and veths,
  ``bond0``, IPoIB), listed in ifindex order, the same on every machine;
- ``LABGRADER_SIM_SYSROOT`` (tests only): a fake sysfs/procfs tree, read in the same order.

Selection follows NCCL src/misc/socket.cc ``ncclFindInterfaces`` (docs/nccl-facts.md §1.1, §1.2).
"""

from __future__ import annotations

import ctypes
import ipaddress
import os
import socket
from typing import Any, NamedTuple

from .profile import ProfileError, Version

SYSROOT_ENV = "LABGRADER_SIM_SYSROOT"

IFF_UP = 0x1
IFF_RUNNING = 0x40

# NCCL keeps at most this many interfaces for NET/Socket (MAX_IFS in src/include/socket.h).
MAX_IFS = 16
# A test-only stand-in for an interface's IPv4 addresses under a fake sysroot: Linux exposes no
# per-interface IPv4 file, so the fake tree lists "<ifname> <address>" lines here.
FAKE_IPV4_FILE = "proc/net/labgrader-ipv4"


class Address(NamedTuple):
    """One getifaddrs entry NCCL looks at: an AF_INET or AF_INET6 address on an interface."""

    ifname: str
    family: int
    host: str  # numeric host as getnameinfo(NI_NUMERICHOST) prints it
    flags: int

    @property
    def nccl_text(self) -> str:
        """``eth0:10.0.0.2<0>``: interface addresses always carry port 0 (docs/nccl-facts.md §3.1)."""
        return "%s:%s<0>" % (self.ifname, self.host)


class InterfacesError(ProfileError):
    """The node's interfaces cannot be read, or a profile's ``interfaces`` list is malformed."""


# --- the node's own interfaces: getifaddrs(3) ----------------------------------------------------


class _Sockaddr(ctypes.Structure):
    _fields_ = [("sa_family", ctypes.c_ushort), ("sa_data", ctypes.c_ubyte * 26)]


class _Ifaddrs(ctypes.Structure):
    pass


_Ifaddrs._fields_ = [
    ("ifa_next", ctypes.POINTER(_Ifaddrs)),
    ("ifa_name", ctypes.c_char_p),
    ("ifa_flags", ctypes.c_uint),
    ("ifa_addr", ctypes.POINTER(_Sockaddr)),
    ("ifa_netmask", ctypes.POINTER(_Sockaddr)),
    ("ifa_ifu", ctypes.POINTER(_Sockaddr)),
    ("ifa_data", ctypes.c_void_p),
]


def _v6_text(packed: bytes, ifname: str) -> str:
    host = socket.inet_ntop(socket.AF_INET6, packed)
    if ipaddress.IPv6Address(packed).is_link_local:
        host += "%" + ifname  # getnameinfo adds the scope for link-local addresses
    return host


def from_getifaddrs() -> list[Address]:
    """getifaddrs(3) from the C library Python itself runs on (glibc or musl; no lookup by name,
    which needs ldconfig or a compiler on the node)."""
    libc = ctypes.CDLL(None, use_errno=True)
    head = ctypes.POINTER(_Ifaddrs)()
    if libc.getifaddrs(ctypes.byref(head)) != 0:
        raise InterfacesError("getifaddrs failed: %s" % os.strerror(ctypes.get_errno()))
    out = []
    try:
        node = head
        while node:
            entry = node.contents
            node = entry.ifa_next
            if not entry.ifa_addr:
                continue
            family = entry.ifa_addr.contents.sa_family
            data = bytes(entry.ifa_addr.contents.sa_data)  # bytes after sa_family
            name = entry.ifa_name.decode(errors="replace")
            if family == socket.AF_INET:
                host = socket.inet_ntop(socket.AF_INET, data[2:6])
            elif family == socket.AF_INET6:
                host = _v6_text(data[6:22], name)
            else:
                continue
            out.append(Address(name, family, host, entry.ifa_flags))
    finally:
        libc.freeifaddrs(head)
    return out


# --- a simulated node shape: the profile's "interfaces" ----------------------------------------


def from_profile(interfaces: Any) -> list[Address]:
    """A profile's ``interfaces``: ``[{"name", "ipv4": [..], "ipv6": [..], "up", "running"}]`` in
    ifindex order, enumerated as getifaddrs would (all IPv4, then all IPv6)."""
    if not isinstance(interfaces, list):
        raise InterfacesError("profile 'interfaces' must be a list")
    v4, v6 = [], []
    for item in interfaces:
        if not isinstance(item, dict) or not isinstance(item.get("name"), str):
            raise InterfacesError("each profile interface needs a 'name': %r" % (item,))
        name = item["name"]
        flags = (IFF_UP if item.get("up", True) else 0) | (
            IFF_RUNNING if item.get("up", True) and item.get("running", True) else 0
        )
        try:
            for host in item.get("ipv4") or []:
                v4.append(Address(name, socket.AF_INET, str(ipaddress.IPv4Address(host)), flags))
            for host in item.get("ipv6") or []:
                packed = ipaddress.IPv6Address(host).packed
                v6.append(Address(name, socket.AF_INET6, _v6_text(packed, name), flags))
        except (TypeError, ValueError) as exc:
            raise InterfacesError("profile interface %s: %s" % (name, exc)) from exc
    return v4 + v6


# --- tests: a fake sysfs/procfs tree -----------------------------------------------------------


def _read_text(path: str) -> str:
    try:
        with open(path, encoding="ascii", errors="replace") as handle:
            return handle.read().strip()
    except OSError:
        return ""


def _sysfs_flags(root: str, name: str) -> int:
    """dev_get_flags(): sysfs shows dev->flags, IFF_RUNNING comes from the operstate."""
    base = os.path.join(root, "sys/class/net", name)
    flags = int(_read_text(os.path.join(base, "flags")) or "0", 16) & ~IFF_RUNNING
    if flags & IFF_UP and _read_text(os.path.join(base, "operstate")) in ("up", "unknown"):
        flags |= IFF_RUNNING
    return flags


def from_fake_sysroot(root: str) -> list[Address]:
    """The fake tree in getifaddrs order: IPv4 by ifindex, then IPv6 by ifindex and scope."""
    net_dir = os.path.join(root, "sys/class/net")
    try:
        names = os.listdir(net_dir)
    except OSError:
        names = []
    index = {n: int(_read_text(os.path.join(net_dir, n, "ifindex")) or "0") for n in names}
    flags = {n: _sysfs_flags(root, n) for n in names}
    out = []
    for line in _read_text(os.path.join(root, FAKE_IPV4_FILE)).splitlines():
        fields = line.split()
        if len(fields) == 2 and fields[0] in flags:
            host = fields[1].split("/")[0]
            out.append(Address(fields[0], socket.AF_INET, host, flags[fields[0]]))
    out.sort(key=lambda a: index[a.ifname])
    v6 = []
    for line in _read_text(os.path.join(root, "proc/net/if_inet6")).splitlines():
        fields = line.split()
        if len(fields) == 6 and fields[5] in flags:
            packed = bytes.fromhex(fields[0])
            addr = Address(
                fields[5], socket.AF_INET6, _v6_text(packed, fields[5]), flags[fields[5]]
            )
            rank = _V6_SCOPE_RANK.get(int(fields[3], 16) & 0xF0, len(_V6_SCOPE_RANK))
            v6.append((index[fields[5]], rank, addr))
    v6.sort(key=lambda item: item[:2])
    return out + [addr for _, _, addr in v6]


#: /proc/net/if_inet6's scope field (IPV6_ADDR_SCOPE_MASK bits) -> the kernel's order within one
#: interface: the widest scope first.
_V6_SCOPE_RANK = {0x00: 0, 0x40: 1, 0x20: 2, 0x10: 3}


def enumerate_addresses(interfaces: Any = None) -> list[Address]:
    """Every AF_INET/AF_INET6 address NCCL would see, in getifaddrs order.

    ``interfaces``: the profile's list, if it simulates a node shape; else the fake sysroot of a
    test, else the node's own interfaces."""
    if interfaces is not None:
        return from_profile(interfaces)
    root = os.environ.get(SYSROOT_ENV)
    if root:
        return from_fake_sysroot(root)
    return from_getifaddrs()


# --- NCCL's selection --------------------------------------------------------------------------


class IfnameSpec(NamedTuple):
    """A parsed NCCL_SOCKET_IFNAME-style list: ``^`` excludes, ``=`` means exact names."""

    exclude: bool
    exact: bool
    names: tuple[str, ...]

    @classmethod
    def parse(cls, text: str) -> IfnameSpec:
        exclude = text.startswith("^")
        if exclude:
            text = text[1:]
        exact = text.startswith("=")
        if exact:
            text = text[1:]
        # Each entry may carry ":port" (plus rail/plane fields in new versions): socket matching
        # ignores everything after the first colon.
        names = tuple(entry.split(":")[0] for entry in text.split(",") if entry)
        return cls(exclude, exact, names)

    def matches(self, ifname: str) -> bool:
        if not self.names:
            hit = True  # matchIfList: "no user list is defined" matches every name
        elif self.exact:
            hit = ifname in self.names
        else:
            hit = any(ifname.startswith(prefix) for prefix in self.names)
        return hit != self.exclude


def _candidates(
    addresses: list[Address], spec: IfnameSpec, version: Version, family: int | None
) -> list[Address]:
    """The filters every candidate passes (docs/nccl-facts.md §1.2): family, no ::1, running (>= 2.28.3)."""
    seen = set()
    out = []
    for addr in addresses:
        if family is not None and addr.family != family:
            continue
        if addr.family == socket.AF_INET6 and addr.host == "::1":
            continue
        if version >= (2, 28, 3) and not addr.flags & IFF_RUNNING:
            continue
        if not spec.matches(addr.ifname) or addr.ifname in seen:
            continue
        seen.add(addr.ifname)
        out.append(addr)
    return out


def _auto_excludes(version: Version) -> str:
    return "^docker,lo,virbr" if version >= (2, 28, 3) else "^docker,lo"


def _last_resorts(version: Version) -> tuple[str, ...]:
    return ("docker", "lo", "virbr") if version >= (2, 28, 0) else ("docker", "lo")


def find_interfaces(
    addresses: list[Address],
    ifname: str | None,
    version: Version,
    family: int | None = None,
    limit: int = MAX_IFS,
) -> list[Address]:
    """NCCL's ncclFindInterfaces: the interfaces NCCL would use, best first, at most ``limit``.

    A set NCCL_SOCKET_IFNAME longer than one character is obeyed with no fallback; otherwise the
    automatic search runs: ib*, then everything but the version's exclude list, then the last
    resorts one prefix at a time (docs/nccl-facts.md §1.1). NCCL_COMM_ID subnet matching is not simulated.
    """
    if ifname is not None and len(ifname) > 1:
        return _candidates(addresses, IfnameSpec.parse(ifname), version, family)[:limit]
    steps = ["ib", _auto_excludes(version), *_last_resorts(version)]
    for step in steps:
        found = _candidates(addresses, IfnameSpec.parse(step), version, family)
        if found:
            return found[:limit]
    return []


def socket_family(value: str | None) -> int | None:
    """NCCL_SOCKET_FAMILY accepts exactly AF_INET or AF_INET6; anything else forces nothing."""
    if value == "AF_INET":
        return socket.AF_INET
    if value == "AF_INET6":
        return socket.AF_INET6
    return None
