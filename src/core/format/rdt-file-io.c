/* rdt-file-io.c: bounded reading and crash-safe saving of documents.
 *
 * Reading never blocks and never reads more than the caller allows: a path
 * naming a FIFO, a device (/dev/zero) or a folder is refused before a single
 * byte is read.  Saving writes a temporary file next to the target, fsyncs
 * it, renames it over the target and fsyncs the folder, so that at every
 * instant (including a SIGKILL or a power cut) the path names either the
 * complete old file or the complete new one. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "rdt-file-io.h"

G_DEFINE_QUARK (rdt-file-error-quark, rdt_file_error)

/* Temporary names are ".BASENAME.XXXXXX": keep them under NAME_MAX. */
#define TEMP_BASENAME_MAX 200

void
rdt_file_stamp_clear (RdtFileStamp *stamp)
{
  g_return_if_fail (stamp != NULL);

  memset (stamp, 0, sizeof *stamp);
}

/**
 * rdt_file_stamp_same_content:
 *
 * Returns: TRUE when both stamps are valid and describe the same bytes.
 */
gboolean
rdt_file_stamp_same_content (const RdtFileStamp *a,
                             const RdtFileStamp *b)
{
  g_return_val_if_fail (a != NULL && b != NULL, FALSE);

  return a->valid && b->valid && a->size == b->size
         && memcmp (a->hash, b->hash, RDT_FILE_HASH_LEN) == 0;
}

/* The stamp's content hash (issue 15: SHA-256 was a tenth of a scenario
 * load).  The stamp only ever answers "are these still the bytes we loaded
 * or saved?" in this process (rdt_file_check_unchanged(), the save's
 * changed-on-disk check, the editor's file monitor); it is never stored or
 * shown, and it guards against another program's edits, not against an
 * adversary.  So a fast non-cryptographic hash of the same width does:
 * four independent 64-bit multiply-rotate lanes (the xxHash64 round), each
 * taking every fourth 8-byte word, then every output word mixing all four
 * lanes and the length.  A round is a bijection of its input word and of
 * the lane, so a change confined to one word always changes the hash; other
 * changes go undetected with a chance of about 2^-64, and the size is
 * compared as well. */
#define HASH_P1 G_GUINT64_CONSTANT (0x9E3779B185EBCA87)
#define HASH_P2 G_GUINT64_CONSTANT (0xC2B2AE3D27D4EB4F)
#define HASH_P3 G_GUINT64_CONSTANT (0x165667B19E3779F9)
#define HASH_P4 G_GUINT64_CONSTANT (0x85EBCA77C2B2AE63)
#define HASH_P5 G_GUINT64_CONSTANT (0x27D4EB2F165667C5)

static inline guint64
hash_rotl (guint64 x,
           int     r)
{
  return (x << r) | (x >> (64 - r));
}

static inline guint64
hash_round (guint64 acc,
            guint64 input)
{
  acc += input * HASH_P2;
  acc = hash_rotl (acc, 31);
  return acc * HASH_P1;
}

static inline guint64
hash_avalanche (guint64 h)
{
  h ^= h >> 33;
  h *= HASH_P2;
  h ^= h >> 29;
  h *= HASH_P3;
  h ^= h >> 32;
  return h;
}

static inline guint64
hash_read64 (const guint8 *p)
{
  guint64 v;

  memcpy (&v, p, sizeof v);
  return GUINT64_FROM_LE (v);
}

