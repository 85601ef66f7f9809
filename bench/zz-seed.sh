set -e
cd /work/main
rm -rf /tmp/i10/seed && mkdir -p /tmp/i10/seed
#( time DATA_DIR=/tmp/i10/seed DATABASE_URL=sqlite:/tmp/i10/seed/a.db npx tsx apps/api/src/db/seed-cli.ts --requests $1 --seed 1 ) 2>&1 | grep -v "npm warn"
psql -h 127.0.0.1 -U postgres -qc "drop database if exists i10_seed with (force)" -c "create database i10_seed"
( time DATA_DIR=/tmp/i10/seed DATABASE_URL=postgres://postgres@127.0.0.1:5432/i10_seed npx tsx apps/api/src/db/seed-cli.ts --requests $1 --seed 1 ) 2>&1 | grep -v "npm warn"
