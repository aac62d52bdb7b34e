Script started on 2026-12-03 18:59:31+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/10" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=8823;n=0;h=1;t=1796324371.615781;ps=1;k=cbffe1bc864dbc0a78f3f5c120074e79]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=8823;k=cbffe1bc864dbc0a78f3f5c120074e79[?2004hroot@vm:~# NCCL_SOCKET_IFNAM=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2
[?2004l]633;E;NCCL_SOCKET_IFNAM=doesnotexist0\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202;cbffe1bc864dbc0a78f3f5c120074e79]133;C;aid=8823;n=1;h=2;t=1796324371.773847;k=cbffe1bc864dbc0a78f3f5c120074e79# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   9024 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   9024 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
NCCL version 2.30.7+cuda13.0
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
     8388608       2097152     float     sum      -1   651.47   12.88   12.88       0   650.26   12.90   12.90       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 12.8884 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x008M\x00-g\x002\x00;e=NCCL_DEBUG=WARN\x00NCCL_SOCKET_IFNAM=doesnotexist0\x00;x=0;t0=1796324372.0433333;t1=1796324372.2057393;u=root;host=vm;pid=9024;ppid=8823;r=20261203T185931-8733-ee658e76.9024.1796324372043333.run;rh=73d9ab7486f26f7d4e77e09c529e4ad25373713585411288e3bd2b562beeb2ce;k=cbffe1bc864dbc0a78f3f5c120074e79;s=fabffc44a3741b6b5d1d32e3219fca1d437fb9e11bc7d91692755059f75b5a8ef93b5d3764a5d102fd39278100d04d420f97b5bbaca57c82b6008c0ad9c20704]133;D;0;aid=8823;n=1;h=2;t=1796324372.251887;ps=0;k=cbffe1bc864dbc0a78f3f5c120074e79]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=8823;k=cbffe1bc864dbc0a78f3f5c120074e79[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202;cbffe1bc864dbc0a78f3f5c120074e79]133;C;aid=8823;n=2;h=3;t=1796324372.404538;k=cbffe1bc864dbc0a78f3f5c120074e79# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   9198 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   9198 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation

