# seen in: PyG's torch_geometric/typing.py: version flags computed once, each reading the one before
import torch

WITH_PT20 = int(torch.__version__.split('.')[0]) >= 2
WITH_PT21 = WITH_PT20 and int(torch.__version__.split('.')[1]) >= 1
WITH_PT23 = WITH_PT20 and int(torch.__version__.split('.')[1]) >= 3
WITH_PT99 = WITH_PT20 and int(torch.__version__.split('.')[1]) >= 99
HAS_OLD = hasattr(torch, "_six")  # decided by what the rules know of torch._six: not judged from another module
