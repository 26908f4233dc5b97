#!/usr/bin/env bash
# `make bench`: starts the real service on a fresh SQLite file with demo data and prints throughput and latency
# per endpoint (loadgen on loopback), the Go micro-benchmarks, and the page weight of the apps.
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION=${BENCH_DURATION:-5s}
CONNECTIONS=${BENCH_CONNECTIONS:-16}
work=$(mktemp -d)
trap 'kill "${pid:-}" 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$work"' EXIT

(cd services/api && go build -o "$work/loadgen" ./cmd/loadgen)
export PORTAL_DATABASE_URL="sqlite:$work/portal.db" PORTAL_LOG_LEVEL=warn
bin/portal migrate >/dev/null
if bin/portal help | grep -q '^  seed'; then bin/portal seed >/dev/null; fi
bin/portal serve --http-addr 127.0.0.1:0 >"$work/stdout" 2>"$work/stderr" &
pid=$!
for _ in $(seq 1 100); do grep -q 'Portal is running' "$work/stdout" && break; sleep 0.1; done
base=$(grep -o 'http://localhost:[0-9]*' "$work/stdout" | head -n 1 | sed 's/localhost/127.0.0.1/')
[ -n "$base" ] || { echo "bench: portal did not start"; cat "$work/stderr"; exit 1; }

echo "== HTTP on loopback ($CONNECTIONS connections, $DURATION each, 2 cores shared with the load generator)"
load() { "$work/loadgen" -name "$1" -duration "$DURATION" -connections "$CONNECTIONS" "${@:2}"; }
load region "$base/rest/v1/region?zip=20095" "$base/rest/v1/region?zip=80331" "$base/rest/v1/region?zip=50667" "$base/rest/v1/region?zip=99999"
if curl -fs "$base/rest/v1/retailstores/search?q=ham" >/dev/null; then
  load store-search "$base/rest/v1/retailstores/search?q=ham" "$base/rest/v1/retailstores/search?q=m%C3%BCnchen" \
    "$base/rest/v1/retailstores/search?q=bahnhof" "$base/rest/v1/retailstores/search?q=801" "$base/rest/v1/retailstores/search?q=koeln%20haupt"
fi
load metadata "$base/rest/v1/metadata"
load cms "$base/cms/portal/de_DE.json" "$base/cms/portal/en_GB.json"

# The demo subscriber's preference centre, from a fresh link (the origin printed is the configured one).
centre=$(bin/portal link --email demo@example.com 2>/dev/null | sed -E 's#^https?://[^/]+##')

echo
echo "== Page weight: JavaScript of the first load, gzipped, every route (budgets: tools/bench/budgets.json)"
node tools/bench/page-weight.mjs "$base" "$centre" || echo "page weight: over budget (see above)"

echo
echo "== Lighthouse, mobile profile, every route (targets: tools/bench/budgets.json)"
CHROME_PATH=${CHROME_PATH:-/usr/bin/chromium} node tools/bench/lighthouse.mjs "$base" "$centre" || echo "lighthouse: under target (see above)"

echo
echo "== Go benchmarks"
(cd services/api && go test -run '^$' -bench . -benchmem -benchtime 1x ./internal/region/ >/dev/null && \
  go test -run '^$' -bench . -benchmem ./internal/region/ ./internal/stores/... 2>/dev/null | grep -E '^(Benchmark|ok)' || true)

echo
echo "== Logins through the HTTP API vs raw argon2id hashes (same parameters, same machine)"
hashes=$(cd services/api && go test -run '^$' -bench 'BenchmarkArgon2idHash$' -benchtime 40x ./internal/identity/embedded/ | awk '/hashes\/s/ {for (i=1;i<=NF;i++) if ($(i+1)=="hashes/s") print $i}')
logins=$(cd services/api && go test -run '^$' -bench 'BenchmarkLoginHTTP$' -benchtime 40x ./internal/identity/identityapi/ | awk '/logins\/s/ {for (i=1;i<=NF;i++) if ($(i+1)=="logins/s") print $i}')
awk -v h="$hashes" -v l="$logins" 'BEGIN { printf "argon2id      %8.1f hashes/s\nlogin (HTTP)  %8.1f logins/s\nratio         %8.2f (target >= 0.80)\n", h, l, l / h }'

echo
echo "== Correct-password logins while another client sends wrong passwords from the same address (issue 15)"
(cd services/api && PORTAL_BENCH_LOGINS=1 go test -count=1 -v -run 'TestLoginsUnderAttackFromTheSameAddress$' ./internal/httpapi/ | grep -E '^logins|FAIL' || true)
