"""Cassandra tokens and replicas by the DataStax Python driver (PyPI cassandra-driver), the
oracle of the project's Cassandra tests.

Reads one JSON object on stdin: {"partitioner": "murmur3" | "random", "ring": [[token,
address], ...] (tokens as decimal strings), "rf": replication factor, "keys": [key, ...]}.
Writes one JSON object on stdout:
- "tokens": each key's token (Murmur3Token / MD5Token .from_key of its UTF-8 bytes), as text;
- "replicas": each key's replicas, the driver's TokenMap.get_replicas for a SimpleStrategy
  keyspace of that replication factor (owner first);
- "ring": the listing as `nodetool ring` lays it out;
- "describering": the listing as `nodetool describering` lays it out, each range's endpoints
  taken from the driver's own replica map;
- "murmur3": which murmur3 the driver used (its C extension or its pure-Python port).
"""

import json
import sys
from importlib.metadata import version

from cassandra import metadata
from cassandra.metadata import KeyspaceMetadata, MD5Token, Murmur3Token, TokenMap
from cassandra.policies import SimpleConvictionPolicy
from cassandra.pool import Host


class Metadata:
    """The one attribute TokenMap reads from the cluster's metadata."""

    def __init__(self, rf):
        self.keyspaces = {
            "ks": KeyspaceMetadata("ks", True, "SimpleStrategy", {"replication_factor": str(rf)})
        }


def nodetool_ring(ring):
    fmt = "%-16s%-12s%-7s%-8s%-16s%-20s%-44s"
    lines = ["", "Datacenter: dc1", "==========", (fmt % ("Address", "Rack", "Status", "State", "Load", "Owns", "Token")).rstrip()]
    lines.append((fmt % ("", "", "", "", "", "", ring[-1][0])).rstrip())
    for token, address in ring:
        lines.append((fmt % (address, "rack1", "Up", "Normal", "1.00 MiB", "?", token)).rstrip())
    return "\n".join(lines) + "\n"


def describering(ring, replica_map, token_class):
    lines = ["Schema Version:00000000-0000-3000-8000-000000000000", "TokenRange: "]
    for i, (token, _) in enumerate(ring):
        start = ring[i - 1][0]
        hosts = [h.address for h in replica_map[token_class(int(token))]]
        details = ", ".join("EndpointDetails(host:%s, datacenter:dc1, rack:rack1)" % h for h in hosts)
        lines.append(
            "\tTokenRange(start_token:%s, end_token:%s, endpoints:[%s], rpc_endpoints:[%s], endpoint_details:[%s])"
            % (start, token, ", ".join(hosts), ", ".join(hosts), details)
        )
    return "\n".join(lines) + "\n"


def main():
    request = json.load(sys.stdin)
    token_class = Murmur3Token if request["partitioner"] == "murmur3" else MD5Token
    ring = sorted(request["ring"], key=lambda t: int(t[0]))
    hosts = {}
    owners = {}
    for token, address in ring:
        if address not in hosts:
            hosts[address] = Host(address, SimpleConvictionPolicy, datacenter="dc1", rack="rack1")
        owners[token_class(int(token))] = hosts[address]
    token_map = TokenMap(token_class, owners, sorted(owners), Metadata(request["rf"]))
    tokens, replicas = [], []
    for key in request["keys"]:
        token = token_class.from_key(key.encode("utf-8"))
        tokens.append(str(token.value))
        replicas.append([h.address for h in token_map.get_replicas("ks", token)])
    replica_map = token_map.tokens_to_hosts_by_ks["ks"]
    json.dump(
        {
            "cassandra-driver": version("cassandra-driver"),
            "murmur3": "C extension" if type(metadata.murmur3).__name__ == "builtin_function_or_method" else "pure Python",
            "tokens": tokens,
            "replicas": replicas,
            "ring": nodetool_ring(ring),
            "describering": describering(ring, replica_map, token_class),
        },
        sys.stdout,
    )


if __name__ == "__main__":
    main()
