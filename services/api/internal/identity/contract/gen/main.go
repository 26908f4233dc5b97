// Command gen generates the Go and TypeScript constants of the identity contract from api/identity-contract.yaml.
// Run by `go generate ./internal/identity/contract` (and `npx nx run api:generate`); paths are relative to
// services/api/internal/identity/contract, where go generate runs it. With -check it writes nothing and fails
// when a generated file differs from what the contract gives: the TypeScript side's drift test.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
)

func main() {
	contract := flag.String("contract", "../../../api/identity-contract.yaml", "the contract file")
	goOut := flag.String("go", "contract.gen.go", "the Go file to write")
	tsOut := flag.String("ts", "../../../../../libs/identity-contract/src/contract.gen.ts", "the TypeScript file to write")
	sessionTSOut := flag.String("session-ts", "../../../../../libs/identity-contract/src/session.gen.ts", "the TypeScript file of SessionKeeping to write")
	limitsTSOut := flag.String("limits-ts", "../../../../../libs/identity-contract/src/limits.gen.ts", "the TypeScript file of the durations, limits and subscriber scope to write")
	linksTSOut := flag.String("links-ts", "../../../../../libs/identity-contract/src/links.gen.ts", "the TypeScript file of the mail links to write")
	check := flag.Bool("check", false, "write nothing; fail when a generated file is out of date")
	flag.Parse()

	if err := run(*contract, *goOut, []string{*tsOut, *sessionTSOut, *limitsTSOut, *linksTSOut}, *check); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run(contractPath, goPath string, tsPaths []string, check bool) error {
	raw, err := os.ReadFile(contractPath)
	if err != nil {
		return err
	}
	out, err := generate(raw)
	if err != nil {
		return err
	}
	outputs := []struct {
		path string
		src  []byte
	}{{goPath, out.goSrc}}
	for i, src := range out.tsSrcs() {
		outputs = append(outputs, struct {
			path string
			src  []byte
		}{tsPaths[i], src})
	}
	stale := false
	for _, o := range outputs {
		if check {
			current, err := os.ReadFile(o.path)
			if err != nil || !bytes.Equal(current, o.src) {
				fmt.Fprintf(os.Stderr, "%s is out of date: run `npx nx run api:generate` and commit the result\n", o.path)
				stale = true
			}
			continue
		}
		if err := os.WriteFile(o.path, o.src, 0o644); err != nil {
			return err
		}
		fmt.Printf("wrote %s\n", o.path)
	}
	if stale {
		return fmt.Errorf("the generated identity contract does not match %s", contractPath)
	}
	if check {
		fmt.Printf("%s and the TypeScript files match %s\n", goPath, contractPath)
	}
	return nil
}

// generated are the files the contract gives: the Go file and the TypeScript files.
type generated struct {
	goSrc, tsSrc, sessionTSSrc, limitsTSSrc, linksTSSrc []byte
}

// tsSrcs are the TypeScript files in the order of run's tsPaths: contract, session, limits, links.
func (g generated) tsSrcs() [][]byte {
	return [][]byte{g.tsSrc, g.sessionTSSrc, g.limitsTSSrc, g.linksTSSrc}
}

// generate turns the contract into the Go file and the TypeScript files.
func generate(raw []byte) (generated, error) {
	d, err := parse(raw)
	if err != nil {
		return generated{}, err
	}
	goSrc, err := goFile(d)
	if err != nil {
		return generated{}, err
	}
	return generated{goSrc: goSrc, tsSrc: tsFile(d), sessionTSSrc: sessionTSFile(d), limitsTSSrc: limitsTSFile(d), linksTSSrc: linksTSFile(d)}, nil
}
