/* rdt-art-image.c: decoding counter art: PNG, JPEG and SVG (issue 16). */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#ifdef RDT_HAVE_GDK_PIXBUF
#include <gdk-pixbuf/gdk-pixbuf.h>
#endif

#include "rdt-art-image.h"

typedef struct {
  const guint8 *data;
  gsize size;
  gsize offset;
} Reader;

static cairo_status_t
read_bytes (void          *closure,
            unsigned char *out,
            unsigned int   length)
{
  Reader *r = closure;

  if (length > r->size - r->offset)
    return CAIRO_STATUS_READ_ERROR;
  memcpy (out, r->data + r->offset, length);
  r->offset += length;
  return CAIRO_STATUS_SUCCESS;
}

static void
set_error (GError           **error,
           const RdtFileRef  *ref,
           int                code,
           const char        *detail)
{
  g_autofree char *what = rdt_file_ref_describe (ref);

  g_set_error (error, RDT_FILE_REF_ERROR, code, "%s: %s", what, detail);
}

static gboolean
check_size (const RdtFileRef  *ref,
            gint64             width,
            gint64             height,
            guint64            max_pixels,
            GError           **error)
{
  if (width <= 0 || height <= 0 || width > RDT_FILE_REF_IMAGE_MAX_SIDE || height > RDT_FILE_REF_IMAGE_MAX_SIDE
      || (guint64) width * (guint64) height > max_pixels)
    {
      set_error (error, ref, RDT_FILE_REF_ERROR_TOO_LARGE,
                 _("refused: the counter image is larger than counter art may be"));
      return FALSE;
    }
  return TRUE;
}

static cairo_surface_t *
decode_png (const guint8      *data,
            gsize              size,
            const RdtFileRef  *ref,
            guint64            max_pixels,
            GError           **error)
{
  guint64 w, h;
  Reader reader = { data, size, 0 };
  cairo_surface_t *surface;

  if (size < 24 || memcmp (data + 12, "IHDR", 4) != 0)
    {
      set_error (error, ref, RDT_FILE_REF_ERROR_NOT_IMAGE, _("refused: the PNG header is damaged"));
      return NULL;
    }
  /* The size from the PNG header first: never decode a huge image. */
  w = ((guint32) data[16] << 24) | ((guint32) data[17] << 16) | ((guint32) data[18] << 8) | data[19];
  h = ((guint32) data[20] << 24) | ((guint32) data[21] << 16) | ((guint32) data[22] << 8) | data[23];
  if (!check_size (ref, (gint64) w, (gint64) h, max_pixels, error))
    return NULL;
  surface = cairo_image_surface_create_from_png_stream (read_bytes, &reader);
  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (surface);
      set_error (error, ref, RDT_FILE_REF_ERROR_NOT_IMAGE, _("the PNG image cannot be decoded"));
      return NULL;
    }
  return surface;
}

#ifdef RDT_HAVE_GDK_PIXBUF
typedef struct {
  const RdtFileRef *ref;
  guint64 max_pixels;
  gboolean svg;
  GError *refusal;
} SizeCheck;

static void
on_size_prepared (GdkPixbufLoader *loader,
                  int              width,
                  int              height,
                  SizeCheck       *check)
{
  if (check->svg)
    {
      /* Vector: drawn at a fixed size, whatever the file asks for. */
      double scale;

      if (width <= 0 || height <= 0)
        {
          gdk_pixbuf_loader_set_size (loader, 0, 0);
          return;
        }
      scale = (double) RDT_ART_SVG_SIDE / MAX (width, height);
      gdk_pixbuf_loader_set_size (loader, MAX (1, (int) (width * scale + 0.5)),
                                  MAX (1, (int) (height * scale + 0.5)));
      return;
    }
  /* A 0 x 0 size is fatal for the JPEG loader: it stops before it allocates. */
  if (check->refusal == NULL && !check_size (check->ref, width, height, check->max_pixels, &check->refusal))
    gdk_pixbuf_loader_set_size (loader, 0, 0);
}

