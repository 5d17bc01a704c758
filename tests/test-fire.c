/* test-fire.c: the fire analysis of the rules core (Series Rules 10, 11;
 * rdt-fire.h), one test per rule sentence applied, on tests/data/fire. */
#include "config.h"

#include <string.h>

#include "redoubt-core.h"
#include "rdt-game-results.h"

static RdtScenario *
load_fire (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "fire", "fire.redoubt", NULL);
  g_autoptr(GError) error = NULL;
  RdtScenario *sc = rdt_scenario_load_from_file (path, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (sc);
  return sc;
}

static RdtFire *
analyse (RdtScenario        *sc,
         RdtFireKind         kind,
         const char         *firers,
         const char         *target,
         const RdtFireFacts *facts)
{
  g_auto(GStrv) list = g_strsplit (firers, ",", -1);
  g_autoptr(GError) error = NULL;
  RdtFire *fire = rdt_fire_analyse (sc, kind, (const char *const *) list, target, facts, &error);

  g_assert_no_error (error);
  g_assert_nonnull (fire);
  return fire;
}

/* The line of @kind citing @rule, or NULL. */
static const RdtFireLine *
find_line (RdtFire         *fire,
           RdtFireLineKind  kind,
           const char      *rule)
{
  for (guint i = 0; i < rdt_fire_get_n_lines (fire); i++)
    {
      const RdtFireLine *l = rdt_fire_get_line (fire, i);

      if (l->kind == kind && (rule == NULL || g_strcmp0 (l->rule, rule) == 0))
        return l;
    }
  return NULL;
}

static void
assert_refused (RdtFire    *fire,
                const char *rule)
{
  const RdtFireLine *reason = rdt_fire_get_reason (fire);

  g_assert_cmpint (rdt_fire_get_verdict (fire), ==, RDT_FIRE_REFUSED);
  g_assert_nonnull (reason);
  g_assert_cmpint (reason->kind, ==, RDT_FIRE_LINE_REFUSED);
  g_assert_cmpstr (reason->rule, ==, rule);
}

/* 10.3 EXAMPLE: "The two American units conduct Rifle Fire on the British
 * Guards unit. The SPs of the two rifle units must be combined. Assuming no
 * terrain modifiers, the 'To Hit' number is >= 6 with one die, but the two
 * rifle units have not yet fired this game and so receive a +1 DRM First
 * Fire Bonus. The American player rolls a 5 which scores a hit. He then ...
 * rolls a '4' which results in an R (Retreat) for the Guards unit." */
static void
test_example_10_3 (void)
{
  g_autoptr(RdtScenario) sc = load_fire ();
  g_autoptr(RdtFire) fire = analyse (sc, RDT_FIRE_RIFLE, "rifle-a,rifle-b", "guards", NULL);
  const RdtFireLine *ff;
  gboolean prov = TRUE;

  g_assert_cmpint (rdt_fire_get_verdict (fire), ==, RDT_FIRE_LEGAL);
  /* "The SPs of the two rifle units must be combined." */
  g_assert_cmpint (rdt_fire_get_sp (fire), ==, 2);
  g_assert_cmpint (rdt_fire_get_range (fire), ==, 1);
  /* "the 'To Hit' number is >= 6" */
  g_assert_cmpint (rdt_fire_get_to_hit (fire), ==, 6);
  /* "+1 DRM First Fire Bonus", the only DRM */
  ff = find_line (fire, RDT_FIRE_LINE_DRM, "10.5");
  g_assert_nonnull (ff);
  g_assert_cmpint (ff->value, ==, 1);
  g_assert_cmpint (rdt_fire_get_drm (fire), ==, 1);
  /* "rolls a 5 which scores a hit"; a 4 would not (4 + 1 < 6) */
  g_assert_true (rdt_fire_roll_hits (fire, 5));
  g_assert_false (rdt_fire_roll_hits (fire, 4));
  g_assert_cmpuint (rdt_fire_get_n_rolls (fire), ==, 1);
  /* "He rolls a '4' which results in an R" (the damage roll is unmodified) */
  g_assert_cmpstr (rdt_fire_get_damage (fire, 4, &prov), ==, "R");
  g_assert_false (prov);
  /* The To-Hit Table is not printed in the rulebooks: provisional. */
  g_assert_true (rdt_fire_is_provisional (fire));
  g_assert_true (find_line (fire, RDT_FIRE_LINE_TO_HIT, "10.3")->provisional);
}

/* 10.5: "They do not get the first fire bonus if they are combining fire
 * with other units that have already conducted their first fire." */
static void
test_first_fire_combined_with_spent (void)
{
  g_autoptr(RdtScenario) sc = load_fire ();
  const char *spent[] = { "rifle-b", NULL };
  RdtFireFacts facts;
  g_autoptr(RdtFire) fire = NULL;

  rdt_fire_facts_init (&facts);
  facts.first_fire_spent = spent;
  fire = analyse (sc, RDT_FIRE_RIFLE, "rifle-a,rifle-b", "guards", &facts);
  g_assert_null (find_line (fire, RDT_FIRE_LINE_DRM, "10.5"));
  g_assert_nonnull (find_line (fire, RDT_FIRE_LINE_NOTE, "10.5"));
  g_assert_cmpint (rdt_fire_get_drm (fire), ==, 0);
  g_assert_false (rdt_fire_roll_hits (fire, 5));
}

/* 10.5 Note: "the first fire bonus is only +1; the first fire bonus is not
 * cumulative", and only rifle fire has it (11.3 has no such DRM). */
static void
test_first_fire_not_cumulative (void)
{
  g_autoptr(RdtScenario) sc = load_fire ();
  g_autoptr(RdtFire) fire = analyse (sc, RDT_FIRE_RIFLE, "rifle-a,rifle-b,musket-rifle", "guards", NULL);
  g_autoptr(RdtFire) art = analyse (sc, RDT_FIRE_ARTILLERY, "gun", "guards", NULL);

  g_assert_cmpint (rdt_fire_get_drm (fire), ==, 1);
  g_assert_null (find_line (art, RDT_FIRE_LINE_DRM, "10.5"));
}

/* 10.1: "No unit may fire more than once per phase." */
static void
test_once_per_phase (void)
{
  g_autoptr(RdtScenario) sc = load_fire ();
  const char *fired[] = { "rifle-a", NULL };
  RdtFireFacts facts;
  g_autoptr(RdtFire) fire = NULL;
  g_autoptr(RdtFire) art = NULL;

  rdt_fire_facts_init (&facts);
  facts.fired = fired;
  fire = analyse (sc, RDT_FIRE_RIFLE, "rifle-a,rifle-b", "guards", &facts);
  assert_refused (fire, "10.1");
  fired[0] = "gun";
  art = analyse (sc, RDT_FIRE_ARTILLERY, "gun", "guards", &facts);
  assert_refused (art, "11.1");
}

/* 10.2: "No unit may be the target of more than one Rifle Fire per phase";
 * 11.2 the same for defensive artillery fire. */
