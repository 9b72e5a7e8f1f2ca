# seen in: open-mmlab/mmyolo tools/model_converters/yolov7_to_mmyolo.py (round 13): the official checkpoint's 'model'
# entry is a whole pickled nn.Module, converted in place (.float()) before .state_dict() is asked of it; and
# baaivision/EVA EVA-02/det/detectron2/modeling/test_time_augmentation.py: a saved detectron2 Instances moved to a
# device as it is loaded, then read by attribute (.pred_boxes). weights_only=True refuses both (Unsupported global).
import torch


def convert(src):
    try:
        model = torch.load(src)["model"].float()  # finding: torch-load-pickled-object
        blobs = model.state_dict()
    except ModuleNotFoundError:
        raise RuntimeError("place this script in the original repository")
    return dict(blobs)


def load_predictions(file_name, rank):
    result = torch.load(file_name).to("cuda:{}".format(rank))  # finding: torch-load-pickled-object
    return result.pred_boxes, result.pred_classes


def load_weights(path):
    weights = torch.load(path)["state_dict"].float()  # a tensor-only entry: no object use follows
    return weights.sum()
