#undef G_DISABLE_ASSERT
#include "config.h"

#include <json-glib/json-glib.h>
#include <sys/wait.h>

#include "movement-fixture.h"

/* Hexes of the 10 x 10 test map (flat-top, odd columns low): column 05 is a
 * straight line 0501, 0502, ...; 0501's neighbours are 0502, 0601, 0602,
 * 0401, 0402. */

static void
test_9_2_allowance (void)
{
  g_autoptr(RdtScenario) sc = fx_scenario ();
  g_autoptr(RdtReach) r = NULL;
  g_autoptr(GArray) path = NULL;

  fx_unit (sc, "a", 1, RDT_UNIT_KIND_INFANTRY, 4, 2, "0501");
  r = fx_reach (sc, NULL, "a", FALSE);
  g_assert_cmpint (fx_cost (r, sc, "0502"), ==, 2);
  g_assert_cmpint (fx_cost (r, sc, "0505"), ==, 8);
  g_assert_cmpint (fx_cost (r, sc, "0506"), ==, -1);
  g_assert_cmpstr (fx_why (r, sc, "0506"), ==, "allowance");
  g_assert_cmpstr (fx_why (r, sc, "0501"), ==, "start");
  g_assert_cmpstr (rdt_reach_get_reason_rule (r, fx_hex (sc, "0506")), ==, "9.2");
  path = rdt_reach_dup_path (r, fx_hex (sc, "0505"));
  g_assert_nonnull (path);
  g_assert_cmpuint (path->len, ==, 5);
  g_assert_cmpint (g_array_index (path, RdtHex, 0).row, ==, 1);
  g_assert_cmpint (g_array_index (path, RdtHex, 4).row, ==, 5);
  /* Every hex within four moves, none beyond; ordered by cost. */
  for (guint i = 0; i < rdt_reach_get_n_hexes (r); i++)
    {
      const RdtReachHex *e = rdt_reach_get_hex (r, i);
      int dist = rdt_hex_grid_distance (rdt_scenario_get_grid (sc), fx_hex (sc, "0501"), e->hex);
      g_assert_cmpint (e->cost_halves, ==, 2 * dist);
      if (i > 0)
        g_assert_cmpint (rdt_reach_get_hex (r, i - 1)->cost_halves, <=, e->cost_halves);
    }
}

static void
test_9_4_fraction (void)
{
  g_autoptr(RdtScenario) sc = fx_scenario ();
  g_autoptr(RdtReach) r = NULL;

  /* Germantown 3.2.1: heavy woods cost 1½ MP. */
  fx_terrain (sc, "0502", "heavy-woods");
  fx_unit (sc, "a", 1, RDT_UNIT_KIND_INFANTRY, 4, 2, "0501");
  r = fx_reach (sc, NULL, "a", FALSE);
  g_assert_cmpint (fx_cost (r, sc, "0502"), ==, 3);
  g_assert_cmpint (fx_cost (r, sc, "0503"), ==, 5);
}

static void
test_9_4_cumulative (void)
{
  g_autoptr(RdtScenario) sc = fx_scenario ();
  g_autoptr(RdtReach) r = NULL;

  fx_side (sc, "0501", "0502", RDT_HEXSIDE_KIND_WATER, "creek", NULL);
  fx_terrain (sc, "0502", "heavy-woods");
  fx_unit (sc, "a", 1, RDT_UNIT_KIND_INFANTRY, 4, 2, "0501");
  r = fx_reach (sc, NULL, "a", FALSE);
  /* 9.4: the hex and the hexside costs are cumulative: 1½ + 1. */
  g_assert_cmpint (fx_cost (r, sc, "0502"), ==, 5);
}

static void
test_9_4_combined (void)
{
  g_autoptr(RdtScenario) sc = fx_scenario ();
  g_autoptr(RdtReach) up = NULL;
  g_autoptr(RdtReach) down = NULL;

  /* 0102 and 0103 share only 0203 on the map: make it impassable. */
  fx_terrain (sc, "0203", "cliff");
  fx_side (sc, "0102", "0103", RDT_HEXSIDE_KIND_WATER, "creek", NULL);
  fx_side (sc, "0102", "0103", RDT_HEXSIDE_KIND_SLOPE, "slope", "0103");
  fx_unit (sc, "low", 1, RDT_UNIT_KIND_INFANTRY, 6, 2, "0102");
  fx_unit (sc, "high", 1, RDT_UNIT_KIND_INFANTRY, 6, 2, "0103");
  up = fx_reach (sc, NULL, "low", FALSE);
  down = fx_reach (sc, NULL, "high", FALSE);
  /* 9.4 Exceptions: the combined type replaces slope (1) + creek (1). */
  g_assert_cmpint (fx_cost (up, sc, "0103"), ==, 2 + 6);
  g_assert_cmpint (fx_cost (down, sc, "0102"), ==, 2 + 3);
}

static void
test_9_4_road (void)
{
  g_autoptr(RdtScenario) sc = fx_scenario ();
  g_autoptr(RdtReach) r = NULL;
  const char *road[] = { "0501", "0502", "0503", "0504", NULL };

  fx_terrain (sc, "0502", "heavy-woods");
  fx_terrain (sc, "0503", "heavy-woods");
  fx_terrain (sc, "0504", "heavy-woods");
  fx_road (sc, "road", road);
  fx_side (sc, "0503", "0504", RDT_HEXSIDE_KIND_WATER, "creek", NULL);
  fx_unit (sc, "a", 1, RDT_UNIT_KIND_INFANTRY, 4, 2, "0501");
  r = fx_reach (sc, NULL, "a", FALSE);
  /* 9.4 Note: the road nullifies the heavy woods; the creek still adds. */
  g_assert_cmpint (fx_cost (r, sc, "0502"), ==, 2);
  g_assert_cmpint (fx_cost (r, sc, "0503"), ==, 4);
  g_assert_cmpint (fx_cost (r, sc, "0504"), ==, 8);
}

static void
test_9_51_older_road (void)
{
  g_autoptr(RdtScenario) sc = fx_scenario ();
  g_autoptr(RdtReach) r = NULL;
  const char *road[] = { "0501", "0502", "0503", "0504", NULL };

  rdt_volume_set_variant (rdt_scenario_get_volume (sc), RDT_VARIANT_ROADS, RDT_EDITION_OLDER);
  fx_terrain (sc, "0503", "heavy-woods");
  fx_road (sc, "road", road);
  fx_side (sc, "0503", "0504", RDT_HEXSIDE_KIND_WATER, "creek", NULL);
  fx_unit (sc, "a", 1, RDT_UNIT_KIND_INFANTRY, 4, 2, "0501");
  r = fx_reach (sc, NULL, "a", FALSE);
  /* Older 9.51: it spends the road's cost and ignores any other hexside terrain. */
  g_assert_cmpint (fx_cost (r, sc, "0504"), ==, 6);
}

static void
test_9_3_prohibited_terrain (void)
{
  g_autoptr(RdtScenario) sc = fx_scenario ();
  g_autoptr(RdtReach) gun = NULL;
  g_autoptr(RdtReach) foot = NULL;

  fx_terrain (sc, "0502", "marsh");
  fx_unit (sc, "gun", 1, RDT_UNIT_KIND_ARTILLERY, 4, 2, "0501");
  fx_unit (sc, "foot", 1, RDT_UNIT_KIND_INFANTRY, 4, 2, "0401");
  gun = fx_reach (sc, NULL, "gun", FALSE);
  foot = fx_reach (sc, NULL, "foot", FALSE);
  g_assert_cmpstr (fx_why (gun, sc, "0502"), ==, "prohibited-terrain");
  g_assert_cmpstr (rdt_reach_get_reason_rule (gun, fx_hex (sc, "0502")), ==, "9.3");
  g_assert_cmpint (fx_cost (foot, sc, "0502"), ==, 2 + 4);
}

static void
test_9_3_prohibited_hexside (void)
{
  g_autoptr(RdtScenario) sc = fx_scenario ();
  g_autoptr(RdtReach) r = NULL;

  fx_side (sc, "0501", "0502", RDT_HEXSIDE_KIND_OTHER, "wall", NULL);
  fx_unit (sc, "gun", 1, RDT_UNIT_KIND_ARTILLERY, 1, 2, "0501");
  r = fx_reach (sc, NULL, "gun", FALSE);
  g_assert_cmpstr (fx_why (r, sc, "0502"), ==, "prohibited-hexside");
  g_assert_cmpint (fx_cost (r, sc, "0601"), ==, 2);
}

static void
test_9_3_enemy_occupied (void)
{
  g_autoptr(RdtScenario) sc = fx_scenario ();
  g_autoptr(RdtReach) r = NULL;

  fx_unit (sc, "a", 1, RDT_UNIT_KIND_INFANTRY, 6, 2, "0501");
  fx_unit (sc, "foe", 0, RDT_UNIT_KIND_INFANTRY, 4, 2, "0503");
  g_assert_nonnull (rdt_scenario_find_unit (sc, "foe"));
  rdt_scenario_set_unit_status (sc, "foe", RDT_UNIT_STATUS_SHATTERED, NULL, NULL);
  r = fx_reach (sc, NULL, "a", FALSE);
  /* Even a shattered enemy unit (no ZOC) occupies its hex. */
  g_assert_cmpstr (fx_why (r, sc, "0503"), ==, "enemy-occupied");
  g_assert_cmpstr (rdt_reach_get_reason_rule (r, fx_hex (sc, "0503")), ==, "9.3");
  g_assert_cmpint (fx_cost (r, sc, "0502"), ==, 2);
  g_assert_false (fx_flags (r, sc, "0502") & RDT_REACH_ZOC_STOP);
}

