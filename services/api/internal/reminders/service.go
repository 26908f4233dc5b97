package reminders

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/mail"
)

// MailKind is the kind of the verification e-mail.
const MailKind = "product-reminder-verification"

// ConfirmPath is the endpoint the verification link points to.
const ConfirmPath = "/rest/v1/productreminder/confirm"

// LinkVerifier checks the preference centre's link token and names the subscriber; subscribers.Tokens
// implements it. Its errors are passed on unchanged (subscribers.ErrInvalidToken for a bad token).
type LinkVerifier interface {
	Verify(ctx context.Context, token string) (identity.Email, error)
}

// SubscriptionKey is the identity provider's subscription of product reminders (spec 001 §3): the centre lists
// reminders only while it is on and its double opt-in confirmed (spec 001 §4).
const SubscriptionKey = "SVC_PRODUCT_REMINDER"

// Subscriptions records at the identity provider that an address confirmed a subscription through a double
// opt-in link of ours (a reminder's verification mail), creating a newsletter-only account when there is none;
// the embedded provider implements it.
type Subscriptions interface {
	SubscribeConfirmed(ctx context.Context, email identity.Email, key string) error
	// SubscribeConfirmedAt records a confirmation made at `at` (SubscribeEarlierConfirmations); a subscription
	// whose state was set after it is left as it is. It answers whether it turned the subscription on.
	SubscribeConfirmedAt(ctx context.Context, email identity.Email, key string, at time.Time) (bool, error)
}

// DisabledAccounts tells whether an operator disabled the account of an address (the embedded provider): such an
// account hands out no personal data and takes no new consent, so its link lists and deletes no reminders, the shop
// creates none for it and a verification link activates none (QA round of 2026-11-29: all four went on while the
// preference centre's link opened nothing).
type DisabledAccounts interface {
	IsDisabled(ctx context.Context, email identity.Email) (bool, error)
}

// Renderer renders e-mails; *mail.Templates implements it.
type Renderer interface {
	Render(kind, language, to string, data any) (mail.Message, error)
}

// Settings configure a Service.
type Settings struct {
	Store     Store
	Links     LinkVerifier
	Mail      mail.Sender
	Templates Renderer
	// Subscriptions is told of each confirmed reminder; nil where the identity provider runs the subscription's
	// double opt-in itself (SAP CDC).
	Subscriptions Subscriptions
	// Accounts names the disabled accounts; nil where the identity provider keeps that to itself (SAP CDC).
	Accounts DisabledAccounts
	// PublicURL is the service's external base address, e.g. https://portal.example.com; verification links
	// point there.
	PublicURL string
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Lock keeps a confirmation apart from the subscriber's unsubscribe from everything and from the confirmation
	// of another of their reminders; nil in tests of one request at a time.
	Lock identity.SubscriberLock
}

// Service is the product reminder feature.
type Service struct {
	store     Store
	links     LinkVerifier
	mail      mail.Sender
	templates Renderer
	subs      Subscriptions
	accounts  DisabledAccounts
	lock      identity.SubscriberLock
	publicURL string
	now       func() time.Time
}

// NewService returns the service.
func NewService(s Settings) *Service {
	now := s.Now
	if now == nil {
		now = time.Now
	}
	return &Service{store: s.Store, links: s.Links, mail: s.Mail, templates: s.Templates, subs: s.Subscriptions,
		accounts: s.Accounts, lock: s.Lock, publicURL: strings.TrimRight(s.PublicURL, "/"), now: now}
}

// subscriber names the subscriber of a link token; identity.ErrAccountDisabled for an account an operator disabled.
func (s *Service) subscriber(ctx context.Context, authToken string) (identity.Email, error) {
	email, err := s.links.Verify(ctx, authToken)
	if err != nil {
		return "", err
	}
	return email, s.refuseDisabled(ctx, email)
}

// refuseDisabled answers identity.ErrAccountDisabled for the address of a disabled account.
func (s *Service) refuseDisabled(ctx context.Context, email identity.Email) error {
	if s.accounts == nil {
		return nil
	}
	disabled, err := s.accounts.IsDisabled(ctx, email)
	if err != nil {
		return err
	}
	if disabled {
		return identity.ErrAccountDisabled
	}
	return nil
}

// Search lists the active reminders of the subscriber the link token names.
func (s *Service) Search(ctx context.Context, authToken string) ([]Reminder, error) {
	email, err := s.subscriber(ctx, authToken)
	if err != nil {
		return nil, err
	}
	return s.store.Active(ctx, email)
}

