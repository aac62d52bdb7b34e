Script started on 2026-12-01 10:54:12+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/0" COLUMNS="100" LINES="24"]
]133;D;0;aid=6117;n=0;h=1;t=1796122452.063272;ps=1;k=175ecc1835140499616bbc838089a742]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=6117;k=175ecc1835140499616bbc838089a742[?2004hroot@vm:~# NCCL_DEBUG=INFO NCCL_SOCKET_IFNAME=lo all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep 'N ET/Socket'
[?2004l]633;E;NCCL_DEBUG=INFO\x20NCCL_SOCKET_IFNAME=lo\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20'NET/Socket';175ecc1835140499616bbc838089a742]133;C;aid=6117;n=1;h=2;t=1796122452.277726;k=175ecc1835140499616bbc838089a742vm:6124:6144 [0] NCCL INFO NET/Socket : Using [0]lo:127.0.0.1<0>
]133;D;0;aid=6117;n=1;h=2;t=1796122452.352696;ps=0,0;k=175ecc1835140499616bbc838089a742]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=6117;k=175ecc1835140499616bbc838089a742[?2004hroot@vm:~# export NCCL_SOCKET_IFNAME=lo
[?2004l]633;E;export\x20NCCL_SOCKET_IFNAME=lo;175ecc1835140499616bbc838089a742]133;C;aid=6117;n=2;h=3;t=1796122452.415004;k=175ecc1835140499616bbc838089a742]133;D;0;aid=6117;n=2;h=3;t=1796122452.415489;ps=0;k=175ecc1835140499616bbc838089a742]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=6117;k=175ecc1835140499616bbc838089a742[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep -E 'NET/Socket|Bootstrap '
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20-E\x20'NET/Socket|Bootstrap';175ecc1835140499616bbc838089a742]133;C;aid=6117;n=3;h=4;t=1796122452.608549;k=175ecc1835140499616bbc838089a742vm:6130:6130 [0] NCCL INFO Bootstrap: Using lo:127.0.0.1<0>
vm:6130:6150 [0] NCCL INFO NET/Socket : Using [0]lo:127.0.0.1<0>
]133;D;0;aid=6117;n=3;h=4;t=1796122452.667325;ps=0,0;k=175ecc1835140499616bbc838089a742]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=6117;k=175ecc1835140499616bbc838089a742[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=lo all_reduce_perf -b 8M -e 8M -g 2
[?2004l]633;E;NCCL_SOCKET_IFNAME=lo\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202;175ecc1835140499616bbc838089a742]133;C;aid=6117;n=4;h=5;t=1796122452.785970;k=175ecc1835140499616bbc838089a742# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   6134 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   6134 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
NCCL version 2.30.7+cuda13.0
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
     8388608       2097152     float     sum      -1   648.01   12.95   12.95       0   646.93   12.97   12.97       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 12.956 
#
# Collective test concluded: all_reduce_perf

]133;D;0;aid=6117;n=4;h=5;t=1796122452.859731;ps=0;k=175ecc1835140499616bbc838089a742]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=6117;k=175ecc1835140499616bbc838089a742[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;175ecc1835140499616bbc838089a742]133;C;aid=6117;n=5;h=6;t=1796122452.871248;k=175ecc1835140499616bbc838089a742exit

Script done on 2026-12-01 10:54:12+00:00 [COMMAND_EXIT_CODE="0"]
