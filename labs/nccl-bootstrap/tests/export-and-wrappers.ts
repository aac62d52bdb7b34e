Script started on 2026-12-03 16:26:11+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/0" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=27227;n=0;h=1;t=1796315171.628291;ps=1;k=34cdfb05c4133966c90f4257ad692bf7]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=27227;k=34cdfb05c4133966c90f4257ad692bf7[?2004hroot@vm:~# export NCCL_SOCKET_IFNAME=doesnotexist0
[?2004l]633;E;export\x20NCCL_SOCKET_IFNAME=doesnotexist0;34cdfb05c4133966c90f4257ad692bf7]133;C;aid=27227;n=1;h=2;t=1796315171.734412;k=34cdfb05c4133966c90f4257ad692bf7]133;D;0;aid=27227;n=1;h=2;t=1796315171.734944;ps=0;k=34cdfb05c4133966c90f4257ad692bf7]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=27227;k=34cdfb05c4133966c90f4257ad692bf7[?2004hroot@vm:~# time -p stdbuf -oL all_reduce_perf --minbytes 8M --maxbytes 8M --ngpus 2
[?2004l]633;E;time\x20-p\x20stdbuf\x20-oL\x20all_reduce_perf\x20--minbytes\x208M\x20--maxbytes\x208M\x20--ngpus\x202;34cdfb05c4133966c90f4257ad692bf7]133;C;aid=27227;n=2;h=3;t=1796315171.889264;k=34cdfb05c4133966c90f4257ad692bf7# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  27240 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  27240 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation

[2026-12-03 16:26:12] vm:27240:27240 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
vm: Test NCCL failure common.cu:1550 'invalid usage (run with NCCL_DEBUG=WARN for details) / '
 .. vm pid 27240: Test failure common.cu:1454
]133;T;v=2;p=all_reduce_perf;a=--minbytes\x008M\x00--maxbytes\x008M\x00--ngpus\x002\x00;e=NCCL_DEBUG=WARN\x00NCCL_SOCKET_IFNAME=doesnotexist0\x00;x=3;t0=1796315172.0185878;t1=1796315172.0901082;u=root;host=vm;pid=27240;ppid=27227;r=20261203T162611-27179-d16c834f.27240.1796315172018587.run;rh=957e81cd35aa63a2ec6879eea10e0d374b345567c280a86ea22249ffcbdb54d7;k=34cdfb05c4133966c90f4257ad692bf7;s=ebba52d9bb74755e9781de73f579752a8310cfe6cf7574a12ded6912c30d0e234baa7fe7a1727097d947d8f77d56e2d3d80b7191abde6e84e45e48f60095900creal 0.22
user 0.12
sys 0.09
]133;D;3;aid=27227;n=2;h=3;t=1796315172.112467;ps=3;k=34cdfb05c4133966c90f4257ad692bf7]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=27227;k=34cdfb05c4133966c90f4257ad692bf7[?2004hroot@vm:~# all_reduce_perf -b 8M -e 8M -g 2
[?2004l]633;E;all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202;34cdfb05c4133966c90f4257ad692bf7]133;C;aid=27227;n=3;h=4;t=1796315172.208162;k=34cdfb05c4133966c90f4257ad692bf7# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  27244 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  27244 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation

