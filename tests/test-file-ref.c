/* test-file-ref.c: file references stay inside the referring file's folder
 * (issue 11 §2; src/core/format/rdt-file-ref.h, docs/format.md "File
 * references"), and images are capped before decoding. */
#include <errno.h>
#include <fcntl.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "redoubt-core.h"
#include "png-bomb.h"

typedef struct {
  char *top;        /* tmp/ */
  char *folder;     /* tmp/scenario/: the referring file's folder */
  char *scenario;   /* tmp/scenario/s.redoubt */
} Tree;

static char *
tree_path (Tree       *t,
           const char *name)
{
  return g_build_filename (t->folder, name, NULL);
}

static void
put (const char *path,
     const char *text)
{
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
}

static void
link_to (Tree       *t,
         const char *target,
         const char *name)
{
  g_autofree char *path = tree_path (t, name);

  g_assert_cmpint (symlink (target, path), ==, 0);
}

static void
tree_setup (Tree          *t,
            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *sub = NULL;
  g_autofree char *p = NULL;

  t->top = g_dir_make_tmp ("rdt-file-ref-XXXXXX", &error);
  g_assert_no_error (error);
  t->folder = g_build_filename (t->top, "scenario", NULL);
  g_assert_cmpint (g_mkdir (t->folder, 0700), ==, 0);
  t->scenario = tree_path (t, "s.redoubt");
  put (t->scenario, "<scenario/>");

  /* Outside the folder: one file that exists (the secret), none at
   * "../missing". */
  p = g_build_filename (t->top, "secret.txt", NULL);
  put (p, "secret");

  /* Inside. */
  g_clear_pointer (&p, g_free);
  p = tree_path (t, "map.txt");
  put (p, "inside");
  sub = tree_path (t, "sub");
  g_assert_cmpint (g_mkdir (sub, 0700), ==, 0);
  g_clear_pointer (&p, g_free);
  p = g_build_filename (sub, "inner.txt", NULL);
  put (p, "inner");
  g_clear_pointer (&p, g_free);
  p = tree_path (t, "fifo");
  g_assert_cmpint (mkfifo (p, 0600), ==, 0);

  link_to (t, "sub/inner.txt", "link-inside");
  link_to (t, "sub", "link-dir");
  link_to (t, "sub/../map.txt", "link-inside-dotdot");
  link_to (t, "../secret.txt", "link-out-existing");
  link_to (t, "../missing.txt", "link-out-missing");
  link_to (t, "/etc/passwd", "link-abs-existing");
  link_to (t, "/etc/no-such-file-redoubt", "link-abs-missing");
  link_to (t, "/dev/zero", "zero.png");
  link_to (t, "loop", "loop");
  link_to (t, "..", "link-parent");
}

static void
remove_tree (const char *path)
{
  GDir *dir = g_dir_open (path, 0, NULL);
  const char *name;

  if (dir != NULL)
    {
      while ((name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);

          if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
            remove_tree (child);
          else
            g_unlink (child);
        }
      g_dir_close (dir);
    }
  g_rmdir (path);
}

static void
tree_teardown (Tree          *t,
               gconstpointer  data)
{
  remove_tree (t->top);
  g_free (t->top);
  g_free (t->folder);
  g_free (t->scenario);
}

/* Opens @value as an <underlay href> of t->scenario. */
static int
open_ref (Tree        *t,
          const char  *value,
          GError     **error)
{
  RdtFileRef ref = { 0 };

  ref.file = t->scenario;
  ref.line = 7;
  ref.element = "underlay";
  ref.attribute = "href";
  ref.value = value;
  return rdt_file_ref_open (&ref, 1024 * 1024, NULL, error);
}

