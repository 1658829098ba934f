package graphio

import (
	"os"
	"syscall"
)

// mapFile maps the whole of the regular file f into memory, read-only, and
// returns its bytes and the function that unmaps them; ok is false when
// mapping is not possible (not a regular file, empty, or refused), and the
// caller reads the file instead.
func mapFile(f *os.File) (data []byte, unmap func(), ok bool) {
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() || st.Size() == 0 || st.Size() != int64(int(st.Size())) {
		return nil, nil, false
	}
	data, err = syscall.Mmap(int(f.Fd()), 0, int(st.Size()), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, nil, false
	}
	return data, func() { syscall.Munmap(data) }, true
}
