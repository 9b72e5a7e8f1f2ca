import os

import torch


def play(args):
    policy, obs_rms = torch.load(os.path.join(args.load_dir, args.env_name + ".pt"))  # finding: torch-load-saved-in-project
    return policy, obs_rms


def resume(args, envs, policy):
    ckpt = torch.load(args.resume_path)  # finding: torch-load-saved-in-project
    policy.load_state_dict(ckpt["model"])
    envs.set_obs_rms(ckpt["obs_rms"])


# A look-alike that loads: the state_dict file of the same option.
def weights(args):
    return torch.load(os.path.join(args.load_dir, args.env_name + ".weights"))
