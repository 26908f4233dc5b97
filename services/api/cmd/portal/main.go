// Command portal runs the grocer portal service: the REST API, the embedded
// identity provider and both web apps, plus the maintenance subcommands.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"
)

func main() {
	if err := run(context.Background(), os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "portal:", err)
		os.Exit(1)
	}
}

// command is one subcommand. New subcommands (seed, link, import-stores,
// accounts) are added to commands and nothing else.
type command struct {
	name    string
	summary string
	run     func(ctx context.Context, env cmdEnv, args []string) error
}

// cmdEnv is what a subcommand writes to (tests pass buffers), and the hand-back of the stop signals.
type cmdEnv struct {
	stdout io.Writer
	stderr io.Writer
	// releaseSignals gives SIGINT and SIGTERM back their default behaviour, ending the process at once; until then
	// they end the command's context. Serve releases them once its drain is over (endDrainOnSignal).
	releaseSignals func()
}

// defaultCommand runs when the first argument is a flag or missing.
const defaultCommand = "serve"

var commands = []command{
	{name: "serve", summary: "run the HTTP service (default)", run: runServe},
	{name: "migrate", summary: "apply database migrations and exit", run: runMigrate},
	{name: "healthcheck", summary: "exit 0 when the local service answers /healthz", run: runHealthcheck},
	{name: "import-stores", summary: "insert or update retail stores from a CSV file", run: runImportStores},
	{name: "seed", summary: "load demo data (the demo store directory, ...)", run: runSeed},
	{name: "link", summary: "print a preference centre link for a subscriber (--email)", run: runLink},
	{name: "accounts", summary: "disable or enable a customer account: accounts disable|enable EMAIL", run: runAccounts},
	{name: "sso-clients", summary: "register partner services of single sign-on: sso-clients add|list|remove", run: runSSOClients},
	{name: "mail", summary: "queue the mails whose delivery failed for good again: mail requeue-failed", run: runMail},
	{name: "audit", summary: "print the security events of an account: audit --email ADDRESS", run: runAudit},
	{name: "seed-scale", summary: "synthetic stores and accounts for measuring at scale: seed-scale --stores N --accounts N", run: runSeedScale},
	{name: "version", summary: "print the release: version, commit and Go (also portal --version)", run: runVersion},
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	name := defaultCommand
	named := len(args) > 0 && !strings.HasPrefix(args[0], "-")
	if named {
		name, args = args[0], args[1:]
	}
	// `portal --help` asks for the commands, not for the flags of serve, the command that runs without a name;
	// `portal link -h` asks for link's flags (it listed the commands, which say to run exactly that).
	if name == "help" || (!named && len(args) == 1 && slices.Contains([]string{"-h", "-help", "--help"}, args[0])) {
		usage(stdout)
		return nil
	}
	// `portal --version --json` as `portal version --json` (QA regression round: serve's usage answered it).
	if !named && len(args) > 0 && slices.Contains(versionFlags, args[0]) {
		name, args = "version", args[1:]
	}
	for _, c := range commands {
		if c.name == name {
			ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
			defer stop()
			err := c.run(ctx, cmdEnv{stdout: stdout, stderr: stderr, releaseSignals: stop}, args)
			if errors.Is(err, flag.ErrHelp) {
				return nil
			}
			return err
		}
	}
	usage(stderr)
	return fmt.Errorf("unknown command %q", name)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "Usage: portal [command] [flags]")
	fmt.Fprintln(w, "\nCommands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-14s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\nRun 'portal <command> -h' for the flags of a command.")
}

// subcommandError says what is wrong with the action of a command that takes one (accounts disable, mail
// requeue-failed): missing, or named and unknown. The unknown one was not named, only the usage printed (operator
// round: `portal accounts frobnicate x@y.de`).
func subcommandError(command string, args []string, choices string) error {
	switch {
	case len(args) == 0:
		return fmt.Errorf("%s: say %s", command, choices)
	case strings.HasPrefix(args[0], "-"):
		return fmt.Errorf("%s: say %s first, then the flags", command, choices)
	default:
		return fmt.Errorf("%s: unknown subcommand %q; say %s", command, args[0], choices)
	}
}

// describe gives a command's -h its synopsis, what it does, and then its flags, as every command's has (QA operator
// round: audit, serve, migrate and healthcheck printed the bare flag list).
func describe(fs *flag.FlagSet, synopsis, about string) {
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: portal %s\n\n%s\n\nFlags:\n", synopsis, about)
		fs.PrintDefaults()
	}
}

// newFlagSet returns a flag set whose usage names the subcommand.
func newFlagSet(name string, env cmdEnv) *flag.FlagSet {
	fs := flag.NewFlagSet("portal "+name, flag.ContinueOnError)
	fs.SetOutput(env.stderr)
	return fs
}

// parseFlags parses a command that takes flags only: an argument beside them is refused, not ignored (QA
// operations round: `portal migrate postgres://…` migrated the default SQLite file and said it had).
func parseFlags(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%s: unexpected argument %q (settings are flags: --database-url …)", strings.TrimPrefix(fs.Name(), "portal "), fs.Arg(0))
	}
	return nil
}

// parseArgs parses flags wherever they stand among the arguments (`seed stores --database-url X` as well as
// `seed --database-url X stores`; the flag package alone stops at the first argument) and returns the others.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			return rest, nil
		}
		rest = append(rest, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

// flagGiven reports whether the flag name was on the command line (an empty value too).
func flagGiven(fs *flag.FlagSet, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}

// countOf is n with the noun in the singular for one (QA operator round: "1 mails queued again", "imported 1
// stores").
func countOf(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
