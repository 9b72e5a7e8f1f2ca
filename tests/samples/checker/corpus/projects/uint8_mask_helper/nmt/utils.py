# seen in: UnsupervisedMT's NMT/src/utils.py: get_mask builds a torch.ByteTensor, reshapes it and returns it uint8;
# the model files import it and hand it to masked_select ("masked_select: expected BoolTensor for mask" on 2.15)
import torch


def get_mask(lengths, all_words, expand=None, batch_first=False, cuda=True):
    bs, slen = lengths.size(0), lengths.max()
    mask = torch.ByteTensor(slen, bs).zero_()
    for i in range(bs):
        if all_words:
            mask[:lengths[i], i] = 1
        else:
            mask[lengths[i] - 1, i] = 1
    if expand is not None:
        mask = mask.unsqueeze(2).expand(slen, bs, expand)
    if batch_first:
        mask = mask.transpose(0, 1)
    if cuda:
        mask = mask.cuda()
    return mask


def get_bool_mask(lengths):
    slen = int(lengths.max())
    return torch.arange(slen)[None] < lengths[:, None]


def maybe_mask(lengths, flag):
    if flag:
        return torch.zeros(3, dtype=torch.uint8)
    return lengths > 0


# seen in: ultralytics/xview-yolov3's utils/utils.py build_targets, which returns its uint8 confidence mask inside a
# tuple of targets; models.py unpacks it and indexes predictions with it
def build_targets(boxes, n):
    tx = torch.zeros(n, 4)
    tconf = torch.ByteTensor(n).fill_(0)
    tconf[boxes > 0] = 1
    return tx, tconf, n


def pair_of_lengths(lengths):
    return lengths.max(), lengths.min()


# seen in: SyntaxSQLNet's utils/utils.py length_to_mask: the mask comes from a comparison helper, is joined with a
# second one, and the last statement before the return turns it uint8 for masked_fill_
def calculate_mask(lengths, max_len):
    return torch.arange(max_len)[None, :] >= torch.as_tensor(lengths)[:, None]


def length_to_mask(lengths, max_len=None):
    max_len = max_len or int(max(lengths))
    mask = calculate_mask(lengths, max_len)
    mask = mask.unsqueeze(2)
    mask = mask.byte()
    mask = mask.cuda()
    return mask


def length_to_mask_maybe(lengths, as_bool):
    mask = calculate_mask(lengths, int(max(lengths))).byte()
    if as_bool:
        mask = mask.bool()
    return mask