static void
test_8_31_zoc_stop (void)
{
  g_autoptr(RdtScenario) sc = fx_scenario ();
  g_autoptr(RdtReach) r = NULL;

  fx_unit (sc, "a", 1, RDT_UNIT_KIND_INFANTRY, 6, 2, "0501");
  fx_unit (sc, "foe", 0, RDT_UNIT_KIND_INFANTRY, 4, 2, "0505");
  r = fx_reach (sc, NULL, "a", FALSE);
  g_assert_cmpint (fx_cost (r, sc, "0504"), ==, 6);
  g_assert_true (fx_flags (r, sc, "0504") & RDT_REACH_ZOC_STOP);
  g_assert_false (fx_flags (r, sc, "0503") & RDT_REACH_ZOC_STOP);
  g_clear_pointer (&r, rdt_reach_unref);
  /* Along the map edge: 0103 lies past 0102, where the ZOC stops the unit. */
  fx_unit (sc, "b", 1, RDT_UNIT_KIND_INFANTRY, 4, 2, "0101");
  fx_unit (sc, "foe2", 0, RDT_UNIT_KIND_INFANTRY, 4, 2, "0203");
  r = fx_reach (sc, NULL, "b", FALSE);
  g_assert_true (fx_flags (r, sc, "0102") & RDT_REACH_ZOC_STOP);
  g_assert_cmpint (fx_cost (r, sc, "0103"), ==, -1);
  g_assert_cmpstr (fx_why (r, sc, "0103"), ==, "zoc");
  g_assert_cmpstr (rdt_reach_get_reason_rule (r, fx_hex (sc, "0103")), ==, "8.31");
}

static void
test_8_31_rifle_enter (void)
{
  g_autoptr(RdtScenario) sc = fx_scenario ();
  g_autoptr(RdtReach) r = NULL;

  fx_unit (sc, "a", 1, RDT_UNIT_KIND_INFANTRY, 6, 2, "0501");
  fx_unit (sc, "rifles", 0, RDT_UNIT_KIND_RIFLE, 4, 2, "0505");
  r = fx_reach (sc, NULL, "a", FALSE);
  /* 8.31 Important: +1 MP to enter an enemy rifle unit's ZOC. */
  g_assert_cmpint (fx_cost (r, sc, "0504"), ==, 6 + 2);
  g_assert_true (fx_flags (r, sc, "0504") & RDT_REACH_RIFLE_ZOC);
}

static void
test_8_31_rifle_exit (void)
{
  g_autoptr(RdtScenario) sc = fx_scenario ();
  g_autoptr(RdtReach) r = NULL;

  fx_unit (sc, "a", 1, RDT_UNIT_KIND_INFANTRY, 6, 2, "0504");
  fx_unit (sc, "rifles", 0, RDT_UNIT_KIND_RIFLE, 4, 2, "0505");
  r = fx_reach (sc, NULL, "a", FALSE);
  /* +1 MP to exit it. */
  g_assert_cmpint (fx_cost (r, sc, "0503"), ==, 2 + 2);
  g_assert_cmpint (fx_cost (r, sc, "0502"), ==, 6);
  /* From one hex of its ZOC to another: neither entering nor exiting it. */
  g_assert_cmpint (fx_cost (r, sc, "0405"), ==, 2);
}

static void
test_8_31_rifle_same_zoc_flag (void)
{
  g_autoptr(RdtScenario) sc = fx_scenario ();
  g_autoptr(RdtReach) r = NULL;

  fx_unit (sc, "a", 1, RDT_UNIT_KIND_INFANTRY, 6, 2, "0504");
  fx_unit (sc, "rifles", 0, RDT_UNIT_KIND_RIFLE, 4, 2, "0505");
  r = fx_reach (sc, NULL, "a", FALSE);
  /* Within the same rifle unit's ZOC: no charge, so no "rifle ZOC +1 MP". */
  g_assert_cmpint (fx_cost (r, sc, "0405"), ==, 2);
  g_assert_false (fx_flags (r, sc, "0405") & RDT_REACH_RIFLE_ZOC);
  /* Leaving it is charged and says so. */
  g_assert_true (fx_flags (r, sc, "0503") & RDT_REACH_RIFLE_ZOC);
}

static void
test_8_31_rifle_disrupted (void)
{
  g_autoptr(RdtScenario) sc = fx_scenario ();
  g_autoptr(RdtReach) r = NULL;

  fx_unit (sc, "a", 1, RDT_UNIT_KIND_INFANTRY, 6, 2, "0504");
  fx_unit (sc, "rifles", 0, RDT_UNIT_KIND_RIFLE, 4, 2, "0505");
  rdt_scenario_set_unit_status (sc, "a", RDT_UNIT_STATUS_DISRUPTED, NULL, NULL);
  r = fx_reach (sc, NULL, "a", FALSE);
  /* 13.3: one hex away from the enemy; 8.31 Important: +1 MP to leave the
   * rifle unit's ZOC applies to every moving unit, disrupted ones too. */
  g_assert_cmpint (fx_cost (r, sc, "0503"), ==, 2 + 2);
  g_assert_true (fx_flags (r, sc, "0503") & RDT_REACH_RIFLE_ZOC);
}

static void
test_8_32_zoc_to_zoc (void)
{
  g_autoptr(RdtScenario) sc = fx_scenario ();
  g_autoptr(RdtReach) r = NULL;

  fx_unit (sc, "a", 1, RDT_UNIT_KIND_INFANTRY, 6, 2, "0504");
  fx_unit (sc, "foe", 0, RDT_UNIT_KIND_INFANTRY, 4, 2, "0505");
  r = fx_reach (sc, NULL, "a", FALSE);
  /* 8.32: directly into another ZOC hex, and stop there... */
  g_assert_cmpint (fx_cost (r, sc, "0405"), ==, 2);
  g_assert_true (fx_flags (r, sc, "0405") & RDT_REACH_ZOC_STOP);
  /* ...or out of the ZOC and on up to the full allowance. */
  g_assert_cmpint (fx_cost (r, sc, "0503"), ==, 2);
  g_assert_cmpint (fx_cost (r, sc, "0501"), ==, 6);
  g_assert_cmpint (fx_cost (r, sc, "0310"), ==, -1);
}

static void
test_9_2_minimum_move (void)
{
  g_autoptr(RdtScenario) sc = fx_scenario ();
  g_autoptr(RdtReach) r = NULL;

  fx_terrain (sc, "0502", "swamp");
  fx_terrain (sc, "0402", "marsh");
  fx_unit (sc, "a", 1, RDT_UNIT_KIND_INFANTRY, 1, 2, "0501");
  fx_unit (sc, "gun", 1, RDT_UNIT_KIND_ARTILLERY, 1, 2, "0401");
  r = fx_reach (sc, NULL, "a", FALSE);
  /* 9.2 Note: a unit may always move one hex. */
  g_assert_cmpint (fx_cost (r, sc, "0502"), ==, 6);
  g_assert_true (fx_flags (r, sc, "0502") & RDT_REACH_MINIMUM_MOVE);
  g_assert_cmpint (fx_cost (r, sc, "0503"), ==, -1);
  g_clear_pointer (&r, rdt_reach_unref);
  /* ...as long as no restriction is broken: not into prohibited terrain. */
  r = fx_reach (sc, NULL, "gun", FALSE);
  g_assert_cmpstr (fx_why (r, sc, "0402"), ==, "prohibited-terrain");
}

static void
test_savannah_4_19_no_minimum_move (void)
{
  g_autoptr(RdtScenario) sc = fx_scenario ();
  g_autoptr(RdtReach) r = NULL;
  RdtMoveRules *rules = rdt_move_rules_new ();
  const char *terrains[] = { "swamp", NULL };

  rules->no_minimum_move_terrains = g_strdupv ((char **) terrains);
  rules->no_minimum_move_kinds = RDT_UNIT_KIND_MASK (RDT_UNIT_KIND_MORTAR);
  rules->no_minimum_move_rule = g_strdup ("Savannah 4.19");
  fx_terrain (sc, "0502", "swamp");
  fx_terrain (sc, "0702", "heavy-woods");
  fx_unit (sc, "a", 1, RDT_UNIT_KIND_INFANTRY, 1, 2, "0501");
  fx_unit (sc, "mortar", 1, RDT_UNIT_KIND_MORTAR, 1, 2, "0701");
  r = fx_reach (sc, rules, "a", FALSE);
  g_assert_cmpstr (fx_why (r, sc, "0502"), ==, "no-minimum-move");
  g_assert_cmpstr (rdt_reach_get_reason_rule (r, fx_hex (sc, "0502")), ==, "Savannah 4.19");
  g_assert_cmpint (fx_cost (r, sc, "0601"), ==, 2);
  g_clear_pointer (&r, rdt_reach_unref);
  r = fx_reach (sc, rules, "mortar", FALSE);
  g_assert_cmpstr (fx_why (r, sc, "0702"), ==, "no-minimum-move");
  g_assert_cmpint (fx_cost (r, sc, "0801"), ==, 2);
  rdt_move_rules_free (rules);
}

static RdtScenario *
strategic_scenario (void)
{
  RdtScenario *sc = fx_scenario ();
  const char *road[] = { "0501", "0502", "0503", "0504", "0505", "0506", "0507", NULL };

  fx_road (sc, "road", road);
  fx_unit (sc, "a", 1, RDT_UNIT_KIND_INFANTRY, 2, 2, "0501");
  return sc;
}

static void
test_9_5_strategic_double (void)
{
  g_autoptr(RdtScenario) sc = strategic_scenario ();
  g_autoptr(RdtReach) r = fx_reach (sc, NULL, "a", TRUE);
  g_autoptr(RdtReach) normal = fx_reach (sc, NULL, "a", FALSE);

  /* 9.5: twice the printed allowance, along the road only. */
  g_assert_cmpint (rdt_reach_get_allowance_halves (r), ==, 8);
  g_assert_cmpint (fx_cost (r, sc, "0505"), ==, 8);
  g_assert_cmpstr (fx_why (r, sc, "0506"), ==, "allowance");
  g_assert_cmpstr (fx_why (r, sc, "0601"), ==, "strategic-off-road");
  g_assert_cmpstr (rdt_reach_get_reason_rule (r, fx_hex (sc, "0601")), ==, "3.1");
  /* No one-hex minimum move in strategic movement. */
  g_assert_cmpuint (rdt_reach_get_n_hexes (r), ==, 4);
  g_assert_cmpint (fx_cost (normal, sc, "0503"), ==, 4);
  g_assert_cmpint (fx_cost (normal, sc, "0504"), ==, -1);
}

