// Command gen writes passwords.txt from the SecLists source file (see the package comment).
package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/grocer-portal/portal/services/api/internal/identity/commonpasswords"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: gen SOURCE.txt passwords.txt")
		os.Exit(2)
	}
	src, err := os.ReadFile(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err, "(run npm ci first)")
		os.Exit(1)
	}
	list := commonpasswords.Derive(string(src), commonpasswords.Size)
	if err := os.WriteFile(os.Args[2], []byte(strings.Join(list, "\n")+"\n"), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}
