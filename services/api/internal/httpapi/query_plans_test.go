package httpapi_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/apitest"
	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
	"github.com/grocer-portal/portal/services/api/internal/reminders"
)

// Every statement of a subscriber's visit to the preference centre finds its rows through an index: the link's
// exchange, reading and saving the preferences and newsletters, the product reminders, the store directory and
// the one-click unsubscribe run for every mail a shop sends, on tables that grow with every subscriber. The
// statements are the ones the requests really run (their database spans), each one's plan asked of the database
// (dbtest.Statements.RequireIndexed); the same for a shopper's account visits is in identityapi.
func TestEveryQueryOfASubscribersVisitFindsItsRowsThroughIndexes(t *testing.T) {
	statements := dbtest.RecordStatements(t)
	apitest.EachDatabase(t, func(t *testing.T, svc *apitest.Service) {
		_, err := svc.App.Reminders.SeedActive(context.Background(), "visit@example.com", []reminders.Seed{{VariantID: "milk", VariantName: reminders.VariantName{"de": "Milch"}}})
		require.NoError(t, err)
		statements.Take() // what building the service and seeding ran

		f := newSubscriber(t, svc, "visit@example.com")
		f.account(t)
		require.EqualValues(t, 0, f.set(t, map[string]any{
			"profile":       map[string]any{"firstName": "Lena", "birthYear": 1985, "zip": "20095"},
			"data":          map[string]any{"preference": map[string]any{"ORGANIC": true}, "sfmc": map[string]any{"dataProcessingConsented": true}},
			"subscriptions": map[string]any{"NLT_GENERAL": map[string]any{"email": map[string]any{"isSubscribed": true}}},
		})["errorCode"])
		status, listed := f.reminders(t, f.jwt)
		require.Equal(t, http.StatusOK, status)
		require.Len(t, listed, 1)
		require.Equal(t, http.StatusOK, svc.Get("/rest/v1/retailstores/search?q=ham").Code)
		require.Equal(t, http.StatusOK, oneClick(svc, http.MethodPost, f.jwt, "List-Unsubscribe=One-Click", "application/x-www-form-urlencoded").StatusCode)

		t.Logf("%d statements, each through an index", statements.RequireIndexed(t, svc.DB, nil))
	}, apitest.WithRequestTracing())
}