static void
test_9_5_strategic_adjacent (void)
{
  g_autoptr(RdtScenario) sc = strategic_scenario ();
  g_autoptr(RdtReach) r = NULL;

  /* A disrupted enemy unit has no ZOC but still may not be passed. */
  fx_unit (sc, "foe", 0, RDT_UNIT_KIND_INFANTRY, 4, 2, "0604");
  rdt_scenario_set_unit_status (sc, "foe", RDT_UNIT_STATUS_DISRUPTED, NULL, NULL);
  r = fx_reach (sc, NULL, "a", TRUE);
  g_assert_cmpint (fx_cost (r, sc, "0502"), ==, 2);
  g_assert_cmpstr (fx_why (r, sc, "0503"), ==, "strategic-adjacent");
  g_assert_cmpstr (fx_why (r, sc, "0505"), ==, "allowance");
}

static void
test_9_5_strategic_start_adjacent (void)
{
  g_autoptr(RdtScenario) sc = strategic_scenario ();
  g_autoptr(RdtReach) r = NULL;

  fx_unit (sc, "foe", 0, RDT_UNIT_KIND_INFANTRY, 4, 2, "0602");
  r = fx_reach (sc, NULL, "a", TRUE);
  g_assert_cmpint (rdt_reach_get_unit_reason (r), ==, RDT_MOVE_REASON_STRATEGIC_START);
  g_assert_cmpuint (rdt_reach_get_n_hexes (r), ==, 0);
  g_assert_cmpstr (fx_why (r, sc, "0503"), ==, "strategic-start");
}

static void
test_brandywine_3_5_path (void)
{
  g_autoptr(RdtScenario) sc = fx_scenario ();
  g_autoptr(RdtReach) strat = NULL;
  g_autoptr(RdtReach) normal = NULL;
  const char *path[] = { "0501", "0502", "0503", NULL };

  fx_terrain (sc, "0502", "heavy-woods");
  fx_road (sc, "dungeon-bottom-path", path);
  fx_unit (sc, "a", 1, RDT_UNIT_KIND_INFANTRY, 2, 2, "0501");
  strat = fx_reach (sc, NULL, "a", TRUE);
  normal = fx_reach (sc, NULL, "a", FALSE);
  g_assert_cmpstr (fx_why (strat, sc, "0502"), ==, "strategic-road-type");
  g_assert_cmpint (fx_cost (normal, sc, "0502"), ==, 2);
}

static void
test_brandywine_5_1_fords (void)
{
  g_autoptr(RdtScenario) sc = fx_scenario ();
  g_autoptr(RdtReach) r = NULL;
  g_autoptr(RdtReach) strat = NULL;
  const char *road1[] = { "0501", "0502", "0503", NULL };
  const char *road2[] = { "0701", "0702", "0703", NULL };

  /* No way round the fords: 0402, 0602 and 0802 are impassable. */
  fx_terrain (sc, "0402", "cliff");
  fx_terrain (sc, "0602", "cliff");
  fx_terrain (sc, "0802", "cliff");
  fx_road (sc, "road", road1);
  fx_road (sc, "road", road2);
  fx_side (sc, "0501", "0502", RDT_HEXSIDE_KIND_WATER, "primary-ford", NULL);
  fx_side (sc, "0701", "0702", RDT_HEXSIDE_KIND_WATER, "secondary-ford", NULL);
  fx_unit (sc, "a", 1, RDT_UNIT_KIND_INFANTRY, 4, 2, "0501");
  fx_unit (sc, "b", 1, RDT_UNIT_KIND_INFANTRY, 4, 2, "0701");
  r = fx_reach (sc, NULL, "a", FALSE);
  /* Brandywine 5.1: +1 MP at a primary ford, +2 MP at a secondary ford. */
  g_assert_cmpint (fx_cost (r, sc, "0502"), ==, 2 + 2);
  g_clear_pointer (&r, rdt_reach_unref);
  r = fx_reach (sc, NULL, "b", FALSE);
  g_assert_cmpint (fx_cost (r, sc, "0702"), ==, 2 + 4);
  /* No strategic movement across a primary ford; a secondary ford is no bar. */
  strat = fx_reach (sc, NULL, "a", TRUE);
  g_assert_cmpstr (fx_why (strat, sc, "0502"), ==, "strategic-hexside");
  g_clear_pointer (&strat, rdt_reach_unref);
  strat = fx_reach (sc, NULL, "b", TRUE);
  g_assert_cmpint (fx_cost (strat, sc, "0703"), ==, 2 + 4 + 2);
}

static void
test_9_52_older_fords (void)
{
  g_autoptr(RdtScenario) sc = fx_scenario ();
  g_autoptr(RdtReach) strat = NULL;
  const char *road1[] = { "0501", "0502", "0503", NULL };

  rdt_volume_set_variant (rdt_scenario_get_volume (sc), RDT_VARIANT_ROADS, RDT_EDITION_OLDER);
  fx_road (sc, "road", road1);
  fx_side (sc, "0501", "0502", RDT_HEXSIDE_KIND_WATER, "primary-ford", NULL);
  fx_unit (sc, "a", 1, RDT_UNIT_KIND_INFANTRY, 4, 2, "0501");
  strat = fx_reach (sc, NULL, "a", TRUE);
  /* Older 9.52: creek fords do not impede strategic movement. */
  g_assert_cmpint (fx_cost (strat, sc, "0503"), ==, 4);
}

static RdtMoveRules *
creek_rules (void)
{
  RdtMoveRules *rules = rdt_move_rules_new ();
  const char *types[] = { "brandywine-creek", NULL };

  rules->creek_types = g_strdupv ((char **) types);
  rules->creek_rule = g_strdup ("Brandywine 5.1");
  return rules;
}

static void
test_brandywine_5_1_creek_whole_allowance (void)
{
  g_autoptr(RdtScenario) sc = fx_scenario ();
  g_autoptr(RdtReach) r = NULL;
  g_autoptr(GArray) path = NULL;
  RdtMoveRules *rules = creek_rules ();

  /* No way round the creek hexsides: 0402, 0602 and 0802 are impassable. */
  fx_terrain (sc, "0402", "cliff");
  fx_terrain (sc, "0602", "cliff");
  fx_terrain (sc, "0802", "cliff");
  fx_side (sc, "0501", "0502", RDT_HEXSIDE_KIND_WATER, "brandywine-creek", NULL);
  fx_unit (sc, "a", 1, RDT_UNIT_KIND_INFANTRY, 4, 2, "0501");
  fx_unit (sc, "late", 1, RDT_UNIT_KIND_INFANTRY, 1, 2, "0503");
  fx_unit (sc, "gun", 1, RDT_UNIT_KIND_ARTILLERY, 4, 2, "0701");
  fx_side (sc, "0701", "0702", RDT_HEXSIDE_KIND_WATER, "brandywine-creek", NULL);
  r = fx_reach (sc, rules, "a", FALSE);
  g_assert_cmpint (fx_cost (r, sc, "0502"), ==, 8);
  g_assert_true (fx_flags (r, sc, "0502") & RDT_REACH_WHOLE_ALLOWANCE);
  path = rdt_reach_dup_path (r, fx_hex (sc, "0502"));
  g_assert_cmpuint (path->len, ==, 2);
  g_clear_pointer (&r, rdt_reach_unref);
  /* Only from the hex where the unit began. */
  r = fx_reach (sc, rules, "late", FALSE);
  g_assert_cmpstr (fx_why (r, sc, "0501"), ==, "creek");
  g_assert_cmpstr (rdt_reach_get_reason_rule (r, fx_hex (sc, "0501")), ==, "Brandywine 5.1");
  g_clear_pointer (&r, rdt_reach_unref);
  /* Never artillery. */
  r = fx_reach (sc, rules, "gun", FALSE);
  g_assert_cmpstr (fx_why (r, sc, "0702"), ==, "creek-unit");
  rdt_move_rules_free (rules);
}

static void
test_brandywine_5_1_creek_disrupted (void)
{
  g_autoptr(RdtScenario) sc = fx_scenario ();
  g_autoptr(RdtReach) r = NULL;
  RdtMoveRules *rules = creek_rules ();

  fx_side (sc, "0501", "0502", RDT_HEXSIDE_KIND_WATER, "brandywine-creek", NULL);
  fx_unit (sc, "a", 1, RDT_UNIT_KIND_INFANTRY, 4, 2, "0501");
  rdt_scenario_set_unit_status (sc, "a", RDT_UNIT_STATUS_DISRUPTED, NULL, NULL);
  r = fx_reach (sc, rules, "a", FALSE);
  g_assert_cmpstr (fx_why (r, sc, "0502"), ==, "creek-unit");
  rdt_move_rules_free (rules);
}

static void
test_brandywine_5_1_creek_zoc (void)
{
  g_autoptr(RdtScenario) sc = fx_scenario ();
  g_autoptr(RdtReach) r = NULL;
  RdtMoveRules *rules = creek_rules ();

  fx_side (sc, "0501", "0502", RDT_HEXSIDE_KIND_WATER, "brandywine-creek", NULL);
  fx_unit (sc, "a", 1, RDT_UNIT_KIND_INFANTRY, 4, 2, "0501");
  fx_terrain (sc, "0402", "cliff");
  /* 0602 is adjacent to both 0501 and 0502. */
  fx_unit (sc, "foe", 0, RDT_UNIT_KIND_INFANTRY, 4, 2, "0602");
  r = fx_reach (sc, rules, "a", FALSE);
  g_assert_cmpstr (fx_why (r, sc, "0502"), ==, "creek-zoc");
  rdt_move_rules_free (rules);
}

static void
test_13_3_disrupted_one_hex (void)
{
  g_autoptr(RdtScenario) sc = fx_scenario ();
  g_autoptr(RdtReach) r = NULL;

  fx_unit (sc, "a", 1, RDT_UNIT_KIND_INFANTRY, 4, 2, "0501");
  fx_unit (sc, "foe", 0, RDT_UNIT_KIND_INFANTRY, 4, 2, "0704");
  rdt_scenario_set_unit_status (sc, "a", RDT_UNIT_STATUS_DISRUPTED, NULL, NULL);
  r = fx_reach (sc, NULL, "a", FALSE);
  g_assert_cmpint (fx_cost (r, sc, "0502"), ==, 2);
  g_assert_cmpstr (fx_why (r, sc, "0503"), ==, "disrupted-one-hex");
  g_assert_cmpuint (rdt_reach_get_n_hexes (r), ==, 5);
}

