/* bench-roundtrip.c: load, validate and save a large scenario; peak memory;
 * Tiled side by side (issue 15).
 *
 * The file: Germantown (scenario and volume) on a 100 x 100 map with every hex
 * written, 5,000 slope hexsides more and 600 units (its own 106 and 494
 * more), generated into a temporary folder.  Measured side by side, median of
 * --runs interleaved rounds, thread CPU time:
 *   - round trip in process: rdt_scenario_load_from_file() (read, parse,
 *     schema, model, semantic checks) + rdt_scenario_save_to_file() (write,
 *     re-validate the bytes, atomic replace), against the floor: reading the
 *     same bytes, a bare libxml2 parse and xmlSaveFile() of that document.
 *     Target: at most 2x.
 *   - whole processes: `redoubt-cli format COPY` (the same round trip with
 *     process start-up) against Tiled's `tiled --export-map json` of the
 *     equivalent TMX map (same 100 x 100 hexes, the 5,000 slope hexsides as
 *     polyline objects, the 600 units as point objects, with their values as
 *     properties), CPU time (user + system) of each child.  Target: at most
 *     1/3.  Skipped, with a message, where tiled is not installed
 *     (`apt-get install tiled`; tools/redoubt-dev bench installs it).
 * Memory, printed as MEM lines (informative) and one verdict:
 *   - the peak resident set (VmHWM) of `redoubt-cli format` on the file;
 *   - the heap the loaded model keeps (mallinfo2 before and after a load),
 *     at most 10x the file's size on disk (RATIO model-memory-vs-file);
 *   - with --editor PATH (or $REDOUBT_BENCH_EDITOR) and a DISPLAY, the
 *     editor's peak resident set with the file open (skipped with a message
 *     otherwise; tools/redoubt-dev bench gives both).
 *
 *   bench-roundtrip REDOUBT-CLI [--editor PATH] [--runs N] [--keep]
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <malloc.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "bench-common.h"
#include "redoubt-core.h"

#define SIZE 100
#define N_SLOPES 5000
#define N_UNITS 600
#define TARGET_FLOOR 2.0
#define TARGET_TILED (1.0 / 3.0)
#define TARGET_MODEL 10.0

static const char *terrains[] = { "clear", "light-woods", "heavy-woods", "hill", "town" };

/* ----------------------------------------------------------------- the file */

typedef struct {
  int from_col, from_row, to_col, to_row, high_col, high_row;
} Slope;

typedef struct {
  guint8 terrain[SIZE * SIZE];
  Slope slopes[N_SLOPES];
  int n_slopes;
  int unit_col[N_UNITS], unit_row[N_UNITS];
  int n_units;   /* units added to Germantown's own */
} Board;

static void
make_board (Board *board,
            guint  n_own_units)
{
  RdtGridSettings s = { SIZE, SIZE, 0, 0, RDT_GRID_FLAT_TOP, RDT_GRID_SHIFT_ODD };
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtHexGrid) grid = rdt_hex_grid_new (&s, &error);
  g_autoptr(GRand) rand = g_rand_new_with_seed (1777);
  g_autoptr(GHashTable) seen = g_hash_table_new (g_direct_hash, g_direct_equal);

  g_assert_no_error (error);
  for (int i = 0; i < SIZE * SIZE; i++)
    board->terrain[i] = (guint8) g_rand_int_range (rand, 0, G_N_ELEMENTS (terrains));
  /* Slopes east of column 50, clear of Germantown's own hexsides (columns
   * 20-46); each hexside once. */
  board->n_slopes = 0;
  for (int c = 50; c < SIZE && board->n_slopes < N_SLOPES; c++)
    for (int r = 0; r < SIZE && board->n_slopes < N_SLOPES; r++)
      for (int d = 0; d < 6 && board->n_slopes < N_SLOPES; d++)
        {
          RdtHex a = { c, r }, b = rdt_hex_grid_neighbour (grid, a, d);
          int ia = c * SIZE + r, ib = b.col * SIZE + b.row;
          gpointer key = GINT_TO_POINTER (MIN (ia, ib) * SIZE * SIZE + MAX (ia, ib) + 1);
          Slope *sl;

          if (!rdt_hex_grid_contains (grid, b) || b.col < 50 || g_hash_table_contains (seen, key))
            continue;
          g_hash_table_add (seen, key);
          sl = &board->slopes[board->n_slopes++];
          sl->from_col = ia < ib ? a.col : b.col;
          sl->from_row = ia < ib ? a.row : b.row;
          sl->to_col = ia < ib ? b.col : a.col;
          sl->to_row = ia < ib ? b.row : a.row;
          {
            RdtHex high = g_rand_boolean (rand) ? a : b;
            sl->high_col = high.col;
            sl->high_row = high.row;
          }
        }
  g_assert_cmpint (board->n_slopes, ==, N_SLOPES);
  /* One unit per hex, east of column 50. */
  board->n_units = (int) (N_UNITS - MIN (n_own_units, N_UNITS));
  for (int i = 0; i < board->n_units; i++)
    {
      board->unit_col[i] = 50 + i % 50;
      board->unit_row[i] = i / 50 * 9 + i % 7;
    }
}

