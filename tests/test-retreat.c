#undef G_DISABLE_ASSERT
#include "config.h"

#include "movement-fixture.h"
#include "rdt-retreat.h"

static RdtRetreat *
retreat (RdtScenario              *sc,
         const RdtMoveRules       *rules,
         const char               *unit,
         int                       hexes,
         const RdtRetreatPriority *priority)
{
  g_autoptr(RdtMovement) mv = rdt_movement_new (sc, rules);
  g_autoptr(GError) error = NULL;
  RdtRetreatOptions opts;
  RdtRetreat *r;

  rdt_retreat_options_init (&opts, hexes);
  if (priority != NULL)
    opts.priority = *priority;
  r = rdt_movement_retreat (mv, unit, &opts, &error);
  g_assert_no_error (error);
  g_assert_nonnull (r);
  return r;
}

static guint
end_flags (RdtRetreat  *r,
           RdtScenario *sc,
           const char  *label)
{
  RdtRetreatEnd e;

  g_assert_true (rdt_retreat_lookup (r, fx_hex (sc, label), &e));
  return e.flags;
}

static gboolean
is_end (RdtRetreat  *r,
        RdtScenario *sc,
        const char  *label)
{
  return rdt_retreat_lookup (r, fx_hex (sc, label), NULL);
}

static const char *
why (RdtRetreat  *r,
     RdtScenario *sc,
     const char  *label)
{
  return rdt_retreat_reason_get_id (rdt_retreat_get_reason (r, fx_hex (sc, label)));
}

static void
test_13_2_one_hex (void)
{
  g_autoptr(RdtScenario) sc = fx_scenario ();
  g_autoptr(RdtRetreat) r = NULL;

  fx_unit (sc, "a", 1, RDT_UNIT_KIND_INFANTRY, 4, 2, "0505");
  r = retreat (sc, NULL, "a", 1, NULL);
  g_assert_false (rdt_retreat_is_captured (r));
  g_assert_cmpuint (rdt_retreat_get_n_ends (r), ==, 6);
  for (guint i = 0; i < 6; i++)
    {
      const RdtRetreatEnd *e = rdt_retreat_get_end (r, i);
      g_assert_true (e->flags & RDT_RETREAT_PREFERRED);
      g_assert_cmpuint (e->path_len, ==, 2);
    }
}

static void
test_13_22_restrictions (void)
{
  g_autoptr(RdtScenario) sc = fx_scenario ();
  g_autoptr(RdtRetreat) r = NULL;

  /* 0505's neighbours: 0504, 0506, 0605, 0606, 0405, 0406. */
  fx_unit (sc, "a", 1, RDT_UNIT_KIND_INFANTRY, 4, 2, "0505");
  fx_unit (sc, "foe", 0, RDT_UNIT_KIND_INFANTRY, 4, 2, "0504");
  rdt_scenario_set_unit_status (sc, "foe", RDT_UNIT_STATUS_DISRUPTED, NULL, NULL);
  fx_unit (sc, "foe2", 0, RDT_UNIT_KIND_INFANTRY, 4, 2, "0706");
  fx_unit (sc, "friend", 1, RDT_UNIT_KIND_INFANTRY, 4, 1, "0606");
  fx_terrain (sc, "0405", "cliff");
  r = retreat (sc, NULL, "a", 1, NULL);
  g_assert_cmpstr (why (r, sc, "0504"), ==, "enemy-occupied");
  /* 0606 is in foe2's ZOC: the friendly unit there does not help (8.2). */
  g_assert_cmpstr (why (r, sc, "0606"), ==, "enemy-zoc");
  g_assert_cmpstr (rdt_retreat_reason_get_rule (rdt_retreat_get_reason (r, fx_hex (sc, "0606"))), ==, "13.22");
  g_assert_cmpstr (why (r, sc, "0405"), ==, "prohibited-terrain");
  g_assert_true (is_end (r, sc, "0506"));
  g_assert_true (is_end (r, sc, "0605"));
  g_assert_true (is_end (r, sc, "0406"));
  g_assert_cmpuint (rdt_retreat_get_n_ends (r), ==, 3);
}

