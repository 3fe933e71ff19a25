package logfmt

import (
	"reflect"
	"testing"
)

func TestParse(t *testing.T) {
	got, err := Parse(`level=info msg="user signed in" user=42`)
	want := []Pair{{"level", "info"}, {"msg", "user signed in"}, {"user", "42"}}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("got %v, %v", got, err)
	}
}

func TestBareKeyAndEmptyValue(t *testing.T) {
	got, err := Map(`debug path= status=200`)
	want := map[string]string{"debug": "", "path": "", "status": "200"}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("got %v, %v", got, err)
	}
}

func TestEscapes(t *testing.T) {
	got, _ := Map(`msg="say \"hi\""`)
	if got["msg"] != `say "hi"` {
		t.Fatalf("msg = %q", got["msg"])
	}
}

func TestNoKey(t *testing.T) {
	if _, err := Parse(`=oops`); err == nil {
		t.Fatal("want an error")
	}
}
