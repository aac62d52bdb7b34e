Script started on 2026-12-03 16:25:53+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/0" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=26325;n=0;h=1;t=1796315153.893734;ps=1;k=c42dc1048ac0cddc0c5f48362d6c2aa9]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=26325;k=c42dc1048ac0cddc0c5f48362d6c2aa9[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202;c42dc1048ac0cddc0c5f48362d6c2aa9]133;C;aid=26325;n=1;h=2;t=1796315154.054982;k=c42dc1048ac0cddc0c5f48362d6c2aa9# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  26336 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  26336 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation

[2026-12-03 16:25:54] vm:26336:26336 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
vm: Test NCCL failure common.cu:1550 'invalid usage (run with NCCL_DEBUG=WARN for details) / '
 .. vm pid 26336: Test failure common.cu:1454
]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x008M\x00-g\x002\x00;e=NCCL_DEBUG=WARN\x00NCCL_SOCKET_IFNAME=doesnotexist0\x00;x=3;t0=1796315154.1371064;t1=1796315154.193718;u=root;host=vm;pid=26336;ppid=26325;r=20261203T162553-26277-8531f4ca.26336.1796315154137106.run;rh=35f77a0f5827c1f009588fb39a49c4f8a258be6e865da3f050b6111f8667cd3f;k=c42dc1048ac0cddc0c5f48362d6c2aa9;s=2484cf5e908da6d5d77a4fa5b40f67a0d7f48957dce763c33ff508fb103739ef867679ceb601b0a96abc1d88a27c0ab1155c9e812ad3a1113051ae0cba018505]133;D;3;aid=26325;n=1;h=2;t=1796315154.214922;ps=3;k=c42dc1048ac0cddc0c5f48362d6c2aa9]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=26325;k=c42dc1048ac0cddc0c5f48362d6c2aa9[?2004hroot@vm:~# lab answer why-socket a
[?2004l]633;E;lab\x20answer\x20why-socket\x20a;c42dc1048ac0cddc0c5f48362d6c2aa9]133;C;aid=26325;n=2;h=3;t=1796315154.269062;k=c42dc1048ac0cddc0c5f48362d6c2aa9Answer 'a' for step 'why-socket' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;T;v=2;p=lab;a=answer\x00why-socket\x00a\x00;e=NCCL_DEBUG=WARN\x00;x=0;t0=1796315154.3376079;t1=1796315154.3895662;u=root;host=vm;pid=26340;ppid=26325;r=20261203T162553-26277-8531f4ca.26340.1796315154337607.run;rh=44c1ecbe1c9e1845290014acc08f2d03105ddec61014db038ff46e7bba161373;k=c42dc1048ac0cddc0c5f48362d6c2aa9;s=e8abde284669138c0af938d7e24a566c1d121e93560ac74ae1f2d4467feb726ae99a9f91f988d3572ac61a100991f952b57a4a1fa1c485c4abef4415db1bb50d]133;D;0;aid=26325;n=2;h=3;t=1796315154.405724;ps=0;k=c42dc1048ac0cddc0c5f48362d6c2aa9]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=26325;k=c42dc1048ac0cddc0c5f48362d6c2aa9[?2004hroot@vm:~# nvidia-smi topo -m
[?2004l]633;E;nvidia-smi\x20topo\x20-m;c42dc1048ac0cddc0c5f48362d6c2aa9]133;C;aid=26325;n=3;h=4;t=1796315154.466354;k=c42dc1048ac0cddc0c5f48362d6c2aa9	GPU0	GPU1	CPU Affinity	NUMA Affinity	GPU NUMA ID
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
]133;T;v=2;p=nvidia-smi;a=topo\x00-m\x00;e=NCCL_DEBUG=WARN\x00;x=0;t0=1796315154.5337503;t1=1796315154.567113;u=root;host=vm;pid=26361;ppid=26325;r=20261203T162553-26277-8531f4ca.26361.1796315154533750.run;rh=5a076b533ef5bdd6ff45dd339fb7de25221eb15e1b6f88aefb3c1e627e7e610d;k=c42dc1048ac0cddc0c5f48362d6c2aa9;s=45cb5ab694930a9bbe481cac3dfadbf0625b5e0d74a218a69f9d5c8a1c2c7f46146431c47f63edc33327194e1d794a92caed0bf0f9cbb12be7e447cf9ac0f603]133;D;0;aid=26325;n=3;h=4;t=1796315154.583443;ps=0;k=c42dc1048ac0cddc0c5f48362d6c2aa9]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=26325;k=c42dc1048ac0cddc0c5f48362d6c2aa9[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202;c42dc1048ac0cddc0c5f48362d6c2aa9]133;C;aid=26325;n=4;h=5;t=1796315154.725710;k=c42dc1048ac0cddc0c5f48362d6c2aa9# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  26365 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  26365 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation

[2026-12-03 16:25:54] vm:26365:26365 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
vm: Test NCCL failure common.cu:1550 'invalid usage (run with NCCL_DEBUG=WARN for details) / '
 .. vm pid 26365: Test failure common.cu:1454
]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x008M\x00-g\x002\x00;e=NCCL_DEBUG=WARN\x00NCCL_SOCKET_IFNAME=doesnotexist0\x00;x=3;t0=1796315154.7957022;t1=1796315154.8297024;u=root;host=vm;pid=26365;ppid=26325;r=20261203T162553-26277-8531f4ca.26365.1796315154795702.run;rh=c6b7f1f0ac0cbc44f0151d0ad79e972a04848f2a84ae19e2566dc138a10f56d7;k=c42dc1048ac0cddc0c5f48362d6c2aa9;s=d883a5f1a36b7a0389a6fd906b6fd2c77b2c6a40f5cdab6e101bdad80121c2e55e4be9ca7c553107cac95d65d1d1b31bc33a894c10b612db98abf7ff30ad0405]133;D;3;aid=26325;n=4;h=5;t=1796315154.848153;ps=3;k=c42dc1048ac0cddc0c5f48362d6c2aa9]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=26325;k=c42dc1048ac0cddc0c5f48362d6c2aa9[?2004hroot@vm:~# echo $?
[?2004l]633;E;echo\x20$?;c42dc1048ac0cddc0c5f48362d6c2aa9]133;C;aid=26325;n=5;h=6;t=1796315154.865035;k=c42dc1048ac0cddc0c5f48362d6c2aa93
]133;D;0;aid=26325;n=5;h=6;t=1796315154.865547;ps=0;k=c42dc1048ac0cddc0c5f48362d6c2aa9]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=26325;k=c42dc1048ac0cddc0c5f48362d6c2aa9[?2004hroot@vm:~# lab answer why-gpus-first b
[?2004l]633;E;lab\x20answer\x20why-gpus-first\x20b;c42dc1048ac0cddc0c5f48362d6c2aa9]133;C;aid=26325;n=6;h=7;t=1796315154.924338;k=c42dc1048ac0cddc0c5f48362d6c2aa9Answer 'b' for step 'why-gpus-first' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;T;v=2;p=lab;a=answer\x00why-gpus-first\x00b\x00;e=NCCL_DEBUG=WARN\x00;x=0;t0=1796315154.990201;t1=1796315155.0430074;u=root;host=vm;pid=26371;ppid=26325;r=20261203T162553-26277-8531f4ca.26371.1796315154990201.run;rh=19fc7cf07c8ffbb8b773da5d54d20486ad29dffb919e848a05b1c19a11e62e6c;k=c42dc1048ac0cddc0c5f48362d6c2aa9;s=fc5003c178787fe3f3cc5aeb4ad6675082487cea687d0713903656f5bd9ad037cf76bf55ad4c73f074d92839ec2b5b02661f3a5c61a390d966d3afc4f51c940b]133;D;0;aid=26325;n=6;h=7;t=1796315155.063664;ps=0;k=c42dc1048ac0cddc0c5f48362d6c2aa9]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=26325;k=c42dc1048ac0cddc0c5f48362d6c2aa9[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep -E 'NET/Socket|Bootstrap '
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20-E\x20'NET/Socket|Bootstrap';c42dc1048ac0cddc0c5f48362d6c2aa9]133;C;aid=26325;n=7;h=8;t=1796315155.261474;k=c42dc1048ac0cddc0c5f48362d6c2aa9vm:26376:26376 [0] NCCL INFO Bootstrap: Using eth0:192.0.2.2<0>
vm:26376:26396 [0] NCCL INFO NET/Socket : Using [0]eth0:192.0.2.2<0>
]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_DEBUG=INFO\x00;x=0;t0=1796315155.3537836;t1=1796315155.396099;u=root;host=vm;pid=26376;ppid=26325;r=20261203T162553-26277-8531f4ca.26376.1796315155353783.run;rh=ceecbfbdcce7a89fbab5e574e275bef26a52bfcde94afdbd2f71c9b86d947d64;k=c42dc1048ac0cddc0c5f48362d6c2aa9;s=d4e429cbf47ac4ffbb8dd180079c27e1bb2adb948e609b6e8fedce623b01f5dee9f262d4445cbb2f31204523faaffa4542b98f7b1be5f7021ac3df86d517240f]133;D;0;aid=26325;n=7;h=8;t=1796315155.420629;ps=0,0;k=c42dc1048ac0cddc0c5f48362d6c2aa9]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=26325;k=c42dc1048ac0cddc0c5f48362d6c2aa9[?2004hroot@vm:~# lab answer why-container c
[?2004l]633;E;lab\x20answer\x20why-container\x20c;c42dc1048ac0cddc0c5f48362d6c2aa9]133;C;aid=26325;n=8;h=9;t=1796315155.498589;k=c42dc1048ac0cddc0c5f48362d6c2aa9Answer 'c' for step 'why-container' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;T;v=2;p=lab;a=answer\x00why-container\x00c\x00;e=NCCL_DEBUG=WARN\x00;x=0;t0=1796315155.5721228;t1=1796315155.614431;u=root;host=vm;pid=26380;ppid=26325;r=20261203T162553-26277-8531f4ca.26380.1796315155572122.run;rh=9ae8daee0a7247fb84f45c3bad0b691ed396dcf2029a5efc578d20e87553f5fc;k=c42dc1048ac0cddc0c5f48362d6c2aa9;s=fa6b3b3a06167e93c1387f3a5e0b4b02850fb2f053f448f883096e76ab7340814a41f95a1f1581462cd62ca0e7b9cb15bd77c59cf73622446d38c7f7ada4b00c]133;D;0;aid=26325;n=8;h=9;t=1796315155.632616;ps=0;k=c42dc1048ac0cddc0c5f48362d6c2aa9]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=26325;k=c42dc1048ac0cddc0c5f48362d6c2aa9[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep 'NET/IB'
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20'NET/IB';c42dc1048ac0cddc0c5f48362d6c2aa9]133;C;aid=26325;n=9;h=10;t=1796315155.790372;k=c42dc1048ac0cddc0c5f48362d6c2aa9vm:26385:26405 [0] NCCL INFO NET/IB : No device found.
vm:26385:26405 [0] NCCL INFO NET/IB : Using [RO]; OOB eth0:192.0.2.2<0>
]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_DEBUG=INFO\x00;x=0;t0=1796315155.875011;t1=1796315155.919794;u=root;host=vm;pid=26385;ppid=26325;r=20261203T162553-26277-8531f4ca.26385.1796315155875011.run;rh=61f6ba1d16be97d9656ca7b2100c6ca16ae5fd5d7843b608de49439f51a35ae3;k=c42dc1048ac0cddc0c5f48362d6c2aa9;s=56c0a3143773385ff09a29ee46578e54c6641c0e51ae1df5434f708e0a09759d8b53067bdfde411e98a630ba77cefdc6a772673299ef67224763bfa17ff8f002]133;D;0;aid=26325;n=9;h=10;t=1796315155.936943;ps=0,0;k=c42dc1048ac0cddc0c5f48362d6c2aa9]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=26325;k=c42dc1048ac0cddc0c5f48362d6c2aa9[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2 2>&1 | grep 'NCCL WARN' [A[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[K'
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202\x202>&1\x20|\x20grep\x20'NCCL\x20WARN';c42dc1048ac0cddc0c5f48362d6c2aa9]133;C;aid=26325;n=10;h=11;t=1796315156.129572;k=c42dc1048ac0cddc0c5f48362d6c2aa9[2026-12-03 16:25:56] vm:26390:26390 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x008M\x00-g\x002\x00;e=NCCL_DEBUG=WARN\x00NCCL_SOCKET_IFNAME=doesnotexist0\x00;x=3;t0=1796315156.197131;t1=1796315156.2341514;u=root;host=vm;pid=26390;ppid=26325;r=20261203T162553-26277-8531f4ca.26390.1796315156197131.run;rh=4028fa00edcedb690ee059d01a45f6aae0e412e82a987444ed42f19d3af7e412;k=c42dc1048ac0cddc0c5f48362d6c2aa9;s=433c566ab3b5ff4906ed82ef37cd2e4219bd6de75ac88ee63d0ec94f479bc418ee1196a05b8a7edc3671f59a25c410221d7581b367017d9865331d546767c00e]133;D;0;aid=26325;n=10;h=11;t=1796315156.253676;ps=3,0;k=c42dc1048ac0cddc0c5f48362d6c2aa9]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=26325;k=c42dc1048ac0cddc0c5f48362d6c2aa9[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep 'via P2P'
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20'via\x20P2P';c42dc1048ac0cddc0c5f48362d6c2aa9]133;C;aid=26325;n=11;h=12;t=1796315156.411690;k=c42dc1048ac0cddc0c5f48362d6c2aa9vm:26395:26423 [1] NCCL INFO Channel 00/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:26395:26422 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:26395:26423 [1] NCCL INFO Channel 01/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:26395:26422 [0] NCCL INFO Channel 01/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:26395:26423 [1] NCCL INFO Channel 02/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:26395:26422 [0] NCCL INFO Channel 02/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:26395:26423 [1] NCCL INFO Channel 03/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:26395:26422 [0] NCCL INFO Channel 03/0 : 0[0] -> 1[1] via P2P/direct pointer
]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_DEBUG=INFO\x00;x=0;t0=1796315156.4871602;t1=1796315156.5248647;u=root;host=vm;pid=26395;ppid=26325;r=20261203T162553-26277-8531f4ca.26395.1796315156487160.run;rh=fc8b494df89ffa1e5c4234761c640d6fec37127370669e8e60bb39de054e27fd;k=c42dc1048ac0cddc0c5f48362d6c2aa9;s=ab7490189c65c3fe7c3eca726ed1e67b6aeb1542b9a463e9fc1ec664957f164686c885d319be478a1fc1c0148aa11c6df4d000f9a60dd0ad28dc924d69b87900]133;D;0;aid=26325;n=11;h=12;t=1796315156.542276;ps=0,0;k=c42dc1048ac0cddc0c5f48362d6c2aa9]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=26325;k=c42dc1048ac0cddc0c5f48362d6c2aa9[?2004hroot@vm:~# NCCL_SOCKET_IFNAME==eth0 all_reduce_perf -b 8M -e 128M -f 2 -g 2
[?2004l]633;E;NCCL_SOCKET_IFNAME==eth0\x20all_reduce_perf\x20-b\x208M\x20-e\x20128M\x20-f\x202\x20-g\x202;c42dc1048ac0cddc0c5f48362d6c2aa9]133;C;aid=26325;n=12;h=13;t=1796315156.713472;k=c42dc1048ac0cddc0c5f48362d6c2aa9# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 134217728 step: 2(factor) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  26399 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  26399 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
NCCL version 2.30.7+cuda13.0
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
     8388608       2097152     float     sum      -1   639.68   13.11   13.11       0   655.21   12.80   12.80       0
    16777216       4194304     float     sum      -1  1269.15   13.22   13.22       0  1294.92   12.96   12.96       0
    33554432       8388608     float     sum      -1  2578.94   13.01   13.01       0  2582.99   12.99   12.99       0
    67108864      16777216     float     sum      -1  5123.18   13.10   13.10       0  5143.01   13.05   13.05       0
   134217728      33554432     float     sum      -1  10181.4   13.18   13.18       0  10088.4   13.30   13.30       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.0728 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x00128M\x00-f\x002\x00-g\x002\x00;e=NCCL_DEBUG=WARN\x00NCCL_SOCKET_IFNAME==eth0\x00;x=0;t0=1796315156.7904885;t1=1796315156.8223002;u=root;host=vm;pid=26399;ppid=26325;r=20261203T162553-26277-8531f4ca.26399.1796315156790488.run;rh=e2570d6c074754953fbdb525bf65ff73c54355838c325c6d1da7a20d8f7fccb1;k=c42dc1048ac0cddc0c5f48362d6c2aa9;s=75dfaf0616f81804360ed81396b0c489ee8eb6e153b531ac2a4a32868a560674bc03fa628e1e7b15dc42bd42e34f881fdd9bc435572427e4c26b042b757c8a07]133;D;0;aid=26325;n=12;h=13;t=1796315156.839223;ps=0;k=c42dc1048ac0cddc0c5f48362d6c2aa9]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=26325;k=c42dc1048ac0cddc0c5f48362d6c2aa9[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;c42dc1048ac0cddc0c5f48362d6c2aa9]133;C;aid=26325;n=13;h=14;t=1796315156.849890;k=c42dc1048ac0cddc0c5f48362d6c2aa9exit

Script done on 2026-12-03 16:25:56+00:00 [COMMAND_EXIT_CODE="0"]
