Script started on 2026-12-03 16:26:40+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/0" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=28784;n=0;h=1;t=1796315200.100173;ps=1;k=9eeaae430e3305322fd8b9e96b4941d5]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=28784;k=9eeaae430e3305322fd8b9e96b4941d5[?2004hroot@vm:~# all_reduce_pref -b 8M -e 8M -g 2
[?2004l]633;E;all_reduce_pref\x20-b\x208M\x20-e\x208M\x20-g\x202;9eeaae430e3305322fd8b9e96b4941d5]133;C;aid=28784;n=1;h=2;t=1796315200.191342;k=9eeaae430e3305322fd8b9e96b4941d5bash: all_reduce_pref: command not found
]133;D;127;aid=28784;n=1;h=2;t=1796315200.193081;ps=127;k=9eeaae430e3305322fd8b9e96b4941d5]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=28784;k=9eeaae430e3305322fd8b9e96b4941d5[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 1
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x201;9eeaae430e3305322fd8b9e96b4941d5]133;C;aid=28784;n=2;h=3;t=1796315200.332632;k=9eeaae430e3305322fd8b9e96b4941d5# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 1 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  28798 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation

[2026-12-03 16:26:40] vm:28798:28798 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
vm: Test NCCL failure common.cu:1550 'invalid usage (run with NCCL_DEBUG=WARN for details) / '
 .. vm pid 28798: Test failure common.cu:1454
]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x008M\x00-g\x001\x00;e=NCCL_DEBUG=WARN\x00NCCL_SOCKET_IFNAME=doesnotexist0\x00;x=3;t0=1796315200.415419;t1=1796315200.47399;u=root;host=vm;pid=28798;ppid=28784;r=20261203T162640-28736-02c15dcf.28798.1796315200415419.run;rh=3fe35877f11f37d26ecd68c27089b1e9405850db070c6aa19ee50231045f6100;k=9eeaae430e3305322fd8b9e96b4941d5;s=76a8b4096f093cb1fec394c10de7eb74aa4850ebd7120d44c8f16214d7109847938f35eb5c92f9cd277a47a646ed4ad0a82da43afb262c43c20dcae23a71f903]133;D;3;aid=28784;n=2;h=3;t=1796315200.504707;ps=3;k=9eeaae430e3305322fd8b9e96b4941d5]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=28784;k=9eeaae430e3305322fd8b9e96b4941d5[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0 ./all_reduce_perf -b 8M -e 8M -g 2
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0\x20./all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202;9eeaae430e3305322fd8b9e96b4941d5]133;C;aid=28784;n=3;h=4;t=1796315200.651662;k=9eeaae430e3305322fd8b9e96b4941d5bash: ./all_reduce_perf: No such file or directory
]133;D;127;aid=28784;n=3;h=4;t=1796315200.652926;ps=127;k=9eeaae430e3305322fd8b9e96b4941d5]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=28784;k=9eeaae430e3305322fd8b9e96b4941d5[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b8M -e8M -g2
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0\x20all_reduce_perf\x20-b8M\x20-e8M\x20-g2;9eeaae430e3305322fd8b9e96b4941d5]133;C;aid=28784;n=4;h=5;t=1796315200.786018;k=9eeaae430e3305322fd8b9e96b4941d5# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  28805 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  28805 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation

