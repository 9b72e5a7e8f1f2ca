# seen in: text detectors and face-fitting scripts (2019-2023) that keep their losses in a dict: the progress line
# formats the entries summed into the backpropagated loss, or converts every entry of a dict that holds the loss
import torch


def train_detector(model, criterion, optimizer, loader, bar):
    for image, target in loader:
        loss_dict = criterion(model(image), target)
        loss = loss_dict["geo_loss"] + loss_dict["cls_loss"]
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        bar.set_description("%12.4g %12.4g" % (loss_dict["geo_loss"], loss_dict["cls_loss"]))  # finding: float-of-requires-grad-tensor


def fit(flame, target, optimizer, steps):
    for step in range(steps):
        losses = {}
        losses["landmark"] = (flame() - target).pow(2).mean()
        all_loss = 0.0
        for key in losses.keys():
            all_loss = all_loss + losses[key]
        losses["all_loss"] = all_loss
        optimizer.zero_grad()
        all_loss.backward()
        optimizer.step()
        print(", ".join(f"{key}: {float(losses[key]):.4f}" for key in losses))  # finding: float-of-requires-grad-tensor


def update(network, batch, optimizer):
    terms, loss = {}, 0
    q_values = network(batch)
    loss += q_values.pow(2).mean()
    terms.update({"Loss": loss, "Q": q_values.mean()})
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    return {k: float(v) for k, v in terms.items()}  # finding: float-of-requires-grad-tensor


def update_detached(network, batch, optimizer):
    terms = {}
    loss = network(batch).pow(2).mean()
    terms["Loss"] = loss.item()
    loss.backward()
    optimizer.step()
    return {k: float(v) for k, v in terms.items()}
