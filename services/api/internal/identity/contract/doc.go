// Package contract holds the identity contract's facts as Go constants, generated from api/identity-contract.yaml
// (error codes, detail codes, password policy and character groups, e-mail address examples, durations, session
// keeping, link paths, the identity HTTP API's methods), plus the few functions that read them. Every Go
// implementation and client of the identity provider uses these names instead of numbers; the TypeScript side gets
// the same facts as libs/identity-contract/src/contract.gen.ts, and session keeping as session.gen.ts. Regenerate with `go generate ./internal/identity/contract` (or
// `npx nx run api:generate`); a test fails when contract.gen.go is out of date.
package contract

//go:generate go run ./gen
