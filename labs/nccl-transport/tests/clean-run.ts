Script started on 2026-12-03 16:26:53+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/0" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=29417;n=0;h=1;t=1796315213.583350;ps=1;k=0ccfef0d08da09265eb582136d456b33]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=29417;k=0ccfef0d08da09265eb582136d456b33[?2004hroot@vm:~# all_reduce_perf -b 128M -e 128M -g 2
[?2004l]633;E;all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202;0ccfef0d08da09265eb582136d456b33]133;C;aid=29417;n=1;h=2;t=1796315213.681811;k=0ccfef0d08da09265eb582136d456b33# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  29429 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  29429 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  10109.0   13.28   13.28       0  10223.7   13.13   13.13       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.2026 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=;x=0;t0=1796315213.7474906;t1=1796315213.7920737;u=root;host=vm;pid=29429;ppid=29417;r=20261203T162653-29369-23b992ab.29429.1796315213747490.run;rh=a16754ab7fe1197a464eafb65e3e364f9a539c35289c47b6912813001a921a56;k=0ccfef0d08da09265eb582136d456b33;s=897c2871a0b43e02188fcad8c646526a59ee50139d32b28c0759e34d1fead2a189b471bedee6b96b7560dd0defde160ccf69cace45133f9f979dd1470256090d]133;D;0;aid=29417;n=1;h=2;t=1796315213.810990;ps=0;k=0ccfef0d08da09265eb582136d456b33]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=29417;k=0ccfef0d08da09265eb582136d456b33[?2004hroot@vm:~# lab answer why-busbw a
[?2004l]633;E;lab\x20answer\x20why-busbw\x20a;0ccfef0d08da09265eb582136d456b33]133;C;aid=29417;n=2;h=3;t=1796315213.859356;k=0ccfef0d08da09265eb582136d456b33Answer 'a' for step 'why-busbw' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;T;v=2;p=lab;a=answer\x00why-busbw\x00a\x00;e=;x=0;t0=1796315213.923568;t1=1796315213.973112;u=root;host=vm;pid=29433;ppid=29417;r=20261203T162653-29369-23b992ab.29433.1796315213923568.run;rh=80ca81a7c5237b8feb747afa4f9b5bcc50df72fee06ac388e997599bf4b8d2a3;k=0ccfef0d08da09265eb582136d456b33;s=937b6f32f3a8317334cd2876c981f0bffeee6340463416aadd0e5ec81da677e724a6f806ad39ad347cace9b611b0f7647eaffc973f6a8ad77fb16c6292b59f00]133;D;0;aid=29417;n=2;h=3;t=1796315213.990828;ps=0;k=0ccfef0d08da09265eb582136d456b33]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=29417;k=0ccfef0d08da09265eb582136d456b33[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep 'via'
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20'via';0ccfef0d08da09265eb582136d456b33]133;C;aid=29417;n=3;h=4;t=1796315214.162359;k=0ccfef0d08da09265eb582136d456b33vm:29438:29466 [1] NCCL INFO Channel 00/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:29438:29465 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:29438:29466 [1] NCCL INFO Channel 01/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:29438:29465 [0] NCCL INFO Channel 01/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:29438:29466 [1] NCCL INFO Channel 02/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:29438:29465 [0] NCCL INFO Channel 02/0 : 0[0] -> 1[1] via P2P/direct pointer
vm:29438:29466 [1] NCCL INFO Channel 03/0 : 1[1] -> 0[0] via P2P/direct pointer
vm:29438:29465 [0] NCCL INFO Channel 03/0 : 0[0] -> 1[1] via P2P/direct pointer
]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_DEBUG=INFO\x00;x=0;t0=1796315214.2267983;t1=1796315214.27129;u=root;host=vm;pid=29438;ppid=29417;r=20261203T162653-29369-23b992ab.29438.1796315214226798.run;rh=4f86456ed05cbd7f6663726fb244ca457cdc9ae656fee4c3030f7b20b6d00475;k=0ccfef0d08da09265eb582136d456b33;s=4282644220892db0c912bbe1c80a4ced72c94ebc9bf6d61e77d45f45d8370acb8d6572ba6576e8a7d42b12332f920006fa536fbfd5214088083fc10fa6bb6203]133;D;0;aid=29417;n=3;h=4;t=1796315214.287971;ps=0,0;k=0ccfef0d08da09265eb582136d456b33]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=29417;k=0ccfef0d08da09265eb582136d456b33[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep 'via' [A[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[C[K'
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20'via';0ccfef0d08da09265eb582136d456b33]133;C;aid=29417;n=4;h=5;t=1796315214.496871;k=0ccfef0d08da09265eb582136d456b33vm:29443:29471 [1] NCCL INFO Channel 00 : 1[1] -> 0[0] via SHM/direct
vm:29443:29470 [0] NCCL INFO Channel 00 : 0[0] -> 1[1] via SHM/direct
vm:29443:29471 [1] NCCL INFO Channel 01 : 1[1] -> 0[0] via SHM/direct
vm:29443:29470 [0] NCCL INFO Channel 01 : 0[0] -> 1[1] via SHM/direct
vm:29443:29471 [1] NCCL INFO Channel 02 : 1[1] -> 0[0] via SHM/direct
vm:29443:29470 [0] NCCL INFO Channel 02 : 0[0] -> 1[1] via SHM/direct
vm:29443:29471 [1] NCCL INFO Channel 03 : 1[1] -> 0[0] via SHM/direct
vm:29443:29470 [0] NCCL INFO Channel 03 : 0[0] -> 1[1] via SHM/direct
]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_DEBUG=INFO\x00NCCL_P2P_DISABLE=1\x00;x=0;t0=1796315214.5632918;t1=1796315214.5934746;u=root;host=vm;pid=29443;ppid=29417;r=20261203T162653-29369-23b992ab.29443.1796315214563291.run;rh=f23032711d971e38a2d37740b4ad5829cafcf03aa85d796ef19ec1c14853cdbc;k=0ccfef0d08da09265eb582136d456b33;s=07cf86f013dd914ed41959c8d971021ce1c794af06ff8c3853313d77719ea19eaab14d887d5a63badb191106a15d71648a6cbc56f5958702fd8efb83d6a99f03]133;D;0;aid=29417;n=4;h=5;t=1796315214.612229;ps=0,0;k=0ccfef0d08da09265eb582136d456b33]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=29417;k=0ccfef0d08da09265eb582136d456b33[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 all_reduce_perf -b 128M -e 128M -g 2
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202;0ccfef0d08da09265eb582136d456b33]133;C;aid=29417;n=5;h=6;t=1796315214.729532;k=0ccfef0d08da09265eb582136d456b33# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  29447 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  29447 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  14810.8    9.06    9.06       0  14657.9    9.16    9.16       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 9.10941 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_P2P_DISABLE=1\x00;x=0;t0=1796315214.8033068;t1=1796315214.8346357;u=root;host=vm;pid=29447;ppid=29417;r=20261203T162653-29369-23b992ab.29447.1796315214803306.run;rh=0f3fa8f0b2c12f8039abbb490903f3b17d4a5b0637aa8e2fb255a004ac3fc188;k=0ccfef0d08da09265eb582136d456b33;s=ca930af7edb5d68ffa923a3fa9c2cf8b88b1ed06bfe48b1f1126bf361d8042efbc6b9a072a76c597cddc6a60f112a8bef5b1e6cf0419d47b5c329f34a8cb4d06]133;D;0;aid=29417;n=5;h=6;t=1796315214.852469;ps=0;k=0ccfef0d08da09265eb582136d456b33]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=29417;k=0ccfef0d08da09265eb582136d456b33[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1 NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g  2 2>&1 | grep 'via'
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_SHM_DISABLE=1\x20NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20'via';0ccfef0d08da09265eb582136d456b33]133;C;aid=29417;n=6;h=7;t=1796315215.082092;k=0ccfef0d08da09265eb582136d456b33vm:29452:29480 [1] NCCL INFO Channel 00/0 : 1[1] -> 0[0] [send] via NET/Socket/0
vm:29452:29480 [1] NCCL INFO Channel 00/0 : 0[0] -> 1[1] [receive] via NET/Socket/0
vm:29452:29479 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] [send] via NET/Socket/0
vm:29452:29479 [0] NCCL INFO Channel 00/0 : 1[1] -> 0[0] [receive] via NET/Socket/0
vm:29452:29480 [1] NCCL INFO Channel 01/0 : 1[1] -> 0[0] [send] via NET/Socket/0
vm:29452:29480 [1] NCCL INFO Channel 01/0 : 0[0] -> 1[1] [receive] via NET/Socket/0
vm:29452:29479 [0] NCCL INFO Channel 01/0 : 0[0] -> 1[1] [send] via NET/Socket/0
vm:29452:29479 [0] NCCL INFO Channel 01/0 : 1[1] -> 0[0] [receive] via NET/Socket/0
vm:29452:29480 [1] NCCL INFO Channel 02/0 : 1[1] -> 0[0] [send] via NET/Socket/0
vm:29452:29480 [1] NCCL INFO Channel 02/0 : 0[0] -> 1[1] [receive] via NET/Socket/0
vm:29452:29479 [0] NCCL INFO Channel 02/0 : 0[0] -> 1[1] [send] via NET/Socket/0
vm:29452:29479 [0] NCCL INFO Channel 02/0 : 1[1] -> 0[0] [receive] via NET/Socket/0
vm:29452:29480 [1] NCCL INFO Channel 03/0 : 1[1] -> 0[0] [send] via NET/Socket/0
vm:29452:29480 [1] NCCL INFO Channel 03/0 : 0[0] -> 1[1] [receive] via NET/Socket/0
vm:29452:29479 [0] NCCL INFO Channel 03/0 : 0[0] -> 1[1] [send] via NET/Socket/0
vm:29452:29479 [0] NCCL INFO Channel 03/0 : 1[1] -> 0[0] [receive] via NET/Socket/0
]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_DEBUG=INFO\x00NCCL_P2P_DISABLE=1\x00NCCL_SHM_DISABLE=1\x00;x=0;t0=1796315215.1474319;t1=1796315215.178494;u=root;host=vm;pid=29452;ppid=29417;r=20261203T162653-29369-23b992ab.29452.1796315215147431.run;rh=d6b613d5d5a347fae257bc30534aa743f67010e97b0722d8830ffcc4e5ed0ca3;k=0ccfef0d08da09265eb582136d456b33;s=16d0e0a68e3f061d49df4229c1f64c324b326a22f595c51fafb87692ad293aee0883e92b528d4b86183ddce4ed36c1e257109ab41c56b766f23a1e72f32ac808]133;D;0;aid=29417;n=6;h=7;t=1796315215.196378;ps=0,0;k=0ccfef0d08da09265eb582136d456b33]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=29417;k=0ccfef0d08da09265eb582136d456b33[?2004hroot@vm:~# NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1 all_reduce_perf -b 128M -e 128M -g 2 | tee socket.t xt
[?2004l]633;E;NCCL_P2P_DISABLE=1\x20NCCL_SHM_DISABLE=1\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x20|\x20tee\x20socket.txt;0ccfef0d08da09265eb582136d456b33]133;C;aid=29417;n=7;h=8;t=1796315215.396635;k=0ccfef0d08da09265eb582136d456b33# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 134217728 maxBytes 134217728 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  29457 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  29457 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
   134217728      33554432     float     sum      -1  58210.0    2.31    2.31       0  58921.5    2.28    2.28       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 2.29183 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_P2P_DISABLE=1\x00NCCL_SHM_DISABLE=1\x00;x=0;t0=1796315215.4617152;t1=1796315215.4946918;u=root;host=vm;pid=29457;ppid=29417;r=20261203T162653-29369-23b992ab.29457.1796315215461715.run;rh=f1da6ffbba8ec25ceaf72525a2e91e19a3c3d31424b0bf8f49c3a007ef0884b8;k=0ccfef0d08da09265eb582136d456b33;s=ca2b3d156bcda2215b3908022e058274e12b0dad36a59f75a8fa05a661b237c08991dc22947953ee9498a31007de773236569ee1df5bb38140d8f668b5a4f509]133;D;0;aid=29417;n=7;h=8;t=1796315215.511793;ps=0,0;k=0ccfef0d08da09265eb582136d456b33]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=29417;k=0ccfef0d08da09265eb582136d456b33[?2004hroot@vm:~# echo busbw=$(awk '$1 == 134217728 {print $8}' socket.txt)
[?2004l]633;E;echo\x20busbw=$(awk\x20'$1\x20==\x20134217728\x20{print\x20$8}'\x20socket.txt);0ccfef0d08da09265eb582136d456b33]133;C;aid=29417;n=8;h=9;t=1796315215.633482;k=0ccfef0d08da09265eb582136d456b33busbw=2.31
]133;D;0;aid=29417;n=8;h=9;t=1796315215.635606;ps=0;k=0ccfef0d08da09265eb582136d456b33]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=29417;k=0ccfef0d08da09265eb582136d456b33[?2004hroot@vm:~# lab answer slow-job b
[?2004l]633;E;lab\x20answer\x20slow-job\x20b;0ccfef0d08da09265eb582136d456b33]133;C;aid=29417;n=9;h=10;t=1796315215.681883;k=0ccfef0d08da09265eb582136d456b33Answer 'b' for step 'slow-job' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;T;v=2;p=lab;a=answer\x00slow-job\x00b\x00;e=;x=0;t0=1796315215.7445939;t1=1796315215.7825828;u=root;host=vm;pid=29464;ppid=29417;r=20261203T162653-29369-23b992ab.29464.1796315215744593.run;rh=bbf4ea886dfee964674662e17697bbe232a1a71d4ae175c761d0116daccf7366;k=0ccfef0d08da09265eb582136d456b33;s=afe0a93d54599c08ee6aa29fe28697c46a8a8e6374be7b6ecf327b6d62afd033d93e8ba0f5610f6996bb1b23d2a40290a0d293c9815e5d89509030ddc58ecd0e]133;D;0;aid=29417;n=9;h=10;t=1796315215.799441;ps=0;k=0ccfef0d08da09265eb582136d456b33]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=29417;k=0ccfef0d08da09265eb582136d456b33[?2004hroot@vm:~# all_reduce_perf -b 128M -e 128M -g 2 | grep 'Avg bus bandwidth'
[?2004l]633;E;all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x20|\x20grep\x20'Avg\x20bus\x20bandwidth';0ccfef0d08da09265eb582136d456b33]133;C;aid=29417;n=10;h=11;t=1796315215.933920;k=0ccfef0d08da09265eb582136d456b33# Avg bus bandwidth    : 13.1602 
]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=;x=0;t0=1796315215.995998;t1=1796315216.0283186;u=root;host=vm;pid=29469;ppid=29417;r=20261203T162653-29369-23b992ab.29469.1796315215995998.run;rh=a7e3789f7b286e6bbbfbb0cf2e6165fc9768a772d07ecb3a2399ad8c8d01504a;k=0ccfef0d08da09265eb582136d456b33;s=7a2f5e4dac6b6b1ef9587851a94b7c80dc7ba5139f90b6bdc53c752f689a6c9462a2a6cbd1ceb582e5dffb4db4ff94a26888199828087999748e6e98154eb203]133;D;0;aid=29417;n=10;h=11;t=1796315216.046680;ps=0,0;k=0ccfef0d08da09265eb582136d456b33]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=29417;k=0ccfef0d08da09265eb582136d456b33[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;0ccfef0d08da09265eb582136d456b33]133;C;aid=29417;n=11;h=12;t=1796315216.057135;k=0ccfef0d08da09265eb582136d456b33exit

Script done on 2026-12-03 16:26:56+00:00 [COMMAND_EXIT_CODE="0"]
