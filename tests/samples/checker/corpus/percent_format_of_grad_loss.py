# seen in: w86763777/pytorch-gan-collections (`'%.4f' % loss` after backward, loss bound once per player and negated
# for the WGAN loss), kuc2477/pytorch-ewc (`float(ce_loss)` of a term of the backed loss), wiseodd's scripts
# (module-level training loops): a %-float conversion calls float() and warns like it since 2.8
import torch

net = torch.nn.Linear(2, 1)
for x in [torch.randn(4, 2)]:
    loss = net(x).mean()
    loss.backward()
    print("loss %.4f" % loss)  # finding: float-of-requires-grad-tensor


def train(net_d, net_g, loss_fn, z, real, wasserstein):
    loss = loss_fn(net_d(real), net_d(net_g(z).detach()))
    loss.backward()
    if wasserstein:
        loss = -loss
    shown = "%.4f" % loss  # finding: float-of-requires-grad-tensor
    counted = "%d steps, %s" % (3, loss)  # %d and %s do not convert to float: quiet
    loss = loss_fn(net_d(net_g(z)))
    loss.backward()
    with torch.no_grad():
        check = loss_fn(net_d(real))
    return shown, counted, "%.2f" % check  # no graph: the binding under no_grad is another value


def ewc_step(model, criterion, x, y):
    ce_loss = criterion(model(x), y)
    ewc_loss = model.ewc_loss()
    loss = ce_loss + ewc_loss
    loss.backward()
    return float(ce_loss), float(loss)  # finding: float-of-requires-grad-tensor


# seen in: an underwater-enhancement trainer that logs the training losses right after backward with
# logger.info("... %f", loss): logging formats msg % args when it emits the record, converting the tensor
import logging

logging.basicConfig(level=logging.INFO)  # info records are emitted, so formatted
logger = logging.getLogger(__name__)


def logged_step(model, criterion, optimizer, x, y):
    optimizer.zero_grad()
    loss = criterion(model(x), y)
    loss.backward()
    optimizer.step()
    logger.info("step loss: %f", loss)  # finding: float-of-requires-grad-tensor
    logger.info("step loss: %s", loss)  # %s formats str(loss): no float conversion
    logger.debug("step loss: %f", loss)  # a debug record is seldom emitted, so seldom formatted
    logging.info("loss %.4f", loss.item())
