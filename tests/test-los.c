/* test-los.c: line of sight, Series Rules 11.41 to 11.44 and
 * ../shared/los-conventions.md.
 *
 * Each sentence of 11.41-11.44 has at least one test named after its rule.
 * Maps are built with the RdtBoard builder; a floating-point oracle written here
 * (samples along the segment, hex lookup by drawing coordinates) cross-checks
 * the exact code on random boards wherever the line stays clear of every hex
 * corner, and a symmetry test checks LOS(A, B) against LOS(B, A) with the
 * report reversed.
 */
#undef G_DISABLE_ASSERT
#include "config.h"

#include <math.h>
#include <string.h>

#include "redoubt-core.h"

#define H(c, r) ((RdtHex) { (c), (r) })

/* ---- Helpers ------------------------------------------------------------ */

static RdtBoard *
make_board_full (RdtGridOrientation orientation,
                 RdtGridShift       shift,
                 int                columns,
                 int                rows,
                 int                first)
{
  RdtGridSettings s = { columns, rows, first, first, orientation, shift };
  g_autoptr (GError) error = NULL;
  g_autoptr (RdtHexGrid) grid = rdt_hex_grid_new (&s, &error);
  RdtBoard *board;

  g_assert_no_error (error);
  board = rdt_board_new (grid);
  g_assert_cmpint (rdt_board_add_side (board, "British"), ==, 0);
  g_assert_cmpint (rdt_board_add_side (board, "American"), ==, 1);
  return board;
}

/* Flat-top, odd columns shifted down (Germantown 3.2.1), columns and rows 1-10. */
static RdtBoard *
make_board (void)
{
  return make_board_full (RDT_GRID_FLAT_TOP, RDT_GRID_SHIFT_ODD, 10, 10, 1);
}

static void
block (RdtBoard *board,
       RdtHex    hex)
{
  g_autoptr (GError) error = NULL;
  rdt_board_set_hex (board, hex, "forest", RDT_BOARD_HEX_BLOCKS_LOS, &error);
  g_assert_no_error (error);
}

static void
slope (RdtBoard *board,
       RdtHex    high,
       RdtHex    low)
{
  g_autoptr (GError) error = NULL;
  rdt_board_add_slope (board, high, low, &error);
  g_assert_no_error (error);
}

static int
unit (RdtBoard *board,
      RdtHex    hex,
      int       side,
      guint     flags)
{
  g_autoptr (GError) error = NULL;
  RdtBoardUnit u = { NULL, hex, side, RDT_UNIT_STATE_PARADE_ORDER, flags, 0, NULL };
  int index = rdt_board_add_unit (board, &u, &error);
  g_assert_no_error (error);
  return index;
}

typedef struct {
  RdtLos *los;
  RdtLosReport report;
} Query;

static RdtLosVerdict
check (RdtBoard     *board,
       RdtHex        from,
       RdtHex        to,
       RdtLosReport *report)
{
  RdtLos *los = rdt_los_new (board);
  RdtLosVerdict v = rdt_los_check (los, from, to, report);
  RdtLosVerdict fast = rdt_los_check (los, from, to, NULL);

  /* The fast path (no report) must agree with the full one. */
  g_assert_cmpint (v, ==, fast);
  rdt_los_free (los);
  return v;
}

static gboolean
report_has (const RdtLosReport *report,
            RdtLosEffect        effect,
            RdtLosReason        reason)
{
  for (guint i = 0; i < report->steps->len; i++)
    {
      const RdtLosStep *s = rdt_los_report_get_step (report, i);
      if (s->effect == effect && s->reason == reason)
        return TRUE;
    }
  return FALSE;
}

static gboolean
rules_include (const RdtLosReport *report,
               const char         *rule)
{
  g_auto (GStrv) rules = rdt_los_report_dup_rules (report, NULL);
  return g_strv_contains ((const char *const *) rules, rule);
}

static gboolean
hex_eq (RdtHex a,
        RdtHex b)
{
  return a.col == b.col && a.row == b.row;
}

/* ---- 11.41 --------------------------------------------------------------- */

static void
test_11_41_adjacent (void)
{
  g_autoptr (RdtBoard) board = make_board ();
  RdtLosReport r;

  /* Everything that could block, around and between two adjacent hexes. */
  block (board, H (5, 5));
  block (board, H (5, 6));
  slope (board, H (5, 5), H (5, 6));
  unit (board, H (5, 5), 0, RDT_BOARD_UNIT_COMBAT);
  unit (board, H (5, 6), 1, RDT_BOARD_UNIT_COMBAT);
  rdt_los_report_init (&r);
  g_assert_cmpint (check (board, H (5, 6), H (5, 5), &r), ==, RDT_LOS_CLEAR);
  g_assert_cmpint (r.los_case, ==, RDT_LOS_CASE_NONE);
  g_assert_cmpint (r.reason, ==, RDT_LOS_REASON_ADJACENT);
  g_assert_true (rules_include (&r, "11.41"));
  rdt_los_report_clear (&r);
}

static void
test_11_41_centre_to_centre (void)
{
  g_autoptr (RdtBoard) board = make_board ();
  RdtLosReport r;
  RdtHex expect[] = { H (5, 2), H (5, 3), H (5, 4), H (5, 5) };
  guint k = 0;

  rdt_los_report_init (&r);
  g_assert_cmpint (check (board, H (5, 2), H (5, 5), &r), ==, RDT_LOS_CLEAR);
  for (guint i = 0; i < r.steps->len; i++)
    {
      const RdtLosStep *s = rdt_los_report_get_step (&r, i);
      if (s->kind == RDT_LOS_STEP_HEX)
        {
          g_assert_cmpuint (k, <, G_N_ELEMENTS (expect));
          g_assert_true (hex_eq (s->hex, expect[k]));
          k++;
        }
    }
  g_assert_cmpuint (k, ==, G_N_ELEMENTS (expect));
  g_assert_cmpint (r.distance, ==, 3);
  rdt_los_report_clear (&r);
}

static void
test_11_41_slope_with_water (void)
{
  g_autoptr (RdtBoard) board = make_board ();
  g_autoptr (GError) error = NULL;
  RdtLosReport r;

  /* A creek alone is not a slope... */
  rdt_board_add_water (board, H (5, 3), H (5, 4), FALSE, &error);
  g_assert_no_error (error);
  g_assert_cmpint (check (board, H (5, 2), H (5, 5), NULL), ==, RDT_LOS_CLEAR);
  /* ...but slope with creek is a slope hexside for LOS. */
  slope (board, H (5, 3), H (5, 4));
  rdt_los_report_init (&r);
  g_assert_cmpint (check (board, H (5, 2), H (5, 5), &r), ==, RDT_LOS_BLOCKED);
  g_assert_true (report_has (&r, RDT_LOS_EFFECT_BLOCKS, RDT_LOS_REASON_SLOPE_BLOCKS_A));
  for (guint i = 0; i < r.steps->len; i++)
    {
      const RdtLosStep *s = rdt_los_report_get_step (&r, i);
      if (s->effect == RDT_LOS_EFFECT_BLOCKS)
        g_assert_true (s->features & RDT_LOS_FEATURE_WATER);
    }
  rdt_los_report_clear (&r);
}

/* ---- 11.42 --------------------------------------------------------------- */

static void
test_11_42_blocking_terrain (void)
{
  g_autoptr (RdtBoard) board = make_board ();
  RdtLosReport r;

  block (board, H (5, 3));
  rdt_los_report_init (&r);
  g_assert_cmpint (check (board, H (5, 2), H (5, 5), &r), ==, RDT_LOS_BLOCKED);
  g_assert_cmpint (r.los_case, ==, RDT_LOS_CASE_A);
  g_assert_true (report_has (&r, RDT_LOS_EFFECT_BLOCKS, RDT_LOS_REASON_BLOCKING_HEX));
  g_assert_true (rules_include (&r, "11.42"));
  rdt_los_report_clear (&r);
}

static void
test_11_42_terrain_is_data (void)
{
  g_autoptr (RdtBoard) board = make_board ();
  g_autoptr (GError) error = NULL;

  /* Brandywine 3.8: "The Birmingham Meeting House and Town hexes are blocking
   * terrain" only because the volume data says so (convention 11). */
  rdt_board_set_hex (board, H (5, 3), "meeting-house", 0, &error);
  g_assert_no_error (error);
  g_assert_cmpint (check (board, H (5, 2), H (5, 5), NULL), ==, RDT_LOS_CLEAR);
  rdt_board_set_hex (board, H (5, 3), "meeting-house", RDT_BOARD_HEX_BLOCKS_LOS, &error);
  g_assert_no_error (error);
  g_assert_cmpint (check (board, H (5, 2), H (5, 5), NULL), ==, RDT_LOS_BLOCKED);
  g_assert_cmpstr (rdt_board_get_hex_terrain (board, H (5, 3)), ==, "meeting-house");
}

