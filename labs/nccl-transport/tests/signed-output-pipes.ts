Script started on 2026-12-03 13:54:16+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/2" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=9751;n=0;h=1;t=1796306056.583280;ps=1;k=bfc65247e5946f1e1ce4c222d462cc18]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=9751;k=bfc65247e5946f1e1ce4c222d462cc18[?2004hroot@vm:~# all_reduce_perf -g 2 -e 128M -b 128M | less -FX
[?2004l]633;E;all_reduce_perf\x20-g\x202\x20-e\x20128M\x20-b\x20128M\x20|\x20less\x20-FX;bfc65247e5946f1e1ce4c222d462cc18]133;C;aid=9751;n=1;h=2;t=1796306056.730121;k=bfc65247e5946f1e1ce4c222d462cc18[?1h=# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters : 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   9857 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   9857 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in -place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   alg bw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/ s)  (GB/s)         
   134217728      33554432     float     sum      -1  10042.9   13.36   13.36       0  10028.5   13. 38   13.38       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.374 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-g\x002\x00-e\x00128M\x00-b\x00128M\x00;e=;x=0;t0=1796306057.2128718;t1=1796306057.620723;u=root;host=vm;pid=9857;ppid=9751;r=20261203T135416-9666-d952904d.9857.1796306057212871.run;rh=21f0679621e404d15c3567aa30fc1a6c3c87a46f0a9183064fd3e0c498ccfc12;k=bfc65247e5946f1e1ce4c222d462cc18;s=c2f427e1ca2f655ab885c5ab27033181edaa3c7aa5b166596fa24fe4c020a0f80e984142c18fe987373f331d6ec4ac6201fd02c803c5977997d610df33e1450b[K[?1l>]133;D;0;aid=9751;n=1;h=2;t=1796306057.827914;ps=0,0;k=bfc65247e5946f1e1ce4c222d462cc18]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=9751;k=bfc65247e5946f1e1ce4c222d462cc18[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 |& grep via
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x20|&\x20grep\x20via;bfc65247e5946f1e1ce4c222d462cc18]133;C;aid=9751;n=2;h=3;t=1796306058.035361;k=bfc65247e5946f1e1ce4c222d462cc18vm:9956:9984 [1] NCCL INFO Channel 00/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:9956:9983 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:9956:9984 [1] NCCL INFO Channel 01/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:9956:9983 [0] NCCL INFO Channel 01/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:9956:9984 [1] NCCL INFO Channel 02/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:9956:9983 [0] NCCL INFO Channel 02/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:9956:9984 [1] NCCL INFO Channel 03/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:9956:9983 [0] NCCL INFO Channel 03/0 : 0[0] -> 1[1] via P2P/direct pointer
]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_DEBUG=INFO\x00;x=0;t0=1796306058.6191397;t1=1796306058.8787727;u=root;host=vm;pid=9956;ppid=9751;r=20261203T135416-9666-d952904d.9956.1796306058619139.run;rh=60779b761e5b40bf55181a884e530161a46174c094e4396a4418b103260cf376;k=bfc65247e5946f1e1ce4c222d462cc18;s=5648468be786ee5ef36a4c21f051ad5fd26fdc0903fa3542443db3a1511b59c51a8d55afe4bfef58a84236572a2ea0bec8bc92e927a5aeaa64f23f7f15883605]133;D;0;aid=9751;n=2;h=3;t=1796306059.114356;ps=0,0;k=bfc65247e5946f1e1ce4c222d462cc18]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=9751;k=bfc65247e5946f1e1ce4c222d462cc18[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep -i 'V IA'
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20-i\x20'VIA';bfc65247e5946f1e1ce4c222d462cc18]133;C;aid=9751;n=3;h=4;t=1796306059.404985;k=bfc65247e5946f1e1ce4c222d462cc18vm:10031:10059 [1] NCCL INFO Channel 00 : 1[1] -> 0[0] via SHM/direct
vm:10031:10058 [0] NCCL INFO Channel 00 : 0[0] -> 1[1] via SHM/direct
vm:10031:10059 [1] NCCL INFO Channel 01 : 1[1] -> 0[0] via SHM/direct
vm:10031:10058 [0] NCCL INFO Channel 01 : 0[0] -> 1[1] via SHM/direct
vm:10031:10059 [1] NCCL INFO Channel 02 : 1[1] -> 0[0] via SHM/direct
vm:10031:10058 [0] NCCL INFO Channel 02 : 0[0] -> 1[1] via SHM/direct
vm:10031:10059 [1] NCCL INFO Channel 03 : 1[1] -> 0[0] via SHM/direct
vm:10031:10058 [0] NCCL INFO Channel 03 : 0[0] -> 1[1] via SHM/direct
]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_DEBUG=INFO\x00NCCL_P2P_DISABLE=1\x00;x=0;t0=1796306060.0165746;t1=1796306060.4183807;u=root;host=vm;pid=10031;ppid=9751;r=20261203T135416-9666-d952904d.10031.1796306060016574.run;rh=c2e7a3ccf95db7d6800ca6d47bccec9d62731f409bf2c1f67409a0620345ef6f;k=bfc65247e5946f1e1ce4c222d462cc18;s=0fd744e93228c4118fd81bdcba6e95e610878af82e568346156d193625c3fdb0fa47a5927bcacff422b7e4e60f6f6ee065c658f7a60bfd934afa95aab1b0400f]133;D;0;aid=9751;n=3;h=4;t=1796306060.646762;ps=0,0;k=bfc65247e5946f1e1ce4c222d462cc18]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=9751;k=bfc65247e5946f1e1ce4c222d462cc18[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 all_reduce_perf -g 2 -b 128M -e 128M | tee shm.txt
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20all_reduce_perf\x20-g\x202\x20-b\x20128M\x20-e\x20128M\x20|\x20tee\x20shm.txt;bfc65247e5946f1e1ce4c222d462cc18]133;C;aid=9751;n=4;h=5;t=1796306060.867254;k=bfc65247e5946f1e1ce4c222d462cc18# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  10232 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  10232 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  14964.7    8.97    8.97       0  14920.8    9.00    9.00       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 8.98212 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-g\x002\x00-b\x00128M\x00-e\x00128M\x00;e=NCCL_P2P_DISABLE=1\x00;x=0;t0=1796306061.5528948;t1=1796306061.9509444;u=root;host=vm;pid=10232;ppid=9751;r=20261203T135416-9666-d952904d.10232.1796306061552894.run;rh=d2d55c991da47aa70156936e20243d4959df5c632f72ce7ad21d87dd69923651;k=bfc65247e5946f1e1ce4c222d462cc18;s=5d59044cdae54c59e5ba9ab9a8a8c244352da83c84fa71fafeecdbcc7567960358ebd5c8f3476d5cdd372437ac83b558a803a805c475d1782c23d94ac36c790f]133;D;0;aid=9751;n=4;h=5;t=1796306062.159502;ps=0,0;k=bfc65247e5946f1e1ce4c222d462cc18]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=9751;k=bfc65247e5946f1e1ce4c222d462cc18[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;bfc65247e5946f1e1ce4c222d462cc18]133;C;aid=9751;n=5;h=6;t=1796306062.191378;k=bfc65247e5946f1e1ce4c222d462cc18exit

Script done on 2026-12-03 13:54:22+00:00 [COMMAND_EXIT_CODE="0"]
