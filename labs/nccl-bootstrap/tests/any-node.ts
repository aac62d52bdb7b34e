Script started on 2026-12-03 13:54:54+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/11" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=13688;n=0;h=1;t=1796306095.115555;ps=1;k=49e5bf21c19b73f97bf14e298eeeafe8]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=13688;k=49e5bf21c19b73f97bf14e298eeeafe8[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202;49e5bf21c19b73f97bf14e298eeeafe8]133;C;aid=13688;n=1;h=2;t=1796306095.345659;k=49e5bf21c19b73f97bf14e298eeeafe8# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  13857 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  13857 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation

[2026-12-03 13:54:56] vm:13857:13857 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
vm: Test NCCL failure common.cu:1550 'invalid usage (run with NCCL_DEBUG=WARN for details) / '
 .. vm pid 13857: Test failure common.cu:1454
]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x008M\x00-g\x002\x00;e=NCCL_DEBUG=WARN\x00NCCL_SOCKET_IFNAME=doesnotexist0\x00;x=3;t0=1796306095.9415216;t1=1796306096.2921093;u=root;host=vm;pid=13857;ppid=13688;r=20261203T135454-13628-ed5250b2.13857.1796306095941521.run;rh=6377aea7f4b020adca861fea3cdcd141d76fa4cace9109bb9232c1ce3150f7c9;k=49e5bf21c19b73f97bf14e298eeeafe8;s=964855f3fa0fea6c65b698e864cc92855f07a8d46f0f58f45df814f7b322392aaa5f76afea9750050628a783dc3698725fead36d36d678b43c6bbf03d9b4390a]133;D;3;aid=13688;n=1;h=2;t=1796306096.463339;ps=3;k=49e5bf21c19b73f97bf14e298eeeafe8]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=13688;k=49e5bf21c19b73f97bf14e298eeeafe8[?2004hroot@vm:~# lab answer why-socket a
[?2004l]633;E;lab\x20answer\x20why-socket\x20a;49e5bf21c19b73f97bf14e298eeeafe8]133;C;aid=13688;n=2;h=3;t=1796306096.581523;k=49e5bf21c19b73f97bf14e298eeeafe8Answer 'a' for step 'why-socket' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;T;v=2;p=lab;a=answer\x00why-socket\x00a\x00;e=NCCL_DEBUG=WARN\x00;x=0;t0=1796306097.0438132;t1=1796306097.2771327;u=root;host=vm;pid=13907;ppid=13688;r=20261203T135454-13628-ed5250b2.13907.1796306097043813.run;rh=855d5e3a170a1d697332cd85f0f0297c22c579fb41c1e30e822a4cd5a076fc1a;k=49e5bf21c19b73f97bf14e298eeeafe8;s=bb8f8873f09262697c689f52da7e52a51c91506bf2aaad7e24f3df8b6a8cfd76d2fcc37eee20533294646a7eaae331c5dd27bd7127ca3bb6850f6280a1077701]133;D;0;aid=13688;n=2;h=3;t=1796306097.351452;ps=0;k=49e5bf21c19b73f97bf14e298eeeafe8]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=13688;k=49e5bf21c19b73f97bf14e298eeeafe8[?2004hroot@vm:~# nvidia-smi topo -m
[?2004l]633;E;nvidia-smi\x20topo\x20-m;49e5bf21c19b73f97bf14e298eeeafe8]133;C;aid=13688;n=3;h=4;t=1796306097.446616;k=49e5bf21c19b73f97bf14e298eeeafe8	GPU0	GPU1	CPU Affinity	NUMA Affinity	GPU NUMA ID
GPU0	 X 	PHB	0-7	0		N/A
GPU1	PHB	 X 	0-7	0		N/A

