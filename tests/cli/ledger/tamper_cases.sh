# The tamper cases (sourced by tamper.sh; docs/reliability.md lists them):
# each takes a fresh copy of the fixture ($DB), edits it behind the
# program's back and checks that verify names the edit.

# sha256 of stdin, hex
sha() { sha256sum | cut -d' ' -f1; }

# One value from the database (psql/sqlite3, unaligned).
val() {
    if [ "$BACKEND" = postgresql ]; then
        psql -tA "$DB" -c "$1"
    else
        sqlite3 "$DB" "$1"
    fi
}

# Recompute the chain's hashes from entry $1 on, as ledger_audit_hash_rows
# does (prev, seq, at, who, action, detail[, rows_hash], each + "\n").
rechain() {
    notrig audit_no_update
    prev=$(val "SELECT prev_hash FROM audit WHERE seq = $1")
    last=$(val "SELECT max(seq) FROM audit")
    s=$1
    while [ "$s" -le "$last" ]; do
        at=$(val "SELECT at FROM audit WHERE seq = $s")
        who=$(val "SELECT who FROM audit WHERE seq = $s")
        act=$(val "SELECT action FROM audit WHERE seq = $s")
        det=$(val "SELECT detail FROM audit WHERE seq = $s")
        rows=$(val "SELECT rows_hash FROM audit WHERE seq = $s")
        if [ -n "$rows" ]; then
            h=$(printf '%s\n%s\n%s\n%s\n%s\n%s\n%s\n' "$prev" "$s" "$at" "$who" "$act" "$det" \
                "$rows" | sha)
        else
            h=$(printf '%s\n%s\n%s\n%s\n%s\n%s\n' "$prev" "$s" "$at" "$who" "$act" "$det" | sha)
        fi
        raw "UPDATE audit SET prev_hash = '$prev', hash = '$h' WHERE seq = $s"
        prev=$h
        s=$((s + 1))
    done
}

# The rows_hash of entry $1 recomputed from its images (tbl\tkey\tdigest\n).
rows_hash() {
    if [ "$BACKEND" = postgresql ]; then
        psql -tA -F '	' "$DB" -c "SELECT tbl, key, digest FROM audit_row WHERE seq = $1 ORDER BY n"
    else
        sqlite3 -separator '	' "$DB" "SELECT tbl, key, digest FROM audit_row WHERE seq = $1 ORDER BY n"
    fi | sha
}

# A player's latest image: its entry and n.
img_at() { val "SELECT seq || ' ' || n FROM audit_row WHERE tbl = 'player' AND key = '$1' ORDER BY seq DESC, n DESC LIMIT 1"; }

# ---- the issue's list ------------------------------------------------------

copy; notrig journal_no_update batch_total_no_update
raw "UPDATE journal SET points = points + 100 WHERE id = 27"
raw "UPDATE batch_total SET points = points + 100 WHERE batch_id = 3 AND point_type = 'red'"
raw "UPDATE holding SET points = points + 100 WHERE player_id = 41 AND point_type = 'red'"
check "journal row changed, batch total and holding adjusted" "journal rows (batch_id 3)"

copy; notrig journal_no_delete batch_total_no_update
raw "DELETE FROM journal WHERE id = 28"
raw "UPDATE batch_total SET points = points - 96, lines = lines - 1 WHERE batch_id = 3 AND point_type = 'red'"
raw "UPDATE holding SET points = points - 96 WHERE player_id = 42 AND point_type = 'red'"
check "journal row deleted, batch total and holding adjusted" "journal rows (batch_id 3)"

copy; notrig journal_no_update
raw "UPDATE journal SET player_id = 44 WHERE id = 29"
raw "UPDATE holding SET points = points - 96 WHERE player_id = 43 AND point_type = 'red'"
raw "UPDATE holding SET points = points + 96 WHERE player_id = 44 AND point_type = 'red'"
check "posted award moved to another player" "journal rows (batch_id 3)"

copy; notrig batch_frozen batch_lifecycle
raw "UPDATE holding SET points = points - (SELECT sum(j.points) FROM journal j WHERE j.batch_id = 4 AND j.player_id = holding.player_id AND j.point_type = holding.point_type) WHERE EXISTS (SELECT 1 FROM journal j WHERE j.batch_id = 4 AND j.player_id = holding.player_id AND j.point_type = holding.point_type)"
raw "UPDATE batch SET state = 'rejected', reason = 'never happened' WHERE id = 4"
check "posted batch set to rejected, its points out of the holdings" \
    "batch (id 4): differs from the audit chain ~ state: 'posted' -> 'rejected'"

