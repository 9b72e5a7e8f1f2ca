# seen in: Genesis genesis/utils/geom.py (a.cross(b) on quadrants vectors inside @qd.func, a taichi fork)
# A function another library compiles (taichi/warp func and kernel, numba and triton jit) holds that
# library's vectors and arrays: their .cross() is not Tensor.cross. torch's own decorators keep tensors.
import numba as nb
import taichi as ti
import torch
import triton
import warp as wp
from numba import cuda, njit

from .compiler import kernel  # the project's own decorator: it may well wrap torch


@ti.func
def motion_cross_force(m_ang, m_vel, f_ang, f_vel):
    ang = m_ang.cross(f_ang) + m_vel.cross(f_vel)
    return ang, m_ang.cross(f_vel)


@ti.kernel
def tet_volumes(pos: ti.template()):
    for i in range(pos.shape[0]):
        p0, p1, p2 = pos[i, 0], pos[i, 1], pos[i, 2]
        pos[i, 3] = (p1 - p0).cross(p2 - p0)


@wp.func
def torque(r: wp.vec3, f: wp.vec3):
    return r.cross(f)


@nb.jit(nopython=True, cache=True)
def normal(a, b):
    return a.cross(b)


@njit
def normal_njit(a, b):
    return a.cross(b)


@cuda.jit(device=True)
def normal_cuda(a, b):
    return a.cross(b)


@triton.jit
def tile(a, b):
    return a.cross(b)


@torch.jit.script  # finding: torchscript-warns
def scripted_normal(a: torch.Tensor, b: torch.Tensor):
    return torch.linalg.cross(a, b)


@torch.compile
def compiled_normal(a, b):
    return a.cross(b)  # finding: tensor-cross-without-dim


@kernel
def own_kernel_normal(a, b):
    return a.cross(b)  # finding: tensor-cross-without-dim


def plain_normal(a, b):
    return a.cross(b)  # finding: tensor-cross-without-dim


@ti.func
def kernel_helper(a, b):
    def inner(c):
        return c.cross(b)
    return inner(a)


def after_kernels(verts):
    return verts[0].cross(verts[1])  # finding: tensor-cross-without-dim
