def flatten_tree(tree, is_leaf=None):
    return [tree]
