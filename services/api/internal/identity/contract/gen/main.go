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
	"path/filepath"
)

func main() {
	contract := flag.String("contract", "../../../api/identity-contract.yaml", "the contract file")
	goOut := flag.String("go", "contract.gen.go", "the Go file to write")
	tsDir := flag.String("ts-dir", "../../../../../libs/identity-contract/src", "the folder of the TypeScript files to write (tsFiles)")
	check := flag.Bool("check", false, "write nothing; fail when a generated file is out of date")
	flag.Parse()

	if err := run(*contract, *goOut, *tsDir, *check); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run(contractPath, goPath, tsDir string, check bool) error {
	raw, err := os.ReadFile(contractPath)
	if err != nil {
		return err
	}
	out, err := generate(raw)
	if err != nil {
		return err
	}
	stale := false
	write := func(path string, src []byte) error {
		if check {
			current, err := os.ReadFile(path)
			if err != nil || !bytes.Equal(current, src) {
				fmt.Fprintf(os.Stderr, "%s is out of date: run `npx nx run api:generate` and commit the result\n", path)
				stale = true
			}
			return nil
		}
		if err := os.WriteFile(path, src, 0o644); err != nil {
			return err
		}
		fmt.Printf("wrote %s\n", path)
		return nil
	}
	if err := write(goPath, out.goSrc); err != nil {
		return err
	}
	for _, f := range out.ts {
		if err := write(filepath.Join(tsDir, f.name), f.src); err != nil {
			return err
		}
	}
	if stale {
		return fmt.Errorf("the generated identity contract does not match %s", contractPath)
	}
	if check {
		fmt.Printf("%s and the TypeScript files match %s\n", goPath, contractPath)
	}
	return nil
}

// generated are the files the contract gives: the Go file and the TypeScript files (tsFiles), by name.
type generated struct {
	goSrc []byte
	ts    []tsOutput
}

// tsOutput is a TypeScript file's name in libs/identity-contract/src and its source.
type tsOutput struct {
	name string
	src  []byte
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
	out := generated{goSrc: goSrc}
	for _, f := range tsFiles {
		out.ts = append(out.ts, tsOutput{f.name, tsSource(d, f.emit)})
	}
	return out, nil
}