static void
test_11_42_units_either_side (void)
{
  for (int side = 0; side < 2; side++)
    {
      g_autoptr (RdtBoard) board = make_board ();
      RdtLosReport r;

      unit (board, H (5, 2), 0, RDT_BOARD_UNIT_COMBAT | RDT_BOARD_UNIT_ARTILLERY);
      unit (board, H (5, 4), side, RDT_BOARD_UNIT_COMBAT);
      rdt_los_report_init (&r);
      g_assert_cmpint (check (board, H (5, 2), H (5, 5), &r), ==, RDT_LOS_BLOCKED);
      g_assert_true (report_has (&r, RDT_LOS_EFFECT_BLOCKS, RDT_LOS_REASON_BLOCKING_HEX));
      for (guint i = 0; i < r.steps->len; i++)
        {
          const RdtLosStep *s = rdt_los_report_get_step (&r, i);
          if (s->effect == RDT_LOS_EFFECT_BLOCKS)
            g_assert_cmpuint (s->features, ==, RDT_LOS_FEATURE_UNITS);
        }
      rdt_los_report_clear (&r);
    }
}

static void
test_11_42_leaders_do_not_block (void)
{
  g_autoptr (RdtBoard) board = make_board ();

  /* 3.1: "Leaders and markers are not combat units." */
  unit (board, H (5, 4), 1, 0);
  g_assert_cmpint (check (board, H (5, 2), H (5, 5), NULL), ==, RDT_LOS_CLEAR);
}

static void
test_11_42_into_not_through (void)
{
  g_autoptr (RdtBoard) board = make_board ();
  RdtLosReport r;

  /* "LOS can always be traced into blocking terrain or hexes containing combat
   * units, but never through it." */
  block (board, H (5, 5));
  unit (board, H (5, 2), 0, RDT_BOARD_UNIT_COMBAT);
  block (board, H (5, 2));
  rdt_los_report_init (&r);
  g_assert_cmpint (check (board, H (5, 2), H (5, 5), &r), ==, RDT_LOS_CLEAR);
  g_assert_cmpint (rdt_los_report_get_step (&r, 0)->reason, ==, RDT_LOS_REASON_END_HEX);
  g_assert_cmpint (rdt_los_report_get_step (&r, r.steps->len - 1)->reason, ==, RDT_LOS_REASON_END_HEX);
  g_assert_cmpint (check (board, H (5, 2), H (5, 6), &r), ==, RDT_LOS_BLOCKED);
  g_assert_cmpint (check (board, H (5, 1), H (5, 4), &r), ==, RDT_LOS_BLOCKED);
  rdt_los_report_clear (&r);
}

static void
test_options (void)
{
  g_autoptr (RdtBoard) board = make_board ();
  RdtLos *los;
  RdtHex occ[] = { H (5, 3) };

  unit (board, H (5, 4), 1, RDT_BOARD_UNIT_COMBAT);
  los = rdt_los_new (board);
  g_assert_cmpint (rdt_los_check (los, H (5, 2), H (5, 5), NULL), ==, RDT_LOS_BLOCKED);
  rdt_los_set_ignore_units (los, TRUE);
  g_assert_cmpint (rdt_los_check (los, H (5, 2), H (5, 5), NULL), ==, RDT_LOS_CLEAR);
  rdt_los_set_occupied (los, occ, 1);
  g_assert_cmpint (rdt_los_check (los, H (5, 2), H (5, 5), NULL), ==, RDT_LOS_BLOCKED);
  g_assert_cmpint (rdt_los_check (los, H (5, 3), H (5, 5), NULL), ==, RDT_LOS_CLEAR);
  rdt_los_set_occupied (los, NULL, 0);
  g_assert_cmpint (rdt_los_check (los, H (5, 2), H (5, 5), NULL), ==, RDT_LOS_CLEAR);
  /* The cache follows the board. */
  rdt_los_set_ignore_units (los, FALSE);
  block (board, H (5, 3));
  rdt_los_set_ignore_units (los, TRUE);
  g_assert_cmpint (rdt_los_check (los, H (5, 2), H (5, 5), NULL), ==, RDT_LOS_BLOCKED);
  rdt_los_free (los);
}

/* ---- 11.43 --------------------------------------------------------------- */

static void
test_11_43_up_slope_definition (void)
{
  g_autoptr (RdtBoard) board = make_board ();
  RdtLosReport r;

  /* "A unit is in an 'up slope' position if the LOS traced from the other unit
   * crosses an up slope hexside as it enters the target hex." */
  slope (board, H (5, 5), H (5, 4));
  rdt_los_report_init (&r);
  check (board, H (5, 2), H (5, 5), &r);
  g_assert_cmpuint (r.up_slope, ==, RDT_LOS_UP_SLOPE_TARGET);
  check (board, H (5, 5), H (5, 2), &r);
  g_assert_cmpuint (r.up_slope, ==, RDT_LOS_UP_SLOPE_FIRER);
  g_assert_cmpint (r.los_case, ==, RDT_LOS_CASE_B);
  rdt_los_report_clear (&r);

  /* The solid line on the other side: the far hex is down slope. */
  {
    g_autoptr (RdtBoard) b2 = make_board ();
    slope (b2, H (5, 4), H (5, 5));
    rdt_los_report_init (&r);
    check (b2, H (5, 2), H (5, 5), &r);
    g_assert_cmpuint (r.up_slope, ==, RDT_LOS_UP_SLOPE_NONE);
    g_assert_cmpint (r.los_case, ==, RDT_LOS_CASE_A);
    rdt_los_report_clear (&r);
  }
}

static void
test_11_43_case_a_blocking_hex (void)
{
  g_autoptr (RdtBoard) board = make_board ();
  RdtLosReport r;

  /* "The LOS is blocked if it passes through any blocking terrain hex." */
  block (board, H (5, 4));
  rdt_los_report_init (&r);
  g_assert_cmpint (check (board, H (5, 2), H (5, 5), &r), ==, RDT_LOS_BLOCKED);
  g_assert_cmpint (r.los_case, ==, RDT_LOS_CASE_A);
  g_assert_true (rules_include (&r, "11.43 A"));
  rdt_los_report_clear (&r);
}

static void
test_11_43_case_a_slope (void)
{
  RdtLosReport r;

  rdt_los_report_init (&r);
  /* "...blocked if it crosses any slope hexside which is not part of the
   * firing or target unit's hexes", whichever side is high. */
  for (int high = 0; high < 2; high++)
    {
      g_autoptr (RdtBoard) board = make_board ();
      if (high)
        slope (board, H (5, 3), H (5, 4));
      else
        slope (board, H (5, 4), H (5, 3));
      g_assert_cmpint (check (board, H (5, 2), H (5, 5), &r), ==, RDT_LOS_BLOCKED);
      g_assert_cmpint (r.los_case, ==, RDT_LOS_CASE_A);
      g_assert_true (report_has (&r, RDT_LOS_EFFECT_BLOCKS, RDT_LOS_REASON_SLOPE_BLOCKS_A));
    }
  rdt_los_report_clear (&r);
}

static void
test_11_43_case_a_end_hexsides (void)
{
  g_autoptr (RdtBoard) board = make_board ();
  RdtLosReport r;

  /* Slope hexsides of the firing and target hexes, neither unit up slope
   * (each end is the low side). */
  slope (board, H (5, 3), H (5, 2));
  slope (board, H (5, 4), H (5, 5));
  rdt_los_report_init (&r);
  g_assert_cmpint (check (board, H (5, 2), H (5, 5), &r), ==, RDT_LOS_CLEAR);
  g_assert_cmpint (r.los_case, ==, RDT_LOS_CASE_A);
  g_assert_true (report_has (&r, RDT_LOS_EFFECT_ALLOWED, RDT_LOS_REASON_SLOPE_END_HEXSIDE));
  rdt_los_report_clear (&r);
}

static void
test_11_43_case_b_blocking_hex (void)
{
  for (int ed = 0; ed < 2; ed++)
    {
      g_autoptr (RdtBoard) board = make_board ();
      RdtLosReport r;

      rdt_board_set_los_edition (board, ed ? RDT_LOS_EDITION_OLDER : RDT_LOS_EDITION_CURRENT);
      slope (board, H (5, 5), H (5, 4));
      unit (board, H (5, 3), 1, RDT_BOARD_UNIT_COMBAT);
      rdt_los_report_init (&r);
      g_assert_cmpint (check (board, H (5, 2), H (5, 5), &r), ==, RDT_LOS_BLOCKED);
      g_assert_cmpint (r.los_case, ==, RDT_LOS_CASE_B);
      g_assert_true (report_has (&r, RDT_LOS_EFFECT_BLOCKS, RDT_LOS_REASON_BLOCKING_HEX));
      rdt_los_report_clear (&r);
    }
}

static void
test_11_43_case_b_current_up_slope_hexsides (void)
{
  g_autoptr (RdtBoard) board = make_board ();
  RdtLosReport r;

  /* "With one unit 'up slope', a LOS may be traced through a slope hexside
   * which is part of the 'up-slope' unit's hex." */
  slope (board, H (5, 5), H (5, 4));
  rdt_los_report_init (&r);
  g_assert_cmpint (check (board, H (5, 2), H (5, 5), &r), ==, RDT_LOS_CLEAR);
  g_assert_cmpint (r.los_case, ==, RDT_LOS_CASE_B);
  g_assert_true (report_has (&r, RDT_LOS_EFFECT_UP_SLOPE, RDT_LOS_REASON_SLOPE_UP_SLOPE_HEX));
  g_assert_true (rules_include (&r, "11.43 B"));
  rdt_los_report_clear (&r);
}

