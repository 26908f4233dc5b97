package embedded

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// Synthetic accounts for measuring the service at scale (`portal seed-scale`): registered, verified accounts that
// satisfy the configured schema, so a login and getAccountInfo take the same path as for a real shopper.

// HashPassword returns the argon2id hash of password with the provider's parameters. Seeding a million accounts
// hashes once and gives every account this hash: each hash costs ~30 ms of a core by design.
func (p *Provider) HashPassword(ctx context.Context, password string) (string, error) {
	return p.hasher.Hash(ctx, "", password)
}

// SyntheticAccount is a registered, verified account for email with passwordHash: the required profile fields
// filled with placeholder values of their type, the mandatory consents granted at their current version.
func (p *Provider) SyntheticAccount(email, passwordHash string, now time.Time) Account {
	a := Account{
		UID: newUID(), Email: strings.ToLower(email), PasswordHash: passwordHash,
		Profile: map[string]any{"email": strings.ToLower(email)}, Data: map[string]any{}, Preferences: map[string]any{},
		Subscriptions: map[string]any{}, IsRegistered: true, IsVerified: true, Origin: OriginSite, RegSource: "seed-scale",
		Lang: "de", CreatedAt: now, RegisteredAt: now, VerifiedAt: now, UpdatedAt: now, Version: 1,
	}
	for _, name := range p.schema.order {
		f := p.schema.fields[name]
		if !f.Required || name == "profile.email" {
			continue
		}
		var v any = "Muster"
		switch f.Type {
		case "long":
			v = float64(max(f.Min, 1))
		case "boolean":
			v = true
		}
		switch {
		case strings.HasPrefix(name, "profile."):
			setPath(a.Profile, strings.TrimPrefix(name, "profile."), v)
		case strings.HasPrefix(name, "data."):
			setPath(a.Data, strings.TrimPrefix(name, "data."), v)
		}
	}
	for _, id := range p.schema.conOrder {
		con := p.schema.consents[id]
		if !con.IsActive || !con.IsMandatory {
			continue
		}
		setPath(a.Preferences, id, map[string]any{
			"isConsentGranted": true, "docVersion": con.statement(a.Lang).CurrentDocVersion,
			"lastConsentModified": isoTime(now), "lang": a.Lang,
		})
	}
	return a
}

// accountInsertBatch rows go into one INSERT: 19 values each stays far below SQLite's and PostgreSQL's limits on
// bound parameters.
const accountInsertBatch = 500

// InsertAccounts adds accounts in one transaction with multi-row INSERTs; an account whose e-mail exists is left
// as it is, so seeding again adds only what is missing. It reports how many were new.
func (s *SQLStore) InsertAccounts(ctx context.Context, accounts []Account) (int64, error) {
	var added int64
	err := s.inTx(ctx, func(tx querier) error {
		for start := 0; start < len(accounts); start += accountInsertBatch {
			batch := accounts[start:min(start+accountInsertBatch, len(accounts))]
			var q strings.Builder
			q.WriteString(`INSERT INTO identity_accounts (` + accountColumns + `) VALUES `)
			args := make([]any, 0, len(batch)*18)
			for i, a := range batch {
				if i > 0 {
					q.WriteString(", ")
				}
				q.WriteString("(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)")
				d, err := s.docs(a)
				if err != nil {
					return err
				}
				args = append(args, a.UID, a.Email, a.PasswordHash, d[0], d[1], d[2], d[3], a.IsRegistered, a.IsVerified,
					a.Disabled, a.Origin, a.RegSource, a.Lang, ms(a.CreatedAt), nullMS(a.RegisteredAt), nullMS(a.VerifiedAt),
					nullMS(a.LastLoginAt), ms(a.UpdatedAt))
			}
			q.WriteString(` ON CONFLICT (email) DO NOTHING`)
			res, err := tx.ExecContext(ctx, s.db.Rebind(q.String()), args...)
			if err != nil {
				return fmt.Errorf("identity: insert accounts: %w", err)
			}
			n, err := res.RowsAffected()
			if err != nil {
				return err
			}
			added += n
		}
		return nil
	})
	return added, err
}
