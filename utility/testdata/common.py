"""Shared helpers of the golden-data scripts: the networks and how they are read.

The networks are read by a parser written here (not by anonet), node labels
are the ids of the files, as in anonet's readers.
"""
import gzip
import os

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = os.path.join(HERE, "..", "..", "examples", "data")
SHARED = os.path.join(HERE, "..", "..", "..", "shared", "datasets", "anonet")

# name -> (kind, path)
NETWORKS = {
    "karate": ("edges", os.path.join(EXAMPLES, "karate.edges")),
    "lesmis": ("edges", os.path.join(EXAMPLES, "lesmis.edges")),
    "dolphins": ("edges", os.path.join(EXAMPLES, "dolphins.edges")),
    "football": ("edges", os.path.join(EXAMPLES, "football.edges")),
    "out.opsahl-powergrid.nauty": ("nauty", os.path.join(SHARED, "out.opsahl-powergrid.nauty")),
    "out.dimacs10-netscience.nauty": ("nauty", os.path.join(SHARED, "out.dimacs10-netscience.nauty")),
    "out.arenas-email.nauty": ("nauty", os.path.join(SHARED, "out.arenas-email.nauty")),
}


def read(name):
    """Returns (nodes, edges): node labels (str) and edges as label pairs."""
    kind, path = NETWORKS[name]
    opener = gzip.open if path.endswith(".gz") else open
    nodes, edges = [], set()
    seen = set()

    def node(x):
        if x not in seen:
            seen.add(x)
            nodes.append(x)

    with opener(path, "rt") as f:
        if kind == "edges":
            for line in f:
                line = line.strip()
                if not line or line[0] in "#%":
                    continue
                a = line.split()
                node(a[0])
                if len(a) > 1:
                    node(a[1])
                    if a[0] != a[1]:
                        edges.add(tuple(sorted((a[0], a[1]), key=int)))
        else:
            n = None
            for line in f:
                line = line.strip()
                if line.startswith("!"):
                    if line.startswith("!n="):
                        n = int(line[3:])
                    continue
                if not line:
                    continue
                head, _, rest = line.partition(":")
                v = int(head)
                for w in rest.replace(";", " ").replace(".", " ").split():
                    w = int(w)
                    if w != v:
                        edges.add((min(v, w), max(v, w)))
            nodes = [str(i) for i in range(n)]
            edges = {(str(a), str(b)) for a, b in edges}
    return nodes, sorted(edges, key=lambda e: (int(e[0]), int(e[1])))


def perturbed(edges):
    """The perturbed graph of the tests: every edge whose position in the
    sorted edge list is 3 modulo 10 is deleted."""
    return [e for i, e in enumerate(edges) if i % 10 != 3]


def available(name):
    return os.path.exists(NETWORKS[name][1])
