from .segmentation import SegMetrics, LossMeter
