# seen in: round 57's nonauto-nmt (model.py mask()) and dl4mt-nonauto (prepare_cost): a helper whose mask parameter
# defaults to None and is then filled with a bool comparison, indexing with it; the model's cost passes `.byte()`
# masks, so the indexing warns for those calls; grin's imputers (round 58) fill a missing mask with a uint8 one, which
# warns whenever a caller passes none. A helper that callers only give bool masks, filling a bool default, is quiet.
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


def impute(x, x_hat, mask=None):
    if mask is None:
        mask = torch.ones_like(x, dtype=torch.uint8)
    return torch.where(mask, x, x_hat)  # finding: uint8-mask-condition


class Cost(torch.nn.Module):
    def forward(self, targets, out, masks):
        targets, out = mask(targets, out, masks.byte())
        kept, _ = select(targets, out, masks.bool())
        return torch.nn.functional.cross_entropy(out, targets), kept