Legend:

  X    = Self
  SYS  = Connection traversing PCIe as well as the SMP interconnect between NUMA nodes (e.g., QPI/UPI)
  NODE = Connection traversing PCIe as well as the interconnect between PCIe Host Bridges within a NUMA node
  PHB  = Connection traversing PCIe as well as a PCIe Host Bridge (typically the CPU)
  PXB  = Connection traversing multiple PCIe bridges (without traversing the PCIe Host Bridge)
  PIX  = Connection traversing at most a single PCIe bridge
  NV#  = Connection traversing a bonded set of # NVLinks
]133;T;v=2;p=nvidia-smi;a=topo\x00-m\x00;e=NCCL_DEBUG=WARN\x00;x=0;t0=1796306097.7876554;t1=1796306097.9269238;u=root;host=vm;pid=13992;ppid=13688;r=20261203T135454-13628-ed5250b2.13992.1796306097787655.run;rh=3a6d9f51e0077445d939ed75edc4fe5a1c3f87695b7a7f42428d25352c3081f8;k=49e5bf21c19b73f97bf14e298eeeafe8;s=6fe69732756cc961d27427bb00dd5184edbf0c664e43625ad9d076ec6665e4d2fbda6cc76fc48d75509397964a1e98d151b4d8ed60507f85647f346111e85800]133;D;0;aid=13688;n=3;h=4;t=1796306098.067144;ps=0;k=49e5bf21c19b73f97bf14e298eeeafe8]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=13688;k=49e5bf21c19b73f97bf14e298eeeafe8[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202;49e5bf21c19b73f97bf14e298eeeafe8]133;C;aid=13688;n=4;h=5;t=1796306098.236592;k=49e5bf21c19b73f97bf14e298eeeafe8# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  14111 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  14111 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation

[2026-12-03 13:54:58] vm:14111:14111 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
vm: Test NCCL failure common.cu:1550 'invalid usage (run with NCCL_DEBUG=WARN for details) / '
 .. vm pid 14111: Test failure common.cu:1454
]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x008M\x00-g\x002\x00;e=NCCL_DEBUG=WARN\x00NCCL_SOCKET_IFNAME=doesnotexist0\x00;x=3;t0=1796306098.5455322;t1=1796306098.6391745;u=root;host=vm;pid=14111;ppid=13688;r=20261203T135454-13628-ed5250b2.14111.1796306098545532.run;rh=7e1e1efcf901f88e9bdf9810b54f1f29ea6d4563e09221517e318fac224ad06b;k=49e5bf21c19b73f97bf14e298eeeafe8;s=02f90adb442abe16f9087b65d0bb11404fde74af49f1f776e37f838081d81efb4067078c09e1a791dafbaeb558faa7ce38676f1881d140ca11be23787997a204]133;D;3;aid=13688;n=4;h=5;t=1796306098.702285;ps=3;k=49e5bf21c19b73f97bf14e298eeeafe8]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=13688;k=49e5bf21c19b73f97bf14e298eeeafe8[?2004hroot@vm:~# echo $?
[?2004l]633;E;echo\x20$?;49e5bf21c19b73f97bf14e298eeeafe8]133;C;aid=13688;n=5;h=6;t=1796306098.742744;k=49e5bf21c19b73f97bf14e298eeeafe83
]133;D;0;aid=13688;n=5;h=6;t=1796306098.743233;ps=0;k=49e5bf21c19b73f97bf14e298eeeafe8]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=13688;k=49e5bf21c19b73f97bf14e298eeeafe8[?2004hroot@vm:~# lab answer why-gpus-first b
[?2004l]633;E;lab\x20answer\x20why-gpus-first\x20b;49e5bf21c19b73f97bf14e298eeeafe8]133;C;aid=13688;n=6;h=7;t=1796306098.841453;k=49e5bf21c19b73f97bf14e298eeeafe8Answer 'b' for step 'why-gpus-first' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;T;v=2;p=lab;a=answer\x00why-gpus-first\x00b\x00;e=NCCL_DEBUG=WARN\x00;x=0;t0=1796306099.1266646;t1=1796306099.2792182;u=root;host=vm;pid=14251;ppid=13688;r=20261203T135454-13628-ed5250b2.14251.1796306099126664.run;rh=8adad63939a34c83d02450e362a0fe3810d31732556bb6d28c8922e636db6157;k=49e5bf21c19b73f97bf14e298eeeafe8;s=4d02bb50759eac00e0150772486683bf4753001516eee3b758642083f3130443dca5a1f5136f93b8cbef31a63ca5c6594127fa9da69b96ba24ec54c47021a60b]133;D;0;aid=13688;n=6;h=7;t=1796306099.349639;ps=0;k=49e5bf21c19b73f97bf14e298eeeafe8]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=13688;k=49e5bf21c19b73f97bf14e298eeeafe8[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep -E 'NET/Socket|Bootstrap '
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20-E\x20'NET/Socket|Bootstrap';49e5bf21c19b73f97bf14e298eeeafe8]133;C;aid=13688;n=7;h=8;t=1796306099.607994;k=49e5bf21c19b73f97bf14e298eeeafe8vm:14350:14350 [0] NCCL INFO Bootstrap: Using eth0:192.0.2.2<0>
vm:14350:14370 [0] NCCL INFO NET/Socket : Using [0]eth0:192.0.2.2<0>
]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_DEBUG=INFO\x00;x=0;t0=1796306099.9223626;t1=1796306100.1190875;u=root;host=vm;pid=14350;ppid=13688;r=20261203T135454-13628-ed5250b2.14350.1796306099922362.run;rh=1a3450491be93c15da00ad37aa099d42f5fe81d08ed45c8a387d9ee717eb1f49;k=49e5bf21c19b73f97bf14e298eeeafe8;s=cc18dbd2084d104e93b5b07c212fab2d7596bb028a070c42e7b120d5ca67a90a61a2f921bcda94479a524cf0764875532809d43d94600b6b4957ac0790241309]133;D;0;aid=13688;n=7;h=8;t=1796306100.238248;ps=0,0;k=49e5bf21c19b73f97bf14e298eeeafe8]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=13688;k=49e5bf21c19b73f97bf14e298eeeafe8[?2004hroot@vm:~# lab answer why-container c
[?2004l]633;E;lab\x20answer\x20why-container\x20c;49e5bf21c19b73f97bf14e298eeeafe8]133;C;aid=13688;n=8;h=9;t=1796306100.347636;k=49e5bf21c19b73f97bf14e298eeeafe8Answer 'c' for step 'why-container' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;T;v=2;p=lab;a=answer\x00why-container\x00c\x00;e=NCCL_DEBUG=WARN\x00;x=0;t0=1796306100.7626276;t1=1796306100.9920256;u=root;host=vm;pid=14407;ppid=13688;r=20261203T135454-13628-ed5250b2.14407.1796306100762627.run;rh=61dfbce53fcba2259d091261fe83b440a70b9a9d6f6275b42f58934c383146c3;k=49e5bf21c19b73f97bf14e298eeeafe8;s=95ea316c090f01831f29adee83221a53560d2322940ded0eb7d00143599ee744ef40f87adb2d208e2f79a1a3b05651bb2825d646438fc18d36db554932d2c505]133;D;0;aid=13688;n=8;h=9;t=1796306101.167162;ps=0;k=49e5bf21c19b73f97bf14e298eeeafe8]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=13688;k=49e5bf21c19b73f97bf14e298eeeafe8[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep 'NET/IB'
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20'NET/IB';49e5bf21c19b73f97bf14e298eeeafe8]133;C;aid=13688;n=9;h=10;t=1796306101.400283;k=49e5bf21c19b73f97bf14e298eeeafe8vm:14447:14467 [0] NCCL INFO NET/IB : No device found.
vm:14447:14467 [0] NCCL INFO NET/IB : Using [RO]; OOB eth0:192.0.2.2<0>
]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_DEBUG=INFO\x00;x=0;t0=1796306101.8907254;t1=1796306102.0390487;u=root;host=vm;pid=14447;ppid=13688;r=20261203T135454-13628-ed5250b2.14447.1796306101890725.run;rh=db7268a4939253072c845fc07ea0bae37dedc47a90121b8d4c1eaad95343cfb5;k=49e5bf21c19b73f97bf14e298eeeafe8;s=104c53d0c7fac7b60c9cd39abb5557d4f1eeceae190925724323bb884832b7cf5aa57a90d339fa4126f0a4c1e5d5bf10c33d54f477ac39c3e48c2d79baa9a401]133;D;0;aid=13688;n=9;h=10;t=1796306102.172163;ps=0,0;k=49e5bf21c19b73f97bf14e298eeeafe8]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=13688;k=49e5bf21c19b73f97bf14e298eeeafe8[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2 2>&1 | grep 'NCCL WARN' [A[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[K'
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202\x202>&1\x20|\x20grep\x20'NCCL\x20WARN';49e5bf21c19b73f97bf14e298eeeafe8]133;C;aid=13688;n=10;h=11;t=1796306102.761422;k=49e5bf21c19b73f97bf14e298eeeafe8[2026-12-03 13:55:03] vm:14713:14713 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x008M\x00-g\x002\x00;e=NCCL_DEBUG=WARN\x00NCCL_SOCKET_IFNAME=doesnotexist0\x00;x=3;t0=1796306103.2488427;t1=1796306103.4299605;u=root;host=vm;pid=14713;ppid=13688;r=20261203T135454-13628-ed5250b2.14713.1796306103248842.run;rh=01b454c875a6f6abf0bacc53ebd610f31dd702a18aff73231566fedd807e8127;k=49e5bf21c19b73f97bf14e298eeeafe8;s=d0ed6fc8ce8dbee6176a9aedcb50447f8b1051375b0f21348ef45fb6346891105f004b127bdca0c3ee567a1ee06ad3a965f23eb8d9a8f40e432a7dd214279402]133;D;0;aid=13688;n=10;h=11;t=1796306103.503460;ps=3,0;k=49e5bf21c19b73f97bf14e298eeeafe8]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=13688;k=49e5bf21c19b73f97bf14e298eeeafe8[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep 'via P2P'
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20'via\x20P2P';49e5bf21c19b73f97bf14e298eeeafe8]133;C;aid=13688;n=11;h=12;t=1796306104.090772;k=49e5bf21c19b73f97bf14e298eeeafe8vm:14942:14970 [1] NCCL INFO Channel 00/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:14942:14969 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:14942:14970 [1] NCCL INFO Channel 01/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:14942:14969 [0] NCCL INFO Channel 01/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:14942:14970 [1] NCCL INFO Channel 02/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:14942:14969 [0] NCCL INFO Channel 02/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:14942:14970 [1] NCCL INFO Channel 03/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:14942:14969 [0] NCCL INFO Channel 03/0 : 0[0] -> 1[1] via P2P/direct pointer
]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_DEBUG=INFO\x00;x=0;t0=1796306104.580065;t1=1796306104.8311074;u=root;host=vm;pid=14942;ppid=13688;r=20261203T135454-13628-ed5250b2.14942.1796306104580065.run;rh=d66dbb4d04b3f8ccd5a177250dee8cbc28df00ed076e921acd37ccee93b7a920;k=49e5bf21c19b73f97bf14e298eeeafe8;s=746a7e67543653717e6acbd069b90f431c2af22abb8667b8ed697103848748c28bd1be8b6c28d287f600f79d130540f6a499ddeda68e5a29046aeab0dfe14e08]133;D;0;aid=13688;n=11;h=12;t=1796306105.015679;ps=0,0;k=49e5bf21c19b73f97bf14e298eeeafe8]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=13688;k=49e5bf21c19b73f97bf14e298eeeafe8[?2004hroot@vm:~# NCCL_SOCKET_IFNAME==eth0 all_reduce_perf -b 8M -e 128M -f 2 -g 2
[?2004l]633;E;NCCL_SOCKET_IFNAME==eth0\x20all_reduce_perf\x20-b\x208M\x20-e\x20128M\x20-f\x202\x20-g\x202;49e5bf21c19b73f97bf14e298eeeafe8]133;C;aid=13688;n=12;h=13;t=1796306106.496394;k=49e5bf21c19b73f97bf14e298eeeafe8# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 134217728 step: 2(factor) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  15162 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  15162 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
NCCL version 2.30.7+cuda13.0
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
     8388608       2097152     float     sum      -1   643.30   13.04   13.04       0   653.03   12.85   12.85       0
    16777216       4194304     float     sum      -1  1298.67   12.92   12.92       0  1286.34   13.04   13.04       0
    33554432       8388608     float     sum      -1  2540.93   13.21   13.21       0  2554.02   13.14   13.14       0
    67108864      16777216     float     sum      -1  5069.48   13.24   13.24       0  5119.35   13.11   13.11       0
   134217728      33554432     float     sum      -1  10214.6   13.14   13.14       0  10124.4   13.26   13.26       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.0934 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x00128M\x00-f\x002\x00-g\x002\x00;e=NCCL_DEBUG=WARN\x00NCCL_SOCKET_IFNAME==eth0\x00;x=0;t0=1796306107.1714745;t1=1796306107.462933;u=root;host=vm;pid=15162;ppid=13688;r=20261203T135454-13628-ed5250b2.15162.1796306107171474.run;rh=cf25849a55cb3e0dd918e95c4da13fbb2c9d47fa5033e3598ab8bc01414f5db4;k=49e5bf21c19b73f97bf14e298eeeafe8;s=3547afea0fa1311598e697aef5f284dcf594bc88b430417c68caf5d88c126f4e4f65bcede0c2076fac88dde2d193e4dba676add268f06bb95dafca26808dcd0d]133;D;0;aid=13688;n=12;h=13;t=1796306107.711233;ps=0;k=49e5bf21c19b73f97bf14e298eeeafe8]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=13688;k=49e5bf21c19b73f97bf14e298eeeafe8[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;49e5bf21c19b73f97bf14e298eeeafe8]133;C;aid=13688;n=13;h=14;t=1796306107.811463;k=49e5bf21c19b73f97bf14e298eeeafe8exit

Script done on 2026-12-03 13:55:07+00:00 [COMMAND_EXIT_CODE="0"]
