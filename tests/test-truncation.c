/* test-truncation.c: every truncation of two bundled files gives a clean error.
 *
 * The two largest files under scenarios/ (filled up from tests/data/format/
 * while there are fewer than two) are cut at every byte offset 0..len-1 and
 * loaded from memory.  Each prefix must either be refused (NULL and a GError
 * with a message, and an error diagnostic naming the file) or, when the cut
 * only removed trailing whitespace after the root's end tag, load into the
 * same scenario as the whole file.  Nothing may crash; a sanitizer build
 * (tools/redoubt-dev test) also catches any out-of-bounds read at the end of
 * the buffer, which is why each prefix is copied into a buffer of exactly its
 * size rather than pointing into the whole file. */
#undef G_DISABLE_ASSERT
#include "config.h"

#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "rdt-diagnostic.h"
#include "rdt-scenario-io.h"
#include "rdt-validate.h"

typedef struct
{
  char *path;
  goffset size;
} Candidate;

static void
candidate_free (gpointer data)
{
  Candidate *c = data;

  g_free (c->path);
  g_free (c);
}

static int
by_size_desc (gconstpointer a,
              gconstpointer b)
{
  const Candidate *ca = *(Candidate * const *) a;
  const Candidate *cb = *(Candidate * const *) b;

  if (ca->size != cb->size)
    return ca->size < cb->size ? 1 : -1;
  return g_strcmp0 (ca->path, cb->path);
}

/* The *.redoubt files of @dir, largest first. */
static GPtrArray *
list_by_size (const char *dir)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (candidate_free);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      Candidate *c;
      struct stat st;
      g_autofree char *path = NULL;

      if (!g_str_has_suffix (name, ".redoubt"))
        continue;
      path = g_build_filename (dir, name, NULL);
      if (stat (path, &st) != 0 || !S_ISREG (st.st_mode))
        continue;
      c = g_new0 (Candidate, 1);
      c->path = g_steal_pointer (&path);
      c->size = st.st_size;
      g_ptr_array_add (out, c);
    }
  g_ptr_array_sort (out, by_size_desc);
  return out;
}

static GPtrArray *
pick_files (void)
{
  const char *root = g_getenv ("REDOUBT_SOURCE_ROOT");
  g_autofree char *scenarios = NULL;
  g_autofree char *examples = g_test_build_filename (G_TEST_DIST, "data", "format", NULL);
  g_autoptr(GPtrArray) from_scenarios = NULL;
  g_autoptr(GPtrArray) from_examples = NULL;
  GPtrArray *picked = g_ptr_array_new_with_free_func (g_free);

  scenarios = root != NULL ? g_build_filename (root, "scenarios", NULL)
                           : g_test_build_filename (G_TEST_DIST, "..", "scenarios", NULL);
  from_scenarios = list_by_size (scenarios);
  from_examples = list_by_size (examples);
  for (guint i = 0; i < from_scenarios->len && picked->len < 2; i++)
    g_ptr_array_add (picked, g_strdup (((Candidate *) g_ptr_array_index (from_scenarios, i))->path));
  for (guint i = 0; i < from_examples->len && picked->len < 2; i++)
    g_ptr_array_add (picked, g_strdup (((Candidate *) g_ptr_array_index (from_examples, i))->path));
  return picked;
}

/* The offset just past the root's end tag, or -1. */
static gssize
end_of_root (const char *data,
             gsize       len)
{
  static const char end_tag[] = "</scenario>";
  const char *p = g_strrstr_len (data, (gssize) len, end_tag);

  return p != NULL ? (p - data) + (gssize) strlen (end_tag) : -1;
}

static void
test_every_truncation (gconstpointer user_data)
{
  const char *path = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) whole_diagnostics = rdt_diagnostics_new ();
  g_autoptr(RdtScenario) whole = NULL;
  g_autoptr(GBytes) whole_canonical = NULL;
  g_autofree char *content = NULL;
  gsize len = 0;
  gssize complete_at;
  guint refused = 0, complete = 0;
  gint64 start = g_get_monotonic_time ();

  g_file_get_contents (path, &content, &len, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (len, >, 0);

  {
    g_autoptr(GBytes) bytes = g_bytes_new (content, len);
    whole = rdt_scenario_load_from_bytes (bytes, path, whole_diagnostics, &error);
    g_assert_no_error (error);
    g_assert_nonnull (whole);
    whole_canonical = rdt_scenario_to_bytes (whole, &error);
    g_assert_no_error (error);
  }
  complete_at = end_of_root (content, len);
  g_assert_cmpint (complete_at, >, 0);

  for (gsize cut = 0; cut < len; cut++)
    {
      g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
      g_autoptr(GError) local_error = NULL;
      g_autoptr(RdtScenario) scenario = NULL;
      g_autoptr(GBytes) prefix = NULL;

      /* An exact-size copy, so a read past the end is a sanitizer error. */
      prefix = g_bytes_new_take (g_memdup2 (content, cut), cut);
      scenario = rdt_scenario_load_from_bytes (prefix, path, diagnostics, &local_error);

      if ((gssize) cut >= complete_at)
        {
          /* Only trailing whitespace is gone: the same scenario. */
          g_autoptr(GBytes) canonical = NULL;

          if (scenario == NULL)
            g_error ("%s cut at %" G_GSIZE_FORMAT " (after the end tag) was refused: %s",
                     path, cut, local_error->message);
          canonical = rdt_scenario_to_bytes (scenario, NULL);
          g_assert_true (g_bytes_equal (canonical, whole_canonical));
          complete++;
          continue;
        }

      if (scenario != NULL)
        g_error ("%s cut at byte %" G_GSIZE_FORMAT " of %" G_GSIZE_FORMAT " loaded without error",
                 path, cut, len);
      if (local_error == NULL || local_error->message[0] == '\0')
        g_error ("%s cut at %" G_GSIZE_FORMAT ": refused without a message", path, cut);
      if (rdt_diagnostics_count (diagnostics, RDT_SEVERITY_ERROR) == 0)
        g_error ("%s cut at %" G_GSIZE_FORMAT ": refused (%s) without an error diagnostic",
                 path, cut, local_error->message);
      for (guint i = 0; i < diagnostics->len; i++)
        {
          const RdtDiagnostic *d = g_ptr_array_index (diagnostics, i);
          if (d->severity == RDT_SEVERITY_ERROR)
            {
              g_assert_cmpstr (d->file, ==, path);
              g_assert_nonnull (d->message);
              g_assert_cmpstr (d->message, !=, "");
              break;
            }
        }
      refused++;
    }

  g_test_message ("%s: %" G_GSIZE_FORMAT " bytes, %u truncations refused, %u complete "
                  "(whitespace after </scenario>), %.1f s",
                  path, len, refused, complete,
                  (g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC);
  g_assert_cmpuint (refused + complete, ==, len);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GPtrArray) files = NULL;

  g_test_init (&argc, &argv, NULL);

  files = pick_files ();
  g_assert_cmpuint (files->len, >=, 1);
  for (guint i = 0; i < files->len; i++)
    {
      const char *path = g_ptr_array_index (files, i);
      g_autofree char *base = g_path_get_basename (path);
      g_autofree char *test_path = g_strdup_printf ("/format/truncation/%s", base);

      g_test_add_data_func (test_path, path, test_every_truncation);
    }

  return g_test_run ();
}
