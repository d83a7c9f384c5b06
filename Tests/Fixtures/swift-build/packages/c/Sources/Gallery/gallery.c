#include "gallery.h"
int gallery_version(void) { return 1; }
