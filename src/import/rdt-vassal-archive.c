/* rdt-vassal-archive.c: the .vmod ZIP through libarchive, with caps. */
#include "config.h"

#include <archive.h>
#include <archive_entry.h>
#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "rdt-vassal-archive.h"
#include "rdt-vassal-import.h"

#define CHUNK (64 * 1024)
#define SNIFF_BYTES (256 * 1024)
/* Below this much output the ratio is not judged (tiny archives). */
#define RATIO_FLOOR (1024 * 1024)

void
rdt_vassal_archive_clear (RdtVassalArchive *archive)
{
  g_clear_pointer (&archive->names, g_hash_table_unref);
  g_clear_pointer (&archive->buildfile, g_bytes_unref);
  g_clear_pointer (&archive->buildfile_name, g_free);
}

void
rdt_vassal_wanted_free (RdtVassalWanted *wanted)
{
  if (wanted == NULL)
    return;
  g_free (wanted->entry);
  g_free (wanted->out_name);
  g_free (wanted->problem);
  g_free (wanted);
}

const char *
rdt_vassal_entry_name_problem (const char *name)
{
  if (name == NULL || name[0] == '\0')
    return _("the entry has no name");
  if (name[0] == '/')
    return _("the entry name is an absolute path");
  if (g_ascii_isalpha (name[0]) && name[1] == ':')
    return _("the entry name starts with a drive letter");
  if (strchr (name, '\\') != NULL)
    return _("the entry name contains a backslash");
  if (!g_utf8_validate (name, -1, NULL))
    return _("the entry name is not UTF-8");
  for (const char *p = name; *p != '\0'; )
    {
      const char *slash = strchr (p, '/');
      gsize len = slash != NULL ? (gsize) (slash - p) : strlen (p);

      if (len == 2 && p[0] == '.' && p[1] == '.')
        return _("the entry name has a “..” component");
      if (len == 0)
        return _("the entry name has an empty component");
      if (slash == NULL)
        break;
      p = slash + 1;
    }
  for (const char *p = name; *p != '\0'; p++)
    if ((guchar) *p < 0x20)
      return _("the entry name contains a control character");
  return NULL;
}

const char *
rdt_vassal_sniff_image (const guint8 *d,
                        gsize         len,
                        int          *width,
                        int          *height)
{
  *width = *height = 0;
  if (len >= 24 && memcmp (d, "\x89PNG\r\n\x1a\n", 8) == 0 && memcmp (d + 12, "IHDR", 4) == 0)
    {
      guint32 w = ((guint32) d[16] << 24) | ((guint32) d[17] << 16) | ((guint32) d[18] << 8) | d[19];
      guint32 h = ((guint32) d[20] << 24) | ((guint32) d[21] << 16) | ((guint32) d[22] << 8) | d[23];
      if (w == 0 || h == 0 || w > G_MAXINT || h > G_MAXINT)
        return NULL;
      *width = (int) w;
      *height = (int) h;
      return "png";
    }
  if (len >= 10 && (memcmp (d, "GIF87a", 6) == 0 || memcmp (d, "GIF89a", 6) == 0))
    {
      *width = d[6] | (d[7] << 8);
      *height = d[8] | (d[9] << 8);
      return *width > 0 && *height > 0 ? "gif" : NULL;
    }
  if (len >= 4 && d[0] == 0xFF && d[1] == 0xD8)
    {
      gsize i = 2;

      /* Walk the segments to the first start-of-frame marker. */
      while (i + 4 <= len)
        {
          guint8 marker;
          gsize seg;

          if (d[i] != 0xFF)
            return NULL;
          marker = d[i + 1];
          if (marker == 0xFF)
            {
              i++;
              continue;
            }
          if (marker == 0x01 || (marker >= 0xD0 && marker <= 0xD8))
            {
              i += 2;
              continue;
            }
          if (marker == 0xD9 || marker == 0xDA)
            return NULL;   /* end of image or scan data before any frame */
          seg = ((gsize) d[i + 2] << 8) | d[i + 3];
          if (seg < 2)
            return NULL;
          if (marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC)
            {
              if (i + 9 > len)
                return NULL;
              *height = (d[i + 5] << 8) | d[i + 6];
              *width = (d[i + 7] << 8) | d[i + 8];
              return *width > 0 && *height > 0 ? "jpeg" : NULL;
            }
          i += 2 + seg;
        }
      return NULL;
    }
  {
    gsize n = MIN (len, 4096);
    const char *text = (const char *) d;
    if (n > 0 && memchr (text, '\0', n) == NULL && g_strstr_len (text, n, "<svg") != NULL)
      return "svg";
  }
  return NULL;
}

