/* test-truncation.c: every truncation of two bundled files gives a clean error.
 *
 * The two smallest bundled files (data/volumes/<id>.xml) are cut
 * at every byte offset 0..len-1 and loaded from memory.  The smallest bundled
 * scenario (scenarios/<name>.redoubt) is cut at every offset of its first and last
 * 4 KiB and at every 13th offset in between: every offset of a 60 KB scenario
 * means 60,000 loads, about seven minutes under AddressSanitizer.  Each prefix
 * must either be refused (NULL and a GError with a message, and an error
 * diagnostic naming the file) or, when the cut only removed trailing whitespace
 * after the root's end tag, load into the same data as the whole file.  Nothing
 * may crash; a sanitizer build (tools/redoubt-dev test) also catches any
 * out-of-bounds read at the end of the buffer, which is why each prefix is
 * copied into a buffer of exactly its size rather than pointing into the whole
 * file. */
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
by_size_asc (gconstpointer a,
             gconstpointer b)
{
  const Candidate *ca = *(Candidate * const *) a;
  const Candidate *cb = *(Candidate * const *) b;

  if (ca->size != cb->size)
    return ca->size < cb->size ? -1 : 1;
  return g_strcmp0 (ca->path, cb->path);
}

/* The files of @dir ending in @suffix, smallest first. */
static GPtrArray *
list_by_size (const char *dir,
              const char *suffix)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (candidate_free);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      Candidate *c;
      struct stat st;
      g_autofree char *path = NULL;

      if (!g_str_has_suffix (name, suffix))
        continue;
      path = g_build_filename (dir, name, NULL);
      if (stat (path, &st) != 0 || !S_ISREG (st.st_mode))
        continue;
      c = g_new0 (Candidate, 1);
      c->path = g_steal_pointer (&path);
      c->size = st.st_size;
      g_ptr_array_add (out, c);
    }
  g_ptr_array_sort (out, by_size_asc);
  return out;
}

static char *
source_path (const char *folder)
{
  const char *root = g_getenv ("REDOUBT_SOURCE_ROOT");

  return root != NULL ? g_build_filename (root, folder, NULL)
                      : g_test_build_filename (G_TEST_DIST, "..", folder, NULL);
}

/* The two smallest volume files, then the smallest scenario. */
static GPtrArray *
pick_files (void)
{
  g_autofree char *volumes = source_path ("data/volumes");
  g_autofree char *scenarios = source_path ("scenarios");
  g_autoptr(GPtrArray) from_volumes = list_by_size (volumes, ".xml");
  g_autoptr(GPtrArray) from_scenarios = list_by_size (scenarios, ".redoubt");
  GPtrArray *picked = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < from_volumes->len && i < 2; i++)
    g_ptr_array_add (picked, g_strdup (((Candidate *) g_ptr_array_index (from_volumes, i))->path));
  for (guint i = 0; i < from_scenarios->len; i++)
    {
      const char *path = ((Candidate *) g_ptr_array_index (from_scenarios, i))->path;
      g_autofree char *text = NULL;

      /* Hex scenarios only: test-gridless truncates the gridless ones (issue 18). */
      if (g_file_get_contents (path, &text, NULL, NULL) && strstr (text, "<gridless-scenario") != NULL)
        continue;
      g_ptr_array_add (picked, g_strdup (path));
      break;
    }
  return picked;
}

static gboolean
is_volume_file (const char *path)
{
  return g_str_has_suffix (path, ".xml");
}

/* Loads @bytes as a volume or a scenario and returns its canonical form, or
 * NULL with @error set. */
static GBytes *
load_canonical (const char *path,
                GBytes     *bytes,
                GPtrArray  *diagnostics,
                GError    **error)
{
  if (is_volume_file (path))
    {
      g_autoptr(RdtVolume) volume = rdt_volume_load_from_bytes (bytes, path, diagnostics, error);
      return volume != NULL ? rdt_volume_to_bytes (volume, error) : NULL;
    }
  else
    {
      g_autoptr(RdtScenario) scenario = rdt_scenario_load_from_bytes (bytes, path, diagnostics, error);
      return scenario != NULL ? rdt_scenario_to_bytes (scenario, error) : NULL;
    }
}

/* The offset just past the root's end tag, or -1. */
static gssize
end_of_root (const char *data,
             gsize       len,
             const char *end_tag)
{
  const char *p = g_strrstr_len (data, (gssize) len, end_tag);

  return p != NULL ? (p - data) + (gssize) strlen (end_tag) : -1;
}

static void
test_every_truncation (gconstpointer user_data)
{
  const char *path = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) whole_diagnostics = rdt_diagnostics_new ();
  g_autoptr(GBytes) whole_canonical = NULL;
  g_autofree char *content = NULL;
  gsize len = 0;
  gssize complete_at;
  guint refused = 0, complete = 0, tried = 0;
  gint64 start = g_get_monotonic_time ();
  /* Scenario files are large: every offset near both ends, a stride between. */
  const gsize dense = 4096, stride = is_volume_file (path) ? 1 : 13;

  g_file_get_contents (path, &content, &len, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (len, >, 0);

  {
    g_autoptr(GBytes) bytes = g_bytes_new (content, len);
    whole_canonical = load_canonical (path, bytes, whole_diagnostics, &error);
    g_assert_no_error (error);
    g_assert_nonnull (whole_canonical);
  }
  complete_at = end_of_root (content, len, is_volume_file (path) ? "</volume>" : "</scenario>");
  g_assert_cmpint (complete_at, >, 0);

  for (gsize cut = 0; cut < len; cut++)
    {
      g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
      g_autoptr(GError) local_error = NULL;
      g_autoptr(GBytes) canonical = NULL;
      g_autoptr(GBytes) prefix = NULL;

      if (cut >= dense && cut + dense < len && cut % stride != 0)
        continue;
      tried++;

      /* An exact-size copy, so a read past the end is a sanitizer error. */
      prefix = g_bytes_new_take (g_memdup2 (content, cut), cut);
      canonical = load_canonical (path, prefix, diagnostics, &local_error);

      if ((gssize) cut >= complete_at)
        {
          /* Only trailing whitespace is gone: the same data. */
          if (canonical == NULL)
            g_error ("%s cut at %" G_GSIZE_FORMAT " (after the end tag) was refused: %s",
                     path, cut, local_error->message);
          g_assert_true (g_bytes_equal (canonical, whole_canonical));
          complete++;
          continue;
        }

      if (canonical != NULL)
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
                  "(whitespace after the root), %.1f s",
                  path, len, refused, complete,
                  (g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC);
  g_assert_cmpuint (refused + complete, ==, tried);
  if (stride == 1)
    g_assert_cmpuint (tried, ==, len);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GPtrArray) files = NULL;

  g_test_init (&argc, &argv, NULL);

  files = pick_files ();
  g_assert_cmpuint (files->len, ==, 3);
  for (guint i = 0; i < files->len; i++)
    {
      const char *path = g_ptr_array_index (files, i);
      g_autofree char *base = g_path_get_basename (path);
      g_autofree char *test_path = g_strdup_printf ("/format/truncation/%s", base);

      g_test_add_data_func (test_path, path, test_every_truncation);
    }

  return g_test_run ();
}
