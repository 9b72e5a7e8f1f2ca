from pytorch_lightning.cli import LightningCLI

from forecast.module import ForecastModule


def main():
    cli = LightningCLI(model_class=ForecastModule, run=False)
    cli.trainer.fit(cli.model)
