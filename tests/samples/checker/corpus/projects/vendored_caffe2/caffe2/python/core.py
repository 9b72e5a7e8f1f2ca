# seen in: a source tree that carries the caffe2 package itself (the framework's own sources): its
# imports of caffe2 resolve to the tree, not to the torch wheel
from caffe2.python import workspace


def BlobReference(name):
    return name
