# -*- Python -*-
# Runs the gtest unit tests as part of check-ansor.

import os

import lit.formats

config.name = "ANSOR-Unit"
config.suffixes = []
config.test_exec_root = os.path.join(config.ansor_obj_root, "unittests")
config.test_source_root = config.test_exec_root
config.test_format = lit.formats.GoogleTest(".", "Tests")
