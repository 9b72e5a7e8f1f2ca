# seen in: policy-gradient code from 2017 (spro's reinforce-gridworld, jingweiz/pytorch-rl's A3C and ACER agents) that
# samples an action with probs.multinomial(); the count given, by position or name, and numpy's Generator.multinomial
# stay quiet
import numpy as np
import torch


def choose(probs: torch.Tensor, rng: np.random.Generator):
    action = probs.multinomial()  # finding: multinomial-method-without-num-samples
    again = torch.multinomial(probs)  # finding: multinomial-without-num-samples
    counted = probs.multinomial(1)
    named = torch.multinomial(probs, num_samples=1)
    counts = rng.multinomial(10, [0.5, 0.5])
    return action, again, counted, named, counts
