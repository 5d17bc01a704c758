/* rdt-file-ref.c: opening the files that a scenario or volume file refers to
 * (the rules are in rdt-file-ref.h and docs/format.md, "File references").
 *
 * The walk: the reference is first checked as text (relative, no ':' or '\',
 * no ".." above the folder).  Then it is resolved one component at a time
 * from a descriptor of the folder, with openat (O_PATH | O_NOFOLLOW): a
 * folder is entered (a stack of descriptors, so ".." returns to the one we
 * came from and can never climb above the folder), a symbolic link is read
 * and its target spliced into the remaining components (an absolute target
 * is refused without looking at it), the last component must be a regular
 * file.  Only then is it opened for reading, again relative to its folder's
 * descriptor with O_NOFOLLOW, and checked to be the same file.  Nothing
 * outside the folder is ever looked up, so no answer depends on what exists
 * there. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <limits.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "rdt-file-ref.h"

G_DEFINE_QUARK (rdt-file-ref-error-quark, rdt_file_ref_error)

/* Loop bounds: a reference is at most PATH_MAX bytes; the walk follows at
 * most MAX_LINKS links (as the kernel does), nests at most MAX_DEPTH folders
 * and handles at most MAX_STEPS components in all. */
#define MAX_LINKS 40
#define MAX_DEPTH 256
#define MAX_STEPS 8192

#ifndef O_PATH
#error "rdt-file-ref.c needs O_PATH (Linux)"
#endif

/**
 * rdt_file_ref_describe:
 * @ref: a reference
 *
 * Returns: (transfer full): how messages name @ref: `FILE:LINE: <ELEMENT
 *   ATTRIBUTE="VALUE">` when @ref->file is set, else `ATTRIBUTE="VALUE"`.
 */
char *
rdt_file_ref_describe (const RdtFileRef *ref)
{
  const char *attribute;
  g_autofree char *value = NULL;
  g_autofree char *name = NULL;
  g_autofree char *element = NULL;

  g_return_val_if_fail (ref != NULL, NULL);

  attribute = ref->attribute != NULL ? ref->attribute : "href";
  /* The value is untrusted: show it valid UTF-8, control characters escaped. */
  value = g_strescape (ref->value != NULL ? ref->value : "", NULL);
  if (!g_utf8_validate (value, -1, NULL))
    {
      char *valid = g_utf8_make_valid (value, -1);
      g_free (value);
      value = valid;
    }
  if (ref->file == NULL)
    return g_strdup_printf ("%s=\"%s\"", attribute, value);
  name = g_filename_display_name (ref->file);
  element = ref->element != NULL
            ? g_strdup_printf ("<%s %s=\"%s\">", ref->element, attribute, value)
            : g_strdup_printf ("%s=\"%s\"", attribute, value);
  if (ref->line > 0)
    return g_strdup_printf ("%s:%d: %s", name, ref->line, element);
  return g_strdup_printf ("%s: %s", name, element);
}

static void G_GNUC_PRINTF (4, 5)
set_error (GError           **error,
           const RdtFileRef  *ref,
           RdtFileRefError    code,
           const char        *format,
           ...)
{
  g_autofree char *what = rdt_file_ref_describe (ref);
  g_autofree char *why = NULL;
  va_list args;

  va_start (args, format);
  why = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, RDT_FILE_REF_ERROR, code, "%s: %s", what, why);
}

static void
set_outside_error (GError           **error,
                   const RdtFileRef  *ref)
{
  /* One message for every way out (".." or a link), whatever lies there. */
  set_error (error, ref, RDT_FILE_REF_ERROR_OUTSIDE,
             _("refused: the path leaves the folder of the file that holds it "
               "(through “..” or a symbolic link). Referenced files must be inside "
               "that folder; copy the file there"));
}

static void
set_not_regular_error (GError           **error,
                       const RdtFileRef  *ref)
{
  set_error (error, ref, RDT_FILE_REF_ERROR_NOT_REGULAR,
             _("refused: not a regular file (a folder, device, pipe or socket)"));
}

static void
set_not_found_error (GError           **error,
                     const RdtFileRef  *ref,
                     const char        *base_dir)
{
  g_autofree char *dir = g_filename_display_name (base_dir);

  set_error (error, ref, RDT_FILE_REF_ERROR_NOT_FOUND,
             _("no such file in the folder “%s”"), dir);
}

