Script started on 2026-12-03 16:26:00+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/0" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=26647;n=0;h=1;t=1796315160.635459;ps=1;k=855fdfdc19b0e2c20a3b4d3dcfc60621]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=26647;k=855fdfdc19b0e2c20a3b4d3dcfc60621[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202;855fdfdc19b0e2c20a3b4d3dcfc60621]133;C;aid=26647;n=1;h=2;t=1796315160.797633;k=855fdfdc19b0e2c20a3b4d3dcfc60621# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  26658 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  26658 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation

[2026-12-03 16:26:00] vm:26658:26658 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
vm: Test NCCL failure common.cu:1550 'invalid usage (run with NCCL_DEBUG=WARN for details) / '
 .. vm pid 26658: Test failure common.cu:1454
]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x008M\x00-g\x002\x00;e=NCCL_DEBUG=WARN\x00NCCL_SOCKET_IFNAME=doesnotexist0\x00;x=3;t0=1796315160.9016533;t1=1796315160.95133;u=root;host=vm;pid=26658;ppid=26647;r=20261203T162600-26599-f89c6c2f.26658.1796315160901653.run;rh=73d9a49690612a410e605cecef2436de2a7431e4c562ffb909a26a0996b1e5e4;k=855fdfdc19b0e2c20a3b4d3dcfc60621;s=364c2b32a4620791819ae5ad752cee3d017737de880f07516f5e14debf32679aaf1b7df65b852fbaae1c392b308591e5671f5cc8552964055fd2a26e2e89f601]133;D;3;aid=26647;n=1;h=2;t=1796315160.972919;ps=3;k=855fdfdc19b0e2c20a3b4d3dcfc60621]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=26647;k=855fdfdc19b0e2c20a3b4d3dcfc60621[?2004hroot@vm:~# lab answer why-socket a
[?2004l]633;E;lab\x20answer\x20why-socket\x20a;855fdfdc19b0e2c20a3b4d3dcfc60621]133;C;aid=26647;n=2;h=3;t=1796315161.024270;k=855fdfdc19b0e2c20a3b4d3dcfc60621Answer 'a' for step 'why-socket' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;T;v=2;p=lab;a=answer\x00why-socket\x00a\x00;e=NCCL_DEBUG=WARN\x00;x=0;t0=1796315161.098062;t1=1796315161.1537678;u=root;host=vm;pid=26662;ppid=26647;r=20261203T162600-26599-f89c6c2f.26662.1796315161098062.run;rh=44c1ecbe1c9e1845290014acc08f2d03105ddec61014db038ff46e7bba161373;k=855fdfdc19b0e2c20a3b4d3dcfc60621;s=1cbdf91167d7ed7f217dd12b0a87e9a31c0cc9d2028b5d687b4e21271a6f3557333a901df234f49b334cc3d34d1af82f8165c0cc0777b26008452873f3866c0c]133;D;0;aid=26647;n=2;h=3;t=1796315161.175281;ps=0;k=855fdfdc19b0e2c20a3b4d3dcfc60621]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=26647;k=855fdfdc19b0e2c20a3b4d3dcfc60621[?2004hroot@vm:~# nvidia-smi topo -m
[?2004l]633;E;nvidia-smi\x20topo\x20-m;855fdfdc19b0e2c20a3b4d3dcfc60621]133;C;aid=26647;n=3;h=4;t=1796315161.216632;k=855fdfdc19b0e2c20a3b4d3dcfc60621	GPU0	GPU1	CPU Affinity	NUMA Affinity	GPU NUMA ID
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
]133;T;v=2;p=nvidia-smi;a=topo\x00-m\x00;e=NCCL_DEBUG=WARN\x00;x=0;t0=1796315161.3264637;t1=1796315161.3641226;u=root;host=vm;pid=26666;ppid=26647;r=20261203T162600-26599-f89c6c2f.26666.1796315161326463.run;rh=5a076b533ef5bdd6ff45dd339fb7de25221eb15e1b6f88aefb3c1e627e7e610d;k=855fdfdc19b0e2c20a3b4d3dcfc60621;s=21364a57b152df64e64e9f67eefd2ff21c21080f3c56e9826f69ee1a8e9091b5cc93b67f2969ffe198d09e3ba0355a1bf475ae03f3c1209f5d3467e39e5f1e0f]133;D;0;aid=26647;n=3;h=4;t=1796315161.392810;ps=0;k=855fdfdc19b0e2c20a3b4d3dcfc60621]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=26647;k=855fdfdc19b0e2c20a3b4d3dcfc60621[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202;855fdfdc19b0e2c20a3b4d3dcfc60621]133;C;aid=26647;n=4;h=5;t=1796315161.534086;k=855fdfdc19b0e2c20a3b4d3dcfc60621# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  26670 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  26670 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation

[2026-12-03 16:26:01] vm:26670:26670 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
vm: Test NCCL failure common.cu:1550 'invalid usage (run with NCCL_DEBUG=WARN for details) / '
 .. vm pid 26670: Test failure common.cu:1454
]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x008M\x00-g\x002\x00;e=NCCL_DEBUG=WARN\x00NCCL_SOCKET_IFNAME=doesnotexist0\x00;x=3;t0=1796315161.6040292;t1=1796315161.642233;u=root;host=vm;pid=26670;ppid=26647;r=20261203T162600-26599-f89c6c2f.26670.1796315161604029.run;rh=832378c966b7032933f6dab99a0bf96de4068e6fb15d00f4c6f153050376db36;k=855fdfdc19b0e2c20a3b4d3dcfc60621;s=de8765def01767153c476540470efbb99d24dd6a03b34f81768254059806b614ac8a414c866a721285cdab9d1f7b809a8035703ca7a6140a938fa1f50a6ac206]133;D;3;aid=26647;n=4;h=5;t=1796315161.661218;ps=3;k=855fdfdc19b0e2c20a3b4d3dcfc60621]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=26647;k=855fdfdc19b0e2c20a3b4d3dcfc60621[?2004hroot@vm:~# echo $?
[?2004l]633;E;echo\x20$?;855fdfdc19b0e2c20a3b4d3dcfc60621]133;C;aid=26647;n=5;h=6;t=1796315161.679308;k=855fdfdc19b0e2c20a3b4d3dcfc606213
]133;D;0;aid=26647;n=5;h=6;t=1796315161.680158;ps=0;k=855fdfdc19b0e2c20a3b4d3dcfc60621]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=26647;k=855fdfdc19b0e2c20a3b4d3dcfc60621[?2004hroot@vm:~# lab answer why-gpus-first b
[?2004l]633;E;lab\x20answer\x20why-gpus-first\x20b;855fdfdc19b0e2c20a3b4d3dcfc60621]133;C;aid=26647;n=6;h=7;t=1796315161.740432;k=855fdfdc19b0e2c20a3b4d3dcfc60621Answer 'b' for step 'why-gpus-first' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;T;v=2;p=lab;a=answer\x00why-gpus-first\x00b\x00;e=NCCL_DEBUG=WARN\x00;x=0;t0=1796315161.8313866;t1=1796315161.8732822;u=root;host=vm;pid=26676;ppid=26647;r=20261203T162600-26599-f89c6c2f.26676.1796315161831386.run;rh=19fc7cf07c8ffbb8b773da5d54d20486ad29dffb919e848a05b1c19a11e62e6c;k=855fdfdc19b0e2c20a3b4d3dcfc60621;s=c1a152dd6bad2601329ea44c1b5cf10ad25325caaf27db0ee99aaf4856dcf1347a0803b964e6ed84e83a0c502af503435cdb5c7ba008aef0ad5948c9e3badb07]133;D;0;aid=26647;n=6;h=7;t=1796315161.889980;ps=0;k=855fdfdc19b0e2c20a3b4d3dcfc60621]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=26647;k=855fdfdc19b0e2c20a3b4d3dcfc60621[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep 'NET/Socket'
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20'NET/Socket';855fdfdc19b0e2c20a3b4d3dcfc60621]133;C;aid=26647;n=7;h=8;t=1796315162.058730;k=855fdfdc19b0e2c20a3b4d3dcfc60621vm:26681:26701 [0] NCCL INFO NET/Socket : Using [0]eth0:192.0.2.2<0>
]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_DEBUG=INFO\x00;x=0;t0=1796315162.135541;t1=1796315162.185174;u=root;host=vm;pid=26681;ppid=26647;r=20261203T162600-26599-f89c6c2f.26681.1796315162135541.run;rh=c58455814e228c00b6ae1d849ed2da004bed5584d0a1851d77c3ff0ae71a4c13;k=855fdfdc19b0e2c20a3b4d3dcfc60621;s=31d3059e2152840acbf7fb3631dfac99d0ee97fb0bd0de1c9b2bb81c1cac2c078a5475f25b464fdd2f9c27a638596f3a418dec43caa9e7a8504a36925234dc0d]133;D;0;aid=26647;n=7;h=8;t=1796315162.204996;ps=0,0;k=855fdfdc19b0e2c20a3b4d3dcfc60621]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=26647;k=855fdfdc19b0e2c20a3b4d3dcfc60621[?2004hroot@vm:~# lab answer why-container c
[?2004l]633;E;lab\x20answer\x20why-container\x20c;855fdfdc19b0e2c20a3b4d3dcfc60621]133;C;aid=26647;n=8;h=9;t=1796315162.262583;k=855fdfdc19b0e2c20a3b4d3dcfc60621Answer 'c' for step 'why-container' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;T;v=2;p=lab;a=answer\x00why-container\x00c\x00;e=NCCL_DEBUG=WARN\x00;x=0;t0=1796315162.3354373;t1=1796315162.3962169;u=root;host=vm;pid=26685;ppid=26647;r=20261203T162600-26599-f89c6c2f.26685.1796315162335437.run;rh=9ae8daee0a7247fb84f45c3bad0b691ed396dcf2029a5efc578d20e87553f5fc;k=855fdfdc19b0e2c20a3b4d3dcfc60621;s=78b9fe6b1971c7fff8a4f9db6d949411370e02bfa4164ad3c569f5acd51203a513e66c30cf8d46cf516296860d427931ae0192e178a79cd3a4d767b8fbb54502]133;D;0;aid=26647;n=8;h=9;t=1796315162.417238;ps=0;k=855fdfdc19b0e2c20a3b4d3dcfc60621]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=26647;k=855fdfdc19b0e2c20a3b4d3dcfc60621[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep 'NET/IB'
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20'NET/IB';855fdfdc19b0e2c20a3b4d3dcfc60621]133;C;aid=26647;n=9;h=10;t=1796315162.596108;k=855fdfdc19b0e2c20a3b4d3dcfc60621vm:26690:26710 [0] NCCL INFO NET/IB : No device found.
vm:26690:26710 [0] NCCL INFO NET/IB : Using [RO]; OOB eth0:192.0.2.2<0>
]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_DEBUG=INFO\x00;x=0;t0=1796315162.6954093;t1=1796315162.7367232;u=root;host=vm;pid=26690;ppid=26647;r=20261203T162600-26599-f89c6c2f.26690.1796315162695409.run;rh=09175272c43f189038a361fb53c5bb2f4cf78d84d166e47fd6f003d685839219;k=855fdfdc19b0e2c20a3b4d3dcfc60621;s=b36f5fc957b1a98fbbf89171529c182352d19a5f0bb6e4e83460159e9318b067a33a618aee33d566ea6b9ea43fb05025586d15039afcaf98261668334a982006]133;D;0;aid=26647;n=9;h=10;t=1796315162.759849;ps=0,0;k=855fdfdc19b0e2c20a3b4d3dcfc60621]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=26647;k=855fdfdc19b0e2c20a3b4d3dcfc60621[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2 2>&1 | grep 'NCCL WARN' [A[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[K'
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202\x202>&1\x20|\x20grep\x20'NCCL\x20WARN';855fdfdc19b0e2c20a3b4d3dcfc60621]133;C;aid=26647;n=10;h=11;t=1796315162.955579;k=855fdfdc19b0e2c20a3b4d3dcfc60621[2026-12-03 16:26:03] vm:26728:26728 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x008M\x00-g\x002\x00;e=NCCL_DEBUG=WARN\x00NCCL_SOCKET_IFNAME=doesnotexist0\x00;x=3;t0=1796315163.058674;t1=1796315163.09663;u=root;host=vm;pid=26728;ppid=26647;r=20261203T162600-26599-f89c6c2f.26728.1796315163058674.run;rh=e223a2ce1b4ba5f2765d38f02e5d209ccd6bb2599e91c171b92d4a9acce7958b;k=855fdfdc19b0e2c20a3b4d3dcfc60621;s=58ef639f0bff7fe56eabb64fbbf15d36eb9793aa48718e294bc7e310f2a4aeaeb13f44c5dd0db3230afb4a8e7b998bcb0a904e4ad1ea3e331f3e54458f92310a]133;D;0;aid=26647;n=10;h=11;t=1796315163.115805;ps=3,0;k=855fdfdc19b0e2c20a3b4d3dcfc60621]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=26647;k=855fdfdc19b0e2c20a3b4d3dcfc60621[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep 'via P2P'
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20'via\x20P2P';855fdfdc19b0e2c20a3b4d3dcfc60621]133;C;aid=26647;n=11;h=12;t=1796315163.276738;k=855fdfdc19b0e2c20a3b4d3dcfc60621vm:26755:26783 [1] NCCL INFO Channel 00/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:26755:26782 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:26755:26783 [1] NCCL INFO Channel 01/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:26755:26782 [0] NCCL INFO Channel 01/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:26755:26783 [1] NCCL INFO Channel 02/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:26755:26782 [0] NCCL INFO Channel 02/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:26755:26783 [1] NCCL INFO Channel 03/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:26755:26782 [0] NCCL INFO Channel 03/0 : 0[0] -> 1[1] via P2P/direct pointer
]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_DEBUG=INFO\x00;x=0;t0=1796315163.3449907;t1=1796315163.3773763;u=root;host=vm;pid=26755;ppid=26647;r=20261203T162600-26599-f89c6c2f.26755.1796315163344990.run;rh=0d5a64e45bc81dc813e827588fd320727a1cb6c8c711a26e4992fb1d632e654c;k=855fdfdc19b0e2c20a3b4d3dcfc60621;s=2769f751e59b907d55e4c0d9f9f7e953531ac0a207af5f9a52c5acbb47dfc9c3b6ec8ca161d8320092e85d9f121bcb4f5b6679c5a7f4b7b2b6e78f0e61c5240d]133;D;0;aid=26647;n=11;h=12;t=1796315163.396461;ps=0,0;k=855fdfdc19b0e2c20a3b4d3dcfc60621]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=26647;k=855fdfdc19b0e2c20a3b4d3dcfc60621[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=eth0 all_reduce_perf -b 8M -e 128M -f 2 -g 2
[?2004l]633;E;NCCL_SOCKET_IFNAME=eth0\x20all_reduce_perf\x20-b\x208M\x20-e\x20128M\x20-f\x202\x20-g\x202;855fdfdc19b0e2c20a3b4d3dcfc60621]133;C;aid=26647;n=12;h=13;t=1796315163.552937;k=855fdfdc19b0e2c20a3b4d3dcfc60621# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 134217728 step: 2(factor) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  26759 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  26759 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
NCCL version 2.30.7+cuda13.0
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
     8388608       2097152     float     sum      -1   646.87   12.97   12.97       0   639.06   13.13   13.13       0
    16777216       4194304     float     sum      -1  1291.22   12.99   12.99       0  1280.75   13.10   13.10       0
    33554432       8388608     float     sum      -1  2565.47   13.08   13.08       0  2522.02   13.30   13.30       0
    67108864      16777216     float     sum      -1  5060.23   13.26   13.26       0  5063.25   13.25   13.25       0
   134217728      33554432     float     sum      -1  10103.4   13.28   13.28       0  10069.4   13.33   13.33       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.1701 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x00128M\x00-f\x002\x00-g\x002\x00;e=NCCL_DEBUG=WARN\x00NCCL_SOCKET_IFNAME=eth0\x00;x=0;t0=1796315163.657487;t1=1796315163.699107;u=root;host=vm;pid=26759;ppid=26647;r=20261203T162600-26599-f89c6c2f.26759.1796315163657487.run;rh=17ce60193a9f328d9f4a21b266b97e34087a73705ee660c5af12353070490593;k=855fdfdc19b0e2c20a3b4d3dcfc60621;s=4a6ab1b1206c7a20f7b1dc7695dc633a3e6388d28132f9063f60834aa43d0c3cee9ee6a5c0fd81b8c8383d0dd7122161eb747f785efac0c6ff72c7e00177570c]133;D;0;aid=26647;n=12;h=13;t=1796315163.726413;ps=0;k=855fdfdc19b0e2c20a3b4d3dcfc60621]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=26647;k=855fdfdc19b0e2c20a3b4d3dcfc60621[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;855fdfdc19b0e2c20a3b4d3dcfc60621]133;C;aid=26647;n=13;h=14;t=1796315163.758779;k=855fdfdc19b0e2c20a3b4d3dcfc60621exit

Script done on 2026-12-03 16:26:03+00:00 [COMMAND_EXIT_CODE="0"]
