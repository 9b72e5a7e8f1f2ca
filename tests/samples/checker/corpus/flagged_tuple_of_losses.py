# seen in: jmtomczak/vae_vampprior's models (and harvardnlp's sa-vae helpers): a method returns (loss, RE, KL) and
# averages them only under its `average` flag; a call that passes average=True gets three 0-dim tensors
import torch


class VAE(torch.nn.Module):
    def calculate_loss(self, x, beta=1.0, average=False):
        re = (x - 1) ** 2
        kl = x.abs()
        loss = re + beta * kl
        if average:
            loss = torch.mean(loss)
            re = torch.mean(re)
            kl = torch.mean(kl)
        return loss, re, kl

    def lower_bound(self, x):
        loss, re, kl = self.calculate_loss(x, average=True)
        return re.cpu().data[0], kl.data[0]  # finding: loss-data-index

    def per_example(self, x):
        loss, re, kl = self.calculate_loss(x)
        return re.data[0]  # average=False: a vector per example, its first item is fine
