#undef G_DISABLE_ASSERT
#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>
#include <unistd.h>

#include "png-bomb.h"

/* redoubt-cli validate / info / format: exit codes, output lines, JSON shapes
 * (docs/cli.md, docs/json.md). */

static char *
example (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "format", name, NULL);
}

/* Runs redoubt-cli with @args (NULL-terminated) and returns the exit status. */
static int
run_cli (const char *const *args,
         char              **out,
         char              **err)
{
  const char *cli = g_getenv ("REDOUBT_CLI");
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  int status = -1;

  g_assert_nonnull (cli);
  g_ptr_array_add (argv, (gpointer) cli);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  g_autofree char *ignored_out = NULL;
  g_autofree char *ignored_err = NULL;

  /* Always capture: output reaching the test's own stdout would break TAP. */
  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                out ? out : &ignored_out, err ? err : &ignored_err, &status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status));
  return WEXITSTATUS (status);
}

static char *
write_temp (const char *text)
{
  g_autoptr(GError) error = NULL;
  char *path = NULL;
  int fd = g_file_open_tmp ("test-cli-XXXXXX.redoubt", &path, &error);

  g_assert_no_error (error);
  close (fd);
  g_assert_true (g_file_set_contents (path, text, -1, &error));
  return path;
}

static char *
broken_example (const char *from,
                const char *to)
{
  g_autofree char *path = example ("example.redoubt");
  g_autofree char *text = NULL;
  g_auto(GStrv) parts = NULL;
  g_autofree char *changed = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  parts = g_strsplit (text, from, 2);
  g_assert_nonnull (parts[1]);
  changed = g_strjoin (to, parts[0], parts[1], NULL);
  return write_temp (changed);
}

static void
test_validate_valid (void)
{
  g_autofree char *path = example ("example.redoubt");
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  const char *args[] = { "validate", path, NULL };
  g_autofree char *prefix = g_strconcat (path, ":", NULL);
  g_auto(GStrv) lines = NULL;

  g_assert_cmpint (run_cli (args, &out, &err), ==, 0);
  /* One "file:line: warning: message" line per finding. */
  lines = g_strsplit (out, "\n", -1);
  g_assert_nonnull (lines[0]);
  for (guint i = 0; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      g_assert_true (g_str_has_prefix (lines[i], prefix));
      g_assert_nonnull (strstr (lines[i], ": warning: "));
    }
}

static void
test_validate_strict (void)
{
  g_autofree char *path = example ("example.redoubt");
  const char *args[] = { "validate", "--strict", path, NULL };

  /* The example has provisional values: warnings fail under --strict. */
  g_assert_cmpint (run_cli (args, NULL, NULL), ==, 1);
}

static void
test_validate_invalid (void)
{
  g_autofree char *bad = broken_example ("<hexside at=\"0401|0402\"", "<hexside at=\"0401|0403\"");
  g_autofree char *good = example ("example.redoubt");
  g_autofree char *out = NULL;
  g_autofree char *expected = g_strdup_printf ("%s:41: error: <hexside>: hexes of hexside", bad);
  const char *args[] = { "validate", good, bad, NULL };

  g_assert_cmpint (run_cli (args, &out, NULL), ==, 1);
  g_assert_nonnull (strstr (out, expected));
  g_remove (bad);
}

static void
test_validate_refused (void)
{
  g_autofree char *bad = broken_example ("format-version=\"1\" id=\"example\"", "format-version=\"7\" id=\"example\"");
  g_autofree char *out = NULL;
  g_autofree char *expected = g_strdup_printf ("%s:2: error: <scenario>: format-version 7 is newer", bad);
  const char *args[] = { "validate", bad, NULL };

  g_assert_cmpint (run_cli (args, &out, NULL), ==, 1);
  g_assert_nonnull (strstr (out, expected));
  g_remove (bad);
}

/* Issue 11 §2: refused file references are errors naming file:line, and
 * validate never reads /dev/zero or decodes a bomb (docs/format.md, "File
 * references").  The scenario sits in a folder of its own. */
