package utility

// Software prefetching. The searches and Leiden's local moving read arrays
// indexed by node at random; once those arrays outgrow the processor's
// cache each read costs a trip to memory (about 90 ns on the test machine,
// whose second-level cache is 2 MB), and a node's reads form a chain: its
// offsets, then its adjacency, then its neighbours' entries. The loops
// therefore ask for the data of the nodes a few steps ahead (see
// prefetchSearch and leidenState.prefetchVisits), so that the misses of
// several nodes overlap.

// prefetchMax bounds the neighbours whose data is prefetched: the rest of a
// long list is read late enough for the processor to overlap its misses.
// Bounds from 2 to 32 gave the same speed within the machine's noise; a
// small one issues fewer instructions.
const prefetchMax = 8

// prefetchMinNodes is the smallest graph (or Leiden level) that is
// prefetched: 1.5 MB of Leiden community data, about the second-level
// cache of a current server core. On smaller graphs prefetching only costs:
// it made the exact utility table of the power grid (4,941 nodes) 60%
// slower, and Leiden's aggregate levels of 10^4–10^5 nodes 10–20% slower.
const prefetchMinNodes = 1 << 17
