# seen in: a recommender library's shared-memory example (a pickler dispatch table keyed by the 1.11-1.12 private
# storage class, made public as TypedStorage in 1.13)
import copyreg

import torch


def share_via_shm(pickler, reduce_storage):
    pickler.dispatch_table = copyreg.dispatch_table.copy()
    pickler.dispatch_table[torch.storage._TypedStorage] = reduce_storage  # finding: torch-name-gone
    return pickler
