Script started on 2026-11-29 18:08:29+00:00 [COMMAND="exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/2" COLUMNS="100" LINES="24"]
]133;D;0;aid=2533;n=0;h=1;t=1795975709.123516;ps=0;k=7a1e82e25d3b3a7388ef51bf844f92a9]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=2533;k=7a1e82e25d3b3a7388ef51bf844f92a9[?2004hroot@vm:~# export NCCL_SOCKET_IFNAME=doesnotexist0
[?2004l]633;E;export\x20NCCL_SOCKET_IFNAME=doesnotexist0;7a1e82e25d3b3a7388ef51bf844f92a9]133;C;aid=2533;n=1;h=2;t=1795975709.243142;k=7a1e82e25d3b3a7388ef51bf844f92a9]133;D;0;aid=2533;n=1;h=2;t=1795975709.243686;ps=0;k=7a1e82e25d3b3a7388ef51bf844f92a9]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=2533;k=7a1e82e25d3b3a7388ef51bf844f92a9[?2004hroot@vm:~# time -p stdbuf -oL all_reduce_perf --minbytes 8M --maxbytes 8M --ngpus 2
[?2004l]633;E;time\x20-p\x20stdbuf\x20-oL\x20all_reduce_perf\x20--minbytes\x208M\x20--maxbytes\x208M\x20--ngpus\x202;7a1e82e25d3b3a7388ef51bf844f92a9]133;C;aid=2533;n=2;h=3;t=1795975709.571920;k=7a1e82e25d3b3a7388ef51bf844f92a9# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   2554 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   2554 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation

[2026-11-29 18:08:29] vm:2554:2554 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
vm: Test NCCL failure common.cu:1550 'invalid usage (run with NCCL_DEBUG=WARN for details) / '
 .. vm pid 2554: Test failure common.cu:1454
real 0.34
user 0.09
sys 0.02
]133;D;3;aid=2533;n=2;h=3;t=1795975709.919029;ps=3;k=7a1e82e25d3b3a7388ef51bf844f92a9]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=2533;k=7a1e82e25d3b3a7388ef51bf844f92a9[?2004hroot@vm:~# all_reduce_perf -b 8M -e 8M -g 2
[?2004l]633;E;all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202;7a1e82e25d3b3a7388ef51bf844f92a9]133;C;aid=2533;n=3;h=4;t=1795975710.021530;k=7a1e82e25d3b3a7388ef51bf844f92a9# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   2582 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   2582 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation

[2026-11-29 18:08:30] vm:2582:2582 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
vm: Test NCCL failure common.cu:1550 'invalid usage (run with NCCL_DEBUG=WARN for details) / '
 .. vm pid 2582: Test failure common.cu:1454
]133;D;3;aid=2533;n=3;h=4;t=1795975710.438827;ps=3;k=7a1e82e25d3b3a7388ef51bf844f92a9]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=2533;k=7a1e82e25d3b3a7388ef51bf844f92a9[?2004hroot@vm:~# echo "$?"
[?2004l]633;E;echo\x20"$?";7a1e82e25d3b3a7388ef51bf844f92a9]133;C;aid=2533;n=4;h=5;t=1795975710.487936;k=7a1e82e25d3b3a7388ef51bf844f92a93
]133;D;0;aid=2533;n=4;h=5;t=1795975710.488529;ps=0;k=7a1e82e25d3b3a7388ef51bf844f92a9]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=2533;k=7a1e82e25d3b3a7388ef51bf844f92a9[?2004hroot@vm:~# unset NCCL_SOCKET_IFNAME
[?2004l]633;E;unset\x20NCCL_SOCKET_IFNAME;7a1e82e25d3b3a7388ef51bf844f92a9]133;C;aid=2533;n=5;h=6;t=1795975710.547142;k=7a1e82e25d3b3a7388ef51bf844f92a9]133;D;0;aid=2533;n=5;h=6;t=1795975710.549976;ps=0;k=7a1e82e25d3b3a7388ef51bf844f92a9]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=2533;k=7a1e82e25d3b3a7388ef51bf844f92a9[?2004hroot@vm:~# export NCCL_DEBUG=INFO
[?2004l]633;E;export\x20NCCL_DEBUG=INFO;7a1e82e25d3b3a7388ef51bf844f92a9]133;C;aid=2533;n=6;h=7;t=1795975710.632175;k=7a1e82e25d3b3a7388ef51bf844f92a9]133;D;0;aid=2533;n=6;h=7;t=1795975710.635106;ps=0;k=7a1e82e25d3b3a7388ef51bf844f92a9]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=2533;k=7a1e82e25d3b3a7388ef51bf844f92a9[?2004hroot@vm:~# env all_reduce_perf -b 128M -e 128M -g 2 | grep "NET/Socket"
[?2004l]633;E;env\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x20|\x20grep\x20"NET/Socket";7a1e82e25d3b3a7388ef51bf844f92a9]133;C;aid=2533;n=7;h=8;t=1795975710.813306;k=7a1e82e25d3b3a7388ef51bf844f92a9vm:2641:2661 [0] NCCL INFO NET/Socket : Using [0]eth0:192.0.2.2<0>
]133;D;0;aid=2533;n=7;h=8;t=1795975711.110761;ps=0,0;k=7a1e82e25d3b3a7388ef51bf844f92a9]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=2533;k=7a1e82e25d3b3a7388ef51bf844f92a9[?2004hroot@vm:~# nice -n 5 all_reduce_perf -g 2 -b 8M -e 8M |& egrep -i 'p2p'
[?2004l]633;E;nice\x20-n\x205\x20all_reduce_perf\x20-g\x202\x20-b\x208M\x20-e\x208M\x20|&\x20egrep\x20-i\x20'p2p';7a1e82e25d3b3a7388ef51bf844f92a9]133;C;aid=2533;n=8;h=9;t=1795975711.279888;k=7a1e82e25d3b3a7388ef51bf844f92a9vm:2682:2710 [1] NCCL INFO Channel 00/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:2682:2709 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:2682:2710 [1] NCCL INFO Channel 01/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:2682:2709 [0] NCCL INFO Channel 01/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:2682:2710 [1] NCCL INFO Channel 02/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:2682:2709 [0] NCCL INFO Channel 02/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:2682:2710 [1] NCCL INFO Channel 03/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:2682:2709 [0] NCCL INFO Channel 03/0 : 0[0] -> 1[1] via P2P/direct pointer
]133;D;0;aid=2533;n=8;h=9;t=1795975711.609300;ps=0,0;k=7a1e82e25d3b3a7388ef51bf844f92a9]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=2533;k=7a1e82e25d3b3a7388ef51bf844f92a9[?2004hroot@vm:~# NCCL_SOCKET_IFNAME='=eth0' all_reduce_perf -g 2 -b 8M -e 8M
[?2004l]633;E;NCCL_SOCKET_IFNAME='=eth0'\x20all_reduce_perf\x20-g\x202\x20-b\x208M\x20-e\x208M;7a1e82e25d3b3a7388ef51bf844f92a9]133;C;aid=2533;n=9;h=10;t=1795975711.789359;k=7a1e82e25d3b3a7388ef51bf844f92a9# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   2720 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   2720 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
vm:2720:2720 [0] NCCL INFO NCCL_SOCKET_IFNAME set by environment to =eth0
vm:2720:2720 [0] NCCL INFO Bootstrap: Using eth0:192.0.2.2<0>
vm:2720:2720 [0] NCCL INFO NET/Plugin: Could not find: libnccl-net.so. Using internal network plugin.
vm:2720:2720 [1] NCCL INFO cudaDriverVersion 13000
vm:2720:2740 [0] NCCL INFO NCCL version 2.30.7+cuda13.0
vm:2720:2740 [0] NCCL INFO NET/IB : No device found.
vm:2720:2740 [0] NCCL INFO NET/IB : Using [RO]; OOB eth0:192.0.2.2<0>
vm:2720:2740 [0] NCCL INFO NET/Socket : Using [0]eth0:192.0.2.2<0>
vm:2720:2740 [0] NCCL INFO Using non-device net plugin version 0
vm:2720:2740 [0] NCCL INFO Using network Socket
vm:2720:2740 [0] NCCL INFO ncclCommInitRankConfig comm 0x553496df87d0 rank 0 nranks 2 cudaDev 0 nvmlDev 0 busId 20 commId 0x271bed055ecef0e3 - Init START
vm:2720:2741 [1] NCCL INFO ncclCommInitRankConfig comm 0x5524c2c12c50 rank 1 nranks 2 cudaDev 1 nvmlDev 1 busId 30 commId 0x271bed055ecef0e3 - Init START
vm:2720:2740 [0] NCCL INFO Channel 00/04 :    0   1
vm:2720:2740 [0] NCCL INFO Channel 01/04 :    0   1
vm:2720:2740 [0] NCCL INFO Channel 02/04 :    0   1
vm:2720:2740 [0] NCCL INFO Channel 03/04 :    0   1
vm:2720:2748 [1] NCCL INFO Channel 00/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:2720:2747 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:2720:2748 [1] NCCL INFO Channel 01/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:2720:2747 [0] NCCL INFO Channel 01/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:2720:2748 [1] NCCL INFO Channel 02/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:2720:2747 [0] NCCL INFO Channel 02/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:2720:2748 [1] NCCL INFO Channel 03/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:2720:2747 [0] NCCL INFO Channel 03/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:2720:2740 [0] NCCL INFO Connected all rings, use ring PXN 0 GDR 0
vm:2720:2740 [0] NCCL INFO Connected all trees
vm:2720:2740 [0] NCCL INFO Init timings - ncclCommInitRankConfig: rank 0 nranks 2 total 0.41 (kernels 0.18, alloc 0.01, bootstrap 0.00, allgathers 0.00, topo 0.05, graphs 0.00, connections 0.12, rest 0.05)
vm:2720:2740 [0] NCCL INFO ncclCommInitRankConfig comm 0x553496df87d0 rank 0 nranks 2 cudaDev 0 nvmlDev 0 busId 20 commId 0x271bed055ecef0e3 - Init COMPLETE
vm:2720:2741 [1] NCCL INFO Init timings - ncclCommInitRankConfig: rank 1 nranks 2 total 0.41 (kernels 0.18, alloc 0.01, bootstrap 0.00, allgathers 0.00, topo 0.05, graphs 0.00, connections 0.12, rest 0.05)
vm:2720:2741 [1] NCCL INFO ncclCommInitRankConfig comm 0x5524c2c12c50 rank 1 nranks 2 cudaDev 1 nvmlDev 1 busId 30 commId 0x271bed055ecef0e3 - Init COMPLETE
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
     8388608       2097152     float     sum      -1   640.33   13.10   13.10       0   643.62   13.03   13.03       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.067 
#
# Collective test concluded: all_reduce_perf

vm:2720:2720 [0] NCCL INFO comm 0x553496df87d0 rank 0 nranks 2 cudaDev 0 busId 20 - Destroy COMPLETE
vm:2720:2720 [1] NCCL INFO comm 0x5524c2c12c50 rank 1 nranks 2 cudaDev 1 busId 30 - Destroy COMPLETE
]133;D;0;aid=2533;n=9;h=10;t=1795975712.138908;ps=0;k=7a1e82e25d3b3a7388ef51bf844f92a9]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=2533;k=7a1e82e25d3b3a7388ef51bf844f92a9[?2004hroot@vm:~# exit
[?2004l]633;E;exit;7a1e82e25d3b3a7388ef51bf844f92a9]133;C;aid=2533;n=10;h=11;t=1795975712.179153;k=7a1e82e25d3b3a7388ef51bf844f92a9exit

Script done on 2026-11-29 18:08:32+00:00 [COMMAND_EXIT_CODE="0"]