static void
test_validate_file_refs (void)
{
  g_autofree char *example_path = example ("example.redoubt");
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("test-cli-refs-XXXXXX", &error);
  struct {
    const char *underlay;
    const char *volume;   /* replaces the inline volume when set */
    int line;
    const char *element;
    const char *why;
  } cases[] = {
    { "/dev/zero", NULL, 36, "underlay", "href=\"/dev/zero\": refused: an absolute path" },
    { "zero.png", NULL, 36, "underlay", "href=\"zero.png\": refused: the path leaves the folder" },
    { "../../../../../../etc/passwd", NULL, 36, "underlay", "leaves the folder" },
    { "bomb.png", NULL, 36, "underlay", "href=\"bomb.png\": refused: the image is 30000 × 30000 pixels" },
    { "wide.png", NULL, 36, "underlay", "refused: the image is 40000 × 2 pixels" },
    { "fifo.png", NULL, 36, "underlay", "not a regular file" },
    { "example-map.png", "/etc/passwd", 5, "volume-ref", "href=\"/etc/passwd\": refused: an absolute path" },
    { "example-map.png", "../../../../../../etc/passwd", 5, "volume-ref", "leaves the folder" },
  };
  g_autofree char *bomb = NULL;
  g_autofree char *wide = NULL;
  g_autofree char *zero = NULL;
  g_autofree char *fifo = NULL;

  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (example_path, &text, NULL, NULL));
  bomb = g_build_filename (dir, "bomb.png", NULL);
  write_png_gray (bomb, 30000, 30000, FALSE);
  wide = g_build_filename (dir, "wide.png", NULL);
  write_png_gray (wide, 40000, 2, TRUE);
  zero = g_build_filename (dir, "zero.png", NULL);
  g_assert_cmpint (symlink ("/dev/zero", zero), ==, 0);
  fifo = g_build_filename (dir, "fifo.png", NULL);
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GString) s = g_string_new (text);
      g_autofree char *path = g_build_filename (dir, "refs.redoubt", NULL);
      g_autofree char *underlay = g_strdup_printf ("<underlay href=\"%s\"", cases[i].underlay);
      g_autofree char *out = NULL;
      g_autofree char *expected = g_strdup_printf ("%s:%d: error: <%s>: ", path, cases[i].line,
                                                   cases[i].element);
      const char *args[] = { "validate", path, NULL };
      const char *hit;

      g_assert_cmpuint (g_string_replace (s, "<underlay href=\"example-map.png\"", underlay, 1), ==, 1);
      if (cases[i].volume != NULL)
        {
          const char *start = strstr (s->str, "  <volume id=\"example\">");
          const char *end = strstr (s->str, "  </volume>\n");
          g_autofree char *ref = g_strdup_printf ("  <volume-ref href=\"%s\"/>\n", cases[i].volume);

          g_assert_nonnull (start);
          g_assert_nonnull (end);
          g_string_erase (s, start - s->str, end + strlen ("  </volume>\n") - start);
          g_string_insert (s, start - s->str, ref);
        }
      g_assert_true (g_file_set_contents (path, s->str, -1, NULL));
      g_assert_cmpint (run_cli (args, &out, NULL), ==, 1);
      hit = strstr (out, expected);
      if (hit == NULL || strstr (hit, cases[i].why) == NULL)
        g_error ("case %u: expected “%s…%s” in:\n%s", i, expected, cases[i].why, out);
      g_remove (path);
    }
  g_remove (bomb);
  g_remove (wide);
  g_remove (zero);
  g_remove (fifo);
  g_rmdir (dir);
}

static void
test_validate_usage (void)
{
  const char *none[] = { "validate", NULL };
  const char *bad_option[] = { "validate", "--no-such-option", "x", NULL };

  g_assert_cmpint (run_cli (none, NULL, NULL), ==, 2);
  g_assert_cmpint (run_cli (bad_option, NULL, NULL), ==, 2);
}

static void
test_validate_missing_file (void)
{
  const char *args[] = { "validate", "/nonexistent/file.redoubt", NULL };

  g_assert_cmpint (run_cli (args, NULL, NULL), ==, 1);
}

static void
test_validate_json (void)
{
  g_autofree char *path = example ("example.redoubt");
  g_autofree char *bad = broken_example ("<objective at=\"0303\"", "<objective at=\"0309\"");
  g_autofree char *out = NULL;
  const char *args[] = { "validate", "--json", path, bad, NULL };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonObject *root, *file;
  JsonArray *files, *diags;
  gboolean found = FALSE;

  g_assert_cmpint (run_cli (args, &out, NULL), ==, 1);
  g_assert_true (json_parser_load_from_data (parser, out, -1, &error));
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_false (json_object_get_boolean_member (root, "valid"));
  g_assert_false (json_object_get_boolean_member (root, "strict"));
  files = json_object_get_array_member (root, "files");
  g_assert_cmpuint (json_array_get_length (files), ==, 2);
  file = json_array_get_object_element (files, 0);
  g_assert_true (json_object_get_boolean_member (file, "valid"));
  g_assert_cmpint (json_object_get_int_member (file, "errors"), ==, 0);
  g_assert_cmpint (json_object_get_int_member (file, "warnings"), >, 0);
  file = json_array_get_object_element (files, 1);
  g_assert_false (json_object_get_boolean_member (file, "valid"));
  g_assert_cmpint (json_object_get_int_member (file, "errors"), ==, 1);
  diags = json_object_get_array_member (file, "diagnostics");
  for (guint i = 0; i < json_array_get_length (diags); i++)
    {
      JsonObject *d = json_array_get_object_element (diags, i);
      if (g_str_equal (json_object_get_string_member (d, "severity"), "error"))
        {
          g_assert_cmpint (json_object_get_int_member (d, "line"), ==, 76);
          g_assert_cmpstr (json_object_get_string_member (d, "element"), ==, "objective");
          g_assert_nonnull (strstr (json_object_get_string_member (d, "message"), "0309"));
          g_assert_nonnull (json_object_get_string_member (d, "hint"));
          found = TRUE;
        }
    }
  g_assert_true (found);
  g_remove (bad);
}

