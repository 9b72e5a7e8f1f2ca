# expect: export-aot-and-custom-ops#impl_abstract-is-renamed-register_fake
import torch


@torch.library.impl_abstract("mylib::add_one")
def _(x):
    return torch.empty_like(x)
