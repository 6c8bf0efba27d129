"""Passes Bazel's own C++ rules through (a stand-in for rules_cc, offline)."""

cc_binary = native.cc_binary
cc_library = native.cc_library
cc_test = native.cc_test
cc_toolchain = native.cc_toolchain
cc_toolchain_suite = native.cc_toolchain_suite
objc_library = native.objc_library
