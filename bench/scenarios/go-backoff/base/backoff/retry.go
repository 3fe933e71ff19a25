package backoff

import (
	"errors"
	"fmt"
	"time"
)

// ErrGaveUp wraps the last error when every attempt failed.
var ErrGaveUp = errors.New("gave up")

// Do calls fn until it succeeds or the attempts are spent, sleeping with sleep between calls.
func Do(p Policy, sleep func(time.Duration), fn func() error) error {
	var err error
	for n := 0; n <= p.Attempts; n++ {
		if n > 0 {
			sleep(p.Delay(n))
		}
		if err = fn(); err == nil {
			return nil
		}
	}
	return fmt.Errorf("%w: %v", ErrGaveUp, err)
}