static guint
count_units (const char *text)
{
  guint n = 0;

  for (const char *p = strstr (text, "<unit "); p != NULL; p = strstr (p + 1, "<unit "))
    n++;
  return n;
}

/* Germantown's scenario with the 100 x 100 map of @board. */
static char *
make_redoubt (const char *germantown,
              Board      *board)
{
  g_auto(GStrv) lines = g_strsplit (germantown, "\n", -1);
  GString *out = g_string_sized_new (1024 * 1024);
  gboolean slopes_done = FALSE;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = lines[i];

      if (g_str_has_prefix (line, "    <hex "))
        continue;
      if (strstr (line, "<volume-ref ") != NULL)
        {
          g_string_append (out, "  <volume-ref href=\"germantown.xml\"/>\n");
          continue;
        }
      if (strstr (line, "<grid ") != NULL)
        {
          g_string_append_printf (out, "    <grid columns=\"%d\" rows=\"%d\" first-column=\"0\" first-row=\"0\" orientation=\"flat-top\" shift=\"odd\"/>\n",
                                  SIZE, SIZE);
          for (int c = 0; c < SIZE; c++)
            for (int r = 0; r < SIZE; r++)
              g_string_append_printf (out, "    <hex at=\"%02d%02d\" terrain=\"%s\"/>\n", c, r,
                                      terrains[board->terrain[c * SIZE + r]]);
          continue;
        }
      if (!slopes_done && (g_str_has_prefix (line, "    <hexside ") || g_str_has_prefix (line, "  </map>")))
        {
          for (int k = 0; k < board->n_slopes; k++)
            {
              const Slope *s = &board->slopes[k];
              g_string_append_printf (out, "    <hexside at=\"%02d%02d|%02d%02d\" slope=\"slope\" high=\"%02d%02d\"/>\n",
                                      s->from_col, s->from_row, s->to_col, s->to_row,
                                      s->high_col, s->high_row);
            }
          slopes_done = TRUE;
        }
      if (g_str_has_prefix (line, "  </units>"))
        for (int k = 0; k < board->n_units; k++)
          g_string_append_printf (out,
                                  "    <unit id=\"bench-%d\" name=\"Bench %d\" side=\"%s\" nationality=\"%s\" kind=\"infantry\" movement=\"4\">\n"
                                  "      <step strength=\"2\" morale=\"+1\"/>\n"
                                  "      <step strength=\"1\" morale=\"0\"/>\n"
                                  "      <setup hex=\"%02d%02d\"/>\n"
                                  "    </unit>\n",
                                  k, k, k % 2 ? "british" : "american",
                                  k % 2 ? "british" : "continental",
                                  board->unit_col[k], board->unit_row[k]);
      g_string_append (out, line);
      if (lines[i + 1] != NULL)
        g_string_append_c (out, '\n');
    }
  return g_string_free (out, FALSE);
}

/* The same map for Tiled: hexagonal, staggered columns like shift="odd"
 * (columns numbered from 0: the odd ones sit lower). */
