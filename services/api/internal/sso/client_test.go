package sso

import (
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/zitadel/oidc/v3/pkg/oidc"
)

// A client's response types are its own copy: a caller that changed the slice op.Client gave it changed the package's
// ResponseTypes, and with it the discovery document and every client (code review of 2026-11-30).
func TestClientResponseTypesAreACopy(t *testing.T) {
	got := opClient{}.ResponseTypes()
	require.Equal(t, []oidc.ResponseType{oidc.ResponseTypeCode}, got)
	got[0] = oidc.ResponseTypeIDToken
	require.Equal(t, []oidc.ResponseType{oidc.ResponseTypeCode}, ResponseTypes)
	require.Equal(t, []oidc.ResponseType{oidc.ResponseTypeCode}, opClient{}.ResponseTypes())
}
