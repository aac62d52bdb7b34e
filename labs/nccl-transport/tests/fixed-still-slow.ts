Script started on 2026-12-03 16:36:04+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/10" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=6231;n=0;h=1;t=1796315764.764804;ps=1;k=3f82ac9a2b80db6386aedde53f91bb3a]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=6231;k=3f82ac9a2b80db6386aedde53f91bb3a[?2004hroot@vm:~# all_reduce_perf -b 128M -e 128M -g 2
[?2004l]633;E;all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202;3f82ac9a2b80db6386aedde53f91bb3a]133;C;aid=6231;n=1;h=2;t=1796315764.864883;k=3f82ac9a2b80db6386aedde53f91bb3a# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   6251 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   6251 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  10248.4   13.10   13.10       0  10293.0   13.04   13.04       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.0681 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=;x=0;t0=1796315764.9515624;t1=1796315765.0391257;u=root;host=vm;pid=6251;ppid=6231;r=20261203T163604-6162-4c1fec7a.6251.1796315764951562.run;rh=77ee5131f68d9cd3fa0ba8c3ff2a20491fd75a2e376ad43279d15baeaabcbbbb;k=3f82ac9a2b80db6386aedde53f91bb3a;s=f4f3b68a3f4912ac8a5e3aaaae391ac21502f1b0ecef23170d4d06fc3bc4063c6fa54898129e23d4dce5fe2dbf93b9aeee23bc753134a81760f246d1d3db7a07]133;D;0;aid=6231;n=1;h=2;t=1796315765.078818;ps=0;k=3f82ac9a2b80db6386aedde53f91bb3a]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=6231;k=3f82ac9a2b80db6386aedde53f91bb3a[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1 NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g  2 2>&1 | grep via
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_SHM_DISABLE=1\x20NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20via;3f82ac9a2b80db6386aedde53f91bb3a]133;C;aid=6231;n=2;h=3;t=1796315765.363625;k=3f82ac9a2b80db6386aedde53f91bb3avm:6428:6456 [1] NCCL INFO Channel 00/0 : 1[1] -> 0[0] [send] via NET/Socket/0
vm:6428:6456 [1] NCCL INFO Channel 00/0 : 0[0] -> 1[1] [receive] via NET/Socket/0
vm:6428:6455 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] [send] via NET/Socket/0
vm:6428:6455 [0] NCCL INFO Channel 00/0 : 1[1] -> 0[0] [receive] via NET/Socket/0
vm:6428:6456 [1] NCCL INFO Channel 01/0 : 1[1] -> 0[0] [send] via NET/Socket/0
vm:6428:6456 [1] NCCL INFO Channel 01/0 : 0[0] -> 1[1] [receive] via NET/Socket/0
vm:6428:6455 [0] NCCL INFO Channel 01/0 : 0[0] -> 1[1] [send] via NET/Socket/0
vm:6428:6455 [0] NCCL INFO Channel 01/0 : 1[1] -> 0[0] [receive] via NET/Socket/0
vm:6428:6456 [1] NCCL INFO Channel 02/0 : 1[1] -> 0[0] [send] via NET/Socket/0
vm:6428:6456 [1] NCCL INFO Channel 02/0 : 0[0] -> 1[1] [receive] via NET/Socket/0
vm:6428:6455 [0] NCCL INFO Channel 02/0 : 0[0] -> 1[1] [send] via NET/Socket/0
vm:6428:6455 [0] NCCL INFO Channel 02/0 : 1[1] -> 0[0] [receive] via NET/Socket/0
vm:6428:6456 [1] NCCL INFO Channel 03/0 : 1[1] -> 0[0] [send] via NET/Socket/0
vm:6428:6456 [1] NCCL INFO Channel 03/0 : 0[0] -> 1[1] [receive] via NET/Socket/0
vm:6428:6455 [0] NCCL INFO Channel 03/0 : 0[0] -> 1[1] [send] via NET/Socket/0
vm:6428:6455 [0] NCCL INFO Channel 03/0 : 1[1] -> 0[0] [receive] via NET/Socket/0
]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_DEBUG=INFO\x00NCCL_P2P_DISABLE=1\x00NCCL_SHM_DISABLE=1\x00;x=0;t0=1796315765.525043;t1=1796315765.5931172;u=root;host=vm;pid=6428;ppid=6231;r=20261203T163604-6162-4c1fec7a.6428.1796315765525043.run;rh=29c8f390dad5f6b1576ee6906a9bb8da7c605a7b35940d92e7e2310b0ffe15f7;k=3f82ac9a2b80db6386aedde53f91bb3a;s=8d55e74b812db81e59b9d9f660630227d1c38b1144ea0aef035085921acb976f799334a256652473bff5fb0b2caa920824dba45182127eb50b66412eeb5ee109]133;D;0;aid=6231;n=2;h=3;t=1796315765.655097;ps=0,0;k=3f82ac9a2b80db6386aedde53f91bb3a]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=6231;k=3f82ac9a2b80db6386aedde53f91bb3a[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1 all_reduce_perf -b 128M -e 128M -g 2
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_SHM_DISABLE=1\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202;3f82ac9a2b80db6386aedde53f91bb3a]133;C;aid=6231;n=3;h=4;t=1796315765.817409;k=3f82ac9a2b80db6386aedde53f91bb3a# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   6494 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   6494 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  58786.6    2.28    2.28       0  58826.3    2.28    2.28       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 2.28237 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_P2P_DISABLE=1\x00NCCL_SHM_DISABLE=1\x00;x=0;t0=1796315765.8885884;t1=1796315765.9194753;u=root;host=vm;pid=6494;ppid=6231;r=20261203T163604-6162-4c1fec7a.6494.1796315765888588.run;rh=9054d701bd249a5e83ac0d28bc30f8a74eb127b49b10b8b098287262a41d03d3;k=3f82ac9a2b80db6386aedde53f91bb3a;s=1f38e89407408c8796942766ed5eaf0d966fdcd6d3d62c4750c930f7deec3d418ee440f7af89c1425d15b1f102d3a3f1613c1d1e148e1d8700cedc06fb6a750b]133;D;0;aid=6231;n=3;h=4;t=1796315765.937068;ps=0;k=3f82ac9a2b80db6386aedde53f91bb3a]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=6231;k=3f82ac9a2b80db6386aedde53f91bb3a[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1 all_reduce_perf -b 128M -e 128M -g 2 | grep 'Avg bu s bandwidth'
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_SHM_DISABLE=1\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x20|\x20grep\x20'Avg\x20bus\x20bandwidth';3f82ac9a2b80db6386aedde53f91bb3a]133;C;aid=6231;n=4;h=5;t=1796315766.195863;k=3f82ac9a2b80db6386aedde53f91bb3a# Avg bus bandwidth    : 2.30296 
]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_P2P_DISABLE=1\x00NCCL_SHM_DISABLE=1\x00;x=0;t0=1796315766.273485;t1=1796315766.30948;u=root;host=vm;pid=6540;ppid=6231;r=20261203T163604-6162-4c1fec7a.6540.1796315766273485.run;rh=6f7f05f062aa6c3454c0ea56f5217b96746e74f0bff96f0d88194b3080b4bd21;k=3f82ac9a2b80db6386aedde53f91bb3a;s=67d6ca8ea6e84e5eadb079d9115cadf872dcb28e0508f8bae04ca8751c0c5d93547d07400676f0fb43208bae4c702ce0f31c771745dd04c3993a5b00c79e690e]133;D;0;aid=6231;n=4;h=5;t=1796315766.330896;ps=0,0;k=3f82ac9a2b80db6386aedde53f91bb3a]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=6231;k=3f82ac9a2b80db6386aedde53f91bb3a[?2004hroot@vm:~# NCCL_SHM_DISABLE=1 all_reduce_perf -b 128M -e 128M -g 2 | grep 'Avg bus bandwidth'
[?2004l]633;E;NCCL_SHM_DISABLE=1\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x20|\x20grep\x20'Avg\x20bus\x20bandwidth';3f82ac9a2b80db6386aedde53f91bb3a]133;C;aid=6231;n=5;h=6;t=1796315766.528381;k=3f82ac9a2b80db6386aedde53f91bb3a# Avg bus bandwidth    : 13.1585 
]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_SHM_DISABLE=1\x00;x=0;t0=1796315766.7206533;t1=1796315766.811094;u=root;host=vm;pid=6678;ppid=6231;r=20261203T163604-6162-4c1fec7a.6678.1796315766720653.run;rh=26d4deeddcf9003a2a76cfaf38ba6a978c48ebfee9e6d498889ac8424031e964;k=3f82ac9a2b80db6386aedde53f91bb3a;s=31a53c231375d81729cb780b2eff8334dac815c2b073c80d5910bf853a9abf6094158e254bad8af9268257fd96367c1cf916e62733a1fbf591347b6ef4209d00]133;D;0;aid=6231;n=5;h=6;t=1796315766.871800;ps=0,0;k=3f82ac9a2b80db6386aedde53f91bb3a]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=6231;k=3f82ac9a2b80db6386aedde53f91bb3a[?2004hroot@vm:~# exit
[?2004l]633;E;exit;3f82ac9a2b80db6386aedde53f91bb3a]133;C;aid=6231;n=6;h=7;t=1796315766.904581;k=3f82ac9a2b80db6386aedde53f91bb3aexit
exit

Script done on 2026-12-03 16:36:06+00:00 [COMMAND_EXIT_CODE="0"]
