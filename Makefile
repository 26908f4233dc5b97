# The two commands: `make run` and `make test`. Everything else is a step of those.
SHELL := /bin/bash
.DEFAULT_GOAL := help

export NX_TUI := false
export NX_DAEMON := false
export NX_NO_CLOUD := true
export CGO_ENABLED := 0
# Every login hashes with argon2id, which allocates 19 MiB and drops it. Go hands freed memory back to the kernel
# with MADV_DONTNEED by default, and the next hash faults it back in page by page: in a service with a small heap
# that was a tenth of its CPU time and doubled the login p99 (README, cost as data grows). MADV_FREE leaves the
# pages mapped until the kernel needs them. The Dockerfile sets the same.
export GODEBUG ?= madvdontneed=0

NX := npx nx
PORTAL := bin/portal

.PHONY: help install build run test test-go test-js e2e lint bench soak clean

help: ## List the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-8s %s\n", $$1, $$2}'

# npm ci only when the lockfile changed since the last install.
node_modules/.package-lock.json: package-lock.json package.json
	npm ci --no-audit --no-fund
	@touch $@

install: node_modules/.package-lock.json ## Install npm packages and Go modules
	cd services/api && go mod download

build: install ## Build both apps and bin/portal with the apps inside
	$(NX) run api:build --outputStyle=stream

run: build ## Build, migrate, load demo data and start everything on http://localhost:8080 (this machine only)
	$(PORTAL) migrate
	$(PORTAL) seed
	exec $(PORTAL) serve --http-addr "$${PORTAL_HTTP_ADDR:-127.0.0.1:8080}"

test: install ## Every test: Go, Jest, Playwright in Chromium, lint and type-check
	$(NX) run-many -t build lint test --parallel=2 --outputStyle=stream

lint: install ## Lint and type-check only
	$(NX) run-many -t lint build --exclude e2e --parallel=2 --outputStyle=stream

e2e: build ## Browser tests only
	$(NX) run e2e:test --outputStyle=stream

bench: build ## Throughput, latency and page-weight figures (see README)
	tools/bench.sh

soak: install ## Durability: a minute of shopper journeys, a kill -9, a restart; every acknowledged write checked (SQLite; PostgreSQL too with PORTAL_TEST_POSTGRES_URL)
	cd services/api && PORTAL_SOAK_DURATION=$${PORTAL_SOAK_DURATION:-60s} PORTAL_SOAK_SHOPPERS=$${PORTAL_SOAK_SHOPPERS:-16} go test -count=1 -run 'TestSoak' -v -timeout 15m ./internal/processtest/ | grep -E 'soak|journeys cut short|PASS|FAIL|SKIP|ok'

clean: ## Remove build output and the local database
	rm -rf bin dist var .nx/cache services/api/internal/webapp/dist/account-portal services/api/internal/webapp/dist/preference-centre