static void
test_13_3_disrupted_not_adjacent (void)
{
  g_autoptr(RdtScenario) sc = fx_scenario ();
  g_autoptr(RdtReach) r = NULL;

  fx_unit (sc, "a", 1, RDT_UNIT_KIND_INFANTRY, 4, 2, "0502");
  fx_unit (sc, "foe", 0, RDT_UNIT_KIND_INFANTRY, 4, 2, "0504");
  rdt_scenario_set_unit_status (sc, "a", RDT_UNIT_STATUS_DISRUPTED, NULL, NULL);
  r = fx_reach (sc, NULL, "a", FALSE);
  g_assert_cmpstr (fx_why (r, sc, "0503"), ==, "disrupted-adjacent");
  g_assert_cmpint (fx_cost (r, sc, "0501"), ==, 2);
  g_assert_false (fx_flags (r, sc, "0501") & RDT_REACH_MUST_MOVE);
}

static void
test_13_3_disrupted_move_away (void)
{
  g_autoptr(RdtScenario) sc = fx_scenario ();
  g_autoptr(RdtReach) r = NULL;

  fx_unit (sc, "a", 1, RDT_UNIT_KIND_INFANTRY, 4, 2, "0503");
  fx_unit (sc, "foe", 0, RDT_UNIT_KIND_INFANTRY, 4, 2, "0504");
  rdt_scenario_set_unit_status (sc, "a", RDT_UNIT_STATUS_DISRUPTED, NULL, NULL);
  r = fx_reach (sc, NULL, "a", FALSE);
  /* Away from all enemy units if possible. */
  g_assert_true (fx_flags (r, sc, "0502") & RDT_REACH_MUST_MOVE);
  g_assert_cmpint (fx_cost (r, sc, "0403"), ==, 2);
  g_assert_cmpint (fx_cost (r, sc, "0603"), ==, 2);
  g_assert_cmpstr (fx_why (r, sc, "0404"), ==, "disrupted-move-away");
  g_assert_cmpstr (fx_why (r, sc, "0604"), ==, "disrupted-move-away");
  g_assert_cmpuint (rdt_reach_get_n_hexes (r), ==, 3);
}

static void
test_13_3_disrupted_as_many_as_possible (void)
{
  g_autoptr(RdtScenario) sc = fx_scenario ();
  g_autoptr(RdtReach) r = NULL;

  fx_unit (sc, "a", 1, RDT_UNIT_KIND_INFANTRY, 4, 2, "0503");
  fx_unit (sc, "foe1", 0, RDT_UNIT_KIND_INFANTRY, 4, 2, "0504");
  fx_unit (sc, "foe2", 0, RDT_UNIT_KIND_INFANTRY, 4, 2, "0502");
  rdt_scenario_set_unit_status (sc, "a", RDT_UNIT_STATUS_DISRUPTED, NULL, NULL);
  r = fx_reach (sc, NULL, "a", FALSE);
  /* Each free neighbour is adjacent to one of the two: away from as many as
   * possible. */
  g_assert_cmpuint (rdt_reach_get_n_hexes (r), ==, 4);
  g_assert_true (fx_flags (r, sc, "0404") & RDT_REACH_MUST_MOVE);
  g_assert_cmpstr (fx_why (r, sc, "0504"), ==, "enemy-occupied");
}

static void
test_13_4_shattered (void)
{
  g_autoptr(RdtScenario) sc = fx_scenario ();
  g_autoptr(RdtReach) r = NULL;

  fx_unit (sc, "a", 1, RDT_UNIT_KIND_INFANTRY, 4, 2, "0501");
  rdt_scenario_set_unit_status (sc, "a", RDT_UNIT_STATUS_SHATTERED, NULL, NULL);
  r = fx_reach (sc, NULL, "a", FALSE);
  g_assert_cmpint (rdt_reach_get_unit_reason (r), ==, RDT_MOVE_REASON_SHATTERED);
  g_assert_cmpuint (rdt_reach_get_n_hexes (r), ==, 0);
  g_assert_cmpstr (fx_why (r, sc, "0502"), ==, "shattered");
  g_assert_cmpstr (rdt_reach_get_reason_rule (r, fx_hex (sc, "0502")), ==, "13.4");
}

static void
test_9_3_pinned (void)
{
  g_autoptr(RdtScenario) sc = fx_scenario ();
  g_autoptr(RdtReach) r = NULL;
  RdtUnit *a;
  const char *states[] = { "pinned", NULL };

  a = fx_unit (sc, "a", 1, RDT_UNIT_KIND_INFANTRY, 6, 2, "0501");
  a->states = g_strdupv ((char **) states);
  fx_unit (sc, "foe", 0, RDT_UNIT_KIND_INFANTRY, 4, 2, "0505");
  r = fx_reach (sc, NULL, "a", FALSE);
  g_assert_cmpstr (fx_why (r, sc, "0504"), ==, "pinned-adjacent");
  g_assert_cmpint (fx_cost (r, sc, "0503"), ==, 4);
  g_assert_true (fx_flags (r, sc, "0503") & RDT_REACH_PINNED_AM);
}

static void
test_7_2_overstacked (void)
{
  g_autoptr(RdtScenario) sc = fx_scenario ();
  g_autoptr(RdtReach) r = NULL;
  g_autoptr(GArray) path = NULL;

  fx_unit (sc, "a", 1, RDT_UNIT_KIND_INFANTRY, 4, 2, "0501");
  fx_unit (sc, "b", 1, RDT_UNIT_KIND_INFANTRY, 4, 4, "0502");
  fx_unit (sc, "c", 1, RDT_UNIT_KIND_INFANTRY, 4, 1, "0502");
  r = fx_reach (sc, NULL, "a", FALSE);
  /* 7.1: 5 + 2 SPs > 6; 7.2: not even through it. */
  g_assert_cmpstr (fx_why (r, sc, "0502"), ==, "overstacked");
  g_assert_cmpstr (rdt_reach_get_reason_rule (r, fx_hex (sc, "0502")), ==, "7.2");
  g_assert_cmpint (fx_cost (r, sc, "0503"), ==, 6);
  path = rdt_reach_dup_path (r, fx_hex (sc, "0503"));
  for (guint i = 0; i < path->len; i++)
    g_assert_false (g_array_index (path, RdtHex, i).col == 5 && g_array_index (path, RdtHex, i).row == 2);
}

static void
test_7_1_leaders_and_artillery (void)
{
  g_autoptr(RdtScenario) sc = fx_scenario ();
  g_autoptr(RdtReach) r = NULL;

  fx_unit (sc, "six", 1, RDT_UNIT_KIND_INFANTRY, 4, 6, "0502");
  fx_unit (sc, "gun", 1, RDT_UNIT_KIND_ARTILLERY, 4, 2, "0501");
  fx_unit (sc, "leader", 1, RDT_UNIT_KIND_LEADER, 6, 0, "0503");
  fx_unit (sc, "gun2", 1, RDT_UNIT_KIND_ARTILLERY, 4, 2, "0601");
  /* Six SPs plus one artillery unit, leaders free. */
  r = fx_reach (sc, NULL, "gun", FALSE);
  g_assert_cmpint (fx_cost (r, sc, "0502"), ==, 2);
  g_assert_cmpstr (fx_why (r, sc, "0601"), ==, "overstacked");
  g_clear_pointer (&r, rdt_reach_unref);
  r = fx_reach (sc, NULL, "leader", FALSE);
  g_assert_cmpint (fx_cost (r, sc, "0502"), ==, 2);
}

static void
test_9_11_reinforcement (void)
{
  g_autoptr(RdtScenario) sc = fx_scenario ();
  g_autoptr(RdtReach) r = NULL;
  RdtUnit *u;
  RdtHex a = { 1, 1 };

  rdt_scenario_set_entry (sc, "A", &a, NULL);
  fx_unit (sc, "here1", 1, RDT_UNIT_KIND_INFANTRY, 4, 4, "0101");
  fx_unit (sc, "here2", 1, RDT_UNIT_KIND_INFANTRY, 4, 4, "0101");
  u = fx_unit (sc, "new", 1, RDT_UNIT_KIND_INFANTRY, 4, 2, NULL);
  u->placement.kind = RDT_PLACEMENT_ENTRY;
  u->placement.turn = 2;
  u->placement.entry = g_strdup ("A");
  fx_unit (sc, "other", 1, RDT_UNIT_KIND_INFANTRY, 4, 1, "0201");
  /* 9.11: placed in its entry hex in excess of the limit, it moves out. */
  r = fx_reach (sc, NULL, "new", FALSE);
  g_assert_cmpint (rdt_reach_get_start (r).col, ==, 1);
  g_assert_cmpint (rdt_reach_get_start (r).row, ==, 1);
  g_assert_cmpint (fx_cost (r, sc, "0102"), ==, 2);
  g_clear_pointer (&r, rdt_reach_unref);
  /* 7.2: nobody moves through the overstacked hex. */
  r = fx_reach (sc, NULL, "other", FALSE);
  g_assert_cmpstr (fx_why (r, sc, "0101"), ==, "overstacked");
}

