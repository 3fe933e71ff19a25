package orders

import (
	"strings"
	"testing"

	"example.com/shop/stock"
)

func store() *stock.Store {
	s := stock.New()
	s.Add("mug", 4)
	s.Add("tea", 10)
	return s
}

func TestPlaceHoldsEveryLine(t *testing.T) {
	s := store()
	if err := Place(s, Order{ID: "A1", Lines: []Line{{"mug", 2}, {"tea", 3}}}); err != nil {
		t.Fatal(err)
	}
	if s.Available("mug") != 2 || s.Available("tea") != 7 {
		t.Fatalf("available mug=%d tea=%d", s.Available("mug"), s.Available("tea"))
	}
}

func TestPlaceIsAllOrNothing(t *testing.T) {
	s := store()
	err := Place(s, Order{ID: "B2", Lines: []Line{{"tea", 5}, {"mug", 9}}})
	if err == nil || !strings.Contains(err.Error(), "order B2, line 2") {
		t.Fatalf("err = %v", err)
	}
	if s.Available("tea") != 10 {
		t.Fatalf("tea still held: %d available", s.Available("tea"))
	}
}

func TestCancel(t *testing.T) {
	s := store()
	o := Order{ID: "C3", Lines: []Line{{"mug", 4}}}
	if err := Place(s, o); err != nil {
		t.Fatal(err)
	}
	Cancel(s, o)
	if s.Available("mug") != 4 {
		t.Fatalf("mug available = %d", s.Available("mug"))
	}
}
