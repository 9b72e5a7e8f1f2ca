# seen in: a kNN-LM evaluation that accumulates token logits with logits.scatter_(dim=1, index=..., src=...,
# reduce='add'); a scalar value with reduce= is the quiet overload, and torch_scatter's functions are another library's
import torch
import torch_scatter


def knn_logits(dot_prod, vals_found, n_tokens):
    logits = dot_prod.new_zeros(dot_prod.shape[0], n_tokens)
    _ = logits.scatter_(dim=1, index=vals_found, src=dot_prod, reduce='add')  # finding: scatter-reduce-argument-method
    counts = logits.scatter(1, vals_found, dot_prod, reduce="multiply")  # finding: scatter-reduce-argument-method
    logits.scatter_(1, vals_found, 1.0, reduce="add")
    logits.scatter_(1, vals_found, value=2, reduce="add")
    logits.scatter_add_(1, vals_found, dot_prod)
    pooled = torch_scatter.scatter(dot_prod, vals_found, dim=0, reduce="add")
    return logits, counts, pooled
