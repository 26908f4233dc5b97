package stores

import "strconv"

// Repeat makes a directory of n stores out of list, for measuring at scale (`portal seed-scale`, the benchmarks):
// copy k of a store is a numbered branch in the same town ("…, Filiale 2"), so searches find proportionally more
// stores, as in a bigger directory.
func Repeat(list []Store, n int) []Store {
	out := make([]Store, n)
	for i := range out {
		s := list[i%len(list)]
		if k := i / len(list); k > 0 {
			s.ID += "-F" + strconv.Itoa(k+1)
			s.Street += ", Filiale " + strconv.Itoa(k+1)
		}
		out[i] = s
	}
	return out
}
