"""The one exception type of the package."""


class Error(Exception):
    """A failure of disc: a compile error, a runtime error, or inputs that do
    not fit a model's signature."""
