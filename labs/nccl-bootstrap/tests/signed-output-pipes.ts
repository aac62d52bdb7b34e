Script started on 2026-12-03 14:33:29+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/0" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=21992;n=0;h=1;t=1796308410.057786;ps=1;k=b83640b70b940bc024b96fb583d6c1d8]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=21992;k=b83640b70b940bc024b96fb583d6c1d8[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -g 2 -e 8M -b 8M
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0\x20all_reduce_perf\x20-g\x202\x20-e\x208M\x20-b\x208M;b83640b70b940bc024b96fb583d6c1d8]133;C;aid=21992;n=1;h=2;t=1796308410.220588;k=b83640b70b940bc024b96fb583d6c1d8# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  22003 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  22003 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation

[2026-12-03 14:33:30] vm:22003:22003 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
vm: Test NCCL failure common.cu:1550 'invalid usage (run with NCCL_DEBUG=WARN for details) / '
 .. vm pid 22003: Test failure common.cu:1454
]133;T;v=2;p=all_reduce_perf;a=-g\x002\x00-e\x008M\x00-b\x008M\x00;e=NCCL_DEBUG=WARN\x00NCCL_SOCKET_IFNAME=doesnotexist0\x00;x=3;t0=1796308410.3255672;t1=1796308410.3876731;u=root;host=vm;pid=22003;ppid=21992;r=20261203T143329-21944-487ebdc2.22003.1796308410325567.run;rh=484b5048d14e10c8e5872683538409b2129c15147073cc2ea59129b29e40d182;k=b83640b70b940bc024b96fb583d6c1d8;s=8c49a56843b28bbf7ab7f5f31a54dac76be79252597eab0c88cd6aa02a82ca4f1c72177edefa6a94d9109b81724e9d20704bfd515bd316b95c46e1d2744d1b0f]133;D;3;aid=21992;n=1;h=2;t=1796308410.424325;ps=3;k=b83640b70b940bc024b96fb583d6c1d8]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=21992;k=b83640b70b940bc024b96fb583d6c1d8[?2004hroot@vm:~# nvidia-smi topo -m | less -FX
[?2004l]633;E;nvidia-smi\x20topo\x20-m\x20|\x20less\x20-FX;b83640b70b940bc024b96fb583d6c1d8]133;C;aid=21992;n=2;h=3;t=1796308410.492545;k=b83640b70b940bc024b96fb583d6c1d8[?1h=        GPU0    GPU1    CPU Affinity    NUMA Affinity   GPU NUMA ID
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
]133;T;v=2;p=nvidia-smi;a=topo\x00-m\x00;e=NCCL_DEBUG=WARN\x00;x=0;t0=1796308410.5951154;t1=1796308410.6351511;u=root;host=vm;pid=22008;ppid=21992;r=20261203T143329-21944-487ebdc2.22008.1796308410595115.run;rh=87afd7607427d8161c197e88363a6576d83343c7fbe3ab28f9b87a7266aa2a7d;k=b83640b70b940bc024b96fb583d6c1d8;s=5d880e699f2dccb75ea2a17e51edde2238bdfca7f03bb222f9be1f7ffd8cf9195a3926d572ffa2eac0c2ce9339c0da229bcc35e0cb45313c174a04980ee4c701[K[?1l>]133;D;0;aid=21992;n=2;h=3;t=1796308410.663165;ps=0,0;k=b83640b70b940bc024b96fb583d6c1d8]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=21992;k=b83640b70b940bc024b96fb583d6c1d8[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep -iE 'net/socket|bootstra p' | tee socket.txt
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20-iE\x20'net/socket|bootstrap'\x20|\x20tee\x20socket.txt;b83640b70b940bc024b96fb583d6c1d8]133;C;aid=21992;n=3;h=4;t=1796308410.898296;k=b83640b70b940bc024b96fb583d6c1d8]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_DEBUG=INFO\x00;x=0;t0=1796308410.9921417;t1=1796308411.0431974;u=root;host=vm;pid=22014;ppid=21992;r=20261203T143329-21944-487ebdc2.22014.1796308410992141.run;rh=c2a67eadf777b29d25dd83789391d42cef1201a56144fd981b695dcdb96c9eef;k=b83640b70b940bc024b96fb583d6c1d8;s=4178e0bf79550ca07175c5d1d29c421b28bedcb2372541031d8ccc686ec35831f132ad48032078bf14cb8e09db60e62e946b5b00334f15c7e58b2e6ab1b06006vm:22014:22014 [0] NCCL INFO Bootstrap: Using eth0:192.0.2.2<0>
vm:22014:22034 [0] NCCL INFO NET/Socket : Using [0]eth0:192.0.2.2<0>
vm:22014:22034 [0] NCCL INFO Init timings - ncclCommInitRankConfig: rank 0 nranks 2 total 0.41 (kernels 0.18, alloc 0.01, bootstrap 0.00, allgathers 0.00, topo 0.05, graphs 0.00, connections 0.12, rest 0.05)
vm:22014:22035 [1] NCCL INFO Init timings - ncclCommInitRankConfig: rank 1 nranks 2 total 0.41 (kernels 0.18, alloc 0.01, bootstrap 0.00, allgathers 0.00, topo 0.05, graphs 0.00, connections 0.12, rest 0.05)
]133;D;0;aid=21992;n=3;h=4;t=1796308411.071900;ps=0,0,0;k=b83640b70b940bc024b96fb583d6c1d8]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=21992;k=b83640b70b940bc024b96fb583d6c1d8[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2 |& grep -i 'NCCL WARN'
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202\x20|&\x20grep\x20-i\x20'NCCL\x20WARN';b83640b70b940bc024b96fb583d6c1d8]133;C;aid=21992;n=4;h=5;t=1796308411.263114;k=b83640b70b940bc024b96fb583d6c1d8[2026-12-03 14:33:31] vm:22019:22019 [0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x008M\x00-g\x002\x00;e=NCCL_DEBUG=WARN\x00NCCL_SOCKET_IFNAME=doesnotexist0\x00;x=3;t0=1796308411.3609;t1=1796308411.4110546;u=root;host=vm;pid=22019;ppid=21992;r=20261203T143329-21944-487ebdc2.22019.1796308411360900.run;rh=c6302a6053f9890b297e0ebfc9474ce4aa484a97cef4e2558c5dff6eaede0ff1;k=b83640b70b940bc024b96fb583d6c1d8;s=a31db6f8799f322ce9fd158c5ccf9e0625c042be780260e1eaacd490a8b11b6c00f2266b047b502ddc9bec5b27511f221da0a4bb283b3673f7d0cba6b6bba305]133;D;0;aid=21992;n=4;h=5;t=1796308411.443749;ps=3,0;k=b83640b70b940bc024b96fb583d6c1d8]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=21992;k=b83640b70b940bc024b96fb583d6c1d8[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;b83640b70b940bc024b96fb583d6c1d8]133;C;aid=21992;n=5;h=6;t=1796308411.475740;k=b83640b70b940bc024b96fb583d6c1d8exit

Script done on 2026-12-03 14:33:31+00:00 [COMMAND_EXIT_CODE="0"]
