#include <webp/decode.h>
// The encoder is used by the tests only, to make WebP sources from known pixels.
#include <webp/encode.h>
