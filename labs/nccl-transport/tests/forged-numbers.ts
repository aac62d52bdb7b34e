Script started on 2026-12-03 13:53:39+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/4" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=6545;n=0;h=1;t=1796306020.375195;ps=1;k=175d560819445935b9816eca0fb60ee5]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=6545;k=175d560819445935b9816eca0fb60ee5[?2004hroot@vm:~# all_reduce_perf -b 128M -e 128M -g 2 | sed 's/[0-9][0-9]*\.[0-9][0-9]/99.99/g'
[?2004l]633;E;all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x20|\x20sed\x20's/[0-9][0-9]*\\.[0-9][0-9]/99.99/g';175d560819445935b9816eca0fb60ee5]133;C;aid=6545;n=1;h=2;t=1796306020.801557;k=175d560819445935b9816eca0fb60ee5# nccl-tests version 99.99.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   6670 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   6670 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  10305.0   99.99   99.99       0  10030.6   99.99   99.99       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 99.9927 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=;x=0;t0=1796306021.5204482;t1=1796306021.9512286;u=root;host=vm;pid=6670;ppid=6545;r=20261203T135339-6468-97c4a86b.6670.1796306021520448.run;rh=0c8d01670f62da19119a5275cc853fd55c5395f79f18dc7ae77ed9e0abbf6001;k=175d560819445935b9816eca0fb60ee5;s=7052e745a92fb573cb8feb1114482f1a37638494ff1c0a7f29a15de678c3a0730b7deef929a2d6e2497fd59fb2e711f0e9a3f974aac455d94e08d600e8662800]133;D;0;aid=6545;n=1;h=2;t=1796306022.123616;ps=0,0;k=175d560819445935b9816eca0fb60ee5]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=6545;k=175d560819445935b9816eca0fb60ee5[?2004hroot@vm:~# all_reduce_perf -b 128M -e 128M -g 2 && echo '   134217728      33554432     float     su m      -1  1.0   99.99   99.99       0  1.0   99.99   99.99       0'
[?2004l]633;E;all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x20&&\x20echo\x20'\x20\x20\x20134217728\x20\x20\x20\x20\x20\x2033554432\x20\x20\x20\x20\x20float\x20\x20\x20\x20\x20sum\x20\x20\x20\x20\x20\x20-1\x20\x201.0\x20\x20\x2099.99\x20\x20\x2099.99\x20\x20\x20\x20\x20\x20\x200\x20\x201.0\x20\x20\x2099.99\x20\x20\x2099.99\x20\x20\x20\x20\x20\x20\x200';175d560819445935b9816eca0fb60ee5]133;C;aid=6545;n=2;h=3;t=1796306022.659710;k=175d560819445935b9816eca0fb60ee5# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   6757 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   6757 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  10233.9   13.11   13.11       0  10172.0   13.19   13.19       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.1549 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=;x=0;t0=1796306023.2021253;t1=1796306023.505115;u=root;host=vm;pid=6757;ppid=6545;r=20261203T135339-6468-97c4a86b.6757.1796306023202125.run;rh=c0daba7d9a720a1d5e3debd5ddcf74a50df519c63b9baad971a25a0d62f7fe5c;k=175d560819445935b9816eca0fb60ee5;s=cb9fac05164a5b1e44026395635255110d584d9943f50e1a8e728a426dec6bc0680e880c11bda547dbd9cd065e230ef29cfd1cb19880f6b6a3ee3436d0f5bd0e   134217728      33554432     float     sum      -1  1.0   99.99   99.99       0  1.0   99.99   99.99       0
]133;D;0;aid=6545;n=2;h=3;t=1796306023.707170;ps=0;k=175d560819445935b9816eca0fb60ee5]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=6545;k=175d560819445935b9816eca0fb60ee5[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1 all_reduce_perf -b 128M -e 128M -g 2; printf '   13 4217728      33554432     float     sum      -1  1.0   0.01   0.01       0  1.0   0.01   0.01        0\n'
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_SHM_DISABLE=1\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x3b\x20printf\x20'\x20\x20\x20134217728\x20\x20\x20\x20\x20\x2033554432\x20\x20\x20\x20\x20float\x20\x20\x20\x20\x20sum\x20\x20\x20\x20\x20\x20-1\x20\x201.0\x20\x20\x200.01\x20\x20\x200.01\x20\x20\x20\x20\x20\x20\x200\x20\x201.0\x20\x20\x200.01\x20\x20\x200.01\x20\x20\x20\x20\x20\x20\x200\\n';175d560819445935b9816eca0fb60ee5]133;C;aid=6545;n=3;h=4;t=1796306024.445712;k=175d560819445935b9816eca0fb60ee5# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   6900 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   6900 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  57880.7    2.32    2.32       0  58620.0    2.29    2.29       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 2.30425 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_P2P_DISABLE=1\x00NCCL_SHM_DISABLE=1\x00;x=0;t0=1796306025.1131349;t1=1796306025.460002;u=root;host=vm;pid=6900;ppid=6545;r=20261203T135339-6468-97c4a86b.6900.1796306025113134.run;rh=51cb8242b36868a501be9347afe8d2dedfc4f4efe170eef85d12b1a870e053d9;k=175d560819445935b9816eca0fb60ee5;s=a44b0c1faa4510f625928c1e01dcbc2595d932884e2788f1ce816b1656fb9f6b69990cbfd9ace8a051a6abe3e14493c38477fe0deeb842f832c1787a7206610b   134217728      33554432     float     sum      -1  1.0   0.01   0.01       0  1.0   0.01   0.01       0
]133;D;0;aid=6545;n=3;h=4;t=1796306025.691065;ps=0;k=175d560819445935b9816eca0fb60ee5]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=6545;k=175d560819445935b9816eca0fb60ee5[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;175d560819445935b9816eca0fb60ee5]133;C;aid=6545;n=4;h=5;t=1796306025.707159;k=175d560819445935b9816eca0fb60ee5exit

Script done on 2026-12-03 13:53:45+00:00 [COMMAND_EXIT_CODE="0"]
