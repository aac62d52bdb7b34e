Script started on 2026-12-03 16:26:38+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/0" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=28665;n=0;h=1;t=1796315198.105527;ps=1;k=83dc7841f809d00ecb72691a8c976e47]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=28665;k=83dc7841f809d00ecb72691a8c976e47[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202;83dc7841f809d00ecb72691a8c976e47]133;C;aid=28665;n=1;h=2;t=1796315198.265731;k=83dc7841f809d00ecb72691a8c976e47# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  28686 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  28686 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation

[2026-12-03 16:26:38] vm:28686:28686 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
vm: Test NCCL failure common.cu:1550 'invalid usage (run with NCCL_DEBUG=WARN for details) / '
 .. vm pid 28686: Test failure common.cu:1454
]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x008M\x00-g\x002\x00;e=NCCL_DEBUG=WARN\x00NCCL_SOCKET_IFNAME=doesnotexist0\x00;x=3;t0=1796315198.35126;t1=1796315198.4131658;u=root;host=vm;pid=28686;ppid=28665;r=20261203T162638-28580-0daaa271.28686.1796315198351260.run;rh=57fa54c366c7bfe13de548dbb69d1e9d67b006f014ee381f2f0a61176fa99d39;k=83dc7841f809d00ecb72691a8c976e47;s=f211ba4d3ef8f0012c973e525c82d5d70edc2283428768d8fc12e9bb48a0ec0ddcf9403eb9ccf1c2218a9fb8268ee02c4dc2193410a94af67c74b2801318cc05]133;D;3;aid=28665;n=1;h=2;t=1796315198.448935;ps=3;k=83dc7841f809d00ecb72691a8c976e47]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=28665;k=83dc7841f809d00ecb72691a8c976e47[?2004hroot@vm:~# nvidia-smi topo -m
[?2004l]633;E;nvidia-smi\x20topo\x20-m;83dc7841f809d00ecb72691a8c976e47]133;C;aid=28665;n=2;h=3;t=1796315198.490174;k=83dc7841f809d00ecb72691a8c976e47	GPU0	GPU1	CPU Affinity	NUMA Affinity	GPU NUMA ID
GPU0	 X 	PHB	0-7	0		N/A
GPU1	PHB	 X 	0-7	0		N/A

Legend:

  X    = Self
  SYS  = Connection traversing PCIe as well as the SMP interconnect between NUMA nodes (e.g., QPI/UPI)
  NODE = Connection traversing PCIe as well as the interconnect between PCIe Host Bridges within a NUMA node
  PHB  = Connection traversing PCIe as well as a PCIe Host Bridge (typically the CPU)
  PXB  = Connection traversing multiple PCIe bridges (without traversing the PCIe Host Bridge)
  PIX  = Connection traversing at most a single PCIe bridge
  NV#  = Connection traversing a bonded set of # NVLinks
]133;T;v=2;p=nvidia-smi;a=topo\x00-m\x00;e=NCCL_DEBUG=WARN\x00;x=0;t0=1796315198.5779128;t1=1796315198.6198144;u=root;host=vm;pid=28690;ppid=28665;r=20261203T162638-28580-0daaa271.28690.1796315198577912.run;rh=5a076b533ef5bdd6ff45dd339fb7de25221eb15e1b6f88aefb3c1e627e7e610d;k=83dc7841f809d00ecb72691a8c976e47;s=61432df8881abca1fce2e96844ec30fc16e7bbd5a7d46c6c5818a7cd9e5ef4fcb290e2fb5a4e7867887669a80a626fa0c86ba3b16906c19669af9aa241483c08]133;D;0;aid=28665;n=2;h=3;t=1796315198.639198;ps=0;k=83dc7841f809d00ecb72691a8c976e47]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=28665;k=83dc7841f809d00ecb72691a8c976e47[?2004hroot@vm:~# echo $?
[?2004l]633;E;echo\x20$?;83dc7841f809d00ecb72691a8c976e47]133;C;aid=28665;n=3;h=4;t=1796315198.656741;k=83dc7841f809d00ecb72691a8c976e470
]133;D;0;aid=28665;n=3;h=4;t=1796315198.657288;ps=0;k=83dc7841f809d00ecb72691a8c976e47]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=28665;k=83dc7841f809d00ecb72691a8c976e47[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;83dc7841f809d00ecb72691a8c976e47]133;C;aid=28665;n=4;h=5;t=1796315198.668041;k=83dc7841f809d00ecb72691a8c976e47exit

Script done on 2026-12-03 16:26:38+00:00 [COMMAND_EXIT_CODE="0"]