static char *
make_tmx (Board *board,
          guint  n_units)
{
  GString *out = g_string_sized_new (1024 * 1024);
  int id = 1;
  const double w = 56, h = 48;

  g_string_append_printf (out,
                          "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                          "<map version=\"1.8\" tiledversion=\"1.8.2\" orientation=\"hexagonal\" renderorder=\"right-down\" "
                          "width=\"%d\" height=\"%d\" tilewidth=\"56\" tileheight=\"48\" infinite=\"0\" hexsidelength=\"28\" "
                          "staggeraxis=\"x\" staggerindex=\"odd\" nextlayerid=\"4\" nextobjectid=\"%u\">\n"
                          " <tileset firstgid=\"1\" name=\"terrain\" tilewidth=\"56\" tileheight=\"48\" tilecount=\"%u\" columns=\"%u\">\n"
                          "  <image source=\"terrain.png\" width=\"%u\" height=\"48\"/>\n"
                          " </tileset>\n"
                          " <layer id=\"1\" name=\"terrain\" width=\"%d\" height=\"%d\">\n"
                          "  <data encoding=\"csv\">\n",
                          SIZE, SIZE, (guint) (N_SLOPES + n_units + 1),
                          (guint) G_N_ELEMENTS (terrains), (guint) G_N_ELEMENTS (terrains),
                          (guint) (56 * G_N_ELEMENTS (terrains)), SIZE, SIZE);
  for (int r = 0; r < SIZE; r++)
    {
      for (int c = 0; c < SIZE; c++)
        g_string_append_printf (out, "%d%s", board->terrain[c * SIZE + r] + 1,
                                c + 1 < SIZE || r + 1 < SIZE ? "," : "");
      g_string_append_c (out, '\n');
    }
  g_string_append (out, "</data>\n </layer>\n <objectgroup id=\"2\" name=\"hexsides\">\n");
  for (int k = 0; k < board->n_slopes; k++)
    {
      const Slope *s = &board->slopes[k];
      double x = s->from_col * w * 0.75, y = s->from_row * h + (s->from_col % 2 ? h / 2 : 0);
      double x2 = s->to_col * w * 0.75, y2 = s->to_row * h + (s->to_col % 2 ? h / 2 : 0);
      g_string_append_printf (out,
                              "  <object id=\"%d\" type=\"slope\" x=\"%g\" y=\"%g\">\n"
                              "   <properties>\n"
                              "    <property name=\"at\" value=\"%02d%02d|%02d%02d\"/>\n"
                              "    <property name=\"high\" value=\"%02d%02d\"/>\n"
                              "   </properties>\n"
                              "   <polyline points=\"0,0 %g,%g\"/>\n"
                              "  </object>\n",
                              id++, x, y, s->from_col, s->from_row, s->to_col, s->to_row,
                              s->high_col, s->high_row, x2 - x, y2 - y);
    }
  g_string_append (out, " </objectgroup>\n <objectgroup id=\"3\" name=\"units\">\n");
  for (guint k = 0; k < n_units; k++)
    {
      int c = (int) (k * 7 % SIZE), r = (int) (k * 13 % SIZE);
      g_string_append_printf (out,
                              "  <object id=\"%d\" name=\"Unit %u\" type=\"unit\" x=\"%g\" y=\"%g\">\n"
                              "   <properties>\n"
                              "    <property name=\"side\" value=\"%s\"/>\n"
                              "    <property name=\"nationality\" value=\"%s\"/>\n"
                              "    <property name=\"kind\" value=\"infantry\"/>\n"
                              "    <property name=\"movement\" type=\"int\" value=\"4\"/>\n"
                              "    <property name=\"strength\" type=\"int\" value=\"2\"/>\n"
                              "    <property name=\"morale\" type=\"int\" value=\"1\"/>\n"
                              "    <property name=\"reduced-strength\" type=\"int\" value=\"1\"/>\n"
                              "    <property name=\"reduced-morale\" type=\"int\" value=\"0\"/>\n"
                              "   </properties>\n"
                              "   <point/>\n"
                              "  </object>\n",
                              id++, k, c * w * 0.75 + w / 2, r * h + h / 2,
                              k % 2 ? "british" : "american", k % 2 ? "british" : "continental");
    }
  g_string_append (out, " </objectgroup>\n</map>\n");
  return g_string_free (out, FALSE);
}

/* ------------------------------------------------------------ in process */

