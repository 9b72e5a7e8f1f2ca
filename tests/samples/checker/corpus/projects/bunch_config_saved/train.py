# seen in: a retinal-vessel segmentation project whose entry point reads its YAML config into a Bunch (an
# attribute-access dict subclass) and hands it to the trainer, which keeps it in every checkpoint; weights_only
# refuses the class ("GLOBAL bunch.Bunch")
from bunch import Bunch
from yaml import safe_load

from trainer import Trainer


def main(model, optimizer, epochs):
    with open("config.yaml") as file:
        cfg = Bunch(safe_load(file))
    Trainer(model, optimizer, cfg).train(epochs)
