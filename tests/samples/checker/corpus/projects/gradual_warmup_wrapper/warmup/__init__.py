from .wrapper import WarmupScheduler  # noqa: F401
