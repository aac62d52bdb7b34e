Script started on 2026-11-29 18:17:19+00:00 [COMMAND="exec /usr/bin/bash --rcfile /tmp/labgrader-bench-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/0" COLUMNS="100" LINES="24"]
]133;D;0;aid=7828;n=0;h=1;t=1795976239.092091;ps=0;k=a5d155e031812068e5ef76c60a2faefd]633;P;Cwd=/tmp/labgrader-bench-rec/home]133;A;aid=7828;k=a5d155e031812068e5ef76c60a2faefd[?2004hroot@vm:~# nvidia-smi
[?2004l]633;E;nvidia-smi;a5d155e031812068e5ef76c60a2faefd]133;C;aid=7828;n=1;h=2;t=1795976240.600151;k=a5d155e031812068e5ef76c60a2faefdSun Nov 29 18:17:20 2026       
+-----------------------------------------------------------------------------------------+
| NVIDIA-SMI 580.95.05              Driver Version: 580.95.05      CUDA Version: 13.0     |
|-----------------------------------------+------------------------+----------------------+
| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |
| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |
|                                         |                        |               MIG M. |
|=========================================+========================+======================|
|   0  NVIDIA RTX 4000 Ada Gene...    On  |   00000000:00:02.0 Off |                  Off |
| 30%   34C    P8              6W /  130W |       2MiB /  20475MiB |      0%      Default |
|                                         |                        |                  N/A |
+-----------------------------------------+------------------------+----------------------+
|   1  NVIDIA RTX 4000 Ada Gene...    On  |   00000000:00:03.0 Off |                  Off |
| 30%   33C    P8              6W /  130W |       2MiB /  20475MiB |      0%      Default |
|                                         |                        |                  N/A |
+-----------------------------------------+------------------------+----------------------+
                                                                                           
+-----------------------------------------------------------------------------------------+
| Processes:                                                                              |
|  GPU   GI   CI        PID   Type   Process name                              GPU Memory |
|        ID   ID                                                               Usage      |
|=========================================================================================|
|  No running processes found                                                             |
+-----------------------------------------------------------------------------------------+
]133;D;0;aid=7828;n=1;h=2;t=1795976240.774768;ps=0;k=a5d155e031812068e5ef76c60a2faefd]633;P;Cwd=/tmp/labgrader-bench-rec/home]133;A;aid=7828;k=a5d155e031812068e5ef76c60a2faefd[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202;a5d155e031812068e5ef76c60a2faefd]133;C;aid=7828;n=2;h=3;t=1795976249.910053;k=a5d155e031812068e5ef76c60a2faefd# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  15846 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  15846 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation

[2026-11-29 18:17:30] vm:15846:15846 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
vm: Test NCCL failure common.cu:1550 'invalid usage (run with NCCL_DEBUG=WARN for details) / '
 .. vm pid 15846: Test failure common.cu:1454
]133;D;3;aid=7828;n=2;h=3;t=1795976250.911985;ps=3;k=a5d155e031812068e5ef76c60a2faefd]633;P;Cwd=/tmp/labgrader-bench-rec/home]133;A;aid=7828;k=a5d155e031812068e5ef76c60a2faefd[?2004hroot@vm:~# lab answer why-socket a
[?2004l]633;E;lab\x20answer\x20why-socket\x20a;a5d155e031812068e5ef76c60a2faefd]133;C;aid=7828;n=3;h=4;t=1795976256.356246;k=a5d155e031812068e5ef76c60a2faefdAnswer 'a' for step 'why-socket' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;D;0;aid=7828;n=3;h=4;t=1795976256.582763;ps=0;k=a5d155e031812068e5ef76c60a2faefd]633;P;Cwd=/tmp/labgrader-bench-rec/home]133;A;aid=7828;k=a5d155e031812068e5ef76c60a2faefd[?2004hroot@vm:~# nvidia-smi topo -m
[?2004l]633;E;nvidia-smi\x20topo\x20-m;a5d155e031812068e5ef76c60a2faefd]133;C;aid=7828;n=4;h=5;t=1795976260.514182;k=a5d155e031812068e5ef76c60a2faefd	GPU0	GPU1	CPU Affinity	NUMA Affinity	GPU NUMA ID
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
]133;D;0;aid=7828;n=4;h=5;t=1795976260.592840;ps=0;k=a5d155e031812068e5ef76c60a2faefd]633;P;Cwd=/tmp/labgrader-bench-rec/home]133;A;aid=7828;k=a5d155e031812068e5ef76c60a2faefd[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202;a5d155e031812068e5ef76c60a2faefd]133;C;aid=7828;n=5;h=6;t=1795976269.311181;k=a5d155e031812068e5ef76c60a2faefd# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  21963 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  21963 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation

[2026-11-29 18:17:49] vm:21963:21963 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
vm: Test NCCL failure common.cu:1550 'invalid usage (run with NCCL_DEBUG=WARN for details) / '
 .. vm pid 21963: Test failure common.cu:1454
]133;D;3;aid=7828;n=5;h=6;t=1795976269.538826;ps=3;k=a5d155e031812068e5ef76c60a2faefd]633;P;Cwd=/tmp/labgrader-bench-rec/home]133;A;aid=7828;k=a5d155e031812068e5ef76c60a2faefd[?2004hroot@vm:~# echo $?
[?2004l]633;E;echo\x20$?;a5d155e031812068e5ef76c60a2faefd]133;C;aid=7828;n=6;h=7;t=1795976270.250543;k=a5d155e031812068e5ef76c60a2faefd3
]133;D;0;aid=7828;n=6;h=7;t=1795976270.250927;ps=0;k=a5d155e031812068e5ef76c60a2faefd]633;P;Cwd=/tmp/labgrader-bench-rec/home]133;A;aid=7828;k=a5d155e031812068e5ef76c60a2faefd[?2004hroot@vm:~# lab answer why-gpus-first b
[?2004l]633;E;lab\x20answer\x20why-gpus-first\x20b;a5d155e031812068e5ef76c60a2faefd]133;C;aid=7828;n=7;h=8;t=1795976275.124079;k=a5d155e031812068e5ef76c60a2faefdAnswer 'b' for step 'why-gpus-first' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;D;0;aid=7828;n=7;h=8;t=1795976275.239063;ps=0;k=a5d155e031812068e5ef76c60a2faefd]633;P;Cwd=/tmp/labgrader-bench-rec/home]133;A;aid=7828;k=a5d155e031812068e5ef76c60a2faefd[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -b 8M -e 128M -f 2 -g 2
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x208M\x20-e\x20128M\x20-f\x202\x20-g\x202;a5d155e031812068e5ef76c60a2faefd]133;C;aid=7828;n=8;h=9;t=1795976283.842735;k=a5d155e031812068e5ef76c60a2faefd# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 134217728 step: 2(factor) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  24213 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  24213 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
vm:24213:24213 [0] NCCL INFO Bootstrap: Using eth0:192.0.2.2<0>
vm:24213:24213 [0] NCCL INFO NET/Plugin: Could not find: libnccl-net.so. Using internal network plugin.
vm:24213:24213 [1] NCCL INFO cudaDriverVersion 13000
vm:24213:24233 [0] NCCL INFO NCCL version 2.30.7+cuda13.0
vm:24213:24233 [0] NCCL INFO NET/IB : No device found.
vm:24213:24233 [0] NCCL INFO NET/IB : Using [RO]; OOB eth0:192.0.2.2<0>
vm:24213:24233 [0] NCCL INFO NET/Socket : Using [0]eth0:192.0.2.2<0>
vm:24213:24233 [0] NCCL INFO Using non-device net plugin version 0
vm:24213:24233 [0] NCCL INFO Using network Socket
vm:24213:24233 [0] NCCL INFO ncclCommInitRankConfig comm 0x557b62508530 rank 0 nranks 2 cudaDev 0 nvmlDev 0 busId 20 commId 0xf19d86060917b1ea - Init START
vm:24213:24234 [1] NCCL INFO ncclCommInitRankConfig comm 0x552a843ae240 rank 1 nranks 2 cudaDev 1 nvmlDev 1 busId 30 commId 0xf19d86060917b1ea - Init START
vm:24213:24233 [0] NCCL INFO Channel 00/04 :    0   1
vm:24213:24233 [0] NCCL INFO Channel 01/04 :    0   1
vm:24213:24233 [0] NCCL INFO Channel 02/04 :    0   1
vm:24213:24233 [0] NCCL INFO Channel 03/04 :    0   1
vm:24213:24241 [1] NCCL INFO Channel 00/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:24213:24240 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:24213:24241 [1] NCCL INFO Channel 01/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:24213:24240 [0] NCCL INFO Channel 01/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:24213:24241 [1] NCCL INFO Channel 02/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:24213:24240 [0] NCCL INFO Channel 02/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:24213:24241 [1] NCCL INFO Channel 03/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:24213:24240 [0] NCCL INFO Channel 03/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:24213:24233 [0] NCCL INFO Connected all rings, use ring PXN 0 GDR 0
vm:24213:24233 [0] NCCL INFO Connected all trees
vm:24213:24233 [0] NCCL INFO Init timings - ncclCommInitRankConfig: rank 0 nranks 2 total 0.41 (kernels 0.18, alloc 0.01, bootstrap 0.00, allgathers 0.00, topo 0.05, graphs 0.00, connections 0.12, rest 0.05)
vm:24213:24233 [0] NCCL INFO ncclCommInitRankConfig comm 0x557b62508530 rank 0 nranks 2 cudaDev 0 nvmlDev 0 busId 20 commId 0xf19d86060917b1ea - Init COMPLETE
vm:24213:24234 [1] NCCL INFO Init timings - ncclCommInitRankConfig: rank 1 nranks 2 total 0.41 (kernels 0.18, alloc 0.01, bootstrap 0.00, allgathers 0.00, topo 0.05, graphs 0.00, connections 0.12, rest 0.05)
vm:24213:24234 [1] NCCL INFO ncclCommInitRankConfig comm 0x552a843ae240 rank 1 nranks 2 cudaDev 1 nvmlDev 1 busId 30 commId 0xf19d86060917b1ea - Init COMPLETE
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
     8388608       2097152     float     sum      -1   643.95   13.03   13.03       0   642.11   13.06   13.06       0
    16777216       4194304     float     sum      -1  1279.19   13.12   13.12       0  1282.28   13.08   13.08       0
    33554432       8388608     float     sum      -1  2524.90   13.29   13.29       0  2535.41   13.23   13.23       0
    67108864      16777216     float     sum      -1  5053.46   13.28   13.28       0  5050.18   13.29   13.29       0
   134217728      33554432     float     sum      -1  10039.4   13.37   13.37       0  10173.1   13.19   13.19       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.1945 
