"""Moving graphs, mappings and attribute tables between networkx and anonet's files.

A graph goes to anonet as an edge list that starts with anonet's own header
comment (EDGE_LIST_MAGIC), so that a line with a single id is an isolated
node. Node labels travel as text; Labels keeps the table from a node to its
text and back, so that labels which are not strings come back as they were.
"""

import csv
import re

import networkx as nx

from ._errors import AnonetError

# EDGE_LIST_MAGIC starts the first line of an edge list written by anonet
# (graphio.EdgeListMagic); anonet reads lines with a single id as isolated
# nodes only in files that start with it.
EDGE_LIST_MAGIC = "# anonet edge list"

# MAPPING_HEADER is the header line of a mapping file (release.MappingHeader).
MAPPING_HEADER = "original\tanonymized"

# The characters that end an unquoted edge-list field (graphio's fieldBreaks).
_FIELD_BREAKS = " \t,\r\v\f\n"

_CANONICAL_DECIMAL = re.compile(r"(0|[1-9][0-9]{0,17})\Z")


def check_simple(G):
    """Raise TypeError unless G is a networkx Graph or DiGraph."""
    if not isinstance(G, nx.Graph):
        raise TypeError("want a networkx Graph or DiGraph, got %s" % type(G).__name__)
    if G.is_multigraph():
        raise TypeError(
            "anonet works on simple graphs, not on a %s: convert it with "
            "networkx.Graph(G) or networkx.DiGraph(G), which keeps one edge per pair"
            % type(G).__name__
        )


def _writable(text):
    """Report whether text can be a node id of an edge list, quoted if need be."""
    if text == "" or "\n" in text or "\r" in text or "\x00" in text:
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # lone surrogates
        return False
    return True


def quote_field(text):
    """Return text as an edge-list field, quoted as in RFC 4180 when it must be."""
    if text and not any(c in _FIELD_BREAKS or c == '"' for c in text) and text[0] not in "#%":
        return text
    return '"' + text.replace('"', '""') + '"'


class Labels:
    """The text of every node of a graph in anonet's files, and back.

    Nodes are written as str(node) when those texts are distinct and fit an
    edge list (non-empty, one line, no NUL); else every node is written as its
    position 0..n-1 in the graph's node order. text[node] is a node's text,
    node[text] the node of a text.
    """

    def __init__(self, G):
        nodes = list(G)
        texts = [str(v) for v in nodes]
        if not (all(_writable(t) for t in texts) and len(set(texts)) == len(texts)):
            texts = [str(i) for i in range(len(nodes))]
        self.by_position = list(zip(nodes, texts))
        self.text = dict(self.by_position)
        self.node = {t: v for v, t in self.by_position}

    def of(self, text, what="graph"):
        """Return the node whose text is text; raise AnonetError if none."""
        try:
            return self.node[text]
        except KeyError:
            raise AnonetError("anonet named a node %r that is not in the %s" % (text, what)) from None


def write_edge_list(G, path, labels):
    """Write G to path as an anonet edge list with the texts of labels.

    Every edge (every arc of a DiGraph) is a line "u v"; every node without
    edges is a line with its id alone, which the header comment allows.
    """
    what = "arcs" if G.is_directed() else "edges"
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(
            "%s: %d nodes, %d %s; a line with a single id is an isolated node "
            "(written by the anonet Python package)\n"
            % (EDGE_LIST_MAGIC, G.number_of_nodes(), G.number_of_edges(), what)
        )
        q = {v: quote_field(t) for v, t in labels.by_position}
        for u, v in G.edges():
            f.write("%s %s\n" % (q[u], q[v]))
        for v in G:
            if G.degree(v) == 0:
                f.write(q[v] + "\n")


def split_fields(line):
    """Split an edge-list line at spaces, tabs and commas, with RFC 4180 quotes.

    Returns the list of fields (unquoted). A quoted field must close on its
    line; ValueError says so when it does not.
    """
    fields = []
    i, n = 0, len(line)
    while True:
        while i < n and line[i] in _FIELD_BREAKS:
            i += 1
        if i == n:
            return fields
        if line[i] == '"':
            j = i + 1
            parts = []
            while True:
                k = line.find('"', j)
                if k < 0:
                    raise ValueError("quoted field not closed on its line")
                parts.append(line[j:k])
                if k + 1 < n and line[k + 1] == '"':
                    parts.append('"')
                    j = k + 2
                    continue
                break
            fields.append("".join(parts))
            i = k + 1
            if i < n and line[i] not in _FIELD_BREAKS:
                raise ValueError("text after the closing quote of a quoted field")
        else:
            j = i
            while j < n and line[j] not in _FIELD_BREAKS:
                j += 1
            fields.append(line[i:j])
            i = j


def release_node(text):
    """Return a release's node id: an int when text is a canonical decimal, else text."""
    return int(text) if _CANONICAL_DECIMAL.match(text) else text


_HEADER_COUNTS = re.compile(r"# anonet edge list: (\d+) nodes, (\d+) edges")


