Script started on 2026-12-02 05:55:17+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/0" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=11461;n=0;h=1;t=1796190917.177164;ps=1;k=4ba9f51e87cdc3b580b42ef30fb56ea3]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11461;k=4ba9f51e87cdc3b580b42ef30fb56ea3[?2004hroot@vm:~# export NCCL_DEBUG=INFO
[?2004l]633;E;export\x20NCCL_DEBUG=INFO;4ba9f51e87cdc3b580b42ef30fb56ea3]133;C;aid=11461;n=1;h=2;t=1796190917.227641;k=4ba9f51e87cdc3b580b42ef30fb56ea3]133;D;0;aid=11461;n=1;h=2;t=1796190917.228185;ps=0;k=4ba9f51e87cdc3b580b42ef30fb56ea3]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11461;k=4ba9f51e87cdc3b580b42ef30fb56ea3[?2004hroot@vm:~# all_reduce_perf -b 128M -e 128M -g 2^C[?2004l[?2004h[?2004l
]133;D;130;aid=11461;n=1;h=2;t=1796190917.306600;ps=130;k=4ba9f51e87cdc3b580b42ef30fb56ea3]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11461;k=4ba9f51e87cdc3b580b42ef30fb56ea3[?2004hroot@vm:~# all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep -i p2p
[?2004l]633;E;all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20-i\x20p2p;4ba9f51e87cdc3b580b42ef30fb56ea3]133;C;aid=11461;n=2;h=3;t=1796190917.448589;k=4ba9f51e87cdc3b580b42ef30fb56ea3vm:11472:11500 [1] NCCL INFO Channel 00/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:11472:11499 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:11472:11500 [1] NCCL INFO Channel 01/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:11472:11499 [0] NCCL INFO Channel 01/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:11472:11500 [1] NCCL INFO Channel 02/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:11472:11499 [0] NCCL INFO Channel 02/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:11472:11500 [1] NCCL INFO Channel 03/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:11472:11499 [0] NCCL INFO Channel 03/0 : 0[0] -> 1[1] via P2P/direct pointer
]133;D;0;aid=11461;n=2;h=3;t=1796190917.520722;ps=0,0;k=4ba9f51e87cdc3b580b42ef30fb56ea3]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11461;k=4ba9f51e87cdc3b580b42ef30fb56ea3[?2004hroot@vm:~# unset NCCL_DEBUG
[?2004l]633;E;unset\x20NCCL_DEBUG;4ba9f51e87cdc3b580b42ef30fb56ea3]133;C;aid=11461;n=3;h=4;t=1796190917.578925;k=4ba9f51e87cdc3b580b42ef30fb56ea3]133;D;0;aid=11461;n=3;h=4;t=1796190917.579464;ps=0;k=4ba9f51e87cdc3b580b42ef30fb56ea3]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11461;k=4ba9f51e87cdc3b580b42ef30fb56ea3[?2004hroot@vm:~# all_reduce_perf -g 2 -b 8M -e 128M -f 2
[?2004l]633;E;all_reduce_perf\x20-g\x202\x20-b\x208M\x20-e\x20128M\x20-f\x202;4ba9f51e87cdc3b580b42ef30fb56ea3]133;C;aid=11461;n=4;h=5;t=1796190917.666159;k=4ba9f51e87cdc3b580b42ef30fb56ea3# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 134217728 step: 2(factor) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  11478 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  11478 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
     8388608       2097152     float     sum      -1   638.58   13.14   13.14       0   654.35   12.82   12.82       0
    16777216       4194304     float     sum      -1  1272.06   13.19   13.19       0  1289.15   13.01   13.01       0
    33554432       8388608     float     sum      -1  2542.87   13.20   13.20       0  2587.48   12.97   12.97       0
    67108864      16777216     float     sum      -1  5170.84   12.98   12.98       0  5117.92   13.11   13.11       0
   134217728      33554432     float     sum      -1  10198.8   13.16   13.16       0  10253.0   13.09   13.09       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.0664 
