package httpapi

import (
	"bytes"
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"

	"github.com/labstack/echo/v4"
	"go.uber.org/zap"

	"github.com/grocer-portal/portal/services/api/internal/apierror"
	"github.com/grocer-portal/portal/services/api/internal/httpapi/restapi"
	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
	"github.com/grocer-portal/portal/services/api/internal/jsonbody"
	"github.com/grocer-portal/portal/services/api/internal/maillink"
	"github.com/grocer-portal/portal/services/api/internal/reminders"
	"github.com/grocer-portal/portal/services/api/internal/subscribers"
)

// reminderService is what the handlers need from *reminders.Service.
type reminderService interface {
	SearchAll(ctx context.Context, authToken string) ([]reminders.Reminder, []reminders.PendingReminder, error)
	Delete(ctx context.Context, authToken string, ids []string) error
	Create(ctx context.Context, n reminders.NewReminder) (reminders.Created, error)
	Confirm(ctx context.Context, token string) error
}

// reminderHandlers serve product reminders: search and delete for the preference centre (authenticated by
// the link token), create for the shop (authenticated by an API key), confirm for the verification mail.
type reminderHandlers struct {
	reminders reminderService
	// shopKeys are the SHA-256 digests of the accepted X-Api-Key values; comparing digests keeps the
	// comparison constant-time whatever the lengths.
	shopKeys [][sha256.Size]byte
	logger   *zap.Logger
}

var _ reminderEndpoints = (*reminderHandlers)(nil)

func newReminderHandlers(svc reminderService, shopAPIKeys []string, logger *zap.Logger) *reminderHandlers {
	h := &reminderHandlers{reminders: svc, logger: logger}
	for _, k := range shopAPIKeys {
		if k != "" {
			h.shopKeys = append(h.shopKeys, sha256.Sum256([]byte(k)))
		}
	}
	return h
}

// Where the verification link sends the browser (spec 001 §2, §8).
var (
	reminderConfirmedPath = contract.PagePreferencesDoubleOptInDone
	reminderExpiredPath   = contract.PagePreferencesReminderLinkExpired
	reminderUnknownPath   = contract.PagePreferencesReminderLinkUnknown
	reminderFailedPath    = contract.PagePreferencesReminderLinkFailed
)

// shopAPIKeyHeader carries the shop's key.
const shopAPIKeyHeader = "X-Api-Key"

// SearchProductReminders answers {"authToken"} with the subscriber's active reminders, and those not activated
// yet under notActivated.
func (h *reminderHandlers) SearchProductReminders(c echo.Context) error {
	var req restapi.ProductReminderSearchRequest
	if err := decodeJSONBody(c, &req); err != nil {
		return err
	}
	if req.AuthToken == "" {
		return apierror.InvalidParameter("authToken", "authToken is required.")
	}
	list, pending, err := h.reminders.SearchAll(c.Request().Context(), req.AuthToken)
	if err != nil {
		return reminderError(err)
	}
	notActivated := make([]restapi.PendingProductReminder, 0, len(pending))
	out := restapi.ProductReminderList{ProductReminders: make([]restapi.ProductReminder, 0, len(list)), NotActivated: &notActivated}
	for _, r := range list {
		out.ProductReminders = append(out.ProductReminders, restapi.ProductReminder{
			ReminderId: r.ID, VariantId: string(r.VariantID), VariantName: r.VariantName,
		})
	}
	for _, r := range pending {
		notActivated = append(notActivated, restapi.PendingProductReminder{
			ReminderId: r.ID, VariantId: string(r.VariantID), VariantName: r.VariantName, ConfirmBy: r.ConfirmBy.UTC(), Expired: r.Expired,
		})
	}
	c.Response().Header().Set(echo.HeaderCacheControl, "no-store")
	return c.JSON(http.StatusOK, out)
}

