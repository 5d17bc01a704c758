/* replay.c: runs the loader fuzz entry point (fuzz-loader.c) over every file of
 * the seed corpus, tests/fuzz/corpus/, and over any crash reproducers kept
 * there, as part of the normal test suite.  Built without sanitizers; a
 * sanitizer build (tools/redoubt-dev or -Db_sanitize) catches more.
 *
 * Usage: fuzz-replay [--tap] [FILE-OR-DIR...]  (default: the seed corpus) */
#undef G_DISABLE_ASSERT
#include "config.h"

#include <glib.h>
#include <unistd.h>

#include "fuzz-loader.h"

static void
replay_one (gconstpointer data)
{
  const char *path = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *content = NULL;
  gsize len = 0;

  g_file_get_contents (path, &content, &len, &error);
  g_assert_no_error (error);
  /* A hang is a failure too. */
  alarm (60);
  g_assert_cmpint (LLVMFuzzerTestOneInput ((const guint8 *) content, len), ==, 0);
  alarm (0);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(char * const *) a, *(char * const *) b);
}

static void
add_path (const char *path)
{
  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
      g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
      const char *name;

      while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
        if (name[0] != '.')
          g_ptr_array_add (names, g_strdup (name));
      g_ptr_array_sort (names, compare_names);
      for (guint i = 0; i < names->len; i++)
        {
          g_autofree char *child = g_build_filename (path, g_ptr_array_index (names, i), NULL);
          add_path (child);
        }
      return;
    }

  {
    g_autofree char *base = g_path_get_basename (path);
    g_autofree char *test_path = g_strdup_printf ("/fuzz/replay/%s", base);

    g_test_add_data_func_full (test_path, g_strdup (path), replay_one, g_free);
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  if (argc > 1)
    for (int i = 1; i < argc; i++)
      add_path (argv[i]);
  else
    {
      g_autofree char *corpus = g_test_build_filename (G_TEST_DIST, "fuzz", "corpus", NULL);
      g_assert_true (g_file_test (corpus, G_FILE_TEST_IS_DIR));
      add_path (corpus);
    }

  return g_test_run ();
}