static void
test_13_22_off_map_and_hexside (void)
{
  g_autoptr(RdtScenario) sc = fx_scenario ();
  g_autoptr(RdtRetreat) r = NULL;
  guint off = 0;

  fx_unit (sc, "gun", 1, RDT_UNIT_KIND_ARTILLERY, 4, 2, "0101");
  fx_side (sc, "0101", "0102", RDT_HEXSIDE_KIND_OTHER, "wall", NULL);
  r = retreat (sc, NULL, "gun", 1, NULL);
  for (guint i = 0; i < rdt_retreat_get_n_blocks (r); i++)
    if (rdt_retreat_get_block (r, i)->reason == RDT_RETREAT_REASON_OFF_MAP)
      off++;
  /* 0101 (odd column, first row): three of its neighbours are off the map. */
  g_assert_cmpuint (off, ==, 3);
  g_assert_cmpstr (why (r, sc, "0102"), ==, "prohibited-hexside");
  g_assert_cmpuint (rdt_retreat_get_n_ends (r), ==, 2);
}

static void
test_13_23_step_loss (void)
{
  g_autoptr(RdtScenario) sc = fx_scenario ();
  g_autoptr(RdtRetreat) r = NULL;
  RdtUnit *u;

  fx_terrain (sc, "0201", "cliff");
  fx_terrain (sc, "0202", "cliff");
  u = fx_unit (sc, "two-step", 1, RDT_UNIT_KIND_INFANTRY, 4, 4, "0101");
  rdt_unit_add_step (u, 2, -1, 3);
  fx_unit (sc, "one-step", 1, RDT_UNIT_KIND_INFANTRY, 4, 4, "0103");
  fx_unit (sc, "crowd", 1, RDT_UNIT_KIND_INFANTRY, 4, 4, "0102");
  /* 0102 holds 4 SPs: 4 more would exceed six, 2 would not. */
  r = retreat (sc, NULL, "two-step", 1, NULL);
  g_assert_cmpuint (rdt_retreat_get_n_ends (r), ==, 1);
  g_assert_true (end_flags (r, sc, "0102") & RDT_RETREAT_STEP_LOSS);
  g_clear_pointer (&r, rdt_retreat_unref);
  /* The one-step unit (at 0103, whose other neighbours are free) cannot. */
  fx_terrain (sc, "0104", "cliff");
  fx_terrain (sc, "0203", "cliff");
  fx_terrain (sc, "0204", "cliff");
  r = retreat (sc, NULL, "one-step", 1, NULL);
  g_assert_true (rdt_retreat_is_captured (r));
  g_assert_cmpstr (why (r, sc, "0102"), ==, "stacking");
}

static void
test_13_21_not_adjacent (void)
{
  g_autoptr(RdtScenario) sc = fx_scenario ();
  g_autoptr(RdtRetreat) r = NULL;

  fx_unit (sc, "a", 1, RDT_UNIT_KIND_INFANTRY, 4, 2, "0505");
  fx_unit (sc, "foe", 0, RDT_UNIT_KIND_INFANTRY, 4, 2, "0704");
  rdt_scenario_set_unit_status (sc, "foe", RDT_UNIT_STATUS_DISRUPTED, NULL, NULL);
  r = retreat (sc, NULL, "a", 1, NULL);
  g_assert_cmpuint (rdt_retreat_get_n_ends (r), ==, 6);
  g_assert_true (end_flags (r, sc, "0605") & RDT_RETREAT_ADJACENT_ENEMY);
  g_assert_false (end_flags (r, sc, "0605") & RDT_RETREAT_PREFERRED);
  g_assert_true (end_flags (r, sc, "0406") & RDT_RETREAT_PREFERRED);
  /* Preferred first. */
  g_assert_true (rdt_retreat_get_end (r, 0)->flags & RDT_RETREAT_PREFERRED);
  g_assert_false (rdt_retreat_get_end (r, 5)->flags & RDT_RETREAT_PREFERRED);
}

