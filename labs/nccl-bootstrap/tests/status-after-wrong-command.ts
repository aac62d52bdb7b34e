Script started on 2026-12-03 13:57:03+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/10" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=26925;n=0;h=1;t=1796306223.417831;ps=1;k=9d6808a70991a14e9d2ed433e1753b12]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=26925;k=9d6808a70991a14e9d2ed433e1753b12[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202;9d6808a70991a14e9d2ed433e1753b12]133;C;aid=26925;n=1;h=2;t=1796306223.619798;k=9d6808a70991a14e9d2ed433e1753b12# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  26973 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  26973 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation

[2026-12-03 13:57:04] vm:26973:26973 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
vm: Test NCCL failure common.cu:1550 'invalid usage (run with NCCL_DEBUG=WARN for details) / '
 .. vm pid 26973: Test failure common.cu:1454
]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x008M\x00-g\x002\x00;e=NCCL_DEBUG=WARN\x00NCCL_SOCKET_IFNAME=doesnotexist0\x00;x=3;t0=1796306224.1064072;t1=1796306224.4293177;u=root;host=vm;pid=26973;ppid=26925;r=20261203T135703-26843-66c95b7f.26973.1796306224106407.run;rh=5ff6efd1ac2a7f12c5ea66ff560522841c80a7857a14975f22b5b539c35c369c;k=9d6808a70991a14e9d2ed433e1753b12;s=b1e36b6e2a0c219f0c322e4a94dfd7df12bf93f95c4a9990de8731e4f6f6e6098e1be0adc12a371ca95326aac87aab804924de2b2841f47655a6e08414f6f408]133;D;3;aid=26925;n=1;h=2;t=1796306224.591401;ps=3;k=9d6808a70991a14e9d2ed433e1753b12]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=26925;k=9d6808a70991a14e9d2ed433e1753b12[?2004hroot@vm:~# nvidia-smi topo -m
[?2004l]633;E;nvidia-smi\x20topo\x20-m;9d6808a70991a14e9d2ed433e1753b12]133;C;aid=26925;n=2;h=3;t=1796306224.695274;k=9d6808a70991a14e9d2ed433e1753b12	GPU0	GPU1	CPU Affinity	NUMA Affinity	GPU NUMA ID
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
]133;T;v=2;p=nvidia-smi;a=topo\x00-m\x00;e=NCCL_DEBUG=WARN\x00;x=0;t0=1796306225.0938735;t1=1796306225.2692246;u=root;host=vm;pid=27009;ppid=26925;r=20261203T135703-26843-66c95b7f.27009.1796306225093873.run;rh=3a6d9f51e0077445d939ed75edc4fe5a1c3f87695b7a7f42428d25352c3081f8;k=9d6808a70991a14e9d2ed433e1753b12;s=271cc16927bb24cfb586d691d51075d1eac6f027670f8a7c35fa96d410d7ec6c0486ad14dac272aa0969f9e29d7a4a5627f24cc59c4d13626a4142ca65a43905]133;D;0;aid=26925;n=2;h=3;t=1796306225.407114;ps=0;k=9d6808a70991a14e9d2ed433e1753b12]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=26925;k=9d6808a70991a14e9d2ed433e1753b12[?2004hroot@vm:~# echo $?
[?2004l]633;E;echo\x20$?;9d6808a70991a14e9d2ed433e1753b12]133;C;aid=26925;n=3;h=4;t=1796306225.472328;k=9d6808a70991a14e9d2ed433e1753b120
]133;D;0;aid=26925;n=3;h=4;t=1796306225.472786;ps=0;k=9d6808a70991a14e9d2ed433e1753b12]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=26925;k=9d6808a70991a14e9d2ed433e1753b12[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;9d6808a70991a14e9d2ed433e1753b12]133;C;aid=26925;n=4;h=5;t=1796306225.512835;k=9d6808a70991a14e9d2ed433e1753b12exit

Script done on 2026-12-03 13:57:05+00:00 [COMMAND_EXIT_CODE="0"]
