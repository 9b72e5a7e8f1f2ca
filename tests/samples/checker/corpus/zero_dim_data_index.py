# seen in: old classification and language-model scripts that count correct predictions with
# pred.eq(target).sum() and read the count with .data[0] (pre-0.4 tutorials and their forks); a reduction
# over one dimension, or a name also bound to something else, is an ordinary tensor
import torch


def evaluate(output, target):
    pred = output.max(1)[1]
    correct = pred.eq(target.data).cpu().sum()
    accuracy = correct.data[0] / len(target)  # finding: loss-data-index
    mean_prob = torch.softmax(output, 1).max(1)[0].mean().data[0]  # finding: loss-data-index
    total = torch.sum(output).data[0]  # finding: loss-data-index
    per_class = output.sum(0).data[0]
    first = pred.data[0]
    return accuracy, mean_prob, total, per_class, first


def counted(output, target, per_sample):
    hits = output.eq(target)
    if per_sample:
        hits = hits.sum()
    return hits.data[0]


def test_epoch(model, loader, mode):
    # a torch.nn.functional loss reduces to a 0-dim mean unless the call asks for one loss per element
    import torch.nn.functional as F
    test_loss, per_sample = 0, []
    for data, target in loader:
        output = model(data)
        test_loss += F.cross_entropy(output, target).data[0]  # finding: loss-data-index
        test_loss += F.nll_loss(output, target, reduction="sum").data[0]  # finding: loss-data-index
        per_sample.append(F.cross_entropy(output, target, reduction="none").data[0])
        per_sample.append(F.mse_loss(output, target, reduction=mode).data[0])
    return test_loss, per_sample


# seen in: a BEGAN script whose discriminator is a module-level function returning a mean, its convergence measure
# an elementwise function of module constants times those means: 0-dim, so .data[0] raises
GAMMA = 0.5


def discriminator_energy(autoencoder, x):
    return torch.mean(torch.sum(torch.abs(x - autoencoder(x)), 1))


def convergence(autoencoder, x, fake):
    measure = discriminator_energy(autoencoder, x) + torch.abs(
        GAMMA * discriminator_energy(autoencoder, x) - discriminator_energy(autoencoder, fake))
    return measure.data[0]  # finding: loss-data-index