static void
test_savannah_4_1_stacking (void)
{
  g_autoptr(RdtScenario) sc = fx_scenario ();
  g_autoptr(RdtReach) r = NULL;
  RdtMoveRules *rules = rdt_move_rules_new ();
  const char *french[] = { "french", NULL };
  const char *american[] = { "american", NULL };
  const char *exempt[] = { "pulaski", NULL };
  const char *negro[] = { "negro-volunteers", NULL };
  const char *tories[] = { "georgia-militia", NULL };
  RdtUnit *u;

  rdt_move_rules_add_stacking_restriction (rules, "Savannah 4.1", french, american, exempt, TRUE, TRUE);
  rdt_move_rules_add_stacking_restriction (rules, "Savannah 4.1", negro, tories, NULL, FALSE, FALSE);
  u = fx_unit (sc, "dillon", 1, RDT_UNIT_KIND_INFANTRY, 4, 2, "0501");
  u->nationality = g_strdup ("french");
  u = fx_unit (sc, "continentals", 1, RDT_UNIT_KIND_INFANTRY, 4, 2, "0502");
  u->nationality = g_strdup ("american");
  u = fx_unit (sc, "pulaski", 1, RDT_UNIT_KIND_DRAGOONS, 4, 2, "0401");
  u->nationality = g_strdup ("american");
  u = fx_unit (sc, "negro-volunteers", 0, RDT_UNIT_KIND_INFANTRY, 4, 2, "0801");
  fx_unit (sc, "georgia-militia", 0, RDT_UNIT_KIND_MILITIA, 4, 2, "0802");
  r = fx_reach (sc, rules, "dillon", FALSE);
  /* French and American units may pass through one another... */
  g_assert_cmpstr (fx_why (r, sc, "0502"), ==, "volume-stacking");
  g_assert_cmpstr (rdt_reach_get_reason_rule (r, fx_hex (sc, "0502")), ==, "Savannah 4.1");
  g_assert_cmpint (fx_cost (r, sc, "0503"), ==, 4);
  g_clear_pointer (&r, rdt_reach_unref);
  /* ...Pulaski's Legion excepted. */
  r = fx_reach (sc, rules, "pulaski", FALSE);
  g_assert_cmpint (fx_cost (r, sc, "0502"), ==, 4);
  g_clear_pointer (&r, rdt_reach_unref);
  /* The Negro Volunteers never pass through those units. */
  r = fx_reach (sc, rules, "negro-volunteers", FALSE);
  g_assert_cmpstr (fx_why (r, sc, "0802"), ==, "volume-stacking");
  g_assert_cmpint (fx_cost (r, sc, "0803"), ==, 6);
  rdt_move_rules_free (rules);
}

static void
test_14_33_capture (void)
{
  g_autoptr(RdtScenario) sc = fx_scenario ();
  g_autoptr(RdtReach) r = NULL;
  g_autoptr(GPtrArray) caught = NULL;

  fx_unit (sc, "a", 1, RDT_UNIT_KIND_INFANTRY, 4, 2, "0501");
  fx_unit (sc, "howe", 0, RDT_UNIT_KIND_LEADER, 6, 0, "0503");
  fx_unit (sc, "wayne", 1, RDT_UNIT_KIND_LEADER, 6, 0, "0401");
  r = fx_reach (sc, NULL, "a", FALSE);
  /* Captured without stopping or paying extra. */
  g_assert_cmpint (fx_cost (r, sc, "0503"), ==, 4);
  g_assert_true (fx_flags (r, sc, "0503") & RDT_REACH_CAPTURE);
  g_assert_false (fx_flags (r, sc, "0503") & RDT_REACH_ZOC_STOP);
  g_assert_cmpint (fx_cost (r, sc, "0504"), ==, 6);
  g_assert_true (fx_flags (r, sc, "0504") & RDT_REACH_CAPTURE_ON_PATH);
  caught = rdt_reach_dup_captures (r, fx_hex (sc, "0503"));
  g_assert_nonnull (caught);
  g_assert_cmpuint (caught->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (caught, 0), ==, "howe");
  g_clear_pointer (&r, rdt_reach_unref);
  /* Only combat units capture: a leader may not enter. */
  r = fx_reach (sc, NULL, "wayne", FALSE);
  g_assert_cmpstr (fx_why (r, sc, "0503"), ==, "enemy-occupied");
}

/* ---- Germantown 3.2.1: Stephen's movement from 3304 -------------------- */

/* The compass names of Germantown's six hex directions, as the example fixes
 * them: south is 3304 -> 3405, southwest 3304 -> 3305, northwest 3304 -> 3205,
 * northeast 3304 -> 3303, southeast 3304 -> 3404. */
enum { GT_NE = RDT_DIR_0, GT_SE = RDT_DIR_1, GT_S = RDT_DIR_2, GT_SW = RDT_DIR_3,
       GT_NW = RDT_DIR_4, GT_N = RDT_DIR_5 };

static RdtScenario *
germantown_scenario (void)
{
  g_autoptr(RdtVolume) v = fx_volume ();
  /* Columns 28..42, rows 00..12: the first row is 00 as on the Germantown
   * map.  The test assumes entry hex A at 2802 on the west edge; the text does
   * not say where the road leaves the map. */
  RdtScenario *sc = fx_scenario_full (v, 28, 0, 15, 13);
  const char *lime_kiln[] = { "2802", "2902", "3003", "3103", "3204", "3304", "3405",
                              "3505", "3606", "3706", "3806", "3807", "3907", "3908", NULL };
  const char *branch1[] = { "3405", "3406", "3407", NULL };
  const char *branch2[] = { "3705", "3806", "3805", NULL };
  RdtHex a;
  RdtUnit *u;

  fx_road (sc, "road", lime_kiln);
  fx_road (sc, "road", branch1);
  fx_road (sc, "road", branch2);
  fx_side (sc, "3306", "3307", RDT_HEXSIDE_KIND_WATER, "creek", NULL);       /* Mill Creek */
  fx_side (sc, "3503", "3603", RDT_HEXSIDE_KIND_WATER, "creek", NULL);       /* Saw Mill Creek */
  fx_side (sc, "3907", "3908", RDT_HEXSIDE_KIND_FIELDWORK, "fieldwork", "3908"); /* Luken's Mill */
  fx_terrain (sc, "3205", "heavy-woods");
  fx_terrain (sc, "3105", "heavy-woods");
  a = fx_hex (sc, "2802");
  rdt_scenario_set_entry (sc, "A", &a, NULL);
  /* 4th VA Brigade: the text implies a movement allowance of 4. */
  u = fx_unit (sc, "4th-va", 1, RDT_UNIT_KIND_INFANTRY, 4, 4, "3304");
  u->formation = g_strdup ("stephen");
  return sc;
}

/* Cross-country: as far as possible straight in @dir.  The example's costs
 * are checked separately: the cheapest path may be another of equal cost. */
static RdtHex
stephen_straight (RdtScenario *sc,
                  RdtReach    *r,
                  int          dir)
{
  RdtHexGrid *grid = rdt_scenario_get_grid (sc);
  RdtHex at = rdt_reach_get_start (r);

  for (;;)
    {
      RdtHex next = rdt_hex_grid_neighbour (grid, at, dir);
      RdtReachHex a, b;

      if (!rdt_reach_lookup (r, next, &b))
        return at;
      if (rdt_reach_lookup (r, at, &a))
        g_assert_cmpint (b.cost_halves, >, a.cost_halves);
      at = next;
    }
}

/* 3.2.1.2: along the road as far as possible, turning at each fork as close
 * as possible to @dir. */
static RdtHex
stephen_road (RdtScenario *sc,
              RdtReach    *r,
              int          dir)
{
  RdtHexGrid *grid = rdt_scenario_get_grid (sc);
  RdtHex at = rdt_reach_get_start (r);
  RdtHex from = { -99, -99 };

  for (;;)
    {
      int best = -1, best_off = 99;

      for (int d = 0; d < 6; d++)
        {
          RdtHex n = rdt_hex_grid_neighbour (grid, at, d);
          g_autoptr(GArray) path = NULL;
          RdtHex prev;
          int off = MIN ((d - dir + 6) % 6, (dir - d + 6) % 6);

          if ((n.col == from.col && n.row == from.row) || !rdt_reach_lookup (r, n, NULL))
            continue;
          path = rdt_reach_dup_path (r, n);
          prev = g_array_index (path, RdtHex, path->len - 2);
          if (prev.col != at.col || prev.row != at.row)
            continue;
          g_assert_cmpint (off, !=, best_off);   /* the example has no ties */
          if (off < best_off)
            {
              best_off = off;
              best = d;
            }
        }
      if (best < 0)
        return at;
      from = at;
      at = rdt_hex_grid_neighbour (grid, at, best);
    }
}

static void
assert_label (RdtScenario *sc,
              RdtHex       hex,
              const char  *expected)
{
  char buf[RDT_HEX_LABEL_SIZE];

  rdt_hex_grid_format_label (rdt_scenario_get_grid (sc), hex, buf);
  g_assert_cmpstr (buf, ==, expected);
}

static void
test_germantown_die_0_1 (void)
{
  g_autoptr(RdtScenario) sc = germantown_scenario ();
  g_autoptr(RdtReach) r = fx_reach (sc, NULL, "4th-va", TRUE);

  /* South: strategic movement along the Lime Kiln Road, through 3405 and
   * 3806, ends in 3907; 3908 costs +1 MP for the enemy flechette. */
  assert_label (sc, stephen_road (sc, r, GT_S), "3907");
  g_assert_cmpint (fx_cost (r, sc, "3907"), ==, 14);
  g_assert_cmpstr (fx_why (r, sc, "3908"), ==, "allowance");
}

static void
test_germantown_die_2_5 (void)
{
  g_autoptr(RdtScenario) sc = germantown_scenario ();
  g_autoptr(RdtReach) r = fx_reach (sc, NULL, "4th-va", FALSE);

  assert_label (sc, stephen_straight (sc, r, GT_SW), "3307");
  g_assert_cmpint (fx_cost (r, sc, "3307"), ==, 8);   /* +1 MP for Mill Creek */
}

static void
test_germantown_die_6 (void)
{
  g_autoptr(RdtScenario) sc = germantown_scenario ();
  g_autoptr(RdtReach) r = fx_reach (sc, NULL, "4th-va", FALSE);

  assert_label (sc, stephen_straight (sc, r, GT_NW), "3006");
  g_assert_cmpint (fx_cost (r, sc, "3205"), ==, 3);
  g_assert_cmpint (fx_cost (r, sc, "3105"), ==, 6);
  g_assert_cmpint (fx_cost (r, sc, "3006"), ==, 8);
}

