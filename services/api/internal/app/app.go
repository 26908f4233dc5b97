// Package app is the composition root: it builds every domain service from the configuration and the
// database, mounts them on one router, and runs the background jobs. `portal serve` and the handler tests use
// it alike, so tests exercise the wiring that runs in production.
package app

import (
	"context"
	"fmt"
	"io/fs"
	"slices"
	"time"

	"github.com/labstack/echo/v4"
	"go.uber.org/zap"

	"github.com/grocer-portal/portal/services/api/internal/audit"
	"github.com/grocer-portal/portal/services/api/internal/config"
	"github.com/grocer-portal/portal/services/api/internal/content"
	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/devclock"
	"github.com/grocer-portal/portal/services/api/internal/httpapi"
	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/identity/cdc"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded"
	"github.com/grocer-portal/portal/services/api/internal/identity/identityapi"
	"github.com/grocer-portal/portal/services/api/internal/identity/social"
	"github.com/grocer-portal/portal/services/api/internal/identity/social/devissuer"
	"github.com/grocer-portal/portal/services/api/internal/identity/socialapi"
	"github.com/grocer-portal/portal/services/api/internal/jobs"
	"github.com/grocer-portal/portal/services/api/internal/mail"
	"github.com/grocer-portal/portal/services/api/internal/metrics"
	"github.com/grocer-portal/portal/services/api/internal/qamode"
	"github.com/grocer-portal/portal/services/api/internal/region"
	"github.com/grocer-portal/portal/services/api/internal/reminders"
	"github.com/grocer-portal/portal/services/api/internal/sso"
	"github.com/grocer-portal/portal/services/api/internal/sso/demopartner"
	"github.com/grocer-portal/portal/services/api/internal/sso/ssosql"
	"github.com/grocer-portal/portal/services/api/internal/stores"
	"github.com/grocer-portal/portal/services/api/internal/stores/storesql"
	"github.com/grocer-portal/portal/services/api/internal/subscribers"
	"github.com/grocer-portal/portal/services/api/internal/throttle"
)

// App is the whole service: its router and the services behind it.
type App struct {
	Echo   *echo.Echo
	Config config.Config
	Outbox *mail.Outbox
	// Identity is the embedded provider; nil when the retailer's SAP Customer Data Cloud is the provider.
	Identity  *embedded.Provider
	Stores    *stores.Service
	Reminders *reminders.Service
	// Clock is the development clock (dev.clock.enabled, never in production); nil means wall-clock time.
	Clock *devclock.Clock
	// SSO is single sign-on: the partner registry and, with the embedded provider, the OpenID Connect provider.
	SSO *sso.Service
	// Audit is the audit log of security events; Throttle counts what the throttles limit.
	Audit    *audit.Log
	Throttle *throttle.Limiter
	db       *database.DB
	// withdrawals are the records a full unsubscribe leaves (UpgradeData reads them).
	withdrawals *subscribers.SQLWithdrawals
	ready       *readiness
	jobs        *jobs.Leases
	logger      *zap.Logger
}

// Options are what differs between a real start and a test.
type Options struct {
	// Apps holds the built web apps; nil means the ones embedded in the binary.
	Apps fs.FS
}

