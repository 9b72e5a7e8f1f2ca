# seen in: domain-adaptation training loops that keep every loss in a dict, backpropagate their sum and print each
# entry with %.3f: each entry is a loss that requires grad, so formatting it converts with float and warns
import torch


def train_step(model, discriminator, optimizer, source, target, labels, step):
    loss_dict = dict()
    loss_dict["seg_loss"] = torch.nn.functional.cross_entropy(model(source), labels)
    loss_dict["adv_loss"] = discriminator(model(target)).mean()
    total_loss = sum(loss_dict.values())
    optimizer.zero_grad()
    total_loss.backward()
    optimizer.step()
    if step % 50 == 0:
        text = "iter = %d " % step
        for name, value in loss_dict.items():
            text += "%s = %.3f " % (name, value)  # finding: float-of-requires-grad-tensor
        for value in loss_dict.values():
            text += "%d " % len(value.shape)
        print(text)


def evaluate(losses):
    total = sum(losses.values())
    for name, value in losses.items():
        print("%s = %.3f" % (name, value))
    return total
