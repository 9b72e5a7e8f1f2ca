# seen in: round 58's Deep-Hedging-with-Market-Impact driver scripts: the network read back by name from the folder
# the agents save whole models to (concatenated, in an f-string or with str.format); a state dict saved to another
# folder and read from it is plain.
import torch

from agent import DeepAgent


def compare(agent: DeepAgent, name: str, other: torch.nn.Module):
    agent.model = torch.load("/home/me/deep-hedging/" + name)  # finding: torch-load-saved-in-project
    first = torch.load(f"/home/me/deep-hedging/{name}")  # finding: torch-load-saved-in-project
    again = torch.load("/home/me/deep-hedging/{name}".format(name=name))  # finding: torch-load-saved-in-project
    torch.save(other.state_dict(), "/home/me/weights/" + name)
    other.load_state_dict(torch.load("/home/me/weights/" + name))
    return first, again
