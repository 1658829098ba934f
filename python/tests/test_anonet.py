"""End-to-end tests of the anonet package: they run the anonet binary.

The binary is $ANONET when set; else the tests build it once from this
repository (go build ./cmd/anonet) into a temporary directory.
"""

import collections
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import unittest

PYTHON_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, PYTHON_DIR)

try:
    import networkx as nx
except ImportError:
    raise unittest.SkipTest("networkx is not installed (Debian package python3-networkx)")

import anonet  # noqa: E402

_build_dir = None
_saved_env = None


def setUpModule():
    global _build_dir, _saved_env
    _saved_env = os.environ.get("ANONET")
    if _saved_env:
        return
    root = os.path.dirname(PYTHON_DIR)
    if not os.path.isfile(os.path.join(root, "cmd", "anonet", "main.go")):
        raise unittest.SkipTest("ANONET is not set and %s holds no cmd/anonet to build" % root)
    if shutil.which("go") is None:
        raise unittest.SkipTest("ANONET is not set and go is not on PATH to build anonet")
    _build_dir = tempfile.mkdtemp(prefix="anonet-python-test-")
    binary = os.path.join(_build_dir, "anonet")
    proc = subprocess.run(
        ["go", "build", "-o", binary, "./cmd/anonet"],
        cwd=root,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        universal_newlines=True,
    )
    if proc.returncode != 0:
        raise RuntimeError("go build ./cmd/anonet failed:\n" + proc.stdout)
    os.environ["ANONET"] = binary


def tearDownModule():
    if _saved_env is None:
        os.environ.pop("ANONET", None)
    if _build_dir:
        shutil.rmtree(_build_dir, ignore_errors=True)


