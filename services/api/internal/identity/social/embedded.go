package social

import (
	"context"
	"errors"

	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded"
)

// EmbeddedStarter answers the embedded provider's accounts.socialLogin (it implements embedded.SocialLogins):
// 0 with "redirectURL", the start URL the browser goes to; 500023 for a provider that is not configured; 400006
// for a name that is no provider, a redirectURL off this site or an unknown loginMode.
type EmbeddedStarter struct{ Service *Service }

// Start implements embedded.SocialLogins.
func (st EmbeddedStarter) Start(_ context.Context, _ embedded.Caller, in embedded.SocialLoginParams) (embedded.Result, error) {
	u, err := st.Service.StartURL(in.Provider, in.RedirectURL, in.LoginMode, in.RegToken, in.Lang)
	switch {
	case errors.Is(err, ErrProviderName):
		return embedded.Result{ErrorCode: contract.CodeInvalidParameter, ErrorDetails: "provider"}, nil
	case errors.Is(err, ErrUnknownProvider):
		return embedded.Result{ErrorCode: contract.CodeProviderError, ErrorDetails: "Social login provider is not configured: " + safeName(in.Provider)}, nil
	case errors.Is(err, ErrRedirectURL):
		return embedded.Result{ErrorCode: contract.CodeInvalidParameter, ErrorDetails: "redirectURL"}, nil
	case errors.Is(err, ErrLoginMode):
		return embedded.Result{ErrorCode: contract.CodeInvalidParameter, ErrorDetails: "loginMode"}, nil
	case err != nil:
		return embedded.Result{}, err
	}
	return embedded.Result{ErrorCode: contract.CodeOK, Fields: map[string]any{"redirectURL": u, "provider": in.Provider}}, nil
}
