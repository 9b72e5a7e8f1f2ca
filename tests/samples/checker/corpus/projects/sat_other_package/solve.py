# A look-alike that loads: a package named sat that is no SwissArmyTransformer (a SAT solver), and a DeepSpeed
# model-states file of a run this project does not make.
import os

import torch
from sat.solver import Solver


def load_module(run_dir):
    return torch.load(os.path.join(run_dir, "mp_rank_00_model_states.pt"))["module"], Solver
