# a package that re-exports NLLLoss2d for a module that builds it: the import is where the warning comes from
from torch.nn import NLLLoss2d  # finding: nll-loss-2d