static void
test_13_3_three_hexes (void)
{
  g_autoptr(RdtScenario) sc = fx_scenario ();
  g_autoptr(RdtRetreat) r = NULL;
  RdtHexGrid *grid = rdt_scenario_get_grid (sc);

  fx_unit (sc, "a", 1, RDT_UNIT_KIND_INFANTRY, 4, 2, "0505");
  r = retreat (sc, NULL, "a", 3, NULL);
  /* Every on-map hex three hexes away by the shortest distance. */
  g_assert_cmpuint (rdt_retreat_get_n_ends (r), ==, 18);
  for (guint i = 0; i < rdt_retreat_get_n_ends (r); i++)
    {
      const RdtRetreatEnd *e = rdt_retreat_get_end (r, i);
      g_assert_cmpint (rdt_hex_grid_distance (grid, fx_hex (sc, "0505"), e->hex), ==, 3);
      g_assert_cmpuint (e->path_len, ==, 4);
      for (guint k = 1; k < e->path_len; k++)
        g_assert_true (rdt_hex_grid_are_adjacent (grid, e->path[k - 1], e->path[k]));
    }
}

static void
test_13_3_end_not_adjacent (void)
{
  g_autoptr(RdtScenario) sc = fx_scenario ();
  g_autoptr(RdtRetreat) r = NULL;

  fx_unit (sc, "a", 1, RDT_UNIT_KIND_INFANTRY, 4, 2, "0505");
  /* A disrupted enemy (no ZOC) three hexes below. */
  fx_unit (sc, "foe", 0, RDT_UNIT_KIND_INFANTRY, 4, 2, "0509");
  rdt_scenario_set_unit_status (sc, "foe", RDT_UNIT_STATUS_DISRUPTED, NULL, NULL);
  r = retreat (sc, NULL, "a", 3, NULL);
  g_assert_true (end_flags (r, sc, "0508") & RDT_RETREAT_ADJACENT_ENEMY);
  g_assert_false (end_flags (r, sc, "0508") & RDT_RETREAT_PREFERRED);
  g_assert_true (end_flags (r, sc, "0502") & RDT_RETREAT_PREFERRED);
}

static void
test_13_23_step_loss_only_when_capture (void)
{
  g_autoptr(RdtScenario) sc = fx_scenario ();
  g_autoptr(RdtRetreat) r = NULL;
  RdtUnit *u;

  /* As in the step-loss test, but 0201 is free: the retreat there is free,
   * so the step loss into the crowded 0102 is no option (13.23 Exception:
   * only a unit that "would be captured" may take it). */
  fx_terrain (sc, "0202", "cliff");
  u = fx_unit (sc, "two-step", 1, RDT_UNIT_KIND_INFANTRY, 4, 4, "0101");
  rdt_unit_add_step (u, 2, -1, 3);
  fx_unit (sc, "crowd", 1, RDT_UNIT_KIND_INFANTRY, 4, 4, "0102");
  r = retreat (sc, NULL, "two-step", 1, NULL);
  g_assert_cmpuint (rdt_retreat_get_n_ends (r), ==, 1);
  g_assert_true (is_end (r, sc, "0201"));
  g_assert_false (is_end (r, sc, "0102"));
  g_assert_cmpstr (why (r, sc, "0102"), ==, "stacking");
  for (guint i = 0; i < rdt_retreat_get_n_ends (r); i++)
    g_assert_false (rdt_retreat_get_end (r, i)->flags & RDT_RETREAT_STEP_LOSS);
}

static void
test_13_23_captured (void)
{
  g_autoptr(RdtScenario) sc = fx_scenario ();
  g_autoptr(RdtRetreat) r = NULL;

  /* 0101's neighbours 0102, 0201, 0202 all in enemy ZOC. */
  fx_unit (sc, "a", 1, RDT_UNIT_KIND_INFANTRY, 4, 2, "0101");
  fx_unit (sc, "foe", 0, RDT_UNIT_KIND_INFANTRY, 4, 2, "0203");
  fx_unit (sc, "foe2", 0, RDT_UNIT_KIND_INFANTRY, 4, 2, "0301");
  r = retreat (sc, NULL, "a", 1, NULL);
  g_assert_true (rdt_retreat_is_captured (r));
  g_assert_cmpstr (why (r, sc, "0102"), ==, "enemy-zoc");
  g_assert_cmpstr (why (r, sc, "0201"), ==, "enemy-zoc");
  g_assert_cmpstr (rdt_retreat_reason_get_rule (RDT_RETREAT_REASON_CAPTURED), ==, "13.23");
}

