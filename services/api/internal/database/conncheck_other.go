//go:build !unix

package database

import "net"

// socketSpoke cannot peek at a socket here: the driver's ping after a second of rest is all there is.
func socketSpoke(net.Conn) bool { return false }
