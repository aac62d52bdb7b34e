Script started on 2026-12-02 05:55:08+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/0" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=11175;n=0;h=1;t=1796190908.356447;ps=1;k=a12d3a4a14b5d957e039147fc33478f1]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11175;k=a12d3a4a14b5d957e039147fc33478f1[?2004hroot@vm:~# all_reduce_perf -b 8M -e 128M -f 2 -g 2
[?2004l]633;E;all_reduce_perf\x20-b\x208M\x20-e\x20128M\x20-f\x202\x20-g\x202;a12d3a4a14b5d957e039147fc33478f1]133;C;aid=11175;n=1;h=2;t=1796190908.445373;k=a12d3a4a14b5d957e039147fc33478f1# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 134217728 step: 2(factor) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  11185 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  11185 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
     8388608       2097152     float     sum      -1   637.63   13.16   13.16       0   647.12   12.96   12.96       0
    16777216       4194304     float     sum      -1  1269.18   13.22   13.22       0  1269.21   13.22   13.22       0
    33554432       8388608     float     sum      -1  2524.00   13.29   13.29       0  2590.54   12.95   12.95       0
    67108864      16777216     float     sum      -1  5132.14   13.08   13.08       0  5159.25   13.01   13.01       0
   134217728      33554432     float     sum      -1  10303.4   13.03   13.03       0  10258.2   13.08   13.08       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.0998 
#
# Collective test concluded: all_reduce_perf

]133;D;0;aid=11175;n=1;h=2;t=1796190908.517460;ps=0;k=a12d3a4a14b5d957e039147fc33478f1]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11175;k=a12d3a4a14b5d957e039147fc33478f1[?2004hroot@vm:~# lab answer why-busbw a
[?2004l]633;E;lab\x20answer\x20why-busbw\x20a;a12d3a4a14b5d957e039147fc33478f1]133;C;aid=11175;n=2;h=3;t=1796190908.569121;k=a12d3a4a14b5d957e039147fc33478f1Answer 'a' for step 'why-busbw' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;D;0;aid=11175;n=2;h=3;t=1796190908.630228;ps=0;k=a12d3a4a14b5d957e039147fc33478f1]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11175;k=a12d3a4a14b5d957e039147fc33478f1[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -b 8M -e 8M -g 2 2>&1 | grep via
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202\x202>&1\x20|\x20grep\x20via;a12d3a4a14b5d957e039147fc33478f1]133;C;aid=11175;n=3;h=4;t=1796190908.771780;k=a12d3a4a14b5d957e039147fc33478f1vm:11191:11219 [1] NCCL INFO Channel 00/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:11191:11218 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:11191:11219 [1] NCCL INFO Channel 01/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:11191:11218 [0] NCCL INFO Channel 01/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:11191:11219 [1] NCCL INFO Channel 02/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:11191:11218 [0] NCCL INFO Channel 02/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:11191:11219 [1] NCCL INFO Channel 03/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:11191:11218 [0] NCCL INFO Channel 03/0 : 0[0] -> 1[1] via P2P/direct pointer
]133;D;0;aid=11175;n=3;h=4;t=1796190908.844638;ps=0,0;k=a12d3a4a14b5d957e039147fc33478f1]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11175;k=a12d3a4a14b5d957e039147fc33478f1[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_DEBUG=INFO all_reduce_perf -b 8M -e 8M -g 2 2>&1 | grep via
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202\x202>&1\x20|\x20grep\x20via;a12d3a4a14b5d957e039147fc33478f1]133;C;aid=11175;n=4;h=5;t=1796190909.028560;k=a12d3a4a14b5d957e039147fc33478f1vm:11195:11223 [1] NCCL INFO Channel 00 : 1[1] -> 0[0] via SHM/direct
vm:11195:11222 [0] NCCL INFO Channel 00 : 0[0] -> 1[1] via SHM/direct
vm:11195:11223 [1] NCCL INFO Channel 01 : 1[1] -> 0[0] via SHM/direct
vm:11195:11222 [0] NCCL INFO Channel 01 : 0[0] -> 1[1] via SHM/direct
vm:11195:11223 [1] NCCL INFO Channel 02 : 1[1] -> 0[0] via SHM/direct
vm:11195:11222 [0] NCCL INFO Channel 02 : 0[0] -> 1[1] via SHM/direct
vm:11195:11223 [1] NCCL INFO Channel 03 : 1[1] -> 0[0] via SHM/direct
vm:11195:11222 [0] NCCL INFO Channel 03 : 0[0] -> 1[1] via SHM/direct
]133;D;0;aid=11175;n=4;h=5;t=1796190909.100036;ps=0,0;k=a12d3a4a14b5d957e039147fc33478f1]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11175;k=a12d3a4a14b5d957e039147fc33478f1[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 all_reduce_perf -b 8M -e 128M -f 2 -g 2
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20all_reduce_perf\x20-b\x208M\x20-e\x20128M\x20-f\x202\x20-g\x202;a12d3a4a14b5d957e039147fc33478f1]133;C;aid=11175;n=5;h=6;t=1796190909.230643;k=a12d3a4a14b5d957e039147fc33478f1# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 134217728 step: 2(factor) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  11199 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  11199 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
     8388608       2097152     float     sum      -1   936.50    8.96    8.96       0   939.06    8.93    8.93       0
    16777216       4194304     float     sum      -1  1850.09    9.07    9.07       0  1876.97    8.94    8.94       0
    33554432       8388608     float     sum      -1  3653.36    9.18    9.18       0  3705.29    9.06    9.06       0
    67108864      16777216     float     sum      -1  7446.33    9.01    9.01       0  7333.69    9.15    9.15       0
   134217728      33554432     float     sum      -1  14650.2    9.16    9.16       0  14854.7    9.04    9.04       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 9.04975 
