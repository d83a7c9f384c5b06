#include <lcms2.h>

// Little CMS's pixel formats are macros built from bit fields, which Swift does not import: the
// ones assetc uses, as constants.
static const cmsUInt32Number ASSETC_TYPE_RGBA_8 = TYPE_RGBA_8;
static const cmsUInt32Number ASSETC_TYPE_GRAYA_8 = TYPE_GRAYA_8;
// Extended-range output for Assets.car's wide-gamut renditions: floats, not clipped to 0-1.
static const cmsUInt32Number ASSETC_TYPE_RGB_FLT = TYPE_RGB_FLT;