static void
test_11_43_case_b_current_other_slopes (void)
{
  g_autoptr (RdtBoard) board = make_board ();
  RdtLosReport r;

  /* A staircase: other slope hexsides still block in the current edition. */
  slope (board, H (5, 5), H (5, 4));
  slope (board, H (5, 4), H (5, 3));
  rdt_los_report_init (&r);
  g_assert_cmpint (check (board, H (5, 2), H (5, 5), &r), ==, RDT_LOS_BLOCKED);
  g_assert_cmpint (r.los_case, ==, RDT_LOS_CASE_B);
  g_assert_true (report_has (&r, RDT_LOS_EFFECT_BLOCKS, RDT_LOS_REASON_SLOPE_BLOCKS_B));
  rdt_los_report_clear (&r);
}

static void
test_11_43_case_b_older_same_orientation (void)
{
  g_autoptr (RdtBoard) board = make_board ();
  RdtLosReport r;

  /* "The up slope direction of the hexside must be in the same orientation as
   * the up slope direction of the slope hexside in the firing or target unit's
   * hex." Both rise to the south. */
  rdt_board_set_los_edition (board, RDT_LOS_EDITION_OLDER);
  slope (board, H (5, 5), H (5, 4));
  slope (board, H (5, 4), H (5, 3));
  rdt_los_report_init (&r);
  g_assert_cmpint (check (board, H (5, 2), H (5, 5), &r), ==, RDT_LOS_CLEAR);
  g_assert_cmpint (r.los_case, ==, RDT_LOS_CASE_B);
  g_assert_true (report_has (&r, RDT_LOS_EFFECT_ALLOWED, RDT_LOS_REASON_SLOPE_SAME_ORIENTATION));
  g_assert_true (rules_include (&r, "11.43 B (older edition)"));
  rdt_los_report_clear (&r);
}

static void
test_11_43_case_b_older_other_orientation (void)
{
  g_autoptr (RdtBoard) board = make_board ();
  RdtLosReport r;

  /* "If the orientation is not the same, the LOS is blocked." A ridge rising
   * to the north in between. */
  rdt_board_set_los_edition (board, RDT_LOS_EDITION_OLDER);
  slope (board, H (5, 5), H (5, 4));
  slope (board, H (5, 3), H (5, 4));
  rdt_los_report_init (&r);
  g_assert_cmpint (check (board, H (5, 2), H (5, 5), &r), ==, RDT_LOS_BLOCKED);
  g_assert_true (report_has (&r, RDT_LOS_EFFECT_BLOCKS, RDT_LOS_REASON_SLOPE_OTHER_ORIENTATION));
  rdt_los_report_clear (&r);

  /* Also a slope rising to the south-east, not to the south: other orientation. */
  {
    g_autoptr (RdtBoard) b2 = make_board ();
    rdt_board_set_los_edition (b2, RDT_LOS_EDITION_OLDER);
    slope (b2, H (5, 6), H (5, 5));
    slope (b2, H (5, 3), H (5, 4));
    g_assert_cmpint (check (b2, H (5, 2), H (5, 6), NULL), ==, RDT_LOS_BLOCKED);
  }
}

static void
test_11_43_case_b_older_range_3 (void)
{
  RdtLosReport r;

  rdt_los_report_init (&r);
  /* "If both the firing and target units have slope hexsides and the range is
   * 3 hexes, the intervening hexside must also be a slope hexside with the
   * same orientation as the other two hexsides." */
  {
    g_autoptr (RdtBoard) board = make_board ();
    rdt_board_set_los_edition (board, RDT_LOS_EDITION_OLDER);
    slope (board, H (5, 3), H (5, 2));   /* firer's hexside, firer low */
    slope (board, H (5, 5), H (5, 4));   /* target up slope */
    g_assert_cmpint (check (board, H (5, 2), H (5, 5), &r), ==, RDT_LOS_BLOCKED);
    g_assert_true (report_has (&r, RDT_LOS_EFFECT_BLOCKS, RDT_LOS_REASON_RANGE3_NOT_SLOPE));
    /* The current edition has no such requirement. */
    rdt_board_set_los_edition (board, RDT_LOS_EDITION_CURRENT);
    g_assert_cmpint (check (board, H (5, 2), H (5, 5), &r), ==, RDT_LOS_CLEAR);
    /* With the intervening slope of the same orientation: clear. */
    rdt_board_set_los_edition (board, RDT_LOS_EDITION_OLDER);
    slope (board, H (5, 4), H (5, 3));
    g_assert_cmpint (check (board, H (5, 2), H (5, 5), &r), ==, RDT_LOS_CLEAR);
  }
  {
    /* "If this intervening hexside is not a slope hexside or if the
     * orientation is different, the LOS is blocked." */
    g_autoptr (RdtBoard) board = make_board ();
    rdt_board_set_los_edition (board, RDT_LOS_EDITION_OLDER);
    slope (board, H (5, 3), H (5, 2));
    slope (board, H (5, 5), H (5, 4));
    slope (board, H (5, 3), H (5, 4));
    g_assert_cmpint (check (board, H (5, 2), H (5, 5), &r), ==, RDT_LOS_BLOCKED);
    g_assert_true (report_has (&r, RDT_LOS_EFFECT_BLOCKS, RDT_LOS_REASON_SLOPE_OTHER_ORIENTATION));
  }
  {
    /* Not at range 3: only the up-slope end's hexside, nothing intervening
     * that is not a slope is a problem at range 4 with one slope end. */
    g_autoptr (RdtBoard) board = make_board ();
    rdt_board_set_los_edition (board, RDT_LOS_EDITION_OLDER);
    slope (board, H (5, 6), H (5, 5));
    g_assert_cmpint (check (board, H (5, 2), H (5, 6), &r), ==, RDT_LOS_CLEAR);
  }
  rdt_los_report_clear (&r);
}

static void
test_11_43_case_c (void)
{
  for (int ed = 0; ed < 2; ed++)
    {
      g_autoptr (RdtBoard) board = make_board ();
      RdtLosReport r;

      /* "Both units are 'up slope': The LOS between these units is always
       * clear. Ignore blocking terrain." A valley with woods, a unit and a
       * slope in it. */
      rdt_board_set_los_edition (board, ed ? RDT_LOS_EDITION_OLDER : RDT_LOS_EDITION_CURRENT);
      slope (board, H (5, 2), H (5, 3));
      slope (board, H (5, 6), H (5, 5));
      block (board, H (5, 3));
      unit (board, H (5, 4), 1, RDT_BOARD_UNIT_COMBAT);
      slope (board, H (5, 5), H (5, 4));
      rdt_los_report_init (&r);
      g_assert_cmpint (check (board, H (5, 2), H (5, 6), &r), ==, RDT_LOS_CLEAR);
      g_assert_cmpint (r.los_case, ==, RDT_LOS_CASE_C);
      g_assert_cmpuint (r.up_slope, ==, RDT_LOS_UP_SLOPE_BOTH);
      g_assert_true (report_has (&r, RDT_LOS_EFFECT_IGNORED, RDT_LOS_REASON_BLOCKING_IGNORED));
      g_assert_true (report_has (&r, RDT_LOS_EFFECT_IGNORED, RDT_LOS_REASON_SLOPE_IGNORED));
      g_assert_true (rules_include (&r, "11.43 C"));
      rdt_los_report_clear (&r);
    }
}

/* ---- 11.44 and the conventions on both grid orientations ------------------ */

typedef struct {
  RdtHex from, to;
  RdtHexside along;   /* the hexside the first run goes along */
  RdtHex side_hex[2];
  RdtHex from_side[2]; /* the two other hexes at the firer's corner */
  RdtHex to_side[2];
} Spine;

/* The first spine line of range 2 from `from` found by the walk. */
static gboolean
find_spine (RdtBoard *board,
            RdtHex    from,
            int       dist,
            Spine    *out)
{
  RdtHexGrid *grid = rdt_board_get_grid (board);
  g_autoptr (GArray) ring = rdt_hex_grid_ring (grid, from, dist);
  RdtHexWalk walk;

  rdt_hex_walk_init (&walk);
  for (guint i = 0; i < ring->len; i++)
    {
      RdtHex to = g_array_index (ring, RdtHex, i);
      if (!rdt_hex_grid_is_spine_line (grid, from, to))
        continue;
      rdt_hex_grid_walk (grid, from, to, &walk);
      g_assert_cmpint (walk.steps[1].kind, ==, RDT_WALK_RUN);
      out->from = from;
      out->to = to;
      out->along = walk.steps[1].hexside;
      out->side_hex[0] = walk.steps[1].hexside.a;
      out->side_hex[1] = walk.steps[1].hexside.b;
      for (int k = 0; k < 2; k++)
        {
          out->from_side[k] = rdt_hexside_other (walk.steps[1].from_sides[k], from);
          out->to_side[k] = rdt_hexside_other (walk.steps[walk.n_steps - 2].to_sides[k], to);
        }
      rdt_hex_walk_clear (&walk);
      return TRUE;
    }
  rdt_hex_walk_clear (&walk);
  return FALSE;
}

static RdtBoard *
board_for (gconstpointer data)
{
  return GPOINTER_TO_INT (data) == RDT_GRID_FLAT_TOP ?
         make_board_full (RDT_GRID_FLAT_TOP, RDT_GRID_SHIFT_ODD, 10, 10, 1) :
         make_board_full (RDT_GRID_POINTY_TOP, RDT_GRID_SHIFT_EVEN, 10, 10, 0);
}

