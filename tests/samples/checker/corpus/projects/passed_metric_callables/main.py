# seen in: nmp_qc, whose main() binds the metric (a lambda of torch.mean, or utils.accuracy in its demos) and passes it
# to train(); train() reads evaluation(output, target).data[0], a 0-dim value: IndexError since 0.5
import torch
from torch.autograd import Variable

from datasets import utils


def train(loader, model, criterion, evaluation, meter):
    for g, target in loader:
        output = model(g)
        loss = criterion(output, target)
        meter.update(evaluation(output, target).data[0])  # finding: loss-data-index
        loss.backward()


def classify(loader, model, criterion, evaluation, meter, scale=None):
    for g, target in loader:
        output = model(g)
        acc = Variable(evaluation(output.data, target.data, topk=(1,))[0])
        meter.update(acc.data[0])  # finding: loss-data-index
        meter.update(scale(output).data[0])


def main(loader, model, meter):
    criterion = torch.nn.MSELoss()
    evaluation = lambda output, target: torch.mean(torch.abs(output - target) / torch.abs(target))
    train(loader, model, criterion, evaluation, meter)
    classify(loader, model, criterion, utils.accuracy, meter, scale=lambda x: x * 2)
