Script started on 2026-12-03 13:55:36+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/4" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=17809;n=0;h=1;t=1796306136.983918;ps=1;k=9d136f20d74728f4981f8a140fd9a628]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=17809;k=9d136f20d74728f4981f8a140fd9a628[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202;9d136f20d74728f4981f8a140fd9a628]133;C;aid=17809;n=1;h=2;t=1796306137.352904;k=9d136f20d74728f4981f8a140fd9a628# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  18045 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  18045 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation

[2026-12-03 13:55:38] vm:18045:18045 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
vm: Test NCCL failure common.cu:1550 'invalid usage (run with NCCL_DEBUG=WARN for details) / '
 .. vm pid 18045: Test failure common.cu:1454
]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x008M\x00-g\x002\x00;e=NCCL_DEBUG=WARN\x00NCCL_SOCKET_IFNAME=doesnotexist0\x00;x=3;t0=1796306138.342697;t1=1796306139.00326;u=root;host=vm;pid=18045;ppid=17809;r=20261203T135536-17546-c3200f83.18045.1796306138342697.run;rh=df6ca00b09caeab44386bfc904b54151d64650af4ab121e362301365138b5b5a;k=9d136f20d74728f4981f8a140fd9a628;s=ea8fa6a6c7cc0606f602b873d42fa02591d49d3b88538d41a7252e6cefbd27c3011450f5dd1dd0708100687323e83522fd857cc56307ecf782a2f7df7c9c7a0b]133;D;3;aid=17809;n=1;h=2;t=1796306139.387576;ps=3;k=9d136f20d74728f4981f8a140fd9a628]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=17809;k=9d136f20d74728f4981f8a140fd9a628[?2004hroot@vm:~# nvidia-smi topo^C[?2004l[?2004h[?2004l
]133;D;130;aid=17809;n=1;h=2;t=1796306139.628795;ps=130;k=9d136f20d74728f4981f8a140fd9a628]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=17809;k=9d136f20d74728f4981f8a140fd9a628[?2004hroot@vm:~# echo $?
[?2004l]633;E;echo\x20$?;9d136f20d74728f4981f8a140fd9a628]133;C;aid=17809;n=2;h=3;t=1796306139.722686;k=9d136f20d74728f4981f8a140fd9a628130
]133;D;0;aid=17809;n=2;h=3;t=1796306139.723655;ps=0;k=9d136f20d74728f4981f8a140fd9a628]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=17809;k=9d136f20d74728f4981f8a140fd9a628[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;9d136f20d74728f4981f8a140fd9a628]133;C;aid=17809;n=3;h=4;t=1796306139.784261;k=9d136f20d74728f4981f8a140fd9a628exit

Script done on 2026-12-03 13:55:39+00:00 [COMMAND_EXIT_CODE="0"]
