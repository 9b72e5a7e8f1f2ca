# seen in: a Kaggle segmentation solution's validation loop (asanakoy/kaggle_carvana_segmentation's ternaus/src/
# train.py: get_dice(...) returns 2 * (intersection / union).mean()) and a VAE repo's logging of the parameter norm
# (harvardnlp/sa-vae: sum([p.norm()**2 for p in model.parameters()]).data[0]): both values are 0-dim since 0.4
import torch


def validate(model, loader):
    dice = []
    for inputs, targets in loader:
        outputs = model(inputs)
        dice += [get_dice(targets, (outputs > 0.5).float()).data[0]]  # finding: loss-data-index
        score = soft_iou(targets, outputs)
        dice.append(score.data[0])  # finding: loss-data-index
        dice.append(per_image(targets, outputs).data[0])
    norm = sum([p.norm() ** 2 for p in model.parameters()]).data[0] ** 0.5  # finding: loss-data-index
    sizes = sum([p.size(0) for p in model.parameters()])
    return dice, norm, sizes


def get_dice(y_true, y_pred):
    epsilon = 1e-15
    intersection = (y_pred * y_true).sum(dim=-2).sum(dim=-1)
    union = y_true.sum(dim=-2).sum(dim=-1) + y_pred.sum(dim=-2).sum(dim=-1) + epsilon
    return 2 * (intersection / union).mean()


def soft_iou(y_true, y_pred):
    total = (y_true * y_pred).sum()
    return total / (y_true + y_pred - y_true * y_pred).sum()


def per_image(y_true, y_pred, average=True):
    scores = (y_true * y_pred).sum(dim=-1)
    if average:
        return scores.mean()
    return scores  # one score per image unless averaged


# learning-not-to-learn: the count is rebound to its sum just before the one return; a method of the trainer
class Evaluator:
    def _num_correct(self, outputs, labels, topk=1):
        _, preds = outputs.topk(k=topk, dim=1)
        correct = preds.t().eq(labels.view(1, -1))
        correct = correct.view(-1).sum()
        return correct

    def _per_row(self, outputs, labels):
        correct = outputs.argmax(1).eq(labels).sum()
        correct = correct.view(1).float()
        return correct

    def evaluate(self, outputs, labels):
        total = self._num_correct(outputs, labels).data[0]  # finding: loss-data-index
        return total + self._per_row(outputs, labels).data[0]
