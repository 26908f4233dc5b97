package qamode

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/reminders"
)

// Paths of QA mode. ScenarioPath is where the apps' fake loads its state (libs/identity create-identity-provider).
const (
	ScenarioPath = "/identity-scenario.json"
	PanelPath    = "/dev/qa"
	OpenPath     = "/dev/qa/open"
	stylePath    = "/dev/qa/panel.css"
)

// Cookies that carry the tester's choice from the panel to the scenario file.
const (
	scenarioCookie = "portal_qa_scenario"
	forcedCookie   = "portal_qa_force"
)

// maxForced bounds the forced answers of one page load (and so the cookie's size).
const maxForced = 8

// LinkMinter makes preference centre link tokens; *subscribers.Tokens.
type LinkMinter interface {
	Mint(email identity.Email, lifetime time.Duration) (string, time.Time, error)
}

// ReminderSeeder gives a subscriber active product reminders, idempotently; *reminders.Service.
type ReminderSeeder interface {
	SeedActive(ctx context.Context, email identity.Email, seeds []reminders.Seed) (int, error)
}

// Deps are what QA mode needs from the service.
type Deps struct {
	Library *Library
	// Schema, Policies and Consent are the service's own answers (accounts.getSchema, getPolicies,
	// getSiteConsentDetails' siteConsentDetails), so the fake checks what the real provider checks; a scenario
	// that names its own wins.
	Schema, Policies, Consent map[string]any
	Links                     LinkMinter
	LinkLifetime              time.Duration
	Reminders                 ReminderSeeder
	// Production refuses QA mode whatever else is configured.
	Production bool
}

// Mount serves the scenario file, the panel and its open link, after giving the scenarios' subscribers their
// product reminders. It refuses to run in production.
func Mount(ctx context.Context, e *echo.Echo, d Deps) error {
	if d.Production {
		return errors.New("qamode: QA mode (metadata.identity.provider \"fake\") is refused in production")
	}
	if d.Library == nil || d.Links == nil || d.Reminders == nil {
		return errors.New("qamode: library, links and reminders are required")
	}
	for _, name := range d.Library.Names() {
		sc, _ := d.Library.Scenario(name)
		for _, a := range sc.Accounts {
			if len(a.ProductReminders) == 0 {
				continue
			}
			seeds := make([]reminders.Seed, 0, len(a.ProductReminders))
			for _, r := range a.ProductReminders {
				id, _ := reminders.ParseVariantID(r.VariantID) // checked by Load
				names, _ := reminders.ParseVariantName(r.VariantName)
				seeds = append(seeds, reminders.Seed{VariantID: id, VariantName: names})
			}
			if _, err := d.Reminders.SeedActive(ctx, identity.Email(strings.ToLower(a.Email)), seeds); err != nil {
				return fmt.Errorf("qamode: reminders of %s: %w", a.Email, err)
			}
		}
	}
	h := &handlers{d: d}
	e.GET(ScenarioPath, h.scenario)
	e.GET(PanelPath, h.panel)
	e.GET(OpenPath, h.open)
	e.GET(stylePath, func(c echo.Context) error {
		css, _ := files.ReadFile("panel.css")
		return c.Blob(http.StatusOK, "text/css; charset=utf-8", css)
	})
	return nil
}

type handlers struct{ d Deps }

// scenario answers the chosen scenario with the service's configuration and the forced answers, which it
// consumes: they are for the next page load only.
func (h *handlers) scenario(c echo.Context) error {
	c.Response().Header().Set(echo.HeaderCacheControl, "no-store")
	name := DefaultScenario
	if ck, err := c.Cookie(scenarioCookie); err == nil {
		if _, found := h.d.Library.Scenario(ck.Value); found {
			name = ck.Value
		}
	}
	sc, _ := h.d.Library.Scenario(name)
	doc := make(map[string]any, len(sc.document)+5)
	for k, v := range sc.document {
		doc[k] = v
	}
	for key, value := range map[string]map[string]any{"schema": h.d.Schema, "policies": h.d.Policies, "consent": h.d.Consent} {
		if _, own := doc[key]; !own && value != nil {
			doc[key] = value
		}
	}
	doc["serviceSubscriberTokens"] = true
	if ck, err := c.Cookie(forcedCookie); err == nil {
		if forced, err := decodeForced(ck.Value); err == nil {
			doc["forcedAnswers"] = forced
		}
		c.SetCookie(&http.Cookie{Name: forcedCookie, Value: "", Path: "/", MaxAge: -1, HttpOnly: true, SameSite: http.SameSiteLaxMode})
	}
	return c.JSON(http.StatusOK, doc)
}

