Script started on 2026-12-03 16:25:58+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/0" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=26535;n=0;h=1;t=1796315159.029162;ps=1;k=aebfc580d0a2210c1d2c2c47d4128d9a]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=26535;k=aebfc580d0a2210c1d2c2c47d4128d9a[?2004hroot@vm:~# cat old-session.ts
[?2004l]633;E;cat\x20old-session.ts;aebfc580d0a2210c1d2c2c47d4128d9a]133;C;aid=26535;n=1;h=2;t=1796315159.078133;k=aebfc580d0a2210c1d2c2c47d4128d9aScript started on 2026-12-03 13:55:18+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/5" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=15949;n=0;h=1;t=1796306119.008600;ps=1;k=6304bb563b1447ce1c4a51eef3ce2756]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=15949;k=6304bb563b1447ce1c4a51eef3ce2756[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202;6304bb563b1447ce1c4a51eef3ce2756]133;C;aid=15949;n=1;h=2;t=1796306119.271253;k=6304bb563b1447ce1c4a51eef3ce2756# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  16191 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  16191 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation

[2026-12-03 13:55:20] vm:16191:16191 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
vm: Test NCCL failure common.cu:1550 'invalid usage (run with NCCL_DEBUG=WARN for details) / '
 .. vm pid 16191: Test failure common.cu:1454
]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x008M\x00-g\x002\x00;e=NCCL_DEBUG=WARN\x00NCCL_SOCKET_IFNAME=doesnotexist0\x00;x=3;t0=1796306119.8387206;t1=1796306120.2513862;u=root;host=vm;pid=16191;ppid=15949;r=20261203T135518-15803-221bf348.16191.1796306119838720.run;rh=d16127403e9294a0cff00531f707402b8d9699260a9df03bbc9521855c44497b;k=6304bb563b1447ce1c4a51eef3ce2756;s=67f7e7eba08228a2f4dc4613efe42342ed6b5441c56638a1b02bd47c20be16808c230bbbbc78ae35bb5facf5512566d6b50f2dc0c36164bfe5c8d6afcd94e704]133;D;3;aid=15949;n=1;h=2;t=1796306120.469119;ps=3;k=6304bb563b1447ce1c4a51eef3ce2756]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=15949;k=6304bb563b1447ce1c4a51eef3ce2756[?2004hroot@vm:~# lab answer why-socket a
[?2004l]633;E;lab\x20answer\x20why-socket\x20a;6304bb563b1447ce1c4a51eef3ce2756]133;C;aid=15949;n=2;h=3;t=1796306120.651621;k=6304bb563b1447ce1c4a51eef3ce2756Answer 'a' for step 'why-socket' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;T;v=2;p=lab;a=answer\x00why-socket\x00a\x00;e=NCCL_DEBUG=WARN\x00;x=0;t0=1796306121.298551;t1=1796306121.6265242;u=root;host=vm;pid=16422;ppid=15949;r=20261203T135518-15803-221bf348.16422.1796306121298551.run;rh=855d5e3a170a1d697332cd85f0f0297c22c579fb41c1e30e822a4cd5a076fc1a;k=6304bb563b1447ce1c4a51eef3ce2756;s=fb748ddfa2e0bbd9e5e7545f650d43e0a4f5e0a586de85bb08f5b8354417d989968e6fd175fb9c5205efdee2aceaa9b3ef980eb24c0a0f773636e239c7e4c80f]133;D;0;aid=15949;n=2;h=3;t=1796306121.863102;ps=0;k=6304bb563b1447ce1c4a51eef3ce2756]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=15949;k=6304bb563b1447ce1c4a51eef3ce2756[?2004hroot@vm:~# nvidia-smi topo -m
[?2004l]633;E;nvidia-smi\x20topo\x20-m;6304bb563b1447ce1c4a51eef3ce2756]133;C;aid=15949;n=3;h=4;t=1796306121.932178;k=6304bb563b1447ce1c4a51eef3ce2756	GPU0	GPU1	CPU Affinity	NUMA Affinity	GPU NUMA ID
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
]133;T;v=2;p=nvidia-smi;a=topo\x00-lm\x00;e=NCCL_DEBUG=WARN\x00;x=0;t0=1796306122.5170493;t1=1796306122.788516;u=root;host=vm;pid=16557;ppid=15949;r=20261203T135518-15803-221bf348.16557.1796306122517049.run;rh=3a6d9f51e0077445d939ed75edc4fe5a1c3f87695b7a7f42428d25352c3081f8;k=6304bb563b1447ce1c4a51eef3ce2756;s=86bbe82ad516355d1e63b7b61bf9cff0bb5655ed0935dcb8ff2014d9f907f231433eebf2f65792e4eebfb9c2bf0c7ccff9f2d5a0307b44051abed0ca26565804]133;D;0;aid=15949;n=3;h=4;t=1796306123.015189;ps=0;k=6304bb563b1447ce1c4a51eef3ce2756]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=15949;k=6304bb563b1447ce1c4a51eef3ce2756[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202;6304bb563b1447ce1c4a51eef3ce2756]133;C;aid=15949;n=4;h=5;t=1796306123.187153;k=6304bb563b1447ce1c4a51eef3ce2756# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  16659 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  16659 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation

[2026-12-03 13:55:23] vm:16659:16659 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
vm: Test NCCL failure common.cu:1550 'invalid usage (run with NCCL_DEBUG=WARN for details) / '
 .. vm pid 16659: Test failure common.cu:1454
]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x008M\x00-g\x002\x00;e=NCCL_DEBUG=WARN\x00NCCL_SOCKET_IFNAME=doesnotexist0\x00;x=3;t0=1796306123.693513;t1=1796306123.976281;u=root;host=vm;pid=16659;ppid=15949;r=20261203T135518-15803-221bf348.16659.1796306123693513.run;rh=87de50d3221383be172ca87d7ba9f814af230c87c7d443b8bdb3a057a6d20480;k=6304bb563b1447ce1c4a51eef3ce2756;s=3c8fdb73c0a8eeb5e1e84d3152738c9c96ff0693b2c472540fbc27488933ed1fda7cab535e53eb7629b4c82e8b14aeff3fc90ffeba4f086a3b93ac2d44d02802]133;D;3;aid=15949;n=4;h=5;t=1796306124.135173;ps=3;k=6304bb563b1447ce1c4a51eef3ce2756]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=15949;k=6304bb563b1447ce1c4a51eef3ce2756[?2004hroot@vm:~# echo $?
[?2004l]633;E;echo\x20$?;6304bb563b1447ce1c4a51eef3ce2756]133;C;aid=15949;n=5;h=6;t=1796306124.178706;k=6304bb563b1447ce1c4a51eef3ce27563
]133;D;0;aid=15949;n=5;h=6;t=1796306124.182309;ps=0;k=6304bb563b1447ce1c4a51eef3ce2756]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=15949;k=6304bb563b1447ce1c4a51eef3ce2756[?2004hroot@vm:~# lab answer why-gpus-first b
[?2004l]633;E;lab\x20answer\x20why-gpus-first\x20b;6304bb563b1447ce1c4a51eef3ce2756]133;C;aid=15949;n=6;h=7;t=1796306124.279389;k=6304bb563b1447ce1c4a51eef3ce2756Answer 'b' for step 'why-gpus-first' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;T;v=2;p=lab;a=answer\x00why-gpus-first\x00b\x00;e=NCCL_DEBUG=WARN\x00;x=0;t0=1796306124.850426;t1=1796306125.182915;u=root;host=vm;pid=16721;ppid=15949;r=20261203T135518-15803-221bf348.16721.1796306124850426.run;rh=8adad63939a34c83d02450e362a0fe3810d31732556bb6d28c8922e636db6157;k=6304bb563b1447ce1c4a51eef3ce2756;s=b33589f80405f49631adf04acfc8fdb0c3ef0635639ffead1805173700a3f177435e30d1b9cecd7ae378433fb4d47c73150bb4cb551158b965a81d8a14e83302]133;D;0;aid=15949;n=6;h=7;t=1796306125.377215;ps=0;k=6304bb563b1447ce1c4a51eef3ce2756]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=15949;k=6304bb563b1447ce1c4a51eef3ce2756[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep 'NET/Socket'
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20'NET/Socket';6304bb563b1447ce1c4a51eef3ce2756]133;C;aid=15949;n=7;h=8;t=1796306126.083515;k=6304bb563b1447ce1c4a51eef3ce2756vm:16912:16932 [0] NCCL INFO NET/Socket : Using [0]eth0:192.0.2.2<0>
]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_DEBUG=INFO\x00;x=0;t0=1796306126.6797507;t1=1796306126.9375296;u=root;host=vm;pid=16912;ppid=15949;r=20261203T135518-15803-221bf348.16912.1796306126679750.run;rh=799487707a257dc65cfcf868a3fac8d5bb1e67dbb62ccf14008672409cb7acef;k=6304bb563b1447ce1c4a51eef3ce2756;s=7c4fce079591f0ac7334441a99d91137433080cd6b7b2e3c44190c01c859ddb5bd3c85754e4e308a6d552e9a444db4ad19350833ec091f2dcea6e95012ffe10b]133;D;0;aid=15949;n=7;h=8;t=1796306127.119870;ps=0,0;k=6304bb563b1447ce1c4a51eef3ce2756]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=15949;k=6304bb563b1447ce1c4a51eef3ce2756[?2004hroot@vm:~# lab answer why-container c
[?2004l]633;E;lab\x20answer\x20why-container\x20c;6304bb563b1447ce1c4a51eef3ce2756]133;C;aid=15949;n=8;h=9;t=1796306127.237357;k=6304bb563b1447ce1c4a51eef3ce2756Answer 'c' for step 'why-container' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;T;v=2;p=lab;a=answer\x00why-container\x00c\x00;e=NCCL_DEBUG=WARN\x00;x=0;t0=1796306127.8304632;t1=1796306128.1725678;u=root;host=vm;pid=17060;ppid=15949;r=20261203T135518-15803-221bf348.17060.1796306127830463.run;rh=61dfbce53fcba2259d091261fe83b440a70b9a9d6f6275b42f58934c383146c3;k=6304bb563b1447ce1c4a51eef3ce2756;s=f08394c9202aa58d6e9bca19d62617d2fd6808dede7a34d72804b3f98dd47975b63ad6b33d243f3a57a5d5a3877162bbab82424e9512387d4d6dba2603f2e508]133;D;0;aid=15949;n=8;h=9;t=1796306128.367075;ps=0;k=6304bb563b1447ce1c4a51eef3ce2756]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=15949;k=6304bb563b1447ce1c4a51eef3ce2756[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep 'NET/IB'
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20'NET/IB';6304bb563b1447ce1c4a51eef3ce2756]133;C;aid=15949;n=9;h=10;t=1796306128.668888;k=6304bb563b1447ce1c4a51eef3ce2756vm:17183:17203 [0] NCCL INFO NET/IB : No device found.
vm:17183:17203 [0] NCCL INFO NET/IB : Using [RO]; OOB eth0:192.0.2.2<0>
]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_DEBUG=INFO\x00;x=0;t0=1796306129.5593472;t1=1796306129.9263175;u=root;host=vm;pid=17183;ppid=15949;r=20261203T135518-15803-221bf348.17183.1796306129559347.run;rh=7487cdcf49b3ad10d6a904964839839a8ed9bc53a82beac16b0bff43b8595f7c;k=6304bb563b1447ce1c4a51eef3ce2756;s=89d2e07b658e4f0131b6b2503a6af87bf2ab30b6d6f4f65743d3b49801412df04f2dd17e35d1a4c4026727ab88dd170aca405afa61a74d9dbb438e4d389d2006]133;D;0;aid=15949;n=9;h=10;t=1796306130.180073;ps=0,0;k=6304bb563b1447ce1c4a51eef3ce2756]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=15949;k=6304bb563b1447ce1c4a51eef3ce2756[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2 2>&1 | grep 'NCCL WARN' [A[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[K'
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202\x202>&1\x20|\x20grep\x20'NCCL\x20WARN';6304bb563b1447ce1c4a51eef3ce2756]133;C;aid=15949;n=10;h=11;t=1796306130.637592;k=6304bb563b1447ce1c4a51eef3ce2756[2026-12-03 13:55:31] vm:17225:17225 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x008M\x00-g\x002\x00;e=NCCL_DEBUG=WARN\x00NCCL_SOCKET_IFNAME=doesnotexist0\x00;x=3;t0=1796306131.3113165;t1=1796306131.5631232;u=root;host=vm;pid=17225;ppid=15949;r=20261203T135518-15803-221bf348.17225.1796306131311316.run;rh=b68f15c456b1eeb47e111262e912844ba5241bc06f9514afe084dd53463cbf26;k=6304bb563b1447ce1c4a51eef3ce2756;s=08e5ad3bdca9c0421ebd7077850539066f227aa6277203a008f99b9ed54012e9660ba2e3a289a190735f33d29e1a4e2f0581426564302d8531b0da25d6a9c507]133;D;0;aid=15949;n=10;h=11;t=1796306131.755601;ps=3,0;k=6304bb563b1447ce1c4a51eef3ce2756]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=15949;k=6304bb563b1447ce1c4a51eef3ce2756[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep 'via P2P'
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20'via\x20P2P';6304bb563b1447ce1c4a51eef3ce2756]133;C;aid=15949;n=11;h=12;t=1796306131.951949;k=6304bb563b1447ce1c4a51eef3ce2756vm:17339:17367 [1] NCCL INFO Channel 00/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:17339:17366 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:17339:17367 [1] NCCL INFO Channel 01/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:17339:17366 [0] NCCL INFO Channel 01/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:17339:17367 [1] NCCL INFO Channel 02/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:17339:17366 [0] NCCL INFO Channel 02/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:17339:17367 [1] NCCL INFO Channel 03/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:17339:17366 [0] NCCL INFO Channel 03/0 : 0[0] -> 1[1] via P2P/direct pointer
]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_DEBUG=INFO\x00;x=0;t0=1796306132.5055246;t1=1796306132.9190907;u=root;host=vm;pid=17339;ppid=15949;r=20261203T135518-15803-221bf348.17339.1796306132505524.run;rh=d1577d701a88f59d29c087371d20a2b44a5f49c3e78b156da8fc486b450d593c;k=6304bb563b1447ce1c4a51eef3ce2756;s=db5c98a3234ca5b4f23247a9ab131aa2e0587f3d514cd0fc7e1f5c07e29fbabb8c02d4045597418e1c6d02828bc65f3b247994655fd7dedde9367542d4b55407]133;D;0;aid=15949;n=11;h=12;t=1796306133.139528;ps=0,0;k=6304bb563b1447ce1c4a51eef3ce2756]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=15949;k=6304bb563b1447ce1c4a51eef3ce2756[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=eth0 all_reduce_perf -b 8M -e 128M -f 2 -g 2
[?2004l]633;E;NCCL_SOCKET_IFNAME=eth0\x20all_reduce_perf\x20-b\x208M\x20-e\x20128M\x20-f\x202\x20-g\x202;6304bb563b1447ce1c4a51eef3ce2756]133;C;aid=15949;n=12;h=13;t=1796306133.315528;k=6304bb563b1447ce1c4a51eef3ce2756# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 134217728 step: 2(factor) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  17399 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  17399 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
NCCL version 2.30.7+cuda13.0
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
     8388608       2097152     float     sum      -1   646.93   12.97   12.97       0   648.20   12.94   12.94       0
    16777216       4194304     float     sum      -1  1294.46   12.96   12.96       0  1288.00   13.03   13.03       0
    33554432       8388608     float     sum      -1  2568.73   13.06   13.06       0  2565.51   13.08   13.08       0
    67108864      16777216     float     sum      -1  5037.87   13.32   13.32       0  5086.67   13.19   13.19       0
   134217728      33554432     float     sum      -1  10227.1   13.12   13.12       0  10211.6   13.14   13.14       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.0818 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x00128M\x00-f\x002\x00-g\x002\x00;e=NCCL_DEBUG=WARN\x00NCCL_SOCKET_IFNAME=eth0\x00;x=0;t0=1796306134.0158064;t1=1796306134.3832047;u=root;host=vm;pid=17399;ppid=15949;r=20261203T135518-15803-221bf348.17399.1796306134015806.run;rh=57e0db9d5926f01cdd74c427a78aaf0127adf2d33ef7382b9b88f454e39afada;k=6304bb563b1447ce1c4a51eef3ce2756;s=8ecbfd374847363901522fa4b520b9faafe89daaa49eb8188f45d2a843d55cca152ff933a9f0ce6b94c61006c826d1b4630ed35fad08d6ce96d7cca65edfbb08]133;D;0;aid=15949;n=12;h=13;t=1796306134.611120;ps=0;k=6304bb563b1447ce1c4a51eef3ce2756]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=15949;k=6304bb563b1447ce1c4a51eef3ce2756[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;6304bb563b1447ce1c4a51eef3ce2756]133;C;aid=15949;n=13;h=14;t=1796306134.651111;k=6304bb563b1447ce1c4a51eef3ce2756exit

Script done on 2026-12-03 13:55:34+00:00 [COMMAND_EXIT_CODE="0"]
]133;D;0;aid=26535;n=1;h=2;t=1796315159.081616;ps=0;k=aebfc580d0a2210c1d2c2c47d4128d9a]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=26535;k=aebfc580d0a2210c1d2c2c47d4128d9a[?2004hroot@vm:~# ls
[?2004lx]633;E;ls;aebfc580d0a2210c1d2c2c47d4128d9a]133;C;aid=26535;n=2;h=3;t=1796315159.087340;k=aebfc580d0a2210c1d2c2c47d4128d9aiold-session.ts
]133;D;0;aid=26535;n=2;h=3;t=1796315159.089948;ps=0;k=aebfc580d0a2210c1d2c2c47d4128d9a]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=26535;k=aebfc580d0a2210c1d2c2c47d4128d9a[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;aebfc580d0a2210c1d2c2c47d4128d9a]133;C;aid=26535;n=3;h=4;t=1796315159.095484;k=aebfc580d0a2210c1d2c2c47d4128d9aexit

Script done on 2026-12-03 16:25:59+00:00 [COMMAND_EXIT_CODE="0"]
