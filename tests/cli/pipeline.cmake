# bridgemp award over bmp_pipeline: an ABF credit file as input (its lines
# are the awards, App. D / ABF-117, ABF-118).
bmp_cli_test(NAME award_credit_file_csv
  ARGS award tests/data/abf_admin/appd.rag --format csv
  # .rag line 0100060 000042 000005: red 0.42 and green 0.05 (ABF-118)
  EXPECT "0100060,,credit,credit file,-,0\\.42,red,ABF-118,App\\. D"
         "0100060,,credit,credit file,-,0\\.05,green,ABF-118")
bmp_cli_test(NAME award_credit_file_bad_line
  ARGS award tests/data/abf_admin/bad.grn
  EXPECT "bad\\.grn:2: " EXIT 1)
# Issue 45: a contestant lists at most 16 players (a file of 100,000 in one
# contestant held the ledger's writer 23 s); the limit is named.
bmp_cli_test(NAME award_contestant_of_17
  ARGS award tests/data/bad/team-of-17.json
  EXPECT "contestant 1 \\(position 1\\) lists 17 players: a contestant has at most 16 players"
  EXIT 1)
