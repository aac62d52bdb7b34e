Script started on 2026-12-03 16:27:03+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/0" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=29869;n=0;h=1;t=1796315223.107617;ps=1;k=12981a8ea718fdcae32e355bcffbb75e]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=29869;k=12981a8ea718fdcae32e355bcffbb75e[?2004hroot@vm:~# all_reduce_perf -b 128M -e 128M -g 2
[?2004l]633;E;all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202;12981a8ea718fdcae32e355bcffbb75e]133;C;aid=29869;n=1;h=2;t=1796315223.206643;k=12981a8ea718fdcae32e355bcffbb75e# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  29880 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  29880 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  10312.1   13.02   13.02       0  10137.3   13.24   13.24       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.1278 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=;x=0;t0=1796315223.285516;t1=1796315223.335354;u=root;host=vm;pid=29880;ppid=29869;r=20261203T162703-29821-ee1ebc8f.29880.1796315223285516.run;rh=2a85f0b49b591573c8c82c7cd7e422ebada64f2b840d477e732650c0908a4180;k=12981a8ea718fdcae32e355bcffbb75e;s=303395cbacd5823d5c765c3a7b8434903e9d96b1308f7c1feb571b1127c26a6e7b016a7cfab57437e9e208622035b2a38bcfe2127624b141672914c42e585903]133;D;0;aid=29869;n=1;h=2;t=1796315223.355406;ps=0;k=12981a8ea718fdcae32e355bcffbb75e]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=29869;k=12981a8ea718fdcae32e355bcffbb75e[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1 all_reduce_perf -b 128M -e 128M -g 2
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_SHM_DISABLE=1\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202;12981a8ea718fdcae32e355bcffbb75e]133;C;aid=29869;n=2;h=3;t=1796315223.516258;k=12981a8ea718fdcae32e355bcffbb75e# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  29884 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  29884 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  59254.5    2.27    2.27       0  59276.6    2.26    2.26       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 2.26468 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_P2P_DISABLE=1\x00NCCL_SHM_DISABLE=1\x00;x=0;t0=1796315223.5870605;t1=1796315223.6233304;u=root;host=vm;pid=29884;ppid=29869;r=20261203T162703-29821-ee1ebc8f.29884.1796315223587060.run;rh=70b52641d249ba93db9c438d9e3e605e171c55c48eb2b82ddf6775d87e27fd94;k=12981a8ea718fdcae32e355bcffbb75e;s=7563f54bb6cb14edf06c3407140bd8258cf01891165903b9fea1eb7c2c0c6f063df96a6b058db52ce4dfe05a3925097696a742261467612a42df605b3e933a04]133;D;0;aid=29869;n=2;h=3;t=1796315223.651798;ps=0;k=12981a8ea718fdcae32e355bcffbb75e]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=29869;k=12981a8ea718fdcae32e355bcffbb75e[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1 all_reduce_perf -b 128M -e 128M -g 2 | grep 'Avg bu s bandwidth'
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_SHM_DISABLE=1\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x20|\x20grep\x20'Avg\x20bus\x20bandwidth';12981a8ea718fdcae32e355bcffbb75e]133;C;aid=29869;n=3;h=4;t=1796315223.908225;k=12981a8ea718fdcae32e355bcffbb75e# Avg bus bandwidth    : 2.31547 
]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_P2P_DISABLE=1\x00NCCL_SHM_DISABLE=1\x00;x=0;t0=1796315224.0256524;t1=1796315224.3136282;u=root;host=vm;pid=29925;ppid=29869;r=20261203T162703-29821-ee1ebc8f.29925.1796315224025652.run;rh=02945f5eaf4796c7791079bd3731502368204aec7854e8f6b9103ee595c5cc40;k=12981a8ea718fdcae32e355bcffbb75e;s=e2fbddea72b500c41c67df0868f30f4165b6c4a4b4fa6e155af09914663768faea62b5adf9d45af92c4f31b15148c39716bc7394432a56500d70834382cb8204]133;D;0;aid=29869;n=3;h=4;t=1796315224.345381;ps=0,0;k=12981a8ea718fdcae32e355bcffbb75e]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=29869;k=12981a8ea718fdcae32e355bcffbb75e[?2004hroot@vm:~# NCCL_SHM_DISABLE=1 all_reduce_perf -b 128M -e 128M -g 2 | grep 'Avg bus bandwidth'
[?2004l]633;E;NCCL_SHM_DISABLE=1\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x20|\x20grep\x20'Avg\x20bus\x20bandwidth';12981a8ea718fdcae32e355bcffbb75e]133;C;aid=29869;n=4;h=5;t=1796315224.557485;k=12981a8ea718fdcae32e355bcffbb75e# Avg bus bandwidth    : 13.1548 
]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_SHM_DISABLE=1\x00;x=0;t0=1796315224.753414;t1=1796315224.8257244;u=root;host=vm;pid=29942;ppid=29869;r=20261203T162703-29821-ee1ebc8f.29942.1796315224753414.run;rh=7fe5a46f597a85e97ea0e32a181601e1ac7c30097cdbf348c2548be0b35fe63a;k=12981a8ea718fdcae32e355bcffbb75e;s=0d9ea19fc8c0aa36c85d3c1144d46f46188715b61288ae7f08b178beb392d8f43b9ab9274c175db8660b757aead0d060cae3532f3b7a743fd0c7c635988d0709]133;D;0;aid=29869;n=4;h=5;t=1796315224.872226;ps=0,0;k=12981a8ea718fdcae32e355bcffbb75e]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=29869;k=12981a8ea718fdcae32e355bcffbb75e[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;12981a8ea718fdcae32e355bcffbb75e]133;C;aid=29869;n=5;h=6;t=1796315224.908552;k=12981a8ea718fdcae32e355bcffbb75eexit

Script done on 2026-12-03 16:27:04+00:00 [COMMAND_EXIT_CODE="0"]
