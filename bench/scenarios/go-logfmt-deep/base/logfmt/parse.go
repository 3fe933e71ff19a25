// Package logfmt reads logfmt lines: level=info msg="user signed in" user=42
package logfmt

import (
	"fmt"
	"strings"
)

type Pair struct {
	Key, Value string
}

// Parse reads one line; a bare key ("debug") has an empty value.
func Parse(line string) ([]Pair, error) {
	var pairs []Pair
	for _, token := range scan(strings.TrimSpace(line)) {
		p, err := parsePair(token)
		if err != nil {
			return nil, fmt.Errorf("parse %q: %w", line, err)
		}
		pairs = append(pairs, p)
	}
	return pairs, nil
}

func parsePair(token string) (Pair, error) {
	key, value, found := strings.Cut(token, "=")
	if key == "" {
		return Pair{}, fmt.Errorf("token %q has no key", token)
	}
	if !found {
		return Pair{Key: key}, nil
	}
	return Pair{Key: key, Value: unquote(value)}, nil
}

// unquote strips double quotes and undoes \" and \\ escapes.
func unquote(s string) string {
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		s = s[1 : len(s)-1]
		s = strings.ReplaceAll(s, `\"`, `"`)
		s = strings.ReplaceAll(s, `\\`, `\`)
	}
	return s
}

// Map is Parse as a map; later keys win.
func Map(line string) (map[string]string, error) {
	pairs, err := Parse(line)
	if err != nil {
		return nil, err
	}
	m := make(map[string]string, len(pairs))
	for _, p := range pairs {
		m[p.Key] = p.Value
	}
	return m, nil
}
