// Package maillink keeps the links in mails from changing anything when they are merely opened. Mail scanners,
// link previews and security gateways fetch every link of a mail with GET before (or without) the recipient
// clicking it, so a confirmation that happened on GET would confirm what nobody confirmed, and spend the link.
// A link's GET therefore only lands on the app page of the link, with the token in the URL's fragment (which
// is never sent to a server, so it stays out of logs and Referer headers); that page POSTs it back to the same
// address, and the POST answers which page shows the outcome.
package maillink

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/grocer-portal/portal/services/api/internal/apierror"
	"github.com/grocer-portal/portal/services/api/internal/formbody"
	"github.com/grocer-portal/portal/services/api/internal/identity"
)

// Outcome is the answer to a link's POST: the app page that shows what happened.
type Outcome struct {
	Next string `json:"next"`
}

// Land answers a link's GET: 303 to page with "#key=token", touching nothing. The link's lang (the mail's
// language) goes on to the page, which then speaks it; anything but a language tag is left behind.
func Land(c echo.Context, page, key, token string) error {
	noTrace(c)
	if lang := c.QueryParam("lang"); lang != "" && identity.IsLanguageTag(lang) {
		page += "?lang=" + url.QueryEscape(lang)
	}
	return c.Redirect(http.StatusSeeOther, page+"#"+key+"="+url.QueryEscape(strings.TrimSpace(token)))
}

// Token reads the token of a link's POST: the one parameter of the URL-encoded form its page sends
// (libs/identity confirmMailLink). The POST is the page's fetch, not a navigation that must land on a page, so
// what no page sends is refused by name, as the REST API refuses a form (formbody.Check): another body type with
// 415 naming Content-Type, the token given twice or not UTF-8 text without NUL with 400 naming it, and so the token
// missing or empty. The identity API's link POSTs answered all of these with 200 and the unknown link's page (QA
// bad-input round of 2026-11-29).
func Token(c echo.Context, name string) (string, error) {
	r := c.Request()
	if err := formbody.Check(r, echo.MIMEApplicationForm); err != nil {
		return "", err
	}
	token := r.PostFormValue(name)
	if strings.TrimSpace(token) == "" {
		return "", apierror.InvalidParameter(name, name+" is required.")
	}
	return token, nil
}

// Answer is the POST's answer: 200 with the page to show.
func Answer(c echo.Context, next string) error {
	noTrace(c)
	return c.JSON(http.StatusOK, Outcome{Next: next})
}

// noTrace keeps a token-bearing exchange out of caches and out of the next page's Referer.
func noTrace(c echo.Context) {
	c.Response().Header().Set(echo.HeaderCacheControl, "no-store")
	c.Response().Header().Set("Referrer-Policy", "no-referrer")
}
