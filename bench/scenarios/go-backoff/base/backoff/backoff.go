// Package backoff computes retry delays: exponential growth from a base, capped.
package backoff

import "time"

// Policy says how long to wait before each retry.
type Policy struct {
	Base     time.Duration
	Factor   float64
	Max      time.Duration
	Attempts int
}

// Default is what the HTTP client uses.
var Default = Policy{Base: 100 * time.Millisecond, Factor: 2, Max: 5 * time.Second, Attempts: 6}

// Delay before retry number n (1-based): Base * Factor^(n-1), at most Max.
func (p Policy) Delay(n int) time.Duration {
	if n < 1 {
		return 0
	}
	d := float64(p.Base)
	for i := 1; i < n; i++ {
		d *= p.Factor
		if d > float64(p.Max) {
			return p.Max
		}
	}
	return time.Duration(d)
}

// Schedule lists every delay of the policy.
func (p Policy) Schedule() []time.Duration {
	out := make([]time.Duration, 0, p.Attempts)
	for n := 1; n <= p.Attempts; n++ {
		out = append(out, p.Delay(n))
	}
	return out
}

// Total is the longest a caller can wait across all retries.
func (p Policy) Total() time.Duration {
	var sum time.Duration
	for _, d := range p.Schedule() {
		sum += d
	}
	return sum
}
