package logfmt

// scan splits a logfmt line into key=value tokens, keeping quoted values (with spaces) whole.
func scan(line string) []string {
	var tokens []string
	start := -1
	quoted := false
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case c == '"' && (i == 0 || line[i-1] != '\\'):
			quoted = !quoted
			if start < 0 {
				start = i
			}
		case c == ' ' && !quoted:
			if start >= 0 {
				tokens = append(tokens, line[start:i])
				start = -1
			}
		default:
			if start < 0 {
				start = i
			}
		}
	}
	if start >= 0 {
		tokens = append(tokens, line[start:])
	}
	return tokens
}
