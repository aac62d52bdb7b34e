Script started on 2026-12-03 16:27:12+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/0" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=30776;n=0;h=1;t=1796315232.536709;ps=1;k=8dcbbae9979b664a5d83df7c0982d5e3]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=30776;k=8dcbbae9979b664a5d83df7c0982d5e3[?2004hroot@vm:~# all_reduce_perf -b 128M -e 128M -g 2
[?2004l]633;E;all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202;8dcbbae9979b664a5d83df7c0982d5e3]133;C;aid=30776;n=1;h=2;t=1796315232.636986;k=8dcbbae9979b664a5d83df7c0982d5e3# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  30858 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  30858 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  10100.5   13.29   13.29       0  10153.6   13.22   13.22       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.2535 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=;x=0;t0=1796315232.7110932;t1=1796315232.7611108;u=root;host=vm;pid=30858;ppid=30776;r=20261203T162712-30682-59cf757d.30858.1796315232711093.run;rh=5fe11915b0d5e09d1479f1d638c782e5ebf2ffeb736325a13a34095d6e717433;k=8dcbbae9979b664a5d83df7c0982d5e3;s=10e231706024fb3f0d41723c36a94248b833247908350c4910189538bfc382d8958daf5998936eafa2429ff2103fc8cb136fe11877c9ac207c33f0c0745baf0c]133;D;0;aid=30776;n=1;h=2;t=1796315232.780593;ps=0;k=8dcbbae9979b664a5d83df7c0982d5e3]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=30776;k=8dcbbae9979b664a5d83df7c0982d5e3[?2004hroot@vm:~# NCCL_SHM_DISABLE=1 NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep via
[?2004l]633;E;NCCL_SHM_DISABLE=1\x20NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20via;8dcbbae9979b664a5d83df7c0982d5e3]133;C;aid=30776;n=2;h=3;t=1796315232.985199;k=8dcbbae9979b664a5d83df7c0982d5e3vm:30998:31026 [1] NCCL INFO Channel 00/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:30998:31025 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:30998:31026 [1] NCCL INFO Channel 01/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:30998:31025 [0] NCCL INFO Channel 01/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:30998:31026 [1] NCCL INFO Channel 02/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:30998:31025 [0] NCCL INFO Channel 02/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:30998:31026 [1] NCCL INFO Channel 03/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:30998:31025 [0] NCCL INFO Channel 03/0 : 0[0] -> 1[1] via P2P/direct pointer
]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_DEBUG=INFO\x00NCCL_SHM_DISABLE=1\x00;x=0;t0=1796315233.0816479;t1=1796315233.1149487;u=root;host=vm;pid=30998;ppid=30776;r=20261203T162712-30682-59cf757d.30998.1796315233081647.run;rh=28a36136ea3f8f8cb2d587b15f7cdc25a16cf34f9c0f4255b9278d335d7bb10e;k=8dcbbae9979b664a5d83df7c0982d5e3;s=2074223097e1b98a9be970e4a8b8bb1f1346fac8bc4a9ac70c41334948b00838c7788a9bf56537c0c3ce80a1ecc0de6b107ee25137eb01f9809dd89e887dda0c]133;D;0;aid=30776;n=2;h=3;t=1796315233.139138;ps=0,0;k=8dcbbae9979b664a5d83df7c0982d5e3]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=30776;k=8dcbbae9979b664a5d83df7c0982d5e3[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep via
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20via;8dcbbae9979b664a5d83df7c0982d5e3]133;C;aid=30776;n=3;h=4;t=1796315233.325558;k=8dcbbae9979b664a5d83df7c0982d5e3vm:31034:31062 [1] NCCL INFO Channel 00 : 1[1] -> 0[0] via SHM/direct
vm:31034:31061 [0] NCCL INFO Channel 00 : 0[0] -> 1[1] via SHM/direct
vm:31034:31062 [1] NCCL INFO Channel 01 : 1[1] -> 0[0] via SHM/direct
vm:31034:31061 [0] NCCL INFO Channel 01 : 0[0] -> 1[1] via SHM/direct
vm:31034:31062 [1] NCCL INFO Channel 02 : 1[1] -> 0[0] via SHM/direct
vm:31034:31061 [0] NCCL INFO Channel 02 : 0[0] -> 1[1] via SHM/direct
vm:31034:31062 [1] NCCL INFO Channel 03 : 1[1] -> 0[0] via SHM/direct
vm:31034:31061 [0] NCCL INFO Channel 03 : 0[0] -> 1[1] via SHM/direct
]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_DEBUG=INFO\x00NCCL_P2P_DISABLE=1\x00;x=0;t0=1796315233.3939989;t1=1796315233.4288673;u=root;host=vm;pid=31034;ppid=30776;r=20261203T162712-30682-59cf757d.31034.1796315233393998.run;rh=211210380bdd6808c269ec83e28ec8b0dcbd615297376ac61ca435f8686685ef;k=8dcbbae9979b664a5d83df7c0982d5e3;s=c9f862c0ea60fa78be2fc4f1c3052e1aa52d4b4088349b08d13076d65ebe5b68f3c54903093932c02d03d78dcec9bdf4075ae283797058aaa846e88f0ffa3e06]133;D;0;aid=30776;n=3;h=4;t=1796315233.449569;ps=0,0;k=8dcbbae9979b664a5d83df7c0982d5e3]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=30776;k=8dcbbae9979b664a5d83df7c0982d5e3[?2004hroot@vm:~# NCCL_P2P_DISABLE=0 NCCL_SHM_DISABLE=1 all_reduce_perf -b 128M -e 128M -g 2
[?2004l]633;E;NCCL_P2P_DISABLE=0\x20NCCL_SHM_DISABLE=1\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202;8dcbbae9979b664a5d83df7c0982d5e3]133;C;aid=30776;n=4;h=5;t=1796315233.608551;k=8dcbbae9979b664a5d83df7c0982d5e3# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  31038 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  31038 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  10146.8   13.23   13.23       0  10181.7   13.18   13.18       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.2049 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_P2P_DISABLE=0\x00NCCL_SHM_DISABLE=1\x00;x=0;t0=1796315233.6821818;t1=1796315233.7248008;u=root;host=vm;pid=31038;ppid=30776;r=20261203T162712-30682-59cf757d.31038.1796315233682181.run;rh=ab3d0ac990c3ad0c7edc496af6813bc332a7cc927ccea665e1040c532607497b;k=8dcbbae9979b664a5d83df7c0982d5e3;s=0c4f354f563b8516c9acdeabc0a84ed230d5e60c9b90c3893e7be5ab5c5912d74e67c16c3ef9c10e9a424ef225934d1aeda7322dddfa5d91b0700fc8bc5ff208]133;D;0;aid=30776;n=4;h=5;t=1796315233.753841;ps=0;k=8dcbbae9979b664a5d83df7c0982d5e3]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=30776;k=8dcbbae9979b664a5d83df7c0982d5e3[?2004hroot@vm:~# lab answer slow-job a
[?2004l]633;E;lab\x20answer\x20slow-job\x20a;8dcbbae9979b664a5d83df7c0982d5e3]133;C;aid=30776;n=5;h=6;t=1796315233.820853;k=8dcbbae9979b664a5d83df7c0982d5e3Answer 'a' for step 'slow-job' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;T;v=2;p=lab;a=answer\x00slow-job\x00a\x00;e=;x=0;t0=1796315233.9028203;t1=1796315233.9419894;u=root;host=vm;pid=31042;ppid=30776;r=20261203T162712-30682-59cf757d.31042.1796315233902820.run;rh=5efe0193ae9438e3f5467096194da424534e60d4c058c0da8f10458d8db8f485;k=8dcbbae9979b664a5d83df7c0982d5e3;s=96b12f853a593203378decb46ed7d89ac6379b321309685abf316b22d779e624fba213b0a1af0694205d52d6e230124dbfc68746edbed4a1059636870f4ec505]133;D;0;aid=30776;n=5;h=6;t=1796315233.960546;ps=0;k=8dcbbae9979b664a5d83df7c0982d5e3]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=30776;k=8dcbbae9979b664a5d83df7c0982d5e3[?2004hroot@vm:~# lab answer slow-job b
[?2004l]633;E;lab\x20answer\x20slow-job\x20b;8dcbbae9979b664a5d83df7c0982d5e3]133;C;aid=30776;n=6;h=7;t=1796315234.027897;k=8dcbbae9979b664a5d83df7c0982d5e3Answer 'b' for step 'slow-job' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;T;v=2;p=lab;a=answer\x00slow-job\x00b\x00;e=;x=0;t0=1796315234.0931168;t1=1796315234.1453283;u=root;host=vm;pid=31046;ppid=30776;r=20261203T162712-30682-59cf757d.31046.1796315234093116.run;rh=bbf4ea886dfee964674662e17697bbe232a1a71d4ae175c761d0116daccf7366;k=8dcbbae9979b664a5d83df7c0982d5e3;s=317135a840c3b5835292b4184b241162e21adee9229a2698dac298a286b728329c6474cf991748bd77b382e359ce5d62078887058d5144443c9e47d4daac3d0c]133;D;0;aid=30776;n=6;h=7;t=1796315234.164444;ps=0;k=8dcbbae9979b664a5d83df7c0982d5e3]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=30776;k=8dcbbae9979b664a5d83df7c0982d5e3[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;8dcbbae9979b664a5d83df7c0982d5e3]133;C;aid=30776;n=7;h=8;t=1796315234.175113;k=8dcbbae9979b664a5d83df7c0982d5e3exit

Script done on 2026-12-03 16:27:14+00:00 [COMMAND_EXIT_CODE="0"]
