package main

import (
	"encoding/json"
	"io"
	"math"
)

// writeJSON prints v as indented JSON followed by a newline.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// finite returns a pointer to x, or nil (JSON null) if x is NaN or infinite:
// an undefined value is reported as null, never as NaN.
func finite(x float64) *float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil
	}
	return &x
}
