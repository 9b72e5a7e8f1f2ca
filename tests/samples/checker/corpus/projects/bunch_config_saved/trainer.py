import torch


class Trainer:
    def __init__(self, model, optimizer, CFG):
        self.model, self.optimizer, self.CFG = model, optimizer, CFG

    def train(self, epochs):
        for epoch in range(epochs):
            state = {"epoch": epoch, "state_dict": self.model.state_dict(), "config": self.CFG}
            torch.save(state, f"checkpoint-epoch{epoch}.pth")
