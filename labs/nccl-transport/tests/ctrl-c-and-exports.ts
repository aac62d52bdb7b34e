Script started on 2026-12-03 16:26:57+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/0" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=29561;n=0;h=1;t=1796315217.286420;ps=1;k=024a96ad19d10f38ec8168fea00a4f9a]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=29561;k=024a96ad19d10f38ec8168fea00a4f9a[?2004hroot@vm:~# export NCCL_DEBUG=INFO
[?2004l]633;E;export\x20NCCL_DEBUG=INFO;024a96ad19d10f38ec8168fea00a4f9a]133;C;aid=29561;n=1;h=2;t=1796315217.337569;k=024a96ad19d10f38ec8168fea00a4f9a]133;D;0;aid=29561;n=1;h=2;t=1796315217.338137;ps=0;k=024a96ad19d10f38ec8168fea00a4f9a]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=29561;k=024a96ad19d10f38ec8168fea00a4f9a[?2004hroot@vm:~# all_reduce_perf -b 128M -e 128M -g 2^C[?2004l[?2004h[?2004l
]133;D;130;aid=29561;n=1;h=2;t=1796315217.435547;ps=130;k=024a96ad19d10f38ec8168fea00a4f9a]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=29561;k=024a96ad19d10f38ec8168fea00a4f9a[?2004hroot@vm:~# all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep -i p2p
[?2004l]633;E;all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20-i\x20p2p;024a96ad19d10f38ec8168fea00a4f9a]133;C;aid=29561;n=2;h=3;t=1796315217.575948;k=024a96ad19d10f38ec8168fea00a4f9avm:29575:29603 [1] NCCL INFO Channel 00/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:29575:29602 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:29575:29603 [1] NCCL INFO Channel 01/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:29575:29602 [0] NCCL INFO Channel 01/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:29575:29603 [1] NCCL INFO Channel 02/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:29575:29602 [0] NCCL INFO Channel 02/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:29575:29603 [1] NCCL INFO Channel 03/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:29575:29602 [0] NCCL INFO Channel 03/0 : 0[0] -> 1[1] via P2P/direct pointer
]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_DEBUG=INFO\x00;x=0;t0=1796315217.6954038;t1=1796315217.7567978;u=root;host=vm;pid=29575;ppid=29561;r=20261203T162657-29513-1d6e90df.29575.1796315217695403.run;rh=74d7809876d6e4d018623580fdbcc5dfc8f96ffeb3b592dc10859649265462ad;k=024a96ad19d10f38ec8168fea00a4f9a;s=0a45cc2e36085e2dc63b98862d093d724d4765002f43ad339a721d5064bc296b6286126aa0a629b643e432d57f4b1cdeab37925e9333aba7a5bda2ff44bedd03]133;D;0;aid=29561;n=2;h=3;t=1796315217.780653;ps=0,0;k=024a96ad19d10f38ec8168fea00a4f9a]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=29561;k=024a96ad19d10f38ec8168fea00a4f9a[?2004hroot@vm:~# unset NCCL_DEBUG
[?2004l]633;E;unset\x20NCCL_DEBUG;024a96ad19d10f38ec8168fea00a4f9a]133;C;aid=29561;n=3;h=4;t=1796315217.821127;k=024a96ad19d10f38ec8168fea00a4f9a]133;D;0;aid=29561;n=3;h=4;t=1796315217.821755;ps=0;k=024a96ad19d10f38ec8168fea00a4f9a]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=29561;k=024a96ad19d10f38ec8168fea00a4f9a[?2004hroot@vm:~# all_reduce_perf -g 2 -b 8M -e 128M -f 2
[?2004l]633;E;all_reduce_perf\x20-g\x202\x20-b\x208M\x20-e\x20128M\x20-f\x202;024a96ad19d10f38ec8168fea00a4f9a]133;C;aid=29561;n=4;h=5;t=1796315217.937608;k=024a96ad19d10f38ec8168fea00a4f9a# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 134217728 step: 2(factor) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  29581 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  29581 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
     8388608       2097152     float     sum      -1   649.95   12.91   12.91       0   642.70   13.05   13.05       0
    16777216       4194304     float     sum      -1  1280.89   13.10   13.10       0  1289.41   13.01   13.01       0
    33554432       8388608     float     sum      -1  2535.68   13.23   13.23       0  2560.16   13.11   13.11       0
    67108864      16777216     float     sum      -1  5158.44   13.01   13.01       0  5150.16   13.03   13.03       0
   134217728      33554432     float     sum      -1  10071.4   13.33   13.33       0  10185.4   13.18   13.18       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.0952 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-g\x002\x00-b\x008M\x00-e\x00128M\x00-f\x002\x00;e=;x=0;t0=1796315218.046054;t1=1796315218.0882454;u=root;host=vm;pid=29581;ppid=29561;r=20261203T162657-29513-1d6e90df.29581.1796315218046054.run;rh=7c8913c2e17a60f5f76cdbb2a010b1a8d553ecaa7802f859eeff0de67eae915c;k=024a96ad19d10f38ec8168fea00a4f9a;s=56706a64535c2f65922e52e258f034a894da82b527cf51af11d2eea2e1bd3479c3562585ddf28c87de7c2ebc69d35b76b7a1482eaea6eb885b28ddbb3fcb1302]133;D;0;aid=29561;n=4;h=5;t=1796315218.121864;ps=0;k=024a96ad19d10f38ec8168fea00a4f9a]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=29561;k=024a96ad19d10f38ec8168fea00a4f9a[?2004hroot@vm:~# export NCCL_P2P_DISABLE=1
[?2004l]633;E;export\x20NCCL_P2P_DISABLE=1;024a96ad19d10f38ec8168fea00a4f9a]133;C;aid=29561;n=5;h=6;t=1796315218.179424;k=024a96ad19d10f38ec8168fea00a4f9a]133;D;0;aid=29561;n=5;h=6;t=1796315218.179947;ps=0;k=024a96ad19d10f38ec8168fea00a4f9a]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=29561;k=024a96ad19d10f38ec8168fea00a4f9a[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -g 2 -b 8M -e 8M |& egrep 'via'
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-g\x202\x20-b\x208M\x20-e\x208M\x20|&\x20egrep\x20'via';024a96ad19d10f38ec8168fea00a4f9a]133;C;aid=29561;n=6;h=7;t=1796315218.323206;k=024a96ad19d10f38ec8168fea00a4f9avm:29588:29616 [1] NCCL INFO Channel 00 : 1[1] -> 0[0] via SHM/direct
vm:29588:29615 [0] NCCL INFO Channel 00 : 0[0] -> 1[1] via SHM/direct
vm:29588:29616 [1] NCCL INFO Channel 01 : 1[1] -> 0[0] via SHM/direct
vm:29588:29615 [0] NCCL INFO Channel 01 : 0[0] -> 1[1] via SHM/direct
vm:29588:29616 [1] NCCL INFO Channel 02 : 1[1] -> 0[0] via SHM/direct
vm:29588:29615 [0] NCCL INFO Channel 02 : 0[0] -> 1[1] via SHM/direct
vm:29588:29616 [1] NCCL INFO Channel 03 : 1[1] -> 0[0] via SHM/direct
vm:29588:29615 [0] NCCL INFO Channel 03 : 0[0] -> 1[1] via SHM/direct
]133;T;v=2;p=all_reduce_perf;a=-g\x002\x00-b\x008M\x00-e\x008M\x00;e=NCCL_DEBUG=INFO\x00NCCL_P2P_DISABLE=1\x00;x=0;t0=1796315218.4330466;t1=1796315218.4762466;u=root;host=vm;pid=29588;ppid=29561;r=20261203T162657-29513-1d6e90df.29588.1796315218433046.run;rh=29f950c71a6da933fe6efa7a1e0cbd0ca47a990bac3ee68bd2d5d4f5b503312f;k=024a96ad19d10f38ec8168fea00a4f9a;s=d3ef08d11fcb6639129b3c666c022c587bfb145b4e8dd47e3c88d1881292b7a003b28bc4374e1483c7df43484869d01bb48f698eeee9e433d4385823f887b505]133;D;0;aid=29561;n=6;h=7;t=1796315218.510492;ps=0,0;k=024a96ad19d10f38ec8168fea00a4f9a]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=29561;k=024a96ad19d10f38ec8168fea00a4f9a[?2004hroot@vm:~# all_reduce_perf -g 2 -b 8M -e 128M -f 2
[?2004l]633;E;all_reduce_perf\x20-g\x202\x20-b\x208M\x20-e\x20128M\x20-f\x202;024a96ad19d10f38ec8168fea00a4f9a]133;C;aid=29561;n=7;h=8;t=1796315218.598991;k=024a96ad19d10f38ec8168fea00a4f9a# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 134217728 step: 2(factor) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  29592 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  29592 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
     8388608       2097152     float     sum      -1   949.19    8.84    8.84       0   931.23    9.01    9.01       0
    16777216       4194304     float     sum      -1  1833.33    9.15    9.15       0  1871.23    8.97    8.97       0
    33554432       8388608     float     sum      -1  3647.16    9.20    9.20       0  3665.77    9.15    9.15       0
    67108864      16777216     float     sum      -1  7368.86    9.11    9.11       0  7436.59    9.02    9.02       0
   134217728      33554432     float     sum      -1  14942.5    8.98    8.98       0  14545.4    9.23    9.23       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 9.06575 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-g\x002\x00-b\x008M\x00-e\x00128M\x00-f\x002\x00;e=NCCL_P2P_DISABLE=1\x00;x=0;t0=1796315218.6780427;t1=1796315218.723781;u=root;host=vm;pid=29592;ppid=29561;r=20261203T162657-29513-1d6e90df.29592.1796315218678042.run;rh=4442268c4dd990066e7c9c03d2665f94c71ebfaea270d27871fe6aabddad772a;k=024a96ad19d10f38ec8168fea00a4f9a;s=657f4bdf66d6786156e2f90b7173095aa03f068b9f1a274092011d53e75c6fd850bd251e7bfff8ac25ad695e552e5928d1054176cc4ec130d3991e90035b7809]133;D;0;aid=29561;n=7;h=8;t=1796315218.744353;ps=0;k=024a96ad19d10f38ec8168fea00a4f9a]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=29561;k=024a96ad19d10f38ec8168fea00a4f9a[?2004hroot@vm:~# export NCCL_SHM_DISABLE=1
[?2004l]633;E;export\x20NCCL_SHM_DISABLE=1;024a96ad19d10f38ec8168fea00a4f9a]133;C;aid=29561;n=8;h=9;t=1796315218.821288;k=024a96ad19d10f38ec8168fea00a4f9a]133;D;0;aid=29561;n=8;h=9;t=1796315218.821941;ps=0;k=024a96ad19d10f38ec8168fea00a4f9a]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=29561;k=024a96ad19d10f38ec8168fea00a4f9a[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -g 2 -b 8M -e 8M |& egrep 'via'
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-g\x202\x20-b\x208M\x20-e\x208M\x20|&\x20egrep\x20'via';024a96ad19d10f38ec8168fea00a4f9a]133;C;aid=29561;n=9;h=10;t=1796315218.961569;k=024a96ad19d10f38ec8168fea00a4f9avm:29655:29683 [1] NCCL INFO Channel 00/0 : 1[1] -> 0[0] [send] via NET/Socket/0
vm:29655:29683 [1] NCCL INFO Channel 00/0 : 0[0] -> 1[1] [receive] via NET/Socket/0
vm:29655:29682 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] [send] via NET/Socket/0
vm:29655:29682 [0] NCCL INFO Channel 00/0 : 1[1] -> 0[0] [receive] via NET/Socket/0
vm:29655:29683 [1] NCCL INFO Channel 01/0 : 1[1] -> 0[0] [send] via NET/Socket/0
vm:29655:29683 [1] NCCL INFO Channel 01/0 : 0[0] -> 1[1] [receive] via NET/Socket/0
vm:29655:29682 [0] NCCL INFO Channel 01/0 : 0[0] -> 1[1] [send] via NET/Socket/0
vm:29655:29682 [0] NCCL INFO Channel 01/0 : 1[1] -> 0[0] [receive] via NET/Socket/0
vm:29655:29683 [1] NCCL INFO Channel 02/0 : 1[1] -> 0[0] [send] via NET/Socket/0
vm:29655:29683 [1] NCCL INFO Channel 02/0 : 0[0] -> 1[1] [receive] via NET/Socket/0
vm:29655:29682 [0] NCCL INFO Channel 02/0 : 0[0] -> 1[1] [send] via NET/Socket/0
vm:29655:29682 [0] NCCL INFO Channel 02/0 : 1[1] -> 0[0] [receive] via NET/Socket/0
vm:29655:29683 [1] NCCL INFO Channel 03/0 : 1[1] -> 0[0] [send] via NET/Socket/0
vm:29655:29683 [1] NCCL INFO Channel 03/0 : 0[0] -> 1[1] [receive] via NET/Socket/0
vm:29655:29682 [0] NCCL INFO Channel 03/0 : 0[0] -> 1[1] [send] via NET/Socket/0
vm:29655:29682 [0] NCCL INFO Channel 03/0 : 1[1] -> 0[0] [receive] via NET/Socket/0
]133;T;v=2;p=all_reduce_perf;a=-g\x002\x00-b\x008M\x00-e\x008M\x00;e=NCCL_DEBUG=INFO\x00NCCL_P2P_DISABLE=1\x00NCCL_SHM_DISABLE=1\x00;x=0;t0=1796315219.046701;t1=1796315219.078992;u=root;host=vm;pid=29655;ppid=29561;r=20261203T162657-29513-1d6e90df.29655.1796315219046701.run;rh=5247844452ff87f282d2398ae73a86743a8b1f00f74e7afbe7290a9e7d7d87b0;k=024a96ad19d10f38ec8168fea00a4f9a;s=42619a085012e1f5d7ee7e1adfbe7e4d845bc3b4dbb26559cda4964c3b4a9bb70bf3c108c68af7619d87594b781a215b9af5862f522d418b3483050f682b4e0d]133;D;0;aid=29561;n=9;h=10;t=1796315219.098250;ps=0,0;k=024a96ad19d10f38ec8168fea00a4f9a]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=29561;k=024a96ad19d10f38ec8168fea00a4f9a[?2004hroot@vm:~# all_reduce_perf -g 2 -b 8M -e 128M -f 2
[?2004l]633;E;all_reduce_perf\x20-g\x202\x20-b\x208M\x20-e\x20128M\x20-f\x202;024a96ad19d10f38ec8168fea00a4f9a]133;C;aid=29561;n=10;h=11;t=1796315219.202267;k=024a96ad19d10f38ec8168fea00a4f9a# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 134217728 step: 2(factor) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  29659 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  29659 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
     8388608       2097152     float     sum      -1  3700.23    2.27    2.27       0  3644.11    2.30    2.30       0
    16777216       4194304     float     sum      -1  7246.10    2.32    2.32       0  7322.67    2.29    2.29       0
    33554432       8388608     float     sum      -1  14696.1    2.28    2.28       0  14640.7    2.29    2.29       0
    67108864      16777216     float     sum      -1  29597.0    2.27    2.27       0  29126.3    2.30    2.30       0
   134217728      33554432     float     sum      -1  57574.2    2.33    2.33       0  59187.9    2.27    2.27       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 2.29209 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-g\x002\x00-b\x008M\x00-e\x00128M\x00-f\x002\x00;e=NCCL_P2P_DISABLE=1\x00NCCL_SHM_DISABLE=1\x00;x=0;t0=1796315219.2678652;t1=1796315219.299175;u=root;host=vm;pid=29659;ppid=29561;r=20261203T162657-29513-1d6e90df.29659.1796315219267865.run;rh=6c38e1aa7548222d41d84d256170f3a0a83508bcf8a45de3a620590143479d05;k=024a96ad19d10f38ec8168fea00a4f9a;s=5fad9fec528e06c76f23a515f3885b68134cc3ff47c0b970f7f3396a3e2519410014d712f7725a6af5b30c72fda78c11708b85d93fd315db2d27e2e9d5f2be0d]133;D;0;aid=29561;n=10;h=11;t=1796315219.318421;ps=0;k=024a96ad19d10f38ec8168fea00a4f9a]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=29561;k=024a96ad19d10f38ec8168fea00a4f9a[?2004hroot@vm:~# unset NCCL_P2P_DISABLE NCCL_SHM_DISABLE
[?2004l]633;E;unset\x20NCCL_P2P_DISABLE\x20NCCL_SHM_DISABLE;024a96ad19d10f38ec8168fea00a4f9a]133;C;aid=29561;n=11;h=12;t=1796315219.408328;k=024a96ad19d10f38ec8168fea00a4f9a]133;D;0;aid=29561;n=11;h=12;t=1796315219.408908;ps=0;k=024a96ad19d10f38ec8168fea00a4f9a]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=29561;k=024a96ad19d10f38ec8168fea00a4f9a[?2004hroot@vm:~# all_reduce_perf -g 2 -b 8M -e 128M -f 2 | grep 'Avg bus bandwidth'
[?2004l]633;E;all_reduce_perf\x20-g\x202\x20-b\x208M\x20-e\x20128M\x20-f\x202\x20|\x20grep\x20'Avg\x20bus\x20bandwidth';024a96ad19d10f38ec8168fea00a4f9a]133;C;aid=29561;n=12;h=13;t=1796315219.549730;k=024a96ad19d10f38ec8168fea00a4f9a# Avg bus bandwidth    : 13.1305 
]133;T;v=2;p=all_reduce_perf;a=-g\x002\x00-b\x008M\x00-e\x00128M\x00-f\x002\x00;e=;x=0;t0=1796315219.6145349;t1=1796315219.6604776;u=root;host=vm;pid=29666;ppid=29561;r=20261203T162657-29513-1d6e90df.29666.1796315219614534.run;rh=946f54a95af6336e4db0e1472c3341a4c9b4b508e5c95fc9d076af319d001c87;k=024a96ad19d10f38ec8168fea00a4f9a;s=7a0329639a1928089e05a2459123a6abf8a41aa0bd082b1f661b0cfb0d68f579edb2bc47e17007bc5de595fa8a5769c5d0d352c9b0ba636a5f03889398b8080b]133;D;0;aid=29561;n=12;h=13;t=1796315219.678725;ps=0,0;k=024a96ad19d10f38ec8168fea00a4f9a]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=29561;k=024a96ad19d10f38ec8168fea00a4f9a[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;024a96ad19d10f38ec8168fea00a4f9a]133;C;aid=29561;n=13;h=14;t=1796315219.710359;k=024a96ad19d10f38ec8168fea00a4f9aexit

Script done on 2026-12-03 16:26:59+00:00 [COMMAND_EXIT_CODE="0"]
