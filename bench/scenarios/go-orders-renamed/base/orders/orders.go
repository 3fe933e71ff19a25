// Package orders places orders against the stock, all lines or none.
package orders

import (
	"fmt"

	"example.com/shop/stock"
)

type Line struct {
	SKU string
	Qty int
}

type Order struct {
	ID    string
	Lines []Line
}

// Place holds stock for every line of the order; if one line cannot be held, the lines already
// held are released and the error says which line failed.
func Place(s *stock.Store, o Order) error {
	for i, line := range o.Lines {
		if err := s.Reserve(line.SKU, line.Qty); err != nil {
			for _, done := range o.Lines[:i] {
				s.Release(done.SKU, done.Qty)
			}
			return fmt.Errorf("order %s, line %d: %w", o.ID, i+1, err)
		}
	}
	return nil
}

// Cancel releases everything the order holds.
func Cancel(s *stock.Store, o Order) {
	for _, line := range o.Lines {
		s.Release(line.SKU, line.Qty)
	}
}