static void
test_brandywine_3_2_1_toward_hex (void)
{
  g_autoptr(RdtScenario) sc = fx_scenario ();
  g_autoptr(RdtRetreat) r = NULL;
  RdtRetreatPriority p = { 0 };

  p.toward = RDT_RETREAT_TOWARD_HEX;
  p.hex = fx_hex (sc, "0510");
  p.rule = "Brandywine 3.2.1";
  fx_unit (sc, "a", 1, RDT_UNIT_KIND_INFANTRY, 4, 2, "0505");
  r = retreat (sc, NULL, "a", 1, &p);
  /* Toward 0510 (five hexes away): only 0506 gets closer; 0606 and 0406
   * stay five away. */
  g_assert_true (end_flags (r, sc, "0506") & RDT_RETREAT_PREFERRED);
  g_assert_true (end_flags (r, sc, "0506") & RDT_RETREAT_TOWARD);
  g_assert_false (end_flags (r, sc, "0606") & RDT_RETREAT_TOWARD);
  g_assert_false (end_flags (r, sc, "0406") & RDT_RETREAT_PREFERRED);
  g_assert_false (end_flags (r, sc, "0504") & RDT_RETREAT_PREFERRED);
  g_assert_cmpstr (rdt_retreat_get_priority_rule (r), ==, "Brandywine 3.2.1");
}

static void
test_13_22_important_other_direction (void)
{
  g_autoptr(RdtScenario) sc = fx_scenario ();
  g_autoptr(RdtRetreat) r = NULL;
  RdtRetreatPriority p = { 0 };

  p.toward = RDT_RETREAT_TOWARD_HEX;
  p.hex = fx_hex (sc, "0510");
  fx_unit (sc, "a", 1, RDT_UNIT_KIND_INFANTRY, 4, 2, "0505");
  fx_terrain (sc, "0506", "cliff");
  fx_terrain (sc, "0606", "cliff");
  fx_terrain (sc, "0406", "cliff");
  r = retreat (sc, NULL, "a", 1, &p);
  /* No path toward 0510: another direction is allowed. */
  g_assert_false (rdt_retreat_is_captured (r));
  g_assert_true (end_flags (r, sc, "0504") & RDT_RETREAT_PREFERRED);
}

static void
test_brandywine_3_2_2_toward_entry (void)
{
  g_autoptr(RdtScenario) sc = fx_scenario ();
  g_autoptr(RdtRetreat) r = NULL;
  RdtRetreatPriority p = { 0 };
  RdtHex e = { 9, 5 };

  rdt_scenario_set_entry (sc, "B", &e, NULL);
  p.toward = RDT_RETREAT_TOWARD_ENTRY;
  fx_unit (sc, "a", 0, RDT_UNIT_KIND_INFANTRY, 4, 2, "0505");
  r = retreat (sc, NULL, "a", 1, &p);
  g_assert_true (end_flags (r, sc, "0605") & RDT_RETREAT_PREFERRED);
  g_assert_true (end_flags (r, sc, "0606") & RDT_RETREAT_PREFERRED);
  g_assert_false (end_flags (r, sc, "0405") & RDT_RETREAT_TOWARD);
}

