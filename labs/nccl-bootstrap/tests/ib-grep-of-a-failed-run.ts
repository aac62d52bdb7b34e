Script started on 2026-12-01 10:54:13+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/0" COLUMNS="100" LINES="24"]
]133;D;0;aid=6223;n=0;h=1;t=1796122453.131619;ps=1;k=0917f109f5ce8a203773b8c0ecca3bac]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=6223;k=0917f109f5ce8a203773b8c0ecca3bac[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0 NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>& 1 | grep 'NET/IB'
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0\x20NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20'NET/IB';0917f109f5ce8a203773b8c0ecca3bac]133;C;aid=6223;n=1;h=2;t=1796122453.360064;k=0917f109f5ce8a203773b8c0ecca3bac]133;D;1;aid=6223;n=1;h=2;t=1796122453.420517;ps=3,1;k=0917f109f5ce8a203773b8c0ecca3bac]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=6223;k=0917f109f5ce8a203773b8c0ecca3bac[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;0917f109f5ce8a203773b8c0ecca3bac]133;C;aid=6223;n=2;h=3;t=1796122453.431504;k=0917f109f5ce8a203773b8c0ecca3bacexit

Script done on 2026-12-01 10:54:13+00:00 [COMMAND_EXIT_CODE="1"]
