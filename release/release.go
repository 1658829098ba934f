package release

import (
	"bufio"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/anonet-project/anonet/graph"
)

// KeySize is the length of a Key in bytes.
const KeySize = 32

// A Key is the secret that keys the fresh ids of a release.
type Key [KeySize]byte

// NewKey draws a key from random, which should be crypto/rand.Reader
// outside tests.
func NewKey(random io.Reader) (Key, error) {
	var k Key
	if _, err := io.ReadFull(random, k[:]); err != nil {
		return Key{}, fmt.Errorf("release: draw a key: %w", err)
	}
	return k, nil
}

// ParseKey parses a key written as String writes it: 64 hexadecimal digits.
func ParseKey(s string) (Key, error) {
	var k Key
	s = strings.TrimSpace(s)
	if len(s) != 2*KeySize {
		return Key{}, fmt.Errorf("release: a key is %d hexadecimal digits, got %d characters", 2*KeySize, len(s))
	}
	if _, err := hex.Decode(k[:], []byte(s)); err != nil {
		return Key{}, errors.New("release: a key is hexadecimal digits (0-9, a-f) only")
	}
	return k, nil
}

// String returns the key as 64 lower-case hexadecimal digits.
func (k Key) String() string { return hex.EncodeToString(k[:]) }

// Permutation returns the fresh ids of the nodes of g, the graph to be
// released (before it is renumbered): perm[v] is the id of node v. The
// permutation is uniformly random given a ChaCha8 stream keyed on SHA-256
// of the key and the whole graph (node count, labels, and every edge with
// its kind of ties), so the same key and graph give the same ids and any
// other graph unrelated ones.
func Permutation(key Key, g *graph.Graph) []int {
	return permutation(key, g.NumNodes(), func(buf []byte, v int32) []byte {
		buf = appendLabel(buf, g.Label(v))
		nb := g.Neighbors(v)
		i, _ := slices.BinarySearch(nb, v+1)
		buf = binary.AppendUvarint(buf, uint64(len(nb)-i)) // the edges {v, w}, w > v
		for j, w := range nb[i:] {
			buf = binary.LittleEndian.AppendUint32(buf, uint32(w))
			if g.Typed() {
				buf = binary.AppendUvarint(buf, uint64(g.IncidentKind(v, i+j)))
			}
		}
		return buf
	})
}

// PermutationOf is Permutation for an untyped graph of n nodes held
// elsewhere than in a graph.Graph: label(v) is v's label and higher(v,
// buf) appends to buf v's neighbours greater than v in ascending order.
// For the same graph it gives Permutation's ids.
func PermutationOf(key Key, n int, label func(v int32) string, higher func(v int32, buf []int32) []int32) []int {
	var nb []int32
	return permutation(key, n, func(buf []byte, v int32) []byte {
		buf = appendLabel(buf, label(v))
		nb = higher(v, nb[:0])
		buf = binary.AppendUvarint(buf, uint64(len(nb)))
		for _, w := range nb {
			buf = binary.LittleEndian.AppendUint32(buf, uint32(w))
		}
		return buf
	})
}

// appendLabel appends a node's label, its length first.
func appendLabel(buf []byte, l string) []byte {
	buf = binary.AppendUvarint(buf, uint64(len(l)))
	return append(buf, l...)
}

// permutation returns a uniformly random permutation of n ids from a
// ChaCha8 stream seeded by SHA-256 of the key, n and the bytes that node
// appends for every node in turn.
func permutation(key Key, n int, node func(buf []byte, v int32) []byte) []int {
	h := sha256.New()
	buf := append([]byte("anonet release ids v2\x00"), key[:]...)
	buf = binary.LittleEndian.AppendUint64(buf, uint64(n))
	for v := range int32(n) {
		buf = node(buf, v)
		if len(buf) > 1<<16 {
			h.Write(buf)
			buf = buf[:0]
		}
	}
	h.Write(buf)
	var seed [32]byte
	copy(seed[:], h.Sum(nil))
	return rand.New(rand.NewChaCha8(seed)).Perm(n)
}

// Publish renumbers g in place into its release under key: node v becomes
// node perm[v], labelled by its new id (see graph.Graph.Renumber). It
// returns the permutation and a graph that keeps g's old nodes, labels and
// kinds of ties but no edges, to name them in the secret outputs
// (WriteMapping). Renumbering in place needs no second copy of the edges;
// use New to keep g.
func Publish(g *graph.Graph, key Key) (perm []int, names *graph.Graph) {
	perm = Permutation(key, g)
	names = g.WithoutEdges()
	g.Renumber(perm)
	return perm, names
}

// A Release is a graph ready to be published and the secret link back to
// the graph it came from.
type Release struct {
	// Graph is the release: fresh ids 0..n−1, labelled by the ids.
	Graph *graph.Graph
	// ID[v] is the release id of node v of the anonymized graph. It is
	// secret.
	ID []int
}

// New returns the release of g under key, leaving g as it is.
func New(g *graph.Graph, key Key) *Release {
	perm := Permutation(key, g)
	return &Release{Graph: g.Renumbered(perm), ID: perm}
}

// keyPrefix starts the comment line in which WriteMapping records the key.
const keyPrefix = "# anonet release key "

// ReadKey reads a key from r: a first line of 64 hexadecimal digits (a
// key file), or the key line of a mapping that WriteMapping wrote, so that
// the mapping of a release reproduces its ids.
func ReadKey(r io.Reader) (Key, error) {
	line, err := bufio.NewReader(io.LimitReader(r, 512)).ReadString('\n')
	if err != nil && err != io.EOF {
		return Key{}, fmt.Errorf("release: read the key: %w", err)
	}
	rest, _ := strings.CutPrefix(line, keyPrefix)
	fields := strings.Fields(rest)
	if len(fields) == 0 {
		return Key{}, errors.New("release: no key: want 64 hexadecimal digits, or a mapping that anonet wrote")
	}
	return ParseKey(fields[0])
}