static void
test_11_44_spine (gconstpointer data)
{
  RdtLosReport r;
  Spine sp;

  rdt_los_report_init (&r);
  /* "If a LOS runs exactly along a hexside, it is blocked only if both hexes
   * adjacent to the hexside contain blocking terrain and/or combat units." */
  for (int mask = 0; mask < 4; mask++)
    {
      g_autoptr (RdtBoard) board = board_for (data);
      RdtLosVerdict v;

      g_assert_true (find_spine (board, H (5, 5), 2, &sp));
      if (mask & 1)
        block (board, sp.side_hex[0]);
      if (mask & 2)
        unit (board, sp.side_hex[1], 1, RDT_BOARD_UNIT_COMBAT);
      v = check (board, sp.from, sp.to, &r);
      g_assert_cmpint (v, ==, mask == 3 ? RDT_LOS_BLOCKED : RDT_LOS_CLEAR);
      if (mask == 3)
        g_assert_true (report_has (&r, RDT_LOS_EFFECT_BLOCKS, RDT_LOS_REASON_SPINE_BOTH_BLOCK));
      else if (mask != 0)
        g_assert_true (report_has (&r, RDT_LOS_EFFECT_NONE, RDT_LOS_REASON_SPINE_ONE_SIDE));
      g_assert_true (rdt_hex_grid_is_spine_line (rdt_board_get_grid (board), sp.from, sp.to));
    }
  rdt_los_report_clear (&r);
}

static void
test_conv5_run_along_slope (gconstpointer data)
{
  g_autoptr (RdtBoard) board = board_for (data);
  RdtLosReport r;
  Spine sp;

  /* Convention 5: running along a hexside is not crossing it. */
  g_assert_true (find_spine (board, H (5, 5), 2, &sp));
  slope (board, sp.side_hex[0], sp.side_hex[1]);
  rdt_los_report_init (&r);
  g_assert_cmpint (check (board, sp.from, sp.to, &r), ==, RDT_LOS_CLEAR);
  g_assert_cmpint (r.los_case, ==, RDT_LOS_CASE_A);
  g_assert_true (report_has (&r, RDT_LOS_EFFECT_NONE, RDT_LOS_REASON_RUN_NOT_CROSSING));
  rdt_los_report_clear (&r);
}

static void
test_conv6_run_corners (gconstpointer data)
{
  RdtLosReport r;
  Spine sp;

  rdt_los_report_init (&r);
  /* Convention 6 at the target: up slope only if BOTH hexsides at the corner
   * are slopes with the target high. */
  {
    g_autoptr (RdtBoard) board = board_for (data);
    g_assert_true (find_spine (board, H (5, 5), 2, &sp));
    slope (board, sp.to, sp.to_side[0]);
    check (board, sp.from, sp.to, &r);
    g_assert_cmpuint (r.up_slope, ==, RDT_LOS_UP_SLOPE_NONE);
    g_assert_true (report_has (&r, RDT_LOS_EFFECT_NONE, RDT_LOS_REASON_CORNER_NOT_BOTH));
    slope (board, sp.to, sp.to_side[1]);
    check (board, sp.from, sp.to, &r);
    g_assert_cmpuint (r.up_slope, ==, RDT_LOS_UP_SLOPE_TARGET);
    g_assert_cmpint (r.los_case, ==, RDT_LOS_CASE_B);
    /* Both ends: case C, even through a blocked spine. */
    slope (board, sp.from, sp.from_side[0]);
    slope (board, sp.from, sp.from_side[1]);
    block (board, sp.side_hex[0]);
    block (board, sp.side_hex[1]);
    g_assert_cmpint (check (board, sp.from, sp.to, &r), ==, RDT_LOS_CLEAR);
    g_assert_cmpint (r.los_case, ==, RDT_LOS_CASE_C);
    g_assert_true (report_has (&r, RDT_LOS_EFFECT_IGNORED, RDT_LOS_REASON_SPINE_IGNORED));
  }
  /* Mixed sides at the corner: one high, one low: not a slope crossing. */
  {
    g_autoptr (RdtBoard) board = board_for (data);
    g_assert_true (find_spine (board, H (5, 5), 2, &sp));
    slope (board, sp.to, sp.to_side[0]);
    slope (board, sp.to_side[1], sp.to);
    check (board, sp.from, sp.to, &r);
    g_assert_cmpuint (r.up_slope, ==, RDT_LOS_UP_SLOPE_NONE);
  }
  /* In the middle of a range-4 spine: the hex passed through is left through
   * a corner; both of its hexsides there slope with it high: a slope crossed. */
  {
    g_autoptr (RdtBoard) board = board_for (data);
    RdtHexGrid *grid = rdt_board_get_grid (board);
    g_autoptr (GArray) ring = rdt_hex_grid_ring (grid, H (5, 5), 4);
    RdtHexWalk walk;
    gboolean found = FALSE;

    rdt_hex_walk_init (&walk);
    for (guint i = 0; i < ring->len && !found; i++)
      {
        RdtHex to = g_array_index (ring, RdtHex, i);
        RdtHex mid, p, q;

        if (!rdt_hex_grid_is_spine_line (grid, H (5, 5), to))
          continue;
        rdt_hex_grid_walk (grid, H (5, 5), to, &walk);
        g_assert_cmpuint (walk.n_steps, ==, 5);
        g_assert_cmpint (walk.steps[3].kind, ==, RDT_WALK_RUN);
        mid = walk.steps[2].hex;
        p = rdt_hexside_other (walk.steps[3].from_sides[0], mid);
        q = rdt_hexside_other (walk.steps[3].from_sides[1], mid);
        slope (board, mid, p);
        g_assert_cmpint (check (board, H (5, 5), to, &r), ==, RDT_LOS_CLEAR);
        slope (board, mid, q);
        g_assert_cmpint (check (board, H (5, 5), to, &r), ==, RDT_LOS_BLOCKED);
        g_assert_true (report_has (&r, RDT_LOS_EFFECT_BLOCKS, RDT_LOS_REASON_SLOPE_BLOCKS_A));
        found = TRUE;
      }
    rdt_hex_walk_clear (&walk);
    g_assert_true (found);
  }
  rdt_los_report_clear (&r);
}

/* A crossing through a corner (convention 4) between two hexes passed through. */
static void
test_conv4_6_corner_crossing (gconstpointer data)
{
  g_autoptr (RdtBoard) probe = board_for (data);
  RdtHexGrid *grid = rdt_board_get_grid (probe);
  RdtHexWalk walk;
  RdtLosReport r;
  gboolean found = FALSE;

  rdt_hex_walk_init (&walk);
  rdt_los_report_init (&r);
  for (int d = 3; d <= 5 && !found; d++)
    {
      g_autoptr (GArray) ring = rdt_hex_grid_ring (grid, H (5, 5), d);
      for (guint i = 0; i < ring->len && !found; i++)
        {
          RdtHex to = g_array_index (ring, RdtHex, i);
          rdt_hex_grid_walk (grid, H (5, 5), to, &walk);
          for (guint k = 2; k + 2 < walk.n_steps && !found; k++)
            {
              RdtWalkStep s = walk.steps[k];
              g_autoptr (RdtBoard) board = NULL;

              if (s.kind != RDT_WALK_CROSS || !s.via_corner ||
                  hex_eq (s.from, H (5, 5)) || hex_eq (s.to, to) ||
                  !rdt_hex_grid_contains (grid, s.grazed))
                continue;
              found = TRUE;
              board = board_for (data);
              /* Convention 3: the grazed hex is not passed through. */
              block (board, s.grazed);
              g_assert_cmpint (check (board, H (5, 5), to, &r), ==, RDT_LOS_CLEAR);
              g_assert_true (report_has (&r, RDT_LOS_EFFECT_NONE, RDT_LOS_REASON_GRAZED_CORNER));
              /* Convention 6: the crossed slope alone, at a corner, does not count... */
              slope (board, s.to, s.from);
              g_assert_cmpint (check (board, H (5, 5), to, &r), ==, RDT_LOS_CLEAR);
              g_assert_true (report_has (&r, RDT_LOS_EFFECT_NONE, RDT_LOS_REASON_CORNER_NOT_BOTH));
              /* The ruling says it in words a player follows (issue 12):
               * the corner passage from hex to hex, the grazed hex not passed
               * through, and the "both hexsides" rule; no convention numbers. */
              {
                g_autofree char *text = rdt_los_report_to_text (&r, grid);
                char f[RDT_HEX_LABEL_SIZE], t[RDT_HEX_LABEL_SIZE], z[RDT_HEX_LABEL_SIZE];
                g_autofree char *passage = NULL;

                rdt_hex_grid_format_label (grid, s.from, f);
                rdt_hex_grid_format_label (grid, s.to, t);
                rdt_hex_grid_format_label (grid, s.grazed, z);
                passage = g_strdup_printf ("goes from %s straight into %s through a corner of their hexside", f, t);
                g_assert_nonnull (strstr (text, passage));
                g_assert_nonnull (strstr (text, z));
                g_assert_nonnull (strstr (text, "does not pass through it"));
                g_assert_nonnull (strstr (text, "both hexsides of the hex at that corner are slopes"));
                g_assert_null (strstr (text, "convention"));
              }
              /* ...with the entered hex's other hexside at the corner also
               * rising to it, it does. */
              slope (board, s.to, s.grazed);
              g_assert_cmpint (check (board, H (5, 5), to, &r), ==, RDT_LOS_BLOCKED);
              g_assert_true (report_has (&r, RDT_LOS_EFFECT_BLOCKS, RDT_LOS_REASON_SLOPE_BLOCKS_A));
            }
        }
    }
  g_assert_true (found);
  rdt_hex_walk_clear (&walk);
  rdt_los_report_clear (&r);
}

