package subscribers

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/grocer-portal/portal/services/api/internal/database"
)

// ErrNoSigningKey is returned outside development when no key is configured (config validation already
// refuses that; this guards code that builds a Config by hand).
var ErrNoSigningKey = errors.New("subscribers: no signing key configured (subscribers.jwt.keys)")

// KeyPurpose is the signing_keys.purpose of the development link key.
const KeyPurpose = "subscriber-link"

// developmentKID is the kid of the key created for development; fixed so that replicas starting together
// agree on one key.
const developmentKID = "development"

// LinkSettings configure the links the service mints and checks: the composition root fills them from
// subscribers.jwt.* and env (app.LinkSettings).
type LinkSettings struct {
	Issuer   string
	Audience string
	// Keys are the configured keys: the first signs, all verify.
	Keys []Key
	// DevelopmentKey allows, when no key is configured, the development key kept in the database (development
	// only).
	DevelopmentKey bool
	// Now is the clock that stamps and expires links; nil means time.Now. The service passes its development
	// clock when one is on, so links age with everything else it moves forward.
	Now func() time.Time
}

// Keys returns the configured keys. With none configured and DevelopmentKey set it returns the key kept in the
// database, creating it on first use, so links minted by `portal link` keep working across restarts.
func Keys(ctx context.Context, s LinkSettings, db *database.DB) ([]Key, error) {
	if len(s.Keys) > 0 {
		return s.Keys, nil
	}
	if !s.DevelopmentKey || db == nil {
		return nil, ErrNoSigningKey
	}
	k, err := DevelopmentKey(ctx, db)
	if err != nil {
		return nil, err
	}
	return []Key{k}, nil
}

// OpenTokens builds Tokens from the settings, see Keys.
func OpenTokens(ctx context.Context, s LinkSettings, db *database.DB) (*Tokens, error) {
	keys, err := Keys(ctx, s, db)
	if err != nil {
		return nil, err
	}
	return NewTokens(TokenSettings{Issuer: s.Issuer, Audience: s.Audience, Keys: keys, Now: s.Now})
}

// DevelopmentKey returns the random 256-bit development key from signing_keys, creating it once
// (database.KeptSecret).
func DevelopmentKey(ctx context.Context, db *database.DB) (Key, error) {
	raw, err := database.KeptSecret(ctx, db, KeyPurpose, developmentKID)
	if errors.Is(err, database.ErrDamagedSecret) || (err == nil && len(raw) < MinSecretBytes) {
		return Key{}, errors.New("subscribers: the development key in signing_keys is damaged; delete its row to get a new one")
	}
	if err != nil {
		return Key{}, fmt.Errorf("subscribers: development key: %w", err)
	}
	return Key{ID: developmentKID, Secret: raw}, nil
}
