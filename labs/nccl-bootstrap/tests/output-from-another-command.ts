Script started on 2026-12-03 16:26:28+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/0" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=28137;n=0;h=1;t=1796315188.978640;ps=1;k=3b7d09511017f89371c1ca7657712264]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=28137;k=3b7d09511017f89371c1ca7657712264[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2 > run.log 2>&1
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202\x20>\x20run.log\x202>&1;3b7d09511017f89371c1ca7657712264]133;C;aid=28137;n=1;h=2;t=1796315189.153769;k=3b7d09511017f89371c1ca7657712264]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x008M\x00-g\x002\x00;e=NCCL_DEBUG=WARN\x00NCCL_SOCKET_IFNAME=doesnotexist0\x00;x=3;t0=1796315189.263208;t1=1796315189.333889;u=root;host=vm;pid=28148;ppid=28137;r=20261203T162628-28089-4aa5c763.28148.1796315189263208.run;rh=22a4ea7bc9da1a7bbfbd281a5b6766074a74593fa4c0e60c6376d850cde83038;k=3b7d09511017f89371c1ca7657712264;s=941c5be308c7d6f38443d30f7940f14a266a3c61fb05558796273fa0e9ce7881f1951f491c5d48b802893321af60447310e1b5c2eec4f5448457adf751680809]133;D;3;aid=28137;n=1;h=2;t=1796315189.364822;ps=3;k=3b7d09511017f89371c1ca7657712264]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=28137;k=3b7d09511017f89371c1ca7657712264[?2004hroot@vm:~# cat run.log
[?2004l]633;E;cat\x20run.log;3b7d09511017f89371c1ca7657712264]133;C;aid=28137;n=2;h=3;t=1796315189.412173;k=3b7d09511017f89371c1ca7657712264# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  28148 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  28148 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation

[2026-12-03 16:26:29] vm:28148:28148 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
vm: Test NCCL failure common.cu:1550 'invalid usage (run with NCCL_DEBUG=WARN for details) / '
 .. vm pid 28148: Test failure common.cu:1454
]133;D;0;aid=28137;n=2;h=3;t=1796315189.414706;ps=0;k=3b7d09511017f89371c1ca7657712264]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=28137;k=3b7d09511017f89371c1ca7657712264[?2004hroot@vm:~# grep 'NCCL WARN' run.log
[?2004l]633;E;grep\x20'NCCL\x20WARN'\x20run.log;3b7d09511017f89371c1ca7657712264]133;C;aid=28137;n=3;h=4;t=1796315189.469727;k=3b7d09511017f89371c1ca7657712264[2026-12-03 16:26:29] vm:28148:28148 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
]133;D;0;aid=28137;n=3;h=4;t=1796315189.472645;ps=0;k=3b7d09511017f89371c1ca7657712264]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=28137;k=3b7d09511017f89371c1ca7657712264[?2004hroot@vm:~# echo $?
[?2004l]633;E;echo\x20$?;3b7d09511017f89371c1ca7657712264]133;C;aid=28137;n=4;h=5;t=1796315189.491106;k=3b7d09511017f89371c1ca76577122640
]133;D;0;aid=28137;n=4;h=5;t=1796315189.491871;ps=0;k=3b7d09511017f89371c1ca7657712264]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=28137;k=3b7d09511017f89371c1ca7657712264[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 > info.log 2>&1
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x20>\x20info.log\x202>&1;3b7d09511017f89371c1ca7657712264]133;C;aid=28137;n=5;h=6;t=1796315189.644013;k=3b7d09511017f89371c1ca7657712264]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_DEBUG=INFO\x00;x=0;t0=1796315189.7563221;t1=1796315189.805696;u=root;host=vm;pid=28160;ppid=28137;r=20261203T162628-28089-4aa5c763.28160.1796315189756322.run;rh=b4f8a1b60fdbf35b9b5539e39b58f57e601dfe7abe44e6406f793adf1efd8a53;k=3b7d09511017f89371c1ca7657712264;s=a5fbb2680e41d54d7d9deb7d40ed0b7897aafed5cc3cddcfe89c958a6379ce77d27217938e1d6e6bd1abfbae4534d34ea84ad1e8617e3d8cf10ac36080c5960d]133;D;0;aid=28137;n=5;h=6;t=1796315189.839380;ps=0;k=3b7d09511017f89371c1ca7657712264]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=28137;k=3b7d09511017f89371c1ca7657712264[?2004hroot@vm:~# grep 'NET/Socket' info.log
[?2004l]633;E;grep\x20'NET/Socket'\x20info.log;3b7d09511017f89371c1ca7657712264]133;C;aid=28137;n=6;h=7;t=1796315189.899089;k=3b7d09511017f89371c1ca7657712264vm:28160:28180 [0] NCCL INFO NET/Socket : Using [0]eth0:192.0.2.2<0>
]133;D;0;aid=28137;n=6;h=7;t=1796315189.901918;ps=0;k=3b7d09511017f89371c1ca7657712264]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=28137;k=3b7d09511017f89371c1ca7657712264[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;3b7d09511017f89371c1ca7657712264]133;C;aid=28137;n=7;h=8;t=1796315189.913650;k=3b7d09511017f89371c1ca7657712264exit

Script done on 2026-12-03 16:26:29+00:00 [COMMAND_EXIT_CODE="0"]