// AllOf lists the active reminders of an address and those still waiting for their verification link, for the
// account's data export (its owner's session proves the address, no link token).
func (s *Service) AllOf(ctx context.Context, email identity.Email) ([]Reminder, []PendingReminder, error) {
	active, err := s.store.Active(ctx, email)
	if err != nil {
		return nil, nil, err
	}
	pending, err := s.store.Pending(ctx, email)
	now := s.now()
	for i := range pending {
		pending[i].Expired = !now.Before(pending[i].ConfirmBy)
	}
	return active, pending, err
}

// SearchAll lists the subscriber's active reminders and those still waiting for their verification link.
func (s *Service) SearchAll(ctx context.Context, authToken string) ([]Reminder, []PendingReminder, error) {
	email, err := s.subscriber(ctx, authToken)
	if err != nil {
		return nil, nil, err
	}
	return s.AllOf(ctx, email)
}

// Delete deletes reminders of the subscriber the link token names, active or still pending: all of ids, or none
// with ErrNotOwned when any is not theirs.
func (s *Service) Delete(ctx context.Context, authToken string, ids []string) error {
	email, err := s.subscriber(ctx, authToken)
	if err != nil {
		return err
	}
	ids, err = ParseIDs(ids)
	if err != nil {
		return err
	}
	return s.store.DeleteOwn(ctx, email, ids)
}

// mailData is what the verification templates see.
type mailData struct {
	Product string
	Link    string
	Days    int
}

// MailInterval is the least time between two verification mails of one pending reminder: a create for an address
// and variant whose reminder is pending answers that reminder, and mails it again only when its mail is older.
// It is the password reset's frequency (one mail per 15 minutes), within the identity provider's limit of 5 mails
// an hour to an account (QA round of 2026-11-29: 20 identical creates sent 20 mails).
const MailInterval = 15 * time.Minute

// Created is what Create did.
type Created struct {
	Reminder
	// Status is the reminder's: pending, or active when the address already had the variant active.
	Status Status
	// New is true when this call created the reminder; else it is the address's existing one of the variant.
	New bool
	// Mailed is true when this call sent a verification mail.
	Mailed bool
}

// Create gives the address a pending reminder of the variant and sends its verification e-mail. One the address
// already has is answered instead: an active one as it is, a pending one as it is, mailed again (with a new link
// and a new 7-day window, the name and language of this call) only when its mail is older than MailInterval. If
// the mail cannot be sent, a new reminder is removed again and a rearmed one keeps its earlier link, so the shop
// can retry without leaving a reminder nobody can activate.
func (s *Service) Create(ctx context.Context, n NewReminder) (Created, error) {
	if err := s.refuseDisabled(ctx, n.Email); err != nil {
		return Created{}, err
	}
	// Twice at most: a create that finds no reminder and then loses the insert to another create of the same pair
	// answers the winner's.
	for attempt := 0; ; attempt++ {
		existing, err := s.store.ForVariant(ctx, n.Email, n.VariantID)
		switch {
		case errors.Is(err, ErrNoReminder):
			created, err := s.createPending(ctx, n)
			if errors.Is(err, ErrExists) && attempt == 0 {
				continue
			}
			return created, err
		case err != nil:
			return Created{}, err
		case existing.Status == StatusActive:
			return Created{Reminder: existing.Reminder, Status: StatusActive}, nil
		default:
			return s.remail(ctx, n, existing)
		}
	}
}

// createPending stores a new pending reminder and sends its mail; ErrExists when the pair has one.
func (s *Service) createPending(ctx context.Context, n NewReminder) (Created, error) {
	id, err := randomID()
	if err != nil {
		return Created{}, err
	}
	hash, msg, err := s.verificationMail(n)
	if err != nil {
		return Created{}, err
	}
	now := s.now().UTC()
	r := Record{
		Reminder:         Reminder{ID: id, VariantID: n.VariantID, VariantName: n.VariantName},
		Email:            n.Email,
		Language:         n.Language,
		Status:           StatusPending,
		ConfirmTokenHash: hash,
		ConfirmExpiresAt: now.Add(ConfirmationWindow),
		CreatedAt:        now,
	}
	if err := s.store.Insert(ctx, r); err != nil {
		return Created{}, err
	}
	msg.LinkExpiresAt = r.ConfirmExpiresAt // the outbox sends no mail whose link has ended
	if err := s.mail.Send(ctx, msg); err != nil {
		if delErr := s.store.Delete(ctx, id); delErr != nil {
			err = errors.Join(err, delErr)
		}
		return Created{}, fmt.Errorf("reminders: send verification mail: %w", err)
	}
	return Created{Reminder: r.Reminder, Status: StatusPending, New: true, Mailed: true}, nil
}