static struct archive *
open_zip (const char *path,
          GError    **error)
{
  struct archive *a = archive_read_new ();

  /* ZIP only: no other format, no external programs, no filters to chain. */
  archive_read_support_format_zip (a);
  if (archive_read_open_filename (a, path, CHUNK) != ARCHIVE_OK)
    {
      g_set_error (error, RDT_VASSAL_IMPORT_ERROR, RDT_VASSAL_IMPORT_ERROR_ARCHIVE,
                   _("%s: cannot be read as a ZIP archive: %s"), path,
                   archive_error_string (a) != NULL ? archive_error_string (a) : g_strerror (errno));
      archive_read_free (a);
      return NULL;
    }
  return a;
}

typedef struct {
  guint64 total;
  guint64 max_total;
  guint64 archive_size;
} Budget;

/* Counts @n more uncompressed bytes of @entry against the caps. */
static gboolean
spend (Budget     *budget,
       gsize       n,
       const char *entry,
       GError    **error)
{
  budget->total += n;
  if (budget->total > budget->max_total)
    {
      g_set_error (error, RDT_VASSAL_IMPORT_ERROR, RDT_VASSAL_IMPORT_ERROR_ARCHIVE,
                   _("entry “%s”: the archive unpacks to more than %llu bytes: refused (a zip bomb, or not a module)"),
                   entry, (unsigned long long) budget->max_total);
      return FALSE;
    }
  if (budget->total > RATIO_FLOOR &&
      budget->total / MAX (budget->archive_size, 1) > RDT_VASSAL_MAX_RATIO)
    {
      g_set_error (error, RDT_VASSAL_IMPORT_ERROR, RDT_VASSAL_IMPORT_ERROR_ARCHIVE,
                   _("entry “%s”: the archive unpacks to more than %d times its size: "
                     "refused (a zip bomb)"), entry, RDT_VASSAL_MAX_RATIO);
      return FALSE;
    }
  return TRUE;
}

static gboolean
is_buildfile_name (const char *name)
{
  return g_str_equal (name, "buildFile.xml") || g_str_equal (name, "buildFile");
}

