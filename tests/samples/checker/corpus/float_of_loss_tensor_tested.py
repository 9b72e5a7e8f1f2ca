# seen in: a federated RetinaNet engine that adds its proximal term with prox.item() when it is a tensor and float()
# otherwise; the float() branch never sees a tensor. A plain float(loss) after backward still warns.
import torch


def train(model, loader, optimizer, proximal):
    total, logged = 0.0, 0.0
    for images, targets in loader:
        loss = model(images, targets)
        prox = proximal(model)
        loss = loss + prox
        loss.backward()
        optimizer.step()
        total += loss.item() if isinstance(loss, torch.Tensor) else float(loss)
        if not torch.is_tensor(loss):
            logged += float(loss)
        logged += float(loss)  # finding: float-of-requires-grad-tensor
    return total, logged
