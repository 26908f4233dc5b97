package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/release"
)

// migratedSQLite is a fresh, migrated SQLite database for a command to work on (its URL for --database-url, and
// the database for the test's own setup and checks), closed when the test ends.
func migratedSQLite(t *testing.T) (string, *database.DB) {
	t.Helper()
	dbURL := "sqlite:" + filepath.Join(t.TempDir(), "portal.db")
	db, err := database.Open(context.Background(), dbURL)
	require.NoError(t, err)
	t.Cleanup(func() { _ = db.Close() })
	_, err = db.Migrate(context.Background())
	require.NoError(t, err)
	return dbURL, db
}

func TestRunCommands(t *testing.T) {
	dbURL := "sqlite:" + filepath.Join(t.TempDir(), "portal.db")
	tests := []struct {
		name       string
		args       []string
		wantErr    string
		wantStdout string
	}{
		{name: "help", args: []string{"help"}, wantStdout: "migrate"},
		{name: "--help lists the commands", args: []string{"--help"}, wantStdout: "import-stores"},
		{name: "unknown command", args: []string{"frobnicate"}, wantErr: `unknown command "frobnicate"`},
		{name: "migrate applies", args: []string{"migrate", "--database-url", dbURL}, wantStdout: "applied 0001_init"},
		{name: "migrate again is a no-op", args: []string{"migrate", "--database-url", dbURL}, wantStdout: "database is up to date (sqlite)"},
		{name: "invalid setting", args: []string{"migrate", "--env", "prod"}, wantErr: `config: env: must be "development" or "production", got "prod"`},
		{name: "unknown flag", args: []string{"migrate", "--nope"}, wantErr: "flag provided but not defined"},
		{name: "an argument beside the flags", args: []string{"migrate", "postgres://elsewhere/portal"}, wantErr: `migrate: unexpected argument "postgres://elsewhere/portal"`},
		{name: "an argument after the flags", args: []string{"audit", "--email", "eva@example.com", "extra"}, wantErr: `audit: unexpected argument "extra"`},
		{name: "flag help", args: []string{"serve", "-h"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			err := run(context.Background(), tc.args, &stdout, &stderr)
			if tc.wantErr != "" {
				require.ErrorContains(t, err, tc.wantErr)
				return
			}
			require.NoError(t, err, stderr.String())
			require.Contains(t, stdout.String(), tc.wantStdout)
		})
	}
}

// TestEveryCommandExplainsItsFlags: the command list says "Run 'portal <command> -h' for the flags of a command",
// which printed the command list again; and every command explains itself before its flags (QA operator round:
// audit, serve, migrate and healthcheck printed the bare flag list).
func TestEveryCommandExplainsItsFlags(t *testing.T) {
	for _, c := range commands {
		t.Run(c.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			require.NoError(t, run(context.Background(), []string{c.name, "-h"}, &stdout, &stderr))
			require.NotContains(t, stdout.String(), "Commands:")
			require.Regexp(t, `^Usage: portal `+c.name+`\b.*\n\n\S.*\n(.|\n)*\nFlags:\n  -`, stderr.String())
		})
	}
}

// startServe runs `portal serve` on a free port of 127.0.0.1 until ctx ends; it answers the first line serve printed
// and where serve's answer will arrive.
func startServe(t *testing.T, ctx context.Context) (string, <-chan error) {
	t.Helper()
	return startServeOn(t, ctx, "sqlite:"+filepath.Join(t.TempDir(), "portal.db"))
}

// startServeOn is startServe on the database dbURL, with flags after the others.
func startServeOn(t *testing.T, ctx context.Context, dbURL string, flags ...string) (string, <-chan error) {
	t.Helper()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, append([]string{"--http-addr", "127.0.0.1:0", "--database-url", dbURL, "--log-level", "warn"}, flags...), outW, io.Discard)
		_ = outW.Close()
	}()
	lines := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(outR).ReadString('\n')
		lines <- line
		_, _ = io.Copy(io.Discard, outR)
	}()
	select {
	case line := <-lines:
		return line, done
	case <-time.After(30 * time.Second):
		t.Fatal("serve printed nothing")
		return "", nil
	}
}

// TestVersion: nothing told which release ran (QA operator round); `portal version` and `portal --version` say it, and
// the start-up line names it.
func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"version"}, {"--version"}, {"-version"}} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			require.NoError(t, run(context.Background(), args, &stdout, &stderr))
			require.Equal(t, release.Read().String()+"\n", stdout.String())
			require.Regexp(t, `^portal \S+ \(`, stdout.String())
		})
	}
	for _, args := range [][]string{{"version", "--json"}, {"--version", "--json"}} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			require.NoError(t, run(context.Background(), args, &stdout, &stderr))
			var printed map[string]any
			require.NoError(t, json.Unmarshal(stdout.Bytes(), &printed), stdout.String())
			require.Equal(t, release.Read().Version, printed["version"])
		})
	}

	log := logTo(t)
	ctx, cancel := context.WithCancel(context.Background())
	_, done := startServeOn(t, ctx, "sqlite:"+filepath.Join(t.TempDir(), "portal.db"), "--log-level", "info")
	cancel()
	require.NoError(t, <-done)
	listening := logged(t, log, "listening")
	require.NotNil(t, listening, "no listening line")
	require.Equal(t, release.Read().Version, listening["version"])
	require.Contains(t, listening, "revision")
}

