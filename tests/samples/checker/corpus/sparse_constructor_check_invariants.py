# seen in: graph-learning utilities building adjacency matrices (deepxde's pytorch backend, CogDL's GCN helpers,
# torcheval's confusion matrix) and sparse-gradient trainers; Kaolin's warp bridge passes check_invariants=False
import torch
from torch import sparse_csr_tensor


def adjacency(edge_index, weight, n):
    return torch.sparse_coo_tensor(edge_index, weight, (n, n))  # finding: sparse-constructor-check-invariants


def csr(crow, col, values, shape):
    return sparse_csr_tensor(crow, col, values, shape)  # finding: sparse-constructor-check-invariants


def block(crow, col, blocks, shape):
    return torch.sparse_bsr_tensor(crow, col, blocks, shape, check_invariants=False)


def validated(edge_index, weight, n):
    return torch.sparse_coo_tensor(edge_index, weight, size=(n, n), check_invariants=True).coalesce()


def forwarded(indices, values, shape, **kwargs):
    return torch.sparse_coo_tensor(indices, values, shape, **kwargs)


def dense(x):
    return x.to_sparse().to_dense()
