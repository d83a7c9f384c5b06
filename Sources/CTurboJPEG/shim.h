// libjpeg-turbo's TurboJPEG API: errors are return codes, not longjmp, so Swift calls it directly.
// The encoder is used by the tests only, to make JPEG sources from known pixels.
#include <turbojpeg.h>
