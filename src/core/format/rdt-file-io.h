/* rdt-file-io.h: bounded reading and crash-safe saving of documents. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * RDT_FILE_ERROR:
 *
 * Error domain of rdt_file_read_bounded() and rdt_file_save_atomic().  Every
 * message names the file and, where there is one, what the user can do.
 */
#define RDT_FILE_ERROR (rdt_file_error_quark ())

typedef enum
{
  RDT_FILE_ERROR_NOT_FOUND,        /* the file (or a folder on its path) does not exist */
  RDT_FILE_ERROR_NOT_REGULAR,      /* a folder, FIFO, device, socket, dangling link... */
  RDT_FILE_ERROR_TOO_LARGE,        /* larger than the caller's bound */
  RDT_FILE_ERROR_CHANGED_ON_DISK,  /* modified, replaced or removed since it was loaded */
  RDT_FILE_ERROR_PERMISSION,       /* EACCES, EPERM */
  RDT_FILE_ERROR_READ_ONLY,        /* EROFS */
  RDT_FILE_ERROR_NO_SPACE,         /* ENOSPC, EDQUOT, EFBIG (file size limit) */
  RDT_FILE_ERROR_IO,               /* any other failure */
} RdtFileError;

GQuark rdt_file_error_quark (void);

/* The default bound for scenario and volume files: far above any real file
 * (a full volume with every hexside is a few hundred KiB), far below what
 * could exhaust memory. */
#define RDT_FILE_DEFAULT_MAX_SIZE ((gsize) 64 * 1024 * 1024)

#define RDT_FILE_HASH_LEN 32

/**
 * RdtFileStamp:
 * @valid: FALSE for a cleared stamp (no file was read or written)
 * @device: st_dev of the file
 * @inode: st_ino of the file
 * @size: size in bytes of the content read or written
 * @mtime_ns: modification time, in nanoseconds since the epoch
 * @hash: a 256-bit hash of the content (fast, not cryptographic: see
 *   rdt-file-io.c; it only tells whether the bytes changed)
 *
 * What a document remembers about the file it was loaded from, so that a
 * later save can tell whether someone else changed the file meanwhile.  The
 * content hash is what decides; the metadata is informative (a `touch` or a
 * checkout that rewrites identical bytes is not a change).
 */
typedef struct
{
  gboolean valid;
  guint64 device;
  guint64 inode;
  guint64 size;
  gint64 mtime_ns;
  guint8 hash[RDT_FILE_HASH_LEN];
} RdtFileStamp;

typedef enum
{
  RDT_SAVE_NONE = 0,
  /* Keep a copy of the file being replaced as PATH.bak (callers ask for it
   * on the first save of a session). */
  RDT_SAVE_KEEP_BACKUP = 1 << 0,
} RdtSaveFlags;

void      rdt_file_stamp_clear        (RdtFileStamp       *stamp);
gboolean  rdt_file_stamp_same_content (const RdtFileStamp *a,
                                       const RdtFileStamp *b);

GBytes   *rdt_file_read_bounded       (const char         *path,
                                       gsize               max_size,
                                       RdtFileStamp       *out_stamp,
                                       GError            **error);

gboolean  rdt_file_check_unchanged    (const char         *path,
                                       const RdtFileStamp *expected,
                                       GError            **error);

gboolean  rdt_file_save_atomic        (const char         *path,
                                       const void         *data,
                                       gsize               len,
                                       const RdtFileStamp *expected,
                                       RdtSaveFlags        flags,
                                       RdtFileStamp       *out_new_stamp,
                                       GError            **error);

/* Temporaries of a killed save older than this are removed on the next save
 * of the same file (rdt_file_remove_stale_temporaries(), docs/format.md). */
#define RDT_FILE_STALE_TEMP_SECONDS 60

char    **rdt_file_remove_stale_temporaries (const char   *path,
                                             guint         min_age_seconds);

G_END_DECLS