static void
test_info (void)
{
  g_autofree char *path = example ("example.redoubt");
  g_autofree char *out = NULL;
  const char *args[] = { "info", "--json", path, NULL };
  const char *text_args[] = { "info", path, NULL };
  const char *usage[] = { "info", NULL };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonObject *root, *terrain, *grid;
  JsonArray *sides;

  g_assert_cmpint (run_cli (args, &out, NULL), ==, 0);
  g_assert_true (json_parser_load_from_data (parser, out, -1, &error));
  root = json_node_get_object (json_parser_get_root (parser));
  grid = json_object_get_object_member (root, "grid");
  g_assert_cmpint (json_object_get_int_member (grid, "hexes"), ==, 30);
  terrain = json_object_get_object_member (root, "terrain");
  g_assert_cmpint (json_object_get_int_member (terrain, "clear"), ==, 28);
  g_assert_cmpint (json_object_get_int_member (terrain, "heavy-woods"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (root, "hexsides"), "creek"), ==, 1);
  sides = json_object_get_array_member (root, "sides");
  g_assert_cmpuint (json_array_get_length (sides), ==, 2);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (sides, 1), "units"), ==, 3);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (sides, 0), "leaders"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (root, "provisional"), "volume-values"), >, 0);
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (run_cli (text_args, &out, NULL), ==, 0);
  g_assert_nonnull (strstr (out, "grid: 6×5"));
  g_assert_cmpint (run_cli (usage, NULL, NULL), ==, 2);
}

static void
test_format (void)
{
  g_autofree char *path = example ("example.redoubt");
  g_autofree char *canonical = NULL;
  g_autofree char *messy = NULL;
  g_autofree char *tmp = NULL;
  g_autofree char *after = NULL;
  const char *check_good[] = { "format", "--check", path, NULL };
  const char *check_tmp[] = { "format", "--check", NULL, NULL };
  const char *format_tmp[] = { "format", NULL, NULL };
  g_auto(GStrv) parts = NULL;

  g_assert_cmpint (run_cli (check_good, NULL, NULL), ==, 0);
  g_assert_true (g_file_get_contents (path, &canonical, NULL, NULL));
  /* Non-canonical: attributes re-spaced and a terrain written the long way. */
  parts = g_strsplit (canonical, "<hex at=\"0202\" terrain=\"heavy-woods\"/>", 2);
  messy = g_strjoin ("<hex   terrain='heavy-woods'\n at='0202' ></hex>\n    <hex at=\"0101\" terrain=\"clear\"/>", parts[0], parts[1], NULL);
  tmp = write_temp (messy);
  check_tmp[2] = tmp;
  format_tmp[1] = tmp;
  g_assert_cmpint (run_cli (check_tmp, NULL, NULL), ==, 1);
  g_assert_cmpint (run_cli (format_tmp, NULL, NULL), ==, 0);
  g_assert_true (g_file_get_contents (tmp, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, canonical);
  g_assert_cmpint (run_cli (check_tmp, NULL, NULL), ==, 0);
  g_remove (tmp);
}

static void
test_format_refuses_lossy (void)
{
  g_autofree char *bad = broken_example ("terrain=\"heavy-woods\"/>", "terrain=\"swamp\"/>");
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  const char *args[] = { "format", bad, NULL };

  g_assert_true (g_file_get_contents (bad, &before, NULL, NULL));
  g_assert_cmpint (run_cli (args, NULL, NULL), ==, 1);
  g_assert_true (g_file_get_contents (bad, &after, NULL, NULL));
  g_assert_cmpstr (before, ==, after);
  g_remove (bad);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/validate/valid", test_validate_valid);
  g_test_add_func ("/cli/validate/strict", test_validate_strict);
  g_test_add_func ("/cli/validate/invalid", test_validate_invalid);
  g_test_add_func ("/cli/validate/newer-version", test_validate_refused);
  g_test_add_func ("/cli/validate/file-refs-refused", test_validate_file_refs);
  g_test_add_func ("/cli/validate/usage", test_validate_usage);
  g_test_add_func ("/cli/validate/missing-file", test_validate_missing_file);
  g_test_add_func ("/cli/validate/json", test_validate_json);
  g_test_add_func ("/cli/info", test_info);
  g_test_add_func ("/cli/format/rewrite-and-check", test_format);
  g_test_add_func ("/cli/format/refuses-lossy", test_format_refuses_lossy);

  return g_test_run ();
}
