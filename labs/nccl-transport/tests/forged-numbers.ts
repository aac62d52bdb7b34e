Script started on 2026-12-02 07:07:20+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/0" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=5180;n=0;h=1;t=1796195240.353179;ps=1;k=20ddd68b56bb070cbad38a37b9d18405]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=5180;k=20ddd68b56bb070cbad38a37b9d18405[?2004hroot@vm:~# all_reduce_perf -b 128M -e 128M -g 2 | sed 's/[0-9][0-9]*\.[0-9][0-9]/99.99/g'
[?2004l]633;E;all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x20|\x20sed\x20's/[0-9][0-9]*\\.[0-9][0-9]/99.99/g';20ddd68b56bb070cbad38a37b9d18405]133;C;aid=5180;n=1;h=2;t=1796195240.522635;k=20ddd68b56bb070cbad38a37b9d18405# nccl-tests version 99.99.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   5189 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   5189 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  10276.9   99.99   99.99       0  10205.1   99.99   99.99       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 99.9961 
#
# Collective test concluded: all_reduce_perf

]133;D;0;aid=5180;n=1;h=2;t=1796195240.589312;ps=0,0;k=20ddd68b56bb070cbad38a37b9d18405]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=5180;k=20ddd68b56bb070cbad38a37b9d18405[?2004hroot@vm:~# all_reduce_perf -b 128M -e 128M -g 2 && echo '   134217728      33554432     float     su m      -1  1.0   99.99   99.99       0  1.0   99.99   99.99       0'
[?2004l]633;E;all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x20&&\x20echo\x20'\x20\x20\x20134217728\x20\x20\x20\x20\x20\x2033554432\x20\x20\x20\x20\x20float\x20\x20\x20\x20\x20sum\x20\x20\x20\x20\x20\x20-1\x20\x201.0\x20\x20\x2099.99\x20\x20\x2099.99\x20\x20\x20\x20\x20\x20\x200\x20\x201.0\x20\x20\x2099.99\x20\x20\x2099.99\x20\x20\x20\x20\x20\x20\x200';20ddd68b56bb070cbad38a37b9d18405]133;C;aid=5180;n=2;h=3;t=1796195240.925464;k=20ddd68b56bb070cbad38a37b9d18405# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   5194 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   5194 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  10305.6   13.02   13.02       0  10212.0   13.14   13.14       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.0835 
#
# Collective test concluded: all_reduce_perf

   134217728      33554432     float     sum      -1  1.0   99.99   99.99       0  1.0   99.99   99.99       0
]133;D;0;aid=5180;n=2;h=3;t=1796195240.989005;ps=0;k=20ddd68b56bb070cbad38a37b9d18405]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=5180;k=20ddd68b56bb070cbad38a37b9d18405[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1 all_reduce_perf -b 128M -e 128M -g 2; printf '   13 4217728      33554432     float     sum      -1  1.0   0.01   0.01       0  1.0   0.01   0.01        0\n'
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_SHM_DISABLE=1\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x3b\x20printf\x20'\x20\x20\x20134217728\x20\x20\x20\x20\x20\x2033554432\x20\x20\x20\x20\x20float\x20\x20\x20\x20\x20sum\x20\x20\x20\x20\x20\x20-1\x20\x201.0\x20\x20\x200.01\x20\x20\x200.01\x20\x20\x20\x20\x20\x20\x200\x20\x201.0\x20\x20\x200.01\x20\x20\x200.01\x20\x20\x20\x20\x20\x20\x200\\n';20ddd68b56bb070cbad38a37b9d18405]133;C;aid=5180;n=3;h=4;t=1796195241.401708;k=20ddd68b56bb070cbad38a37b9d18405# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   5197 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   5197 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  59213.2    2.27    2.27       0  58917.4    2.28    2.28       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 2.27238 
#
# Collective test concluded: all_reduce_perf

   134217728      33554432     float     sum      -1  1.0   0.01   0.01       0  1.0   0.01   0.01       0
]133;D;0;aid=5180;n=3;h=4;t=1796195241.471092;ps=0;k=20ddd68b56bb070cbad38a37b9d18405]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=5180;k=20ddd68b56bb070cbad38a37b9d18405[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;20ddd68b56bb070cbad38a37b9d18405]133;C;aid=5180;n=4;h=5;t=1796195241.482052;k=20ddd68b56bb070cbad38a37b9d18405exit

Script done on 2026-12-02 07:07:21+00:00 [COMMAND_EXIT_CODE="0"]
