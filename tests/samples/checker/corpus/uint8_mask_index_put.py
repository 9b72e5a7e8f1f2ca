# seen in: robustness's attacker (to_ret[misclass] = adv[misclass] with misclass = ~corr.byte()). A store through a
# uint8 mask is masked_fill_ for a number (RuntimeError) but index_put_ for a tensor of several values, which only
# warns "indexing with dtype torch.uint8 is now deprecated" (torch 2.15, run).
import torch


def keep_misclassified(to_ret, adv, corr):
    misclass = ~corr.byte()
    to_ret[misclass] = adv[misclass]  # finding: uint8-mask-condition
    return to_ret


def copy_selected(out, src, picks, flags):
    mask = torch.ByteTensor(flags)
    out[mask] = src[picks]  # finding: uint8-mask-condition
    out[mask] += 1  # finding: uint8-mask-condition
    out[mask] = 0.5  # finding: uint8-mask-fill
    out[mask] = src[0]  # finding: uint8-mask-fill
    return out


# seen in: zju3dv/clean-pvnet lib/datasets/collate_batch.py: the mask has fewer dimensions than the tensor, whose
# last size is a literal 2, so each selected position is a row of two: the value built from the data has several
# elements and goes to index_put_, which only warns (run on 2.15); a number still goes to masked_fill_ (raises), and
# a mask as wide as the tensor with a one-element value raises too (ct_cls)
def collate(batch, batch_size, ct_num):
    wh = torch.zeros([batch_size, ct_num, 2], dtype=torch.float)
    ct_cls = torch.zeros([batch_size, ct_num], dtype=torch.int64)
    ct_01 = torch.zeros([batch_size, ct_num], dtype=torch.uint8)
    wh[ct_01] = torch.Tensor(sum([b["wh"] for b in batch], []))  # finding: uint8-mask-condition
    ct_cls[ct_01] = torch.LongTensor(sum([b["ct_cls"] for b in batch], []))  # finding: uint8-mask-fill
    wh[ct_01] = 0  # finding: uint8-mask-fill
    return wh, ct_cls


# seen in: a perceptual-color adversarial attack (PerC-Adversarial's perc_al.py): the update writes back arithmetic on
# the same masked selection, as many values as the mask picks, so the store is index_put_ and only the reads warn
def step(delta, grad, alpha, batch):
    unfinished = torch.zeros(batch, dtype=torch.uint8)
    delta.data[unfinished] = delta.data[unfinished] + alpha * grad[unfinished]  # finding: uint8-mask-condition
    return delta
