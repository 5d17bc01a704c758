/* rdt-counter-paintable.h: a counter image at the widget's scale factor
 * (issue 16, HiDPI).
 *
 * A GdkTexture's intrinsic size is its size in pixels, so a texture drawn at
 * twice the pixels for a scale-2 display would also show twice as large.
 * This paintable holds such a texture and reports the logical size instead:
 * the palette, the stack expander and the drag icons show a counter of
 * @logical_size at the display's full resolution.
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define RDT_TYPE_COUNTER_PAINTABLE (rdt_counter_paintable_get_type ())
G_DECLARE_FINAL_TYPE (RdtCounterPaintable, rdt_counter_paintable, RDT, COUNTER_PAINTABLE, GObject)

GdkPaintable *rdt_counter_paintable_new         (GdkTexture          *texture,
                                                 int                  logical_size);
GdkTexture   *rdt_counter_paintable_get_texture (RdtCounterPaintable *self);

G_END_DECLS
