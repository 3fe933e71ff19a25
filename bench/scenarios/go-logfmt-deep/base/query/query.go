// Package query filters logfmt lines: "level=error user=42" keeps lines with both pairs.
package query

import (
	"strings"

	"example.com/logq/logfmt"
)

type Query map[string]string

func Compile(q string) (Query, error) {
	m, err := logfmt.Map(q)
	return Query(m), err
}

// Match reports whether a line has every pair of the query; a bare key matches any value.
func (q Query) Match(line string) bool {
	m, err := logfmt.Map(line)
	if err != nil {
		return false
	}
	for k, v := range q {
		got, ok := m[k]
		if !ok || (v != "" && got != v) {
			return false
		}
	}
	return true
}

// Filter keeps the matching lines of a log.
func (q Query) Filter(log string) []string {
	var out []string
	for _, line := range strings.Split(log, "\n") {
		if line != "" && q.Match(line) {
			out = append(out, line)
		}
	}
	return out
}