#
# Collective test concluded: all_reduce_perf

]133;D;0;aid=11461;n=4;h=5;t=1796190917.734594;ps=0;k=4ba9f51e87cdc3b580b42ef30fb56ea3]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11461;k=4ba9f51e87cdc3b580b42ef30fb56ea3[?2004hroot@vm:~# export NCCL_P2P_DISABLE=1
[?2004l]633;E;export\x20NCCL_P2P_DISABLE=1;4ba9f51e87cdc3b580b42ef30fb56ea3]133;C;aid=11461;n=5;h=6;t=1796190917.792312;k=4ba9f51e87cdc3b580b42ef30fb56ea3]133;D;0;aid=11461;n=5;h=6;t=1796190917.792811;ps=0;k=4ba9f51e87cdc3b580b42ef30fb56ea3]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11461;k=4ba9f51e87cdc3b580b42ef30fb56ea3[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -g 2 -b 8M -e 8M |& egrep 'via'
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-g\x202\x20-b\x208M\x20-e\x208M\x20|&\x20egrep\x20'via';4ba9f51e87cdc3b580b42ef30fb56ea3]133;C;aid=11461;n=6;h=7;t=1796190917.934459;k=4ba9f51e87cdc3b580b42ef30fb56ea3vm:11483:11511 [1] NCCL INFO Channel 00 : 1[1] -> 0[0] via SHM/direct
vm:11483:11510 [0] NCCL INFO Channel 00 : 0[0] -> 1[1] via SHM/direct
vm:11483:11511 [1] NCCL INFO Channel 01 : 1[1] -> 0[0] via SHM/direct
vm:11483:11510 [0] NCCL INFO Channel 01 : 0[0] -> 1[1] via SHM/direct
vm:11483:11511 [1] NCCL INFO Channel 02 : 1[1] -> 0[0] via SHM/direct
vm:11483:11510 [0] NCCL INFO Channel 02 : 0[0] -> 1[1] via SHM/direct
vm:11483:11511 [1] NCCL INFO Channel 03 : 1[1] -> 0[0] via SHM/direct
vm:11483:11510 [0] NCCL INFO Channel 03 : 0[0] -> 1[1] via SHM/direct
]133;D;0;aid=11461;n=6;h=7;t=1796190918.008135;ps=0,0;k=4ba9f51e87cdc3b580b42ef30fb56ea3]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11461;k=4ba9f51e87cdc3b580b42ef30fb56ea3[?2004hroot@vm:~# all_reduce_perf -g 2 -b 8M -e 128M -f 2
[?2004l]633;E;all_reduce_perf\x20-g\x202\x20-b\x208M\x20-e\x20128M\x20-f\x202;4ba9f51e87cdc3b580b42ef30fb56ea3]133;C;aid=11461;n=7;h=8;t=1796190918.118305;k=4ba9f51e87cdc3b580b42ef30fb56ea3# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 134217728 step: 2(factor) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  11487 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  11487 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
     8388608       2097152     float     sum      -1   923.29    9.09    9.09       0   938.53    8.94    8.94       0
    16777216       4194304     float     sum      -1  1878.38    8.93    8.93       0  1862.34    9.01    9.01       0
    33554432       8388608     float     sum      -1  3717.40    9.03    9.03       0  3714.02    9.03    9.03       0
    67108864      16777216     float     sum      -1  7467.00    8.99    8.99       0  7483.99    8.97    8.97       0
   134217728      33554432     float     sum      -1  14762.6    9.09    9.09       0  14636.6    9.17    9.17       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 9.0241 
