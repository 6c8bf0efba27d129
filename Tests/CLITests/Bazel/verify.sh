#!/bin/sh
# Bazel runs this in the test's runfiles: the binary, fx/ and gold/ are there.
exec ./listrender verify fx --golden gold
