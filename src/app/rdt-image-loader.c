/* rdt-image-loader.c: capped image decoding off the main thread
 * (rdt-image-loader.h; the caps are in rdt-file-ref.h and docs/format.md). */
#include "config.h"

#include <errno.h>
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <glib/gi18n.h>
#include <string.h>
#include <unistd.h>

#include "rdt-art-image.h"
#include "rdt-image-loader.h"

#define CHUNK (256 * 1024)

typedef struct {
  const RdtFileRef *ref;
  GError *refusal;
} SizeCheck;

/* The decoder found the real size: check it again (the header read before
 * might disagree with what gdk-pixbuf parses), and make it stop before it
 * allocates (a 0 x 0 size is a fatal error for the PNG and JPEG loaders). */
static void
on_size_prepared (GdkPixbufLoader *loader,
                  int              width,
                  int              height,
                  SizeCheck       *check)
{
  if (check->refusal == NULL
      && !rdt_file_ref_check_image_size (check->ref, width, height, &check->refusal))
    gdk_pixbuf_loader_set_size (loader, 0, 0);
}

static void
set_decode_error (GError           **error,
                  const RdtFileRef  *ref,
                  const char        *detail)
{
  g_autofree char *what = rdt_file_ref_describe (ref);

  g_set_error (error, RDT_FILE_REF_ERROR, RDT_FILE_REF_ERROR_NOT_IMAGE,
               _("%s: the image cannot be decoded: %s"), what, detail);
}

/**
 * rdt_image_load:
 * @ref: the image reference
 * @cancellable: (nullable): stops the decoding between chunks
 * @progress: (nullable): receives the decoded share, in thousandths
 * @error: return location for a %RDT_FILE_REF_ERROR (or %G_IO_ERROR_CANCELLED)
 *
 * Returns: (transfer full) (nullable): the image
 */
cairo_surface_t *
rdt_image_load (const RdtFileRef  *ref,
                GCancellable      *cancellable,
                gint              *progress,
                GError           **error)
{
  g_autoptr(GdkPixbufLoader) loader = NULL;
  g_autoptr(GError) local = NULL;
  g_autofree guint8 *buf = NULL;
  SizeCheck check = { ref, NULL };
  cairo_surface_t *surface = NULL;
  guint64 size = 0, done = 0;
  int fd, width, height;
  guint8 magic = 0;
  gboolean ok = TRUE;

  g_return_val_if_fail (ref != NULL, NULL);

  if (progress != NULL)
    g_atomic_int_set (progress, 0);
  fd = rdt_file_ref_open (ref, RDT_FILE_REF_IMAGE_MAX_BYTES, &size, error);
  if (fd < 0)
    return NULL;
  if (!rdt_file_ref_read_image_size (fd, ref, &width, &height, error)
      || !rdt_file_ref_check_image_size (ref, width, height, error)
      || pread (fd, &magic, 1, 0) != 1)
    {
      close (fd);
      return NULL;
    }
  /* Only the two decoders the header check knows. */
  loader = gdk_pixbuf_loader_new_with_type (magic == 0x89 ? "png" : "jpeg", &local);
  if (loader == NULL)
    {
      close (fd);
      set_decode_error (error, ref, local->message);
      return NULL;
    }
  g_signal_connect (loader, "size-prepared", G_CALLBACK (on_size_prepared), &check);

  buf = g_malloc (CHUNK);
  while (ok && check.refusal == NULL && done <= RDT_FILE_REF_IMAGE_MAX_BYTES)
    {
      gssize n = read (fd, buf, CHUNK);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int errsv = errno;
          g_autofree char *what = rdt_file_ref_describe (ref);

          close (fd);
          gdk_pixbuf_loader_close (loader, NULL);
          g_set_error (error, RDT_FILE_REF_ERROR, RDT_FILE_REF_ERROR_IO,
                       _("%s: cannot be read: %s"), what, g_strerror (errsv));
          return NULL;
        }
      if (n == 0)
        break;
      done += (guint64) n;
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        {
          close (fd);
          gdk_pixbuf_loader_close (loader, NULL);
          return NULL;
        }
      ok = gdk_pixbuf_loader_write (loader, buf, (gsize) n, &local);
      if (progress != NULL && size > 0)
        g_atomic_int_set (progress, (gint) (MIN (done, size) * 1000 / size));
    }
  close (fd);
  if (ok)
    ok = gdk_pixbuf_loader_close (loader, &local);
  else
    gdk_pixbuf_loader_close (loader, NULL);
  if (check.refusal != NULL)
    {
      g_propagate_error (error, check.refusal);
      return NULL;
    }
  if (done > RDT_FILE_REF_IMAGE_MAX_BYTES)
    {
      g_autofree char *what = rdt_file_ref_describe (ref);
      g_set_error (error, RDT_FILE_REF_ERROR, RDT_FILE_REF_ERROR_TOO_LARGE,
                   _("%s: refused: it grew past the cap while being read"), what);
      return NULL;
    }
  if (!ok || gdk_pixbuf_loader_get_pixbuf (loader) == NULL)
    {
      set_decode_error (error, ref, local != NULL ? local->message : _("no image data"));
      return NULL;
    }
  {
    GdkPixbuf *pixbuf = gdk_pixbuf_loader_get_pixbuf (loader);

    /* The header and the decoder agreed; one more check costs nothing. */
    if (!rdt_file_ref_check_image_size (ref, gdk_pixbuf_get_width (pixbuf),
                                        gdk_pixbuf_get_height (pixbuf), error))
      return NULL;
    if (gdk_pixbuf_get_bits_per_sample (pixbuf) != 8 || gdk_pixbuf_get_n_channels (pixbuf) < 3)
      {
        set_decode_error (error, ref, _("unsupported pixel format"));
        return NULL;
      }
    surface = rdt_art_image_surface_from_pixbuf (pixbuf);
  }
  if (surface == NULL)
    {
      set_decode_error (error, ref, _("not enough memory"));
      return NULL;
    }
  if (progress != NULL)
    g_atomic_int_set (progress, 1000);
  return surface;
}

