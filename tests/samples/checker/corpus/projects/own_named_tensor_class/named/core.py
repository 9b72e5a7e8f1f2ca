# seen in: harvardnlp's namedtensor, a library whose own NamedTensor wraps a torch tensor and answers size("name")
# itself; this module imports no torch, so the checker's walk skips it, yet its class still answers the call
class NamedTensorBase:
    def __init__(self, tensor, names):
        self._tensor = tensor
        self._names = tuple(names)

    def size(self, dim):
        return self._tensor.size(self._names.index(dim))
