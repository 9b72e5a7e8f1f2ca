# seen in: training scripts that log the step loss with logger.info("%f", loss) but never lower the logging level:
# the root logger's default (WARNING) drops info records unformatted, so only a warning record converts the tensor
import logging

import torch

logger = logging.getLogger(__name__)


def step(model, criterion, optimizer, x, y):
    optimizer.zero_grad()
    loss = criterion(model(x), y)
    loss.backward()
    optimizer.step()
    logger.info("loss %f", loss)
    if not torch.isfinite(loss):
        logger.warning("loss diverged: %f", loss)  # finding: float-of-requires-grad-tensor
    return loss.item()
