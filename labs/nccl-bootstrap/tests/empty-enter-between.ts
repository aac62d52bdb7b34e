Script started on 2026-12-03 16:26:08+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/0" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=27069;n=0;h=1;t=1796315168.991904;ps=1;k=06dafd83f9524d688f7a5a137f9a19d2]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=27069;k=06dafd83f9524d688f7a5a137f9a19d2[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202;06dafd83f9524d688f7a5a137f9a19d2]133;C;aid=27069;n=1;h=2;t=1796315169.166131;k=06dafd83f9524d688f7a5a137f9a19d2# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  27080 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  27080 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation

[2026-12-03 16:26:09] vm:27080:27080 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
vm: Test NCCL failure common.cu:1550 'invalid usage (run with NCCL_DEBUG=WARN for details) / '
 .. vm pid 27080: Test failure common.cu:1454
]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x008M\x00-g\x002\x00;e=NCCL_DEBUG=WARN\x00NCCL_SOCKET_IFNAME=doesnotexist0\x00;x=3;t0=1796315169.2389603;t1=1796315169.3055754;u=root;host=vm;pid=27080;ppid=27069;r=20261203T162608-27021-5af129cd.27080.1796315169238960.run;rh=fb9b6eff3876c6013f8f4b2ff3ef2a52db6fd86e890adba94f07e54db331c66e;k=06dafd83f9524d688f7a5a137f9a19d2;s=9a9e4a60e9eecb49fa1f688669a23a1ca6c00cdcf7a9062dd1e6a6b2e4c1834afe8661ae19f56a3b1fe890b76f5758a1d939ebb89f36e71ede07a1f3d035520c]133;D;3;aid=27069;n=1;h=2;t=1796315169.324603;ps=3;k=06dafd83f9524d688f7a5a137f9a19d2]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=27069;k=06dafd83f9524d688f7a5a137f9a19d2[?2004hroot@vm:~# 
[?2004l]133;D;3;aid=27069;n=1;h=2;t=1796315169.325477;ps=3;k=06dafd83f9524d688f7a5a137f9a19d2]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=27069;k=06dafd83f9524d688f7a5a137f9a19d2[?2004hroot@vm:~# 
[?2004l]133;D;3;aid=27069;n=1;h=2;t=1796315169.325972;ps=3;k=06dafd83f9524d688f7a5a137f9a19d2]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=27069;k=06dafd83f9524d688f7a5a137f9a19d2[?2004hroot@vm:~# echo $?
[?2004l]633;E;echo\x20$?;06dafd83f9524d688f7a5a137f9a19d2]133;C;aid=27069;n=2;h=3;t=1796315169.363850;k=06dafd83f9524d688f7a5a137f9a19d23
]133;D;0;aid=27069;n=2;h=3;t=1796315169.364494;ps=0;k=06dafd83f9524d688f7a5a137f9a19d2]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=27069;k=06dafd83f9524d688f7a5a137f9a19d2[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;06dafd83f9524d688f7a5a137f9a19d2]133;C;aid=27069;n=3;h=4;t=1796315169.376764;k=06dafd83f9524d688f7a5a137f9a19d2exit

Script done on 2026-12-03 16:26:09+00:00 [COMMAND_EXIT_CODE="0"]
