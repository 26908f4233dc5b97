// Command loadgen measures an HTTP endpoint from a second process on loopback: it sends requests from a fixed
// number of connections for a fixed time and prints requests per second and latency percentiles.
//
//	loadgen -name region -duration 5s -connections 16 http://127.0.0.1:8080/rest/v1/region?zip=20095 ...
//
// Several URLs are used in rotation, so a search can be measured over varied terms.
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "loadgen:", err)
		os.Exit(1)
	}
}

// Result is what one measurement found.
type Result struct {
	Name       string
	Requests   int
	Failures   int
	Elapsed    time.Duration
	P50, P99   time.Duration
	PerSecond  float64
	StatusSeen map[int]int
}

func run(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("loadgen", flag.ContinueOnError)
	name := fs.String("name", "load", "label printed in front of the figures")
	duration := fs.Duration("duration", 5*time.Second, "how long to send requests")
	warmup := fs.Duration("warmup", time.Second, "requests sent before measuring, not counted")
	connections := fs.Int("connections", 16, "concurrent connections")
	gzip := fs.Bool("gzip", true, "send Accept-Encoding: gzip, as every browser does")
	if err := fs.Parse(args); err != nil {
		return err
	}
	urls := fs.Args()
	if len(urls) == 0 {
		return errors.New("give at least one URL")
	}
	if *duration <= 0 || *duration > 5*time.Minute || *connections < 1 || *connections > 1024 {
		return errors.New("duration must be in (0, 5m] and connections in [1, 1024]")
	}
	if _, err := measure(*name, urls, *warmup, *connections, *gzip); err != nil {
		return err
	}
	r, err := measure(*name, urls, *duration, *connections, *gzip)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "%-14s %9.0f req/s   p50 %6.2f ms   p99 %6.2f ms   (%d requests, %d failed)\n",
		r.Name, r.PerSecond, ms(r.P50), ms(r.P99), r.Requests, r.Failures)
	if r.Failures > 0 {
		return fmt.Errorf("%s: %d of %d requests failed (statuses %v)", r.Name, r.Failures, r.Requests, r.StatusSeen)
	}
	return nil
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// measure runs the load: each worker owns one keep-alive connection and writes plain HTTP/1.1 requests on it,
// reading answers with http.ReadResponse. Like wrk, it skips http.Client's transport machinery, so on a
// machine shared with the server the load generator takes as little CPU as possible.
func measure(name string, urls []string, duration time.Duration, connections int, gzip bool) (Result, error) {
	targets := make([]target, len(urls))
	for i, raw := range urls {
		t, err := parseTarget(raw, gzip)
		if err != nil {
			return Result{}, err
		}
		targets[i] = t
	}
	deadline := time.Now().Add(duration)
	var (
		mu        sync.Mutex
		latencies []time.Duration
		failures  atomic.Int64
		statuses  = map[int]int{}
		wg        sync.WaitGroup
		firstErr  atomic.Value
	)
	start := time.Now()
	for w := 0; w < connections; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			local := make([]time.Duration, 0, 1<<14)
			localStatus := map[int]int{}
			var conn *connection
			for i := w; time.Now().Before(deadline); i++ {
				t := targets[i%len(targets)]
				if conn == nil {
					c, err := dial(t.addr)
					if err != nil {
						failures.Add(1)
						firstErr.CompareAndSwap(nil, err)
						time.Sleep(10 * time.Millisecond)
						continue
					}
					conn = c
				}
				began := time.Now()
				status, err := conn.get(t)
				if err != nil {
					failures.Add(1)
					firstErr.CompareAndSwap(nil, err)
					_ = conn.Close()
					conn = nil
					continue
				}
				local = append(local, time.Since(began))
				if status >= 400 {
					failures.Add(1)
					localStatus[status]++
				}
			}
			if conn != nil {
				_ = conn.Close()
			}
			mu.Lock()
			latencies = append(latencies, local...)
			for k, v := range localStatus {
				statuses[k] += v
			}
			mu.Unlock()
		}(w)
	}
	wg.Wait()
	elapsed := time.Since(start)
	if len(latencies) == 0 {
		return Result{}, fmt.Errorf("%s: no request succeeded: %v", name, firstErr.Load())
	}
	slices.Sort(latencies)
	pct := func(p float64) time.Duration { return latencies[int(float64(len(latencies)-1)*p)] }
	return Result{
		Name: name, Requests: len(latencies), Failures: int(failures.Load()), Elapsed: elapsed,
		P50: pct(0.50), P99: pct(0.99), PerSecond: float64(len(latencies)) / elapsed.Seconds(), StatusSeen: statuses,
	}, nil
}

// target is one URL split into what a request line needs.
type target struct {
	addr    string
	request []byte
	method  string
}

func parseTarget(raw string, gzip bool) (target, error) {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "http" || u.Host == "" {
		return target{}, fmt.Errorf("%q: only http:// URLs", raw)
	}
	addr := u.Host
	if u.Port() == "" {
		addr = net.JoinHostPort(u.Hostname(), "80")
	}
	req := "GET " + u.RequestURI() + " HTTP/1.1\r\nHost: " + u.Host + "\r\nUser-Agent: portal-loadgen\r\nAccept: */*\r\n"
	if gzip {
		req += "Accept-Encoding: gzip\r\n"
	}
	req += "\r\n"
	return target{addr: addr, request: []byte(req), method: http.MethodGet}, nil
}

// connection is one keep-alive connection with its read buffer.
type connection struct {
	net.Conn
	r *bufio.Reader
}

func dial(addr string) (*connection, error) {
	c, err := net.DialTimeout("tcp", addr, 5*time.Second)
	if err != nil {
		return nil, err
	}
	return &connection{Conn: c, r: bufio.NewReaderSize(c, 32<<10)}, nil
}

// get sends one request and reads the whole answer, returning its status.
func (c *connection) get(t target) (int, error) {
	_ = c.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := c.Write(t.request); err != nil {
		return 0, err
	}
	resp, err := http.ReadResponse(c.r, &http.Request{Method: t.method})
	if err != nil {
		return 0, err
	}
	_, err = io.Copy(io.Discard, resp.Body)
	_ = resp.Body.Close()
	if err != nil {
		return 0, err
	}
	if resp.Close {
		return resp.StatusCode, errors.New("server closed the connection")
	}
	return resp.StatusCode, nil
}