static double
floor_round_trip (const char *path,
                  const char *out)
{
  double t0 = bench_cpu_now ();
  g_autofree char *data = NULL;
  gsize size;
  xmlDoc *doc;

  if (!g_file_get_contents (path, &data, &size, NULL))
    g_error ("cannot read %s", path);
  doc = xmlReadMemory (data, (int) size, NULL, NULL, XML_PARSE_NONET | XML_PARSE_BIG_LINES);
  if (doc == NULL)
    g_error ("%s does not parse", path);
  if (xmlSaveFile (out, doc) < 0)
    g_error ("cannot write %s", out);
  xmlFreeDoc (doc);
  return bench_cpu_now () - t0;
}

static double
redoubt_round_trip (const char *path,
                    const char *out)
{
  double t0 = bench_cpu_now ();
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtScenario) sc = rdt_scenario_load_from_file (path, diagnostics, &error);

  if (sc == NULL)
    g_error ("%s does not load: %s", path, error->message);
  if (rdt_diagnostics_count (diagnostics, RDT_SEVERITY_ERROR) > 0)
    g_error ("%s has errors", path);
  if (!rdt_scenario_save_to_file (sc, out, &error))
    g_error ("cannot save %s: %s", out, error->message);
  return bench_cpu_now () - t0;
}

/* The heap a loaded model keeps. */
static gsize
model_bytes (const char *path)
{
  struct mallinfo2 before, after;
  g_autoptr(GError) error = NULL;
  RdtScenario *sc;
  gsize kept;

  malloc_trim (0);
  before = mallinfo2 ();
  sc = rdt_scenario_load_from_file (path, NULL, &error);
  if (sc == NULL)
    g_error ("%s: %s", path, error->message);
  after = mallinfo2 ();
  kept = after.uordblks > before.uordblks ? after.uordblks - before.uordblks : 0;
  g_object_unref (sc);
  return kept;
}

/* ----------------------------------------------------------- child processes */

typedef struct {
  double wall;      /* s */
  double cpu;       /* user + system, s */
  long maxrss_kb;
  int status;
} Child;

static Child
run_child (char **argv,
           char **envp)
{
  Child c = { 0 };
  struct rusage ru;
  double t0 = bench_wall_now ();
  pid_t pid = fork ();

  if (pid < 0)
    g_error ("fork: %s", g_strerror (errno));
  if (pid == 0)
    {
      int null = open ("/dev/null", O_WRONLY);
      if (null >= 0)
        {
          dup2 (null, 1);
          dup2 (null, 2);
        }
      execve (argv[0], argv, envp);
      _exit (127);
    }
  if (wait4 (pid, &c.status, 0, &ru) < 0)
    g_error ("wait4: %s", g_strerror (errno));
  c.wall = bench_wall_now () - t0;
  c.cpu = ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
  c.maxrss_kb = ru.ru_maxrss;
  return c;
}

static void
copy_file (const char *from,
           const char *to)
{
  g_autofree char *data = NULL;
  gsize size;

  if (!g_file_get_contents (from, &data, &size, NULL) || !g_file_set_contents (to, data, size, NULL))
    g_error ("cannot copy %s to %s", from, to);
}

/* VmHWM of a running process, in kB (-1: unknown). */
static long
vm_hwm_kb (pid_t pid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/status", (int) pid);
  g_autofree char *text = NULL;
  const char *p;

  if (!g_file_get_contents (path, &text, NULL, NULL) || (p = strstr (text, "VmHWM:")) == NULL)
    return -1;
  return strtol (p + 6, NULL, 10);
}

/* The editor with @path open under the current DISPLAY: its peak resident
 * set once it has settled (VmHWM unchanged for a second, at most 30 s). */
static long
editor_peak_kb (const char *editor,
                const char *path,
                char      **envp)
{
  char *argv[] = { (char *) editor, (char *) path, NULL };
  long last = -1, now;
  int stable = 0;
  pid_t pid = fork ();

  if (pid < 0)
    return -1;
  if (pid == 0)
    {
      int null = open ("/dev/null", O_WRONLY);
      if (null >= 0)
        {
          dup2 (null, 1);
          dup2 (null, 2);
        }
      execve (editor, argv, envp);
      _exit (127);
    }
  for (int i = 0; i < 300 && stable < 10; i++)
    {
      g_usleep (100 * 1000);
      now = vm_hwm_kb (pid);
      if (now < 0)
        break;
      stable = i > 20 && now == last ? stable + 1 : 0;
      last = now;
    }
  kill (pid, SIGTERM);
  waitpid (pid, NULL, 0);
  return stable >= 10 ? last : -1;
}

