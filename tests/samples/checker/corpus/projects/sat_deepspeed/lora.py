# seen in: THUDM/CogVideo sat/sgm/modules/diffusionmodules/openaimodel.py (LoRA weights read back from a training
# run of SwissArmyTransformer, whose DeepSpeed checkpoint keeps np_rng_state = np.random.get_state())
import os

import torch
from sat import mpu


def load_lora(model, ckpt_dir):
    with open(os.path.join(ckpt_dir, "latest")) as latest_file:
        latest = latest_file.read().strip()
    ckpt_path = os.path.join(ckpt_dir, latest, "mp_rank_00_model_states.pt")
    sd = torch.load(ckpt_path)["module"]  # finding: torch-load-saved-in-project
    model.load_state_dict(sd, strict=False)
    return mpu.get_model_parallel_rank()


def load_weights(model, path):  # a look-alike that loads: another file of the run
    model.load_state_dict(torch.load(os.path.join(path, "weights.pt")))