static void
test_once_per_target (void)
{
  g_autoptr(RdtScenario) sc = load_fire ();
  const char *targeted[] = { "guards", NULL };
  RdtFireFacts facts;
  g_autoptr(RdtFire) fire = NULL;
  g_autoptr(RdtFire) art = NULL;

  rdt_fire_facts_init (&facts);
  facts.targeted = targeted;
  fire = analyse (sc, RDT_FIRE_RIFLE, "rifle-a", "guards", &facts);
  assert_refused (fire, "10.2");
  art = analyse (sc, RDT_FIRE_ARTILLERY, "gun", "guards", &facts);
  assert_refused (art, "11.2");
}

/* 10.2: "it must select an adjacent target combat unit." */
static void
test_adjacent_only (void)
{
  g_autoptr(RdtScenario) sc = load_fire ();
  g_autoptr(RdtFire) fire = analyse (sc, RDT_FIRE_RIFLE, "picket", "guards", NULL);

  assert_refused (fire, "10.2");
}

/* 10.1: "both players may fire their rifle unit(s)": a line infantry unit
 * does not. */
static void
test_rifle_units_only (void)
{
  g_autoptr(RdtScenario) sc = load_fire ();
  g_autoptr(RdtFire) fire = analyse (sc, RDT_FIRE_RIFLE, "line", "guards", NULL);

  assert_refused (fire, "10.1");
}

/* 3.1: a musket/rifle unit's two SP values, close combat / rifle fire: it
 * fires with the second. */
static void
test_musket_rifle (void)
{
  g_autoptr(RdtScenario) sc = load_fire ();
  g_autoptr(RdtFire) fire = analyse (sc, RDT_FIRE_RIFLE, "musket-rifle", "guards", NULL);

  g_assert_cmpint (rdt_fire_get_verdict (fire), ==, RDT_FIRE_LEGAL);
  g_assert_cmpint (rdt_fire_get_sp (fire), ==, 1);
  g_assert_cmpint (rdt_fire_get_to_hit (fire), ==, 7);
}

/* 13.3: disrupted units: "artillery and rifle units may not fire". */
static void
test_disrupted_may_not_fire (void)
{
  g_autoptr(RdtScenario) sc = load_fire ();
  g_autoptr(RdtFire) fire = analyse (sc, RDT_FIRE_RIFLE, "disrupted-rifle", "guards", NULL);

  assert_refused (fire, "13.3");
}

/* 11.2: "The number of SPs is totaled and the range of the unit farthest
 * from the target is used to determine the 'To Hit' number." */
static void
test_combined_farthest_range (void)
{
  g_autoptr(RdtScenario) sc = load_fire ();
  g_autoptr(RdtFire) fire = analyse (sc, RDT_FIRE_ARTILLERY, "gun-near,gun", "guards", NULL);

  g_assert_cmpint (rdt_fire_get_verdict (fire), ==, RDT_FIRE_LEGAL);
  g_assert_cmpint (rdt_fire_get_sp (fire), ==, 3);
  g_assert_cmpint (rdt_fire_get_range (fire), ==, 3);
  g_assert_cmpint (rdt_fire_get_to_hit (fire), ==, 7);
  g_assert_cmpint (rdt_fire_get_drm (fire), ==, 0);
}

/* 11.2: "Calculate range from the firing unit to the target, counting the
 * target's hex but not the firing unit's hex." */
static void
test_range_counts_target_hex (void)
{
  g_autoptr(RdtScenario) sc = load_fire ();
  g_autoptr(RdtFire) fire = analyse (sc, RDT_FIRE_ARTILLERY, "gun-near", "guards", NULL);

  g_assert_cmpint (rdt_fire_get_range (fire), ==, 2);
  g_assert_cmpint (rdt_fire_get_to_hit (fire), ==, 8);
}

/* 11.2: "The range for artillery units is three hexes." */
static void
test_beyond_range (void)
{
  g_autoptr(RdtScenario) sc = load_fire ();
  g_autoptr(RdtFire) fire = analyse (sc, RDT_FIRE_ARTILLERY, "gun-far", "guards", NULL);

  assert_refused (fire, "11.2");
}

/* 11.41: "the artillery unit must be able to trace a clear Line of Sight to
 * the target unit" (11.42: a hex with combat units blocks). */
static void
test_no_los (void)
{
  g_autoptr(RdtScenario) sc = load_fire ();
  g_autoptr(RdtFire) fire = analyse (sc, RDT_FIRE_ARTILLERY, "gun-blocked", "guards", NULL);

  assert_refused (fire, "11.41");
}

/* 11.1: "the non-phasing player may fire any of his artillery": a rifle
 * unit does not fire in that phase. */
static void
test_artillery_only (void)
{
  g_autoptr(RdtScenario) sc = load_fire ();
  g_autoptr(RdtFire) fire = analyse (sc, RDT_FIRE_ARTILLERY, "rifle-a", "guards", NULL);

  assert_refused (fire, "11.1");
}

/* 11.3 with the table's "-": no roll hits (5+ SP at range 3 in the test
 * volume). */
static void
test_no_hit_possible (void)
{
  g_autoptr(RdtScenario) sc = load_fire ();
  g_autoptr(RdtFire) fire = NULL;
  const char *firers[] = { "gun", NULL };
  RdtUnit *gun = rdt_scenario_get_unit (sc, (guint) rdt_scenario_find_unit_index (sc, "gun"));

  g_array_index (gun->steps, RdtUnitStep, 0).strength = 5;
  fire = rdt_fire_analyse (sc, RDT_FIRE_ARTILLERY, firers, "guards", NULL, NULL);
  g_assert_cmpint (rdt_fire_get_to_hit (fire), ==, 0);
  g_assert_false (rdt_fire_roll_hits (fire, 9));
}

/* 10.7: "The German Jaegers may make two die rolls against their 'To Hit'
 * number if ... in Covered Terrain ... [and] an open flank (12.53)". */
static void
test_jaegers (void)
{
  g_autoptr(RdtScenario) sc = load_fire ();
  RdtFireFacts facts;
  g_autoptr(RdtFire) told = NULL;
  g_autoptr(RdtFire) no_flank = NULL;
  g_autoptr(RdtFire) untold = NULL;
  g_autoptr(RdtFire) other = NULL;
  const RdtFireLine *l;

  rdt_fire_facts_init (&facts);
  facts.open_flank = 1;
  told = analyse (sc, RDT_FIRE_RIFLE, "jaegers", "scout", &facts);
  g_assert_cmpint (rdt_fire_get_verdict (told), ==, RDT_FIRE_LEGAL);
  g_assert_cmpuint (rdt_fire_get_n_rolls (told), ==, 2);
  l = find_line (told, RDT_FIRE_LINE_ROLLS, "10.7");
  g_assert_nonnull (l);
  g_assert_cmpint (l->value, ==, 2);

  facts.open_flank = 0;
  no_flank = analyse (sc, RDT_FIRE_RIFLE, "jaegers", "scout", &facts);
  g_assert_cmpuint (rdt_fire_get_n_rolls (no_flank), ==, 1);

  /* Not told: "not decided", never two rolls silently. */
  untold = analyse (sc, RDT_FIRE_RIFLE, "jaegers", "scout", NULL);
  g_assert_cmpint (rdt_fire_get_verdict (untold), ==, RDT_FIRE_UNDECIDED);
  g_assert_cmpstr (rdt_fire_get_reason (untold)->depends, ==, "open-flank");
  g_assert_cmpuint (rdt_fire_get_n_rolls (untold), ==, 1);

  /* Not in covered terrain (Ferguson's hex is clear; not a Jaeger either). */
  facts.open_flank = 1;
  other = analyse (sc, RDT_FIRE_RIFLE, "fergusons-rifles", "target-in-chew", &facts);
  g_assert_cmpuint (rdt_fire_get_n_rolls (other), ==, 1);
}

