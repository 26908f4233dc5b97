# The backend half of `make bench` (issue 16), sourced by tools/bench.sh after it built $work/loadgen and started
# the service: the API against a bare echo handler, logins against raw argon2id hashes, and the cost of requests as
# the data grows (SQLite, and PostgreSQL when PORTAL_BENCH_POSTGRES_URL or PORTAL_TEST_POSTGRES_URL is set).
# Every figure is printed beside its ceiling or its peer from the same run; a missed target is flagged and
# counted in api_failed, and bench.sh exits non-zero at the end when it is not 0.

api_failed=0
api_fail() { api_failed=$((api_failed + 1)); echo "  -> FAILED: $1"; }

# api_start_portal NAME DATABASE_URL: starts bin/portal on a free port with its log at info level (the access log
# on, as in production) and sets api_url to its base URL; the process is stopped by api_stop_all.
api_pids=()
api_start_portal() {
  local name=$1 url=$2
  : >"$work/$name.stdout"
  PORTAL_DATABASE_URL="$url" PORTAL_LOG_LEVEL=info bin/portal serve --http-addr 127.0.0.1:0 \
    >"$work/$name.stdout" 2>"$work/$name.log" &
  api_pids+=($!)
  for _ in $(seq 1 300); do grep -q 'Portal is running' "$work/$name.stdout" && break; sleep 0.1; done
  api_url=$(grep -o 'http://localhost:[0-9]*' "$work/$name.stdout" | head -n 1 | sed 's/localhost/127.0.0.1/')
  [ -n "$api_url" ] || { echo "bench: portal $name did not start"; tail -5 "$work/$name.log"; return 1; }
}
api_stop_all() {
  local p
  for p in "${api_pids[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${api_pids[@]}"; do wait "$p" 2>/dev/null || true; done
  api_pids=()
}

api_terms=("q=ham" "q=m%C3%BCnchen" "q=bahnhof" "q=801" "q=koeln%20haupt")
api_search_urls() { local t; for t in "${api_terms[@]}"; do printf '%s ' "$1/rest/v1/retailstores/search?$t"; done; }

# api_against_ceiling BASE: each endpoint of the running service and the bare echo JSON handler (cmd/loadgen
# -serve-ceiling: no middleware, no log) loaded in alternating slices by the same load generator.
api_against_ceiling() {
  local base=$1
  "$work/loadgen" -serve-ceiling 127.0.0.1:0 -headers-from "$base/rest/v1/region?zip=20095" \
    -answer-from "metadata=$base/rest/v1/metadata" >"$work/ceiling.out" 2>&1 &
  api_pids+=($!)
  for _ in $(seq 1 50); do grep -q '^ceiling on' "$work/ceiling.out" && break; sleep 0.1; done
  local ceiling
  ceiling=$(sed -n 's/^ceiling on //p' "$work/ceiling.out")
  echo "== API against its ceiling: a bare echo JSON handler loaded in alternating slices of the same run"
  echo "   ($CONNECTIONS connections, $DURATION per endpoint and as much for the ceiling, access log on; share of"
  echo "   throughput = endpoint/ceiling, share of p99 = ceiling p99/endpoint p99, 1.00 = as fast as the bare handler;"
  echo "   the targets are on the share of throughput)"
  vs() { "$work/loadgen" -name "$1" -duration "$DURATION" -connections "$CONNECTIONS" -ceiling "$ceiling" -target "$2" "${@:3}" || api_fail "$1 below $2 of the ceiling"; }
  vs region 0.80 "$base/rest/v1/region?zip=20095" "$base/rest/v1/region?zip=80331" "$base/rest/v1/region?zip=50667" "$base/rest/v1/region?zip=99999"
  vs metadata 0.80 "$base/rest/v1/metadata"
  # shellcheck disable=SC2046
  vs store-search 0.50 $(api_search_urls "$base")
  vs cms 0 "$base/cms/portal/de_DE.json" "$base/cms/portal/en_GB.json"
  # Not targets: the bare handler sending the region answer's headers (security headers, cache policy, request
  # id) shows how far the headers alone stand from the ceiling; sending metadata's whole answer (its headers and
  # its gzip body, byte for byte), how far metadata's size alone does.
  vs headers-only 0 "${ceiling}-with-headers"
  vs metadata-bytes 0 "${ceiling}-as-metadata"
}

# api_logins: successful logins per second through the whole service (middleware and access log on) against raw
# argon2id hashes per second, same parameters, one at a time, in alternating rounds of the same process.
api_logins() {
  echo "== Logins through the service vs raw argon2id hashes (same parameters, alternating rounds)"
  local out status=0
  out=$(cd services/api && PORTAL_BENCH_LOGINS=1 go test -count=1 -v -run 'TestLoginsAgainstRawHashes$' ./internal/httpapi/ 2>&1) || status=$?
  echo "$out" | grep -E '^(argon2id|login|ratio)' || echo "$out" | tail -20
  [ "$status" -eq 0 ] || api_fail "logins below 0.95 of raw hashes"
}

