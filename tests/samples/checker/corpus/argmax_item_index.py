# seen in: a Flappy Bird deep Q-learning agent that picks its action with torch.argmax(prediction)[0], written when
# argmax still gave a one-element tensor; argmax over every element is 0-dim, so [0] raises IndexError
import torch


def act(model, state):
    prediction = model(state)[0]
    action = torch.argmax(prediction)[0]  # finding: loss-data-index
    best = torch.argmax(prediction, dim=0)
    return action, prediction.max(0)[1], best