static char *
read_ref (Tree        *t,
          const char  *value,
          GError     **error)
{
  RdtFileRef ref = { 0 };
  g_autoptr(GBytes) bytes = NULL;

  ref.file = t->scenario;
  ref.line = 7;
  ref.element = "underlay";
  ref.attribute = "href";
  ref.value = value;
  bytes = rdt_file_ref_read (&ref, 1024 * 1024, error);
  return bytes != NULL ? g_strdup (g_bytes_get_data (bytes, NULL)) : NULL;
}

/* The refusal, with the reference named in full. */
static void
assert_refused (Tree            *t,
                const char      *value,
                RdtFileRefError  code,
                const char      *why)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *prefix = NULL;
  g_autofree char *escaped = g_strescape (value, NULL);
  int fd = open_ref (t, value, &error);

  if (fd >= 0)
    close (fd);
  g_assert_cmpint (fd, ==, -1);
  g_assert_error (error, RDT_FILE_REF_ERROR, (int) code);
  /* file, line, element, attribute and value */
  prefix = g_strdup_printf ("%s:7: <underlay href=\"%s\">: ", t->scenario, escaped);
  g_assert_true (g_str_has_prefix (error->message, prefix));
  g_assert_nonnull (strstr (error->message, why));
}

static void
test_inside_allowed (Tree          *t,
                     gconstpointer  data)
{
  const char *cases[][2] = {
    { "map.txt", "inside" },
    { "./map.txt", "inside" },
    { "sub/inner.txt", "inner" },
    { "sub/../map.txt", "inside" },
    { "sub//inner.txt", "inner" },
    /* Symbolic links whose target stays inside are followed. */
    { "link-inside", "inner" },
    { "link-dir/inner.txt", "inner" },
    { "link-inside-dotdot", "inside" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *text = read_ref (t, cases[i][0], &error);

      g_assert_no_error (error);
      g_assert_cmpstr (text, ==, cases[i][1]);
    }
}

static void
test_not_relative (Tree          *t,
                   gconstpointer  data)
{
  assert_refused (t, "/etc/passwd", RDT_FILE_REF_ERROR_NOT_RELATIVE, "absolute path");
  assert_refused (t, "/dev/zero", RDT_FILE_REF_ERROR_NOT_RELATIVE, "absolute path");
  assert_refused (t, "", RDT_FILE_REF_ERROR_NOT_RELATIVE, "empty");
  assert_refused (t, "C:/Windows/win.ini", RDT_FILE_REF_ERROR_NOT_RELATIVE, "drive letter");
  assert_refused (t, "c:map.txt", RDT_FILE_REF_ERROR_NOT_RELATIVE, "drive letter");
  assert_refused (t, "file:///etc/passwd", RDT_FILE_REF_ERROR_NOT_RELATIVE, "URL");
  assert_refused (t, "..\\secret.txt", RDT_FILE_REF_ERROR_NOT_RELATIVE, "backslash");
  assert_refused (t, "sub\\..\\..\\secret.txt", RDT_FILE_REF_ERROR_NOT_RELATIVE, "backslash");
  assert_refused (t, "\\\\server\\share\\x.png", RDT_FILE_REF_ERROR_NOT_RELATIVE, "backslash");
  assert_refused (t, "map\n.txt", RDT_FILE_REF_ERROR_NOT_RELATIVE, "control character");
}

static void
test_dotdot_escape (Tree          *t,
                    gconstpointer  data)
{
  assert_refused (t, "../secret.txt", RDT_FILE_REF_ERROR_OUTSIDE, "leaves the folder");
  assert_refused (t, "../../../../../../../etc/passwd", RDT_FILE_REF_ERROR_OUTSIDE, "leaves the folder");
  assert_refused (t, "sub/../../secret.txt", RDT_FILE_REF_ERROR_OUTSIDE, "leaves the folder");
  /* Even through names that do not exist: judged before any lookup. */
  assert_refused (t, "nothing/../../secret.txt", RDT_FILE_REF_ERROR_OUTSIDE, "leaves the folder");
  assert_refused (t, "..", RDT_FILE_REF_ERROR_OUTSIDE, "leaves the folder");
  /* A folder's ".." that leads back out. */
  assert_refused (t, "link-parent/secret.txt", RDT_FILE_REF_ERROR_OUTSIDE, "leaves the folder");
  assert_refused (t, "link-parent/scenario/map.txt", RDT_FILE_REF_ERROR_OUTSIDE, "leaves the folder");
}

static void
test_symlink_out (Tree          *t,
                  gconstpointer  data)
{
  assert_refused (t, "link-out-existing", RDT_FILE_REF_ERROR_OUTSIDE, "leaves the folder");
  assert_refused (t, "link-abs-existing", RDT_FILE_REF_ERROR_OUTSIDE, "leaves the folder");
  assert_refused (t, "zero.png", RDT_FILE_REF_ERROR_OUTSIDE, "leaves the folder");
  assert_refused (t, "link-dir/../link-out-existing", RDT_FILE_REF_ERROR_OUTSIDE, "leaves the folder");
  assert_refused (t, "loop", RDT_FILE_REF_ERROR_NOT_REGULAR, "too many symbolic links");
}

/* Whether a file exists outside the folder never shows in the answer: the
 * messages are the same but for the value quoted. */
static void
test_same_message_whether_or_not_target_exists (Tree          *t,
                                                gconstpointer  data)
{
  const char *pairs[][2] = {
    { "link-out-existing", "link-out-missing" },
    { "link-abs-existing", "link-abs-missing" },
    { "../secret.txt", "../missing.txt" },
    { "/etc/passwd", "/etc/no-such-file-redoubt" },
    { "sub/../../secret.txt", "sub/../../missing.txt" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
    {
      g_autoptr(GError) e1 = NULL;
      g_autoptr(GError) e2 = NULL;
      const char *why1, *why2;

      g_assert_cmpint (open_ref (t, pairs[i][0], &e1), ==, -1);
      g_assert_cmpint (open_ref (t, pairs[i][1], &e2), ==, -1);
      g_assert_nonnull (e1);
      g_assert_nonnull (e2);
      g_assert_cmpint (e1->code, ==, e2->code);
      why1 = strstr (e1->message, "\">: ");
      why2 = strstr (e2->message, "\">: ");
      g_assert_nonnull (why1);
      g_assert_nonnull (why2);
      g_assert_cmpstr (why1, ==, why2);
    }
}

static void
test_not_regular (Tree          *t,
                  gconstpointer  data)
{
  gint64 start = g_get_monotonic_time ();

  /* A FIFO with no writer: refused at once, never blocks. */
  assert_refused (t, "fifo", RDT_FILE_REF_ERROR_NOT_REGULAR, "not a regular file");
  g_assert_cmpint (g_get_monotonic_time () - start, <, 5 * G_USEC_PER_SEC);
  assert_refused (t, "sub", RDT_FILE_REF_ERROR_NOT_REGULAR, "not a regular file");
  assert_refused (t, "link-dir", RDT_FILE_REF_ERROR_NOT_REGULAR, "not a regular file");
  assert_refused (t, ".", RDT_FILE_REF_ERROR_NOT_REGULAR, "not a regular file");
  assert_refused (t, "sub/..", RDT_FILE_REF_ERROR_NOT_REGULAR, "not a regular file");
  assert_refused (t, "map.txt/x", RDT_FILE_REF_ERROR_NOT_FOUND, "no such file in the folder");
  assert_refused (t, "missing.png", RDT_FILE_REF_ERROR_NOT_FOUND, "no such file in the folder");
}

static void
test_size_cap (Tree          *t,
               gconstpointer  data)
{
  g_autofree char *big = tree_path (t, "big.png");
  g_autoptr(GError) error = NULL;
  RdtFileRef ref = { 0 };
  guint64 size = 0;
  int fd;

  /* A sparse file just above the image cap: refused from its size, unread. */
  fd = open (big, O_CREAT | O_WRONLY, 0600);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, (off_t) RDT_FILE_REF_IMAGE_MAX_BYTES + 1), ==, 0);
  close (fd);
  ref.file = t->scenario;
  ref.value = "big.png";
  g_assert_false (rdt_file_ref_check_image (&ref, &error));
  g_assert_error (error, RDT_FILE_REF_ERROR, RDT_FILE_REF_ERROR_TOO_LARGE);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "larger than 256"));
  g_clear_error (&error);

  /* rdt_file_ref_read never reads past its bound. */
  fd = rdt_file_ref_open (&ref, 0, &size, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (size, ==, RDT_FILE_REF_IMAGE_MAX_BYTES + 1);
  close (fd);
  ref.value = "map.txt";
  g_assert_null (rdt_file_ref_read (&ref, 3, &error));
  g_assert_error (error, RDT_FILE_REF_ERROR, RDT_FILE_REF_ERROR_TOO_LARGE);
}

