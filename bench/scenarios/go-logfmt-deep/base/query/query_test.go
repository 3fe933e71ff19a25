package query

import (
	"reflect"
	"testing"
)

const log = `level=info user=1 msg=start
level=error user=42 msg="disk full"
level=error user=7 retry=
level=info user=42 msg=done`

func TestFilter(t *testing.T) {
	q, err := Compile("level=error user=42")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{`level=error user=42 msg="disk full"`}
	if got := q.Filter(log); !reflect.DeepEqual(got, want) {
		t.Fatalf("got %q", got)
	}
}

func TestBareKeyMatchesAnyValue(t *testing.T) {
	q, _ := Compile("retry")
	if got := q.Filter(log); len(got) != 1 {
		t.Fatalf("got %q", got)
	}
}
