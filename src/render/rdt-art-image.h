/* rdt-art-image.h: decoding counter art (issue 16) for the map, the palette
 * and `redoubt-cli render`, from the bytes rdt_file_ref_read() returned.
 *
 * - PNG: the size from the IHDR header is checked before cairo decodes it;
 * - JPEG: through gdk-pixbuf's JPEG loader only (never a loader chosen by
 *   sniffing), the size checked when the loader has read the header and the
 *   decoder stopped before it allocates when it is too large;
 * - SVG: screened first (rdt_file_ref_screen_svg(): self-contained, no DTD,
 *   no reference to another file, at most 1 MiB), then rendered by
 *   gdk-pixbuf's SVG loader (librsvg) at RDT_ART_SVG_SIDE pixels on its
 *   longer side whatever size the file asks for, from memory with no base
 *   file, so it cannot reach another file or the network.
 * A build without gdk-pixbuf draws PNG art only (the others: an error).
 */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "rdt-file-ref.h"

G_BEGIN_DECLS

#define RDT_ART_SVG_SIDE 512

cairo_surface_t *rdt_art_image_decode (GBytes            *bytes,
                                       const RdtFileRef  *ref,
                                       guint64            max_pixels,
                                       GError           **error);

/* Only in builds with gdk-pixbuf (RDT_HAVE_GDK_PIXBUF; the editor always has
 * it): an 8-bit RGB or RGBA pixbuf as a premultiplied cairo image, or NULL
 * when the surface cannot be allocated. */
typedef struct _GdkPixbuf GdkPixbuf;
cairo_surface_t *rdt_art_image_surface_from_pixbuf (GdkPixbuf *pixbuf);

G_END_DECLS
