/* test-los-fan.c: the LOS fan (rdt_los_fan) gives every hex the verdict of a
 * per-pair LOS check (Series Rules 11.41-11.44, ../shared/los-conventions.md).
 *
 * The fan walks each segment only as far as its verdict needs (issue 15): the
 * target's end crossing comes from the walk back from the target, case C
 * stops at once, cases A and B at the first blocking step.  On random boards
 * of both orientations and both shifts, under both editions of 11.43 B, with
 * slopes, slope/creeks, blocking terrain and units, and with the dispute
 * options (units ignored, hexes treated as occupied), every fan entry must
 * equal rdt_los_check() of the same pair: verdict, case, up-slope ends, the
 * first blocking reason (or the top-level one) and the distance.
 */
#undef G_DISABLE_ASSERT
#include "config.h"

#include <string.h>

#include "redoubt-core.h"

static RdtBoard *
random_board (RdtGridOrientation orientation,
              RdtGridShift       shift,
              RdtLosEdition      edition,
              guint32            seed,
              double             density)
{
  RdtGridSettings s = { 19, 17, 1, 1, orientation, shift };
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtHexGrid) grid = rdt_hex_grid_new (&s, &error);
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  RdtBoard *board;

  g_assert_no_error (error);
  board = rdt_board_new (grid);
  rdt_board_add_side (board, "British");
  rdt_board_add_side (board, "American");
  rdt_board_set_los_edition (board, edition);
  for (guint i = 0; i < rdt_hex_grid_get_n_hexes (grid); i++)
    {
      RdtHex h = rdt_hex_grid_hex_at_index (grid, i);

      if (g_rand_double (rand) < 0.12 * density)
        rdt_board_set_hex (board, h, "woods", RDT_BOARD_HEX_BLOCKS_LOS, NULL);
      if (g_rand_double (rand) < 0.06 * density)
        {
          RdtBoardUnit u = { NULL, h, g_rand_int_range (rand, 0, 2), RDT_UNIT_STATE_PARADE_ORDER,
                             RDT_BOARD_UNIT_COMBAT, 0, NULL };
          rdt_board_add_unit (board, &u, NULL);
        }
      for (int d = 1; d <= 3; d++)
        {
          RdtHex n = rdt_hex_grid_neighbour (grid, h, d);

          if (!rdt_hex_grid_contains (grid, n) || g_rand_double (rand) >= 0.35 * density)
            continue;
          if (g_rand_boolean (rand))
            rdt_board_add_slope (board, h, n, NULL);
          else
            rdt_board_add_slope (board, n, h, NULL);
          if (g_rand_double (rand) < 0.2)
            rdt_board_add_water (board, h, n, FALSE, NULL);
        }
    }
  return board;
}

static RdtLosReason
first_blocking_reason (const RdtLosReport *report)
{
  for (guint i = 0; i < rdt_los_report_get_n_steps (report); i++)
    {
      const RdtLosStep *step = rdt_los_report_get_step (report, i);
      if (step->effect == RDT_LOS_EFFECT_BLOCKS)
        return step->reason;
    }
  return report->reason;
}

static guint n_cases[4];

static guint
compare_fan (RdtLos *los,
             RdtHex  from,
             int     range,
             guint  *n_blocked)
{
  RdtHexGrid *grid = rdt_board_get_grid (rdt_los_get_board (los));
  g_autoptr(GArray) fan = rdt_los_fan (los, from, range);
  g_auto(RdtLosReport) report;

  rdt_los_report_init (&report);
  if (range < 0)
    g_assert_cmpuint (fan->len, ==, rdt_hex_grid_get_n_hexes (grid));
  for (guint i = 0; i < fan->len; i++)
    {
      const RdtLosFanEntry *e = &g_array_index (fan, RdtLosFanEntry, i);
      RdtLosVerdict plain = rdt_los_check (los, from, e->hex, NULL);
      RdtLosVerdict full = rdt_los_check (los, from, e->hex, &report);

      g_assert_cmpint (plain, ==, full);
      if (e->verdict != plain || e->los_case != report.los_case ||
          e->up_slope != report.up_slope || e->reason != first_blocking_reason (&report) ||
          e->distance != report.distance)
        {
          g_autofree char *a = rdt_hex_grid_dup_label (grid, from);
          g_autofree char *b = rdt_hex_grid_dup_label (grid, e->hex);
          g_error ("fan %s -> %s: verdict %d case %d up %u reason %d distance %d; "
                   "per pair: verdict %d case %d up %u reason %d distance %d",
                   a, b, e->verdict, e->los_case, e->up_slope, e->reason, e->distance,
                   plain, report.los_case, report.up_slope, first_blocking_reason (&report),
                   report.distance);
        }
      *n_blocked += plain == RDT_LOS_BLOCKED;
      n_cases[CLAMP ((int) report.los_case, 0, 3)]++;
    }
  return fan->len;
}