#
# Collective test concluded: all_reduce_perf

vm:24213:24213 [0] NCCL INFO comm 0x557b62508530 rank 0 nranks 2 cudaDev 0 busId 20 - Destroy COMPLETE
vm:24213:24213 [1] NCCL INFO comm 0x552a843ae240 rank 1 nranks 2 cudaDev 1 busId 30 - Destroy COMPLETE
]133;D;0;aid=7828;n=8;h=9;t=1795976284.053058;ps=0;k=a5d155e031812068e5ef76c60a2faefd]633;P;Cwd=/tmp/labgrader-bench-rec/home]133;A;aid=7828;k=a5d155e031812068e5ef76c60a2faefd[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep 'NET/Socket'
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20'NET/Socket';a5d155e031812068e5ef76c60a2faefd]133;C;aid=7828;n=9;h=10;t=1795976293.779112;k=a5d155e031812068e5ef76c60a2faefdvm:25302:25322 [0] NCCL INFO NET/Socket : Using [0]eth0:192.0.2.2<0> [1]vethc6caf86:fe80::8cec:36ff:fee0:2c9a%vethc6caf86<0> [2]veth636773a:fe80::ac1c:c7ff:feba:b3ee%veth636773a<0>
]133;D;0;aid=7828;n=9;h=10;t=1795976293.917872;ps=0,0;k=a5d155e031812068e5ef76c60a2faefd]633;P;Cwd=/tmp/labgrader-bench-rec/home]133;A;aid=7828;k=a5d155e031812068e5ef76c60a2faefd[?2004hroot@vm:~# lab answer why-container c
[?2004l]633;E;lab\x20answer\x20why-container\x20c;a5d155e031812068e5ef76c60a2faefd]133;C;aid=7828;n=10;h=11;t=1795976298.539710;k=a5d155e031812068e5ef76c60a2faefdAnswer 'c' for step 'why-container' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;D;0;aid=7828;n=10;h=11;t=1795976298.642888;ps=0;k=a5d155e031812068e5ef76c60a2faefd]633;P;Cwd=/tmp/labgrader-bench-rec/home]133;A;aid=7828;k=a5d155e031812068e5ef76c60a2faefd[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep 'NET/IB'
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20'NET/IB';a5d155e031812068e5ef76c60a2faefd]133;C;aid=7828;n=11;h=12;t=1795976308.019879;k=a5d155e031812068e5ef76c60a2faefdvm:28983:29003 [0] NCCL INFO NET/IB : No device found.
vm:28983:29003 [0] NCCL INFO NET/IB : Using [RO]; OOB eth0:192.0.2.2<0>
]133;D;0;aid=7828;n=11;h=12;t=1795976308.379467;ps=0,0;k=a5d155e031812068e5ef76c60a2faefd]633;P;Cwd=/tmp/labgrader-bench-rec/home]133;A;aid=7828;k=a5d155e031812068e5ef76c60a2faefd[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2 2>&1 | grep 'NCCL WARN' [A[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[K'
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202\x202>&1\x20|\x20grep\x20'NCCL\x20WARN';a5d155e031812068e5ef76c60a2faefd]133;C;aid=7828;n=12;h=13;t=1795976319.462201;k=a5d155e031812068e5ef76c60a2faefd[2026-11-29 18:18:39] vm:987:987 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
]133;D;0;aid=7828;n=12;h=13;t=1795976319.718861;ps=3,0;k=a5d155e031812068e5ef76c60a2faefd]633;P;Cwd=/tmp/labgrader-bench-rec/home]133;A;aid=7828;k=a5d155e031812068e5ef76c60a2faefd[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep 'via P2P'
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20'via\x20P2P';a5d155e031812068e5ef76c60a2faefd]133;C;aid=7828;n=13;h=14;t=1795976329.343542;k=a5d155e031812068e5ef76c60a2faefdvm:5129:5157 [1] NCCL INFO Channel 00/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:5129:5156 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:5129:5157 [1] NCCL INFO Channel 01/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:5129:5156 [0] NCCL INFO Channel 01/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:5129:5157 [1] NCCL INFO Channel 02/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:5129:5156 [0] NCCL INFO Channel 02/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:5129:5157 [1] NCCL INFO Channel 03/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:5129:5156 [0] NCCL INFO Channel 03/0 : 0[0] -> 1[1] via P2P/direct pointer
]133;D;0;aid=7828;n=13;h=14;t=1795976329.572756;ps=0,0;k=a5d155e031812068e5ef76c60a2faefd]633;P;Cwd=/tmp/labgrader-bench-rec/home]133;A;aid=7828;k=a5d155e031812068e5ef76c60a2faefd[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=eth0 all_reduce_perf -b 8M -e 128M -f 2 -g 2
[?2004l]633;E;NCCL_SOCKET_IFNAME=eth0\x20all_reduce_perf\x20-b\x208M\x20-e\x20128M\x20-f\x202\x20-g\x202;a5d155e031812068e5ef76c60a2faefd]133;C;aid=7828;n=14;h=15;t=1795976338.186556;k=a5d155e031812068e5ef76c60a2faefd# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 134217728 step: 2(factor) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  11680 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  11680 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
NCCL version 2.30.7+cuda13.0
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
     8388608       2097152     float     sum      -1   656.47   12.78   12.78       0   650.60   12.89   12.89       0
    16777216       4194304     float     sum      -1  1273.99   13.17   13.17       0  1295.45   12.95   12.95       0
    33554432       8388608     float     sum      -1  2544.14   13.19   13.19       0  2516.00   13.34   13.34       0
    67108864      16777216     float     sum      -1  5025.73   13.35   13.35       0  5171.91   12.98   12.98       0
   134217728      33554432     float     sum      -1  10163.4   13.21   13.21       0  10329.4   12.99   12.99       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.0846 
#
# Collective test concluded: all_reduce_perf

]133;D;0;aid=7828;n=14;h=15;t=1795976338.565402;ps=0;k=a5d155e031812068e5ef76c60a2faefd]633;P;Cwd=/tmp/labgrader-bench-rec/home]133;A;aid=7828;k=a5d155e031812068e5ef76c60a2faefd[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;a5d155e031812068e5ef76c60a2faefd]133;C;aid=7828;n=15;h=16;t=1795976339.006637;k=a5d155e031812068e5ef76c60a2faefdexit

Script done on 2026-11-29 18:18:59+00:00 [COMMAND_EXIT_CODE="0"]
