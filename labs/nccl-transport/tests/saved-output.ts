Script started on 2026-12-03 16:27:10+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/0" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=30256;n=0;h=1;t=1796315230.314296;ps=1;k=cc70493508db631a8dc16ac47666ee98]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=30256;k=cc70493508db631a8dc16ac47666ee98[?2004hroot@vm:~# all_reduce_perf -b 128M -e 128M -g 2 > fast.txt
[?2004l]633;E;all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x20>\x20fast.txt;cc70493508db631a8dc16ac47666ee98]133;C;aid=30256;n=1;h=2;t=1796315230.415921;k=cc70493508db631a8dc16ac47666ee98]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=;x=0;t0=1796315230.4789307;t1=1796315230.5618496;u=root;host=vm;pid=30267;ppid=30256;r=20261203T162710-30208-cb5df94f.30267.1796315230478930.run;rh=367882974bd028c6cea100bf92d73fdc93e54a891c5d0919c921255e18f5c111;k=cc70493508db631a8dc16ac47666ee98;s=3673616beb04d6d07f62890cfd9c4076858600a59d60dd3abacdc35dc7ff9eacc521e1a5f0040b510dc91f7cb4b5e9f33f72feef83fbe53ea767d78aa18d640a]133;D;0;aid=30256;n=1;h=2;t=1796315230.581220;ps=0;k=cc70493508db631a8dc16ac47666ee98]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=30256;k=cc70493508db631a8dc16ac47666ee98[?2004hroot@vm:~# cat fast.txt
[?2004l]633;E;cat\x20fast.txt;cc70493508db631a8dc16ac47666ee98]133;C;aid=30256;n=2;h=3;t=1796315230.610942;k=cc70493508db631a8dc16ac47666ee98# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  30267 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  30267 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  10144.1   13.23   13.23       0  10150.1   13.22   13.22       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.2272 
#
# Collective test concluded: all_reduce_perf

]133;D;0;aid=30256;n=2;h=3;t=1796315230.613051;ps=0;k=cc70493508db631a8dc16ac47666ee98]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=30256;k=cc70493508db631a8dc16ac47666ee98[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1 bash -c 'cat fast.txt'
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_SHM_DISABLE=1\x20bash\x20-c\x20'cat\x20fast.txt';cc70493508db631a8dc16ac47666ee98]133;C;aid=30256;n=3;h=4;t=1796315230.761879;k=cc70493508db631a8dc16ac47666ee98# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  30267 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  30267 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  10144.1   13.23   13.23       0  10150.1   13.22   13.22       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.2272 
#
# Collective test concluded: all_reduce_perf

]133;D;0;aid=30256;n=3;h=4;t=1796315230.765478;ps=0;k=cc70493508db631a8dc16ac47666ee98]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=30256;k=cc70493508db631a8dc16ac47666ee98[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1 NCCL_DEBUG=INFO all_reduce_perf -b 8M -e 8M -g 2 -n  1 2>&1 | grep -c via
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_SHM_DISABLE=1\x20NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202\x20-n\x201\x202>&1\x20|\x20grep\x20-c\x20via;cc70493508db631a8dc16ac47666ee98]133;C;aid=30256;n=4;h=5;t=1796315231.005236;k=cc70493508db631a8dc16ac47666ee98]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x008M\x00-g\x002\x00-n\x001\x00;e=NCCL_DEBUG=INFO\x00NCCL_P2P_DISABLE=1\x00NCCL_SHM_DISABLE=1\x00;x=0;t0=1796315231.0972886;t1=1796315231.1436374;u=root;host=vm;pid=30278;ppid=30256;r=20261203T162710-30208-cb5df94f.30278.1796315231097288.run;rh=e40a84163284c34801230432f0ef3a6677f46c23535fa81a6a32d57431ae1aab;k=cc70493508db631a8dc16ac47666ee98;s=e219e5c0865721d7ae6742f3d3f41f6a25709421ba40cb97f942c0204468ac2904b583262448e81b4df77fcae3b32508c2d5090042335988ba084c68921d780c16
]133;D;0;aid=30256;n=4;h=5;t=1796315231.164879;ps=0,0;k=cc70493508db631a8dc16ac47666ee98]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=30256;k=cc70493508db631a8dc16ac47666ee98[?2004hroot@vm:~# grep busbw fast.txt
[?2004l]633;E;grep\x20busbw\x20fast.txt;cc70493508db631a8dc16ac47666ee98]133;C;aid=30256;n=5;h=6;t=1796315231.207453;k=cc70493508db631a8dc16ac47666ee98#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
]133;D;0;aid=30256;n=5;h=6;t=1796315231.209730;ps=0;k=cc70493508db631a8dc16ac47666ee98]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=30256;k=cc70493508db631a8dc16ac47666ee98[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;cc70493508db631a8dc16ac47666ee98]133;C;aid=30256;n=6;h=7;t=1796315231.220650;k=cc70493508db631a8dc16ac47666ee98exit

Script done on 2026-12-03 16:27:11+00:00 [COMMAND_EXIT_CODE="0"]