static void
test_no_folder (void)
{
  g_autoptr(GError) error = NULL;
  RdtFileRef ref = { 0 };

  ref.value = "map.png";
  g_assert_cmpint (rdt_file_ref_open (&ref, 0, NULL, &error), ==, -1);
  g_assert_error (error, RDT_FILE_REF_ERROR, RDT_FILE_REF_ERROR_NO_FOLDER);
}

static void
check_image (Tree            *t,
             const char      *name,
             gboolean         ok,
             RdtFileRefError  code,
             const char      *why)
{
  g_autoptr(GError) error = NULL;
  RdtFileRef ref = { 0 };

  ref.file = t->scenario;
  ref.line = 3;
  ref.element = "underlay";
  ref.attribute = "href";
  ref.value = name;
  g_assert_cmpint (rdt_file_ref_check_image (&ref, &error), ==, ok);
  if (ok)
    {
      g_assert_no_error (error);
      return;
    }
  g_assert_error (error, RDT_FILE_REF_ERROR, (int) code);
  g_assert_nonnull (strstr (error->message, why));
}

/* The pixel caps are read from the header, before any decoding. */
static void
test_image_caps (Tree          *t,
                 gconstpointer  data)
{
  g_autofree char *small = tree_path (t, "small.png");
  g_autofree char *bomb = tree_path (t, "bomb.png");
  g_autofree char *wide = tree_path (t, "wide.png");
  g_autofree char *big_square = tree_path (t, "big-square.png");
  g_autofree char *largest = tree_path (t, "largest.png");
  g_autofree char *jpeg = tree_path (t, "bomb.jpg");
  struct stat st;
  /* A JPEG header: SOI, an APP0, SOF0 of 60000 x 50000 (precision 8). */
  static const guint8 jpeg_bytes[] = {
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 'J', 'F', 'I', 'F', 0, 1, 1, 0, 0, 1, 0, 1, 0, 0,
    0xff, 0xc0, 0x00, 0x0b, 0x08, 0xc3, 0x50, 0xea, 0x60, 0x01, 0x01, 0x11, 0x00,
    0xff, 0xd9,
  };

  write_png_gray (small, 64, 48, TRUE);
  check_image (t, "small.png", TRUE, 0, NULL);
  /* A decompression bomb: 30000 x 30000 (900 Mpx) in under 1 MB. */
  write_png_gray (bomb, 30000, 30000, TRUE);
  g_assert_cmpint (g_stat (bomb, &st), ==, 0);
  g_assert_cmpint (st.st_size, <, 2 * 1024 * 1024);
  check_image (t, "bomb.png", FALSE, RDT_FILE_REF_ERROR_TOO_LARGE, "30000 × 30000 pixels");
  /* 40,000 pixels wide: more than cairo can draw, however few pixels. */
  write_png_gray (wide, 40000, 2, TRUE);
  check_image (t, "wide.png", FALSE, RDT_FILE_REF_ERROR_TOO_LARGE, "at most 32767 pixels on a side");
  /* Under the side cap, over the pixel cap. */
  write_png_gray (big_square, 13000, 13000, FALSE);
  check_image (t, "big-square.png", FALSE, RDT_FILE_REF_ERROR_TOO_LARGE, "150 million pixels");
  /* The largest accepted: 10000 x 15000 = 150 Mpx. */
  write_png_gray (largest, 10000, 15000, FALSE);
  check_image (t, "largest.png", TRUE, 0, NULL);
  g_assert_true (g_file_set_contents (jpeg, (const char *) jpeg_bytes, sizeof jpeg_bytes, NULL));
  check_image (t, "bomb.jpg", FALSE, RDT_FILE_REF_ERROR_TOO_LARGE, "60000 × 50000 pixels");
  check_image (t, "map.txt", FALSE, RDT_FILE_REF_ERROR_NOT_IMAGE, "not a PNG or JPEG");
  check_image (t, "zero.png", FALSE, RDT_FILE_REF_ERROR_OUTSIDE, "leaves the folder");
}