copy; notrig audit_no_delete audit_row_no_delete
raw "DELETE FROM audit_row WHERE seq = (SELECT max(seq) FROM audit)"
raw "DELETE FROM audit WHERE seq = (SELECT max(seq) FROM audit)"
check "last audit row deleted (verify --head)" "the tail was cut" --head "$HEAD"

copy; notrig audit_no_delete audit_row_no_delete
raw "DELETE FROM audit_row WHERE seq = (SELECT max(seq) FROM audit)"
raw "DELETE FROM audit WHERE seq = (SELECT max(seq) FROM audit)"
check "last audit row deleted (its rows now unexplained)" "certificate (id 1): not in the audit chain"

copy; notrig audit_no_delete audit_row_no_delete
raw "DELETE FROM audit_row WHERE seq > (SELECT max(seq) - 3 FROM audit)"
raw "DELETE FROM audit WHERE seq > (SELECT max(seq) - 3 FROM audit)"
check "last three audit rows deleted (verify --head)" "the tail was cut" --head "$HEAD"

copy; notrig audit_no_update
raw "UPDATE audit SET detail = 'batch 4 abf abf-credit: nothing' WHERE seq = 5"
rechain 5
check "audit entry edited, chain recomputed from there on (verify --head)" \
    "the chain was rewritten" --head "$HEAD"

copy; notrig audit_row_no_update
set -- $(img_at 3)
raw "UPDATE player SET name = 'Mallory' WHERE id = 3"
raw "UPDATE audit_row SET image = replace(image, 'name=Player 4', 'name=Mallory') WHERE seq = $1 AND n = $2"
check "row image edited with the row" "audit $1: the image of player 3 does not match its digest"

copy; notrig audit_row_no_update
set -- $(img_at 3)
raw "UPDATE player SET name = 'Mallory' WHERE id = 3"
raw "UPDATE audit_row SET image = replace(image, 'name=Player 4', 'name=Mallory') WHERE seq = $1 AND n = $2"
d=$(printf '%s' "$(val "SELECT image FROM audit_row WHERE seq = $1 AND n = $2")" | sha)
raw "UPDATE audit_row SET digest = '$d' WHERE seq = $1 AND n = $2"
check "row image and digest edited with the row" "audit $1: its row images do not match its rows_hash"

copy; notrig audit_row_no_update audit_no_update
set -- $(img_at 3)
raw "UPDATE player SET name = 'Mallory' WHERE id = 3"
raw "UPDATE audit_row SET image = replace(image, 'name=Player 4', 'name=Mallory') WHERE seq = $1 AND n = $2"
d=$(printf '%s' "$(val "SELECT image FROM audit_row WHERE seq = $1 AND n = $2")" | sha)
raw "UPDATE audit_row SET digest = '$d' WHERE seq = $1 AND n = $2"
raw "UPDATE audit SET rows_hash = '$(rows_hash $1)' WHERE seq = $1"
rechain $1
check "row, image, digest, rows_hash and the chain rewritten (verify --head)" \
    "the chain was rewritten" --head "$HEAD"

copy
raw "INSERT INTO token (scope, label, hash, who, created_at) VALUES ('secretary:abf', 'backdoor', '$(printf x | sha)', 'mallory', '2025-10-05T00:00:00Z')"
check "token row inserted directly" "token (id 2): not in the audit chain"

copy
raw "UPDATE player SET name = 'Mallory' WHERE id = 3"
check "player renamed" "player (id 3): differs from the audit chain ~ name: 'Player 4' -> 'Mallory'"

copy
raw "UPDATE player SET status = 'Deceased' WHERE id = 5"
check "player marked Deceased" "player (id 5): differs from the audit chain ~ status: 'Active' -> 'Deceased'"

copy; notrig promotion_no_delete
raw "DELETE FROM promotion WHERE body_id = 1 AND period = '2025-08' AND player_id = 2"
check "promotion row deleted" "promotion rows (body_id 1, period 2025-08): differ from the audit chain"

copy; notrig period_no_delete promotion_no_delete
raw "DELETE FROM promotion WHERE body_id = 1 AND period = '2025-09'"
raw "DELETE FROM period WHERE body_id = 1 AND period = '2025-09'"
check "period row deleted (with its promotions)" \
    "period (body_id 1, period 2025-09): in the audit chain ~ but missing from the table"

# ---- any register edit ------------------------------------------------------

