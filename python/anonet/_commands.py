"""The functions of the package: one per anonet command."""

import os
import re
import tempfile

from ._errors import TargetNotMet
from ._files import (
    Labels,
    check_simple,
    known_list,
    read_edge_list,
    read_mapping,
    release_node,
    write_attributes,
    write_edge_list,
    write_mapping,
)
from ._run import run


class ReleaseMapping(dict):
    """The secret mapping of a release: original node → release node.

    It is a dict; key is the release's secret key (64 hexadecimal digits)
    from anonet's mapping file, or None. Passing the mapping as
    anonymize(..., key=mapping) gives the release the same ids again. Keep
    both secret: they link the release to the original.
    """

    def __init__(self, pairs=(), key=None):
        super().__init__(pairs)
        self.key = key

    def __repr__(self):
        return "ReleaseMapping(%s)" % dict.__repr__(self)


class Verification:
    """The outcome of verify: true when the target holds.

    ok is whether it holds, result anonet's JSON result (with node labels
    translated back to the graph's nodes) and not_k_anonymous_nodes the
    nodes that are not k-anonymous. bool(v) is v.ok, so `if verify(G):`
    reads as it should.
    """

    def __init__(self, ok, result):
        self.ok = ok
        self.result = result
        self.not_k_anonymous_nodes = result.get("not_k_anonymous_nodes") or []

    def __bool__(self):
        return self.ok

    def __repr__(self):
        return "Verification(ok=%r, not_k_anonymous=%r, required=%r)" % (
            self.ok,
            self.result.get("not_k_anonymous"),
            self.result.get("required"),
        )


class _Files:
    """The temporary directory of one call and the graphs written into it.

    The directory is private to the user (mode 0700) and removed with
    everything in it, mapping files included, when the call returns.
    """

    def __init__(self):
        self._dir = tempfile.TemporaryDirectory(prefix="anonet-")
        self.names = {}  # path → what to call it in results

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self._dir.cleanup()

    def path(self, name):
        return os.path.join(self._dir.name, name)

    def graph(self, G, name, display):
        """Write G as name.edges and return (path, its Labels)."""
        labels = Labels(G)
        path = self.path(name + ".edges")
        write_edge_list(G, path, labels)
        self.names[path] = display
        return path, labels

    def rename(self, result):
        """Replace the temporary paths among the top-level values of result."""
        if isinstance(result, dict):
            for field, value in result.items():
                if isinstance(value, str) and value in self.names:
                    result[field] = self.names[value]


def _graph_name(G, default):
    return G.name if getattr(G, "name", "") else default


def _common(G, threads, seed):
    args = []
    if G.is_directed():
        args.append("--directed")
    if threads is not None:
        args += ["--threads", int(threads)]
    if seed is not None:
        args += ["--seed", int(seed)]
    return args


def _measures(measure):
    if isinstance(measure, str):
        return measure
    return ",".join(measure)


def _attributes(files, G, labels, known, name="attributes.csv", flag="--attributes", what="graph"):
    """Write the attribute table of G for known; return the flags that pass it."""
    path = files.path(name)
    id_column = write_attributes(G, path, labels, known, what)
    return [flag, path, "--id-column", id_column]


def _nodes(labels, texts):
    return [labels.of(t) for t in texts]


def _translate_measure(result, labels, classes):
    """Turn the node labels of a measure or verify result into the graph's nodes."""
    if "class_members" in result:
        result["class_members"] = [_nodes(labels, c) for c in result["class_members"]]
        if classes:
            result["class_of"] = {v: i for i, c in enumerate(result["class_members"]) for v in c}
    if "not_k_anonymous_nodes" in result:
        result["not_k_anonymous_nodes"] = _nodes(labels, result["not_k_anonymous_nodes"] or [])
    fuzzy = result.get("fuzzy")
    if isinstance(fuzzy, dict) and fuzzy.get("sets"):
        for s in fuzzy["sets"]:
            s["node"] = labels.of(s["node"])
            s["similar"] = _nodes(labels, s["similar"])


def measure(
    G,
    measure="count",
    d=1,
    k=2,
    *,
    classes=False,
    unique=False,
    known=None,
    threads=None,
    extra_args=(),
):
    """Measure the anonymity of the nodes of G (anonet measure --json).

    measure names the attacker's knowledge (degree, count, degdist, dk, vrq,
    hybrid, edgecount, none, automorphism); a list of names gives a list of
    results. d is the distance, k the anonymity wanted. Returns anonet's
    JSON result as a dict: nodes, edges, unique, not_k_anonymous, classes,
    class_sizes (size → number of classes) and so on.

    classes=True adds class_members (a list of lists of nodes of G) and
    class_of (node → index into class_members); unique=True adds
    not_k_anonymous_nodes. known names node attributes of G that the
    attacker also knows. extra_args are passed to anonet as they are.
    """
    check_simple(G)
    known = known_list(known)
    with _Files() as files:
        path, labels = files.graph(G, "graph", _graph_name(G, "graph"))
        args = ["measure", path, "--measure", _measures(measure), "-d", int(d), "-k", int(k)]
        if classes:
            args.append("--classes")
        if unique:
            args.append("--unique")
        if known:
            args += _attributes(files, G, labels, known) + ["--known", ",".join(known)]
        args += _common(G, threads, None) + list(extra_args)
        _, result = run(args)
        for r in result if isinstance(result, list) else [result]:
            files.rename(r)
            if unique:
                r.setdefault("not_k_anonymous_nodes", [])  # anonet omits an empty list
            _translate_measure(r, labels, classes)
    return result


