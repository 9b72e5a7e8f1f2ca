# the counterpart of rng_state_default_on: the numpy RNG state is stored only when a run asks for it (an opt-in flag),
# so a reader of the other keys may meet files without it
import numpy as np
import torch


def save_checkpoint(step, model, args):
    sd = {"iteration": step, "module": model.state_dict()}
    if args.save_rng:
        sd["np_rng_state"] = np.random.get_state()
    torch.save(sd, f"{args.save}/{step}/model_states.pt")