[2026-12-03 16:26:40] vm:28805:28805 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
vm: Test NCCL failure common.cu:1550 'invalid usage (run with NCCL_DEBUG=WARN for details) / '
 .. vm pid 28805: Test failure common.cu:1454
]133;T;v=2;p=all_reduce_perf;a=-b8M\x00-e8M\x00-g2\x00;e=NCCL_DEBUG=WARN\x00NCCL_SOCKET_IFNAME=doesnotexist0\x00;x=3;t0=1796315200.858611;t1=1796315200.894277;u=root;host=vm;pid=28805;ppid=28784;r=20261203T162640-28736-02c15dcf.28805.1796315200858611.run;rh=11e7185658fd51f6f14ebe4cf2bab9431864524252028d67fffa68128f330587;k=9eeaae430e3305322fd8b9e96b4941d5;s=9b1f44054dba2b57ae9b63390a52cbffecfc1ae5253de035f2900146e8a0b0712b4a75477f53c7b8833855d5c380cd5a0fcc87a012501e6eb5136f4d6450fe0d]133;D;3;aid=28784;n=4;h=5;t=1796315200.914691;ps=3;k=9eeaae430e3305322fd8b9e96b4941d5]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=28784;k=9eeaae430e3305322fd8b9e96b4941d5[?2004hroot@vm:~# echo $?
[?2004l]633;E;echo\x20$?;9eeaae430e3305322fd8b9e96b4941d5]133;C;aid=28784;n=5;h=6;t=1796315200.951878;k=9eeaae430e3305322fd8b9e96b4941d53
]133;D;0;aid=28784;n=5;h=6;t=1796315200.952339;ps=0;k=9eeaae430e3305322fd8b9e96b4941d5]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=28784;k=9eeaae430e3305322fd8b9e96b4941d5[?2004hroot@vm:~# lab answer why-socket b
[?2004l]633;E;lab\x20answer\x20why-socket\x20b;9eeaae430e3305322fd8b9e96b4941d5]133;C;aid=28784;n=6;h=7;t=1796315201.023909;k=9eeaae430e3305322fd8b9e96b4941d5Answer 'b' for step 'why-socket' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;T;v=2;p=lab;a=answer\x00why-socket\x00b\x00;e=NCCL_DEBUG=WARN\x00;x=0;t0=1796315201.1109748;t1=1796315201.151623;u=root;host=vm;pid=28811;ppid=28784;r=20261203T162640-28736-02c15dcf.28811.1796315201110974.run;rh=4540d9f9213971905283baffde8f0892c1ec2b658acb329203090f9711dcb2f4;k=9eeaae430e3305322fd8b9e96b4941d5;s=f36bc805c0e1fb75cffc7450688d1a7ac532259552705c10b29ea02fe0ded1a75009f687a36af8576b7911988905dbbcc8671bd989f8b18c0aca1fea2243d00c]133;D;0;aid=28784;n=6;h=7;t=1796315201.173811;ps=0;k=9eeaae430e3305322fd8b9e96b4941d5]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=28784;k=9eeaae430e3305322fd8b9e96b4941d5[?2004hroot@vm:~# lab answer why-socket a
[?2004l]633;E;lab\x20answer\x20why-socket\x20a;9eeaae430e3305322fd8b9e96b4941d5]133;C;aid=28784;n=7;h=8;t=1796315201.224709;k=9eeaae430e3305322fd8b9e96b4941d5Answer 'a' for step 'why-socket' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;T;v=2;p=lab;a=answer\x00why-socket\x00a\x00;e=NCCL_DEBUG=WARN\x00;x=0;t0=1796315201.3150089;t1=1796315201.364716;u=root;host=vm;pid=28815;ppid=28784;r=20261203T162640-28736-02c15dcf.28815.1796315201315009.run;rh=44c1ecbe1c9e1845290014acc08f2d03105ddec61014db038ff46e7bba161373;k=9eeaae430e3305322fd8b9e96b4941d5;s=b269cda099be70a6175f85e1220ff873a09f6a6030a3cb5e74568941f6bc7f384743846177267599dafed413cfd62518ad0a5366d252aabdd0571328e34f9b0b]133;D;0;aid=28784;n=7;h=8;t=1796315201.386132;ps=0;k=9eeaae430e3305322fd8b9e96b4941d5]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=28784;k=9eeaae430e3305322fd8b9e96b4941d5[?2004hroot@vm:~# nvidia-smi -L
[?2004l]633;E;nvidia-smi\x20-L;9eeaae430e3305322fd8b9e96b4941d5]133;C;aid=28784;n=8;h=9;t=1796315201.436532;k=9eeaae430e3305322fd8b9e96b4941d5GPU 0: NVIDIA RTX 4000 Ada Generation (UUID: GPU-5b3c0e7a-91d4-4f62-8a1e-3c7d2f9b6a10)
GPU 1: NVIDIA RTX 4000 Ada Generation (UUID: GPU-a0f4d2c8-6e1b-4b37-9d55-81e2c4a7f3b9)
]133;T;v=2;p=nvidia-smi;a=-L\x00;e=NCCL_DEBUG=WARN\x00;x=0;t0=1796315201.532402;t1=1796315201.565779;u=root;host=vm;pid=28819;ppid=28784;r=20261203T162640-28736-02c15dcf.28819.1796315201532402.run;rh=a37cd5e4f22abccd2a01365a2c3ff690e8745dc9a87dc7710e84ea85b17f08b7;k=9eeaae430e3305322fd8b9e96b4941d5;s=d1e846c129ae9a7aafe4d206dc9f1e4da0cea60736162c66617dbca0785b02d09b9c1f3c2d9978cb420666174ddf67ee6ebb3f70dc0187c7f5c3d1c02d6c6809]133;D;0;aid=28784;n=8;h=9;t=1796315201.591077;ps=0;k=9eeaae430e3305322fd8b9e96b4941d5]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=28784;k=9eeaae430e3305322fd8b9e96b4941d5[?2004hroot@vm:~# nvidia-smi topo -m
[?2004l]633;E;nvidia-smi\x20topo\x20-m;9eeaae430e3305322fd8b9e96b4941d5]133;C;aid=28784;n=9;h=10;t=1796315201.651842;k=9eeaae430e3305322fd8b9e96b4941d5	GPU0	GPU1	CPU Affinity	NUMA Affinity	GPU NUMA ID
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
]133;T;v=2;p=nvidia-smi;a=topo\x00-m\x00;e=NCCL_DEBUG=WARN\x00;x=0;t0=1796315201.724591;t1=1796315201.7580998;u=root;host=vm;pid=28823;ppid=28784;r=20261203T162640-28736-02c15dcf.28823.1796315201724591.run;rh=5a076b533ef5bdd6ff45dd339fb7de25221eb15e1b6f88aefb3c1e627e7e610d;k=9eeaae430e3305322fd8b9e96b4941d5;s=727a9df7c894c86afbb9913127f49cdff8c821ce47d8f4b78de03b2171cbce544a98d0703c71473140463da6d300d1b9e5ebf87bd71eb7f6bc310af0c17bd60c]133;D;0;aid=28784;n=9;h=10;t=1796315201.780259;ps=0;k=9eeaae430e3305322fd8b9e96b4941d5]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=28784;k=9eeaae430e3305322fd8b9e96b4941d5[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;9eeaae430e3305322fd8b9e96b4941d5]133;C;aid=28784;n=10;h=11;t=1796315201.791515;k=9eeaae430e3305322fd8b9e96b4941d5exit

Script done on 2026-12-03 16:26:41+00:00 [COMMAND_EXIT_CODE="0"]
