#!/usr/bin/python3
"""Computes golden_igraph.json with Debian's python3 (python3-igraph 0.10.2,
python3-leidenalg 0.9.1, python3-networkx 2.8.8 with numpy, python3-scipy):

    cd utility/testdata && /usr/bin/python3 make_golden_igraph.py

For every network (read by common.py) and its perturbed version: degree
assortativity by networkx and by igraph; the Kolmogorov-Smirnov statistic
between the two degree sequences by scipy; the modularity of leidenalg's
ModularityVertexPartition (n_iterations=2, seeds 0..9) and of igraph's
community_leiden(objective_function="modularity", n_iterations=2, beta=0.01)
(Python random seeded 0..9). For karate, a few partitions with igraph's NMI
between them (compare_communities, method "nmi").
"""
import json
import random
import sys

import igraph as ig
import leidenalg
import networkx as nx
import scipy.stats

import common

RUNS = 10


def build(nodes, edges):
    idx = {v: i for i, v in enumerate(nodes)}
    g = ig.Graph(n=len(nodes), edges=[(idx[a], idx[b]) for a, b in edges])
    G = nx.Graph()
    G.add_nodes_from(nodes)
    G.add_edges_from(edges)
    return g, G


def leiden(g):
    la = [leidenalg.find_partition(g, leidenalg.ModularityVertexPartition, seed=s) for s in range(RUNS)]
    ip = []
    for s in range(RUNS):
        random.seed(s)
        ip.append(g.community_leiden(objective_function="modularity", n_iterations=2, beta=0.01))
    return la, ip


def summary(parts):
    q = [p.modularity for p in parts]
    return {"modularity": q, "mean": sum(q) / len(q), "max": max(q),
            "communities": [len(p) for p in parts]}


def main():
    gold = {"generator": "igraph %s, leidenalg %s, networkx %s, scipy %s" % (
        ig.__version__, leidenalg.version, nx.__version__, scipy.__version__), "networks": {}}
    for name in common.NETWORKS:
        if not common.available(name):
            print("skipping", name, file=sys.stderr)
            continue
        nodes, edges = common.read(name)
        pedges = common.perturbed(edges)
        g, G = build(nodes, edges)
        gp, Gp = build(nodes, pedges)
        la, ip = leiden(g)
        e = {
            "assortativity": nx.degree_assortativity_coefficient(G),
            "assortativity_igraph": g.assortativity_degree(directed=False),
            "assortativity_perturbed": nx.degree_assortativity_coefficient(Gp),
            "degree_ks": scipy.stats.ks_2samp(g.degree(), gp.degree()).statistic,
            "leidenalg": summary(la),
            "igraph_leiden": summary(ip),
        }
        if name == "karate":
            # Partitions by label, and igraph's NMI between pairs of them.
            rnd = random.Random(7)
            parts = {
                "leidenalg0": la[0].membership,
                "igraph0": ip[0].membership,
                "perturbed0": leidenalg.find_partition(gp, leidenalg.ModularityVertexPartition, seed=0).membership,
                "random3": [rnd.randrange(3) for _ in nodes],
                "random5": [rnd.randrange(5) for _ in nodes],
                "halves": [0 if i < len(nodes) // 2 else 1 for i in range(len(nodes))],
            }
            e["partitions"] = {k: {nodes[i]: m for i, m in enumerate(v)} for k, v in parts.items()}
            keys = sorted(parts)
            e["nmi"] = [[a, b, ig.compare_communities(parts[a], parts[b], method="nmi")]
                        for i, a in enumerate(keys) for b in keys[i + 1:]]
            e["modularity_of"] = {k: g.modularity(v) for k, v in parts.items()}
        gold["networks"][name] = e
        print(name, e["leidenalg"]["mean"], e["igraph_leiden"]["mean"], e["assortativity"], file=sys.stderr)
    with open(common.os.path.join(common.HERE, "golden_igraph.json"), "w") as f:
        json.dump(gold, f, indent=1, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()