static void
hash_data (const void *data,
           gsize       len,
           guint8      out[RDT_FILE_HASH_LEN])
{
  const guint8 *p = data;
  guint64 v[4] = { HASH_P1 + HASH_P2, HASH_P2, 0, -HASH_P1 };
  guint64 total = (guint64) len;
  guint8 tail[32] = { 0 };

  G_STATIC_ASSERT (RDT_FILE_HASH_LEN == 32);
  for (; len >= 32; p += 32, len -= 32)
    {
      v[0] = hash_round (v[0], hash_read64 (p));
      v[1] = hash_round (v[1], hash_read64 (p + 8));
      v[2] = hash_round (v[2], hash_read64 (p + 16));
      v[3] = hash_round (v[3], hash_read64 (p + 24));
    }
  /* The last 0-31 bytes, zero-padded (the total length is mixed in below). */
  if (len > 0)
    memcpy (tail, p, len);
  for (int k = 0; k < 4; k++)
    v[k] = hash_round (v[k], hash_read64 (tail + 8 * k));
  for (int k = 0; k < 4; k++)
    {
      guint64 h = v[k] ^ (hash_rotl (v[(k + 1) & 3], 17) * HASH_P4);
      h += hash_rotl (v[(k + 2) & 3], 43) ^ hash_rotl (v[(k + 3) & 3], 7);
      h += total * HASH_P5 + (guint64) (k + 1) * HASH_P3;
      h = GUINT64_TO_LE (hash_avalanche (h));
      memcpy (out + 8 * k, &h, sizeof h);
    }
}

static void
fill_stamp (RdtFileStamp      *stamp,
            const struct stat *st,
            const void        *data,
            gsize              len)
{
  stamp->valid = TRUE;
  stamp->device = (guint64) st->st_dev;
  stamp->inode = (guint64) st->st_ino;
  stamp->size = (guint64) len;
  stamp->mtime_ns = (gint64) st->st_mtim.tv_sec * G_GINT64_CONSTANT (1000000000)
                    + st->st_mtim.tv_nsec;
  hash_data (data, len, stamp->hash);
}

static RdtFileError
error_code_from_errno (int errsv)
{
  switch (errsv)
    {
    case ENOENT:
    case ENOTDIR:
      return RDT_FILE_ERROR_NOT_FOUND;
    case EACCES:
    case EPERM:
      return RDT_FILE_ERROR_PERMISSION;
    case EROFS:
      return RDT_FILE_ERROR_READ_ONLY;
    case ENOSPC:
#ifdef EDQUOT
    case EDQUOT:
#endif
    case EFBIG:
      return RDT_FILE_ERROR_NO_SPACE;
    case EISDIR:
    case ELOOP:
    case ENXIO:
      return RDT_FILE_ERROR_NOT_REGULAR;
    default:
      return RDT_FILE_ERROR_IO;
    }
}

static void
set_read_error (GError    **error,
                int         errsv,
                const char *path)
{
  g_autofree char *name = g_filename_display_name (path);
  RdtFileError code = error_code_from_errno (errsv);

  switch (code)
    {
    case RDT_FILE_ERROR_NOT_FOUND:
      g_set_error (error, RDT_FILE_ERROR, code,
                   _("Could not open “%s”: no such file. Check the name and the folder."),
                   name);
      break;
    case RDT_FILE_ERROR_PERMISSION:
      g_set_error (error, RDT_FILE_ERROR, code,
                   _("Could not open “%s”: permission denied. Check the file’s permissions."),
                   name);
      break;
    default:
      g_set_error (error, RDT_FILE_ERROR, code,
                   _("Could not read “%s”: %s"), name, g_strerror (errsv));
      break;
    }
}

/* @path is the file being saved (not the temporary file), so that messages
 * name what the user asked for. */
static void
set_save_error (GError    **error,
                int         errsv,
                const char *path)
{
  g_autofree char *name = g_filename_display_name (path);
  RdtFileError code = error_code_from_errno (errsv);

  switch (code)
    {
    case RDT_FILE_ERROR_NO_SPACE:
      g_set_error (error, RDT_FILE_ERROR, code,
                   _("Could not save “%s”: the disk is full or the file size limit was reached (%s). "
                     "Free some space and save again; the file on disk was not changed."),
                   name, g_strerror (errsv));
      break;
    case RDT_FILE_ERROR_READ_ONLY:
      g_set_error (error, RDT_FILE_ERROR, code,
                   _("Could not save “%s”: its folder is on a read-only file system. "
                     "Save under another name in a writable folder."),
                   name);
      break;
    case RDT_FILE_ERROR_PERMISSION:
      g_set_error (error, RDT_FILE_ERROR, code,
                   _("Could not save “%s”: permission denied (%s). "
                     "Save under another name in a folder you can write to."),
                   name, g_strerror (errsv));
      break;
    case RDT_FILE_ERROR_NOT_FOUND:
      g_set_error (error, RDT_FILE_ERROR, code,
                   _("Could not save “%s”: its folder does not exist (%s)."),
                   name, g_strerror (errsv));
      break;
    default:
      g_set_error (error, RDT_FILE_ERROR, code,
                   _("Could not save “%s”: %s. The file on disk was not changed."),
                   name, g_strerror (errsv));
      break;
    }
}

