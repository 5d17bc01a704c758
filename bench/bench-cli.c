/* bench-cli.c: redoubt-cli start-up to first output (issue 15).
 *
 * For each bundled scenario, spawns `redoubt-cli los FILE A B` (A and B two
 * neighbouring hexes of its map) --runs times and measures wall time from
 * the spawn to the first byte on standard output (what a user waits for),
 * and to the process's exit.  Target: first output within 30 ms, median.
 * Wall time on a shared machine: read the load average printed with it; the
 * child's own CPU time (user + system, from wait4) is printed beside it.
 *
 *   bench-cli [--runs N] PATH-TO-REDOUBT-CLI
 */
#include "config.h"

#include <errno.h>
#include <poll.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench-common.h"
#include "redoubt-core.h"

#define TARGET_MS 30.0

static void
spawn_once (const char *cli,
            const char *file,
            const char *a,
            const char *b,
            double     *first_ms,
            double     *exit_ms,
            double     *cpu_ms)
{
  const char *argv[] = { cli, "los", file, a, b, NULL };
  g_autoptr(GError) error = NULL;
  GPid pid;
  int out = -1, status = 0;
  struct rusage usage;
  double t0 = bench_wall_now ();
  gboolean first = FALSE;
  char buf[4096];

  if (!g_spawn_async_with_pipes (NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDERR_TO_DEV_NULL,
                                 NULL, NULL, &pid, NULL, &out, NULL, &error))
    g_error ("cannot run %s: %s", cli, error->message);
  for (;;)
    {
      ssize_t n = read (out, buf, sizeof buf);

      if (n > 0 && !first)
        {
          *first_ms = (bench_wall_now () - t0) * 1e3;
          first = TRUE;
        }
      if (n == 0 || (n < 0 && errno != EINTR))
        break;
    }
  close (out);
  if (wait4 (pid, &status, 0, &usage) < 0)
    g_error ("wait4: %s", g_strerror (errno));
  *cpu_ms = (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e3 +
            (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e3;
  *exit_ms = (bench_wall_now () - t0) * 1e3;
  g_spawn_close_pid (pid);
  if (!first || !WIFEXITED (status) || WEXITSTATUS (status) != 0)
    g_error ("redoubt-cli los %s %s %s printed nothing or failed (status %d)", file, a, b, status);
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
  GOptionEntry entries[] = {
    { "runs", 'n', 0, G_OPTION_ARG_INT, &runs, "Processes per scenario (median reported)", "N" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("PATH-TO-REDOUBT-CLI - time CLI start-up");
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_build_filename (SOURCE_ROOT, "scenarios", NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GDir) d = NULL;
  const char *name;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    g_error ("%s", error->message);
  if (argc != 2)
    g_error ("usage: bench-cli [--runs N] PATH-TO-REDOUBT-CLI");
  runs = CLAMP (runs, 1, 1000);

  d = g_dir_open (dir, 0, &error);
  if (d == NULL)
    g_error ("%s", error->message);
  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_suffix (name, ".redoubt"))
      {
        g_autofree char *path = g_build_filename (dir, name, NULL);
        g_autofree char *data = NULL;

        /* Hex scenarios only: `los` between two hexes (a Pub Battles file
         * takes pieces or points, issue 18). */
        if (g_file_get_contents (path, &data, NULL, NULL) && strstr (data, "<gridless-scenario") != NULL)
          continue;
        g_ptr_array_add (names, g_strdup (name));
      }
  g_ptr_array_sort (names, compare_names);

  printf ("# bench-cli: redoubt-cli los, median of %d processes, wall time\n", runs);
  bench_print_load ();
  for (guint i = 0; i < names->len; i++)
    {
      const char *file = g_ptr_array_index (names, i);
      g_autofree char *path = g_build_filename (dir, file, NULL);
      g_autofree char *base = g_strndup (file, strlen (file) - strlen (".redoubt"));
      g_autofree char *label = g_strdup_printf ("cli-los-first-output-%s", base);
      g_autoptr(RdtScenario) sc = rdt_scenario_load_from_file (path, NULL, &error);
      g_autofree double *first = g_new (double, runs);
      g_autofree double *done = g_new (double, runs);
      g_autofree double *cpu = g_new (double, runs);
      g_autofree char *a = NULL;
      g_autofree char *b = NULL;
      RdtHexGrid *grid;
      RdtHex ha, hb;

      if (sc == NULL)
        g_error ("%s: %s", file, error->message);
      /* Two neighbouring hexes in the middle of the map. */
      grid = rdt_scenario_get_grid (sc);
      ha = rdt_hex_grid_hex_at_index (grid, rdt_hex_grid_get_n_hexes (grid) / 2);
      hb = rdt_hex_grid_neighbour (grid, ha, 1);
      if (!rdt_hex_grid_contains (grid, hb))
        hb = rdt_hex_grid_neighbour (grid, ha, 4);
      a = rdt_hex_grid_dup_label (grid, ha);
      b = rdt_hex_grid_dup_label (grid, hb);
      for (int r = 0; r < runs; r++)
        spawn_once (argv[1], path, a, b, &first[r], &done[r], &cpu[r]);
      printf ("# %-36s los %s %s: first output %6.2f ms, exit %6.2f ms, CPU %5.2f ms\n", file, a, b,
              bench_median (first, runs), bench_median (done, runs), bench_median (cpu, runs));
      bench_time (label, bench_median (first, runs), TARGET_MS);
    }
  return bench_status;
}
