# seen in: a TRPO agent's line search (the dot of two 1-D gradients is 0-dim), a metric-learning loss's Gaussian
# fit (the square root of a full mean), and a super-resolution script whose test() calls the criterion the module
# builds further down: each .data[0] indexes a 0-dim tensor
from math import log10

import torch
import torch.nn as nn


def line_search(policy_gradient, step_direction):
    expected = -policy_gradient.dot(step_direction).data[0]  # finding: loss-data-index
    batch_rows = policy_gradient.mm(step_direction.t())
    return expected, batch_rows.data[0]


def gauss_fit(data):
    mean_value = torch.mean(data).data[0]  # finding: loss-data-index
    spread = torch.sqrt(torch.mean(torch.pow(data - mean_value, 2))).data[0]  # finding: loss-data-index
    per_row = torch.sqrt(torch.mean(data, 1)).data[0]
    return mean_value, spread, per_row


def test(model, loader):
    total = 0
    for x, y in loader:
        mse = criterion(model(x), y)
        total += 10 * log10(1 / mse.data[0])  # finding: loss-data-index
    return total


def test_with(model, loader, criterion):
    return [criterion(model(x), y).data[0] for x, y in loader]  # finding: loss-data-index


criterion = nn.L1Loss()
if torch.cuda.is_available():
    criterion = criterion.cuda()


# seen in: a scene-graph image-retrieval evaluation that averages its ranks with pandas: a DataFrame's mean() is a
# Series, and [0] reads its first column; no tensor is indexed
def retrieval_summary(mean_rank_list, losses):
    import pandas as pd
    import numpy as np
    average_rank = pd.DataFrame(mean_rank_list).mean()[0]
    first_mean = np.array(mean_rank_list).T.mean(0)[0]
    return average_rank, first_mean, torch.stack(losses).mean()[0]  # finding: loss-data-index


def pixel_means(coords, values):
    # seen in: a Kaggle MoA solution's DeepInsight transform: a pandas groupby bound to a name, then its .mean()
    import pandas as pd
    import numpy as np
    grouped = pd.DataFrame(np.vstack((coords, values)).T).groupby([0, 1], as_index=False)
    averages = grouped.mean()
    return averages[0].astype(int), averages[1].astype(int)
