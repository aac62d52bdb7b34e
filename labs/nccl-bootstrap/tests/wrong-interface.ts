Script started on 2026-12-03 16:26:46+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/0" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=29111;n=0;h=1;t=1796315206.872656;ps=1;k=0dee9c7860f9496b9198140ee3d174ea]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=29111;k=0dee9c7860f9496b9198140ee3d174ea[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=eth1 all_reduce_perf -b 8M -e 8M -g 2
[?2004l]633;E;NCCL_SOCKET_IFNAME=eth1\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202;0dee9c7860f9496b9198140ee3d174ea]133;C;aid=29111;n=1;h=2;t=1796315207.011631;k=0dee9c7860f9496b9198140ee3d174ea# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  29140 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  29140 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation

[2026-12-03 16:26:47] vm:29140:29140 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
vm: Test NCCL failure common.cu:1550 'invalid usage (run with NCCL_DEBUG=WARN for details) / '
 .. vm pid 29140: Test failure common.cu:1454
]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x008M\x00-g\x002\x00;e=NCCL_DEBUG=WARN\x00NCCL_SOCKET_IFNAME=eth1\x00;x=3;t0=1796315207.2849884;t1=1796315207.4039178;u=root;host=vm;pid=29140;ppid=29111;r=20261203T162646-29041-f2def58b.29140.1796315207284988.run;rh=0b82f364f419d364dbf94ade8f97e159edd2ca4c5d6349598c3a6a01041f692b;k=0dee9c7860f9496b9198140ee3d174ea;s=622ef577e68174cf9a6569113ce5d66458de3bf3591c12cbe686aa29d6db7c0536a1ac63038967b5f92b16b3db83af6c7dadb325f1f3902650e4a08dcca84e02]133;D;3;aid=29111;n=1;h=2;t=1796315207.495327;ps=3;k=0dee9c7860f9496b9198140ee3d174ea]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=29111;k=0dee9c7860f9496b9198140ee3d174ea[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep 'NET/Socket'
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20'NET/Socket';0dee9c7860f9496b9198140ee3d174ea]133;C;aid=29111;n=2;h=3;t=1796315207.718737;k=0dee9c7860f9496b9198140ee3d174eavm:29151:29171 [0] NCCL INFO NET/Socket : Using [0]eth0:192.0.2.2<0>
]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_DEBUG=INFO\x00;x=0;t0=1796315207.8198822;t1=1796315207.8775876;u=root;host=vm;pid=29151;ppid=29111;r=20261203T162646-29041-f2def58b.29151.1796315207819882.run;rh=892f23b1041194a03211c4601882f7385fc39353dabb9afda7baa877923f1fdc;k=0dee9c7860f9496b9198140ee3d174ea;s=4192961a76a2c5cf2c6b2a3453a1ff36e7c1ffcdf39890e3261bbc1e37c8d10b0a910e8a54e44becfe21267f29680534fc9e7277951ac8543d32991597a2bc00]133;D;0;aid=29111;n=2;h=3;t=1796315207.896428;ps=0,0;k=0dee9c7860f9496b9198140ee3d174ea]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=29111;k=0dee9c7860f9496b9198140ee3d174ea[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=eth1 all_reduce_perf -b 8M -e 8M -g 2
[?2004l]633;E;NCCL_SOCKET_IFNAME=eth1\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202;0dee9c7860f9496b9198140ee3d174ea]133;C;aid=29111;n=3;h=4;t=1796315208.036940;k=0dee9c7860f9496b9198140ee3d174ea# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  29171 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  29171 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation

[2026-12-03 16:26:48] vm:29171:29171 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
vm: Test NCCL failure common.cu:1550 'invalid usage (run with NCCL_DEBUG=WARN for details) / '
 .. vm pid 29171: Test failure common.cu:1454
]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x008M\x00-g\x002\x00;e=NCCL_DEBUG=WARN\x00NCCL_SOCKET_IFNAME=eth1\x00;x=3;t0=1796315208.1443431;t1=1796315208.2240741;u=root;host=vm;pid=29171;ppid=29111;r=20261203T162646-29041-f2def58b.29171.1796315208144343.run;rh=ca776a00786999b84dce861a3acb937e751ef99bbbfff869c50459b26b7de7b5;k=0dee9c7860f9496b9198140ee3d174ea;s=652c94f11597963b19333d7cbb7fdd9de0324a6b1fad04ba059b67c2ec70336151991e8f31f09af7ea70493b4ce5321f2bbaaceaeb1ef5169ad17460f87db700]133;D;3;aid=29111;n=3;h=4;t=1796315208.247549;ps=3;k=0dee9c7860f9496b9198140ee3d174ea]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=29111;k=0dee9c7860f9496b9198140ee3d174ea[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=lo all_reduce_perf -b 8M -e 8M -g 2
[?2004l]633;E;NCCL_SOCKET_IFNAME=lo\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202;0dee9c7860f9496b9198140ee3d174ea]133;C;aid=29111;n=4;h=5;t=1796315208.365917;k=0dee9c7860f9496b9198140ee3d174ea# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  29178 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  29178 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
NCCL version 2.30.7+cuda13.0
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
     8388608       2097152     float     sum      -1   645.44   13.00   13.00       0   649.07   12.92   12.92       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 12.9604 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x008M\x00-g\x002\x00;e=NCCL_DEBUG=WARN\x00NCCL_SOCKET_IFNAME=lo\x00;x=0;t0=1796315208.4368587;t1=1796315208.4710536;u=root;host=vm;pid=29178;ppid=29111;r=20261203T162646-29041-f2def58b.29178.1796315208436858.run;rh=6707cb52dfcef75bc5675c0c7cd26a22b0663e305cc244f4c4b92b1f1ce2550e;k=0dee9c7860f9496b9198140ee3d174ea;s=18e5273e63907af19c1ca1b9ec517dc5c6d79721cbb34cad226fec43769e199fa8172707164a6160ffa01165f245427880d48c7f912ce5e3f8762f56532fb807]133;D;0;aid=29111;n=4;h=5;t=1796315208.489224;ps=0;k=0dee9c7860f9496b9198140ee3d174ea]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=29111;k=0dee9c7860f9496b9198140ee3d174ea[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;0dee9c7860f9496b9198140ee3d174ea]133;C;aid=29111;n=5;h=6;t=1796315208.520071;k=0dee9c7860f9496b9198140ee3d174eaexit

Script done on 2026-12-03 16:26:48+00:00 [COMMAND_EXIT_CODE="0"]