#
# Collective test concluded: all_reduce_perf

]133;D;0;aid=11175;n=5;h=6;t=1796190909.300850;ps=0;k=a12d3a4a14b5d957e039147fc33478f1]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11175;k=a12d3a4a14b5d957e039147fc33478f1[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1 NCCL_IB_DISABLE=1 NCCL_DEBUG=INFO all_reduce_perf - b 8M -e 8M -g 2 2>&1 | grep via
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_SHM_DISABLE=1\x20NCCL_IB_DISABLE=1\x20NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202\x202>&1\x20|\x20grep\x20via;a12d3a4a14b5d957e039147fc33478f1]133;C;aid=11175;n=6;h=7;t=1796190909.565456;k=a12d3a4a14b5d957e039147fc33478f1vm:11202:11230 [1] NCCL INFO Channel 00/0 : 1[1] -> 0[0] [send] via NET/Socket/0
vm:11202:11230 [1] NCCL INFO Channel 00/0 : 0[0] -> 1[1] [receive] via NET/Socket/0
vm:11202:11229 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] [send] via NET/Socket/0
vm:11202:11229 [0] NCCL INFO Channel 00/0 : 1[1] -> 0[0] [receive] via NET/Socket/0
vm:11202:11230 [1] NCCL INFO Channel 01/0 : 1[1] -> 0[0] [send] via NET/Socket/0
vm:11202:11230 [1] NCCL INFO Channel 01/0 : 0[0] -> 1[1] [receive] via NET/Socket/0
vm:11202:11229 [0] NCCL INFO Channel 01/0 : 0[0] -> 1[1] [send] via NET/Socket/0
vm:11202:11229 [0] NCCL INFO Channel 01/0 : 1[1] -> 0[0] [receive] via NET/Socket/0
vm:11202:11230 [1] NCCL INFO Channel 02/0 : 1[1] -> 0[0] [send] via NET/Socket/0
vm:11202:11230 [1] NCCL INFO Channel 02/0 : 0[0] -> 1[1] [receive] via NET/Socket/0
vm:11202:11229 [0] NCCL INFO Channel 02/0 : 0[0] -> 1[1] [send] via NET/Socket/0
vm:11202:11229 [0] NCCL INFO Channel 02/0 : 1[1] -> 0[0] [receive] via NET/Socket/0
vm:11202:11230 [1] NCCL INFO Channel 03/0 : 1[1] -> 0[0] [send] via NET/Socket/0
vm:11202:11230 [1] NCCL INFO Channel 03/0 : 0[0] -> 1[1] [receive] via NET/Socket/0
vm:11202:11229 [0] NCCL INFO Channel 03/0 : 0[0] -> 1[1] [send] via NET/Socket/0
vm:11202:11229 [0] NCCL INFO Channel 03/0 : 1[1] -> 0[0] [receive] via NET/Socket/0
]133;D;0;aid=11175;n=6;h=7;t=1796190909.639264;ps=0,0;k=a12d3a4a14b5d957e039147fc33478f1]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11175;k=a12d3a4a14b5d957e039147fc33478f1[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1 NCCL_IB_DISABLE=1 all_reduce_perf -b 8M -e 128M -f  2 -g 2 | tee socket.txt
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_SHM_DISABLE=1\x20NCCL_IB_DISABLE=1\x20all_reduce_perf\x20-b\x208M\x20-e\x20128M\x20-f\x202\x20-g\x202\x20|\x20tee\x20socket.txt;a12d3a4a14b5d957e039147fc33478f1]133;C;aid=11175;n=7;h=8;t=1796190909.889483;k=a12d3a4a14b5d957e039147fc33478f1# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 134217728 step: 2(factor) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  11207 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  11207 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
     8388608       2097152     float     sum      -1  3672.09    2.28    2.28       0  3715.84    2.26    2.26       0
    16777216       4194304     float     sum      -1  7403.67    2.27    2.27       0  7376.69    2.27    2.27       0
    33554432       8388608     float     sum      -1  14643.4    2.29    2.29       0  14572.9    2.30    2.30       0
    67108864      16777216     float     sum      -1  29314.8    2.29    2.29       0  29385.8    2.28    2.28       0
   134217728      33554432     float     sum      -1  59271.6    2.26    2.26       0  58043.6    2.31    2.31       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 2.28261 
