#!/bin/sh
# make.sh rebuilds the fixture databases with the sqlite3 CLI (the tests
# read the committed files and do not need it): run it in this folder.
set -eu
rm -f *.sqlite *.sqlite-wal *.sqlite-shm *.tmp*

# small.sqlite: every serial type, page size 1024.
sqlite3 small.sqlite <<'SQL'
PRAGMA page_size=1024;
CREATE TABLE t(a, b, c);
INSERT INTO t VALUES (NULL, 0, 1);
INSERT INTO t VALUES (-1, 127, -128);
INSERT INTO t VALUES (300, -32768, 70000);
INSERT INTO t VALUES (-8388608, 2147483647, -2147483649);
INSERT INTO t VALUES (140737488355327, 9223372036854775807, -9223372036854775808);
INSERT INTO t VALUES (1.5, 'text', x'00ff');
INSERT INTO t VALUES ('', x'', 'héllo');
CREATE TABLE other(x TEXT PRIMARY KEY, y);
INSERT INTO other VALUES ('k', 'v');
SQL

# overflow-<size>.sqlite: one row with a 20 KB TEXT, page sizes 1024 and 4096.
for ps in 1024 4096; do
	sqlite3 overflow-$ps.sqlite <<SQL
PRAGMA page_size=$ps;
CREATE TABLE t(k TEXT, v TEXT);
INSERT INTO t VALUES ('small', 'x');
INSERT INTO t VALUES ('big', (WITH RECURSIVE c(i, s) AS (SELECT 0, '' UNION ALL SELECT i+1, s || printf('%04d;', i) FROM c WHERE i < 4000) SELECT s FROM c WHERE i = 4000));
SQL
done

# big.sqlite: 3000 rows, so the table has interior pages (page size 1024).
sqlite3 big.sqlite <<'SQL'
PRAGMA page_size=1024;
CREATE TABLE t(i INTEGER, s TEXT);
WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM c WHERE i < 3000) INSERT INTO t SELECT i, 'row ' || i FROM c;
SQL

# wal.sqlite + wal.sqlite-wal: a committed insert in the WAL, then an
# open transaction whose pages spilled into the WAL (cache_size=1): the
# copies are taken with the transaction still open, as a reader would
# find the files.
sqlite3 wal.tmp <<'SQL'
PRAGMA page_size=1024;
PRAGMA journal_mode=WAL;
PRAGMA wal_autocheckpoint=0;
CREATE TABLE t(i INTEGER, s TEXT);
INSERT INTO t VALUES (1, 'in the main file');
PRAGMA wal_checkpoint(TRUNCATE);
INSERT INTO t VALUES (2, 'committed in the WAL');
PRAGMA cache_size=1;
BEGIN;
WITH RECURSIVE c(i) AS (SELECT 3 UNION ALL SELECT i+1 FROM c WHERE i < 500) INSERT INTO t SELECT i, 'not committed ' || i FROM c;
.shell cp wal.tmp wal.sqlite && cp wal.tmp-wal wal.sqlite-wal
ROLLBACK;
SQL
rm -f wal.tmp*
