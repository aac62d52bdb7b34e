Script started on 2026-12-03 16:26:14+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/0" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=27356;n=0;h=1;t=1796315174.850497;ps=1;k=56ef24a1b8aca7f63a2fbdd480de9d04]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=27356;k=56ef24a1b8aca7f63a2fbdd480de9d04[?2004hroot@vm:~# NCCL_DEBUG=INFO NCCL_SOCKET_IFNAME=lo all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep 'N ET/Socket'
[?2004l]633;E;NCCL_DEBUG=INFO\x20NCCL_SOCKET_IFNAME=lo\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20'NET/Socket';56ef24a1b8aca7f63a2fbdd480de9d04]133;C;aid=27356;n=1;h=2;t=1796315175.061883;k=56ef24a1b8aca7f63a2fbdd480de9d04vm:27368:27388 [0] NCCL INFO NET/Socket : Using [0]lo:127.0.0.1<0>
]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_DEBUG=INFO\x00NCCL_SOCKET_IFNAME=lo\x00;x=0;t0=1796315175.1632137;t1=1796315175.2361362;u=root;host=vm;pid=27368;ppid=27356;r=20261203T162614-27308-263cc4e3.27368.1796315175163213.run;rh=8a7bb72015cdc813b901506406b5867c228c3cce06520b137ef6614f6fa272ab;k=56ef24a1b8aca7f63a2fbdd480de9d04;s=338b3aa7186ba7a30062c6bc47a1cb0b2734c9903519d68f4c3294c0d7bff7f5d838f6cedf4bec52fd0b2c9186a3351c1e382ecb01a0132cd8a42746a284be05]133;D;0;aid=27356;n=1;h=2;t=1796315175.261055;ps=0,0;k=56ef24a1b8aca7f63a2fbdd480de9d04]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=27356;k=56ef24a1b8aca7f63a2fbdd480de9d04[?2004hroot@vm:~# export NCCL_SOCKET_IFNAME=lo
[?2004l]633;E;export\x20NCCL_SOCKET_IFNAME=lo;56ef24a1b8aca7f63a2fbdd480de9d04]133;C;aid=27356;n=2;h=3;t=1796315175.322727;k=56ef24a1b8aca7f63a2fbdd480de9d04]133;D;0;aid=27356;n=2;h=3;t=1796315175.323408;ps=0;k=56ef24a1b8aca7f63a2fbdd480de9d04]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=27356;k=56ef24a1b8aca7f63a2fbdd480de9d04[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -b 128M -e 128M -g 2 2>&1 | grep -E 'NET/Socket|Bootstrap '
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x20128M\x20-e\x20128M\x20-g\x202\x202>&1\x20|\x20grep\x20-E\x20'NET/Socket|Bootstrap';56ef24a1b8aca7f63a2fbdd480de9d04]133;C;aid=27356;n=3;h=4;t=1796315175.521491;k=56ef24a1b8aca7f63a2fbdd480de9d04vm:27375:27375 [0] NCCL INFO Bootstrap: Using lo:127.0.0.1<0>
vm:27375:27395 [0] NCCL INFO NET/Socket : Using [0]lo:127.0.0.1<0>
]133;T;v=2;p=all_reduce_perf;a=-b\x00128M\x00-e\x00128M\x00-g\x002\x00;e=NCCL_DEBUG=INFO\x00NCCL_SOCKET_IFNAME=lo\x00;x=0;t0=1796315175.6229131;t1=1796315175.6710038;u=root;host=vm;pid=27375;ppid=27356;r=20261203T162614-27308-263cc4e3.27375.1796315175622913.run;rh=4f8295a53bf19215c797a395d644847a9aa82023b0316d04929d10105c9417d7;k=56ef24a1b8aca7f63a2fbdd480de9d04;s=b553ca0b47793438832ca4ed28c98e7120791ef5832e591aa5e23e00723fb8112062af97d5e50fd9e86c65dcec8d1f7f2ce7ed2791a64245c72430ba9f8a980f]133;D;0;aid=27356;n=3;h=4;t=1796315175.702308;ps=0,0;k=56ef24a1b8aca7f63a2fbdd480de9d04]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=27356;k=56ef24a1b8aca7f63a2fbdd480de9d04[?2004hroot@vm:~# NCCL_SOCKET_IFNAME=lo all_reduce_perf -b 8M -e 8M -g 2
[?2004l]633;E;NCCL_SOCKET_IFNAME=lo\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202;56ef24a1b8aca7f63a2fbdd480de9d04]133;C;aid=27356;n=4;h=5;t=1796315175.842805;k=56ef24a1b8aca7f63a2fbdd480de9d04# nccl-tests version 2.19.6 nccl-headers=23007 nccl-library=23007
# Collective test starting: all_reduce_perf
# nThread 1 nGpus 2 minBytes 8388608 maxBytes 8388608 step: 1048576(bytes) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  27379 on         vm device  0 [0000:00:02] NVIDIA RTX 4000 Ada Generation
#  Rank  1 Group  0 Pid  27379 on         vm device  1 [0000:00:03] NVIDIA RTX 4000 Ada Generation
NCCL version 2.30.7+cuda13.0
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
     8388608       2097152     float     sum      -1   645.33   13.00   13.00       0   639.39   13.12   13.12       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.0593 
#
# Collective test concluded: all_reduce_perf

]133;T;v=2;p=all_reduce_perf;a=-b\x008M\x00-e\x008M\x00-g\x002\x00;e=NCCL_DEBUG=WARN\x00NCCL_SOCKET_IFNAME=lo\x00;x=0;t0=1796315175.924472;t1=1796315175.9586742;u=root;host=vm;pid=27379;ppid=27356;r=20261203T162614-27308-263cc4e3.27379.1796315175924472.run;rh=672644397c168eda1e4184c4a1e2b7e94167e2c64053bbc134f9fba0f781ce84;k=56ef24a1b8aca7f63a2fbdd480de9d04;s=6b9addb9ab163c0ee5771ff3983dd9da4b5012daaf10921d002ddc85f9e9e68dffac1eb0d26a6ac4862b0f866044f3f97c23d830b358982b14c79489c1a1c00f]133;D;0;aid=27356;n=4;h=5;t=1796315175.979926;ps=0;k=56ef24a1b8aca7f63a2fbdd480de9d04]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=27356;k=56ef24a1b8aca7f63a2fbdd480de9d04[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;56ef24a1b8aca7f63a2fbdd480de9d04]133;C;aid=27356;n=5;h=6;t=1796315175.990676;k=56ef24a1b8aca7f63a2fbdd480de9d04exit

Script done on 2026-12-03 16:26:15+00:00 [COMMAND_EXIT_CODE="0"]