def _key_flags(files, key):
    if key is None:
        return []
    if isinstance(key, ReleaseMapping):
        if key.key is None:
            raise ValueError("key: this mapping records no release key")
        key = key.key
    if not (isinstance(key, str) and re.fullmatch(r"[0-9A-Fa-f]{64}", key)):
        raise ValueError("key: want 64 hexadecimal digits or a ReleaseMapping from anonymize")
    path = files.path("release.key")
    with open(path, "w", encoding="ascii") as f:
        f.write(key + "\n")
    return ["--key-file", path]


def anonymize(
    G,
    measure="count",
    d=1,
    k=2,
    variant=None,
    alpha=None,
    budget=None,
    seed=None,
    *,
    algorithm=None,
    refine=None,
    effort=None,
    time_limit=None,
    operation=None,
    recompute=None,
    known=None,
    release_attributes=True,
    key=None,
    trace=None,
    allow_unmet=False,
    threads=None,
    extra_args=(),
):
    """Alter G until its nodes are k-anonymous (anonet anonymize --json).

    Returns (release, mapping, result): the release as a networkx Graph (a
    DiGraph if G is one) whose nodes are the release's fresh ids (ints
    0..n-1, isolated nodes included), the secret ReleaseMapping from each
    node of G to its release node, and anonet's JSON result (edges_altered,
    not_k_anonymous_after, target_reached, ...).

    variant is full, partial or budgeted; None leaves the choice to anonet:
    full, or partial when alpha alone is given, budgeted when budget alone
    is (a number of alterations or a percentage such as "5%"). seed makes
    the algorithm's choices reproducible, never the ids: key (64
    hexadecimal digits, or the mapping of an earlier release) does that.
    algorithm, refine, effort, time_limit (seconds, or a string such as
    "30s"), operation and recompute are anonet's options of the same names.

    known names node attributes of G the attacker knows; the release then
    carries those attributes (values unchanged) unless
    release_attributes=False, and no other node data. trace names a CSV
    file to write one row per iteration to (for report).

    When the target is not met, TargetNotMet is raised with the result of
    the best state, unless allow_unmet=True, which returns that state.
    """
    check_simple(G)
    known = known_list(known)
    with _Files() as files:
        path, labels = files.graph(G, "graph", _graph_name(G, "graph"))
        out, mpath = files.path("release.edges"), files.path("mapping.tsv")
        files.names[out] = "release"
        args = ["anonymize", path, "-o", out, "--mapping", mpath]
        args += ["--measure", _measures(measure), "-d", int(d), "-k", int(k)]
        for flag, value in (
            ("--variant", variant),
            ("--alpha", alpha),
            ("--budget", budget),
            ("--algorithm", algorithm),
            ("--refine", refine),
            ("--effort", effort),
            ("--operation", operation),
            ("--recompute", recompute),
            ("--trace", None if trace is None else os.fspath(trace)),
        ):
            if value is not None:
                args += [flag, value]
        if time_limit is not None:
            if isinstance(time_limit, (int, float)):
                time_limit = "%gs" % time_limit
            args += ["--time-limit", time_limit]
        if known:
            args += _attributes(files, G, labels, known)
            args += ["--known", ",".join(known), "--drop-attributes"]
        if allow_unmet:
            args.append("--allow-unmet")
        args += _key_flags(files, key)
        args += _common(G, threads, seed) + list(extra_args)
        code, result = run(args, ok=(0, 3))
        files.rename(result)
        if code == 3:
            raise TargetNotMet(result.get("error") or "target not met", exit=3, result=result)
        release = read_edge_list(out, G.is_directed())
        key_hex, pairs = read_mapping(mpath)
    mapping = ReleaseMapping(key=key_hex)
    for o, r in pairs:
        node = release_node(r)
        if node not in release:
            raise ValueError("anonet's mapping names %r, which is not in the release" % r)
        mapping[labels.of(o)] = node
    if len(mapping) != G.number_of_nodes() or release.number_of_nodes() != G.number_of_nodes():
        raise ValueError(
            "anonet's release has %d nodes and its mapping %d, for %d nodes of the graph"
            % (release.number_of_nodes(), len(mapping), G.number_of_nodes())
        )
    if known and release_attributes:
        for v, r in mapping.items():
            data = G.nodes[v]
            for name in known:
                if name in data:
                    release.nodes[r][name] = data[name]
    return release, mapping, result


