# seen in: yolov5-face forks (Chinese_license_plate_detection_recognition's models/yolo.py): `'1.10.0' in
# torch.__version__` picks meshgrid's indexing= spelling; on 2.15 the else branch runs, without indexing=
import torch


def make_grid(nx, ny):
    if '1.10.0' in torch.__version__:
        yv, xv = torch.meshgrid([torch.arange(ny), torch.arange(nx)], indexing='ij')
    else:
        yv, xv = torch.meshgrid([torch.arange(ny), torch.arange(nx)])  # finding: meshgrid-without-indexing
    return xv, yv


def other_grids(n):
    if '2.15' not in torch.__version__:
        torch.meshgrid([torch.arange(n), torch.arange(n)])
    if '2.1' in torch.__version__:  # a substring of every 2.15 version string
        torch.meshgrid([torch.arange(n), torch.arange(n)])  # finding: meshgrid-without-indexing
    if '+cu' in torch.__version__:  # the build, not the release: not decided
        torch.meshgrid([torch.arange(n), torch.arange(n)])
