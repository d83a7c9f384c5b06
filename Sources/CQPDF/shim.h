// qpdf's C API: assetc uses it to take a PDF's content streams out and put repaired ones back
// (Rendering/Drawing/QPDF.swift).
#include <qpdf/qpdf-c.h>
