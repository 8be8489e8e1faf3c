"""The Discord harness for the reader-language tests."""

from tests.harness.fixtures import harness, make_harness  # noqa: F401
