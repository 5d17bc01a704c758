/* test-file-io.c: bounded reading and crash-safe saving (rdt-file-io). */
#undef G_DISABLE_ASSERT
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <glib/gstdio.h>
#include <linux/fs.h>
#include <pwd.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "rdt-diagnostic.h"
#include "rdt-file-io.h"
#include "rdt-scenario-io.h"
#include "save-loop-content.h"

/* A scratch folder per test, removed afterwards. */
typedef struct
{
  char *dir;
} Scratch;

static void
scratch_setup (Scratch       *s,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  s->dir = g_dir_make_tmp ("redoubt-file-io-XXXXXX", &error);
  g_assert_no_error (error);
}

static void
remove_tree (const char *path)
{
  struct stat st;

  if (lstat (path, &st) != 0)
    return;
  if (S_ISDIR (st.st_mode))
    {
      g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
      const char *name;

      chmod (path, 0700);
      while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);
          remove_tree (child);
        }
      rmdir (path);
    }
  else
    unlink (path);
}

static void
scratch_teardown (Scratch       *s,
                  gconstpointer  data)
{
  remove_tree (s->dir);
  g_free (s->dir);
}

static void
write_file (const char *path,
            const char *content,
            gssize      len)
{
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, content, len, &error);
  g_assert_no_error (error);
}

static GBytes *
slurp (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *content = NULL;
  gsize len = 0;

  g_file_get_contents (path, &content, &len, &error);
  g_assert_no_error (error);
  return g_bytes_new_take (content, len);
}

static void
assert_file_equals (const char *path,
                    const char *expected)
{
  g_autoptr(GBytes) got = slurp (path);

  g_assert_cmpmem (g_bytes_get_data (got, NULL), g_bytes_get_size (got),
                   expected, strlen (expected));
}

/* The names in @dir other than @keep1 and @keep2 (temporary files left
 * behind), as one string for the assertion message. */
static char *
stray_files (const char *dir,
             const char *keep1,
             const char *keep2)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  g_autoptr(GString) out = g_string_new ("");
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    if (g_strcmp0 (name, keep1) != 0 && g_strcmp0 (name, keep2) != 0)
      g_string_append_printf (out, "%s ", name);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static void
assert_no_stray_files (const char *dir,
                       const char *keep1,
                       const char *keep2)
{
  g_autofree char *stray = stray_files (dir, keep1, keep2);

  g_assert_cmpstr (stray, ==, "");
}

/* Reading ---------------------------------------------------------------- */

static void
test_read_regular (Scratch       *s,
                   gconstpointer  data)
{
  g_autofree char *path = g_build_filename (s->dir, "a.redoubt", NULL);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  RdtFileStamp stamp;
  struct stat st;
  gsize len;
  const char *p;

  write_file (path, "<redoubt/>\n", -1);
  bytes = rdt_file_read_bounded (path, 0, &stamp, &error);
  g_assert_no_error (error);
  p = g_bytes_get_data (bytes, &len);
  g_assert_cmpmem (p, len, "<redoubt/>\n", 11);
  /* Documented: a NUL follows the data. */
  g_assert_cmpint (p[len], ==, '\0');

  g_assert_cmpint (stat (path, &st), ==, 0);
  g_assert_true (stamp.valid);
  g_assert_cmpuint (stamp.size, ==, 11);
  g_assert_cmpuint (stamp.inode, ==, st.st_ino);
  g_assert_cmpuint (stamp.device, ==, st.st_dev);
  g_assert_cmpint (stamp.mtime_ns, ==,
                   (gint64) st.st_mtim.tv_sec * 1000000000 + st.st_mtim.tv_nsec);
  {
    /* The same bytes in another file: the same hash (the content decides). */
    g_autofree char *other = g_build_filename (s->dir, "same", NULL);
    g_autoptr(GBytes) again = NULL;
    RdtFileStamp stamp2;

    write_file (other, "<redoubt/>\n", -1);
    again = rdt_file_read_bounded (other, 0, &stamp2, &error);
    g_assert_no_error (error);
    g_assert_cmpmem (stamp.hash, RDT_FILE_HASH_LEN, stamp2.hash, RDT_FILE_HASH_LEN);
    g_assert_true (rdt_file_stamp_same_content (&stamp, &stamp2));
  }
}

/* Issue 15: the stamp's hash is a fast one, not SHA-256; it must still tell
 * apart every one-bit change of a file of the same size, wherever it is,
 * including in the zero-padded tail, and the same bytes shifted. */
