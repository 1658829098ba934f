"""Tests of the file formats of the anonet package that need no anonet binary."""

import os
import random
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

try:
    import networkx as nx
except ImportError:
    raise unittest.SkipTest("networkx is not installed (Debian package python3-networkx)")

from anonet import _files  # noqa: E402


class QuoteTest(unittest.TestCase):
    def test_split_reverses_quote(self):
        cases = [
            "plain", "with space", "a,b", "tab\there", 'q"uote', '"lead', "#hash", "%pct",
            "  lead", "trail ", "v\vf\f", "(1, 2)", "ünïcödé", "back\\slash", "x" * 300,
        ]
        rng = random.Random(1)
        alphabet = 'ab ,\t"#%\\\v\f'
        for _ in range(500):
            s = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 8)))
            cases.append(s)
        for a in cases:
            for b in ("other", 'x"y', "p q"):
                line = _files.quote_field(a) + " " + _files.quote_field(b)
                self.assertEqual(_files.split_fields(line), [a, b], "line %r" % line)

    def test_plain_labels_are_not_quoted(self):
        for s in ("alice", "007", "+316", "a-b.c", "x#y"):
            self.assertEqual(_files.quote_field(s), s)

    def test_split_errors(self):
        for line in ('"open', '"a"b c'):
            with self.assertRaises(ValueError, msg=line):
                _files.split_fields(line)

    def test_split_separators(self):
        self.assertEqual(_files.split_fields(" a,\tb ,c"), ["a", "b", "c"])
        self.assertEqual(_files.split_fields('""""'), ['"'])


class LabelsTest(unittest.TestCase):
    def test_strings_when_distinct_and_writable(self):
        G = nx.Graph([("a", 7), ((1, 2), "b c")])
        labels = _files.Labels(G)
        self.assertEqual(labels.text, {"a": "a", 7: "7", (1, 2): "(1, 2)", "b c": "b c"})
        self.assertEqual(labels.node["7"], 7)

    def test_positions_when_not(self):
        bads = ([1, "1"], ["x", ""], ["x", "line\nbreak"], ["x", "cr\r"], ["x", "nul\x00"], ["x", "\ud800"])
        for bad in bads:
            G = nx.Graph()
            G.add_nodes_from(bad)
            labels = _files.Labels(G)
            self.assertEqual([labels.text[v] for v in G], ["0", "1"], bad)
            self.assertEqual([labels.node[t] for t in ("0", "1")], list(G))

    def test_unknown_text(self):
        labels = _files.Labels(nx.path_graph(2))
        with self.assertRaises(_files.AnonetError):
            labels.of("2")


class EdgeListTest(unittest.TestCase):
    def test_round_trip_with_isolated_nodes(self):
        G = nx.Graph()
        G.add_edges_from([(0, 1), (1, 2), (5, 0)])
        G.add_nodes_from([9, 3])
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "g.edges")
            _files.write_edge_list(G, path, _files.Labels(G))
            with open(path, encoding="utf-8") as f:
                first = f.readline()
            self.assertTrue(first.startswith("# anonet edge list: 6 nodes, 3 edges;"), first)
            H = _files.read_edge_list(path, False)
        self.assertEqual(set(H), set(G))
        self.assertEqual({frozenset(e) for e in H.edges()}, {frozenset(e) for e in G.edges()})

    def test_directed(self):
        G = nx.DiGraph([(0, 1), (1, 0), (1, 2)])
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "g.edges")
            _files.write_edge_list(G, path, _files.Labels(G))
            H = _files.read_edge_list(path, True)
        self.assertEqual(set(H.edges()), set(G.edges()))

    def test_declared_node_count_checked(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "g.edges")
            with open(path, "w") as f:
                f.write("# anonet edge list: 4 nodes, 1 edges; a line with a single id is an isolated node\n")
                f.write("0 1\n2\n")
            with self.assertRaisesRegex(_files.AnonetError, "declares 4 nodes, but 3"):
                _files.read_edge_list(path, False)

    def test_release_ids(self):
        self.assertEqual(_files.release_node("12"), 12)
        for s in ("012", "-1", "1.0", "x", "1" * 19):
            self.assertEqual(_files.release_node(s), s)


class MappingTest(unittest.TestCase):
    def test_escape_round_trip(self):
        for s in ("plain", "tab\there", "back\\slash", "lf\nand\rcr", "\\t literal", ""):
            e = _files.escape(s)
            self.assertNotIn("\t", e)
            self.assertNotIn("\n", e)
            self.assertEqual(_files.unescape(e), s)
        self.assertEqual(_files.escape("a\\b\tc"), "a\\\\b\\tc")

    def test_unescape_errors(self):
        for s in ("end\\", "bad\\x"):
            with self.assertRaises(ValueError):
                _files.unescape(s)

    def test_read_mapping(self):
        key = "0123456789abcdef" * 4
        text = (
            "# anonet release key %s (keep this file secret: it links the release to the original)\n"
            "original\tanonymized\n"
            "tab\\there\t3\n"
            "back\\\\slash\t0\r\n"
            "\n"
            "plain\t1\n" % key
        )
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "m.tsv")
            with open(path, "w", newline="") as f:
                f.write(text)
            got_key, pairs = _files.read_mapping(path)
            self.assertEqual(got_key, key)
            self.assertEqual(pairs, [("tab\there", "3"), ("back\\slash", "0"), ("plain", "1")])
            with open(path, "w") as f:
                f.write("from\tto\na\t1\n")
            with self.assertRaisesRegex(ValueError, "want the header"):
                _files.read_mapping(path)

    def test_write_then_read(self):
        G = nx.Graph([("tab\tx", "b")])
        R = nx.Graph([(0, 1)])
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "m.tsv")
            _files.write_mapping(path, {"tab\tx": 1, "b": 0}, _files.Labels(G), _files.Labels(R))
            self.assertEqual(_files.read_mapping(path), (None, [("tab\tx", "1"), ("b", "0")]))
            with self.assertRaises(ValueError):
                _files.write_mapping(path, {"nobody": 1}, _files.Labels(G), _files.Labels(R))


class CheckTest(unittest.TestCase):
    def test_multigraph_refused(self):
        for G in (nx.MultiGraph([(0, 1), (0, 1)]), nx.MultiDiGraph([(0, 1)])):
            with self.assertRaisesRegex(TypeError, "simple graphs"):
                _files.check_simple(G)
        with self.assertRaises(TypeError):
            _files.check_simple([(0, 1)])

    def test_known_list(self):
        self.assertEqual(_files.known_list("sex"), ["sex"])
        self.assertEqual(_files.known_list(("sex", "age")), ["sex", "age"])
        self.assertIsNone(_files.known_list(None))
        for bad in ([], ["a,b"], [""], ["a", "a"]):
            with self.assertRaises(ValueError, msg=repr(bad)):
                _files.known_list(bad)

    def test_attribute_table(self):
        G = nx.Graph([("a b", 2)])
        G.nodes["a b"]["id"] = "x,y"
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "a.csv")
            col = _files.write_attributes(G, path, _files.Labels(G), ["id"])
            with open(path, encoding="utf-8") as f:
                text = f.read()
            with self.assertRaisesRegex(ValueError, "no node of the graph has the attribute 'age'"):
                _files.write_attributes(G, path, _files.Labels(G), ["age"])
        self.assertEqual(col, "_id")
        self.assertEqual(text, '_id,id\na b,"x,y"\n2,\n')


if __name__ == "__main__":
    unittest.main()