/* Brandywine 4.3: Ferguson's Rifles "always gives the firing British player a
 * +1 DRM"; Germantown 3.10: the Chew House -3 fire DRM, from the terrain. */
static void
test_ferguson_and_chew_house (void)
{
  g_autoptr(RdtScenario) sc = load_fire ();
  g_autoptr(RdtFire) fire = analyse (sc, RDT_FIRE_RIFLE, "fergusons-rifles", "target-in-chew", NULL);
  const RdtFireLine *l = find_line (fire, RDT_FIRE_LINE_DRM, "Brandywine 4.3");

  g_assert_nonnull (l);
  g_assert_cmpint (l->value, ==, 1);
  l = find_line (fire, RDT_FIRE_LINE_DRM, "Germantown 3.10");
  g_assert_nonnull (l);
  g_assert_cmpint (l->value, ==, -3);
  g_assert_false (l->provisional);
  /* +1 First Fire, +1 Ferguson, -3 Chew House */
  g_assert_cmpint (rdt_fire_get_drm (fire), ==, -1);
}

/* Brandywine 4.5.5 Amusettes. */
static void
test_amusettes (void)
{
  g_autoptr(RdtScenario) sc = load_fire ();
  RdtGameContext context;
  RdtFireFacts facts;
  g_autoptr(RdtFire) fire = NULL;
  g_autoptr(RdtFire) untold = NULL;
  g_autoptr(RdtFire) other_turn = NULL;
  g_autoptr(RdtFire) infantry = NULL;
  g_autoptr(RdtFire) combined = NULL;
  g_autoptr(RdtFire) artillery_phase = NULL;
  g_autoptr(RdtFire) at_amusettes = NULL;

  rdt_game_context_init (&context);
  context.current_side = 0;   /* british */
  rdt_fire_facts_init (&facts);
  facts.context = &context;
  /* "Maximum range for Amusettes is 2 hexes"; "+2 'To Hit' DRM when
   * firing"; "+1 DRM first-fire bonus in the same way that rifles do". */
  fire = analyse (sc, RDT_FIRE_RIFLE, "amusettes", "enemy-gun", &facts);
  g_assert_cmpint (rdt_fire_get_verdict (fire), ==, RDT_FIRE_LEGAL);
  g_assert_cmpint (rdt_fire_get_range (fire), ==, 2);
  g_assert_cmpint (rdt_fire_get_drm (fire), ==, 3);
  g_assert_cmpint (find_line (fire, RDT_FIRE_LINE_DRM, "Brandywine 4.5.5")->value, ==, 2);
  /* "Amusettes fire only during the owning player's Rifle Fire Phase" */
  untold = analyse (sc, RDT_FIRE_RIFLE, "amusettes", "enemy-gun", NULL);
  g_assert_cmpint (rdt_fire_get_verdict (untold), ==, RDT_FIRE_UNDECIDED);
  g_assert_cmpstr (rdt_fire_get_reason (untold)->depends, ==, "phasing-player");
  context.current_side = 1;
  other_turn = analyse (sc, RDT_FIRE_RIFLE, "amusettes", "enemy-gun", &facts);
  assert_refused (other_turn, "Brandywine 4.5.5");
  context.current_side = 0;
  /* "Amusettes may only fire at enemy artillery." */
  infantry = analyse (sc, RDT_FIRE_RIFLE, "amusettes", "picket", &facts);
  assert_refused (infantry, "Brandywine 4.5.5");
  /* "Amusettes fire separately and may not combine fire" */
  combined = analyse (sc, RDT_FIRE_RIFLE, "amusettes,jaegers", "enemy-gun", &facts);
  assert_refused (combined, "Brandywine 4.5.5");
  artillery_phase = analyse (sc, RDT_FIRE_ARTILLERY, "amusettes", "enemy-gun", &facts);
  assert_refused (artillery_phase, "Brandywine 4.5.5");
  /* "When targeted by enemy fire, the firing units receive a +1 DRM" */
  at_amusettes = analyse (sc, RDT_FIRE_RIFLE, "picket", "amusettes", NULL);
  g_assert_cmpint (rdt_fire_get_verdict (at_amusettes), ==, RDT_FIRE_LEGAL);
  g_assert_cmpint (find_line (at_amusettes, RDT_FIRE_LINE_DRM, "Brandywine 4.5.5")->value, ==, 1);
  /* +1 First Fire, +1 at Amusettes, -1 the redoubt they hold (0608|0609). */
  g_assert_cmpint (rdt_fire_get_drm (at_amusettes), ==, 1);
}

/* Savannah 4.12: mortars "Have a range of 5 hexes but cannot fire at an
 * adjacent target", "Do not require LOS", "May not combine fire"; the
 * Scatter & Drift Table is not in the rulebooks: "not decided". */
static void
test_mortar (void)
{
  g_autoptr(RdtScenario) sc = load_fire ();
  g_autoptr(RdtFire) fire = analyse (sc, RDT_FIRE_ARTILLERY, "mortar", "guards", NULL);
  g_autoptr(RdtFire) combined = analyse (sc, RDT_FIRE_ARTILLERY, "mortar,gun", "guards", NULL);
  g_autoptr(RdtFire) far = analyse (sc, RDT_FIRE_ARTILLERY, "mortar", "jaegers", NULL);

  /* 0104 to 0404: three hexes, through occupied hexes: no LOS needed. */
  g_assert_cmpint (rdt_fire_get_range (fire), ==, 3);
  g_assert_nonnull (find_line (fire, RDT_FIRE_LINE_NOTE, "Savannah 4.12"));
  g_assert_cmpint (rdt_fire_get_verdict (fire), ==, RDT_FIRE_UNDECIDED);
  g_assert_cmpstr (rdt_fire_get_reason (fire)->depends, ==, "volume-data");
  /* The Scatter & Drift Table is not in the rulebooks: "not decided" names it. */
  g_assert_nonnull (strstr (rdt_fire_get_reason (fire)->text, "Scatter & Drift"));
  /* "Ignore the -1 fire combat modifier for firing across Dyke, Revetment,
   * Redoubt and Siege Works hexsides": the redoubt 0303|0404 (symbol in the
   * target's hex) gives no DRM. */
  g_assert_cmpint (rdt_fire_get_drm (fire), ==, 0);
  assert_refused (combined, "Savannah 4.12");
  assert_refused (far, "Savannah 4.12");
  /* "cannot fire at an adjacent target". */
  {
    RdtHex m = rdt_scenario_find_unit (sc, "mortar")->placement.hex;
    RdtPlacement next = { .kind = RDT_PLACEMENT_HEX };
    g_autoptr(RdtFire) adjacent = NULL;

    for (int d = 0; d < RDT_N_DIRECTIONS; d++)
      {
        next.hex = rdt_hex_grid_neighbour (rdt_scenario_get_grid (sc), m, (RdtHexDirection) d);
        if (rdt_hex_grid_contains (rdt_scenario_get_grid (sc), next.hex))
          break;
      }
    g_assert_true (rdt_scenario_move_unit (sc, "guards", &next, NULL, NULL));
    adjacent = analyse (sc, RDT_FIRE_ARTILLERY, "mortar", "guards", NULL);
    assert_refused (adjacent, "Savannah 4.12");
    g_assert_nonnull (strstr (rdt_fire_get_reason (adjacent)->text, "adjacent"));
  }
}