static void
test_stamp_hash_changes (Scratch       *s,
                         gconstpointer  data)
{
  g_autofree char *path = g_build_filename (s->dir, "h.redoubt", NULL);
  const gsize size = 100 * 1000 + 13;
  g_autofree char *text = g_malloc (size + 1);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_bytes_hash, g_bytes_equal,
                                                      (GDestroyNotify) g_bytes_unref, NULL);
  RdtFileStamp base, stamp;
  guint n = 0;

  static const char line[] = "<hex at=\"0101\" terrain=\"clear\"/>\n";

  for (gsize i = 0; i < size; i++)
    text[i] = line[i % (sizeof line - 1)];
  text[size] = '\0';
  write_file (path, text, size);
  bytes = rdt_file_read_bounded (path, 0, &base, &error);
  g_assert_no_error (error);
  g_hash_table_add (seen, g_bytes_new (base.hash, RDT_FILE_HASH_LEN));
  for (gsize pos = 0; pos < size; pos += (pos < 64 || pos > size - 64) ? 1 : 997)
    for (int bit = 0; bit < 8; bit += 3)
      {
        g_autoptr(GBytes) b = NULL;

        text[pos] ^= (char) (1 << bit);
        write_file (path, text, size);
        b = rdt_file_read_bounded (path, 0, &stamp, &error);
        g_assert_no_error (error);
        g_assert_false (rdt_file_stamp_same_content (&base, &stamp));
        /* Every variant hashes differently from every other. */
        {
          GBytes *h = g_bytes_new (stamp.hash, RDT_FILE_HASH_LEN);
          g_assert_false (g_hash_table_contains (seen, h));
          g_hash_table_add (seen, h);
        }
        text[pos] ^= (char) (1 << bit);
        n++;
      }
  g_assert_cmpuint (n, >, 300);
  /* Back to the original bytes: the original hash. */
  write_file (path, text, size);
  g_clear_pointer (&bytes, g_bytes_unref);
  bytes = rdt_file_read_bounded (path, 0, &stamp, &error);
  g_assert_true (rdt_file_stamp_same_content (&base, &stamp));
}

static void
test_read_empty (Scratch       *s,
                 gconstpointer  data)
{
  g_autofree char *path = g_build_filename (s->dir, "empty", NULL);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;

  write_file (path, "", 0);
  bytes = rdt_file_read_bounded (path, 0, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_bytes_get_size (bytes), ==, 0);
}

static void
test_read_missing (Scratch       *s,
                   gconstpointer  data)
{
  g_autofree char *path = g_build_filename (s->dir, "no-such.redoubt", NULL);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  RdtFileStamp stamp;

  stamp.valid = TRUE;
  bytes = rdt_file_read_bounded (path, 0, &stamp, &error);
  g_assert_null (bytes);
  g_assert_error (error, RDT_FILE_ERROR, RDT_FILE_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "no-such.redoubt"));
  g_assert_false (stamp.valid);
}

/* A FIFO with no writer: a plain open() would block forever.  The alarm set
 * in main() turns a hang into a failure. */
static void
test_read_fifo (Scratch       *s,
                gconstpointer  data)
{
  g_autofree char *path = g_build_filename (s->dir, "fifo", NULL);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (mkfifo (path, 0600), ==, 0);
  bytes = rdt_file_read_bounded (path, 0, NULL, &error);
  g_assert_null (bytes);
  g_assert_error (error, RDT_FILE_ERROR, RDT_FILE_ERROR_NOT_REGULAR);
  g_assert_nonnull (strstr (error->message, "fifo"));
}

/* Devices: /dev/zero never ends, /dev/null is empty; both are refused. */
static void
test_read_devices (void)
{
  const char *devices[] = { "/dev/zero", "/dev/null", "/dev/urandom" };

  for (gsize i = 0; i < G_N_ELEMENTS (devices); i++)
    {
      g_autoptr(GBytes) bytes = NULL;
      g_autoptr(GError) error = NULL;

      if (!g_file_test (devices[i], G_FILE_TEST_EXISTS))
        continue;
      bytes = rdt_file_read_bounded (devices[i], 1024, NULL, &error);
      g_assert_null (bytes);
      g_assert_error (error, RDT_FILE_ERROR, RDT_FILE_ERROR_NOT_REGULAR);
    }
}

static void
test_read_directory (Scratch       *s,
                     gconstpointer  data)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;

  bytes = rdt_file_read_bounded (s->dir, 0, NULL, &error);
  g_assert_null (bytes);
  g_assert_error (error, RDT_FILE_ERROR, RDT_FILE_ERROR_NOT_REGULAR);
}

/* A symbolic link to a FIFO is just as refused as the FIFO. */
static void
test_read_symlink_to_fifo (Scratch       *s,
                           gconstpointer  data)
{
  g_autofree char *fifo = g_build_filename (s->dir, "fifo", NULL);
  g_autofree char *link = g_build_filename (s->dir, "link.redoubt", NULL);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_assert_cmpint (symlink (fifo, link), ==, 0);
  bytes = rdt_file_read_bounded (link, 0, NULL, &error);
  g_assert_null (bytes);
  g_assert_error (error, RDT_FILE_ERROR, RDT_FILE_ERROR_NOT_REGULAR);
}