// logTo has the log of the commands the test runs written as JSON lines to the file it answers: the logger writes
// to the process's standard error (logging.New).
func logTo(t *testing.T) string {
	t.Helper()
	t.Setenv("PORTAL_LOG_FORMAT", "json")
	f, err := os.Create(filepath.Join(t.TempDir(), "stderr.log"))
	require.NoError(t, err)
	stderr := os.Stderr
	os.Stderr = f
	t.Cleanup(func() { os.Stderr = stderr; _ = f.Close() })
	return f.Name()
}

// logged is the first line of the log file whose message is msg, its fields decoded; nil when there is none.
func logged(t *testing.T, file, msg string) map[string]any {
	t.Helper()
	raw, err := os.ReadFile(file)
	require.NoError(t, err)
	for _, line := range strings.Split(string(raw), "\n") {
		var fields map[string]any
		if json.Unmarshal([]byte(line), &fields) == nil && fields["msg"] == msg {
			return fields
		}
	}
	return nil
}

// Behind a proxy the address to open is the public URL, not the listener's port on localhost (operator round).
func TestServePrintsThePublicURL(t *testing.T) {
	t.Setenv("PORTAL_HTTP_PUBLICURL", "http://konto.localhost:9443/")
	ctx, cancel := context.WithCancel(context.Background())
	line, done := startServe(t, ctx)
	cancel()
	require.NoError(t, <-done)
	require.Equal(t, "Portal is running at http://konto.localhost:9443/ (account portal) and http://konto.localhost:9443/preferences/ (preference centre)\n", line)
}

func TestServePrintsAddressAndStopsOnCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	line, done := startServe(t, ctx)
	m := regexp.MustCompile(`^Portal is running at http://localhost:(\d+)/ \(account portal\) and http://localhost:(\d+)/preferences/ \(preference centre\)\n$`).FindStringSubmatch(line)
	require.NotNil(t, m, line)
	require.Equal(t, m[1], m[2])
	require.NotEqual(t, "0", m[1], "the actual port, not the requested one")

	resp, err := http.Get("http://127.0.0.1:" + m[1] + "/healthz")
	require.NoError(t, err)
	body, _ := io.ReadAll(resp.Body)
	_ = resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Equal(t, `{"status":"ok"}`, strings.TrimSpace(string(body)))

	// The public URL is the printed localhost address, though the service listens on 127.0.0.1: a social login
	// started from a localhost page goes to the provider (it was refused with a JSON error page).
	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err = noFollow.Get("http://127.0.0.1:" + m[1] + "/identity/social/googleplus/start?redirectURL=" + url.QueryEscape("http://localhost:"+m[1]+"/login"))
	require.NoError(t, err)
	_ = resp.Body.Close()
	require.Equal(t, http.StatusFound, resp.StatusCode)
	require.True(t, strings.HasPrefix(resp.Header.Get("Location"), "http://localhost:"+m[1]+"/dev/oidc/googleplus/"), resp.Header.Get("Location"))

	cancel()
	select {
	case err := <-done:
		require.NoError(t, err)
	case <-time.After(20 * time.Second):
		t.Fatal("serve did not stop")
	}
}

// TestStopDrainsFirst: with http.shutdownDrain a stop answers /readyz with 503 on both listeners while they still
// serve, so that a load balancer takes the replica out of rotation before it refuses connections (QA operations
// round: a request half a second after the signal was refused, on the main port and on the admin one).
func TestStopDrainsFirst(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	admin := "http://" + ln.Addr().String()
	require.NoError(t, ln.Close())
	t.Setenv("PORTAL_ADMIN_ADDR", ln.Addr().String())
	t.Setenv("PORTAL_HTTP_SHUTDOWNDRAIN", "2s")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	line, done := startServe(t, ctx)
	base := "http://127.0.0.1:" + regexp.MustCompile(`localhost:(\d+)/`).FindStringSubmatch(line)[1]
	status := func(url string) int {
		resp, err := http.Get(url)
		require.NoError(t, err, "still answering")
		_ = resp.Body.Close()
		return resp.StatusCode
	}
	require.Equal(t, http.StatusOK, status(base+"/readyz"))
	require.Equal(t, http.StatusOK, status(admin+"/readyz"))

	stopped := time.Now()
	cancel()
	for status(base+"/readyz") != http.StatusServiceUnavailable {
		require.Less(t, time.Since(stopped), time.Second, "/readyz answers 503 once the stop began")
		time.Sleep(10 * time.Millisecond)
	}
	require.Equal(t, http.StatusServiceUnavailable, status(admin+"/readyz"))
	time.Sleep(500 * time.Millisecond)
	require.Equal(t, http.StatusOK, status(base+"/rest/v1/metadata"), "requests are still answered")
	require.Equal(t, http.StatusOK, status(admin+"/healthz"))
	select {
	case err := <-done:
		require.NoError(t, err)
		require.GreaterOrEqual(t, time.Since(stopped), 2*time.Second, "stopped after the drain")
	case <-time.After(20 * time.Second):
		t.Fatal("serve did not stop")
	}
}

