Script started on 2026-12-02 05:55:30+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/0" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=11932;n=0;h=1;t=1796190930.989426;ps=1;k=e714c5c6cd3557508a82a2f09fd585cd]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11932;k=e714c5c6cd3557508a82a2f09fd585cd[?2004hroot@vm:~# all_reduce_perf -b 128M -e 128M -g 2
[?2004l]633;E;all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202;e714c5c6cd3557508a82a2f09fd585cd]133;C;aid=11932;n=1;h=2;t=1796190931.071048;k=e714c5c6cd3557508a82a2f09fd585cd# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  11941 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  11941 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  10140.8   13.24   13.24       0  10259.5   13.08   13.08       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.1589 
#
# Collective test concluded: all_reduce_perf

]133;D;0;aid=11932;n=1;h=2;t=1796190931.144188;ps=0;k=e714c5c6cd3557508a82a2f09fd585cd]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11932;k=e714c5c6cd3557508a82a2f09fd585cd[?2004hroot@vm:~# NCCL_SHM_DISABLE=1 NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep via
[?2004l]633;E;NCCL_SHM_DISABLE=1\x20NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20via;e714c5c6cd3557508a82a2f09fd585cd]133;C;aid=11932;n=2;h=3;t=1796190931.334848;k=e714c5c6cd3557508a82a2f09fd585cdvm:11944:11972 [1] NCCL INFO Channel 00/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:11944:11971 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:11944:11972 [1] NCCL INFO Channel 01/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:11944:11971 [0] NCCL INFO Channel 01/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:11944:11972 [1] NCCL INFO Channel 02/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:11944:11971 [0] NCCL INFO Channel 02/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:11944:11972 [1] NCCL INFO Channel 03/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:11944:11971 [0] NCCL INFO Channel 03/0 : 0[0] -> 1[1] via P2P/direct pointer
]133;D;0;aid=11932;n=2;h=3;t=1796190931.416666;ps=0,0;k=e714c5c6cd3557508a82a2f09fd585cd]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11932;k=e714c5c6cd3557508a82a2f09fd585cd[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep via
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20via;e714c5c6cd3557508a82a2f09fd585cd]133;C;aid=11932;n=3;h=4;t=1796190931.605322;k=e714c5c6cd3557508a82a2f09fd585cdvm:11948:11976 [1] NCCL INFO Channel 00 : 1[1] -> 0[0] via SHM/direct
vm:11948:11975 [0] NCCL INFO Channel 00 : 0[0] -> 1[1] via SHM/direct
vm:11948:11976 [1] NCCL INFO Channel 01 : 1[1] -> 0[0] via SHM/direct
vm:11948:11975 [0] NCCL INFO Channel 01 : 0[0] -> 1[1] via SHM/direct
vm:11948:11976 [1] NCCL INFO Channel 02 : 1[1] -> 0[0] via SHM/direct
vm:11948:11975 [0] NCCL INFO Channel 02 : 0[0] -> 1[1] via SHM/direct
vm:11948:11976 [1] NCCL INFO Channel 03 : 1[1] -> 0[0] via SHM/direct
vm:11948:11975 [0] NCCL INFO Channel 03 : 0[0] -> 1[1] via SHM/direct
]133;D;0;aid=11932;n=3;h=4;t=1796190931.674496;ps=0,0;k=e714c5c6cd3557508a82a2f09fd585cd]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11932;k=e714c5c6cd3557508a82a2f09fd585cd[?2004hroot@vm:~# NCCL_P2P_DISABLE=0 NCCL_SHM_DISABLE=1 all_reduce_perf -b 128M -e 128M -g 2
[?2004l]633;E;NCCL_P2P_DISABLE=0\x20NCCL_SHM_DISABLE=1\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202;e714c5c6cd3557508a82a2f09fd585cd]133;C;aid=11932;n=4;h=5;t=1796190931.856420;k=e714c5c6cd3557508a82a2f09fd585cd# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  11952 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  11952 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  10294.7   13.04   13.04       0  10295.6   13.04   13.04       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.037 
#
# Collective test concluded: all_reduce_perf

]133;D;0;aid=11932;n=4;h=5;t=1796190931.934280;ps=0;k=e714c5c6cd3557508a82a2f09fd585cd]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11932;k=e714c5c6cd3557508a82a2f09fd585cd[?2004hroot@vm:~# lab answer slow-job a
[?2004l]633;E;lab\x20answer\x20slow-job\x20a;e714c5c6cd3557508a82a2f09fd585cd]133;C;aid=11932;n=5;h=6;t=1796190931.983631;k=e714c5c6cd3557508a82a2f09fd585cdAnswer 'a' for step 'slow-job' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;D;0;aid=11932;n=5;h=6;t=1796190932.045703;ps=0;k=e714c5c6cd3557508a82a2f09fd585cd]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11932;k=e714c5c6cd3557508a82a2f09fd585cd[?2004hroot@vm:~# lab answer slow-job b
[?2004l]633;E;lab\x20answer\x20slow-job\x20b;e714c5c6cd3557508a82a2f09fd585cd]133;C;aid=11932;n=6;h=7;t=1796190932.094119;k=e714c5c6cd3557508a82a2f09fd585cdAnswer 'b' for step 'slow-job' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;D;0;aid=11932;n=6;h=7;t=1796190932.155170;ps=0;k=e714c5c6cd3557508a82a2f09fd585cd]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11932;k=e714c5c6cd3557508a82a2f09fd585cd[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;e714c5c6cd3557508a82a2f09fd585cd]133;C;aid=11932;n=7;h=8;t=1796190932.166654;k=e714c5c6cd3557508a82a2f09fd585cdexit

Script done on 2026-12-02 05:55:32+00:00 [COMMAND_EXIT_CODE="0"]