#
# Collective test concluded: all_reduce_perf

]133;D;0;aid=11175;n=7;h=8;t=1796190909.964591;ps=0,0;k=a12d3a4a14b5d957e039147fc33478f1]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11175;k=a12d3a4a14b5d957e039147fc33478f1[?2004hroot@vm:~# echo busbw=$(awk '$1 == 134217728 {print $8}' socket.txt)
[?2004l]633;E;echo\x20busbw=$(awk\x20'$1\x20==\x20134217728\x20{print\x20$8}'\x20socket.txt);a12d3a4a14b5d957e039147fc33478f1]133;C;aid=11175;n=8;h=9;t=1796190910.096095;k=a12d3a4a14b5d957e039147fc33478f1busbw=2.26
]133;D;0;aid=11175;n=8;h=9;t=1796190910.098615;ps=0;k=a12d3a4a14b5d957e039147fc33478f1]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11175;k=a12d3a4a14b5d957e039147fc33478f1[?2004hroot@vm:~# lab answer slow-job b
[?2004l]633;E;lab\x20answer\x20slow-job\x20b;a12d3a4a14b5d957e039147fc33478f1]133;C;aid=11175;n=9;h=10;t=1796190910.169873;k=a12d3a4a14b5d957e039147fc33478f1Answer 'b' for step 'slow-job' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;D;0;aid=11175;n=9;h=10;t=1796190910.231581;ps=0;k=a12d3a4a14b5d957e039147fc33478f1]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11175;k=a12d3a4a14b5d957e039147fc33478f1[?2004hroot@vm:~# all_reduce_perf -b 8M -e 128M -f 2 -g 2 | grep 'Avg bus bandwidth'
[?2004l]633;E;all_reduce_perf\x20-b\x208M\x20-e\x20128M\x20-f\x202\x20-g\x202\x20|\x20grep\x20'Avg\x20bus\x20bandwidth';a12d3a4a14b5d957e039147fc33478f1]133;C;aid=11175;n=10;h=11;t=1796190910.380749;k=a12d3a4a14b5d957e039147fc33478f1# Avg bus bandwidth    : 13.0557 
]133;D;0;aid=11175;n=10;h=11;t=1796190910.451916;ps=0,0;k=a12d3a4a14b5d957e039147fc33478f1]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11175;k=a12d3a4a14b5d957e039147fc33478f1[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;a12d3a4a14b5d957e039147fc33478f1]133;C;aid=11175;n=11;h=12;t=1796190910.463824;k=a12d3a4a14b5d957e039147fc33478f1exit

Script done on 2026-12-02 05:55:10+00:00 [COMMAND_EXIT_CODE="0"]
