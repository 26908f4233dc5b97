package problems_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/problems"
)

type line int

func (l line) String() string { return fmt.Sprintf("line %d: bad", int(l)) }

func TestAListNamesTheFirstProblemsAndCountsTheRest(t *testing.T) {
	var l problems.List[line]
	require.True(t, l.Empty())
	for i := 1; i <= problems.MaxListed+3; i++ {
		l.Add(line(i))
	}
	require.False(t, l.Empty())
	require.Len(t, l.Listed, problems.MaxListed)
	require.Equal(t, 3, l.More)
	text := l.Text("stores: ")
	require.Contains(t, text, "stores: line 1: bad\nstores: line 2: bad\n")
	require.Contains(t, text, fmt.Sprintf("stores: line %d: bad\nstores: ... and 3 more problems", problems.MaxListed))
	require.NotContains(t, text, fmt.Sprintf("line %d:", problems.MaxListed+1))
}

func TestAShortListIsAllOfIt(t *testing.T) {
	var l problems.List[line]
	l.Add(7)
	require.Equal(t, "line 7: bad", l.Text(""))
}
