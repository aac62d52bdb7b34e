Script started on 2026-12-03 13:56:35+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/7" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=23811;n=0;h=1;t=1796306195.745419;ps=1;k=67b6a526509b2ee5e6a2ede800a0ec4b]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=23811;k=67b6a526509b2ee5e6a2ede800a0ec4b[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2 > run.log 2>&1
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202\x20>\x20run.log\x202>&1;67b6a526509b2ee5e6a2ede800a0ec4b]133;C;aid=23811;n=1;h=2;t=1796306196.691488;k=67b6a526509b2ee5e6a2ede800a0ec4b]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x008M\x00-g\x002\x00;e=NCCL_DEBUG=WARN\x00NCCL_SOCKET_IFNAME=doesnotexist0\x00;x=3;t0=1796306197.4203606;t1=1796306197.8357403;u=root;host=vm;pid=23980;ppid=23811;r=20261203T135635-23729-a36318ef.23980.1796306197420360.run;rh=d0adcb44b2bbb6ca64bc0ca1085bb7373f0b7267722759074010f2ccf6860151;k=67b6a526509b2ee5e6a2ede800a0ec4b;s=23b5d65ca081c19ca35c965953d6ff4a8fbd9377b48d2f094595165e8ae72b153d8c8fee31cefc6805f5e4217324e9a03ca4628163e31d3fc9decfa4ee60ae0f]133;D;3;aid=23811;n=1;h=2;t=1796306198.083010;ps=3;k=67b6a526509b2ee5e6a2ede800a0ec4b]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=23811;k=67b6a526509b2ee5e6a2ede800a0ec4b[?2004hroot@vm:~# cat run.log
[?2004l]633;E;cat\x20run.log;67b6a526509b2ee5e6a2ede800a0ec4b]133;C;aid=23811;n=2;h=3;t=1796306198.215487;k=67b6a526509b2ee5e6a2ede800a0ec4b# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  23980 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  23980 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation

[2026-12-03 13:56:37] vm:23980:23980 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
vm: Test NCCL failure common.cu:1550 'invalid usage (run with NCCL_DEBUG=WARN for details) / '
 .. vm pid 23980: Test failure common.cu:1454
]133;D;0;aid=23811;n=2;h=3;t=1796306198.231147;ps=0;k=67b6a526509b2ee5e6a2ede800a0ec4b]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=23811;k=67b6a526509b2ee5e6a2ede800a0ec4b[?2004hroot@vm:~# grep 'NCCL WARN' run.log
[?2004l]633;E;grep\x20'NCCL\x20WARN'\x20run.log;67b6a526509b2ee5e6a2ede800a0ec4b]133;C;aid=23811;n=3;h=4;t=1796306198.484667;k=67b6a526509b2ee5e6a2ede800a0ec4b[2026-12-03 13:56:37] vm:23980:23980 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
]133;D;0;aid=23811;n=3;h=4;t=1796306198.499165;ps=0;k=67b6a526509b2ee5e6a2ede800a0ec4b]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=23811;k=67b6a526509b2ee5e6a2ede800a0ec4b[?2004hroot@vm:~# echo $?
[?2004l]633;E;echo\x20$?;67b6a526509b2ee5e6a2ede800a0ec4b]133;C;aid=23811;n=4;h=5;t=1796306198.649459;k=67b6a526509b2ee5e6a2ede800a0ec4b0
]133;D;0;aid=23811;n=4;h=5;t=1796306198.650123;ps=0;k=67b6a526509b2ee5e6a2ede800a0ec4b]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=23811;k=67b6a526509b2ee5e6a2ede800a0ec4b[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 > info.log 2>&1
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x20>\x20info.log\x202>&1;67b6a526509b2ee5e6a2ede800a0ec4b]133;C;aid=23811;n=5;h=6;t=1796306199.395493;k=67b6a526509b2ee5e6a2ede800a0ec4b]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_DEBUG=INFO\x00;x=0;t0=1796306200.0636652;t1=1796306200.3816729;u=root;host=vm;pid=24318;ppid=23811;r=20261203T135635-23729-a36318ef.24318.1796306200063665.run;rh=093df4c64b5021d15114d0c09a75a784c4657570e20fd593ef03378fb61532e2;k=67b6a526509b2ee5e6a2ede800a0ec4b;s=14766f7640e6649bc09c566bd38f75ef918d5aed21a39e3ab9293b0ea9392a01fb881b90830b6a09cdba88c0cf9f6fc08830b4c74e90236d16769e69bd99fa0a]133;D;0;aid=23811;n=5;h=6;t=1796306200.616479;ps=0;k=67b6a526509b2ee5e6a2ede800a0ec4b]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=23811;k=67b6a526509b2ee5e6a2ede800a0ec4b[?2004hroot@vm:~# grep 'NET/Socket' info.log
[?2004l]633;E;grep\x20'NET/Socket'\x20info.log;67b6a526509b2ee5e6a2ede800a0ec4b]133;C;aid=23811;n=6;h=7;t=1796306200.856043;k=67b6a526509b2ee5e6a2ede800a0ec4bvm:24318:24338 [0] NCCL INFO NET/Socket : Using [0]eth0:192.0.2.2<0>
]133;D;0;aid=23811;n=6;h=7;t=1796306200.879124;ps=0;k=67b6a526509b2ee5e6a2ede800a0ec4b]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=23811;k=67b6a526509b2ee5e6a2ede800a0ec4b[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;67b6a526509b2ee5e6a2ede800a0ec4b]133;C;aid=23811;n=7;h=8;t=1796306200.941187;k=67b6a526509b2ee5e6a2ede800a0ec4bexit

Script done on 2026-12-03 13:56:40+00:00 [COMMAND_EXIT_CODE="0"]
