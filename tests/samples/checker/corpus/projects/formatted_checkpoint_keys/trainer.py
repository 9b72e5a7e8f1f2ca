# seen in: a sequential recommender whose trainer names every checkpoint entry after the save (f"{save_name}_ndcg")
# and keeps the NumPy nDCG there; its resume reads "recent_model", one of those spelled keys
import numpy as np
import torch


class Trainer:
    def __init__(self, model, path):
        self.model, self.path = model, path

    def save_results(self, save_name, ndcg):
        checkpoint = {f"{save_name}_model": self.model.state_dict(), f"{save_name}_ndcg": ndcg}
        torch.save(checkpoint, self.path)

    def train(self):
        best_ndcg = 0
        for epoch in range(3):
            ndcg, hit = self.evaluate()
            if ndcg >= best_ndcg:
                best_ndcg = ndcg
            self.save_results(save_name="recent", ndcg=best_ndcg)

    def resume(self):
        checkpoint = torch.load(f=self.path)  # finding: torch-load-saved-in-project
        self.model.load_state_dict(checkpoint["recent_model"])

    def evaluate(self):
        ndcg = 0
        hit = 0
        for rank in range(5):
            ndcg += 1 / np.log2(rank + 2)
            hit += 1
        return ndcg, hit
