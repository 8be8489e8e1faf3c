"""Small value classes written out: equality and ``repr`` by their fields, as a dataclass's.

``dataclasses`` imports ``inspect`` (and with it ``ast``, ``dis``, ``tokenize``): a quarter of a
one-game replay's whole start-up (``python -m games replay``, issue 33 goal 7) for the handful of
records the engines' core defines. Those few subclass :class:`Plain` and name their fields.
"""

from __future__ import annotations


class Plain:
    """Equality and ``repr`` by the fields ``_FIELDS`` names, in order (a subclass sets them in
    its ``__init__``); unhashable unless a subclass says otherwise, as a mutable dataclass."""

    __slots__ = ()
    _FIELDS: tuple[str, ...] = ()

    def _values(self) -> tuple:
        return tuple(getattr(self, f) for f in self._FIELDS)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._values() == other._values()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"{type(self).__name__}(" + ", ".join(f"{f}={getattr(self, f)!r}" for f in self._FIELDS) + ")"


class Frozen(Plain):
    """A :class:`Plain` whose fields are set once (``_set`` in ``__init__``) and hashed."""

    __slots__ = ()

    def _set(self, **values) -> None:
        for name, value in values.items():
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value) -> None:
        raise AttributeError(f"cannot assign to field '{name}' of an immutable {type(self).__name__}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field '{name}' of an immutable {type(self).__name__}")

    def __hash__(self) -> int:
        return hash(self._values())

    def __reduce__(self):
        return (type(self), self._values())
