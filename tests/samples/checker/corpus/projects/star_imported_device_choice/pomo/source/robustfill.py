from cuda_types import FloatTensor, HalfTensor, LongTensor


def encode(tokens, scores):
    ids = LongTensor(tokens)  # finding: cuda-dtype-tensor-constructor
    return ids, FloatTensor(scores), HalfTensor(scores)  # finding: cuda-dtype-tensor-constructor
