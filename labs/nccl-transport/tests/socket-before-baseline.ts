Script started on 2026-12-02 05:55:34+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/0" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=12050;n=0;h=1;t=1796190934.417903;ps=1;k=746916073f48958e79e10d4d01f4d7e8]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=12050;k=746916073f48958e79e10d4d01f4d7e8[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1 all_reduce_perf -b 128M -e 128M -g 2
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_SHM_DISABLE=1\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202;746916073f48958e79e10d4d01f4d7e8]133;C;aid=12050;n=1;h=2;t=1796190934.580849;k=746916073f48958e79e10d4d01f4d7e8# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  12059 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  12059 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  58038.6    2.31    2.31       0  58124.3    2.31    2.31       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 2.31085 
#
# Collective test concluded: all_reduce_perf

]133;D;0;aid=12050;n=1;h=2;t=1796190934.648615;ps=0;k=746916073f48958e79e10d4d01f4d7e8]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=12050;k=746916073f48958e79e10d4d01f4d7e8[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 all_reduce_perf -b 128M -e 128M -g 2
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202;746916073f48958e79e10d4d01f4d7e8]133;C;aid=12050;n=2;h=3;t=1796190934.768636;k=746916073f48958e79e10d4d01f4d7e8# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  12062 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  12062 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  14899.4    9.01    9.01       0  14615.6    9.18    9.18       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 9.09573 
#
# Collective test concluded: all_reduce_perf

]133;D;0;aid=12050;n=2;h=3;t=1796190934.835723;ps=0;k=746916073f48958e79e10d4d01f4d7e8]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=12050;k=746916073f48958e79e10d4d01f4d7e8[?2004hroot@vm:~# echo busbw=2.28
[?2004l]633;E;echo\x20busbw=2.28;746916073f48958e79e10d4d01f4d7e8]133;C;aid=12050;n=3;h=4;t=1796190934.871092;k=746916073f48958e79e10d4d01f4d7e8busbw=2.28
]133;D;0;aid=12050;n=3;h=4;t=1796190934.871606;ps=0;k=746916073f48958e79e10d4d01f4d7e8]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=12050;k=746916073f48958e79e10d4d01f4d7e8[?2004hroot@vm:~# all_reduce_perf -b 128M -e 128M -g 2
[?2004l]633;E;all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202;746916073f48958e79e10d4d01f4d7e8]133;C;aid=12050;n=4;h=5;t=1796190934.951435;k=746916073f48958e79e10d4d01f4d7e8# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  12067 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  12067 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  10286.1   13.05   13.05       0  10184.6   13.18   13.18       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.1135 
#
# Collective test concluded: all_reduce_perf

]133;D;0;aid=12050;n=4;h=5;t=1796190935.018553;ps=0;k=746916073f48958e79e10d4d01f4d7e8]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=12050;k=746916073f48958e79e10d4d01f4d7e8[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1 all_reduce_perf -b 128M -e 128M -g 2
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_SHM_DISABLE=1\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202;746916073f48958e79e10d4d01f4d7e8]133;C;aid=12050;n=5;h=6;t=1796190935.182178;k=746916073f48958e79e10d4d01f4d7e8# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  12070 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  12070 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  58793.2    2.28    2.28       0  58542.6    2.29    2.29       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 2.28776 
#
# Collective test concluded: all_reduce_perf

]133;D;0;aid=12050;n=5;h=6;t=1796190935.250720;ps=0;k=746916073f48958e79e10d4d01f4d7e8]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=12050;k=746916073f48958e79e10d4d01f4d7e8[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;746916073f48958e79e10d4d01f4d7e8]133;C;aid=12050;n=6;h=7;t=1796190935.262472;k=746916073f48958e79e10d4d01f4d7e8exit

Script done on 2026-12-02 05:55:35+00:00 [COMMAND_EXIT_CODE="0"]