// DeleteProductReminders deletes the listed reminders of the subscriber, all or none: 204, or 403 when an
// id is not theirs, 400 for an empty list.
func (h *reminderHandlers) DeleteProductReminders(c echo.Context) error {
	var req restapi.ProductReminderDeleteRequest
	if err := decodeJSONBody(c, &req); err != nil {
		return err
	}
	if req.AuthToken == "" {
		return apierror.InvalidParameter("authToken", "authToken is required.")
	}
	if err := h.reminders.Delete(c.Request().Context(), req.AuthToken, req.ProductReminderIds); err != nil {
		return reminderError(err)
	}
	return c.NoContent(http.StatusNoContent)
}

// CreateProductReminder lets the shop create a pending reminder and sends its verification mail: 201. A reminder
// the address already has of the variant is answered instead, 200 (reminders.Service.Create).
func (h *reminderHandlers) CreateProductReminder(c echo.Context) error {
	// The header given twice is refused whatever its values, as a form parameter or JSON key given twice is: the
	// first of a valid and an invalid key was taken, and a proxy or log that keeps the last saw another request
	// (QA bad-input round).
	switch keys := c.Request().Header.Values(shopAPIKeyHeader); {
	case len(keys) > 1:
		return &apierror.Error{Status: http.StatusUnauthorized, Code: "invalid_api_key", Message: "X-Api-Key is given twice.", Field: shopAPIKeyHeader}
	case len(keys) == 0 || !h.shopAuthorized(keys[0]):
		return &apierror.Error{Status: http.StatusUnauthorized, Code: "invalid_api_key", Message: "A valid X-Api-Key header is required.", Field: shopAPIKeyHeader}
	}
	var req restapi.ProductReminderCreateRequest
	if err := decodeJSONBody(c, &req); err != nil {
		return err
	}
	language := ""
	if req.Language != nil {
		language = *req.Language
	}
	n, err := reminders.ParseNewReminder(req.Email, req.VariantId, req.VariantName, language)
	if err != nil {
		return reminderError(err)
	}
	r, err := h.reminders.Create(c.Request().Context(), n)
	if errors.Is(err, identity.ErrAccountDisabled) {
		return &apierror.Error{Status: http.StatusForbidden, Code: "account_disabled", Message: "The account of this address is disabled; it takes no reminders.", Field: "email", Err: err}
	}
	if err != nil {
		return reminderError(err)
	}
	status, answer := http.StatusOK, restapi.ProductReminderCreated{ReminderId: r.ID, Status: restapi.Pending}
	if r.New {
		status = http.StatusCreated
	}
	if r.Status == reminders.StatusActive {
		answer.Status = restapi.Active
	}
	return c.JSON(status, answer)
}

// ReminderFragmentKey names the token in the fragment of the page the verification link lands on.
const ReminderFragmentKey = "reminder"

// ConfirmProductReminder is the verification link's GET: it changes nothing (mail scanners open links) and
// lands on the preference centre's confirmation page, which activates the reminder with the POST.
func (h *reminderHandlers) ConfirmProductReminder(c echo.Context, params restapi.ConfirmProductReminderParams) error {
	return maillink.Land(c, reminderConfirmedPath, ReminderFragmentKey, params.Token)
}

// ActivateProductReminder is the POST of the verification link's page: it activates the reminder and answers
// the preference centre's confirmation or error page. A request without a token is a 400 naming it (the contract
// marks it required): no link brought it, so there is no link whose outcome a page could show; a token that is
// given but unknown is the shopper's link, used or wrong, and gets its page.
func (h *reminderHandlers) ActivateProductReminder(c echo.Context) error {
	// Only the body (maillink.Token reads the form's body): a token in the query string would end up in access logs.
	token, err := maillink.Token(c, "token")
	if err != nil {
		return err
	}
	next := reminderConfirmedPath
	switch err := h.reminders.Confirm(c.Request().Context(), token); {
	case errors.Is(err, reminders.ErrConfirmationExpired):
		next = reminderExpiredPath
	case errors.Is(err, reminders.ErrConfirmationUnknown):
		next = reminderUnknownPath
	case err != nil:
		// The page says so, as a newsletter's link does (doi-500001): an HTTP 500 showed as a network error, and an
		// identity provider that does not know the subscription is no network's fault (QA round of 2026-11-29).
		h.logger.Error("product reminder confirmation failed", zap.Error(err))
		next = reminderFailedPath
	}
	return maillink.Answer(c, next)
}

