# seen in: the identity losses of pSp/e4e encoders (JoJoGAN's copy): a loss module's forward sums `1 - similarity` of
# each sample into the loss it returns first, and logs float() of each similarity; a trainer in another module
# backpropagates that loss, so each similarity requires grad and float() of it warns. Its counter stays a number.
import torch
import torch.nn as nn
import torch.nn.functional as F


class SimilarityLoss(nn.Module):
    def __init__(self, embed):
        super().__init__()
        self.embed = embed

    def forward(self, y_hat, y):
        y_hat_feats = F.normalize(self.embed(y_hat), dim=1)
        y_feats = F.normalize(self.embed(y), dim=1).detach()
        loss = 0
        count = 0
        logs = []
        for i in range(y_hat.shape[0]):
            similarity = y_hat_feats[i].dot(y_feats[i])
            logs.append({"similarity": float(similarity)})  # finding: float-of-requires-grad-tensor
            loss += 1 - similarity
            count += 1
        logs.append({"count": float(count)})
        return loss / count, logs


class Similarity(nn.Module):
    """Not a loss: what it returns is a score, backpropagated nowhere."""

    def forward(self, a, b):
        total = 0
        for i in range(a.shape[0]):
            score = a[i].dot(b[i])
            total += 1 - score
            print(float(score))
        return total


if __name__ == "__main__":
    import warnings

    criterion = SimilarityLoss(nn.Linear(4, 3))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        loss, logs = criterion(torch.randn(2, 4, requires_grad=True), torch.randn(2, 4))
    loss.backward()
    assert any("Converting a tensor with requires_grad=True to a scalar" in str(w.message) for w in caught)


# seen in: a RetinaNet focal loss that prints its two parts over the positive count before returning their sum; the
# count is made from `.data` and the parts are read with the pre-0.4 `.data[0]` (its own finding): nothing formatted
# there requires grad
class DetectionLoss(torch.nn.Module):
    def forward(self, loc_preds, loc_targets, cls_preds, cls_targets):
        pos = cls_targets > 0
        num_pos = pos.data.long().sum()
        loc_loss = F.smooth_l1_loss(loc_preds[pos], loc_targets[pos], reduction="sum")
        cls_loss = F.cross_entropy(cls_preds[pos], cls_targets[pos], reduction="sum")
        print("loc_loss: %.3f | cls_loss: %.3f" % (loc_loss.detach() / num_pos, cls_loss.detach() / num_pos))
        return (loc_loss + cls_loss) / num_pos
