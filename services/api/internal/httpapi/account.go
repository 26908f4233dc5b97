package httpapi

import (
	"errors"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/grocer-portal/portal/services/api/internal/apierror"
	"github.com/grocer-portal/portal/services/api/internal/httpapi/restapi"
	"github.com/grocer-portal/portal/services/api/internal/identity"
)

// customLoginAPIVersion is the version of the custom login answer the account portal expects.
const customLoginAPIVersion = 2

// accountHandlers are the account portal's calls that go through the backend to the identity provider.
type accountHandlers struct {
	identity identity.Backend
}

// SendVerificationEmail sends a new verification mail: 201 sent, 204 already verified (spec 000 §4). An address
// without a registration answers 201 as well, with nothing sent: a 404 would tell anyone which addresses are
// registered. The embedded provider's accounts.resendVerificationCode with an address answers both alike too (0;
// its 400006 is this 204), the same code behind both (embedded resendVerification).
func (h *accountHandlers) SendVerificationEmail(c echo.Context) error {
	email, err := identity.ParseEmail(c.Request().PostFormValue("email"))
	if err != nil {
		return apierror.InvalidParameter("email", "email must be an e-mail address.")
	}
	lang := c.Request().PostFormValue("lang")
	if lang != "" && !identity.IsLanguageTag(lang) {
		return apierror.InvalidParameter("lang", "lang must be a language tag such as de or en-GB.")
	}
	switch err := h.identity.ResendVerificationEmail(c.Request().Context(), email, lang); {
	case err == nil, errors.Is(err, identity.ErrAccountNotFound):
		return c.NoContent(http.StatusCreated)
	case errors.Is(err, identity.ErrAlreadyVerified):
		return c.NoContent(http.StatusNoContent)
	default:
		return err
	}
}

// CustomLogin checks credentials through the identity provider when sso.customLogin is set (spec 000 §7). Like
// every form of this API it reads the body only (PostFormValue): credentials in a URL end in proxy and CDN logs.
func (h *accountHandlers) CustomLogin(c echo.Context) error {
	loginID := strings.TrimSpace(c.Request().PostFormValue("loginID"))
	password := c.Request().PostFormValue("password")
	switch {
	case loginID == "":
		return apierror.InvalidParameter("loginID", "loginID is required.")
	case password == "":
		return apierror.InvalidParameter("password", "password is required.")
	// Each by its own name: a password of 60,000 characters was refused naming loginID (QA bad-input round of
	// 2026-11-29).
	case len(loginID) > 254:
		return apierror.InvalidParameter("loginID", "loginID is too long.")
	case len(password) > 1024:
		return apierror.InvalidParameter("password", "password is too long.")
	}
	result, err := h.identity.Login(c.Request().Context(), loginID, password)
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderCacheControl, "no-store")
	return c.JSON(http.StatusOK, restapi.CustomLoginResult{ErrorCode: result.ErrorCode, ApiVersion: customLoginAPIVersion})
}
