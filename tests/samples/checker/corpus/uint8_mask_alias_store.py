# seen in: a multi-agent DDPG (xuehy/pytorch-maddpg's MADDPG.py) that picks the mask constructor per run,
# ByteTensor = th.cuda.ByteTensor if use_cuda else th.ByteTensor, and writes the critic's output through the mask:
# several values go to index_put_, which only warns; a number written through it goes to masked_fill_, which raises
import torch as th


class MADDPG:
    def __init__(self, critic, use_cuda):
        self.critic = critic
        self.use_cuda = use_cuda

    def update(self, next_states, batch_size):
        ByteTensor = th.cuda.ByteTensor if self.use_cuda else th.ByteTensor  # finding: cuda-dtype-tensor-constructor
        non_final_mask = ByteTensor([s is not None for s in next_states])
        target_q = th.zeros(batch_size)
        target_q[non_final_mask] = self.critic(next_states).squeeze()  # finding: uint8-mask-condition
        target_q[non_final_mask] = 0.0  # finding: uint8-mask-fill
        return target_q
