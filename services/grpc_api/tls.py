"""Optional TLS for the server: a PEM certificate chain and its private key, by configuration
(``TABLETOP_TLS_CERT``/``TABLETOP_TLS_KEY`` or ``--tls-cert``/``--tls-key``).

Without them the server listens in plaintext, which suits a loopback address or a private
network behind a TLS-terminating proxy. With them it accepts TLS connections only.
"""

from __future__ import annotations

from pathlib import Path

import grpc


class TlsConfigError(ValueError):
    """The TLS settings are incomplete, or their files cannot be used."""


def server_credentials(cert: Path | None, key: Path | None) -> grpc.ServerCredentials | None:
    """Credentials for ``cert`` (PEM chain) and ``key`` (PEM private key); None for neither.

    Raises TlsConfigError with a readable message for only one of them, an unreadable file,
    or a file that is not PEM (gRPC itself reports only a failure to bind).
    """
    if cert is None and key is None:
        return None
    if cert is None or key is None:
        raise TlsConfigError("TLS needs both a certificate (--tls-cert) and a key (--tls-key)")
    chain = _pem(cert, "CERTIFICATE", "certificate")
    private = _pem(key, "PRIVATE KEY", "private key")
    return grpc.ssl_server_credentials([(private, chain)])


def _pem(path: Path, label: str, what: str) -> bytes:
    try:
        data = path.read_bytes()
    except OSError as error:
        raise TlsConfigError(f"cannot read the TLS {what} {path}: {error.strerror}") from None
    if b"-----BEGIN" not in data or label.encode() not in data:
        raise TlsConfigError(f"{path} is not a PEM {what}")
    return data
