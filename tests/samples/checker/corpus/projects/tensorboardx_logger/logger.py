# seen in: a retinal-vessel segmentation project whose logger module never imports torch: it builds tensorboardX's
# writer lazily and logs the model graph, which tensorboardX traces with torch's tracer (FutureWarning on 2.15)
from tensorboardX import SummaryWriter


class Logger:
    def __init__(self, name):
        self.name = name
        self.summary = None

    def write_tensorboard(self, values, epoch):
        if self.summary is None:
            self.summary = SummaryWriter("%s/" % self.name)
        for key, value in values.items():
            self.summary.add_scalar(key, value, epoch)

    def save_graph(self, model, inputs):
        if self.summary is None:
            self.summary = SummaryWriter("%s/" % self.name)
        self.summary.add_graph(model, (inputs,))  # finding: tensorboard-add-graph
