"""The Discord harness for the Terra Mystica table tests."""

from tests.harness.fixtures import make_harness  # noqa: F401
