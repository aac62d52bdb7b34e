Script started on 2026-11-29 18:08:41+00:00 [COMMAND="exec /usr/bin/bash --rcfile /tmp/labgrader-rec/lib/hooks.bash -i" TERM="xterm" TTY="/dev/pts/0" COLUMNS="100" LINES="24"]
]133;D;0;aid=3685;n=0;h=1;t=1795975721.746138;ps=0;k=c5c78414771dc184d6b5c866805cb64c]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3685;k=c5c78414771dc184d6b5c866805cb64c[?2004hroot@vm:~# lab answer why-socket b
[?2004l]633;E;lab\x20answer\x20why-socket\x20b;c5c78414771dc184d6b5c866805cb64c]133;C;aid=3685;n=1;h=2;t=1795975721.804966;k=c5c78414771dc184d6b5c866805cb64cAnswer 'b' for step 'why-socket' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;D;0;aid=3685;n=1;h=2;t=1795975721.941941;ps=0;k=c5c78414771dc184d6b5c866805cb64c]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3685;k=c5c78414771dc184d6b5c866805cb64c[?2004hroot@vm:~# lab answer why-gpus-first a
[?2004l]633;E;lab\x20answer\x20why-gpus-first\x20a;c5c78414771dc184d6b5c866805cb64c]133;C;aid=3685;n=2;h=3;t=1795975722.003691;k=c5c78414771dc184d6b5c866805cb64cAnswer 'a' for step 'why-gpus-first' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;D;0;aid=3685;n=2;h=3;t=1795975722.099972;ps=0;k=c5c78414771dc184d6b5c866805cb64c]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3685;k=c5c78414771dc184d6b5c866805cb64c[?2004hroot@vm:~# lab answer why-container c
[?2004l]633;E;lab\x20answer\x20why-container\x20c;c5c78414771dc184d6b5c866805cb64c]133;C;aid=3685;n=3;h=4;t=1795975722.159130;k=c5c78414771dc184d6b5c866805cb64cAnswer 'c' for step 'why-container' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;D;0;aid=3685;n=3;h=4;t=1795975722.259306;ps=0;k=c5c78414771dc184d6b5c866805cb64c]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3685;k=c5c78414771dc184d6b5c866805cb64c[?2004hroot@vm:~# lab answer no-such-step a
[?2004l]633;E;lab\x20answer\x20no-such-step\x20a;c5c78414771dc184d6b5c866805cb64c]133;C;aid=3685;n=4;h=5;t=1795975722.343618;k=c5c78414771dc184d6b5c866805cb64cAnswer 'a' for step 'no-such-step' sent: the grader reads it from this
command line. The result shows at your next prompt and in `lab status`.
]133;D;0;aid=3685;n=4;h=5;t=1795975722.446816;ps=0;k=c5c78414771dc184d6b5c866805cb64c]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3685;k=c5c78414771dc184d6b5c866805cb64c[?2004hroot@vm:~# echo lab answer why-gpus-first b
[?2004l]633;E;echo\x20lab\x20answer\x20why-gpus-first\x20b;c5c78414771dc184d6b5c866805cb64c]133;C;aid=3685;n=5;h=6;t=1795975722.547055;k=c5c78414771dc184d6b5c866805cb64clab answer why-gpus-first b
]133;D;0;aid=3685;n=5;h=6;t=1795975722.547559;ps=0;k=c5c78414771dc184d6b5c866805cb64c]633;P;Cwd=/tmp/labgrader-rec/home]133;A;aid=3685;k=c5c78414771dc184d6b5c866805cb64c[?2004hroot@vm:~# exit
[?2004l]633;E;exit;c5c78414771dc184d6b5c866805cb64c]133;C;aid=3685;n=6;h=7;t=1795975722.587541;k=c5c78414771dc184d6b5c866805cb64cexit

Script done on 2026-11-29 18:08:42+00:00 [COMMAND_EXIT_CODE="0"]
