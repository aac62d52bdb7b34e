Script started on 2026-12-03 16:27:33+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/12" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=1169;n=0;h=1;t=1796315253.341532;ps=1;k=ba8e6d95f6771efd321fc21cfd17b88e]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=1169;k=ba8e6d95f6771efd321fc21cfd17b88e[?2004hroot@vm:~# all_reduce_perf -b 128M -e 128M -g 2
[?2004l]633;E;all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202;ba8e6d95f6771efd321fc21cfd17b88e]133;C;aid=1169;n=1;h=2;t=1796315253.440259;k=ba8e6d95f6771efd321fc21cfd17b88e# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   1191 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   1191 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  10053.6   13.35   13.35       0  10090.7   13.30   13.30       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.3257 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=;x=0;t0=1796315253.5406106;t1=1796315253.7134094;u=root;host=vm;pid=1191;ppid=1169;r=20261203T162733-1063-90a34897.1191.1796315253540610.run;rh=dd6399e79d2569aff1154cdadb77a6c9dc7e055b949b926ba0ad6af938d72c08;k=ba8e6d95f6771efd321fc21cfd17b88e;s=c15ab92d415da9a5f623ea6d96a3a89915642bdcce80fa51a2ec648a469e8672096079e621c9a6853cb67ab9e096130c0acd9eae142ee892bbb21f0961c0ea09]133;D;0;aid=1169;n=1;h=2;t=1796315253.789516;ps=0;k=ba8e6d95f6771efd321fc21cfd17b88e]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=1169;k=ba8e6d95f6771efd321fc21cfd17b88e[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1 all_reduce_perf -b 128M -e 128M -g 2
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_SHM_DISABLE=1\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202;ba8e6d95f6771efd321fc21cfd17b88e]133;C;aid=1169;n=2;h=3;t=1796315254.108492;k=ba8e6d95f6771efd321fc21cfd17b88e# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   1254 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   1254 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  59082.6    2.27    2.27       0  58473.4    2.30    2.30       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 2.28353 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_P2P_DISABLE=1\x00NCCL_SHM_DISABLE=1\x00;x=0;t0=1796315254.3593445;t1=1796315254.5087805;u=root;host=vm;pid=1254;ppid=1169;r=20261203T162733-1063-90a34897.1254.1796315254359344.run;rh=8f3e5725361c19d86a8779c3114f62b6f462ac9d13912230f187b89b4efa732e;k=ba8e6d95f6771efd321fc21cfd17b88e;s=0952953292ad37b3f7a5b9dd81dc3ca5dd6e2202874449953c6337890fc40e7119959b3e776d69d99dd651536d219a4495408157dc6964c8f6abae2d2f5f630a]133;D;0;aid=1169;n=2;h=3;t=1796315254.591096;ps=0;k=ba8e6d95f6771efd321fc21cfd17b88e]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=1169;k=ba8e6d95f6771efd321fc21cfd17b88e[?2004hroot@vm:~# echo busbw=13.00
[?2004l]633;E;echo\x20busbw=13.00;ba8e6d95f6771efd321fc21cfd17b88e]133;C;aid=1169;n=3;h=4;t=1796315254.655246;k=ba8e6d95f6771efd321fc21cfd17b88ebusbw=13.00
]133;D;0;aid=1169;n=3;h=4;t=1796315254.655877;ps=0;k=ba8e6d95f6771efd321fc21cfd17b88e]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=1169;k=ba8e6d95f6771efd321fc21cfd17b88e[?2004hroot@vm:~# echo busbw=fast
[?2004l]633;E;echo\x20busbw=fast;ba8e6d95f6771efd321fc21cfd17b88e]133;C;aid=1169;n=4;h=5;t=1796315254.730358;k=ba8e6d95f6771efd321fc21cfd17b88ebusbw=fast
]133;D;0;aid=1169;n=4;h=5;t=1796315254.730995;ps=0;k=ba8e6d95f6771efd321fc21cfd17b88e]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=1169;k=ba8e6d95f6771efd321fc21cfd17b88e[?2004hroot@vm:~# echo busbw=22.8
[?2004l]633;E;echo\x20busbw=22.8;ba8e6d95f6771efd321fc21cfd17b88e]133;C;aid=1169;n=5;h=6;t=1796315254.804776;k=ba8e6d95f6771efd321fc21cfd17b88ebusbw=22.8
]133;D;0;aid=1169;n=5;h=6;t=1796315254.805247;ps=0;k=ba8e6d95f6771efd321fc21cfd17b88e]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=1169;k=ba8e6d95f6771efd321fc21cfd17b88e[?2004hroot@vm:~# exit
[?2004l]633;E;exit;ba8e6d95f6771efd321fc21cfd17b88e]133;C;aid=1169;n=6;h=7;t=1796315254.867497;k=ba8e6d95f6771efd321fc21cfd17b88eexit

Script done on 2026-12-03 16:27:34+00:00 [COMMAND_EXIT_CODE="0"]
