//go:build unix

package database

import (
	"net"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestSocketSpokeWhileAnotherReadWaits: pgx can leave a background reader parked in a Read on an idle pooled
// connection. The peek must not wait for it: a peek that took the socket's read lock hung the pool for good (CI,
// every query of the PostgreSQL tests behind it).
func TestSocketSpokeWhileAnotherReadWaits(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	client, err := net.Dial("tcp", ln.Addr().String())
	require.NoError(t, err)
	defer client.Close()
	server, err := ln.Accept()
	require.NoError(t, err)

	go func() { _, _ = client.Read(make([]byte, 1)) }() // the parked reader
	time.Sleep(20 * time.Millisecond)

	answer := make(chan bool, 1)
	go func() { answer <- socketSpoke(client) }()
	select {
	case spoke := <-answer:
		require.False(t, spoke, "an idle connection has nothing to say")
	case <-time.After(2 * time.Second):
		t.Fatal("the peek waited for the parked reader")
	}

	require.NoError(t, server.Close()) // the server ends the connection: its end of stream is news
	require.Eventually(t, func() bool { return socketSpoke(client) }, 2*time.Second, 10*time.Millisecond)
}
