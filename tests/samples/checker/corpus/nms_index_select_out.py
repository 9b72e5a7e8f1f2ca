# seen in: the NMS that face and object detectors copy from ssd.pytorch (yxlijun/S3FD.pytorch's layers/
# bbox_utils.py): index_select into xx1, then xx1 = clamp(xx1, ...) and a shorter idx, so each later pass
# selects fewer rows into the last pass's result and torch resizes it with a warning
import torch


def nms(boxes, scores, overlap=0.5):
    keep = scores.new(scores.size(0)).zero_().long()
    x1, y1 = boxes[:, 0], boxes[:, 1]
    _, idx = scores.sort(0)
    xx1, yy1 = boxes.new(), boxes.new()
    count = 0
    while idx.numel() > 0:
        i = idx[-1]
        keep[count] = i
        count += 1
        idx = idx[:-1]
        torch.index_select(x1, 0, idx, out=xx1)  # finding: out-resized
        torch.index_select(y1, 0, idx, out=yy1)  # finding: out-resized
        xx1 = torch.clamp(xx1, min=x1[i])
        yy1 = torch.clamp(yy1, min=y1[i])
        idx = idx[xx1.le(overlap)]
    return keep, count


def gather(values, rows):
    picked = values.new()
    for row in rows:
        torch.index_select(values, 0, row, out=picked)  # picked is never rebound: rows of one length reuse it as is (not proven to resize)
        yield picked.clone()