// New builds the service on a migrated database. cfg.HTTP.PublicURL must be set (serve derives it from the
// listener), because mails carry absolute links.
func New(ctx context.Context, cfg config.Config, logger *zap.Logger, db *database.DB, opts Options) (*App, error) {
	if cfg.HTTP.PublicURL == "" {
		return nil, fmt.Errorf("app: http.publicUrl is required to build links in mails")
	}
	if demoPartnerEnabled(cfg) {
		// The demonstration partner is a photo service: its visitors get the account shell's back button, as the
		// retailer's photo partner's do (spec 000 §2).
		cfg.Metadata.BackButtonReferrers = append(slices.Clone(cfg.Metadata.BackButtonReferrers), trimSlash(cfg.HTTP.PublicURL)+demopartner.Path+"/")
	}
	var relay mail.Relay
	if cfg.Mail.SMTP.URL != "" {
		smtp, err := mail.NewSMTPRelay(mail.SMTPSettings{URL: cfg.Mail.SMTP.URL, From: cfg.Mail.From, RequireTLS: cfg.SMTPRequiresTLS()})
		if err != nil {
			return nil, err
		}
		relay = smtp
	}
	outbox := mail.NewOutbox(db, relay).WithLogger(logger.Named("mail"))
	templates := mail.DefaultTemplates()

	a := &App{Config: cfg, Outbox: outbox, logger: logger, db: db, ready: &readiness{db: db, logger: logger}}
	var now func() time.Time // nil: each service uses time.Now
	if DevClockEnabled(cfg) {
		a.Clock = devclock.New()
		now = a.Clock.Now
		outbox.WithClock(now)
		logger.Warn("development clock enabled: POST " + devclock.Path + " moves the service's time forward")
	}
	a.Stores = stores.NewService(storesql.New(db))
	if err := a.Stores.Load(ctx); err != nil {
		return nil, fmt.Errorf("app: load stores: %w", err)
	}
	// Leases keep the wall clock even with the development clock: they coordinate processes in real time, and a
	// lease stamped a year ahead by a moved clock kept every later process, on the real clock, from sweeping (QA
	// operations round).
	a.Audit, a.Throttle, a.jobs = audit.New(db, now), throttle.New(db, now), jobs.New(db, nil)
	metrics.SetSources(metrics.Sources{DB: db.DB, OutboxBacklog: outbox.Backlog})
	// The CMS content is read once: the REST contract serves it, and mails name newsletters as it does.
	library, err := content.LoadWithDir(cfg.Content.Dir)
	if err != nil {
		return nil, err
	}
	// Withdrawal records name an address by a keyed hash, its key kept as the login throttle's is.
	withdrawalKey, err := database.KeptSecret(ctx, db, subscribers.WithdrawalKeyPurpose, "1")
	if err != nil {
		return nil, fmt.Errorf("app: withdrawal hash key: %w", err)
	}
	withdrawals := subscribers.NewSQLWithdrawals(db, withdrawalKey)
	a.withdrawals = withdrawals
	var backend identity.Backend
	var eraser subscribers.AccountEraser
	var sessions subscribers.SessionBinder // nil with SAP CDC, whose sessions are the vendor's
	// SAP CDC runs the double opt-in of the reminder subscription itself; the embedded provider is told.
	var reminderSubscriptions reminders.Subscriptions
	var disabledAccounts reminders.DisabledAccounts // nil with SAP CDC, which keeps its accounts' state to itself
	if cfg.Metadata.Identity.Provider == "cdc" {
		client, err := cdc.New(CDCSettings(cfg), nil, logger)
		if err != nil {
			return nil, err
		}
		// The contract's per-address limit of failed logins, as the embedded provider applies it.
		client.LimitAddresses(cdc.AddressLimit{Throttle: a.Throttle, Slowdown: AddressSlowdown(cfg), Window: cfg.Identity.Embedded.Lockout.Window})
		backend, eraser = client, client
	} else {
		throttleKey, err := database.KeptSecret(ctx, db, embedded.ThrottleKeyPurpose, "1")
		if err != nil {
			return nil, fmt.Errorf("app: login throttle key: %w", err)
		}
		// The account schema takes the content's tiles and must know its newsletters: what the centre shows is
		// what a shopper can save.
		settings, err := ContentSchema(EmbeddedSettings(cfg), cfg, library)
		if err != nil {
			return nil, err
		}
		provider, err := embedded.New(settings, embedded.Deps{
			ThrottleKey: throttleKey,
			Store:       embedded.NewSQLStore(db), Mail: outbox, Templates: templates, Logger: logger, Now: now,
			Stores: a.Stores,
			Audit:  a.Audit, Throttle: a.Throttle,
			StoreAreas:       region.Default(),
			EraseWithAccount: eraseWithAccount(withdrawals),
			EmailChangedWith: emailChangedWith,
			SubscriberJoined: mail.MoveAccount,
			RemindersOf: func(ctx context.Context, email identity.Email) ([]embedded.ExportedReminder, error) {
				return exportedReminders(ctx, a.Reminders, email)
			},
			PartnersOf: func(ctx context.Context, uid string) ([]embedded.ExportedPartner, error) {
				return exportedPartners(ctx, ssosql.New(db), uid)
			},
			SecurityEventsOf: a.Audit.OfAccount,
			CredentialsEnded: func(ctx context.Context, uid string) error {
				if a.SSO == nil {
					return nil
				}
				return a.SSO.EndTokensOf(ctx, uid)
			},
			NewsletterName: func(key, language string) string {
				return library.NewsletterName(cfg.Metadata.CMS.ID, language, key, cfg.Metadata.Locales)
			},
		})
		if err != nil {
			return nil, err
		}
		a.Identity, backend, eraser, sessions, reminderSubscriptions, disabledAccounts = provider, provider.Backend(), provider, provider, provider, provider
		if cfg.LoopbackMailExemption() {
			logger.Warn("mail and start limits: callers on a loopback address are exempt from the per-address limits " +
				"(identity.embedded.mailLimits.exemptLoopback, never in production)")
		}
	}
	var qa *qamode.Library
	if QAModeEnabled(cfg) {
		// The accounts live in the browser's fake: the backend answers what the fake understands.
		loaded, err := qamode.Load()
		if err != nil {
			return nil, err
		}
		qa = loaded
		backend = qamode.NewBackend(qa, now)
		logger.Warn("QA mode: the apps use the fake identity provider; scenarios at " + qamode.PanelPath)
	}

	tokens, err := SubscriberTokens(ctx, cfg, db, now)
	if err != nil {
		return nil, err
	}
	links := subscribers.NewLinks(tokens, withdrawals, sessions, backend)
	subscriberLock := jobs.SubscriberGuard{Leases: a.jobs}
	a.Reminders = reminders.NewService(reminders.Settings{
		Store: reminders.NewSQLStore(db), Links: links, Mail: outbox, Templates: templates, PublicURL: cfg.HTTP.PublicURL,
		Subscriptions: reminderSubscriptions, Accounts: disabledAccounts, Now: now, Lock: subscriberLock,
	})
	subscriberSettings := subscribers.Settings{Links: links, Accounts: backend, Eraser: eraser, Data: subscriberData{db, withdrawals},
		Now: now, Lock: subscriberLock}

	e, err := httpapi.New(httpapi.Deps{
		Config: cfg, Logger: logger, DB: a.ready, Apps: opts.Apps, Content: library,
		Services: httpapi.Services{
			Identity:    backend,
			Stores:      a.Stores,
			Subscribers: subscribers.NewService(subscriberSettings),
			Reminders:   a.Reminders,
		},
	})
	if err != nil {
		return nil, err
	}
	a.Echo = e
	if a.Clock != nil {
		// Moving the clock lets the sweep see what expired meanwhile, as the periodic job would have.
		devclock.Mount(e, a.Clock, a.Sweep)
	}
	if a.Identity != nil {
		if err := a.mountEmbeddedIdentity(cfg, logger); err != nil {
			return nil, err
		}
	}
	if qa != nil {
		consent, _ := a.Identity.GetSiteConsentDetails().Fields["siteConsentDetails"].(map[string]any)
		if err := qamode.Mount(ctx, e, qamode.Deps{
			Library: qa, Schema: a.Identity.GetSchema().Fields, Policies: a.Identity.GetPolicies("").Fields, Consent: consent,
			Links: tokens, LinkLifetime: cfg.Subscribers.Link.Lifetime, Reminders: a.Reminders,
			Production: cfg.Env == config.EnvProduction,
		}); err != nil {
			return nil, err
		}
	}
	if err := a.mountSSO(ctx, cfg, db); err != nil {
		return nil, err
	}
	return a, nil
}

