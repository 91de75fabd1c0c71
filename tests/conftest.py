"""pytest's conftest: it puts ``tests/`` on the path, so that test files import ``helpers.<module>``.

It holds fixtures and hooks only (none are needed today). The shared helpers live in
``tests/helpers/``: the skip rules in :mod:`helpers.require`, the repository and the
shared WMT data in :mod:`helpers.data`, the parity harness in :mod:`helpers.parity`.
"""
