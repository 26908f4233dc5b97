package main

import (
	"bytes"
	"context"
	"flag"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"go.uber.org/zap"

	"github.com/grocer-portal/portal/services/api/internal/config"
	"github.com/grocer-portal/portal/services/api/internal/config/configtest"
)

// TestNoCommandMakesAFolderButVar: a mistyped SQLite folder is an error, not a new folder with a new, empty database
// the service then ran on (operator round: `serve --database-url sqlite:/nonexistent/dir/p.db` made /nonexistent/dir
// as root). Only the default database's var/ is made, for `make run` and a first try.
func TestNoCommandMakesAFolderButVar(t *testing.T) {
	for _, command := range [][]string{{"migrate"}, {"serve", "--http-addr", "127.0.0.1:0"}, {"seed", "stores"}} {
		t.Run(command[0], func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "typo-dir")
			var stdout, stderr bytes.Buffer
			// A serve that starts runs until the time is up, and the test fails on its nil error.
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			err := run(ctx, append(command, "--database-url", "sqlite:"+filepath.Join(dir, "portl.db")), &stdout, &stderr)
			require.ErrorContains(t, err, "database.url: there is no folder "+dir+" for the SQLite file (check --database-url; only the default var/ is made)")
			require.NoDirExists(t, dir)
		})
	}

	t.Run("the default var/", func(t *testing.T) {
		t.Chdir(t.TempDir())
		t.Setenv("PORTAL_DATABASE_URL", "")
		t.Setenv("PORTAL_CONFIG", "")
		var stdout, stderr bytes.Buffer
		require.NoError(t, run(context.Background(), []string{"migrate"}, &stdout, &stderr))
		require.FileExists(t, filepath.Join("var", "portal.db"))
	})
}

// TestProductionServesOnlyAMigratedSQLiteFile: in production serve opens the database `portal migrate` made and
// makes none (operator round: a mistyped path got a new empty database and the service ran on it); outside
// production it still makes one, as `make run` needs.
func TestProductionServesOnlyAMigratedSQLiteFile(t *testing.T) {
	configtest.SetProduction(t)
	path := filepath.Join(t.TempDir(), "portl.db")
	var stdout, stderr bytes.Buffer
	refused, cancelRefused := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancelRefused()
	err := run(refused, []string{"serve", "--http-addr", "127.0.0.1:0", "--database-url", "sqlite:" + path}, &stdout, &stderr)
	require.ErrorContains(t, err, "database.url: there is no database at "+path+" (check --database-url; in production serve opens only a database portal migrate made: run it first)")
	require.NoFileExists(t, path)

	require.NoError(t, run(context.Background(), []string{"migrate", "--database-url", "sqlite:" + path}, &stdout, &stderr))
	log := logTo(t)
	stdout.Reset()
	serveUntilHealthy(t, &stdout, "--database-url", "sqlite:"+path)
	require.Equal(t, "https://konto.example.com", logged(t, log, "listening")["public_url"])
	// Its standard output is the log's neighbour in a container: no plain-text banner among the JSON lines (QA
	// operator round); the listening line names the address.
	require.Empty(t, stdout.String())
}

// serveUntilHealthy runs `portal serve` with args on a free port of 127.0.0.1, writing its standard output to
// stdout, until it answers /healthz, then stops it.
func serveUntilHealthy(t *testing.T, stdout io.Writer, args ...string) {
	t.Helper()
	free, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := free.Addr().String()
	require.NoError(t, free.Close())
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- run(ctx, append([]string{"serve", "--http-addr", addr}, args...), stdout, io.Discard) }()
	require.Eventually(t, func() bool {
		res, err := http.Get("http://" + addr + "/healthz")
		if err == nil {
			_ = res.Body.Close()
		}
		return err == nil && res.StatusCode == http.StatusOK
	}, 30*time.Second, 50*time.Millisecond, "serve answers /healthz")
	cancel()
	require.NoError(t, <-done)
}

// TestSubcommandsNameWhatTheyDoNotKnow: `portal accounts frobnicate x@y.de` printed the usage without saying what
// was wrong (operator round).
func TestSubcommandsNameWhatTheyDoNotKnow(t *testing.T) {
	for _, tc := range []struct{ args, want string }{
		{"accounts frobnicate x@y.de", `accounts: unknown subcommand "frobnicate"; say disable or enable`},
		{"accounts", `accounts: say disable or enable`},
		{"mail frobnicate", `mail: unknown subcommand "frobnicate"; say requeue-failed`},
		{"sso-clients frobnicate", `sso-clients: unknown subcommand "frobnicate"; say add, list or remove`},
	} {
		t.Run(tc.args, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			err := run(context.Background(), strings.Fields(tc.args), &stdout, &stderr)
			require.EqualError(t, err, tc.want)
			require.Contains(t, stderr.String(), "Usage:")
		})
	}
}

// TestCommandsBesidesServeLogWarningsOnly: every command wrote a JSON "database ready" line to stderr beside its own
// answer (operator round); the commands besides serve log at warn unless a level is configured.
func TestCommandsBesidesServeLogWarningsOnly(t *testing.T) {
	t.Setenv("PORTAL_LOG_LEVEL", "")
	infoLogged := func(setupFn func(*config.Flags) (config.Config, *zap.Logger, error), args ...string) bool {
		t.Helper()
		fs := flag.NewFlagSet("portal test", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		flags := config.RegisterFlags(fs)
		require.NoError(t, fs.Parse(args))
		_, logger, err := setupFn(flags)
		require.NoError(t, err)
		return logger.Core().Enabled(zap.InfoLevel)
	}
	require.False(t, infoLogged(setup), "a command")
	require.True(t, infoLogged(setup, "--log-level", "info"), "a command asked for info")
	require.True(t, infoLogged(setupService), "serve")
	require.False(t, infoLogged(setupService, "--log-level", "warn"), "serve asked for warn")
	t.Setenv("PORTAL_LOG_LEVEL", "debug")
	require.True(t, infoLogged(setup), "a command with a level in the environment")
}

// TestDemoDataRefusedBeforeAnyDatabase: seed and seed-scale are refused in production before they open a database,
// so a refused command leaves none behind (QA operator round: `seed --database-url sqlite:prod/typo.db` in production
// said "refused" after it had made the file and applied every migration to it).
func TestDemoDataRefusedBeforeAnyDatabase(t *testing.T) {
	configtest.SetProduction(t)
	for _, command := range [][]string{{"seed"}, {"seed", "stores"}, {"seed-scale", "--stores", "5"}} {
		t.Run(strings.Join(command, " "), func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "typo.db")
			var stdout, stderr bytes.Buffer
			err := run(context.Background(), append(command, "--database-url", "sqlite:"+path), &stdout, &stderr)
			require.ErrorContains(t, err, command[0]+": refused in production")
			require.NoFileExists(t, path)
		})
	}
	// --fresh would create a PostgreSQL database first; nothing is asked of the server (port 1 answers nobody).
	var stdout, stderr bytes.Buffer
	err := run(context.Background(), []string{"seed-scale", "--fresh", "--database-url", "postgres://postgres@127.0.0.1:1/portal_bench_x?sslmode=disable"}, &stdout, &stderr)
	require.ErrorContains(t, err, "seed-scale: refused in production")
}
