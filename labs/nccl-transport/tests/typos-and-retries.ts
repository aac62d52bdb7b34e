Script started on 2026-12-03 13:54:31+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/10" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=11372;n=0;h=1;t=1796306072.086059;ps=1;k=a7a3d060641e31c1603565271ee96acc]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11372;k=a7a3d060641e31c1603565271ee96acc[?2004hroot@vm:~# all_reduce_pref -b 128M -e 128M -g 2
[?2004l]633;E;all_reduce_pref\x20-b\x20128M\x20-e\x20128M\x20-g\x202;a7a3d060641e31c1603565271ee96acc]133;C;aid=11372;n=1;h=2;t=1796306072.244707;k=a7a3d060641e31c1603565271ee96accbash: all_reduce_pref: command not found
]133;D;127;aid=11372;n=1;h=2;t=1796306072.245823;ps=127;k=a7a3d060641e31c1603565271ee96acc]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11372;k=a7a3d060641e31c1603565271ee96acc[?2004hroot@vm:~# all_reduce_perf -b 128M -e 128M -g 1
[?2004l]633;E;all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x201;a7a3d060641e31c1603565271ee96acc]133;C;aid=11372;n=2;h=3;t=1796306072.362834;k=a7a3d060641e31c1603565271ee96acc# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 1 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  11453 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1   352.74  380.50    0.00       0   359.15  373.70    0.00       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 0 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x001\x00;e=;x=0;t0=1796306072.9744575;t1=1796306073.4213548;u=root;host=vm;pid=11453;ppid=11372;r=20261203T135431-11296-cbd5d088.11453.1796306072974457.run;rh=f8c618d5742e6183ac9ac575b45890efd33e97cf1b2c4a9a48da5b19d2df1d8f;k=a7a3d060641e31c1603565271ee96acc;s=8f6e682d0cdd56d9c4c3ecbeeb87e796e3f828b1426adcd7c61fcf9b12e0b9bb00082bca9eb3671e72651267f227dd9139e7f2d9f3eebcfe2792c9f24e20c20a]133;D;0;aid=11372;n=2;h=3;t=1796306073.643434;ps=0;k=a7a3d060641e31c1603565271ee96acc]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11372;k=a7a3d060641e31c1603565271ee96acc[?2004hroot@vm:~# all_reduce_perf -b 128M -e 128M -g 2
[?2004l]633;E;all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202;a7a3d060641e31c1603565271ee96acc]133;C;aid=11372;n=3;h=4;t=1796306073.838315;k=a7a3d060641e31c1603565271ee96acc# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  11609 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  11609 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  10129.5   13.25   13.25       0  10191.5   13.17   13.17       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.2099 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=;x=0;t0=1796306074.5245984;t1=1796306074.8271277;u=root;host=vm;pid=11609;ppid=11372;r=20261203T135431-11296-cbd5d088.11609.1796306074524598.run;rh=940ba69e94e4f96ae954a5b6444f602a42421113fa2c5e781d19737354a6e17d;k=a7a3d060641e31c1603565271ee96acc;s=b5dd667a3db0343e9eaa6aea48bc405fcc90a5219e315a80a03cedb98aa1eb015797202f607f70059ebc1356d07569f687d5abc8fc07f9406616684445a27a0b]133;D;0;aid=11372;n=3;h=4;t=1796306075.083187;ps=0;k=a7a3d060641e31c1603565271ee96acc]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11372;k=a7a3d060641e31c1603565271ee96acc[?2004hroot@vm:~# lab answer why-busbw b
[?2004l]633;E;lab\x20answer\x20why-busbw\x20b;a7a3d060641e31c1603565271ee96acc]133;C;aid=11372;n=4;h=5;t=1796306075.148839;k=a7a3d060641e31c1603565271ee96accAnswer 'b' for step 'why-busbw' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;T;v=2;p=lab;a=answer\x00why-busbw\x00b\x00;e=;x=0;t0=1796306075.6463826;t1=1796306076.015361;u=root;host=vm;pid=11693;ppid=11372;r=20261203T135431-11296-cbd5d088.11693.1796306075646382.run;rh=3f3db3240b02abe9f1910d53ce3fd9add48da0c5e9ba7ceed4ddab4aac7625cc;k=a7a3d060641e31c1603565271ee96acc;s=13b854db1ca115ee6253fc3a97b4aedb78b31df4c3f0cf9173e257eb8617cd52b254b4c70d34f16970b642d00d681931498e0f39da87a3d4d187fd35f03cea05]133;D;0;aid=11372;n=4;h=5;t=1796306076.384133;ps=0;k=a7a3d060641e31c1603565271ee96acc]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11372;k=a7a3d060641e31c1603565271ee96acc[?2004hroot@vm:~# lab answer why-busbw a
[?2004l]633;E;lab\x20answer\x20why-busbw\x20a;a7a3d060641e31c1603565271ee96acc]133;C;aid=11372;n=5;h=6;t=1796306076.517427;k=a7a3d060641e31c1603565271ee96accAnswer 'a' for step 'why-busbw' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;T;v=2;p=lab;a=answer\x00why-busbw\x00a\x00;e=;x=0;t0=1796306077.2450237;t1=1796306077.6055777;u=root;host=vm;pid=11831;ppid=11372;r=20261203T135431-11296-cbd5d088.11831.1796306077245023.run;rh=79d8596716168c9b5b12a6a85b062027575458107bf5071131ce91377ae7842f;k=a7a3d060641e31c1603565271ee96acc;s=baf73920b4e605d3efc23e22b618155b4f843842d37a06744d7a5d6265e8f1ffdbbe19f5b2d74736235d1abe6bedfd069a1129788dd32516c8488c2b0b58d309]133;D;0;aid=11372;n=5;h=6;t=1796306077.848370;ps=0;k=a7a3d060641e31c1603565271ee96acc]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11372;k=a7a3d060641e31c1603565271ee96acc[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 | grep via
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x20|\x20grep\x20via;a7a3d060641e31c1603565271ee96acc]133;C;aid=11372;n=6;h=7;t=1796306078.105296;k=a7a3d060641e31c1603565271ee96accvm:12028:12056 [1] NCCL INFO Channel 00/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:12028:12055 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:12028:12056 [1] NCCL INFO Channel 01/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:12028:12055 [0] NCCL INFO Channel 01/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:12028:12056 [1] NCCL INFO Channel 02/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:12028:12055 [0] NCCL INFO Channel 02/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:12028:12056 [1] NCCL INFO Channel 03/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:12028:12055 [0] NCCL INFO Channel 03/0 : 0[0] -> 1[1] via P2P/direct pointer
]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_DEBUG=INFO\x00;x=0;t0=1796306078.7339923;t1=1796306079.115634;u=root;host=vm;pid=12028;ppid=11372;r=20261203T135431-11296-cbd5d088.12028.1796306078733992.run;rh=84edd000717c05a9d244c146493ba0bbeb66a26f343c6b4b22eda123b64b3ef0;k=a7a3d060641e31c1603565271ee96acc;s=52616897bd7f54a066c5df9ca8d0d84708be3ab9003d09dc7de368c1d733f47631a4cb1e1b1c9149500c312ed1b93aa3b1e4e2001ede638d8ebcdded501d3201]133;D;0;aid=11372;n=6;h=7;t=1796306079.317953;ps=0,0;k=a7a3d060641e31c1603565271ee96acc]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11372;k=a7a3d060641e31c1603565271ee96acc[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep via
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20via;a7a3d060641e31c1603565271ee96acc]133;C;aid=11372;n=7;h=8;t=1796306079.590617;k=a7a3d060641e31c1603565271ee96accvm:12237:12265 [1] NCCL INFO Channel 00/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:12237:12264 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:12237:12265 [1] NCCL INFO Channel 01/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:12237:12264 [0] NCCL INFO Channel 01/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:12237:12265 [1] NCCL INFO Channel 02/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:12237:12264 [0] NCCL INFO Channel 02/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:12237:12265 [1] NCCL INFO Channel 03/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:12237:12264 [0] NCCL INFO Channel 03/0 : 0[0] -> 1[1] via P2P/direct pointer
]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_DEBUG=INFO\x00;x=0;t0=1796306080.2344017;t1=1796306080.5149164;u=root;host=vm;pid=12237;ppid=11372;r=20261203T135431-11296-cbd5d088.12237.1796306080234401.run;rh=65378bbbabb6d8a5c156f936429d906e82c4d182adfe66f590d0016bcbd2fdc0;k=a7a3d060641e31c1603565271ee96acc;s=90f97961b355e856167ba0f9334b3955b74d983c9fee7e095a1e1880d4ca00d10b4f7195d11d867fba6c5276d6c03c22d6507259117d0ba77c844ceae7fe1d02]133;D;0;aid=11372;n=7;h=8;t=1796306080.798764;ps=0,0;k=a7a3d060641e31c1603565271ee96acc]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11372;k=a7a3d060641e31c1603565271ee96acc[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 all_reduce_perf -b 128M -e 128M -g 2
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202;a7a3d060641e31c1603565271ee96acc]133;C;aid=11372;n=8;h=9;t=1796306081.111493;k=a7a3d060641e31c1603565271ee96acc# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  12422 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  12422 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  14959.7    8.97    8.97       0  14602.0    9.19    9.19       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 9.08185 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_P2P_DISABLE=1\x00;x=0;t0=1796306081.6999395;t1=1796306081.9654164;u=root;host=vm;pid=12422;ppid=11372;r=20261203T135431-11296-cbd5d088.12422.1796306081699939.run;rh=3dc1dc41bb3e161ba1d3c0078682af1cbfb412de294fb24c6f45e777e4ecddff;k=a7a3d060641e31c1603565271ee96acc;s=67c9bda74d1d16d0b18907df926f5884e5b618029ac20bc1dd87b1552a81e03ef6caabd25f5efc31b13936543fe6ce09cd110a09bcec73ea4e55599eb5f1150f]133;D;0;aid=11372;n=8;h=9;t=1796306082.150008;ps=0;k=a7a3d060641e31c1603565271ee96acc]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11372;k=a7a3d060641e31c1603565271ee96acc[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep via
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20via;a7a3d060641e31c1603565271ee96acc]133;C;aid=11372;n=9;h=10;t=1796306082.479833;k=a7a3d060641e31c1603565271ee96accvm:12590:12618 [1] NCCL INFO Channel 00 : 1[1] -> 0[0] via SHM/direct
vm:12590:12617 [0] NCCL INFO Channel 00 : 0[0] -> 1[1] via SHM/direct
vm:12590:12618 [1] NCCL INFO Channel 01 : 1[1] -> 0[0] via SHM/direct
vm:12590:12617 [0] NCCL INFO Channel 01 : 0[0] -> 1[1] via SHM/direct
vm:12590:12618 [1] NCCL INFO Channel 02 : 1[1] -> 0[0] via SHM/direct
vm:12590:12617 [0] NCCL INFO Channel 02 : 0[0] -> 1[1] via SHM/direct
vm:12590:12618 [1] NCCL INFO Channel 03 : 1[1] -> 0[0] via SHM/direct
vm:12590:12617 [0] NCCL INFO Channel 03 : 0[0] -> 1[1] via SHM/direct
]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_DEBUG=INFO\x00NCCL_P2P_DISABLE=1\x00;x=0;t0=1796306083.0941436;t1=1796306083.5250063;u=root;host=vm;pid=12590;ppid=11372;r=20261203T135431-11296-cbd5d088.12590.1796306083094143.run;rh=e2967f5387beb650e7bb04ce09dc6b8d46253723916fe8be2c59f2056211b726;k=a7a3d060641e31c1603565271ee96acc;s=b1f24bed28d00bcdb2bc8e91b1ab4e5ce0c9fd4270aada3389d39ebfbb692b29e1a8d454575a49da75c49ee4821beca844ffac56994f5410dd8498977a848d08]133;D;0;aid=11372;n=9;h=10;t=1796306083.771591;ps=0,0;k=a7a3d060641e31c1603565271ee96acc]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=11372;k=a7a3d060641e31c1603565271ee96acc[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;a7a3d060641e31c1603565271ee96acc]133;C;aid=11372;n=10;h=11;t=1796306083.784012;k=a7a3d060641e31c1603565271ee96accexit

Script done on 2026-12-03 13:54:43+00:00 [COMMAND_EXIT_CODE="0"]
