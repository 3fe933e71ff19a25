// Package stock keeps counts of items on hand and held for open orders.
package stock

import "fmt"

type Store struct {
	onHand map[string]int
	held   map[string]int
}

func New() *Store {
	return &Store{onHand: map[string]int{}, held: map[string]int{}}
}

func (s *Store) Add(sku string, n int) {
	s.onHand[sku] += n
}

// Available is what can still be promised: on hand minus held.
func (s *Store) Available(sku string) int {
	return s.onHand[sku] - s.held[sku]
}

// Reserve holds n units of sku for an order, or fails without holding any.
func (s *Store) Reserve(sku string, n int) error {
	if n <= 0 {
		return fmt.Errorf("reserve %s: quantity must be positive, got %d", sku, n)
	}
	if s.Available(sku) < n {
		return fmt.Errorf("reserve %s: only %d available, %d wanted", sku, s.Available(sku), n)
	}
	s.held[sku] += n
	return nil
}

// Release gives held units back.
func (s *Store) Release(sku string, n int) {
	s.held[sku] -= n
	if s.held[sku] < 0 {
		s.held[sku] = 0
	}
}