# api_growth DIALECT URL_A URL_B URL_C: the same requests against three databases of growing size, measured in
# alternating slices: A has 4,000 stores and 1,000 accounts, B 20,000 stores, C 100,000 stores and 1,000,000
# accounts. Each curve's p99 must stay within 1.2 times from its first point to its last.
api_growth() {
  local dialect=$1 a=$2 b=$3 c=$4 t0
  t0=$(date +%s)
  bin/portal seed-scale --log-level warn --database-url "$a" --stores 4000 --accounts 1000 >/dev/null
  bin/portal seed-scale --log-level warn --database-url "$b" --stores 20000 >/dev/null
  bin/portal seed-scale --log-level warn --database-url "$c" --stores 100000 --accounts 1000000 >"$work/seed-$dialect.out"
  echo "== Cost as data grows, $dialect (seeded in $(( $(date +%s) - t0 )) s: $(grep accounts "$work/seed-$dialect.out" | cut -d, -f1))"
  api_start_portal "$dialect-a" "$a"; local ua=$api_url
  api_start_portal "$dialect-b" "$b"; local ub=$api_url
  api_start_portal "$dialect-c" "$c"; local uc=$api_url
  # Ten alternating slices per point, so a neighbour's burst on the shared machine falls on every point alike.
  curve() { "$work/loadgen" -max-spread 1.2 -rounds 10 -duration "$DURATION" "$@" || api_fail "$dialect: p99 grew more than 1.2 times"; }
  # shellcheck disable=SC2046
  curve -name store-search -connections "$CONNECTIONS" -series "4000-stores $(api_search_urls "$ua")" \
    -series "20000-stores $(api_search_urls "$ub")" -series "100000-stores $(api_search_urls "$uc")"

  local password="password=Scale-Passw0rd%21" small=() large=() n
  for n in 1 250 500 750 1000; do small+=("$ua/identity/accounts.login?loginID=scale-$(printf %07d $n)%40example.com"); done
  for n in 1 250000 500000 750000 1000000; do large+=("$uc/identity/accounts.login?loginID=scale-$(printf %07d $n)%40example.com"); done
  # Two connections, from one address: as many as one client may hash at once (two slots, one on a machine of
  # fewer than four CPUs, where the second waits for the address's turn; both series alike).
  # A login is a hash (~30 ms of a core): three times the duration gives each point some hundred logins.
  local long
  long=$(awk -v d="${DURATION%s}" 'BEGIN { print d * 3 "s" }')
  # The login IDs go in the body (-query-in-body): the identity API reads no URL parameter, and the curve once
  # measured logins without a login ID.
  curve -name login -connections 2 -method POST -query-in-body -body "$password" -duration "$long" \
    -series "1000-accounts ${small[*]}" -series "1000000-accounts ${large[*]}"

  cookie() { curl -fs -D - -o /dev/null -X POST --data "loginID=scale-0000001%40example.com&$password" "$1/identity/accounts.login" |
    tr -d '\r' | sed -n 's/^[Ss]et-[Cc]ookie: \(portal_session=[^;]*\).*/\1/p'; }
  local ca cc
  ca=$(cookie "$ua"); cc=$(cookie "$uc")
  [ -n "$ca" ] && [ -n "$cc" ] || { api_fail "$dialect: no session cookie from a seeded login"; api_stop_all; return; }
  curve -name getAccountInfo -connections 8 -method POST \
    -series "1000-accounts $ua/identity/accounts.getAccountInfo" -series "1000000-accounts $uc/identity/accounts.getAccountInfo" \
    -series-header "1000-accounts|Cookie: $ca" -series-header "1000000-accounts|Cookie: $cc"
  api_stop_all
  echo "   table sizes with 1,000,000 accounts after the runs above ($dialect):"
  bin/portal seed-scale --log-level warn --database-url "$c" --sizes | sed 's/^/   /'
}

api_growth_all() {
  api_growth sqlite "sqlite:$work/growth-a.db" "sqlite:$work/growth-b.db" "sqlite:$work/growth-c.db"
  local pg=${PORTAL_BENCH_POSTGRES_URL:-${PORTAL_TEST_POSTGRES_URL:-}}
  echo
  if [ -z "$pg" ]; then
    echo "== Cost as data grows, postgres: SKIPPED (set PORTAL_BENCH_POSTGRES_URL or PORTAL_TEST_POSTGRES_URL)"
    return
  fi
  # Fresh databases with a name of this run only, dropped at the end, so nothing else on the server is touched.
  local run base q
  run=portal_bench_$(od -An -N4 -tx4 /dev/urandom | tr -d ' ')
  base=${pg%%\?*}; base=${base%/*}
  q=""; [[ $pg == *\?* ]] && q="?${pg#*\?}"
  api_pg=("$base/${run}_a$q" "$base/${run}_b$q" "$base/${run}_c$q")
  local u
  for u in "${api_pg[@]}"; do bin/portal seed-scale --log-level warn --database-url "$u" --fresh; done
  api_growth postgres "${api_pg[@]}"
  api_drop_pg
}
api_pg=()
api_drop_pg() {
  local u
  for u in "${api_pg[@]}"; do bin/portal seed-scale --log-level warn --database-url "$u" --drop || true; done
  api_pg=()
}
