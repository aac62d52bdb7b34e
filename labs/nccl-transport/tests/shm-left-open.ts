Script started on 2026-12-03 13:53:53+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/7" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=7958;n=0;h=1;t=1796306033.983205;ps=1;k=5086800ccd9a13e38315d1acb40cd37a]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=7958;k=5086800ccd9a13e38315d1acb40cd37a[?2004hroot@vm:~# all_reduce_perf -b 128M -e 128M -g 2
[?2004l]633;E;all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202;5086800ccd9a13e38315d1acb40cd37a]133;C;aid=7958;n=1;h=2;t=1796306034.128265;k=5086800ccd9a13e38315d1acb40cd37a# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   8085 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   8085 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  10205.3   13.15   13.15       0  10210.0   13.15   13.15       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.1488 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=;x=0;t0=1796306034.9582984;t1=1796306035.5156581;u=root;host=vm;pid=8085;ppid=7958;r=20261203T135353-7831-78207ba1.8085.1796306034958298.run;rh=0b4fcaa5e65896e1d8c3fd1c8ff3aead8b47ca77417523ba6ac988f48e597175;k=5086800ccd9a13e38315d1acb40cd37a;s=1be707b84fd5856f26f9db8b7925fc376e3d3259f69af6883ae5629afbb590edab7158ecee680e855e4da23f02643dd8532e381d0c17d74434a62068babf8c04]133;D;0;aid=7958;n=1;h=2;t=1796306035.752915;ps=0;k=5086800ccd9a13e38315d1acb40cd37a]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=7958;k=5086800ccd9a13e38315d1acb40cd37a[?2004hroot@vm:~# NCCL_SHM_DISABLE=1 NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep via
[?2004l]633;E;NCCL_SHM_DISABLE=1\x20NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20via;5086800ccd9a13e38315d1acb40cd37a]133;C;aid=7958;n=2;h=3;t=1796306035.997848;k=5086800ccd9a13e38315d1acb40cd37avm:8259:8287 [1] NCCL INFO Channel 00/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:8259:8286 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:8259:8287 [1] NCCL INFO Channel 01/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:8259:8286 [0] NCCL INFO Channel 01/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:8259:8287 [1] NCCL INFO Channel 02/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:8259:8286 [0] NCCL INFO Channel 02/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:8259:8287 [1] NCCL INFO Channel 03/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:8259:8286 [0] NCCL INFO Channel 03/0 : 0[0] -> 1[1] via P2P/direct pointer
]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_DEBUG=INFO\x00NCCL_SHM_DISABLE=1\x00;x=0;t0=1796306036.7965896;t1=1796306037.1968749;u=root;host=vm;pid=8259;ppid=7958;r=20261203T135353-7831-78207ba1.8259.1796306036796589.run;rh=61d28c74bad39f62ee1bf1ab22a8ff0834acc98e77a72719bbbdcfd4710ee1e0;k=5086800ccd9a13e38315d1acb40cd37a;s=19cb176f7a48b4c8af98edfe147695608c32ceff7a0539a1b52dc74dbb9320e0ab52dd64874cc42ec8cd8f94ca3c71152a8128c2146681c0f70f7c0ce3696806]133;D;0;aid=7958;n=2;h=3;t=1796306037.459331;ps=0,0;k=5086800ccd9a13e38315d1acb40cd37a]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=7958;k=5086800ccd9a13e38315d1acb40cd37a[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep via
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20via;5086800ccd9a13e38315d1acb40cd37a]133;C;aid=7958;n=3;h=4;t=1796306037.701973;k=5086800ccd9a13e38315d1acb40cd37avm:8388:8416 [1] NCCL INFO Channel 00 : 1[1] -> 0[0] via SHM/direct
vm:8388:8415 [0] NCCL INFO Channel 00 : 0[0] -> 1[1] via SHM/direct
vm:8388:8416 [1] NCCL INFO Channel 01 : 1[1] -> 0[0] via SHM/direct
vm:8388:8415 [0] NCCL INFO Channel 01 : 0[0] -> 1[1] via SHM/direct
vm:8388:8416 [1] NCCL INFO Channel 02 : 1[1] -> 0[0] via SHM/direct
vm:8388:8415 [0] NCCL INFO Channel 02 : 0[0] -> 1[1] via SHM/direct
vm:8388:8416 [1] NCCL INFO Channel 03 : 1[1] -> 0[0] via SHM/direct
vm:8388:8415 [0] NCCL INFO Channel 03 : 0[0] -> 1[1] via SHM/direct
]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_DEBUG=INFO\x00NCCL_P2P_DISABLE=1\x00;x=0;t0=1796306038.5016642;t1=1796306038.8759995;u=root;host=vm;pid=8388;ppid=7958;r=20261203T135353-7831-78207ba1.8388.1796306038501664.run;rh=f9c602d295131c55597b9bc04402cbbbe819daf9242edafda795112f842852b5;k=5086800ccd9a13e38315d1acb40cd37a;s=57d3b2ed0320195e5d51dccf1d8cf397294337f089f2952d5978160268da656baaaab31e9a86daa3e772d987df84e33f12a5acc19ba5bbd1364cc096dc741d00]133;D;0;aid=7958;n=3;h=4;t=1796306039.124618;ps=0,0;k=5086800ccd9a13e38315d1acb40cd37a]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=7958;k=5086800ccd9a13e38315d1acb40cd37a[?2004hroot@vm:~# NCCL_P2P_DISABLE=0 NCCL_SHM_DISABLE=1 all_reduce_perf -b 128M -e 128M -g 2
[?2004l]633;E;NCCL_P2P_DISABLE=0\x20NCCL_SHM_DISABLE=1\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202;5086800ccd9a13e38315d1acb40cd37a]133;C;aid=7958;n=4;h=5;t=1796306039.355477;k=5086800ccd9a13e38315d1acb40cd37a# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   8431 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   8431 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  10259.0   13.08   13.08       0  10235.9   13.11   13.11       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.0977 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_P2P_DISABLE=0\x00NCCL_SHM_DISABLE=1\x00;x=0;t0=1796306040.166932;t1=1796306040.5767593;u=root;host=vm;pid=8431;ppid=7958;r=20261203T135353-7831-78207ba1.8431.1796306040166932.run;rh=773dd86bbf38b1ad70612b1f0391b9b304235ec6caa1130bc388a353a24d4258;k=5086800ccd9a13e38315d1acb40cd37a;s=96d4b3bc161cb3dbfeb4f3ddb24f269d639e8ffc6842613dff24fea0b3d31a7cbe7e9dc9d4e596d129f81a298dfe0cf3bfe5c27d01cece34fed8a911446a1205]133;D;0;aid=7958;n=4;h=5;t=1796306040.843218;ps=0;k=5086800ccd9a13e38315d1acb40cd37a]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=7958;k=5086800ccd9a13e38315d1acb40cd37a[?2004hroot@vm:~# lab answer slow-job a
[?2004l]633;E;lab\x20answer\x20slow-job\x20a;5086800ccd9a13e38315d1acb40cd37a]133;C;aid=7958;n=5;h=6;t=1796306040.902468;k=5086800ccd9a13e38315d1acb40cd37aAnswer 'a' for step 'slow-job' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;T;v=2;p=lab;a=answer\x00slow-job\x00a\x00;e=;x=0;t0=1796306041.678224;t1=1796306042.163151;u=root;host=vm;pid=8498;ppid=7958;r=20261203T135353-7831-78207ba1.8498.1796306041678224.run;rh=7c9ac12a53bd4478cc9ef3c5a6cf7d419f8aba3651945ef0fc62f0695e74935c;k=5086800ccd9a13e38315d1acb40cd37a;s=1194a5b6e174dff53f865f4b6ea71c1559d8d47e24b8ea95125c61a68bf260a526bd52ca9263da901df31b483e24c96c76f6eda9d6566f108f863edf40f3c000]133;D;0;aid=7958;n=5;h=6;t=1796306042.389525;ps=0;k=5086800ccd9a13e38315d1acb40cd37a]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=7958;k=5086800ccd9a13e38315d1acb40cd37a[?2004hroot@vm:~# lab answer slow-job b
[?2004l]633;E;lab\x20answer\x20slow-job\x20b;5086800ccd9a13e38315d1acb40cd37a]133;C;aid=7958;n=6;h=7;t=1796306042.467961;k=5086800ccd9a13e38315d1acb40cd37aAnswer 'b' for step 'slow-job' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;T;v=2;p=lab;a=answer\x00slow-job\x00b\x00;e=;x=0;t0=1796306043.0536613;t1=1796306043.3180373;u=root;host=vm;pid=8602;ppid=7958;r=20261203T135353-7831-78207ba1.8602.1796306043053661.run;rh=9d73078db2b1e0b4d12647323f9178827bfcf62029f7b7bb2576bd5ce0080562;k=5086800ccd9a13e38315d1acb40cd37a;s=e250b3545c90518bf11f5a886eac27ef159bf90026f62a0f8fb75bf1f97aafd17b8ceeefa492c2d36f6ad29bacc4022c618458e5174cc819ece9e07f528df808]133;D;0;aid=7958;n=6;h=7;t=1796306043.463784;ps=0;k=5086800ccd9a13e38315d1acb40cd37a]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=7958;k=5086800ccd9a13e38315d1acb40cd37a[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;5086800ccd9a13e38315d1acb40cd37a]133;C;aid=7958;n=7;h=8;t=1796306043.499255;k=5086800ccd9a13e38315d1acb40cd37aexit

Script done on 2026-12-03 13:54:03+00:00 [COMMAND_EXIT_CODE="0"]
