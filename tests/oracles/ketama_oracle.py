"""Ketama placements by PyPI's uhashring, the oracle of the project's ketama tests.

Reads one JSON object on stdin: {"servers": [[name, weight], ...], "keys": [key, ...]}.
Writes one JSON object on stdout: for each key the point uhashring's ketama ring picks and
its server ({"points": [...], "owners": [...]}), and the points each server holds
({"distribution": {name: count}}), with uhashring's version.
"""

import json
import sys
from importlib.metadata import version

from uhashring import HashRing


def main():
    request = json.load(sys.stdin)
    # A dict keeps the servers in the order given, which is the order the ring adds them.
    nodes = {name: int(weight) for name, weight in request["servers"]}
    ring = HashRing(nodes=nodes, hash_fn="ketama")
    points, owners = [], []
    for key in request["keys"]:
        point, owner = ring.get_server(key)
        points.append(point)
        owners.append(owner)
    json.dump(
        {
            "uhashring": version("uhashring"),
            "points": points,
            "owners": owners,
            "distribution": dict(ring.distribution),
        },
        sys.stdout,
    )


if __name__ == "__main__":
    main()
