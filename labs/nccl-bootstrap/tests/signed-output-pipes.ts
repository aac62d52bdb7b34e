Script started on 2026-12-03 16:26:35+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/0" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=28486;n=0;h=1;t=1796315195.461295;ps=1;k=ca44f74fd58fb46e8e872d8da9bf764e]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=28486;k=ca44f74fd58fb46e8e872d8da9bf764e[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -g 2 -e 8M -b 8M
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0\x20all_reduce_perf\x20-g\x202\x20-e\x208M\x20-b\x208M;ca44f74fd58fb46e8e872d8da9bf764e]133;C;aid=28486;n=1;h=2;t=1796315195.601635;k=ca44f74fd58fb46e8e872d8da9bf764e# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  28497 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  28497 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation

[2026-12-03 16:26:35] vm:28497:28497 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
vm: Test NCCL failure common.cu:1550 'invalid usage (run with NCCL_DEBUG=WARN for details) / '
 .. vm pid 28497: Test failure common.cu:1454
]133;T;v=2;p=all_reduce_perf;a=-g\x002\x00-e\x008M\x00-b\x008M\x00;e=NCCL_DEBUG=WARN\x00NCCL_SOCKET_IFNAME=doesnotexist0\x00;x=3;t0=1796315195.6982126;t1=1796315195.7598643;u=root;host=vm;pid=28497;ppid=28486;r=20261203T162635-28438-b884f4dd.28497.1796315195698212.run;rh=a881b7e404c38fa616133e4bb8b23edeb12f24df03a4d07e2e8af4b42515abeb;k=ca44f74fd58fb46e8e872d8da9bf764e;s=598e2c0a544eb913cd3fd794bb90844eec23eeaf25e488ad3a4038e66f36a5532ec09ea54a4d34680fdaffe68dd7d6d5eb671fa1b6fcdc046b45b5bdf87ad30a]133;D;3;aid=28486;n=1;h=2;t=1796315195.779180;ps=3;k=ca44f74fd58fb46e8e872d8da9bf764e]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=28486;k=ca44f74fd58fb46e8e872d8da9bf764e[?2004hroot@vm:~# nvidia-smi topo -m | less -FX
[?2004l]633;E;nvidia-smi\x20topo\x20-m\x20|\x20less\x20-FX;ca44f74fd58fb46e8e872d8da9bf764e]133;C;aid=28486;n=2;h=3;t=1796315195.843483;k=ca44f74fd58fb46e8e872d8da9bf764e[?1h=        GPU0    GPU1    CPU Affinity    NUMA Affinity   GPU NUMA ID
GPU0     X      PHB     0-7     0               N/A
GPU1    PHB      X      0-7     0               N/A

Legend:

  X    = Self
  SYS  = Connection traversing PCIe as well as the SMP interconnect between NUMA nodes (e.g., QPI/UP I)
  NODE = Connection traversing PCIe as well as the interconnect between PCIe Host Bridges within a N UMA node
  PHB  = Connection traversing PCIe as well as a PCIe Host Bridge (typically the CPU)
  PXB  = Connection traversing multiple PCIe bridges (without traversing the PCIe Host Bridge)
  PIX  = Connection traversing at most a single PCIe bridge
  NV#  = Connection traversing a bonded set of # NVLinks
]133;T;v=2;p=nvidia-smi;a=topo\x00-m\x00;e=NCCL_DEBUG=WARN\x00;x=0;t0=1796315195.9465823;t1=1796315195.989317;u=root;host=vm;pid=28502;ppid=28486;r=20261203T162635-28438-b884f4dd.28502.1796315195946582.run;rh=bef1dbc59270ef5b66cb68e22aefac2f5dcdc108e3b754ec36e87f9fa0ecc54c;k=ca44f74fd58fb46e8e872d8da9bf764e;s=d64f4c3e2b3e932d52ee62bbfec2b52dca388c3fcf5f3d5a0fb65b73c1bdb19a0858cc77c4b0c6a78a62bd97dcd58ec99591c4c12f7e99499d544c21175d2506[K[?1l>]133;D;0;aid=28486;n=2;h=3;t=1796315196.020310;ps=0,0;k=ca44f74fd58fb46e8e872d8da9bf764e]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=28486;k=ca44f74fd58fb46e8e872d8da9bf764e[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep -iE 'net/socket|bootstra p' | tee socket.txt
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20-iE\x20'net/socket|bootstrap'\x20|\x20tee\x20socket.txt;ca44f74fd58fb46e8e872d8da9bf764e]133;C;aid=28486;n=3;h=4;t=1796315196.252768;k=ca44f74fd58fb46e8e872d8da9bf764e]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_DEBUG=INFO\x00;x=0;t0=1796315196.3560805;t1=1796315196.403938;u=root;host=vm;pid=28508;ppid=28486;r=20261203T162635-28438-b884f4dd.28508.1796315196356080.run;rh=dec0601d7f955f56e85539c18b9210bc1850a249f0cff542b5511c52d4274e40;k=ca44f74fd58fb46e8e872d8da9bf764e;s=f98a441d4d2eca965abf415f8c9d7f89c44e29b12e6f9c276832298c49c8a24296a244129cf6fc06e573bf926947f4d4d31df0570151bb1855a7ae6dbbb73205vm:28508:28508 [0] NCCL INFO Bootstrap: Using eth0:192.0.2.2<0>
vm:28508:28528 [0] NCCL INFO NET/Socket : Using [0]eth0:192.0.2.2<0>
vm:28508:28528 [0] NCCL INFO Init timings - ncclCommInitRankConfig: rank 0 nranks 2 total 0.41 (kernels 0.18, alloc 0.01, bootstrap 0.00, allgathers 0.00, topo 0.05, graphs 0.00, connections 0.12, rest 0.05)
vm:28508:28529 [1] NCCL INFO Init timings - ncclCommInitRankConfig: rank 1 nranks 2 total 0.41 (kernels 0.18, alloc 0.01, bootstrap 0.00, allgathers 0.00, topo 0.05, graphs 0.00, connections 0.12, rest 0.05)
]133;D;0;aid=28486;n=3;h=4;t=1796315196.424430;ps=0,0,0;k=ca44f74fd58fb46e8e872d8da9bf764e]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=28486;k=ca44f74fd58fb46e8e872d8da9bf764e[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2 |& grep -i 'NCCL WARN'
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202\x20|&\x20grep\x20-i\x20'NCCL\x20WARN';ca44f74fd58fb46e8e872d8da9bf764e]133;C;aid=28486;n=4;h=5;t=1796315196.633319;k=ca44f74fd58fb46e8e872d8da9bf764e[2026-12-03 16:26:36] vm:28513:28513 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x008M\x00-g\x002\x00;e=NCCL_DEBUG=WARN\x00NCCL_SOCKET_IFNAME=doesnotexist0\x00;x=3;t0=1796315196.709;t1=1796315196.7426913;u=root;host=vm;pid=28513;ppid=28486;r=20261203T162635-28438-b884f4dd.28513.1796315196709000.run;rh=4079eda7ee21cf91a29788c27aef22133200e23081a7480b6921133fc4e08c31;k=ca44f74fd58fb46e8e872d8da9bf764e;s=3d96f5aca3b4a27729901a73e250b97540949c222ad5512e0c175a24cd2307d0ff2d46db351158a9e8a081b39480a24e4dc064cfbc129e3152f235aebcabcf00]133;D;0;aid=28486;n=4;h=5;t=1796315196.762205;ps=3,0;k=ca44f74fd58fb46e8e872d8da9bf764e]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=28486;k=ca44f74fd58fb46e8e872d8da9bf764e[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;ca44f74fd58fb46e8e872d8da9bf764e]133;C;aid=28486;n=5;h=6;t=1796315196.772888;k=ca44f74fd58fb46e8e872d8da9bf764eexit

Script done on 2026-12-03 16:26:36+00:00 [COMMAND_EXIT_CODE="0"]