static void
check_boards (RdtGridOrientation orientation,
              RdtLosEdition      edition)
{
  guint n = 0, blocked = 0;

  memset (n_cases, 0, sizeof n_cases);
  for (guint seed = 1; seed <= 6; seed++)
    for (int shift = RDT_GRID_SHIFT_ODD; shift <= RDT_GRID_SHIFT_EVEN; shift++)
      {
        g_autoptr(RdtBoard) board = random_board (orientation, shift, edition, seed * 7919 + edition,
                                                  seed == 6 ? 0.3 : 1.0);
        RdtHexGrid *grid = rdt_board_get_grid (board);
        g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
        RdtLos *los = rdt_los_new (board);

        for (int k = 0; k < 6; k++)
          {
            RdtHex from = rdt_hex_grid_hex_at_index (grid, g_rand_int_range (rand, 0, rdt_hex_grid_get_n_hexes (grid)));
            RdtHex occupied[2] = { rdt_hex_grid_hex_at_index (grid, g_rand_int_range (rand, 0, 50)),
                                   rdt_hex_grid_hex_at_index (grid, g_rand_int_range (rand, 0, 50)) };

            n += compare_fan (los, from, -1, &blocked);
            n += compare_fan (los, from, 3, &blocked);
            /* The dispute options (11.42). */
            rdt_los_set_ignore_units (los, TRUE);
            n += compare_fan (los, from, -1, &blocked);
            rdt_los_set_ignore_units (los, FALSE);
            rdt_los_set_occupied (los, occupied, 2);
            n += compare_fan (los, from, 6, &blocked);
            rdt_los_set_occupied (los, NULL, 0);
          }
        /* A corner of the map. */
        n += compare_fan (los, rdt_hex_grid_hex_at_index (grid, 0), -1, &blocked);
        rdt_los_free (los);
      }
  g_test_message ("%u targets compared, %u blocked", n, blocked);
  /* Both verdicts occur, or the comparison proves little. */
  g_assert_cmpuint (blocked, >, n / 10);
  g_assert_cmpuint (blocked, <, n - n / 10);
  /* Every case of 11.43 occurs. */
  g_assert_cmpuint (n_cases[RDT_LOS_CASE_A], >, 100);
  g_assert_cmpuint (n_cases[RDT_LOS_CASE_B], >, 100);
  g_assert_cmpuint (n_cases[RDT_LOS_CASE_C], >, 100);
}

static void
test_flat_current (void)
{
  check_boards (RDT_GRID_FLAT_TOP, RDT_LOS_EDITION_CURRENT);
}

static void
test_flat_older (void)
{
  check_boards (RDT_GRID_FLAT_TOP, RDT_LOS_EDITION_OLDER);
}

static void
test_pointy_current (void)
{
  check_boards (RDT_GRID_POINTY_TOP, RDT_LOS_EDITION_CURRENT);
}

static void
test_pointy_older (void)
{
  check_boards (RDT_GRID_POINTY_TOP, RDT_LOS_EDITION_OLDER);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/los/fan-11.4/flat-top/current-11.43B-equals-per-pair", test_flat_current);
  g_test_add_func ("/los/fan-11.4/flat-top/older-11.43B-equals-per-pair", test_flat_older);
  g_test_add_func ("/los/fan-11.4/pointy-top/current-11.43B-equals-per-pair", test_pointy_current);
  g_test_add_func ("/los/fan-11.4/pointy-top/older-11.43B-equals-per-pair", test_pointy_older);
  return g_test_run ();
}