/* The hexside fire DRM of the volume's Terrain Effects Chart (here a
 * redoubt, -1, Savannah 4.12 "the -1 fire combat modifier for firing across
 * ... Redoubt ... hexsides"): across the hexside an adjacent firer shares
 * with the target, or the one a ranged firer's LOS enters the target's hex
 * by; through a corner the lesser protection; combined fire the least
 * protected firer's (a reading). */
static void
test_hexside_drm (void)
{
  g_autoptr(RdtScenario) sc = load_fire ();
  g_autoptr(RdtFire) ranged = analyse (sc, RDT_FIRE_ARTILLERY, "gun", "guards", NULL);
  g_autoptr(RdtFire) corner = analyse (sc, RDT_FIRE_ARTILLERY, "gun-near", "guards", NULL);
  g_autoptr(RdtFire) combined = analyse (sc, RDT_FIRE_ARTILLERY, "gun,gun-near", "guards", NULL);
  g_autoptr(RdtFire) adjacent = analyse (sc, RDT_FIRE_RIFLE, "picket", "amusettes", NULL);
  const RdtFireLine *l = find_line (ranged, RDT_FIRE_LINE_DRM, "Savannah 4.12");

  /* 0202 to 0404 enters across 0303|0404, the redoubt's. */
  g_assert_nonnull (l);
  g_assert_cmpint (l->value, ==, -1);
  g_assert_true (l->provisional);
  g_assert_cmpint (rdt_fire_get_drm (ranged), ==, -1);
  /* 0204 to 0404 runs along 0303|0304 into the corner between 0303|0404
   * (the redoubt) and 0304|0404 (open): no DRM. */
  g_assert_null (find_line (corner, RDT_FIRE_LINE_DRM, "Savannah 4.12"));
  g_assert_null (find_line (combined, RDT_FIRE_LINE_DRM, "Savannah 4.12"));
  g_assert_nonnull (find_line (adjacent, RDT_FIRE_LINE_DRM, "Savannah 4.12"));
}

/* 13.4: shattered units "may not receive any terrain DRMs". */
static void
test_shattered_no_terrain_drm (void)
{
  g_autoptr(RdtScenario) sc = load_fire ();
  g_autoptr(RdtFire) fire = NULL;
  const char *firers[] = { "fergusons-rifles", NULL };
  RdtUnit *t = rdt_scenario_get_unit (sc, (guint) rdt_scenario_find_unit_index (sc, "target-in-chew"));

  t->status = RDT_UNIT_STATUS_SHATTERED;
  fire = rdt_fire_analyse (sc, RDT_FIRE_RIFLE, firers, "target-in-chew", NULL, NULL);
  g_assert_null (find_line (fire, RDT_FIRE_LINE_DRM, "Germantown 3.10"));
  g_assert_nonnull (find_line (fire, RDT_FIRE_LINE_NOTE, "13.4"));
  g_assert_cmpint (rdt_fire_get_drm (fire), ==, 2);
}

/* Volume data missing: the shipped volumes' tables are provisional, and a
 * To-Hit Table without a value leaves the answer "not decided". */
static void
test_missing_table_undecided (void)
{
  g_autoptr(RdtScenario) sc = load_fire ();
  g_autoptr(RdtFire) fire = NULL;
  RdtVolume *volume = rdt_scenario_get_volume (sc);
  g_autoptr(GError) error = NULL;

  g_assert_true (rdt_volume_set_table_cell (volume, "to-hit", "2", "adjacent", "", TRUE, NULL, NULL, &error));
  g_assert_no_error (error);
  fire = analyse (sc, RDT_FIRE_RIFLE, "rifle-a,rifle-b", "guards", NULL);
  g_assert_cmpint (rdt_fire_get_verdict (fire), ==, RDT_FIRE_UNDECIDED);
  g_assert_cmpstr (rdt_fire_get_reason (fire)->depends, ==, "volume-data");
  g_assert_cmpint (rdt_fire_get_to_hit (fire), ==, -1);
  g_assert_false (rdt_fire_roll_hits (fire, 9));
}

/* Enemies, leaders and unknown units. */
static void
test_bad_input (void)
{
  g_autoptr(RdtScenario) sc = load_fire ();
  const char *unknown[] = { "nobody", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtFire) leader = NULL;
  g_autoptr(RdtFire) friend = NULL;

  g_assert_null (rdt_fire_analyse (sc, RDT_FIRE_RIFLE, unknown, "guards", NULL, &error));
  g_assert_error (error, RDT_FIRE_ERROR, RDT_FIRE_ERROR_UNKNOWN);
  leader = analyse (sc, RDT_FIRE_RIFLE, "rifle-a", "grey", NULL);
  assert_refused (leader, "10.2");
  friend = analyse (sc, RDT_FIRE_RIFLE, "rifle-a", "rifle-b", NULL);
  assert_refused (friend, "10.2");
}



/* Germantown 3.5: "During clear weather turns only the Americans may fire
 * 'off board' artillery at enemy combat units occupying the American Militia
 * Bombardment Zone ... SPs firing are assumed to be 1 and range is assumed to
 * be 3 regardless of the target hex.  Note: Line of Sight does not apply, but
 * all other fire modifiers do." (the volume's off-board-fire table) */
