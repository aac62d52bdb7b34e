Script started on 2026-11-29 18:08:26+00:00 [COMMAND="exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/2" COLUMNS="100" LINES="24"]
]133;D;0;aid=2332;n=0;h=1;t=1795975706.875416;ps=0;k=d7ee35960b25401e922597429c6e7b6c]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=2332;k=d7ee35960b25401e922597429c6e7b6c[?2004hroot@vm:~# echo "[0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface f ound"
[?2004l]633;E;echo\x20"[0]\x20bootstrap.cc:126\x20(bootstrapNetInit)\x20NCCL\x20WARN\x20Bootstrap\x20:\x20no\x20socket\x20interface\x20found";d7ee35960b25401e922597429c6e7b6c]133;C;aid=2332;n=1;h=2;t=1795975707.141719;k=d7ee35960b25401e922597429c6e7b6c[0] bootstrap.cc:126 (bootstrapNetInit) NCCL WARN Bootstrap : no socket interface found
]133;D;0;aid=2332;n=1;h=2;t=1795975707.142427;ps=0;k=d7ee35960b25401e922597429c6e7b6c]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=2332;k=d7ee35960b25401e922597429c6e7b6c[?2004hroot@vm:~# printf '%s\n' 'NCCL WARN Bootstrap : no socket interface found' '# Avg bus bandwidth    :  12.5'
[?2004l]633;E;printf\x20'%s\\n'\x20'NCCL\x20WARN\x20Bootstrap\x20:\x20no\x20socket\x20interface\x20found'\x20'#\x20Avg\x20bus\x20bandwidth\x20\x20\x20\x20:\x2012.5';d7ee35960b25401e922597429c6e7b6c]133;C;aid=2332;n=2;h=3;t=1795975707.433163;k=d7ee35960b25401e922597429c6e7b6cNCCL WARN Bootstrap : no socket interface found
# Avg bus bandwidth    : 12.5
]133;D;0;aid=2332;n=2;h=3;t=1795975707.437565;ps=0;k=d7ee35960b25401e922597429c6e7b6c]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=2332;k=d7ee35960b25401e922597429c6e7b6c[?2004hroot@vm:~# bash -c 'echo "NCCL WARN Bootstrap : no socket interface found"; exit 3'
[?2004l]633;E;bash\x20-c\x20'echo\x20"NCCL\x20WARN\x20Bootstrap\x20:\x20no\x20socket\x20interface\x20found"\x3b\x20exit\x203';d7ee35960b25401e922597429c6e7b6c]133;C;aid=2332;n=3;h=4;t=1795975707.677836;k=d7ee35960b25401e922597429c6e7b6cNCCL WARN Bootstrap : no socket interface found
]133;D;3;aid=2332;n=3;h=4;t=1795975707.682800;ps=3;k=d7ee35960b25401e922597429c6e7b6c]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=2332;k=d7ee35960b25401e922597429c6e7b6c[?2004hroot@vm:~# echo $?
[?2004l]633;E;echo\x20$?;d7ee35960b25401e922597429c6e7b6c]133;C;aid=2332;n=4;h=5;t=1795975707.743174;k=d7ee35960b25401e922597429c6e7b6c3
]133;D;0;aid=2332;n=4;h=5;t=1795975707.743862;ps=0;k=d7ee35960b25401e922597429c6e7b6c]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=2332;k=d7ee35960b25401e922597429c6e7b6c[?2004hroot@vm:~# echo '# Avg bus bandwidth : 11.3' | grep 'Avg bus'
[?2004l]633;E;echo\x20'#\x20Avg\x20bus\x20bandwidth\x20:\x2011.3'\x20|\x20grep\x20'Avg\x20bus';d7ee35960b25401e922597429c6e7b6c]133;C;aid=2332;n=5;h=6;t=1795975707.882740;k=d7ee35960b25401e922597429c6e7b6c# Avg bus bandwidth : 11.3
]133;D;0;aid=2332;n=5;h=6;t=1795975707.892699;ps=0,0;k=d7ee35960b25401e922597429c6e7b6c]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=2332;k=d7ee35960b25401e922597429c6e7b6c[?2004hroot@vm:~# exit
[?2004lexit
]633;E;exit;d7ee35960b25401e922597429c6e7b6c]133;C;aid=2332;n=6;h=7;t=1795975707.924302;k=d7ee35960b25401e922597429c6e7b6cexit

Script done on 2026-11-29 18:08:27+00:00 [COMMAND_EXIT_CODE="0"]
