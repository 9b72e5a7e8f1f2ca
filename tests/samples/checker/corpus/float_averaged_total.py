# seen in: a retina-vessel U-Net solver that sums its undetached losses per epoch and prints their average with %f;
# a total of .item() values stays a Python number
import torch


class Solver:
    def __init__(self, model, criterion, batches, train_step):
        self.model, self.criterion, self.batches, self.train_step = model, criterion, batches, train_step
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

    def train(self, epochs):
        for i in range(epochs):
            epoch_loss = 0
            plain_loss = 0
            for img, label in self.batches:
                self.optimizer.zero_grad()
                loss = self.criterion(self.model(img), label)
                epoch_loss += loss
                plain_loss += loss.item()
                loss.backward()
                self.optimizer.step()
            aver_loss = epoch_loss / self.train_step
            print("training %d epoch, average loss is %.6f" % (i, aver_loss))  # finding: float-of-requires-grad-tensor
            plain_average = plain_loss / self.train_step
            print("plain average %.6f" % plain_average)
