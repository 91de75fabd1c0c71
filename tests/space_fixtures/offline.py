"""Run a Space's ``app.py`` with the network outside loopback closed and watched.

``python offline.py path/to/app.py``: every connection or name lookup that leaves
127.0.0.0/8, ::1 and localhost is refused and written, one line each, to the file
named by ``NGRAM_CORE_CONNECTION_LOG``; the test then asserts that file is empty.
Gradio, huggingface_hub and evaluate all have code that phones home; the Space
must not reach any of it when its environment says offline.
"""
import errno
import ipaddress
import os
import runpy
import socket
import sys

LOG = os.environ["NGRAM_CORE_CONNECTION_LOG"]
LOCAL_NAMES = {"localhost", "localhost.localdomain", "ip6-localhost"}


def _is_local(host) -> bool:
    if host is None:
        return True
    host = host.decode() if isinstance(host, bytes) else str(host)
    if host.lower() in LOCAL_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.split("%")[0]).is_loopback
    except ValueError:
        return False


def _refuse(what: str) -> None:
    with open(LOG, "a", encoding="utf-8") as log:
        log.write(what + "\n")
    raise OSError(errno.ENETUNREACH, f"offline test: refused {what}")


_connect, _connect_ex, _getaddrinfo = socket.socket.connect, socket.socket.connect_ex, socket.getaddrinfo


def connect(self, address):
    if self.family in (socket.AF_INET, socket.AF_INET6) and not _is_local(address[0]):
        _refuse(f"connect {address!r}")
    return _connect(self, address)


def connect_ex(self, address):
    if self.family in (socket.AF_INET, socket.AF_INET6) and not _is_local(address[0]):
        _refuse(f"connect {address!r}")
    return _connect_ex(self, address)


def getaddrinfo(host, *args, **kwargs):
    if not _is_local(host):
        _refuse(f"lookup {host!r}")
    return _getaddrinfo(host, *args, **kwargs)


socket.socket.connect, socket.socket.connect_ex, socket.getaddrinfo = connect, connect_ex, getaddrinfo

if __name__ == "__main__":
    app = os.path.abspath(sys.argv[1])
    sys.argv = [app]
    sys.path.insert(0, os.path.dirname(app))
    runpy.run_path(app, run_name="__main__")
