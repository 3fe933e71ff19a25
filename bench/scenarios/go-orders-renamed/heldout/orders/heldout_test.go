package orders

import (
	"errors"
	"testing"

	"example.com/shop/stock"
)

func TestHeldoutShortStockIsErrShort(t *testing.T) {
	s := stock.New()
	s.Add("pot", 1)
	err := Place(s, Order{ID: "D4", Lines: []Line{{"pot", 2}}})
	if !errors.Is(err, stock.ErrShort) {
		t.Fatalf("err = %v", err)
	}
}