/* ------------------------------------------------------------------- main */

int
main (int   argc,
      char *argv[])
{
  int runs = 11;
  gboolean keep = FALSE;
  g_autofree char *editor = NULL;
  GOptionEntry entries[] = {
    { "runs", 'n', 0, G_OPTION_ARG_INT, &runs, "Rounds (median reported)", "N" },
    { "editor", 0, 0, G_OPTION_ARG_FILENAME, &editor, "The editor binary, for its peak memory (needs DISPLAY)", "PATH" },
    { "keep", 0, 0, G_OPTION_ARG_NONE, &keep, "Keep the generated files", NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("REDOUBT-CLI - round trip, memory and Tiled");
  g_autoptr(GError) error = NULL;
  g_autofree char *germantown_path = g_build_filename (SOURCE_ROOT, "scenarios", "germantown.redoubt", NULL);
  g_autofree char *volume_path = g_build_filename (SOURCE_ROOT, "data", "volumes", "germantown.xml", NULL);
  g_autofree char *germantown = NULL, *text = NULL, *tmx = NULL, *dir = NULL;
  g_autofree char *path = NULL, *out = NULL, *floor_out = NULL, *work = NULL, *tmx_path = NULL;
  g_autofree char *json_path = NULL, *vcopy = NULL, *tiled = NULL;
  g_autofree double *bare = NULL, *full = NULL;
  g_auto(GStrv) envp = NULL;
  Board *board = g_new0 (Board, 1);
  guint own_units;
  double mb, mf;
  gsize file_size, kept;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc != 2)
    {
      g_printerr ("usage: bench-roundtrip REDOUBT-CLI [--editor PATH] [--runs N]\n");
      return 2;
    }
  runs = CLAMP (runs, 1, 1000);
  if (editor == NULL && g_getenv ("REDOUBT_BENCH_EDITOR") != NULL)
    editor = g_strdup (g_getenv ("REDOUBT_BENCH_EDITOR"));

  /* The file, in a folder of its own with the volume beside it. */
  if (!g_file_get_contents (germantown_path, &germantown, NULL, &error))
    g_error ("%s", error->message);
  own_units = count_units (germantown);
  make_board (board, own_units);
  text = make_redoubt (germantown, board);
  tmx = make_tmx (board, N_UNITS);
  dir = g_dir_make_tmp ("redoubt-bench-XXXXXX", &error);
  if (dir == NULL)
    g_error ("%s", error->message);
  path = g_build_filename (dir, "big.redoubt", NULL);
  out = g_build_filename (dir, "big-saved.redoubt", NULL);
  floor_out = g_build_filename (dir, "big-libxml2.xml", NULL);
  work = g_build_filename (dir, "big-format.redoubt", NULL);
  vcopy = g_build_filename (dir, "germantown.xml", NULL);
  tmx_path = g_build_filename (dir, "big.tmx", NULL);
  json_path = g_build_filename (dir, "big.json", NULL);
  copy_file (volume_path, vcopy);
  if (!g_file_set_contents (path, text, -1, &error) || !g_file_set_contents (tmx_path, tmx, -1, &error))
    g_error ("%s", error->message);
  file_size = strlen (text);
  printf ("# bench-roundtrip: %d x %d map, every hex written, %d slope hexsides added, %u units; %.0f KiB (%s)\n",
          SIZE, SIZE, N_SLOPES, own_units + board->n_units, file_size / 1024.0, path);
  bench_print_load ();

  /* In process, interleaved. */
  bare = g_new (double, runs);
  full = g_new (double, runs);
  redoubt_round_trip (path, out);   /* schema compiled, caches warm */
  floor_round_trip (path, floor_out);
  for (int r = 0; r < runs; r++)
    {
      bare[r] = floor_round_trip (path, floor_out);
      full[r] = redoubt_round_trip (path, out);
    }
  mb = bench_median (bare, runs);
  mf = bench_median (full, runs);
  printf ("# in process: bare parse + xmlSaveFile %7.2f ms   load+validate+save %7.2f ms\n", mb * 1e3, mf * 1e3);

  kept = model_bytes (path);
  printf ("MEM model-heap %zu KiB (file %zu KiB)\n", kept / 1024, file_size / 1024);

  /* Whole processes. */
  envp = g_get_environ ();
  envp = g_environ_setenv (envp, "QT_QPA_PLATFORM", "offscreen", TRUE);
  {
    char *cli_argv[] = { argv[1], (char *) "format", work, NULL };
    g_autofree double *cli_cpu = g_new (double, runs);
    g_autofree double *cli_wall = g_new (double, runs);
    long cli_rss = 0;
    double cli_c;

    for (int r = 0; r < runs; r++)
      {
        Child c;
        copy_file (path, work);   /* not canonical yet: format writes it */
        c = run_child (cli_argv, envp);
        if (!WIFEXITED (c.status) || WEXITSTATUS (c.status) != 0)
          g_error ("%s format %s failed (status %d)", argv[1], work, c.status);
        cli_cpu[r] = c.cpu;
        cli_wall[r] = c.wall;
        cli_rss = MAX (cli_rss, c.maxrss_kb);
      }
    cli_c = bench_median (cli_cpu, runs);
    printf ("# redoubt-cli format: cpu %.1f ms, wall %.1f ms (medians)\n", cli_c * 1e3,
            bench_median (cli_wall, runs) * 1e3);
    printf ("MEM round-trip-peak-rss %ld KiB (redoubt-cli format, getrusage ru_maxrss)\n", cli_rss);

    tiled = g_find_program_in_path ("tiled");
    if (tiled == NULL)
      printf ("# tiled is not installed: the Tiled comparison is skipped (apt-get install tiled, or tools/redoubt-dev bench)\n");
    else
      {
        char *tiled_argv[] = { tiled, (char *) "--export-map", (char *) "json", tmx_path, json_path, NULL };
        g_autofree double *t_cpu = g_new (double, runs);
        g_autofree double *t_wall = g_new (double, runs);
        long t_rss = 0;
        double tc;
        gboolean ok = TRUE;

        for (int r = 0; r < runs && ok; r++)
          {
            Child c = run_child (tiled_argv, envp);
            ok = WIFEXITED (c.status) && WEXITSTATUS (c.status) == 0 && g_file_test (json_path, G_FILE_TEST_EXISTS);
            t_cpu[r] = c.cpu;
            t_wall[r] = c.wall;
            t_rss = MAX (t_rss, c.maxrss_kb);
          }
        if (!ok)
          printf ("# tiled --export-map failed: the Tiled comparison is skipped\n");
        else
          {
            tc = bench_median (t_cpu, runs);
            printf ("# tiled --export-map json: cpu %.1f ms, wall %.1f ms (medians)\n", tc * 1e3,
                    bench_median (t_wall, runs) * 1e3);
            printf ("MEM tiled-peak-rss %ld KiB\n", t_rss);
            bench_ratio ("roundtrip-vs-tiled", cli_c / tc, TARGET_TILED);
          }
      }
  }

  if (editor == NULL || g_getenv ("DISPLAY") == NULL)
    printf ("# editor memory skipped: give --editor PATH (or REDOUBT_BENCH_EDITOR) and a DISPLAY (Xvfb)\n");
  else
    {
      long kb = editor_peak_kb (editor, path, envp);
      if (kb < 0)
        printf ("# editor memory: the editor did not settle; not measured\n");
      else
        printf ("MEM editor-peak-rss %ld KiB (VmHWM with the file open)\n", kb);
    }

  bench_ratio ("roundtrip-vs-libxml2", mf / mb, TARGET_FLOOR);
  bench_ratio ("model-memory-vs-file", (double) kept / file_size, TARGET_MODEL);

  if (!keep)
    {
      const char *files[] = { path, out, floor_out, work, vcopy, tmx_path, json_path };
      for (guint i = 0; i < G_N_ELEMENTS (files); i++)
        g_unlink (files[i]);
      {
        g_autofree char *bak = g_strconcat (work, ".bak", NULL);
        g_autofree char *bak2 = g_strconcat (out, ".bak", NULL);
        g_unlink (bak);
        g_unlink (bak2);
      }
      if (g_rmdir (dir) != 0)
        printf ("# left %s (not empty)\n", dir);
    }
  g_free (board);
  return bench_status;
}