static void
test_off_board (void)
{
  g_autoptr(RdtScenario) sc = load_fire ();
  RdtGameContext context;
  RdtFireFacts facts;
  g_autoptr(RdtFire) clear = NULL;
  g_autoptr(RdtFire) untold = NULL;
  g_autoptr(RdtFire) fog = NULL;
  g_autoptr(RdtFire) outside = NULL;
  g_autoptr(RdtFire) rifle = NULL;
  g_autoptr(GError) error = NULL;
  const char *unknown[] = { "off-board:navy", NULL };

  rdt_game_context_init (&context);
  context.weather = "clear";
  rdt_fire_facts_init (&facts);
  facts.context = &context;
  clear = analyse (sc, RDT_FIRE_ARTILLERY, "off-board:militia-bombardment", "guards", &facts);
  g_assert_cmpint (rdt_fire_get_verdict (clear), ==, RDT_FIRE_LEGAL);
  g_assert_cmpint (rdt_fire_get_sp (clear), ==, 1);
  /* 0404 is one hex from nothing on the board: the range is 3 anyway, and
   * no LOS is traced (gun-blocked's 0401 line would be blocked). */
  g_assert_cmpint (rdt_fire_get_range (clear), ==, 3);
  g_assert_cmpint (rdt_fire_get_to_hit (clear), ==, 9);
  g_assert_nonnull (find_line (clear, RDT_FIRE_LINE_NOTE, "Germantown 3.5"));
  untold = analyse (sc, RDT_FIRE_ARTILLERY, "off-board:militia-bombardment", "guards", NULL);
  g_assert_cmpint (rdt_fire_get_verdict (untold), ==, RDT_FIRE_UNDECIDED);
  g_assert_cmpstr (rdt_fire_get_reason (untold)->depends, ==, "weather");
  context.weather = "dense-fog";
  fog = analyse (sc, RDT_FIRE_ARTILLERY, "off-board:militia-bombardment", "guards", &facts);
  assert_refused (fog, "Germantown 3.5");
  context.weather = "clear";
  outside = analyse (sc, RDT_FIRE_ARTILLERY, "off-board:militia-bombardment", "jaegers", &facts);
  assert_refused (outside, "Germantown 3.5");
  rifle = analyse (sc, RDT_FIRE_RIFLE, "off-board:militia-bombardment", "guards", &facts);
  assert_refused (rifle, "Germantown 3.5");
  g_assert_null (rdt_fire_analyse (sc, RDT_FIRE_ARTILLERY, unknown, "guards", &facts, &error));
  g_assert_error (error, RDT_FIRE_ERROR, RDT_FIRE_ERROR_UNKNOWN);
}

/* The bundled Germantown volume carries 3.5 as data. */
static void
test_off_board_germantown (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("REDOUBT_SOURCE_ROOT") != NULL
                                              ? g_getenv ("REDOUBT_SOURCE_ROOT") : "..",
                                            "scenarios", "germantown.redoubt", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtScenario) sc = rdt_scenario_load_from_file (path, NULL, &error);
  const RdtTable *table;

  g_assert_no_error (error);
  table = rdt_volume_find_table (rdt_scenario_get_volume (sc), "off-board-fire");
  g_assert_nonnull (table);
  g_assert_cmpstr (rdt_table_lookup (table, "militia-bombardment", "sp", NULL), ==, "1");
  g_assert_cmpstr (rdt_table_lookup (table, "militia-bombardment", "range", NULL), ==, "3");
  g_assert_cmpstr (rdt_table_lookup (table, "militia-bombardment", "weather", NULL), ==, "clear");
  g_assert_nonnull (rdt_scenario_find_area (sc, rdt_table_lookup (table, "militia-bombardment", "area", NULL)));
}

/* ------------------------------------------------------------ in a game */

static void
ok (RdtGame    *game,
    const char *action)
{
  g_autoptr(GError) error = NULL;

  if (!rdt_game_perform (game, action, &error))
    g_error ("“%s”: %s", action, error->message);
}

static void
refused (RdtGame    *game,
         const char *action,
         int         code,
         const char *rule)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *before = rdt_game_dup_state_digest (game);
  g_autofree char *after = NULL;

  g_assert_false (rdt_game_perform (game, action, &error));
  g_assert_error (error, RDT_GAME_ERROR, code);
  if (rule != NULL && strstr (error->message, rule) == NULL)
    g_error ("“%s”: “%s” does not cite %s", action, error->message, rule);
  after = rdt_game_dup_state_digest (game);
  g_assert_cmpstr (before, ==, after);
}

static gboolean
log_has (RdtGame    *game,
         const char *rule,
         const char *text)
{
  for (guint i = 0; i < rdt_game_get_n_messages (game); i++)
    {
      const RdtGameMessage *m = rdt_game_get_message (game, i);

      if (g_strcmp0 (m->rule, rule) == 0 && strstr (m->text, text) != NULL)
        return TRUE;
    }
  return FALSE;
}

static const RdtGameUnit *
unit (RdtGame    *game,
      const char *id)
{
  return rdt_game_get_unit (game, (guint) rdt_game_find_unit (game, id));
}

/* Set-up, initiative (the scenario's: british), movement, rally, then the
 * British player turn's Defensive Artillery Fire phase. */
static RdtGame *
game_at_artillery_fire (RdtScenario *sc)
{
  g_autoptr(GError) error = NULL;
  RdtGame *game = rdt_game_new (sc, 1, &error);

  g_assert_no_error (error);
  ok (game, "deploy-all");
  for (int i = 0; i < 4; i++)
    ok (game, "next-phase");
  g_assert_cmpint (rdt_game_get_phase (game), ==, RDT_PHASE_ARTILLERY_FIRE);
  return game;
}

/* 11.1 "the non-phasing player may fire any of his artillery"; 11.3 the
 * roll, the hit and the result; 13.1 "1": a two-step unit is flipped. */
static void
test_game_artillery_fire (void)
{
  g_autoptr(RdtScenario) sc = load_fire ();
  g_autoptr(RdtGame) game = game_at_artillery_fire (sc);

  /* The phasing player's units do not fire in this phase. */
  refused (game, "fire amusettes enemy-gun", RDT_GAME_ERROR_ILLEGAL, "11.1");
  /* Only artillery. */
  refused (game, "fire rifle-a guards", RDT_GAME_ERROR_ILLEGAL, "11.1");
  /* Germantown 3.5 off-board fire: the game does not keep the weather yet,
   * so it is not decided (RDT_GAME_ERROR_DATA), never fired silently. */
  refused (game, "fire off-board:militia-bombardment 0404", RDT_GAME_ERROR_DATA, "Germantown 3.5");
  ok (game, "roll 9");
  ok (game, "roll 7");
  ok (game, "fire gun 0404");     /* the hex holds one enemy combat unit */
  g_assert_cmpstr (rdt_game_get_action (game, rdt_game_get_n_actions (game) - 1), ==, "fire gun guards");
  g_assert_true (log_has (game, "11.3", "against 8: hit"));
  g_assert_true (log_has (game, "11.3", "provisional"));
  g_assert_cmpint (unit (game, "guards")->step, ==, 1);
  g_assert_true (unit (game, "gun")->flags & RDT_GAME_UNIT_FIRED);
  g_assert_true (unit (game, "guards")->flags & RDT_GAME_UNIT_FIRED_AT);
  /* 11.1 once per unit, 11.2 once per target, per phase. */
  refused (game, "fire gun guards", RDT_GAME_ERROR_ILLEGAL, "11.1");
  refused (game, "fire gun-near guards", RDT_GAME_ERROR_ILLEGAL, "11.2");
  /* A second "1" eliminates the reduced unit (13.1). */
  ok (game, "roll 9");
  ok (game, "roll 8");
  ok (game, "fire enemy-gun amusettes");
  g_assert_cmpint (unit (game, "amusettes")->where, ==, RDT_GAME_UNIT_ELIMINATED);
  /* Not in other phases. */
  ok (game, "next-phase");
  ok (game, "next-phase");
  g_assert_cmpint (rdt_game_get_phase (game), ==, RDT_PHASE_CLOSE_COMBAT);
  refused (game, "fire gun-near guards", RDT_GAME_ERROR_WRONG_PHASE, "10.1, 11.1");
}