// shopAuthorized compares the presented key with every configured one in constant time.
func (h *reminderHandlers) shopAuthorized(presented string) bool {
	if presented == "" {
		return false
	}
	got := sha256.Sum256([]byte(presented))
	match := 0
	for _, k := range h.shopKeys {
		match |= subtle.ConstantTimeCompare(got[:], k[:])
	}
	return match == 1
}

// reminderError maps the reminder and link token errors to what the client sees.
func reminderError(err error) error {
	var fe *reminders.FieldError
	switch {
	case errors.As(err, &fe):
		return &apierror.Error{Status: http.StatusBadRequest, Code: "invalid_parameter", Message: fe.Message + ".", Field: fe.Field, Err: err}
	case errors.Is(err, subscribers.ErrInvalidToken), errors.Is(err, identity.ErrAccountDisabled):
		// A disabled account's link opens nothing, as its exchange for the preference centre answers.
		return &apierror.Error{Status: http.StatusUnauthorized, Code: "invalid_token", Message: "The link is invalid or has expired.", Field: "authToken", Err: err}
	case errors.Is(err, reminders.ErrNotOwned):
		return &apierror.Error{Status: http.StatusForbidden, Code: "reminder_not_owned", Message: "At least one of these reminders is not yours; nothing was deleted.", Field: "productReminderIds", Err: err}
	}
	return err
}

// decodeJSONBody reads one JSON object into v. Unknown fields are ignored (clients may send more than this
// service reads); a value of the wrong type, or a key given twice, is a 400 naming its field, and a body that is
// not one JSON object a 400 naming the body.
func decodeJSONBody(c echo.Context, v any) error {
	body, err := io.ReadAll(c.Request().Body)
	var httpErr *echo.HTTPError
	if errors.As(err, &httpErr) {
		return httpErr // the body limit middleware reports an oversized body this way
	} else if err != nil {
		return &apierror.Error{Status: http.StatusBadRequest, Code: "invalid_json", Message: "The body could not be read.", Field: apierror.FieldBody, Err: err}
	}
	switch path, problem := jsonbody.Check(body); problem {
	case jsonbody.DuplicateKey:
		return apierror.InvalidParameter(path, path+" is given twice.")
	case jsonbody.BadText:
		return apierror.InvalidParameter(path, path+" is not UTF-8 text.")
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	err = dec.Decode(v)
	if err == nil {
		if _, extra := dec.Token(); extra != io.EOF {
			return &apierror.Error{Status: http.StatusBadRequest, Code: "invalid_json", Message: "The body must be a single JSON object.", Field: apierror.FieldBody}
		}
		return nil
	}
	var typeErr *json.UnmarshalTypeError
	switch {
	case errors.As(err, &typeErr) && typeErr.Field != "":
		// The error's Field is the struct field; the value at fault may be a map's below it (variantName.de: QA
		// robustness round of 2026-11-30), which the offset finds.
		field := jsonbody.PathAt(body, typeErr.Offset)
		if field == "" {
			field = typeErr.Field
		}
		return &apierror.Error{Status: http.StatusBadRequest, Code: "invalid_parameter",
			Message: fmt.Sprintf("%s has a value of the wrong type; expected %s.", field, jsonTypeName(typeErr.Type.String())), Field: field, Err: err}
	case errors.Is(err, io.EOF):
		return &apierror.Error{Status: http.StatusBadRequest, Code: "invalid_json", Message: "The body must be a JSON object.", Field: apierror.FieldBody}
	default:
		return &apierror.Error{Status: http.StatusBadRequest, Code: "invalid_json", Message: "The body must be a JSON object.", Field: apierror.FieldBody, Err: err}
	}
}

// jsonTypeName names a Go type the way a JSON client thinks of it.
func jsonTypeName(goType string) string {
	switch goType {
	case "string":
		return "string"
	case "[]string":
		return "array of strings"
	case "map[string]string":
		return "object of strings"
	case "bool":
		return "boolean"
	}
	if len(goType) > 0 && goType[0] == '*' {
		return jsonTypeName(goType[1:])
	}
	return "object"
}
