Script started on 2026-12-03 13:52:39+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/2" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=1495;n=0;h=1;t=1796305960.295904;ps=1;k=3173b1bac557df6c90a571a712becddf]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=1495;k=3173b1bac557df6c90a571a712becddf[?2004hroot@vm:~# all_reduce_perf -b 8M -e 128M -f 2 -g 2
[?2004l]633;E;all_reduce_perf\x20-b\x208M\x20-e\x20128M\x20-f\x202\x20-g\x202;3173b1bac557df6c90a571a712becddf]133;C;aid=1495;n=1;h=2;t=1796305960.459185;k=3173b1bac557df6c90a571a712becddf# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 134217728 step: 2(factor) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   1552 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   1552 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
     8388608       2097152     float     sum      -1   639.22   13.12   13.12       0   642.57   13.05   13.05       0
    16777216       4194304     float     sum      -1  1285.31   13.05   13.05       0  1271.92   13.19   13.19       0
    33554432       8388608     float     sum      -1  2530.51   13.26   13.26       0  2551.81   13.15   13.15       0
    67108864      16777216     float     sum      -1  5143.91   13.05   13.05       0  5034.54   13.33   13.33       0
   134217728      33554432     float     sum      -1  10032.1   13.38   13.38       0  10314.3   13.01   13.01       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.1598 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x00128M\x00-f\x002\x00-g\x002\x00;e=;x=0;t0=1796305961.0142107;t1=1796305961.3994792;u=root;host=vm;pid=1552;ppid=1495;r=20261203T135239-1421-2feee6e3.1552.1796305961014210.run;rh=55ae81340fc8d6c5222cbd5b9414687f21c235db34a49e185d9ddee08bcc3b7b;k=3173b1bac557df6c90a571a712becddf;s=3cc5bfba1ade5aab337a23a47b99069ac3ecf864f92bd174b3901d3ef8223177531b08f55d16328dcaf8579a617a73988e76175225bfd6b959c202b68947e50f]133;D;0;aid=1495;n=1;h=2;t=1796305961.586468;ps=0;k=3173b1bac557df6c90a571a712becddf]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=1495;k=3173b1bac557df6c90a571a712becddf[?2004hroot@vm:~# lab answer why-busbw a
[?2004l]633;E;lab\x20answer\x20why-busbw\x20a;3173b1bac557df6c90a571a712becddf]133;C;aid=1495;n=2;h=3;t=1796305961.649039;k=3173b1bac557df6c90a571a712becddfAnswer 'a' for step 'why-busbw' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;T;v=2;p=lab;a=answer\x00why-busbw\x00a\x00;e=;x=0;t0=1796305962.2371614;t1=1796305962.5830483;u=root;host=vm;pid=1584;ppid=1495;r=20261203T135239-1421-2feee6e3.1584.1796305962237161.run;rh=79d8596716168c9b5b12a6a85b062027575458107bf5071131ce91377ae7842f;k=3173b1bac557df6c90a571a712becddf;s=cae62fd43caabff588f322db22b3d46637fd0d35a815c23783e108fc00b4b3530c800b1e277b7fb0af2424989a803170a2ab93634884d9ef3f058485013b9c03]133;D;0;aid=1495;n=2;h=3;t=1796305962.787183;ps=0;k=3173b1bac557df6c90a571a712becddf]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=1495;k=3173b1bac557df6c90a571a712becddf[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -b 8M -e 8M -g 2 2>&1 | grep via
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202\x202>&1\x20|\x20grep\x20via;3173b1bac557df6c90a571a712becddf]133;C;aid=1495;n=3;h=4;t=1796305963.073948;k=3173b1bac557df6c90a571a712becddfvm:1709:1737 [1] NCCL INFO Channel 00/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:1709:1736 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:1709:1737 [1] NCCL INFO Channel 01/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:1709:1736 [0] NCCL INFO Channel 01/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:1709:1737 [1] NCCL INFO Channel 02/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:1709:1736 [0] NCCL INFO Channel 02/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:1709:1737 [1] NCCL INFO Channel 03/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:1709:1736 [0] NCCL INFO Channel 03/0 : 0[0] -> 1[1] via P2P/direct pointer
]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x008M\x00-g\x002\x00;e=NCCL_DEBUG=INFO\x00;x=0;t0=1796305963.760714;t1=1796305964.0381153;u=root;host=vm;pid=1709;ppid=1495;r=20261203T135239-1421-2feee6e3.1709.1796305963760714.run;rh=c3e922732be03192f096dd2626ebca85bb450ef0b7f265fd47be90a9d32edf4d;k=3173b1bac557df6c90a571a712becddf;s=06c545fc2fe4eba60d2fe4936534ca7dc7e97e0b34cb1f0d6d8bfba25454c74cae0307cae7bcf32f6fd77ded3cfb620dedb3f34735a4c14c637b540092c6e90a]133;D;0;aid=1495;n=3;h=4;t=1796305964.266714;ps=0,0;k=3173b1bac557df6c90a571a712becddf]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=1495;k=3173b1bac557df6c90a571a712becddf[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_DEBUG=INFO all_reduce_perf -b 8M -e 8M -g 2 2>&1 | grep via
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202\x202>&1\x20|\x20grep\x20via;3173b1bac557df6c90a571a712becddf]133;C;aid=1495;n=4;h=5;t=1796305964.532631;k=3173b1bac557df6c90a571a712becddfvm:1929:1957 [1] NCCL INFO Channel 00 : 1[1] -> 0[0] via SHM/direct
vm:1929:1956 [0] NCCL INFO Channel 00 : 0[0] -> 1[1] via SHM/direct
vm:1929:1957 [1] NCCL INFO Channel 01 : 1[1] -> 0[0] via SHM/direct
vm:1929:1956 [0] NCCL INFO Channel 01 : 0[0] -> 1[1] via SHM/direct
vm:1929:1957 [1] NCCL INFO Channel 02 : 1[1] -> 0[0] via SHM/direct
vm:1929:1956 [0] NCCL INFO Channel 02 : 0[0] -> 1[1] via SHM/direct
vm:1929:1957 [1] NCCL INFO Channel 03 : 1[1] -> 0[0] via SHM/direct
vm:1929:1956 [0] NCCL INFO Channel 03 : 0[0] -> 1[1] via SHM/direct
]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x008M\x00-g\x002\x00;e=NCCL_DEBUG=INFO\x00NCCL_P2P_DISABLE=1\x00;x=0;t0=1796305965.2307246;t1=1796305965.5414517;u=root;host=vm;pid=1929;ppid=1495;r=20261203T135239-1421-2feee6e3.1929.1796305965230724.run;rh=bec1ce9e917fe1c8ba184cc7844319203de44089427d4f65eec2c8069bfc5c35;k=3173b1bac557df6c90a571a712becddf;s=82d8905ae9aa5b865aa17e6a3888936b851089b79e1772bb49a4c45341abf9bb23e672f30bb0b3939cf3eb895452e1cc6d990f70a15fc2cfd8e7c54989c6eb01]133;D;0;aid=1495;n=4;h=5;t=1796305965.799425;ps=0,0;k=3173b1bac557df6c90a571a712becddf]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=1495;k=3173b1bac557df6c90a571a712becddf[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 all_reduce_perf -b 8M -e 128M -f 2 -g 2
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20all_reduce_perf\x20-b\x208M\x20-e\x20128M\x20-f\x202\x20-g\x202;3173b1bac557df6c90a571a712becddf]133;C;aid=1495;n=5;h=6;t=1796305965.991929;k=3173b1bac557df6c90a571a712becddf# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 134217728 step: 2(factor) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   2092 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   2092 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
     8388608       2097152     float     sum      -1   938.29    8.94    8.94       0   928.74    9.03    9.03       0
    16777216       4194304     float     sum      -1  1872.06    8.96    8.96       0  1866.27    8.99    8.99       0
    33554432       8388608     float     sum      -1  3698.14    9.07    9.07       0  3704.64    9.06    9.06       0
    67108864      16777216     float     sum      -1  7397.09    9.07    9.07       0  7432.44    9.03    9.03       0
   134217728      33554432     float     sum      -1  14696.4    9.13    9.13       0  14747.0    9.10    9.10       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 9.03904 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x00128M\x00-f\x002\x00-g\x002\x00;e=NCCL_P2P_DISABLE=1\x00;x=0;t0=1796305966.7345302;t1=1796305967.0238736;u=root;host=vm;pid=2092;ppid=1495;r=20261203T135239-1421-2feee6e3.2092.1796305966734530.run;rh=c88665df2e9f1d95e5e56e01aad3b9d18efaffecb4639ef8f7da326708832d18;k=3173b1bac557df6c90a571a712becddf;s=74708930ac435e7b9b0efe1515c0dfb887f09f4c39df809349ac23a5d4711203dd54a8cc59eb59f69bf0e195f6cc9335338eca62cb77880f945ecd178b8f120d]133;D;0;aid=1495;n=5;h=6;t=1796305967.278633;ps=0;k=3173b1bac557df6c90a571a712becddf]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=1495;k=3173b1bac557df6c90a571a712becddf[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1 NCCL_IB_DISABLE=1 NCCL_DEBUG=INFO all_reduce_perf - b 8M -e 8M -g 2 2>&1 | grep via
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_SHM_DISABLE=1\x20NCCL_IB_DISABLE=1\x20NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202\x202>&1\x20|\x20grep\x20via;3173b1bac557df6c90a571a712becddf]133;C;aid=1495;n=6;h=7;t=1796305967.570318;k=3173b1bac557df6c90a571a712becddfvm:2154:2182 [1] NCCL INFO Channel 00/0 : 1[1] -> 0[0] [send] via NET/Socket/0
vm:2154:2182 [1] NCCL INFO Channel 00/0 : 0[0] -> 1[1] [receive] via NET/Socket/0
vm:2154:2181 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] [send] via NET/Socket/0
vm:2154:2181 [0] NCCL INFO Channel 00/0 : 1[1] -> 0[0] [receive] via NET/Socket/0
vm:2154:2182 [1] NCCL INFO Channel 01/0 : 1[1] -> 0[0] [send] via NET/Socket/0
vm:2154:2182 [1] NCCL INFO Channel 01/0 : 0[0] -> 1[1] [receive] via NET/Socket/0
vm:2154:2181 [0] NCCL INFO Channel 01/0 : 0[0] -> 1[1] [send] via NET/Socket/0
vm:2154:2181 [0] NCCL INFO Channel 01/0 : 1[1] -> 0[0] [receive] via NET/Socket/0
vm:2154:2182 [1] NCCL INFO Channel 02/0 : 1[1] -> 0[0] [send] via NET/Socket/0
vm:2154:2182 [1] NCCL INFO Channel 02/0 : 0[0] -> 1[1] [receive] via NET/Socket/0
vm:2154:2181 [0] NCCL INFO Channel 02/0 : 0[0] -> 1[1] [send] via NET/Socket/0
vm:2154:2181 [0] NCCL INFO Channel 02/0 : 1[1] -> 0[0] [receive] via NET/Socket/0
vm:2154:2182 [1] NCCL INFO Channel 03/0 : 1[1] -> 0[0] [send] via NET/Socket/0
vm:2154:2182 [1] NCCL INFO Channel 03/0 : 0[0] -> 1[1] [receive] via NET/Socket/0
vm:2154:2181 [0] NCCL INFO Channel 03/0 : 0[0] -> 1[1] [send] via NET/Socket/0
vm:2154:2181 [0] NCCL INFO Channel 03/0 : 1[1] -> 0[0] [receive] via NET/Socket/0
]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x008M\x00-g\x002\x00;e=NCCL_DEBUG=INFO\x00NCCL_IB_DISABLE=1\x00NCCL_P2P_DISABLE=1\x00NCCL_SHM_DISABLE=1\x00;x=0;t0=1796305968.2733107;t1=1796305968.6643014;u=root;host=vm;pid=2154;ppid=1495;r=20261203T135239-1421-2feee6e3.2154.1796305968273310.run;rh=0fa246501015b46ea82e0928442ef9c98561f25a819472c7781b03c95943a146;k=3173b1bac557df6c90a571a712becddf;s=1a1db6d7f820a59e05d942e10c0e67867d2ffba3bfed227a116fe7b3720483b5502ad18c41ffd7fc62e925536bcb68c8e2e308df16398a13bf8a6227479e7b0f]133;D;0;aid=1495;n=6;h=7;t=1796305968.917257;ps=0,0;k=3173b1bac557df6c90a571a712becddf]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=1495;k=3173b1bac557df6c90a571a712becddf[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1 NCCL_IB_DISABLE=1 all_reduce_perf -b 8M -e 128M -f 2 -g 2 | tee socket.txt
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_SHM_DISABLE=1\x20NCCL_IB_DISABLE=1\x20all_reduce_perf\x20-b\x208M\x20-e\x20128M\x20-f\x202\x20-g\x202\x20|\x20tee\x20socket.txt;3173b1bac557df6c90a571a712becddf]133;C;aid=1495;n=7;h=8;t=1796305970.309737;k=3173b1bac557df6c90a571a712becddf# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 134217728 step: 2(factor) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   2384 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   2384 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
     8388608       2097152     float     sum      -1  3703.54    2.27    2.27       0  3678.92    2.28    2.28       0
    16777216       4194304     float     sum      -1  7378.27    2.27    2.27       0  7332.82    2.29    2.29       0
    33554432       8388608     float     sum      -1  14516.9    2.31    2.31       0  14643.0    2.29    2.29       0
    67108864      16777216     float     sum      -1  28919.1    2.32    2.32       0  29157.5    2.30    2.30       0
   134217728      33554432     float     sum      -1  57939.8    2.32    2.32       0  57794.0    2.32    2.32       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 2.2971 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x00128M\x00-f\x002\x00-g\x002\x00;e=NCCL_IB_DISABLE=1\x00NCCL_P2P_DISABLE=1\x00NCCL_SHM_DISABLE=1\x00;x=0;t0=1796305970.9294958;t1=1796305971.2809458;u=root;host=vm;pid=2384;ppid=1495;r=20261203T135239-1421-2feee6e3.2384.1796305970929495.run;rh=39980ec7ec2ac1359143551cccd55f1206415e285c755fd537abdfce9886627c;k=3173b1bac557df6c90a571a712becddf;s=e7260c6b31aae95a722d0b34531f1d296579827cde882865bd7afce7af10248b3270013dbb81eae5f32e5eff622d7dc8bdc30a428137c05b00bb4c51c26f250f]133;D;0;aid=1495;n=7;h=8;t=1796305971.502520;ps=0,0;k=3173b1bac557df6c90a571a712becddf]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=1495;k=3173b1bac557df6c90a571a712becddf[?2004hroot@vm:~# echo busbw=$(awk '$1 == 134217728 {print $8}' socket.txt)
[?2004l]633;E;echo\x20busbw=$(awk\x20'$1\x20==\x20134217728\x20{print\x20$8}'\x20socket.txt);3173b1bac557df6c90a571a712becddf]133;C;aid=1495;n=8;h=9;t=1796305972.003436;k=3173b1bac557df6c90a571a712becddfbusbw=2.32
]133;D;0;aid=1495;n=8;h=9;t=1796305972.015600;ps=0;k=3173b1bac557df6c90a571a712becddf]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=1495;k=3173b1bac557df6c90a571a712becddf[?2004hroot@vm:~# lab answer slow-job b
[?2004l]633;E;lab\x20answer\x20slow-job\x20b;3173b1bac557df6c90a571a712becddf]133;C;aid=1495;n=9;h=10;t=1796305972.238779;k=3173b1bac557df6c90a571a712becddfAnswer 'b' for step 'slow-job' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;T;v=2;p=lab;a=answer\x00slow-job\x00b\x00;e=;x=0;t0=1796305972.9252708;t1=1796305973.3552287;u=root;host=vm;pid=2509;ppid=1495;r=20261203T135239-1421-2feee6e3.2509.1796305972925270.run;rh=9d73078db2b1e0b4d12647323f9178827bfcf62029f7b7bb2576bd5ce0080562;k=3173b1bac557df6c90a571a712becddf;s=d7e0cbf57ae3cba47be671659ed356897d29d2d82aa0ec3e18e494d1cf0288c39f6a25639ad65d73e583c947c47c9c40ed24d36805d22993ee11399ed3b3e80d]133;D;0;aid=1495;n=9;h=10;t=1796305973.587307;ps=0;k=3173b1bac557df6c90a571a712becddf]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=1495;k=3173b1bac557df6c90a571a712becddf[?2004hroot@vm:~# all_reduce_perf -b 8M -e 128M -f 2 -g 2 | grep 'Avg bus bandwidth'
[?2004l]633;E;all_reduce_perf\x20-b\x208M\x20-e\x20128M\x20-f\x202\x20-g\x202\x20|\x20grep\x20'Avg\x20bus\x20bandwidth';3173b1bac557df6c90a571a712becddf]133;C;aid=1495;n=10;h=11;t=1796305974.432516;k=3173b1bac557df6c90a571a712becddf# Avg bus bandwidth    : 13.1581 
]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x00128M\x00-f\x002\x00-g\x002\x00;e=;x=0;t0=1796305975.286539;t1=1796305975.735007;u=root;host=vm;pid=2628;ppid=1495;r=20261203T135239-1421-2feee6e3.2628.1796305975286539.run;rh=316cf8c0fe6fc26c25b5f29afc4b81530625b75f6aaeff90c3a9a14402e815f3;k=3173b1bac557df6c90a571a712becddf;s=0fa07e367467bb45c909e163fe6fd69ec97d44f77c934e883607c8528d7c47a3204bdcc5e24060a2c897c62fbeeed15b64a3203ecb9e9faace4f2bf5cf35ff09]133;D;0;aid=1495;n=10;h=11;t=1796305976.011835;ps=0,0;k=3173b1bac557df6c90a571a712becddf]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=1495;k=3173b1bac557df6c90a571a712becddf[?2004hroot@vm:~# exit
[?2004l]633;E;exit;3173b1bac557df6c90a571a712becddf]133;C;aid=1495;n=11;h=12;t=1796305976.100437;k=3173b1bac557df6c90a571a712becddfexit

Script done on 2026-12-03 13:52:56+00:00 [COMMAND_EXIT_CODE="0"]
