Script started on 2026-12-02 05:55:37+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/0" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=12162;n=0;h=1;t=1796190937.508201;ps=1;k=15b0498c7442baedb17729d37c254db9]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=12162;k=15b0498c7442baedb17729d37c254db9[?2004hroot@vm:~# all_reduce_pref -b 128M -e 128M -g 2
[?2004l]633;E;all_reduce_pref\x20-b\x20128M\x20-e\x20128M\x20-g\x202;15b0498c7442baedb17729d37c254db9]133;C;aid=12162;n=1;h=2;t=1796190937.589242;k=15b0498c7442baedb17729d37c254db9bash: all_reduce_pref: command not found
]133;D;127;aid=12162;n=1;h=2;t=1796190937.590244;ps=127;k=15b0498c7442baedb17729d37c254db9]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=12162;k=15b0498c7442baedb17729d37c254db9[?2004hroot@vm:~# all_reduce_perf -b 128M -e 128M -g 1
[?2004l]633;E;all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x201;15b0498c7442baedb17729d37c254db9]133;C;aid=12162;n=2;h=3;t=1796190937.691273;k=15b0498c7442baedb17729d37c254db9# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 1 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  12174 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1   354.15  378.98    0.00       0   355.38  377.68    0.00       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 0 
#
# Collective test concluded: all_reduce_perf

]133;D;0;aid=12162;n=2;h=3;t=1796190937.761284;ps=0;k=15b0498c7442baedb17729d37c254db9]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=12162;k=15b0498c7442baedb17729d37c254db9[?2004hroot@vm:~# all_reduce_perf -b 128M -e 128M -g 2
[?2004l]633;E;all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202;15b0498c7442baedb17729d37c254db9]133;C;aid=12162;n=3;h=4;t=1796190937.842324;k=15b0498c7442baedb17729d37c254db9# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  12177 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  12177 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  10258.6   13.08   13.08       0  10046.1   13.36   13.36       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.2218 
#
# Collective test concluded: all_reduce_perf

]133;D;0;aid=12162;n=3;h=4;t=1796190937.912430;ps=0;k=15b0498c7442baedb17729d37c254db9]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=12162;k=15b0498c7442baedb17729d37c254db9[?2004hroot@vm:~# lab answer why-busbw b
[?2004l]633;E;lab\x20answer\x20why-busbw\x20b;15b0498c7442baedb17729d37c254db9]133;C;aid=12162;n=4;h=5;t=1796190937.964087;k=15b0498c7442baedb17729d37c254db9Answer 'b' for step 'why-busbw' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;D;0;aid=12162;n=4;h=5;t=1796190938.027923;ps=0;k=15b0498c7442baedb17729d37c254db9]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=12162;k=15b0498c7442baedb17729d37c254db9[?2004hroot@vm:~# lab answer why-busbw a
[?2004l]633;E;lab\x20answer\x20why-busbw\x20a;15b0498c7442baedb17729d37c254db9]133;C;aid=12162;n=5;h=6;t=1796190938.078457;k=15b0498c7442baedb17729d37c254db9Answer 'a' for step 'why-busbw' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;D;0;aid=12162;n=5;h=6;t=1796190938.139662;ps=0;k=15b0498c7442baedb17729d37c254db9]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=12162;k=15b0498c7442baedb17729d37c254db9[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 | grep via
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x20|\x20grep\x20via;15b0498c7442baedb17729d37c254db9]133;C;aid=12162;n=6;h=7;t=1796190938.279196;k=15b0498c7442baedb17729d37c254db9vm:12186:12214 [1] NCCL INFO Channel 00/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:12186:12213 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:12186:12214 [1] NCCL INFO Channel 01/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:12186:12213 [0] NCCL INFO Channel 01/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:12186:12214 [1] NCCL INFO Channel 02/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:12186:12213 [0] NCCL INFO Channel 02/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:12186:12214 [1] NCCL INFO Channel 03/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:12186:12213 [0] NCCL INFO Channel 03/0 : 0[0] -> 1[1] via P2P/direct pointer
]133;D;0;aid=12162;n=6;h=7;t=1796190938.357378;ps=0,0;k=15b0498c7442baedb17729d37c254db9]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=12162;k=15b0498c7442baedb17729d37c254db9[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep via
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20via;15b0498c7442baedb17729d37c254db9]133;C;aid=12162;n=7;h=8;t=1796190938.510167;k=15b0498c7442baedb17729d37c254db9vm:12190:12218 [1] NCCL INFO Channel 00/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:12190:12217 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:12190:12218 [1] NCCL INFO Channel 01/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:12190:12217 [0] NCCL INFO Channel 01/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:12190:12218 [1] NCCL INFO Channel 02/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:12190:12217 [0] NCCL INFO Channel 02/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:12190:12218 [1] NCCL INFO Channel 03/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:12190:12217 [0] NCCL INFO Channel 03/0 : 0[0] -> 1[1] via P2P/direct pointer
]133;D;0;aid=12162;n=7;h=8;t=1796190938.582239;ps=0,0;k=15b0498c7442baedb17729d37c254db9]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=12162;k=15b0498c7442baedb17729d37c254db9[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 all_reduce_perf -b 128M -e 128M -g 2
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202;15b0498c7442baedb17729d37c254db9]133;C;aid=12162;n=8;h=9;t=1796190938.707067;k=15b0498c7442baedb17729d37c254db9# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  12194 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  12194 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  14832.0    9.05    9.05       0  14699.1    9.13    9.13       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 9.09011 
#
# Collective test concluded: all_reduce_perf

]133;D;0;aid=12162;n=8;h=9;t=1796190938.776118;ps=0;k=15b0498c7442baedb17729d37c254db9]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=12162;k=15b0498c7442baedb17729d37c254db9[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep via
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20via;15b0498c7442baedb17729d37c254db9]133;C;aid=12162;n=9;h=10;t=1796190938.969289;k=15b0498c7442baedb17729d37c254db9vm:12197:12225 [1] NCCL INFO Channel 00 : 1[1] -> 0[0] via SHM/direct
vm:12197:12224 [0] NCCL INFO Channel 00 : 0[0] -> 1[1] via SHM/direct
vm:12197:12225 [1] NCCL INFO Channel 01 : 1[1] -> 0[0] via SHM/direct
vm:12197:12224 [0] NCCL INFO Channel 01 : 0[0] -> 1[1] via SHM/direct
vm:12197:12225 [1] NCCL INFO Channel 02 : 1[1] -> 0[0] via SHM/direct
vm:12197:12224 [0] NCCL INFO Channel 02 : 0[0] -> 1[1] via SHM/direct
vm:12197:12225 [1] NCCL INFO Channel 03 : 1[1] -> 0[0] via SHM/direct
vm:12197:12224 [0] NCCL INFO Channel 03 : 0[0] -> 1[1] via SHM/direct
]133;D;0;aid=12162;n=9;h=10;t=1796190939.040612;ps=0,0;k=15b0498c7442baedb17729d37c254db9]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=12162;k=15b0498c7442baedb17729d37c254db9[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;15b0498c7442baedb17729d37c254db9]133;C;aid=12162;n=10;h=11;t=1796190939.052112;k=15b0498c7442baedb17729d37c254db9exit

Script done on 2026-12-02 05:55:39+00:00 [COMMAND_EXIT_CODE="0"]
