package embedded

import "context"

// StartSession opens a session for the account as a login found it (completeLogin's step), so a test can open one
// for credentials that changed after the login checked them.
func (p *Provider) StartSession(ctx context.Context, a Account) (*NewSession, error) {
	return p.startSession(ctx, a, "")
}