def cli_json(*args):
    """Run the anonet binary directly and return its JSON result."""
    proc = subprocess.run(
        [os.environ["ANONET"]] + list(args) + ["--json", "--quiet"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        universal_newlines=True,
    )
    return json.loads(proc.stdout)


def count_classes(G, attribute=None):
    """The classes of the count measure at d = 1, computed here from scratch.

    A node's signature is its degree and the number of edges among its
    neighbours (the ball's nodes and edges), and with attribute its value.
    """
    triangles = nx.triangles(G)
    classes = collections.defaultdict(set)
    for v in G:
        sig = (G.degree(v), triangles[v])
        if attribute:
            sig = (G.nodes[v].get(attribute),) + sig
        classes[sig].add(v)
    return {frozenset(c) for c in classes.values()}


def unique_count(classes):
    return sum(1 for c in classes if len(c) == 1)


# TRICKY labels fit an edge list as str(label), quoted where they must be.
TRICKY = [
    "alice", "bob smith", 'q"uote', '"lead', "#hash", "%pct", "a,b", "tab\there",
    "back\\slash", 7, 42, (1, 2), ("x", 3), "007", "  lead", "trail ", "ünï", "v\vf",
]
# AWKWARD labels do not (1 and "1" collide, "" is empty, a line break): they
# travel as positions.
AWKWARD = [1, "1", "", "line\nbreak", (1, 2), "x"]


def labelled(labels, isolated, seed):
    """A random graph whose nodes are labels, plus the isolated nodes."""
    rng = random.Random(seed)
    G = nx.gnm_random_graph(len(labels), 2 * len(labels), seed=seed)
    nodes = list(labels)
    rng.shuffle(nodes)
    G = nx.relabel_nodes(G, dict(enumerate(nodes)))
    G.add_nodes_from(isolated)
    return G


def edge_set(G):
    if G.is_directed():
        return set(G.edges())
    return {frozenset(e) for e in G.edges()}


class MeasureTest(unittest.TestCase):
    def test_karate_matches_command_and_oracle(self):
        G = nx.karate_club_graph()
        got = anonet.measure(G)
        cli = cli_json("measure", "karate")
        for field in ("nodes", "edges", "unique", "not_k_anonymous", "classes", "class_sizes"):
            self.assertEqual(got[field], cli[field], field)
        oracle = count_classes(G)
        self.assertEqual(got["unique"], unique_count(oracle))
        self.assertEqual(got["unique"], 15)
        self.assertEqual(got["classes"], len(oracle))
        self.assertEqual(got["graph"], G.name)

    def test_classes_are_nodes(self):
        graphs = (
            nx.karate_club_graph(),
            labelled(TRICKY, [99, (5,), "iso late"], 1),
            labelled(AWKWARD, ["iso", 2.5], 2),
        )
        for G in graphs:
            got = anonet.measure(G, classes=True, unique=True)
            members = {frozenset(c) for c in got["class_members"]}
            self.assertEqual(members, count_classes(G), list(G))
            self.assertEqual(set(got["class_of"]), set(G))
            for v, i in got["class_of"].items():
                self.assertIn(v, got["class_members"][i])
            lonely = {v for c in members if len(c) == 1 for v in c}
            self.assertEqual(set(got["not_k_anonymous_nodes"]), lonely)
            self.assertEqual(got["nodes"], G.number_of_nodes())

    def test_several_measures(self):
        got = anonet.measure(nx.karate_club_graph(), ["degree", "count"], k=3)
        self.assertEqual([r["measure"] for r in got], ["degree", "count"])
        self.assertEqual(got[1]["k"], 3)

    def test_known_attributes(self):
        G = nx.karate_club_graph()
        rng = random.Random(3)
        for v in G:
            G.nodes[v]["age group"] = rng.choice(["young", "old"])
        got = anonet.measure(G, known=["club", "age group"], classes=True)
        self.assertEqual(got["known_attributes"], ["club", "age group"])
        triangles = nx.triangles(G)
        classes = collections.defaultdict(set)
        for v in G:
            classes[(G.nodes[v]["club"], G.nodes[v]["age group"], G.degree(v), triangles[v])].add(v)
        want = {frozenset(c) for c in classes.values()}
        self.assertEqual({frozenset(c) for c in got["class_members"]}, want)
        self.assertGreater(got["unique"], anonet.measure(G)["unique"])


class AnonymizeTest(unittest.TestCase):
    def check_release(self, G, release, mapping, result):
        self.assertEqual(type(release), type(nx.DiGraph() if G.is_directed() else nx.Graph()))
        self.assertEqual(release.number_of_nodes(), G.number_of_nodes())
        self.assertEqual(set(mapping), set(G))
        self.assertEqual(set(mapping.values()), set(release))
        self.assertEqual(set(release), set(range(G.number_of_nodes())))
        inverse = {r: v for v, r in mapping.items()}
        mapped = {(inverse[a], inverse[b]) for a, b in release.edges()}
        if not G.is_directed():
            mapped = {frozenset(e) for e in mapped}
        self.assertLessEqual(mapped, edge_set(G))
        if G.is_directed():
            # edges count pairs of nodes with a tie, ties count arcs.
            self.assertEqual(release.number_of_edges(), result["ties_after"])
            self.assertEqual(G.number_of_edges(), result["ties"])
            self.assertEqual(release.to_undirected().number_of_edges(), result["edges_after"])
        else:
            self.assertEqual(release.number_of_edges(), result["edges_after"])
            self.assertEqual(G.number_of_edges() - release.number_of_edges(), result["edges_deleted"])

    def test_karate(self):
        G = nx.karate_club_graph()
        release, mapping, result = anonet.anonymize(G, refine="restore")
        self.check_release(G, release, mapping, result)
        self.assertTrue(result["target_reached"])
        self.assertEqual(result["variant"], "full")
        self.assertEqual(result["graph"], G.name)
        self.assertEqual(result["output"], "release")
        self.assertGreater(result["edges_altered"], 0)
        self.assertEqual(release.nodes[0], {})  # no node data of the original leaks
        v = anonet.verify(release)
        self.assertTrue(v)
        self.assertEqual(v.not_k_anonymous_nodes, [])
        self.assertEqual(unique_count(count_classes(release)), 0)
        self.assertTrue(all(len(c) >= 2 for c in count_classes(release)))
        self.assertRegex(mapping.key, r"\A[0-9a-f]{64}\Z")

    def test_labels_and_isolated_nodes(self):
        for G in (labelled(TRICKY, [99, (5,), "iso late"], 4), labelled(AWKWARD, ["iso", 2.5], 5)):
            release, mapping, result = anonet.anonymize(G, refine="restore", k=2)
            self.check_release(G, release, mapping, result)
            for v in (99, (5,), "iso late", "iso", 2.5):
                if v in G:
                    self.assertEqual(release.degree(mapping[v]), 0)
            self.assertTrue(anonet.verify(release, k=2))

    def test_key_reproduces_ids(self):
        G = nx.karate_club_graph()
        release, mapping, _ = anonet.anonymize(G, refine="restore", seed=7)
        again, mapping2, _ = anonet.anonymize(G, refine="restore", seed=7, key=mapping)
        self.assertEqual(dict(mapping2), dict(mapping))
        self.assertEqual(edge_set(again), edge_set(release))
        other, mapping3, _ = anonet.anonymize(G, refine="restore", seed=7)
        self.assertNotEqual(dict(mapping3), dict(mapping))  # a fresh key, other ids

    def test_partial_and_budget(self):
        G = nx.karate_club_graph()
        release, _, result = anonet.anonymize(G, alpha=0.9, refine="restore")
        self.assertEqual(result["variant"], "partial")
        self.assertTrue(anonet.verify(release, alpha=0.9))
        release, _, result = anonet.anonymize(G, budget=5, allow_unmet=True)
        self.assertEqual(result["variant"], "budgeted")
        self.assertLessEqual(result["edges_altered"], 5)
        self.assertEqual(release.number_of_edges(), G.number_of_edges() - result["edges_altered"])

    def test_target_not_met(self):
        G = nx.karate_club_graph()
        with self.assertRaises(anonet.TargetNotMet) as cm:
            anonet.anonymize(G, variant="budgeted", budget=1)
        err = cm.exception
        self.assertEqual(err.exit, 3)
        self.assertFalse(err.result["target_reached"])
        self.assertFalse(err.result["written"])
        self.assertGreater(err.result["shortfall"], 0)
        self.assertIn("target not met", str(err))
        release, mapping, result = anonet.anonymize(G, variant="budgeted", budget=1, allow_unmet=True)
        self.assertFalse(result["target_reached"])
        self.check_release(G, release, mapping, result)
        self.assertFalse(anonet.verify(release))

    def test_directed(self):
        G = nx.gnp_random_graph(30, 0.12, seed=6, directed=True)
        G.add_node(30)
        got = anonet.measure(G)
        self.assertTrue(got.get("directed"))
        release, mapping, result = anonet.anonymize(G, refine="restore")
        self.check_release(G, release, mapping, result)
        self.assertTrue(anonet.verify(release))
        self.assertFalse(anonet.verify(G))
        # The same arcs, read as undirected, make another graph.
        self.assertNotEqual(anonet.measure(G)["unique"], anonet.measure(G.to_undirected())["unique"])

    def test_known_attributes(self):
        G = nx.karate_club_graph()
        release, mapping, result = anonet.anonymize(G, known=["club"], refine="restore")
        self.check_release(G, release, mapping, result)
        for v, r in mapping.items():
            self.assertEqual(release.nodes[r], {"club": G.nodes[v]["club"]})
        self.assertTrue(anonet.verify(release, known="club"))
        for classes in count_classes(release, "club"):
            self.assertGreaterEqual(len(classes), 2)
        bare, _, _ = anonet.anonymize(G, known=["club"], refine="restore", release_attributes=False)
        self.assertTrue(all(d == {} for _, d in bare.nodes(data=True)))
        with self.assertRaisesRegex(ValueError, "attribute 'club'"):
            anonet.verify(bare, known=["club"])


class VerifyTest(unittest.TestCase):
    def test_karate(self):
        G = nx.karate_club_graph()
        v = anonet.verify(G)
        self.assertFalse(v)
        self.assertEqual(v.result["not_k_anonymous"], 15)
        lonely = {u for c in count_classes(G) if len(c) == 1 for u in c}
        self.assertEqual(set(v.not_k_anonymous_nodes), lonely)
        self.assertTrue(anonet.verify(G, k=1))
        self.assertTrue(anonet.verify(G, alpha=0.5))  # 19 of 34 are 2-anonymous


class AttackReportTest(unittest.TestCase):
    def test_attack_copy(self):
        # Against an unaltered copy under other ids, with the true
        # correspondence, the seeds lead the attack far; with a wrong one it
        # cannot be right about many.
        G = nx.karate_club_graph()
        rng = random.Random(8)
        ids = list(range(100, 100 + G.number_of_nodes()))
        rng.shuffle(ids)
        true = dict(zip(G, ids))
        copy = nx.relabel_nodes(G, true)
        got = anonet.attack(G, copy, true, seeds=(0, 10))
        self.assertEqual([a["seeds"] for a in got["attacks"]], [0, 10])
        self.assertEqual(got["correspondence"], "mapping")
        with_seeds = got["attacks"][1]
        self.assertEqual(with_seeds["targets"], G.number_of_nodes() - 10)
        self.assertGreaterEqual(with_seeds["fraction_reidentified"], 0.5)
        wrong = dict(zip(G, ids[1:] + ids[:1]))
        bad = anonet.attack(G, copy, wrong, seeds=(10,))["attacks"][0]
        self.assertLess(bad["correct"], with_seeds["correct"])
        same = anonet.attack(G, G, None, seeds=10)["attacks"][0]
        self.assertEqual(same["targets"], G.number_of_nodes() - 10)

    def test_attack_and_report_of_release(self):
        G = labelled(TRICKY, ["iso"], 9)
        with tempfile.TemporaryDirectory() as tmp:
            trace = os.path.join(tmp, "trace.csv")
            release, mapping, result = anonet.anonymize(G, refine="restore", trace=trace)
            got = anonet.attack(G, release, mapping)
            for a in got["attacks"]:
                self.assertLessEqual(a["correct"], a["matched"])
                self.assertLessEqual(a["matched"], a["targets"])
            path = os.path.join(tmp, "report.html")
            rep = anonet.report(G, release, mapping, path, trace=trace)
            with open(path, encoding="utf-8") as f:
                html = f.read()
        self.assertIn("<html", html[:500].lower())
        self.assertEqual(rep["report"], path)
        self.assertTrue(rep["target_reached"])
        self.assertEqual(rep["edges_deleted"], result["edges_deleted"])
        self.assertEqual(rep["unique_after"], 0)
        self.assertEqual(rep["unique_before"], unique_count(count_classes(G)))
        util = anonet.utility(G, release, mapping, metrics=["components"])
        self.assertEqual(util["corresponding_nodes"], G.number_of_nodes())
        self.assertEqual(util["shared_edges"], 1)
        self.assertEqual(util["metrics"][0]["original"], nx.number_connected_components(G))
        self.assertEqual(util["metrics"][0]["anonymized"], nx.number_connected_components(release))

    def test_mismatched_graphs(self):
        with self.assertRaises(TypeError):
            anonet.attack(nx.Graph([(0, 1)]), nx.DiGraph([(0, 1)]), None)
        with self.assertRaises(ValueError):
            anonet.attack(nx.Graph([(0, 1)]), nx.Graph([(0, 1)]), {0: 5})


class ErrorTest(unittest.TestCase):
    def test_usage_error(self):
        with self.assertRaises(anonet.UsageError) as cm:
            anonet.measure(nx.karate_club_graph(), measure="nosuch")
        self.assertEqual(cm.exception.exit, 2)
        self.assertIn("nosuch", str(cm.exception))
        with self.assertRaises(anonet.UsageError):
            anonet.anonymize(nx.karate_club_graph(), variant="full", alpha=0.9)

    def test_multigraph(self):
        with self.assertRaisesRegex(TypeError, "networkx.Graph"):
            anonet.measure(nx.MultiGraph([(0, 1), (0, 1)]))

    def test_not_found(self):
        saved = os.environ["ANONET"], os.environ.get("PATH", "")
        try:
            os.environ["ANONET"] = os.path.join(tempfile.gettempdir(), "no-such-anonet")
            with self.assertRaisesRegex(anonet.AnonetNotFound, "ANONET="):
                anonet.measure(nx.path_graph(3))
            del os.environ["ANONET"]
            os.environ["PATH"] = ""
            hint = "go install github.com/anonet-project/anonet/cmd/anonet@latest"
            with self.assertRaisesRegex(anonet.AnonetNotFound, hint):
                anonet.find_binary()
        finally:
            os.environ["ANONET"], os.environ["PATH"] = saved


if __name__ == "__main__":
    unittest.main()
