Script started on 2026-12-03 13:53:17+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/1" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=3994;n=0;h=1;t=1796305997.784547;ps=1;k=f6b45af5fbdaae4e45c8e0bee21bbbac]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3994;k=f6b45af5fbdaae4e45c8e0bee21bbbac[?2004hroot@vm:~# export NCCL_DEBUG=INFO
[?2004l]633;E;export\x20NCCL_DEBUG=INFO;f6b45af5fbdaae4e45c8e0bee21bbbac]133;C;aid=3994;n=1;h=2;t=1796305997.846967;k=f6b45af5fbdaae4e45c8e0bee21bbbac]133;D;0;aid=3994;n=1;h=2;t=1796305997.849607;ps=0;k=f6b45af5fbdaae4e45c8e0bee21bbbac]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3994;k=f6b45af5fbdaae4e45c8e0bee21bbbac[?2004hroot@vm:~# all_reduce_perf -b 128M -e 128M -g 2^C[?2004l[?2004h[?2004l
]133;D;130;aid=3994;n=1;h=2;t=1796305997.931144;ps=130;k=f6b45af5fbdaae4e45c8e0bee21bbbac]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3994;k=f6b45af5fbdaae4e45c8e0bee21bbbac[?2004hroot@vm:~# all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep -i p2p
[?2004l]633;E;all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20-i\x20p2p;f6b45af5fbdaae4e45c8e0bee21bbbac]133;C;aid=3994;n=2;h=3;t=1796305998.107219;k=f6b45af5fbdaae4e45c8e0bee21bbbacvm:4396:4424 [1] NCCL INFO Channel 00/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:4396:4423 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:4396:4424 [1] NCCL INFO Channel 01/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:4396:4423 [0] NCCL INFO Channel 01/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:4396:4424 [1] NCCL INFO Channel 02/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:4396:4423 [0] NCCL INFO Channel 02/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:4396:4424 [1] NCCL INFO Channel 03/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:4396:4423 [0] NCCL INFO Channel 03/0 : 0[0] -> 1[1] via P2P/direct pointer
]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_DEBUG=INFO\x00;x=0;t0=1796305998.5043206;t1=1796305998.7766805;u=root;host=vm;pid=4396;ppid=3994;r=20261203T135317-3864-1c169065.4396.1796305998504320.run;rh=15a4417079968533e5b6b5fa402308c3be83249cf6454e91b00e9f6984d50e1a;k=f6b45af5fbdaae4e45c8e0bee21bbbac;s=59e636e3e3813da49deb19179658611208056afc0ca892beadd32ab872ea7baaf03c8a9f66c84b4f70c96a029c62d03227f3d4f52009dd58880bc7b60aaf5006]133;D;0;aid=3994;n=2;h=3;t=1796305998.969821;ps=0,0;k=f6b45af5fbdaae4e45c8e0bee21bbbac]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3994;k=f6b45af5fbdaae4e45c8e0bee21bbbac[?2004hroot@vm:~# unset NCCL_DEBUG
[?2004l]633;E;unset\x20NCCL_DEBUG;f6b45af5fbdaae4e45c8e0bee21bbbac]133;C;aid=3994;n=3;h=4;t=1796305999.032437;k=f6b45af5fbdaae4e45c8e0bee21bbbac]133;D;0;aid=3994;n=3;h=4;t=1796305999.032906;ps=0;k=f6b45af5fbdaae4e45c8e0bee21bbbac]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3994;k=f6b45af5fbdaae4e45c8e0bee21bbbac[?2004hroot@vm:~# all_reduce_perf -g 2 -b 8M -e 128M -f 2
[?2004l]633;E;all_reduce_perf\x20-g\x202\x20-b\x208M\x20-e\x20128M\x20-f\x202;f6b45af5fbdaae4e45c8e0bee21bbbac]133;C;aid=3994;n=4;h=5;t=1796305999.150139;k=f6b45af5fbdaae4e45c8e0bee21bbbac# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 134217728 step: 2(factor) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   4612 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   4612 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
     8388608       2097152     float     sum      -1   642.34   13.06   13.06       0   639.58   13.12   13.12       0
    16777216       4194304     float     sum      -1  1293.87   12.97   12.97       0  1301.72   12.89   12.89       0
    33554432       8388608     float     sum      -1  2578.52   13.01   13.01       0  2540.27   13.21   13.21       0
    67108864      16777216     float     sum      -1  5166.94   12.99   12.99       0  5051.23   13.29   13.29       0
   134217728      33554432     float     sum      -1  10325.0   13.00   13.00       0  10115.7   13.27   13.27       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.0794 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-g\x002\x00-b\x008M\x00-e\x00128M\x00-f\x002\x00;e=;x=0;t0=1796305999.5905654;t1=1796305999.8979278;u=root;host=vm;pid=4612;ppid=3994;r=20261203T135317-3864-1c169065.4612.1796305999590565.run;rh=fb4d784693c298fcad341c085a36c6ae91f836a55d887cae8b003ecfc524b7da;k=f6b45af5fbdaae4e45c8e0bee21bbbac;s=ab5b372a44afab6a4636691794712bf54c532fbd83a8f9a9cd52041dd4297974137563233334cd8c6fdaffbf9a17a18448410199c2797fd7928acb6a009e840b]133;D;0;aid=3994;n=4;h=5;t=1796306000.099346;ps=0;k=f6b45af5fbdaae4e45c8e0bee21bbbac]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3994;k=f6b45af5fbdaae4e45c8e0bee21bbbac[?2004hroot@vm:~# export NCCL_P2P_DISABLE=1
[?2004l]633;E;export\x20NCCL_P2P_DISABLE=1;f6b45af5fbdaae4e45c8e0bee21bbbac]133;C;aid=3994;n=5;h=6;t=1796306000.201695;k=f6b45af5fbdaae4e45c8e0bee21bbbac]133;D;0;aid=3994;n=5;h=6;t=1796306000.202375;ps=0;k=f6b45af5fbdaae4e45c8e0bee21bbbac]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3994;k=f6b45af5fbdaae4e45c8e0bee21bbbac[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -g 2 -b 8M -e 8M |& egrep 'via'
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-g\x202\x20-b\x208M\x20-e\x208M\x20|&\x20egrep\x20'via';f6b45af5fbdaae4e45c8e0bee21bbbac]133;C;aid=3994;n=6;h=7;t=1796306000.435562;k=f6b45af5fbdaae4e45c8e0bee21bbbacvm:4754:4782 [1] NCCL INFO Channel 00 : 1[1] -> 0[0] via SHM/direct
vm:4754:4781 [0] NCCL INFO Channel 00 : 0[0] -> 1[1] via SHM/direct
vm:4754:4782 [1] NCCL INFO Channel 01 : 1[1] -> 0[0] via SHM/direct
vm:4754:4781 [0] NCCL INFO Channel 01 : 0[0] -> 1[1] via SHM/direct
vm:4754:4782 [1] NCCL INFO Channel 02 : 1[1] -> 0[0] via SHM/direct
vm:4754:4781 [0] NCCL INFO Channel 02 : 0[0] -> 1[1] via SHM/direct
vm:4754:4782 [1] NCCL INFO Channel 03 : 1[1] -> 0[0] via SHM/direct
vm:4754:4781 [0] NCCL INFO Channel 03 : 0[0] -> 1[1] via SHM/direct
]133;T;v=2;p=all_reduce_perf;a=-g\x002\x00-b\x008M\x00-e\x008M\x00;e=NCCL_DEBUG=INFO\x00NCCL_P2P_DISABLE=1\x00;x=0;t0=1796306000.9744742;t1=1796306001.3872166;u=root;host=vm;pid=4754;ppid=3994;r=20261203T135317-3864-1c169065.4754.1796306000974474.run;rh=b7894b6b54b2691ba62a02a8a9d5a0449cb2bbef2a8717265a9a7a9ff2e5f600;k=f6b45af5fbdaae4e45c8e0bee21bbbac;s=4ca99b81c14f1b562716ef299ae14753271222d0202535f42c71bddf433328704b8f4a7b87cc627ee72fc5895e50cf7431b544de821d7e47aeef9a5c1ec3c20f]133;D;0;aid=3994;n=6;h=7;t=1796306001.598971;ps=0,0;k=f6b45af5fbdaae4e45c8e0bee21bbbac]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3994;k=f6b45af5fbdaae4e45c8e0bee21bbbac[?2004hroot@vm:~# all_reduce_perf -g 2 -b 8M -e 128M -f 2
[?2004l]633;E;all_reduce_perf\x20-g\x202\x20-b\x208M\x20-e\x20128M\x20-f\x202;f6b45af5fbdaae4e45c8e0bee21bbbac]133;C;aid=3994;n=7;h=8;t=1796306001.720492;k=f6b45af5fbdaae4e45c8e0bee21bbbac# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 134217728 step: 2(factor) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   4834 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   4834 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
     8388608       2097152     float     sum      -1   929.21    9.03    9.03       0   938.75    8.94    8.94       0
    16777216       4194304     float     sum      -1  1844.82    9.09    9.09       0  1865.34    8.99    8.99       0
    33554432       8388608     float     sum      -1  3714.41    9.03    9.03       0  3737.28    8.98    8.98       0
    67108864      16777216     float     sum      -1  7317.52    9.17    9.17       0  7360.48    9.12    9.12       0
   134217728      33554432     float     sum      -1  14698.2    9.13    9.13       0  14665.3    9.15    9.15       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 9.0636 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-g\x002\x00-b\x008M\x00-e\x00128M\x00-f\x002\x00;e=NCCL_P2P_DISABLE=1\x00;x=0;t0=1796306002.4242818;t1=1796306002.6852162;u=root;host=vm;pid=4834;ppid=3994;r=20261203T135317-3864-1c169065.4834.1796306002424281.run;rh=bfb4679ac5e1ba98bc5d6ba72ea3ba10da714521b103387fb534514ae37c2a3f;k=f6b45af5fbdaae4e45c8e0bee21bbbac;s=ca020d6b5f97350d0c1188c7000c7e5f7555fef74d964caf0f7984264f8eb103231ea31c91feb92b01c64ab5df31144b169a8a044750c31715ac7747db55f309]133;D;0;aid=3994;n=7;h=8;t=1796306002.893308;ps=0;k=f6b45af5fbdaae4e45c8e0bee21bbbac]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3994;k=f6b45af5fbdaae4e45c8e0bee21bbbac[?2004hroot@vm:~# export NCCL_SHM_DISABLE=1
[?2004l]633;E;export\x20NCCL_SHM_DISABLE=1;f6b45af5fbdaae4e45c8e0bee21bbbac]133;C;aid=3994;n=8;h=9;t=1796306002.989741;k=f6b45af5fbdaae4e45c8e0bee21bbbac]133;D;0;aid=3994;n=8;h=9;t=1796306002.993936;ps=0;k=f6b45af5fbdaae4e45c8e0bee21bbbac]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3994;k=f6b45af5fbdaae4e45c8e0bee21bbbac[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -g 2 -b 8M -e 8M |& egrep 'via'
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-g\x202\x20-b\x208M\x20-e\x208M\x20|&\x20egrep\x20'via';f6b45af5fbdaae4e45c8e0bee21bbbac]133;C;aid=3994;n=9;h=10;t=1796306003.164816;k=f6b45af5fbdaae4e45c8e0bee21bbbacvm:4969:4997 [1] NCCL INFO Channel 00/0 : 1[1] -> 0[0] [send] via NET/Socket/0
vm:4969:4997 [1] NCCL INFO Channel 00/0 : 0[0] -> 1[1] [receive] via NET/Socket/0
vm:4969:4996 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] [send] via NET/Socket/0
vm:4969:4996 [0] NCCL INFO Channel 00/0 : 1[1] -> 0[0] [receive] via NET/Socket/0
vm:4969:4997 [1] NCCL INFO Channel 01/0 : 1[1] -> 0[0] [send] via NET/Socket/0
vm:4969:4997 [1] NCCL INFO Channel 01/0 : 0[0] -> 1[1] [receive] via NET/Socket/0
vm:4969:4996 [0] NCCL INFO Channel 01/0 : 0[0] -> 1[1] [send] via NET/Socket/0
vm:4969:4996 [0] NCCL INFO Channel 01/0 : 1[1] -> 0[0] [receive] via NET/Socket/0
vm:4969:4997 [1] NCCL INFO Channel 02/0 : 1[1] -> 0[0] [send] via NET/Socket/0
vm:4969:4997 [1] NCCL INFO Channel 02/0 : 0[0] -> 1[1] [receive] via NET/Socket/0
vm:4969:4996 [0] NCCL INFO Channel 02/0 : 0[0] -> 1[1] [send] via NET/Socket/0
vm:4969:4996 [0] NCCL INFO Channel 02/0 : 1[1] -> 0[0] [receive] via NET/Socket/0
vm:4969:4997 [1] NCCL INFO Channel 03/0 : 1[1] -> 0[0] [send] via NET/Socket/0
vm:4969:4997 [1] NCCL INFO Channel 03/0 : 0[0] -> 1[1] [receive] via NET/Socket/0
vm:4969:4996 [0] NCCL INFO Channel 03/0 : 0[0] -> 1[1] [send] via NET/Socket/0
vm:4969:4996 [0] NCCL INFO Channel 03/0 : 1[1] -> 0[0] [receive] via NET/Socket/0
]133;T;v=2;p=all_reduce_perf;a=-g\x002\x00-b\x008M\x00-e\x008M\x00;e=NCCL_DEBUG=INFO\x00NCCL_P2P_DISABLE=1\x00NCCL_SHM_DISABLE=1\x00;x=0;t0=1796306003.9592566;t1=1796306004.2110448;u=root;host=vm;pid=4969;ppid=3994;r=20261203T135317-3864-1c169065.4969.1796306003959256.run;rh=6e27d91f85942399ed1bf682ae44d5f95e7a450fe30534aff82fecf3d2ad63b3;k=f6b45af5fbdaae4e45c8e0bee21bbbac;s=27a08abc3dcb4bd333f5ae40334a5f1590b8eb605c6be5654af662ecd5fb9d9a70139ccd855d676b44e12c52a83fc190edbaf3f15c3939e099585a93ec86d605]133;D;0;aid=3994;n=9;h=10;t=1796306004.344538;ps=0,0;k=f6b45af5fbdaae4e45c8e0bee21bbbac]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3994;k=f6b45af5fbdaae4e45c8e0bee21bbbac[?2004hroot@vm:~# all_reduce_perf -g 2 -b 8M -e 128M -f 2
[?2004l]633;E;all_reduce_perf\x20-g\x202\x20-b\x208M\x20-e\x20128M\x20-f\x202;f6b45af5fbdaae4e45c8e0bee21bbbac]133;C;aid=3994;n=10;h=11;t=1796306004.471447;k=f6b45af5fbdaae4e45c8e0bee21bbbac# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 134217728 step: 2(factor) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   5062 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   5062 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
     8388608       2097152     float     sum      -1  3663.23    2.29    2.29       0  3666.29    2.29    2.29       0
    16777216       4194304     float     sum      -1  7377.36    2.27    2.27       0  7280.15    2.30    2.30       0
    33554432       8388608     float     sum      -1  14659.3    2.29    2.29       0  14780.6    2.27    2.27       0
    67108864      16777216     float     sum      -1  29165.4    2.30    2.30       0  29438.1    2.28    2.28       0
   134217728      33554432     float     sum      -1  58226.0    2.31    2.31       0  57848.2    2.32    2.32       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 2.29217 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-g\x002\x00-b\x008M\x00-e\x00128M\x00-f\x002\x00;e=NCCL_P2P_DISABLE=1\x00NCCL_SHM_DISABLE=1\x00;x=0;t0=1796306004.881541;t1=1796306005.101276;u=root;host=vm;pid=5062;ppid=3994;r=20261203T135317-3864-1c169065.5062.1796306004881541.run;rh=fa54edbb2c51d8db1a813786ba580473edff96d20000de537c9cde4b6f082ea7;k=f6b45af5fbdaae4e45c8e0bee21bbbac;s=ddcaedc0950a1e28cc3b9fa0aed97aac9bbb7e978876b259124d5f6a88886a530d78488c4c1588449f5230c6166634ca2ec18be04321d4552894cc910b2d6008]133;D;0;aid=3994;n=10;h=11;t=1796306005.318681;ps=0;k=f6b45af5fbdaae4e45c8e0bee21bbbac]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3994;k=f6b45af5fbdaae4e45c8e0bee21bbbac[?2004hroot@vm:~# unset NCCL_P2P_DISABLE NCCL_SHM_DISABLE
[?2004l]633;E;unset\x20NCCL_P2P_DISABLE\x20NCCL_SHM_DISABLE;f6b45af5fbdaae4e45c8e0bee21bbbac]133;C;aid=3994;n=11;h=12;t=1796306005.424019;k=f6b45af5fbdaae4e45c8e0bee21bbbac]133;D;0;aid=3994;n=11;h=12;t=1796306005.424713;ps=0;k=f6b45af5fbdaae4e45c8e0bee21bbbac]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3994;k=f6b45af5fbdaae4e45c8e0bee21bbbac[?2004hroot@vm:~# all_reduce_perf -g 2 -b 8M -e 128M -f 2 | grep 'Avg bus bandwidth'
[?2004l]633;E;all_reduce_perf\x20-g\x202\x20-b\x208M\x20-e\x20128M\x20-f\x202\x20|\x20grep\x20'Avg\x20bus\x20bandwidth';f6b45af5fbdaae4e45c8e0bee21bbbac]133;C;aid=3994;n=12;h=13;t=1796306005.696387;k=f6b45af5fbdaae4e45c8e0bee21bbbac# Avg bus bandwidth    : 13.111 
]133;T;v=2;p=all_reduce_perf;a=-g\x002\x00-b\x008M\x00-e\x00128M\x00-f\x002\x00;e=;x=0;t0=1796306006.3102114;t1=1796306006.620099;u=root;host=vm;pid=5253;ppid=3994;r=20261203T135317-3864-1c169065.5253.1796306006310211.run;rh=4714f53d6527d89c3d8956cf2db85a048644cb766bfa3fe52f289c761e098c70;k=f6b45af5fbdaae4e45c8e0bee21bbbac;s=b22614abea49ab277a9e2aa15e8325e3e29358baac9ba9fb4aac5dab12c9f0646dde85fc3150c44db4fe3b65dc252fdbfef267ba3c64cb0fd43abde3a3924509]133;D;0;aid=3994;n=12;h=13;t=1796306006.827650;ps=0,0;k=f6b45af5fbdaae4e45c8e0bee21bbbac]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3994;k=f6b45af5fbdaae4e45c8e0bee21bbbac[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;f6b45af5fbdaae4e45c8e0bee21bbbac]133;C;aid=3994;n=13;h=14;t=1796306006.864971;k=f6b45af5fbdaae4e45c8e0bee21bbbacexit

Script done on 2026-12-03 13:53:26+00:00 [COMMAND_EXIT_CODE="0"]
