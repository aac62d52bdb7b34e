Script started on 2026-12-03 13:56:55+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/13" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=26097;n=0;h=1;t=1796306215.903274;ps=1;k=12c272c8f4337781f5a3bc8e9d9e11f1]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=26097;k=12c272c8f4337781f5a3bc8e9d9e11f1[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -g 2 -e 8M -b 8M
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0\x20all_reduce_perf\x20-g\x202\x20-e\x208M\x20-b\x208M;12c272c8f4337781f5a3bc8e9d9e11f1]133;C;aid=26097;n=1;h=2;t=1796306216.081289;k=12c272c8f4337781f5a3bc8e9d9e11f1# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  26225 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  26225 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation

[2026-12-03 13:56:56] vm:26225:26225 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
vm: Test NCCL failure common.cu:1550 'invalid usage (run with NCCL_DEBUG=WARN for details) / '
 .. vm pid 26225: Test failure common.cu:1454
]133;T;v=2;p=all_reduce_perf;a=-g\x002\x00-e\x008M\x00-b\x008M\x00;e=NCCL_DEBUG=WARN\x00NCCL_SOCKET_IFNAME=doesnotexist0\x00;x=3;t0=1796306216.5551848;t1=1796306216.8836026;u=root;host=vm;pid=26225;ppid=26097;r=20261203T135655-26017-2a18e5e9.26225.1796306216555184.run;rh=815f9e37f1a99922a97c06953e36aa356dffac5ff4137dcc0fef0349d2e563cf;k=12c272c8f4337781f5a3bc8e9d9e11f1;s=dca953e58bfda69bad5beb478a4469cb2fefc80aec915e56eb6c74d2e4bffbf77ad9c383887f5e906b1785e2c71bef1b05a40d2c874f198c568cd37c974fdc0d]133;D;3;aid=26097;n=1;h=2;t=1796306217.063315;ps=3;k=12c272c8f4337781f5a3bc8e9d9e11f1]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=26097;k=12c272c8f4337781f5a3bc8e9d9e11f1[?2004hroot@vm:~# nvidia-smi topo -m | less -FX
[?2004l]633;E;nvidia-smi\x20topo\x20-m\x20|\x20less\x20-FX;12c272c8f4337781f5a3bc8e9d9e11f1]133;C;aid=26097;n=2;h=3;t=1796306217.133764;k=12c272c8f4337781f5a3bc8e9d9e11f1[?1h=        GPU0    GPU1    CPU Affinity    NUMA Affinity   GPU NUMA ID
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
]133;T;v=2;p=nvidia-smi;a=topo\x00-m\x00;e=NCCL_DEBUG=WARN\x00;x=0;t0=1796306218.076229;t1=1796306218.58807;u=root;host=vm;pid=26425;ppid=26097;r=20261203T135655-26017-2a18e5e9.26425.1796306218076229.run;rh=87afd7607427d8161c197e88363a6576d83343c7fbe3ab28f9b87a7266aa2a7d;k=12c272c8f4337781f5a3bc8e9d9e11f1;s=03358443f8291836fba221dadab7cd3b2e3479f4f57fc3b53ac49be83b4a2da00ad6766c7a9947074da6e1e3a3b4824a53ab08ea6da6036936c83958a0b3cc06[K[?1l>]133;D;0;aid=26097;n=2;h=3;t=1796306219.011893;ps=0,0;k=12c272c8f4337781f5a3bc8e9d9e11f1]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=26097;k=12c272c8f4337781f5a3bc8e9d9e11f1[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep -i 'net/socket' | tee so cket.txt
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20-i\x20'net/socket'\x20|\x20tee\x20socket.txt;12c272c8f4337781f5a3bc8e9d9e11f1]133;C;aid=26097;n=3;h=4;t=1796306219.471373;k=12c272c8f4337781f5a3bc8e9d9e11f1]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_DEBUG=INFO\x00;x=0;t0=1796306220.1203563;t1=1796306220.347035;u=root;host=vm;pid=26563;ppid=26097;r=20261203T135655-26017-2a18e5e9.26563.1796306220120356.run;rh=af682ca6a3ff33453bd29597ee19a8d0c785965a0d7f1866a9ac7724f018729d;k=12c272c8f4337781f5a3bc8e9d9e11f1;s=3455813a47179f13ab66f48a136af33c03ffec38c0aa3f181613d6ae845ade16d8c305645edbed81c67eb41446080ffeb1a1f68013103561608370fe0e4efe0cvm:26563:26583 [0] NCCL INFO NET/Socket : Using [0]eth0:192.0.2.2<0>
]133;D;0;aid=26097;n=3;h=4;t=1796306220.513634;ps=0,0,0;k=12c272c8f4337781f5a3bc8e9d9e11f1]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=26097;k=12c272c8f4337781f5a3bc8e9d9e11f1[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2 |& grep -i 'NCCL WARN'
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202\x20|&\x20grep\x20-i\x20'NCCL\x20WARN';12c272c8f4337781f5a3bc8e9d9e11f1]133;C;aid=26097;n=4;h=5;t=1796306220.937983;k=12c272c8f4337781f5a3bc8e9d9e11f1[2026-12-03 13:57:01] vm:26633:26633 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x008M\x00-g\x002\x00;e=NCCL_DEBUG=WARN\x00NCCL_SOCKET_IFNAME=doesnotexist0\x00;x=3;t0=1796306221.258759;t1=1796306221.5045464;u=root;host=vm;pid=26633;ppid=26097;r=20261203T135655-26017-2a18e5e9.26633.1796306221258759.run;rh=76123a29317b7f5d49a405d73e216d74a416c8356748450060b2b4786fa6ca66;k=12c272c8f4337781f5a3bc8e9d9e11f1;s=6872b2d02a8d8dfe79fbaa36104470058a31f01d404d3871c2c6d28ad0a8c35cf2cb2444f4bd43ab9aa777b0c4c1267179d24b7893728edb66a998fd0d937a06]133;D;0;aid=26097;n=4;h=5;t=1796306221.696922;ps=3,0;k=12c272c8f4337781f5a3bc8e9d9e11f1]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=26097;k=12c272c8f4337781f5a3bc8e9d9e11f1[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;12c272c8f4337781f5a3bc8e9d9e11f1]133;C;aid=26097;n=5;h=6;t=1796306221.714123;k=12c272c8f4337781f5a3bc8e9d9e11f1exit

Script done on 2026-12-03 13:57:01+00:00 [COMMAND_EXIT_CODE="0"]
