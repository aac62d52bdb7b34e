Script started on 2026-12-03 13:55:58+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/0" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=19820;n=0;h=1;t=1796306159.403066;ps=1;k=108ec3415fa1f1c9839f3092f8dbb41b]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=19820;k=108ec3415fa1f1c9839f3092f8dbb41b[?2004hroot@vm:~# NCCL_DEBUG=INFO NCCL_SOCKET_IFNAME=lo all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep 'N ET/Socket'
[?2004l]633;E;NCCL_DEBUG=INFO\x20NCCL_SOCKET_IFNAME=lo\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20'NET/Socket';108ec3415fa1f1c9839f3092f8dbb41b]133;C;aid=19820;n=1;h=2;t=1796306159.759713;k=108ec3415fa1f1c9839f3092f8dbb41bvm:19855:19875 [0] NCCL INFO NET/Socket : Using [0]lo:127.0.0.1<0>
]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_DEBUG=INFO\x00NCCL_SOCKET_IFNAME=lo\x00;x=0;t0=1796306160.1310508;t1=1796306160.3750973;u=root;host=vm;pid=19855;ppid=19820;r=20261203T135558-19748-dfa5576a.19855.1796306160131050.run;rh=ff3ac054a1ea509aa92abb56717366e73191386768f3257cc36bde9e88cd4987;k=108ec3415fa1f1c9839f3092f8dbb41b;s=e7807292fd07b95873bd7bcc0996fe7c67005ec2a3bc50e9ad6417e88703b2e4767fc68e7427aaf7fc7ee06aab52795e431f757498f632172f0cac5dfc88e30d]133;D;0;aid=19820;n=1;h=2;t=1796306160.462159;ps=0,0;k=108ec3415fa1f1c9839f3092f8dbb41b]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=19820;k=108ec3415fa1f1c9839f3092f8dbb41b[?2004hroot@vm:~# export NCCL_SOCKET_IFNAME=lo
[?2004l]633;E;export\x20NCCL_SOCKET_IFNAME=lo;108ec3415fa1f1c9839f3092f8dbb41b]133;C;aid=19820;n=2;h=3;t=1796306160.530318;k=108ec3415fa1f1c9839f3092f8dbb41b]133;D;0;aid=19820;n=2;h=3;t=1796306160.530916;ps=0;k=108ec3415fa1f1c9839f3092f8dbb41b]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=19820;k=108ec3415fa1f1c9839f3092f8dbb41b[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep -E 'NET/Socket|Bootstrap '
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20-E\x20'NET/Socket|Bootstrap';108ec3415fa1f1c9839f3092f8dbb41b]133;C;aid=19820;n=3;h=4;t=1796306160.744327;k=108ec3415fa1f1c9839f3092f8dbb41bvm:19865:19865 [0] NCCL INFO Bootstrap: Using lo:127.0.0.1<0>
vm:19865:19885 [0] NCCL INFO NET/Socket : Using [0]lo:127.0.0.1<0>
]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_DEBUG=INFO\x00NCCL_SOCKET_IFNAME=lo\x00;x=0;t0=1796306160.9952517;t1=1796306161.1322482;u=root;host=vm;pid=19865;ppid=19820;r=20261203T135558-19748-dfa5576a.19865.1796306160995251.run;rh=970dd091eb63c2b515a5a1203952b3ef3e294c1daf47a7ec11535af402e2d3d1;k=108ec3415fa1f1c9839f3092f8dbb41b;s=e0ab272512f088645cae070dd163d1a451658921da25fb449465aeaf926d6df286cf9af89b47d4e08c2d5ac1d2f273bffb1ab5e571af5f5ea63b22f35cdb0201]133;D;0;aid=19820;n=3;h=4;t=1796306161.227438;ps=0,0;k=108ec3415fa1f1c9839f3092f8dbb41b]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=19820;k=108ec3415fa1f1c9839f3092f8dbb41b[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=lo all_reduce_perf -b 8M -e 8M -g 2
[?2004l]633;E;NCCL_SOCKET_IFNAME=lo\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202;108ec3415fa1f1c9839f3092f8dbb41b]133;C;aid=19820;n=4;h=5;t=1796306161.359675;k=108ec3415fa1f1c9839f3092f8dbb41b# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  20038 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  20038 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
NCCL version 2.30.7+cuda13.0
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
     8388608       2097152     float     sum      -1   648.34   12.94   12.94       0   647.97   12.95   12.95       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 12.9422 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x008M\x00-g\x002\x00;e=NCCL_DEBUG=WARN\x00NCCL_SOCKET_IFNAME=lo\x00;x=0;t0=1796306161.75587;t1=1796306161.9629054;u=root;host=vm;pid=20038;ppid=19820;r=20261203T135558-19748-dfa5576a.20038.1796306161755870.run;rh=d133fb5bfd1140487b5aba6daeb91ba2a864ca2b54588dfc5982102fa6f671d1;k=108ec3415fa1f1c9839f3092f8dbb41b;s=a93df3938941b9c5a742e3e37a2365e8ea51d2c33087cfa023f37f4ef2cf00820eff146dd510504c449e2add9e8f682aca5f67a118bd48f87f1b29135b6c1a09]133;D;0;aid=19820;n=4;h=5;t=1796306162.227159;ps=0;k=108ec3415fa1f1c9839f3092f8dbb41b]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=19820;k=108ec3415fa1f1c9839f3092f8dbb41b[?2004hroot@vm:~# exit
[?2004l]633;E;exit;108ec3415fa1f1c9839f3092f8dbb41b]133;C;aid=19820;n=5;h=6;t=1796306162.276186;k=108ec3415fa1f1c9839f3092f8dbb41bexit
exit

Script done on 2026-12-03 13:56:02+00:00 [COMMAND_EXIT_CODE="0"]
