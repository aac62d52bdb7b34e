Script started on 2026-12-03 13:55:46+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/4" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=18795;n=0;h=1;t=1796306146.239674;ps=1;k=7b066e04887d7050c558fb9dfc1546ca]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=18795;k=7b066e04887d7050c558fb9dfc1546ca[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202;7b066e04887d7050c558fb9dfc1546ca]133;C;aid=18795;n=1;h=2;t=1796306146.466401;k=7b066e04887d7050c558fb9dfc1546ca# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  18920 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  18920 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation

[2026-12-03 13:55:47] vm:18920:18920 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
vm: Test NCCL failure common.cu:1550 'invalid usage (run with NCCL_DEBUG=WARN for details) / '
 .. vm pid 18920: Test failure common.cu:1454
]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x008M\x00-g\x002\x00;e=NCCL_DEBUG=WARN\x00NCCL_SOCKET_IFNAME=doesnotexist0\x00;x=3;t0=1796306146.842544;t1=1796306147.1429014;u=root;host=vm;pid=18920;ppid=18795;r=20261203T135545-18722-c93595b1.18920.1796306146842544.run;rh=bc17574700a7190fce24a7c1f66a69cf1fc3aa1813c8089b6732c8345e00bbd0;k=7b066e04887d7050c558fb9dfc1546ca;s=b27c69fe9f4d7c8c15deedcfee70df4e36ef4b552af4c38802daf691355e87674bb83908a73ecfe4d07ca5cbbf0497893c6b56dfff207817d58f80914c342803]133;D;3;aid=18795;n=1;h=2;t=1796306147.290610;ps=3;k=7b066e04887d7050c558fb9dfc1546ca]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=18795;k=7b066e04887d7050c558fb9dfc1546ca[?2004hroot@vm:~# 
[?2004l]133;D;3;aid=18795;n=1;h=2;t=1796306147.298989;ps=3;k=7b066e04887d7050c558fb9dfc1546ca]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=18795;k=7b066e04887d7050c558fb9dfc1546ca[?2004hroot@vm:~# 
[?2004l]133;D;3;aid=18795;n=1;h=2;t=1796306147.321108;ps=3;k=7b066e04887d7050c558fb9dfc1546ca]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=18795;k=7b066e04887d7050c558fb9dfc1546ca[?2004hroot@vm:~# echo $?
[?2004l]633;E;echo\x20$?;7b066e04887d7050c558fb9dfc1546ca]133;C;aid=18795;n=2;h=3;t=1796306147.359678;k=7b066e04887d7050c558fb9dfc1546ca3
]133;D;0;aid=18795;n=2;h=3;t=1796306147.360097;ps=0;k=7b066e04887d7050c558fb9dfc1546ca]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=18795;k=7b066e04887d7050c558fb9dfc1546ca[?2004hroot@vm:~# exit
[?2004l]633;E;exit;7b066e04887d7050c558fb9dfc1546ca]133;C;aid=18795;n=3;h=4;t=1796306147.375691;k=7b066e04887d7050c558fb9dfc1546caexit

Script done on 2026-12-03 13:55:47+00:00 [COMMAND_EXIT_CODE="0"]
