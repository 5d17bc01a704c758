/* bench-los.c: LOS and ZOC throughput on a large synthetic board.
 *
 * The generator builds a 100 x 100 flat-top map (first column and row 0) with
 * dense woods, slopes and units.  The benchmark reports, side by side in one run,
 * LOS queries per second against the bare segment walk of the same pairs (the
 * floor): all pairs within range 3, and random long pairs; then a full-map LOS
 * fan from one hex against walking its 10,000 segments one by one, and a full
 * ZOC map.  Targets (issue 15), as RATIO/TIME lines at the end: LOS within 2x
 * of the walk; the fan under 5 ms and at most 0.2x the walks (median of
 * interleaved rounds).  Times are thread CPU time, best of five interleaved
 * rounds for the pair tables.
 */
#include "config.h"

#include <stdio.h>
#include <time.h>

#include "bench-common.h"
#include "redoubt-core.h"

typedef struct {
  RdtHex a;
  RdtHex b;
} Pair;

static RdtBoard *
generate (guint32 seed,
          double  density)
{
  RdtGridSettings s = { 100, 100, 0, 0, RDT_GRID_FLAT_TOP, RDT_GRID_SHIFT_ODD };
  g_autoptr (RdtHexGrid) grid = rdt_hex_grid_new (&s, NULL);
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  RdtBoard *board = rdt_board_new (grid);

  rdt_board_add_side (board, "British");
  rdt_board_add_side (board, "American");
  for (guint i = 0; i < rdt_hex_grid_get_n_hexes (grid); i++)
    {
      RdtHex h = rdt_hex_grid_hex_at_index (grid, i);
      double x = g_rand_double (rand);

      if (x < 0.20 * density)
        rdt_board_set_hex (board, h, "forest", RDT_BOARD_HEX_BLOCKS_LOS | RDT_BOARD_HEX_NO_ZOC_INTO, NULL);
      if (g_rand_double (rand) < 0.10 * density)
        {
          RdtBoardUnit u = { NULL, h, g_rand_int_range (rand, 0, 2),
                             g_rand_double (rand) < 0.8 ? RDT_UNIT_STATE_PARADE_ORDER : RDT_UNIT_STATE_DISRUPTED,
                             RDT_BOARD_UNIT_COMBAT | (g_rand_double (rand) < 0.1 ? RDT_BOARD_UNIT_RIFLE : 0), 0, NULL };
          rdt_board_add_unit (board, &u, NULL);
        }
      for (int d = 1; d <= 3; d++)
        {
          RdtHex n = rdt_hex_grid_neighbour (grid, h, d);
          if (!rdt_hex_grid_contains (grid, n) || g_rand_double (rand) >= 0.25 * density)
            continue;
          if (g_rand_boolean (rand))
            rdt_board_add_slope (board, h, n, NULL);
          else
            rdt_board_add_slope (board, n, h, NULL);
        }
    }
  return board;
}