/* The volume of <volume-ref href> and the loader's diagnostics. */
static void
test_loader_volume_href (Tree          *t,
                         gconstpointer  data)
{
  g_autofree char *source_root = g_strdup (g_getenv ("REDOUBT_SOURCE_ROOT"));
  g_autofree char *example = NULL;
  g_autofree char *text = NULL;
  const char *cases[][2] = {
    { "/etc/passwd", "absolute path" },
    { "../secret.txt", "leaves the folder" },
    { "link-out-existing", "leaves the folder" },
    { "link-out-missing", "leaves the folder" },
    { "fifo", "not a regular file" },
    { "sub", "not a regular file" },
  };

  g_assert_nonnull (source_root);
  example = g_build_filename (source_root, "tests", "data", "format", "volume-href.redoubt", NULL);
  g_assert_true (g_file_get_contents (example, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "href=\"example-volume.xml\""));
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GString) s = g_string_new (text);
      g_autofree char *path = tree_path (t, "v.redoubt");
      g_autofree char *href = g_strdup_printf ("href=\"%s\"", cases[i][0]);
      g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
      g_autoptr(GError) error = NULL;
      g_autoptr(RdtScenario) scenario = NULL;
      gboolean found = FALSE;

      g_string_replace (s, "href=\"example-volume.xml\"", href, 1);
      put (path, s->str);
      scenario = rdt_scenario_load_from_file (path, diagnostics, &error);
      g_assert_null (scenario);
      g_assert_error (error, RDT_FORMAT_ERROR, RDT_FORMAT_ERROR_VOLUME);
      for (guint d = 0; d < diagnostics->len; d++)
        {
          RdtDiagnostic *diag = g_ptr_array_index (diagnostics, d);

          if (diag->severity == RDT_SEVERITY_ERROR && g_strcmp0 (diag->element, "volume-ref") == 0
              && diag->line > 0 && strstr (diag->message, href) != NULL
              && strstr (diag->message, cases[i][1]) != NULL)
            found = TRUE;
        }
      g_assert_true (found);
      g_assert_null (strstr (error->message, "no such file"));
    }
}

