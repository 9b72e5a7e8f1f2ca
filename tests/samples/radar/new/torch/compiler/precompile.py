"""In 1.1 precompile became a submodule with its own functions (as torch.compiler.precompile did in 2.15)."""

__all__ = ["capture", "load", "Capture"]


class Capture:
    def save(self, path):
        return path


def capture(fn, /, *, artifact_path):
    return Capture()


def load(artifact_path):
    return None
