// Package restapi holds the code generated from api/openapi.yaml: the echo ServerInterface every REST
// endpoint implements, and the request and answer types. Regenerate with `go generate ./internal/httpapi/restapi`
// (or `npx nx run api:generate`); a test fails when this file is out of date.
package restapi

//go:generate go tool oapi-codegen -config ../../../api/oapi-codegen.yaml ../../../api/openapi.yaml
