Script started on 2026-12-03 16:36:12+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/0" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=7634;n=0;h=1;t=1796315772.789088;ps=1;k=786fefc747dba5503e9f314bd9a86423]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=7634;k=786fefc747dba5503e9f314bd9a86423[?2004hroot@vm:~# all_reduce_perf -b 128M -e 128M -g 2
[?2004l]633;E;all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202;786fefc747dba5503e9f314bd9a86423]133;C;aid=7634;n=1;h=2;t=1796315772.869039;k=786fefc747dba5503e9f314bd9a86423# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   7645 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   7645 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  10225.1   13.13   13.13       0  10042.0   13.37   13.37       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.246 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=;x=0;t0=1796315772.931851;t1=1796315772.973231;u=root;host=vm;pid=7645;ppid=7634;r=20261203T163612-7586-aee0aa05.7645.1796315772931851.run;rh=5b587d9971f0be9b10310330990a65d2e3f74370f214cf342b941ef40dd6ad09;k=786fefc747dba5503e9f314bd9a86423;s=c11f8a36ef17a5108521ab47515376cc7bd3c189775c123adc12cf93d50dfd90853c5834dbf28f87a7ded083cb4780e49f72686e95d176a08e157d7cb6ae0201]133;D;0;aid=7634;n=1;h=2;t=1796315772.994376;ps=0;k=786fefc747dba5503e9f314bd9a86423]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=7634;k=786fefc747dba5503e9f314bd9a86423[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1 NCCL_IB_DISABLE=1 all_reduce_perf -b 128M -e 128M - g 2
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_SHM_DISABLE=1\x20NCCL_IB_DISABLE=1\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202;786fefc747dba5503e9f314bd9a86423]133;C;aid=7634;n=2;h=3;t=1796315773.205622;k=786fefc747dba5503e9f314bd9a86423# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   7974 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   7974 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  59093.9    2.27    2.27       0  58223.3    2.31    2.31       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 2.28824 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_IB_DISABLE=1\x00NCCL_P2P_DISABLE=1\x00NCCL_SHM_DISABLE=1\x00;x=0;t0=1796315773.359323;t1=1796315773.453575;u=root;host=vm;pid=7974;ppid=7634;r=20261203T163612-7586-aee0aa05.7974.1796315773359323.run;rh=25b1540e8be3ea49744385d945df051ca16652a807547b571ebeef06760f90f0;k=786fefc747dba5503e9f314bd9a86423;s=f951ed1133fd40246f8b0cab3ee4130c9b858c5cd0f17b0d7c90e36a92c8fe3489ff16d27cc00575ad307dd8ddc7911d63519d2420b82cd751ce0f3a408a160a]133;D;0;aid=7634;n=2;h=3;t=1796315773.500659;ps=0;k=786fefc747dba5503e9f314bd9a86423]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=7634;k=786fefc747dba5503e9f314bd9a86423[?2004hroot@vm:~# echo busbw=13.00
[?2004l]633;E;echo\x20busbw=13.00;786fefc747dba5503e9f314bd9a86423]133;C;aid=7634;n=3;h=4;t=1796315773.538178;k=786fefc747dba5503e9f314bd9a86423busbw=13.00
]133;D;0;aid=7634;n=3;h=4;t=1796315773.539607;ps=0;k=786fefc747dba5503e9f314bd9a86423]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=7634;k=786fefc747dba5503e9f314bd9a86423[?2004hroot@vm:~# echo busbw=fast
[?2004l]633;E;echo\x20busbw=fast;786fefc747dba5503e9f314bd9a86423]133;C;aid=7634;n=4;h=5;t=1796315773.573246;k=786fefc747dba5503e9f314bd9a86423busbw=fast
]133;D;0;aid=7634;n=4;h=5;t=1796315773.573674;ps=0;k=786fefc747dba5503e9f314bd9a86423]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=7634;k=786fefc747dba5503e9f314bd9a86423[?2004hroot@vm:~# echo busbw=22.8
[?2004l]633;E;echo\x20busbw=22.8;786fefc747dba5503e9f314bd9a86423]133;C;aid=7634;n=5;h=6;t=1796315773.607178;k=786fefc747dba5503e9f314bd9a86423busbw=22.8
]133;D;0;aid=7634;n=5;h=6;t=1796315773.607727;ps=0;k=786fefc747dba5503e9f314bd9a86423]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=7634;k=786fefc747dba5503e9f314bd9a86423[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;786fefc747dba5503e9f314bd9a86423]133;C;aid=7634;n=6;h=7;t=1796315773.618882;k=786fefc747dba5503e9f314bd9a86423exit

Script done on 2026-12-03 16:36:13+00:00 [COMMAND_EXIT_CODE="0"]