/* ---- The 11.4 artillery example ------------------------------------------ */

/* The figure of the 11.4 example is not transcribed.  This map is built to be
 * consistent with its text: an artillery unit, with hexes it cannot see marked
 * 'B' (blocked by blocking terrain), 'S' (by slopes) and 'U' (by a combat
 * unit).  The firer stands in 0505 (flat-top, odd columns low); light forest in
 * 0504 north of it; a slope hexside 0506|0507 (0506 high, the firer's side) to
 * the south; an enemy unit in 0605 to the north-east.  Each straight line
 * through one of them hides the hexes behind it. */
static void
test_11_4_artillery_example (void)
{
  g_autoptr (RdtBoard) board = make_board ();
  RdtLos *los;
  g_autoptr (GArray) fan = NULL;
  g_autoptr (GArray) targets = NULL;
  int gun;
  struct { RdtHex hex; char mark; } expect[] = {
    /* B: behind the forest, due north. */
    { H (5, 3), 'B' }, { H (5, 2), 'B' },
    /* S: beyond the slope, due south (the firer is not up slope: it is on the
     * high side of a hexside that is not its own). */
    { H (5, 8), 'S' },
    /* U: behind the unit, on the line of hexes to the north-east. */
    { H (7, 4), 'U' }, { H (8, 4), 'U' },
    /* Seen: the hexes holding the blocking things, and open lines. */
    { H (5, 4), '.' }, { H (5, 6), '.' }, { H (5, 7), '.' }, { H (6, 5), '.' },
    { H (4, 5), '.' }, { H (3, 5), '.' }, { H (2, 5), '.' }, { H (5, 4), '.' },
  };

  block (board, H (5, 4));
  slope (board, H (5, 6), H (5, 7));
  unit (board, H (6, 5), 1, RDT_BOARD_UNIT_COMBAT);
  gun = unit (board, H (5, 5), 0, RDT_BOARD_UNIT_COMBAT | RDT_BOARD_UNIT_ARTILLERY);
  unit (board, H (8, 4), 1, RDT_BOARD_UNIT_COMBAT);   /* hidden behind 0605 */
  unit (board, H (5, 7), 1, RDT_BOARD_UNIT_COMBAT);   /* seen across open ground */
  unit (board, H (5, 2), 1, RDT_BOARD_UNIT_COMBAT);   /* behind the forest */
  unit (board, H (2, 5), 1, RDT_BOARD_UNIT_COMBAT);   /* at range 3, seen */
  unit (board, H (5, 9), 1, RDT_BOARD_UNIT_COMBAT);   /* out of range (4) */

  los = rdt_los_new (board);
  fan = rdt_los_fan (los, H (5, 5), 3);
  g_assert_cmpuint (fan->len, ==, 37);
  for (guint k = 0; k < G_N_ELEMENTS (expect); k++)
    {
      gboolean seen = FALSE;
      for (guint i = 0; i < fan->len; i++)
        {
          const RdtLosFanEntry *e = &g_array_index (fan, RdtLosFanEntry, i);
          RdtLosReport r;

          if (!hex_eq (e->hex, expect[k].hex))
            continue;
          seen = TRUE;
          rdt_los_report_init (&r);
          g_assert_cmpint (rdt_los_check (los, H (5, 5), e->hex, &r), ==, e->verdict);
          switch (expect[k].mark)
            {
            case '.':
              g_assert_cmpint (e->verdict, ==, RDT_LOS_CLEAR);
              break;
            case 'B':
              g_assert_cmpint (e->verdict, ==, RDT_LOS_BLOCKED);
              g_assert_cmpint (e->reason, ==, RDT_LOS_REASON_BLOCKING_HEX);
              g_assert_true (report_has (&r, RDT_LOS_EFFECT_BLOCKS, RDT_LOS_REASON_BLOCKING_HEX));
              break;
            case 'S':
              g_assert_cmpint (e->verdict, ==, RDT_LOS_BLOCKED);
              g_assert_cmpint (e->reason, ==, RDT_LOS_REASON_SLOPE_BLOCKS_A);
              break;
            case 'U':
              g_assert_cmpint (e->verdict, ==, RDT_LOS_BLOCKED);
              for (guint j = 0; j < r.steps->len; j++)
                {
                  const RdtLosStep *s = rdt_los_report_get_step (&r, j);
                  if (s->effect == RDT_LOS_EFFECT_BLOCKS)
                    g_assert_cmpuint (s->features, ==, RDT_LOS_FEATURE_UNITS);
                }
              break;
            default:
              g_assert_not_reached ();
            }
          rdt_los_report_clear (&r);
        }
      g_assert_true (seen);
    }

  /* 11.2: targets in range (counting the target's hex) and in LOS. */
  targets = rdt_los_artillery_targets (los, (guint) gun);
  g_assert_cmpuint (targets->len, ==, 3);
  g_assert_true (hex_eq (g_array_index (targets, RdtLosTarget, 0).hex, H (6, 5)));
  g_assert_cmpint (g_array_index (targets, RdtLosTarget, 0).range, ==, 1);
  g_assert_true (hex_eq (g_array_index (targets, RdtLosTarget, 1).hex, H (5, 7)));
  g_assert_cmpint (g_array_index (targets, RdtLosTarget, 1).range, ==, 2);
  g_assert_true (hex_eq (g_array_index (targets, RdtLosTarget, 2).hex, H (2, 5)));
  g_assert_cmpint (g_array_index (targets, RdtLosTarget, 2).range, ==, 3);
  rdt_los_free (los);
}

static void
test_11_2_range (void)
{
  g_autoptr (RdtBoard) board = make_board ();
  RdtLos *los;
  g_autoptr (GArray) t1 = NULL;
  g_autoptr (GArray) t2 = NULL;
  int gun;

  /* "Calculate range from the firing unit to the target, counting the
   * target's hex but not the firing unit's hex." */
  gun = unit (board, H (5, 1), 0, RDT_BOARD_UNIT_COMBAT | RDT_BOARD_UNIT_ARTILLERY);
  unit (board, H (5, 4), 1, RDT_BOARD_UNIT_COMBAT);   /* range 3 */
  unit (board, H (7, 4), 1, RDT_BOARD_UNIT_COMBAT);   /* range 4 */
  unit (board, H (4, 1), 1, 0);                        /* a leader: not a target */
  unit (board, H (6, 1), 0, RDT_BOARD_UNIT_COMBAT);   /* a friend */
  los = rdt_los_new (board);
  g_assert_cmpint (rdt_los_unit_range (los, (guint) gun), ==, 3);
  t1 = rdt_los_artillery_targets (los, (guint) gun);
  g_assert_cmpuint (t1->len, ==, 1);
  g_assert_cmpint (g_array_index (t1, RdtLosTarget, 0).range, ==, 3);
  /* The range is data (11.2: "see Exclusive Rules for exceptions"). */
  rdt_board_set_artillery_range (board, 4);
  t2 = rdt_los_artillery_targets (los, (guint) gun);
  g_assert_cmpuint (t2->len, ==, 2);
  rdt_los_free (los);
}

/* ---- The report ----------------------------------------------------------- */

static void
test_report_text (void)
{
  g_autoptr (RdtBoard) board = make_board ();
  RdtLosReport r;
  g_autofree char *text = NULL;
  guint conventions = 0;
  g_auto (GStrv) rules = NULL;

  slope (board, H (5, 4), H (5, 3));
  rdt_los_report_init (&r);
  check (board, H (5, 2), H (5, 5), &r);
  text = rdt_los_report_to_text (&r, rdt_board_get_grid (board));
  g_assert_nonnull (strstr (text, "0502"));
  g_assert_nonnull (strstr (text, "BLOCKED"));
  g_assert_nonnull (strstr (text, "0503|0504"));
  g_assert_nonnull (strstr (text, "11.43 A"));
  rules = rdt_los_report_dup_rules (&r, &conventions);
  g_assert_true (g_strv_contains ((const char *const *) rules, "11.43 A"));
  g_assert_true (conventions & (1u << 9));
  g_assert_true (conventions & (1u << 4));
  rdt_los_report_clear (&r);
}

/* ---- Random: oracle and symmetry ----------------------------------------- */

static void
random_board (RdtBoard *board,
              GRand    *rand,
              double    density)
{
  RdtHexGrid *grid = rdt_board_get_grid (board);
  guint n = rdt_hex_grid_get_n_hexes (grid);

  for (guint i = 0; i < n; i++)
    {
      RdtHex h = rdt_hex_grid_hex_at_index (grid, i);
      if (g_rand_double (rand) < density)
        block (board, h);
      if (g_rand_double (rand) < density)
        unit (board, h, g_rand_int_range (rand, 0, 2), RDT_BOARD_UNIT_COMBAT);
      for (int d = 1; d <= 3; d++)
        {
          RdtHex nb = rdt_hex_grid_neighbour (grid, h, d);
          if (!rdt_hex_grid_contains (grid, nb) || g_rand_double (rand) >= density * 1.5)
            continue;
          if (g_rand_boolean (rand))
            slope (board, h, nb);
          else
            slope (board, nb, h);
        }
    }
}

