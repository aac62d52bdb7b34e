Script started on 2026-12-03 16:26:05+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/0" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=26851;n=0;h=1;t=1796315165.060294;ps=1;k=dfc46dcae4a503825a7ce18b31ade525]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=26851;k=dfc46dcae4a503825a7ce18b31ade525[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202;dfc46dcae4a503825a7ce18b31ade525]133;C;aid=26851;n=1;h=2;t=1796315165.224788;k=dfc46dcae4a503825a7ce18b31ade525# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  26863 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  26863 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation

[2026-12-03 16:26:05] vm:26863:26863 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
vm: Test NCCL failure common.cu:1550 'invalid usage (run with NCCL_DEBUG=WARN for details) / '
 .. vm pid 26863: Test failure common.cu:1454
]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x008M\x00-g\x002\x00;e=NCCL_DEBUG=WARN\x00NCCL_SOCKET_IFNAME=doesnotexist0\x00;x=3;t0=1796315165.3191025;t1=1796315165.385001;u=root;host=vm;pid=26863;ppid=26851;r=20261203T162605-26803-4637c0e7.26863.1796315165319102.run;rh=035dafe187fa0a994f823871b19e3b221593d7ef50f85bd647d2b5fa146443bd;k=dfc46dcae4a503825a7ce18b31ade525;s=c22af9c785abe8cccf37ae34c3ce6c62cc971c704afe0abf90febcb48205b40e1df890c20657a4682c670370cff9a64603c78a9238a630128c65ff6849922403]133;D;3;aid=26851;n=1;h=2;t=1796315165.406166;ps=3;k=dfc46dcae4a503825a7ce18b31ade525]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=26851;k=dfc46dcae4a503825a7ce18b31ade525[?2004hroot@vm:~# nvidia-smi topo^C[?2004l[?2004h[?2004l
]133;D;130;aid=26851;n=1;h=2;t=1796315165.459821;ps=130;k=dfc46dcae4a503825a7ce18b31ade525]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=26851;k=dfc46dcae4a503825a7ce18b31ade525[?2004hroot@vm:~# echo $?
[?2004l]633;E;echo\x20$?;dfc46dcae4a503825a7ce18b31ade525]133;C;aid=26851;n=2;h=3;t=1796315165.477739;k=dfc46dcae4a503825a7ce18b31ade525130
]133;D;0;aid=26851;n=2;h=3;t=1796315165.478469;ps=0;k=dfc46dcae4a503825a7ce18b31ade525]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=26851;k=dfc46dcae4a503825a7ce18b31ade525[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;dfc46dcae4a503825a7ce18b31ade525]133;C;aid=26851;n=3;h=4;t=1796315165.489537;k=dfc46dcae4a503825a7ce18b31ade525exit

Script done on 2026-12-03 16:26:05+00:00 [COMMAND_EXIT_CODE="0"]
