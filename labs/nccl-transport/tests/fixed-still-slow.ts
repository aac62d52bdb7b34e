Script started on 2026-12-02 05:55:24+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/0" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=11705;n=0;h=1;t=1796190924.617376;ps=1;k=78ec4d29543523224d20d735b4bd6e57]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11705;k=78ec4d29543523224d20d735b4bd6e57[?2004hroot@vm:~# all_reduce_perf -b 128M -e 128M -g 2
[?2004l]633;E;all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202;78ec4d29543523224d20d735b4bd6e57]133;C;aid=11705;n=1;h=2;t=1796190924.698524;k=78ec4d29543523224d20d735b4bd6e57# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  11714 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  11714 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  10235.6   13.11   13.11       0  10222.4   13.13   13.13       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.1213 
#
# Collective test concluded: all_reduce_perf

]133;D;0;aid=11705;n=1;h=2;t=1796190924.769776;ps=0;k=78ec4d29543523224d20d735b4bd6e57]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11705;k=78ec4d29543523224d20d735b4bd6e57[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1 all_reduce_perf -b 128M -e 128M -g 2
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_SHM_DISABLE=1\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202;78ec4d29543523224d20d735b4bd6e57]133;C;aid=11705;n=2;h=3;t=1796190924.934109;k=78ec4d29543523224d20d735b4bd6e57# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  11717 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  11717 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  58945.3    2.28    2.28       0  58350.3    2.30    2.30       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 2.2886 
#
# Collective test concluded: all_reduce_perf

]133;D;0;aid=11705;n=2;h=3;t=1796190925.007888;ps=0;k=78ec4d29543523224d20d735b4bd6e57]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11705;k=78ec4d29543523224d20d735b4bd6e57[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1 all_reduce_perf -b 128M -e 128M -g 2 | grep 'Avg bu s bandwidth'
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_SHM_DISABLE=1\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x20|\x20grep\x20'Avg\x20bus\x20bandwidth';78ec4d29543523224d20d735b4bd6e57]133;C;aid=11705;n=3;h=4;t=1796190925.230270;k=78ec4d29543523224d20d735b4bd6e57# Avg bus bandwidth    : 2.2982 
]133;D;0;aid=11705;n=3;h=4;t=1796190925.317235;ps=0,0;k=78ec4d29543523224d20d735b4bd6e57]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11705;k=78ec4d29543523224d20d735b4bd6e57[?2004hroot@vm:~# NCCL_SHM_DISABLE=1 all_reduce_perf -b 128M -e 128M -g 2 | grep 'Avg bus bandwidth'
[?2004l]633;E;NCCL_SHM_DISABLE=1\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x20|\x20grep\x20'Avg\x20bus\x20bandwidth';78ec4d29543523224d20d735b4bd6e57]133;C;aid=11705;n=4;h=5;t=1796190925.501912;k=78ec4d29543523224d20d735b4bd6e57# Avg bus bandwidth    : 13.0679 
]133;D;0;aid=11705;n=4;h=5;t=1796190925.589200;ps=0,0;k=78ec4d29543523224d20d735b4bd6e57]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11705;k=78ec4d29543523224d20d735b4bd6e57[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;78ec4d29543523224d20d735b4bd6e57]133;C;aid=11705;n=5;h=6;t=1796190925.600869;k=78ec4d29543523224d20d735b4bd6e57exit

Script done on 2026-12-02 05:55:25+00:00 [COMMAND_EXIT_CODE="0"]