typedef struct {
  RdtFileRef ref;     /* the strings below */
  char *base_dir;
  char *file;
  char *element;
  char *attribute;
  char *value;
  gint *progress;
} LoadData;

static void
load_data_free (gpointer data)
{
  LoadData *d = data;

  g_free (d->base_dir);
  g_free (d->file);
  g_free (d->element);
  g_free (d->attribute);
  g_free (d->value);
  g_free (d);
}

static void
load_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  LoadData *d = task_data;
  GError *error = NULL;
  cairo_surface_t *surface = rdt_image_load (&d->ref, cancellable, d->progress, &error);

  if (surface == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, surface, (GDestroyNotify) cairo_surface_destroy);
}

void
rdt_image_load_async (const RdtFileRef    *ref,
                      gpointer             source_object,
                      GCancellable        *cancellable,
                      gint                *progress,
                      GAsyncReadyCallback  callback,
                      gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  LoadData *d;

  g_return_if_fail (ref != NULL);

  task = g_task_new (source_object, cancellable, callback, user_data);
  g_task_set_source_tag (task, rdt_image_load_async);
  d = g_new0 (LoadData, 1);
  d->base_dir = g_strdup (ref->base_dir);
  d->file = g_strdup (ref->file);
  d->element = g_strdup (ref->element);
  d->attribute = g_strdup (ref->attribute);
  d->value = g_strdup (ref->value);
  d->ref.base_dir = d->base_dir;
  d->ref.file = d->file;
  d->ref.line = ref->line;
  d->ref.element = d->element;
  d->ref.attribute = d->attribute;
  d->ref.value = d->value;
  d->progress = progress;
  g_task_set_task_data (task, d, load_data_free);
  g_task_run_in_thread (task, load_thread);
}

cairo_surface_t *
rdt_image_load_finish (GAsyncResult  *result,
                       GError       **error)
{
  g_return_val_if_fail (G_IS_TASK (result), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
