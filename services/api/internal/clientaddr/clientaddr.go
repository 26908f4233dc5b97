// Package clientaddr carries the client's address (as the HTTP edge determined it, through trusted proxies
// only) in a request's context, so the domain's throttles and audit log can read it without HTTP types.
package clientaddr

import (
	"context"
	"net"
	"strings"
)

type key struct{}

// With returns ctx carrying the client address.
func With(ctx context.Context, addr string) context.Context {
	return context.WithValue(ctx, key{}, addr)
}

// From returns the client address carried by ctx, or "".
func From(ctx context.Context) string {
	s, _ := ctx.Value(key{}).(string)
	return s
}

// IsLoopback reports whether addr, an address with or without its port (a RemoteAddr, a Host header, [::1]:8080),
// names a loopback IP address; the name localhost is not one.
func IsLoopback(addr string) bool {
	host := addr
	if h, _, err := net.SplitHostPort(addr); err == nil {
		host = h
	}
	ip := net.ParseIP(strings.Trim(host, "[]"))
	return ip != nil && ip.IsLoopback()
}
