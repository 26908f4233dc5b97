//go:build unix

package database

import (
	"errors"
	"net"
	"syscall"
)

// socketSpoke reports a pooled connection whose socket has something to read: the server's goodbye (an error
// message and the end of the stream, as a restart or failover sends it) or anything else it said unasked. It
// peeks without blocking and without taking bytes, one system call, far cheaper than the round trip of a ping,
// which then decides. The approach is the MySQL driver's (go-sql-driver/mysql, connCheck).
func socketSpoke(c net.Conn) bool {
	if tlsConn, isTLS := c.(interface{ NetConn() net.Conn }); isTLS {
		c = tlsConn.NetConn() // the bytes under TLS tell the same
	}
	sc, isSys := c.(syscall.Conn)
	if !isSys {
		return false
	}
	raw, err := sc.SyscallConn()
	if err != nil {
		return true
	}
	spoke := false
	var buf [1]byte
	// Control, not Read: pgx can leave a background reader parked in a Read of this socket, holding its read lock
	// until bytes come, and a Read here waited for it forever (CI hung). The peek takes nothing and does not block.
	err = raw.Control(func(fd uintptr) {
		n, _, rerr := syscall.Recvfrom(int(fd), buf[:], syscall.MSG_PEEK|syscall.MSG_DONTWAIT)
		// Something to read (n > 0), the end of the stream (0 without error) or a broken socket: worth a ping.
		// EAGAIN is the healthy idle connection's answer.
		spoke = n > 0 || (n == 0 && rerr == nil) || (rerr != nil && !errors.Is(rerr, syscall.EAGAIN) && !errors.Is(rerr, syscall.EWOULDBLOCK))
	})
	return spoke || err != nil
}
