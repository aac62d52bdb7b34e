Script started on 2026-12-03 13:56:24+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/2" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=22936;n=0;h=1;t=1796306184.807841;ps=1;k=4f6ecc3acefd2147d29e6b0d8ea792da]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=22936;k=4f6ecc3acefd2147d29e6b0d8ea792da[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=doesnotexist0
[?2004l]633;E;NCCL_SOCKET_IFNAME=doesnotexist0;4f6ecc3acefd2147d29e6b0d8ea792da]133;C;aid=22936;n=1;h=2;t=1796306185.208047;k=4f6ecc3acefd2147d29e6b0d8ea792da]133;D;0;aid=22936;n=1;h=2;t=1796306185.208636;ps=0;k=4f6ecc3acefd2147d29e6b0d8ea792da]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=22936;k=4f6ecc3acefd2147d29e6b0d8ea792da[?2004hroot@vm:~# all_reduce_perf -b 8M -e 8M -g 2
[?2004l]633;E;all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202;4f6ecc3acefd2147d29e6b0d8ea792da]133;C;aid=22936;n=2;h=3;t=1796306185.605544;k=4f6ecc3acefd2147d29e6b0d8ea792da# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  23131 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  23131 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
NCCL version 2.30.7+cuda13.0
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
     8388608       2097152     float     sum      -1   647.43   12.96   12.96       0   641.33   13.08   13.08       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.0183 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x008M\x00-g\x002\x00;e=NCCL_DEBUG=WARN\x00;x=0;t0=1796306186.172759;t1=1796306186.5471778;u=root;host=vm;pid=23131;ppid=22936;r=20261203T135624-22823-17a4df85.23131.1796306186172759.run;rh=dfdc143240838e38ca2c90687b2af002fa34c9571e79d67242ca49c536ebb19f;k=4f6ecc3acefd2147d29e6b0d8ea792da;s=494af5a735d5cbded2f4fc1479540ce1399f47312643646fc340d4bac67e45595aeb5c2f3a67a67be459c450154cac5ba41834956a525e50a41c6528f5b9630e]133;D;0;aid=22936;n=2;h=3;t=1796306186.814739;ps=0;k=4f6ecc3acefd2147d29e6b0d8ea792da]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=22936;k=4f6ecc3acefd2147d29e6b0d8ea792da[?2004hroot@vm:~# echo $?
[?2004l]633;E;echo\x20$?;4f6ecc3acefd2147d29e6b0d8ea792da]133;C;aid=22936;n=3;h=4;t=1796306187.015674;k=4f6ecc3acefd2147d29e6b0d8ea792da0
]133;D;0;aid=22936;n=3;h=4;t=1796306187.016565;ps=0;k=4f6ecc3acefd2147d29e6b0d8ea792da]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=22936;k=4f6ecc3acefd2147d29e6b0d8ea792da[?2004hroot@vm:~# exit
[?2004l]633;E;exit;4f6ecc3acefd2147d29e6b0d8ea792da]133;C;aid=22936;n=4;h=5;t=1796306187.072658;k=4f6ecc3acefd2147d29e6b0d8ea792daexit
exit

Script done on 2026-12-03 13:56:27+00:00 [COMMAND_EXIT_CODE="0"]
