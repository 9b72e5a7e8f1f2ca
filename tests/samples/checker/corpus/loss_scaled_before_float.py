# seen in: video-text retrieval fine-tuning loops (CLIP4Clip) that average the loss over GPUs and divide it by the
# accumulation steps before backward, then add float(loss) to the epoch total: the scaled loss still requires grad,
# so float() warns on 2.8+. .item() does not.
import torch


def train_epoch(args, model, loader, optimizer, n_gpu):
    model.train()
    total_loss = 0
    for step, batch in enumerate(loader):
        loss = model(*batch)
        if n_gpu > 1:
            loss = loss.mean()
        if args.gradient_accumulation_steps > 1:
            loss = loss / args.gradient_accumulation_steps
        loss.backward()
        total_loss += float(loss)  # finding: float-of-requires-grad-tensor
        optimizer.step()
    return total_loss


def train_quietly(args, model, loader, optimizer):
    total_loss = 0
    for batch in loader:
        loss = model(*batch)
        loss = loss / args.gradient_accumulation_steps
        loss.backward()
        total_loss += loss.item()
        optimizer.step()
    return total_loss


# audio classifiers of 2017 (liucong3): the loss is divided by batch_size = input.size(0), a Python int; the
# accuracy divides by float(batch_size), which converts no tensor
def run_epoch(model, loader, optimizer, criterion):
    for data, target in loader:
        output = model(data)
        batch_size = data.size(0)
        acc = (output.argmax(1) == target).sum() / float(batch_size)
        loss = criterion(output, target) / batch_size
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        print(acc)
