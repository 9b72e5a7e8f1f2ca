# seen in: a collection of loss functions (pytorch-loss) that zeroes ignored positions with a list index holding a
# torch.arange and the chunks of a nonzero(): a tensor element makes torch read the list as per-dimension indices,
# which warns since 2.8; a list of plain positions is ordinary indexing
import torch


def zero_ignored(one_hot: torch.Tensor, ignore: torch.Tensor) -> torch.Tensor:
    first, *rest = ignore.nonzero().chunk(ignore.dim(), dim=1)
    one_hot[[first, torch.arange(one_hot.size(1)).long(), *rest]] = 0  # finding: non-tuple-sequence-index
    return one_hot


def zero_through_name(scores: torch.Tensor, ignore: torch.Tensor) -> torch.Tensor:
    first, *rest = ignore.nonzero().chunk(ignore.dim(), dim=1)
    mask = [first, torch.arange(scores.size(1)), *rest]
    scores[mask] = 0  # finding: non-tuple-sequence-index
    mask = [0, 2]
    return scores[mask]


def pick_rows(values: torch.Tensor) -> torch.Tensor:
    return values[[0, 2, 3]]


# seen in: a brain-tumour segmentation loader that widens one dimension by a repeated list of slices and fills the
# new part through it (the same warning); the tuple() of the same list is quiet
def add_mask(x, mask, dim=1):
    shape = list(x.shape)
    shape[dim] += 21
    new_x = x.new_zeros(*shape).scatter_(dim, mask.unsqueeze(dim), 1.0)
    index = [slice(None)] * len(shape)
    index[dim] = slice(21, None)
    new_x[index] = x  # finding: non-tuple-sequence-index
    new_x[tuple(index)] = x
    counts = [0] * len(shape)
    return new_x, x[counts]
