from .scores import Evaluator, SegScores
