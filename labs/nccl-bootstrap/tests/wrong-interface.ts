Script started on 2026-11-29 18:08:42+00:00 [COMMAND="exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/0" COLUMNS="100" LINES="24"]
]133;D;0;aid=3846;n=0;h=1;t=1795975722.817633;ps=0;k=ffcb2fe8d8186f6d4eaca2def39b19aa]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3846;k=ffcb2fe8d8186f6d4eaca2def39b19aa[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=eth1 all_reduce_perf -b 8M -e 8M -g 2
[?2004l]633;E;NCCL_SOCKET_IFNAME=eth1\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202;ffcb2fe8d8186f6d4eaca2def39b19aa]133;C;aid=3846;n=1;h=2;t=1795975722.956360;k=ffcb2fe8d8186f6d4eaca2def39b19aa# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   3885 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   3885 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation

[2026-11-29 18:08:43] vm:3885:3885 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
vm: Test NCCL failure common.cu:1550 'invalid usage (run with NCCL_DEBUG=WARN for details) / '
 .. vm pid 3885: Test failure common.cu:1454
]133;D;3;aid=3846;n=1;h=2;t=1795975723.078770;ps=3;k=ffcb2fe8d8186f6d4eaca2def39b19aa]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3846;k=ffcb2fe8d8186f6d4eaca2def39b19aa[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep 'NET/Socket'
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20'NET/Socket';ffcb2fe8d8186f6d4eaca2def39b19aa]133;C;aid=3846;n=2;h=3;t=1795975723.276996;k=ffcb2fe8d8186f6d4eaca2def39b19aavm:3924:3944 [0] NCCL INFO NET/Socket : Using [0]eth0:192.0.2.2<0>
]133;D;0;aid=3846;n=2;h=3;t=1795975723.406799;ps=0,0;k=ffcb2fe8d8186f6d4eaca2def39b19aa]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3846;k=ffcb2fe8d8186f6d4eaca2def39b19aa[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=eth1 all_reduce_perf -b 8M -e 8M -g 2
[?2004l]633;E;NCCL_SOCKET_IFNAME=eth1\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202;ffcb2fe8d8186f6d4eaca2def39b19aa]133;C;aid=3846;n=3;h=4;t=1795975723.543492;k=ffcb2fe8d8186f6d4eaca2def39b19aa# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   3981 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   3981 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation

[2026-11-29 18:08:43] vm:3981:3981 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
vm: Test NCCL failure common.cu:1550 'invalid usage (run with NCCL_DEBUG=WARN for details) / '
 .. vm pid 3981: Test failure common.cu:1454
]133;D;3;aid=3846;n=3;h=4;t=1795975723.698027;ps=3;k=ffcb2fe8d8186f6d4eaca2def39b19aa]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3846;k=ffcb2fe8d8186f6d4eaca2def39b19aa[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=lo all_reduce_perf -b 8M -e 8M -g 2
[?2004l]633;E;NCCL_SOCKET_IFNAME=lo\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202;ffcb2fe8d8186f6d4eaca2def39b19aa]133;C;aid=3846;n=4;h=5;t=1795975723.845661;k=ffcb2fe8d8186f6d4eaca2def39b19aa# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   4026 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   4026 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
NCCL version 2.30.7+cuda13.0
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
     8388608       2097152     float     sum      -1   648.31   12.94   12.94       0   646.37   12.98   12.98       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 12.9586 
#
# Collective test concluded: all_reduce_perf

]133;D;0;aid=3846;n=4;h=5;t=1795975723.987131;ps=0;k=ffcb2fe8d8186f6d4eaca2def39b19aa]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3846;k=ffcb2fe8d8186f6d4eaca2def39b19aa[?2004hroot@vm:~# exit
[?2004l]633;E;exit;ffcb2fe8d8186f6d4eaca2def39b19aa]133;C;aid=3846;n=5;h=6;t=1795975723.998218;k=ffcb2fe8d8186f6d4eaca2def39b19aaexit

Script done on 2026-11-29 18:08:44+00:00 [COMMAND_EXIT_CODE="0"]