static void
test_read_too_large (Scratch       *s,
                     gconstpointer  data)
{
  g_autofree char *path = g_build_filename (s->dir, "big", NULL);
  g_autoptr(GBytes) exact = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *content = g_strnfill (1000, 'x');

  write_file (path, content, 1000);

  /* Exactly at the bound: accepted. */
  exact = rdt_file_read_bounded (path, 1000, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_bytes_get_size (exact), ==, 1000);

  /* One byte over: refused. */
  bytes = rdt_file_read_bounded (path, 999, NULL, &error);
  g_assert_null (bytes);
  g_assert_error (error, RDT_FILE_ERROR, RDT_FILE_ERROR_TOO_LARGE);
  g_assert_nonnull (strstr (error->message, "big"));
}

/* Files in /proc say their size is 0 and are not: the bound still holds. */
static void
test_read_proc_lies_about_size (void)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;

  if (!g_file_test ("/proc/self/maps", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no /proc/self/maps on this system");
      return;
    }
  bytes = rdt_file_read_bounded ("/proc/self/maps", 16, NULL, &error);
  g_assert_null (bytes);
  g_assert_error (error, RDT_FILE_ERROR, RDT_FILE_ERROR_TOO_LARGE);
}

/* Saving ----------------------------------------------------------------- */

static void
test_save_new_file (Scratch       *s,
                    gconstpointer  data)
{
  g_autofree char *path = g_build_filename (s->dir, "new.redoubt", NULL);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  RdtFileStamp saved, read;
  struct stat st;
  mode_t old_umask = umask (022);

  g_assert_true (rdt_file_save_atomic (path, "hello\n", 6, NULL, RDT_SAVE_KEEP_BACKUP,
                                       &saved, &error));
  umask (old_umask);
  g_assert_no_error (error);
  assert_file_equals (path, "hello\n");
  g_assert_cmpint (stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0644);

  /* No previous file: no .bak, no temporary left. */
  assert_no_stray_files (s->dir, "new.redoubt", NULL);

  /* The stamp returned by the save is the one a read gives. */
  bytes = rdt_file_read_bounded (path, 0, &read, &error);
  g_assert_no_error (error);
  g_assert_true (rdt_file_stamp_same_content (&saved, &read));
  g_assert_cmpuint (saved.inode, ==, read.inode);
  g_assert_cmpint (saved.mtime_ns, ==, read.mtime_ns);
}

static void
test_save_keeps_mode (Scratch       *s,
                      gconstpointer  data)
{
  g_autofree char *path = g_build_filename (s->dir, "private.redoubt", NULL);
  g_autoptr(GError) error = NULL;
  struct stat st;

  write_file (path, "old\n", -1);
  g_assert_cmpint (chmod (path, 0640), ==, 0);
  g_assert_true (rdt_file_save_atomic (path, "new\n", 4, NULL, 0, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 07777, ==, 0640);
  assert_file_equals (path, "new\n");
}

/* The first save of a session keeps the previous file as PATH.bak; later
 * saves (without the flag) leave that .bak alone. */
static void
test_save_backup (Scratch       *s,
                  gconstpointer  data)
{
  g_autofree char *path = g_build_filename (s->dir, "b.redoubt", NULL);
  g_autofree char *bak = g_build_filename (s->dir, "b.redoubt.bak", NULL);
  g_autoptr(GBytes) loaded = NULL;
  g_autoptr(GError) error = NULL;
  RdtFileStamp stamp, stamp2, stamp3;
  struct stat st;

  write_file (path, "version 1\n", -1);
  g_assert_cmpint (chmod (path, 0604), ==, 0);
  loaded = rdt_file_read_bounded (path, 0, &stamp, &error);
  g_assert_no_error (error);

  g_assert_true (rdt_file_save_atomic (path, "version 2\n", 10, &stamp,
                                       RDT_SAVE_KEEP_BACKUP, &stamp2, &error));
  g_assert_no_error (error);
  assert_file_equals (path, "version 2\n");
  assert_file_equals (bak, "version 1\n");
  g_assert_cmpint (stat (bak, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 07777, ==, 0604);

  g_assert_true (rdt_file_save_atomic (path, "version 3\n", 10, &stamp2, 0, &stamp3, &error));
  g_assert_no_error (error);
  assert_file_equals (path, "version 3\n");
  assert_file_equals (bak, "version 1\n");
  assert_no_stray_files (s->dir, "b.redoubt", "b.redoubt.bak");

  /* A second session's first save replaces the old .bak. */
  g_assert_true (rdt_file_save_atomic (path, "version 4\n", 10, &stamp3,
                                       RDT_SAVE_KEEP_BACKUP, NULL, &error));
  g_assert_no_error (error);
  assert_file_equals (bak, "version 3\n");
  assert_no_stray_files (s->dir, "b.redoubt", "b.redoubt.bak");
}

static void
test_save_changed_on_disk (Scratch       *s,
                           gconstpointer  data)
{
  g_autofree char *path = g_build_filename (s->dir, "c.redoubt", NULL);
  g_autofree char *bak = g_build_filename (s->dir, "c.redoubt.bak", NULL);
  g_autoptr(GBytes) loaded = NULL;
  g_autoptr(GError) error = NULL;
  RdtFileStamp stamp;

  write_file (path, "mine\n", -1);
  loaded = rdt_file_read_bounded (path, 0, &stamp, &error);
  g_assert_no_error (error);

  /* Same size, different bytes: only the hash can tell. */
  write_file (path, "your\n", -1);
  g_assert_false (rdt_file_save_atomic (path, "edit\n", 5, &stamp, RDT_SAVE_KEEP_BACKUP,
                                        NULL, &error));
  g_assert_error (error, RDT_FILE_ERROR, RDT_FILE_ERROR_CHANGED_ON_DISK);
  g_assert_nonnull (strstr (error->message, "c.redoubt"));
  g_clear_error (&error);
  assert_file_equals (path, "your\n");
  g_assert_false (g_file_test (bak, G_FILE_TEST_EXISTS));

  /* Different size. */
  write_file (path, "someone else's\n", -1);
  g_assert_false (rdt_file_save_atomic (path, "edit\n", 5, &stamp, 0, NULL, &error));
  g_assert_error (error, RDT_FILE_ERROR, RDT_FILE_ERROR_CHANGED_ON_DISK);
  g_clear_error (&error);
  assert_file_equals (path, "someone else's\n");

  /* Removed. */
  g_assert_cmpint (unlink (path), ==, 0);
  g_assert_false (rdt_file_save_atomic (path, "edit\n", 5, &stamp, 0, NULL, &error));
  g_assert_error (error, RDT_FILE_ERROR, RDT_FILE_ERROR_CHANGED_ON_DISK);
  g_clear_error (&error);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));

  /* Rewritten with the same bytes (new inode, new mtime): not a change. */
  write_file (path, "mine\n", -1);
  g_assert_true (rdt_file_save_atomic (path, "edit\n", 5, &stamp, 0, NULL, &error));
  g_assert_no_error (error);
  assert_file_equals (path, "edit\n");
  assert_no_stray_files (s->dir, "c.redoubt", NULL);
}