// open remembers the tester's choice (scenario, forced answers) and goes on to the target page.
func (h *handlers) open(c echo.Context) error {
	q := c.QueryParams()
	name := strings.TrimSpace(q.Get("scenario"))
	if name == "" {
		name = DefaultScenario
	}
	if _, found := h.d.Library.Scenario(name); !found {
		return c.String(http.StatusBadRequest, fmt.Sprintf("scenario: %q is not one of %s\n", name, strings.Join(h.d.Library.Names(), ", ")))
	}
	var forced []ForcedAnswer
	for _, spec := range q["force"] {
		if strings.TrimSpace(spec) == "" {
			continue
		}
		f, err := h.d.Library.ParseForced(spec)
		if err != nil {
			return c.String(http.StatusBadRequest, "force: "+err.Error()+"\n")
		}
		forced = append(forced, f)
	}
	if len(forced) > maxForced {
		return c.String(http.StatusBadRequest, fmt.Sprintf("force: at most %d answers at once\n", maxForced))
	}
	target := q.Get("target")
	if target == "" {
		target = "/login"
	}
	if !sameSitePath(target) {
		return c.String(http.StatusBadRequest, "target: a path on this site, such as /login\n")
	}
	c.SetCookie(&http.Cookie{Name: scenarioCookie, Value: name, Path: "/", HttpOnly: true, SameSite: http.SameSiteLaxMode})
	if len(forced) > 0 {
		c.SetCookie(&http.Cookie{Name: forcedCookie, Value: encodeForced(forced), Path: "/", HttpOnly: true, SameSite: http.SameSiteLaxMode})
	} else {
		c.SetCookie(&http.Cookie{Name: forcedCookie, Value: "", Path: "/", MaxAge: -1, HttpOnly: true, SameSite: http.SameSiteLaxMode})
	}
	c.Response().Header().Set(echo.HeaderCacheControl, "no-store")
	return c.Redirect(http.StatusSeeOther, target)
}

var panelPage = template.Must(template.ParseFS(files, "panel.html.tmpl"))

type panelAccount struct {
	Account
	// PreferenceCentre opens the subscriber's preference centre (lite accounts).
	PreferenceCentre string
}

type panelScenario struct {
	Name, Description string
	Accounts          []panelAccount
}

type panelTarget struct{ Label, Path string }

// panel lists the scenarios with their accounts and a form that opens a page with a scenario and forced answers.
func (h *handlers) panel(c echo.Context) error {
	data := struct {
		Scenarios []panelScenario
		Presets   []ForcedAnswer
		Targets   []panelTarget
		Methods   []string
	}{Presets: h.d.Library.Presets(), Methods: Methods}
	data.Targets = []panelTarget{{"Account portal: login", "/login"}, {"Account portal: registration", "/registration"}, {"Account portal: account page", "/"}}
	for _, name := range h.d.Library.Names() {
		sc, _ := h.d.Library.Scenario(name)
		ps := panelScenario{Name: sc.Name, Description: sc.Description}
		for _, a := range sc.Accounts {
			pa := panelAccount{Account: a}
			if a.Lite {
				token, _, err := h.d.Links.Mint(identity.Email(strings.ToLower(a.Email)), h.d.LinkLifetime)
				if err != nil {
					return err
				}
				pa.PreferenceCentre = "/preferences/token/" + url.PathEscape(token)
				data.Targets = append(data.Targets, panelTarget{"Preference centre: " + a.Email, pa.PreferenceCentre})
			}
			ps.Accounts = append(ps.Accounts, pa)
		}
		data.Scenarios = append(data.Scenarios, ps)
	}
	c.Response().Header().Set(echo.HeaderCacheControl, "no-store")
	c.Response().Header().Set(echo.HeaderContentType, echo.MIMETextHTMLCharsetUTF8)
	c.Response().WriteHeader(http.StatusOK)
	return panelPage.Execute(c.Response(), data)
}

func encodeForced(forced []ForcedAnswer) string {
	raw, _ := json.Marshal(forced)
	return base64.RawURLEncoding.EncodeToString(raw)
}

func decodeForced(value string) ([]ForcedAnswer, error) {
	raw, err := base64.RawURLEncoding.DecodeString(value)
	if err != nil {
		return nil, err
	}
	var forced []ForcedAnswer
	if err := json.Unmarshal(raw, &forced); err != nil {
		return nil, err
	}
	for _, f := range forced {
		if err := f.check(); err != nil {
			return nil, err
		}
	}
	return forced, nil
}

// sameSitePath accepts a path on this site, never another host (`//evil.example`, `/\evil.example`) or a scheme.
func sameSitePath(p string) bool {
	return strings.HasPrefix(p, "/") && !strings.HasPrefix(p, "//") && !strings.HasPrefix(p, "/\\")
}
