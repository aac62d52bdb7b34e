Script started on 2026-12-03 16:36:09+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/8" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=7368;n=0;h=1;t=1796315769.995919;ps=1;k=9c93d74d45434b6a787a43264beee050]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=7368;k=9c93d74d45434b6a787a43264beee050[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1 NCCL_IB_DISABLE=1 all_reduce_perf -b 128M -e 128M - g 2
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_SHM_DISABLE=1\x20NCCL_IB_DISABLE=1\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202;9c93d74d45434b6a787a43264beee050]133;C;aid=7368;n=1;h=2;t=1796315770.201637;k=9c93d74d45434b6a787a43264beee050# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   7405 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   7405 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  59248.5    2.27    2.27       0  58730.5    2.29    2.29       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 2.27533 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_IB_DISABLE=1\x00NCCL_P2P_DISABLE=1\x00NCCL_SHM_DISABLE=1\x00;x=0;t0=1796315770.3487864;t1=1796315770.4311633;u=root;host=vm;pid=7405;ppid=7368;r=20261203T163609-7294-a694716f.7405.1796315770348786.run;rh=b8c055e06f3f9a4665dbe838da6785bf348e5d6852b217d286a4a45a759aca08;k=9c93d74d45434b6a787a43264beee050;s=91b624caa2d02319ff625f5f02e9c01a11e2d20260620b69c76a3f5af3d96f5c4cda8b35ea0531fe5d7ac2b69142d8d61e3a70041eeaa6fd31f1f31359dc7609]133;D;0;aid=7368;n=1;h=2;t=1796315770.467358;ps=0;k=9c93d74d45434b6a787a43264beee050]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=7368;k=9c93d74d45434b6a787a43264beee050[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 all_reduce_perf -b 128M -e 128M -g 2
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202;9c93d74d45434b6a787a43264beee050]133;C;aid=7368;n=2;h=3;t=1796315770.597371;k=9c93d74d45434b6a787a43264beee050# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   7443 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   7443 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  14740.6    9.11    9.11       0  14849.1    9.04    9.04       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 9.07206 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_P2P_DISABLE=1\x00;x=0;t0=1796315770.7253892;t1=1796315770.7825346;u=root;host=vm;pid=7443;ppid=7368;r=20261203T163609-7294-a694716f.7443.1796315770725389.run;rh=f40e2b415e8e379781947f020b705844b5fa6ea2edadb85df6bca3f454908dca;k=9c93d74d45434b6a787a43264beee050;s=aa1db81c91c5e1ed3b45abbbdaee84c8ba8a6017c002594661f6e48a507e1da639b2aad4563f3fe46cc354baf4537325e94bc27c688b780594fa27ff48433d05]133;D;0;aid=7368;n=2;h=3;t=1796315770.802781;ps=0;k=9c93d74d45434b6a787a43264beee050]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=7368;k=9c93d74d45434b6a787a43264beee050[?2004hroot@vm:~# echo busbw=2.28
[?2004l]633;E;echo\x20busbw=2.28;9c93d74d45434b6a787a43264beee050]133;C;aid=7368;n=3;h=4;t=1796315770.863282;k=9c93d74d45434b6a787a43264beee050busbw=2.28
]133;D;0;aid=7368;n=3;h=4;t=1796315770.863743;ps=0;k=9c93d74d45434b6a787a43264beee050]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=7368;k=9c93d74d45434b6a787a43264beee050[?2004hroot@vm:~# all_reduce_perf -b 128M -e 128M -g 2
[?2004l]633;E;all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202;9c93d74d45434b6a787a43264beee050]133;C;aid=7368;n=4;h=5;t=1796315770.969965;k=9c93d74d45434b6a787a43264beee050# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   7466 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   7466 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  10163.9   13.21   13.21       0  10140.0   13.24   13.24       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.2209 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=;x=0;t0=1796315771.0399191;t1=1796315771.1030598;u=root;host=vm;pid=7466;ppid=7368;r=20261203T163609-7294-a694716f.7466.1796315771039919.run;rh=59303c7f787a8aec6bec274ef3d5914cb50e9c4ad61f957284da819c2b60b947;k=9c93d74d45434b6a787a43264beee050;s=c85426dbf71a825b8dc64f87aed0d09444411d273b6a1d7e4d9e630555cbd090bf17602436f36f7a47120c670f4f4cb63c37825c9b59c3238d03f349d722b70a]133;D;0;aid=7368;n=4;h=5;t=1796315771.136419;ps=0;k=9c93d74d45434b6a787a43264beee050]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=7368;k=9c93d74d45434b6a787a43264beee050[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1 NCCL_IB_DISABLE=1 all_reduce_perf -b 128M -e 128M - g 2
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_SHM_DISABLE=1\x20NCCL_IB_DISABLE=1\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202;9c93d74d45434b6a787a43264beee050]133;C;aid=7368;n=5;h=6;t=1796315771.370202;k=9c93d74d45434b6a787a43264beee050# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   7511 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   7511 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  58835.6    2.28    2.28       0  58496.9    2.29    2.29       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 2.28784 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_IB_DISABLE=1\x00NCCL_P2P_DISABLE=1\x00NCCL_SHM_DISABLE=1\x00;x=0;t0=1796315771.473119;t1=1796315771.5483057;u=root;host=vm;pid=7511;ppid=7368;r=20261203T163609-7294-a694716f.7511.1796315771473119.run;rh=99c12ebbdaa6b3f5f7f311c501a5565450c1c3a01552b7578c1f09d2a19c5ad7;k=9c93d74d45434b6a787a43264beee050;s=0eabbf54bd5c8c6d080654194febaf823618480623198bdc159b327b82ff6f84c663f99c6addd8c74dce33e5ff7a2bb59592a9b9e275bf59bb31cb620484240d]133;D;0;aid=7368;n=5;h=6;t=1796315771.590472;ps=0;k=9c93d74d45434b6a787a43264beee050]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=7368;k=9c93d74d45434b6a787a43264beee050[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;9c93d74d45434b6a787a43264beee050]133;C;aid=7368;n=6;h=7;t=1796315771.635596;k=9c93d74d45434b6a787a43264beee050exit

Script done on 2026-12-03 16:36:11+00:00 [COMMAND_EXIT_CODE="0"]
