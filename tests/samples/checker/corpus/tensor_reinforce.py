# seen in: torch 0.2-era REINFORCE and actor-critic examples (policy.saved_actions, action.reinforce(reward));
# RL agents define their own reinforce() methods, which stay quiet
import torch


def finish_episode(policy, rewards, optimizer):
    for action, r in zip(policy.saved_actions, rewards):
        action.reinforce(r)  # finding: tensor-reinforce-removed
    policy.saved_actions[0].reinforce(rewards[0])  # finding: tensor-reinforce-removed
    optimizer.zero_grad()


class Agent:
    def reinforce(self, reward):
        return reward


def train(agent, reward):
    agent.reinforce(reward)
    return torch.tensor([reward])


def reinforce_backward(multinomial_outputs, reward):
    # a CLEVR program generator's sampled tokens, each rewarded in turn
    for sampled_output in multinomial_outputs:
        sampled_output.reinforce(reward)  # finding: tensor-reinforce-removed
