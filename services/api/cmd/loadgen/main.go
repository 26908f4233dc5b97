// Command loadgen measures an HTTP endpoint from a second process on loopback: it sends requests from a fixed
// number of connections for a fixed time and prints requests per second and latency percentiles.
//
//	loadgen -name region -duration 5s -connections 16 http://127.0.0.1:8080/rest/v1/region?zip=20095 ...
//
// Several URLs are used in rotation, so a search can be measured over varied terms.
//
// With -ceiling URL the endpoint is measured against a reference in the same run: the two are loaded in
// alternating slices (so a neighbour's load on the shared machine falls on both alike) and the figures are
// printed as a share of the reference's. `loadgen -serve-ceiling ADDR` is that reference: a bare echo server
// with one JSON handler and no middleware, the cheapest answer echo can give.
package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/labstack/echo/v4"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "loadgen:", err)
		if errors.Is(err, errBelowTarget) {
			os.Exit(3)
		}
		os.Exit(1)
	}
}

// errBelowTarget means the endpoint answered, but further from its ceiling than -target allows.
var errBelowTarget = errors.New("below target")

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

// headers collects repeated -header flags.
type headers []string

func (h *headers) String() string { return strings.Join(*h, ", ") }
func (h *headers) Set(v string) error {
	if !strings.Contains(v, ":") || strings.ContainsAny(v, "\r\n") {
		return fmt.Errorf("%q: want Name: value", v)
	}
	*h = append(*h, v)
	return nil
}

// options shape every request of a run.
type options struct {
	gzip    bool
	method  string
	body    string
	headers []string
	// queryInBody posts each URL's query as the form body, before body: the identity API reads no parameter from
	// the URL, and a growth curve's URLs differ by their login ID.
	queryInBody bool
}

func run(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("loadgen", flag.ContinueOnError)
	name := fs.String("name", "load", "label printed in front of the figures")
	duration := fs.Duration("duration", 5*time.Second, "how long to send requests")
	warmup := fs.Duration("warmup", time.Second, "requests sent before measuring, not counted")
	connections := fs.Int("connections", 16, "concurrent connections")
	gzip := fs.Bool("gzip", true, "send Accept-Encoding: gzip, as every browser does")
	method := fs.String("method", http.MethodGet, "request method (GET or POST)")
	body := fs.String("body", "", "request body, sent as application/x-www-form-urlencoded unless a Content-Type header is given")
	queryInBody := fs.Bool("query-in-body", false, "with POST: send each URL's query in the form body (before -body), not in the request line")
	var hdrs headers
	fs.Var(&hdrs, "header", "extra request header 'Name: value' (repeatable)")
	ceiling := fs.String("ceiling", "", "reference URL measured in alternating slices of the same run; figures are printed as a share of it")
	rounds := fs.Int("rounds", 5, "alternating slices of endpoint and ceiling (with -ceiling)")
	targetShare := fs.Float64("target", 0, "with -ceiling: least share of the ceiling's throughput (exit status 3 below it)")
	var series, seriesHeaders headers
	fs.Var((*listFlag)(&series), "series", "'NAME URL [URL...]': a point of a growth curve; several are measured in alternating slices (repeatable)")
	fs.Var((*listFlag)(&seriesHeaders), "series-header", "'NAME|Header: value': a request header of one series only (repeatable)")
	maxSpread := fs.Float64("max-spread", 0, "with -series: largest allowed p99 of the last series over the first's, median over the rounds (exit status 3 above it)")
	serveCeiling := fs.String("serve-ceiling", "", "serve the bare echo reference on this address (e.g. 127.0.0.1:0) until killed")
	headersFrom := fs.String("headers-from", "", "with -serve-ceiling: also serve /ceiling-with-headers, the same handler answering with the headers this URL answers with")
	var answersFrom headers
	fs.Var((*listFlag)(&answersFrom), "answer-from", "'NAME=URL', with -serve-ceiling: also serve /ceiling-as-NAME, replaying the headers and body this URL answers with (repeatable)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *serveCeiling != "" {
		return serveReference(*serveCeiling, *headersFrom, answersFrom, out)
	}
	if len(series) > 0 {
		if *duration <= 0 || *duration > 5*time.Minute || *connections < 1 || *connections > 1024 || *rounds < 1 {
			return errors.New("duration must be in (0, 5m], connections in [1, 1024] and rounds at least 1")
		}
		return curve(out, *name, series, seriesHeaders, *warmup, *duration, *rounds, *connections,
			options{gzip: *gzip, method: *method, body: *body, headers: hdrs, queryInBody: *queryInBody}, *maxSpread)
	}
	urls := fs.Args()
	if len(urls) == 0 {
		return errors.New("give at least one URL")
	}
	if *duration <= 0 || *duration > 5*time.Minute || *connections < 1 || *connections > 1024 || *rounds < 1 {
		return errors.New("duration must be in (0, 5m], connections in [1, 1024] and rounds at least 1")
	}
	if *method != http.MethodGet && *method != http.MethodPost {
		return errors.New("method must be GET or POST")
	}
	opts := options{gzip: *gzip, method: *method, body: *body, headers: hdrs, queryInBody: *queryInBody}
	if *ceiling == "" {
		if _, err := measure(*name, urls, *warmup, *connections, opts); err != nil {
			return err
		}
		r, err := measure(*name, urls, *duration, *connections, opts)
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "%-14s %9.0f req/s   p50 %6.2f ms   p99 %6.2f ms   (%d requests, %d failed)\n",
			r.Name, r.PerSecond, ms(r.P50), ms(r.P99), r.Requests, r.Failures)
		return r.failed()
	}
	return againstCeiling(out, *name, urls, *ceiling, *warmup, *duration, *rounds, *connections, opts, *targetShare)
}