static void
test_germantown_die_7 (void)
{
  g_autoptr(RdtScenario) sc = germantown_scenario ();
  g_autoptr(RdtReach) r = fx_reach (sc, NULL, "4th-va", TRUE);
  RdtHex end = stephen_road (sc, r, GT_N);
  RdtHexside edge = rdt_hex_grid_hexside_of (rdt_scenario_get_grid (sc), end, (RdtHexDirection) GT_N);

  /* North: strategic movement off the board through entry hex A, with MPs
   * left to leave it. */
  assert_label (sc, end, "2802");
  g_assert_true (rdt_hex_grid_hexside_is_map_edge (rdt_scenario_get_grid (sc), edge));
  g_assert_cmpint (fx_cost (r, sc, "2802"), <, rdt_reach_get_allowance_halves (r));
}

static void
test_germantown_die_8 (void)
{
  g_autoptr(RdtScenario) sc = germantown_scenario ();
  g_autoptr(RdtReach) r = fx_reach (sc, NULL, "4th-va", FALSE);

  assert_label (sc, stephen_straight (sc, r, GT_NE), "3300");
}

static void
test_germantown_die_9 (void)
{
  g_autoptr(RdtScenario) sc = germantown_scenario ();
  g_autoptr(RdtReach) r = fx_reach (sc, NULL, "4th-va", FALSE);

  assert_label (sc, stephen_straight (sc, r, GT_SE), "3603");
  g_assert_cmpint (fx_cost (r, sc, "3603"), ==, 8);   /* +1 MP for Saw Mill Creek */
}


static void
test_7_1_volume_exception (void)
{
  g_autoptr(RdtScenario) sc = fx_scenario ();
  g_autoptr(RdtReach) r = NULL;
  RdtStackingException *e = g_new0 (RdtStackingException, 1);

  /* 7.1 "Exclusive Rules may contain further restrictions": a terrain with
   * a lower limit (test data). */
  e->id = g_strdup ("marsh-limit");
  e->terrain = g_strdup ("marsh");
  e->max_sp = 3;
  e->max_artillery = 0;
  rdt_volume_add_stacking_exception (rdt_scenario_get_volume (sc), e);
  fx_terrain (sc, "0502", "marsh");
  fx_unit (sc, "big", 1, RDT_UNIT_KIND_INFANTRY, 4, 4, "0501");
  fx_unit (sc, "small", 1, RDT_UNIT_KIND_INFANTRY, 4, 3, "0401");
  r = fx_reach (sc, NULL, "big", FALSE);
  g_assert_cmpstr (fx_why (r, sc, "0502"), ==, "overstacked");
  g_clear_pointer (&r, rdt_reach_unref);
  r = fx_reach (sc, NULL, "small", FALSE);
  g_assert_cmpint (fx_cost (r, sc, "0502"), ==, 6);
  /* Off the map there is nothing to say but that. */
  {
    RdtHex off = { 0, 0 };
    g_assert_cmpint (rdt_reach_get_reason (r, off), ==, RDT_MOVE_REASON_OFF_MAP);
  }
}

static void
test_germantown_fieldwork (void)
{
  g_autoptr(RdtScenario) sc = germantown_scenario ();
  g_autoptr(RdtReach) r = NULL;
  RdtHexside side;

  /* The flechette costs +1 MP into its symbol hex (3908)... */
  fx_unit (sc, "british", 0, RDT_UNIT_KIND_INFANTRY, 4, 2, "3908");
  rdt_unit_free (rdt_scenario_remove_unit (sc, "4th-va", NULL));
  r = fx_reach (sc, NULL, "british", FALSE);
  /* ...and nothing out of it (3.1 "Into Fieldworks"; the format has no
   * owner for fieldworks). */
  g_assert_cmpint (fx_cost (r, sc, "3907"), ==, 2);
  g_clear_pointer (&r, rdt_reach_unref);
  /* Without the flechette the road would lead on into 3908 (die 0-1). */
  g_assert_true (rdt_hex_grid_hexside (rdt_scenario_get_grid (sc), fx_hex (sc, "3907"), fx_hex (sc, "3908"), &side, NULL));
  {
    RdtHexsideFeatures f = *rdt_scenario_get_hexside (sc, side);
    f.fieldwork = RDT_NO_TYPE;
    g_assert_true (rdt_scenario_set_hexside (sc, &f, NULL, NULL));
  }
  rdt_unit_free (rdt_scenario_remove_unit (sc, "british", NULL));
  fx_unit (sc, "4th-va", 1, RDT_UNIT_KIND_INFANTRY, 4, 4, "3304");
  r = fx_reach (sc, NULL, "4th-va", TRUE);
  g_assert_cmpint (fx_cost (r, sc, "3908"), ==, 16);
}

static void
test_germantown_file (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "movement", "germantown-3.2.1.redoubt", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtScenario) sc = rdt_scenario_load_from_file (path, NULL, &error);
  g_autoptr(RdtReach) normal = NULL;
  g_autoptr(RdtReach) strat = NULL;

  g_assert_no_error (error);
  normal = fx_reach (sc, NULL, "4th-va", FALSE);
  strat = fx_reach (sc, NULL, "4th-va", TRUE);
  /* The same example, from a file. */
  assert_label (sc, stephen_road (sc, strat, GT_S), "3907");
  assert_label (sc, stephen_straight (sc, normal, GT_SW), "3307");
  assert_label (sc, stephen_straight (sc, normal, GT_NW), "3006");
  assert_label (sc, stephen_road (sc, strat, GT_N), "2802");
  assert_label (sc, stephen_straight (sc, normal, GT_NE), "3300");
  assert_label (sc, stephen_straight (sc, normal, GT_SE), "3603");
}


static void
test_reach_outlives_movement (void)
{
  g_autoptr(RdtScenario) sc = fx_scenario ();
  g_autoptr(RdtReach) r = NULL;
  RdtMovement *mv;
  RdtMoveOptions opts;

  fx_terrain (sc, "0909", "cliff");
  fx_unit (sc, "a", 1, RDT_UNIT_KIND_INFANTRY, 2, 2, "0101");
  fx_unit (sc, "foe", 0, RDT_UNIT_KIND_INFANTRY, 2, 2, "1010");
  mv = rdt_movement_new (sc, NULL);
  rdt_move_options_init (&opts);
  r = rdt_movement_reach (mv, "a", &opts, NULL);
  rdt_movement_free (mv);
  /* Far beyond the allowance, a hex the unit may never enter says why. */
  g_assert_cmpstr (fx_why (r, sc, "0909"), ==, "prohibited-terrain");
  g_assert_cmpstr (fx_why (r, sc, "1010"), ==, "enemy-occupied");
  g_assert_cmpstr (fx_why (r, sc, "0808"), ==, "allowance");
}

/* ---- Files -------------------------------------------------------------- */

static void
test_file_zoc_and_creek (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "movement", "ford-and-zoc.redoubt", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtScenario) sc = rdt_scenario_load_from_file (path, NULL, &error);
  g_autoptr(RdtReach) r = NULL;
  g_autoptr(RdtReach) s = NULL;

  g_assert_no_error (error);
  g_assert_nonnull (sc);
  r = fx_reach (sc, NULL, "wayne-1", FALSE);
  /* The file: a road 0301..0306 crossing a primary ford at 0303|0304,
   * heavy woods at 0302, a British unit at 0505. */
  g_assert_cmpint (fx_cost (r, sc, "0302"), ==, 2);
  g_assert_cmpint (fx_cost (r, sc, "0304"), ==, 8);
  g_assert_true (fx_flags (r, sc, "0405") & RDT_REACH_ZOC_STOP);
  g_assert_cmpstr (fx_why (r, sc, "0505"), ==, "enemy-occupied");
  s = fx_reach (sc, NULL, "wayne-1", TRUE);
  g_assert_cmpint (fx_cost (s, sc, "0303"), ==, 4);
  g_assert_cmpstr (fx_why (s, sc, "0304"), ==, "strategic-hexside");
}


/* Savannah 1.4, 4.1: the French and the Americans are the Allied side, one
 * player: "enemy" in 8.31 (ZOC), 9.3 (enemy-occupied) and 7.1 (friendly
 * stacking) means the other player, not another <side>.  A three-side map:
 * British 0603, French (and an American militia) 0303, Americans 0103. */
static void
test_alliance_savannah_1_4 (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "movement", "savannah-allied.redoubt", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(RdtScenario) sc = rdt_scenario_load_from_file (path, diagnostics, &error);
  g_autoptr(RdtBoard) board = NULL;
  g_autoptr(RdtReach) am = NULL;
  g_autoptr(RdtReach) br = NULL;
  int british, french, american;

  g_assert_no_error (error);
  g_assert_nonnull (sc);
  for (guint i = 0; i < diagnostics->len; i++)
    g_assert_cmpint (((RdtDiagnostic *) g_ptr_array_index (diagnostics, i))->severity, !=, RDT_SEVERITY_ERROR);
  british = rdt_scenario_find_side (sc, "british");
  french = rdt_scenario_find_side (sc, "french");
  american = rdt_scenario_find_side (sc, "american");
  g_assert_false (rdt_scenario_sides_are_enemies (sc, french, american));
  g_assert_true (rdt_scenario_sides_are_enemies (sc, french, british));
  g_assert_cmpuint (rdt_scenario_get_n_players (sc), ==, 2);

  board = rdt_board_new_from_scenario (sc, NULL, &error);
  g_assert_no_error (error);
  g_assert_false (rdt_board_sides_are_enemies (board, french, american));
  g_assert_true (rdt_board_sides_are_enemies (board, american, british));
  /* 8.1: the French unit's ZOC is not an enemy ZOC for the Americans. */
  {
    g_autoptr(GArray) z = rdt_zoc_enemy_units_into (board, fx_hex (sc, "0203"), american);
    g_autoptr(GArray) zb = rdt_zoc_enemy_units_into (board, fx_hex (sc, "0503"), american);
    g_assert_cmpuint (z->len, ==, 0);
    g_assert_cmpuint (zb->len, ==, 1);
  }

  am = fx_reach (sc, NULL, "lincoln-1", FALSE);
  /* 8.31: next to the French, no stop; 9.3: an allied hex may be entered
   * (and passed through: 2 + 1 SPs stay within 7.1). */
  g_assert_false (fx_flags (am, sc, "0203") & RDT_REACH_ZOC_STOP);
  g_assert_cmpint (fx_cost (am, sc, "0303"), ==, 4);
  g_assert_cmpint (fx_cost (am, sc, "0403"), ==, 6);
  g_assert_true (fx_flags (am, sc, "0503") & RDT_REACH_ZOC_STOP);

  br = fx_reach (sc, NULL, "60th", FALSE);
  /* For the British both the French and the Americans are the enemy. */
  g_assert_cmpstr (fx_why (br, sc, "0303"), ==, "enemy-occupied");
  g_assert_true (fx_flags (br, sc, "0403") & RDT_REACH_ZOC_STOP);
}

