Script started on 2026-11-29 18:08:20+00:00 [COMMAND="exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/0" COLUMNS="100" LINES="24"]
]133;D;0;aid=1491;n=0;h=1;t=1795975700.220940;ps=0;k=cf918774bd19e0230ad15ee2a07fb83e]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=1491;k=cf918774bd19e0230ad15ee2a07fb83e[?2004hroot@vm:~# cat old-session.ts
[?2004l]633;E;cat\x20old-session.ts;cf918774bd19e0230ad15ee2a07fb83e]133;C;aid=1491;n=1;h=2;t=1795975700.269168;k=cf918774bd19e0230ad15ee2a07fb83eScript started on 2026-11-29 18:08:06+00:00 [COMMAND="exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/0" COLUMNS="100" LINES="24"]
]133;D;0;aid=32091;n=0;h=1;t=1795975686.187040;ps=0;k=b8d8e5ab57326ea310ffa8550c3e0d62]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=32091;k=b8d8e5ab57326ea310ffa8550c3e0d62[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202;b8d8e5ab57326ea310ffa8550c3e0d62]133;C;aid=32091;n=1;h=2;t=1795975686.360961;k=b8d8e5ab57326ea310ffa8550c3e0d62# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  32138 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  32138 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation

[2026-11-29 18:08:06] vm:32138:32138 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
vm: Test NCCL failure common.cu:1550 'invalid usage (run with NCCL_DEBUG=WARN for details) / '
 .. vm pid 32138: Test failure common.cu:1454
]133;D;3;aid=32091;n=1;h=2;t=1795975686.501616;ps=3;k=b8d8e5ab57326ea310ffa8550c3e0d62]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=32091;k=b8d8e5ab57326ea310ffa8550c3e0d62[?2004hroot@vm:~# lab answer why-socket a
[?2004l]633;E;lab\x20answer\x20why-socket\x20a;b8d8e5ab57326ea310ffa8550c3e0d62]133;C;aid=32091;n=2;h=3;t=1795975686.552600;k=b8d8e5ab57326ea310ffa8550c3e0d62Answer 'a' for step 'why-socket' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;D;0;aid=32091;n=2;h=3;t=1795975686.599525;ps=0;k=b8d8e5ab57326ea310ffa8550c3e0d62]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=32091;k=b8d8e5ab57326ea310ffa8550c3e0d62[?2004hroot@vm:~# nvidia-smi topo -m
[?2004l]633;E;nvidia-smi\x20topo\x20-m;b8d8e5ab57326ea310ffa8550c3e0d62]133;C;aid=32091;n=3;h=4;t=1795975686.663682;k=b8d8e5ab57326ea310ffa8550c3e0d62	GPU0	GPU1	CPU Affinity	NUMA Affinity	GPU NUMA ID
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
]133;D;0;aid=32091;n=3;h=4;t=1795975686.750776;ps=0;k=b8d8e5ab57326ea310ffa8550c3e0d62]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=32091;k=b8d8e5ab57326ea310ffa8550c3e0d62[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202;b8d8e5ab57326ea310ffa8550c3e0d62]133;C;aid=32091;n=4;h=5;t=1795975686.918147;k=b8d8e5ab57326ea310ffa8550c3e0d62# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  32179 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  32179 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation

