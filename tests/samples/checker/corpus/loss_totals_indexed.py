# seen in: a GAN's text-encoder pretraining (AttnGAN) and an outlier-exposure language model that keep running
# totals from 0 by adding a loss or its .data and read them with [0], the pre-0.4 way; the total is a 0-dim tensor
# since 0.4 and [0] raises IndexError. A total of floats from .item() and a list total stay quiet
import math

import torch


def pretrain(batches, model, criterion):
    s_total_loss0 = 0
    total_loss = 0
    for images, captions in batches:
        s_loss0 = criterion(model(images), captions)
        s_total_loss0 += s_loss0.data
        loss = criterion(model(captions), images).data
        total_loss += loss
    return s_total_loss0[0], total_loss[0]  # finding: loss-data-index


def evaluate(batches, model, criterion):
    total = 0
    history = []
    for images, captions in batches:
        with torch.no_grad():
            loss = criterion(model(images), captions)
        total += loss.item()
        history += [loss.item()]
    return total, history[0]


def evaluate_language_model(model, criterion, batches, args):
    # DARTS' RNN scripts: the total grows by the loss scaled by Python numbers, still a 0-dim tensor
    total_loss = 0
    for data, targets in batches:
        raw_loss = criterion(model(data), targets)
        total_loss += raw_loss.data * args.small_batch_size / args.batch_size
        total_loss += raw_loss * len(data)
    return total_loss[0] / len(batches)  # finding: loss-data-index


def evaluate_attention(model, batches):
    # self-attentive sentence embedding: a count of hits grows by a full sum, then is read through .data[0]
    total_correct = 0
    for data, targets in batches:
        prediction = torch.max(model(data), 1)[1]
        total_correct += torch.sum((prediction == targets).float())
    return total_correct.data[0] / len(batches)  # finding: loss-data-index


hallucination_loss = torch.nn.CrossEntropyLoss().cuda()
per_pixel = torch.nn.MSELoss(reduction="none")


def train_generator(classifier, generator, batches):
    # low-shot hallucination: losses made by criterion objects under names no loss rule knows
    for images, labels in batches:
        lossval_1 = hallucination_loss(classifier(generator(images)), labels)
        lossval_2 = per_pixel(generator(images), images)
        print(lossval_1.data[0])  # finding: loss-data-index
        print(lossval_2.data[0])


def log_flow_losses(model, data, target):
    # FlowNet2's training loop: a list of per-loss means, each read with the pre-0.4 .data[0]
    losses = [torch.mean(loss_value) for loss_value in model(data, target)]
    loss_values = [v.data[0] for v in losses]  # finding: loss-data-index
    for value in losses:
        print(value.data[0])  # finding: loss-data-index
    shapes = [v.shape[0] for v in model(data, target)]
    return loss_values, shapes


def log_rollout_loss(logprobs, rewards, plot, step):
    # end-to-end-negotiator's RL update: a Python sum() of (1, 1) products is (1, 1), and the code reads it with
    # [0][0]; the same name from a criterion is a 0-dim mean
    loss = sum(lp * r for lp, r in zip(logprobs, rewards))
    plot.update("loss", step, loss.data[0][0])
    loss = torch.nn.functional.mse_loss(logprobs[0], rewards[0])
    return loss.data[0]  # finding: loss-data-index


def log_two_domain_losses(D_A, x_A, x_BA, real, fake, mode, param):
    # carpedm20/DiscoGAN-pytorch and AlexiaJM's LSGAN: pairs of losses bound in one tuple, rebound to means in the
    # other branch, then summed: every name is 0-dim; scaled by a run option or divided by a number it stays so
    bce = torch.nn.BCELoss()
    if mode == "log_prob":
        l_real, l_fake = bce(D_A(x_A), real), bce(D_A(x_BA), fake)
    elif mode == "least_square":
        l_real, l_fake = 0.5 * torch.mean((D_A(x_A) - 1) ** 2), 0.5 * torch.mean(D_A(x_BA) ** 2)
    else:
        raise ValueError(mode)
    l_d = l_real + l_fake
    errD = 0.5 * torch.mean(D_A(x_A) ** 2) + l_d
    penalty = param.penalty * ((x_A.norm(2, 1) - 1) ** 2).mean()
    info = -0.5 * (1 + x_A.log()).sum(1).mean().div(math.log(2))
    print(l_real.data[0], l_d.data[0])  # finding: loss-data-index
    print(errD.data[0], penalty.data[0], info.data[0])  # finding: loss-data-index
    outputs, masks = D_A(x_A), x_A > 0
    return outputs.data[0], masks.data[0]


# seen in: the AWD-LSTM finetune scripts copied into optimizer benchmarks: the evaluation total grows by the data of
# a module-level CrossEntropyLoss called on the flattened output, scaled by the batch length
criterion = torch.nn.CrossEntropyLoss()


def evaluate_lm(model, batches, ntokens):
    total_loss = 0
    for data, targets in batches:
        output = model(data)
        total_loss += len(data) * criterion(output.view(-1, ntokens), targets).data
    return total_loss[0] / len(batches)  # finding: loss-data-index


def evaluate_lm_items(model, batches, ntokens):
    total_loss = 0
    for data, targets in batches:
        total_loss += len(data) * criterion(model(data).view(-1, ntokens), targets).item()
    return total_loss / len(batches)