/* Independent float oracle (current edition): the hexes in order, by sampling
 * the segment in drawing coordinates.  Returns FALSE when the segment comes
 * near a corner (those are the exact code's business). */
static gboolean
oracle (RdtBoard     *board,
        RdtHex        from,
        RdtHex        to,
        RdtLosVerdict *out)
{
  RdtHexGrid *grid = rdt_board_get_grid (board);
  double x0, y0, x1, y1;
  g_autoptr (GArray) seq = g_array_new (FALSE, FALSE, sizeof (RdtHex));
  int dist = rdt_hex_grid_distance (grid, from, to);
  int n;
  gboolean fup, tup;

  if (dist <= 1)
    {
      *out = RDT_LOS_CLEAR;
      return TRUE;
    }
  rdt_hex_grid_hex_centre (grid, from, &x0, &y0);
  rdt_hex_grid_hex_centre (grid, to, &x1, &y1);
  n = 400 * dist;
  for (int k = 0; k <= n; k++)
    {
      double t = (double) k / n, x = x0 + t * (x1 - x0), y = y0 + t * (y1 - y0);
      RdtHex h = rdt_hex_grid_hex_at_point (grid, x, y);
      if (seq->len == 0 || !hex_eq (g_array_index (seq, RdtHex, seq->len - 1), h))
        g_array_append_val (seq, h);
    }
  /* Degenerate if any corner of a visited hex is within 1e-3 of the line. */
  for (guint i = 0; i < seq->len; i++)
    for (guint k = 0; k < 6; k++)
      {
        RdtHex h = g_array_index (seq, RdtHex, i);
        RdtHexCorner c = rdt_hex_grid_corner_of (grid, h, k);
        double cx, cy, dx = x1 - x0, dy = y1 - y0, t, px, py;
        rdt_hex_grid_corner_point (grid, c, &cx, &cy);
        t = ((cx - x0) * dx + (cy - y0) * dy) / (dx * dx + dy * dy);
        t = CLAMP (t, 0.0, 1.0);
        px = x0 + t * dx - cx;
        py = y0 + t * dy - cy;
        if (sqrt (px * px + py * py) < 1e-2)
          return FALSE;
      }
  for (guint i = 0; i + 1 < seq->len; i++)
    g_assert_true (rdt_hex_grid_are_adjacent (grid, g_array_index (seq, RdtHex, i),
                                              g_array_index (seq, RdtHex, i + 1)));
  g_assert_true (hex_eq (g_array_index (seq, RdtHex, 0), from));
  g_assert_true (hex_eq (g_array_index (seq, RdtHex, seq->len - 1), to));
  {
    RdtBoardSide s;
    rdt_board_get_side (board, from, g_array_index (seq, RdtHex, 1), &s);
    fup = (s.flags & RDT_BOARD_SIDE_SLOPE) && hex_eq (s.slope_high, from);
    rdt_board_get_side (board, to, g_array_index (seq, RdtHex, seq->len - 2), &s);
    tup = (s.flags & RDT_BOARD_SIDE_SLOPE) && hex_eq (s.slope_high, to);
  }
  *out = RDT_LOS_CLEAR;
  if (fup && tup)
    return TRUE;
  for (guint i = 1; i + 1 < seq->len; i++)
    {
      RdtHex h = g_array_index (seq, RdtHex, i);
      if ((rdt_board_get_hex_flags (board, h) & RDT_BOARD_HEX_BLOCKS_LOS) ||
          rdt_board_count_combat_units (board, h) > 0)
        *out = RDT_LOS_BLOCKED;
    }
  for (guint i = 1; i + 2 < seq->len; i++)
    {
      RdtBoardSide s;
      rdt_board_get_side (board, g_array_index (seq, RdtHex, i),
                          g_array_index (seq, RdtHex, i + 1), &s);
      if (s.flags & RDT_BOARD_SIDE_SLOPE)
        *out = RDT_LOS_BLOCKED;
    }
  return TRUE;
}

static void
test_random_oracle (gconstpointer data)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (4 + GPOINTER_TO_UINT (data));
  guint compared = 0;

  int n_boards = g_test_slow () ? 30 : 6;

  for (int b = 0; b < n_boards; b++)
    {
      g_autoptr (RdtBoard) board = g_test_slow () ?
        make_board_full (GPOINTER_TO_INT (data), b % 2 ? RDT_GRID_SHIFT_ODD : RDT_GRID_SHIFT_EVEN, 30, 30, b % 3) :
        board_for (data);
      RdtHexGrid *grid = rdt_board_get_grid (board);
      guint nh = rdt_hex_grid_get_n_hexes (grid);
      RdtLos *los;

      random_board (board, rand, 0.08 + 0.04 * (b % 6));
      los = rdt_los_new (board);
      for (int i = 0; i < 400; i++)
        {
          RdtHex a = rdt_hex_grid_hex_at_index (grid, g_rand_int_range (rand, 0, nh));
          RdtHex c = rdt_hex_grid_hex_at_index (grid, g_rand_int_range (rand, 0, nh));
          RdtLosVerdict expect;
          if (!oracle (board, a, c, &expect))
            continue;
          g_assert_cmpint (rdt_los_check (los, a, c, NULL), ==, expect);
          compared++;
        }
      rdt_los_free (los);
    }
  g_test_message ("%u random lines compared with the float oracle", compared);
  g_assert_cmpuint (compared, >, 1000);
}

static void
test_symmetry (gconstpointer data)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (44 + GPOINTER_TO_UINT (data));
  RdtLosReport ab, ba;
  guint pairs = 0, spines = 0, blocked = 0;

  rdt_los_report_init (&ab);
  rdt_los_report_init (&ba);
  /* -m slow: fifty boards of 30 x 30 instead of ten of 10 x 10. */
  int n_boards = g_test_slow () ? 50 : 10;

  for (int b = 0; b < n_boards; b++)
    {
      g_autoptr (RdtBoard) board = g_test_slow () ?
        make_board_full (GPOINTER_TO_INT (data), b % 2 ? RDT_GRID_SHIFT_ODD : RDT_GRID_SHIFT_EVEN, 30, 30, b % 3) :
        board_for (data);
      RdtHexGrid *grid = rdt_board_get_grid (board);
      guint nh = rdt_hex_grid_get_n_hexes (grid);
      RdtLos *los;

      random_board (board, rand, 0.05 + 0.03 * (b % 10));
      rdt_board_set_los_edition (board, b % 2 ? RDT_LOS_EDITION_OLDER : RDT_LOS_EDITION_CURRENT);
      los = rdt_los_new (board);
      for (int i = 0; i < 500; i++)
        {
          RdtHex a = rdt_hex_grid_hex_at_index (grid, g_rand_int_range (rand, 0, nh));
          RdtHex c;
          /* Favour spines: one pair in four is on a spine line. */
          if (i % 4 == 0)
            {
              g_autoptr (GArray) ring = rdt_hex_grid_ring (grid, a, g_rand_int_range (rand, 2, 7));
              guint k;
              c = a;
              for (k = 0; k < ring->len; k++)
                if (rdt_hex_grid_is_spine_line (grid, a, g_array_index (ring, RdtHex, k)))
                  {
                    c = g_array_index (ring, RdtHex, k);
                    spines++;
                    break;
                  }
            }
          else
            c = rdt_hex_grid_hex_at_index (grid, g_rand_int_range (rand, 0, nh));
          rdt_los_check (los, a, c, &ab);
          rdt_los_check (los, c, a, &ba);
          if (!rdt_los_report_is_reverse_of (&ab, &ba))
            {
              g_autofree char *t1 = rdt_los_report_to_text (&ab, grid);
              g_autofree char *t2 = rdt_los_report_to_text (&ba, grid);
              g_test_message ("not symmetric:\n%s\n%s", t1, t2);
              g_assert_not_reached ();
            }
          g_assert_cmpint (rdt_los_check (los, a, c, NULL), ==, ab.verdict);
          if (ab.verdict == RDT_LOS_BLOCKED)
            blocked++;
          pairs++;
        }
      rdt_los_free (los);
    }
  g_test_message ("%u pairs (%u on spines, %u blocked) symmetric", pairs, spines, blocked);
  g_assert_cmpuint (blocked, >, pairs / 10);
  g_assert_cmpuint (blocked, <, pairs);
  rdt_los_report_clear (&ab);
  rdt_los_report_clear (&ba);
}