// againstCeiling measures the endpoint and the reference in alternating slices and prints both and the shares:
// throughput as endpoint/ceiling, p99 as ceiling/endpoint, so 1.00 is "as fast as the bare handler" for both.
func againstCeiling(out io.Writer, name string, urls []string, ceilingURL string, warmup, duration time.Duration,
	rounds, connections int, opts options, target float64) error {
	ref := options{gzip: opts.gzip, method: http.MethodGet}
	if _, err := measure(name, urls, warmup, connections, opts); err != nil {
		return err
	}
	if _, err := measure("ceiling", []string{ceilingURL}, warmup, connections, ref); err != nil {
		return err
	}
	var ep, ce []sample
	slice := duration / time.Duration(rounds)
	for i := 0; i < rounds; i++ {
		s, err := measureRaw(name, urls, slice, connections, opts)
		if err != nil {
			return err
		}
		ep = append(ep, s)
		c, err := measureRaw("ceiling", []string{ceilingURL}, slice, connections, ref)
		if err != nil {
			return err
		}
		ce = append(ce, c)
	}
	r, c := combine(name, ep), combine("ceiling", ce)
	rate, tail := r.PerSecond/c.PerSecond, ms(c.P99)/ms(r.P99)
	verdict := ""
	if target > 0 {
		verdict = fmt.Sprintf("   target throughput >= %.2f", target)
		if rate < target {
			verdict += "  BELOW TARGET"
		}
	}
	fmt.Fprintf(out, "%-14s %9.0f req/s  p99 %6.2f ms | ceiling %9.0f req/s  p99 %6.2f ms | share: throughput %.2f  p99 %.2f%s\n",
		r.Name, r.PerSecond, ms(r.P99), c.PerSecond, ms(c.P99), rate, tail, verdict)
	if err := r.failed(); err != nil {
		return err
	}
	if err := c.failed(); err != nil {
		return err
	}
	if target > 0 && rate < target {
		return fmt.Errorf("%s: %w (throughput %.2f of the ceiling; want %.2f)", name, errBelowTarget, rate, target)
	}
	return nil
}

// listFlag collects a repeatable flag as is.
type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, "; ") }
func (l *listFlag) Set(v string) error { *l = append(*l, v); return nil }

