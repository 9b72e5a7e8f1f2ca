# seen in: training callbacks that log the model graph once at start (bubbliiiing's LossHistory, PAN's
# BaseTrainer). torch's SummaryWriter.add_graph traces with torch.jit.trace, which warns on 2.15, and so does
# tensorboardX's, which hands the model to torch's own graph builder; a writer bound to something else too (None in a
# conditional), and a parameter no binding of the file builds, are not known to be either.
import torch
from tensorboardX import SummaryWriter as XWriter
from torch.utils.tensorboard import SummaryWriter


class LossHistory:
    def __init__(self, log_dir, model, shape):
        self.writer = None
        self.writer = SummaryWriter(log_dir)
        dummy = torch.randn(2, 3, *shape)
        self.writer.add_graph(model, dummy)  # finding: tensorboard-add-graph


def script(model):
    with SummaryWriter("runs") as tb:
        tb.add_graph(model, torch.zeros(1, 3))  # finding: tensorboard-add-graph


def either(model, use_x):
    logger = XWriter("runs") if use_x else None
    logger = XWriter("runs")
    logger.add_graph(model, torch.zeros(1))


def given(sink, model):
    sink.add_graph(model, torch.zeros(1))


def tensorboardx_writer(model, log_dir):
    writer = XWriter(log_dir)
    writer.add_graph(model, (torch.zeros(1, 3),))  # finding: tensorboard-add-graph
