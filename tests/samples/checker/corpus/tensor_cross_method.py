# seen in: pytorch3d tests/test_mesh_normal_consistency.py (face normals as edge.cross(other) without dim)
import numpy as np
import sympy
import torch

verts = torch.rand(5, 3)
n0 = (verts[1] - verts[2]).cross(verts[3] - verts[2])  # finding: tensor-cross-without-dim
n1 = (verts[1] - verts[2]).cross(verts[0] - verts[2], dim=-1)
n2 = verts[1].cross(verts[2], -1)
n3 = torch.linalg.cross(verts[1], verts[2])
n4 = np.cross(verts[1].numpy(), verts[2].numpy())
v = sympy.Matrix([1, 0, 0])
w = v.cross(sympy.Matrix([0, 1, 0]))
