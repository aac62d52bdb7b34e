Script started on 2026-12-03 13:53:32+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/1" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=5704;n=0;h=1;t=1796306012.476123;ps=1;k=cac5a5c6ee69609a8d4d5544b05d6989]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=5704;k=cac5a5c6ee69609a8d4d5544b05d6989[?2004hroot@vm:~# all_reduce_perf -b 128M -e 128M -g 2
[?2004l]633;E;all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202;cac5a5c6ee69609a8d4d5544b05d6989]133;C;aid=5704;n=1;h=2;t=1796306012.627355;k=cac5a5c6ee69609a8d4d5544b05d6989# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   5860 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   5860 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  10164.6   13.20   13.20       0  10031.1   13.38   13.38       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.2924 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=;x=0;t0=1796306013.1092088;t1=1796306013.4392157;u=root;host=vm;pid=5860;ppid=5704;r=20261203T135331-5644-e9dea50d.5860.1796306013109208.run;rh=122ec922058d7472ecfa5fd87d949e08e6c996be8ffdbcce77c3154455f87738;k=cac5a5c6ee69609a8d4d5544b05d6989;s=37acc1d58c45304a0c50bbced876a8d803f687d9a4ff30c7e834d98e97849b24cdb0a56e5e427e258a42cb46ec338e60dbbbc8a0f4c24b519dbb28b1f9c34b07]133;D;0;aid=5704;n=1;h=2;t=1796306013.619936;ps=0;k=cac5a5c6ee69609a8d4d5544b05d6989]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=5704;k=cac5a5c6ee69609a8d4d5544b05d6989[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1 all_reduce_perf -b 128M -e 128M -g 2
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_SHM_DISABLE=1\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202;cac5a5c6ee69609a8d4d5544b05d6989]133;C;aid=5704;n=2;h=3;t=1796306013.980185;k=cac5a5c6ee69609a8d4d5544b05d6989# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   6103 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   6103 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  58685.9    2.29    2.29       0  58547.9    2.29    2.29       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 2.28975 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_P2P_DISABLE=1\x00NCCL_SHM_DISABLE=1\x00;x=0;t0=1796306014.548341;t1=1796306014.8832018;u=root;host=vm;pid=6103;ppid=5704;r=20261203T135331-5644-e9dea50d.6103.1796306014548341.run;rh=f7ae1f5ba45fa177c4b70574ab420a538c79b418adb63c08579f3251881dd974;k=cac5a5c6ee69609a8d4d5544b05d6989;s=80a2904d79e9b43f28e41ecd86fa0aef8588d212a29214a1b73e04ebd574d83ea4d2b62542b9645c745a87ed432186fb4ca666fd6f9d8d9a0dcc55bfaa577109]133;D;0;aid=5704;n=2;h=3;t=1796306015.116207;ps=0;k=cac5a5c6ee69609a8d4d5544b05d6989]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=5704;k=cac5a5c6ee69609a8d4d5544b05d6989[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1 all_reduce_perf -b 128M -e 128M -g 2 | grep 'Avg bu s bandwidth'
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_SHM_DISABLE=1\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x20|\x20grep\x20'Avg\x20bus\x20bandwidth';cac5a5c6ee69609a8d4d5544b05d6989]133;C;aid=5704;n=3;h=4;t=1796306015.531600;k=cac5a5c6ee69609a8d4d5544b05d6989# Avg bus bandwidth    : 2.29705 
]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_P2P_DISABLE=1\x00NCCL_SHM_DISABLE=1\x00;x=0;t0=1796306016.116047;t1=1796306016.3971412;u=root;host=vm;pid=6180;ppid=5704;r=20261203T135331-5644-e9dea50d.6180.1796306016116047.run;rh=dd7177821f1b2bbb88a23ee5126a337ce4fa22cef640a8ff6d03db9f355ff0d0;k=cac5a5c6ee69609a8d4d5544b05d6989;s=3e45311b10fde3377a07fad658c70dc11a114912014ab100539d986b12ea06bf7797232d7d4f616afac9061aa765a9d5ac8e4da969748ee5e4472f1b8e66310f]133;D;0;aid=5704;n=3;h=4;t=1796306016.599162;ps=0,0;k=cac5a5c6ee69609a8d4d5544b05d6989]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=5704;k=cac5a5c6ee69609a8d4d5544b05d6989[?2004hroot@vm:~# NCCL_SHM_DISABLE=1 all_reduce_perf -b 128M -e 128M -g 2 | grep 'Avg bus bandwidth'
[?2004l]633;E;NCCL_SHM_DISABLE=1\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x20|\x20grep\x20'Avg\x20bus\x20bandwidth';cac5a5c6ee69609a8d4d5544b05d6989]133;C;aid=5704;n=4;h=5;t=1796306016.924305;k=cac5a5c6ee69609a8d4d5544b05d6989# Avg bus bandwidth    : 13.1131 
]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_SHM_DISABLE=1\x00;x=0;t0=1796306017.4525816;t1=1796306017.7788095;u=root;host=vm;pid=6287;ppid=5704;r=20261203T135331-5644-e9dea50d.6287.1796306017452581.run;rh=ed730da9dcf934afc5f5acd2996109e34f1f958006967204192425349edbf59f;k=cac5a5c6ee69609a8d4d5544b05d6989;s=2461d22630d8d3881761f5d7744c4c95c0d32c6b59ef9374f526947fcae743fe31819a3919280c70315fa64efd0c7d610753c155ae7caf237de3d8a74e878b0d]133;D;0;aid=5704;n=4;h=5;t=1796306018.006539;ps=0,0;k=cac5a5c6ee69609a8d4d5544b05d6989]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=5704;k=cac5a5c6ee69609a8d4d5544b05d6989[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;cac5a5c6ee69609a8d4d5544b05d6989]133;C;aid=5704;n=5;h=6;t=1796306018.051600;k=cac5a5c6ee69609a8d4d5544b05d6989exit

Script done on 2026-12-03 13:53:38+00:00 [COMMAND_EXIT_CODE="0"]
