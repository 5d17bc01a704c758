/* bench-movement.c: reachable sets for every unit of a 100 x 100 synthetic map.
 *
 * The generator builds a 100 x 100 flat-top scenario (first column and row 0)
 * with woods, marsh, creeks, slopes, roads and about 500 units of both sides.
 * For every unit on the map the benchmark computes its reach (rdt-movement.h:
 * ZOC stops, rifle ZOC, stacking, prohibited terrain, 9.2 minimum move, reasons
 * for every hex) and, side by side in the same run, a plain Dijkstra over the
 * same terrain costs only (hex plus hexside, no rules), bounded by the same
 * allowance: the floor.  Then strategic movement, against a floor over the
 * road hexsides only.  Times are
 * thread CPU time, best of five interleaved rounds.  Targets (issue 15), as
 * RATIO lines at the end: reach at most 1.5x its floor, strategic at most 2x.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "bench-common.h"
#include "redoubt-core.h"

static void
add_terrain (RdtVolume  *v,
             const char *id,
             int         halves,
             guint       prohibited,
             gboolean    zoc)
{
  RdtTerrainType *t = rdt_terrain_type_new (id, id);

  t->effects.mp_halves = halves;
  t->effects.prohibited = prohibited;
  t->effects.zoc = zoc;
  rdt_volume_add_terrain (v, t, NULL);
}

static void
add_side_type (RdtVolume      *v,
               const char     *id,
               RdtHexsideKind  kind,
               int             halves,
               gboolean        strategic)
{
  RdtHexsideType *t = rdt_hexside_type_new (id, id, kind);

  t->effects.mp_halves = halves;
  t->effects.strategic = strategic;
  rdt_volume_add_hexside_type (v, t, NULL);
}

static RdtScenario *
generate (guint32 seed)
{
  g_autoptr (RdtVolume) v = rdt_volume_new ("bench");
  RdtGridSettings s = { 100, 100, 0, 0, RDT_GRID_FLAT_TOP, RDT_GRID_SHIFT_ODD };
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  RdtScenario *sc;
  RdtHexGrid *grid;
  int creek, slope, road;
  guint n_units = 0;

  add_terrain (v, "clear", 2, 0, TRUE);
  add_terrain (v, "heavy-woods", 3, 0, FALSE);
  add_terrain (v, "marsh", 4, RDT_UNIT_KIND_MASK (RDT_UNIT_KIND_ARTILLERY), TRUE);
  add_side_type (v, "creek", RDT_HEXSIDE_KIND_WATER, 2, FALSE);
  add_side_type (v, "slope", RDT_HEXSIDE_KIND_SLOPE, 2, FALSE);
  add_side_type (v, "road", RDT_HEXSIDE_KIND_ROAD, 1, TRUE);
  creek = rdt_volume_find_hexside_type (v, "creek");
  slope = rdt_volume_find_hexside_type (v, "slope");
  road = rdt_volume_find_hexside_type (v, "road");
  sc = rdt_scenario_new (v, &s, "clear", NULL);
  rdt_scenario_add_side (sc, "british", "British", -1, -1, NULL);
  rdt_scenario_add_side (sc, "american", "American", -1, -1, NULL);
  grid = rdt_scenario_get_grid (sc);

  for (guint i = 0; i < rdt_hex_grid_get_n_hexes (grid); i++)
    {
      RdtHex h = rdt_hex_grid_hex_at_index (grid, i);
      double x = g_rand_double (rand);

      if (x < 0.20)
        rdt_scenario_set_terrain (sc, h, 1, NULL, NULL);
      else if (x < 0.25)
        rdt_scenario_set_terrain (sc, h, 2, NULL, NULL);
      for (int d = 1; d <= 3; d++)
        {
          RdtHex n = rdt_hex_grid_neighbour (grid, h, d);
          RdtHexsideFeatures f;
          double y = g_rand_double (rand);

          if (!rdt_hex_grid_contains (grid, n) || y >= 0.15)
            continue;
          rdt_hex_grid_hexside (grid, h, n, &f.side, NULL);
          rdt_hexside_features_init (&f, f.side);
          if (y < 0.05)
            f.water = creek;
          else
            {
              f.slope = slope;
              f.slope_high = g_rand_boolean (rand) ? h : n;
            }
          rdt_scenario_set_hexside (sc, &f, NULL, NULL);
        }
    }
  /* Roads: every tenth column, straight down. */
  for (int c = 5; c < 100; c += 10)
    for (int r = 0; r + 1 < 100; r++)
      {
        RdtHex a = { c, r }, b = { c, r + 1 };
        RdtHexsideFeatures f;
        const RdtHexsideFeatures *old;

        rdt_hex_grid_hexside (grid, a, b, &f.side, NULL);
        old = rdt_scenario_get_hexside (sc, f.side);
        if (old != NULL)
          f = *old;
        else
          rdt_hexside_features_init (&f, f.side);
        f.road = road;
        rdt_scenario_set_hexside (sc, &f, NULL, NULL);
      }
  for (guint i = 0; i < rdt_hex_grid_get_n_hexes (grid); i++)
    {
      RdtHex h = rdt_hex_grid_hex_at_index (grid, i);
      g_autofree char *id = NULL;
      RdtUnit *u;
      double k;

      if (g_rand_double (rand) >= 0.05)
        continue;
      id = g_strdup_printf ("u%u", n_units++);
      k = g_rand_double (rand);
      u = rdt_unit_new (id, id, g_rand_int_range (rand, 0, 2),
                        k < 0.1 ? RDT_UNIT_KIND_ARTILLERY : k < 0.2 ? RDT_UNIT_KIND_RIFLE :
                        k < 0.25 ? RDT_UNIT_KIND_LEADER : RDT_UNIT_KIND_INFANTRY);
      u->movement = g_rand_int_range (rand, 4, 9);
      if (u->kind != RDT_UNIT_KIND_LEADER)
        rdt_unit_add_step (u, g_rand_int_range (rand, 1, 4), -1, 3);
      if (g_rand_double (rand) < 0.1)
        u->status = RDT_UNIT_STATUS_DISRUPTED;
      u->placement.kind = RDT_PLACEMENT_HEX;
      u->placement.hex = h;
      rdt_scenario_add_unit (sc, u, -1, NULL);
    }
  return sc;
}

