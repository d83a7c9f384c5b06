// The part of librsvg's C API assetc calls, declared here instead of including <librsvg/rsvg.h>.
//
// Why: that header pulls in GIO, whose pkg-config flags carry `-pthread`, and SwiftPM answers a
// `-pthread` from pkg-config with "warning: prohibited flag(s)" in every build of every package
// that depends on assetc. The declarations below are librsvg's own (2.52 and later, the API
// Debian 12 ships); the module takes its include paths from cairo-gobject (cairo and GObject,
// nothing else) and links librsvg by name. Tests/EndToEndTests/CHeaderTests.swift compiles them
// against the real header, and compares the types' layouts and the enum's values, so a drift
// is a failing test, not a silent ABI mismatch.
#ifndef ASSETC_CRSVG_SHIM_H
#define ASSETC_CRSVG_SHIM_H

#include <cairo.h>
#include <glib-object.h>

#ifndef RSVG_H  // the real header, when a test includes it first to check what follows
typedef struct _RsvgHandle RsvgHandle;
struct _RsvgHandle {
    GObject parent;
    gpointer _abi_padding[16];
};

typedef struct _RsvgRectangle RsvgRectangle;
struct _RsvgRectangle {
    double x;
    double y;
    double width;
    double height;
};

typedef enum {
    RSVG_UNIT_PERCENT,
    RSVG_UNIT_PX,
    RSVG_UNIT_EM,
    RSVG_UNIT_EX,
    RSVG_UNIT_IN,
    RSVG_UNIT_CM,
    RSVG_UNIT_MM,
    RSVG_UNIT_PT,
    RSVG_UNIT_PC
} RsvgUnit;

typedef struct {
    double length;
    RsvgUnit unit;
} RsvgLength;
#endif

extern const guint rsvg_major_version;
extern const guint rsvg_minor_version;
extern const guint rsvg_micro_version;

RsvgHandle *rsvg_handle_new_from_data(const guint8 *data, gsize data_len, GError **error);
void rsvg_handle_set_dpi(RsvgHandle *handle, double dpi);
gboolean rsvg_handle_get_intrinsic_size_in_pixels(RsvgHandle *handle, gdouble *out_width, gdouble *out_height);
void rsvg_handle_get_intrinsic_dimensions(RsvgHandle *handle, gboolean *out_has_width, RsvgLength *out_width,
                                          gboolean *out_has_height, RsvgLength *out_height, gboolean *out_has_viewbox,
                                          RsvgRectangle *out_viewbox);
gboolean rsvg_handle_render_document(RsvgHandle *handle, cairo_t *cr, const RsvgRectangle *viewport, GError **error);

#endif
