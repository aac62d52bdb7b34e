Script started on 2026-12-03 13:55:48+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/4" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=19142;n=0;h=1;t=1796306148.779816;ps=1;k=2b629b08928a5467748fba7e60efc903]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=19142;k=2b629b08928a5467748fba7e60efc903[?2004hroot@vm:~# export NCCL_SOCKET_IFNAME=doesnotexist0
[?2004l]633;E;export\x20NCCL_SOCKET_IFNAME=doesnotexist0;2b629b08928a5467748fba7e60efc903]133;C;aid=19142;n=1;h=2;t=1796306148.955889;k=2b629b08928a5467748fba7e60efc903]133;D;0;aid=19142;n=1;h=2;t=1796306148.956332;ps=0;k=2b629b08928a5467748fba7e60efc903]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=19142;k=2b629b08928a5467748fba7e60efc903[?2004hroot@vm:~# time -p stdbuf -oL all_reduce_perf --minbytes 8M --maxbytes 8M --ngpus 2
[?2004l]633;E;time\x20-p\x20stdbuf\x20-oL\x20all_reduce_perf\x20--minbytes\x208M\x20--maxbytes\x208M\x20--ngpus\x202;2b629b08928a5467748fba7e60efc903]133;C;aid=19142;n=2;h=3;t=1796306149.255885;k=2b629b08928a5467748fba7e60efc903# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  19345 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  19345 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation

[2026-12-03 13:55:50] vm:19345:19345 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
vm: Test NCCL failure common.cu:1550 'invalid usage (run with NCCL_DEBUG=WARN for details) / '
 .. vm pid 19345: Test failure common.cu:1454
]133;T;v=2;p=all_reduce_perf;a=--minbytes\x008M\x00--maxbytes\x008M\x00--ngpus\x002\x00;e=NCCL_DEBUG=WARN\x00NCCL_SOCKET_IFNAME=doesnotexist0\x00;x=3;t0=1796306149.6965609;t1=1796306150.071138;u=root;host=vm;pid=19345;ppid=19142;r=20261203T135548-19073-e69e9143.19345.1796306149696560.run;rh=65222ba853f147c9f4daf1ad3e8aa59e548f3ee447d78c8da12c1ae184b05798;k=2b629b08928a5467748fba7e60efc903;s=3d6c431b97f69d304e8ef2be56c6f6c5bab3be607957ae82ce785b4e2d9e0494fbcb5e69aa8c5350e39e86d337ae394adda89e29a29b4d27d578c2af79b5a60areal 0.95
user 0.18
sys 0.03
]133;D;3;aid=19142;n=2;h=3;t=1796306150.211506;ps=3;k=2b629b08928a5467748fba7e60efc903]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=19142;k=2b629b08928a5467748fba7e60efc903[?2004hroot@vm:~# all_reduce_perf -b 8M -e 8M -g 2
[?2004l]633;E;all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202;2b629b08928a5467748fba7e60efc903]133;C;aid=19142;n=3;h=4;t=1796306150.326230;k=2b629b08928a5467748fba7e60efc903# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  19388 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  19388 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation

[2026-12-03 13:55:50] vm:19388:19388 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
vm: Test NCCL failure common.cu:1550 'invalid usage (run with NCCL_DEBUG=WARN for details) / '
 .. vm pid 19388: Test failure common.cu:1454
]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x008M\x00-g\x002\x00;e=NCCL_DEBUG=WARN\x00NCCL_SOCKET_IFNAME=doesnotexist0\x00;x=3;t0=1796306150.7730916;t1=1796306150.936861;u=root;host=vm;pid=19388;ppid=19142;r=20261203T135548-19073-e69e9143.19388.1796306150773091.run;rh=ca92a92a8f008d13ed5e8dd232cc2d7fc52605d30303d28061711e59a642c274;k=2b629b08928a5467748fba7e60efc903;s=2b94b36f05bbe34b430005f401a6755c531cbba92f4f04baf48f2a62ea4f3544b3b30c3cce1dca44fcdc274d55affd94517366130ac9443a08404fc09ed41704]133;D;3;aid=19142;n=3;h=4;t=1796306151.057434;ps=3;k=2b629b08928a5467748fba7e60efc903]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=19142;k=2b629b08928a5467748fba7e60efc903[?2004hroot@vm:~# echo "$?"
[?2004l]633;E;echo\x20"$?";2b629b08928a5467748fba7e60efc903]133;C;aid=19142;n=4;h=5;t=1796306151.102338;k=2b629b08928a5467748fba7e60efc9033
]133;D;0;aid=19142;n=4;h=5;t=1796306151.115184;ps=0;k=2b629b08928a5467748fba7e60efc903]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=19142;k=2b629b08928a5467748fba7e60efc903[?2004hroot@vm:~# unset NCCL_SOCKET_IFNAME
[?2004l]633;E;unset\x20NCCL_SOCKET_IFNAME;2b629b08928a5467748fba7e60efc903]133;C;aid=19142;n=5;h=6;t=1796306151.214018;k=2b629b08928a5467748fba7e60efc903]133;D;0;aid=19142;n=5;h=6;t=1796306151.215676;ps=0;k=2b629b08928a5467748fba7e60efc903]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=19142;k=2b629b08928a5467748fba7e60efc903[?2004hroot@vm:~# export NCCL_DEBUG=INFO
[?2004l]633;E;export\x20NCCL_DEBUG=INFO;2b629b08928a5467748fba7e60efc903]133;C;aid=19142;n=6;h=7;t=1796306151.325548;k=2b629b08928a5467748fba7e60efc903]133;D;0;aid=19142;n=6;h=7;t=1796306151.326109;ps=0;k=2b629b08928a5467748fba7e60efc903]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=19142;k=2b629b08928a5467748fba7e60efc903[?2004hroot@vm:~# env all_reduce_perf -b 128M -e 128M -g 2 | grep "NET/Socket"
[?2004l]633;E;env\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x20|\x20grep\x20"NET/Socket";2b629b08928a5467748fba7e60efc903]133;C;aid=19142;n=7;h=8;t=1796306151.498027;k=2b629b08928a5467748fba7e60efc903vm:19522:19542 [0] NCCL INFO NET/Socket : Using [0]eth0:192.0.2.2<0>
]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_DEBUG=INFO\x00;x=0;t0=1796306152.1232333;t1=1796306152.32387;u=root;host=vm;pid=19522;ppid=19142;r=20261203T135548-19073-e69e9143.19522.1796306152123233.run;rh=9641eaacbe324ce27f26653c149e4eab1fe614ad23d2ae80d1d122a1a1d7f754;k=2b629b08928a5467748fba7e60efc903;s=26a50956622471aea08229f9e9d2e6ae4bf72161383bee143ad10355cb4c9aeb7d5460876bf3f02a71ab2f01f85e89169c5d37059cdddeed8c20b25b9be1db01]133;D;0;aid=19142;n=7;h=8;t=1796306152.504261;ps=0,0;k=2b629b08928a5467748fba7e60efc903]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=19142;k=2b629b08928a5467748fba7e60efc903[?2004hroot@vm:~# nice -n 5 all_reduce_perf -g 2 -b 8M -e 8M |& egrep -i 'p2p'
[?2004l]633;E;nice\x20-n\x205\x20all_reduce_perf\x20-g\x202\x20-b\x208M\x20-e\x208M\x20|&\x20egrep\x20-i\x20'p2p';2b629b08928a5467748fba7e60efc903]133;C;aid=19142;n=8;h=9;t=1796306152.680289;k=2b629b08928a5467748fba7e60efc903vm:19545:19573 [1] NCCL INFO Channel 00/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:19545:19572 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:19545:19573 [1] NCCL INFO Channel 01/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:19545:19572 [0] NCCL INFO Channel 01/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:19545:19573 [1] NCCL INFO Channel 02/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:19545:19572 [0] NCCL INFO Channel 02/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:19545:19573 [1] NCCL INFO Channel 03/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:19545:19572 [0] NCCL INFO Channel 03/0 : 0[0] -> 1[1] via P2P/direct pointer
]133;T;v=2;p=all_reduce_perf;a=-g\x002\x00-b\x008M\x00-e\x008M\x00;e=NCCL_DEBUG=INFO\x00;x=0;t0=1796306153.1598291;t1=1796306153.3910503;u=root;host=vm;pid=19545;ppid=19142;r=20261203T135548-19073-e69e9143.19545.1796306153159829.run;rh=bc9511754d39cd6b386702bead31ba2e36714f14a44cb9c522792bce395dc20c;k=2b629b08928a5467748fba7e60efc903;s=6d4cb535fc24eab81359c05752d2f47ce66aa060aa84b3515ade4f6809b0c965911223d91dda73e8a8e2eb58c358e4bd027ce0e744f0a3e76b9071457444be0f]133;D;0;aid=19142;n=8;h=9;t=1796306153.527288;ps=0,0;k=2b629b08928a5467748fba7e60efc903]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=19142;k=2b629b08928a5467748fba7e60efc903[?2004hroot@vm:~# NCCL_SOCKET_IFNAME='=eth0' all_reduce_perf -g 2 -b 8M -e 8M
[?2004l]633;E;NCCL_SOCKET_IFNAME='=eth0'\x20all_reduce_perf\x20-g\x202\x20-b\x208M\x20-e\x208M;2b629b08928a5467748fba7e60efc903]133;C;aid=19142;n=9;h=10;t=1796306153.754465;k=2b629b08928a5467748fba7e60efc903# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  19577 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  19577 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
vm:19577:19577 [0] NCCL INFO NCCL_SOCKET_IFNAME set by environment to =eth0
vm:19577:19577 [0] NCCL INFO Bootstrap: Using eth0:192.0.2.2<0>
vm:19577:19577 [0] NCCL INFO NET/Plugin: Could not find: libnccl-net.so. Using internal network plugin.
vm:19577:19577 [1] NCCL INFO cudaDriverVersion 13000
vm:19577:19597 [0] NCCL INFO NCCL version 2.30.7+cuda13.0
vm:19577:19597 [0] NCCL INFO NCCL_SOCKET_IFNAME set by environment to =eth0
vm:19577:19597 [0] NCCL INFO NET/IB : No device found.
vm:19577:19597 [0] NCCL INFO NET/IB : Using [RO]; OOB eth0:192.0.2.2<0>
vm:19577:19597 [0] NCCL INFO NCCL_SOCKET_IFNAME set by environment to =eth0
vm:19577:19597 [0] NCCL INFO NET/Socket : Using [0]eth0:192.0.2.2<0>
vm:19577:19597 [0] NCCL INFO Using non-device net plugin version 0
vm:19577:19597 [0] NCCL INFO Using network Socket
vm:19577:19597 [0] NCCL INFO ncclCommInitRankConfig comm 0x55443f457fe0 rank 0 nranks 2 cudaDev 0 nvmlDev 0 busId 20 commId 0xa7771101970f7daf - Init START
vm:19577:19598 [1] NCCL INFO ncclCommInitRankConfig comm 0x55efcf123f10 rank 1 nranks 2 cudaDev 1 nvmlDev 1 busId 30 commId 0xa7771101970f7daf - Init START
vm:19577:19597 [0] NCCL INFO Channel 00/04 :    0   1
vm:19577:19597 [0] NCCL INFO Channel 01/04 :    0   1
vm:19577:19597 [0] NCCL INFO Channel 02/04 :    0   1
vm:19577:19597 [0] NCCL INFO Channel 03/04 :    0   1
vm:19577:19605 [1] NCCL INFO Channel 00/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:19577:19604 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:19577:19605 [1] NCCL INFO Channel 01/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:19577:19604 [0] NCCL INFO Channel 01/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:19577:19605 [1] NCCL INFO Channel 02/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:19577:19604 [0] NCCL INFO Channel 02/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:19577:19605 [1] NCCL INFO Channel 03/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:19577:19604 [0] NCCL INFO Channel 03/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:19577:19597 [0] NCCL INFO Connected all rings, use ring PXN 0 GDR 0
vm:19577:19597 [0] NCCL INFO Connected all trees
vm:19577:19597 [0] NCCL INFO Init timings - ncclCommInitRankConfig: rank 0 nranks 2 total 0.41 (kernels 0.18, alloc 0.01, bootstrap 0.00, allgathers 0.00, topo 0.05, graphs 0.00, connections 0.12, rest 0.05)
vm:19577:19597 [0] NCCL INFO ncclCommInitRankConfig comm 0x55443f457fe0 rank 0 nranks 2 cudaDev 0 nvmlDev 0 busId 20 commId 0xa7771101970f7daf - Init COMPLETE
vm:19577:19598 [1] NCCL INFO Init timings - ncclCommInitRankConfig: rank 1 nranks 2 total 0.41 (kernels 0.18, alloc 0.01, bootstrap 0.00, allgathers 0.00, topo 0.05, graphs 0.00, connections 0.12, rest 0.05)
vm:19577:19598 [1] NCCL INFO ncclCommInitRankConfig comm 0x55efcf123f10 rank 1 nranks 2 cudaDev 1 nvmlDev 1 busId 30 commId 0xa7771101970f7daf - Init COMPLETE
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
     8388608       2097152     float     sum      -1   654.95   12.81   12.81       0   654.69   12.81   12.81       0