/* A scenario whose sides are all one player has no enemy. */
static void
test_alliance_one_player_is_an_error (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "movement", "savannah-allied.redoubt", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(RdtScenario) sc = NULL;
  GString *s;
  gboolean found = FALSE;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  s = g_string_new (text);
  g_string_replace (s, "<side id=\"british\" name=\"British\"/>",
                    "<side id=\"british\" name=\"British\" player=\"allied\"/>", 1);
  bytes = g_string_free_to_bytes (s);
  sc = rdt_scenario_load_from_bytes (bytes, "one-player.redoubt", diagnostics, &error);
  g_assert_no_error (error);
  g_assert_nonnull (sc);
  for (guint i = 0; i < diagnostics->len; i++)
    {
      const RdtDiagnostic *d = g_ptr_array_index (diagnostics, i);
      found |= d->severity == RDT_SEVERITY_ERROR && strstr (d->message, "same player") != NULL;
    }
  g_assert_true (found);
}


/* Brandywine 5.1 as volume data: a hexside type with
 * crossing="whole-allowance" is crossed only with the whole allowance from an
 * adjacent start hex, with no RdtMoveRules.  0304 is ringed by such hexsides;
 * without the attribute the same creek (0 MP) is crossed for 1 MP. */
static void
test_brandywine_5_1_whole_allowance_from_volume (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "movement", "volume-rules.redoubt", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtScenario) sc = rdt_scenario_load_from_file (path, NULL, &error);
  g_autoptr(RdtScenario) plain = NULL;
  g_autoptr(RdtReach) r = NULL;
  g_autoptr(RdtReach) p = NULL;
  g_autoptr(GBytes) bytes = NULL;
  GString *str;

  g_assert_no_error (error);
  r = fx_reach (sc, NULL, "3-virginia", FALSE);
  g_assert_cmpint (fx_cost (r, sc, "0304"), ==, 8);
  g_assert_true (fx_flags (r, sc, "0304") & RDT_REACH_WHOLE_ALLOWANCE);

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  str = g_string_new (text);
  g_assert_cmpuint (g_string_replace (str, " crossing=\"whole-allowance\"", "", 0), ==, 1);
  bytes = g_string_free_to_bytes (str);
  plain = rdt_scenario_load_from_bytes (bytes, "plain.redoubt", NULL, &error);
  g_assert_no_error (error);
  p = fx_reach (plain, NULL, "3-virginia", FALSE);
  g_assert_cmpint (fx_cost (p, plain, "0304"), ==, 2);
  g_assert_false (fx_flags (p, plain, "0304") & RDT_REACH_WHOLE_ALLOWANCE);
}

/* Germantown 3.2.3 "Panicked units have no ZOC" as volume data
 * (<state id="panic" zoc="false"/>): the movement engine's board reads it. */
static void
test_germantown_3_2_3_panic_state_zoc_from_volume (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "movement", "volume-rules.redoubt", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtScenario) sc = rdt_scenario_load_from_file (path, NULL, &error);
  g_autoptr(RdtReach) r = NULL;

  g_assert_no_error (error);
  r = fx_reach (sc, NULL, "3-virginia", FALSE);
  /* 0405 is next to the panicked unit in 0505 only: no ZOC stop. */
  g_assert_false (fx_flags (r, sc, "0405") & RDT_REACH_ZOC_STOP);
  g_assert_cmpint (fx_cost (r, sc, "0406"), ==, 6);
  /* 0402 is next to the steady unit in 0501: movement stops (8.31). */
  g_assert_true (fx_flags (r, sc, "0402") & RDT_REACH_ZOC_STOP);
}

static void
test_reuse_and_edits (void)
{
  g_autoptr(RdtScenario) sc = fx_scenario ();
  g_autoptr(RdtMovement) mv = NULL;
  g_autoptr(RdtReach) r = rdt_reach_new ();
  RdtMoveOptions opts;

  fx_unit (sc, "a", 1, RDT_UNIT_KIND_INFANTRY, 4, 2, "0501");
  mv = rdt_movement_new (sc, NULL);
  rdt_move_options_init (&opts);
  g_assert_true (rdt_movement_reach_into (mv, 0, &opts, r, NULL));
  g_assert_cmpint (fx_cost (r, sc, "0503"), ==, 4);
  /* An edit to the scenario is seen by the next query. */
  fx_terrain (sc, "0502", "heavy-woods");
  g_assert_true (rdt_movement_reach_into (mv, 0, &opts, r, NULL));
  g_assert_cmpint (fx_cost (r, sc, "0502"), ==, 3);
  g_assert_false (rdt_movement_reach_into (mv, 7, &opts, r, NULL));
}


/* ---- redoubt-cli moves / retreats --------------------------------------- */

static JsonNode *
run_cli (const char *const *args,
         int                expected_status)
{
  const char *cli = g_getenv ("REDOUBT_CLI");
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  int status = 0;

  if (cli == NULL)
    return NULL;
  g_ptr_array_add (argv, (char *) cli);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               &out, &err, &status, &error));
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, expected_status);
  return json_from_string (out, &error);
}

static void
test_cli_moves (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "movement", "ford-and-zoc.redoubt", NULL);
  const char *to[] = { "moves", path, "wayne-1", "--to", "0304", "--json", NULL };
  const char *strat[] = { "moves", path, "wayne-1", "--strategic", "--to", "0304", "--json", NULL };
  const char *all[] = { "moves", path, "wayne-1", "--json", NULL };
  const char *ret[] = { "retreats", path, "guards", "--hexes", "1", "--toward", "0501", "--json", NULL };
  g_autoptr(JsonNode) a = NULL;
  g_autoptr(JsonNode) b = NULL;
  g_autoptr(JsonNode) c = NULL;
  g_autoptr(JsonNode) d = NULL;
  JsonObject *o;
  JsonArray *ends;

  if (g_getenv ("REDOUBT_CLI") == NULL)
    {
      g_test_skip ("REDOUBT_CLI is not set (run under meson test)");
      return;
    }
  a = run_cli (to, 0);
  o = json_object_get_object_member (json_node_get_object (a), "to");
  g_assert_cmpfloat (json_object_get_double_member (o, "cost"), ==, 4.0);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "path")), >=, 2);
  b = run_cli (strat, 3);
  o = json_object_get_object_member (json_object_get_object_member (json_node_get_object (b), "to"), "reason");
  g_assert_cmpstr (json_object_get_string_member (o, "id"), ==, "strategic-hexside");
  /* The primary ford's own rule (Brandywine 5.1, from the volume data). */
  g_assert_cmpstr (json_object_get_string_member (o, "rule"), ==, "Brandywine 5.1");
  c = run_cli (all, 0);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (json_node_get_object (c), "hexes")), ==, 25);
  d = run_cli (ret, 0);
  o = json_node_get_object (d);
  g_assert_false (json_object_get_boolean_member (o, "captured"));
  ends = json_object_get_array_member (o, "ends");
  g_assert_cmpuint (json_array_get_length (ends), >, 0);
  /* 0505's neighbours toward 0501: only 0504 gets closer. */
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (ends, 0), "hex"), ==, "0504");
}

static char *
run_cli_text (const char *const *args,
              int                expected_status)
{
  const char *cli = g_getenv ("REDOUBT_CLI");
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  char *out = NULL;
  g_autoptr(GError) error = NULL;
  int status = 0;

  g_ptr_array_add (argv, (char *) cli);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                               &out, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, expected_status);
  return out;
}

/* The "not decided" principle on the bundled scenarios: a rule that
 * depends on the turn or on a release is named, with exit 4. */
static void
test_cli_not_decided (void)
{
  const char *root = g_getenv ("REDOUBT_SOURCE_ROOT");
  g_autofree char *full = NULL;
  g_autofree char *flank = NULL;
  g_autofree char *text = NULL;
  g_autoptr(JsonNode) a = NULL;
  JsonObject *o;

  if (g_getenv ("REDOUBT_CLI") == NULL || root == NULL)
    {
      g_test_skip ("REDOUBT_CLI is not set (run under meson test)");
      return;
    }
  full = g_build_filename (root, "scenarios", "brandywine.redoubt", NULL);
  flank = g_build_filename (root, "scenarios", "brandywine-howes-flank-attack.redoubt", NULL);
  /* Brandywine 3.6.2.2: the Delaware Blues, releases not told. */
  {
    const char *args[] = { "moves", full, "delaware", "--json", NULL };
    a = run_cli (args, 4);
    o = json_object_get_object_member (json_node_get_object (a), "undecided");
    g_assert_cmpstr (json_object_get_string_member (o, "rule"), ==, "Brandywine 3.6.2.2");
    g_assert_cmpstr (json_object_get_string_member (o, "depends-on"), ==, "released");
    /* Names, not ids. */
    g_assert_cmpstr (json_object_get_string_member (json_node_get_object (a), "name"), ==, "Delaware (American)");
    g_clear_pointer (&a, json_node_unref);
  }
  {
    const char *args[] = { "moves", full, "delaware", "--turn", "2", "--released", "none", "--json", NULL };
    a = run_cli (args, 0);
    o = json_object_get_object_member (json_node_get_object (a), "unit-reason");
    g_assert_cmpstr (json_object_get_string_member (o, "id"), ==, "restricted");
    g_assert_cmpstr (json_object_get_string_member (o, "rule"), ==, "Brandywine 3.6.2.2");
    g_clear_pointer (&a, json_node_unref);
  }
  /* Brandywine 7.2.1.5: the CLI gave 8 MP of strategic movement. */
  {
    const char *args[] = { "moves", flank, "2-virginia", "--strategic", NULL };
    text = run_cli_text (args, 4);
    g_assert_nonnull (strstr (text, "not decided: Brandywine 7.2.1.5 depends on the turn; pass --turn"));
    g_assert_nonnull (strstr (text, "2 Virginia (American)"));
    g_clear_pointer (&text, g_free);
  }
  {
    const char *args[] = { "moves", flank, "2-virginia", "--strategic", "--turn", "11", "--json", NULL };
    a = run_cli (args, 0);
    o = json_object_get_object_member (json_node_get_object (a), "unit-reason");
    g_assert_cmpstr (json_object_get_string_member (o, "id"), ==, "restricted-strategic");
    g_assert_cmpuint (json_array_get_length (json_object_get_array_member (json_node_get_object (a), "hexes")), ==, 0);
    g_clear_pointer (&a, json_node_unref);
  }
  {
    const char *args[] = { "moves", flank, "2-virginia", "--turn", "abc", NULL };
    g_free (run_cli_text (args, 2));
  }
}

