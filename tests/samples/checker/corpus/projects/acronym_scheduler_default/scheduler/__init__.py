from .ALRS import ALRS  # noqa: F401
