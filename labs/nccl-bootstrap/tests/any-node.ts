Script started on 2026-12-01 10:54:09+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/0" COLUMNS="100" LINES="24"]
]133;D;0;aid=5966;n=0;h=1;t=1796122449.731178;ps=1;k=d23549a5b3a0a544330c29709b411f4b]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=5966;k=d23549a5b3a0a544330c29709b411f4b[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202;d23549a5b3a0a544330c29709b411f4b]133;C;aid=5966;n=1;h=2;t=1796122449.871440;k=d23549a5b3a0a544330c29709b411f4b# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   5973 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   5973 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation

[2026-12-01 10:54:09] vm:5973:5973 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
vm: Test NCCL failure common.cu:1550 'invalid usage (run with NCCL_DEBUG=WARN for details) / '
 .. vm pid 5973: Test failure common.cu:1454
]133;D;3;aid=5966;n=1;h=2;t=1796122449.945408;ps=3;k=d23549a5b3a0a544330c29709b411f4b]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=5966;k=d23549a5b3a0a544330c29709b411f4b[?2004hroot@vm:~# lab answer why-socket a
[?2004l]633;E;lab\x20answer\x20why-socket\x20a;d23549a5b3a0a544330c29709b411f4b]133;C;aid=5966;n=2;h=3;t=1796122449.997473;k=d23549a5b3a0a544330c29709b411f4bAnswer 'a' for step 'why-socket' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;D;0;aid=5966;n=2;h=3;t=1796122450.060380;ps=0;k=d23549a5b3a0a544330c29709b411f4b]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=5966;k=d23549a5b3a0a544330c29709b411f4b[?2004hroot@vm:~# nvidia-smi topo -m
[?2004l]633;E;nvidia-smi\x20topo\x20-m;d23549a5b3a0a544330c29709b411f4b]133;C;aid=5966;n=3;h=4;t=1796122450.102022;k=d23549a5b3a0a544330c29709b411f4b	GPU0	GPU1	CPU Affinity	NUMA Affinity	GPU NUMA ID
GPU0	 X 	PHB	0-7	0		N/A
GPU1	PHB	 X 	0-7	0		N/A

Legend:

  X    = Self
  SYS  = Connection traversing PCIe as well as the SMP interconnect between NUMA nodes (e.g., QPI/UPI)
  NODE = Connection traversing PCIe as well as the interconnect between PCIe Host Bridges within a NUMA node
  PHB  = Connection traversing PCIe as well as a PCIe Host Bridge (typically the CPU)
  PXB  = Connection traversing multiple PCIe bridges (without traversing the PCIe Host Bridge)
  PIX  = Connection traversing at most a single PCIe bridge
  NV#  = Connection traversing a bonded set of # NVLinks
]133;D;0;aid=5966;n=3;h=4;t=1796122450.139304;ps=0;k=d23549a5b3a0a544330c29709b411f4b]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=5966;k=d23549a5b3a0a544330c29709b411f4b[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202;d23549a5b3a0a544330c29709b411f4b]133;C;aid=5966;n=4;h=5;t=1796122450.280594;k=d23549a5b3a0a544330c29709b411f4b# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   5982 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   5982 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation

