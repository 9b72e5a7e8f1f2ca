from .scheduler import WarmupLR  # noqa: F401
