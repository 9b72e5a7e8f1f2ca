# seen in: microsoft/InnerEye-DeepLearning InnerEye/ML/SSL/utils.py (reads ['hyper_parameters'] of an SSL encoder
# checkpoint as a mapping in a file that imports yacs for its augmentation config: Lightning writes that entry as
# dict(module.hparams), keeping only an omegaconf container as itself, so no CfgNode can be the entry itself)
import torch
from yacs.config import CfgNode


def augmentation_config(path):
    return CfgNode.load_cfg(open(path))


def ssl_type_of(pl_checkpoint_path):
    # a Lightning checkpoint of a release the file does not tell (older ones pickle callback objects); no pickled
    # object (a module, a custom class) by its own use
    loaded_params = torch.load(pl_checkpoint_path, map_location="cpu")["hyper_parameters"]  # finding: torch-load-lightning-checkpoint
    return loaded_params["ssl_type"]


def saved_options(path):
    return torch.load(path)["args"]["lr"]  # finding: torch-load-pickled-object
