from .meters import accuracy, kept_accuracy  # noqa: F401
