"""NCCL_SOCKET_IFNAME as NCCL reads it: does a value make NCCL use a given interface?

A lab checks the learner's pin by meaning, not by spelling: `eth0`, `=eth0`, `eth`, `eth0,eth1`,
`eth0:5000` and `^docker,lo` all make NCCL use eth0 on a usual node (docs/nccl-facts.md §1.2,
from NCCL src/misc/socket.cc `ncclFindInterfaces` and `parseStringList`/`matchIfList`):

- a value of at most one character is ignored (NCCL then chooses on its own): it pins nothing;
- a leading `^` excludes the listed names, then a leading `=` makes them exact names instead of
  prefixes; entries are separated by commas; `:port` after a name does not affect which
  interface matches; a list with no names matches every interface.

NCCL then takes the first interface the value keeps, in the kernel's ifindex order, which the
grader does not see. Two facts decide it anyway, so a value is accepted only when they do:
- `lo` is interface 1 in every Linux network namespace: a value that keeps lo (`^docker`,
  `lo,eth0`) makes NCCL use lo, whatever else it keeps;
- an exclusion list keeps interfaces in plain ifindex order, while NCCL's own choice (the
  interface the lab captured) came from its automatic search, which excludes docker* and lo*
  and tries ib* first: the two agree only when the list excludes docker and lo too and the
  captured interface is not an ib* one.
The simulator implements the same matching rules to produce output (gpusim/netif.py of the
fake node's package, docs/simulator.md); tests/matching/test_ncclifname.py checks both agree.
"""

from __future__ import annotations

from typing import NamedTuple

LOOPBACK = "lo"


class IfnameFilter(NamedTuple):
    exclude: bool
    exact: bool
    names: tuple[str, ...]

    @classmethod
    def parse(cls, value: str) -> IfnameFilter:
        exclude = value.startswith("^")
        if exclude:
            value = value[1:]
        exact = value.startswith("=")
        if exact:
            value = value[1:]
        names = tuple(entry.split(":")[0] for entry in value.split(",") if entry)
        return cls(exclude, exact, names)

    def keeps(self, ifname: str) -> bool:
        if not self.names:
            hit = True  # matchIfList: an empty list matches everything
        elif self.exact:
            hit = ifname in self.names
        else:
            hit = any(ifname.startswith(prefix) for prefix in self.names)
        return hit != self.exclude


def obeyed(value: str) -> bool:
    """Whether NCCL takes the value at all (longer than one character)."""
    return len(value) > 1


def selects(value: str, ifname: str) -> bool:
    """Whether NCCL_SOCKET_IFNAME=`value` makes NCCL use `ifname` (see the module's rules)."""
    if not obeyed(value):
        return False
    kept = IfnameFilter.parse(value)
    if not kept.keeps(ifname):
        return False
    if ifname != LOOPBACK and kept.keeps(LOOPBACK):
        return False  # interface 1: NCCL would take it first
    # an exclusion list's first interface need not be NCCL's automatic pick
    return not (kept.exclude and (kept.keeps("docker0") or ifname.startswith("ib")))
