# seen in: a video GAN trainer (tsb-gan's video_gan/trainer.py) drawing its latent codes and instance noise with
# torch.normal from torch.full(size, 0) means; since 1.7 those are int64 and torch.normal cannot draw with them
import torch


class Trainer:
    def gen_z(self, number):
        z_c = torch.normal(mean=torch.full((number, 80), 0), std=torch.full((number, 80), 2))  # finding: normal-integer-full
        z_m = torch.normal(torch.full((number, 20), 0.0), torch.full((number, 20), 0.5))
        return torch.cat((z_c, z_m), 1)

    def train(self, batches, sigma):
        noise_mean = torch.full((8, 3, 16, 16), 0, device=self.device)
        noise_std = torch.full((8, 3, 16, 16), sigma, device=self.device)
        float_mean = torch.full((8, 3, 16, 16), 0, dtype=torch.float, device=self.device)
        for real in batches:
            noise_std.fill_(sigma / 2)
            noisy = real + torch.normal(mean=noise_mean, std=noise_std)  # finding: normal-integer-full
            clean = real + torch.normal(mean=float_mean, std=noise_std)
            yield noisy, clean
