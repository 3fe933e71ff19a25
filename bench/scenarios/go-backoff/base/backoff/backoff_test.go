package backoff

import (
	"errors"
	"reflect"
	"testing"
	"time"
)

func TestSchedule(t *testing.T) {
	ms := time.Millisecond
	want := []time.Duration{100 * ms, 200 * ms, 400 * ms, 800 * ms, 1600 * ms, 3200 * ms}
	if got := Default.Schedule(); !reflect.DeepEqual(got, want) {
		t.Fatalf("Schedule() = %v, want %v", got, want)
	}
}

func TestCap(t *testing.T) {
	p := Policy{Base: time.Second, Factor: 3, Max: 10 * time.Second, Attempts: 4}
	if got := p.Delay(4); got != 10*time.Second {
		t.Errorf("Delay(4) = %v, want 10s", got)
	}
	if got := p.Total(); got != 23*time.Second {
		t.Errorf("Total() = %v, want 23s", got)
	}
}

func TestDoRetriesThenSucceeds(t *testing.T) {
	var slept []time.Duration
	calls := 0
	err := Do(Default, func(d time.Duration) { slept = append(slept, d) }, func() error {
		calls++
		if calls < 3 {
			return errors.New("busy")
		}
		return nil
	})
	if err != nil || calls != 3 || len(slept) != 2 || slept[1] != 200*time.Millisecond {
		t.Fatalf("err=%v calls=%d slept=%v", err, calls, slept)
	}
}

func TestDoGivesUp(t *testing.T) {
	err := Do(Policy{Base: 1, Factor: 1, Max: 1, Attempts: 2}, func(time.Duration) {}, func() error { return errors.New("down") })
	if !errors.Is(err, ErrGaveUp) {
		t.Fatalf("err = %v", err)
	}
}