static void
set_not_regular_error (GError    **error,
                       const char *path)
{
  g_autofree char *name = g_filename_display_name (path);

  g_set_error (error, RDT_FILE_ERROR, RDT_FILE_ERROR_NOT_REGULAR,
               _("“%s” is not a regular file (a folder, device, pipe or socket). "
                 "Choose a regular file."),
               name);
}

static void
set_too_large_error (GError    **error,
                     const char *path,
                     gsize       max_size)
{
  g_autofree char *name = g_filename_display_name (path);
  g_autofree char *limit = g_format_size_full (max_size, G_FORMAT_SIZE_IEC_UNITS);

  g_set_error (error, RDT_FILE_ERROR, RDT_FILE_ERROR_TOO_LARGE,
               _("“%s” is larger than %s, more than any scenario needs; it was not read."),
               name, limit);
}

typedef enum
{
  CHANGE_MODIFIED,
  CHANGE_REMOVED,
  CHANGE_CREATED,
} ChangeKind;

static void
set_changed_error (GError     **error,
                   const char  *path,
                   ChangeKind   kind)
{
  g_autofree char *name = g_filename_display_name (path);

  switch (kind)
    {
    case CHANGE_REMOVED:
      g_set_error (error, RDT_FILE_ERROR, RDT_FILE_ERROR_CHANGED_ON_DISK,
                   _("“%s” was removed or renamed by another program since it was opened. "
                     "Save under another name, or save again to recreate it."),
                   name);
      break;
    case CHANGE_CREATED:
      g_set_error (error, RDT_FILE_ERROR, RDT_FILE_ERROR_CHANGED_ON_DISK,
                   _("“%s” was created by another program meanwhile; it was not overwritten. "
                     "Save under another name, or confirm that it may be replaced."),
                   name);
      break;
    case CHANGE_MODIFIED:
    default:
      g_set_error (error, RDT_FILE_ERROR, RDT_FILE_ERROR_CHANGED_ON_DISK,
                   _("“%s” was changed on disk by another program since it was opened; "
                     "it was not overwritten. Save under another name, or reload it "
                     "to see the other changes."),
                   name);
      break;
    }
}

/**
 * rdt_file_read_bounded:
 * @path: the file to read
 * @max_size: the largest size accepted, in bytes (0: %RDT_FILE_DEFAULT_MAX_SIZE)
 * @out_stamp: (out caller-allocates) (optional): where to store the file's stamp
 * @error: return location for a #RDT_FILE_ERROR
 *
 * Reads a whole regular file.  Anything else (a folder, a FIFO, a device, a
 * socket) is refused without blocking; so is a file larger than @max_size,
 * even if it grows while being read.  The returned data is followed by a NUL
 * byte that is not counted in its size, so parsers that want a C string can
 * use it directly.
 *
 * Returns: (transfer full) (nullable): the content, or %NULL with @error set
 */
