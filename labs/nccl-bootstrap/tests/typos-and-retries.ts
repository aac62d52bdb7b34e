Script started on 2026-12-03 13:57:06+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/8" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=27131;n=0;h=1;t=1796306226.955811;ps=1;k=9adf1a19001abdb6502b1f7c5614c099]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=27131;k=9adf1a19001abdb6502b1f7c5614c099[?2004hroot@vm:~# all_reduce_pref -b 8M -e 8M -g 2
[?2004l]633;E;all_reduce_pref\x20-b\x208M\x20-e\x208M\x20-g\x202;9adf1a19001abdb6502b1f7c5614c099]133;C;aid=27131;n=1;h=2;t=1796306227.060285;k=9adf1a19001abdb6502b1f7c5614c099bash: all_reduce_pref: command not found
]133;D;127;aid=27131;n=1;h=2;t=1796306227.061288;ps=127;k=9adf1a19001abdb6502b1f7c5614c099]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=27131;k=9adf1a19001abdb6502b1f7c5614c099[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 1
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x201;9adf1a19001abdb6502b1f7c5614c099]133;C;aid=27131;n=2;h=3;t=1796306227.313506;k=9adf1a19001abdb6502b1f7c5614c099# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 1 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  27154 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation

[2026-12-03 13:57:07] vm:27154:27154 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
vm: Test NCCL failure common.cu:1550 'invalid usage (run with NCCL_DEBUG=WARN for details) / '
 .. vm pid 27154: Test failure common.cu:1454
]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x008M\x00-g\x001\x00;e=NCCL_DEBUG=WARN\x00NCCL_SOCKET_IFNAME=doesnotexist0\x00;x=3;t0=1796306227.5540497;t1=1796306227.7600083;u=root;host=vm;pid=27154;ppid=27131;r=20261203T135706-27068-3cc2e4c9.27154.1796306227554049.run;rh=7079cee9eafe2a61c7df684b0e9bb579f7863d57cbb9be4545f632ef133a5360;k=9adf1a19001abdb6502b1f7c5614c099;s=8ff29097303866ec8694d7541f403be096f0b865b64d22d05eed8f5b01df2a0acef04141609f96f9f159ee7ff22e35707ae4e2a0cde76c84e7bf0a8a2659a30c]133;D;3;aid=27131;n=2;h=3;t=1796306227.866604;ps=3;k=9adf1a19001abdb6502b1f7c5614c099]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=27131;k=9adf1a19001abdb6502b1f7c5614c099[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0 ./all_reduce_perf -b 8M -e 8M -g 2
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0\x20./all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202;9adf1a19001abdb6502b1f7c5614c099]133;C;aid=27131;n=3;h=4;t=1796306228.074361;k=9adf1a19001abdb6502b1f7c5614c099bash: ./all_reduce_perf: No such file or directory
]133;D;127;aid=27131;n=3;h=4;t=1796306228.075516;ps=127;k=9adf1a19001abdb6502b1f7c5614c099]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=27131;k=9adf1a19001abdb6502b1f7c5614c099[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b8M -e8M -g2
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0\x20all_reduce_perf\x20-b8M\x20-e8M\x20-g2;9adf1a19001abdb6502b1f7c5614c099]133;C;aid=27131;n=4;h=5;t=1796306228.235709;k=9adf1a19001abdb6502b1f7c5614c099# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  27266 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  27266 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation

[2026-12-03 13:57:08] vm:27266:27266 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
vm: Test NCCL failure common.cu:1550 'invalid usage (run with NCCL_DEBUG=WARN for details) / '
 .. vm pid 27266: Test failure common.cu:1454
]133;T;v=2;p=all_reduce_perf;a=-b8M\x00-e8M\x00-g2\x00;e=NCCL_DEBUG=WARN\x00NCCL_SOCKET_IFNAME=doesnotexist0\x00;x=3;t0=1796306228.5796456;t1=1796306228.747397;u=root;host=vm;pid=27266;ppid=27131;r=20261203T135706-27068-3cc2e4c9.27266.1796306228579645.run;rh=9984a62d596c1de4f0e312257280676e25585f4b59b795e09e5b1e50ca36b436;k=9adf1a19001abdb6502b1f7c5614c099;s=156e58d27d83fe3433297d61c5e33f42cbbd33d3b29450cc218f369f633685be313d479ad13e0c891208273ebf3da456ee810d25d6d5b45aeea32f58b2197001]133;D;3;aid=27131;n=4;h=5;t=1796306228.909783;ps=3;k=9adf1a19001abdb6502b1f7c5614c099]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=27131;k=9adf1a19001abdb6502b1f7c5614c099[?2004hroot@vm:~# echo $?
[?2004l]633;E;echo\x20$?;9adf1a19001abdb6502b1f7c5614c099]133;C;aid=27131;n=5;h=6;t=1796306228.959429;k=9adf1a19001abdb6502b1f7c5614c0993
]133;D;0;aid=27131;n=5;h=6;t=1796306228.960121;ps=0;k=9adf1a19001abdb6502b1f7c5614c099]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=27131;k=9adf1a19001abdb6502b1f7c5614c099[?2004hroot@vm:~# lab answer why-socket b
[?2004l]633;E;lab\x20answer\x20why-socket\x20b;9adf1a19001abdb6502b1f7c5614c099]133;C;aid=27131;n=6;h=7;t=1796306229.011323;k=9adf1a19001abdb6502b1f7c5614c099Answer 'b' for step 'why-socket' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;T;v=2;p=lab;a=answer\x00why-socket\x00b\x00;e=NCCL_DEBUG=WARN\x00;x=0;t0=1796306229.3754096;t1=1796306229.5621753;u=root;host=vm;pid=27278;ppid=27131;r=20261203T135706-27068-3cc2e4c9.27278.1796306229375409.run;rh=0beca950ff2ad5aefdc4af26cf873411c2cd7dc374f071867d3e06d1be340b21;k=9adf1a19001abdb6502b1f7c5614c099;s=f3ba5546efb76ff1dc95d4a7d07dfadce14b3111c3f2698dcfbca1c6652e3833c1f8d520bff703b2cc74f4b5f11f117039448ae39a44a68e48262eb931a2fb07]133;D;0;aid=27131;n=6;h=7;t=1796306229.683263;ps=0;k=9adf1a19001abdb6502b1f7c5614c099]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=27131;k=9adf1a19001abdb6502b1f7c5614c099[?2004hroot@vm:~# lab answer why-socket a
[?2004l]633;E;lab\x20answer\x20why-socket\x20a;9adf1a19001abdb6502b1f7c5614c099]133;C;aid=27131;n=7;h=8;t=1796306229.771204;k=9adf1a19001abdb6502b1f7c5614c099Answer 'a' for step 'why-socket' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;T;v=2;p=lab;a=answer\x00why-socket\x00a\x00;e=NCCL_DEBUG=WARN\x00;x=0;t0=1796306230.0480287;t1=1796306230.2735956;u=root;host=vm;pid=27282;ppid=27131;r=20261203T135706-27068-3cc2e4c9.27282.1796306230048028.run;rh=855d5e3a170a1d697332cd85f0f0297c22c579fb41c1e30e822a4cd5a076fc1a;k=9adf1a19001abdb6502b1f7c5614c099;s=ce21a87ce7aab56fa6e46f7c103ab8b4b6c01c69b10bd23da66d9eedaef1fcc7da1563a405fae9dd66257573bcc70c51fd432094833b315a9c150afaf824500e]133;D;0;aid=27131;n=7;h=8;t=1796306230.551153;ps=0;k=9adf1a19001abdb6502b1f7c5614c099]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=27131;k=9adf1a19001abdb6502b1f7c5614c099[?2004hroot@vm:~# nvidia-smi -L
[?2004l]633;E;nvidia-smi\x20-L;9adf1a19001abdb6502b1f7c5614c099]133;C;aid=27131;n=8;h=9;t=1796306230.604640;k=9adf1a19001abdb6502b1f7c5614c099GPU 0: NVIDIA RTX 4000 Ada Generation (UUID: GPU-5b3c0e7a-91d4-4f62-8a1e-3c7d2f9b6a10)
GPU 1: NVIDIA RTX 4000 Ada Generation (UUID: GPU-a0f4d2c8-6e1b-4b37-9d55-81e2c4a7f3b9)
]133;T;v=2;p=nvidia-smi;a=-L\x00;e=NCCL_DEBUG=WARN\x00;x=0;t0=1796306231.096304;t1=1796306231.315486;u=root;host=vm;pid=27328;ppid=27131;r=20261203T135706-27068-3cc2e4c9.27328.1796306231096304.run;rh=77f17798b18790c319373ed98ce1ddaac75324ae107c4a4eda244967e0ea548c;k=9adf1a19001abdb6502b1f7c5614c099;s=1243ed0dcfc0b15ba52fd8e833f3fdc8234d0a7270ae771d7fe1a35ee67dadaa81bdac56f20c1a6b925d22d823257518599495ca8df76aea008f53876ea58703]133;D;0;aid=27131;n=8;h=9;t=1796306231.476240;ps=0;k=9adf1a19001abdb6502b1f7c5614c099]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=27131;k=9adf1a19001abdb6502b1f7c5614c099[?2004hroot@vm:~# nvidia-smi topo -m
[?2004l]633;E;nvidia-smi\x20topo\x20-m;9adf1a19001abdb6502b1f7c5614c099]133;C;aid=27131;n=9;h=10;t=1796306231.583802;k=9adf1a19001abdb6502b1f7c5614c099	GPU0	GPU1	CPU Affinity	NUMA Affinity	GPU NUMA ID
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
]133;T;v=2;p=nvidia-smi;a=topo\x00-m\x00;e=NCCL_DEBUG=WARN\x00;x=0;t0=1796306232.004545;t1=1796306232.1606157;u=root;host=vm;pid=27353;ppid=27131;r=20261203T135706-27068-3cc2e4c9.27353.1796306232004545.run;rh=3a6d9f51e0077445d939ed75edc4fe5a1c3f87695b7a7f42428d25352c3081f8;k=9adf1a19001abdb6502b1f7c5614c099;s=37ab8c388cfff7e635b9b2f0be93c6abce22c09f937dbcb526eaca02ecf370c9099890c3cf54c4e03e38e2e1f1c1c0aac0115dba9867d03e90a18d0d5ff74307]133;D;0;aid=27131;n=9;h=10;t=1796306232.279976;ps=0;k=9adf1a19001abdb6502b1f7c5614c099]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=27131;k=9adf1a19001abdb6502b1f7c5614c099[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;9adf1a19001abdb6502b1f7c5614c099]133;C;aid=27131;n=10;h=11;t=1796306232.370207;k=9adf1a19001abdb6502b1f7c5614c099exit

Script done on 2026-12-03 13:57:12+00:00 [COMMAND_EXIT_CODE="0"]
