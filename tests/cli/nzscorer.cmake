# NZ Bridge Scorer's own XML (issue 43 items 3, 4; docs/nzscorer.md): the five
# real <session> files compute natively (body nzb, grade 40C unless told),
# their anonymised NZB numbers flagged, never refused.
set(Z tests/data/nz-scorer)
bmp_cli_test(NAME nzscorer_pairs ARGS award ${Z}/pairs.xml
             EXPECT "Monday Afternoon November Pairs \\(nzb\\): awards"
                    "5NS    p0_1 - p0_2  session  session 1 NS      1   40.00       C  NZ-26"
                    "p0_1: no number; p0_2: not a valid NZB number"
                    "pairs.xml: 52 players without a valid NZB number \\(0 guests, 1 without a number, 51 not valid\\): lines 350, 351")
bmp_cli_test(NAME nzscorer_np_passed ARGS award ${Z}/pairs-with-np-passed.xml
             EXPECT "Gladstone Pairs \\(nzb\\)" "8EW    p7_1 - p7_2  session  session 1 EW      1   40.00"
                    "52 players without a valid NZB number")
bmp_cli_test(NAME nzscorer_handicap ARGS award ${Z}/handicap_pairs.xml
             EXPECT "Whitehead Trophy Handicap Pairs" "6EW    p9_1 - p9_2  session  session 1 EW      1   40.00"
                    "36 players without a valid NZB number")
bmp_cli_test(NAME nzscorer_howell_phantom ARGS award ${Z}/three_quarter_howell_with_phantom.xml
             EXPECT "3  p0_1 - p0_2  session  session 1      1   40.00       C  NZ-26"
                    "22 players without a valid NZB number")
bmp_cli_test(NAME nzscorer_sections ARGS award ${Z}/multi-section-multi-movement-pairs.xml
             EXPECT "A:5NS    p0_1 - p0_2  session  session 1 A NS      1   40.00"
                    "132 players without a valid NZB number")
bmp_cli_test(NAME nzscorer_strict ARGS award ${Z}/pairs.xml --strict-numbers EXIT 1
             EXPECT "pairs.xml:350: contestant 5NS player p0_1: NZB computer number \"0\": expected 4 or 5 digits")
bmp_cli_test(NAME nzscorer_validate ARGS validate ${Z}/pairs.xml
             EXPECT "valid nzb event \"Monday Afternoon November Pairs\": pairs, 1 session\\(s\\), 13 tables, 26 contestants"
                    "pairs.xml:350: warning: contestant 5NS player p0_2: not a valid NZB number")
bmp_cli_test(NAME nzscorer_convert ARGS convert ${Z}/pairs.xml - --to json
             EXPECT "\"mp.c\": 4000" "\"nzscorer.club\": \"Palmerston North Bridge Club\"" "\"date\": \"2015-11-16\"")
bmp_cli_test(NAME nzscorer_file_awards ARGS convert ${Z}/handicap_pairs.xml - --to usebio
             EXPECT "<MASTER_POINTS_AWARDED>2700</MASTER_POINTS_AWARDED>")
# --grade is the event's, not the reader's 40C: the rules then judge it
bmp_cli_test(NAME nzscorer_grade_option ARGS award ${Z}/pairs.xml --grade 5A EXIT 1
             EXPECT "an NZ 5A pairs event needs at least 60 deals \\(NZ-84")
