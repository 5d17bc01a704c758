/* rdt-vassal-archive.h: the .vmod ZIP, read safely through libarchive
 * (private to libredoubt-import). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  GHashTable *names;        /* accepted regular entry name -> occurrences */
  GBytes *buildfile;        /* (nullable) buildFile.xml, or buildFile */
  char *buildfile_name;
  guint64 archive_size;
  guint n_entries;
} RdtVassalArchive;

void     rdt_vassal_archive_clear (RdtVassalArchive *archive);

/* Pass 1: every entry read (decompressed) under the caps; names checked;
 * buildFile kept. */
gboolean rdt_vassal_archive_scan  (const char       *path,
                                   guint64           max_total,
                                   RdtVassalArchive *archive,
                                   GPtrArray        *warnings,
                                   GError          **error);

typedef struct {
  char *entry;              /* name in the archive */
  char *out_name;           /* file name under the output folder (no '/') */
  gboolean is_board;
  /* results */
  gboolean written;
  const char *format;       /* "png", "jpeg", "gif", "svg" or NULL */
  int width, height;        /* raster images */
  char *problem;            /* (nullable) why it was not written */
} RdtVassalWanted;

void     rdt_vassal_wanted_free   (RdtVassalWanted  *wanted);

/* Pass 2: writes each wanted, unique, sound entry to @dirfd/out_name with
 * O_CREAT|O_EXCL|O_NOFOLLOW; with @dirfd -1 writes nothing and only sets
 * format, width, height and problem.  A board image above @max_pixels, or anything that
 * is not an image, is not written (problem set). */
gboolean rdt_vassal_archive_extract (const char     *path,
                                     guint64         max_total,
                                     int             dirfd,
                                     GPtrArray      *wanted,
                                     guint64         max_pixels,
                                     GError        **error);

/* Why an entry name is refused (a static translated string), or NULL. */
const char *rdt_vassal_entry_name_problem (const char *name);

/* Sniffs an image: "png", "jpeg", "gif", "svg" or NULL; raster size if found. */
const char *rdt_vassal_sniff_image (const guint8 *data,
                                    gsize         len,
                                    int          *width,
                                    int          *height);

G_END_DECLS