GBytes *
rdt_file_read_bounded (const char    *path,
                       gsize          max_size,
                       RdtFileStamp  *out_stamp,
                       GError       **error)
{
  struct stat st;
  g_autofree char *buf = NULL;
  gsize cap, len = 0;
  int fd;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (out_stamp != NULL)
    rdt_file_stamp_clear (out_stamp);
  if (max_size == 0)
    max_size = RDT_FILE_DEFAULT_MAX_SIZE;
  /* Keep max_size + 1 (the NUL) from overflowing. */
  max_size = MIN (max_size, (gsize) G_MAXSSIZE - 1);

  /* Refuse special files before opening them: opening some devices has side
   * effects.  The fstat below closes the race with a file swapped meanwhile. */
  if (stat (path, &st) == 0 && !S_ISREG (st.st_mode))
    {
      set_not_regular_error (error, path);
      return NULL;
    }

  /* O_NONBLOCK: opening a FIFO with no writer returns at once instead of
   * waiting forever.  It has no effect on regular files. */
  do
    fd = open (path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  while (fd < 0 && errno == EINTR);
  if (fd < 0)
    {
      set_read_error (error, errno, path);
      return NULL;
    }

  if (fstat (fd, &st) != 0)
    {
      int errsv = errno;
      close (fd);
      set_read_error (error, errsv, path);
      return NULL;
    }
  if (!S_ISREG (st.st_mode))
    {
      close (fd);
      set_not_regular_error (error, path);
      return NULL;
    }
  if (st.st_size < 0 || (guint64) st.st_size > max_size)
    {
      close (fd);
      set_too_large_error (error, path, max_size);
      return NULL;
    }

  /* st_size is a hint (files in /proc report 0, a file may grow while being
   * read): read until end of file, never past max_size + 1 bytes. */
  cap = MAX ((gsize) st.st_size, 4096) + 1;
  cap = MIN (cap, max_size + 2);
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
      if (n < 0)
        {
          int errsv = errno;
          if (errsv == EINTR)
            continue;
          close (fd);
          set_read_error (error, errsv, path);
          return NULL;
        }
      if (n == 0)
        break;
      len += (gsize) n;
    }
  close (fd);

  if (len > max_size)
    {
      set_too_large_error (error, path, max_size);
      return NULL;
    }

  buf[len] = '\0';
  if (out_stamp != NULL)
    fill_stamp (out_stamp, &st, buf, len);

  return g_bytes_new_take (g_steal_pointer (&buf), len);
}

/**
 * rdt_file_check_unchanged:
 * @path: the file
 * @expected: the stamp from when the file was loaded or last saved; a
 *   cleared stamp (valid is FALSE) means no file existed then
 * @error: return location for a #RDT_FILE_ERROR
 *
 * Checks that the file still holds the bytes described by @expected.  A file
 * rewritten with identical bytes (a `touch`, a checkout) counts as unchanged.
 *
 * Returns: TRUE if unchanged; FALSE with %RDT_FILE_ERROR_CHANGED_ON_DISK (or
 *   another code if the file could not be examined)
 */
