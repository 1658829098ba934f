// Package marks holds Set, marks on dense ids that are all cleared at once
// by starting a new generation, with the wraparound of the generation
// counter handled in one place. The graph, canonical labelling and
// anonymization code use it wherever a pass marks the neighbours of one
// node after another.
package marks