// TestServeRefusesABadAddressBeforeTheDatabase: a mistyped listen address stops serve with the configuration's
// message, before a database is created or migrated (QA operations round: 127.0.0.1:8093x failed at the listener,
// after a SQLite file had been made in a folder that did not exist).
func TestServeRefusesABadAddressBeforeTheDatabase(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "not-there")
	var stdout, stderr bytes.Buffer
	err := run(context.Background(), []string{"serve", "--http-addr", "127.0.0.1:8093x", "--database-url", "sqlite:" + filepath.Join(dir, "portal.db")}, &stdout, &stderr)
	require.ErrorContains(t, err, `config: http.addr: must be host:port or :port with a port from 0 to 65535, e.g. :8080 or 127.0.0.1:8080, got "127.0.0.1:8093x"`)
	require.NoDirExists(t, dir, "nothing created")
}

// TestServeRefusesABusyPortBeforeTheDatabase: a port another process holds stops serve naming its setting, before a
// database is created or migrated (QA operator round: the public port's error came after the migrations, without
// http.addr; admin.addr's named its setting).
func TestServeRefusesABusyPortBeforeTheDatabase(t *testing.T) {
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer func() { _ = busy.Close() }()
	for _, tc := range []struct{ setting, flag, addr string }{
		{"http.addr", "--http-addr", busy.Addr().String()},
		{"admin.addr", "", busy.Addr().String()},
	} {
		t.Run(tc.setting, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "portal.db")
			args := []string{"serve", "--database-url", "sqlite:" + path}
			if tc.flag != "" {
				args = append(args, tc.flag, tc.addr)
			} else {
				args = append(args, "--http-addr", "127.0.0.1:0")
				t.Setenv("PORTAL_ADMIN_ADDR", tc.addr)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			var stdout, stderr bytes.Buffer
			err := run(ctx, args, &stdout, &stderr)
			require.ErrorContains(t, err, "listen on "+tc.setting+" "+tc.addr+": ")
			require.ErrorContains(t, err, "address already in use")
			require.NoFileExists(t, path, "no database made")
		})
	}
}

// TestANewerDatabaseIsRefused: a database a newer version migrated is refused by migrate, serve and the commands
// on the database, naming the newest migration of each, unless the operator allows it (QA operations round: a
// rollback's migrate said the database was up to date; QA upgrade round: its serve ran on it with one warning, and
// answered 500 on a unique index it did not know).
func TestANewerDatabaseIsRefused(t *testing.T) {
	dbURL, db := migratedSQLite(t)
	ctx := context.Background()
	known, err := database.Migrations(db.Dialect)
	require.NoError(t, err)
	newest := known[len(known)-1].Version
	_, err = db.ExecContext(ctx, `INSERT INTO schema_migrations (version, applied_at) VALUES ('9999_future', '2030-01-01T00:00:00Z')`)
	require.NoError(t, err)

	for _, args := range [][]string{
		{"migrate"},
		{"serve", "--http-addr", "127.0.0.1:0"},
		{"link", "--email", "eva@example.com"},
	} {
		t.Run(args[0], func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			// A serve that is not refused serves until the context ends.
			ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
			defer cancel()
			err := run(ctx, append(args, "--database-url", dbURL), &stdout, &stderr)
			var newer *database.NewerDatabaseError
			require.ErrorAs(t, err, &newer)
			require.ErrorContains(t, err, "its newest migration is 9999_future, this version knows migrations up to "+newest)
			require.ErrorContains(t, err, "--allow-newer-database")
			require.NotContains(t, stdout.String(), "up to date")
		})
	}

	t.Run("allowed", func(t *testing.T) {
		var stdout, stderr bytes.Buffer
		require.NoError(t, run(ctx, []string{"migrate", "--database-url", dbURL, "--allow-newer-database"}, &stdout, &stderr))
		require.Contains(t, stderr.String(), "migrations this version does not know (9999_future)")
		t.Setenv("PORTAL_DATABASE_ALLOWNEWER", "true")
		stdout.Reset()
		require.NoError(t, run(ctx, []string{"link", "--email", "eva@example.com", "--database-url", dbURL}, &stdout, &stderr))
		require.Contains(t, stdout.String(), "/preferences/token/")
	})
}