// remail answers the pending reminder the address has of the variant, mailing it again when its mail (sent as its
// window began) is older than MailInterval. Its earlier link then activates nothing: only the hash of the newest
// token is kept.
func (s *Service) remail(ctx context.Context, n NewReminder, existing Record) (Created, error) {
	answer := Created{Reminder: existing.Reminder, Status: StatusPending}
	now := s.now().UTC()
	if mailedAt := existing.ConfirmExpiresAt.Add(-ConfirmationWindow); now.Sub(mailedAt) < MailInterval {
		return answer, nil
	}
	hash, msg, err := s.verificationMail(n)
	if err != nil {
		return Created{}, err
	}
	r := existing
	r.VariantName, r.Language, r.ConfirmTokenHash, r.ConfirmExpiresAt = n.VariantName, n.Language, hash, now.Add(ConfirmationWindow)
	if rearmed, err := s.store.Rearm(ctx, existing.ID, existing.ConfirmTokenHash, r); err != nil || !rearmed {
		// Not rearmed: another create sends the mail (or a click confirmed it meanwhile).
		return answer, err
	}
	msg.LinkExpiresAt = r.ConfirmExpiresAt
	if err := s.mail.Send(ctx, msg); err != nil {
		if _, undoErr := s.store.Rearm(ctx, existing.ID, hash, existing); undoErr != nil {
			err = errors.Join(err, undoErr)
		}
		return Created{}, fmt.Errorf("reminders: send verification mail: %w", err)
	}
	return Created{Reminder: r.Reminder, Status: StatusPending, Mailed: true}, nil
}

// verificationMail makes a new verification token for n and the mail that carries its link; the token's hash is
// what the store keeps.
func (s *Service) verificationMail(n NewReminder) (hash string, msg mail.Message, err error) {
	token, hash, err := newConfirmToken()
	if err != nil {
		return "", mail.Message{}, err
	}
	// The link names the reminder's language with its country (fr_BE), so the page it opens speaks the mail's and is
	// the shopper's country's (a language the site has not is left to the page's own choice).
	msg, err = s.templates.Render(MailKind, n.Language, n.Email.String(), mailData{
		Product: n.VariantName.In(n.Language),
		Link:    mail.LinkInLanguage(s.publicURL+ConfirmPath+"?token="+url.QueryEscape(token), n.Language),
		Days:    int(ConfirmationWindow / (24 * time.Hour)),
	})
	return hash, msg, err
}

// Confirm activates the reminder of a verification token and turns the subscriber's product reminder
// subscription on, confirmed: the click is the double opt-in. ErrConfirmationExpired after 7 days;
// ErrConfirmationUnknown for an unknown, malformed or already used token.
func (s *Service) Confirm(ctx context.Context, token string) error {
	raw, err := base64.RawURLEncoding.DecodeString(token)
	if err != nil || len(raw) != confirmTokenBytes {
		return ErrConfirmationUnknown
	}
	hash, now := hashToken(token), s.now().UTC()
	email, err := s.store.ConfirmationOwner(ctx, hash, now)
	if err != nil {
		return err
	}
	return identity.Alone(ctx, s.lock, email, func(ctx context.Context) error {
		// Asked again alone: an unsubscribe from everything may have deleted the reminder meanwhile, and then
		// subscribing would bring the address back.
		if _, err := s.store.ConfirmationOwner(ctx, hash, now); err != nil {
			return err
		}
		// A disabled account takes no new consent: the link activates nothing, as one of no reminder.
		if err := s.refuseDisabled(ctx, email); errors.Is(err, identity.ErrAccountDisabled) {
			return ErrConfirmationUnknown
		} else if err != nil {
			return err
		}
		if s.subs != nil {
			// The subscription first: should the provider fail, the reminder stays pending and the link works again.
			if err := s.subs.SubscribeConfirmed(ctx, email, SubscriptionKey); err != nil {
				return fmt.Errorf("reminders: confirm the subscription: %w", err)
			}
		}
		return s.store.Confirm(ctx, hash, now)
	})
}