static void
test_germantown_3_8_compass (void)
{
  g_autoptr(RdtVolume) v = fx_volume ();
  g_autoptr(RdtScenario) sc = fx_scenario_full (v, 28, 0, 15, 13);
  g_autoptr(RdtRetreat) r = NULL;
  RdtRetreatPriority p = { 0 };

  /* Germantown 3.2.1 fixes the map's compass: north is the grid's up-left
   * neighbour (3304 -> 3204), 300 degrees clockwise from up. */
  p.toward = RDT_RETREAT_TOWARD_BEARINGS;
  p.north = 300;
  p.bearings[0] = 0;     /* north */
  p.bearings[1] = 315;   /* northwest */
  p.bearings[2] = 270;   /* west */
  p.n_bearings = 3;
  p.rule = "Germantown 3.8";
  fx_unit (sc, "a", 1, RDT_UNIT_KIND_INFANTRY, 4, 2, "3304");
  r = retreat (sc, NULL, "a", 1, &p);
  g_assert_true (end_flags (r, sc, "3204") & RDT_RETREAT_PREFERRED);   /* N */
  g_assert_true (end_flags (r, sc, "3205") & RDT_RETREAT_PREFERRED);   /* NW */
  g_assert_true (end_flags (r, sc, "3305") & RDT_RETREAT_PREFERRED);   /* SW, flanking W */
  g_assert_false (end_flags (r, sc, "3303") & RDT_RETREAT_TOWARD);     /* NE */
  g_assert_false (end_flags (r, sc, "3405") & RDT_RETREAT_TOWARD);     /* S */
  g_assert_false (end_flags (r, sc, "3404") & RDT_RETREAT_TOWARD);     /* SE */
}

static RdtMoveRules *
creek_rules (void)
{
  RdtMoveRules *rules = rdt_move_rules_new ();
  const char *types[] = { "brandywine-creek", NULL };

  rules->creek_types = g_strdupv ((char **) types);
  return rules;
}

static void
test_brandywine_5_2_9_creek_first_hex (void)
{
  g_autoptr(RdtScenario) sc = fx_scenario ();
  g_autoptr(RdtRetreat) r = NULL;
  RdtMoveRules *rules = creek_rules ();

  fx_side (sc, "0501", "0502", RDT_HEXSIDE_KIND_WATER, "brandywine-creek", NULL);
  fx_side (sc, "0801", "0802", RDT_HEXSIDE_KIND_WATER, "brandywine-creek", NULL);
  fx_unit (sc, "a", 1, RDT_UNIT_KIND_INFANTRY, 4, 2, "0501");
  fx_unit (sc, "gun", 1, RDT_UNIT_KIND_ARTILLERY, 4, 2, "0801");
  r = retreat (sc, rules, "a", 1, NULL);
  g_assert_true (end_flags (r, sc, "0502") & RDT_RETREAT_CREEK_D);
  g_assert_false (end_flags (r, sc, "0601") & RDT_RETREAT_CREEK_D);
  g_clear_pointer (&r, rdt_retreat_unref);
  r = retreat (sc, rules, "gun", 1, NULL);
  g_assert_cmpstr (why (r, sc, "0802"), ==, "creek-artillery");
  rdt_move_rules_free (rules);
}

static void
test_brandywine_5_2_10_creek_later (void)
{
  g_autoptr(RdtVolume) v = fx_volume ();
  g_autoptr(RdtScenario) sc = fx_scenario_full (v, 1, 1, 1, 6);
  g_autoptr(RdtRetreat) r = NULL;
  RdtMoveRules *rules = creek_rules ();

  /* A single column: the only three-hex retreat crosses the creek second. */
  fx_side (sc, "0102", "0103", RDT_HEXSIDE_KIND_WATER, "brandywine-creek", NULL);
  fx_unit (sc, "a", 1, RDT_UNIT_KIND_INFANTRY, 4, 2, "0101");
  r = retreat (sc, rules, "a", 3, NULL);
  g_assert_true (rdt_retreat_is_captured (r));
  g_assert_cmpstr (why (r, sc, "0103"), ==, "creek-later");
  g_assert_cmpstr (rdt_retreat_reason_get_rule (RDT_RETREAT_REASON_CREEK_LATER), ==, "Brandywine 5.2.10");
  rdt_move_rules_free (rules);
}

