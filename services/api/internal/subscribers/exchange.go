package subscribers

import (
	"context"
	"errors"
	"fmt"

	"github.com/grocer-portal/portal/services/api/internal/identity"
)

// LinkVerifier checks a link token and names the subscriber; *Tokens implements it.
type LinkVerifier interface {
	Verify(ctx context.Context, token string) (identity.Email, error)
}

// RegTokenIssuer is the part of identity.Backend the exchange needs.
type RegTokenIssuer interface {
	SubscriberRegToken(ctx context.Context, email identity.Email) (identity.RegToken, error)
}

// Service exchanges link tokens for registration tokens.
type Service struct {
	links    LinkVerifier
	accounts RegTokenIssuer
}

// NewService returns the exchange on links and accounts.
func NewService(links LinkVerifier, accounts RegTokenIssuer) *Service {
	return &Service{links: links, accounts: accounts}
}

// Exchange verifies a link token and returns a registration token (valid one hour) for the subscriber's
// account, which the provider creates as a lite account when there is none. Errors: ErrInvalidToken;
// identity.ErrUnavailable (wrapped) when the provider cannot answer.
func (s *Service) Exchange(ctx context.Context, token string) (identity.RegToken, error) {
	email, err := s.links.Verify(ctx, token)
	if err != nil {
		return identity.RegToken{}, err
	}
	rt, err := s.accounts.SubscriberRegToken(ctx, email)
	switch {
	case errors.Is(err, identity.ErrAccountNotFound):
		// Lite accounts are created on demand, so this means the provider refused the address.
		return identity.RegToken{}, fmt.Errorf("%w: %w", ErrInvalidToken, err)
	case err != nil:
		return identity.RegToken{}, fmt.Errorf("subscribers: registration token: %w", err)
	}
	return rt, nil
}