gboolean
rdt_file_check_unchanged (const char          *path,
                          const RdtFileStamp  *expected,
                          GError             **error)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) local_error = NULL;
  RdtFileStamp now;
  struct stat st;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (expected != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (stat (path, &st) != 0)
    {
      int errsv = errno;

      if (errsv == ENOENT && !expected->valid)
        return TRUE;
      if (errsv == ENOENT)
        {
          set_changed_error (error, path, CHANGE_REMOVED);
          return FALSE;
        }
      set_read_error (error, errsv, path);
      return FALSE;
    }

  if (!expected->valid)
    {
      set_changed_error (error, path, CHANGE_CREATED);
      return FALSE;
    }
  if (!S_ISREG (st.st_mode))
    {
      set_not_regular_error (error, path);
      return FALSE;
    }
  if ((guint64) st.st_size != expected->size)
    {
      set_changed_error (error, path, CHANGE_MODIFIED);
      return FALSE;
    }

  /* Same size: only the content can tell. */
  bytes = rdt_file_read_bounded (path, MAX (expected->size, 1), &now, &local_error);
  if (bytes == NULL)
    {
      if (g_error_matches (local_error, RDT_FILE_ERROR, RDT_FILE_ERROR_TOO_LARGE))
        {
          set_changed_error (error, path, CHANGE_MODIFIED);
          return FALSE;
        }
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  if (!rdt_file_stamp_same_content (&now, expected))
    {
      set_changed_error (error, path, CHANGE_MODIFIED);
      return FALSE;
    }

  return TRUE;
}

/* Follows a symbolic link so that saving replaces the file it points to and
 * keeps the link.  Returns the path to write, or NULL for a dangling link. */
static char *
resolve_target (const char  *path,
                GError     **error)
{
  struct stat lst;
  char *real;
  char *ret;

  if (lstat (path, &lst) != 0 || !S_ISLNK (lst.st_mode))
    return g_strdup (path);

  real = realpath (path, NULL);
  if (real == NULL)
    {
      g_autofree char *name = g_filename_display_name (path);
      g_set_error (error, RDT_FILE_ERROR, RDT_FILE_ERROR_NOT_FOUND,
                   _("Could not save “%s”: it is a symbolic link to a file that cannot be reached (%s)."),
                   name, g_strerror (errno));
      return NULL;
    }
  ret = g_strdup (real);
  free (real);
  return ret;
}

static void
fsync_directory (const char *dir)
{
  int dfd = open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

  /* Best effort: some file systems cannot fsync a folder (EINVAL), and once
   * the rename is done reporting a failure would only mislead. */
  if (dfd >= 0)
    {
      (void) fsync (dfd);
      close (dfd);
    }
}

static gboolean
write_all (int         fd,
           const void *data,
           gsize       len,
           int        *out_errno)
{
  const char *p = data;

  while (len > 0)
    {
      gssize n = write (fd, p, MIN (len, (gsize) 1 << 30));

      if (n < 0)
        {
          if (errno == EINTR)
            continue;
          *out_errno = errno;
          return FALSE;
        }
      if (n == 0)
        {
          *out_errno = ENOSPC;
          return FALSE;
        }
      p += n;
      len -= (gsize) n;
    }
  return TRUE;
}

/* Writes @data to a new temporary file in @target's folder and renames it
 * over @target.  @old is the stat of the file being replaced, or NULL when
 * there is none.  @display_path names the file in messages. */
static gboolean
replace_file (const char        *target,
              const char        *display_path,
              const void        *data,
              gsize              len,
              const struct stat *old,
              RdtFileStamp      *out_stamp,
              GError           **error)
{
  g_autofree char *dir = g_path_get_dirname (target);
  g_autofree char *base = g_path_get_basename (target);
  g_autofree char *tmp = NULL;
  struct stat st;
  int errsv = 0;
  int fd;

  if (strlen (base) > TEMP_BASENAME_MAX)
    base[TEMP_BASENAME_MAX] = '\0';
  tmp = g_strdup_printf ("%s/.%s.XXXXXX", dir, base);

  /* O_EXCL (added by g_mkstemp_full) never reuses someone else's file.  A
   * new file gets 0666 minus the umask like any other; a replaced file keeps
   * its mode, set below, and the temporary stays private until then. */
  fd = g_mkstemp_full (tmp, O_WRONLY | O_CLOEXEC, old != NULL ? 0600 : 0666);
  if (fd < 0)
    {
      set_save_error (error, errno, display_path);
      return FALSE;
    }
  /* Held until the close below: rdt_file_remove_stale_temporaries() of
   * another process leaves a temporary alone while it is being written. */
  (void) flock (fd, LOCK_EX | LOCK_NB);

  if (!write_all (fd, data, len, &errsv))
    goto fail;
  if (old != NULL)
    {
      if (fchmod (fd, old->st_mode & 07777) != 0)
        {
          errsv = errno;
          goto fail;
        }
      /* Only root can give a file away; others keep their own ownership. */
      if (old->st_uid != geteuid () || old->st_gid != getegid ())
        (void) fchown (fd, old->st_uid, old->st_gid);
    }
  if (fsync (fd) != 0)
    {
      errsv = errno;
      goto fail;
    }
  if (fstat (fd, &st) != 0)
    {
      errsv = errno;
      goto fail;
    }
  if (close (fd) != 0)
    {
      errsv = errno;
      fd = -1;
      goto fail;
    }
  fd = -1;

  if (rename (tmp, target) != 0)
    {
      errsv = errno;
      goto fail;
    }
  fsync_directory (dir);

  if (out_stamp != NULL)
    fill_stamp (out_stamp, &st, data, len);
  return TRUE;

fail:
  if (fd >= 0)
    close (fd);
  (void) unlink (tmp);
  set_save_error (error, errsv, display_path);
  return FALSE;
}

/* Makes PATH.bak a copy of the file about to be replaced: a hard link where
 * the file system has them (instant, and the old inode is exactly the old
 * file), else a copy, itself written atomically. */
static gboolean
keep_backup (const char        *target,
             const struct stat *old,
             GError           **error)
{
  g_autofree char *bak = g_strconcat (target, ".bak", NULL);
  g_autofree char *bak_tmp = NULL;
  g_autofree char *dir = g_path_get_dirname (target);
  g_autoptr(GBytes) content = NULL;
  g_autoptr(GError) local_error = NULL;

  bak_tmp = g_strdup_printf ("%s.%08x~", bak, g_random_int ());
  if (link (target, bak_tmp) == 0)
    {
      if (rename (bak_tmp, bak) == 0)
        {
          fsync_directory (dir);
          return TRUE;
        }
      set_save_error (error, errno, bak);
      (void) unlink (bak_tmp);
      return FALSE;
    }

  content = rdt_file_read_bounded (target, MAX ((gsize) old->st_size, 1), NULL, &local_error);
  if (content == NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  return replace_file (bak, bak, g_bytes_get_data (content, NULL),
                       g_bytes_get_size (content), old, NULL, error);
}

/**
 * rdt_file_save_atomic:
 * @path: the file to write; a symbolic link is followed and kept
 * @data: (array length=len): the new content
 * @len: its size in bytes
 * @expected: (nullable): the stamp of the file as it was loaded; the save is
 *   refused with %RDT_FILE_ERROR_CHANGED_ON_DISK when the file on disk no
 *   longer holds those bytes (a cleared stamp: the file must not exist).
 *   %NULL skips the check (Save As after the user agreed to overwrite).
 * @flags: %RDT_SAVE_KEEP_BACKUP to keep the previous file as PATH.bak
 * @out_new_stamp: (out caller-allocates) (optional): the stamp of the new file,
 *   to pass as @expected to the next save
 * @error: return location for a #RDT_FILE_ERROR
 *
 * Replaces @path with @data so that, whatever happens (a crash, a kill, a
 * full disk), @path names either the complete old file or the complete new
 * one.  On failure the original is untouched and no temporary file is left.
 *
 * Returns: TRUE on success
 */
gboolean
rdt_file_save_atomic (const char          *path,
                      const void          *data,
                      gsize                len,
                      const RdtFileStamp  *expected,
                      RdtSaveFlags         flags,
                      RdtFileStamp        *out_new_stamp,
                      GError             **error)
{
  g_autofree char *target = NULL;
  struct stat old;
  gboolean exists;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (data != NULL || len == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (out_new_stamp != NULL)
    rdt_file_stamp_clear (out_new_stamp);
  if (data == NULL)
    data = "";

  target = resolve_target (path, error);
  if (target == NULL)
    return FALSE;

  if (stat (target, &old) == 0)
    exists = TRUE;
  else if (errno == ENOENT)
    exists = FALSE;
  else
    {
      set_save_error (error, errno, path);
      return FALSE;
    }

  if (exists && !S_ISREG (old.st_mode))
    {
      set_not_regular_error (error, path);
      return FALSE;
    }

  /* There is a window between this check and the rename in which another
   * program could still write; without mandatory locks it can only be made
   * small, and it is: a hash of a file of a few hundred KiB. */
  if (expected != NULL && !rdt_file_check_unchanged (target, expected, error))
    return FALSE;

  if (exists && (flags & RDT_SAVE_KEEP_BACKUP) && !keep_backup (target, &old, error))
    return FALSE;

  return replace_file (target, path, data, len, exists ? &old : NULL,
                       out_new_stamp, error);
}

/* ".BASE." followed by exactly the six letters or digits g_mkstemp_full()
 * puts in place of XXXXXX, and nothing else. */
static gboolean
is_our_temporary (const char *name,
                  const char *prefix)
{
  const char *rest;

  if (!g_str_has_prefix (name, prefix))
    return FALSE;
  rest = name + strlen (prefix);
  if (strlen (rest) != 6)
    return FALSE;
  for (const char *c = rest; *c != '\0'; c++)
    if (!g_ascii_isalnum (*c))
      return FALSE;
  return TRUE;
}

/**
 * rdt_file_remove_stale_temporaries:
 * @path: the file about to be saved (a symbolic link is followed, as a save
 *   does)
 * @min_age_seconds: only temporaries not modified for this long are removed
 *
 * A save killed between writing its temporary file and renaming it leaves a
 * complete hidden ".NAME.XXXXXX" next to NAME (issue 11).  This removes those
 * of @path, and only those: the name must be exactly the one
 * rdt_file_save_atomic() makes for this file (or its .bak), the file a regular
 * file (not a link) of ours with one link, unchanged for @min_age_seconds, and
 * not locked: a save in progress in another process holds a lock on its
 * temporary, and a temporary younger than the age may be one that is about to
 * be locked or renamed.
 *
 * Returns: (transfer full): the names (not paths) of the files removed, a
 *   %NULL-terminated array, empty when there were none; for the caller to
 *   tell the user
 */
char **
rdt_file_remove_stale_temporaries (const char *path,
                                   guint       min_age_seconds)
{
  g_autoptr(GStrvBuilder) removed = g_strv_builder_new ();
  g_autofree char *target = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *base = NULL;
  g_autofree char *bak = NULL;
  g_autofree char *prefix = NULL;
  g_autofree char *bak_prefix = NULL;
  GDir *d;
  const char *name;
  time_t now = time (NULL);

  g_return_val_if_fail (path != NULL, g_strv_builder_end (removed));

  target = resolve_target (path, NULL);
  if (target == NULL)
    return g_strv_builder_end (removed);
  dir = g_path_get_dirname (target);
  base = g_path_get_basename (target);
  bak = g_strconcat (base, ".bak", NULL);
  /* The same truncation as replace_file(). */
  if (strlen (base) > TEMP_BASENAME_MAX)
    base[TEMP_BASENAME_MAX] = '\0';
  if (strlen (bak) > TEMP_BASENAME_MAX)
    bak[TEMP_BASENAME_MAX] = '\0';
  prefix = g_strconcat (".", base, ".", NULL);
  bak_prefix = g_strconcat (".", bak, ".", NULL);

  d = g_dir_open (dir, 0, NULL);
  if (d == NULL)
    return g_strv_builder_end (removed);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *full = NULL;
      struct stat st, again;
      int fd;

      if (!is_our_temporary (name, prefix) && !is_our_temporary (name, bak_prefix))
        continue;
      full = g_build_filename (dir, name, NULL);
      fd = open (full, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
      if (fd < 0)
        continue;
      if (fstat (fd, &st) == 0 && S_ISREG (st.st_mode) && st.st_uid == geteuid ()
          && st.st_nlink == 1 && st.st_mtime + (time_t) min_age_seconds <= now
          && flock (fd, LOCK_EX | LOCK_NB) == 0
          /* Still the file checked (not renamed away and replaced). */
          && lstat (full, &again) == 0 && again.st_dev == st.st_dev && again.st_ino == st.st_ino
          && unlink (full) == 0)
        g_strv_builder_add (removed, name);
      close (fd);
    }
  g_dir_close (d);
  return g_strv_builder_end (removed);
}