/* 10.4: "Rifle Fire is considered simultaneous. Results, including Army
 * Morale adjustments, are applied at the same time after both sides have
 * fired. The non-phasing player must execute any retreats before the phasing
 * player."  10.2: the phasing player selects his targets first.  10.7 the
 * Jaegers' second roll; the 10.3 example's rolls. */
static void
test_game_rifle_fire_simultaneous (void)
{
  g_autoptr(RdtScenario) sc = load_fire ();
  g_autoptr(RdtGame) game = game_at_artillery_fire (sc);
  g_autoptr(GError) error = NULL;

  ok (game, "next-phase");
  g_assert_cmpint (rdt_game_get_phase (game), ==, RDT_PHASE_RIFLE_FIRE);
  /* British (phasing) first: the Jaegers roll twice, the second hits. */
  ok (game, "roll 0");
  ok (game, "roll 9");
  ok (game, "roll 4");
  ok (game, "fire jaegers scout open-flank");
  g_assert_true (log_has (game, "10.7", "two To-Hit rolls"));
  g_assert_true (log_has (game, "10.3", "= 10 against 7: hit"));
  /* The result waits (10.4). */
  g_assert_cmpuint (rdt_game_get_n_pending_fire (game), ==, 1);
  g_assert_cmpint (unit (game, "scout")->where, ==, RDT_GAME_UNIT_MAP);
  /* The 10.3 example: the Americans roll 5 (+1 First Fire) and hit, then 4: R. */
  ok (game, "roll 5");
  ok (game, "roll 4");
  ok (game, "fire rifle-a,rifle-b guards");
  g_assert_true (log_has (game, "10.3", "Modified roll 5 +1 = 6 against 6: hit"));
  g_assert_true (log_has (game, "10.3", "unmodified roll 4: “R”"));
  /* 10.2: the phasing player may not select after the non-phasing player. */
  refused (game, "fire fergusons-rifles target-in-chew", RDT_GAME_ERROR_ILLEGAL, "10.2");
  /* 10.4: the phase does not end with results pending. */
  refused (game, "next-phase", RDT_GAME_ERROR_ILLEGAL, "10.4");
  ok (game, "resolve-fire");
  g_assert_cmpuint (rdt_game_get_n_pending_fire (game), ==, 0);
  /* 10.4: applied "after both sides have fired": no more fire this phase. */
  refused (game, "fire musket-rifle guards", RDT_GAME_ERROR_ILLEGAL, "10.4");
  g_assert_cmpuint (rdt_game_get_n_owed_retreats (game), ==, 2);
  refused (game, "next-phase", RDT_GAME_ERROR_ILLEGAL, "13.2");
  /* 10.4: the non-phasing player's retreat first. */
  refused (game, "retreat guards 0304", RDT_GAME_ERROR_ILLEGAL, "10.4");
  /* 13.22: not into an enemy-occupied hex. */
  refused (game, "retreat scout 0909", RDT_GAME_ERROR_ILLEGAL, "13.22");
  ok (game, "retreat scout 0907");
  g_assert_cmpint (unit (game, "scout")->hex.col, ==, 9);
  g_assert_cmpint (unit (game, "scout")->hex.row, ==, 7);
  /* Undo within the phase: the retreat is undone and redone. */
  g_assert_true (rdt_game_undo (game, &error));
  g_assert_no_error (error);
  g_assert_cmpint (unit (game, "scout")->hex.row, ==, 8);
  g_assert_true (rdt_game_redo (game, &error));
  g_assert_no_error (error);
  g_assert_cmpint (unit (game, "scout")->hex.row, ==, 7);
  /* The Guards, surrounded by the Americans' ZOCs, cannot retreat: 13.23
   * captured, once their turn to retreat comes. */
  g_assert_cmpint (unit (game, "guards")->where, ==, RDT_GAME_UNIT_CAPTURED);
  g_assert_cmpuint (rdt_game_get_n_owed_retreats (game), ==, 0);
  ok (game, "next-phase");
  g_assert_cmpint (rdt_game_get_phase (game), ==, RDT_PHASE_CLOSE_COMBAT);
}

/* 10.5: "All firing units lose their first fire bonus for future fire
 * combats even if their fire has no effect." */
