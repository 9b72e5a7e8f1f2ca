# seen in: an encoder4editing coach (JoJoGAN's e4e copy): the adversarial loss is a running total (`loss_disc = 0.`,
# then `+=` each latent's softplus in a loop) added into the loss that is backpropagated, so float() of it, and of
# each delta term summed into a total, converts a tensor that requires grad. The discriminator's loss function
# returns `real_loss + fake_loss` to a caller that backpropagates it: its terms require grad too.
import torch
import torch.nn.functional as F


class Coach:
    def __init__(self, encoder, discriminator, optimizer):
        self.encoder, self.discriminator, self.optimizer = encoder, discriminator, optimizer

    def calc_loss(self, x, y):
        logs = {}
        latent = self.encoder(x)
        loss = F.mse_loss(latent.sum(1), y)
        loss_disc = 0.0
        for i in range(latent.shape[1]):
            loss_disc += F.softplus(-self.discriminator(latent[:, i])).mean()
        loss_disc /= latent.shape[1]
        logs["disc"] = float(loss_disc)  # finding: float-of-requires-grad-tensor
        loss += 0.1 * loss_disc
        total_delta = 0
        for i in range(1, latent.shape[1]):
            delta_loss = torch.norm(latent[:, i] - latent[:, 0], 2, dim=1).mean()
            logs[f"delta{i}"] = float(delta_loss)  # finding: float-of-requires-grad-tensor
            total_delta += delta_loss
        logs["delta"] = float(total_delta)  # finding: float-of-requires-grad-tensor
        loss += 0.01 * total_delta
        steps = 0
        steps += len(logs)
        logs["steps"] = float(steps)
        return loss, logs

    @staticmethod
    def discriminator_loss(real_pred, fake_pred, logs):
        real_loss = F.softplus(-real_pred).mean()
        fake_loss = F.softplus(fake_pred).mean()
        logs["real"] = float(real_loss)  # finding: float-of-requires-grad-tensor
        return real_loss + fake_loss

    def train_step(self, x, y, real):
        loss, logs = self.calc_loss(x, y)
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        loss = self.discriminator_loss(self.discriminator(real), self.discriminator(self.encoder(x)[:, 0].detach()), logs)
        loss.backward()
        return logs
