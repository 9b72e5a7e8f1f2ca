# seen in: round 57's nonauto-nmt (model.py mask()) and dl4mt-nonauto (prepare_cost): a helper whose mask parameter
# defaults to None and is then filled with a bool comparison, indexing with it; the model's cost passes `.byte()`
# masks, so the indexing warns for those calls. A helper that callers only give bool masks is quiet.
import torch


def mask(targets, out, input_mask=None):
    if input_mask is None:
        input_mask = (targets != 1)
    out_mask = input_mask.unsqueeze(-1).expand_as(out)
    return targets[input_mask], out[out_mask].view(-1, out.size(-1))  # finding: uint8-mask-condition


def select(targets, out, keep=None):
    if keep is None:
        keep = targets != 1
    return targets[keep], out[keep.unsqueeze(-1).expand_as(out)]


class Cost(torch.nn.Module):
    def forward(self, targets, out, masks):
        targets, out = mask(targets, out, masks.byte())
        kept, _ = select(targets, out, masks.bool())
        return torch.nn.functional.cross_entropy(out, targets), kept