static void
test_savannah_4_1_retreat_stacking (void)
{
  g_autoptr(RdtScenario) sc = fx_scenario ();
  g_autoptr(RdtRetreat) r = NULL;
  RdtMoveRules *rules = rdt_move_rules_new ();
  const char *french[] = { "french", NULL };
  const char *american[] = { "american", NULL };
  const char *negro[] = { "negro-volunteers", NULL };
  const char *tories[] = { "georgia-militia", NULL };
  RdtUnit *u;

  rdt_move_rules_add_stacking_restriction (rules, "Savannah 4.1", french, american, NULL, TRUE, TRUE);
  rdt_move_rules_add_stacking_restriction (rules, "Savannah 4.1", negro, tories, NULL, FALSE, FALSE);
  u = fx_unit (sc, "dillon", 1, RDT_UNIT_KIND_INFANTRY, 4, 2, "0501");
  u->nationality = g_strdup ("french");
  u = fx_unit (sc, "continentals", 1, RDT_UNIT_KIND_INFANTRY, 4, 2, "0502");
  u->nationality = g_strdup ("american");
  fx_unit (sc, "negro-volunteers", 0, RDT_UNIT_KIND_INFANTRY, 4, 2, "0801");
  fx_unit (sc, "georgia-militia", 0, RDT_UNIT_KIND_MILITIA, 4, 2, "0802");
  r = retreat (sc, rules, "dillon", 1, NULL);
  g_assert_true (end_flags (r, sc, "0502") & RDT_RETREAT_MUST_UNSTACK);
  g_clear_pointer (&r, rdt_retreat_unref);
  r = retreat (sc, rules, "negro-volunteers", 1, NULL);
  g_assert_cmpstr (why (r, sc, "0802"), ==, "volume-stacking");
  rdt_move_rules_free (rules);
}

/* Germantown 3.8 as scenario data (<side><retreat directions north>): with no
 * priority in the options, rdt_movement_retreat() uses the side's. */
static void
test_germantown_3_8_from_scenario_data (void)
{
  g_autoptr(RdtVolume) v = fx_volume ();
  g_autoptr(RdtScenario) sc = fx_scenario_full (v, 28, 0, 15, 13);
  g_autoptr(RdtRetreat) r = NULL;
  g_autoptr(RdtRetreat) none = NULL;
  RdtHex zero = { 0, 0 };

  fx_unit (sc, "a", 1, RDT_UNIT_KIND_INFANTRY, 4, 2, "3304");
  none = retreat (sc, NULL, "a", 1, NULL);
  g_assert_false (end_flags (none, sc, "3204") & RDT_RETREAT_TOWARD);
  g_assert_null (rdt_retreat_get_priority_rule (none));
  rdt_scenario_set_side_retreat (sc, 1, RDT_SIDE_RETREAT_DIRECTIONS, zero, "N NW W", 300,
                                 "Germantown 3.8", FALSE);
  r = retreat (sc, NULL, "a", 1, NULL);
  g_assert_true (end_flags (r, sc, "3204") & RDT_RETREAT_TOWARD);      /* N */
  g_assert_true (end_flags (r, sc, "3205") & RDT_RETREAT_TOWARD);      /* NW */
  g_assert_false (end_flags (r, sc, "3303") & RDT_RETREAT_TOWARD);     /* NE */
  g_assert_false (end_flags (r, sc, "3405") & RDT_RETREAT_TOWARD);     /* S */
  g_assert_cmpstr (rdt_retreat_get_priority_rule (r), ==, "Germantown 3.8");
}

