# seen in: zju3dv/clean-pvnet ransac_voting_gpu.py b_inv(): try: b_inv, _ = torch.solve(eye, b_mat) / except: b_inv = eye.
# torch.solve raises RuntimeError on every call on 2.15 (run); a bare except that binds another value as is (no call,
# no constant) computes nothing in its place: not an older release's fallback but a swallowed error and a wrong result.
import torch


def b_inv(b_mat):
    eye = b_mat.new_ones(b_mat.size(-1)).diag().expand_as(b_mat)
    try:
        b_inv, _ = torch.solve(eye, b_mat)  # finding: solve-removed
    except:
        b_inv = eye
    return b_inv


# clean look-alikes: the handler computes the value the modern way, or binds a default (a feature probe), or the
# body binds a name without calling anything
def solve_either(a, b):
    try:
        x, _ = torch.solve(b, a)
    except Exception:
        x = torch.linalg.solve(a, b)
    return x


def probe(a, b):
    try:
        x = torch.solve(b, a)
    except:
        x = None
    return x


try:
    solve = torch.solve
except:
    solve = None
