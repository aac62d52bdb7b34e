Script started on 2026-11-29 18:08:28+00:00 [COMMAND="exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/2" COLUMNS="100" LINES="24"]
]133;D;0;aid=2460;n=0;h=1;t=1795975708.239543;ps=0;k=80117d0fbbb6aeae4098ee24e2958c73]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=2460;k=80117d0fbbb6aeae4098ee24e2958c73[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202;80117d0fbbb6aeae4098ee24e2958c73]133;C;aid=2460;n=1;h=2;t=1795975708.441340;k=80117d0fbbb6aeae4098ee24e2958c73# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   2472 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   2472 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation

[2026-11-29 18:08:28] vm:2472:2472 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
vm: Test NCCL failure common.cu:1550 'invalid usage (run with NCCL_DEBUG=WARN for details) / '
 .. vm pid 2472: Test failure common.cu:1454
]133;D;3;aid=2460;n=1;h=2;t=1795975708.684379;ps=3;k=80117d0fbbb6aeae4098ee24e2958c73]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=2460;k=80117d0fbbb6aeae4098ee24e2958c73[?2004hroot@vm:~# 
[?2004l]133;D;3;aid=2460;n=1;h=2;t=1795975708.694360;ps=3;k=80117d0fbbb6aeae4098ee24e2958c73]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=2460;k=80117d0fbbb6aeae4098ee24e2958c73[?2004hroot@vm:~# 
[?2004l]133;D;3;aid=2460;n=1;h=2;t=1795975708.715565;ps=3;k=80117d0fbbb6aeae4098ee24e2958c73]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=2460;k=80117d0fbbb6aeae4098ee24e2958c73[?2004hroot@vm:~# echo $?
[?2004l]633;E;echo\x20$?;80117d0fbbb6aeae4098ee24e2958c73]133;C;aid=2460;n=2;h=3;t=1795975708.735858;k=80117d0fbbb6aeae4098ee24e2958c733
]133;D;0;aid=2460;n=2;h=3;t=1795975708.736455;ps=0;k=80117d0fbbb6aeae4098ee24e2958c73]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=2460;k=80117d0fbbb6aeae4098ee24e2958c73[?2004hroot@vm:~# exit
[?2004l]633;E;exit;80117d0fbbb6aeae4098ee24e2958c73]133;C;aid=2460;n=3;h=4;t=1795975708.750538;k=80117d0fbbb6aeae4098ee24e2958c73exit
exit

Script done on 2026-11-29 18:08:28+00:00 [COMMAND_EXIT_CODE="0"]
