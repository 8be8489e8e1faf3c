"""The harness fixtures for the harness's own tests."""

from .fixtures import harness, make_harness  # noqa: F401
