# ABF audit 2: a play-off segment under 12 boards is an input error naming the
# match (7.5.3, ABF-79).
bmp_cli_test(NAME abf_audit2_playoff_segment ARGS award tests/data/abf/playoff-short-segment.json EXIT 1
             EXPECT "\\$\\.matches\\[0\\]: a play-off segment of 10 boards")
