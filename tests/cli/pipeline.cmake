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
