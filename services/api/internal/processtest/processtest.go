// Package processtest builds the real portal binary once per test binary and runs `portal serve` processes on a
// loopback port, for tests that need what only processes show: two replicas on one database, a kill -9 in the
// middle of a load.
package processtest

import (
	"bufio"
	"context"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

var (
	buildOnce sync.Once
	binary    string
	buildErr  error
)

// Binary builds cmd/portal (CGO off, as shipped) into a temporary folder, once.
func Binary(t testing.TB) string {
	t.Helper()
	buildOnce.Do(func() {
		_, file, _, _ := runtime.Caller(0)
		module := filepath.Join(filepath.Dir(file), "..", "..")
		dir, err := os.MkdirTemp("", "portal-bin-")
		if err != nil {
			buildErr = err
			return
		}
		binary = filepath.Join(dir, "portal")
		cmd := exec.Command("go", "build", "-o", binary, "./cmd/portal")
		cmd.Dir, cmd.Env = module, append(os.Environ(), "CGO_ENABLED=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("build portal: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binary
}

// Process is one running `portal serve`.
type Process struct {
	URL string
	cmd *exec.Cmd
	log *os.File
	// exited is closed once the process has ended and cmd.ProcessState is set; one goroutine waits for it.
	exited   chan struct{}
	waitOnce sync.Once
}

var runningAt = regexp.MustCompile(`http://localhost:(\d+)/`)

// Start runs `portal serve` on 127.0.0.1 with a free port and the environment given (PORTAL_* settings), and
// waits until it answers.
func Start(t testing.TB, env ...string) *Process {
	t.Helper()
	bin := Binary(t)
	logFile, err := os.CreateTemp(t.TempDir(), "portal-*.log")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "serve", "--http-addr", "127.0.0.1:0")
	cmd.Env = append(append(os.Environ(), "PORTAL_LOG_LEVEL=warn", "PORTAL_LOG_FORMAT=json"), env...)
	cmd.Stderr = logFile
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &Process{cmd: cmd, log: logFile, exited: make(chan struct{})}
	t.Cleanup(func() { p.Kill() })
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if m := runningAt.FindStringSubmatch(sc.Text()); m != nil {
				select {
				case found <- m[1]:
				default:
				}
			}
		}
	}()
	select {
	case port := <-found:
		p.URL = "http://127.0.0.1:" + port
	case <-time.After(60 * time.Second):
		t.Fatalf("portal did not start: %s", p.Logs())
	}
	for i := 0; i < 100; i++ {
		if res, err := http.Get(p.URL + "/readyz"); err == nil {
			_ = res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return p
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("portal not ready: %s", p.Logs())
	return nil
}

// wait answers a channel closed once the process has ended.
func (p *Process) wait() <-chan struct{} {
	p.waitOnce.Do(func() { go func() { _ = p.cmd.Wait(); close(p.exited) }() })
	return p.exited
}

// Kill ends the process at once (SIGKILL: no clean shutdown, as in a crash) and waits for it.
func (p *Process) Kill() {
	p.Signal(syscall.SIGKILL)
	<-p.wait()
}

// Stop ends the process cleanly (SIGTERM) and waits for it.
func (p *Process) Stop() {
	p.Signal(syscall.SIGTERM)
	select {
	case <-p.wait():
	case <-time.After(20 * time.Second):
		p.Kill()
	}
}

// Signal sends sig to the process, as Kubernetes or systemd (SIGTERM) or a person at the terminal (os.Interrupt,
// Ctrl-C) does; to a process that has ended it sends nothing.
func (p *Process) Signal(sig os.Signal) {
	_ = p.cmd.Process.Signal(sig)
}

// Exited waits up to timeout for the process to end and answers how it ended, or nil while it still runs.
func (p *Process) Exited(timeout time.Duration) *os.ProcessState {
	select {
	case <-p.wait():
		return p.cmd.ProcessState
	case <-time.After(timeout):
		return nil
	}
}

// Logs returns what the process logged so far.
func (p *Process) Logs() string {
	b, _ := os.ReadFile(p.log.Name())
	return string(b)
}

// Migrate runs `portal migrate` with the environment given.
func Migrate(t testing.TB, env ...string) {
	t.Helper()
	bin := Binary(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "migrate")
	cmd.Env = append(os.Environ(), env...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("migrate: %v\n%s", err, strings.TrimSpace(string(out)))
	}
}
