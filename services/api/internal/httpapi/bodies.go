package httpapi

import (
	"github.com/labstack/echo/v4"

	"github.com/grocer-portal/portal/services/api/internal/formbody"
)

// restBodies names, for each operation of api/openapi.yaml that reads a request body, the media types it reads
// (TestRestBodiesFollowTheContract holds this table to the document). It is the one rule of the REST bodies
// (QA round of 2026-11-29): the JSON endpoints read text/plain as JSON and the form endpoints read a JSON body as
// an empty form ("email must be an e-mail address"); every other type now answers 415 naming Content-Type, as
// the identity API refuses it.
var restBodies = map[string][]string{
	"sendVerificationEmail":   {echo.MIMEApplicationForm},
	"customLogin":             {echo.MIMEApplicationForm},
	"exchangeSubscriberToken": {echo.MIMEApplicationForm},
	"unsubscribeAll":          {echo.MIMEApplicationForm, echo.MIMEMultipartForm},
	"searchProductReminders":  {echo.MIMEApplicationJSON},
	"deleteProductReminders":  {echo.MIMEApplicationJSON},
	"createProductReminder":   {echo.MIMEApplicationJSON},
	"activateProductReminder": {echo.MIMEApplicationForm},
}

// restBodyMiddlewares are the per-operation middleware that apply restBodies, for RegisterHandlersWithOptions.
func restBodyMiddlewares() map[string][]echo.MiddlewareFunc {
	out := make(map[string][]echo.MiddlewareFunc, len(restBodies))
	for operation, types := range restBodies {
		out[operation] = []echo.MiddlewareFunc{bodyOf(types...)}
	}
	return out
}

// bodyOf lets a request through only with a body of one of types (formbody.Check, the one rule of request bodies:
// a form is read here and refused naming a parameter given twice or holding a NUL or text that is not UTF-8; QA
// round of 2026-11-29: the first of loginID=a&loginID=b was taken silently, and a NUL went on to the provider, both
// of which the identity API refuses); the handlers then read it with PostFormValue.
func bodyOf(types ...string) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if err := formbody.Check(c.Request(), types...); err != nil {
				return err
			}
			return next(c)
		}
	}
}
