Script started on 2026-12-03 13:53:03+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/4" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=3014;n=0;h=1;t=1796305983.886023;ps=1;k=f379f9629661429e6171c5f387929e85]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3014;k=f379f9629661429e6171c5f387929e85[?2004hroot@vm:~# all_reduce_perf -b 128M -e 128M -g 2
[?2004l]633;E;all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202;f379f9629661429e6171c5f387929e85]133;C;aid=3014;n=1;h=2;t=1796305983.995506;k=f379f9629661429e6171c5f387929e85# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   3167 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   3167 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  10229.8   13.12   13.12       0  10087.7   13.31   13.31       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.2126 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=;x=0;t0=1796305984.6487615;t1=1796305985.1051264;u=root;host=vm;pid=3167;ppid=3014;r=20261203T135303-2900-d1576e93.3167.1796305984648761.run;rh=a8f9998473714f70610e07f9b1c299b4aa8f64245ba67b26f0e0a5f9df907d08;k=f379f9629661429e6171c5f387929e85;s=152bb6a94bdac4c43b52c83edf068c1f92992ab429200808cd95c3565ee8a4ce8d559e1520d745d4e85e2d0770a26339bc704e13b77e1fd482ae93115ce78a04]133;D;0;aid=3014;n=1;h=2;t=1796305985.311507;ps=0;k=f379f9629661429e6171c5f387929e85]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3014;k=f379f9629661429e6171c5f387929e85[?2004hroot@vm:~# lab answer why-busbw a
[?2004l]633;E;lab\x20answer\x20why-busbw\x20a;f379f9629661429e6171c5f387929e85]133;C;aid=3014;n=2;h=3;t=1796305985.387976;k=f379f9629661429e6171c5f387929e85Answer 'a' for step 'why-busbw' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;T;v=2;p=lab;a=answer\x00why-busbw\x00a\x00;e=;x=0;t0=1796305985.962732;t1=1796305986.2311795;u=root;host=vm;pid=3318;ppid=3014;r=20261203T135303-2900-d1576e93.3318.1796305985962732.run;rh=79d8596716168c9b5b12a6a85b062027575458107bf5071131ce91377ae7842f;k=f379f9629661429e6171c5f387929e85;s=40c755440de4d6b9a397d493fe540481388006f66b25ff57e9a831d228cbb64398a403a1cafd2f2075fc41064fff38eefb26df5b163c1e9b26ec90fcc4acb801]133;D;0;aid=3014;n=2;h=3;t=1796305986.468934;ps=0;k=f379f9629661429e6171c5f387929e85]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3014;k=f379f9629661429e6171c5f387929e85[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep 'via'
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20'via';f379f9629661429e6171c5f387929e85]133;C;aid=3014;n=3;h=4;t=1796305986.774170;k=f379f9629661429e6171c5f387929e85vm:3388:3416 [1] NCCL INFO Channel 00/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:3388:3415 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:3388:3416 [1] NCCL INFO Channel 01/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:3388:3415 [0] NCCL INFO Channel 01/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:3388:3416 [1] NCCL INFO Channel 02/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:3388:3415 [0] NCCL INFO Channel 02/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:3388:3416 [1] NCCL INFO Channel 03/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:3388:3415 [0] NCCL INFO Channel 03/0 : 0[0] -> 1[1] via P2P/direct pointer
]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_DEBUG=INFO\x00;x=0;t0=1796305987.4841774;t1=1796305987.8591294;u=root;host=vm;pid=3388;ppid=3014;r=20261203T135303-2900-d1576e93.3388.1796305987484177.run;rh=df77e4209aa654475fd19117a1ab6480b0b997500ead59175565fe0e3de9cbfb;k=f379f9629661429e6171c5f387929e85;s=4d1d4ef1146b65cd04d1c41d19a1eeed075a616c8bd5398717c1d431983b37df752640dcc5349636e581ec06bbe7d7abd0e486e9745da450bb65755d23d06f06]133;D;0;aid=3014;n=3;h=4;t=1796305988.030714;ps=0,0;k=f379f9629661429e6171c5f387929e85]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3014;k=f379f9629661429e6171c5f387929e85[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep 'via' [A[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[K'
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20'via';f379f9629661429e6171c5f387929e85]133;C;aid=3014;n=4;h=5;t=1796305988.337597;k=f379f9629661429e6171c5f387929e85vm:3414:3442 [1] NCCL INFO Channel 00 : 1[1] -> 0[0] via SHM/direct
vm:3414:3441 [0] NCCL INFO Channel 00 : 0[0] -> 1[1] via SHM/direct
vm:3414:3442 [1] NCCL INFO Channel 01 : 1[1] -> 0[0] via SHM/direct
vm:3414:3441 [0] NCCL INFO Channel 01 : 0[0] -> 1[1] via SHM/direct
vm:3414:3442 [1] NCCL INFO Channel 02 : 1[1] -> 0[0] via SHM/direct
vm:3414:3441 [0] NCCL INFO Channel 02 : 0[0] -> 1[1] via SHM/direct
vm:3414:3442 [1] NCCL INFO Channel 03 : 1[1] -> 0[0] via SHM/direct
vm:3414:3441 [0] NCCL INFO Channel 03 : 0[0] -> 1[1] via SHM/direct
]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_DEBUG=INFO\x00NCCL_P2P_DISABLE=1\x00;x=0;t0=1796305989.00964;t1=1796305989.3313894;u=root;host=vm;pid=3414;ppid=3014;r=20261203T135303-2900-d1576e93.3414.1796305989009640.run;rh=335936c129f29cea4d7a8bc2f648a0f8d775debb406401a8c872c68c0f982f48;k=f379f9629661429e6171c5f387929e85;s=560316cc1fd79d3e8e04fbd962de3f9fa3b4d02ba7632e75b9e4ffc4e378ea93da2c6662b5cb655fa4d113772640bc8b9b4b5e96c8150eef3b1ebe744f38ce01]133;D;0;aid=3014;n=4;h=5;t=1796305989.554214;ps=0,0;k=f379f9629661429e6171c5f387929e85]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3014;k=f379f9629661429e6171c5f387929e85[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 all_reduce_perf -b 128M -e 128M -g 2
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202;f379f9629661429e6171c5f387929e85]133;C;aid=3014;n=5;h=6;t=1796305989.754212;k=f379f9629661429e6171c5f387929e85# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   3442 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   3442 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  14622.7    9.18    9.18       0  14814.0    9.06    9.06       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 9.11945 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_P2P_DISABLE=1\x00;x=0;t0=1796305990.314564;t1=1796305990.6053522;u=root;host=vm;pid=3442;ppid=3014;r=20261203T135303-2900-d1576e93.3442.1796305990314564.run;rh=249cb930bd7c580e50ef320db1b5cd4d9c37bb53105b7d3a6b14709c69c11786;k=f379f9629661429e6171c5f387929e85;s=c11de25411c310db92e05f52f164b038806deb4d83db902fbc252518bfa5848a7dbc13d467b1264fc466260d4260228e505014a9ddb6834971e16bfa94256f01]133;D;0;aid=3014;n=5;h=6;t=1796305990.825555;ps=0;k=f379f9629661429e6171c5f387929e85]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3014;k=f379f9629661429e6171c5f387929e85[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1 NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g  2 2>&1 | grep 'via'
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_SHM_DISABLE=1\x20NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20'via';f379f9629661429e6171c5f387929e85]133;C;aid=3014;n=6;h=7;t=1796305991.264009;k=f379f9629661429e6171c5f387929e85vm:3470:3498 [1] NCCL INFO Channel 00/0 : 1[1] -> 0[0] [send] via NET/Socket/0
vm:3470:3498 [1] NCCL INFO Channel 00/0 : 0[0] -> 1[1] [receive] via NET/Socket/0
vm:3470:3497 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] [send] via NET/Socket/0
vm:3470:3497 [0] NCCL INFO Channel 00/0 : 1[1] -> 0[0] [receive] via NET/Socket/0
vm:3470:3498 [1] NCCL INFO Channel 01/0 : 1[1] -> 0[0] [send] via NET/Socket/0
vm:3470:3498 [1] NCCL INFO Channel 01/0 : 0[0] -> 1[1] [receive] via NET/Socket/0
vm:3470:3497 [0] NCCL INFO Channel 01/0 : 0[0] -> 1[1] [send] via NET/Socket/0
vm:3470:3497 [0] NCCL INFO Channel 01/0 : 1[1] -> 0[0] [receive] via NET/Socket/0
vm:3470:3498 [1] NCCL INFO Channel 02/0 : 1[1] -> 0[0] [send] via NET/Socket/0
vm:3470:3498 [1] NCCL INFO Channel 02/0 : 0[0] -> 1[1] [receive] via NET/Socket/0
vm:3470:3497 [0] NCCL INFO Channel 02/0 : 0[0] -> 1[1] [send] via NET/Socket/0
vm:3470:3497 [0] NCCL INFO Channel 02/0 : 1[1] -> 0[0] [receive] via NET/Socket/0
vm:3470:3498 [1] NCCL INFO Channel 03/0 : 1[1] -> 0[0] [send] via NET/Socket/0
vm:3470:3498 [1] NCCL INFO Channel 03/0 : 0[0] -> 1[1] [receive] via NET/Socket/0
vm:3470:3497 [0] NCCL INFO Channel 03/0 : 0[0] -> 1[1] [send] via NET/Socket/0
vm:3470:3497 [0] NCCL INFO Channel 03/0 : 1[1] -> 0[0] [receive] via NET/Socket/0
]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_DEBUG=INFO\x00NCCL_P2P_DISABLE=1\x00NCCL_SHM_DISABLE=1\x00;x=0;t0=1796305991.8890963;t1=1796305992.1866033;u=root;host=vm;pid=3470;ppid=3014;r=20261203T135303-2900-d1576e93.3470.1796305991889096.run;rh=95713b148c7d2356db58e9e90cc154ed77b4c5a15dbea06430fef860e8cc3cac;k=f379f9629661429e6171c5f387929e85;s=882051899ff75525156b840f981c7ec4cfedaf90d7cc4a819555569b64bf4b39e7c0b7131eb133435d3f939e29b91f676da323b8d588ee08d7abe4369c19170f]133;D;0;aid=3014;n=6;h=7;t=1796305992.420067;ps=0,0;k=f379f9629661429e6171c5f387929e85]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3014;k=f379f9629661429e6171c5f387929e85[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1 all_reduce_perf -b 128M -e 128M -g 2 | tee socket.t xt
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_SHM_DISABLE=1\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x20|\x20tee\x20socket.txt;f379f9629661429e6171c5f387929e85]133;C;aid=3014;n=7;h=8;t=1796305992.678255;k=f379f9629661429e6171c5f387929e85# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   3517 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   3517 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  57639.3    2.33    2.33       0  58004.0    2.31    2.31       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 2.32126 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_P2P_DISABLE=1\x00NCCL_SHM_DISABLE=1\x00;x=0;t0=1796305993.2236283;t1=1796305993.4854646;u=root;host=vm;pid=3517;ppid=3014;r=20261203T135303-2900-d1576e93.3517.1796305993223628.run;rh=428aaf0a2c61ddc1486461582771b35cd59ba0bc1e28b15db8afb8dc81ef1d03;k=f379f9629661429e6171c5f387929e85;s=9cab7d5412c4d5a7666fccaf295f6567e6fa0149572eaad12df362e98b4eb0133465f5e04bc088c44a0c6faebd6956ce7233575695af20194cc08ef928e0d307]133;D;0;aid=3014;n=7;h=8;t=1796305993.713217;ps=0,0;k=f379f9629661429e6171c5f387929e85]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3014;k=f379f9629661429e6171c5f387929e85[?2004hroot@vm:~# echo busbw=$(awk '$1 == 134217728 {print $8}' socket.txt)
[?2004l]633;E;echo\x20busbw=$(awk\x20'$1\x20==\x20134217728\x20{print\x20$8}'\x20socket.txt);f379f9629661429e6171c5f387929e85]133;C;aid=3014;n=8;h=9;t=1796305993.878169;k=f379f9629661429e6171c5f387929e85busbw=2.33
]133;D;0;aid=3014;n=8;h=9;t=1796305993.881101;ps=0;k=f379f9629661429e6171c5f387929e85]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3014;k=f379f9629661429e6171c5f387929e85[?2004hroot@vm:~# lab answer slow-job b
[?2004l]633;E;lab\x20answer\x20slow-job\x20b;f379f9629661429e6171c5f387929e85]133;C;aid=3014;n=9;h=10;t=1796305993.944561;k=f379f9629661429e6171c5f387929e85Answer 'b' for step 'slow-job' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;T;v=2;p=lab;a=answer\x00slow-job\x00b\x00;e=;x=0;t0=1796305994.4806368;t1=1796305994.8202069;u=root;host=vm;pid=3586;ppid=3014;r=20261203T135303-2900-d1576e93.3586.1796305994480636.run;rh=9d73078db2b1e0b4d12647323f9178827bfcf62029f7b7bb2576bd5ce0080562;k=f379f9629661429e6171c5f387929e85;s=a91f436127bb68b2a28a13a3a63ce3d6f812ebea7be3bf5685356b04cb0af97c69ab3637704247270384fe4bf23ee93682a7dd758ff3306cb8121d394f3e0608]133;D;0;aid=3014;n=9;h=10;t=1796305994.968987;ps=0;k=f379f9629661429e6171c5f387929e85]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3014;k=f379f9629661429e6171c5f387929e85[?2004hroot@vm:~# all_reduce_perf -b 128M -e 128M -g 2 | grep 'Avg bus bandwidth'
[?2004l]633;E;all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x20|\x20grep\x20'Avg\x20bus\x20bandwidth';f379f9629661429e6171c5f387929e85]133;C;aid=3014;n=10;h=11;t=1796305995.152571;k=f379f9629661429e6171c5f387929e85# Avg bus bandwidth    : 13.0942 
]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=;x=0;t0=1796305995.6072068;t1=1796305995.8713253;u=root;host=vm;pid=3745;ppid=3014;r=20261203T135303-2900-d1576e93.3745.1796305995607206.run;rh=1d440405c856ad837a36abf6d3a981ea7a7f82aa4382041e5e1125d16f42b8a7;k=f379f9629661429e6171c5f387929e85;s=fa9f5a1dcb0f37dd0edaf23708a8d07643d7ed728d4d6c5045c9eaafcabcb4789ed4804c2bf9db913a8df021295113d52d6a9a1997ebf1ee5aa0ccd7ba55bc0f]133;D;0;aid=3014;n=10;h=11;t=1796305996.047560;ps=0,0;k=f379f9629661429e6171c5f387929e85]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3014;k=f379f9629661429e6171c5f387929e85[?2004hroot@vm:~# exit
[?2004l]633;E;exit;f379f9629661429e6171c5f387929e85]133;C;aid=3014;n=11;h=12;t=1796305996.078570;k=f379f9629661429e6171c5f387929e85exit
exit

Script done on 2026-12-03 13:53:16+00:00 [COMMAND_EXIT_CODE="0"]