/* ---- The floor: a plain Dijkstra over terrain costs --------------------- */

typedef struct {
  guint n;
  int *nb;                   /* n * 6 */
  int *cost;                 /* n * 6: hex + hexside, halves */
  int *road;                 /* n * 6: along a road, -1 without one */
  int *dist;
  int *heap;
  int *pos;
} Floor;

static void
floor_init (Floor       *f,
            RdtScenario *sc)
{
  RdtHexGrid *grid = rdt_scenario_get_grid (sc);
  RdtVolume *v = rdt_scenario_get_volume (sc);
  const guint16 *terrain = rdt_scenario_get_terrain_array (sc);

  f->n = rdt_hex_grid_get_n_hexes (grid);
  f->nb = g_new (int, f->n * 6);
  f->cost = g_new (int, f->n * 6);
  f->road = g_new (int, f->n * 6);
  f->dist = g_new (int, f->n);
  f->heap = g_new (int, f->n);
  f->pos = g_new (int, f->n);
  for (guint h = 0; h < f->n; h++)
    {
      RdtHex hex = rdt_hex_grid_hex_at_index (grid, h);
      for (int d = 0; d < 6; d++)
        {
          RdtHex n = rdt_hex_grid_neighbour (grid, hex, d);
          RdtHexside side;
          const RdtHexsideFeatures *feat;
          int c;

          if (!rdt_hex_grid_contains (grid, n))
            {
              f->nb[h * 6 + d] = -1;
              continue;
            }
          f->nb[h * 6 + d] = rdt_hex_grid_hex_index (grid, n);
          c = rdt_volume_get_terrain (v, terrain[f->nb[h * 6 + d]])->effects.mp_halves;
          rdt_hex_grid_hexside (grid, hex, n, &side, NULL);
          feat = rdt_scenario_get_hexside (sc, side);
          if (feat != NULL && feat->water >= 0)
            c += rdt_volume_get_hexside_type (v, feat->water)->effects.mp_halves;
          if (feat != NULL && feat->slope >= 0)
            c += rdt_volume_get_hexside_type (v, feat->slope)->effects.mp_halves;
          f->cost[h * 6 + d] = c;
          f->road[h * 6 + d] = feat != NULL && feat->road >= 0 ?
                               rdt_volume_get_hexside_type (v, feat->road)->effects.mp_halves : -1;
        }
    }
}

static void
floor_clear (Floor *f)
{
  g_free (f->nb);
  g_free (f->cost);
  g_free (f->road);
  g_free (f->dist);
  g_free (f->heap);
  g_free (f->pos);
}