copy; raw "UPDATE player SET home_club = 2 WHERE id = 3"
check "player's home club moved" "player (id 3): differs from the audit chain ~ home_club: '1' -> '2'"
copy; raw "UPDATE player SET number = '0009999' WHERE id = 4"
check "player's number changed" "player (id 4): differs from the audit chain"
copy; raw "UPDATE player SET youth = 1, overseas = 1 WHERE id = 6"
check "player made youth and overseas" "player (id 6): differs from the audit chain ~ overseas: '0' -> '1'; youth: '0' -> '1'"
copy; raw "UPDATE player SET registered_to = 2030 WHERE id = 7"
check "player's registration extended" "player (id 7): differs from the audit chain ~ registered_to"
copy; raw "UPDATE player SET rank = 9, rank_name = 'Grand Master' WHERE id = 3"
check "player's rank raised" "player (id 3): differs from the audit chain"
copy; raw "INSERT INTO player (body_id, number, name, status) VALUES (1, '0007777', 'Ghost', 'Active')"
check "player inserted" "not in the audit chain (written behind the program's back)"
copy; raw "DELETE FROM alternate WHERE player_id = 1 AND club_id = 2"
check "alternate membership deleted" "alternate rows (player_id 1): in the audit chain"
copy; raw "INSERT INTO alternate (player_id, club_id) VALUES (2, 2)"
check "alternate membership added" "alternate rows (player_id 2): not in the audit chain"
copy; raw "UPDATE club SET name = 'Shell Company' WHERE id = 1"
check "club renamed" "club (id 1): differs from the audit chain ~ name:"
copy; raw "UPDATE club SET dummy = 0 WHERE id = 2"
check "club no longer a dummy" "club (id 2): differs from the audit chain ~ dummy: '1' -> '0'"
copy; raw "UPDATE body SET unknown_players = 'reject' WHERE id = 1"
check "body's rule for unknown players changed" "body (id 1): differs from the audit chain"

# ---- one edit per other table and meaningful column -------------------------