static void
test_game_first_fire_spent (void)
{
  g_autoptr(RdtScenario) sc = load_fire ();
  g_autoptr(RdtGame) game = NULL;
  const char *firers[] = { "rifle-a", NULL };
  g_autoptr(RdtFire) before = NULL;
  g_autoptr(RdtFire) after = NULL;
  g_autoptr(GError) error = NULL;

  /* No disrupted unit that must move away in the American movement phase. */
  rdt_scenario_get_unit (sc, (guint) rdt_scenario_find_unit_index (sc, "disrupted-rifle"))->status =
    RDT_UNIT_STATUS_PARADE;
  game = game_at_artillery_fire (sc);
  ok (game, "next-phase");
  before = rdt_game_analyse_fire (game, RDT_FIRE_RIFLE, firers, "guards", -1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (rdt_fire_get_drm (before), ==, 1);
  ok (game, "roll 0");
  ok (game, "fire fergusons-rifles target-in-chew");   /* a miss */
  ok (game, "roll 0");
  ok (game, "fire rifle-a guards");                    /* a miss: no effect */
  g_assert_true (unit (game, "rifle-a")->flags & RDT_GAME_UNIT_FIRST_FIRE_SPENT);
  /* The next turn (flags of the phase cleared, the spent first fire kept). */
  for (guint i = 0; i < 40 && !(rdt_game_get_turn (game) == 2 && rdt_game_get_phase (game) == RDT_PHASE_RIFLE_FIRE); i++)
    {
      g_autoptr(GError) local = NULL;

      if (!rdt_game_perform (game, "next-phase", &local))
        ok (game, rdt_game_get_phase (game) == RDT_PHASE_INITIATIVE ? "initiative"
                  : rdt_game_get_phase (game) == RDT_PHASE_CLOSE_COMBAT ? "announce anyway" : "next-phase");
    }
  g_assert_cmpint (rdt_game_get_phase (game), ==, RDT_PHASE_RIFLE_FIRE);
  g_assert_false (unit (game, "rifle-a")->flags & RDT_GAME_UNIT_FIRED);
  g_assert_true (unit (game, "rifle-a")->flags & RDT_GAME_UNIT_FIRST_FIRE_SPENT);
  after = rdt_game_analyse_fire (game, RDT_FIRE_RIFLE, firers, "guards", -1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (rdt_fire_get_drm (after), ==, 0);
}

/* 10.5 Important: "A rifle unit also loses its first fire bonus if it
 * participates in Close Combat in any game turn before conducting fire
 * combat" (the hook close combat calls). */
static void
test_game_first_fire_lost_after_close_combat (void)
{
  g_autoptr(RdtScenario) sc = load_fire ();
  g_autoptr(RdtGame) game = game_at_artillery_fire (sc);
  const char *firers[] = { "rifle-a", "rifle-b", NULL };
  g_autoptr(RdtFire) fire = NULL;
  g_autoptr(GError) error = NULL;

  _rdt_game_spend_first_fire (game, (guint) rdt_game_find_unit (game, "rifle-b"));
  fire = rdt_game_analyse_fire (game, RDT_FIRE_RIFLE, firers, "guards", -1, &error);
  g_assert_no_error (error);
  g_assert_null (find_line (fire, RDT_FIRE_LINE_DRM, "10.5"));
  g_assert_cmpint (rdt_fire_get_drm (fire), ==, 0);
}

/* 13.1 results, one by one, on the target only. */
static void
test_game_results (void)
{
  g_autoptr(RdtScenario) sc = load_fire ();
  g_autoptr(RdtGame) game = game_at_artillery_fire (sc);
  RdtCombatResult r;
  guint guards = (guint) rdt_game_find_unit (game, "guards");
  guint picket = (guint) rdt_game_find_unit (game, "picket");
  guint line = (guint) rdt_game_find_unit (game, "line");
  int am = rdt_game_get_army_morale (game, 0);
  int am_other = rdt_game_get_army_morale (game, 1);

  g_assert_true (rdt_combat_result_parse ("1*", &r));
  g_assert_cmpint (r.steps, ==, 1);
  g_assert_true (r.leader);
  g_assert_false (rdt_combat_result_parse ("X", &r));
  g_assert_true (rdt_combat_result_parse ("-", &r) && r.none);

  /* "AM": the affected player reduces his army morale by one. */
  rdt_combat_result_parse ("AM", &r);
  _rdt_game_apply_result (game, guards, &r, "11.3");
  g_assert_cmpint (rdt_game_get_army_morale (game, 0), ==, am - 1);
  /* "*": a leader in the hex is removed; the only result that affects
   * another unit in fire. */
  rdt_combat_result_parse ("1*", &r);
  _rdt_game_apply_result (game, guards, &r, "11.3");
  g_assert_cmpint (unit (game, "grey")->where, ==, RDT_GAME_UNIT_ELIMINATED);
  g_assert_cmpint (unit (game, "guards")->step, ==, 1);
  /* No leader: "*" is ignored. */
  _rdt_game_apply_result (game, picket, &r, "11.3");
  g_assert_true (log_has (game, "13.1", "no leader"));
  /* "1" on a one-step unit eliminates it. */
  g_assert_cmpint (unit (game, "picket")->where, ==, RDT_GAME_UNIT_ELIMINATED);
  /* "2": eliminated, even a two-step unit at full strength; 16.1 the
   * volume's army-morale-adjustments row "two-step-loss" (13.1 "+1/-2"). */
  rdt_combat_result_parse ("2", &r);
  _rdt_game_apply_result (game, guards, &r, "11.3");
  g_assert_cmpint (unit (game, "guards")->where, ==, RDT_GAME_UNIT_ELIMINATED);
  g_assert_cmpint (rdt_game_get_army_morale (game, 0), ==, am - 3);
  g_assert_cmpint (rdt_game_get_army_morale (game, 1), ==, am_other + 1);
  /* A row the volume lacks is logged, never guessed. */
  g_assert_true (log_has (game, "16.1, 13.1 1", "“step-loss”"));
  /* "D": disrupted and a three-hex retreat owed (13.3); a second D
   * shatters (13.3, 13.4); a third eliminates (13.4). */
  rdt_combat_result_parse ("D", &r);
  _rdt_game_apply_result (game, line, &r, "11.3");
  g_assert_cmpint (unit (game, "line")->status, ==, RDT_UNIT_STATUS_DISRUPTED);
  g_assert_cmpuint (rdt_game_get_n_owed_retreats (game), ==, 1);
  _rdt_game_apply_result (game, line, &r, "11.3");
  g_assert_cmpint (unit (game, "line")->status, ==, RDT_UNIT_STATUS_SHATTERED);
  _rdt_game_apply_result (game, line, &r, "11.3");
  g_assert_cmpint (unit (game, "line")->where, ==, RDT_GAME_UNIT_ELIMINATED);
  /* An eliminated unit owes no retreat. */
  g_assert_cmpuint (rdt_game_get_n_owed_retreats (game), ==, 0);
}

/* 13.1 "*": "The owning player removes one Leader ... The Leader chosen need
 * not be the one in command": with two leaders, the owner chooses. */
static void
test_game_leader_casualty_choice (void)
{
  g_autoptr(RdtScenario) sc = load_fire ();
  g_autoptr(RdtGame) game = game_at_artillery_fire (sc);
  RdtCombatResult r;

  rdt_combat_result_parse ("*", &r);
  _rdt_game_apply_result (game, (guint) rdt_game_find_unit (game, "jaegers"), &r, "11.3");
  g_assert_cmpuint (rdt_game_get_n_owed_casualties (game), ==, 1);
  g_assert_cmpint (unit (game, "knyphausen")->where, ==, RDT_GAME_UNIT_MAP);
  g_assert_cmpint (unit (game, "ewald")->where, ==, RDT_GAME_UNIT_MAP);
  refused (game, "next-phase", RDT_GAME_ERROR_ILLEGAL, "13.1");
  refused (game, "casualty grey", RDT_GAME_ERROR_ILLEGAL, "13.1");
  /* Not the one in command (Knyphausen, rank 2): the owner's choice. */
  ok (game, "casualty knyphausen");
  g_assert_cmpint (unit (game, "knyphausen")->where, ==, RDT_GAME_UNIT_ELIMINATED);
  g_assert_cmpint (unit (game, "ewald")->where, ==, RDT_GAME_UNIT_MAP);
  g_assert_cmpuint (rdt_game_get_n_owed_casualties (game), ==, 0);
  ok (game, "next-phase");
}

/* 13.23: "Any unit that cannot retreat the full distance ... is captured
 * instead; this includes retreats caused by Rifle Fire or Artillery Fire." */
static void
test_game_retreat_capture (void)
{
  g_autoptr(RdtScenario) sc = load_fire ();
  g_autoptr(RdtGame) game = NULL;
  RdtCombatResult r;

  /* Surround the Guards: enemy units in every neighbour of 0404. */
  for (guint i = 0; i < rdt_scenario_get_n_units (sc); i++)
    {
      RdtUnit *u = rdt_scenario_get_unit (sc, i);
      const char *moves[][2] = { { "gun-far", "0303" }, { "gun-blocked", "0503" }, { "disrupted-rifle", "0305" } };

      for (guint k = 0; k < G_N_ELEMENTS (moves); k++)
        if (g_str_equal (u->id, moves[k][0]))
          g_assert_true (rdt_hex_grid_parse_label (rdt_scenario_get_grid (sc), moves[k][1], &u->placement.hex, NULL));
    }
  game = game_at_artillery_fire (sc);
  rdt_combat_result_parse ("R", &r);
  _rdt_game_apply_result (game, (guint) rdt_game_find_unit (game, "guards"), &r, "11.3");
  _rdt_game_settle_retreats (game);
  g_assert_cmpint (unit (game, "guards")->where, ==, RDT_GAME_UNIT_CAPTURED);
  g_assert_true (log_has (game, "13.23", "captured"));
}

/* 13.25: "Any Leader may freely retreat along with any friendly retreating
 * units with which it is stacked. Leaders are never required to retreat." */
static void
test_game_leaders_retreat_along (void)
{
  g_autoptr(RdtScenario) sc = load_fire ();
  g_autoptr(RdtGame) game = game_at_artillery_fire (sc);
  RdtCombatResult r;

  rdt_combat_result_parse ("R", &r);
  _rdt_game_apply_result (game, (guint) rdt_game_find_unit (game, "jaegers"), &r, "11.3");
  g_assert_cmpuint (rdt_game_get_n_owed_retreats (game), ==, 1);
  /* Not a leader of another hex. */
  refused (game, "retreat jaegers 1010 grey", RDT_GAME_ERROR_ILLEGAL, "13.25");
  ok (game, "retreat jaegers 1010 ewald");
  g_assert_cmpint (unit (game, "ewald")->hex.col, ==, 10);
  g_assert_cmpint (unit (game, "ewald")->hex.row, ==, 10);
  /* Knyphausen stays. */
  g_assert_cmpint (unit (game, "knyphausen")->hex.col, ==, 9);
  g_assert_cmpint (unit (game, "knyphausen")->hex.row, ==, 9);
}

/* A random game with fire replays bit for bit from its log. */
static void
test_game_random_replay (void)
{
  g_autoptr(RdtScenario) sc = load_fire ();
  guint fires = 0;

  for (guint64 seed = 1; seed <= 3; seed++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(RdtGame) game = rdt_game_new (sc, seed, &error);
      g_autoptr(RdtGame) again = NULL;
      g_autoptr(GPtrArray) actions = g_ptr_array_new ();
      g_autofree char *a = NULL, *b = NULL;
      RdtDie chooser;

      g_assert_no_error (error);
      rdt_die_init (&chooser, seed * 31);
      for (guint i = 0; i < 400 && !rdt_game_is_over (game); i++)
        {
          g_autofree char *action = NULL;

          if (!rdt_game_perform_random (game, &chooser, 4, &action, &error))
            g_error ("seed %" G_GUINT64_FORMAT ": %s", seed, error->message);
        }
      for (guint i = 0; i < rdt_game_get_n_actions (game); i++)
        {
          g_ptr_array_add (actions, (gpointer) rdt_game_get_action (game, i));
          if (g_str_has_prefix (rdt_game_get_action (game, i), "fire "))
            fires++;
        }
      again = rdt_game_replay (sc, seed, (const char *const *) actions->pdata, actions->len, &error);
      g_assert_no_error (error);
      a = rdt_game_dup_state_digest (game);
      b = rdt_game_dup_state_digest (again);
      g_assert_cmpstr (a, ==, b);
    }
  g_assert_cmpuint (fires, >, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/fire/10.3/example-two-rifles-first-fire-roll-5-hits", test_example_10_3);
  g_test_add_func ("/fire/10.5/no-bonus-combined-with-spent-unit", test_first_fire_combined_with_spent);
  g_test_add_func ("/fire/10.5/bonus-not-cumulative-rifle-only", test_first_fire_not_cumulative);
  g_test_add_func ("/fire/10.1/once-per-unit-per-phase", test_once_per_phase);
  g_test_add_func ("/fire/10.2/once-per-target-per-phase", test_once_per_target);
  g_test_add_func ("/fire/10.2/adjacent-target-only", test_adjacent_only);
  g_test_add_func ("/fire/10.1/rifle-units-only", test_rifle_units_only);
  g_test_add_func ("/fire/3.1/musket-rifle-fires-with-fire-value", test_musket_rifle);
  g_test_add_func ("/fire/13.3/disrupted-may-not-fire", test_disrupted_may_not_fire);
  g_test_add_func ("/fire/11.2/combined-fire-uses-farthest-range", test_combined_farthest_range);
  g_test_add_func ("/fire/11.2/range-counts-target-hex", test_range_counts_target_hex);
  g_test_add_func ("/fire/11.2/beyond-range-refused", test_beyond_range);
  g_test_add_func ("/fire/11.41/no-los-refused", test_no_los);
  g_test_add_func ("/fire/11.1/artillery-only", test_artillery_only);
  g_test_add_func ("/fire/11.3/no-hit-possible", test_no_hit_possible);
  g_test_add_func ("/fire/10.7/jaegers-second-roll", test_jaegers);
  g_test_add_func ("/fire/brandywine-4.3/ferguson-plus-one-germantown-3.10-chew-house", test_ferguson_and_chew_house);
  g_test_add_func ("/fire/brandywine-4.5.5/amusettes", test_amusettes);
  g_test_add_func ("/fire/13.4/shattered-target-no-terrain-drm", test_shattered_no_terrain_drm);
  g_test_add_func ("/fire/savannah-4.12/mortars", test_mortar);
  g_test_add_func ("/fire/10.3-11.3/hexside-fire-drm-adjacent-ranged-corner", test_hexside_drm);
  g_test_add_func ("/fire/volume-data/missing-to-hit-undecided", test_missing_table_undecided);
  g_test_add_func ("/fire/10.2/bad-input-enemy-leader-friend", test_bad_input);
  g_test_add_func ("/fire/germantown-3.5/off-board-bombardment", test_off_board);
  g_test_add_func ("/fire/germantown-3.5/bundled-volume-data", test_off_board_germantown);
  g_test_add_func ("/fire/game/11.1-11.3-artillery-fire-resolved", test_game_artillery_fire);
  g_test_add_func ("/fire/game/10.4-simultaneous-non-phasing-retreats-first", test_game_rifle_fire_simultaneous);
  g_test_add_func ("/fire/game/10.5-first-fire-lost-after-fire-without-effect", test_game_first_fire_spent);
  g_test_add_func ("/fire/10.6/first-fire-lost-after-close-combat", test_game_first_fire_lost_after_close_combat);
  g_test_add_func ("/fire/game/13.1-results-on-the-target", test_game_results);
  g_test_add_func ("/fire/game/13.23-no-retreat-captured", test_game_retreat_capture);
  g_test_add_func ("/fire/game/13.1-leader-casualty-owner-chooses", test_game_leader_casualty_choice);
  g_test_add_func ("/fire/game/13.25-leaders-may-retreat-along", test_game_leaders_retreat_along);
  g_test_add_func ("/fire/game/random-game-with-fire-replays", test_game_random_replay);
  return g_test_run ();
}
