Script started on 2026-12-03 13:53:47+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/7" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=7211;n=0;h=1;t=1796306028.424707;ps=1;k=300f35f6c1e921dd97f6f0d33a20427d]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=7211;k=300f35f6c1e921dd97f6f0d33a20427d[?2004hroot@vm:~# all_reduce_perf -b 128M -e 128M -g 2 > fast.txt
[?2004l]633;E;all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x20>\x20fast.txt;300f35f6c1e921dd97f6f0d33a20427d]133;C;aid=7211;n=1;h=2;t=1796306028.575474;k=300f35f6c1e921dd97f6f0d33a20427d]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=;x=0;t0=1796306029.2613072;t1=1796306029.7271888;u=root;host=vm;pid=7420;ppid=7211;r=20261203T135347-7103-f2bf3d6d.7420.1796306029261307.run;rh=9bbaf48ab9f41b0b8a8b4eba334135f1797f60953ff86c804a12b5185cae87d5;k=300f35f6c1e921dd97f6f0d33a20427d;s=13610c79db708734610709f07c85c9bf8405dd3f9a11559f44c378787794c3bbcf6f8c681b053ce02b6545b7124c77263ad9ed482bc190c672158d845d1e0b0e]133;D;0;aid=7211;n=1;h=2;t=1796306029.937145;ps=0;k=300f35f6c1e921dd97f6f0d33a20427d]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=7211;k=300f35f6c1e921dd97f6f0d33a20427d[?2004hroot@vm:~# cat fast.txt
[?2004l]633;E;cat\x20fast.txt;300f35f6c1e921dd97f6f0d33a20427d]133;C;aid=7211;n=2;h=3;t=1796306029.971785;k=300f35f6c1e921dd97f6f0d33a20427d# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   7420 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   7420 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  10124.3   13.26   13.26       0  10109.6   13.28   13.28       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.2666 
#
# Collective test concluded: all_reduce_perf

]133;D;0;aid=7211;n=2;h=3;t=1796306029.984475;ps=0;k=300f35f6c1e921dd97f6f0d33a20427d]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=7211;k=300f35f6c1e921dd97f6f0d33a20427d[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1 bash -c 'cat fast.txt'
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_SHM_DISABLE=1\x20bash\x20-c\x20'cat\x20fast.txt';300f35f6c1e921dd97f6f0d33a20427d]133;C;aid=7211;n=3;h=4;t=1796306030.148035;k=300f35f6c1e921dd97f6f0d33a20427d# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid   7420 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid   7420 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  10124.3   13.26   13.26       0  10109.6   13.28   13.28       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.2666 
#
# Collective test concluded: all_reduce_perf

]133;D;0;aid=7211;n=3;h=4;t=1796306030.198265;ps=0;k=300f35f6c1e921dd97f6f0d33a20427d]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=7211;k=300f35f6c1e921dd97f6f0d33a20427d[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1 NCCL_DEBUG=INFO all_reduce_perf -b 8M -e 8M -g 2 -n  1 2>&1 | grep -c via
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_SHM_DISABLE=1\x20NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202\x20-n\x201\x202>&1\x20|\x20grep\x20-c\x20via;300f35f6c1e921dd97f6f0d33a20427d]133;C;aid=7211;n=4;h=5;t=1796306030.493598;k=300f35f6c1e921dd97f6f0d33a20427d]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x008M\x00-g\x002\x00-n\x001\x00;e=NCCL_DEBUG=INFO\x00NCCL_P2P_DISABLE=1\x00NCCL_SHM_DISABLE=1\x00;x=0;t0=1796306031.079648;t1=1796306031.3180952;u=root;host=vm;pid=7625;ppid=7211;r=20261203T135347-7103-f2bf3d6d.7625.1796306031079648.run;rh=a97ae354a7b1cb54199c513dcee7ab8d24a124d8f9161e94438fcc1293751b95;k=300f35f6c1e921dd97f6f0d33a20427d;s=d896706e1ced7490a98f76436ae3d707d04ccdda78defee82ced0e01fd8d379df6128b0fe9bb0ceb7c2df363b918cd4bdd7126c80aa01ccc5547534e8e21fe0016
]133;D;0;aid=7211;n=4;h=5;t=1796306031.522343;ps=0,0;k=300f35f6c1e921dd97f6f0d33a20427d]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=7211;k=300f35f6c1e921dd97f6f0d33a20427d[?2004hroot@vm:~# grep busbw fast.txt
[?2004l]633;E;grep\x20busbw\x20fast.txt;300f35f6c1e921dd97f6f0d33a20427d]133;C;aid=7211;n=5;h=6;t=1796306031.569312;k=300f35f6c1e921dd97f6f0d33a20427d#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
]133;D;0;aid=7211;n=5;h=6;t=1796306031.579174;ps=0;k=300f35f6c1e921dd97f6f0d33a20427d]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=7211;k=300f35f6c1e921dd97f6f0d33a20427d[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;300f35f6c1e921dd97f6f0d33a20427d]133;C;aid=7211;n=6;h=7;t=1796306031.606294;k=300f35f6c1e921dd97f6f0d33a20427dexit

Script done on 2026-12-03 13:53:51+00:00 [COMMAND_EXIT_CODE="0"]