vm:19577:19577 [0] NCCL INFO comm 0x55443f457fe0 rank 0 nranks 2 cudaDev 0 busId 20 - Destroy COMPLETE
vm:19577:19577 [1] NCCL INFO comm 0x55efcf123f10 rank 1 nranks 2 cudaDev 1 busId 30 - Destroy COMPLETE
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 12.8106 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-g\x002\x00-b\x008M\x00-e\x008M\x00;e=NCCL_DEBUG=INFO\x00NCCL_SOCKET_IFNAME==eth0\x00;x=0;t0=1796306154.1756139;t1=1796306154.4507632;u=root;host=vm;pid=19577;ppid=19142;r=20261203T135548-19073-e69e9143.19577.1796306154175614.run;rh=fefdbd5b4f93c6033e02c08439e07af43ac5be35289e04015eb887fc7eb26863;k=2b629b08928a5467748fba7e60efc903;s=9533e446b05d5b33e0daa9b894ab5fd67f58772d04291b6350bb010ec4a601d0571230d2de7b9810d4b6a6c8501ea0620c9a75501c71dff7831187f2a7957407]133;D;0;aid=19142;n=9;h=10;t=1796306154.598170;ps=0;k=2b629b08928a5467748fba7e60efc903]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=19142;k=2b629b08928a5467748fba7e60efc903[?2004hroot@vm:~# exit
[?2004l]633;E;exit;2b629b08928a5467748fba7e60efc903]133;C;aid=19142;n=10;h=11;t=1796306154.638534;k=2b629b08928a5467748fba7e60efc903exit
exit

Script done on 2026-12-03 13:55:54+00:00 [COMMAND_EXIT_CODE="0"]
