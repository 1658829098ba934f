#!/usr/bin/env python3
"""Computes the golden values of golden.json with networkx (3.6.1, pyenv python3).

    cd utility/testdata && python3 make_golden.py

For every network (read by common.py) and for its perturbed version (every
edge at a sorted position = 3 mod 10 deleted): average clustering (degree < 2
counts as 0), the mean over nodes of degree >= 2, transitivity, components,
largest component, average shortest-path length over ordered pairs in the same
component, and unnormalized betweenness (all values for small networks; the
110 highest, the sum and the maximum for the large ones), and the overlap of
the top-100 betweenness nodes of the original and perturbed graph with ties
broken by the smaller label.
"""
import json

import networkx as nx

import common

SMALL = 200  # store every betweenness value up to this many nodes


def metrics(nodes, edges):
    G = nx.Graph()
    G.add_nodes_from(nodes)
    G.add_edges_from(edges)
    out = {"nodes": G.number_of_nodes(), "edges": G.number_of_edges()}
    out["avg_clustering"] = nx.average_clustering(G)
    cl = nx.clustering(G)
    deg2 = [cl[v] for v in G if G.degree(v) >= 2]
    out["avg_clustering_deg2"] = sum(deg2) / len(deg2)
    out["transitivity"] = nx.transitivity(G)
    comps = list(nx.connected_components(G))
    out["components"] = len(comps)
    out["largest"] = max(len(c) for c in comps)
    out["lcc_fraction"] = out["largest"] / G.number_of_nodes()
    num, pairs = 0.0, 0
    for c in comps:
        s = len(c)
        if s < 2:
            continue
        num += nx.average_shortest_path_length(G.subgraph(c)) * s * (s - 1)
        pairs += s * (s - 1)
    out["pairs"] = pairs
    out["avg_distance"] = num / pairs
    bc = nx.betweenness_centrality(G, normalized=False)
    ranked = sorted(G.nodes(), key=lambda v: (-bc[v], int(v)))
    if G.number_of_nodes() <= SMALL:
        out["betweenness"] = {v: bc[v] for v in ranked}
    out["betweenness_top"] = [[v, bc[v]] for v in ranked[:110]]
    out["betweenness_sum"] = sum(bc.values())
    out["betweenness_max"] = max(bc.values())
    return out, bc


def top(bc, k):
    return sorted(bc, key=lambda v: (-bc[v], int(v)))[:k]


def main():
    gold = {"generator": "networkx " + nx.__version__, "networks": {}}
    for name in common.NETWORKS:
        if not common.available(name):
            print("skipping", name, "(not found)")
            continue
        nodes, edges = common.read(name)
        orig, bco = metrics(nodes, edges)
        pert, bcp = metrics(nodes, common.perturbed(edges))
        k = min(100, len(nodes))
        to, tp = top(bco, k), set(top(bcp, k))
        entry = {"original": orig, "perturbed": pert,
                 "top100_overlap": sum(1 for v in to if v in tp) / k}
        # The overlap is comparable across implementations only if no
        # value ties (to 1e-9) across the k-th place.
        for name2, bc in (("original", bco), ("perturbed", bcp)):
            vals = sorted(bc.values(), reverse=True)
            entry[name2]["tie_at_k"] = len(vals) > k and abs(vals[k - 1] - vals[k]) < 1e-9 * max(1, vals[k - 1])
        gold["networks"][name] = entry
        print(name, orig["nodes"], orig["edges"], orig["avg_distance"], entry["top100_overlap"])
    with open(common.os.path.join(common.HERE, "golden.json"), "w") as f:
        json.dump(gold, f, indent=1, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()