// curve measures the points of a growth curve (the same requests against databases of different sizes) in
// alternating slices, prints each point and the p99 of the last over the first's.
func curve(out io.Writer, name string, specs, specHeaders []string, warmup, duration time.Duration, rounds, connections int,
	opts options, maxSpread float64) error {
	type point struct {
		label   string
		urls    []string
		opts    options
		samples []sample
	}
	points := make([]*point, len(specs))
	for i, spec := range specs {
		f := strings.Fields(spec)
		if len(f) < 2 {
			return fmt.Errorf("-series %q: want NAME URL [URL...]", spec)
		}
		p := &point{label: f[0], urls: f[1:], opts: opts}
		p.opts.headers = slices.Clone(opts.headers)
		for _, h := range specHeaders {
			if label, header, ok := strings.Cut(h, "|"); ok && label == p.label {
				p.opts.headers = append(p.opts.headers, header)
			}
		}
		points[i] = p
	}
	for _, p := range points {
		if _, err := measure(name, p.urls, warmup, connections, p.opts); err != nil {
			return err
		}
	}
	slice := duration / time.Duration(rounds)
	for i := 0; i < rounds; i++ {
		for _, p := range points {
			s, err := measureRaw(name, p.urls, slice, connections, p.opts)
			if err != nil {
				return err
			}
			p.samples = append(p.samples, s)
		}
	}
	results := make([]Result, len(points))
	for i, p := range points {
		results[i] = combine(name, p.samples)
		r := results[i]
		fmt.Fprintf(out, "%-16s %-16s %8.0f req/s   p50 %7.2f ms   p99 %7.2f ms   (%d requests, %d failed)\n",
			name, p.label, r.PerSecond, ms(r.P50), ms(r.P99), r.Requests, r.Failures)
	}
	for _, r := range results {
		if err := r.failed(); err != nil {
			return err
		}
	}
	first, last := results[0], results[len(results)-1]
	overall := ms(last.P99) / ms(first.P99)
	// The check is on the median over the rounds of the last point's p99 over the first's in the same round: a
	// neighbour's burst on the shared machine lands in one slice and moves one round's ratio, not the median.
	ratios := make([]float64, rounds)
	for i := range ratios {
		ratios[i] = ms(combine(name, points[len(points)-1].samples[i:i+1]).P99) / ms(combine(name, points[0].samples[i:i+1]).P99)
	}
	slices.Sort(ratios)
	spread := ratios[len(ratios)/2]
	if len(ratios)%2 == 0 {
		spread = (ratios[len(ratios)/2-1] + ratios[len(ratios)/2]) / 2
	}
	verdict := ""
	if maxSpread > 0 {
		verdict = fmt.Sprintf(" (limit %.2f)", maxSpread)
		if spread > maxSpread {
			verdict += "  OVER LIMIT"
		}
	}
	fmt.Fprintf(out, "%-16s %-16s p99 %s / %s = %.2f over the whole run, %.2f median of %d rounds%s\n", name, "end to end",
		points[len(points)-1].label, points[0].label, overall, spread, rounds, verdict)
	if maxSpread > 0 && spread > maxSpread {
		return fmt.Errorf("%s: %w: p99 grew %.2f times from %s to %s (limit %.2f)", name, errBelowTarget, spread,
			points[0].label, points[len(points)-1].label, maxSpread)
	}
	return nil
}

func (r Result) failed() error {
	if r.Failures > 0 {
		return fmt.Errorf("%s: %d of %d requests failed (statuses %v)", r.Name, r.Failures, r.Requests, r.StatusSeen)
	}
	return nil
}

// serveReference runs the ceiling: echo with no middleware and one handler encoding a small JSON document, the
// shape of the region answer. It prints its URL, then serves until the process is killed.
//
// With headersFrom it also serves /ceiling-with-headers: the same handler answering with the headers a GET of
// headersFrom answered with (the service's security headers, cache policy, request id), set from shared values.
// It shows how much of the distance to the ceiling is the headers themselves: net/http copies, sorts and writes
// each one, and the client reads each one.
//
// Each 'NAME=URL' of answersFrom adds /ceiling-as-NAME: the bare handler sending that URL's whole answer, its
// headers and its body as sent to a browser (gzip accepted). It shows how much of an endpoint's distance to the
// ceiling is the size of what it sends rather than the work of making it.
func serveReference(addr, headersFrom string, answersFrom []string, out io.Writer) error {
	e, err := newReference(headersFrom, answersFrom...)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "ceiling on http://%s/ceiling\n", ln.Addr())
	if f, ok := out.(interface{ Sync() error }); ok {
		_ = f.Sync()
	}
	e.Listener = ln
	return e.Start("")
}

