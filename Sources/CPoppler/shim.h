#include <glib.h>
#include <poppler.h>
