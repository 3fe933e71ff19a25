package backoff

import (
	"testing"
	"time"
)

func TestHeldoutFirstRetryWaitsBase(t *testing.T) {
	p := Policy{Base: 250 * time.Millisecond, Factor: 1.5, Max: time.Minute, Attempts: 3}
	if got := p.Delay(1); got != 250*time.Millisecond {
		t.Errorf("Delay(1) = %v", got)
	}
	if got := p.Delay(3); got != 562500*time.Microsecond {
		t.Errorf("Delay(3) = %v", got)
	}
}