static void
set_errno_error (GError           **error,
                 const RdtFileRef  *ref,
                 const char        *base_dir,
                 int                errsv)
{
  if (errsv == ENOENT || errsv == ENOTDIR)
    set_not_found_error (error, ref, base_dir);
  else if (errsv == ELOOP)
    set_error (error, ref, RDT_FILE_REF_ERROR_NOT_REGULAR, _("refused: too many symbolic links"));
  else
    set_error (error, ref, RDT_FILE_REF_ERROR_IO, _("cannot be read: %s"), g_strerror (errsv));
}

/* The checks on the text alone. */
static gboolean
check_text (const RdtFileRef  *ref,
            GError           **error)
{
  const char *value = ref->value;
  int depth = 0;

  if (value == NULL || value[0] == '\0')
    {
      set_error (error, ref, RDT_FILE_REF_ERROR_NOT_RELATIVE, _("refused: the path is empty"));
      return FALSE;
    }
  if (strlen (value) >= PATH_MAX)
    {
      set_error (error, ref, RDT_FILE_REF_ERROR_NOT_RELATIVE, _("refused: the path is too long"));
      return FALSE;
    }
  if (value[0] == '/')
    {
      set_error (error, ref, RDT_FILE_REF_ERROR_NOT_RELATIVE,
                 _("refused: an absolute path. A reference is a path relative to the folder "
                   "of the file that holds it; copy the file into that folder"));
      return FALSE;
    }
  if (strchr (value, '\\') != NULL)
    {
      set_error (error, ref, RDT_FILE_REF_ERROR_NOT_RELATIVE,
                 _("refused: a backslash. Write the path with “/”, relative to the folder "
                   "of the file that holds it"));
      return FALSE;
    }
  if (strchr (value, ':') != NULL)
    {
      set_error (error, ref, RDT_FILE_REF_ERROR_NOT_RELATIVE,
                 _("refused: a drive letter or URL (“:”). A reference is a path relative to "
                   "the folder of the file that holds it"));
      return FALSE;
    }
  for (const char *p = value; *p != '\0'; p++)
    if ((guchar) *p < 0x20 || *p == 0x7f)
      {
        set_error (error, ref, RDT_FILE_REF_ERROR_NOT_RELATIVE,
                   _("refused: a control character in the path"));
        return FALSE;
      }
  /* ".." above the folder, judged on the text before anything is looked up. */
  for (const char *p = value; *p != '\0';)
    {
      const char *end = strchr (p, '/');
      gsize len = end != NULL ? (gsize) (end - p) : strlen (p);

      if (len == 2 && p[0] == '.' && p[1] == '.')
        {
          if (--depth < 0)
            {
              set_outside_error (error, ref);
              return FALSE;
            }
        }
      else if (len > 0 && !(len == 1 && p[0] == '.'))
        depth++;
      if (end == NULL)
        break;
      p = end + 1;
    }
  return TRUE;
}

/* Pushes the components of @path on @pending so that the first comes out
 * first (@pending is a stack). */
static void
push_components (GPtrArray  *pending,
                 const char *path)
{
  g_auto(GStrv) parts = g_strsplit (path, "/", -1);
  guint n = g_strv_length (parts);

  for (guint i = n; i > 0; i--)
    {
      const char *c = parts[i - 1];

      if (c[0] == '\0' || g_str_equal (c, "."))
        continue;
      g_ptr_array_add (pending, g_strdup (c));
    }
}

static char *
read_link (int         fd,
           int         dir_fd,
           const char *name)
{
  char buf[PATH_MAX + 1];
  ssize_t n = readlinkat (fd, "", buf, sizeof buf);

  /* readlinkat on an O_PATH descriptor with an empty name: Linux 2.6.39. */
  if (n < 0)
    n = readlinkat (dir_fd, name, buf, sizeof buf);
  if (n < 0 || (size_t) n >= sizeof buf)
    return NULL;
  buf[n] = '\0';
  return g_strdup (buf);
}

/**
 * rdt_file_ref_open:
 * @ref: the reference
 * @max_size: the largest size accepted, in bytes (0: no cap)
 * @out_size: (out) (optional): the file's size
 * @error: return location for a %RDT_FILE_REF_ERROR
 *
 * Resolves @ref inside its folder (rdt-file-ref.h) and opens it once for
 * reading.  Read from the returned descriptor; close it when done.
 *
 * Returns: a descriptor (O_RDONLY, O_CLOEXEC) of a regular file, or -1 with
 *   @error set
 */