copy; raw "UPDATE holding SET points = points + 1000 WHERE player_id = 1 AND point_type = 'green'"
# holdings are derived (chain_tables.c): verify recomputes them from the posted journal
check "holding raised" "holding of player 0001002 green: recorded 12.10, recomputed 2.10"
copy; raw "DELETE FROM holding WHERE player_id = 2 AND point_type = 'green'"
check "holding deleted" "holding of player 0001003 green: recorded 0.00, recomputed 5.10"
copy; notrig batch_total_no_update
raw "UPDATE batch_total SET lines = 99 WHERE batch_id = 1 AND point_type = 'red'"
check "batch total's line count changed" "batch_total rows (batch_id 1): differ from the audit chain"
copy; notrig batch_frozen
raw "UPDATE batch SET event = 'Another event', file = 'x.json' WHERE id = 3"
check "batch's event and file changed" "batch (id 3): differs from the audit chain"
copy; notrig batch_frozen
raw "UPDATE batch SET period = '2025-08' WHERE id = 5"
check "batch moved to another period" "batch (id 5): differs from the audit chain ~ period: '2025-09' -> '2025-08'"
copy; raw "UPDATE batch SET state = 'approved' WHERE id = 6"
check "provisional batch approved behind the program's back" "batch (id 6): differs from the audit chain"
copy; notrig journal_no_update
raw "UPDATE journal SET rule = 'ABF-1', contestant = 'X' WHERE id = 1"
check "journal line's rule changed" "journal rows (batch_id 1): differ from the audit chain"
copy; raw "INSERT INTO journal (batch_id, player_id, point_type, points, rule, event, contestant) VALUES (6, 1, 'gold', 500, 'ABF-105', 'conversion', '')"
check "journal line added to a pending batch" "journal rows (batch_id 6): differ from the audit chain"
copy; notrig batch_event_no_update
raw "UPDATE batch_event SET event_json = '{}' WHERE batch_id = 2"
check "batch's event JSON changed" "batch_event (batch_id 2): differs from the audit chain"
copy; notrig certificate_no_update
raw "UPDATE certificate SET rank_name = 'Grand Master' WHERE id = 1"
check "certificate's rank changed" "certificate (id 1): differs from the audit chain"
copy; raw "DELETE FROM close_rank WHERE body_id = 1 AND period = '2025-08' AND player_id = 1"
check "kept close rank deleted" "close_rank rows (body_id 1, period 2025-08): differ from the audit chain"
copy; raw "UPDATE charge SET cents = 1 WHERE id = 1"
check "charge line's amount changed" "charge rows (run_id 1): differ from the audit chain"
copy; raw "UPDATE charge_run SET total = 1 WHERE id = 1"
check "charge run's total changed" "charge_run (id 1): differs from the audit chain"
copy; notrig invoice_no_update
raw "UPDATE invoice SET total = 1 WHERE id = 1"
check "invoice's total changed" "invoice (id 1): differs from the audit chain"
copy; notrig payment_no_update
raw "UPDATE payment SET cents = 1000000 WHERE id = 1"
check "payment's amount changed" "payment (id 1): differs from the audit chain"
copy; raw "UPDATE conversion SET points = 50000 WHERE id = 1"
check "conversion's points changed" "conversion (id 1): differs from the audit chain"
copy; raw "UPDATE batch_grade SET exempt = 1 WHERE batch_id = 5"
check "batch grade made exempt" "batch_grade (batch_id 5): differs from the audit chain"
copy; raw "UPDATE club_affiliation SET affiliated = '2000-01-01' WHERE club_id = 2"
check "club affiliation backdated" "club_affiliation (club_id 2): differs from the audit chain"
copy; raw "UPDATE token SET scope = 'secretary:nzb', revoked_at = NULL WHERE id = 1"
check "token's scope widened" "token (id 1): differs from the audit chain"
copy; raw "UPDATE token SET revoked_at = '2025-10-09T00:00:00Z' WHERE id = 1"
check "token revoked behind the program's back" "token (id 1): differs from the audit chain"
copy; raw "INSERT INTO reopen_pending (body_id, period) VALUES (1, '2025-09')"
check "reopen_pending row inserted (it unfreezes a period)" "reopen_pending (id 1): not in the audit chain"
copy; raw "INSERT INTO held (batch_id, number, name, point_type, points, rule, event, contestant, why) VALUES (6, '9999999', 'Ghost', 'green', 100, 'ABF-99', 'x', 'x', 'unknown')"
check "held line inserted" "held rows (batch_id 6): not in the audit chain"
copy; raw "INSERT INTO nz_grading (player_id, year, earned, rating, grading) VALUES (1, 2025, 0, 0, 'Open')"
check "grading inserted" "nz_grading rows (year 2025): not in the audit chain"
copy; raw "INSERT INTO levy_gate (batch_id, kind, run_id) VALUES (6, 'tour', 1)"
check "levy gate inserted" "levy_gate (batch_id 6): not in the audit chain"
copy; raw "INSERT INTO overdue_quarter (invoice_id, quarter, charge_id) VALUES (1, 1, 1)"
check "overdue quarter inserted" "overdue_quarter (invoice_id 1, quarter 1): not in the audit chain"
copy; raw "INSERT INTO batch_hold (batch_id, reason, held_at) VALUES (6, 'x', '2025-10-01')"
check "batch hold inserted" "batch_hold (batch_id 6): not in the audit chain"

# ---- the images themselves --------------------------------------------------

copy; notrig audit_row_no_delete
raw "DELETE FROM audit_row WHERE seq = 5"
check "an entry's row images deleted" "audit 5: its row images are missing"
copy
raw "INSERT INTO audit_row (seq, n, tbl, key, digest, image) VALUES (5, 9999, 'token', '2', 'x', 'id=2')"
check "a forged row image added" "audit 5: its row images do not match its rows_hash"

# ---- the schema and the sessions (issue 45) ----------------------------------

copy
if [ "$BACKEND" = postgresql ]; then
    raw "CREATE OR REPLACE VIEW player_resolved AS SELECT p.body_id, p.number, p.id, p.status, 1::bigint AS overseas FROM player p"
else
    raw "DROP VIEW player_resolved; CREATE VIEW player_resolved AS SELECT p.body_id, p.number, p.id, p.status, 1 AS overseas FROM player p"
fi
check "the view player_resolved replaced" "schema: view player_resolved differs from the migrations'"
copy; notrig journal_no_update
check "a trigger dropped" "schema: trigger journal_no_update is missing"
copy
raw "INSERT INTO account (name, pw_hash, who, created_at) VALUES ('mallory', 'x', 'mallory', '2025-10-05T00:00:00Z')"
raw "INSERT INTO session (id_hash, account_id, created, seen) VALUES ('$(printf chosen-session-id | sha)', (SELECT id FROM account WHERE name = 'mallory'), 1760000000, 1760000000)"
check "a session row inserted directly" "of account mallory ~ no login entry in the audit chain names it"
