Script started on 2026-11-29 18:08:38+00:00 [COMMAND="exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/0" COLUMNS="100" LINES="24"]
]133;D;0;aid=3230;n=0;h=1;t=1795975718.365740;ps=0;k=20288dad82dbfd4ce7c81364b31d85d3]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3230;k=20288dad82dbfd4ce7c81364b31d85d3[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202;20288dad82dbfd4ce7c81364b31d85d3]133;C;aid=3230;n=1;h=2;t=1795975718.566997;k=20288dad82dbfd4ce7c81364b31d85d3# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   3272 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   3272 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation

[2026-11-29 18:08:38] vm:3272:3272 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
vm: Test NCCL failure common.cu:1550 'invalid usage (run with NCCL_DEBUG=WARN for details) / '
 .. vm pid 3272: Test failure common.cu:1454
]133;D;3;aid=3230;n=1;h=2;t=1795975718.778152;ps=3;k=20288dad82dbfd4ce7c81364b31d85d3]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3230;k=20288dad82dbfd4ce7c81364b31d85d3[?2004hroot@vm:~# nvidia-smi topo -m
[?2004l]633;E;nvidia-smi\x20topo\x20-m;20288dad82dbfd4ce7c81364b31d85d3]133;C;aid=3230;n=2;h=3;t=1795975718.839628;k=20288dad82dbfd4ce7c81364b31d85d3	GPU0	GPU1	CPU Affinity	NUMA Affinity	GPU NUMA ID
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
]133;D;0;aid=3230;n=2;h=3;t=1795975719.023738;ps=0;k=20288dad82dbfd4ce7c81364b31d85d3]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3230;k=20288dad82dbfd4ce7c81364b31d85d3[?2004hroot@vm:~# echo $?
[?2004l]633;E;echo\x20$?;20288dad82dbfd4ce7c81364b31d85d3]133;C;aid=3230;n=3;h=4;t=1795975719.085262;k=20288dad82dbfd4ce7c81364b31d85d30
]133;D;0;aid=3230;n=3;h=4;t=1795975719.085869;ps=0;k=20288dad82dbfd4ce7c81364b31d85d3]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3230;k=20288dad82dbfd4ce7c81364b31d85d3[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;20288dad82dbfd4ce7c81364b31d85d3]133;C;aid=3230;n=4;h=5;t=1795975719.127129;k=20288dad82dbfd4ce7c81364b31d85d3exit

Script done on 2026-11-29 18:08:39+00:00 [COMMAND_EXIT_CODE="0"]