#
# Collective test concluded: all_reduce_perf

]133;D;0;aid=11461;n=7;h=8;t=1796190918.189003;ps=0;k=4ba9f51e87cdc3b580b42ef30fb56ea3]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11461;k=4ba9f51e87cdc3b580b42ef30fb56ea3[?2004hroot@vm:~# export NCCL_SHM_DISABLE=1
[?2004l]633;E;export\x20NCCL_SHM_DISABLE=1;4ba9f51e87cdc3b580b42ef30fb56ea3]133;C;aid=11461;n=8;h=9;t=1796190918.251927;k=4ba9f51e87cdc3b580b42ef30fb56ea3]133;D;0;aid=11461;n=8;h=9;t=1796190918.252393;ps=0;k=4ba9f51e87cdc3b580b42ef30fb56ea3]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11461;k=4ba9f51e87cdc3b580b42ef30fb56ea3[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -g 2 -b 8M -e 8M |& egrep 'via'
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-g\x202\x20-b\x208M\x20-e\x208M\x20|&\x20egrep\x20'via';4ba9f51e87cdc3b580b42ef30fb56ea3]133;C;aid=11461;n=9;h=10;t=1796190918.392118;k=4ba9f51e87cdc3b580b42ef30fb56ea3vm:11493:11521 [1] NCCL INFO Channel 00/0 : 1[1] -> 0[0] [send] via NET/Socket/0
vm:11493:11521 [1] NCCL INFO Channel 00/0 : 0[0] -> 1[1] [receive] via NET/Socket/0
vm:11493:11520 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] [send] via NET/Socket/0
vm:11493:11520 [0] NCCL INFO Channel 00/0 : 1[1] -> 0[0] [receive] via NET/Socket/0
vm:11493:11521 [1] NCCL INFO Channel 01/0 : 1[1] -> 0[0] [send] via NET/Socket/0
vm:11493:11521 [1] NCCL INFO Channel 01/0 : 0[0] -> 1[1] [receive] via NET/Socket/0
vm:11493:11520 [0] NCCL INFO Channel 01/0 : 0[0] -> 1[1] [send] via NET/Socket/0
vm:11493:11520 [0] NCCL INFO Channel 01/0 : 1[1] -> 0[0] [receive] via NET/Socket/0
vm:11493:11521 [1] NCCL INFO Channel 02/0 : 1[1] -> 0[0] [send] via NET/Socket/0
vm:11493:11521 [1] NCCL INFO Channel 02/0 : 0[0] -> 1[1] [receive] via NET/Socket/0
vm:11493:11520 [0] NCCL INFO Channel 02/0 : 0[0] -> 1[1] [send] via NET/Socket/0
vm:11493:11520 [0] NCCL INFO Channel 02/0 : 1[1] -> 0[0] [receive] via NET/Socket/0
vm:11493:11521 [1] NCCL INFO Channel 03/0 : 1[1] -> 0[0] [send] via NET/Socket/0
vm:11493:11521 [1] NCCL INFO Channel 03/0 : 0[0] -> 1[1] [receive] via NET/Socket/0
vm:11493:11520 [0] NCCL INFO Channel 03/0 : 0[0] -> 1[1] [send] via NET/Socket/0
vm:11493:11520 [0] NCCL INFO Channel 03/0 : 1[1] -> 0[0] [receive] via NET/Socket/0
]133;D;0;aid=11461;n=9;h=10;t=1796190918.466693;ps=0,0;k=4ba9f51e87cdc3b580b42ef30fb56ea3]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11461;k=4ba9f51e87cdc3b580b42ef30fb56ea3[?2004hroot@vm:~# all_reduce_perf -g 2 -b 8M -e 128M -f 2
[?2004l]633;E;all_reduce_perf\x20-g\x202\x20-b\x208M\x20-e\x20128M\x20-f\x202;4ba9f51e87cdc3b580b42ef30fb56ea3]133;C;aid=11461;n=10;h=11;t=1796190918.554692;k=4ba9f51e87cdc3b580b42ef30fb56ea3# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 134217728 step: 2(factor) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  11497 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  11497 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
     8388608       2097152     float     sum      -1  3747.76    2.24    2.24       0  3720.17    2.25    2.25       0
    16777216       4194304     float     sum      -1  7281.80    2.30    2.30       0  7335.57    2.29    2.29       0
    33554432       8388608     float     sum      -1  14844.1    2.26    2.26       0  14758.1    2.27    2.27       0
    67108864      16777216     float     sum      -1  28876.3    2.32    2.32       0  28852.2    2.33    2.33       0
   134217728      33554432     float     sum      -1  58807.7    2.28    2.28       0  59114.9    2.27    2.27       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 2.28211 
#
# Collective test concluded: all_reduce_perf

]133;D;0;aid=11461;n=10;h=11;t=1796190918.627392;ps=0;k=4ba9f51e87cdc3b580b42ef30fb56ea3]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11461;k=4ba9f51e87cdc3b580b42ef30fb56ea3[?2004hroot@vm:~# unset NCCL_P2P_DISABLE NCCL_SHM_DISABLE
[?2004l]633;E;unset\x20NCCL_P2P_DISABLE\x20NCCL_SHM_DISABLE;4ba9f51e87cdc3b580b42ef30fb56ea3]133;C;aid=11461;n=11;h=12;t=1796190918.714271;k=4ba9f51e87cdc3b580b42ef30fb56ea3]133;D;0;aid=11461;n=11;h=12;t=1796190918.714780;ps=0;k=4ba9f51e87cdc3b580b42ef30fb56ea3]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11461;k=4ba9f51e87cdc3b580b42ef30fb56ea3[?2004hroot@vm:~# all_reduce_perf -g 2 -b 8M -e 128M -f 2 | grep 'Avg bus bandwidth'
[?2004l]633;E;all_reduce_perf\x20-g\x202\x20-b\x208M\x20-e\x20128M\x20-f\x202\x20|\x20grep\x20'Avg\x20bus\x20bandwidth';4ba9f51e87cdc3b580b42ef30fb56ea3]133;C;aid=11461;n=12;h=13;t=1796190918.860017;k=4ba9f51e87cdc3b580b42ef30fb56ea3# Avg bus bandwidth    : 13.0894 
]133;D;0;aid=11461;n=12;h=13;t=1796190918.935320;ps=0,0;k=4ba9f51e87cdc3b580b42ef30fb56ea3]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11461;k=4ba9f51e87cdc3b580b42ef30fb56ea3[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;4ba9f51e87cdc3b580b42ef30fb56ea3]133;C;aid=11461;n=13;h=14;t=1796190918.947067;k=4ba9f51e87cdc3b580b42ef30fb56ea3exit

Script done on 2026-12-02 05:55:18+00:00 [COMMAND_EXIT_CODE="0"]
