# Reader errors keep file:line and element path (the USEBIO reader is to be
# streamed, docs/performance.md: these pin the messages it must keep).
bmp_cli_test(NAME usebio_second_event_line
             ARGS award tests/data/usebio/two_events.xml --body abf --grade E
             EXPECT "two_events.xml:8: /USEBIO/EVENT\\[2\\]: a second EVENT" EXIT 1)