def verify(
    G,
    measure="count",
    d=1,
    k=2,
    alpha=None,
    *,
    known=None,
    threads=None,
    extra_args=(),
):
    """Check from scratch that G meets the target (anonet verify --json).

    The target: at least ceil(alpha·n) nodes (all with alpha None) are
    k-anonymous under the measure at distance d, for an attacker who also
    knows the node attributes named by known. Returns a Verification, true
    when the target holds; its not_k_anonymous_nodes are nodes of G.
    """
    check_simple(G)
    known = known_list(known)
    with _Files() as files:
        path, labels = files.graph(G, "graph", _graph_name(G, "graph"))
        args = ["verify", path, "--measure", _measures(measure), "-d", int(d), "-k", int(k)]
        if alpha is not None:
            args += ["--alpha", alpha]
        if known:
            args += _attributes(files, G, labels, known) + ["--known", ",".join(known)]
        args += _common(G, threads, None) + list(extra_args)
        code, result = run(args, ok=(0, 3))
        files.rename(result)
    _translate_measure(result, labels, False)
    return Verification(code == 0, result)


def _pair(files, original, release, mapping, known):
    """Write original, release, their mapping and (with known) attribute tables.

    Returns (paths and flags for anonet, the originals' Labels). A mapping
    of None pairs the nodes that the two graphs share.
    """
    check_simple(original)
    check_simple(release)
    if original.is_directed() != release.is_directed():
        raise TypeError("the original and the release must both be directed, or neither")
    opath, olabels = files.graph(original, "original", _graph_name(original, "original"))
    rpath, rlabels = files.graph(release, "release", _graph_name(release, "release"))
    if mapping is None:
        mapping = {v: v for v in original if v in release}
    mpath = files.path("mapping.tsv")
    write_mapping(mpath, mapping, olabels, rlabels)
    args = [opath, rpath, "--mapping", mpath]
    if known:
        args += _attributes(files, original, olabels, known, what="original")
        # The same known names give both tables the same id column.
        args += _attributes(
            files, release, rlabels, known, "release-attributes.csv", "--release-attributes", "release"
        )[:2]
        args += ["--known", ",".join(known)]
    return args


def attack(
    original,
    release,
    mapping,
    seeds=(0, 10, 100),
    *,
    theta=None,
    known=None,
    seed=None,
    threads=None,
    extra_args=(),
):
    """Attack release with the structure of original (anonet attack --json).

    mapping says which release node is which original node (the
    ReleaseMapping from anonymize; None: the nodes the graphs share). The
    attacker starts from s correctly matched seed pairs for each s of
    seeds. Returns anonet's JSON result: one entry of attacks per s, with
    fraction_reidentified, precision and so on. known names node
    attributes, of both graphs, that the attacker also knows.
    """
    known = known_list(known)
    if isinstance(seeds, int):
        seeds = (seeds,)
    with _Files() as files:
        args = ["attack"] + _pair(files, original, release, mapping, known)
        args += ["--seeds", ",".join(str(int(s)) for s in seeds)]
        if theta is not None:
            args += ["--theta", theta]
        args += _common(original, threads, seed) + list(extra_args)
        _, result = run(args)
        files.rename(result)
    return result


def report(
    original,
    release,
    mapping,
    path,
    measure="count",
    d=1,
    k=2,
    alpha=None,
    *,
    trace=None,
    known=None,
    plot=None,
    seed=None,
    threads=None,
    extra_args=(),
):
    """Write the HTML report of release against original to path (anonet report).

    The target is that of verify (measure, d, k, alpha); trace is the CSV
    file anonymize(..., trace=FILE) wrote; plot names a directory for the
    figures. Returns anonet's JSON summary (target_reached, edges_deleted,
    metrics_preserved, ...).
    """
    known = known_list(known)
    with _Files() as files:
        args = ["report"] + _pair(files, original, release, mapping, known)
        args += ["-o", os.fspath(path), "--measure", _measures(measure), "-d", int(d), "-k", int(k)]
        if alpha is not None:
            args += ["--alpha", alpha]
        for flag, value in (("--trace", trace), ("--plot", plot)):
            if value is not None:
                args += [flag, os.fspath(value)]
        args += _common(original, threads, seed) + list(extra_args)
        _, result = run(args)
        files.rename(result)
    return result


def utility(original, release, mapping, *, metrics=None, seed=None, threads=None, extra_args=()):
    """Measure how much of original's usefulness survived in release (anonet utility --json).

    mapping is as for attack; metrics is a list of anonet's metric names
    (default: all). Returns anonet's JSON result, with one entry of metrics
    per metric (original, anonymized, relative_change, preserved).
    """
    with _Files() as files:
        args = ["utility"] + _pair(files, original, release, mapping, None)
        if metrics is not None:
            args += ["--metrics", metrics if isinstance(metrics, str) else ",".join(metrics)]
        args += _common(original, threads, seed) + list(extra_args)
        _, result = run(args)
        files.rename(result)
    return result
