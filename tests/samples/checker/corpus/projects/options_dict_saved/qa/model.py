# the model keeps the options dict it was given (opt = vars(args) in train.py) and reads it by key: a Namespace has
# no items, so what it saves as 'config' is a plain dict, which weights_only loads
import torch


class QAModel:
    def __init__(self, opt, network):
        self.opt = opt
        self.network = network
        if opt["optimizer"] == "sgd":
            self.optimizer = torch.optim.SGD(network.parameters(), opt["learning_rate"])

    def save(self, filename, epoch):
        params = {"state_dict": {"network": self.network.state_dict()}, "config": self.opt, "epoch": epoch}
        torch.save(params, filename)
