Script started on 2026-12-03 13:54:45+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/10" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=12846;n=0;h=1;t=1796306086.191973;ps=1;k=f75a328237a3f60757f52da82c350a99]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=12846;k=f75a328237a3f60757f52da82c350a99[?2004hroot@vm:~# all_reduce_perf -b 128M -e 128M -g 2
[?2004l]633;E;all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202;f75a328237a3f60757f52da82c350a99]133;C;aid=12846;n=1;h=2;t=1796306086.364524;k=f75a328237a3f60757f52da82c350a99# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  12897 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  12897 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  10168.2   13.20   13.20       0  10045.5   13.36   13.36       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.2804 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=;x=0;t0=1796306086.940368;t1=1796306087.3116035;u=root;host=vm;pid=12897;ppid=12846;r=20261203T135445-12738-3b1e5d25.12897.1796306086940368.run;rh=c145d7731f283539ddda39efd74fa7611399bd7bddd871de44919f1d1bb873f1;k=f75a328237a3f60757f52da82c350a99;s=1091e3dee6fb179551b75f5adaede3f8717047ef02c5ba0b303c53fdf8694fdd005992d301441959b5703e8c831745d1c62ebfbd3668e49498d99a1f86f5b70d]133;D;0;aid=12846;n=1;h=2;t=1796306087.475397;ps=0;k=f75a328237a3f60757f52da82c350a99]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=12846;k=f75a328237a3f60757f52da82c350a99[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1 all_reduce_perf -b 128M -e 128M -g 2
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_SHM_DISABLE=1\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202;f75a328237a3f60757f52da82c350a99]133;C;aid=12846;n=2;h=3;t=1796306087.761357;k=f75a328237a3f60757f52da82c350a99# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  13029 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  13029 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  57579.7    2.33    2.33       0  59038.4    2.27    2.27       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 2.30219 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_P2P_DISABLE=1\x00NCCL_SHM_DISABLE=1\x00;x=0;t0=1796306088.4292552;t1=1796306088.810968;u=root;host=vm;pid=13029;ppid=12846;r=20261203T135445-12738-3b1e5d25.13029.1796306088429255.run;rh=398cc173ee087cf09f1289b1081b0bc3837cc8d84380731f87ca864ad37f3217;k=f75a328237a3f60757f52da82c350a99;s=e18e3ece27ac0e09beb726165341a5c641ef7a064573157a36949bf4bac0fd5c7e78105c6e7e1f94931cf798c721fe0cf377c6e82d04b011d63c2a40b931d50a]133;D;0;aid=12846;n=2;h=3;t=1796306088.991379;ps=0;k=f75a328237a3f60757f52da82c350a99]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=12846;k=f75a328237a3f60757f52da82c350a99[?2004hroot@vm:~# echo busbw=13.00
[?2004l]633;E;echo\x20busbw=13.00;f75a328237a3f60757f52da82c350a99]133;C;aid=12846;n=3;h=4;t=1796306089.063760;k=f75a328237a3f60757f52da82c350a99busbw=13.00
]133;D;0;aid=12846;n=3;h=4;t=1796306089.073091;ps=0;k=f75a328237a3f60757f52da82c350a99]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=12846;k=f75a328237a3f60757f52da82c350a99[?2004hroot@vm:~# echo busbw=fast
[?2004l]633;E;echo\x20busbw=fast;f75a328237a3f60757f52da82c350a99]133;C;aid=12846;n=4;h=5;t=1796306089.135399;k=f75a328237a3f60757f52da82c350a99busbw=fast
]133;D;0;aid=12846;n=4;h=5;t=1796306089.135903;ps=0;k=f75a328237a3f60757f52da82c350a99]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=12846;k=f75a328237a3f60757f52da82c350a99[?2004hroot@vm:~# echo busbw=22.8
[?2004l]633;E;echo\x20busbw=22.8;f75a328237a3f60757f52da82c350a99]133;C;aid=12846;n=5;h=6;t=1796306089.207049;k=f75a328237a3f60757f52da82c350a99busbw=22.8
]133;D;0;aid=12846;n=5;h=6;t=1796306089.207737;ps=0;k=f75a328237a3f60757f52da82c350a99]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=12846;k=f75a328237a3f60757f52da82c350a99[?2004hroot@vm:~# exit
[?2004l]633;E;exit;f75a328237a3f60757f52da82c350a99]133;C;aid=12846;n=6;h=7;t=1796306089.247552;k=f75a328237a3f60757f52da82c350a99exit

Script done on 2026-12-03 13:54:49+00:00 [COMMAND_EXIT_CODE="0"]