[2026-12-01 10:54:10] vm:5982:5982 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
vm: Test NCCL failure common.cu:1550 'invalid usage (run with NCCL_DEBUG=WARN for details) / '
 .. vm pid 5982: Test failure common.cu:1454
]133;D;3;aid=5966;n=4;h=5;t=1796122450.331459;ps=3;k=d23549a5b3a0a544330c29709b411f4b]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=5966;k=d23549a5b3a0a544330c29709b411f4b[?2004hroot@vm:~# echo $?
[?2004l]633;E;echo\x20$?;d23549a5b3a0a544330c29709b411f4b]133;C;aid=5966;n=5;h=6;t=1796122450.369757;k=d23549a5b3a0a544330c29709b411f4b3
]133;D;0;aid=5966;n=5;h=6;t=1796122450.370396;ps=0;k=d23549a5b3a0a544330c29709b411f4b]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=5966;k=d23549a5b3a0a544330c29709b411f4b[?2004hroot@vm:~# lab answer why-gpus-first b
[?2004l]633;E;lab\x20answer\x20why-gpus-first\x20b;d23549a5b3a0a544330c29709b411f4b]133;C;aid=5966;n=6;h=7;t=1796122450.431033;k=d23549a5b3a0a544330c29709b411f4bAnswer 'b' for step 'why-gpus-first' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;D;0;aid=5966;n=6;h=7;t=1796122450.490184;ps=0;k=d23549a5b3a0a544330c29709b411f4b]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=5966;k=d23549a5b3a0a544330c29709b411f4b[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep -E 'NET/Socket|Bootstrap '
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20-E\x20'NET/Socket|Bootstrap';d23549a5b3a0a544330c29709b411f4b]133;C;aid=5966;n=7;h=8;t=1796122450.683554;k=d23549a5b3a0a544330c29709b411f4bvm:5990:5990 [0] NCCL INFO Bootstrap: Using eth0:192.0.2.2<0>
vm:5990:6010 [0] NCCL INFO NET/Socket : Using [0]eth0:192.0.2.2<0> [1]br-494b5bfafd49:172.18.0.1<0> [2]veth077623e:fe80::30f6:4dff:fe05:1c8%veth077623e<0> [3]veth946d1b5:fe80::24e7:a7ff:feb5:ef4d%veth946d1b5<0> [4]vethc3b5013:fe80::2062:c9ff:fef2:2e4c%vethc3b5013<0>
]133;D;0;aid=5966;n=7;h=8;t=1796122450.733298;ps=0,0;k=d23549a5b3a0a544330c29709b411f4b]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=5966;k=d23549a5b3a0a544330c29709b411f4b[?2004hroot@vm:~# lab answer why-container c
[?2004l]633;E;lab\x20answer\x20why-container\x20c;d23549a5b3a0a544330c29709b411f4b]133;C;aid=5966;n=8;h=9;t=1796122450.790636;k=d23549a5b3a0a544330c29709b411f4bAnswer 'c' for step 'why-container' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;D;0;aid=5966;n=8;h=9;t=1796122450.835247;ps=0;k=d23549a5b3a0a544330c29709b411f4b]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=5966;k=d23549a5b3a0a544330c29709b411f4b[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep 'NET/IB'
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20'NET/IB';d23549a5b3a0a544330c29709b411f4b]133;C;aid=5966;n=9;h=10;t=1796122450.992613;k=d23549a5b3a0a544330c29709b411f4bvm:5997:6017 [0] NCCL INFO NET/IB : No device found.
vm:5997:6017 [0] NCCL INFO NET/IB : Using [RO]; OOB eth0:192.0.2.2<0>
]133;D;0;aid=5966;n=9;h=10;t=1796122451.065023;ps=0,0;k=d23549a5b3a0a544330c29709b411f4b]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=5966;k=d23549a5b3a0a544330c29709b411f4b[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2 2>&1 | grep 'NCCL WARN' [A[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[K'
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202\x202>&1\x20|\x20grep\x20'NCCL\x20WARN';d23549a5b3a0a544330c29709b411f4b]133;C;aid=5966;n=10;h=11;t=1796122451.257106;k=d23549a5b3a0a544330c29709b411f4b[2026-12-01 10:54:11] vm:6020:6020 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
]133;D;0;aid=5966;n=10;h=11;t=1796122451.324966;ps=3,0;k=d23549a5b3a0a544330c29709b411f4b]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=5966;k=d23549a5b3a0a544330c29709b411f4b[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep 'via P2P'
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20'via\x20P2P';d23549a5b3a0a544330c29709b411f4b]133;C;aid=5966;n=11;h=12;t=1796122451.485297;k=d23549a5b3a0a544330c29709b411f4bvm:6024:6052 [1] NCCL INFO Channel 00/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:6024:6051 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:6024:6052 [1] NCCL INFO Channel 01/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:6024:6051 [0] NCCL INFO Channel 01/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:6024:6052 [1] NCCL INFO Channel 02/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:6024:6051 [0] NCCL INFO Channel 02/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:6024:6052 [1] NCCL INFO Channel 03/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:6024:6051 [0] NCCL INFO Channel 03/0 : 0[0] -> 1[1] via P2P/direct pointer
]133;D;0;aid=5966;n=11;h=12;t=1796122451.557047;ps=0,0;k=d23549a5b3a0a544330c29709b411f4b]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=5966;k=d23549a5b3a0a544330c29709b411f4b[?2004hroot@vm:~# NCCL_SOCKET_IFNAME==eth0 all_reduce_perf -b 8M -e 128M -f 2 -g 2
[?2004l]633;E;NCCL_SOCKET_IFNAME==eth0\x20all_reduce_perf\x20-b\x208M\x20-e\x20128M\x20-f\x202\x20-g\x202;d23549a5b3a0a544330c29709b411f4b]133;C;aid=5966;n=12;h=13;t=1796122451.706352;k=d23549a5b3a0a544330c29709b411f4b# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 134217728 step: 2(factor) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   6028 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   6028 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
NCCL version 2.30.7+cuda13.0
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
     8388608       2097152     float     sum      -1   650.48   12.90   12.90       0   651.69   12.87   12.87       0
    16777216       4194304     float     sum      -1  1284.62   13.06   13.06       0  1267.02   13.24   13.24       0
    33554432       8388608     float     sum      -1  2573.39   13.04   13.04       0  2571.74   13.05   13.05       0
    67108864      16777216     float     sum      -1  5099.82   13.16   13.16       0  5170.62   12.98   12.98       0
   134217728      33554432     float     sum      -1  10199.3   13.16   13.16       0  10315.2   13.01   13.01       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.0465 
#
# Collective test concluded: all_reduce_perf

]133;D;0;aid=5966;n=12;h=13;t=1796122451.772154;ps=0;k=d23549a5b3a0a544330c29709b411f4b]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=5966;k=d23549a5b3a0a544330c29709b411f4b[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;d23549a5b3a0a544330c29709b411f4b]133;C;aid=5966;n=13;h=14;t=1796122451.804087;k=d23549a5b3a0a544330c29709b411f4bexit

Script done on 2026-12-01 10:54:11+00:00 [COMMAND_EXIT_CODE="0"]
