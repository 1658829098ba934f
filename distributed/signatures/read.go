package signatures

import (
	"bufio"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/fileio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/textio"

	"github.com/anonet-project/anonet/graphio"
)

// ReadLines returns the lines (strings, without their line breaks) of the
// files that match glob. Plain files are read by textio, in blocks that
// workers read in parallel. Files whose names end in .gz are read whole,
// each by one worker, decompressed: textio (Beam v2.77.0) bounds the
// offsets of the decompressed lines by the compressed file's size, so it
// silently drops the end of a compressed file.
//
// Whether files are compressed is decided from glob's name: InspectFile
// refuses a glob whose matches do not all agree with it.
func ReadLines(s beam.Scope, glob string) beam.PCollection {
	if !compressedName(glob) {
		return textio.Read(s, glob)
	}
	s = s.Scope("ReadGzip")
	return beam.ParDo(s, readWhole, fileio.ReadMatches(s, fileio.MatchFiles(s, glob)))
}

// compressedName reports whether name ends in .gz, the one spelling that
// Beam's file reader decompresses.
func compressedName(name string) bool { return strings.HasSuffix(name, ".gz") }

// readWhole emits the lines of a file, decompressed as its name says.
func readWhole(ctx context.Context, f fileio.ReadableFile, emit func(string)) error {
	rc, err := f.Open(ctx)
	if err != nil {
		return fmt.Errorf("opening %s: %w", f.Metadata.Path, err)
	}
	defer rc.Close()
	br := bufio.NewReaderSize(rc, 1<<16)
	for {
		line, err := br.ReadString('\n')
		if len(line) > 0 {
			emit(strings.TrimSuffix(line, "\n"))
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("reading %s: %w", f.Metadata.Path, err)
		}
	}
}

// InspectFile returns the parser for the lines of the files that match
// glob, from the head of the first (see Inspect), decompressed if its name
// ends in .gz. It opens the file through Beam's file systems, which need
// registering by import (local and gs:// are, by the runners' package
// beamx).
func InspectFile(ctx context.Context, glob string, mode graphio.Header) (LineParser, error) {
	fs, err := filesystem.New(ctx, glob)
	if err != nil {
		return LineParser{}, fmt.Errorf("opening %s: %w", glob, err)
	}
	defer fs.Close()
	files, err := fs.List(ctx, glob)
	if err != nil {
		return LineParser{}, fmt.Errorf("listing %s: %w", glob, err)
	}
	if len(files) == 0 {
		return LineParser{}, fmt.Errorf("no file matches %s", glob)
	}
	// ReadLines reads every match as glob's name says: a plain file read
	// as compressed fails, a compressed one read by textio loses its end
	// without an error.
	for _, f := range files {
		if compressedName(f) != compressedName(glob) || graphio.IsGzipName(f) != compressedName(f) {
			return LineParser{}, fmt.Errorf("%s matches %s: every file a glob matches must be compressed (named .gz) if the glob ends in .gz, and plain otherwise", glob, f)
		}
	}
	rc, err := fs.OpenRead(ctx, files[0])
	if err != nil {
		return LineParser{}, fmt.Errorf("opening %s: %w", files[0], err)
	}
	defer rc.Close()
	var r io.Reader = rc
	if compressedName(files[0]) {
		zr, err := gzip.NewReader(rc)
		if err != nil {
			return LineParser{}, fmt.Errorf("reading %s: %w", files[0], err)
		}
		r = zr
	}
	p, err := Inspect(r, mode)
	if err != nil {
		return LineParser{}, fmt.Errorf("%s: %w", files[0], err)
	}
	return p, nil
}