/* A cleared stamp says "there was no file": a file created meanwhile is not
 * overwritten. */
static void
test_save_created_meanwhile (Scratch       *s,
                             gconstpointer  data)
{
  g_autofree char *path = g_build_filename (s->dir, "d.redoubt", NULL);
  g_autoptr(GError) error = NULL;
  RdtFileStamp none;

  rdt_file_stamp_clear (&none);
  g_assert_true (rdt_file_check_unchanged (path, &none, &error));
  g_assert_no_error (error);

  write_file (path, "theirs\n", -1);
  g_assert_false (rdt_file_save_atomic (path, "mine\n", 5, &none, 0, NULL, &error));
  g_assert_error (error, RDT_FILE_ERROR, RDT_FILE_ERROR_CHANGED_ON_DISK);
  assert_file_equals (path, "theirs\n");
}

/* Saving through a symbolic link replaces the file it points to and keeps
 * the link (a scenario linked into several checkouts stays linked). */
static void
test_save_through_symlink (Scratch       *s,
                           gconstpointer  data)
{
  g_autofree char *real = g_build_filename (s->dir, "real.redoubt", NULL);
  g_autofree char *link = g_build_filename (s->dir, "link.redoubt", NULL);
  g_autoptr(GError) error = NULL;
  struct stat st;

  write_file (real, "old\n", -1);
  g_assert_cmpint (symlink ("real.redoubt", link), ==, 0);
  g_assert_true (rdt_file_save_atomic (link, "new\n", 4, NULL, 0, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (lstat (link, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  assert_file_equals (real, "new\n");
}

static void
test_save_not_regular (Scratch       *s,
                       gconstpointer  data)
{
  g_autofree char *fifo = g_build_filename (s->dir, "fifo", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_false (rdt_file_save_atomic (s->dir, "x", 1, NULL, 0, NULL, &error));
  g_assert_error (error, RDT_FILE_ERROR, RDT_FILE_ERROR_NOT_REGULAR);
  g_clear_error (&error);

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_assert_false (rdt_file_save_atomic (fifo, "x", 1, NULL, 0, NULL, &error));
  g_assert_error (error, RDT_FILE_ERROR, RDT_FILE_ERROR_NOT_REGULAR);
}

/* Failures that need no privilege trick and work for root too: the folder
 * does not exist, or a "folder" on the path is a regular file (ENOTDIR). */
static void
test_save_missing_folder (Scratch       *s,
                          gconstpointer  data)
{
  g_autofree char *missing = g_build_filename (s->dir, "no-such-folder", "x.redoubt", NULL);
  g_autofree char *file = g_build_filename (s->dir, "file", NULL);
  g_autofree char *under_file = g_build_filename (s->dir, "file", "x.redoubt", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_false (rdt_file_save_atomic (missing, "x", 1, NULL, 0, NULL, &error));
  g_assert_error (error, RDT_FILE_ERROR, RDT_FILE_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "x.redoubt"));
  g_clear_error (&error);

  write_file (file, "a file, not a folder\n", -1);
  g_assert_false (rdt_file_save_atomic (under_file, "x", 1, NULL, 0, NULL, &error));
  g_assert_error (error, RDT_FILE_ERROR, RDT_FILE_ERROR_NOT_FOUND);
  assert_file_equals (file, "a file, not a folder\n");
  assert_no_stray_files (s->dir, "file", NULL);
}

/* Full disk.  RLIMIT_FSIZE with SIGXFSZ ignored makes write() stop short and
 * then fail with EFBIG, the same path a full disk (ENOSPC) takes: a short
 * write in the middle of the temporary file.  It runs in a subprocess so the
 * limit does not outlive it. */
static void test_save_full_disk_subprocess (void);

static void
test_save_full_disk (void)
{
  Scratch scratch, *s = &scratch;
  g_autofree char *path = NULL;

  if (g_test_subprocess ())
    {
      test_save_full_disk_subprocess ();
      return;
    }
  scratch_setup (s, NULL);
  path = g_build_filename (s->dir, "full.redoubt", NULL);

  write_file (path, "the original\n", -1);
  g_setenv ("REDOUBT_TEST_FULL_DISK_DIR", s->dir, TRUE);
  g_test_trap_subprocess (NULL, 30 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_unsetenv ("REDOUBT_TEST_FULL_DISK_DIR");
  g_test_trap_assert_passed ();

  /* Checked again outside the subprocess. */
  assert_file_equals (path, "the original\n");
  assert_no_stray_files (s->dir, "full.redoubt", NULL);
  scratch_teardown (s, NULL);
}

static void
test_save_full_disk_subprocess (void)
{
  const char *dir = g_getenv ("REDOUBT_TEST_FULL_DISK_DIR");
  g_autofree char *path = NULL;
  g_autofree char *bak = NULL;
  g_autoptr(GBytes) big = save_loop_content (0);
  g_autoptr(GError) error = NULL;
  struct rlimit lim = { 1024 * 1024, 1024 * 1024 };

  g_assert_nonnull (dir);
  path = g_build_filename (dir, "full.redoubt", NULL);
  bak = g_build_filename (dir, "full.redoubt.bak", NULL);

  signal (SIGXFSZ, SIG_IGN);
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &lim), ==, 0);

  /* The file is 2 MiB, the limit 1 MiB: the write fails half way. */
  g_assert_false (rdt_file_save_atomic (path, g_bytes_get_data (big, NULL),
                                        g_bytes_get_size (big), NULL, 0, NULL, &error));
  g_assert_error (error, RDT_FILE_ERROR, RDT_FILE_ERROR_NO_SPACE);
  g_assert_nonnull (strstr (error->message, "full.redoubt"));
  g_assert_nonnull (strstr (error->message, "disk is full"));
  assert_file_equals (path, "the original\n");
  assert_no_stray_files (dir, "full.redoubt", NULL);
}

/* A read-only folder.
 *
 * As an ordinary user: chmod 0555 and save.
 * As root (CI containers), chmod stops nothing, so two real conditions are
 * exercised instead, never skipped silently:
 *  - in a subprocess that drops to the "nobody" user, the 0555 folder (the
 *    same permission check an ordinary user meets: EACCES);
 *  - the folder made immutable (FS_IMMUTABLE_FL, `chattr +i`), which stops
 *    root as well (EPERM), where the file system and capabilities allow it.
 * Each case checks the original is untouched and no temporary file is left.
 * If neither root case can be set up the test fails with the reason. */
static void
check_read_only_save (const char *dir,
                      const char *path)
{
  g_autoptr(GError) error = NULL;

  g_assert_false (rdt_file_save_atomic (path, "new content\n", 12, NULL,
                                        RDT_SAVE_KEEP_BACKUP, NULL, &error));
  g_assert_error (error, RDT_FILE_ERROR, RDT_FILE_ERROR_PERMISSION);
  g_assert_nonnull (strstr (error->message, "ro.redoubt"));
  assert_file_equals (path, "the original\n");
  assert_no_stray_files (dir, "ro.redoubt", NULL);
}

static void
test_save_read_only_dir_subprocess (void)
{
  const char *dir = g_getenv ("REDOUBT_TEST_RO_DIR");
  g_autofree char *path = NULL;
  struct passwd *nobody;

  g_assert_nonnull (dir);
  path = g_build_filename (dir, "ro.redoubt", NULL);
  nobody = getpwnam ("nobody");
  g_assert_nonnull (nobody);
  g_assert_cmpint (setgroups (0, NULL), ==, 0);
  g_assert_cmpint (setgid (nobody->pw_gid), ==, 0);
  g_assert_cmpint (setuid (nobody->pw_uid), ==, 0);
  g_assert_cmpint (geteuid (), !=, 0);
  check_read_only_save (dir, path);
}

static gboolean
set_immutable (const char *dir,
               gboolean    on)
{
  int fd = open (dir, O_RDONLY | O_DIRECTORY);
  int flags = 0;
  gboolean ok;

  if (fd < 0)
    return FALSE;
  ok = ioctl (fd, FS_IOC_GETFLAGS, &flags) == 0;
  if (ok)
    {
      flags = on ? (flags | FS_IMMUTABLE_FL) : (flags & ~FS_IMMUTABLE_FL);
      ok = ioctl (fd, FS_IOC_SETFLAGS, &flags) == 0;
    }
  close (fd);
  return ok;
}

static void
test_save_read_only_dir (void)
{
  Scratch scratch, *s = &scratch;
  g_autofree char *ro = NULL;
  g_autofree char *path = NULL;
  guint exercised = 0;

  if (g_test_subprocess ())
    {
      test_save_read_only_dir_subprocess ();
      return;
    }
  scratch_setup (s, NULL);
  ro = g_build_filename (s->dir, "ro", NULL);
  path = g_build_filename (ro, "ro.redoubt", NULL);

  g_assert_cmpint (g_mkdir (ro, 0755), ==, 0);
  write_file (path, "the original\n", -1);
  g_assert_cmpint (chmod (path, 0644), ==, 0);

  if (geteuid () != 0)
    {
      g_assert_cmpint (chmod (ro, 0555), ==, 0);
      check_read_only_save (ro, path);
      g_assert_cmpint (chmod (ro, 0755), ==, 0);
      g_test_message ("read-only folder: exercised chmod 0555 as uid %u", (guint) geteuid ());
      scratch_teardown (s, NULL);
      return;
    }

  /* Root, case 1: drop to nobody in a subprocess.  The scratch folder is
   * 0700; let nobody walk into it. */
  if (getpwnam ("nobody") != NULL)
    {
      g_assert_cmpint (chmod (s->dir, 0755), ==, 0);
      g_assert_cmpint (chmod (ro, 0555), ==, 0);
      g_setenv ("REDOUBT_TEST_RO_DIR", ro, TRUE);
      g_test_trap_subprocess (NULL, 30 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
      g_unsetenv ("REDOUBT_TEST_RO_DIR");
      g_test_trap_assert_passed ();
      g_assert_cmpint (chmod (ro, 0755), ==, 0);
      g_assert_cmpint (chmod (s->dir, 0700), ==, 0);
      assert_file_equals (path, "the original\n");
      assert_no_stray_files (ro, "ro.redoubt", NULL);
      g_test_message ("read-only folder: exercised chmod 0555 as user nobody (dropped from root)");
      exercised++;
    }

  /* Root, case 2: an immutable folder stops root too. */
  if (set_immutable (ro, TRUE))
    {
      g_autoptr(GError) error = NULL;
      gboolean saved = rdt_file_save_atomic (path, "new content\n", 12, NULL,
                                             RDT_SAVE_KEEP_BACKUP, NULL, &error);

      g_assert_true (set_immutable (ro, FALSE));
      g_assert_false (saved);
      g_assert_error (error, RDT_FILE_ERROR, RDT_FILE_ERROR_PERMISSION);
      assert_file_equals (path, "the original\n");
      assert_no_stray_files (ro, "ro.redoubt", NULL);
      g_test_message ("read-only folder: exercised an immutable folder (FS_IMMUTABLE_FL) as root");
      exercised++;
    }
  else
    g_test_message ("read-only folder: the file system here has no immutable flag for root");

  if (exercised == 0)
    g_test_fail_printf ("running as root with neither a \"nobody\" user nor an immutable "
                        "flag: no read-only condition could be created");
  scratch_teardown (s, NULL);
}

/* The scenario save path (rdt_scenario_save_to_file) is wired to all of
 * this: the stamp taken at load time, the .bak on the first save of a
 * session only, the refusal of a file changed on disk. */
static RdtScenario *
load_example_copy (const char *dir,
                   char      **out_path)
{
  g_autofree char *example = g_test_build_filename (G_TEST_DIST, "data", "format",
                                                    "example.redoubt", NULL);
  g_autofree char *content = NULL;
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(GError) error = NULL;
  RdtScenario *scenario;
  gsize len;

  g_file_get_contents (example, &content, &len, &error);
  g_assert_no_error (error);
  *out_path = g_build_filename (dir, "example.redoubt", NULL);
  write_file (*out_path, content, (gssize) len);
  scenario = rdt_scenario_load_from_file (*out_path, diagnostics, &error);
  g_assert_no_error (error);
  g_assert_nonnull (scenario);
  return scenario;
}

static void
test_scenario_save_backup_once (Scratch       *s,
                                gconstpointer  data)
{
  g_autofree char *path = NULL;
  g_autofree char *bak = NULL;
  g_autoptr(RdtScenario) scenario = load_example_copy (s->dir, &path);
  g_autoptr(GBytes) original = slurp (path);
  g_autoptr(GBytes) backup = NULL;
  g_autoptr(GError) error = NULL;

  bak = g_strconcat (path, ".bak", NULL);
  g_assert_false (g_file_test (bak, G_FILE_TEST_EXISTS));

  g_assert_true (rdt_scenario_save_to_file (scenario, path, &error));
  g_assert_no_error (error);
  backup = slurp (bak);
  g_assert_true (g_bytes_equal (backup, original));

  /* Second save of the session: the .bak keeps the file as it was when the
   * session started. */
  g_assert_cmpint (unlink (bak), ==, 0);
  g_assert_true (rdt_scenario_save_to_file (scenario, path, &error));
  g_assert_no_error (error);
  g_assert_false (g_file_test (bak, G_FILE_TEST_EXISTS));
  assert_no_stray_files (s->dir, "example.redoubt", NULL);
}

static void
test_scenario_save_changed_on_disk (Scratch       *s,
                                    gconstpointer  data)
{
  g_autofree char *path = NULL;
  g_autoptr(RdtScenario) scenario = load_example_copy (s->dir, &path);
  g_autoptr(GBytes) theirs = NULL;
  g_autoptr(GBytes) after = NULL;
  g_autoptr(GError) error = NULL;

  /* Another program (an editor, a git checkout) rewrites the file. */
  {
    g_autoptr(GBytes) mine = slurp (path);
    g_autoptr(GString) edited = g_string_new_len (g_bytes_get_data (mine, NULL),
                                                  (gssize) g_bytes_get_size (mine));
    g_string_replace (edited, "A small complete example", "Edited elsewhere", 1);
    write_file (path, edited->str, (gssize) edited->len);
    theirs = slurp (path);
  }

  g_assert_false (rdt_scenario_save_to_file (scenario, path, &error));
  g_assert_error (error, RDT_FILE_ERROR, RDT_FILE_ERROR_CHANGED_ON_DISK);
  g_assert_nonnull (strstr (error->message, "example.redoubt"));
  after = slurp (path);
  g_assert_true (g_bytes_equal (after, theirs));
  assert_no_stray_files (s->dir, "example.redoubt", NULL);
}

/* Crash safety: SIGKILL during saves ------------------------------------- */

static void
test_save_killed (Scratch       *s,
                  gconstpointer  data)
{
  g_autofree char *helper = g_test_build_filename (G_TEST_BUILT, "save-loop", NULL);
  g_autofree char *path = g_build_filename (s->dir, "target.redoubt", NULL);
  g_autofree char *bak = g_build_filename (s->dir, "target.redoubt.bak", NULL);
  g_autoptr(GBytes) a = save_loop_content (0);
  g_autoptr(GBytes) b = save_loop_content (1);
  g_autoptr(GRand) rand = NULL;
  const char *seed_env = g_getenv ("REDOUBT_KILL_SEED");
  guint32 seed;
  guint n_kills = 200, seen_a = 0, seen_b = 0, seen_bak = 0, strays = 0;

  seed = seed_env != NULL ? (guint32) g_ascii_strtoull (seed_env, NULL, 10)
                          : (guint32) g_random_int ();
  g_test_message ("SIGKILL test: seed %u (rerun with REDOUBT_KILL_SEED=%u)", seed, seed);
  g_printerr ("# SIGKILL test: seed %u (rerun with REDOUBT_KILL_SEED=%u)\n", seed, seed);
  rand = g_rand_new_with_seed (seed);

  g_assert_true (g_file_test (helper, G_FILE_TEST_IS_EXECUTABLE));
  write_file (path, g_bytes_get_data (a, NULL), g_bytes_get_size (a));

  for (guint i = 0; i < n_kills; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GBytes) now = NULL;
      const char *argv[] = { helper, path, NULL };
      g_autofree char *stray = NULL;
      gulong delay_us, save_us, span_us;
      GPid pid;
      int out_fd, status;
      char ready[64];
      gssize got = 0;

      g_assert_true (g_spawn_async_with_pipes (NULL, (char **) argv, NULL,
                                               G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL,
                                               &pid, NULL, &out_fd, NULL, &error));
      g_assert_no_error (error);
      /* The helper says when its first save is done, and how long it took.
       * The kill comes 0-20 ms later, or within twice a save's duration when
       * the machine is so loaded that a save takes longer than 10 ms: either
       * way the kills fall all over the following save. */
      while (got < (gssize) sizeof ready - 1)
        {
          gssize n = read (out_fd, ready + got, 1);
          g_assert_cmpint (n, ==, 1);
          if (ready[got++] == '\n')
            break;
        }
      ready[got] = '\0';
      close (out_fd);
      g_assert_true (ready[0] == 'r');
      save_us = (gulong) g_ascii_strtoull (ready + 1, NULL, 10);
      span_us = MAX (20000, 2 * save_us);
      delay_us = (gulong) g_rand_int_range (rand, 0, (gint32) MIN (span_us, 2000000) + 1);
      g_usleep (delay_us);
      g_assert_cmpint (kill (pid, SIGKILL), ==, 0);
      g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
      g_spawn_close_pid (pid);
      if (!WIFSIGNALED (status) || WTERMSIG (status) != SIGKILL)
        g_error ("kill %u: the helper ended by itself (status %d): a save failed", i, status);

      now = slurp (path);
      if (g_bytes_equal (now, a))
        seen_a++;
      else if (g_bytes_equal (now, b))
        seen_b++;
      else
        g_error ("kill %u after %lu us (seed %u): the target is neither version "
                 "(%" G_GSIZE_FORMAT " bytes)", i, delay_us, seed, g_bytes_get_size (now));

      if (g_file_test (bak, G_FILE_TEST_EXISTS))
        {
          g_autoptr(GBytes) backup = slurp (bak);
          if (!g_bytes_equal (backup, a) && !g_bytes_equal (backup, b))
            g_error ("kill %u after %lu us (seed %u): the .bak is neither version",
                     i, delay_us, seed);
          seen_bak++;
        }

      /* A killed save leaves its temporary file behind (nothing can remove
       * it); count and clear them so they do not pile up. */
      stray = stray_files (s->dir, "target.redoubt", "target.redoubt.bak");
      if (*stray != '\0')
        {
          g_auto(GStrv) names = g_strsplit (g_strstrip (stray), " ", -1);
          for (char **n = names; *n != NULL; n++)
            {
              g_autofree char *p = g_build_filename (s->dir, *n, NULL);
              g_assert_true (g_str_has_prefix (*n, ".target.redoubt.")
                             || g_str_has_prefix (*n, "target.redoubt.bak."));
              unlink (p);
              strays++;
            }
        }
    }

  g_test_message ("SIGKILL test: %u kills, target was version A %u times, B %u times; "
                  ".bak present %u times; %u temporary files left by killed saves",
                  n_kills, seen_a, seen_b, seen_bak, strays);
  g_printerr ("# SIGKILL test: %u kills, A %u, B %u, .bak %u, stray temporaries %u\n",
              n_kills, seen_a, seen_b, seen_bak, strays);
  /* Both versions must have been seen, or the kills never hit a save. */
  g_assert_cmpuint (seen_a, >, 0);
  g_assert_cmpuint (seen_b, >, 0);
  g_assert_cmpuint (strays, >, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  /* A read that blocks (a FIFO, a device) must fail the test, not hang it. */
  alarm (300);

#define ADD(path, func) \
  g_test_add (path, Scratch, NULL, scratch_setup, func, scratch_teardown)

  ADD ("/file-io/read/regular", test_read_regular);
  ADD ("/file-io/read/stamp-hash-tells-changes", test_stamp_hash_changes);
  ADD ("/file-io/read/empty", test_read_empty);
  ADD ("/file-io/read/missing", test_read_missing);
  ADD ("/file-io/read/fifo-refused", test_read_fifo);
  g_test_add_func ("/file-io/read/devices-refused", test_read_devices);
  ADD ("/file-io/read/directory-refused", test_read_directory);
  ADD ("/file-io/read/symlink-to-fifo-refused", test_read_symlink_to_fifo);
  ADD ("/file-io/read/too-large", test_read_too_large);
  g_test_add_func ("/file-io/read/proc-size-zero-still-bounded", test_read_proc_lies_about_size);
  ADD ("/file-io/save/new-file", test_save_new_file);
  ADD ("/file-io/save/keeps-mode", test_save_keeps_mode);
  ADD ("/file-io/save/backup-on-first-save", test_save_backup);
  ADD ("/file-io/save/changed-on-disk-refused", test_save_changed_on_disk);
  ADD ("/file-io/save/created-meanwhile-refused", test_save_created_meanwhile);
  ADD ("/file-io/save/through-symlink", test_save_through_symlink);
  ADD ("/file-io/save/not-regular-refused", test_save_not_regular);
  ADD ("/file-io/save/missing-folder", test_save_missing_folder);
  g_test_add_func ("/file-io/save/full-disk", test_save_full_disk);
  g_test_add_func ("/file-io/save/read-only-folder", test_save_read_only_dir);
  ADD ("/file-io/scenario/backup-on-first-save-only", test_scenario_save_backup_once);
  ADD ("/file-io/scenario/changed-on-disk-refused", test_scenario_save_changed_on_disk);
  ADD ("/file-io/save/sigkill-200-times", test_save_killed);

  return g_test_run ();
}