/* <volume-ref ref="ID"> reads DATADIR/volumes/ID.xml under the same rules,
 * with DATADIR/volumes as the folder. */
static void
test_loader_volume_by_id (Tree          *t,
                          gconstpointer  data)
{
  const char *root = g_getenv ("REDOUBT_SOURCE_ROOT");
  g_autofree char *example = NULL;
  g_autofree char *volume_text = NULL;
  g_autofree char *text = NULL;
  g_autofree char *datadir = g_build_filename (t->top, "data", NULL);
  g_autofree char *volumes = g_build_filename (datadir, "volumes", NULL);
  g_autofree char *good = g_build_filename (volumes, "good.xml", NULL);
  g_autofree char *evil = g_build_filename (volumes, "evil.xml", NULL);
  g_autofree char *evil2 = g_build_filename (volumes, "evil2.xml", NULL);
  g_autofree char *fifo = g_build_filename (volumes, "fifo.xml", NULL);
  g_autofree char *old_datadir = g_strdup (g_getenv ("REDOUBT_DATADIR"));
  const char *cases[][2] = {
    { "good", NULL },
    { "evil", "leaves the folder" },
    { "evil2", "leaves the folder" },
    { "fifo", "not a regular file" },
  };

  g_assert_nonnull (root);
  example = g_build_filename (root, "tests", "data", "format", "example-volume.xml", NULL);
  g_assert_true (g_file_get_contents (example, &volume_text, NULL, NULL));
  g_clear_pointer (&example, g_free);
  example = g_build_filename (root, "tests", "data", "format", "volume-href.redoubt", NULL);
  g_assert_true (g_file_get_contents (example, &text, NULL, NULL));
  g_assert_cmpint (g_mkdir_with_parents (volumes, 0700), ==, 0);
  put (good, volume_text);
  g_assert_cmpint (symlink ("/etc/passwd", evil), ==, 0);
  g_assert_cmpint (symlink ("../../secret.txt", evil2), ==, 0);
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_setenv ("REDOUBT_DATADIR", datadir, TRUE);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GString) s = g_string_new (text);
      g_autofree char *path = tree_path (t, "v.redoubt");
      g_autofree char *ref = g_strdup_printf ("ref=\"%s\"", cases[i][0]);
      g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
      g_autoptr(GError) error = NULL;
      g_autoptr(RdtScenario) scenario = NULL;
      gboolean found = FALSE;

      g_string_replace (s, "href=\"example-volume.xml\"", ref, 1);
      put (path, s->str);
      scenario = rdt_scenario_load_from_file (path, diagnostics, &error);
      if (cases[i][1] == NULL)
        {
          g_assert_no_error (error);
          g_assert_nonnull (scenario);
          continue;
        }
      g_assert_null (scenario);
      g_assert_error (error, RDT_FORMAT_ERROR, RDT_FORMAT_ERROR_VOLUME);
      for (guint d = 0; d < diagnostics->len; d++)
        {
          RdtDiagnostic *diag = g_ptr_array_index (diagnostics, d);

          if (diag->severity == RDT_SEVERITY_ERROR && g_strcmp0 (diag->element, "volume-ref") == 0
              && diag->line == 5 && strstr (diag->message, cases[i][1]) != NULL)
            found = TRUE;
        }
      g_assert_true (found);
    }
  if (old_datadir != NULL)
    g_setenv ("REDOUBT_DATADIR", old_datadir, TRUE);
  else
    g_unsetenv ("REDOUBT_DATADIR");
  g_unlink (good);
  g_unlink (evil);
  g_unlink (evil2);
  g_unlink (fifo);
  g_rmdir (volumes);
  g_rmdir (datadir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(name, func) g_test_add ("/file-ref/" name, Tree, NULL, tree_setup, func, tree_teardown)
  ADD ("inside-folder-and-symlink-inside-allowed", test_inside_allowed);
  ADD ("absolute-drive-url-backslash-refused", test_not_relative);
  ADD ("dotdot-escape-refused", test_dotdot_escape);
  ADD ("symlink-out-of-folder-refused", test_symlink_out);
  ADD ("same-message-whether-or-not-target-exists", test_same_message_whether_or_not_target_exists);
  ADD ("fifo-directory-refused", test_not_regular);
  ADD ("byte-cap", test_size_cap);
  ADD ("image-pixel-caps-bomb-and-wide", test_image_caps);
  ADD ("loader-volume-href-refused", test_loader_volume_href);
  ADD ("loader-volume-by-id-installed-folder", test_loader_volume_by_id);
#undef ADD
  g_test_add_func ("/file-ref/no-folder", test_no_folder);
  return g_test_run ();
}
