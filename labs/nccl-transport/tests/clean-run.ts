Script started on 2026-12-02 05:55:12+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/0" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=11326;n=0;h=1;t=1796190912.820490;ps=1;k=a4379f8da7a2d5edaacba3afaa9dfa50]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11326;k=a4379f8da7a2d5edaacba3afaa9dfa50[?2004hroot@vm:~# all_reduce_perf -b 128M -e 128M -g 2
[?2004l]633;E;all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202;a4379f8da7a2d5edaacba3afaa9dfa50]133;C;aid=11326;n=1;h=2;t=1796190912.901608;k=a4379f8da7a2d5edaacba3afaa9dfa50# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  11336 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  11336 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  10279.1   13.06   13.06       0  10059.3   13.34   13.34       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.2 
#
# Collective test concluded: all_reduce_perf

]133;D;0;aid=11326;n=1;h=2;t=1796190912.973836;ps=0;k=a4379f8da7a2d5edaacba3afaa9dfa50]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11326;k=a4379f8da7a2d5edaacba3afaa9dfa50[?2004hroot@vm:~# lab answer why-busbw a
[?2004l]633;E;lab\x20answer\x20why-busbw\x20a;a4379f8da7a2d5edaacba3afaa9dfa50]133;C;aid=11326;n=2;h=3;t=1796190913.025727;k=a4379f8da7a2d5edaacba3afaa9dfa50Answer 'a' for step 'why-busbw' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;D;0;aid=11326;n=2;h=3;t=1796190913.088179;ps=0;k=a4379f8da7a2d5edaacba3afaa9dfa50]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11326;k=a4379f8da7a2d5edaacba3afaa9dfa50[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep 'via'
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20'via';a4379f8da7a2d5edaacba3afaa9dfa50]133;C;aid=11326;n=3;h=4;t=1796190913.242596;k=a4379f8da7a2d5edaacba3afaa9dfa50vm:11342:11370 [1] NCCL INFO Channel 00/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:11342:11369 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:11342:11370 [1] NCCL INFO Channel 01/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:11342:11369 [0] NCCL INFO Channel 01/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:11342:11370 [1] NCCL INFO Channel 02/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:11342:11369 [0] NCCL INFO Channel 02/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:11342:11370 [1] NCCL INFO Channel 03/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:11342:11369 [0] NCCL INFO Channel 03/0 : 0[0] -> 1[1] via P2P/direct pointer
]133;D;0;aid=11326;n=3;h=4;t=1796190913.315582;ps=0,0;k=a4379f8da7a2d5edaacba3afaa9dfa50]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11326;k=a4379f8da7a2d5edaacba3afaa9dfa50[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep 'via' [A[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[K'
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20'via';a4379f8da7a2d5edaacba3afaa9dfa50]133;C;aid=11326;n=4;h=5;t=1796190913.533524;k=a4379f8da7a2d5edaacba3afaa9dfa50vm:11346:11374 [1] NCCL INFO Channel 00 : 1[1] -> 0[0] via SHM/direct
vm:11346:11373 [0] NCCL INFO Channel 00 : 0[0] -> 1[1] via SHM/direct
vm:11346:11374 [1] NCCL INFO Channel 01 : 1[1] -> 0[0] via SHM/direct
vm:11346:11373 [0] NCCL INFO Channel 01 : 0[0] -> 1[1] via SHM/direct
vm:11346:11374 [1] NCCL INFO Channel 02 : 1[1] -> 0[0] via SHM/direct
vm:11346:11373 [0] NCCL INFO Channel 02 : 0[0] -> 1[1] via SHM/direct
vm:11346:11374 [1] NCCL INFO Channel 03 : 1[1] -> 0[0] via SHM/direct
vm:11346:11373 [0] NCCL INFO Channel 03 : 0[0] -> 1[1] via SHM/direct
]133;D;0;aid=11326;n=4;h=5;t=1796190913.611100;ps=0,0;k=a4379f8da7a2d5edaacba3afaa9dfa50]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11326;k=a4379f8da7a2d5edaacba3afaa9dfa50[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 all_reduce_perf -b 128M -e 128M -g 2
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202;a4379f8da7a2d5edaacba3afaa9dfa50]133;C;aid=11326;n=5;h=6;t=1796190913.736108;k=a4379f8da7a2d5edaacba3afaa9dfa50# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  11350 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  11350 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  14733.9    9.11    9.11       0  14844.1    9.04    9.04       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 9.07564 
#
# Collective test concluded: all_reduce_perf

]133;D;0;aid=11326;n=5;h=6;t=1796190913.811951;ps=0;k=a4379f8da7a2d5edaacba3afaa9dfa50]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11326;k=a4379f8da7a2d5edaacba3afaa9dfa50[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1 NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g  2 2>&1 | grep 'via'
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_SHM_DISABLE=1\x20NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20'via';a4379f8da7a2d5edaacba3afaa9dfa50]133;C;aid=11326;n=6;h=7;t=1796190914.046448;k=a4379f8da7a2d5edaacba3afaa9dfa50vm:11354:11382 [1] NCCL INFO Channel 00/0 : 1[1] -> 0[0] [send] via NET/Socket/0
vm:11354:11382 [1] NCCL INFO Channel 00/0 : 0[0] -> 1[1] [receive] via NET/Socket/0
vm:11354:11381 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] [send] via NET/Socket/0
vm:11354:11381 [0] NCCL INFO Channel 00/0 : 1[1] -> 0[0] [receive] via NET/Socket/0
vm:11354:11382 [1] NCCL INFO Channel 01/0 : 1[1] -> 0[0] [send] via NET/Socket/0
vm:11354:11382 [1] NCCL INFO Channel 01/0 : 0[0] -> 1[1] [receive] via NET/Socket/0
vm:11354:11381 [0] NCCL INFO Channel 01/0 : 0[0] -> 1[1] [send] via NET/Socket/0
vm:11354:11381 [0] NCCL INFO Channel 01/0 : 1[1] -> 0[0] [receive] via NET/Socket/0
vm:11354:11382 [1] NCCL INFO Channel 02/0 : 1[1] -> 0[0] [send] via NET/Socket/0
vm:11354:11382 [1] NCCL INFO Channel 02/0 : 0[0] -> 1[1] [receive] via NET/Socket/0
vm:11354:11381 [0] NCCL INFO Channel 02/0 : 0[0] -> 1[1] [send] via NET/Socket/0
vm:11354:11381 [0] NCCL INFO Channel 02/0 : 1[1] -> 0[0] [receive] via NET/Socket/0
vm:11354:11382 [1] NCCL INFO Channel 03/0 : 1[1] -> 0[0] [send] via NET/Socket/0
vm:11354:11382 [1] NCCL INFO Channel 03/0 : 0[0] -> 1[1] [receive] via NET/Socket/0
vm:11354:11381 [0] NCCL INFO Channel 03/0 : 0[0] -> 1[1] [send] via NET/Socket/0
vm:11354:11381 [0] NCCL INFO Channel 03/0 : 1[1] -> 0[0] [receive] via NET/Socket/0
]133;D;0;aid=11326;n=6;h=7;t=1796190914.118367;ps=0,0;k=a4379f8da7a2d5edaacba3afaa9dfa50]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11326;k=a4379f8da7a2d5edaacba3afaa9dfa50[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1 all_reduce_perf -b 128M -e 128M -g 2 | tee socket.t xt
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_SHM_DISABLE=1\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x20|\x20tee\x20socket.txt;a4379f8da7a2d5edaacba3afaa9dfa50]133;C;aid=11326;n=7;h=8;t=1796190914.315333;k=a4379f8da7a2d5edaacba3afaa9dfa50# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  11358 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  11358 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  58268.3    2.30    2.30       0  57802.2    2.32    2.32       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 2.31273 
#
# Collective test concluded: all_reduce_perf

]133;D;0;aid=11326;n=7;h=8;t=1796190914.385874;ps=0,0;k=a4379f8da7a2d5edaacba3afaa9dfa50]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11326;k=a4379f8da7a2d5edaacba3afaa9dfa50[?2004hroot@vm:~# echo busbw=$(awk '$1 == 134217728 {print $8}' socket.txt)
[?2004l]633;E;echo\x20busbw=$(awk\x20'$1\x20==\x20134217728\x20{print\x20$8}'\x20socket.txt);a4379f8da7a2d5edaacba3afaa9dfa50]133;C;aid=11326;n=8;h=9;t=1796190914.510420;k=a4379f8da7a2d5edaacba3afaa9dfa50busbw=2.30
]133;D;0;aid=11326;n=8;h=9;t=1796190914.512483;ps=0;k=a4379f8da7a2d5edaacba3afaa9dfa50]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11326;k=a4379f8da7a2d5edaacba3afaa9dfa50[?2004hroot@vm:~# lab answer slow-job b
[?2004l]633;E;lab\x20answer\x20slow-job\x20b;a4379f8da7a2d5edaacba3afaa9dfa50]133;C;aid=11326;n=9;h=10;t=1796190914.559923;k=a4379f8da7a2d5edaacba3afaa9dfa50Answer 'b' for step 'slow-job' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;D;0;aid=11326;n=9;h=10;t=1796190914.621807;ps=0;k=a4379f8da7a2d5edaacba3afaa9dfa50]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11326;k=a4379f8da7a2d5edaacba3afaa9dfa50[?2004hroot@vm:~# all_reduce_perf -b 128M -e 128M -g 2 | grep 'Avg bus bandwidth'
[?2004l]633;E;all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x20|\x20grep\x20'Avg\x20bus\x20bandwidth';a4379f8da7a2d5edaacba3afaa9dfa50]133;C;aid=11326;n=10;h=11;t=1796190914.758711;k=a4379f8da7a2d5edaacba3afaa9dfa50# Avg bus bandwidth    : 13.1427 
]133;D;0;aid=11326;n=10;h=11;t=1796190914.828466;ps=0,0;k=a4379f8da7a2d5edaacba3afaa9dfa50]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11326;k=a4379f8da7a2d5edaacba3afaa9dfa50[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;a4379f8da7a2d5edaacba3afaa9dfa50]133;C;aid=11326;n=11;h=12;t=1796190914.839656;k=a4379f8da7a2d5edaacba3afaa9dfa50exit

Script done on 2026-12-02 05:55:14+00:00 [COMMAND_EXIT_CODE="0"]