// mountEmbeddedIdentity serves the provider's accounts.* API, its links, social login and, outside
// production, the development identity issuer and the outbox viewer.
func (a *App) mountEmbeddedIdentity(cfg config.Config, logger *zap.Logger) error {
	production := cfg.Env == config.EnvProduction
	if err := identityapi.Mount(a.Echo, a.Identity, identityapi.Options{
		Production: production, TrustedOrigins: httpapi.TrustedOrigins(cfg), Outbox: a.Outbox, Logger: logger,
		CookieName: cfg.Identity.Embedded.Session.CookieName,
	}); err != nil {
		return fmt.Errorf("identity API: %w", err)
	}
	if cfg.DevIssuerEnabled() {
		if _, err := devissuer.Mount(a.Echo, cfg.HTTP.PublicURL, logger); err != nil {
			return err
		}
	}
	socialLogins, err := social.New(social.Deps{Settings: SocialSettings(cfg), Logger: logger})
	if err != nil {
		return err
	}
	accounts := socialapi.EmbeddedAccounts{Provider: a.Identity, CookieName: cfg.Identity.Embedded.Session.CookieName}
	if err := socialapi.Mount(a.Echo, socialLogins, accounts); err != nil {
		return err
	}
	a.Identity.SetSocialLogins(social.EmbeddedStarter{Service: socialLogins})
	return nil
}

