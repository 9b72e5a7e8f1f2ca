# seen in: facial-expression and classification training scripts (2020) that sum the loss tensors of an epoch,
# average the total in place and print it; the validation pass reuses both names under no_grad
import torch


def run_epochs(model, criterion, optimizer, train_loader, val_loader, epochs):
    for epoch in range(epochs):
        running_loss = 0.0
        iter_cnt = 0
        for imgs, targets in train_loader:
            iter_cnt += 1
            optimizer.zero_grad()
            loss = criterion(model(imgs), targets)
            loss.backward()
            optimizer.step()
            running_loss += loss
        running_loss = running_loss / iter_cnt
        print("[Epoch %d] Loss: %.3f" % (epoch, running_loss))  # finding: float-of-requires-grad-tensor
        with torch.no_grad():
            running_loss = 0.0
            iter_cnt = 0
            for imgs, targets in val_loader:
                loss = criterion(model(imgs), targets)
                running_loss += loss
                iter_cnt += 1
            running_loss = running_loss / iter_cnt
            print("[Epoch %d] Validation loss: %.3f" % (epoch, running_loss))
