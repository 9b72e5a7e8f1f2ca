import torch


class Trainer:
    def __init__(self, policy, num_envs, device):
        self.policy, self.num_envs, self.device = policy, num_envs, device
        self.masks = torch.zeros(8, num_envs, 1, dtype=torch.uint8)  # finding: uint8-mask-condition

    def rollout(self, envs, features, rnn_states):
        not_done_masks = torch.zeros(self.num_envs, 1, dtype=torch.uint8, device=self.device)  # finding: uint8-mask-condition
        done_masks = torch.zeros(self.num_envs, 1, dtype=torch.bool, device=self.device)
        counts = torch.zeros(self.num_envs, dtype=torch.uint8)
        for _ in range(4):
            _, rnn_states = self.policy.act(features, rnn_states, not_done_masks)
            dones = envs.step()
            not_done_masks = torch.tensor(  # finding: uint8-mask-condition
                [[0] if done else [1] for done in dones], dtype=torch.uint8, device=self.device)
            done_masks = torch.tensor([[bool(done)] for done in dones], dtype=torch.bool, device=self.device)
        return rnn_states, done_masks, counts
