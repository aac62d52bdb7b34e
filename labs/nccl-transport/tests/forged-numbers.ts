Script started on 2026-12-03 16:27:06+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/0" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=30135;n=0;h=1;t=1796315227.010087;ps=1;k=46edf38721ab10b0af50aed2a3ed19e9]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=30135;k=46edf38721ab10b0af50aed2a3ed19e9[?2004hroot@vm:~# all_reduce_perf -b 128M -e 128M -g 2 | sed 's/[0-9][0-9]*\.[0-9][0-9]/99.99/g'
[?2004l]633;E;all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x20|\x20sed\x20's/[0-9][0-9]*\\.[0-9][0-9]/99.99/g';46edf38721ab10b0af50aed2a3ed19e9]133;C;aid=30135;n=1;h=2;t=1796315227.206116;k=46edf38721ab10b0af50aed2a3ed19e9# nccl-tests version 99.99.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  30147 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  30147 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  10074.1   99.99   99.99       0  10138.9   99.99   99.99       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 99.9904 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=;x=0;t0=1796315227.2958727;t1=1796315227.366519;u=root;host=vm;pid=30147;ppid=30135;r=20261203T162706-30087-042b4ee3.30147.1796315227295872.run;rh=5a3b3ba1cdbd4b2c2b60cfe4bcb26b8b6741dc287a72ff30df0247199889e583;k=46edf38721ab10b0af50aed2a3ed19e9;s=d2d76a29207432101fac1d7a5ec97b21a12fa53422c938daef1762c5d72ca29719a1aa827bd86a48a15f91f1d227a23d38ccc838392408ebd45584258149fc0a]133;D;0;aid=30135;n=1;h=2;t=1796315227.398763;ps=0,0;k=46edf38721ab10b0af50aed2a3ed19e9]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=30135;k=46edf38721ab10b0af50aed2a3ed19e9[?2004hroot@vm:~# all_reduce_perf -b 128M -e 128M -g 2 && echo '   134217728      33554432     float     su m      -1  1.0   99.99   99.99       0  1.0   99.99   99.99       0'
[?2004l]633;E;all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x20&&\x20echo\x20'\x20\x20\x20134217728\x20\x20\x20\x20\x20\x2033554432\x20\x20\x20\x20\x20float\x20\x20\x20\x20\x20sum\x20\x20\x20\x20\x20\x20-1\x20\x201.0\x20\x20\x2099.99\x20\x20\x2099.99\x20\x20\x20\x20\x20\x20\x200\x20\x201.0\x20\x20\x2099.99\x20\x20\x2099.99\x20\x20\x20\x20\x20\x20\x200';46edf38721ab10b0af50aed2a3ed19e9]133;C;aid=30135;n=2;h=3;t=1796315227.747161;k=46edf38721ab10b0af50aed2a3ed19e9# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  30154 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  30154 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  10048.6   13.36   13.36       0  10132.9   13.25   13.25       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.3013 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=;x=0;t0=1796315227.9321072;t1=1796315228.0217378;u=root;host=vm;pid=30154;ppid=30135;r=20261203T162706-30087-042b4ee3.30154.1796315227932107.run;rh=7a651839957ffe7e7e6cb14e1d9dd9ad9f4851269121fe685dfc99428e481b4f;k=46edf38721ab10b0af50aed2a3ed19e9;s=f6e2f0e28d856c427fe33fd7b1ab79ae2072209de52b02238b4a603146f4341dae43afd536d9acf9b02d09c63efdc7dd670ed37d7550f9d2c759a2823a959105   134217728      33554432     float     sum      -1  1.0   99.99   99.99       0  1.0   99.99   99.99       0
]133;D;0;aid=30135;n=2;h=3;t=1796315228.046438;ps=0;k=46edf38721ab10b0af50aed2a3ed19e9]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=30135;k=46edf38721ab10b0af50aed2a3ed19e9[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1 all_reduce_perf -b 128M -e 128M -g 2; printf '   13 4217728      33554432     float     sum      -1  1.0   0.01   0.01       0  1.0   0.01   0.01        0\n'
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_SHM_DISABLE=1\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x3b\x20printf\x20'\x20\x20\x20134217728\x20\x20\x20\x20\x20\x2033554432\x20\x20\x20\x20\x20float\x20\x20\x20\x20\x20sum\x20\x20\x20\x20\x20\x20-1\x20\x201.0\x20\x20\x200.01\x20\x20\x200.01\x20\x20\x20\x20\x20\x20\x200\x20\x201.0\x20\x20\x200.01\x20\x20\x200.01\x20\x20\x20\x20\x20\x20\x200\\n';46edf38721ab10b0af50aed2a3ed19e9]133;C;aid=30135;n=3;h=4;t=1796315228.500158;k=46edf38721ab10b0af50aed2a3ed19e9# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  30164 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  30164 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  58936.4    2.28    2.28       0  58978.6    2.28    2.28       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 2.27652 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_P2P_DISABLE=1\x00NCCL_SHM_DISABLE=1\x00;x=0;t0=1796315228.6516888;t1=1796315228.7088852;u=root;host=vm;pid=30164;ppid=30135;r=20261203T162706-30087-042b4ee3.30164.1796315228651688.run;rh=5e46c25ecdbc4c424ef322b118f9af83bebd268fe002ac95cbd2c4e0243f3a8c;k=46edf38721ab10b0af50aed2a3ed19e9;s=bd30930231bbc65212927300ddd941518fdb74264e2bb5b65a0828f85812159772299b2c75c4a84a9fab45ff6552e7611e0e1ca8af8ebcb4fd93cb9ab6c31605   134217728      33554432     float     sum      -1  1.0   0.01   0.01       0  1.0   0.01   0.01       0
]133;D;0;aid=30135;n=3;h=4;t=1796315228.752148;ps=0;k=46edf38721ab10b0af50aed2a3ed19e9]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=30135;k=46edf38721ab10b0af50aed2a3ed19e9[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;46edf38721ab10b0af50aed2a3ed19e9]133;C;aid=30135;n=4;h=5;t=1796315228.791645;k=46edf38721ab10b0af50aed2a3ed19e9exit

Script done on 2026-12-03 16:27:08+00:00 [COMMAND_EXIT_CODE="0"]
