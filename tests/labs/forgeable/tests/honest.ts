Script started on 2026-12-03 19:02:00+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/0" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=25680;n=0;h=1;t=1796324520.450067;ps=1;k=07663c7c17a3f0c083d1aba64125c216]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=25680;k=07663c7c17a3f0c083d1aba64125c216[?2004hroot@vm:~# nvidia-smi -L
[?2004l]633;E;nvidia-smi\x20-L;07663c7c17a3f0c083d1aba64125c216]133;C;aid=25680;n=1;h=2;t=1796324520.503705;k=07663c7c17a3f0c083d1aba64125c216GPU 0: NVIDIA RTX 4000 Ada Generation (UUID: GPU-5b3c0e7a-91d4-4f62-8a1e-3c7d2f9b6a10)
GPU 1: NVIDIA RTX 4000 Ada Generation (UUID: GPU-a0f4d2c8-6e1b-4b37-9d55-81e2c4a7f3b9)
]133;D;0;aid=25680;n=1;h=2;t=1796324520.566317;ps=0;k=07663c7c17a3f0c083d1aba64125c216]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=25680;k=07663c7c17a3f0c083d1aba64125c216[?2004hroot@vm:~# nvidia-smi topo -m
[?2004l]633;E;nvidia-smi\x20topo\x20-m;07663c7c17a3f0c083d1aba64125c216]133;C;aid=25680;n=2;h=3;t=1796324520.635822;k=07663c7c17a3f0c083d1aba64125c216	GPU0	GPU1	CPU Affinity	NUMA Affinity	GPU NUMA ID
GPU0	 X 	PHB	0-7	0		N/A
GPU1	PHB	 X 	0-7	0		N/A

Legend:

  X    = Self
  SYS  = Connection traversing PCIe as well as the SMP interconnect between NUMA nodes (e.g., QPI/UPI)
  NODE = Connection traversing PCIe as well as the interconnect between PCIe Host Bridges within a NUMA node
  PHB  = Connection traversing PCIe as well as a PCIe Host Bridge (typically the CPU)
  PXB  = Connection traversing multiple PCIe bridges (without traversing the PCIe Host Bridge)
  PIX  = Connection traversing at most a single PCIe bridge
  NV#  = Connection traversing a bonded set of # NVLinks
]133;D;0;aid=25680;n=2;h=3;t=1796324520.700256;ps=0;k=07663c7c17a3f0c083d1aba64125c216]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=25680;k=07663c7c17a3f0c083d1aba64125c216[?2004hroot@vm:~# NCCL_DEBUG=INFO all_reduce_perf -b 8M -e 8M -g 2 2>&1 | grep 'NET/Socket'
[?2004l]633;E;NCCL_DEBUG=INFO\x20all_reduce_perf\x20-b\x208M\x20-e\x208M\x20-g\x202\x202>&1\x20|\x20grep\x20'NET/Socket';07663c7c17a3f0c083d1aba64125c216]133;C;aid=25680;n=3;h=4;t=1796324520.891840;k=07663c7c17a3f0c083d1aba64125c216vm:25718:25738 [0] NCCL INFO NET/Socket : Using [0]eth0:192.0.2.2<0>
]133;D;0;aid=25680;n=3;h=4;t=1796324520.970395;ps=0,0;k=07663c7c17a3f0c083d1aba64125c216]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=25680;k=07663c7c17a3f0c083d1aba64125c216[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;07663c7c17a3f0c083d1aba64125c216]133;C;aid=25680;n=4;h=5;t=1796324521.003405;k=07663c7c17a3f0c083d1aba64125c216exit

Script done on 2026-12-03 19:02:01+00:00 [COMMAND_EXIT_CODE="0"]