static guint
floor_run (Floor *f,
           int    start,
           int    allowance,
           int   *costs)
{
  guint len = 0, settled = 0;

  for (guint i = 0; i < f->n; i++)
    {
      f->dist[i] = -1;
      f->pos[i] = -1;
    }
  f->dist[start] = 0;
  f->heap[len] = start;
  f->pos[start] = (int) len++;
  while (len > 0)
    {
      int h = f->heap[0];
      guint i = 0;

      f->pos[h] = -2;
      len--;
      if (len > 0)
        {
          f->heap[0] = f->heap[len];
          f->pos[f->heap[0]] = 0;
          for (;;)
            {
              guint l = 2 * i + 1, r = l + 1, s = i;
              if (l < len && f->dist[f->heap[l]] < f->dist[f->heap[s]])
                s = l;
              if (r < len && f->dist[f->heap[r]] < f->dist[f->heap[s]])
                s = r;
              if (s == i)
                break;
              int t = f->heap[i];
              f->heap[i] = f->heap[s];
              f->heap[s] = t;
              f->pos[f->heap[i]] = (int) i;
              f->pos[f->heap[s]] = (int) s;
              i = s;
            }
        }
      settled++;
      for (int d = 0; d < 6; d++)
        {
          int n = f->nb[h * 6 + d], nc;
          if (n < 0 || f->pos[n] == -2)
            continue;
          if (costs[h * 6 + d] < 0)
            continue;
          nc = f->dist[h] + costs[h * 6 + d];
          if (nc > allowance || (f->dist[n] >= 0 && nc >= f->dist[n]))
            continue;
          f->dist[n] = nc;
          if (f->pos[n] < 0)
            {
              f->heap[len] = n;
              f->pos[n] = (int) len++;
            }
          for (i = (guint) f->pos[n]; i > 0;)
            {
              guint p = (i - 1) / 2;
              if (f->dist[f->heap[p]] <= f->dist[f->heap[i]])
                break;
              int t = f->heap[i];
              f->heap[i] = f->heap[p];
              f->heap[p] = t;
              f->pos[f->heap[i]] = (int) i;
              f->pos[f->heap[p]] = (int) p;
              i = p;
            }
        }
    }
  return settled;
}

static double
now (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr (RdtScenario) sc = generate (1779);
  RdtHexGrid *grid = rdt_scenario_get_grid (sc);
  g_autoptr (RdtMovement) mv = rdt_movement_new (sc, NULL);
  g_autoptr (RdtReach) reach = rdt_reach_new ();
  guint n_units = rdt_scenario_get_n_units (sc);
  g_autofree int *starts = g_new (int, n_units);
  Floor f;
  double ratios[2];

  floor_init (&f, sc);
  for (guint u = 0; u < n_units; u++)
    starts[u] = rdt_hex_grid_hex_index (grid, rdt_scenario_get_unit (sc, u)->placement.hex);

  printf ("bench-movement: 100 x 100 map, %u units\n", n_units);
  for (int strategic = 0; strategic <= 1; strategic++)
    {
      double best_reach = G_MAXDOUBLE, best_floor = G_MAXDOUBLE;
      guint64 reached = 0, floor_reached = 0;
      RdtMoveOptions opts;

      rdt_move_options_init (&opts);
      opts.strategic = strategic;
      /* Warm up: the model compiles once; the reach arrays grow once. */
      rdt_movement_reach_into (mv, 0, &opts, reach, NULL);
      for (int round = 0; round < 5; round++)
        {
          double t0, t1, t2;

          reached = floor_reached = 0;
          t0 = now ();
          for (guint u = 0; u < n_units; u++)
            {
              rdt_movement_reach_into (mv, u, &opts, reach, NULL);
              reached += rdt_reach_get_n_hexes (reach);
            }
          t1 = now ();
          for (guint u = 0; u < n_units; u++)
            {
              int allowance = 2 * rdt_scenario_get_unit (sc, u)->movement * (strategic ? 2 : 1);
              floor_reached += floor_run (&f, starts[u], allowance, strategic ? f.road : f.cost);
            }
          t2 = now ();
          best_reach = MIN (best_reach, t1 - t0);
          best_floor = MIN (best_floor, t2 - t1);
        }
      printf ("%-10s reach: %8.1f us/unit (%.2f ms all, %" G_GUINT64_FORMAT " hexes)  "
              "floor: %8.1f us/unit (%.2f ms all, %" G_GUINT64_FORMAT " hexes)  ratio %.2fx\n",
              strategic ? "strategic" : "normal",
              1e6 * best_reach / n_units, 1e3 * best_reach, reached,
              1e6 * best_floor / n_units, 1e3 * best_floor, floor_reached,
              best_reach / best_floor);
      ratios[strategic] = best_reach / best_floor;
    }
  floor_clear (&f);
  bench_print_load ();
  bench_ratio ("reach-vs-dijkstra", ratios[0], 1.5);
  bench_ratio ("strategic-reach-vs-dijkstra", ratios[1], 2.0);
  return bench_status;
}
