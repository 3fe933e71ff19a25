package logfmt

import "testing"

func TestHeldoutOneCharacterValues(t *testing.T) {
	got, err := Map(`c=x d= e='q' f=y`)
	if err != nil || got["c"] != "x" || got["d"] != "" || got["e"] != "q" || got["f"] != "y" {
		t.Fatalf("got %q, %v", got, err)
	}
}
