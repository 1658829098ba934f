package graphio

import (
	"fmt"
	"strings"
)

// EscapeTSV returns s as a field of a tab-separated side file (an id
// mapping, a list of edges) that is read line by line and split at tabs:
// a backslash becomes \\, a tab \t, a line feed \n and a carriage return
// \r, so that any label fits in one field of one line. A string without
// those four characters is returned as it is. UnescapeTSV reverses it.
func EscapeTSV(s string) string {
	if !strings.ContainsAny(s, "\\\t\n\r") {
		return s
	}
	var sb strings.Builder
	sb.Grow(len(s) + 8)
	for i := range len(s) {
		switch c := s[i]; c {
		case '\\':
			sb.WriteString(`\\`)
		case '\t':
			sb.WriteString(`\t`)
		case '\n':
			sb.WriteString(`\n`)
		case '\r':
			sb.WriteString(`\r`)
		default:
			sb.WriteByte(c)
		}
	}
	return sb.String()
}

// UnescapeTSV returns the string that EscapeTSV turned into field. A
// backslash followed by anything but \, t, n or r, or at the end of the
// field, is an error, as are a tab, line feed or carriage return in field
// (they separate fields and lines).
func UnescapeTSV(field string) (string, error) {
	if !strings.ContainsAny(field, "\\\t\n\r") {
		return field, nil
	}
	var sb strings.Builder
	sb.Grow(len(field))
	for i := 0; i < len(field); i++ {
		c := field[i]
		switch c {
		case '\t', '\n', '\r':
			return "", fmt.Errorf("byte %d of field %q: a %s inside a field (not written by EscapeTSV)", i+1, field, map[byte]string{'\t': "tab", '\n': "line feed", '\r': "carriage return"}[c])
		case '\\':
		default:
			sb.WriteByte(c)
			continue
		}
		if i+1 == len(field) {
			return "", fmt.Errorf("byte %d of field %q: a backslash at the end (write \\\\ for a backslash)", i+1, field)
		}
		i++
		switch field[i] {
		case '\\':
			sb.WriteByte('\\')
		case 't':
			sb.WriteByte('\t')
		case 'n':
			sb.WriteByte('\n')
		case 'r':
			sb.WriteByte('\r')
		default:
			return "", fmt.Errorf("byte %d of field %q: unknown escape \\%c (known: \\\\ \\t \\n \\r)", i, field, field[i])
		}
	}
	return sb.String(), nil
}
