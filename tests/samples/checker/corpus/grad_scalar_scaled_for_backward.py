# seen in: mixed-precision training loops (torch.amp's GradScaler, NVIDIA apex's amp) that log the unscaled loss after
# giving its scaled product backward(): the loss is in the same graph, so it still requires grad
import logging

import torch

logger = logging.getLogger(__name__)
logging.basicConfig(level=logging.INFO)


def train_native(model, loader, criterion, optimizer, scaler):
    for inputs, targets in loader:
        with torch.autocast("cuda"):
            loss = criterion(model(inputs), targets)
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()
        print("loss %.4f" % loss)  # finding: float-of-requires-grad-tensor


def train_apex(model, loader, criterion, optimizer, amp):
    for inputs, targets in loader:
        loss = criterion(model(inputs), targets)
        with amp.scale_loss(loss, optimizer) as scaled_loss:
            scaled_loss.backward()
        optimizer.step()
        logger.info("loss %f", loss)  # finding: float-of-requires-grad-tensor


def train_detached(model, loader, criterion, optimizer, scaler):
    for inputs, targets in loader:
        loss = criterion(model(inputs), targets)
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        print("loss %.4f" % loss.item())
