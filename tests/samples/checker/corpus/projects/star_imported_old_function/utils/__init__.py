from utils.visualization import *
