# seen in: an RL package whose replay buffer has its own add(obs, action, ...) beside an Adam copy that still
# calls the gradient's scalar-first add: the buffer's add explains buffer.add(a, b), not grad.add(wd, p.data)
import random


class ReplayBuffer:
    def __init__(self, size):
        self.items, self.size = [], size

    def add(self, observation, action):
        self.items = (self.items + [(observation, action)])[-self.size:]

    def sample(self, count):
        return random.sample(self.items, count)


def fill(buffer, pairs):
    for observation, action in pairs:
        buffer.add(observation, action)