cairo_surface_t *
rdt_art_image_surface_from_pixbuf (GdkPixbuf *pixbuf)
{
  int width = gdk_pixbuf_get_width (pixbuf);
  int height = gdk_pixbuf_get_height (pixbuf);
  int channels = gdk_pixbuf_get_n_channels (pixbuf);
  int src_stride = gdk_pixbuf_get_rowstride (pixbuf);
  gboolean alpha = gdk_pixbuf_get_has_alpha (pixbuf);
  const guint8 *src = gdk_pixbuf_read_pixels (pixbuf);
  cairo_surface_t *surface;
  guint8 *dest;
  int dest_stride;

  surface = cairo_image_surface_create (alpha ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24, width, height);
  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (surface);
      return NULL;
    }
  cairo_surface_flush (surface);
  dest = cairo_image_surface_get_data (surface);
  dest_stride = cairo_image_surface_get_stride (surface);
  for (int y = 0; y < height; y++)
    {
      const guint8 *s = src + (gsize) y * (gsize) src_stride;
      guint32 *d = (guint32 *) (gpointer) (dest + (gsize) y * (gsize) dest_stride);

      for (int x = 0; x < width; x++, s += channels)
        {
          guint32 a = alpha ? s[3] : 0xff;
          /* Premultiplied, as cairo wants. */
          guint32 r = (s[0] * a + 127) / 255;
          guint32 g = (s[1] * a + 127) / 255;
          guint32 b = (s[2] * a + 127) / 255;

          d[x] = a << 24 | r << 16 | g << 8 | b;
        }
    }
  cairo_surface_mark_dirty (surface);
  return surface;
}

static cairo_surface_t *
decode_with_pixbuf (const guint8      *data,
                    gsize              size,
                    const char        *type,
                    const RdtFileRef  *ref,
                    guint64            max_pixels,
                    GError           **error)
{
  g_autoptr(GdkPixbufLoader) loader = NULL;
  g_autoptr(GError) local = NULL;
  SizeCheck check = { ref, max_pixels, g_str_equal (type, "svg"), NULL };
  GdkPixbuf *pixbuf;
  gboolean ok;

  /* Only the loader of the type sniffed, never one gdk-pixbuf would pick. */
  loader = gdk_pixbuf_loader_new_with_type (type, &local);
  if (loader == NULL)
    {
      g_autofree char *detail = g_strdup_printf (_("this system has no %s decoder: %s"), type, local->message);

      set_error (error, ref, RDT_FILE_REF_ERROR_NOT_IMAGE, detail);
      return NULL;
    }
  g_signal_connect (loader, "size-prepared", G_CALLBACK (on_size_prepared), &check);
  ok = gdk_pixbuf_loader_write (loader, data, size, &local);
  ok = gdk_pixbuf_loader_close (loader, ok ? &local : NULL) && ok;
  if (check.refusal != NULL)
    {
      g_propagate_error (error, check.refusal);
      return NULL;
    }
  pixbuf = ok ? gdk_pixbuf_loader_get_pixbuf (loader) : NULL;
  if (pixbuf == NULL)
    {
      g_autofree char *detail = g_strdup_printf (_("the image cannot be decoded: %s"),
                                                 local != NULL ? local->message : "");

      set_error (error, ref, RDT_FILE_REF_ERROR_NOT_IMAGE, detail);
      return NULL;
    }
  if (!check.svg && !check_size (ref, gdk_pixbuf_get_width (pixbuf), gdk_pixbuf_get_height (pixbuf),
                                 max_pixels, error))
    return NULL;
  return rdt_art_image_surface_from_pixbuf (pixbuf);
}
#endif

/**
 * rdt_art_image_decode:
 * @bytes: the whole file (rdt_file_ref_read())
 * @ref: the reference, for messages
 * @max_pixels: the pixel cap for PNG and JPEG
 * @error: return location for a %RDT_FILE_REF_ERROR
 *
 * Returns: (transfer full) (nullable): the image
 */
cairo_surface_t *
rdt_art_image_decode (GBytes            *bytes,
                      const RdtFileRef  *ref,
                      guint64            max_pixels,
                      GError           **error)
{
  gsize size;
  const guint8 *data;

  g_return_val_if_fail (bytes != NULL && ref != NULL, NULL);

  data = g_bytes_get_data (bytes, &size);
  if (size >= 8 && memcmp (data, "\x89PNG\r\n\x1a\n", 8) == 0)
    return decode_png (data, size, ref, max_pixels, error);
  if (size >= 3 && data[0] == 0xff && data[1] == 0xd8 && data[2] == 0xff)
    {
#ifdef RDT_HAVE_GDK_PIXBUF
      return decode_with_pixbuf (data, size, "jpeg", ref, max_pixels, error);
#else
      set_error (error, ref, RDT_FILE_REF_ERROR_NOT_IMAGE, _("this build draws PNG counter art only"));
      return NULL;
#endif
    }
  if (rdt_file_ref_is_svg (data, MIN (size, 1024)))
    {
      if (!rdt_file_ref_screen_svg (ref, (const char *) data, size, error))
        return NULL;
#ifdef RDT_HAVE_GDK_PIXBUF
      return decode_with_pixbuf (data, size, "svg", ref, max_pixels, error);
#else
      set_error (error, ref, RDT_FILE_REF_ERROR_NOT_IMAGE, _("this build draws PNG counter art only"));
      return NULL;
#endif
    }
  set_error (error, ref, RDT_FILE_REF_ERROR_NOT_IMAGE, _("refused: not a PNG, JPEG or SVG image"));
  return NULL;
}
