package stock

import "testing"

func TestReserveAndRelease(t *testing.T) {
	s := New()
	s.Add("mug", 5)
	if err := s.Reserve("mug", 3); err != nil {
		t.Fatal(err)
	}
	if got := s.Available("mug"); got != 2 {
		t.Fatalf("Available = %d, want 2", got)
	}
	if err := s.Reserve("mug", 3); err == nil {
		t.Fatal("reserved more than available")
	}
	s.Release("mug", 3)
	if got := s.Available("mug"); got != 5 {
		t.Fatalf("Available = %d, want 5", got)
	}
}