[2026-12-03 18:59:32] vm:9198:9198 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
vm: Test NCCL failure common.cu:1550 'invalid usage (run with NCCL_DEBUG=WARN for details) / '
 .. vm pid 9198: Test failure common.cu:1454
]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x008M\x00-g\x002\x00;e=NCCL_DEBUG=WARN\x00NCCL_SOCKET_IFNAME=doesnotexist0\x00;x=3;t0=1796324372.6561723;t1=1796324372.7877004;u=root;host=vm;pid=9198;ppid=8823;r=20261203T185931-8733-ee658e76.9198.1796324372656172.run;rh=8a2ec19add35de0cb4a90e71b60209504b4b542f6bd5a4db999ac3efc12f2a87;k=cbffe1bc864dbc0a78f3f5c120074e79;s=4775b5ee5218ab3816401387913b34e7dc17f6d6aa1692ad9e9518ce3522bab635de45d14b9bd8807159e903d2189ef0a4411241fe73cf20717f4eb80e698800]133;D;3;aid=8823;n=2;h=3;t=1796324372.850240;ps=3;k=cbffe1bc864dbc0a78f3f5c120074e79]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=8823;k=cbffe1bc864dbc0a78f3f5c120074e79[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep -E 'NET/Socket|Bootstrap '
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20-E\x20'NET/Socket|Bootstrap';cbffe1bc864dbc0a78f3f5c120074e79]133;C;aid=8823;n=3;h=4;t=1796324373.067797;k=cbffe1bc864dbc0a78f3f5c120074e79vm:9365:9365 [0] NCCL INFO Bootstrap: Using eth0:192.0.2.2<0>
vm:9365:9385 [0] NCCL INFO NET/Socket : Using [0]eth0:192.0.2.2<0>
]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_DEBUG=INFO\x00;x=0;t0=1796324373.215943;t1=1796324373.3350167;u=root;host=vm;pid=9365;ppid=8823;r=20261203T185931-8733-ee658e76.9365.1796324373215943.run;rh=f853803e25d01e3c3222c81f6b7847e296b349b6662d97718fd9c2a6dc361b06;k=cbffe1bc864dbc0a78f3f5c120074e79;s=4dcb3f9444b5009c518c5d04d6ac8604cb348ec881dffdaea0dd1d2075b47aa75b2f223f4b0815814cfd8336f88bc24076e96b99743aca09a5b2eb50f9c15503]133;D;0;aid=8823;n=3;h=4;t=1796324373.391136;ps=0,0;k=cbffe1bc864dbc0a78f3f5c120074e79]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=8823;k=cbffe1bc864dbc0a78f3f5c120074e79[?2004hroot@vm:~# NCCL_SOCKET_IFNAM=eth0 all_reduce_perf -b 8M -e 8M -g 2
[?2004l]633;E;NCCL_SOCKET_IFNAM=eth0\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202;cbffe1bc864dbc0a78f3f5c120074e79]133;C;aid=8823;n=4;h=5;t=1796324373.558295;k=cbffe1bc864dbc0a78f3f5c120074e79# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   9488 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   9488 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
NCCL version 2.30.7+cuda13.0
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
     8388608       2097152     float     sum      -1   637.76   13.15   13.15       0   647.68   12.95   12.95       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.0524 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x008M\x00-g\x002\x00;e=NCCL_DEBUG=WARN\x00NCCL_SOCKET_IFNAM=eth0\x00;x=0;t0=1796324373.6894033;t1=1796324373.7525384;u=root;host=vm;pid=9488;ppid=8823;r=20261203T185931-8733-ee658e76.9488.1796324373689403.run;rh=6cba495026c909ab606766a0985192e6d8570fc9a51a83958af18f45a2060f44;k=cbffe1bc864dbc0a78f3f5c120074e79;s=e2ad92c95178616607d0f5f441bba416d35cfa469c08d281dcd27cf9b17221a5646cced3532b6fa31bb66e48eb94864e000d17054dc9a0c967304fb0ca3f230f]133;D;0;aid=8823;n=4;h=5;t=1796324373.795076;ps=0;k=cbffe1bc864dbc0a78f3f5c120074e79]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=8823;k=cbffe1bc864dbc0a78f3f5c120074e79[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=eth0 all_reduce_perf -b 8M -e 8M -g 2
[?2004l]633;E;NCCL_SOCKET_IFNAME=eth0\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202;cbffe1bc864dbc0a78f3f5c120074e79]133;C;aid=8823;n=5;h=6;t=1796324373.964378;k=cbffe1bc864dbc0a78f3f5c120074e79# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   9522 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   9522 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
NCCL version 2.30.7+cuda13.0
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
     8388608       2097152     float     sum      -1   638.50   13.14   13.14       0   650.61   12.89   12.89       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.0156 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x008M\x00-g\x002\x00;e=NCCL_DEBUG=WARN\x00NCCL_SOCKET_IFNAME=eth0\x00;x=0;t0=1796324374.186257;t1=1796324374.2777257;u=root;host=vm;pid=9522;ppid=8823;r=20261203T185931-8733-ee658e76.9522.1796324374186257.run;rh=86a345e39b42631fe1ffad10e5586bb6e09eb3d8ed01d6a465846f933f141153;k=cbffe1bc864dbc0a78f3f5c120074e79;s=fd74345481e5109f76da2d123cdb9bec1ac133cfa350314f8255a628c3ddca719969b40367251f9a9bc8b578007bcd304ed268a5ac45eb181186f33259c3ab0a]133;D;0;aid=8823;n=5;h=6;t=1796324374.347228;ps=0;k=cbffe1bc864dbc0a78f3f5c120074e79]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=8823;k=cbffe1bc864dbc0a78f3f5c120074e79[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;cbffe1bc864dbc0a78f3f5c120074e79]133;C;aid=8823;n=6;h=7;t=1796324374.361842;k=cbffe1bc864dbc0a78f3f5c120074e79exit

Script done on 2026-12-03 18:59:34+00:00 [COMMAND_EXIT_CODE="0"]
