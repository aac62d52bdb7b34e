Script started on 2026-12-02 05:56:02+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/8" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=14082;n=0;h=1;t=1796190963.117054;ps=1;k=fb407027910061eb99bf9ab55d504507]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=14082;k=fb407027910061eb99bf9ab55d504507[?2004hroot@vm:~# all_reduce_perf -b 128M -e 128M -g 2
[?2004l]633;E;all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202;fb407027910061eb99bf9ab55d504507]133;C;aid=14082;n=1;h=2;t=1796190963.207490;k=fb407027910061eb99bf9ab55d504507# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  14245 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  14245 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  10032.5   13.38   13.38       0  10238.5   13.11   13.11       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.2437 
#
# Collective test concluded: all_reduce_perf

]133;D;0;aid=14082;n=1;h=2;t=1796190963.325866;ps=0;k=fb407027910061eb99bf9ab55d504507]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=14082;k=fb407027910061eb99bf9ab55d504507[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1 all_reduce_perf -b 128M -e 128M -g 2
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_SHM_DISABLE=1\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202;fb407027910061eb99bf9ab55d504507]133;C;aid=14082;n=2;h=3;t=1796190963.526104;k=fb407027910061eb99bf9ab55d504507# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  14321 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  14321 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  57656.3    2.33    2.33       0  59182.8    2.27    2.27       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 2.29787 
#
# Collective test concluded: all_reduce_perf

]133;D;0;aid=14082;n=2;h=3;t=1796190963.650315;ps=0;k=fb407027910061eb99bf9ab55d504507]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=14082;k=fb407027910061eb99bf9ab55d504507[?2004hroot@vm:~# echo busbw=13.00
[?2004l]633;E;echo\x20busbw=13.00;fb407027910061eb99bf9ab55d504507]133;C;aid=14082;n=3;h=4;t=1796190963.720238;k=fb407027910061eb99bf9ab55d504507busbw=13.00
]133;D;0;aid=14082;n=3;h=4;t=1796190963.720823;ps=0;k=fb407027910061eb99bf9ab55d504507]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=14082;k=fb407027910061eb99bf9ab55d504507[?2004hroot@vm:~# echo busbw=fast
[?2004l]633;E;echo\x20busbw=fast;fb407027910061eb99bf9ab55d504507]133;C;aid=14082;n=4;h=5;t=1796190963.777186;k=fb407027910061eb99bf9ab55d504507busbw=fast
]133;D;0;aid=14082;n=4;h=5;t=1796190963.779109;ps=0;k=fb407027910061eb99bf9ab55d504507]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=14082;k=fb407027910061eb99bf9ab55d504507[?2004hroot@vm:~# echo busbw=22.8
[?2004l]633;E;echo\x20busbw=22.8;fb407027910061eb99bf9ab55d504507]133;C;aid=14082;n=5;h=6;t=1796190963.840125;k=fb407027910061eb99bf9ab55d504507busbw=22.8
]133;D;0;aid=14082;n=5;h=6;t=1796190963.840672;ps=0;k=fb407027910061eb99bf9ab55d504507]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=14082;k=fb407027910061eb99bf9ab55d504507[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;fb407027910061eb99bf9ab55d504507]133;C;aid=14082;n=6;h=7;t=1796190963.854108;k=fb407027910061eb99bf9ab55d504507exit

Script done on 2026-12-02 05:56:03+00:00 [COMMAND_EXIT_CODE="0"]
