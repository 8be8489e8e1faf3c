"""The Discord harness for the turn-flow tests."""

from tests.harness.fixtures import harness, make_harness  # noqa: F401
