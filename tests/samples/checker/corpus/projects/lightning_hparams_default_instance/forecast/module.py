# A forecasting LightningModule whose save_hyperparameters() keeps every __init__ parameter, one of them by
# default an instance of a third-party loss class: each checkpoint's hyper_parameters pickle that class, which
# weights_only refuses ("Unsupported global").
import lightning as L
import torch
from gluonts.torch.modules.loss import DistributionLoss, NegativeLogLikelihood


class ForecastModule(L.LightningModule):
    def __init__(self, context_length: int, loss: DistributionLoss = NegativeLogLikelihood(), lr: float = 1e-3,
                 scales: list = [0.5, 2.0]):
        super().__init__()
        self.save_hyperparameters()
        self.net = torch.nn.Linear(context_length, 1)
