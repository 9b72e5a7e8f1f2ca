# the flags read through `import geo.typing` and `from geo.typing import ...`: the branch a true flag leaves
# the block from is the only one that runs on 2.15
import torch

import geo.typing
from geo.typing import HAS_OLD, WITH_PT21, WITH_PT99


def is_compiling() -> bool:
    if geo.typing.WITH_PT23:
        return torch.compiler.is_compiling()
    if geo.typing.WITH_PT21:
        return torch._dynamo.is_compiling()
    return False


def is_compiling_named() -> bool:
    if not WITH_PT21:
        return torch._dynamo.is_compiling()
    return torch.compiler.is_compiling()


def not_yet() -> bool:
    if WITH_PT99:  # false on 2.15: the fallback below runs
        return torch.compiler.is_compiling()
    return torch._dynamo.is_compiling()  # finding: private-dynamo-is-compiling


def probed() -> bool:
    if HAS_OLD:
        return False
    return torch._dynamo.is_compiling()  # finding: private-dynamo-is-compiling
