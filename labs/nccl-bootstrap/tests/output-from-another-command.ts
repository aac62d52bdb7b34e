Script started on 2026-11-29 18:08:36+00:00 [COMMAND="exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/0" COLUMNS="100" LINES="24"]
]133;D;0;aid=3138;n=0;h=1;t=1795975716.852024;ps=0;k=527966ba0ae19df8db1b8d8f41de7e4a]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3138;k=527966ba0ae19df8db1b8d8f41de7e4a[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2 > run.log 2>&1
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202\x20>\x20run.log\x202>&1;527966ba0ae19df8db1b8d8f41de7e4a]133;C;aid=3138;n=1;h=2;t=1795975717.115136;k=527966ba0ae19df8db1b8d8f41de7e4a]133;D;3;aid=3138;n=1;h=2;t=1795975717.326839;ps=3;k=527966ba0ae19df8db1b8d8f41de7e4a]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3138;k=527966ba0ae19df8db1b8d8f41de7e4a[?2004hroot@vm:~# cat run.log
[?2004l]633;E;cat\x20run.log;527966ba0ae19df8db1b8d8f41de7e4a]133;C;aid=3138;n=2;h=3;t=1795975717.377804;k=527966ba0ae19df8db1b8d8f41de7e4a# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   3150 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   3150 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation

[2026-11-29 18:08:37] vm:3150:3150 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
vm: Test NCCL failure common.cu:1550 'invalid usage (run with NCCL_DEBUG=WARN for details) / '
 .. vm pid 3150: Test failure common.cu:1454
]133;D;0;aid=3138;n=2;h=3;t=1795975717.384607;ps=0;k=527966ba0ae19df8db1b8d8f41de7e4a]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3138;k=527966ba0ae19df8db1b8d8f41de7e4a[?2004hroot@vm:~# grep 'NCCL WARN' run.log
[?2004l]633;E;grep\x20'NCCL\x20WARN'\x20run.log;527966ba0ae19df8db1b8d8f41de7e4a]133;C;aid=3138;n=3;h=4;t=1795975717.453379;k=527966ba0ae19df8db1b8d8f41de7e4a[2026-11-29 18:08:37] vm:3150:3150 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
]133;D;0;aid=3138;n=3;h=4;t=1795975717.455610;ps=0;k=527966ba0ae19df8db1b8d8f41de7e4a]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3138;k=527966ba0ae19df8db1b8d8f41de7e4a[?2004hroot@vm:~# echo $?
[?2004l]633;E;echo\x20$?;527966ba0ae19df8db1b8d8f41de7e4a]133;C;aid=3138;n=4;h=5;t=1795975717.474543;k=527966ba0ae19df8db1b8d8f41de7e4a0
]133;D;0;aid=3138;n=4;h=5;t=1795975717.475179;ps=0;k=527966ba0ae19df8db1b8d8f41de7e4a]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3138;k=527966ba0ae19df8db1b8d8f41de7e4a[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 > info.log 2>&1
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x20>\x20info.log\x202>&1;527966ba0ae19df8db1b8d8f41de7e4a]133;C;aid=3138;n=5;h=6;t=1795975717.678950;k=527966ba0ae19df8db1b8d8f41de7e4a]133;D;0;aid=3138;n=5;h=6;t=1795975717.955540;ps=0;k=527966ba0ae19df8db1b8d8f41de7e4a]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3138;k=527966ba0ae19df8db1b8d8f41de7e4a[?2004hroot@vm:~# grep 'NET/Socket' info.log
[?2004l]633;E;grep\x20'NET/Socket'\x20info.log;527966ba0ae19df8db1b8d8f41de7e4a]133;C;aid=3138;n=6;h=7;t=1795975718.019134;k=527966ba0ae19df8db1b8d8f41de7e4avm:3203:3223 [0] NCCL INFO NET/Socket : Using [0]eth0:192.0.2.2<0>
]133;D;0;aid=3138;n=6;h=7;t=1795975718.024326;ps=0;k=527966ba0ae19df8db1b8d8f41de7e4a]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3138;k=527966ba0ae19df8db1b8d8f41de7e4a[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;527966ba0ae19df8db1b8d8f41de7e4a]133;C;aid=3138;n=7;h=8;t=1795975718.035841;k=527966ba0ae19df8db1b8d8f41de7e4aexit

Script done on 2026-11-29 18:08:38+00:00 [COMMAND_EXIT_CODE="0"]
