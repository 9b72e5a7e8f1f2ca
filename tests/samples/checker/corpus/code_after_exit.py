# seen in: deepire's model_visualizer.py, whose __main__ block stops with a bare exit(0) above older code that
# loads a TorchScript model: no run gets there. The load above the exit, and one in a function, stay findings
import sys

import torch


def load(path):
    return torch.jit.load(path)  # finding: torchscript-serialization-warns


if __name__ == "__main__":
    model = torch.jit.load(sys.argv[1])  # finding: torchscript-serialization-warns
    print(model)
    exit(0)

    older = torch.jit.load(sys.argv[2])
    print(older)
