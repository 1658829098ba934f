"""anonet for Python: measure and improve the structural anonymity of networkx graphs.

The functions run the anonet command (github.com/anonet-project/anonet)
through its JSON contract: they write the graph to a temporary file, run
anonet with --json and return its result, with node labels translated back
to the graph's own nodes.

    import networkx as nx
    import anonet

    G = nx.karate_club_graph()
    anonet.measure(G)["unique"]                  # nodes unique under the count measure
    release, mapping, result = anonet.anonymize(G, k=2)
    assert anonet.verify(release, k=2)           # checks the release from scratch

The binary is the one named by the ANONET environment variable, else
`anonet` on PATH (`go install github.com/anonet-project/anonet/cmd/anonet@latest`).
"""

from ._commands import (
    ReleaseMapping,
    Verification,
    anonymize,
    attack,
    measure,
    report,
    utility,
    verify,
)
from ._errors import (
    AnonetError,
    AnonetNotFound,
    InternalError,
    TargetNotMet,
    UsageError,
)
from ._run import find_binary

__version__ = "0.1.0"

__all__ = [
    "AnonetError",
    "AnonetNotFound",
    "InternalError",
    "ReleaseMapping",
    "TargetNotMet",
    "UsageError",
    "Verification",
    "anonymize",
    "attack",
    "find_binary",
    "measure",
    "report",
    "utility",
    "verify",
]
