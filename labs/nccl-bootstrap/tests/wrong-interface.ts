Script started on 2026-12-03 13:57:29+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/0" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=28540;n=0;h=1;t=1796306250.073588;ps=1;k=c09ee60c67eba8890e33893c9540ba71]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=28540;k=c09ee60c67eba8890e33893c9540ba71[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=eth1 all_reduce_perf -b 8M -e 8M -g 2
[?2004l]633;E;NCCL_SOCKET_IFNAME=eth1\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202;c09ee60c67eba8890e33893c9540ba71]133;C;aid=28540;n=1;h=2;t=1796306250.267280;k=c09ee60c67eba8890e33893c9540ba71# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  28571 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  28571 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation

[2026-12-03 13:57:30] vm:28571:28571 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
vm: Test NCCL failure common.cu:1550 'invalid usage (run with NCCL_DEBUG=WARN for details) / '
 .. vm pid 28571: Test failure common.cu:1454
]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x008M\x00-g\x002\x00;e=NCCL_DEBUG=WARN\x00NCCL_SOCKET_IFNAME=eth1\x00;x=3;t0=1796306250.6652284;t1=1796306250.8512862;u=root;host=vm;pid=28571;ppid=28540;r=20261203T135729-28461-00ef9145.28571.1796306250665228.run;rh=8599bb5a5cf342649af318df696fa8b9dc852b9e0c64dba7da13a6fc9eabc3ab;k=c09ee60c67eba8890e33893c9540ba71;s=69e09d275377617972e90c4afdc563bcda344697d27125f3ff12f350f4c42376b5a93c6723566d2189258fff2da5c20f061490330b9cb5f035dcb82f7b3eb008]133;D;3;aid=28540;n=1;h=2;t=1796306250.939221;ps=3;k=c09ee60c67eba8890e33893c9540ba71]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=28540;k=c09ee60c67eba8890e33893c9540ba71[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep 'NET/Socket'
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20'NET/Socket';c09ee60c67eba8890e33893c9540ba71]133;C;aid=28540;n=2;h=3;t=1796306251.131232;k=c09ee60c67eba8890e33893c9540ba71vm:28608:28628 [0] NCCL INFO NET/Socket : Using [0]eth0:192.0.2.2<0>
]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_DEBUG=INFO\x00;x=0;t0=1796306251.507555;t1=1796306251.6150744;u=root;host=vm;pid=28608;ppid=28540;r=20261203T135729-28461-00ef9145.28608.1796306251507555.run;rh=84ae73702b455bc03ccf9c91d3c8e36ef87d2d53969708a6900d90c13b6d0ecc;k=c09ee60c67eba8890e33893c9540ba71;s=61fe2f4c4231a48a51e6f9bf9952970a136863e006b38d8b1d7e4072e765e43a9119d0a337274668d166de6cdc0713079720d2f6608b4f5dcfb782121541ec0f]133;D;0;aid=28540;n=2;h=3;t=1796306251.664383;ps=0,0;k=c09ee60c67eba8890e33893c9540ba71]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=28540;k=c09ee60c67eba8890e33893c9540ba71[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=eth1 all_reduce_perf -b 8M -e 8M -g 2
[?2004l]633;E;NCCL_SOCKET_IFNAME=eth1\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202;c09ee60c67eba8890e33893c9540ba71]133;C;aid=28540;n=3;h=4;t=1796306251.823318;k=c09ee60c67eba8890e33893c9540ba71# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  28613 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  28613 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation

[2026-12-03 13:57:32] vm:28613:28613 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
vm: Test NCCL failure common.cu:1550 'invalid usage (run with NCCL_DEBUG=WARN for details) / '
 .. vm pid 28613: Test failure common.cu:1454
]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x008M\x00-g\x002\x00;e=NCCL_DEBUG=WARN\x00NCCL_SOCKET_IFNAME=eth1\x00;x=3;t0=1796306252.0505369;t1=1796306252.1679761;u=root;host=vm;pid=28613;ppid=28540;r=20261203T135729-28461-00ef9145.28613.1796306252050536.run;rh=9208cae768d6ab104fb5337591e09f9e346990aa2a50be1e8b4ec39624aa0945;k=c09ee60c67eba8890e33893c9540ba71;s=0b32d34f33b9b9209c270759920d33491933c05486eab3bc7daff80cddbdd981171009b110bff320dd818e3d41ef8bb0d1a865efaaf3988db82910eba8574204]133;D;3;aid=28540;n=3;h=4;t=1796306252.255119;ps=3;k=c09ee60c67eba8890e33893c9540ba71]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=28540;k=c09ee60c67eba8890e33893c9540ba71[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=lo all_reduce_perf -b 8M -e 8M -g 2
[?2004l]633;E;NCCL_SOCKET_IFNAME=lo\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202;c09ee60c67eba8890e33893c9540ba71]133;C;aid=28540;n=4;h=5;t=1796306252.398799;k=c09ee60c67eba8890e33893c9540ba71# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  28628 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  28628 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
NCCL version 2.30.7+cuda13.0
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
     8388608       2097152     float     sum      -1   638.86   13.13   13.13       0   647.63   12.95   12.95       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.0417 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x008M\x00-g\x002\x00;e=NCCL_DEBUG=WARN\x00NCCL_SOCKET_IFNAME=lo\x00;x=0;t0=1796306252.7382078;t1=1796306252.9309742;u=root;host=vm;pid=28628;ppid=28540;r=20261203T135729-28461-00ef9145.28628.1796306252738207.run;rh=e2827913845fb8af92b011de8b91ec4aaa1c58e15038640ccd8d68c2f9b669ea;k=c09ee60c67eba8890e33893c9540ba71;s=6d85debf80ba03c1bc380341148438a82f97aa3d7627dfc2c4b05604cc0ef89dd6beff343e94b0d11215cdc0c1a442f87ed91948c8783591deb759feff94a605]133;D;0;aid=28540;n=4;h=5;t=1796306253.027132;ps=0;k=c09ee60c67eba8890e33893c9540ba71]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=28540;k=c09ee60c67eba8890e33893c9540ba71[?2004hroot@vm:~# exit
[?2004l]633;E;exit;c09ee60c67eba8890e33893c9540ba71]133;C;aid=28540;n=5;h=6;t=1796306253.052029;k=c09ee60c67eba8890e33893c9540ba71exit

Script done on 2026-12-03 13:57:33+00:00 [COMMAND_EXIT_CODE="0"]
