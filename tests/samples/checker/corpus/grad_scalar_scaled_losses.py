# seen in: BackdoorBox's defenses, which log f'loss: {float(loss)}' after the step: a loss given backward through a
# scaled copy ((factor * loss).backward()), a loss parameter rebound to the criterion's result (def _train(...,
# loss=None)), and a CutMix loss made of two criterion calls. float() of a tensor that requires grad warns on 2.8+.
import math

import torch


def train(model, criterion, optimizer, loader, factor, loss=None):
    print(float(loss))
    for images, labels in loader:
        optimizer.zero_grad()
        loss = criterion(model(images), labels)
        (factor * loss).backward()
        optimizer.step()
        print(f"loss: {float(loss)}")  # finding: float-of-requires-grad-tensor


def train_cutmix(model, criterion, optimizer, loader, lam):
    for images, target_a, target_b, mixed in loader:
        optimizer.zero_grad()
        output = model(images)
        if mixed:
            loss = criterion(output, target_a) * lam + criterion(output, target_b) * (1.0 - lam)
        else:
            loss = criterion(output, target_a)
        loss.backward()
        optimizer.step()
        print("loss %.4f" % loss)  # finding: float-of-requires-grad-tensor


def evaluate(model, loader, scale):
    accuracy = 0.0
    for images, labels in loader:
        accuracy = (model(images).argmax(1) == labels).float().sum().item() / len(labels)
        (scale * model(images).sum()).backward()
    return float(accuracy)


def train_epoch(model, batches, criterion, optimizer):
    total_loss, total_words = 0.0, 0
    for source, target in batches:
        loss = criterion(model(source), target)
        total_loss += loss.item()
        total_words += target.numel()
        loss.backward()
    return math.exp(total_loss / total_words)


def adversarial(generator, batches, criterion, optimizer, rewards):
    for epoch in range(3):
        loss = train_epoch(generator, batches, criterion, optimizer)  # SeqGAN: the perplexity, a Python float
        print("epoch %d loss %f" % (epoch, loss))
        loss = criterion(generator(batches[0][0]), rewards)
        loss.backward()


# D3Feat, WorldOnRails: the terms of the loss given backward, each scaled by a weight, and criteria looked up by
# key; the accuracy the criterion also returns is not in the loss
def train_weighted(model, metrics, weights, optimizer, inputs):
    features, scores = model(inputs)
    desc_loss, accuracy = metrics["desc_loss"](features, inputs)
    det_loss = metrics["det_loss"](scores, inputs)
    seg_loss = torch.nn.functional.cross_entropy(scores, inputs)
    loss = desc_loss * weights["desc"] + det_loss * weights["det"] + 0.5 * seg_loss
    loss.backward()
    optimizer.step()
    return dict(
        desc=float(desc_loss),  # finding: float-of-requires-grad-tensor
        det=float(det_loss),  # finding: float-of-requires-grad-tensor
        seg=float(seg_loss),  # finding: float-of-requires-grad-tensor
        accuracy=float(accuracy),
    )


# pytorch_HMR: the unpacked terms of the loss given backward, converted for the log after the step, scaled back
def train_hmr(model, criterion, optimizer, images, ratio):
    loss_2d, loss_shape, accuracy = criterion(model(images))
    loss = loss_2d + loss_shape
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    loss_2d = float(loss_2d)  # finding: float-of-requires-grad-tensor
    loss_shape = float(loss_shape / ratio)  # finding: float-of-requires-grad-tensor
    return loss_2d + loss_shape, float(accuracy / ratio)


# DewarpNet: the loss names bound again under no_grad in the validation loop; each conversion sees the binding above
def train_and_validate(model, loss_fn, optimizer, loader, val_loader):
    total = 0.0
    for images, labels in loader:
        l1loss = loss_fn(model(images), labels)
        recon, ssim = loss_fn(model(images), images), 0.0
        loss = 10.0 * l1loss + 0.5 * recon
        total += float(l1loss)  # finding: float-of-requires-grad-tensor
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    with torch.no_grad():
        for images, labels in val_loader:
            l1loss = loss_fn(model(images), labels)
            total += float(l1loss)
    print(float(l1loss))
    return total


def validate(model, loader):
    total = 0.0
    for images in loader:
        total += model(images).sum().item()
    result = total / len(loader)
    return result


# SimCLS: the loss name rebound to arithmetic and then to a validation score (a Python float): its other bindings
# say nothing of the graph, so the formatted score is not flagged
def train_with_validation(model, loader, optimizer, scale, args):
    best = 100.0
    for step, images in enumerate(loader):
        loss = scale * model(images).mean()
        loss = loss / args.accumulate_step
        loss.backward()
        optimizer.step()
        if step % 1000 == 0:
            loss = validate(model, loader)
            best = min(best, loss)
            print("val: %.6f" % (1 - loss))
    return best


# dsacstar: one mode's loss is a piece of a norm, the other's a sum started at 0 and added to; both are given
# backward and formatted after the step
def train_coordinates(model, optimizer, images, targets, mask, rgbd):
    if rgbd:
        loss = torch.norm(model(images) - targets, dim=0)[mask]
        loss = loss.mean()
    else:
        loss = 0
        loss += (model(images) - targets).abs().sum()
    loss.backward()
    optimizer.step()
    print("loss: %.1f" % loss)  # finding: float-of-requires-grad-tensor


# a plateau schedule given the training loss itself: ReduceLROnPlateau.step takes float(metrics)
def train_plateau(model, loader):
    optimizer = torch.optim.Adam(model.parameters())
    plateau = torch.optim.lr_scheduler.ReduceLROnPlateau(optimizer, patience=500)
    for images, labels in loader:
        loss = torch.nn.functional.mse_loss(model(images), labels)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        plateau.step(loss)  # finding: float-of-requires-grad-tensor
        plateau.step(loss.item())


def evaluate_model(model, loader):
    total, count = 0.0, 0
    with torch.no_grad():
        for images, labels in loader:
            total += torch.nn.functional.l1_loss(model(images), labels).item()
            count += 1
    loss = total / count
    return loss, count


# MegaCRN: the loss names unpacked again from the evaluation function's Python numbers, then formatted
def train_and_report(model, loader, optimizer):
    for images, labels in loader:
        loss = torch.nn.functional.l1_loss(model(images), labels)
        loss1 = torch.nn.functional.mse_loss(model(images), labels)
        total = loss + 0.1 * loss1
        total.backward()
        optimizer.step()
    loss1, count = evaluate_model(model, loader)
    print("%.6f" % loss1)
