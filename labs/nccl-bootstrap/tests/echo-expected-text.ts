Script started on 2026-12-03 16:26:06+00:00 [COMMAND="LABGRADER_STARTING=1 exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/0" COLUMNS="100" LINES="24"]
labgrader: every command you type in this shell is checked. `lab` shows your lab and its steps once the grader has read this node.
]133;D;0;aid=26957;n=0;h=1;t=1796315166.881849;ps=1;k=4e6200536d5346eccd549f0dd32b10ad]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=26957;k=4e6200536d5346eccd549f0dd32b10ad[?2004hroot@vm:~# echo "[0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface f ound"
[?2004l]633;E;echo\x20"[0]\x20bootstrap.cc:126\x20(bootstrapNetInit)\x20NCCL\x20WARN\x20Bootstrap\x20:\x20no\x20socket\x20interface\x20found";4e6200536d5346eccd549f0dd32b10ad]133;C;aid=26957;n=1;h=2;t=1796315167.108018;k=4e6200536d5346eccd549f0dd32b10ad[0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
]133;D;0;aid=26957;n=1;h=2;t=1796315167.108633;ps=0;k=4e6200536d5346eccd549f0dd32b10ad]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=26957;k=4e6200536d5346eccd549f0dd32b10ad[?2004hroot@vm:~# printf '%s\n' 'NCCL WARN Bootstrap : no socket interface found' '# Avg bus bandwidth    :  12.5'
[?2004l]633;E;printf\x20'%s\\n'\x20'NCCL\x20WARN\x20Bootstrap\x20:\x20no\x20socket\x20interface\x20found'\x20'#\x20Avg\x20bus\x20bandwidth\x20\x20\x20\x20:\x2012.5';4e6200536d5346eccd549f0dd32b10ad]133;C;aid=26957;n=2;h=3;t=1796315167.332813;k=4e6200536d5346eccd549f0dd32b10adNCCL WARN Bootstrap : no socket interface found
# Avg bus bandwidth    : 12.5
]133;D;0;aid=26957;n=2;h=3;t=1796315167.333502;ps=0;k=4e6200536d5346eccd549f0dd32b10ad]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=26957;k=4e6200536d5346eccd549f0dd32b10ad[?2004hroot@vm:~# bash -c 'echo "NCCL WARN Bootstrap : no socket interface found"; exit 3'
[?2004l]633;E;bash\x20-c\x20'echo\x20"NCCL\x20WARN\x20Bootstrap\x20:\x20no\x20socket\x20interface\x20found"\x3b\x20exit\x203';4e6200536d5346eccd549f0dd32b10ad]133;C;aid=26957;n=3;h=4;t=1796315167.489666;k=4e6200536d5346eccd549f0dd32b10adNCCL WARN Bootstrap : no socket interface found
]133;D;3;aid=26957;n=3;h=4;t=1796315167.492285;ps=3;k=4e6200536d5346eccd549f0dd32b10ad]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=26957;k=4e6200536d5346eccd549f0dd32b10ad[?2004hroot@vm:~# echo $?
[?2004l]633;E;echo\x20$?;4e6200536d5346eccd549f0dd32b10ad]133;C;aid=26957;n=4;h=5;t=1796315167.509915;k=4e6200536d5346eccd549f0dd32b10ad3
]133;D;0;aid=26957;n=4;h=5;t=1796315167.510462;ps=0;k=4e6200536d5346eccd549f0dd32b10ad]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=26957;k=4e6200536d5346eccd549f0dd32b10ad[?2004hroot@vm:~# echo '# Avg bus bandwidth : 11.3' | grep 'Avg bus'
[?2004l]633;E;echo\x20'#\x20Avg\x20bus\x20bandwidth\x20:\x2011.3'\x20|\x20grep\x20'Avg\x20bus';4e6200536d5346eccd549f0dd32b10ad]133;C;aid=26957;n=5;h=6;t=1796315167.620080;k=4e6200536d5346eccd549f0dd32b10ad# Avg bus bandwidth : 11.3
]133;D;0;aid=26957;n=5;h=6;t=1796315167.622566;ps=0,0;k=4e6200536d5346eccd549f0dd32b10ad]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=26957;k=4e6200536d5346eccd549f0dd32b10ad[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;4e6200536d5346eccd549f0dd32b10ad]133;C;aid=26957;n=6;h=7;t=1796315167.633283;k=4e6200536d5346eccd549f0dd32b10adexit

Script done on 2026-12-03 16:26:07+00:00 [COMMAND_EXIT_CODE="0"]
