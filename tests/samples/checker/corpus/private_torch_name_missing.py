# A private operator old builds had right under torch (torch._unique_dim) is an AttributeError on a build that lacks
# it. Quiet: the private names the target still has, torch modules reached as attributes, a hasattr or try/except
# AttributeError fallback, and a name the file sets on torch itself.
import torch


def unique_rows(x):
    return torch._unique_dim(x, dim=0)  # finding: torch-name-gone


def unique_rows_checked(x):
    if hasattr(torch, "_unique_dim"):
        return torch._unique_dim(x, dim=0)
    return torch.unique(x, dim=0)


def unique_rows_tried(x):
    try:
        return torch._unique_dim(x, dim=0)
    except AttributeError:
        return torch.unique(x, dim=0)


def still_there(x, ok):
    torch._assert(ok, "check failed")
    values, _, _ = torch._unique2(x)
    return values, torch._dynamo.config.cache_size_limit


torch._project_hook = print
torch._project_hook("set by the project")