int
rdt_file_ref_open (const RdtFileRef  *ref,
                   guint64            max_size,
                   guint64           *out_size,
                   GError           **error)
{
  g_autofree char *folder = NULL;
  g_autoptr(GPtrArray) pending = NULL;
  int dirs[MAX_DEPTH + 1];
  int depth = 0;
  guint links = 0, steps = 0;
  int result = -1;
  const char *base_dir;

  g_return_val_if_fail (ref != NULL, -1);
  g_return_val_if_fail (error == NULL || *error == NULL, -1);

  if (out_size != NULL)
    *out_size = 0;
  if (!check_text (ref, error))
    return -1;
  base_dir = ref->base_dir;
  if (base_dir == NULL && ref->file != NULL)
    base_dir = folder = g_path_get_dirname (ref->file);
  if (base_dir == NULL)
    {
      set_error (error, ref, RDT_FILE_REF_ERROR_NO_FOLDER,
                 _("cannot be opened: the file that holds it has not been saved yet, so it "
                   "has no folder. Save it first"));
      return -1;
    }

  do
    dirs[0] = open (base_dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
  while (dirs[0] < 0 && errno == EINTR);
  if (dirs[0] < 0)
    {
      int errsv = errno;
      g_autofree char *dir = g_filename_display_name (base_dir);
      set_error (error, ref, RDT_FILE_REF_ERROR_IO,
                 _("cannot be opened: its folder “%s” cannot be opened (%s)"),
                 dir, g_strerror (errsv));
      return -1;
    }

  pending = g_ptr_array_new_with_free_func (g_free);
  push_components (pending, ref->value);
  while (pending->len > 0)
    {
      g_autofree char *c = g_ptr_array_steal_index (pending, pending->len - 1);
      gboolean last = pending->len == 0;
      struct stat st;
      int fd;

      if (++steps > MAX_STEPS)
        {
          set_error (error, ref, RDT_FILE_REF_ERROR_NOT_REGULAR,
                     _("refused: too many symbolic links"));
          goto out;
        }
      if (g_str_equal (c, ".."))
        {
          if (depth == 0)
            {
              set_outside_error (error, ref);
              goto out;
            }
          close (dirs[depth--]);
          continue;
        }

      do
        fd = openat (dirs[depth], c, O_PATH | O_NOFOLLOW | O_CLOEXEC);
      while (fd < 0 && errno == EINTR);
      if (fd < 0)
        {
          set_errno_error (error, ref, base_dir, errno);
          goto out;
        }
      if (fstat (fd, &st) != 0)
        {
          int errsv = errno;
          close (fd);
          set_errno_error (error, ref, base_dir, errsv);
          goto out;
        }

      if (S_ISLNK (st.st_mode))
        {
          g_autofree char *target = read_link (fd, dirs[depth], c);

          close (fd);
          if (++links > MAX_LINKS)
            {
              set_error (error, ref, RDT_FILE_REF_ERROR_NOT_REGULAR,
                         _("refused: too many symbolic links"));
              goto out;
            }
          if (target == NULL || target[0] == '\0')
            {
              set_not_found_error (error, ref, base_dir);
              goto out;
            }
          /* An absolute target is refused unseen, even one that would land
           * back inside the folder: nothing outside is ever looked at. */
          if (target[0] == '/')
            {
              set_outside_error (error, ref);
              goto out;
            }
          push_components (pending, target);
          if (pending->len > MAX_STEPS)
            {
              set_error (error, ref, RDT_FILE_REF_ERROR_NOT_REGULAR,
                         _("refused: too many symbolic links"));
              goto out;
            }
          continue;
        }
      if (S_ISDIR (st.st_mode) && !last)
        {
          if (depth == MAX_DEPTH)
            {
              close (fd);
              set_error (error, ref, RDT_FILE_REF_ERROR_NOT_REGULAR,
                         _("refused: too many nested folders"));
              goto out;
            }
          dirs[++depth] = fd;
          continue;
        }
      if (!last)
        {
          close (fd);
          set_not_found_error (error, ref, base_dir);
          goto out;
        }
      if (!S_ISREG (st.st_mode))
        {
          close (fd);
          set_not_regular_error (error, ref);
          goto out;
        }

      /* A regular file: open it for reading where we found it, without
       * following a link swapped in meanwhile, and check it is the same. */
      {
        struct stat st2;
        int rfd;

        do
          rfd = openat (dirs[depth], c, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
        while (rfd < 0 && errno == EINTR);
        close (fd);
        if (rfd < 0)
          {
            int errsv = errno;
            if (errsv == ELOOP)
              set_error (error, ref, RDT_FILE_REF_ERROR_IO,
                         _("cannot be read: it was replaced while being opened"));
            else
              set_errno_error (error, ref, base_dir, errsv);
            goto out;
          }
        if (fstat (rfd, &st2) != 0 || !S_ISREG (st2.st_mode)
            || st2.st_dev != st.st_dev || st2.st_ino != st.st_ino)
          {
            close (rfd);
            set_error (error, ref, RDT_FILE_REF_ERROR_IO,
                       _("cannot be read: it was replaced while being opened"));
            goto out;
          }
        if (max_size > 0 && (st2.st_size < 0 || (guint64) st2.st_size > max_size))
          {
            g_autofree char *limit = g_format_size_full (max_size, G_FORMAT_SIZE_IEC_UNITS);
            close (rfd);
            set_error (error, ref, RDT_FILE_REF_ERROR_TOO_LARGE,
                       _("refused: larger than %s, the cap for this reference"), limit);
            goto out;
          }
        if (out_size != NULL)
          *out_size = (guint64) st2.st_size;
        result = rfd;
        goto out;
      }
    }
  /* The components ran out on a folder ("." or "sub/..") */
  set_not_regular_error (error, ref);

out:
  for (int i = depth; i >= 0; i--)
    close (dirs[i]);
  return result;
}

/**
 * rdt_file_ref_read:
 * @ref: the reference
 * @max_size: the largest size accepted, in bytes (not 0)
 * @error: return location for a %RDT_FILE_REF_ERROR
 *
 * rdt_file_ref_open() and a bounded read of the whole file (never more than
 * @max_size bytes, even if the file grows).  The data is followed by a NUL
 * byte not counted in its size.
 *
 * Returns: (transfer full) (nullable): the content
 */
GBytes *
rdt_file_ref_read (const RdtFileRef  *ref,
                   gsize              max_size,
                   GError           **error)
{
  g_autofree char *buf = NULL;
  guint64 size = 0;
  gsize cap, len = 0;
  int fd;

  g_return_val_if_fail (ref != NULL, NULL);
  g_return_val_if_fail (max_size > 0, NULL);

  max_size = MIN (max_size, (gsize) G_MAXSSIZE - 2);
  fd = rdt_file_ref_open (ref, max_size, &size, error);
  if (fd < 0)
    return NULL;
  cap = MIN (MAX ((gsize) size, 4096) + 1, max_size + 2);
  buf = g_malloc (cap);
  for (;;)
    {
      gssize n;

      if (len + 1 == cap)
        {
          if (len > max_size)
            break;
          cap = MIN (cap * 2, max_size + 2);
          buf = g_realloc (buf, cap);
        }
      n = read (fd, buf + len, cap - 1 - len);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int errsv = errno;
          close (fd);
          set_error (error, ref, RDT_FILE_REF_ERROR_IO, _("cannot be read: %s"), g_strerror (errsv));
          return NULL;
        }
      if (n == 0)
        break;
      len += (gsize) n;
    }
  close (fd);
  if (len > max_size)
    {
      g_autofree char *limit = g_format_size_full (max_size, G_FORMAT_SIZE_IEC_UNITS);
      set_error (error, ref, RDT_FILE_REF_ERROR_TOO_LARGE,
                 _("refused: larger than %s, the cap for this reference"), limit);
      return NULL;
    }
  buf[len] = '\0';
  return g_bytes_new_take (g_steal_pointer (&buf), len);
}

static gboolean
read_at (int     fd,
         guint8 *buf,
         gsize   len,
         off_t   offset)
{
  gsize done = 0;

  while (done < len)
    {
      ssize_t n = pread (fd, buf + done, len - done, offset + (off_t) done);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        return FALSE;
      done += (gsize) n;
    }
  return TRUE;
}

/**
 * rdt_file_ref_check_image_size:
 * @ref: the reference, for messages
 * @width: the image's width in pixels, from its header
 * @height: its height
 * @error: return location for a %RDT_FILE_REF_ERROR
 *
 * Applies the image caps (%RDT_FILE_REF_IMAGE_MAX_SIDE,
 * %RDT_FILE_REF_IMAGE_MAX_PIXELS) to the dimensions an image's header
 * announces, before anything is decoded.
 *
 * Returns: TRUE if an image this size may be decoded
 */
gboolean
rdt_file_ref_check_image_size (const RdtFileRef  *ref,
                               gint64             width,
                               gint64             height,
                               GError           **error)
{
  g_return_val_if_fail (ref != NULL, FALSE);

  if (width <= 0 || height <= 0)
    {
      set_error (error, ref, RDT_FILE_REF_ERROR_NOT_IMAGE,
                 _("refused: the image header gives no pixels (%lld × %lld)"),
                 (long long) width, (long long) height);
      return FALSE;
    }
  if (width > RDT_FILE_REF_IMAGE_MAX_SIDE || height > RDT_FILE_REF_IMAGE_MAX_SIDE)
    {
      set_error (error, ref, RDT_FILE_REF_ERROR_TOO_LARGE,
                 _("refused: the image is %lld × %lld pixels; at most %d pixels on a side can be drawn. "
                   "Scale the scan down (e.g. to 300 dpi)"),
                 (long long) width, (long long) height, RDT_FILE_REF_IMAGE_MAX_SIDE);
      return FALSE;
    }
  if ((guint64) width * (guint64) height > RDT_FILE_REF_IMAGE_MAX_PIXELS)
    {
      set_error (error, ref, RDT_FILE_REF_ERROR_TOO_LARGE,
                 _("refused: the image is %lld × %lld pixels, more than the cap of %u million pixels. "
                   "Scale the scan down (e.g. to 300 dpi)"),
                 (long long) width, (long long) height, (guint) (RDT_FILE_REF_IMAGE_MAX_PIXELS / 1000000));
      return FALSE;
    }
  return TRUE;
}

/**
 * rdt_file_ref_read_image_size:
 * @fd: a descriptor from rdt_file_ref_open() (its offset is not moved)
 * @ref: the reference, for messages
 * @out_width: (out): the width the header announces
 * @out_height: (out): the height
 * @error: return location for a %RDT_FILE_REF_ERROR
 *
 * Reads the dimensions from a PNG (IHDR) or JPEG (SOFn) header without
 * decoding anything.
 *
 * Returns: FALSE (%RDT_FILE_REF_ERROR_NOT_IMAGE) if the file is neither
 */
gboolean
rdt_file_ref_read_image_size (int                fd,
                              const RdtFileRef  *ref,
                              int               *out_width,
                              int               *out_height,
                              GError           **error)
{
  static const guint8 png_signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
  guint8 head[24];

  g_return_val_if_fail (ref != NULL, FALSE);
  g_return_val_if_fail (out_width != NULL && out_height != NULL, FALSE);

  *out_width = *out_height = 0;
  if (read_at (fd, head, sizeof head, 0) && memcmp (head, png_signature, 8) == 0
      && memcmp (head + 12, "IHDR", 4) == 0)
    {
      guint32 w = (guint32) head[16] << 24 | (guint32) head[17] << 16 | (guint32) head[18] << 8 | head[19];
      guint32 h = (guint32) head[20] << 24 | (guint32) head[21] << 16 | (guint32) head[22] << 8 | head[23];

      *out_width = (int) MIN (w, (guint32) G_MAXINT);
      *out_height = (int) MIN (h, (guint32) G_MAXINT);
      return TRUE;
    }
  if (read_at (fd, head, 2, 0) && head[0] == 0xff && head[1] == 0xd8)
    {
      off_t offset = 2;

      /* Marker segments up to the first SOFn; at most 4096 of them. */
      for (guint i = 0; i < 4096; i++)
        {
          guint8 m[4];
          guint8 marker;

          if (!read_at (fd, m, 2, offset) || m[0] != 0xff)
            break;
          marker = m[1];
          if (marker == 0xff)
            {
              offset++;              /* fill byte */
              continue;
            }
          if (marker == 0x01 || (marker >= 0xd0 && marker <= 0xd7))
            {
              offset += 2;           /* no length */
              continue;
            }
          if (marker == 0xd9 || marker == 0xda)
            break;                   /* end of image or start of scan before any frame */
          if (!read_at (fd, m, 2, offset + 2))
            break;
          if ((marker >= 0xc0 && marker <= 0xcf) && marker != 0xc4 && marker != 0xc8 && marker != 0xcc)
            {
              guint8 sof[5];

              if (!read_at (fd, sof, 5, offset + 4))
                break;
              *out_height = sof[1] << 8 | sof[2];
              *out_width = sof[3] << 8 | sof[4];
              return TRUE;
            }
          offset += 2 + (m[0] << 8 | m[1]);
        }
    }
  set_error (error, ref, RDT_FILE_REF_ERROR_NOT_IMAGE,
             _("refused: not a PNG or JPEG image, or its header is damaged"));
  return FALSE;
}

/**
 * rdt_file_ref_check_image:
 * @ref: an image reference
 * @error: return location for a %RDT_FILE_REF_ERROR
 *
 * What the loader and `redoubt-cli validate` check for an image reference
 * without decoding it: rdt_file_ref_open() with %RDT_FILE_REF_IMAGE_MAX_BYTES,
 * a PNG or JPEG header, and rdt_file_ref_check_image_size().
 *
 * Returns: TRUE if the image may be decoded
 */
gboolean
rdt_file_ref_check_image (const RdtFileRef  *ref,
                          GError           **error)
{
  int fd, width, height;
  gboolean ok;

  g_return_val_if_fail (ref != NULL, FALSE);

  fd = rdt_file_ref_open (ref, RDT_FILE_REF_IMAGE_MAX_BYTES, NULL, error);
  if (fd < 0)
    return FALSE;
  ok = rdt_file_ref_read_image_size (fd, ref, &width, &height, error)
       && rdt_file_ref_check_image_size (ref, width, height, error);
  close (fd);
  return ok;
}

/* SVG counter art (issue 16) ------------------------------------------------ */

static gboolean
has_prefix_ci (const char *p,
               const char *end,
               const char *prefix)
{
  gsize n = strlen (prefix);

  return (gsize) (end - p) >= n && g_ascii_strncasecmp (p, prefix, n) == 0;
}

/**
 * rdt_file_ref_is_svg:
 * @data: the first bytes of a file
 * @len: their number
 *
 * Whether the file looks like an SVG image: after an optional byte-order
 * mark and white space, an XML declaration, a comment or `<svg`, and `<svg`
 * within the bytes given.
 */
gboolean
rdt_file_ref_is_svg (const guint8 *data,
                     gsize         len)
{
  const char *p = (const char *) data, *end = p + len;

  if (len >= 3 && memcmp (p, "\xef\xbb\xbf", 3) == 0)
    p += 3;
  while (p < end && g_ascii_isspace (*p))
    p++;
  if (!(has_prefix_ci (p, end, "<?xml") || has_prefix_ci (p, end, "<!--") || has_prefix_ci (p, end, "<svg")))
    return FALSE;
  for (; p + 4 <= end; p++)
    if (has_prefix_ci (p, end, "<svg"))
      return TRUE;
  return FALSE;
}

/* The value of the attribute whose name ends at @p (just after "href"):
 * '=' and a quote, or NULL when this "href" is not an attribute. */
static const char *
attribute_value (const char *p,
                 const char *end,
                 char       *quote)
{
  while (p < end && g_ascii_isspace (*p))
    p++;
  if (p >= end || *p != '=')
    return NULL;
  p++;
  while (p < end && g_ascii_isspace (*p))
    p++;
  if (p >= end || (*p != '"' && *p != '\''))
    return NULL;
  *quote = *p;
  return p + 1;
}

/**
 * rdt_file_ref_screen_svg:
 * @ref: the reference, for messages
 * @data: the whole SVG file
 * @len: its length, at most %RDT_FILE_REF_SVG_MAX_BYTES
 * @error: return location for a %RDT_FILE_REF_ERROR
 *
 * SVG is accepted for counter art only when it is self-contained, because
 * an SVG renderer may otherwise read other files or expand entities: no
 * NUL byte, no `<!DOCTYPE` or `<!ENTITY` (no DTD, so no entity expansion),
 * no `@import`, no `<script` or `<foreignObject`, every `href` (and
 * `xlink:href`, `xi:include href`) a fragment (`#id`) or inline
 * `data:image/`, every `url(` a fragment.  The reasons are in
 * docs/format.md ("Counter art").
 */
gboolean
rdt_file_ref_screen_svg (const RdtFileRef  *ref,
                         const char        *data,
                         gsize              len,
                         GError           **error)
{
  const char *end = data + len;
  const char *problem = NULL;

  g_return_val_if_fail (ref != NULL, FALSE);

  if (len > RDT_FILE_REF_SVG_MAX_BYTES)
    {
      set_error (error, ref, RDT_FILE_REF_ERROR_TOO_LARGE,
                 _("refused: an SVG counter image is at most 1 MiB"));
      return FALSE;
    }
  if (memchr (data, '\0', len) != NULL)
    problem = _("refused: not an SVG text file (it holds a NUL byte)");
  for (const char *p = data; p < end && problem == NULL; p++)
    {
      if (*p == '<' && (has_prefix_ci (p, end, "<!doctype") || has_prefix_ci (p, end, "<!entity")))
        problem = _("refused: an SVG counter image may not have a DOCTYPE or entities");
      else if (*p == '<' && (has_prefix_ci (p, end, "<script") || has_prefix_ci (p, end, "<foreignobject")))
        problem = _("refused: an SVG counter image may not hold scripts or foreign objects");
      else if (*p == '@' && has_prefix_ci (p, end, "@import"))
        problem = _("refused: an SVG counter image may not import style sheets");
      else if ((*p == 'h' || *p == 'H') && has_prefix_ci (p, end, "href"))
        {
          char quote = 0;
          const char *value = attribute_value (p + 4, end, &quote);

          if (value != NULL && !(value < end && *value == '#') && !has_prefix_ci (value, end, "data:image/"))
            problem = _("refused: an SVG counter image may refer only to its own parts (href=\"#…\") "
                        "or inline images (data:image/…), never to other files");
        }
      else if ((*p == 'u' || *p == 'U') && has_prefix_ci (p, end, "url("))
        {
          const char *q = p + 4;

          while (q < end && (g_ascii_isspace (*q) || *q == '"' || *q == '\''))
            q++;
          if (q >= end || *q != '#')
            problem = _("refused: an SVG counter image may use url() only for its own parts (url(#…))");
        }
    }
  if (problem != NULL)
    {
      set_error (error, ref, RDT_FILE_REF_ERROR_NOT_IMAGE, "%s", problem);
      return FALSE;
    }
  return TRUE;
}

/**
 * rdt_file_ref_check_art:
 * @ref: a counter-art reference
 * @error: return location for a %RDT_FILE_REF_ERROR
 *
 * rdt_file_ref_check_image() for counter art (issue 16), which may also be
 * SVG: an SVG file is read whole (at most %RDT_FILE_REF_SVG_MAX_BYTES) and
 * screened with rdt_file_ref_screen_svg().
 *
 * Returns: TRUE if the image may be decoded
 */
gboolean
rdt_file_ref_check_art (const RdtFileRef  *ref,
                        GError           **error)
{
  guint8 head[1024];
  guint64 size = 0;
  int fd, width, height;
  gboolean ok;

  g_return_val_if_fail (ref != NULL, FALSE);

  fd = rdt_file_ref_open (ref, RDT_FILE_REF_IMAGE_MAX_BYTES, &size, error);
  if (fd < 0)
    return FALSE;
  if (rdt_file_ref_is_svg (head, read_at (fd, head, MIN (size, sizeof head), 0) ? MIN (size, sizeof head) : 0))
    {
      g_autofree char *text = NULL;

      if (size > RDT_FILE_REF_SVG_MAX_BYTES)
        {
          close (fd);
          set_error (error, ref, RDT_FILE_REF_ERROR_TOO_LARGE,
                     _("refused: an SVG counter image is at most 1 MiB"));
          return FALSE;
        }
      text = g_malloc (size + 1);
      ok = read_at (fd, (guint8 *) text, size, 0);
      close (fd);
      if (!ok)
        {
          set_error (error, ref, RDT_FILE_REF_ERROR_IO, _("cannot be read"));
          return FALSE;
        }
      return rdt_file_ref_screen_svg (ref, text, size, error);
    }
  ok = rdt_file_ref_read_image_size (fd, ref, &width, &height, error)
       && rdt_file_ref_check_image_size (ref, width, height, error);
  close (fd);
  return ok;
}
