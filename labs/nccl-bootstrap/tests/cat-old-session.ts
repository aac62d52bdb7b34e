Script started on 2026-12-03 13:55:15+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/3" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=15642;n=0;h=1;t=1796306115.857859;ps=1;k=6234bc0b3086154c8cc2d1019375add0]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=15642;k=6234bc0b3086154c8cc2d1019375add0[?2004hroot@vm:~# cat old-session.ts
[?2004l]633;E;cat\x20old-session.ts;6234bc0b3086154c8cc2d1019375add0]133;C;aid=15642;n=1;h=2;t=1796306115.958532;k=6234bc0b3086154c8cc2d1019375add0Script started on 2026-11-29 18:08:20+00:00 [COMMAND="exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/0" COLUMNS="100" LINES="24"]
]133;D;0;aid=1594;n=0;h=1;t=1795975700.694828;ps=0;k=6e7220cb00601b195a0356b4ece12767]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=1594;k=6e7220cb00601b195a0356b4ece12767[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202;6e7220cb00601b195a0356b4ece12767]133;C;aid=1594;n=1;h=2;t=1795975700.859896;k=6e7220cb00601b195a0356b4ece12767# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   1638 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   1638 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation

[2026-11-29 18:08:21] vm:1638:1638 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
vm: Test NCCL failure common.cu:1550 'invalid usage (run with NCCL_DEBUG=WARN for details) / '
 .. vm pid 1638: Test failure common.cu:1454
]133;D;3;aid=1594;n=1;h=2;t=1795975701.110348;ps=3;k=6e7220cb00601b195a0356b4ece12767]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=1594;k=6e7220cb00601b195a0356b4ece12767[?2004hroot@vm:~# lab answer why-socket a
[?2004l]633;E;lab\x20answer\x20why-socket\x20a;6e7220cb00601b195a0356b4ece12767]133;C;aid=1594;n=2;h=3;t=1795975701.176492;k=6e7220cb00601b195a0356b4ece12767Answer 'a' for step 'why-socket' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;D;0;aid=1594;n=2;h=3;t=1795975701.296925;ps=0;k=6e7220cb00601b195a0356b4ece12767]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=1594;k=6e7220cb00601b195a0356b4ece12767[?2004hroot@vm:~# nvidia-smi topo -m
[?2004l]633;E;nvidia-smi\x20topo\x20-m;6e7220cb00601b195a0356b4ece12767]133;C;aid=1594;n=3;h=4;t=1795975701.366462;k=6e7220cb00601b195a0356b4ece12767	GPU0	GPU1	CPU Affinity	NUMA Affinity	GPU NUMA ID
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
]133;D;0;aid=1594;n=3;h=4;t=1795975701.541124;ps=0;k=6e7220cb00601b195a0356b4ece12767]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=1594;k=6e7220cb00601b195a0356b4ece12767[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202;6e7220cb00601b195a0356b4ece12767]133;C;aid=1594;n=4;h=5;t=1795975701.756900;k=6e7220cb00601b195a0356b4ece12767# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   1762 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   1762 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation

