Script started on 2026-12-02 05:55:27+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/0" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=11818;n=0;h=1;t=1796190927.896470;ps=1;k=6f16a089b4fe7e559b17b9565bba53a2]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11818;k=6f16a089b4fe7e559b17b9565bba53a2[?2004hroot@vm:~# all_reduce_perf -b 128M -e 128M -g 2 > fast.txt
[?2004l]633;E;all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x20>\x20fast.txt;6f16a089b4fe7e559b17b9565bba53a2]133;C;aid=11818;n=1;h=2;t=1796190928.022844;k=6f16a089b4fe7e559b17b9565bba53a2]133;D;0;aid=11818;n=1;h=2;t=1796190928.091365;ps=0;k=6f16a089b4fe7e559b17b9565bba53a2]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11818;k=6f16a089b4fe7e559b17b9565bba53a2[?2004hroot@vm:~# cat fast.txt
[?2004l]633;E;cat\x20fast.txt;6f16a089b4fe7e559b17b9565bba53a2]133;C;aid=11818;n=2;h=3;t=1796190928.123335;k=6f16a089b4fe7e559b17b9565bba53a2# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  11827 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  11827 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  10273.4   13.06   13.06       0  10146.2   13.23   13.23       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.1465 
#
# Collective test concluded: all_reduce_perf

]133;D;0;aid=11818;n=2;h=3;t=1796190928.125169;ps=0;k=6f16a089b4fe7e559b17b9565bba53a2]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11818;k=6f16a089b4fe7e559b17b9565bba53a2[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1 bash -c 'cat fast.txt'
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_SHM_DISABLE=1\x20bash\x20-c\x20'cat\x20fast.txt';6f16a089b4fe7e559b17b9565bba53a2]133;C;aid=11818;n=3;h=4;t=1796190928.258072;k=6f16a089b4fe7e559b17b9565bba53a2# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  11827 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  11827 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  10273.4   13.06   13.06       0  10146.2   13.23   13.23       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.1465 
#
# Collective test concluded: all_reduce_perf

]133;D;0;aid=11818;n=3;h=4;t=1796190928.261423;ps=0;k=6f16a089b4fe7e559b17b9565bba53a2]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11818;k=6f16a089b4fe7e559b17b9565bba53a2[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1 NCCL_DEBUG=INFO all_reduce_perf -b 8M -e 8M -g 2 -n  1 2>&1 | grep -c via
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_SHM_DISABLE=1\x20NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202\x20-n\x201\x202>&1\x20|\x20grep\x20-c\x20via;6f16a089b4fe7e559b17b9565bba53a2]133;C;aid=11818;n=4;h=5;t=1796190928.502427;k=6f16a089b4fe7e559b17b9565bba53a216
]133;D;0;aid=11818;n=4;h=5;t=1796190928.580500;ps=0,0;k=6f16a089b4fe7e559b17b9565bba53a2]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11818;k=6f16a089b4fe7e559b17b9565bba53a2[?2004hroot@vm:~# grep busbw fast.txt
[?2004l]633;E;grep\x20busbw\x20fast.txt;6f16a089b4fe7e559b17b9565bba53a2]133;C;aid=11818;n=5;h=6;t=1796190928.624149;k=6f16a089b4fe7e559b17b9565bba53a2#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
]133;D;0;aid=11818;n=5;h=6;t=1796190928.626336;ps=0;k=6f16a089b4fe7e559b17b9565bba53a2]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11818;k=6f16a089b4fe7e559b17b9565bba53a2[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;6f16a089b4fe7e559b17b9565bba53a2]133;C;aid=11818;n=6;h=7;t=1796190928.637775;k=6f16a089b4fe7e559b17b9565bba53a2exit

Script done on 2026-12-02 05:55:28+00:00 [COMMAND_EXIT_CODE="0"]