[2026-11-29 18:08:07] vm:32179:32179 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
vm: Test NCCL failure common.cu:1550 'invalid usage l(run with NCCL_DEBUG=WARN for details) / '
 .. vm pid 32179: Test failure common.cu:1454
]133;D;3;aid=32091;n=4;h=5;t=1795975687.070788;ps=3;k=b8d8e5ab57326ea310ffa8550c3e0d62]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=32091;k=b8d8e5ab57326ea310ffa8550c3e0d62[?2004hroot@vm:~# echo $?
[?2004l]633;E;echo\x20$?;b8d8e5ab57326ea310ffa8550c3e0d62]133;C;aid=32091;n=5;h=6;t=1795975687.111138;k=b8d8e5ab57326ea310ffa8550c3e0d623
]133;D;0;aid=32091;n=5;h=6;t=1795975687.111518;ps=0;k=b8d8e5ab57326ea310ffa8550c3e0d62]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=32091;k=b8d8e5ab57326ea310ffa8550c3e0d62[?2004hroot@vm:~# lab answer why-gpus-first b
[?2004l]633;E;lab\x20answer\x20why-gpus-first\x20b;b8d8e5ab57326ea310ffa8550c3e0d62]133;C;aid=32091;n=6;h=7;t=1795975687.175668;k=b8d8e5ab57326ea310ffa8550c3e0d62Answer 'b' for step 'why-gpus-first' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;D;0;aid=32091;n=6;h=7;t=1795975687.254773;ps=0;k=b8d8e5ab57326ea310ffa8550c3e0d62]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=32091;k=b8d8e5ab57326ea310ffa8550c3e0d62[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep 'NET/Socket'
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20'NET/Socket';b8d8e5ab57326ea310ffa8550c3e0d62]133;C;aid=32091;n=7;h=8;t=1795975687.439870;k=b8d8e5ab57326ea310ffa8550c3e0d62vm:32188:32208 [0] NCCL INFO NET/Socket : Using [0]eth0:192.0.2.2<0>
]133;D;0;aid=32091;n=7;h=8;t=1795975687.635093;ps=0,0;k=b8d8e5ab57326ea310ffa8550c3e0d62]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=32091;k=b8d8e5ab57326ea310ffa8550c3e0d62[?2004hroot@vm:~# lab answer why-container c
[?2004l]633;E;lab\x20answer\x20why-container\x20c;b8d8e5ab57326ea310ffa8550c3e0d62]133;C;aid=32091;n=8;h=9;t=1795975687.723101;k=b8d8e5ab57326ea310ffa8550c3e0d62Answer 'c' for step 'why-container' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;D;0;aid=32091;n=8;h=9;t=1795975687.863079;ps=0;k=b8d8e5ab57326ea310ffa8550c3e0d62]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=32091;k=b8d8e5ab57326ea310ffa8550c3e0d62[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep 'NET/IB'
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20'NET/IB';b8d8e5ab57326ea310ffa8550c3e0d62]133;C;aid=32091;n=9;h=10;t=1795975688.041180;k=b8d8e5ab57326ea310ffa8550c3e0d62vm:32209:32229 [0] NCCL INFO NET/IB : No device found.
vm:32209:32229 [0] NCCL INFO NET/IB : Using [RO]; OOB eth0:192.0.2.2<0>
]133;D;0;aid=32091;n=9;h=10;t=1795975688.207022;ps=0,0;k=b8d8e5ab57326ea310ffa8550c3e0d62]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=32091;k=b8d8e5ab57326ea310ffa8550c3e0d62[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2 2>&1 | grep 'NCCL WARN' [A[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[K'
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202\x202>&1\x20|\x20grep\x20'NCCL\x20WARN';b8d8e5ab57326ea310ffa8550c3e0d62]133;C;aid=32091;n=10;h=11;t=1795975688.403895;k=b8d8e5ab57326ea310ffa8550c3e0d62[2026-11-29 18:08:08] vm:32224:32224 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
]133;D;0;aid=32091;n=10;h=11;t=1795975688.512872;ps=3,0;k=b8d8e5ab57326ea310ffa8550c3e0d62]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=32091;k=b8d8e5ab57326ea310ffa8550c3e0d62[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep 'via P2P'
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20'via\x20P2P';b8d8e5ab57326ea310ffa8550c3e0d62]133;C;aid=32091;n=11;h=12;t=1795975688.672784;k=b8d8e5ab57326ea310ffa8550c3e0d62vm:32237:32265 [1] NCCL INFO Channel 00/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:32237:32264 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:32237:32265 [1] NCCL INFO Channel 01/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:32237:32264 [0] NCCL INFO Channel 01/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:32237:32265 [1] NCCL INFO Channel 02/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:32237:32264 [0] NCCL INFO Channel 02/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:32237:32265 [1] NCCL INFO Channel 03/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:32237:32264 [0] NCCL INFO Channel 03/0 : 0[0] -> 1[1] via P2P/direct pointer
]133;D;0;aid=32091;n=11;h=12;t=1795975688.745085;ps=0,0;k=b8d8e5ab57326ea310ffa8550c3e0d62]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=32091;k=b8d8e5ab57326ea310ffa8550c3e0d62[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=eth0 all_reduce_perf -b 8M -e 128M -f 2 -g 2
[?2004l]633;E;NCCL_SOCKET_IFNAME=eth0\x20all_reduce_perf\x20-b\x208M\x20-e\x20128M\x20-f\x202\x20-g\x202;b8d8e5ab57326ea310ffa8550c3e0d62]133;C;aid=32091;n=12;h=13;t=1795975688.879988;k=b8d8e5ab57326ea310ffa8550c3e0d62# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 134217728 step: 2(factor) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  32242 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  32242 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
NCCL version 2.30.7+cuda13.0
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
     8388608       2097152     float     sum      -1   653.46   12.84   12.84       0   641.87   13.07   13.07       0
    16777216       4194304     float     sum      -1  1289.10   13.01   13.01       0  1295.76   12.95   12.95       0
    33554432       8388608     float     sum      -1  2516.78   13.33   13.33       0  2590.72   12.95   12.95       0
    67108864      16777216     float     sum      -1  5151.50   13.03   13.03       0  5038.66   13.32   13.32       0
   134217728      33554432     float     sum      -1  10327.3   13.00   13.00       0  10108.2   13.28   13.28       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.0773 
#
# Collective test concluded: all_reduce_perf

]133;D;0;aid=32091;n=12;h=13;t=1795975688.961257;ps=0;k=b8d8e5ab57326ea310ffa8550c3e0d62]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=32091;k=b8d8e5ab57326ea310ffa8550c3e0d62[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;b8d8e5ab57326ea310ffa8550c3e0d62]133;C;aid=32091;n=13;h=14;t=1795975688.972330;k=b8d8e5ab57326ea310ffa8550c3e0d62exit

Script done on 2026-11-29 18:08:08+00:00 [COMMAND_EXIT_CODE="0"]
]133;D;0;aid=1491;n=1;h=2;t=1795975700.307730;ps=0;k=cf918774bd19e0230ad15ee2a07fb83e]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=1491;k=cf918774bd19e0230ad15ee2a07fb83e[?2004hroot@vm:~# ls
[?2004l]633;E;ls;cf918774bd19e0230ad15ee2a07fb83e]133;C;aid=1491;n=2;h=3;t=1795975700.313681;k=cf918774bd19e0230ad15ee2a07fb83eexiold-session.ts
t]133;D;0;aid=1491;n=2;h=3;t=1795975700.324065;ps=0;k=cf918774bd19e0230ad15ee2a07fb83e
exit
]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=1491;k=cf918774bd19e0230ad15ee2a07fb83e[?2004hroot@vm:~# exit
[?2004l]633;E;exit;cf918774bd19e0230ad15ee2a07fb83e]133;C;aid=1491;n=3;h=4;t=1795975700.329885;k=cf918774bd19e0230ad15ee2a07fb83eexit

Script done on 2026-11-29 18:08:20+00:00 [COMMAND_EXIT_CODE="0"]