[2026-11-29 18:08:22] vm:1762:1762 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
vm: Test NCCL failure common.cu:1550 'invalid usage (run with NCCL_DElsBUG=WARN for details) / '
 .. vm pid 1762: Test failure common.cu:1454
]133;D;3;aid=1594;n=4;h=5;t=1795975702.044370;ps=3;k=6e7220cb00601b195a0356b4ece12767]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=1594;k=6e7220cb00601b195a0356b4ece12767[?2004hroot@vm:~# echo $?
[?2004l]633;E;echo\x20$?;6e7220cb00601b195a0356b4ece12767]133;C;aid=1594;n=5;h=6;t=1795975702.087907;k=6e7220cb00601b195a0356b4ece127673
]133;D;0;aid=1594;n=5;h=6;t=1795975702.091104;ps=0;k=6e7220cb00601b195a0356b4ece12767]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=1594;k=6e7220cb00601b195a0356b4ece12767[?2004hroot@vm:~# lab answer why-gpus-first b
[?2004l]633;E;lab\x20answer\x20why-gpus-first\x20b;6e7220cb00601b195a0356b4ece12767]133;C;aid=1594;n=6;h=7;t=1795975702.183888;k=6e7220cb00601b195a0356b4ece12767Answer 'b' for step 'why-gpus-first' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;D;0;aid=1594;n=6;h=7;t=1795975702.322483;ps=0;k=6e7220cb00601b195a0356b4ece12767]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=1594;k=6e7220cb00601b195a0356b4ece12767[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep 'NET/Socket'
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20'NET/Socket';6e7220cb00601b195a0356b4ece12767]133;C;aid=1594;n=7;h=8;t=1795975702.519309;k=6e7220cb00601b195a0356b4ece12767vm:1896:1916 [0] NCCL INFO NET/Socket : Using [0]eth0:192.0.2.2<0> [1]veth727ed77:fe80::49f:fbff:fec1:6f70%veth727ed77<0>
]133;D;0;aid=1594;n=7;h=8;t=1795975702.862206;ps=0,0;k=6e7220cb00601b195a0356b4ece12767]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=1594;k=6e7220cb00601b195a0356b4ece12767[?2004hroot@vm:~# lab answer why-container c
[?2004l]633;E;lab\x20answer\x20why-container\x20c;6e7220cb00601b195a0356b4ece12767]133;C;aid=1594;n=8;h=9;t=1795975702.953693;k=6e7220cb00601b195a0356b4ece12767Answer 'c' for step 'why-container' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;D;0;aid=1594;n=8;h=9;t=1795975703.126892;ps=0;k=6e7220cb00601b195a0356b4ece12767]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=1594;k=6e7220cb00601b195a0356b4ece12767[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep 'NET/IB'
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20'NET/IB';6e7220cb00601b195a0356b4ece12767]133;C;aid=1594;n=9;h=10;t=1795975703.330332;k=6e7220cb00601b195a0356b4ece12767vm:2019:2039 [0] NCCL INFO NET/IB : No device found.
vm:2019:2039 [0] NCCL INFO NET/IB : Using [RO]; OOB eth0:192.0.2.2<0>
]133;D;0;aid=1594;n=9;h=10;t=1795975703.707118;ps=0,0;k=6e7220cb00601b195a0356b4ece12767]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=1594;k=6e7220cb00601b195a0356b4ece12767[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2 2>&1 | grep 'NCCL WARN' [A[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[K'
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202\x202>&1\x20|\x20grep\x20'NCCL\x20WARN';6e7220cb00601b195a0356b4ece12767]133;C;aid=1594;n=10;h=11;t=1795975703.935789;k=6e7220cb00601b195a0356b4ece12767[2026-11-29 18:08:24] vm:2094:2094 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
]133;D;0;aid=1594;n=10;h=11;t=1795975704.222059;ps=3,0;k=6e7220cb00601b195a0356b4ece12767]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=1594;k=6e7220cb00601b195a0356b4ece12767[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep 'via P2P'
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20'via\x20P2P';6e7220cb00601b195a0356b4ece12767]133;C;aid=1594;n=11;h=12;t=1795975704.405174;k=6e7220cb00601b195a0356b4ece12767vm:2115:2143 [1] NCCL INFO Channel 00/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:2115:2142 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:2115:2143 [1] NCCL INFO Channel 01/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:2115:2142 [0] NCCL INFO Channel 01/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:2115:2143 [1] NCCL INFO Channel 02/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:2115:2142 [0] NCCL INFO Channel 02/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:2115:2143 [1] NCCL INFO Channel 03/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:2115:2142 [0] NCCL INFO Channel 03/0 : 0[0] -> 1[1] via P2P/direct pointer
]133;D;0;aid=1594;n=11;h=12;t=1795975704.649671;ps=0,0;k=6e7220cb00601b195a0356b4ece12767]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=1594;k=6e7220cb00601b195a0356b4ece12767[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=eth0 all_reduce_perf -b 8M -e 128M -f 2 -g 2
[?2004l]633;E;NCCL_SOCKET_IFNAME=eth0\x20all_reduce_perf\x20-b\x208M\x20-e\x20128M\x20-f\x202\x20-g\x202;6e7220cb00601b195a0356b4ece12767]133;C;aid=1594;n=12;h=13;t=1795975704.840477;k=6e7220cb00601b195a0356b4ece12767# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 134217728 step: 2(factor) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   2123 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   2123 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
NCCL version 2.30.7+cuda13.0
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
     8388608       2097152     float     sum      -1   643.72   13.03   13.03       0   652.27   12.86   12.86       0
    16777216       4194304     float     sum      -1  1287.67   13.03   13.03       0  1290.64   13.00   13.00       0
    33554432       8388608     float     sum      -1  2518.01   13.33   13.33       0  2530.56   13.26   13.26       0
    67108864      16777216     float     sum      -1  5023.60   13.36   13.36       0  5034.85   13.33   13.33       0
   134217728      33554432     float     sum      -1  10116.6   13.27   13.27       0  10105.6   13.28   13.28       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.1742 
#
# Collective test concluded: all_reduce_perf

]133;D;0;aid=1594;n=12;h=13;t=1795975705.166820;ps=0;k=6e7220cb00601b195a0356b4ece12767]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=1594;k=6e7220cb00601b195a0356b4ece12767[?2004hroot@vm:~# exit
[?2004l]633;E;exit;6e7220cb00601b195a0356b4ece12767]133;C;aid=1594;n=13;h=14;t=1795975705.222931;k=6e7220cb00601b195a0356b4ece12767exit
exit

Script done on 2026-11-29 18:08:25+00:00 [COMMAND_EXIT_CODE="0"]
]133;D;0;aid=15642;n=1;h=2;t=1796306115.972017;ps=0;k=6234bc0b3086154c8cc2d1019375add0]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=15642;k=6234bc0b3086154c8cc2d1019375add0[?2004hroot@vm:~# ls
[?2004lxit]633;E;ls;6234bc0b3086154c8cc2d1019375add0]133;C;aid=15642;n=2;h=3;t=1796306115.988815;k=6234bc0b3086154c8cc2d1019375add0
exit
old-session.ts
]133;D;0;aid=15642;n=2;h=3;t=1796306116.011549;ps=0;k=6234bc0b3086154c8cc2d1019375add0]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=15642;k=6234bc0b3086154c8cc2d1019375add0[?2004hroot@vm:~# exit
[?2004l]633;E;exit;6234bc0b3086154c8cc2d1019375add0]133;C;aid=15642;n=3;h=4;t=1796306116.035460;k=6234bc0b3086154c8cc2d1019375add0exit

Script done on 2026-12-03 13:55:16+00:00 [COMMAND_EXIT_CODE="0"]