static void
test_fan_matches_checks (void)
{
  g_autoptr (RdtBoard) board = make_board ();
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);
  g_autoptr (GArray) fan = NULL;
  g_autoptr (GArray) whole = NULL;
  RdtLos *los;

  random_board (board, rand, 0.15);
  los = rdt_los_new (board);
  fan = rdt_los_fan (los, H (4, 6), 4);
  for (guint i = 0; i < fan->len; i++)
    {
      const RdtLosFanEntry *e = &g_array_index (fan, RdtLosFanEntry, i);
      RdtLosReport r;
      rdt_los_report_init (&r);
      g_assert_cmpint (rdt_los_check (los, H (4, 6), e->hex, &r), ==, e->verdict);
      g_assert_cmpint (r.los_case, ==, e->los_case);
      g_assert_cmpint (e->distance, <=, 4);
      rdt_los_report_clear (&r);
    }
  whole = rdt_los_fan (los, H (4, 6), -1);
  g_assert_cmpuint (whole->len, ==, 100);
  rdt_los_free (los);
}

static void
test_board_builder (void)
{
  g_autoptr (RdtBoard) board = make_board ();
  g_autoptr (GError) error = NULL;
  RdtBoardUnit u = { "x", H (11, 1), 0, RDT_UNIT_STATE_PARADE_ORDER, RDT_BOARD_UNIT_COMBAT, 0, NULL };
  RdtBoardSide side;
  guint gen = rdt_board_get_generation (board);

  g_assert_false (rdt_board_add_slope (board, H (5, 5), H (5, 7), &error));
  g_assert_error (error, RDT_BOARD_ERROR, RDT_BOARD_ERROR_NOT_ADJACENT);
  g_clear_error (&error);
  g_assert_false (rdt_board_set_hex (board, H (0, 5), NULL, RDT_BOARD_HEX_BLOCKS_LOS, &error));
  g_assert_error (error, RDT_BOARD_ERROR, RDT_BOARD_ERROR_OFF_MAP);
  g_clear_error (&error);
  g_assert_cmpint (rdt_board_add_unit (board, &u, &error), ==, -1);
  g_assert_error (error, RDT_BOARD_ERROR, RDT_BOARD_ERROR_OFF_MAP);
  g_clear_error (&error);
  u.hex = H (3, 3);
  u.side = 7;
  g_assert_cmpint (rdt_board_add_unit (board, &u, &error), ==, -1);
  g_assert_error (error, RDT_BOARD_ERROR, RDT_BOARD_ERROR_INVALID);
  g_clear_error (&error);

  /* A map-edge hexside may hold a feature; features accumulate. */
  g_assert_true (rdt_board_add_slope (board, H (1, 1), H (1, 0), &error));
  g_assert_true (rdt_board_add_water (board, H (1, 0), H (1, 1), TRUE, &error));
  g_assert_no_error (error);
  g_assert_true (rdt_board_get_side (board, H (1, 0), H (1, 1), &side));
  g_assert_cmpuint (side.flags, ==, RDT_BOARD_SIDE_SLOPE | RDT_BOARD_SIDE_WATER | RDT_BOARD_SIDE_FORD);
  g_assert_cmpint (side.slope_high.row, ==, 1);
  g_assert_cmpuint (rdt_board_get_generation (board), >, gen);

  /* Units move and are listed per hex in the order added. */
  u.side = 1;
  g_assert_cmpint (rdt_board_add_unit (board, &u, &error), ==, 0);
  g_assert_cmpint (rdt_board_add_unit (board, &u, &error), ==, 1);
  g_assert_cmpuint (rdt_board_count_combat_units (board, H (3, 3)), ==, 2);
  g_assert_true (rdt_board_move_unit (board, 0, H (4, 4), &error));
  g_assert_cmpuint (rdt_board_count_combat_units (board, H (3, 3)), ==, 1);
  g_assert_true (rdt_board_hex_has_side (board, H (4, 4), 1));
  g_assert_false (rdt_board_hex_has_side (board, H (4, 4), 0));
  {
    g_autoptr (GArray) in = rdt_board_units_in_hex (board, H (3, 3));
    g_assert_cmpuint (in->len, ==, 1);
    g_assert_cmpuint (g_array_index (in, guint, 0), ==, 1);
  }
  g_assert_cmpint (rdt_board_find_side (board, "american"), ==, 1);
  g_assert_cmpint (rdt_board_get_artillery_range (board), ==, 3);
}

/* ---- Citations and wording (issue 12) ------------------------------------ */

/* Current 11.43 B, the target up slope, the firer's own slope hexside crossed
 * from its low side: that hexside does not block, and the ruling cites the
 * case in force, 11.43 B, not 11.43 A. */
static void
test_cite_case_b_end_hexside (gconstpointer data)
{
  gboolean older = GPOINTER_TO_INT (data);
  g_autoptr (RdtBoard) board = make_board ();
  RdtLosReport r;
  g_autofree char *text = NULL;
  RdtLosReason expected = older ? RDT_LOS_REASON_SLOPE_END_HEXSIDE_OLDER : RDT_LOS_REASON_SLOPE_END_HEXSIDE_B;

  rdt_board_set_los_edition (board, older ? RDT_LOS_EDITION_OLDER : RDT_LOS_EDITION_CURRENT);
  /* Range 4: the older edition's range-3 clause stays out of it. */
  slope (board, H (5, 6), H (5, 5));   /* the target is up slope */
  slope (board, H (5, 3), H (5, 2));   /* the firer's hexside, the firer below */
  rdt_los_report_init (&r);
  g_assert_cmpint (check (board, H (5, 2), H (5, 6), &r), ==, RDT_LOS_CLEAR);
  g_assert_cmpint (r.los_case, ==, RDT_LOS_CASE_B);
  g_assert_true (report_has (&r, RDT_LOS_EFFECT_ALLOWED, expected));
  g_assert_cmpstr (rdt_los_reason_get_rule (expected), ==, older ? "11.43 B (older edition)" : "11.43 B");
  g_assert_false (rules_include (&r, "11.43 A"));
  text = rdt_los_report_to_text (&r, rdt_board_get_grid (board));
  g_assert_null (strstr (text, "11.43 A"));
  g_assert_null (strstr (text, "convention"));
  if (older)
    g_assert_nonnull (strstr (text, "older edition"));
  else
    g_assert_null (strstr (text, "older"));
  rdt_los_report_clear (&r);
}

/* Whether a reason's wording belongs to one edition's 11.43 B only. */
static gboolean
older_only (RdtLosReason reason)
{
  return strstr (rdt_los_reason_get_rule (reason), "older") != NULL;
}

static gboolean
current_only (RdtLosReason reason)
{
  return reason == RDT_LOS_REASON_SLOPE_UP_SLOPE_HEX || reason == RDT_LOS_REASON_SLOPE_BLOCKS_B ||
         reason == RDT_LOS_REASON_SLOPE_END_HEXSIDE_B;
}

/* On random boards in both editions, every step's rule is one of the case in
 * force (case A never cites 11.43 B or C, case B never 11.43 A or C, case C
 * never A or B), each edition's wording appears only under that edition, a
 * grazed corner cites 11.42, and the text carries no convention numbers and no
 * "?". */
static void
test_cite_random (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (1212);
  guint n_case[4] = { 0 };

  for (int round = 0; round < 40; round++)
    {
      g_autoptr (RdtBoard) board = make_board ();
      RdtLosEdition edition = round % 2 ? RDT_LOS_EDITION_OLDER : RDT_LOS_EDITION_CURRENT;
      RdtHexGrid *grid = rdt_board_get_grid (board);
      RdtLos *los;
      RdtLosReport r;
      RdtHex from = H (g_rand_int_range (rand, 1, 11), g_rand_int_range (rand, 1, 11));

      rdt_board_set_los_edition (board, edition);
      random_board (board, rand, 0.12);
      los = rdt_los_new (board);
      rdt_los_report_init (&r);
      for (guint i = 0; i < rdt_hex_grid_get_n_hexes (grid); i++)
        {
          RdtHex to = rdt_hex_grid_hex_at_index (grid, i);
          g_autofree char *text = NULL;
          const char *wrong[3] = { NULL, NULL, NULL };

          rdt_los_check (los, from, to, &r);
          n_case[r.los_case]++;
          switch (r.los_case)
            {
            case RDT_LOS_CASE_A: wrong[0] = "11.43 B"; wrong[1] = "11.43 C"; break;
            case RDT_LOS_CASE_B: wrong[0] = "11.43 A"; wrong[1] = "11.43 C"; break;
            case RDT_LOS_CASE_C: wrong[0] = "11.43 A"; wrong[1] = "11.43 B"; break;
            default: wrong[0] = "11.43"; break;
            }
          for (guint k = 0; k < rdt_los_report_get_n_steps (&r); k++)
            {
              const RdtLosStep *step = rdt_los_report_get_step (&r, k);
              const char *rule;

              if (step->reason == RDT_LOS_REASON_NONE)
                continue;
              rule = rdt_los_reason_get_rule (step->reason);
              for (guint w = 0; wrong[w]; w++)
                if (g_str_has_prefix (rule, wrong[w]))
                  g_error ("case %s cites %s (%s)", rdt_los_case_get_id (r.los_case), rule,
                           rdt_los_reason_get_id (step->reason));
              if (edition == RDT_LOS_EDITION_CURRENT)
                g_assert_false (older_only (step->reason));
              else
                g_assert_false (current_only (step->reason));
              if (step->reason == RDT_LOS_REASON_GRAZED_CORNER)
                g_assert_cmpstr (rule, ==, "11.42");
            }
          text = rdt_los_report_describe (&r, board);
          g_assert_null (strstr (text, "convention"));
          if (strstr (text, "?"))
            g_error ("a \"?\" in the report:\n%s", text);
          if (r.los_case != RDT_LOS_CASE_B)
            g_assert_null (strstr (text, "edition"));
        }
      rdt_los_report_clear (&r);
      rdt_los_free (los);
    }
  /* The boards gave every case something to check. */
  g_assert_cmpuint (n_case[RDT_LOS_CASE_A], >, 0);
  g_assert_cmpuint (n_case[RDT_LOS_CASE_B], >, 0);
  g_assert_cmpuint (n_case[RDT_LOS_CASE_C], >, 0);
}