gboolean
rdt_vassal_archive_scan (const char       *path,
                         guint64           max_total,
                         RdtVassalArchive *archive,
                         GPtrArray        *warnings,
                         GError          **error)
{
  struct archive *a;
  struct archive_entry *entry;
  GStatBuf st;
  Budget budget = { 0 };
  g_autofree guint8 *buf = g_malloc (CHUNK);
  GByteArray *bf = NULL;
  gboolean ok = FALSE;
  int r;

  memset (archive, 0, sizeof *archive);
  archive->names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  if (g_stat (path, &st) != 0)
    {
      int saved = errno;
      g_set_error (error, RDT_VASSAL_IMPORT_ERROR, RDT_VASSAL_IMPORT_ERROR_ARCHIVE,
                   _("%s: %s"), path, g_strerror (saved));
      return FALSE;
    }
  archive->archive_size = (guint64) st.st_size;
  budget.archive_size = archive->archive_size;
  budget.max_total = max_total;
  a = open_zip (path, error);
  if (a == NULL)
    return FALSE;

  while ((r = archive_read_next_header (a, &entry)) == ARCHIVE_OK)
    {
      const char *name = archive_entry_pathname_utf8 (entry);
      const char *problem;
      g_autofree char *shown = NULL;
      gboolean keep_buildfile;
      gssize n;

      if (name == NULL)
        name = archive_entry_pathname (entry);
      shown = name != NULL ? g_utf8_make_valid (name, -1) : g_strdup ("?");
      if (++archive->n_entries > RDT_VASSAL_MAX_ENTRIES)
        {
          g_set_error (error, RDT_VASSAL_IMPORT_ERROR, RDT_VASSAL_IMPORT_ERROR_ARCHIVE,
                       _("entry “%s”: the archive has more than %d entries: refused"),
                       shown, RDT_VASSAL_MAX_ENTRIES);
          goto out;
        }
      if (archive_entry_filetype (entry) == AE_IFDIR)
        continue;
      if (archive_entry_filetype (entry) == AE_IFLNK || archive_entry_hardlink (entry) != NULL)
        {
          g_ptr_array_add (warnings, g_strdup_printf (_("entry “%s”: a link, not a file: skipped"), shown));
          continue;
        }
      if (archive_entry_filetype (entry) != AE_IFREG)
        {
          g_ptr_array_add (warnings, g_strdup_printf (_("entry “%s”: not a regular file: skipped"), shown));
          continue;
        }
      problem = rdt_vassal_entry_name_problem (name);
      if (problem != NULL)
        {
          g_ptr_array_add (warnings, g_strdup_printf (_("entry “%s”: %s: skipped"), shown, problem));
          continue;
        }
      if (archive_entry_size_is_set (entry) && (guint64) archive_entry_size (entry) > max_total)
        {
          g_set_error (error, RDT_VASSAL_IMPORT_ERROR, RDT_VASSAL_IMPORT_ERROR_ARCHIVE,
                       _("entry “%s”: declares %lld bytes, more than the %llu allowed: refused"),
                       shown, (long long) archive_entry_size (entry), (unsigned long long) max_total);
          goto out;
        }
      g_hash_table_insert (archive->names, g_strdup (name),
                           GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (archive->names, name)) + 1));
      keep_buildfile = is_buildfile_name (name) &&
                       (archive->buildfile_name == NULL || g_str_equal (name, "buildFile.xml"));
      if (keep_buildfile)
        {
          g_clear_pointer (&bf, g_byte_array_unref);
          bf = g_byte_array_new ();
          g_free (archive->buildfile_name);
          archive->buildfile_name = g_strdup (name);
        }
      while ((n = archive_read_data (a, buf, CHUNK)) > 0)
        {
          if (!spend (&budget, (gsize) n, shown, error))
            goto out;
          if (keep_buildfile)
            {
              if (bf->len + (gsize) n > RDT_VASSAL_MAX_BUILDFILE)
                {
                  g_set_error (error, RDT_VASSAL_IMPORT_ERROR, RDT_VASSAL_IMPORT_ERROR_BUILDFILE,
                               _("entry “%s”: larger than %d bytes: refused"), shown,
                               RDT_VASSAL_MAX_BUILDFILE);
                  goto out;
                }
              g_byte_array_append (bf, buf, (guint) n);
            }
        }
      if (n < 0)
        {
          g_set_error (error, RDT_VASSAL_IMPORT_ERROR, RDT_VASSAL_IMPORT_ERROR_ARCHIVE,
                       _("entry “%s”: cannot be unpacked: %s"), shown, archive_error_string (a));
          goto out;
        }
    }
  if (r != ARCHIVE_EOF)
    {
      g_set_error (error, RDT_VASSAL_IMPORT_ERROR, RDT_VASSAL_IMPORT_ERROR_ARCHIVE,
                   _("%s: the ZIP archive is damaged: %s"), path,
                   archive_error_string (a) != NULL ? archive_error_string (a) : "");
      goto out;
    }
  /* Duplicate names: which copy another program would take is unclear, so
   * none is used. */
  {
    GHashTableIter it;
    gpointer key, value;

    g_hash_table_iter_init (&it, archive->names);
    while (g_hash_table_iter_next (&it, &key, &value))
      if (GPOINTER_TO_UINT (value) > 1)
        g_ptr_array_add (warnings, g_strdup_printf (_("entry “%s”: %u entries have this name: none of them is used"),
                                                    (const char *) key, GPOINTER_TO_UINT (value)));
  }
  if (bf != NULL)
    {
      if (GPOINTER_TO_UINT (g_hash_table_lookup (archive->names, archive->buildfile_name)) == 1)
        archive->buildfile = g_byte_array_free_to_bytes (g_steal_pointer (&bf));
    }
  ok = TRUE;

out:
  g_clear_pointer (&bf, g_byte_array_unref);
  archive_read_free (a);
  return ok;
}

/* Writes all of @data to @fd. */
static gboolean
write_all (int           fd,
           const guint8 *data,
           gsize         len)
{
  while (len > 0)
    {
      ssize_t w = write (fd, data, len);
      if (w < 0)
        {
          if (errno == EINTR)
            continue;
          return FALSE;
        }
      data += w;
      len -= (gsize) w;
    }
  return TRUE;
}

