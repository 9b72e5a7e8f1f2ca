# seen in: hotswapping tests of an adapter library (peft's compiled-model tests) and inductor tuning scripts
import torch
import torch._inductor.config as inductor_config


def test_compiled_model_does_not_recompile(run):
    # the flag is deprecated and ignored since 2.12: the test no longer tests what it says
    ctx = torch._dynamo.config.patch(error_on_recompile=True, inline_inbuilt_nn_modules=False)  # finding: inline-inbuilt-nn-modules-deprecated
    with ctx, inductor_config.patch("triton.cudagraph_support_input_mutation", False):
        run()


@torch._dynamo.config.patch({"cache_size_limit": 64})
def compile_many(fn):
    return torch.compile(fn)


def tuned(fn):
    with inductor_config.patch("triton.use_block_ptr", True):  # finding: use-block-ptr-deprecated
        return torch.compile(fn)


def unrelated(settings):
    # not a torch config: nothing to say
    return settings.config.patch(inline_inbuilt_nn_modules=False)
