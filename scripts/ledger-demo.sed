# What varies between runs of the ledger demo, replaced by fixed text (used
# by scripts/golden.sh and scripts/package-test.sh, after the ledger's path):
# the schema number counts migrations; the audit chain's head hash covers
# the clock (issue 27); the clock itself.
s/: schema [0-9]* (/: schema N (/
s/head \([0-9]*\):[0-9a-f]\{64\}/head \1:HASH/g
s/[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z/YYYY-MM-DDTHH:MM:SSZ/g
