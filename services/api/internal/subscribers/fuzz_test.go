package subscribers_test

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/subscribers"
)

// FuzzVerifyToken feeds arbitrary strings to Verify: it must never panic, and it may only accept a token
// whose HS256 signature was made with one of the keys (the seed corpus in testdata/fuzz holds a valid
// token, alg none, HS256 with a wrong key, an RS256 header, a truncated and a huge token).
func FuzzVerifyToken(f *testing.F) {
	tokens := newTokens(f)
	keys := map[string][]byte{"new": secretNew, "old": secretOld}
	f.Fuzz(func(t *testing.T, token string) {
		email, err := tokens.Verify(context.Background(), token)
		if err != nil {
			if email != "" {
				t.Fatalf("an error with an address: %q", email)
			}
			return
		}
		parts := strings.Split(strings.TrimSpace(token), ".")
		if len(parts) != 3 {
			t.Fatalf("accepted a token of %d segments", len(parts))
		}
		var header struct {
			Alg string `json:"alg"`
			Kid string `json:"kid"`
		}
		raw, err := base64.RawURLEncoding.DecodeString(parts[0])
		if err != nil || json.Unmarshal(raw, &header) != nil {
			t.Fatalf("accepted an unreadable header")
		}
		secret, ok := keys[header.Kid]
		if header.Alg != "HS256" || !ok {
			t.Fatalf("accepted alg %q kid %q", header.Alg, header.Kid)
		}
		sig, err := base64.RawURLEncoding.DecodeString(parts[2])
		if err != nil {
			t.Fatalf("accepted an unreadable signature")
		}
		mac := hmac.New(sha256.New, secret)
		mac.Write([]byte(parts[0] + "." + parts[1]))
		if !hmac.Equal(sig, mac.Sum(nil)) {
			t.Fatalf("accepted a token not signed with the key")
		}
	})
}

// TestFuzzSeedCorpus keeps the committed seeds meaningful: the valid ones must verify (or the fuzzer never
// checks an accepted token) and the hostile ones must not.
func TestFuzzSeedCorpus(t *testing.T) {
	tokens := newTokens(t)
	tests := []struct {
		file   string
		accept bool
	}{
		{"valid", true}, {"valid-old-key", true},
		{"alg-none", false}, {"hs256-wrong-key", false}, {"rs256-header", false}, {"truncated", false},
		{"huge", false}, {"empty", false}, {"expired", false}, {"dots-only", false},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			b, err := os.ReadFile(filepath.Join("testdata", "fuzz", "FuzzVerifyToken", tc.file))
			require.NoError(t, err)
			lines := strings.SplitN(string(b), "\n", 3)
			require.Equal(t, "go test fuzz v1", lines[0])
			quoted, ok := strings.CutPrefix(lines[1], "string(")
			require.True(t, ok)
			token, err := strconv.Unquote(strings.TrimSuffix(quoted, ")"))
			require.NoError(t, err)
			_, err = tokens.Verify(context.Background(), token)
			if tc.accept {
				require.NoError(t, err)
			} else {
				require.ErrorIs(t, err, subscribers.ErrInvalidToken)
			}
		})
	}
}
