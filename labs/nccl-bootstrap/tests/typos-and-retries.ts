Script started on 2026-11-29 18:08:39+00:00 [COMMAND="exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/0" COLUMNS="100" LINES="24"]
]133;D;0;aid=3405;n=0;h=1;t=1795975719.423629;ps=0;k=3871f66c3d8235318ddb12525ac93f59]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3405;k=3871f66c3d8235318ddb12525ac93f59[?2004hroot@vm:~# all_reduce_pref -b 8M -e 8M -g 2
[?2004l]633;E;all_reduce_pref\x20-b\x208M\x20-e\x208M\x20-g\x202;3871f66c3d8235318ddb12525ac93f59]133;C;aid=3405;n=1;h=2;t=1795975719.536576;k=3871f66c3d8235318ddb12525ac93f59bash: all_reduce_pref: command not found
]133;D;127;aid=3405;n=1;h=2;t=1795975719.539798;ps=127;k=3871f66c3d8235318ddb12525ac93f59]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3405;k=3871f66c3d8235318ddb12525ac93f59[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 1
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x201;3871f66c3d8235318ddb12525ac93f59]133;C;aid=3405;n=2;h=3;t=1795975719.686918;k=3871f66c3d8235318ddb12525ac93f59# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 1 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   3442 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation

[2026-11-29 18:08:39] vm:3442:3442 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
vm: Test NCCL failure common.cu:1550 'invalid usage (run with NCCL_DEBUG=WARN for details) / '
 .. vm pid 3442: Test failure common.cu:1454
]133;D;3;aid=3405;n=2;h=3;t=1795975719.947293;ps=3;k=3871f66c3d8235318ddb12525ac93f59]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3405;k=3871f66c3d8235318ddb12525ac93f59[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0 ./all_reduce_perf -b 8M -e 8M -g 2
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0\x20./all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202;3871f66c3d8235318ddb12525ac93f59]133;C;aid=3405;n=3;h=4;t=1795975720.107678;k=3871f66c3d8235318ddb12525ac93f59bash: ./all_reduce_perf: No such file or directory
]133;D;127;aid=3405;n=3;h=4;t=1795975720.108979;ps=127;k=3871f66c3d8235318ddb12525ac93f59]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3405;k=3871f66c3d8235318ddb12525ac93f59[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b8M -e8M -g2
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0\x20all_reduce_perf\x20-b8M\x20-e8M\x20-g2;3871f66c3d8235318ddb12525ac93f59]133;C;aid=3405;n=4;h=5;t=1795975720.273643;k=3871f66c3d8235318ddb12525ac93f59# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   3506 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   3506 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation

[2026-11-29 18:08:40] vm:3506:3506 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
vm: Test NCCL failure common.cu:1550 'invalid usage (run with NCCL_DEBUG=WARN for details) / '
 .. vm pid 3506: Test failure common.cu:1454
]133;D;3;aid=3405;n=4;h=5;t=1795975720.540962;ps=3;k=3871f66c3d8235318ddb12525ac93f59]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3405;k=3871f66c3d8235318ddb12525ac93f59[?2004hroot@vm:~# echo $?
[?2004l]633;E;echo\x20$?;3871f66c3d8235318ddb12525ac93f59]133;C;aid=3405;n=5;h=6;t=1795975720.560358;k=3871f66c3d8235318ddb12525ac93f593
]133;D;0;aid=3405;n=5;h=6;t=1795975720.561714;ps=0;k=3871f66c3d8235318ddb12525ac93f59]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3405;k=3871f66c3d8235318ddb12525ac93f59[?2004hroot@vm:~# lab answer why-socket b
[?2004l]633;E;lab\x20answer\x20why-socket\x20b;3871f66c3d8235318ddb12525ac93f59]133;C;aid=3405;n=6;h=7;t=1795975720.639794;k=3871f66c3d8235318ddb12525ac93f59Answer 'b' for step 'why-socket' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;D;0;aid=3405;n=6;h=7;t=1795975720.784402;ps=0;k=3871f66c3d8235318ddb12525ac93f59]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3405;k=3871f66c3d8235318ddb12525ac93f59[?2004hroot@vm:~# lab answer why-socket a
[?2004l]633;E;lab\x20answer\x20why-socket\x20a;3871f66c3d8235318ddb12525ac93f59]133;C;aid=3405;n=7;h=8;t=1795975720.864388;k=3871f66c3d8235318ddb12525ac93f59Answer 'a' for step 'why-socket' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;D;0;aid=3405;n=7;h=8;t=1795975721.082536;ps=0;k=3871f66c3d8235318ddb12525ac93f59]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3405;k=3871f66c3d8235318ddb12525ac93f59[?2004hroot@vm:~# nvidia-smi -L
[?2004l]633;E;nvidia-smi\x20-L;3871f66c3d8235318ddb12525ac93f59]133;C;aid=3405;n=8;h=9;t=1795975721.119184;k=3871f66c3d8235318ddb12525ac93f59GPU 0: NVIDIA RTX 4000 Ada Generation (UUID: GPU-5b3c0e7a-91d4-4f62-8a1e-3c7d2f9b6a10)
GPU 1: NVIDIA RTX 4000 Ada Generation (UUID: GPU-a0f4d2c8-6e1b-4b37-9d55-81e2c4a7f3b9)
]133;D;0;aid=3405;n=8;h=9;t=1795975721.254819;ps=0;k=3871f66c3d8235318ddb12525ac93f59]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3405;k=3871f66c3d8235318ddb12525ac93f59[?2004hroot@vm:~# nvidia-smi topo -m
[?2004l]633;E;nvidia-smi\x20topo\x20-m;3871f66c3d8235318ddb12525ac93f59]133;C;aid=3405;n=9;h=10;t=1795975721.319234;k=3871f66c3d8235318ddb12525ac93f59	GPU0	GPU1	CPU Affinity	NUMA Affinity	GPU NUMA ID
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
]133;D;0;aid=3405;n=9;h=10;t=1795975721.495772;ps=0;k=3871f66c3d8235318ddb12525ac93f59]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3405;k=3871f66c3d8235318ddb12525ac93f59[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;3871f66c3d8235318ddb12525ac93f59]133;C;aid=3405;n=10;h=11;t=1795975721.534091;k=3871f66c3d8235318ddb12525ac93f59exit

Script done on 2026-11-29 18:08:41+00:00 [COMMAND_EXIT_CODE="0"]