static RdtScenario *
load_bundled (const char *name)
{
  const char *root = g_getenv ("REDOUBT_SOURCE_ROOT");
  g_autofree char *file = g_strconcat (name, ".redoubt", NULL);
  g_autofree char *path = root != NULL ? g_build_filename (root, "scenarios", file, NULL)
                                       : g_test_build_filename (G_TEST_DIST, "..", "scenarios", file, NULL);
  g_autoptr(GError) error = NULL;
  RdtScenario *sc = rdt_scenario_load_from_file (path, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (sc);
  return sc;
}

/* Brandywine 3.2.1 and 3.2.2, Germantown 3.8, Savannah 4.19 in the bundled
 * scenarios' <side><retreat>. */
static void
test_retreat_priorities_bundled_data (void)
{
  g_autoptr(RdtScenario) bw = load_bundled ("brandywine");
  g_autoptr(RdtScenario) gt = load_bundled ("germantown");
  g_autoptr(RdtScenario) sv = load_bundled ("savannah-historical");
  RdtRetreatPriority p;
  RdtHex hq;

  g_assert_true (rdt_retreat_priority_from_scenario (bw, rdt_scenario_find_side (bw, "american"), &p));
  g_assert_cmpint (p.toward, ==, RDT_RETREAT_TOWARD_HEX);
  g_assert_true (rdt_hex_grid_parse_label (rdt_scenario_get_grid (bw), "1727", &hq, NULL));
  g_assert_cmpint (p.hex.col, ==, hq.col);
  g_assert_cmpint (p.hex.row, ==, hq.row);
  g_assert_cmpstr (p.rule, ==, "Brandywine 3.2.1");
  g_assert_true (rdt_retreat_priority_from_scenario (bw, rdt_scenario_find_side (bw, "british"), &p));
  g_assert_cmpint (p.toward, ==, RDT_RETREAT_TOWARD_ENTRY);
  g_assert_cmpstr (p.rule, ==, "Brandywine 3.2.2");

  g_assert_true (rdt_retreat_priority_from_scenario (gt, rdt_scenario_find_side (gt, "british"), &p));
  g_assert_cmpint (p.toward, ==, RDT_RETREAT_TOWARD_BEARINGS);
  g_assert_cmpuint (p.n_bearings, ==, 3);
  g_assert_cmpfloat (p.bearings[0], ==, 180);
  g_assert_cmpfloat (p.bearings[1], ==, 135);
  g_assert_cmpfloat (p.bearings[2], ==, 90);
  g_assert_cmpfloat (p.north, ==, 300);

  for (guint i = 0; i < rdt_scenario_get_n_sides (sv); i++)
    {
      g_assert_true (rdt_retreat_priority_from_scenario (sv, (int) i, &p));
      g_assert_cmpint (p.toward, ==, RDT_RETREAT_TOWARD_HEX);
      g_assert_cmpstr (p.rule, ==, "Savannah 4.19");
      g_assert_true (rdt_scenario_get_side (sv, i)->retreat_provisional);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/retreat/13.2/one-hex", test_13_2_one_hex);
  g_test_add_func ("/retreat/13.22/enemy-hex-zoc-prohibited", test_13_22_restrictions);
  g_test_add_func ("/retreat/13.22/off-map-and-hexside", test_13_22_off_map_and_hexside);
  g_test_add_func ("/retreat/13.22/important-other-direction", test_13_22_important_other_direction);
  g_test_add_func ("/retreat/13.23/step-loss-exception", test_13_23_step_loss);
  g_test_add_func ("/retreat/13.23/step-loss-only-when-every-other-outcome-is-capture", test_13_23_step_loss_only_when_capture);
  g_test_add_func ("/retreat/13.23/captured", test_13_23_captured);
  g_test_add_func ("/retreat/13.21/not-adjacent-preferred", test_13_21_not_adjacent);
  g_test_add_func ("/retreat/13.3/three-hexes-shortest-distance", test_13_3_three_hexes);
  g_test_add_func ("/retreat/13.3/end-not-adjacent-preferred", test_13_3_end_not_adjacent);
  g_test_add_func ("/retreat/brandywine-3.2.1/toward-hex", test_brandywine_3_2_1_toward_hex);
  g_test_add_func ("/retreat/brandywine-3.2.2/toward-entry", test_brandywine_3_2_2_toward_entry);
  g_test_add_func ("/retreat/germantown-3.8/north-northwest-west", test_germantown_3_8_compass);
  g_test_add_func ("/retreat/germantown-3.8/from-scenario-data", test_germantown_3_8_from_scenario_data);
  g_test_add_func ("/retreat/brandywine-3.2/germantown-3.8/savannah-4.19/bundled-data", test_retreat_priorities_bundled_data);
  g_test_add_func ("/retreat/brandywine-5.2.9/creek-first-hex", test_brandywine_5_2_9_creek_first_hex);
  g_test_add_func ("/retreat/brandywine-5.2.10/creek-later-captured", test_brandywine_5_2_10_creek_later);
  g_test_add_func ("/retreat/savannah-4.1/stack-by-retreat", test_savannah_4_1_retreat_stacking);

  return g_test_run ();
}
