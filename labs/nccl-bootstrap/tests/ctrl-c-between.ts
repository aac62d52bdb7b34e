Script started on 2026-11-29 18:08:25+00:00 [COMMAND="exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/2" COLUMNS="100" LINES="24"]
]133;D;0;aid=2235;n=0;h=1;t=1795975705.806780;ps=0;k=043013422d7085cb152358463fabb2bb]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=2235;k=043013422d7085cb152358463fabb2bb[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202;043013422d7085cb152358463fabb2bb]133;C;aid=2235;n=1;h=2;t=1795975705.984340;k=043013422d7085cb152358463fabb2bb# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   2271 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   2271 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation

[2026-11-29 18:08:26] vm:2271:2271 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
vm: Test NCCL failure common.cu:1550 'invalid usage (run with NCCL_DEBUG=WARN for details) / '
 .. vm pid 2271: Test failure common.cu:1454
]133;D;3;aid=2235;n=1;h=2;t=1795975706.352785;ps=3;k=043013422d7085cb152358463fabb2bb]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=2235;k=043013422d7085cb152358463fabb2bb[?2004hroot@vm:~# nvidia-smi topo^C[?2004l[?2004h[?2004l
]133;D;130;aid=2235;n=1;h=2;t=1795975706.424157;ps=130;k=043013422d7085cb152358463fabb2bb]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=2235;k=043013422d7085cb152358463fabb2bb[?2004hroot@vm:~# echo $?
[?2004l]633;E;echo\x20$?;043013422d7085cb152358463fabb2bb]133;C;aid=2235;n=2;h=3;t=1795975706.475157;k=043013422d7085cb152358463fabb2bb130
]133;D;0;aid=2235;n=2;h=3;t=1795975706.475659;ps=0;k=043013422d7085cb152358463fabb2bb]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=2235;k=043013422d7085cb152358463fabb2bb[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;043013422d7085cb152358463fabb2bb]133;C;aid=2235;n=3;h=4;t=1795975706.515933;k=043013422d7085cb152358463fabb2bbexit

Script done on 2026-11-29 18:08:26+00:00 [COMMAND_EXIT_CODE="0"]