// newReference builds the ceiling's echo instance.
func newReference(headersFrom string, answersFrom ...string) (*echo.Echo, error) {
	type id struct {
		ID string `json:"id"`
	}
	type answer struct {
		Region id `json:"region"`
	}
	e := echo.New()
	e.HideBanner, e.HidePort = true, true
	e.GET("/ceiling", func(c echo.Context) error { return c.JSON(http.StatusOK, answer{Region: id{ID: "NORD"}}) })
	if headersFrom != "" {
		_, copied, _, err := fetchAnswer(headersFrom)
		if err != nil {
			return nil, err
		}
		// The body is the bare handler's own, and so are its framing headers.
		for _, k := range []string{"Content-Length", "Content-Type", "Content-Encoding"} {
			delete(copied, k)
		}
		e.GET("/ceiling-with-headers", func(c echo.Context) error {
			h := c.Response().Header()
			for k, v := range copied {
				h[k] = v
			}
			return c.JSON(http.StatusOK, answer{Region: id{ID: "NORD"}})
		})
	}
	for _, spec := range answersFrom {
		name, from, ok := strings.Cut(spec, "=")
		if !ok || name == "" || strings.Contains(name, "/") {
			return nil, fmt.Errorf("-answer-from %q: want NAME=URL", spec)
		}
		replay, err := recordAnswer(from)
		if err != nil {
			return nil, err
		}
		e.GET("/ceiling-as-"+name, replay)
	}
	return e, nil
}

// recordAnswer fetches url once (fetchAnswer) and answers a handler that sends the same status, headers and body;
// net/http writes the date and the framing afresh.
func recordAnswer(url string) (echo.HandlerFunc, error) {
	status, recorded, body, err := fetchAnswer(url)
	if err != nil {
		return nil, err
	}
	return func(c echo.Context) error {
		h := c.Response().Header()
		for k, v := range recorded {
			h[k] = v
		}
		c.Response().WriteHeader(status)
		_, err := c.Response().Write(body)
		return err
	}, nil
}

// fetchAnswer GETs url as a browser would (gzip accepted, the body left as sent) and answers its status, its
// headers but the connection's own (date, connection, transfer encoding), each value a slice of capacity 1 so that
// a handler's Header.Add copies it instead of writing into the shared array, and its body.
func fetchAnswer(url string) (int, http.Header, []byte, error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return 0, nil, nil, err
	}
	// Set by hand, the transport leaves the body compressed (it would unpack it, and drop the encoding, otherwise).
	req.Header.Set("Accept-Encoding", "gzip")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, nil, nil, err
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		return 0, nil, nil, err
	}
	header := http.Header{}
	for k, v := range res.Header {
		switch k {
		case "Date", "Connection", "Transfer-Encoding":
		default:
			header[k] = v[:len(v):len(v)]
		}
	}
	return res.StatusCode, header, body, nil
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// sample is one measurement's raw figures, kept so alternating slices can be added up.
type sample struct {
	latencies []time.Duration
	failures  int
	elapsed   time.Duration
	statuses  map[int]int
}

// measure runs the load once and summarises it.
func measure(name string, urls []string, duration time.Duration, connections int, opts options) (Result, error) {
	s, err := measureRaw(name, urls, duration, connections, opts)
	if err != nil {
		return Result{}, err
	}
	return combine(name, []sample{s}), nil
}

// combine adds up slices of one endpoint: all requests over all measured time.
func combine(name string, samples []sample) Result {
	var all []time.Duration
	var elapsed time.Duration
	failures, statuses := 0, map[int]int{}
	for _, s := range samples {
		all = append(all, s.latencies...)
		elapsed += s.elapsed
		failures += s.failures
		for k, v := range s.statuses {
			statuses[k] += v
		}
	}
	slices.Sort(all)
	pct := func(p float64) time.Duration { return all[int(float64(len(all)-1)*p)] }
	return Result{
		Name: name, Requests: len(all), Failures: failures, Elapsed: elapsed,
		P50: pct(0.50), P99: pct(0.99), PerSecond: float64(len(all)) / elapsed.Seconds(), StatusSeen: statuses,
	}
}

