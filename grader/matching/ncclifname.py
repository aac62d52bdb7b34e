"""NCCL_SOCKET_IFNAME as NCCL reads it: does a value select a given interface?

A lab checks the learner's pin by meaning, not by spelling: `eth0`, `=eth0`, `eth`, `eth0,eth1`,
`eth0:5000` and `^docker,lo` all make NCCL use eth0 (docs/nccl-facts.md §1.2, from NCCL
src/misc/socket.cc `ncclFindInterfaces` and src/misc/utils.cc `parseStringList`/`matchIfList`):

- a value of at most one character is ignored (NCCL then chooses on its own): it pins nothing;
- a leading `^` excludes the listed names, then a leading `=` makes them exact names instead of
  prefixes; entries are separated by commas; `:port` after a name does not affect which
  interface matches.

Whether NCCL then takes *this* interface first also depends on the node's other interfaces
(their ifindex order), which the grader does not see; a prefix or an exclusion that also keeps an
earlier interface is accepted here, and the run itself (its bandwidth table, exit 0) shows
whether bootstrap worked. The simulator implements the same rules to produce output
(grader/node/files/sim/gpusim/netif.py); tests/matching/test_ncclifname.py checks both agree.
"""

from __future__ import annotations

from typing import NamedTuple


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
    """Whether NCCL_SOCKET_IFNAME=`value` pins NCCL to a set of interfaces that holds `ifname`."""
    return obeyed(value) and IfnameFilter.parse(value).keeps(ifname)