def read_edge_list(path, directed):
    """Read an edge list that anonet wrote into a networkx Graph (DiGraph if directed).

    Node ids become ints when they are canonical decimals (a release's fresh
    ids). A line with a single id is an isolated node. The node and edge
    counts of the header comment are checked.
    """
    G = nx.DiGraph() if directed else nx.Graph()
    declared = None
    with open(path, encoding="utf-8", newline="") as f:
        for lineno, line in enumerate(f, 1):
            line = line.rstrip("\n").rstrip("\r")
            if lineno == 1:
                m = _HEADER_COUNTS.match(line)
                if m:
                    declared = (int(m.group(1)), int(m.group(2)))
            stripped = line.lstrip(_FIELD_BREAKS)
            if not stripped or stripped[0] in "#%":
                continue
            try:
                fields = split_fields(line)
            except ValueError as err:
                raise AnonetError("%s line %d: %s" % (path, lineno, err)) from None
            ids = [release_node(t) for t in fields[:2]]
            if len(ids) == 1:
                G.add_node(ids[0])
            else:
                G.add_edge(ids[0], ids[1])
    if declared is not None and declared[0] != G.number_of_nodes():
        raise AnonetError(
            "%s declares %d nodes, but %d were read" % (path, declared[0], G.number_of_nodes())
        )
    return G


def escape(text):
    """Escape a label for a mapping file: backslash, TAB, LF, CR as \\\\ \\t \\n \\r."""
    return (
        text.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")
    )


_UNESCAPES = {"\\": "\\", "t": "\t", "n": "\n", "r": "\r"}


def unescape(field):
    """Reverse escape; ValueError for a lone backslash or an unknown escape."""
    if "\\" not in field:
        return field
    out = []
    i = 0
    while i < len(field):
        c = field[i]
        if c != "\\":
            out.append(c)
            i += 1
            continue
        if i + 1 == len(field):
            raise ValueError("%r ends in a lone backslash" % field)
        e = field[i + 1]
        if e not in _UNESCAPES:
            raise ValueError("%r has the unknown escape \\%s" % (field, e))
        out.append(_UNESCAPES[e])
        i += 2
    return "".join(out)


_KEY_LINE = re.compile(r"# anonet release key ([0-9A-Fa-f]{64})\b")


def read_mapping(path):
    """Read a mapping file that anonet anonymize --mapping wrote.

    Returns (key, pairs): the release key recorded in the comment line before
    the header (None if there is none), and the list of (original text,
    anonymized text) pairs, unescaped.
    """
    key = None
    pairs = []
    header = False
    with open(path, encoding="utf-8", newline="") as f:
        for lineno, line in enumerate(f, 1):
            line = line.rstrip("\n").rstrip("\r")
            if not header and line.startswith("#"):
                m = _KEY_LINE.match(line)
                if m:
                    key = m.group(1).lower()
                continue
            if not header:
                if line != MAPPING_HEADER:
                    raise ValueError(
                        "mapping %s line %d: want the header %r, got %r"
                        % (path, lineno, MAPPING_HEADER, line[:60])
                    )
                header = True
                continue
            if line == "":
                continue
            fields = line.split("\t")
            if len(fields) != 2:
                raise ValueError(
                    "mapping %s line %d: want 2 TAB-separated fields, got %d"
                    % (path, lineno, len(fields))
                )
            try:
                pairs.append((unescape(fields[0]), unescape(fields[1])))
            except ValueError as err:
                raise ValueError("mapping %s line %d: %s" % (path, lineno, err)) from None
    if not header:
        raise ValueError("mapping %s: no header line %r" % (path, MAPPING_HEADER))
    return key, pairs


def write_mapping(path, mapping, original, release):
    """Write mapping (original node → release node) as a mapping file.

    original and release are the Labels of the two graphs; a node of mapping
    missing from either raises ValueError.
    """
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(MAPPING_HEADER + "\n")
        for o, r in mapping.items():
            if o not in original.text:
                raise ValueError("mapping: %r is not a node of the original graph" % (o,))
            if r not in release.text:
                raise ValueError("mapping: %r is not a node of the release" % (r,))
            f.write("%s\t%s\n" % (escape(original.text[o]), escape(release.text[r])))


def known_list(known):
    """Return the attribute names of known as a list (a str is one name)."""
    if known is None:
        return None
    names = [known] if isinstance(known, str) else [str(k) for k in known]
    if not names:
        raise ValueError("known: name at least one node attribute")
    for name in names:
        if not name or "," in name:
            raise ValueError("known: attribute name %r must be non-empty and hold no comma" % name)
    if len(set(names)) != len(names):
        raise ValueError("known: an attribute is named twice in %r" % (names,))
    return names


def write_attributes(G, path, labels, known, what="graph"):
    """Write the node attributes known of G as an anonet attribute table (CSV).

    Returns the name of the id column. The first column holds the nodes'
    texts, one column per attribute follows; a node without a value gets an
    empty field (anonet's category of its own). An attribute that no node
    has raises ValueError, since it is far more likely a typo.
    """
    for name in known:
        if not any(name in data for _, data in G.nodes(data=True)):
            raise ValueError("known: no node of the %s has the attribute %r" % (what, name))
    id_column = "id"
    while id_column in known:
        id_column = "_" + id_column
    with open(path, "w", encoding="utf-8", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow([id_column] + list(known))
        for v, data in G.nodes(data=True):
            row = [labels.text[v]]
            for name in known:
                value = data.get(name)
                row.append("" if value is None else str(value))
            w.writerow(row)
    return id_column
