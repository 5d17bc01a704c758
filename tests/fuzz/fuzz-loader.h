/* fuzz-loader.h: the loader fuzz entry point, shared by the libFuzzer build and
 * the replay test. */
#pragma once

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);
