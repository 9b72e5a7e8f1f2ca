# seen in: facebookresearch/EGG (egg/core/trainers.py: Trainer.load_from_checkpoint hands torch.load(path) to
# self.load(checkpoint), which reads checkpoint.model_state_dict, a field of the Checkpoint NamedTuple a callback
# saves; egg/zoo/pop/utils.py: the same through a plain function; sanity_checks: torch.load(file).message on a dumped
# Interaction dataclass). A field no tensor, container or primitive has, read off the load's result directly or off
# the parameter a function receives it in (not rebound there), makes the value an instance: weights_only=True refuses
# a NamedTuple and a dataclass on torch 2.15 ("Unsupported global: GLOBAL __main__.Checkpoint", run).
import torch


class Trainer:
    def __init__(self, game, optimizer):
        self.game = game
        self.optimizer = optimizer
        self.start_epoch = 0

    def load(self, checkpoint):
        self.game.load_state_dict(checkpoint.model_state_dict)
        self.optimizer.load_state_dict(checkpoint.optimizer_state_dict)
        self.start_epoch = checkpoint.epoch

    def load_from_checkpoint(self, path):
        checkpoint = torch.load(path)  # finding: torch-load-pickled-object
        self.load(checkpoint)


def restore(game, checkpoint):
    game.load_state_dict(checkpoint.model_state_dict)


def restore_from(game, path):
    checkpoint = torch.load(path)  # finding: torch-load-pickled-object
    restore(game, checkpoint)


def messages(file):
    reps = torch.load(file).message  # finding: torch-load-pickled-object
    return reps


# clean look-alikes: what the function reads off its parameter is what tensors and dicts have, the parameter is
# rebound to an item first, an isinstance test allows a dict too, or the attribute is one the file sets on a tensor
def apply_state(game, state):
    game.load_state_dict(state)
    return state.keys()


def apply_rebound(game, state):
    state = state["model"]
    game.load_state_dict(state.weights)


def apply_either(game, state):
    if isinstance(state, dict):
        game.load_state_dict(state)
    else:
        game.load_state_dict(state.model_state_dict)


def plain_restore(game, path):
    apply_state(game, torch.load(path))
    apply_rebound(game, torch.load(path))
    apply_either(game, torch.load(path))


def tagged(x, path):
    t = x.mean(0)
    t.note = 1
    torch.save(t, path)
    return torch.load(path).note, torch.load(path).shape
