/* rdt-image-loader.h: decoding a referenced image (the underlay scan; later
 * counter art and imported modules' images) off the main thread, within the
 * caps of rdt-file-ref.h.
 *
 * The file is opened once through rdt_file_ref_open() (inside the referring
 * file's folder, regular files only, at most RDT_FILE_REF_IMAGE_MAX_BYTES),
 * its PNG or JPEG header is read and checked against the pixel caps before a
 * byte is decoded, and the decoder (gdk-pixbuf) is stopped again from its
 * size-prepared signal if it sees a larger image than the header said.  The
 * result is a cairo image surface (at most 32767 pixels a side: cairo's
 * limit), never a GdkTexture of the whole image, so no GL texture size
 * limit applies.  Every refusal is a GError naming the reference
 * (rdt_file_ref_describe()). */
#pragma once

#include <cairo.h>
#include <gio/gio.h>

#include "rdt-file-ref.h"

G_BEGIN_DECLS

/* Decodes synchronously (the worker of rdt_image_load_async(); tests).
 * @progress (nullable) receives the decoded share in thousandths, atomically. */
cairo_surface_t *rdt_image_load         (const RdtFileRef     *ref,
                                         GCancellable         *cancellable,
                                         gint                 *progress,
                                         GError              **error);

/* In a GTask thread.  @progress (nullable) must stay valid until @callback
 * runs; the main thread may poll it with g_atomic_int_get(). */
void             rdt_image_load_async   (const RdtFileRef     *ref,
                                         gpointer              source_object,
                                         GCancellable         *cancellable,
                                         gint                 *progress,
                                         GAsyncReadyCallback   callback,
                                         gpointer              user_data);
cairo_surface_t *rdt_image_load_finish  (GAsyncResult         *result,
                                         GError              **error);

G_END_DECLS
