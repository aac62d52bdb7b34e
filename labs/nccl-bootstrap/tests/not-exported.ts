Script started on 2026-12-03 16:26:26+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/0" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=28030;n=0;h=1;t=1796315186.994668;ps=1;k=b76506fd3da6d64f155366e35d407f52]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=28030;k=b76506fd3da6d64f155366e35d407f52[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0;b76506fd3da6d64f155366e35d407f52]133;C;aid=28030;n=1;h=2;t=1796315187.085556;k=b76506fd3da6d64f155366e35d407f52]133;D;0;aid=28030;n=1;h=2;t=1796315187.086056;ps=0;k=b76506fd3da6d64f155366e35d407f52]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=28030;k=b76506fd3da6d64f155366e35d407f52[?2004hroot@vm:~# all_reduce_perf -b 8M -e 8M -g 2
[?2004l]633;E;all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202;b76506fd3da6d64f155366e35d407f52]133;C;aid=28030;n=2;h=3;t=1796315187.178345;k=b76506fd3da6d64f155366e35d407f52# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  28043 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  28043 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
NCCL version 2.30.7+cuda13.0
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
     8388608       2097152     float     sum      -1   651.69   12.87   12.87       0   655.36   12.80   12.80       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 12.8361 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x008M\x00-g\x002\x00;e=NCCL_DEBUG=WARN\x00;x=0;t0=1796315187.2937922;t1=1796315187.3567877;u=root;host=vm;pid=28043;ppid=28030;r=20261203T162626-27982-53c4af69.28043.1796315187293792.run;rh=17b2178277cf14c40ccd9647102872193b867707cb02b439d89e4a38f66fa02b;k=b76506fd3da6d64f155366e35d407f52;s=39d2f4d29a6a3dace49f0822731992702da70f7eda214ec5198dbd8ca8fc05d1aa49c4f6354d84ec6abb5e357d773f7b1a78c82d57e7a41894547b6f9d02260d]133;D;0;aid=28030;n=2;h=3;t=1796315187.383890;ps=0;k=b76506fd3da6d64f155366e35d407f52]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=28030;k=b76506fd3da6d64f155366e35d407f52[?2004hroot@vm:~# echo $?
[?2004l]633;E;echo\x20$?;b76506fd3da6d64f155366e35d407f52]133;C;aid=28030;n=3;h=4;t=1796315187.401690;k=b76506fd3da6d64f155366e35d407f520
]133;D;0;aid=28030;n=3;h=4;t=1796315187.402306;ps=0;k=b76506fd3da6d64f155366e35d407f52]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=28030;k=b76506fd3da6d64f155366e35d407f52[?2004hroot@vm:~# exit
[?2004l]633;E;exit;b76506fd3da6d64f155366e35d407f52]133;C;aid=28030;n=4;h=5;t=1796315187.413877;k=b76506fd3da6d64f155366e35d407f52exit
exit

Script done on 2026-12-03 16:26:27+00:00 [COMMAND_EXIT_CODE="0"]
