# seen in: a video-classification repository whose evaluation script names its top-k list (topk = [1, 5]) and hands
# it to the ImageNet-style helper: k = 5 reaches the view of the transposed comparison, which raises
def accuracy(output, target, topk=(1,)):
    maxk = max(topk)
    _, pred = output.topk(maxk, 1, True, True)
    pred = pred.t()
    correct = pred.eq(target.view(1, -1).expand_as(pred))
    res = []
    for k in topk:
        correct_k = correct[:k].view(-1).float().sum(0)  # finding: topk-accuracy-view
        res.append(correct_k)
    return res
