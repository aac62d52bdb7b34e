Script started on 2026-12-03 16:27:28+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/0" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=32660;n=0;h=1;t=1796315248.139007;ps=1;k=20ebf56402ebd4bfe11e2dbd90f100bc]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=32660;k=20ebf56402ebd4bfe11e2dbd90f100bc[?2004hroot@vm:~# all_reduce_pref -b 128M -e 128M -g 2
[?2004l]633;E;all_reduce_pref\x20-b\x20128M\x20-e\x20128M\x20-g\x202;20ebf56402ebd4bfe11e2dbd90f100bc]133;C;aid=32660;n=1;h=2;t=1796315248.221536;k=20ebf56402ebd4bfe11e2dbd90f100bcbash: all_reduce_pref: command not found
]133;D;127;aid=32660;n=1;h=2;t=1796315248.223211;ps=127;k=20ebf56402ebd4bfe11e2dbd90f100bc]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=32660;k=20ebf56402ebd4bfe11e2dbd90f100bc[?2004hroot@vm:~# all_reduce_perf -b 128M -e 128M -g 1
[?2004l]633;E;all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x201;20ebf56402ebd4bfe11e2dbd90f100bc]133;C;aid=32660;n=2;h=3;t=1796315248.307156;k=20ebf56402ebd4bfe11e2dbd90f100bc# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 1 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  32674 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1   353.07  380.15    0.00       0   357.10  375.85    0.00       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 0 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x001\x00;e=;x=0;t0=1796315248.4091635;t1=1796315248.4658594;u=root;host=vm;pid=32674;ppid=32660;r=20261203T162728-32612-a10660bb.32674.1796315248409163.run;rh=d159a348d2fc346f197f021128c715b4fd69d10f120804279f28a00706cf4238;k=20ebf56402ebd4bfe11e2dbd90f100bc;s=916df1a8a361d806b78c19f48db70f2f81922771be63d405dac3aa89d13706189c8c16259ecc989b644f5172e2ee6875df861e6f9587c84582a0faa16b61a10d]133;D;0;aid=32660;n=2;h=3;t=1796315248.496209;ps=0;k=20ebf56402ebd4bfe11e2dbd90f100bc]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=32660;k=20ebf56402ebd4bfe11e2dbd90f100bc[?2004hroot@vm:~# all_reduce_perf -b 128M -e 128M -g 2
[?2004l]633;E;all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202;20ebf56402ebd4bfe11e2dbd90f100bc]133;C;aid=32660;n=3;h=4;t=1796315248.576131;k=20ebf56402ebd4bfe11e2dbd90f100bc# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  32678 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  32678 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  10214.7   13.14   13.14       0  10320.6   13.00   13.00       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.0722 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=;x=0;t0=1796315248.6834004;t1=1796315248.7242122;u=root;host=vm;pid=32678;ppid=32660;r=20261203T162728-32612-a10660bb.32678.1796315248683400.run;rh=4f541eccaf11d93b83aeca609f65dc8eff24b62227f9fcd9510050ce12ce6e94;k=20ebf56402ebd4bfe11e2dbd90f100bc;s=f761d5f830f98f4c46dab19e23037050399e9ed1cc1c7c7ba9c82d4b52255766b00d68f3ae166e0467ac6f982276bce7b13c2a51e825bbbf3b919b1e3e053805]133;D;0;aid=32660;n=3;h=4;t=1796315248.754028;ps=0;k=20ebf56402ebd4bfe11e2dbd90f100bc]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=32660;k=20ebf56402ebd4bfe11e2dbd90f100bc[?2004hroot@vm:~# lab answer why-busbw b
[?2004l]633;E;lab\x20answer\x20why-busbw\x20b;20ebf56402ebd4bfe11e2dbd90f100bc]133;C;aid=32660;n=4;h=5;t=1796315248.823646;k=20ebf56402ebd4bfe11e2dbd90f100bcAnswer 'b' for step 'why-busbw' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;T;v=2;p=lab;a=answer\x00why-busbw\x00b\x00;e=;x=0;t0=1796315248.919309;t1=1796315248.9796247;u=root;host=vm;pid=32682;ppid=32660;r=20261203T162728-32612-a10660bb.32682.1796315248919309.run;rh=8058d75b27fd911f4f12c8baea8b4c74204f77aa78aed8d69c5016408ff68235;k=20ebf56402ebd4bfe11e2dbd90f100bc;s=580fd1363b1cb4763776f50afb3eacc56ca58cb50f1a3e786257c62feb21fef020c70b25cb02fc5da43b97379e09be4d1922900eb2053fe737021b4e824cff01]133;D;0;aid=32660;n=4;h=5;t=1796315249.003855;ps=0;k=20ebf56402ebd4bfe11e2dbd90f100bc]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=32660;k=20ebf56402ebd4bfe11e2dbd90f100bc[?2004hroot@vm:~# lab answer why-busbw a
[?2004l]633;E;lab\x20answer\x20why-busbw\x20a;20ebf56402ebd4bfe11e2dbd90f100bc]133;C;aid=32660;n=5;h=6;t=1796315249.055342;k=20ebf56402ebd4bfe11e2dbd90f100bcAnswer 'a' for step 'why-busbw' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;T;v=2;p=lab;a=answer\x00why-busbw\x00a\x00;e=;x=0;t0=1796315249.1636078;t1=1796315249.2252192;u=root;host=vm;pid=32686;ppid=32660;r=20261203T162728-32612-a10660bb.32686.1796315249163607.run;rh=80ca81a7c5237b8feb747afa4f9b5bcc50df72fee06ac388e997599bf4b8d2a3;k=20ebf56402ebd4bfe11e2dbd90f100bc;s=cba8c0ae3a0c79974dde36af1ca3d5da96eede135b4429479ba31d5d4df432021af2d341d965c17d6ba6152870a4a0b71b15a2dcce6663e6232a9e06b421c700]133;D;0;aid=32660;n=5;h=6;t=1796315249.251366;ps=0;k=20ebf56402ebd4bfe11e2dbd90f100bc]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=32660;k=20ebf56402ebd4bfe11e2dbd90f100bc[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 | grep via
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x20|\x20grep\x20via;20ebf56402ebd4bfe11e2dbd90f100bc]133;C;aid=32660;n=6;h=7;t=1796315249.389745;k=20ebf56402ebd4bfe11e2dbd90f100bcvm:32702:32730 [1] NCCL INFO Channel 00/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:32702:32729 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:32702:32730 [1] NCCL INFO Channel 01/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:32702:32729 [0] NCCL INFO Channel 01/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:32702:32730 [1] NCCL INFO Channel 02/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:32702:32729 [0] NCCL INFO Channel 02/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:32702:32730 [1] NCCL INFO Channel 03/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:32702:32729 [0] NCCL INFO Channel 03/0 : 0[0] -> 1[1] via P2P/direct pointer
]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_DEBUG=INFO\x00;x=0;t0=1796315249.4741886;t1=1796315249.511943;u=root;host=vm;pid=32702;ppid=32660;r=20261203T162728-32612-a10660bb.32702.1796315249474188.run;rh=2862d68cb8447a2c57a12e5a2eeca0c44122591c4a6b97daf1ccbbe263f5c091;k=20ebf56402ebd4bfe11e2dbd90f100bc;s=12fb0054d64113825ee0c6e5dce9d203e153635bfba3fb7f26970851de8b4fe0b6ab0b1760adc569372ec2e4dc0fc12c318c834f208ea39d555d36aa850e4405]133;D;0;aid=32660;n=6;h=7;t=1796315249.534130;ps=0,0;k=20ebf56402ebd4bfe11e2dbd90f100bc]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=32660;k=20ebf56402ebd4bfe11e2dbd90f100bc[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep via
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20via;20ebf56402ebd4bfe11e2dbd90f100bc]133;C;aid=32660;n=7;h=8;t=1796315249.689792;k=20ebf56402ebd4bfe11e2dbd90f100bcvm:32707:32735 [1] NCCL INFO Channel 00/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:32707:32734 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:32707:32735 [1] NCCL INFO Channel 01/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:32707:32734 [0] NCCL INFO Channel 01/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:32707:32735 [1] NCCL INFO Channel 02/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:32707:32734 [0] NCCL INFO Channel 02/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:32707:32735 [1] NCCL INFO Channel 03/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:32707:32734 [0] NCCL INFO Channel 03/0 : 0[0] -> 1[1] via P2P/direct pointer
]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_DEBUG=INFO\x00;x=0;t0=1796315249.78613;t1=1796315249.8267293;u=root;host=vm;pid=32707;ppid=32660;r=20261203T162728-32612-a10660bb.32707.1796315249786130.run;rh=c79eb5a192a1ecfd4fc4ff3a696184146ab44525650ca7ddb3e0793e01ee642c;k=20ebf56402ebd4bfe11e2dbd90f100bc;s=b31f93fbba77a7d2ea6b919d3c8a6f45ff0c0b849535677011ff6c48d89b964d959ef421cf0e6eb7cb44d9292937d6a9721fa17e112faaa5736add6db57e6c08]133;D;0;aid=32660;n=7;h=8;t=1796315249.850448;ps=0,0;k=20ebf56402ebd4bfe11e2dbd90f100bc]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=32660;k=20ebf56402ebd4bfe11e2dbd90f100bc[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 all_reduce_perf -b 128M -e 128M -g 2
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202;20ebf56402ebd4bfe11e2dbd90f100bc]133;C;aid=32660;n=8;h=9;t=1796315249.969564;k=20ebf56402ebd4bfe11e2dbd90f100bc# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  32711 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  32711 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  14892.2    9.01    9.01       0  14805.9    9.07    9.07       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 9.03888 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_P2P_DISABLE=1\x00;x=0;t0=1796315250.0444486;t1=1796315250.0842273;u=root;host=vm;pid=32711;ppid=32660;r=20261203T162728-32612-a10660bb.32711.1796315250044448.run;rh=8deb94bcbf0148e23065b21d183aac5fddf996ab483c176870a3a4dd66666c0a;k=20ebf56402ebd4bfe11e2dbd90f100bc;s=77cc9cf82e9a42142c1ba891d9f915cb2932b1083dfffe28dab908052658a345c8744e119cee9ecbb5918f5b30fed0bf8c7e821010e51fdee3674e1271836a0c]133;D;0;aid=32660;n=8;h=9;t=1796315250.108552;ps=0;k=20ebf56402ebd4bfe11e2dbd90f100bc]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=32660;k=20ebf56402ebd4bfe11e2dbd90f100bc[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep via
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20via;20ebf56402ebd4bfe11e2dbd90f100bc]133;C;aid=32660;n=9;h=10;t=1796315250.302291;k=20ebf56402ebd4bfe11e2dbd90f100bcvm:32716:32744 [1] NCCL INFO Channel 00 : 1[1] -> 0[0] via SHM/direct
vm:32716:32743 [0] NCCL INFO Channel 00 : 0[0] -> 1[1] via SHM/direct
vm:32716:32744 [1] NCCL INFO Channel 01 : 1[1] -> 0[0] via SHM/direct
vm:32716:32743 [0] NCCL INFO Channel 01 : 0[0] -> 1[1] via SHM/direct
vm:32716:32744 [1] NCCL INFO Channel 02 : 1[1] -> 0[0] via SHM/direct
vm:32716:32743 [0] NCCL INFO Channel 02 : 0[0] -> 1[1] via SHM/direct
vm:32716:32744 [1] NCCL INFO Channel 03 : 1[1] -> 0[0] via SHM/direct
vm:32716:32743 [0] NCCL INFO Channel 03 : 0[0] -> 1[1] via SHM/direct
]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_DEBUG=INFO\x00NCCL_P2P_DISABLE=1\x00;x=0;t0=1796315250.3874156;t1=1796315250.4237504;u=root;host=vm;pid=32716;ppid=32660;r=20261203T162728-32612-a10660bb.32716.1796315250387415.run;rh=d6ebef55d01aea05b4a213e7b371523ba5c9af2f20d495eb95fbb31e5268d45d;k=20ebf56402ebd4bfe11e2dbd90f100bc;s=0e45204e008ded6bb0c9350c3b70c4b8deff864cf24ab416d9df08d9650171cf4f67bd534339507d9acc03bfb584a9e4694ec2ff483366e5afb9dfe60669af04]133;D;0;aid=32660;n=9;h=10;t=1796315250.463856;ps=0,0;k=20ebf56402ebd4bfe11e2dbd90f100bc]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=32660;k=20ebf56402ebd4bfe11e2dbd90f100bc[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;20ebf56402ebd4bfe11e2dbd90f100bc]133;C;aid=32660;n=10;h=11;t=1796315250.500022;k=20ebf56402ebd4bfe11e2dbd90f100bcexit

Script done on 2026-12-03 16:27:30+00:00 [COMMAND_EXIT_CODE="0"]
