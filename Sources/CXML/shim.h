#include <libxml/xmlversion.h>
// Debian's libxml2 is built with ICU, and its encoding header then includes ICU's headers, which
// clash with the copy Foundation carries. assetc uses no encoding handler, and the structures it
// reads hold only pointers to one, so the ICU members are left out of what Swift sees.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>

// `xmlFree` is a global function pointer, which Swift 6 treats as shared mutable state.
static inline void assetc_xml_free(void *pointer) { xmlFree(pointer); }
