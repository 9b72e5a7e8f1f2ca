# seen in: a graph recommender's training loop that adds its graph losses into totals started together as numbers
# and logs the per-rating averages with %f: each average is a tensor that requires grad, which %f converts
import torch
import torch.nn.functional as F


def train_epoch(model, batches, optimizer, num_ratings, logger, epoch):
    total_loss, total_bpr, total_count = 0.0, 0.0, 0
    for users, pos, neg in batches:
        bpr_loss = -torch.sum(F.logsigmoid(model(users, pos) - model(users, neg)))
        loss = bpr_loss + 1e-4 * model.reg()
        total_loss += loss
        total_bpr += bpr_loss.item()
        total_count += 1
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    logger.info("[iter %d : loss %.4f, bpr %.4f, batches %d]" % (  # finding: float-of-requires-grad-tensor
        epoch, total_loss / num_ratings, total_bpr / num_ratings, total_count))
    logger.info("[iter %d : bpr %.4f]" % (epoch, total_bpr / num_ratings))
