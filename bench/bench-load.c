/* bench-load.c: loading each bundled scenario with its volume (issue 15).
 *
 * Side by side in one run, interleaved, median of --runs rounds (thread CPU
 * time): rdt_scenario_load_from_file() — read, parse, schema, lexical checks,
 * model, semantic validation, for the scenario and the volume it refers to —
 * against the floor: reading the same two files and a bare libxml2 parse of
 * their bytes (xmlReadMemory with the loader's options).  Target: at most 3x.
 * The first load of the process (which compiles the schema once) is not
 * counted; bench-cli measures a whole process.
 */
#include "config.h"

#include <libxml/parser.h>
#include <string.h>

#include "bench-common.h"
#include "redoubt-core.h"

#define TARGET 3.0

static double
bare_parse (const char *scenario,
            const char *volume)
{
  const char *files[] = { scenario, volume };
  double t0 = bench_cpu_now ();

  for (guint i = 0; i < G_N_ELEMENTS (files) && files[i] != NULL; i++)
    {
      g_autofree char *data = NULL;
      gsize size;
      xmlDoc *doc;

      if (!g_file_get_contents (files[i], &data, &size, NULL))
        g_error ("cannot read %s", files[i]);
      doc = xmlReadMemory (data, (int) size, NULL, NULL, XML_PARSE_NONET | XML_PARSE_BIG_LINES);
      if (doc == NULL)
        g_error ("%s does not parse", files[i]);
      xmlFreeDoc (doc);
    }
  return bench_cpu_now () - t0;
}

static double
full_load (const char *scenario)
{
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtScenario) sc = NULL;
  double t0 = bench_cpu_now (), t;

  sc = rdt_scenario_load_from_file (scenario, diagnostics, &error);
  t = bench_cpu_now () - t0;
  if (sc == NULL)
    g_error ("%s does not load: %s", scenario, error->message);
  return t;
}

/* A Pub Battles file (<gridless-scenario>, issue 18): its own loader, no
 * volume file. */
static double
full_load_gridless (const char *scenario)
{
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtGridless) gl = NULL;
  double t0 = bench_cpu_now (), t;

  gl = rdt_gridless_load_from_file (scenario, diagnostics, &error);
  t = bench_cpu_now () - t0;
  if (gl == NULL)
    g_error ("%s does not load: %s", scenario, error->message);
  return t;
}

static gboolean
is_gridless (const char *path)
{
  g_autofree char *data = NULL;

  if (!g_file_get_contents (path, &data, NULL, NULL))
    g_error ("cannot read %s", path);
  return strstr (data, "<gridless-scenario") != NULL;
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

int
main (int   argc,
      char *argv[])
{
  int runs = 21;
  g_autofree char *dir = g_build_filename (SOURCE_ROOT, "scenarios", NULL);
  g_autoptr(GDir) d = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;
  GOptionEntry entries[] = {
    { "runs", 'n', 0, G_OPTION_ARG_INT, &runs, "Rounds per scenario (median reported)", "N" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("- time loading the bundled scenarios");
  g_autoptr(GError) error = NULL;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    g_error ("%s", error->message);
  runs = CLAMP (runs, 1, 1000);

  d = g_dir_open (dir, 0, &error);
  if (d == NULL)
    g_error ("%s", error->message);
  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_suffix (name, ".redoubt"))
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);

  printf ("# bench-load: median of %d interleaved rounds, thread CPU time\n", runs);
  bench_print_load ();
  for (guint i = 0; i < names->len; i++)
    {
      const char *file = g_ptr_array_index (names, i);
      g_autofree char *path = g_build_filename (dir, file, NULL);
      g_autofree char *base = g_strndup (file, strlen (file) - strlen (".redoubt"));
      g_autofree char *vname = NULL;
      g_autofree char *vpath = NULL;
      g_autofree char *label = NULL;
      g_autofree double *bare = g_new (double, runs);
      g_autofree double *load = g_new (double, runs);
      g_autoptr(RdtScenario) sc = NULL;
      gboolean gridless = is_gridless (path);
      double mb, ml;

      if (!gridless)
        {
          sc = rdt_scenario_load_from_file (path, NULL, &error);
          if (sc == NULL)
            g_error ("%s: %s", file, error->message);
          vname = g_strdup_printf ("%s.xml", rdt_volume_get_id (rdt_scenario_get_volume (sc)));
          vpath = g_build_filename (SOURCE_ROOT, "data", "volumes", vname, NULL);
        }
      for (int r = 0; r < runs; r++)
        {
          bare[r] = bare_parse (path, vpath);
          load[r] = gridless ? full_load_gridless (path) : full_load (path);
        }
      mb = bench_median (bare, runs);
      ml = bench_median (load, runs);
      printf ("# %-36s bare parse %6.2f ms   load+schema+semantic %6.2f ms\n", file, mb * 1e3, ml * 1e3);
      label = g_strdup_printf ("load-%s", base);
      bench_ratio (label, ml / mb, TARGET);
    }
  return bench_status;
}