// Run does the background work until ctx ends: delivering mail when a relay is configured, and the sweep
// (jobs.sweepInterval): unverified registrations after 14 days, spent tokens and sessions, unconfirmed
// reminders after 7 days, throttle counts, old audit entries and outbox mails; once, the data of an older release
// that a migration cannot change (UpgradeData). Every replica runs Run; mail delivery claims each mail for one
// replica, and one replica per round holds the sweep's lease.
func (a *App) Run(ctx context.Context) {
	// Run returns once the delivery has finished the mail it was handing over (Outbox.DeliverPending).
	delivery := make(chan struct{})
	go func() {
		defer close(delivery)
		var failing outage
		a.Outbox.RunDelivery(ctx, a.Config.Jobs.MailInterval, func(err error) {
			failing.report(a.logger, err, "mail delivery stopped: the outbox in the database cannot be read or written", "mail delivery resumed: the outbox answers again")
		})
	}()
	defer func() { <-delivery }()
	// The data of an older release, changed once (UpgradeData), beside the service's work.
	upgraded := make(chan struct{})
	go func() {
		defer close(upgraded)
		a.upgradeOnce(ctx)
	}()
	defer func() { <-upgraded }()
	ticker := time.NewTicker(a.Config.Jobs.SweepInterval)
	defer ticker.Stop()
	for {
		a.sweepOnce(ctx)
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
		}
	}
}

// sweepJob names the sweep's lease.
const sweepJob = "sweep"

// sweepOnce runs the sweep when this replica gets the round's lease; the lease lasts a little less than the
// interval, so the next round is open to every replica again.
func (a *App) sweepOnce(ctx context.Context) {
	ran, err := a.jobs.RunOnce(ctx, sweepJob, a.Config.Jobs.SweepInterval*9/10, func(ctx context.Context) { a.Sweep(ctx) })
	if err != nil && ctx.Err() == nil {
		a.logger.Warn("sweep lease", zap.Error(err))
	} else if ran {
		a.logger.Debug("sweep ran")
	}
}

