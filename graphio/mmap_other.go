//go:build !linux

package graphio

import "os"

// mapFile is not used outside Linux: the caller reads the file.
func mapFile(f *os.File) (data []byte, unmap func(), ok bool) { return nil, nil, false }
