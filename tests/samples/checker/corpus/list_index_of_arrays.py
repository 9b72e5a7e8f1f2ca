# seen in: EagleW/PaperRobot's GATA (graph[[pos[:, 0].squeeze()]]) and mks0601's pose_utils.flip (a list of slices
# made by a comprehension, then filled per dimension): torch reads such a list as a tuple and warns since 2.8
import torch


def attend(graph, pos):
    return graph[[pos[:, 0].squeeze()]]  # finding: non-tuple-sequence-index


def flip(tensor, dims):
    final_indices = [slice(i) for i in tensor.shape]
    for dim in dims:
        final_indices[dim] = torch.arange(tensor.shape[dim] - 1, -1, -1)
    return tensor[final_indices]  # finding: non-tuple-sequence-index


def rows(table, picked):
    return table[[0, 2]], table[picked]  # plain integers and a name: ordinary advanced indexing
