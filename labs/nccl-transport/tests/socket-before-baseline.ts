Script started on 2026-12-03 13:54:24+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/2" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=10624;n=0;h=1;t=1796306064.775573;ps=1;k=519463207b0c534fd1606cbb35fb7015]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=10624;k=519463207b0c534fd1606cbb35fb7015[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1 all_reduce_perf -b 128M -e 128M -g 2
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_SHM_DISABLE=1\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202;519463207b0c534fd1606cbb35fb7015]133;C;aid=10624;n=1;h=2;t=1796306064.979603;k=519463207b0c534fd1606cbb35fb7015# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  10678 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  10678 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  57823.4    2.32    2.32       0  58582.9    2.29    2.29       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 2.30612 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_P2P_DISABLE=1\x00NCCL_SHM_DISABLE=1\x00;x=0;t0=1796306065.435465;t1=1796306065.7989187;u=root;host=vm;pid=10678;ppid=10624;r=20261203T135424-10490-35ec0a21.10678.1796306065435465.run;rh=666b4c783fbf3f60dd2c77ca232bc37fafef7fdd759a74d3ff661452770f049a;k=519463207b0c534fd1606cbb35fb7015;s=995fbc61c140ddced9f77720f8ba3d88f47a6010a74a31f35969e2876bb0f5c82f7356c3139215dd3ae4b502d7800e62ad5bb4fb2bc0113322b41ac01763f002]133;D;0;aid=10624;n=1;h=2;t=1796306065.991301;ps=0;k=519463207b0c534fd1606cbb35fb7015]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=10624;k=519463207b0c534fd1606cbb35fb7015[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 all_reduce_perf -b 128M -e 128M -g 2
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202;519463207b0c534fd1606cbb35fb7015]133;C;aid=10624;n=2;h=3;t=1796306066.175254;k=519463207b0c534fd1606cbb35fb7015# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  10738 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  10738 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  14978.9    8.96    8.96       0  14833.0    9.05    9.05       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 9.00453 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_P2P_DISABLE=1\x00;x=0;t0=1796306066.6458821;t1=1796306066.9910724;u=root;host=vm;pid=10738;ppid=10624;r=20261203T135424-10490-35ec0a21.10738.1796306066645882.run;rh=9d99d7dcb02c7ddbfa759286a7d4b57495912c8871bcbcb9968d945d2456cb05;k=519463207b0c534fd1606cbb35fb7015;s=84e04d94f41a9f8ca27453c30632e4f514d5ade14a99e49328a6f19828917a25ad2fb119790a9979d6cf1d129f18fce3eca975960f36e5be0950cffba8f6980d]133;D;0;aid=10624;n=2;h=3;t=1796306067.202537;ps=0;k=519463207b0c534fd1606cbb35fb7015]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=10624;k=519463207b0c534fd1606cbb35fb7015[?2004hroot@vm:~# echo busbw=2.28
[?2004l]633;E;echo\x20busbw=2.28;519463207b0c534fd1606cbb35fb7015]133;C;aid=10624;n=3;h=4;t=1796306067.281250;k=519463207b0c534fd1606cbb35fb7015busbw=2.28
]133;D;0;aid=10624;n=3;h=4;t=1796306067.286244;ps=0;k=519463207b0c534fd1606cbb35fb7015]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=10624;k=519463207b0c534fd1606cbb35fb7015[?2004hroot@vm:~# all_reduce_perf -b 128M -e 128M -g 2
[?2004l]633;E;all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202;519463207b0c534fd1606cbb35fb7015]133;C;aid=10624;n=4;h=5;t=1796306067.401161;k=519463207b0c534fd1606cbb35fb7015# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  10817 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  10817 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  10331.1   12.99   12.99       0  10204.8   13.15   13.15       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.072 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=;x=0;t0=1796306067.923813;t1=1796306068.1952999;u=root;host=vm;pid=10817;ppid=10624;r=20261203T135424-10490-35ec0a21.10817.1796306067923813.run;rh=188fd7760a7a5ff00be7d05518df5cc2d1244b3a140913ee03825510a215d889;k=519463207b0c534fd1606cbb35fb7015;s=bc6b4ea843f34c396b9c3df06a3d312db49977f5ab2357c81d2585d4c5552d01eea2ba40fcf7979f51a9eae3d008b5aada500f16a19353ca76dfd6d44a001508]133;D;0;aid=10624;n=4;h=5;t=1796306068.395069;ps=0;k=519463207b0c534fd1606cbb35fb7015]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=10624;k=519463207b0c534fd1606cbb35fb7015[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1 all_reduce_perf -b 128M -e 128M -g 2
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_SHM_DISABLE=1\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202;519463207b0c534fd1606cbb35fb7015]133;C;aid=10624;n=5;h=6;t=1796306068.755587;k=519463207b0c534fd1606cbb35fb7015# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  11066 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  11066 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  59137.5    2.27    2.27       0  58970.1    2.28    2.28       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 2.27281 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_P2P_DISABLE=1\x00NCCL_SHM_DISABLE=1\x00;x=0;t0=1796306069.2497735;t1=1796306069.611919;u=root;host=vm;pid=11066;ppid=10624;r=20261203T135424-10490-35ec0a21.11066.1796306069249773.run;rh=3edc61fc202df6955bc2b704d24baaf340db6c1b3515b6af852b6f69ccf1da34;k=519463207b0c534fd1606cbb35fb7015;s=2f5f081e780e982c029e48c29185a594366f2449313785195059c7a0da5c8ea225239d162119a4858d0327f14ba1b780508ad2f3535d2d36c48a7805b46f5d08]133;D;0;aid=10624;n=5;h=6;t=1796306069.863578;ps=0;k=519463207b0c534fd1606cbb35fb7015]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=10624;k=519463207b0c534fd1606cbb35fb7015[?2004hroot@vm:~# exit
[?2004l]633;E;exit;519463207b0c534fd1606cbb35fb7015]133;C;aid=10624;n=6;h=7;t=1796306069.901059;k=519463207b0c534fd1606cbb35fb7015exit
exit

Script done on 2026-12-03 13:54:29+00:00 [COMMAND_EXIT_CODE="0"]
