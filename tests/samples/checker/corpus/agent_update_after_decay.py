# seen in: habitat-baselines 0.1-era PPO trainers (vision-and-language navigation) that decay the learning rate at
# the top of each update, before the agent's update() steps its optimizer over the rollouts: the first update warns
import torch
from torch.optim.lr_scheduler import LambdaLR


class PPOTrainer:
    def __init__(self, config, agent):
        self.config = config
        self.agent = agent

    def _update_agent(self, rollouts):
        value_loss, action_loss = self.agent.update(rollouts)
        return value_loss, action_loss

    def train(self, rollouts):
        ppo_cfg = self.config.RL.PPO
        lr_scheduler = LambdaLR(self.agent.optimizer, lr_lambda=lambda x: 1 - x / 100)
        for update in range(self.config.NUM_UPDATES):
            if ppo_cfg.use_linear_lr_decay:
                lr_scheduler.step()  # finding: scheduler-step-before-optimizer
            self._update_agent(rollouts)

    def train_in_order(self, rollouts):
        ppo_cfg = self.config.RL.PPO
        lr_scheduler = LambdaLR(self.agent.optimizer, lr_lambda=lambda x: 1 - x / 100)
        for update in range(self.config.NUM_UPDATES):
            self._update_agent(rollouts)
            if ppo_cfg.use_linear_lr_decay:
                lr_scheduler.step()


def make_optimizer(params):
    return torch.optim.Adam(params, lr=2.5e-4)
