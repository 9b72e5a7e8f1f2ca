# seen in: InternVL (a module alias and a same-named local in another function)
import torch
import torch.utils.checkpoint as checkpoint


def forward_blocks(blocks, x):
    for block in blocks:
        x = checkpoint.checkpoint(block, x)  # finding: checkpoint-without-use-reentrant
    return x


def load_pretrained(model, path):
    checkpoint = torch.load(path, map_location="cpu", weights_only=True)
    if "module" in checkpoint:
        checkpoint = checkpoint["module"]
    return model.load_state_dict(checkpoint, strict=False)
