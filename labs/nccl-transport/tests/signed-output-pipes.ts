Script started on 2026-12-03 16:27:22+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/9" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=32213;n=0;h=1;t=1796315242.534523;ps=1;k=a099395ea671e2a78c106b9461d11092]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=32213;k=a099395ea671e2a78c106b9461d11092[?2004hroot@vm:~# all_reduce_perf -g 2 -e 128M -b 128M | less -FX
[?2004l]633;E;all_reduce_perf\x20-g\x202\x20-e\x20128M\x20-b\x20128M\x20|\x20less\x20-FX;a099395ea671e2a78c106b9461d11092]133;C;aid=32213;n=1;h=2;t=1796315242.679804;k=a099395ea671e2a78c106b9461d11092[?1h=# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters : 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  32252 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  32252 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in -place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   alg bw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/ s)  (GB/s)         
   134217728      33554432     float     sum      -1  10315.3   13.01   13.01       0  10089.8   13. 30   13.30       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.1569 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-g\x002\x00-e\x00128M\x00-b\x00128M\x00;e=;x=0;t0=1796315243.0020044;t1=1796315243.1407032;u=root;host=vm;pid=32252;ppid=32213;r=20261203T162722-32138-e5b00b59.32252.1796315243002004.run;rh=2d442279c1a3ed63c36695d46233d78b5fcc0df746cdfc9be169474221fc2f75;k=a099395ea671e2a78c106b9461d11092;s=5bebbdca37b774b9f0dd7e25eb7d55742cfb1291b74829ea0a92f8699b902cc83bf96660f5f13b5f06139d8ee770d4aa14f29b327518e9a4c56b9527e9699608[K[?1l>]133;D;0;aid=32213;n=1;h=2;t=1796315243.238258;ps=0,0;k=a099395ea671e2a78c106b9461d11092]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=32213;k=a099395ea671e2a78c106b9461d11092[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 |& grep via
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x20|&\x20grep\x20via;a099395ea671e2a78c106b9461d11092]133;C;aid=32213;n=2;h=3;t=1796315243.445727;k=a099395ea671e2a78c106b9461d11092vm:32272:32300 [1] NCCL INFO Channel 00/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:32272:32299 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:32272:32300 [1] NCCL INFO Channel 01/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:32272:32299 [0] NCCL INFO Channel 01/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:32272:32300 [1] NCCL INFO Channel 02/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:32272:32299 [0] NCCL INFO Channel 02/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:32272:32300 [1] NCCL INFO Channel 03/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:32272:32299 [0] NCCL INFO Channel 03/0 : 0[0] -> 1[1] via P2P/direct pointer
]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_DEBUG=INFO\x00;x=0;t0=1796315243.5551147;t1=1796315243.5946238;u=root;host=vm;pid=32272;ppid=32213;r=20261203T162722-32138-e5b00b59.32272.1796315243555114.run;rh=2f31be557f22e3d2075086ba6dd2e7507772e89d3007188f6bc56aabd821e35b;k=a099395ea671e2a78c106b9461d11092;s=52764318eb9a727a33a87424fe43c17d61512af824b65864511822c2e56100cadd5de2e80d1eba38fc4fc926b620f1aec2eb25d34383928896004e9dbb1c0005]133;D;0;aid=32213;n=2;h=3;t=1796315243.626914;ps=0,0;k=a099395ea671e2a78c106b9461d11092]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=32213;k=a099395ea671e2a78c106b9461d11092[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep -i 'V IA'
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20-i\x20'VIA';a099395ea671e2a78c106b9461d11092]133;C;aid=32213;n=3;h=4;t=1796315243.848190;k=a099395ea671e2a78c106b9461d11092vm:32383:32411 [1] NCCL INFO Channel 00 : 1[1] -> 0[0] via SHM/direct
vm:32383:32410 [0] NCCL INFO Channel 00 : 0[0] -> 1[1] via SHM/direct
vm:32383:32411 [1] NCCL INFO Channel 01 : 1[1] -> 0[0] via SHM/direct
vm:32383:32410 [0] NCCL INFO Channel 01 : 0[0] -> 1[1] via SHM/direct
vm:32383:32411 [1] NCCL INFO Channel 02 : 1[1] -> 0[0] via SHM/direct
vm:32383:32410 [0] NCCL INFO Channel 02 : 0[0] -> 1[1] via SHM/direct
vm:32383:32411 [1] NCCL INFO Channel 03 : 1[1] -> 0[0] via SHM/direct
vm:32383:32410 [0] NCCL INFO Channel 03 : 0[0] -> 1[1] via SHM/direct
]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_DEBUG=INFO\x00NCCL_P2P_DISABLE=1\x00;x=0;t0=1796315243.923952;t1=1796315243.9581814;u=root;host=vm;pid=32383;ppid=32213;r=20261203T162722-32138-e5b00b59.32383.1796315243923952.run;rh=9b76132dcb1eee3e75e50e3a3d7060286820769959cec47d1169466235f03873;k=a099395ea671e2a78c106b9461d11092;s=3a88d7444337081798502bca146c4d84c3ed7f0147099cfa862864c0206e1bd9ccc4c77da10364738daa7f1a05db3d4bfef1bdb478662a52ebf38526a192070b]133;D;0;aid=32213;n=3;h=4;t=1796315243.983748;ps=0,0;k=a099395ea671e2a78c106b9461d11092]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=32213;k=a099395ea671e2a78c106b9461d11092[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 all_reduce_perf -g 2 -b 128M -e 128M | tee shm.txt
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20all_reduce_perf\x20-g\x202\x20-b\x20128M\x20-e\x20128M\x20|\x20tee\x20shm.txt;a099395ea671e2a78c106b9461d11092]133;C;aid=32213;n=4;h=5;t=1796315244.159467;k=a099395ea671e2a78c106b9461d11092# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  32410 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  32410 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  14653.1    9.16    9.16       0  14639.6    9.17    9.17       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 9.16393 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-g\x002\x00-b\x00128M\x00-e\x00128M\x00;e=NCCL_P2P_DISABLE=1\x00;x=0;t0=1796315244.2907064;t1=1796315244.322923;u=root;host=vm;pid=32410;ppid=32213;r=20261203T162722-32138-e5b00b59.32410.1796315244290706.run;rh=ef2f08949ad5a91429907c8279b1fc418a573e42b4db726349a637df1bf841ec;k=a099395ea671e2a78c106b9461d11092;s=cd880b7f3e65b8d29f8b272656e15ffaf8d8c19abe18e8a98bd56b4e217b4fa02630d90dea53b64b64f3d62dfce9fba4474bdba7da3e85f5d8f2b6ca7e8efb05]133;D;0;aid=32213;n=4;h=5;t=1796315244.342320;ps=0,0;k=a099395ea671e2a78c106b9461d11092]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=32213;k=a099395ea671e2a78c106b9461d11092[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;a099395ea671e2a78c106b9461d11092]133;C;aid=32213;n=5;h=6;t=1796315244.373082;k=a099395ea671e2a78c106b9461d11092exit

Script done on 2026-12-03 16:27:24+00:00 [COMMAND_EXIT_CODE="0"]
