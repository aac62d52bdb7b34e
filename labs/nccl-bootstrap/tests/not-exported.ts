Script started on 2026-11-29 18:08:35+00:00 [COMMAND="exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/0" COLUMNS="100" LINES="24"]
]133;D;0;aid=3082;n=0;h=1;t=1795975715.908990;ps=0;k=2a67c6c2b21faef7a3d2e14e259281e4]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3082;k=2a67c6c2b21faef7a3d2e14e259281e4[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0;2a67c6c2b21faef7a3d2e14e259281e4]133;C;aid=3082;n=1;h=2;t=1795975716.031680;k=2a67c6c2b21faef7a3d2e14e259281e4]133;D;0;aid=3082;n=1;h=2;t=1795975716.033162;ps=0;k=2a67c6c2b21faef7a3d2e14e259281e4]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3082;k=2a67c6c2b21faef7a3d2e14e259281e4[?2004hroot@vm:~# all_reduce_perf -b 8M -e 8M -g 2
[?2004l]633;E;all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202;2a67c6c2b21faef7a3d2e14e259281e4]133;C;aid=3082;n=2;h=3;t=1795975716.127930;k=2a67c6c2b21faef7a3d2e14e259281e4# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   3104 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   3104 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
NCCL version 2.30.7+cuda13.0
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
     8388608       2097152     float     sum      -1   638.18   13.14   13.14       0   650.34   12.90   12.90       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.0216 
#
# Collective test concluded: all_reduce_perf

]133;D;0;aid=3082;n=2;h=3;t=1795975716.421659;ps=0;k=2a67c6c2b21faef7a3d2e14e259281e4]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3082;k=2a67c6c2b21faef7a3d2e14e259281e4[?2004hroot@vm:~# echo $?
[?2004l]633;E;echo\x20$?;2a67c6c2b21faef7a3d2e14e259281e4]133;C;aid=3082;n=3;h=4;t=1795975716.456187;k=2a67c6c2b21faef7a3d2e14e259281e40
]133;D;0;aid=3082;n=3;h=4;t=1795975716.456776;ps=0;k=2a67c6c2b21faef7a3d2e14e259281e4]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3082;k=2a67c6c2b21faef7a3d2e14e259281e4[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;2a67c6c2b21faef7a3d2e14e259281e4]133;C;aid=3082;n=4;h=5;t=1795975716.479787;k=2a67c6c2b21faef7a3d2e14e259281e4exit

Script done on 2026-11-29 18:08:36+00:00 [COMMAND_EXIT_CODE="0"]
