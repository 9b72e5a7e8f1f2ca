# expect: build-devices-and-profiler#inline_inbuilt_nn_modules-deprecated
# expect: build-devices-and-profiler#enable_faithful_generator_behavior-deprecated
import torch._dynamo.config as dynamo_config

dynamo_config.inline_inbuilt_nn_modules = False
dynamo_config.enable_faithful_generator_behavior = False
