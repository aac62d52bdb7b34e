Script started on 2026-12-03 16:27:25+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/1" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=32525;n=0;h=1;t=1796315245.724626;ps=1;k=9c2a435ca2e8077e8e8b55c7ee82dc17]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=32525;k=9c2a435ca2e8077e8e8b55c7ee82dc17[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1 all_reduce_perf -b 128M -e 128M -g 2
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_SHM_DISABLE=1\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202;9c2a435ca2e8077e8e8b55c7ee82dc17]133;C;aid=32525;n=1;h=2;t=1796315245.883093;k=9c2a435ca2e8077e8e8b55c7ee82dc17# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  32540 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  32540 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  58876.4    2.28    2.28       0  58045.4    2.31    2.31       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 2.29597 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_P2P_DISABLE=1\x00NCCL_SHM_DISABLE=1\x00;x=0;t0=1796315245.9839625;t1=1796315246.0390763;u=root;host=vm;pid=32540;ppid=32525;r=20261203T162725-32477-ae15efd1.32540.1796315245983962.run;rh=7227dba7b0f075d53754e0d138e5cbd131e1a20eb7d67c51d13660c84581dfaa;k=9c2a435ca2e8077e8e8b55c7ee82dc17;s=5d61e93d59a934709fd7bfb094173e240dea5aea42a0fabd69e29f02452cb5225ac8b6d99f700b965f7ca0e10d8fe7dd1a6fde0cb82aefcbdf267c494db58107]133;D;0;aid=32525;n=1;h=2;t=1796315246.060753;ps=0;k=9c2a435ca2e8077e8e8b55c7ee82dc17]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=32525;k=9c2a435ca2e8077e8e8b55c7ee82dc17[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 all_reduce_perf -b 128M -e 128M -g 2
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202;9c2a435ca2e8077e8e8b55c7ee82dc17]133;C;aid=32525;n=2;h=3;t=1796315246.182125;k=9c2a435ca2e8077e8e8b55c7ee82dc17# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  32551 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  32551 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  14582.4    9.20    9.20       0  14829.6    9.05    9.05       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 9.12738 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_P2P_DISABLE=1\x00;x=0;t0=1796315246.258062;t1=1796315246.2964509;u=root;host=vm;pid=32551;ppid=32525;r=20261203T162725-32477-ae15efd1.32551.1796315246258062.run;rh=4ca74c6abe0bf5a5f72c3b476c1c689a0bf1bca7c15a7a180d86c4e40c9b59f3;k=9c2a435ca2e8077e8e8b55c7ee82dc17;s=9191fcfdb3e35116a2d10ec460d1f6fa7dc92b2ba6b2bcbbfbcbe7973a2380c2ad7e933277ca9ac393a7665f27cc9adc67d97f47dfb59eae453bba8920996b05]133;D;0;aid=32525;n=2;h=3;t=1796315246.316814;ps=0;k=9c2a435ca2e8077e8e8b55c7ee82dc17]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=32525;k=9c2a435ca2e8077e8e8b55c7ee82dc17[?2004hroot@vm:~# echo busbw=2.28
[?2004l]633;E;echo\x20busbw=2.28;9c2a435ca2e8077e8e8b55c7ee82dc17]133;C;aid=32525;n=3;h=4;t=1796315246.351130;k=9c2a435ca2e8077e8e8b55c7ee82dc17busbw=2.28
]133;D;0;aid=32525;n=3;h=4;t=1796315246.351651;ps=0;k=9c2a435ca2e8077e8e8b55c7ee82dc17]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=32525;k=9c2a435ca2e8077e8e8b55c7ee82dc17[?2004hroot@vm:~# all_reduce_perf -b 128M -e 128M -g 2
[?2004l]633;E;all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202;9c2a435ca2e8077e8e8b55c7ee82dc17]133;C;aid=32525;n=4;h=5;t=1796315246.430073;k=9c2a435ca2e8077e8e8b55c7ee82dc17# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  32564 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  32564 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  10308.5   13.02   13.02       0  10282.0   13.05   13.05       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.0369 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=;x=0;t0=1796315246.504029;t1=1796315246.537514;u=root;host=vm;pid=32564;ppid=32525;r=20261203T162725-32477-ae15efd1.32564.1796315246504029.run;rh=4e48790b04c2cdc3dabe8016613eaa5b3cb0adc2168ff3935d77979ca8d0b0c0;k=9c2a435ca2e8077e8e8b55c7ee82dc17;s=bd08ca59d2d894935f07e1a34ff4b62ea518f5ed9bd178b4b1a6799d8af8519494fae6fa490d7d733b34ed9322648ff6d4ed6b63ee2edae884f8a26e69dff80d]133;D;0;aid=32525;n=4;h=5;t=1796315246.557883;ps=0;k=9c2a435ca2e8077e8e8b55c7ee82dc17]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=32525;k=9c2a435ca2e8077e8e8b55c7ee82dc17[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1 all_reduce_perf -b 128M -e 128M -g 2
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_SHM_DISABLE=1\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202;9c2a435ca2e8077e8e8b55c7ee82dc17]133;C;aid=32525;n=5;h=6;t=1796315246.717344;k=9c2a435ca2e8077e8e8b55c7ee82dc17# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  32568 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  32568 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  58969.1    2.28    2.28       0  58451.7    2.30    2.30       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 2.28614 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_P2P_DISABLE=1\x00NCCL_SHM_DISABLE=1\x00;x=0;t0=1796315246.7848632;t1=1796315246.8182027;u=root;host=vm;pid=32568;ppid=32525;r=20261203T162725-32477-ae15efd1.32568.1796315246784863.run;rh=89b8a222b2116e8b7057edb6eef4d82370bfd91c9922da9b095ff8f715817a9a;k=9c2a435ca2e8077e8e8b55c7ee82dc17;s=68f56cc2efd1bcd8356c503f4edd0454623bd3acb5a530f53351c09b056af5a9cb36ac5ad6b42d3af50ff048832791edb41cded0d243ac9b009e4738d09e0409]133;D;0;aid=32525;n=5;h=6;t=1796315246.835325;ps=0;k=9c2a435ca2e8077e8e8b55c7ee82dc17]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=32525;k=9c2a435ca2e8077e8e8b55c7ee82dc17[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;9c2a435ca2e8077e8e8b55c7ee82dc17]133;C;aid=32525;n=6;h=7;t=1796315246.866438;k=9c2a435ca2e8077e8e8b55c7ee82dc17exit

Script done on 2026-12-03 16:27:26+00:00 [COMMAND_EXIT_CODE="0"]
