"""The node's real network interfaces, and NCCL's rules for picking among them.

Enumeration follows what NCCL itself calls, getifaddrs(3), through ctypes, so the order and the
addresses are what real NCCL would see on this node. Without ctypes (or with the test override
LABGRADER_SIM_SYSROOT) the same list is rebuilt from sysfs and procfs in getifaddrs order.

Selection follows NCCL src/misc/socket.cc ``ncclFindInterfaces`` (NCCL-FACTS 1.1, 1.2).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import fcntl
import ipaddress
import os
import socket
import struct
from typing import NamedTuple

from .profile import Version

SYSROOT_ENV = "LABGRADER_SIM_SYSROOT"

IFF_UP = 0x1
IFF_RUNNING = 0x40

# NCCL keeps at most this many interfaces for NET/Socket (MAX_IFS in src/include/socket.h).
MAX_IFS = 16
# linux/sockios.h
SIOCGIFADDR = 0x8915
# A test-only stand-in for the SIOCGIFADDR ioctl under a fake sysroot: Linux exposes no
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
        """``eth0:10.0.0.2<0>``: interface addresses always carry port 0 (NCCL-FACTS 3.1)."""
        return "%s:%s<0>" % (self.ifname, self.host)


# --- enumeration -------------------------------------------------------------------------------


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


def _from_getifaddrs() -> list[Address] | None:
    libc_name = ctypes.util.find_library("c")
    if not libc_name:
        return None
    libc = ctypes.CDLL(libc_name, use_errno=True)
    head = ctypes.POINTER(_Ifaddrs)()
    if libc.getifaddrs(ctypes.byref(head)) != 0:
        return None
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


def _ioctl_ipv4(name: str) -> str | None:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        try:
            raw = fcntl.ioctl(sock.fileno(), SIOCGIFADDR, struct.pack("256s", name.encode()[:15]))
        except OSError:
            return None
    return socket.inet_ntoa(raw[20:24])


def _from_sysfs(root: str, fake: bool) -> list[Address]:
    """getifaddrs order: IPv4 addresses by ifindex, then IPv6 addresses by ifindex.

    glibc's getifaddrs reads one netlink RTM_GETADDR dump, which the kernel walks family by
    family and, within a family, interface by interface in ifindex order. /proc/net/if_inet6 is
    in hash order instead, which only happens to match with few interfaces: with a demo's bridge
    and veth devices up it does not, and NCCL's pick (the first fitting address) would differ.
    Within one interface the kernel keeps addresses widest scope first (ipv6_link_dev_addr in
    net/ipv6/addrconf.c inserts by scope): global, site, link, host; equal scopes keep their
    if_inet6 order (a stable sort)."""
    net_dir = os.path.join(root, "sys/class/net")
    try:
        names = os.listdir(net_dir)
    except OSError:
        names = []
    index = {n: int(_read_text(os.path.join(net_dir, n, "ifindex")) or "0") for n in names}
    names.sort(key=lambda n: (index[n], n))
    flags = {n: _sysfs_flags(root, n) for n in names}
    out = []
    if fake:
        for line in _read_text(os.path.join(root, FAKE_IPV4_FILE)).splitlines():
            fields = line.split()
            if len(fields) == 2 and fields[0] in flags:
                host = fields[1].split("/")[0]
                out.append(Address(fields[0], socket.AF_INET, host, flags[fields[0]]))
        out.sort(key=lambda a: index[a.ifname])
    else:
        for name in names:
            ipv4 = _ioctl_ipv4(name)
            if ipv4:
                out.append(Address(name, socket.AF_INET, ipv4, flags[name]))
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


def enumerate_addresses() -> list[Address]:
    """Every AF_INET/AF_INET6 address on the node, in getifaddrs order."""
    root = os.environ.get(SYSROOT_ENV)
    if root:
        return _from_sysfs(root, fake=True)
    try:
        found = _from_getifaddrs()
    except (OSError, AttributeError):
        found = None
    return found if found is not None else _from_sysfs("/", fake=False)


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
        if self.exact:
            hit = ifname in self.names
        else:
            hit = any(ifname.startswith(prefix) for prefix in self.names)
        return hit != self.exclude


def _candidates(
    addresses: list[Address], spec: IfnameSpec, version: Version, family: int | None
) -> list[Address]:
    """The filters every candidate passes (NCCL-FACTS 1.2): family, no ::1, running (>= 2.28.3)."""
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
    resorts one prefix at a time (NCCL-FACTS 1.1). NCCL_COMM_ID subnet matching is not simulated.
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
