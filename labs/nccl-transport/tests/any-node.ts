Script started on 2026-12-03 16:26:49+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/0" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=29271;n=0;h=1;t=1796315209.684965;ps=1;k=96d517a74798035a611b3bdb87a8d860]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=29271;k=96d517a74798035a611b3bdb87a8d860[?2004hroot@vm:~# all_reduce_perf -b 8M -e 128M -f 2 -g 2
[?2004l]633;E;all_reduce_perf\x20-b\x208M\x20-e\x20128M\x20-f\x202\x20-g\x202;96d517a74798035a611b3bdb87a8d860]133;C;aid=29271;n=1;h=2;t=1796315209.789395;k=96d517a74798035a611b3bdb87a8d860# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 134217728 step: 2(factor) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  29282 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  29282 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
     8388608       2097152     float     sum      -1   653.65   12.83   12.83       0   655.79   12.79   12.79       0
    16777216       4194304     float     sum      -1  1288.03   13.03   13.03       0  1294.87   12.96   12.96       0
    33554432       8388608     float     sum      -1  2538.91   13.22   13.22       0  2565.74   13.08   13.08       0
    67108864      16777216     float     sum      -1  5132.96   13.07   13.07       0  5117.66   13.11   13.11       0
   134217728      33554432     float     sum      -1  10173.3   13.19   13.19       0  10313.5   13.01   13.01       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.0296 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x00128M\x00-f\x002\x00-g\x002\x00;e=;x=0;t0=1796315209.8564448;t1=1796315209.901326;u=root;host=vm;pid=29282;ppid=29271;r=20261203T162649-29223-4867d5f5.29282.1796315209856444.run;rh=f46ccd75d22342cef11f627f89ab4e60d6d8e388e548f411c356f41c7740ea1b;k=96d517a74798035a611b3bdb87a8d860;s=dc8fa12bda00138c5c457a93900715976db076323710141a6b7027479cd676a2326cc03af19e18569a72da6c51e5777f283d8ca71f6c549eaf1926238dd8ca0c]133;D;0;aid=29271;n=1;h=2;t=1796315209.921199;ps=0;k=96d517a74798035a611b3bdb87a8d860]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=29271;k=96d517a74798035a611b3bdb87a8d860[?2004hroot@vm:~# lab answer why-busbw a
[?2004l]633;E;lab\x20answer\x20why-busbw\x20a;96d517a74798035a611b3bdb87a8d860]133;C;aid=29271;n=2;h=3;t=1796315209.970087;k=96d517a74798035a611b3bdb87a8d860Answer 'a' for step 'why-busbw' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;T;v=2;p=lab;a=answer\x00why-busbw\x00a\x00;e=;x=0;t0=1796315210.0355613;t1=1796315210.0889287;u=root;host=vm;pid=29286;ppid=29271;r=20261203T162649-29223-4867d5f5.29286.1796315210035561.run;rh=80ca81a7c5237b8feb747afa4f9b5bcc50df72fee06ac388e997599bf4b8d2a3;k=96d517a74798035a611b3bdb87a8d860;s=3fafa758ce822c01966f0d0a8d87eb9cf874f3755cf0003ab333f685996fdca76fde9805f1710324536a7ad8b6f82e6dcd57153a8c976cf24a4450b0fccf0b03]133;D;0;aid=29271;n=2;h=3;t=1796315210.109882;ps=0;k=96d517a74798035a611b3bdb87a8d860]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=29271;k=96d517a74798035a611b3bdb87a8d860[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -b 8M -e 8M -g 2 2>&1 | grep via
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202\x202>&1\x20|\x20grep\x20via;96d517a74798035a611b3bdb87a8d860]133;C;aid=29271;n=3;h=4;t=1796315210.246577;k=96d517a74798035a611b3bdb87a8d860vm:29291:29319 [1] NCCL INFO Channel 00/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:29291:29318 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:29291:29319 [1] NCCL INFO Channel 01/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:29291:29318 [0] NCCL INFO Channel 01/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:29291:29319 [1] NCCL INFO Channel 02/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:29291:29318 [0] NCCL INFO Channel 02/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:29291:29319 [1] NCCL INFO Channel 03/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:29291:29318 [0] NCCL INFO Channel 03/0 : 0[0] -> 1[1] via P2P/direct pointer
]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x008M\x00-g\x002\x00;e=NCCL_DEBUG=INFO\x00;x=0;t0=1796315210.3097546;t1=1796315210.3473732;u=root;host=vm;pid=29291;ppid=29271;r=20261203T162649-29223-4867d5f5.29291.1796315210309754.run;rh=8da9d81a311e15b8fcd7ef70b13dd1d178615f663f383dd340f3ac271f9e4ddb;k=96d517a74798035a611b3bdb87a8d860;s=bf50040d163fb1cf8695905c176bd90db26e8c59cda35331dee653d172b5ca2a8ce15f87a132700a7123ad3b112de2ee7fb168370d79bec186fd898aeb43b100]133;D;0;aid=29271;n=3;h=4;t=1796315210.366112;ps=0,0;k=96d517a74798035a611b3bdb87a8d860]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=29271;k=96d517a74798035a611b3bdb87a8d860[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_DEBUG=INFO all_reduce_perf -b 8M -e 8M -g 2 2>&1 | grep via
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202\x202>&1\x20|\x20grep\x20via;96d517a74798035a611b3bdb87a8d860]133;C;aid=29271;n=4;h=5;t=1796315210.542715;k=96d517a74798035a611b3bdb87a8d860vm:29296:29324 [1] NCCL INFO Channel 00 : 1[1] -> 0[0] via SHM/direct
vm:29296:29323 [0] NCCL INFO Channel 00 : 0[0] -> 1[1] via SHM/direct
vm:29296:29324 [1] NCCL INFO Channel 01 : 1[1] -> 0[0] via SHM/direct
vm:29296:29323 [0] NCCL INFO Channel 01 : 0[0] -> 1[1] via SHM/direct
vm:29296:29324 [1] NCCL INFO Channel 02 : 1[1] -> 0[0] via SHM/direct
vm:29296:29323 [0] NCCL INFO Channel 02 : 0[0] -> 1[1] via SHM/direct
vm:29296:29324 [1] NCCL INFO Channel 03 : 1[1] -> 0[0] via SHM/direct
vm:29296:29323 [0] NCCL INFO Channel 03 : 0[0] -> 1[1] via SHM/direct
]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x008M\x00-g\x002\x00;e=NCCL_DEBUG=INFO\x00NCCL_P2P_DISABLE=1\x00;x=0;t0=1796315210.6088276;t1=1796315210.6534624;u=root;host=vm;pid=29296;ppid=29271;r=20261203T162649-29223-4867d5f5.29296.1796315210608827.run;rh=c03b85adfe3dd17f14b5f16bc50323d41ebfee416ea4607bd64a262b70e19ba1;k=96d517a74798035a611b3bdb87a8d860;s=736306e962a7219c15507927a9c31ca9bec8c8b721217ad7d9c67ee30e2fe9ddf037922cbe87a3a88614fc699e42e14aea6e715136bff7ed9c1286dad4f4b008]133;D;0;aid=29271;n=4;h=5;t=1796315210.673018;ps=0,0;k=96d517a74798035a611b3bdb87a8d860]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=29271;k=96d517a74798035a611b3bdb87a8d860[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 all_reduce_perf -b 8M -e 128M -f 2 -g 2
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20all_reduce_perf\x20-b\x208M\x20-e\x20128M\x20-f\x202\x20-g\x202;96d517a74798035a611b3bdb87a8d860]133;C;aid=29271;n=5;h=6;t=1796315210.799178;k=96d517a74798035a611b3bdb87a8d860# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 134217728 step: 2(factor) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  29300 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  29300 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
     8388608       2097152     float     sum      -1   938.84    8.94    8.94       0   930.73    9.01    9.01       0
    16777216       4194304     float     sum      -1  1852.31    9.06    9.06       0  1858.14    9.03    9.03       0
    33554432       8388608     float     sum      -1  3696.95    9.08    9.08       0  3674.76    9.13    9.13       0
    67108864      16777216     float     sum      -1  7300.37    9.19    9.19       0  7432.42    9.03    9.03       0
   134217728      33554432     float     sum      -1  14824.2    9.05    9.05       0  14883.6    9.02    9.02       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 9.05353 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x00128M\x00-f\x002\x00-g\x002\x00;e=NCCL_P2P_DISABLE=1\x00;x=0;t0=1796315210.9007285;t1=1796315210.9330301;u=root;host=vm;pid=29300;ppid=29271;r=20261203T162649-29223-4867d5f5.29300.1796315210900728.run;rh=9229b92224850db4e7776b51ba040d5940b9318dd06d1d2f70f7ada470129d19;k=96d517a74798035a611b3bdb87a8d860;s=130a1c0520d9b6d3be6f48d8c5e27e80c6606f87c3abde156a999195d9a93e3d83e1ed5584a148af8173902256cd1df258b80cd457ea417d22e8f2ec8d197c02]133;D;0;aid=29271;n=5;h=6;t=1796315210.948888;ps=0;k=96d517a74798035a611b3bdb87a8d860]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=29271;k=96d517a74798035a611b3bdb87a8d860[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1 NCCL_IB_DISABLE=1 NCCL_DEBUG=INFO all_reduce_perf - b 8M -e 8M -g 2 2>&1 | grep via
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_SHM_DISABLE=1\x20NCCL_IB_DISABLE=1\x20NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202\x202>&1\x20|\x20grep\x20via;96d517a74798035a611b3bdb87a8d860]133;C;aid=29271;n=6;h=7;t=1796315211.203965;k=96d517a74798035a611b3bdb87a8d860vm:29305:29333 [1] NCCL INFO Channel 00/0 : 1[1] -> 0[0] [send] via NET/Socket/0
vm:29305:29333 [1] NCCL INFO Channel 00/0 : 0[0] -> 1[1] [receive] via NET/Socket/0
vm:29305:29332 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] [send] via NET/Socket/0
vm:29305:29332 [0] NCCL INFO Channel 00/0 : 1[1] -> 0[0] [receive] via NET/Socket/0
vm:29305:29333 [1] NCCL INFO Channel 01/0 : 1[1] -> 0[0] [send] via NET/Socket/0
vm:29305:29333 [1] NCCL INFO Channel 01/0 : 0[0] -> 1[1] [receive] via NET/Socket/0
vm:29305:29332 [0] NCCL INFO Channel 01/0 : 0[0] -> 1[1] [send] via NET/Socket/0
vm:29305:29332 [0] NCCL INFO Channel 01/0 : 1[1] -> 0[0] [receive] via NET/Socket/0
vm:29305:29333 [1] NCCL INFO Channel 02/0 : 1[1] -> 0[0] [send] via NET/Socket/0
vm:29305:29333 [1] NCCL INFO Channel 02/0 : 0[0] -> 1[1] [receive] via NET/Socket/0
vm:29305:29332 [0] NCCL INFO Channel 02/0 : 0[0] -> 1[1] [send] via NET/Socket/0
vm:29305:29332 [0] NCCL INFO Channel 02/0 : 1[1] -> 0[0] [receive] via NET/Socket/0
vm:29305:29333 [1] NCCL INFO Channel 03/0 : 1[1] -> 0[0] [send] via NET/Socket/0
vm:29305:29333 [1] NCCL INFO Channel 03/0 : 0[0] -> 1[1] [receive] via NET/Socket/0
vm:29305:29332 [0] NCCL INFO Channel 03/0 : 0[0] -> 1[1] [send] via NET/Socket/0
vm:29305:29332 [0] NCCL INFO Channel 03/0 : 1[1] -> 0[0] [receive] via NET/Socket/0
]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x008M\x00-g\x002\x00;e=NCCL_DEBUG=INFO\x00NCCL_IB_DISABLE=1\x00NCCL_P2P_DISABLE=1\x00NCCL_SHM_DISABLE=1\x00;x=0;t0=1796315211.2944393;t1=1796315211.3255687;u=root;host=vm;pid=29305;ppid=29271;r=20261203T162649-29223-4867d5f5.29305.1796315211294439.run;rh=6eb958e4dfb80f7210cfddf0b0ba3da188092c8a2f4c060fab18d6115a2d539f;k=96d517a74798035a611b3bdb87a8d860;s=d2faa7acb9e05dbd907ece8010f51ee7728488f514f2411546622b28f50a47fc7be88fdedc7ae3bff4ff058c9667b8218bb78725c9523a95efc23393d7cd0609]133;D;0;aid=29271;n=6;h=7;t=1796315211.344342;ps=0,0;k=96d517a74798035a611b3bdb87a8d860]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=29271;k=96d517a74798035a611b3bdb87a8d860[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1 NCCL_IB_DISABLE=1 all_reduce_perf -b 8M -e 128M -f  2 -g 2 | tee socket.txt
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_SHM_DISABLE=1\x20NCCL_IB_DISABLE=1\x20all_reduce_perf\x20-b\x208M\x20-e\x20128M\x20-f\x202\x20-g\x202\x20|\x20tee\x20socket.txt;96d517a74798035a611b3bdb87a8d860]133;C;aid=29271;n=7;h=8;t=1796315211.581589;k=96d517a74798035a611b3bdb87a8d860# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 134217728 step: 2(factor) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  29310 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  29310 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
     8388608       2097152     float     sum      -1  3737.62    2.24    2.24       0  3643.69    2.30    2.30       0
    16777216       4194304     float     sum      -1  7381.29    2.27    2.27       0  7409.58    2.26    2.26       0
    33554432       8388608     float     sum      -1  14520.5    2.31    2.31       0  14520.0    2.31    2.31       0
    67108864      16777216     float     sum      -1  28811.4    2.33    2.33       0  29016.0    2.31    2.31       0
   134217728      33554432     float     sum      -1  58469.3    2.30    2.30       0  58089.1    2.31    2.31       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 2.29537 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x00128M\x00-f\x002\x00-g\x002\x00;e=NCCL_IB_DISABLE=1\x00NCCL_P2P_DISABLE=1\x00NCCL_SHM_DISABLE=1\x00;x=0;t0=1796315211.6475084;t1=1796315211.6810522;u=root;host=vm;pid=29310;ppid=29271;r=20261203T162649-29223-4867d5f5.29310.1796315211647508.run;rh=dc1a2dae9a6529f55bb1f9c2745f867de966328b9bbece9a7f147e5bdf010a5e;k=96d517a74798035a611b3bdb87a8d860;s=164ced66147f088b0305f6ef381fc1143697e654513bcbf37b7c897995f221de430ef8d6c9c5c9e056d305a2567f06518a5da2fe55b36340e75beeeaebd39d09]133;D;0;aid=29271;n=7;h=8;t=1796315211.700649;ps=0,0;k=96d517a74798035a611b3bdb87a8d860]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=29271;k=96d517a74798035a611b3bdb87a8d860[?2004hroot@vm:~# echo busbw=$(awk '$1 == 134217728 {print $8}' socket.txt)
[?2004l]633;E;echo\x20busbw=$(awk\x20'$1\x20==\x20134217728\x20{print\x20$8}'\x20socket.txt);96d517a74798035a611b3bdb87a8d860]133;C;aid=29271;n=8;h=9;t=1796315211.822716;k=96d517a74798035a611b3bdb87a8d860busbw=2.30
]133;D;0;aid=29271;n=8;h=9;t=1796315211.825132;ps=0;k=96d517a74798035a611b3bdb87a8d860]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=29271;k=96d517a74798035a611b3bdb87a8d860[?2004hroot@vm:~# lab answer slow-job b
[?2004l]633;E;lab\x20answer\x20slow-job\x20b;96d517a74798035a611b3bdb87a8d860]133;C;aid=29271;n=9;h=10;t=1796315211.871814;k=96d517a74798035a611b3bdb87a8d860Answer 'b' for step 'slow-job' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;T;v=2;p=lab;a=answer\x00slow-job\x00b\x00;e=;x=0;t0=1796315211.965163;t1=1796315212.0033474;u=root;host=vm;pid=29317;ppid=29271;r=20261203T162649-29223-4867d5f5.29317.1796315211965163.run;rh=bbf4ea886dfee964674662e17697bbe232a1a71d4ae175c761d0116daccf7366;k=96d517a74798035a611b3bdb87a8d860;s=485abacc9d2a4223d8215dba196b29fe73744e9d5a7b225b191911a3a8b3ca4d69e7597af4ecbe329e94690742fd4c4c98aa6c3ab7637e02ff1b9829b86e130b]133;D;0;aid=29271;n=9;h=10;t=1796315212.029836;ps=0;k=96d517a74798035a611b3bdb87a8d860]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=29271;k=96d517a74798035a611b3bdb87a8d860[?2004hroot@vm:~# all_reduce_perf -b 8M -e 128M -f 2 -g 2 | grep 'Avg bus bandwidth'
[?2004l]633;E;all_reduce_perf\x20-b\x208M\x20-e\x20128M\x20-f\x202\x20-g\x202\x20|\x20grep\x20'Avg\x20bus\x20bandwidth';96d517a74798035a611b3bdb87a8d860]133;C;aid=29271;n=10;h=11;t=1796315212.172348;k=96d517a74798035a611b3bdb87a8d860# Avg bus bandwidth    : 13.1626 
]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x00128M\x00-f\x002\x00-g\x002\x00;e=;x=0;t0=1796315212.2392356;t1=1796315212.2809749;u=root;host=vm;pid=29322;ppid=29271;r=20261203T162649-29223-4867d5f5.29322.1796315212239235.run;rh=a760249226b1fa753fd268b7834eeac96b3e6f10212fde48c12925a205305f4e;k=96d517a74798035a611b3bdb87a8d860;s=6f6146ae6671d3d19688da68d08900883e6674863e8f7951ba3a042942f02c459ba88b1dedd9e57472eb38423856a4b90ab179935ea0f9a56096ae9cb0c6d309]133;D;0;aid=29271;n=10;h=11;t=1796315212.298431;ps=0,0;k=96d517a74798035a611b3bdb87a8d860]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=29271;k=96d517a74798035a611b3bdb87a8d860[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;96d517a74798035a611b3bdb87a8d860]133;C;aid=29271;n=11;h=12;t=1796315212.329782;k=96d517a74798035a611b3bdb87a8d860exit

Script done on 2026-12-03 16:26:52+00:00 [COMMAND_EXIT_CODE="0"]
