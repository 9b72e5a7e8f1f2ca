# seen in: pyro's distributions util (a getattr default for releases without script_if_tracing)
import torch

script_if_tracing = getattr(
    torch.jit,
    "script_if_tracing",
    getattr(torch.jit, "_script_if_tracing", torch.jit.script),
)

compile_or_script = getattr(torch, "set_deterministic", torch.jit.script)  # finding: torchscript-warns