// measureRaw runs the load: each worker owns one keep-alive connection and writes plain HTTP/1.1 requests on it,
// reading answers with http.ReadResponse. Like wrk, it skips http.Client's transport machinery, so on a
// machine shared with the server the load generator takes as little CPU as possible.
func measureRaw(name string, urls []string, duration time.Duration, connections int, opts options) (sample, error) {
	targets := make([]target, len(urls))
	for i, raw := range urls {
		t, err := parseTarget(raw, opts)
		if err != nil {
			return sample{}, err
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
			// Each connection sends at least one request: on a loaded machine a worker may first run after the
			// deadline, and a run with no answer at all reported "no request succeeded: <nil>" for a server that
			// answered every request (TestLoadgenFailsOnErrors, seen in a parallel go test).
			for i := w; i == w || time.Now().Before(deadline); i++ {
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
		return sample{}, fmt.Errorf("%s: no request succeeded: %v", name, firstErr.Load())
	}
	return sample{latencies: latencies, failures: int(failures.Load()), elapsed: elapsed, statuses: statuses}, nil
}

// target is one URL split into what a request line needs.
type target struct {
	addr    string
	request []byte
	method  string
}

func parseTarget(raw string, opts options) (target, error) {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "http" || u.Host == "" {
		return target{}, fmt.Errorf("%q: only http:// URLs", raw)
	}
	addr := u.Host
	if u.Port() == "" {
		addr = net.JoinHostPort(u.Hostname(), "80")
	}
	method := opts.method
	if method == "" {
		method = http.MethodGet
	}
	requestURI, body := u.RequestURI(), opts.body
	if opts.queryInBody && method == http.MethodPost && u.RawQuery != "" {
		requestURI, body = u.EscapedPath(), u.RawQuery
		if opts.body != "" {
			body += "&" + opts.body
		}
	}
	req := method + " " + requestURI + " HTTP/1.1\r\nHost: " + u.Host + "\r\nUser-Agent: portal-loadgen\r\nAccept: */*\r\n"
	if opts.gzip {
		req += "Accept-Encoding: gzip\r\n"
	}
	typed := false
	for _, h := range opts.headers {
		req += h + "\r\n"
		typed = typed || strings.HasPrefix(strings.ToLower(h), "content-type:")
	}
	if method == http.MethodPost {
		if !typed {
			req += "Content-Type: application/x-www-form-urlencoded\r\n"
		}
		req += "Content-Length: " + strconv.Itoa(len(body)) + "\r\n"
	}
	req += "\r\n" + body
	return target{addr: addr, request: []byte(req), method: method}, nil
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
	return c.readResponse(t.method == http.MethodHead)
}

// readResponse reads one answer the way wrk does: the status line, then the header lines scanned in place for
// the three that frame the body (Content-Length, Transfer-Encoding, Connection), then the body, discarded.
// Nothing is allocated per header, so an answer with many headers costs this process little more than one with
// few, and the figures measure the server rather than the client's parsing.
func (c *connection) readResponse(head bool) (int, error) {
	line, err := c.r.ReadSlice('\n')
	if err != nil {
		return 0, err
	}
	// "HTTP/1.1 200 OK"
	if len(line) < 12 || !bytes.HasPrefix(line, []byte("HTTP/1.")) {
		return 0, fmt.Errorf("malformed status line %q", line)
	}
	status, err := strconv.Atoi(string(line[9:12]))
	if err != nil {
		return 0, fmt.Errorf("malformed status line %q", line)
	}
	length, chunked, closing := int64(-1), false, false
	for {
		line, err = c.r.ReadSlice('\n')
		if err != nil {
			return 0, err
		}
		line = bytes.TrimRight(line, "\r\n")
		if len(line) == 0 {
			break
		}
		name, value, ok := bytes.Cut(line, []byte(":"))
		if !ok {
			return 0, fmt.Errorf("malformed header line %q", line)
		}
		value = bytes.TrimSpace(value)
		switch {
		case bytes.EqualFold(name, []byte("Content-Length")):
			if length, err = strconv.ParseInt(string(value), 10, 64); err != nil || length < 0 {
				return 0, fmt.Errorf("malformed Content-Length %q", value)
			}
		case bytes.EqualFold(name, []byte("Transfer-Encoding")):
			chunked = bytes.EqualFold(value, []byte("chunked"))
		case bytes.EqualFold(name, []byte("Connection")):
			closing = bytes.EqualFold(value, []byte("close"))
		}
	}
	noBody := head || status == http.StatusNoContent || status == http.StatusNotModified || status/100 == 1
	switch {
	case noBody:
	case chunked:
		if _, err := io.Copy(io.Discard, httputil.NewChunkedReader(c.r)); err != nil {
			return 0, err
		}
		// The trailer section ends with an empty line.
		for {
			line, err = c.r.ReadSlice('\n')
			if err != nil {
				return 0, err
			}
			if len(bytes.TrimRight(line, "\r\n")) == 0 {
				break
			}
		}
	case length >= 0:
		if _, err := c.r.Discard(int(length)); err != nil {
			return 0, err
		}
	default:
		return status, errors.New("answer without length on a keep-alive connection")
	}
	if closing {
		return status, errors.New("server closed the connection")
	}
	return status, nil
}
