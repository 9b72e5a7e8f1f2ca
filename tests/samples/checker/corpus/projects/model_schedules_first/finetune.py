import torch

from models import create_model


def finetune(opt, net, dataset):
    torch.manual_seed(0)
    model = create_model(opt, net)
    model.setup(opt)
    model.update_learning_rate()  # finding: scheduler-step-before-optimizer
    for data in dataset:
        model.set_input(data)
        model.optimize_parameters()
