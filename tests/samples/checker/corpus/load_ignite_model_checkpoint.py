# Look-alikes that load under weights_only=True (judged in round 6, pytorch/ignite):
# - examples/fast_neural_style/neural_style.py: the file's checkpoints come from ignite's ModelCheckpoint with
#   one object in to_save, which writes that object's state_dict alone (ignite/handlers/checkpoint.py);
# - tests/ignite/handlers/test_checkpoint.py: a load asserted to be a dict is a state dict, whatever its name.
import torch
from ignite.handlers import ModelCheckpoint


def train(engine, transformer, args):
    handler = ModelCheckpoint(args.checkpoint_model_dir, "checkpoint", n_saved=10, require_empty=False)
    engine.add_event_handler("epoch_completed", handler, to_save={"net": transformer})


def stylize(args, content_image):
    style_model = torch.load(args.model)
    return style_model(content_image)


def check_saved(path):
    load_model = torch.load(path)
    assert isinstance(load_model, dict)
    return load_model