// Sweep removes what has expired, once.
func (a *App) Sweep(ctx context.Context) {
	now := a.now()
	if a.Identity != nil {
		if m, err := a.Identity.Maintain(ctx, now); err != nil {
			a.logger.Warn("identity maintenance", zap.Error(err))
		} else if m != (embedded.Maintenance{}) {
			a.logger.Info("removed expired identity records", zap.Int("unverified_registrations", m.Unverified),
				zap.Int64("sessions", m.Sessions), zap.Int64("tokens", m.Tokens), zap.Int64("lockout_records", m.Throttling))
		}
	}
	if err := a.SSO.Maintain(ctx); err != nil {
		a.logger.Warn("single sign-on maintenance", zap.Error(err))
	}
	if n, err := a.Reminders.SweepPending(ctx); err != nil {
		a.logger.Warn("sweep unconfirmed reminders", zap.Error(err))
	} else if n > 0 {
		a.logger.Info("removed unconfirmed reminders", zap.Int64("count", n))
	}
	// Throttle windows are an hour at most (mail limits; the login window is 15 minutes).
	if err := a.Throttle.Purge(ctx, now.Add(-24*time.Hour)); err != nil {
		a.logger.Warn("purge throttle counts", zap.Error(err))
	}
	if n, err := a.Audit.Purge(ctx, now.Add(-a.Config.Audit.Retention)); err != nil {
		a.logger.Warn("purge audit log", zap.Error(err))
	} else if n > 0 {
		a.logger.Info("removed old audit entries", zap.Int64("count", n))
	}
	if n, err := a.Outbox.Prune(ctx, now.Add(-a.Config.Mail.Retention)); err != nil {
		a.logger.Warn("prune outbox", zap.Error(err))
	} else if n > 0 {
		a.logger.Info("removed old mails from the outbox", zap.Int64("count", n))
	}
}

// now is the service's time: the development clock when enabled, else wall-clock time.
func (a *App) now() time.Time {
	if a.Clock != nil {
		return a.Clock.Now()
	}
	return time.Now()
}

// eraseWithAccount is what a shopper's deletion of the account erases beyond the identity provider's tables, in
// the same transaction: single sign-on consents, partners' tokens and login requests, and what a full unsubscribe
// erases (eraseSubscriberData: the product reminders, every mail of its address), with every mail sent for the
// account to an address it had before (QA round of 2026-11-29: a confirmed e-mail change left them); what the
// account had subscribed leaves the withdrawal record a full unsubscribe leaves (an address hash, GDPR Art. 7(1)
// and 17(3)(e)), which also refuses the account's older e-mail links.
func eraseWithAccount(withdrawals *subscribers.SQLWithdrawals) func(ctx context.Context, tx database.Tx, acc embedded.ErasedAccount) error {
	return func(ctx context.Context, tx database.Tx, acc embedded.ErasedAccount) error {
		if err := ssosql.EraseAccount(ctx, tx, acc.UID); err != nil {
			return err
		}
		w, err := eraseSubscriberData(ctx, tx, withdrawals, acc.Email, acc.Subscriptions, acc.At, true, acc.UID)
		if err != nil || (len(w.Subscriptions) == 0 && w.Reminders == 0) {
			return err
		}
		return subscribers.RecordWithdrawal(ctx, tx, w)
	}
}

// subscriptionMails are the kinds of mail a full unsubscribe erases when the account stays (one the shopper also
// logs in with): those of the subscriptions it ends. The account's own mails (a reset on its way) stay with it.
var subscriptionMails = []string{embedded.MailSubscriptionConfirmation, reminders.MailKind}

