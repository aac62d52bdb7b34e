Script started on 2026-12-03 19:23:56+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/0" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=3702;n=0;h=1;t=1796325836.696998;ps=1;k=9442d7941628410d7058ee2014f0c1b9]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3702;k=9442d7941628410d7058ee2014f0c1b9[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202;9442d7941628410d7058ee2014f0c1b9]133;C;aid=3702;n=1;h=2;t=1796325836.837653;k=9442d7941628410d7058ee2014f0c1b9# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   3713 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   3713 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation

[2026-12-03 19:23:56] vm:3713:3713 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
vm: Test NCCL failure common.cu:1550 'invalid usage (run with NCCL_DEBUG=WARN for details) / '
 .. vm pid 3713: Test failure common.cu:1454
]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x008M\x00-g\x002\x00;e=NCCL_DEBUG=WARN\x00NCCL_SOCKET_IFNAME=doesnotexist0\x00;x=3;t0=1796325836.9095592;t1=1796325836.9524803;u=root;host=vm;pid=3713;ppid=3702;r=20261203T192356-3654-28ef40c6.3713.1796325836909559.run;rh=e317d429d34d4535df1e49275de2eadffa466b87a65335ed4a921e966db162ee;k=9442d7941628410d7058ee2014f0c1b9;s=6875439b7c3501debde3ac13316e0a6e1694316ad4a606b320f72d4e671652c88f87ccf3f3d12eb85e57dc2ba11bedfd912f8e465a3c98b91c447b6212f1ad04]133;D;3;aid=3702;n=1;h=2;t=1796325836.971778;ps=3;k=9442d7941628410d7058ee2014f0c1b9]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3702;k=9442d7941628410d7058ee2014f0c1b9[?2004hroot@vm:~# echo $? > /dev/null; echo 3
[?2004l]633;E;echo\x20$?\x20>\x20/dev/null\x3b\x20echo\x203;9442d7941628410d7058ee2014f0c1b9]133;C;aid=3702;n=2;h=3;t=1796325837.030404;k=9442d7941628410d7058ee2014f0c1b93
]133;D;0;aid=3702;n=2;h=3;t=1796325837.030939;ps=0;k=9442d7941628410d7058ee2014f0c1b9]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3702;k=9442d7941628410d7058ee2014f0c1b9[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;9442d7941628410d7058ee2014f0c1b9]133;C;aid=3702;n=3;h=4;t=1796325837.041330;k=9442d7941628410d7058ee2014f0c1b9exit

Script done on 2026-12-03 19:23:57+00:00 [COMMAND_EXIT_CODE="0"]
