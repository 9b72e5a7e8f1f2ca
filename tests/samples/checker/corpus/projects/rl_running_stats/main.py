# seen in: ikostrikov/pytorch-a2c-ppo-acktr-gail main.py and enjoy.py (the policy module and the observation
# RunningMeanStd saved as a list to <env_name>.pt, read back by another script: UnpicklingError under
# weights_only=True on torch 2.15), and thu-ml/tianshou examples/mujoco (obs_rms from envs.get_obs_rms())
import os

import torch


def save(args, policy, envs, vec_norm):
    torch.save([policy, getattr(vec_norm, "obs_rms", None)], os.path.join(args.save_dir, args.env_name + ".pt"))
    torch.save({"model": policy.state_dict(), "obs_rms": envs.get_obs_rms()}, os.path.join(args.log, "policy.pth"))
    torch.save(policy.state_dict(), os.path.join(args.log, args.env_name + ".weights"))