// eraseSubscriberData erases, within tx, what the service keeps of a subscriber's address beyond the identity
// provider, for a full unsubscribe and an account's deletion alike: the product reminders, and the address's mails,
// all of them when the account is gone (accountGone), else those of the subscriptions. It answers the withdrawal to
// record.
func eraseSubscriberData(ctx context.Context, tx database.Tx, withdrawals *subscribers.SQLWithdrawals, email identity.Email, subscriptions []string, at time.Time,
	accountGone bool, uid string) (subscribers.Withdrawal, error) {
	deleted, err := reminders.EraseAllOf(ctx, tx, email)
	if err != nil {
		return subscribers.Withdrawal{}, err
	}
	var kinds []string
	if !accountGone {
		kinds = subscriptionMails
	}
	if _, err := mail.EraseRecipient(ctx, tx, email.String(), kinds...); err != nil {
		return subscribers.Withdrawal{}, err
	}
	// And those of the account at a former address (QA: a full unsubscribe after an e-mail change left them).
	if _, err := mail.EraseAccount(ctx, tx, uid, kinds...); err != nil {
		return subscribers.Withdrawal{}, err
	}
	return subscribers.Withdrawal{EmailHash: withdrawals.HashEmail(email), Subscriptions: subscriptions, Reminders: int(deleted), At: at.UTC()}, nil
}

// subscriberData is the full unsubscribe's erasure beyond the identity provider (subscribers.DataEraser).
type subscriberData struct {
	db          *database.DB
	withdrawals *subscribers.SQLWithdrawals
}

func (d subscriberData) EraseSubscriberData(ctx context.Context, email identity.Email, erased identity.ErasedSubscriber,
	at time.Time) (subscribers.Withdrawal, error) {
	var w subscribers.Withdrawal
	err := d.db.InTx(ctx, func(tx database.Tx) error {
		var err error
		if w, err = eraseSubscriberData(ctx, tx, d.withdrawals, email, erased.Subscriptions, at, erased.AccountDeleted, erased.UID); err != nil {
			return err
		}
		return subscribers.RecordWithdrawal(ctx, tx, w)
	})
	return w, err
}

// emailChangedWith moves, in the transaction that confirms an account's e-mail change, its product reminders to
// the new address, and gives the former address's mails that name no account (a reminder's, older ones) the
// account's uid, so that its deletion erases them (QA round of 2026-11-29).
func emailChangedWith(ctx context.Context, tx database.Tx, uid string, from, to identity.Email) error {
	if err := reminders.MoveAll(ctx, tx, from, to); err != nil {
		return err
	}
	return mail.ClaimForAccount(ctx, tx, uid, from.String())
}

// exportedReminders are the reminders of an address as the account's data export lists them.
func exportedReminders(ctx context.Context, r *reminders.Service, email identity.Email) ([]embedded.ExportedReminder, error) {
	active, pending, err := r.AllOf(ctx, email)
	if err != nil {
		return nil, err
	}
	out := make([]embedded.ExportedReminder, 0, len(active)+len(pending))
	for _, x := range active {
		out = append(out, exportedReminder(x, "active"))
	}
	for _, x := range pending {
		out = append(out, exportedReminder(x.Reminder, "pending"))
	}
	return out, nil
}

// exportedPartners are the partners the account signed in to as its data export lists them.
func exportedPartners(ctx context.Context, store *ssosql.Store, uid string) ([]embedded.ExportedPartner, error) {
	signIns, err := store.PartnersOf(ctx, uid)
	if err != nil {
		return nil, err
	}
	out := make([]embedded.ExportedPartner, 0, len(signIns))
	for _, p := range signIns {
		out = append(out, embedded.ExportedPartner{ID: p.ClientID, Name: p.Name, FirstSignIn: embedded.ISOTime(p.First), LastSignIn: embedded.ISOTime(p.Last)})
	}
	return out, nil
}

func exportedReminder(x reminders.Reminder, status string) embedded.ExportedReminder {
	r := embedded.ExportedReminder{ID: x.ID, VariantID: string(x.VariantID), VariantName: x.VariantName, Status: status,
		Language: x.Language, CreatedAt: embedded.ISOTime(x.CreatedAt)}
	if !x.ConfirmedAt.IsZero() {
		r.ConfirmedAt = embedded.ISOTime(x.ConfirmedAt)
	}
	return r
}