gboolean
rdt_vassal_archive_extract (const char *path,
                            guint64     max_total,
                            int         dirfd,
                            GPtrArray  *wanted,
                            guint64     max_pixels,
                            GError    **error)
{
  struct archive *a;
  struct archive_entry *entry;
  g_autoptr(GHashTable) by_entry = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  Budget budget = { 0 };
  GStatBuf st;
  g_autofree guint8 *buf = g_malloc (CHUNK);
  gboolean ok = FALSE;
  int r;

  if (g_stat (path, &st) != 0)
    {
      int saved = errno;
      g_set_error (error, RDT_VASSAL_IMPORT_ERROR, RDT_VASSAL_IMPORT_ERROR_ARCHIVE,
                   "%s: %s", path, g_strerror (saved));
      return FALSE;
    }
  budget.archive_size = (guint64) st.st_size;
  budget.max_total = max_total;
  for (guint i = 0; i < wanted->len; i++)
    {
      RdtVassalWanted *w = g_ptr_array_index (wanted, i);
      g_hash_table_insert (by_entry, w->entry, w);
    }
  a = open_zip (path, error);
  if (a == NULL)
    return FALSE;
  while ((r = archive_read_next_header (a, &entry)) == ARCHIVE_OK)
    {
      const char *name = archive_entry_pathname_utf8 (entry);
      RdtVassalWanted *w;
      g_autoptr(GByteArray) head = NULL;
      gssize n = 0;
      int fd;

      if (name == NULL)
        name = archive_entry_pathname (entry);
      if (name == NULL || archive_entry_filetype (entry) != AE_IFREG ||
          archive_entry_hardlink (entry) != NULL || rdt_vassal_entry_name_problem (name) != NULL)
        continue;
      w = g_hash_table_lookup (by_entry, name);
      if (w == NULL || g_hash_table_contains (seen, name))
        {
          /* Still decompressed: the caps cover every byte either pass reads. */
          while ((n = archive_read_data (a, buf, CHUNK)) > 0)
            if (!spend (&budget, (gsize) n, name, error))
              goto out;
          if (w != NULL)
            {
              /* A second entry of that name: never written (pass 1 warned). */
              g_clear_pointer (&w->problem, g_free);
              w->problem = g_strdup (_("several entries have this name"));
            }
          continue;
        }
      g_hash_table_add (seen, g_strdup (name));
      head = g_byte_array_new ();
      while (head->len < SNIFF_BYTES && (n = archive_read_data (a, buf, CHUNK)) > 0)
        {
          if (!spend (&budget, (gsize) n, name, error))
            goto out;
          g_byte_array_append (head, buf, (guint) n);
        }
      if (n < 0)
        {
          g_set_error (error, RDT_VASSAL_IMPORT_ERROR, RDT_VASSAL_IMPORT_ERROR_ARCHIVE,
                       _("entry “%s”: cannot be unpacked: %s"), name, archive_error_string (a));
          goto out;
        }
      w->format = rdt_vassal_sniff_image (head->data, head->len, &w->width, &w->height);
      if (w->format == NULL)
        {
          w->problem = g_strdup (_("not a PNG, JPEG, GIF or SVG image"));
          continue;
        }
      if (w->is_board && g_str_equal (w->format, "svg"))
        {
          w->problem = g_strdup (_("an SVG board: its size in pixels is not known"));
          continue;
        }
      if (w->is_board && (guint64) w->width * (guint64) w->height > max_pixels)
        {
          /* The number as text: a G_GUINT64_FORMAT inside _() cannot be translated. */
          g_autofree char *cap = g_strdup_printf ("%" G_GUINT64_FORMAT, max_pixels);

          w->problem = g_strdup_printf (_("%d × %d pixels, more than the %s pixels allowed"),
                                        w->width, w->height, cap);
          continue;
        }
      if (dirfd < 0)
        {
          /* Sniffing only (the editor's board picker): the rest still counted. */
          while ((n = archive_read_data (a, buf, CHUNK)) > 0)
            if (!spend (&budget, (gsize) n, name, error))
              goto out;
          continue;
        }
      fd = openat (dirfd, w->out_name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
      if (fd < 0)
        {
          int saved = errno;
          w->problem = g_strdup_printf (_("cannot create %s: %s"), w->out_name, g_strerror (saved));
          continue;
        }
      if (!write_all (fd, head->data, head->len))
        goto write_failed;
      while ((n = archive_read_data (a, buf, CHUNK)) > 0)
        {
          if (!spend (&budget, (gsize) n, name, error))
            {
              close (fd);
              unlinkat (dirfd, w->out_name, 0);
              goto out;
            }
          if (!write_all (fd, buf, (gsize) n))
            goto write_failed;
        }
      if (n < 0 || close (fd) != 0)
        {
          unlinkat (dirfd, w->out_name, 0);
          w->problem = g_strdup (_("cannot be unpacked"));
          continue;
        }
      w->written = TRUE;
      continue;

    write_failed:
      {
        int saved = errno;
        close (fd);
        unlinkat (dirfd, w->out_name, 0);
        g_set_error (error, RDT_VASSAL_IMPORT_ERROR, RDT_VASSAL_IMPORT_ERROR_OUTPUT,
                     _("cannot write %s: %s"), w->out_name, g_strerror (saved));
        goto out;
      }
    }
  if (r != ARCHIVE_EOF)
    {
      g_set_error (error, RDT_VASSAL_IMPORT_ERROR, RDT_VASSAL_IMPORT_ERROR_ARCHIVE,
                   _("%s: the ZIP archive is damaged: %s"), path,
                   archive_error_string (a) != NULL ? archive_error_string (a) : "");
      goto out;
    }
  ok = TRUE;

out:
  archive_read_free (a);
  return ok;
}