/* One hex: nothing lies between, and the hex never blocks its own LOS
 * (11.42); 11.41 speaks of adjacent hexes only. */
static void
test_cite_same_hex (void)
{
  g_autoptr (RdtBoard) board = make_board ();
  RdtLosReport r;

  block (board, H (5, 5));
  rdt_los_report_init (&r);
  g_assert_cmpint (check (board, H (5, 5), H (5, 5), &r), ==, RDT_LOS_CLEAR);
  g_assert_cmpint (r.reason, ==, RDT_LOS_REASON_SAME_HEX);
  g_assert_true (rules_include (&r, "11.42"));
  g_assert_false (rules_include (&r, "11.41"));
  rdt_los_report_clear (&r);
}

/* A line along the map edge runs along a hexside whose other hex is beyond
 * the edge: the report writes "off map", never "?" or a label the map does
 * not print (rows from 00 put the far hex at row -1). */
static void
test_report_off_map (gconstpointer data)
{
  int first = GPOINTER_TO_INT (data);
  g_autoptr (RdtBoard) board = make_board_full (RDT_GRID_FLAT_TOP, RDT_GRID_SHIFT_ODD, 10, 10, first);
  RdtLosReport r;
  g_autofree char *text = NULL;
  g_autofree char *edge = g_strdup_printf ("03%02d|off map", first);
  char far[RDT_HEX_LABEL_SIZE];

  rdt_los_report_init (&r);
  g_assert_cmpint (check (board, H (2, first), H (4, first), &r), ==, RDT_LOS_CLEAR);
  g_assert_cmpint (rdt_los_report_get_step (&r, 1)->kind, ==, RDT_LOS_STEP_RUN);
  text = rdt_los_report_to_text (&r, rdt_board_get_grid (board));
  g_assert_nonnull (strstr (text, edge));
  g_assert_null (strstr (text, "?"));
  /* Row 00 - 1 has no label at all ("off map"); row 01 - 1 would be 0300. */
  rdt_hex_grid_format_label (rdt_board_get_grid (board), H (3, first - 1), far);
  if (first > 0)
    g_assert_null (strstr (text, far));
  rdt_los_report_clear (&r);
}

/* The ruling names the units in a hex by name and side, not by id. */
static void
test_report_names (void)
{
  g_autoptr (RdtBoard) board = make_board ();
  RdtBoardUnit u = { "3rd-virginia", H (5, 3), 1, RDT_UNIT_STATE_PARADE_ORDER,
                     RDT_BOARD_UNIT_COMBAT, 0, "3rd Virginia" };
  RdtLosReport r;
  g_autofree char *text = NULL;
  g_autofree char *plain = NULL;

  rdt_board_set_side_label (board, 1, "Continental Army");
  g_assert_cmpint (rdt_board_add_unit (board, &u, NULL), ==, 0);
  g_assert_cmpstr (rdt_board_get_unit_label (board, 0), ==, "3rd Virginia");
  g_assert_cmpstr (rdt_board_get_side_label (board, 0), ==, "British");
  rdt_los_report_init (&r);
  g_assert_cmpint (check (board, H (5, 2), H (5, 5), &r), ==, RDT_LOS_BLOCKED);
  text = rdt_los_report_describe (&r, board);
  g_assert_nonnull (strstr (text, "passes through hex 0503 [combat units: 3rd Virginia (Continental Army)]"));
  g_assert_null (strstr (text, "3rd-virginia"));
  plain = rdt_los_report_to_text (&r, rdt_board_get_grid (board));
  g_assert_null (strstr (plain, "3rd"));
  rdt_los_report_clear (&r);
}

int
main (int   argc,
      char *argv[])
{
  gconstpointer flat = GINT_TO_POINTER (RDT_GRID_FLAT_TOP);
  gconstpointer pointy = GINT_TO_POINTER (RDT_GRID_POINTY_TOP);

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/los/11.41/adjacent-always-clear", test_11_41_adjacent);
  g_test_add_func ("/los/11.41/centre-to-centre", test_11_41_centre_to_centre);
  g_test_add_func ("/los/11.41/slope-with-creek-is-slope", test_11_41_slope_with_water);
  g_test_add_func ("/los/11.42/blocking-terrain", test_11_42_blocking_terrain);
  g_test_add_func ("/los/11.42/blocking-terrain-is-volume-data", test_11_42_terrain_is_data);
  g_test_add_func ("/los/11.42/combat-units-of-either-side-block", test_11_42_units_either_side);
  g_test_add_func ("/los/11.42/leaders-do-not-block", test_11_42_leaders_do_not_block);
  g_test_add_func ("/los/11.42/into-but-not-through", test_11_42_into_not_through);
  g_test_add_func ("/los/options/ignore-units-and-occupied", test_options);
  g_test_add_func ("/los/11.43/up-slope-definition", test_11_43_up_slope_definition);
  g_test_add_func ("/los/11.43/case-a/blocking-hex-blocks", test_11_43_case_a_blocking_hex);
  g_test_add_func ("/los/11.43/case-a/intervening-slope-blocks", test_11_43_case_a_slope);
  g_test_add_func ("/los/11.43/case-a/end-hex-slopes-do-not-block", test_11_43_case_a_end_hexsides);
  g_test_add_func ("/los/11.43/case-b/blocking-hex-blocks", test_11_43_case_b_blocking_hex);
  g_test_add_func ("/los/11.43/case-b/current/up-slope-hexsides-never-block",
                   test_11_43_case_b_current_up_slope_hexsides);
  g_test_add_func ("/los/11.43/case-b/current/other-slopes-block",
                   test_11_43_case_b_current_other_slopes);
  g_test_add_func ("/los/11.43/case-b/older/same-orientation-allowed",
                   test_11_43_case_b_older_same_orientation);
  g_test_add_func ("/los/11.43/case-b/older/other-orientation-blocks",
                   test_11_43_case_b_older_other_orientation);
  g_test_add_func ("/los/11.43/case-b/older/range-3-intervening-slope",
                   test_11_43_case_b_older_range_3);
  g_test_add_func ("/los/11.43/case-c/both-up-slope", test_11_43_case_c);
  g_test_add_data_func ("/los/11.44/hex-spine/flat-top", flat, test_11_44_spine);
  g_test_add_data_func ("/los/11.44/hex-spine/pointy-top", pointy, test_11_44_spine);
  g_test_add_data_func ("/los/convention-5/run-along-slope/flat-top", flat, test_conv5_run_along_slope);
  g_test_add_data_func ("/los/convention-5/run-along-slope/pointy-top", pointy, test_conv5_run_along_slope);
  g_test_add_data_func ("/los/convention-6/run-corners/flat-top", flat, test_conv6_run_corners);
  g_test_add_data_func ("/los/convention-6/run-corners/pointy-top", pointy, test_conv6_run_corners);
  g_test_add_data_func ("/los/convention-4-6/corner-crossing/flat-top", flat, test_conv4_6_corner_crossing);
  g_test_add_data_func ("/los/convention-4-6/corner-crossing/pointy-top", pointy, test_conv4_6_corner_crossing);
  g_test_add_func ("/los/11.4/artillery-example", test_11_4_artillery_example);
  g_test_add_func ("/los/11.2/range-counts-target-hex", test_11_2_range);
  g_test_add_func ("/los/report/text-and-rules", test_report_text);
  g_test_add_data_func ("/los/random/float-oracle/flat-top", flat, test_random_oracle);
  g_test_add_data_func ("/los/random/float-oracle/pointy-top", pointy, test_random_oracle);
  g_test_add_data_func ("/los/symmetry/flat-top", flat, test_symmetry);
  g_test_add_data_func ("/los/symmetry/pointy-top", pointy, test_symmetry);
  g_test_add_func ("/los/fan/matches-single-checks", test_fan_matches_checks);
  g_test_add_func ("/los/board/builder", test_board_builder);
  g_test_add_data_func ("/los/11.43/case-b/current/end-hexside-cites-11.43-B", GINT_TO_POINTER (0),
                        test_cite_case_b_end_hexside);
  g_test_add_data_func ("/los/11.43/case-b/older/end-hexside-cites-older-11.43-B", GINT_TO_POINTER (1),
                        test_cite_case_b_end_hexside);
  g_test_add_func ("/los/11.43/citations-follow-case-and-edition", test_cite_random);
  g_test_add_func ("/los/11.42/same-hex-cites-11.42", test_cite_same_hex);
  g_test_add_data_func ("/los/report/off-map-hexes/first-row-1", GINT_TO_POINTER (1), test_report_off_map);
  g_test_add_data_func ("/los/report/off-map-hexes/first-row-0", GINT_TO_POINTER (0), test_report_off_map);
  g_test_add_func ("/los/report/names-units-and-sides", test_report_names);

  return g_test_run ();
}