/* CPU time of this thread: the machine is shared, wall time is not stable. */
static double
now (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

static double
compare (const char *label,
         RdtBoard   *board,
         RdtLos     *los,
         GArray     *pairs,
         int         reps)
{
  RdtHexGrid *grid = rdt_board_get_grid (board);
  RdtHexWalk walk;
  RdtLosReport report;
  double t0, t_walk, t_los, t_report;
  guint n = pairs->len * reps, blocked = 0;
  gsize steps = 0;

  rdt_hex_walk_init (&walk);
  rdt_los_report_init (&report);

  /* The machine is shared: interleave the three measurements and keep the
   * best of five rounds of each. */
  t_walk = t_los = t_report = G_MAXDOUBLE;
  for (int round = 0; round < 5; round++)
    {
      double t;

      steps = 0;
      blocked = 0;
      t0 = now ();
      for (int r = 0; r < reps; r++)
        for (guint i = 0; i < pairs->len; i++)
          {
            Pair *p = &g_array_index (pairs, Pair, i);
            rdt_hex_grid_walk (grid, p->a, p->b, &walk);
            steps += walk.n_steps;
          }
      t = now () - t0;
      t_walk = MIN (t_walk, t);

      t0 = now ();
      for (int r = 0; r < reps; r++)
        for (guint i = 0; i < pairs->len; i++)
          {
            Pair *p = &g_array_index (pairs, Pair, i);
            blocked += rdt_los_check (los, p->a, p->b, NULL) == RDT_LOS_BLOCKED;
          }
      t = now () - t0;
      t_los = MIN (t_los, t);

      t0 = now ();
      for (guint i = 0; i < pairs->len; i++)
        {
          Pair *p = &g_array_index (pairs, Pair, i);
          rdt_los_check (los, p->a, p->b, &report);
        }
      t = now () - t0;
      t_report = MIN (t_report, t);
    }

  printf ("%-26s %7u pairs  walk %9.0f/s  LOS %9.0f/s (%.2fx walk time)  LOS+report %9.0f/s (%.2fx)  %4.1f%% blocked  %.1f steps/pair\n",
          label, pairs->len,
          n / t_walk, n / t_los, t_los / t_walk, pairs->len / t_report,
          (t_report * reps) / t_walk,
          100.0 * blocked / n, (double) steps / n);
  rdt_hex_walk_clear (&walk);
  rdt_los_report_clear (&report);
  return t_los / t_walk;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr (RdtBoard) board = generate (1777, 1.0);
  g_autoptr (RdtBoard) open_board = generate (1777, 0.0);
  RdtHexGrid *grid = rdt_board_get_grid (board);
  g_autoptr (GArray) near = g_array_new (FALSE, FALSE, sizeof (Pair));
  g_autoptr (GArray) far = g_array_new (FALSE, FALSE, sizeof (Pair));
  g_autoptr (GRand) rand = g_rand_new_with_seed (11);
  RdtLos *los = rdt_los_new (board);
  guint nh = rdt_hex_grid_get_n_hexes (grid);
  double t0, t, ratio_near, ratio_far, ratio_open, fan_ms, walk_ms;

  for (guint i = 0; i < nh; i++)
    {
      RdtHex a = rdt_hex_grid_hex_at_index (grid, i);
      g_autoptr (GArray) range = rdt_hex_grid_range (grid, a, 3);
      for (guint k = 1; k < range->len; k++)
        {
          Pair p = { a, g_array_index (range, RdtHex, k) };
          g_array_append_val (near, p);
        }
    }
  for (guint i = 0; i < 100000; i++)
    {
      Pair p = { rdt_hex_grid_hex_at_index (grid, g_rand_int_range (rand, 0, nh)),
                 rdt_hex_grid_hex_at_index (grid, g_rand_int_range (rand, 0, nh)) };
      g_array_append_val (far, p);
    }

  printf ("Board: 100 x 100 flat-top, %u units, 20%% forest, 25%% of hexsides slopes\n",
          rdt_board_get_n_units (board));
  ratio_near = compare ("all pairs within range 3", board, los, near, 3);
  ratio_far = compare ("random long pairs", board, los, far, 1);
  {
    /* Nothing blocks on an empty board, so every query walks to the end: the
     * whole per-step cost of the rules, without early exits. */
    RdtLos *open_los = rdt_los_new (open_board);
    ratio_open = compare ("long pairs, empty board", open_board, open_los, far, 1);
    rdt_los_free (open_los);
  }

  {
    /* The fan against walking the same segments one by one, interleaved. */
    RdtHex centre = { 50, 50 };
    RdtHexWalk walk;
    double fan_t[15], walk_t[15];
    gsize steps = 0;

    rdt_hex_walk_init (&walk);
    for (int r = 0; r < 15; r++)
      {
        g_autoptr (GArray) fan = NULL;

        t0 = now ();
        fan = rdt_los_fan (los, centre, -1);
        fan_t[r] = now () - t0;
        g_assert (fan->len == nh);
        t0 = now ();
        for (guint i = 0; i < nh; i++)
          {
            rdt_hex_grid_walk (grid, centre, rdt_hex_grid_hex_at_index (grid, i), &walk);
            steps += walk.n_steps;
          }
        walk_t[r] = now () - t0;
      }
    rdt_hex_walk_clear (&walk);
    fan_ms = bench_median (fan_t, 15) * 1e3;
    walk_ms = bench_median (walk_t, 15) * 1e3;
    printf ("%-28s %8u hexes  %.2f ms per fan, %.2f ms to walk its segments (%.1f steps each)\n",
            "full-map LOS fan from 5050", nh, fan_ms, walk_ms, (double) steps / (15.0 * nh));
  }

  t0 = now ();
  for (int r = 0; r < 50; r++)
    for (int side = 0; side < 2; side++)
      rdt_zoc_map_free (rdt_zoc_map_new (board, side));
  t = (now () - t0) / 50;
  printf ("%-28s %8u units  %.3f ms for both sides' maps\n", "full ZOC map", rdt_board_get_n_units (board), t * 1e3);

  rdt_los_free (los);

  bench_print_load ();
  bench_ratio ("los-near-vs-walk", ratio_near, 2.0);
  bench_ratio ("los-far-vs-walk", ratio_far, 2.0);
  bench_ratio ("los-empty-board-vs-walk", ratio_open, 2.0);
  bench_time ("los-fan-full-map", fan_ms, 5.0);
  bench_ratio ("los-fan-vs-walks", fan_ms / walk_ms, 0.2);
  return bench_status;
}