/* moves --to: 9.2 with the cost only when a path exists; otherwise the
 * rule that blocks; retreats write off-map hexes as "off map". */
static void
test_cli_explanations (void)
{
  const char *root = g_getenv ("REDOUBT_SOURCE_ROOT");
  g_autofree char *feint = NULL;
  g_autofree char *text = NULL;
  g_autoptr(JsonNode) a = NULL;
  JsonObject *o;

  if (g_getenv ("REDOUBT_CLI") == NULL || root == NULL)
    {
      g_test_skip ("REDOUBT_CLI is not set (run under meson test)");
      return;
    }
  feint = g_build_filename (root, "scenarios", "brandywine-knyphausens-feint.redoubt", NULL);
  {
    const char *args[] = { "moves", feint, "reserve-a-artillery", "--to", "1530", "--json", NULL };
    a = run_cli (args, 3);
    o = json_object_get_object_member (json_node_get_object (a), "to");
    g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (o, "reason"), "id"), ==, "allowance");
    g_assert_cmpfloat (json_object_get_double_member (o, "cost"), >, 3.0);
    g_clear_pointer (&a, json_node_unref);
  }
  {
    /* Across Chadd's Ford by strategic movement: no path at all, and the
     * primary ford is why (Brandywine 3.5, 5.1), not 9.2. */
    const char *args[] = { "moves", feint, "reserve-a-artillery", "--strategic", "--to", "1028", NULL };
    text = run_cli_text (args, 3);
    g_assert_null (strstr (text, "9.2: The hex costs more"));
    g_assert_nonnull (strstr (text, "0928, Brandywine 3.5, 5.1"));
    g_clear_pointer (&text, g_free);
  }
  {
    /* 0301 on the first row: a neighbour is off the map. */
    g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "movement", "ford-and-zoc.redoubt", NULL);
    const char *args[] = { "retreats", path, "wayne-1", "--hexes", "1", NULL };
    const char *json[] = { "retreats", path, "wayne-1", "--hexes", "1", "--json", NULL };
    JsonArray *blocked;
    gboolean seen = FALSE;

    text = run_cli_text (args, 0);
    g_assert_null (strstr (text, "?"));
    g_assert_nonnull (strstr (text, "off map (hex 1 of the retreat): 13.22"));
    g_assert_nonnull (strstr (text, "1st Pennsylvania Brigade (American)"));
    g_clear_pointer (&text, g_free);
    a = run_cli (json, 0);
    blocked = json_object_get_array_member (json_node_get_object (a), "blocked");
    for (guint i = 0; i < json_array_get_length (blocked); i++)
      seen |= g_strcmp0 (json_object_get_string_member (json_array_get_object_element (blocked, i), "hex"),
                         "off map") == 0;
    g_assert_true (seen);
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/movement/9.2/allowance-and-paths", test_9_2_allowance);
  g_test_add_func ("/movement/9.4/heavy-woods-one-and-a-half", test_9_4_fraction);
  g_test_add_func ("/movement/9.4/hex-and-hexside-cumulative", test_9_4_cumulative);
  g_test_add_func ("/movement/9.4/combined-slope-creek-replaces-parts", test_9_4_combined);
  g_test_add_func ("/movement/9.4/road-nullifies-hex-terrain", test_9_4_road);
  g_test_add_func ("/movement/9.51/older-road-ignores-hexside-terrain", test_9_51_older_road);
  g_test_add_func ("/movement/9.52/older-fords-do-not-impede", test_9_52_older_fords);
  g_test_add_func ("/movement/9.3/prohibited-terrain", test_9_3_prohibited_terrain);
  g_test_add_func ("/movement/9.3/prohibited-hexside", test_9_3_prohibited_hexside);
  g_test_add_func ("/movement/9.3/enemy-occupied-never-entered", test_9_3_enemy_occupied);
  g_test_add_func ("/movement/9.3/pinned-not-adjacent", test_9_3_pinned);
  g_test_add_func ("/movement/8.31/zoc-stops", test_8_31_zoc_stop);
  g_test_add_func ("/movement/8.31/rifle-zoc-enter-plus-one", test_8_31_rifle_enter);
  g_test_add_func ("/movement/8.31/rifle-zoc-exit-plus-one", test_8_31_rifle_exit);
  g_test_add_func ("/movement/cli/not-decided-exit-4", test_cli_not_decided);
  g_test_add_func ("/movement/cli/to-names-the-rule-that-stops", test_cli_explanations);
  g_test_add_func ("/movement/8.31/rifle-zoc-same-unit-not-charged-not-flagged", test_8_31_rifle_same_zoc_flag);
  g_test_add_func ("/movement/8.31/rifle-zoc-disrupted-units-too", test_8_31_rifle_disrupted);
  g_test_add_func ("/movement/8.32/zoc-to-zoc-and-stop", test_8_32_zoc_to_zoc);
  g_test_add_func ("/movement/9.2/minimum-one-hex", test_9_2_minimum_move);
  g_test_add_func ("/movement/savannah-4.19/no-minimum-move", test_savannah_4_19_no_minimum_move);
  g_test_add_func ("/movement/9.5/strategic-twice-along-road", test_9_5_strategic_double);
  g_test_add_func ("/movement/9.5/strategic-never-adjacent", test_9_5_strategic_adjacent);
  g_test_add_func ("/movement/9.5/strategic-not-starting-adjacent", test_9_5_strategic_start_adjacent);
  g_test_add_func ("/movement/brandywine-3.5/dungeon-bottom-path", test_brandywine_3_5_path);
  g_test_add_func ("/movement/brandywine-5.1/fords", test_brandywine_5_1_fords);
  g_test_add_func ("/movement/brandywine-5.1/creek-whole-allowance", test_brandywine_5_1_creek_whole_allowance);
  g_test_add_func ("/movement/brandywine-5.1/creek-never-disrupted", test_brandywine_5_1_creek_disrupted);
  g_test_add_func ("/movement/brandywine-5.1/creek-not-zoc-to-zoc", test_brandywine_5_1_creek_zoc);
  g_test_add_func ("/movement/13.3/disrupted-one-hex", test_13_3_disrupted_one_hex);
  g_test_add_func ("/movement/13.3/disrupted-not-adjacent", test_13_3_disrupted_not_adjacent);
  g_test_add_func ("/movement/13.3/disrupted-must-move-away", test_13_3_disrupted_move_away);
  g_test_add_func ("/movement/13.3/disrupted-away-from-as-many-as-possible", test_13_3_disrupted_as_many_as_possible);
  g_test_add_func ("/movement/13.4/shattered-may-not-move", test_13_4_shattered);
  g_test_add_func ("/movement/7.2/never-through-overstacked", test_7_2_overstacked);
  g_test_add_func ("/movement/7.1/artillery-plus-one-leaders-free", test_7_1_leaders_and_artillery);
  g_test_add_func ("/movement/9.11/reinforcement-overstacked-entry", test_9_11_reinforcement);
  g_test_add_func ("/movement/savannah-4.1/pass-but-not-stack", test_savannah_4_1_stacking);
  g_test_add_func ("/movement/14.33/capture-leader-without-stopping", test_14_33_capture);
  g_test_add_func ("/movement/germantown-3.2.1/die-0-1-south-strategic", test_germantown_die_0_1);
  g_test_add_func ("/movement/germantown-3.2.1/die-2-5-southwest", test_germantown_die_2_5);
  g_test_add_func ("/movement/germantown-3.2.1/die-6-northwest", test_germantown_die_6);
  g_test_add_func ("/movement/germantown-3.2.1/die-7-north-off-board", test_germantown_die_7);
  g_test_add_func ("/movement/germantown-3.2.1/die-8-northeast", test_germantown_die_8);
  g_test_add_func ("/movement/germantown-3.2.1/die-9-southeast", test_germantown_die_9);
  g_test_add_func ("/movement/7.1/volume-stacking-exception", test_7_1_volume_exception);
  g_test_add_func ("/movement/germantown-3.2.1/enemy-fieldwork-into-symbol-hex", test_germantown_fieldwork);
  g_test_add_func ("/movement/germantown-3.2.1/from-file", test_germantown_file);
  g_test_add_func ("/movement/file/ford-and-zoc", test_file_zoc_and_creek);
  g_test_add_func ("/movement/brandywine-5.1/whole-allowance-from-volume-data", test_brandywine_5_1_whole_allowance_from_volume);
  g_test_add_func ("/movement/germantown-3.2.3/panic-state-zoc-false", test_germantown_3_2_3_panic_state_zoc_from_volume);
  g_test_add_func ("/movement/alliance/savannah-1.4/allied-sides-are-not-enemies", test_alliance_savannah_1_4);
  g_test_add_func ("/movement/alliance/one-player-is-an-error", test_alliance_one_player_is_an_error);
  g_test_add_func ("/movement/engine/reuse-and-edits", test_reuse_and_edits);
  g_test_add_func ("/movement/engine/reach-outlives-movement", test_reach_outlives_movement);
  g_test_add_func ("/movement/cli/moves-and-retreats-json", test_cli_moves);

  return g_test_run ();
}
