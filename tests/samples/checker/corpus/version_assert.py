# seen in: a style-transfer repo's converter for Lua Torch models (naoto0804/pytorch-AdaIN's torch_to_pytorch.py),
# which asserts a 0.x release at the top: on the target the assert raises, so nothing below it runs and the
# removed load_lua import and the dim-less softmax below it are not uses
import torch

assert torch.__version__ >= "1.0"  # true on the target: the code below still runs
x = torch.nn.Softmax()  # finding: softmax-module-without-dim

assert torch.__version__.split(".")[0] == "0", "Only working on PyTorch 0.x.x"
from torch.utils.serialization import load_lua


def convert(path):
    model = load_lua(path)
    return torch.nn.Sequential(model, torch.nn.Softmax())
