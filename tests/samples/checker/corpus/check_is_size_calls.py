# seen in: jagged-tensor helpers of recommender libraries (torchrec's pt2 checks, generative-recommenders' max-length
# helper), which hint unbacked sizes to the compiler
import torch
from torch.fx.experimental.symbolic_shapes import guard_size_oblivious


def infer_max_len(lengths):
    max_len = int(lengths.max().item())
    if torch.compiler.is_compiling():
        torch._check_is_size(max_len)  # finding: check-is-size-deprecated
        torch._check(max_len < 10**9)
    return max_len


def split_sizes(sizes):
    return [torch._check_is_size(s) for s in sizes]  # finding: check-is-size-deprecated


def nonempty(t):
    return guard_size_oblivious(t.numel() != 0)  # finding: check-is-size-deprecated


def current(n):
    torch._check(n >= 0)
    return n


class Checks:
    def _check_is_size(self, n):  # a project's own helper of the same name
        assert n >= 0


def project(n, checks):
    checks._check_is_size(n)