[2026-12-03 16:26:12] vm:27244:27244 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
vm: Test NCCL failure common.cu:1550 'invalid usage (run with NCCL_DEBUG=WARN for details) / '
 .. vm pid 27244: Test failure common.cu:1454
]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x008M\x00-g\x002\x00;e=NCCL_DEBUG=WARN\x00NCCL_SOCKET_IFNAME=doesnotexist0\x00;x=3;t0=1796315172.2882588;t1=1796315172.332628;u=root;host=vm;pid=27244;ppid=27227;r=20261203T162611-27179-d16c834f.27244.1796315172288258.run;rh=114c5e7573518184679dd32123efc754840ad506f153709cd182b76a49e6e744;k=34cdfb05c4133966c90f4257ad692bf7;s=eb6cfc2ae27a9032ee1f41efced3232d55bece58308552f7aa4ff0a7249ece831331b244bb36f659d748d9d46e2b22d4beb38e8677dc96f446c2d6c4ec35e607]133;D;3;aid=27227;n=3;h=4;t=1796315172.356587;ps=3;k=34cdfb05c4133966c90f4257ad692bf7]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=27227;k=34cdfb05c4133966c90f4257ad692bf7[?2004hroot@vm:~# echo "$?"
[?2004l]633;E;echo\x20"$?";34cdfb05c4133966c90f4257ad692bf7]133;C;aid=27227;n=4;h=5;t=1796315172.379933;k=34cdfb05c4133966c90f4257ad692bf73
]133;D;0;aid=27227;n=4;h=5;t=1796315172.380652;ps=0;k=34cdfb05c4133966c90f4257ad692bf7]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=27227;k=34cdfb05c4133966c90f4257ad692bf7[?2004hroot@vm:~# unset NCCL_SOCKET_IFNAME
[?2004l]633;E;unset\x20NCCL_SOCKET_IFNAME;34cdfb05c4133966c90f4257ad692bf7]133;C;aid=27227;n=5;h=6;t=1796315172.434789;k=34cdfb05c4133966c90f4257ad692bf7]133;D;0;aid=27227;n=5;h=6;t=1796315172.435432;ps=0;k=34cdfb05c4133966c90f4257ad692bf7]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=27227;k=34cdfb05c4133966c90f4257ad692bf7[?2004hroot@vm:~# export NCCL_DEBUG=INFO
[?2004l]633;E;export\x20NCCL_DEBUG=INFO;34cdfb05c4133966c90f4257ad692bf7]133;C;aid=27227;n=6;h=7;t=1796315172.484292;k=34cdfb05c4133966c90f4257ad692bf7]133;D;0;aid=27227;n=6;h=7;t=1796315172.484924;ps=0;k=34cdfb05c4133966c90f4257ad692bf7]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=27227;k=34cdfb05c4133966c90f4257ad692bf7[?2004hroot@vm:~# env all_reduce_perf -b 128M -e 128M -g 2 | grep "NET/Socket"
[?2004l]633;E;env\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x20|\x20grep\x20"NET/Socket";34cdfb05c4133966c90f4257ad692bf7]133;C;aid=27227;n=7;h=8;t=1796315172.615235;k=34cdfb05c4133966c90f4257ad692bf7vm:27255:27275 [0] NCCL INFO NET/Socket : Using [0]eth0:192.0.2.2<0>
]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_DEBUG=INFO\x00;x=0;t0=1796315172.7180717;t1=1796315172.7527;u=root;host=vm;pid=27255;ppid=27227;r=20261203T162611-27179-d16c834f.27255.1796315172718071.run;rh=c0079abb91da3fd116636da7a6de35df65b4d9c967ba2f202a58251f6c86e60e;k=34cdfb05c4133966c90f4257ad692bf7;s=d6672d7d93acbd5f456fff95b6981b63017600548e9ac2884a45318489b582f7e48dbf006e09cbf6747ca79e3be71437c7cc0755c3b5738b0b1d8c5b6ec9f604]133;D;0;aid=27227;n=7;h=8;t=1796315172.782422;ps=0,0;k=34cdfb05c4133966c90f4257ad692bf7]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=27227;k=34cdfb05c4133966c90f4257ad692bf7[?2004hroot@vm:~# nice -n 5 all_reduce_perf -g 2 -b 8M -e 8M |& egrep -i 'p2p'
[?2004l]633;E;nice\x20-n\x205\x20all_reduce_perf\x20-g\x202\x20-b\x208M\x20-e\x208M\x20|&\x20egrep\x20-i\x20'p2p';34cdfb05c4133966c90f4257ad692bf7]133;C;aid=27227;n=8;h=9;t=1796315172.913697;k=34cdfb05c4133966c90f4257ad692bf7vm:27260:27288 [1] NCCL INFO Channel 00/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:27260:27287 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:27260:27288 [1] NCCL INFO Channel 01/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:27260:27287 [0] NCCL INFO Channel 01/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:27260:27288 [1] NCCL INFO Channel 02/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:27260:27287 [0] NCCL INFO Channel 02/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:27260:27288 [1] NCCL INFO Channel 03/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:27260:27287 [0] NCCL INFO Channel 03/0 : 0[0] -> 1[1] via P2P/direct pointer
]133;T;v=2;p=all_reduce_perf;a=-g\x002\x00-b\x008M\x00-e\x008M\x00;e=NCCL_DEBUG=INFO\x00;x=0;t0=1796315173.0260844;t1=1796315173.0642664;u=root;host=vm;pid=27260;ppid=27227;r=20261203T162611-27179-d16c834f.27260.1796315173026084.run;rh=40766bcda2f531d4c38aa3e6419af8869774b006679d5bf7a3b8cd100faa79ef;k=34cdfb05c4133966c90f4257ad692bf7;s=b2b41be30d674b288170e8a8e761f7d9ea5da16a1e86ddcc571611de39e4b38cfa447422c2bcea52f272cb8a2c8ffaf38b013c61fc33418dfeedcea559537809]133;D;0;aid=27227;n=8;h=9;t=1796315173.092201;ps=0,0;k=34cdfb05c4133966c90f4257ad692bf7]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=27227;k=34cdfb05c4133966c90f4257ad692bf7[?2004hroot@vm:~# NCCL_SOCKET_IFNAME='=eth0' all_reduce_perf -g 2 -b 8M -e 8M
[?2004l]633;E;NCCL_SOCKET_IFNAME='=eth0'\x20all_reduce_perf\x20-g\x202\x20-b\x208M\x20-e\x208M;34cdfb05c4133966c90f4257ad692bf7]133;C;aid=27227;n=9;h=10;t=1796315173.241456;k=34cdfb05c4133966c90f4257ad692bf7# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  27264 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  27264 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
vm:27264:27264 [0] NCCL INFO NCCL_SOCKET_IFNAME set by environment to =eth0
vm:27264:27264 [0] NCCL INFO Bootstrap: Using eth0:192.0.2.2<0>
vm:27264:27264 [0] NCCL INFO NET/Plugin: Could not find: libnccl-net.so. Using internal network plugin.
vm:27264:27264 [1] NCCL INFO cudaDriverVersion 13000
vm:27264:27284 [0] NCCL INFO NCCL version 2.30.7+cuda13.0
vm:27264:27284 [0] NCCL INFO NCCL_SOCKET_IFNAME set by environment to =eth0
vm:27264:27284 [0] NCCL INFO NET/IB : No device found.
vm:27264:27284 [0] NCCL INFO NET/IB : Using [RO]; OOB eth0:192.0.2.2<0>
vm:27264:27284 [0] NCCL INFO NCCL_SOCKET_IFNAME set by environment to =eth0
vm:27264:27284 [0] NCCL INFO NET/Socket : Using [0]eth0:192.0.2.2<0>
vm:27264:27284 [0] NCCL INFO Using non-device net plugin version 0
vm:27264:27284 [0] NCCL INFO Using network Socket
vm:27264:27284 [0] NCCL INFO ncclCommInitRankConfig comm 0x551aa67ccd90 rank 0 nranks 2 cudaDev 0 nvmlDev 0 busId 20 commId 0xc7feffb3b8aaff76 - Init START
vm:27264:27285 [1] NCCL INFO ncclCommInitRankConfig comm 0x5558bbc7e300 rank 1 nranks 2 cudaDev 1 nvmlDev 1 busId 30 commId 0xc7feffb3b8aaff76 - Init START
vm:27264:27284 [0] NCCL INFO Channel 00/04 :    0   1
vm:27264:27284 [0] NCCL INFO Channel 01/04 :    0   1
vm:27264:27284 [0] NCCL INFO Channel 02/04 :    0   1
vm:27264:27284 [0] NCCL INFO Channel 03/04 :    0   1
vm:27264:27292 [1] NCCL INFO Channel 00/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:27264:27291 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:27264:27292 [1] NCCL INFO Channel 01/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:27264:27291 [0] NCCL INFO Channel 01/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:27264:27292 [1] NCCL INFO Channel 02/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:27264:27291 [0] NCCL INFO Channel 02/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:27264:27292 [1] NCCL INFO Channel 03/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:27264:27291 [0] NCCL INFO Channel 03/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:27264:27284 [0] NCCL INFO Connected all rings, use ring PXN 0 GDR 0
vm:27264:27284 [0] NCCL INFO Connected all trees
vm:27264:27284 [0] NCCL INFO Init timings - ncclCommInitRankConfig: rank 0 nranks 2 total 0.41 (kernels 0.18, alloc 0.01, bootstrap 0.00, allgathers 0.00, topo 0.05, graphs 0.00, connections 0.12, rest 0.05)
vm:27264:27284 [0] NCCL INFO ncclCommInitRankConfig comm 0x551aa67ccd90 rank 0 nranks 2 cudaDev 0 nvmlDev 0 busId 20 commId 0xc7feffb3b8aaff76 - Init COMPLETE
vm:27264:27285 [1] NCCL INFO Init timings - ncclCommInitRankConfig: rank 1 nranks 2 total 0.41 (kernels 0.18, alloc 0.01, bootstrap 0.00, allgathers 0.00, topo 0.05, graphs 0.00, connections 0.12, rest 0.05)
vm:27264:27285 [1] NCCL INFO ncclCommInitRankConfig comm 0x5558bbc7e300 rank 1 nranks 2 cudaDev 1 nvmlDev 1 busId 30 commId 0xc7feffb3b8aaff76 - Init COMPLETE
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
     8388608       2097152     float     sum      -1   643.75   13.03   13.03       0   651.39   12.88   12.88       0
