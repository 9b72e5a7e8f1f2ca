# the script calls the helper through its module (utils.save_models), handing it the optimizer state: plain data
import torch

import utils


def main(encoder, decoder, path):
    params = list(encoder.parameters()) + list(decoder.parameters())
    optimizer = torch.optim.Adam(params, lr=1e-3)
    for step in range(3):
        optimizer.step()
        utils.save_models(encoder, decoder, optimizer.state_dict(), step, path)
