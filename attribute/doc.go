// Package attribute holds categorical node attributes that an attacker may
// know about people in a network (age group, sex, municipality), read from
// a side table, so that the anonymity measures can refine their signatures
// by them (measure.Refined) and a release can carry them unchanged.
//
// A Table is read from an RFC 4180 CSV file with a header row: one column
// holds node ids (the labels of the network's nodes), the others are
// attributes. Values are categories compared for equality only; a node
// without a row has the empty value in every column, a category of its own.
package attribute
