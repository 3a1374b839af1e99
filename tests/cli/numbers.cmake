# Issue 43 item 1: a number never refuses an award.  A guest, a placeholder,
# a player without a number or with one the body cannot have keeps the award
# line, flagged in every output, summed up on standard error; validate lists
# them as warnings; --strict-numbers refuses as before.
set(N tests/data/numbers)
bmp_cli_test(NAME numbers_ebu_guest ARGS award ${N}/ebu_guest.json
             EXPECT "3 players without a valid EBU number \\(1 guest, 1 without a number, 1 not valid\\): lines 34, 96, 122"
                    "Tom Bell: guest" "Kim Shaw: not a valid EBU number" "Sam Pike: no number"
                    "88888888   Tom Bell           1   30.00                   guest")
bmp_cli_test(NAME numbers_ebu_guest_json ARGS award ${N}/ebu_guest.json --format json
             EXPECT "\"number_flags\": \"Tom Bell: guest\"" "\"number_flag\": \"not a valid EBU number\"")
bmp_cli_test(NAME numbers_ebu_guest_csv ARGS award ${N}/ebu_guest.json --format csv
             EXPECT "section,number flags" "4.1.5,Kim Shaw: not a valid EBU number")
bmp_cli_test(NAME numbers_ebu_strict ARGS award ${N}/ebu_guest.json --strict-numbers EXIT 1
             EXPECT "ebu_guest.json:34: contestant 1 player Tom Bell: 88888888 is the EBU guest number")
bmp_cli_test(NAME numbers_ebu_validate ARGS validate ${N}/ebu_guest.json
             EXPECT "valid ebu event" "ebu_guest.json:34: warning: contestant 1 player Tom Bell: guest"
                    "ebu_guest.json:96: warning: contestant 11 player Kim Shaw: not a valid EBU number: EBU number \"12X45\" is not all digits"
                    "ebu_guest.json:122: warning: contestant 12 player Sam Pike: no number")
bmp_cli_test(NAME numbers_ebu_validate_strict ARGS validate ${N}/ebu_guest.json --strict-numbers
             EXIT 1 EXPECT "88888888 is the EBU guest number")
bmp_cli_test(NAME numbers_acbl_nonmember ARGS award ${N}/acbl_nonmember.json
             EXPECT "3 players without a valid ACBL number \\(2 guests, 0 without a number, 1 not valid\\): lines 55, 80, 113"
                    ": guest" "not a valid ACBL number")
bmp_cli_test(NAME numbers_acbl_strict ARGS award ${N}/acbl_nonmember.json --strict-numbers EXIT 1
             EXPECT "acbl_nonmember.json:55: .*ACBL player number \"NM\"")
bmp_cli_test(NAME numbers_abf_invalid ARGS award ${N}/abf_invalid.json
             EXPECT "2 players without a valid ABF number \\(0 guests, 1 without a number, 1 not valid\\): lines 22, 40"
                    "not a valid ABF number" "no number")
bmp_cli_test(NAME numbers_abf_strict ARGS award ${N}/abf_invalid.json --strict-numbers EXIT 1
             EXPECT "abf_invalid.json:22: contestant 1 player Player 3: ABF number \"12345678\" has more than 7 digits")
bmp_cli_test(NAME numbers_nzb_short ARGS award ${N}/nzb_short.json
             EXPECT "2 players without a valid NZB number \\(0 guests, 1 without a number, 1 not valid\\): lines 24, 36"
                    "Aroha Smith: not a valid NZB number")
bmp_cli_test(NAME numbers_nzb_strict ARGS validate ${N}/nzb_short.json --strict-numbers EXIT 1
             EXPECT "nzb_short.json:24: contestant 1 player Aroha Smith: NZB computer number \"20\"")
bmp_cli_test(NAME numbers_usebio_guest ARGS award ${N}/ebu_guest_usebio.xml --body ebu --status club
             EXPECT "1 player without a valid EBU number \\(1 guest, 0 without a number, 0 not valid\\): line 25" "Ben Cox: guest")
# A number written "0" (USEBIO's "no number"), a player without one: at his
# name's line (the number is not his alone; it had no line before).
bmp_cli_test(NAME numbers_usebio_zero ARGS award ${N}/ebu_zero_usebio.xml --body ebu --status club
             EXPECT "2 players without a valid EBU number \\(1 guest, 1 without a number, 0 not valid\\): lines 25, 38" "Dan Eyre: no number")
# USEBIO has no element for it: a comment in the PLAYER says the flag.
bmp_cli_test(NAME numbers_usebio_out ARGS award ${N}/ebu_guest.json --format usebio
             EXPECT "<!-- bridgemp: guest -->" "<!-- bridgemp: not a valid EBU number -->"
                    "<!-- bridgemp: no number -->")
