/* rdt-file-ref.h: opening the files that a scenario or volume file refers to.
 *
 * Every file reference in a Redoubt file goes through this one resolver:
 * `<underlay href>`, `<volume-ref href>`, `<volume-ref ref>` (by id, in the
 * installed volumes folder) and every reference a later feature adds (counter
 * art, the images of imported VASSAL modules).  A later feature must call
 * rdt_file_ref_open() or rdt_file_ref_read() too, never open() /
 * g_file_get_contents() / gdk_texture_new_from_filename() on an href, and
 * images must go through the caps below (rdt_file_ref_check_image_size())
 * before they are decoded.  The rules are stated for users in docs/format.md,
 * "File references":
 *
 * - a reference is a relative path, '/'-separated, inside the folder of the
 *   file that holds it: no absolute path, no drive letter or URL (no ':'), no
 *   backslash, no ".." that climbs above that folder, no symbolic link whose
 *   target is absolute or climbs above it (links inside the folder are
 *   followed), and it must name a regular file (not a folder, FIFO, device or
 *   socket);
 * - the file is resolved component by component with openat (O_NOFOLLOW),
 *   never leaving the folder, and opened once: callers read from the returned
 *   descriptor, so nothing can swap the file between the check and the read;
 * - the resolver never looks up a name outside the folder, so a refusal says
 *   the same thing whether or not a file exists there;
 * - every refusal names the reference (file, line, element, attribute and
 *   value, as far as the caller gave them) and says why.
 *
 * No GTK: the loader, the CLI and the editor share it.  POSIX (openat,
 * O_PATH); Linux is the platform.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define RDT_FILE_REF_ERROR (rdt_file_ref_error_quark ())

typedef enum
{
  RDT_FILE_REF_ERROR_NOT_RELATIVE,  /* empty, absolute, drive letter, URL, backslash, control character */
  RDT_FILE_REF_ERROR_OUTSIDE,       /* ".." or a symbolic link leaving the folder */
  RDT_FILE_REF_ERROR_NOT_FOUND,     /* nothing of that name inside the folder */
  RDT_FILE_REF_ERROR_NOT_REGULAR,   /* a folder, FIFO, device or socket; too many links */
  RDT_FILE_REF_ERROR_TOO_LARGE,     /* more bytes (or pixels) than the caller's cap */
  RDT_FILE_REF_ERROR_NO_FOLDER,     /* the referring file has no folder yet (never saved) */
  RDT_FILE_REF_ERROR_NOT_IMAGE,     /* an image reference to something not PNG or JPEG, or damaged */
  RDT_FILE_REF_ERROR_IO,            /* permission denied, I/O error, file changed while opened */
} RdtFileRefError;

GQuark rdt_file_ref_error_quark (void);

/**
 * RdtFileRef:
 * @base_dir: (nullable): the folder the reference is resolved in; NULL: the
 *   folder of @file (NULL too: refused with %RDT_FILE_REF_ERROR_NO_FOLDER)
 * @file: (nullable): the referring file, for messages (and its folder)
 * @line: the line of the referring element, 0 when unknown
 * @element: (nullable): the referring element, e.g. "underlay"
 * @attribute: (nullable): its attribute, e.g. "href"
 * @value: the reference as written
 *
 * One file reference.  Messages start with "FILE:LINE: <ELEMENT
 * ATTRIBUTE="VALUE">: " when @file is set, or with ATTRIBUTE="VALUE" alone
 * when it is not (the loader's diagnostics name the file, line and element
 * themselves).
 */
typedef struct
{
  const char *base_dir;
  const char *file;
  int line;
  const char *element;
  const char *attribute;
  const char *value;
} RdtFileRef;

/* Caps for images (underlay scans, later counter art and imported module
 * images), applied before any decoding.  The reasons are in docs/format.md:
 * - bytes: a 400 dpi scan of a 22 x 34 inch map sheet is about 120 million
 *   pixels, 50-200 MB as PNG, less as JPEG;
 * - pixels: 150 million (600 MB decoded as 32-bit pixels; decoding holds at
 *   most two copies), which holds that scan;
 * - side: 32767, the largest cairo image surface, which the editor draws the
 *   scan with (a wider image cannot be drawn at all). */
#define RDT_FILE_REF_IMAGE_MAX_BYTES  ((guint64) 256 * 1024 * 1024)
#define RDT_FILE_REF_IMAGE_MAX_PIXELS ((guint64) 150 * 1000 * 1000)
#define RDT_FILE_REF_IMAGE_MAX_SIDE   32767

int       rdt_file_ref_open             (const RdtFileRef  *ref,
                                         guint64            max_size,
                                         guint64           *out_size,
                                         GError           **error);
GBytes   *rdt_file_ref_read             (const RdtFileRef  *ref,
                                         gsize              max_size,
                                         GError           **error);
gboolean  rdt_file_ref_read_image_size  (int                fd,
                                         const RdtFileRef  *ref,
                                         int               *out_width,
                                         int               *out_height,
                                         GError           **error);
gboolean  rdt_file_ref_check_image_size (const RdtFileRef  *ref,
                                         gint64             width,
                                         gint64             height,
                                         GError           **error);
gboolean  rdt_file_ref_check_image      (const RdtFileRef  *ref,
                                         GError           **error);
char     *rdt_file_ref_describe         (const RdtFileRef  *ref);

/* Counter art (issue 16) may also be SVG, when it is self-contained and at
 * most this many bytes (docs/format.md, "Counter art"). */
#define RDT_FILE_REF_SVG_MAX_BYTES    ((gsize) 1024 * 1024)

gboolean  rdt_file_ref_is_svg           (const guint8      *data,
                                         gsize              len);
gboolean  rdt_file_ref_screen_svg       (const RdtFileRef  *ref,
                                         const char        *data,
                                         gsize              len,
                                         GError           **error);
gboolean  rdt_file_ref_check_art        (const RdtFileRef  *ref,
                                         GError           **error);

G_END_DECLS
