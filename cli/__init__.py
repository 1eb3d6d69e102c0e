"""The ``tabletop`` console script: the composition root that mounts each package's commands."""

import os

# gRPC's core logs to stderr whatever its verbosity allows, and without this it allows more
# than errors: a TLS handshake with a plaintext server printed a raw "Handshake failed" line
# above the command's own message, which says the same in words. Set here, in the package
# every command starts from, since gRPC reads it once, when it is first imported; a
# GRPC_VERBOSITY set by the user (to debug a connection) is kept.
os.environ.setdefault("GRPC_VERBOSITY", "ERROR")
