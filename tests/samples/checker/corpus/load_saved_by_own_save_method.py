# seen in: salesforce/awd-lstm-lm main.py (model_save/model_load), jdb78/pytorch-forecasting TimeSeriesDataSet.save/load,
# IBM/pytorch-seq2seq Checkpoint.save/load (a class constant names the file), facebookresearch/ReAgent test_mab.py
# (a buffer copied into another), facebookresearch/pytorch_GAN_zoo models/base_GAN.py (save() writes what
# getStateDict() returns: {'config': self.config}, a BaseConfig of the project's). The file's own writer saves objects weights_only refuses; its reader reads them
# back without sharing a path expression. Checked on torch 2.15: UnpicklingError, "Unsupported global: GLOBAL
# torch.nn.modules.linear.Linear" / "__main__.DataSet" / "torch.optim.sgd.SGD" / "__main__.BaseConfig".
import os
from io import BytesIO

import torch


def model_save(fn):
    with open(fn, "wb") as f:
        torch.save([model, criterion, optimizer], f)


def model_load(fn):
    global model, criterion, optimizer
    with open(fn, "rb") as f:
        model, criterion, optimizer = torch.load(f)  # finding: torch-load-saved-objects


class DataSet:
    def save(self, fname):
        torch.save(self, fname)

    @classmethod
    def load(cls, fname):
        obj = torch.load(fname)  # finding: torch-load-saved-objects
        return obj


class Checkpoint:
    STATE_NAME = "trainer_states.pt"

    def save(self, path):
        torch.save({"epoch": self.epoch, "optimizer": self.optimizer}, os.path.join(path, self.STATE_NAME))

    @classmethod
    def load(cls, path):
        state = torch.load(os.path.join(path, cls.STATE_NAME))  # finding: torch-load-saved-objects
        return state["epoch"], state["optimizer"]


def round_trip(cls):
    b = cls(n_arms=3)
    f_write = BytesIO()
    torch.save(b, f_write)
    f_write.seek(0)
    f_read = BytesIO(f_write.read())
    return torch.load(f_read)  # finding: torch-load-saved-objects


class BaseConfig:
    pass


class BaseGAN:
    def __init__(self):
        self.config = BaseConfig()

    def get_state_dict(self):
        out_state = {"config": self.config, "netG": self.netG.state_dict()}
        return out_state

    def save(self, path):
        torch.save(self.get_state_dict(), path)

    def load(self, path=""):
        in_state = torch.load(path)  # finding: torch-load-saved-objects
        self.netG.load_state_dict(in_state["netG"])


# look-alikes: the writer saves state dicts and plain values only
class PlainGAN:
    def get_state_dict(self):
        return {"settings": vars(self.args), "netG": self.netG.state_dict()}

    def save(self, path):
        torch.save(self.get_state_dict(), path)

    def load(self, path=""):
        in_state = torch.load(path)
        self.netG.load_state_dict(in_state["netG"])


class PlainCheckpoint:
    STATE_NAME = "state.pt"

    def save(self, path):
        torch.save({"epoch": self.epoch, "optimizer": self.optimizer.state_dict()},
                   os.path.join(path, self.STATE_NAME))

    def save_weights(self, fname):
        torch.save(self.state_dict(), fname)

    @classmethod
    def load(cls, path):
        return torch.load(os.path.join(path, cls.STATE_NAME))

    def load_weights(self, fname):
        self.load_state_dict(torch.load(fname))


def weights_save(fn):
    with open(fn, "wb") as f:
        torch.save(model.state_dict(), f)


def weights_load(fn):
    with open(fn, "rb") as f:
        return torch.load(f)


def settings_save(fname):
    torch.save({"optimizer": args.optimizer, "lr": 0.1}, fname)


def settings_load(fname):
    return torch.load(fname)


def copy_of_tensors():
    f_write = BytesIO()
    torch.save({"w": torch.zeros(2)}, f_write)
    f_read = BytesIO(f_write.getvalue())
    return torch.load(f_read)


# seen in: NVIDIA/BigVGAN utils.py: a pair of helpers that save and load whatever their callers pass (train.py hands
# save_checkpoint dicts of state_dicts): the writer's `obj` says nothing of what the file holds
def save_checkpoint(filepath, obj):
    torch.save(obj, filepath)


def load_checkpoint(filepath, device):
    checkpoint_dict = torch.load(filepath, map_location=device)
    return checkpoint_dict


# seen in: RUCAIBox/RecBole recbole/trainer/trainer.py: the path attribute joins the writer and the readers; the
# writer uses pickle protocol 4 (checked on torch 2.15: UnpicklingError "Unsupported operand 149" even for tensors)
class Trainer:
    def __init__(self, config):
        self.config = config
        self.saved_model_file = os.path.join(config["checkpoint_dir"], "model.pth")

    def _save_checkpoint(self, epoch, **kwargs):
        saved_model_file = kwargs.pop("saved_model_file", self.saved_model_file)
        state = {"config": self.config, "epoch": epoch, "state_dict": self.model.state_dict()}
        torch.save(state, saved_model_file, pickle_protocol=4)

    def resume_checkpoint(self, resume_file):
        self.saved_model_file = resume_file
        checkpoint = torch.load(resume_file)  # finding: torch-load-saved-objects
        self.start_epoch = checkpoint["epoch"] + 1

    def evaluate(self, model_file=None):
        checkpoint_file = model_file or self.saved_model_file
        checkpoint = torch.load(checkpoint_file)  # finding: torch-load-saved-objects
        self.model.load_state_dict(checkpoint["state_dict"])


class PlainTrainer:
    def _save_checkpoint(self, epoch, **kwargs):
        weights_file = kwargs.pop("weights_file", self.weights_file)
        torch.save({"step": epoch, "state_dict": self.model.state_dict()}, weights_file)

    def resume_checkpoint(self, resume_file):
        self.weights_file = resume_file
        checkpoint = torch.load(resume_file)
        self.start_step = checkpoint["step"] + 1
