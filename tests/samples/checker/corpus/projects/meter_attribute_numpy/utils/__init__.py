from .meters import AverageMeter, RunningMeter
