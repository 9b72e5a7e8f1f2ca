# seen in: a segmentation repo whose helpers package re-exports torch.nn names that the scripts star-import
from torch.nn import NLLLoss2d  # finding: nll-loss-2d
