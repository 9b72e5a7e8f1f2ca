# seen in: round 60's BotRGCN: a list filled with NumPy arrays is turned into one tensor before it is saved, so the
# cache holds a tensor; a list of arrays saved as it is does not load.
import os
import numpy as np
import torch


class Feats:
    def cat_prop_preprocess(self):
        path = self.root + 'cat_properties_tensor.pt'
        if not os.path.exists(path):
            category_properties = []
            for i in range(self.n):
                prop = []
                prop.append(0)
                prop = np.array(prop)
                category_properties.append(prop)
            category_properties = torch.tensor(np.array(category_properties, dtype=np.float32)).to(self.device)
            if self.save:
                torch.save(category_properties, self.root + 'cat_properties_tensor.pt')
        else:
            category_properties = torch.load(self.root + "cat_properties_tensor.pt").to(self.device)
        return category_properties

    def raw_prop_preprocess(self):
        path = self.root + 'raw_properties.pt'
        if os.path.exists(path):
            return torch.load(path)  # finding: torch-load-saved-objects
        rows = np.stack([np.zeros(3) for i in range(self.n)])
        torch.save(rows, path)
        return rows