// SubscribeEarlierConfirmations turns the product reminder subscription on, confirmed, for every address with an
// active reminder: reminders confirmed under a release before 2026-11-28 (a1f166e) did not turn it on, and the
// centre lists reminders only with it (spec 001 §4; QA upgrade round of 2026-11-29: they were invisible after the
// upgrade). The double opt-in is dated at the address's latest confirmation, and a subscription the shopper set
// after it stays as it is, as it would had the confirmation turned it on then. Each address is done alone, as a
// confirmation is, and its reminders are read again there (an unsubscribe from everything meanwhile deleted them);
// a disabled account takes none, as its confirmation would not. It answers for how many addresses it turned the
// subscription on (it answered how many it looked at, which a new database's first start logged as an upgrade, QA
// operator round). Without Subscriptions (SAP CDC runs the double opt-in itself) it does nothing.
func (s *Service) SubscribeEarlierConfirmations(ctx context.Context) (int, error) {
	if s.subs == nil {
		return 0, nil
	}
	n := 0
	var after identity.Email
	for {
		emails, err := s.store.ActiveAddresses(ctx, after, 500)
		if err != nil || len(emails) == 0 {
			return n, err
		}
		for _, email := range emails {
			var changed bool
			if err := identity.Alone(ctx, s.lock, email, func(ctx context.Context) (err error) {
				changed, err = s.subscribeEarlier(ctx, email)
				return err
			}); err != nil {
				return n, err
			}
			if changed {
				n++
			}
		}
		after = emails[len(emails)-1]
	}
}

func (s *Service) subscribeEarlier(ctx context.Context, email identity.Email) (bool, error) {
	active, err := s.store.Active(ctx, email)
	if err != nil || len(active) == 0 {
		return false, err
	}
	if err := s.refuseDisabled(ctx, email); errors.Is(err, identity.ErrAccountDisabled) {
		return false, nil
	} else if err != nil {
		return false, err
	}
	var latest time.Time
	for _, r := range active {
		if r.ConfirmedAt.After(latest) {
			latest = r.ConfirmedAt
		}
	}
	if latest.IsZero() {
		return false, nil
	}
	changed, err := s.subs.SubscribeConfirmedAt(ctx, email, SubscriptionKey, latest)
	if err != nil {
		return false, fmt.Errorf("reminders: subscribe an earlier confirmation: %w", err)
	}
	return changed, nil
}

// ExpiredKept is how long a reminder whose verification window ended unconfirmed is kept: a late click on its
// link then says the link expired (the doi-expired page) rather than that it is unknown, and the centre names it
// among the reminders that were not activated.
const ExpiredKept = 30 * 24 * time.Hour

// SweepPending deletes pending reminders whose verification window ended more than ExpiredKept ago; the caller
// runs it periodically. It returns how many were deleted.
func (s *Service) SweepPending(ctx context.Context) (int64, error) {
	return s.store.DeleteExpiredPending(ctx, s.now().UTC().Add(-ExpiredKept))
}

// Seed is one reminder for SeedActive.
type Seed struct {
	VariantID   VariantID
	VariantName VariantName
}

// SeedActive gives email active reminders for the seeds whose variant it does not have yet (demo data;
// running it again adds nothing). It returns how many it created.
func (s *Service) SeedActive(ctx context.Context, email identity.Email, seeds []Seed) (int, error) {
	existing, err := s.store.Active(ctx, email)
	if err != nil {
		return 0, err
	}
	have := map[VariantID]bool{}
	for _, r := range existing {
		have[r.VariantID] = true
	}
	created := 0
	for i, seed := range seeds {
		if have[seed.VariantID] {
			continue
		}
		id, err := randomID()
		if err != nil {
			return created, err
		}
		// Spaced creation times keep the listing in the seeds' order.
		at := s.now().UTC().Add(time.Duration(i) * time.Millisecond)
		if err := s.store.Insert(ctx, Record{
			Reminder: Reminder{ID: id, VariantID: seed.VariantID, VariantName: seed.VariantName},
			Email:    email, Language: "de", Status: StatusActive, CreatedAt: at,
		}); err != nil {
			return created, err
		}
		have[seed.VariantID] = true
		created++
	}
	return created, nil
}

// confirmTokenBytes is the entropy of a verification token: 256 bits.
const confirmTokenBytes = 32

// newConfirmToken returns a random token for the link and the hash that is stored, so a copy of the
// database cannot activate reminders.
func newConfirmToken() (token, hash string, err error) {
	b := make([]byte, confirmTokenBytes)
	if _, err := rand.Read(b); err != nil {
		return "", "", fmt.Errorf("reminders: random: %w", err)
	}
	token = base64.RawURLEncoding.EncodeToString(b)
	return token, hashToken(token), nil
}

func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// randomID is a reminder id: 128 random bits, so ids cannot be guessed or enumerated.
func randomID() (string, error) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("reminders: random: %w", err)
	}
	return hex.EncodeToString(b), nil
}