vm:27264:27264 [0] NCCL INFO comm 0x551aa67ccd90 rank 0 nranks 2 cudaDev 0 busId 20 - Destroy COMPLETE
vm:27264:27264 [1] NCCL INFO comm 0x5558bbc7e300 rank 1 nranks 2 cudaDev 1 busId 30 - Destroy COMPLETE
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 12.9544 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-g\x002\x00-b\x008M\x00-e\x008M\x00;e=NCCL_DEBUG=INFO\x00NCCL_SOCKET_IFNAME==eth0\x00;x=0;t0=1796315173.3288815;t1=1796315173.3698046;u=root;host=vm;pid=27264;ppid=27227;r=20261203T162611-27179-d16c834f.27264.1796315173328881.run;rh=7492e4a63a41f9b5bbd03a2442841be81d2878506fcff627184e4c9761944325;k=34cdfb05c4133966c90f4257ad692bf7;s=74b51b39c546c5216843027b5f0043ad454abc9cea8a5bbeb45897ffab3b5fa4a75649aeae91f56927824e397905c7e58eb8ce18946b3b4d2277d21b880f4a09]133;D;0;aid=27227;n=9;h=10;t=1796315173.398919;ps=0;k=34cdfb05c4133966c90f4257ad692bf7]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=27227;k=34cdfb05c4133966c90f4257ad692bf7[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;34cdfb05c4133966c90f4257ad692bf7]133;C;aid=27227;n=10;h=11;t=1796315173.410497;k=34cdfb05c4133966c90f4257ad692bf7exit

Script done on 2026-12-03 16:26:13+00:00 [COMMAND_EXIT_CODE="0"]
