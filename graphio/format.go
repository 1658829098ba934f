package graphio

import (
	"fmt"
	"path/filepath"
	"strings"
)

// Format names a graph file format.
type Format string

// The supported formats.
const (
	EdgeList     Format = "edgelist" // .edges .edgelist .el .txt
	CSV          Format = "csv"      // .csv: an edge list, written as RFC 4180 CSV with a header
	TSV          Format = "tsv"      // .tsv: an edge list, written tab-separated with a header
	Nauty        Format = "nauty"    // .nauty
	GraphML      Format = "graphml"  // .graphml
	GML          Format = "gml"      // .gml
	Pajek        Format = "pajek"    // .net .pajek
	MatrixMarket Format = "mtx"      // .mtx .mm
	Binary       Format = "anonet"   // .anonet: anonet's binary graph format (binary.go)
)

// formats lists every supported format, in the order Formats returns them;
// like extensions, it is a constant table, never modified.
var formats = []Format{EdgeList, CSV, TSV, Nauty, GraphML, GML, Pajek, MatrixMarket, Binary}

// Formats returns the supported formats.
func Formats() []Format { return append([]Format(nil), formats...) }

// extensions maps file extensions to formats; a constant table.
var extensions = map[string]Format{
	".edges": EdgeList, ".edgelist": EdgeList, ".el": EdgeList, ".txt": EdgeList,
	".csv": CSV, ".tsv": TSV,
	".nauty":   Nauty,
	".graphml": GraphML,
	".gml":     GML,
	".net":     Pajek, ".pajek": Pajek,
	".mtx": MatrixMarket, ".mm": MatrixMarket,
	".anonet": Binary,
}

// ParseFormat returns the format with the given name (as listed by
// Formats, or one of its file extensions without the dot).
func ParseFormat(name string) (Format, error) {
	lower := strings.ToLower(name)
	for _, f := range formats {
		if string(f) == lower {
			return f, nil
		}
	}
	if f, ok := extensions["."+lower]; ok {
		return f, nil
	}
	return "", fmt.Errorf("unknown format %q (known: %s)", name, formatList())
}

func formatList() string {
	names := make([]string, len(formats))
	for i, f := range formats {
		names[i] = string(f)
	}
	return strings.Join(names, ", ")
}

// FormatOf infers the format from a file name's extension, ignoring a final
// .gz. Files without a known extension are taken to be edge lists only if the
// extension is empty; otherwise FormatOf returns an error.
func FormatOf(path string) (Format, error) {
	base := strings.ToLower(filepath.Base(path))
	base = strings.TrimSuffix(base, ".gz")
	ext := filepath.Ext(base)
	if ext == "" {
		return EdgeList, nil
	}
	if f, ok := extensions[ext]; ok {
		return f, nil
	}
	switch ext {
	case ".bz2", ".xz", ".zst", ".lz4", ".zip", ".7z":
		return "", fmt.Errorf("%s is compressed with %s, which anonet does not read or write; only gzip (.gz) is supported: decompress it (or recompress it with gzip) first", path, ext[1:])
	}
	return "", fmt.Errorf("cannot tell the format of %s from its extension %q; name the format with --from when reading it or --to when writing it (known: %s)", path, ext, formatList())
}

// isEdgeList reports whether f is read as an edge list (EdgeList, CSV, TSV).
func isEdgeList(f Format) bool { return f == EdgeList || f == CSV || f == TSV }

// IsGzipName reports whether path ends in .gz.
func IsGzipName(path string) bool {
	return strings.HasSuffix(strings.ToLower(path), ".gz")
}
