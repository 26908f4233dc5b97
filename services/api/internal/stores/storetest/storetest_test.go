package storetest_test

import (
	"testing"

	"github.com/grocer-portal/portal/services/api/internal/stores"
	"github.com/grocer-portal/portal/services/api/internal/stores/storetest"
)

func TestMemoryMeetsTheContract(t *testing.T) {
	storetest.Suite(t, func(*testing.T) stores.Repository { return storetest.NewMemory() })
}
