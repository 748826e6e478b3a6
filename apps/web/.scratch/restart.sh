#!/bin/sh
# Restarts the scratch site (only the process this script started earlier).
[ -f /tmp/site.pid ] && kill "$(cat /tmp/site.pid)" 2>/dev/null && sleep 1
rm -f /tmp/site.pid
cd /work/main/apps/web && (PORT=4400 timeout 3000 npx tsx .scratch/site.ts > /tmp/site.log 2>&1 &)
for i in $(seq 1 60); do [ -f /tmp/site.pid ] && break; sleep 1; done
cat /tmp/site.log | grep -v "npm warn"
