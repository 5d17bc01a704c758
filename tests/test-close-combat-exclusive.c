/* Exclusive rules of Close Combat held as volume data (issue 14): the
 * Savannah 4.1 stack DRMs, the tactics restrictions of Germantown 3.10.4
 * and Savannah 4.15 (table "cc-tactics"), 12.53 Withdraw's clear retreat
 * path decided by the retreat engine, and the condition vocabulary that
 * expresses them (src/core/format/rdt-cc-condition.h, docs/volumes.md).
 * Positions are built on the bundled scenarios with every unit taken off
 * the map, as in test-close-combat.c. */
#include "config.h"

#include <string.h>

#include "redoubt-core.h"
#include "rdt-game-results.h"
#include "rdt-game-private.h"

#undef G_DISABLE_ASSERT

static RdtScenario *
load (const char *file)
{
  const char *root = g_getenv ("REDOUBT_SOURCE_ROOT");
  g_autofree char *path = root != NULL ? g_build_filename (root, "scenarios", file, NULL)
                                       : g_test_build_filename (G_TEST_DIST, "..", "scenarios", file, NULL);
  g_autoptr(GError) error = NULL;
  RdtScenario *s = rdt_scenario_load_from_file (path, NULL, &error);

  g_assert_no_error (error);
  for (guint i = 0; i < rdt_scenario_get_n_units (s); i++)
    {
      RdtPlacement off = { .kind = RDT_PLACEMENT_UNUSED };
      g_assert_true (rdt_scenario_move_unit (s, rdt_scenario_get_unit (s, i)->id, &off, NULL, &error));
    }
  return s;
}

/* Places @id at @hex in Parade Order; @cls (nullable) replaces its class. */
static void
place_class (RdtScenario *s,
             const char  *id,
             RdtHex       hex,
             const char  *cls)
{
  g_autoptr(RdtUnit) u = rdt_unit_copy (rdt_scenario_find_unit (s, id));
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (u);
  u->placement.kind = RDT_PLACEMENT_HEX;
  u->placement.hex = hex;
  u->status = RDT_UNIT_STATUS_PARADE;
  u->step = 0;
  if (cls != NULL)
    {
      g_free (u->unit_class);
      u->unit_class = g_strdup (cls);
    }
  g_assert_true (rdt_scenario_replace_unit (s, id, u, NULL, &error));
  g_assert_no_error (error);
}

static void
place (RdtScenario *s,
       const char  *id,
       RdtHex       hex)
{
  place_class (s, id, hex, NULL);
}

static RdtHex
nb (RdtScenario *s,
    RdtHex       h,
    int          dir)
{
  return rdt_hex_grid_neighbour (rdt_scenario_get_grid (s), h, (RdtHexDirection) dir);
}

static gboolean
on_grid (RdtScenario *s,
         RdtHex       h)
{
  return rdt_hex_grid_contains (rdt_scenario_get_grid (s), h);
}

static gboolean
is_clear (RdtScenario *s,
          RdtHex       h)
{
  const RdtTerrainType *t = rdt_scenario_get_terrain_type (s, h);

  return t != NULL && g_str_equal (t->id, "clear");
}

/* A clear hex whose ring of radius 2 is clear and without hexside
 * features. */
static RdtHex
open_hex (RdtScenario *s)
{
  RdtHexGrid *grid = rdt_scenario_get_grid (s);
  g_autoptr(GArray) sides = rdt_scenario_dup_hexsides (s);

  for (guint i = 0; i < rdt_hex_grid_get_n_hexes (grid); i++)
    {
      RdtHex h = rdt_hex_grid_hex_at_index (grid, i);
      g_autoptr(GArray) area = rdt_hex_grid_range (grid, h, 2);
      gboolean ok = area->len == 19;

      for (guint k = 0; k < area->len && ok; k++)
        {
          RdtHex a = g_array_index (area, RdtHex, k);

          ok = is_clear (s, a);
          for (guint f = 0; f < sides->len && ok; f++)
            ok = !rdt_hexside_has_hex (g_array_index (sides, RdtHexsideFeatures, f).side, a);
        }
      if (ok)
        return h;
    }
  g_assert_not_reached ();
}

static const int zero_modifiers[4] = { 0, 0, 0, 0 };

static RdtCloseCombat *
combat (RdtScenario  *s,
        const RdtHex *attackers,
        guint         n,
        RdtHex        defender)
{
  RdtCloseCombatInput in;
  g_autoptr(GError) error = NULL;
  RdtCloseCombat *cc;

  rdt_close_combat_input_init (&in);
  in.attackers = attackers;
  in.n_attackers = n;
  in.defender = defender;
  in.morale_modifier = zero_modifiers;
  in.n_sides = rdt_scenario_get_n_sides (s);
  cc = rdt_close_combat_new (s, &in, &error);
  g_assert_no_error (error);
  g_assert_nonnull (cc);
  return cc;
}

static const RdtCcItem *
find_item (GPtrArray  *items,
           const char *id)
{
  for (guint i = 0; i < items->len; i++)
    {
      const RdtCcItem *it = g_ptr_array_index (items, i);
      if (g_str_equal (it->id, id))
        return it;
    }
  return NULL;
}

#define STACK_ATTACKED "cc-drm:French/American stack attacked"
#define STACK_FORCED "cc-drm:French/American stack forced to attack"
#define REGULARS_FORCED "cc-drm:French Regulars stacked with French Colonial Militia forced to attack"

/* Savannah 4.1: "Enemy units that attack a French/American stack gain a +1
 * DRM in Close Combat." */
static void
test_savannah_stack_attacked (void)
{
  g_autoptr(RdtScenario) s = load ("savannah-historical.redoubt");
  RdtHex d = open_hex (s), a = nb (s, d, 0);
  const RdtCcItem *it;

  place (s, "tawes", a);
  place (s, "avant-garde", d);
  place (s, "1st-sc", d);
  {
    g_autoptr(RdtCloseCombat) cc = combat (s, &a, 1, d);

    it = find_item (rdt_close_combat_get_drms (cc), STACK_ATTACKED);
    g_assert_nonnull (it);
    g_assert_cmpint (it->value, ==, 1);
    g_assert_cmpstr (it->rule, ==, "Savannah 4.1");
    g_assert_false (it->undecided);
  }
  /* Pulaski's Legion may stack with the French (4.1 Exceptions): not a
   * French/American stack. */
  {
    RdtPlacement off = { .kind = RDT_PLACEMENT_UNUSED };
    g_autoptr(RdtCloseCombat) cc = NULL;

    g_assert_true (rdt_scenario_move_unit (s, "1st-sc", &off, NULL, NULL));
    place (s, "pulaski", d);
    cc = combat (s, &a, 1, d);
    g_assert_null (find_item (rdt_close_combat_get_drms (cc), STACK_ATTACKED));
  }
}

/* Savannah 4.1: "If retreat is not possible, the French/American stack must
 * fulfill the required attack, but suffers a -2 DRM"; French and American
 * units attacking from two hexes are not a stack (and 4.13 forbids it). */
static void
test_savannah_stack_forced (void)
{
  g_autoptr(RdtScenario) s = load ("savannah-historical.redoubt");
  RdtHex d = open_hex (s), a = nb (s, d, 0), b = nb (s, d, 1);
  RdtHex both[2] = { a, b };
  const RdtCcItem *it;

  place (s, "tawes", d);
  place (s, "avant-garde", a);
  place (s, "1st-sc", a);
  {
    g_autoptr(RdtCloseCombat) cc = combat (s, &a, 1, d);

    it = find_item (rdt_close_combat_get_drms (cc), STACK_FORCED);
    g_assert_nonnull (it);
    g_assert_cmpint (it->value, ==, -2);
    g_assert_nonnull (strstr (it->rule, "Savannah 4.1"));
    g_assert_null (find_item (rdt_close_combat_get_drms (cc), STACK_ATTACKED));
  }
  place (s, "1st-sc", b);
  {
    g_autoptr(RdtCloseCombat) cc = combat (s, both, 2, d);

    g_assert_null (find_item (rdt_close_combat_get_drms (cc), STACK_FORCED));
  }
}

#define NO_COMBINING "cc-designation:French and American units may not combine from two or more hexes"

/* Savannah 4.13: French and American units "are also prohibited from
 * combining from two or more hexes in an attack against a defending enemy
 * hex"; "Pulaski's Legion is the only American combat unit that may
 * cooperate in Close Combat with French player units." */
static void
test_savannah_no_combining (void)
{
  g_autoptr(RdtScenario) s = load ("savannah-historical.redoubt");
  RdtHex d = open_hex (s), a = nb (s, d, 0), b = nb (s, d, 1);
  RdtHex both[2] = { a, b };

  place (s, "tawes", d);
  place (s, "avant-garde", a);
  place (s, "1st-sc", b);
  {
    g_autoptr(RdtCloseCombat) cc = combat (s, both, 2, d);
    const RdtCcItem *it = find_item (rdt_close_combat_get_errors (cc), NO_COMBINING);

    g_assert_false (rdt_close_combat_is_legal (cc));
    g_assert_nonnull (it);
    g_assert_cmpstr (it->rule, ==, "Savannah 4.13");
  }
  /* Pulaski's Legion may. */
  {
    RdtPlacement off = { .kind = RDT_PLACEMENT_UNUSED };
    g_autoptr(RdtCloseCombat) cc = NULL;

    g_assert_true (rdt_scenario_move_unit (s, "1st-sc", &off, NULL, NULL));
    place (s, "pulaski", b);
    cc = combat (s, both, 2, d);
    g_assert_null (find_item (rdt_close_combat_get_errors (cc), NO_COMBINING));
  }
  /* French units from two hexes: no restriction. */
  {
    RdtPlacement off = { .kind = RDT_PLACEMENT_UNUSED };
    g_autoptr(RdtCloseCombat) cc = NULL;

    g_assert_true (rdt_scenario_move_unit (s, "pulaski", &off, NULL, NULL));
    place (s, "auxerrois", b);
    cc = combat (s, both, 2, d);
    g_assert_null (find_item (rdt_close_combat_get_errors (cc), NO_COMBINING));
    g_assert_true (rdt_close_combat_is_legal (cc));
  }
}

/* Savannah 4.1: French Regulars and French Colonial Militia stacked after a
 * retreat: "If forced to attack while stacked, they suffer a -1 DRM"; they
 * "defend normally if attacked". */
static void
test_savannah_regulars_militia (void)
{
  g_autoptr(RdtScenario) s = load ("savannah-historical.redoubt");
  RdtHex d = open_hex (s), a = nb (s, d, 0);

  place (s, "tawes", d);
  place_class (s, "avant-garde", a, "regular");
  place (s, "san-domingue-volunteers", a);
  {
    g_autoptr(RdtCloseCombat) cc = combat (s, &a, 1, d);
    const RdtCcItem *it = find_item (rdt_close_combat_get_drms (cc), REGULARS_FORCED);

    g_assert_nonnull (it);
    g_assert_cmpint (it->value, ==, -1);
  }
  /* Defending, they defend normally: no row. */
  {
    g_autoptr(RdtScenario) t = load ("savannah-historical.redoubt");
    g_autoptr(RdtCloseCombat) cc = NULL;

    place (t, "tawes", a);
    place_class (t, "avant-garde", d, "regular");
    place (t, "san-domingue-volunteers", d);
    cc = combat (t, &a, 1, d);
    g_assert_null (find_item (rdt_close_combat_get_drms (cc), REGULARS_FORCED));
  }
  /* A unit whose class is not stated (every French unit but the San
   * Domingue Volunteers in the bundled data) is no French Regular. */
  {
    g_autoptr(RdtScenario) t = load ("savannah-historical.redoubt");
    g_autoptr(RdtCloseCombat) cc = NULL;

    place (t, "tawes", d);
    place (t, "avant-garde", a);
    place (t, "san-domingue-volunteers", a);
    cc = combat (t, &a, 1, d);
    g_assert_null (find_item (rdt_close_combat_get_drms (cc), REGULARS_FORCED));
  }
}

static RdtHex
find_terrain (RdtScenario *s,
              const char  *id)
{
  RdtHexGrid *grid = rdt_scenario_get_grid (s);

  for (guint i = 0; i < rdt_hex_grid_get_n_hexes (grid); i++)
    {
      RdtHex h = rdt_hex_grid_hex_at_index (grid, i);
      const RdtTerrainType *t = rdt_scenario_get_terrain_type (s, h);

      if (t != NULL && g_str_equal (t->id, id))
        return h;
    }
  g_assert_not_reached ();
}

/* Germantown 3.10.4: "Units in the hex may not select "Turn Flank" or
 * "Attack en Echelon" tactics." */
static void
test_chew_house_tactics (void)
{
  g_autoptr(RdtScenario) s = load ("germantown.redoubt");
  RdtHex d = find_terrain (s, "chew-house");
  RdtHex a = d;
  const char *reason = NULL;
  int dir;

  /* An attacking hex with an unoccupied neighbour of both hexes (an open
   * flank) that is not the Chew House. */
  for (dir = 0; dir < 6; dir++)
    {
      a = nb (s, d, dir);
      if (on_grid (s, a) && on_grid (s, nb (s, d, (dir + 1) % 6)))
        break;
    }
  g_assert_cmpint (dir, <, 6);
  place (s, "40th-foot", d);
  place (s, "grey", d);
  place (s, "1st-maryland", a);
  {
    g_autoptr(RdtCloseCombat) cc = combat (s, &a, 1, d);
    RdtRuleVerdict refuse = rdt_close_combat_tactic_eligible (cc, RDT_CC_DEFENDER, RDT_TACTIC_REFUSE_FLANK, NULL);

    /* Refuse Flank has the same 12.53 conditions and is not restricted. */
    g_assert_cmpint (refuse, !=, RDT_RULE_OFF);
    g_assert_cmpint (rdt_close_combat_tactic_eligible (cc, RDT_CC_DEFENDER, RDT_TACTIC_TURN_FLANK, &reason), ==, RDT_RULE_OFF);
    g_assert_nonnull (strstr (reason, "Germantown 3.10.4"));
    g_assert_cmpint (rdt_close_combat_tactic_eligible (cc, RDT_CC_DEFENDER, RDT_TACTIC_ATTACK_EN_ECHELON, &reason), ==, RDT_RULE_OFF);
    g_assert_nonnull (strstr (reason, "Germantown 3.10.4"));
    /* The attacker outside the house is not restricted. */
    g_assert_cmpint (rdt_close_combat_tactic_eligible (cc, RDT_CC_ATTACKER, RDT_TACTIC_ATTACK_EN_ECHELON, NULL), ==, RDT_RULE_ON);
    g_assert_cmpint (rdt_close_combat_tactic_eligible (cc, RDT_CC_DEFENDER, RDT_TACTIC_SKIRMISH, NULL), ==, RDT_RULE_ON);
    /* The referee notes that a Retreat result may be ignored there. */
    {
      const RdtCcItem *it = find_item (rdt_close_combat_get_notes (cc), "retreat-exception");

      g_assert_nonnull (it);
      g_assert_cmpstr (it->rule, ==, "Germantown 3.10.4");
      g_assert_nonnull (strstr (it->text, "defender"));
    }
  }
  /* Attacking out of the Chew House: the same restriction. */
  {
    g_autoptr(RdtScenario) t = load ("germantown.redoubt");
    g_autoptr(RdtCloseCombat) cc = NULL;

    place (t, "40th-foot", d);
    place (t, "1st-maryland", a);
    cc = combat (t, &d, 1, a);
    g_assert_cmpint (rdt_close_combat_tactic_eligible (cc, RDT_CC_ATTACKER, RDT_TACTIC_ATTACK_EN_ECHELON, &reason), ==, RDT_RULE_OFF);
    g_assert_nonnull (strstr (reason, "Germantown 3.10.4"));
    g_assert_cmpint (rdt_close_combat_tactic_eligible (cc, RDT_CC_DEFENDER, RDT_TACTIC_ATTACK_EN_ECHELON, NULL), ==, RDT_RULE_ON);
  }
}

/* Savannah 4.15: "The British player may not select the 'Turn Flank'
 * tactics chit during any Close Combat in which his units occupy a Savannah
 * Defensive Perimeter hex and all enemy units being engaged occupy a hex
 * outside the Perimeter." */
static void
test_british_tactical_doctrine (void)
{
  g_autoptr(RdtScenario) s = load ("savannah-historical.redoubt");
  const RdtArea *area = rdt_scenario_find_area (s, "savannah-defensive-perimeter");
  RdtHexGrid *grid = rdt_scenario_get_grid (s);
  RdtHex in = { 0 }, out = { 0 }, in2 = { 0 };
  gboolean found = FALSE;
  const char *reason = NULL;

  g_assert_nonnull (area);
  /* A perimeter hex with a neighbour outside and another inside. */
  for (guint i = 0; i < rdt_hex_grid_get_n_hexes (grid) && !found; i++)
    {
      gboolean o = FALSE, n = FALSE;

      in = rdt_hex_grid_hex_at_index (grid, i);
      if (!rdt_scenario_area_contains (area, in))
        continue;
      for (int dir = 0; dir < 6; dir++)
        {
          RdtHex h = nb (s, in, dir);

          if (!on_grid (s, h))
            continue;
          if (!rdt_scenario_area_contains (area, h) && !o)
            out = h, o = TRUE;
          else if (rdt_scenario_area_contains (area, h) && !n)
            in2 = h, n = TRUE;
        }
      found = o && n;
    }
  g_assert_true (found);
  place (s, "tawes", in);
  place (s, "maitland", in);
  place (s, "avant-garde", out);
  {
    g_autoptr(RdtCloseCombat) cc = combat (s, &out, 1, in);

    g_assert_cmpint (rdt_close_combat_tactic_eligible (cc, RDT_CC_DEFENDER, RDT_TACTIC_TURN_FLANK, &reason), ==, RDT_RULE_OFF);
    g_assert_nonnull (strstr (reason, "Savannah 4.15"));
    /* The Allies are not bound by it. */
    reason = NULL;
    rdt_close_combat_tactic_eligible (cc, RDT_CC_ATTACKER, RDT_TACTIC_TURN_FLANK, &reason);
    g_assert_null (strstr (reason, "4.15"));
  }
  /* The British attacking out of the perimeter: the same. */
  {
    g_autoptr(RdtCloseCombat) cc = combat (s, &in, 1, out);

    g_assert_cmpint (rdt_close_combat_tactic_eligible (cc, RDT_CC_ATTACKER, RDT_TACTIC_TURN_FLANK, &reason), ==, RDT_RULE_OFF);
    g_assert_nonnull (strstr (reason, "Savannah 4.15"));
  }
  /* An engaged enemy inside the perimeter: not restricted. */
  {
    RdtPlacement off = { .kind = RDT_PLACEMENT_UNUSED };
    g_autoptr(RdtCloseCombat) cc = NULL;

    g_assert_true (rdt_scenario_move_unit (s, "avant-garde", &off, NULL, NULL));
    place (s, "avant-garde", in2);
    cc = combat (s, &in2, 1, in);
    reason = NULL;
    rdt_close_combat_tactic_eligible (cc, RDT_CC_DEFENDER, RDT_TACTIC_TURN_FLANK, &reason);
    g_assert_null (strstr (reason, "4.15"));
  }
}

/* 12.53: "a unit must have a clear retreat path in order to play
 * Withdraw", decided by the retreat engine (13.2, 13.22 enemy ZOC). */
static void
test_withdraw_retreat_path (void)
{
  g_autoptr(RdtScenario) s = load ("brandywine.redoubt");
  RdtHex d = open_hex (s), a = nb (s, d, 0);
  const char *reason = NULL;

  place (s, "kings-own", a);
  place (s, "1-maryland", d);
  {
    g_autoptr(RdtCloseCombat) cc = combat (s, &a, 1, d);

    g_assert_cmpint (rdt_close_combat_tactic_eligible (cc, RDT_CC_DEFENDER, RDT_TACTIC_WITHDRAW, &reason), ==, RDT_RULE_ON);
    g_assert_nonnull (strstr (reason, "12.53"));
    g_assert_cmpint (rdt_close_combat_tactic_eligible (cc, RDT_CC_ATTACKER, RDT_TACTIC_WITHDRAW, NULL), ==, RDT_RULE_ON);
  }
  /* An enemy on the far side: every neighbour of the defender is occupied
   * by or in the ZOC of an enemy (13.22): no clear retreat path. */
  place (s, "10th-foot", nb (s, d, 3));
  {
    g_autoptr(RdtCloseCombat) cc = combat (s, &a, 1, d);

    g_assert_cmpint (rdt_close_combat_tactic_eligible (cc, RDT_CC_DEFENDER, RDT_TACTIC_WITHDRAW, &reason), ==, RDT_RULE_OFF);
    g_assert_nonnull (strstr (reason, "12.53"));
    /* The attacker still has one. */
    g_assert_cmpint (rdt_close_combat_tactic_eligible (cc, RDT_CC_ATTACKER, RDT_TACTIC_WITHDRAW, NULL), ==, RDT_RULE_ON);
  }
}

static void
test_vocabulary (void)
{
  static const char *const good[] = {
    "stack:attacker:side=french+side=american&!unit=pulaski",
    "stack:defender:nationality=french+nationality=continental+militia",
    "terrain:defender:any:chew-house", "terrain:attacker:none:chew-house",
    "area:defender:all:savannah-defensive-perimeter",
    "apart:attacker:side=french+side=american&!unit=pulaski",
  };
  static const char *const bad[] = {
    "stack:attacker:side=french",          /* one group: not a stack */
    "stack:nobody:side=french+side=american",
    "stack:attacker:side=french+colour=blue",
    "terrain:defender:some:chew-house",    /* "some" is for hexsides */
    "terrain:defender:any:",
    "area:attacker:any:bad/id",
    "stack:attacker:a+b+c+d+e",
    "apart:attacker:side=french+side=american+militia",   /* two groups only */
  };

  for (gsize i = 0; i < G_N_ELEMENTS (good); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) terms = rdt_cc_condition_parse (good[i], &error);

      g_assert_no_error (error);
      g_assert_cmpuint (terms->len, ==, 1);
    }
  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) terms = rdt_cc_condition_parse (bad[i], &error);

      g_assert_null (terms);
      g_assert_error (error, RDT_VOLUME_ERROR, RDT_VOLUME_ERROR_INVALID);
    }
}

/* The loader's check names a bad "cc-tactics" row. */
static void
test_validate_tactics_table (void)
{
  g_autoptr(RdtScenario) s = load ("germantown.redoubt");
  RdtVolume *v = rdt_scenario_get_volume (s);
  g_autoptr(GPtrArray) diags = rdt_diagnostics_new ();
  g_autoptr(GError) error = NULL;

  rdt_volume_validate (v, "germantown.xml", diags);
  g_assert_cmpuint (rdt_diagnostics_count (diags, RDT_SEVERITY_ERROR), ==, 0);
  g_assert_true (rdt_volume_set_table_cell (v, "cc-tactics", "Chew House defenders", "tactics", "turn-flank charge",
                                            FALSE, NULL, NULL, &error));
  g_assert_no_error (error);
  g_ptr_array_set_size (diags, 0);
  rdt_volume_validate (v, "germantown.xml", diags);
  g_assert_cmpuint (rdt_diagnostics_count (diags, RDT_SEVERITY_ERROR), ==, 1);
  g_assert_true (rdt_volume_set_table_cell (v, "cc-tactics", "Chew House defenders", "tactics", "turn-flank",
                                            FALSE, NULL, NULL, &error));
  g_assert_true (rdt_volume_set_table_cell (v, "cc-tactics", "Chew House defenders", "role", "both",
                                            FALSE, NULL, NULL, &error));
  g_ptr_array_set_size (diags, 0);
  rdt_volume_validate (v, "germantown.xml", diags);
  g_assert_cmpuint (rdt_diagnostics_count (diags, RDT_SEVERITY_ERROR), ==, 1);
  /* Brandywine 5.3's tactics-barriers: yes or no. */
  {
    g_autoptr(RdtScenario) b = load ("brandywine.redoubt");
    RdtVolume *bv = rdt_scenario_get_volume (b);

    g_ptr_array_set_size (diags, 0);
    rdt_volume_validate (bv, "brandywine.xml", diags);
    g_assert_cmpuint (rdt_diagnostics_count (diags, RDT_SEVERITY_ERROR), ==, 0);
    g_assert_true (rdt_volume_set_table_cell (bv, "tactics-barriers", "brandywine-creek", "leader", "maybe",
                                              FALSE, NULL, NULL, &error));
    g_ptr_array_set_size (diags, 0);
    rdt_volume_validate (bv, "brandywine.xml", diags);
    g_assert_cmpuint (rdt_diagnostics_count (diags, RDT_SEVERITY_ERROR), ==, 1);
  }
}

/* 12.4: "If all the defending units in a Close Combat are Parade Order
 * Indian units located in any type of woods, and none of the attacking
 * units are Indians or light infantry, the defender has the option to
 * announce an Indian Withdrawal" (12.41, 12.42: three hexes, then step 9). */
static void
test_indian_withdrawal (void)
{
  g_autoptr(RdtScenario) s = load ("savannah-historical.redoubt");
  RdtHex d = find_terrain (s, "forest"), a = d;
  int dir;

  for (dir = 0; dir < 6; dir++)
    if (on_grid (s, (a = nb (s, d, dir))))
      break;
  g_assert_cmpint (dir, <, 6);
  place (s, "creek-indians", d);
  place (s, "avant-garde", a);
  {
    g_autoptr(RdtCloseCombat) cc = combat (s, &a, 1, d);

    g_assert_cmpstr (rdt_close_combat_get_withdrawal (cc), ==, "indian");
  }
  /* Light infantry among the attackers: no Indian Withdrawal. */
  place (s, "champagne-chasseurs", a);
  {
    g_autoptr(RdtCloseCombat) cc = combat (s, &a, 1, d);

    g_assert_null (rdt_close_combat_get_withdrawal (cc));
  }
}

static RdtCloseCombat *
combat_turn (RdtScenario *s,
             RdtHex       a,
             RdtHex       d,
             const char  *lead_a,
             int          turn)
{
  RdtCloseCombatInput in;
  RdtGameContext ctx;
  g_autoptr(GError) error = NULL;
  RdtCloseCombat *cc;

  rdt_game_context_init (&ctx);
  ctx.turn = turn;
  rdt_close_combat_input_init (&in);
  in.context = &ctx;
  in.attackers = &a;
  in.n_attackers = 1;
  in.defender = d;
  in.lead[0] = lead_a;
  in.morale_modifier = zero_modifiers;
  in.n_sides = rdt_scenario_get_n_sides (s);
  cc = rdt_close_combat_new (s, &in, &error);
  g_assert_no_error (error);
  return cc;
}

static void
clear_units (RdtScenario *s)
{
  for (guint i = 0; i < rdt_scenario_get_n_units (s); i++)
    {
      RdtPlacement off = { .kind = RDT_PLACEMENT_UNUSED };
      g_assert_true (rdt_scenario_move_unit (s, rdt_scenario_get_unit (s, i)->id, &off, NULL, NULL));
    }
}

/* The chart's militia and white-R rifle rows (12.23 step 3 Important,
 * glossary Rifle Unit): printed on the map, provisional. */
static void
test_militia_and_rifles (void)
{
  g_autoptr(RdtScenario) s = load ("brandywine.redoubt");
  RdtHex d = open_hex (s), a = nb (s, d, 0);
  const RdtCcItem *it;

  place (s, "kings-own", a);
  place (s, "8th-chester-county", d);
  {
    g_autoptr(RdtCloseCombat) cc = combat (s, &a, 1, d);

    it = find_item (rdt_close_combat_get_drms (cc), "cc-drm:All-militia defenders");
    g_assert_nonnull (it);
    g_assert_cmpint (it->value, ==, 1);
    g_assert_true (it->provisional);
    g_assert_null (find_item (rdt_close_combat_get_drms (cc), "cc-drm:White-R rifles defending"));
  }
  /* No bundled counter is marked white-R (the counters are not
   * transcribed): mark one as the counter would print it. */
  place (s, "1-maryland", d);
  {
    g_autoptr(RdtUnit) u = rdt_unit_copy (rdt_scenario_find_unit (s, "1-maryland"));

    u->rifle = RDT_RIFLE_WHITE_R;
    g_assert_true (rdt_scenario_replace_unit (s, "1-maryland", u, NULL, NULL));
  }
  {
    g_autoptr(RdtCloseCombat) cc = combat (s, &a, 1, d);

    /* Not all militia any more; a white-R rifle unit defends. */
    g_assert_null (find_item (rdt_close_combat_get_drms (cc), "cc-drm:All-militia defenders"));
    it = find_item (rdt_close_combat_get_drms (cc), "cc-drm:White-R rifles defending");
    g_assert_nonnull (it);
    g_assert_cmpint (it->value, ==, 1);
  }
}

/* Savannah 4.17: "The Charlestown Militia (both units) does not suffer a -1
 * DRM in Close Combat when engaged against enemy Regulars. Its presence in a
 * stack of militia negates the militia penalty for the entire stack." */
static void
test_charlestown_militia (void)
{
  g_autoptr(RdtScenario) s = load ("savannah-historical.redoubt");
  RdtHex d = open_hex (s), a = nb (s, d, 0);

  place (s, "tawes", a);
  place (s, "twigg", d);
  {
    g_autoptr(RdtCloseCombat) cc = combat (s, &a, 1, d);
    const RdtCcItem *it = find_item (rdt_close_combat_get_drms (cc), "cc-drm:Militia defending against regulars");

    g_assert_nonnull (it);
    g_assert_cmpint (it->value, ==, 1);
  }
  place (s, "1st-charlestown-militia", d);
  {
    g_autoptr(RdtCloseCombat) cc = combat (s, &a, 1, d);

    g_assert_null (find_item (rdt_close_combat_get_drms (cc), "cc-drm:Militia defending against regulars"));
  }
}

/* Savannah 4.16: "When Dillon's Irish Regiment is the lead unit in an
 * attack against at least 1 unit of British Regulars, the attacker receives
 * +1 DRM". */
static void
test_irish_ferocity (void)
{
  g_autoptr(RdtScenario) s = load ("savannah-historical.redoubt");
  RdtHex d = open_hex (s), a = nb (s, d, 0);

  place (s, "dillons-irish", a);
  place (s, "avant-garde", a);
  place (s, "tawes", d);
  {
    g_autoptr(RdtCloseCombat) cc = combat_turn (s, a, d, "dillons-irish", 17);
    const RdtCcItem *it = find_item (rdt_close_combat_get_drms (cc), "cc-drm:Irish Ferocity");

    g_assert_nonnull (it);
    g_assert_cmpint (it->value, ==, 1);
    g_assert_cmpstr (it->rule, ==, "Savannah 4.16");
  }
  {
    g_autoptr(RdtCloseCombat) cc = combat_turn (s, a, d, "avant-garde", 17);

    g_assert_null (find_item (rdt_close_combat_get_drms (cc), "cc-drm:Irish Ferocity"));
  }
  /* Not decided while the lead unit is not chosen. */
  {
    g_autoptr(RdtCloseCombat) cc = combat_turn (s, a, d, NULL, 17);
    const RdtCcItem *it = find_item (rdt_close_combat_get_drms (cc), "cc-drm:Irish Ferocity");

    g_assert_nonnull (it);
    g_assert_true (it->undecided);
  }
}

/* Savannah 4.14: "Allied attacks against British-held abatis, redoubts or
 * revetments receive a +2 DRM through Game Turn 7, and a +1 DRM from turns
 * 8 through 11." */
static void
test_incomplete_defenses (void)
{
  g_autoptr(RdtScenario) s = load ("savannah-historical.redoubt");
  g_autoptr(GArray) sides = rdt_scenario_dup_hexsides (s);
  RdtHex d = { 0 }, a = { 0 };
  gboolean found = FALSE;
  static const struct { int turn; int drm; const char *row; } cases[] = {
    { 5, 2, "cc-drm:Incomplete British Defenses, turns 1-7" },
    { 9, 1, "cc-drm:Incomplete British Defenses, turns 8-11" },
  };

  for (guint f = 0; f < sides->len && !found; f++)
    {
      const RdtHexsideFeatures *x = &g_array_index (sides, RdtHexsideFeatures, f);

      if (x->fieldwork == RDT_NO_TYPE || x->breached || !rdt_hexside_has_hex (x->side, x->fieldwork_symbol))
        continue;
      d = x->fieldwork_symbol;
      a = rdt_hexside_other (x->side, d);
      found = on_grid (s, a) && on_grid (s, d);
    }
  g_assert_true (found);
  for (gsize k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      g_autoptr(RdtCloseCombat) cc = NULL;
      const RdtCcItem *it;

      clear_units (s);
      place (s, "tawes", d);
      place (s, "avant-garde", a);
      cc = combat_turn (s, a, d, NULL, cases[k].turn);
      it = find_item (rdt_close_combat_get_drms (cc), cases[k].row);
      g_assert_nonnull (it);
      g_assert_cmpint (it->value, ==, cases[k].drm);
      g_assert_false (it->undecided);
    }
  /* "These modifiers are cumulative with the normal fieldwork's modifiers":
   * the fieldwork hexside's own cc-drm (terrain chart) is there too. */
  {
    g_autoptr(RdtCloseCombat) cc = combat_turn (s, a, d, NULL, 5);
    const RdtCcItem *it = find_item (rdt_close_combat_get_drms (cc), "hexside");

    g_assert_nonnull (it);
    g_assert_cmpint (it->value, <, 0);
  }
  /* Turn 12: complete, no row; no turn told: not decided. */
  {
    g_autoptr(RdtCloseCombat) cc = combat_turn (s, a, d, NULL, 12);
    g_assert_null (find_item (rdt_close_combat_get_drms (cc), cases[0].row));
    g_assert_null (find_item (rdt_close_combat_get_drms (cc), cases[1].row));
  }
  {
    g_autoptr(RdtCloseCombat) cc = combat_turn (s, a, d, NULL, RDT_GAME_TURN_UNKNOWN);
    const RdtCcItem *it = find_item (rdt_close_combat_get_drms (cc), cases[0].row);

    g_assert_nonnull (it);
    g_assert_true (it->undecided);
  }
}

/* 12.23 step 3: attacking up a slope (the terrain chart's slope cc-drm,
 * when every attacking hex attacks across the slope up to the defending
 * hex); attacking down it, no DRM. */
static void
test_up_slope (void)
{
  g_autoptr(RdtScenario) s = load ("brandywine.redoubt");
  g_autoptr(GArray) sides = rdt_scenario_dup_hexsides (s);
  RdtHex high = { 0 }, low = { 0 };
  gboolean found = FALSE;

  for (guint f = 0; f < sides->len && !found; f++)
    {
      const RdtHexsideFeatures *x = &g_array_index (sides, RdtHexsideFeatures, f);

      if (x->slope == RDT_NO_TYPE || x->water != RDT_NO_TYPE || x->fieldwork != RDT_NO_TYPE ||
          x->other != RDT_NO_TYPE || !rdt_hexside_has_hex (x->side, x->slope_high))
        continue;
      high = x->slope_high;
      low = rdt_hexside_other (x->side, high);
      found = on_grid (s, high) && on_grid (s, low);
    }
  g_assert_true (found);
  place (s, "kings-own", low);
  place (s, "1-maryland", high);
  {
    g_autoptr(RdtCloseCombat) cc = combat_turn (s, low, high, NULL, 3);
    const RdtCcItem *it = find_item (rdt_close_combat_get_drms (cc), "hexside");

    g_assert_nonnull (it);
    g_assert_nonnull (strstr (it->text, "Slope"));
  }
  {
    g_autoptr(RdtCloseCombat) cc = combat_turn (s, high, low, NULL, 3);

    g_assert_null (find_item (rdt_close_combat_get_drms (cc), "hexside"));
  }
}

/* 3.1 Surrounded in the current edition: the chart's row, provisional
 * (the older 12.7 states +1; the current chart is not transcribed). */
static void
test_surrounded_current (void)
{
  g_autoptr(RdtScenario) s = load ("brandywine.redoubt");
  RdtHex d = open_hex (s);
  static const char *const british[] = { "kings-own", "royal-welsh-fusiliers", "28th-foot", "49th-foot", "5th-foot", "10th-foot" };
  RdtHex a = nb (s, d, 0);

  place (s, "1-maryland", d);
  place (s, british[0], a);
  {
    g_autoptr(RdtCloseCombat) cc = combat (s, &a, 1, d);
    g_assert_null (find_item (rdt_close_combat_get_drms (cc), "cc-drm:Defender surrounded"));
  }
  for (int dir = 1; dir < 6; dir++)
    place (s, british[dir], nb (s, d, dir));
  {
    g_autoptr(RdtCloseCombat) cc = combat (s, &a, 1, d);
    const RdtCcItem *it = find_item (rdt_close_combat_get_drms (cc), "cc-drm:Defender surrounded");

    g_assert_nonnull (it);
    g_assert_cmpint (it->value, ==, 1);
    g_assert_true (it->provisional);
  }
}

static gboolean
creek_position (RdtScenario *s,
                RdtHex      *out_d,
                RdtHex      *out_a,
                RdtHex      *out_a2)
{
  RdtHexGrid *grid = rdt_scenario_get_grid (s);
  int creek = rdt_volume_find_hexside_type (rdt_scenario_get_volume (s), "brandywine-creek");
  g_autoptr(GArray) sides = rdt_scenario_dup_hexsides (s);

  for (guint i = 0; i < sides->len; i++)
    {
      const RdtHexsideFeatures *f = &g_array_index (sides, RdtHexsideFeatures, i);

      if (f->water != creek)
        continue;
      for (int dir = 0; dir < 6; dir++)
        {
          RdtHex other = rdt_hex_grid_neighbour (grid, f->side.a, (RdtHexDirection) dir);
          RdtHexside hs;

          if (!rdt_hex_grid_contains (grid, other) || rdt_hexside_has_hex (f->side, other))
            continue;
          if (!rdt_hex_grid_hexside (grid, other, f->side.a, &hs, NULL) || rdt_scenario_get_hexside (s, hs) != NULL)
            continue;
          *out_d = f->side.a;
          *out_a = f->side.b;
          *out_a2 = other;
          return TRUE;
        }
    }
  return FALSE;
}

static void
pin (RdtScenario *s,
     const char  *id)
{
  g_autoptr(RdtUnit) u = rdt_unit_copy (rdt_scenario_find_unit (s, id));
  const char *states[] = { "pinned", NULL };

  g_strfreev (u->states);
  u->states = g_strdupv ((char **) states);
  g_assert_true (rdt_scenario_replace_unit (s, id, u, NULL, NULL));
}

static int
total_of (RdtCloseCombat *cc,
          const char     *prefix)
{
  GPtrArray *drms = rdt_close_combat_get_drms (cc);
  int total = 0;

  for (guint i = 0; i < drms->len; i++)
    {
      const RdtCcItem *it = g_ptr_array_index (drms, i);

      if (g_str_has_prefix (it->id, prefix) || (g_str_equal (prefix, "creek") &&
                                                (g_str_equal (it->id, "hexside") || strstr (it->rule, "Brandywine 5.2") != NULL)))
        total += it->value;
    }
  return total;
}

/* Brandywine 5.2.7: "If Pinned units choose to conduct Close Combat across
 * non-ford Brandywine Creek hexsides, and if all the enemy units are marked
 * as pinned, there is no Close Combat modifier for attacking across a
 * non-ford Brandywine Creek hexside." */
static void
test_creek_pinned (void)
{
  g_autoptr(RdtScenario) s = load ("brandywine.redoubt");
  RdtHex d, a, a2, both[2];

  g_assert_true (creek_position (s, &d, &a, &a2));
  both[0] = a;
  both[1] = a2;
  place (s, "kings-own", a);
  place (s, "28th-foot", a2);
  place (s, "1-maryland", d);
  place (s, "2-maryland", d);
  {
    g_autoptr(RdtCloseCombat) some = combat (s, both, 2, d);
    g_autoptr(RdtCloseCombat) all = combat (s, &a, 1, d);

    g_assert_cmpint (total_of (some, "creek"), ==, -1);
    g_assert_cmpint (total_of (all, "creek"), ==, -2);
  }
  /* One defender not pinned: the modifiers stand. */
  pin (s, "kings-own");
  pin (s, "28th-foot");
  pin (s, "1-maryland");
  {
    g_autoptr(RdtCloseCombat) all = combat (s, &a, 1, d);

    g_assert_cmpint (total_of (all, "creek"), ==, -2);
  }
  /* Every enemy unit pinned: no creek modifier, 5.2.4 or 5.2.5. */
  pin (s, "2-maryland");
  {
    g_autoptr(RdtCloseCombat) some = combat (s, both, 2, d);
    g_autoptr(RdtCloseCombat) all = combat (s, &a, 1, d);

    g_assert_cmpint (total_of (some, "creek"), ==, 0);
    g_assert_cmpint (total_of (all, "creek"), ==, 0);
    g_assert_nonnull (find_item (rdt_close_combat_get_drms (all), "cc-drm:Pinned, all enemy units pinned: no 5.2.5 creek modifier"));
  }
}

static gboolean
plain_side (RdtScenario *s,
            RdtHex       a,
            RdtHex       b)
{
  RdtHexside hs;

  const RdtHexsideFeatures *f;

  if (!rdt_hex_grid_hexside (rdt_scenario_get_grid (s), a, b, &hs, NULL))
    return FALSE;
  f = rdt_scenario_get_hexside (s, hs);
  return f == NULL || (f->water == RDT_NO_TYPE && f->slope == RDT_NO_TYPE && f->fieldwork == RDT_NO_TYPE && f->other == RDT_NO_TYPE);
}

/* Brandywine 5.3: "Leaders which are adjacent to combat units but separated
 * from them by a non-ford Brandywine Creek hexside do not count as being
 * adjacent for allowing the use of Tactics Cards. An empty hex which is
 * adjacent to both players' units but separated from either unit by a
 * non-ford Brandywine Creek hexside does not count to allow the use of Turn
 * Flank or Refuse Flank Tactics Cards." (the volume's tactics-barriers) */
static void
test_creek_tactics (void)
{
  g_autoptr(RdtScenario) s = load ("brandywine.redoubt");
  RdtHexGrid *grid = rdt_scenario_get_grid (s);
  int creek = rdt_volume_find_hexside_type (rdt_scenario_get_volume (s), "brandywine-creek");
  g_autoptr(GArray) sides = rdt_scenario_dup_hexsides (s);
  RdtHex x = { 0 }, q = { 0 }, z = { 0 }, n2 = { 0 }, plain = { 0 };
  gboolean found = FALSE;
  const char *reason = NULL;

  /* x|q a creek hexside; z adjacent to x (plain hexside) and to q; n2
   * the other common neighbour of x and z; plain a neighbour of x across a
   * plain hexside, not adjacent to z. */
  for (guint i = 0; i < sides->len && !found; i++)
    {
      const RdtHexsideFeatures *f = &g_array_index (sides, RdtHexsideFeatures, i);

      if (f->water != creek)
        continue;
      x = f->side.a;
      q = f->side.b;
      for (int d = 0; d < 6 && !found; d++)
        {
          z = nb (s, x, d);
          const RdtTerrainType *qt = rdt_scenario_get_terrain_type (s, q);

          if (!on_grid (s, z) || !rdt_hex_grid_are_adjacent (grid, z, q) || !plain_side (s, x, z) ||
              qt == NULL || (qt->effects.prohibited & RDT_UNIT_KIND_MASK (RDT_UNIT_KIND_INFANTRY)))
            continue;
          for (int e = 0; e < 6; e++)
            {
              RdtHex h = nb (s, x, e);

              if (on_grid (s, h) && !rdt_hex_grid_are_adjacent (grid, h, q) && rdt_hex_grid_are_adjacent (grid, h, z) &&
                  !(h.col == q.col && h.row == q.row))
                n2 = h;
            }
          for (int e = 0; e < 6 && !found; e++)
            {
              RdtHex h = nb (s, x, e);

              if (on_grid (s, h) && plain_side (s, x, h) && !rdt_hex_grid_are_adjacent (grid, h, z) &&
                  !(h.col == z.col && h.row == z.row))
                plain = h, found = on_grid (s, n2);
            }
        }
    }
  g_assert_true (found);
  /* The British attack z from x; their leader Grey across the creek in q. */
  place (s, "kings-own", x);
  place (s, "grey", q);
  place (s, "1-maryland", z);
  place (s, "2-maryland", n2);    /* n2 occupied: q is the only flank hex */
  {
    g_autoptr(RdtCloseCombat) cc = combat (s, &x, 1, z);

    g_assert_cmpint (rdt_close_combat_tactic_eligible (cc, RDT_CC_ATTACKER, RDT_TACTIC_FRONTAL_ASSAULT, &reason), ==, RDT_RULE_OFF);
    g_assert_nonnull (strstr (reason, "12.53"));
  }
  /* Grey on the same bank: a leader, but the only empty hex adjacent to
   * both, q, is across the creek from the attackers: no open flank. */
  place (s, "grey", plain);
  {
    g_autoptr(RdtCloseCombat) cc = combat (s, &x, 1, z);

    g_assert_cmpint (rdt_close_combat_tactic_eligible (cc, RDT_CC_ATTACKER, RDT_TACTIC_FRONTAL_ASSAULT, NULL), ==, RDT_RULE_ON);
    g_assert_cmpint (rdt_close_combat_tactic_eligible (cc, RDT_CC_ATTACKER, RDT_TACTIC_TURN_FLANK, &reason), ==, RDT_RULE_OFF);
    g_assert_nonnull (strstr (reason, "open flank"));
  }
  /* n2 emptied: an open flank on the attackers' bank. */
  {
    RdtPlacement off = { .kind = RDT_PLACEMENT_UNUSED };
    g_autoptr(RdtCloseCombat) cc = NULL;

    g_assert_true (rdt_scenario_move_unit (s, "2-maryland", &off, NULL, NULL));
    cc = combat (s, &x, 1, z);
    if (is_clear (s, n2) && plain_side (s, x, n2) && plain_side (s, z, n2))
      g_assert_cmpint (rdt_close_combat_tactic_eligible (cc, RDT_CC_ATTACKER, RDT_TACTIC_TURN_FLANK, NULL), ==, RDT_RULE_ON);
  }
}

/* Germantown 3.7 Wayne's Fury (the volume's row: Wayne stacked with an
 * attacking lead unit of his formation, British light infantry defending). */
static void
test_waynes_fury (void)
{
  g_autoptr(RdtScenario) s = load ("germantown.redoubt");
  RdtHex d = open_hex (s), a = nb (s, d, 0);

  place (s, "7th-pennsylvania", a);
  place (s, "wayne", a);
  place (s, "2nd-light-infantry", d);
  {
    g_autoptr(RdtCloseCombat) cc = combat_turn (s, a, d, "7th-pennsylvania", 5);
    const RdtCcItem *it = find_item (rdt_close_combat_get_drms (cc), "cc-drm:Wayne\u2019s Fury");

    g_assert_nonnull (it);
    g_assert_cmpint (it->value, ==, 1);
    g_assert_cmpstr (it->rule, ==, "Germantown 3.7");
  }
  /* Wayne elsewhere: no fury. */
  place (s, "wayne", nb (s, a, 0));
  {
    g_autoptr(RdtCloseCombat) cc = combat_turn (s, a, d, "7th-pennsylvania", 5);

    g_assert_null (find_item (rdt_close_combat_get_drms (cc), "cc-drm:Wayne\u2019s Fury"));
  }
}

/* Germantown 3.1.1 (Dense Fog, turns 1-3 and a Dense roll on 4-6):
 * artillery range 1; 3.1.2 (Moderate Fog): range 2 (the volume's
 * artillery-range restrictions, read by the fire analysis through the LOS
 * engine). */
static void
test_fog_artillery_range (void)
{
  g_autoptr(RdtScenario) s = load ("germantown.redoubt");
  RdtHex g = open_hex (s), t2 = nb (s, nb (s, g, 0), 0);
  const char *firer[] = { "3rd-brigade-artillery", NULL };
  static const struct { int turn; const char *weather; RdtFireVerdict verdict; const char *rule; } cases[] = {
    { 2, NULL, RDT_FIRE_REFUSED, "Germantown 3.1.1" },
    { 5, "moderate-fog", RDT_FIRE_LEGAL, NULL },
    { 5, "dense-fog", RDT_FIRE_REFUSED, "Germantown 3.1.1" },
    { 5, NULL, RDT_FIRE_UNDECIDED, "Germantown 3.1.1" },
    { 8, NULL, RDT_FIRE_LEGAL, NULL },
  };

  g_assert_true (g_str_equal (rdt_scenario_find_unit (s, firer[0])->nationality, "british") ||
                 rdt_scenario_find_side (s, "british") == rdt_scenario_find_unit (s, firer[0])->side);
  place (s, firer[0], g);
  place (s, "1st-maryland", t2);
  for (gsize k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      RdtGameContext ctx;
      RdtFireFacts facts;
      g_autoptr(GError) error = NULL;
      g_autoptr(RdtFire) fire = NULL;
      RdtFireVerdict v;

      rdt_game_context_init (&ctx);
      ctx.turn = cases[k].turn;
      ctx.weather = cases[k].weather;
      rdt_fire_facts_init (&facts);
      facts.context = &ctx;
      fire = rdt_fire_analyse (s, RDT_FIRE_ARTILLERY, firer, "1st-maryland", &facts, &error);
      g_assert_no_error (error);
      v = rdt_fire_get_verdict (fire);
      /* A legal fire may still wait for the provisional tables' values. */
      if (cases[k].verdict == RDT_FIRE_LEGAL)
        g_assert_cmpint (v, !=, RDT_FIRE_REFUSED);
      else
        g_assert_cmpint (v, ==, cases[k].verdict);
      if (cases[k].rule != NULL)
        {
          g_assert_nonnull (rdt_fire_get_reason (fire));
          g_assert_nonnull (strstr (rdt_fire_get_reason (fire)->rule, cases[k].rule));
        }
      if (v != RDT_FIRE_REFUSED)
        g_assert_cmpint (rdt_fire_get_range (fire), ==, 2);
    }
}

/* ---------- in a game: Retreat results as volume data ---------- */

static void
ok (RdtGame    *game,
    const char *action)
{
  g_autoptr(GError) error = NULL;

  if (!rdt_game_perform (game, action, &error))
    g_error ("“%s”: %s", action, error->message);
}

static gboolean
log_has (RdtGame    *game,
         const char *rule,
         const char *text)
{
  for (guint i = 0; i < rdt_game_get_n_messages (game); i++)
    {
      const RdtGameMessage *m = rdt_game_get_message (game, i);

      if ((rule == NULL || strstr (m->rule, rule) != NULL) && strstr (m->text, text) != NULL)
        return TRUE;
    }
  return FALSE;
}

static void
place_morale (RdtScenario *s,
              const char  *id,
              RdtHex       hex,
              int          strength,
              int          morale)
{
  g_autoptr(RdtUnit) u = rdt_unit_copy (rdt_scenario_find_unit (s, id));

  g_assert_nonnull (u);
  u->placement.kind = RDT_PLACEMENT_HEX;
  u->placement.hex = hex;
  u->status = RDT_UNIT_STATUS_PARADE;
  u->step = 0;
  g_array_index (u->steps, RdtUnitStep, 0).strength = strength;
  g_array_index (u->steps, RdtUnitStep, 0).morale = morale;
  g_assert_true (rdt_scenario_replace_unit (s, id, u, NULL, NULL));
}

typedef struct {
  const char *scenario;
  const char *hex;            /* the defending hex (Meeting House, Chew House) */
  const char *def[2];         /* British: the lead unit, another unit */
  const char *att[2];         /* American */
  int lead_morale;
  int att_strength;           /* each attacking unit's SPs */
  int def_strength;           /* each defending unit's */
} ResultCase;

/* A game in which the Americans attack @c->hex (the British in it): advanced
 * to an American Close Combat phase.  Returns the die (0-9) for which the
 * Close Combat Table reads a result @want for the defender and none for the
 * attacker ("-/R"), or the cell @want when it holds a "/" ("AC/-"), with
 * tactics skirmish/skirmish, or -1. */
static RdtGame *
result_game (const ResultCase *c,
             RdtScenario     **out_scenario,
             char             *att_label,
             const char       *want,
             int              *out_die)
{
  RdtScenario *s = load (c->scenario);
  RdtHexGrid *grid = rdt_scenario_get_grid (s);
  RdtHex d, a = { 0 };
  g_autoptr(GError) error = NULL;
  RdtGame *game;
  int american;

  g_assert_true (rdt_hex_grid_parse_label (grid, c->hex, &d, NULL));
  /* An attacking hex across no hexside feature. */
  {
    g_autoptr(GArray) sides = rdt_scenario_dup_hexsides (s);
    int dir;

    for (dir = 0; dir < 6; dir++)
      {
        RdtHexside side;
        const RdtHexsideFeatures *f;

        a = nb (s, d, dir);
        if (!on_grid (s, a) || !rdt_hex_grid_hexside (grid, a, d, &side, NULL))
          continue;
        f = rdt_scenario_get_hexside (s, side);
        if (f == NULL || (f->water == RDT_NO_TYPE && f->slope == RDT_NO_TYPE && f->fieldwork == RDT_NO_TYPE &&
                          f->other == RDT_NO_TYPE))
          break;
      }
    g_assert_cmpint (dir, <, 6);
  }
  place_morale (s, c->def[0], d, c->def_strength, c->lead_morale);
  place_morale (s, c->def[1], d, c->def_strength, 0);
  place_morale (s, c->att[0], a, c->att_strength, 1);
  place_morale (s, c->att[1], a, c->att_strength, 1);
  rdt_hex_grid_format_label (grid, a, att_label);
  game = rdt_game_new (s, 7, &error);
  g_assert_no_error (error);
  ok (game, "deploy-all");
  american = rdt_game_get_side_player (game, (guint) rdt_scenario_find_side (s, "american"));
  /* Brandywine 5.2.6: the Americans attack outside the Bivouac Area once
   * released: turn 6 (3.6.1.1).  The Close Combats owed on the way are
   * announced unmade (12.21). */
  for (int i = 0; i < 200; i++)
    {
      g_autoptr(GError) local = NULL;

      if (rdt_game_get_turn (game) >= 6 && rdt_game_get_phase (game) == RDT_PHASE_CLOSE_COMBAT &&
          rdt_game_get_phasing_player (game) == american)
        break;
      if (!rdt_game_perform (game, "next-phase", &local))
        ok (game, rdt_game_get_phase (game) == RDT_PHASE_CLOSE_COMBAT ? "announce anyway"
                  : rdt_game_get_phase (game) == RDT_PHASE_INITIATIVE ? "initiative" : "next-phase");
    }

  g_assert_cmpint (rdt_game_get_phase (game), ==, RDT_PHASE_CLOSE_COMBAT);
  g_assert_cmpint (rdt_game_get_phasing_player (game), ==, american);
  /* The die for the wanted result, from the rules layer on the game's
   * positions (the DRMs depend on the army morale levels). */
  {
    RdtCloseCombatInput in;
    RdtGameContext ctx;
    int mods[4] = { 0, 0, 0, 0 };
    g_autoptr(RdtCloseCombat) cc = NULL;
    int tactics = 0;
    gboolean nc = FALSE;

    for (guint i = 0; i < rdt_scenario_get_n_sides (s) && i < 4; i++)
      mods[i] = rdt_game_get_morale_level (game, i)->morale_modifier;
    rdt_game_context_init (&ctx);
    ctx.turn = rdt_game_get_turn (game);
    rdt_close_combat_input_init (&in);
    in.context = &ctx;
    in.attackers = &a;
    in.n_attackers = 1;
    in.defender = d;
    in.lead[0] = c->att[0];
    in.lead[1] = c->def[0];
    in.morale_modifier = mods;
    in.n_sides = rdt_scenario_get_n_sides (s);
    cc = rdt_close_combat_new (rdt_game_get_position (game), &in, &error);
    g_assert_no_error (error);
    g_assert_true (rdt_close_combat_is_legal (cc));
    g_assert_false (rdt_close_combat_is_undecided (cc));
    g_assert_true (rdt_close_combat_tactics_drm (cc, RDT_TACTIC_SKIRMISH, RDT_TACTIC_SKIRMISH, &tactics, &nc, NULL, &error));
    *out_die = -1;
    for (int die = 0; die <= 9 && *out_die < 0; die++)
      {
        const char *r = rdt_close_combat_lookup (cc, die + rdt_close_combat_get_drm_total (cc) + tactics, NULL);

        if (r == NULL)
          continue;
        if (strchr (want, '/') != NULL ? g_str_equal (r, want)
            : (g_str_has_prefix (r, "-/") || g_str_has_prefix (r, "\xe2\x80\x93/")) && g_str_equal (strchr (r, '/') + 1, want))
          *out_die = die;
      }
  }
  *out_scenario = s;
  return game;
}

static void
resolve (RdtGame          *game,
         const ResultCase *c,
         const char       *att,
         int               die,
         int               second_die)
{
  g_autofree char *roll = g_strdup_printf ("roll %d", die);
  /* "accept": no momentum re-roll after the die (12.23 step 6). */
  g_autofree char *action = g_strdup_printf ("close-combat %s %s lead %s lead %s tactics skirmish skirmish accept",
                                             att, c->hex, c->att[0], c->def[0]);

  ok (game, roll);
  if (second_die >= 0)
    {
      g_autofree char *second = g_strdup_printf ("roll %d", second_die);
      ok (game, second);
    }
  ok (game, action);
}

/* Brandywine 3.9: "If the Close Combat result against a lead unit in the
 * Meeting House hex is a "Retreat," the unit does NOT automatically retreat.
 * Instead, the lead unit takes a morale check, adding +1 for taking a morale
 * check in the Meeting House. If it passes, it does not retreat and the other
 * units in its hex do not check morale." */
static void
test_meeting_house_retreat (void)
{
  const ResultCase c = { "brandywine.redoubt", "1910", { "kings-own", "28th-foot" }, { "1-maryland", "2-maryland" }, 1, 2, 2 };

  /* Passed (die 9): no retreat, 28th-foot does not check. */
  {
    g_autoptr(RdtScenario) s = NULL;
    char att[RDT_HEX_LABEL_SIZE];
    int die;
    g_autoptr(RdtGame) game = result_game (&c, &s, att, "R", &die);

    g_assert_cmpint (die, >=, 0);
    resolve (game, &c, att, die, 9);
    g_assert_true (log_has (game, "Brandywine 3.9", "does not retreat automatically"));
    g_assert_true (log_has (game, "Brandywine 3.9", "passes, no retreat"));
    g_assert_true (log_has (game, NULL, "28th-foot need not check morale"));
    g_assert_cmpuint (rdt_game_get_n_owed_retreats (game), ==, 0);
  }
  /* Failed (die 0, morale 1 + 1 < 5 at any army level): it retreats and the
   * other unit checks morale (13.1). */
  {
    g_autoptr(RdtScenario) s = NULL;
    char att[RDT_HEX_LABEL_SIZE];
    int die;
    g_autoptr(RdtGame) game = result_game (&c, &s, att, "R", &die);

    resolve (game, &c, att, die, 0);
    g_assert_true (log_has (game, "Brandywine 3.9", "fails, it retreats"));
    g_assert_false (log_has (game, NULL, "need not check morale"));
    g_assert_true (log_has (game, "13.5", "Morale check 28th-foot"));
    g_assert_cmpuint (rdt_game_get_n_owed_retreats (game), >=, 1);
  }
}

/* Germantown 3.10.4: "Units in the hex may ignore "Retreat" results from
 * fire or close combat. In this case, other units normally required to make
 * morale checks may ignore them."  3.10.2: "Units in the hex receive +1 DRM
 * to morale check die rolls." */
static void
test_chew_house_retreat (void)
{
  const ResultCase c = { "germantown.redoubt", "3313", { "40th-foot", "17th-foot" }, { "1st-maryland", "3rd-maryland" }, 1, 3, 1 };

  {
    g_autoptr(RdtScenario) s = NULL;
    char att[RDT_HEX_LABEL_SIZE];
    int die;
    g_autoptr(RdtGame) game = result_game (&c, &s, att, "R", &die);

    g_assert_cmpint (die, >=, 0);
    resolve (game, &c, att, die, -1);
    g_assert_true (log_has (game, "Germantown 3.10.4", "ignores the Retreat result"));
    g_assert_true (log_has (game, NULL, "17th-foot need not check morale"));
    g_assert_cmpuint (rdt_game_get_n_owed_retreats (game), ==, 0);
  }
  /* A "D" on the lead: the other unit checks morale with +1 (3.10.2). */
  {
    g_autoptr(RdtScenario) s = NULL;
    char att[RDT_HEX_LABEL_SIZE];
    int die;
    g_autoptr(RdtGame) game = result_game (&c, &s, att, "D", &die);

    if (die < 0)
      {
        g_clear_object (&game);
        g_clear_object (&s);
        game = result_game (&c, &s, att, "1", &die);
      }
    g_assert_cmpint (die, >=, 0);
    resolve (game, &c, att, die, -1);
    g_assert_true (log_has (game, "Germantown 3.10.2", "17th-foot takes its morale check in chew-house: +1"));
  }
}

/* Germantown 3.10.4 for fire ("Units in the hex may ignore "Retreat"
 * results from fire or close combat"); Brandywine 3.9 is only about Close
 * Combat results: a fire's R in the Meeting House is a retreat. */
static void
test_fire_retreat_exceptions (void)
{
  static const struct { const char *scenario, *hex, *unit; gboolean retreats; const char *rule; } cases[] = {
    { "germantown.redoubt", "3313", "40th-foot", FALSE, "Germantown 3.10.4" },
    { "brandywine.redoubt", "1910", "kings-own", TRUE, NULL },
  };

  for (gsize k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      g_autoptr(RdtScenario) s = load (cases[k].scenario);
      g_autoptr(RdtGame) game = NULL;
      g_autoptr(GError) error = NULL;
      RdtCombatResult r;
      RdtHex h;

      g_assert_true (rdt_hex_grid_parse_label (rdt_scenario_get_grid (s), cases[k].hex, &h, NULL));
      place (s, cases[k].unit, h);
      game = rdt_game_new (s, 3, &error);
      g_assert_no_error (error);
      ok (game, "deploy-all");
      g_assert_true (rdt_combat_result_parse ("R", &r));
      _rdt_game_apply_result (game, (guint) rdt_game_find_unit (game, cases[k].unit), &r, "11.3");
      g_assert_cmpuint (rdt_game_get_n_owed_retreats (game), ==, cases[k].retreats ? 1 : 0);
      if (cases[k].rule != NULL)
        g_assert_true (log_has (game, cases[k].rule, "ignores the Retreat result"));
    }
}

/* Germantown 3.10.4: "Units in the hex MAY ignore Retreat results from
 * fire": an option of the owner, who may decline it for a fire's Retreat
 * too.  Rifle fire results wait for "resolve-fire" (10.4), where
 * "take-retreat UNIT" declines; without it the unit ignores the Retreat. */
static void
test_fire_retreat_declined (void)
{
  for (int decline = 0; decline < 2; decline++)
    {
      g_autoptr(RdtScenario) s = load ("germantown.redoubt");
      g_autoptr(RdtGame) game = NULL;
      g_autoptr(GError) error = NULL;
      RdtGamePendingFire p = { 0, 0, "R" };
      RdtHex h;
      int unit;

      g_assert_true (rdt_hex_grid_parse_label (rdt_scenario_get_grid (s), "3313", &h, NULL));
      place (s, "40th-foot", h);
      game = rdt_game_new (s, 3, &error);
      g_assert_no_error (error);
      ok (game, "deploy-all");
      for (int i = 0; i < 20 && rdt_game_get_phase (game) != RDT_PHASE_RIFLE_FIRE; i++)
        {
          g_autoptr(GError) local = NULL;

          if (!rdt_game_perform (game, "next-phase", &local))
            ok (game, "initiative");
        }
      g_assert_cmpint (rdt_game_get_phase (game), ==, RDT_PHASE_RIFLE_FIRE);
      unit = rdt_game_find_unit (game, "40th-foot");
      g_assert_cmpint (unit, >=, 0);
      /* A rifle fire's "R" on the unit, waiting for 10.4. */
      p.unit = (guint) unit;
      g_array_append_val (game->state->pending_fire, p);
      /* An unknown unit is refused, and nothing is applied. */
      g_assert_false (rdt_game_perform (game, "resolve-fire take-retreat nobody", &error));
      g_assert_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_UNKNOWN);
      g_clear_error (&error);
      g_assert_cmpuint (rdt_game_get_n_pending_fire (game), ==, 1);
      ok (game, decline ? "resolve-fire take-retreat 40th-foot" : "resolve-fire");
      if (decline)
        {
          g_assert_cmpstr (rdt_game_get_action (game, rdt_game_get_n_actions (game) - 1), ==,
                           "resolve-fire take-retreat 40th-foot");
          g_assert_cmpuint (rdt_game_get_n_owed_retreats (game), ==, 1);
          g_assert_true (log_has (game, "Germantown 3.10.4", "owner declines the option to ignore it"));
        }
      else
        {
          g_assert_cmpuint (rdt_game_get_n_owed_retreats (game), ==, 0);
          g_assert_true (log_has (game, "Germantown 3.10.4", "ignores the Retreat result"));
        }
      /* Artillery fire's result is applied at once: "take-retreat" belongs
       * to "fire" there, and a rifle fire refuses it (10.4). */
      g_assert_false (rdt_game_perform (game, "fire 40th-foot 3413 take-retreat", &error));
      g_assert_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_SYNTAX);
      g_assert_nonnull (strstr (error->message, "Germantown 3.10.4"));
    }
}

/* 13.1 AC: "One participating combat unit of the Attacker's choice on the
 * affected side is captured ... The other friendly units in the close
 * combat ... must make a morale check": "ac UNIT" names it. */
static void
test_attacker_captured (void)
{
  /* The Chew House's -2 (3.10.4) brings the roll to the table's top rows. */
  const ResultCase c = { "germantown.redoubt", "3313", { "40th-foot", "17th-foot" }, { "1st-maryland", "3rd-maryland" }, 1, 1, 3 };
  g_autoptr(RdtScenario) s = NULL;
  char att[RDT_HEX_LABEL_SIZE];
  int die;
  g_autoptr(RdtGame) game = result_game (&c, &s, att, "AC/-", &die);
  g_autofree char *roll = NULL;
  g_autofree char *action = NULL;

  g_assert_cmpint (die, >=, 0);
  roll = g_strdup_printf ("roll %d", die);
  action = g_strdup_printf ("close-combat %s %s lead %s lead %s tactics skirmish skirmish accept ac 3rd-maryland",
                            att, c.hex, c.att[0], c.def[0]);
  ok (game, roll);
  ok (game, action);
  g_assert_true (log_has (game, "13.1", "3rd-maryland is captured (the Attacker's choice)"));
  g_assert_cmpint (rdt_game_get_unit (game, (guint) rdt_game_find_unit (game, "3rd-maryland"))->where, ==,
                   RDT_GAME_UNIT_CAPTURED);
  g_assert_cmpint (rdt_game_get_unit (game, (guint) rdt_game_find_unit (game, "1st-maryland"))->where, !=,
                   RDT_GAME_UNIT_CAPTURED);
  /* The lead unit, not taken, checks morale (13.1, 13.5). */
  g_assert_true (log_has (game, "13.5", "Morale check 1st-maryland"));
  /* 12.63: "The Defender gains one Momentum Chit ... whenever the final
   * modified Close Combat die roll is less than or equal to -1" (AC/- is
   * read at -2 and below). */
  g_assert_true (log_has (game, "12.63", "british gains a Momentum Chit (modified roll -1 or less)"));
}

/* Germantown 3.10.4: "Units in the hex MAY ignore "Retreat" results": the
 * owner may decline the option ("take-retreat UNIT"): the unit retreats,
 * and the other units of the hex check morale as usual (13.1). */
static void
test_chew_house_retreat_declined (void)
{
  const ResultCase c = { "germantown.redoubt", "3313", { "40th-foot", "17th-foot" }, { "1st-maryland", "3rd-maryland" }, 1, 3, 1 };
  g_autoptr(RdtScenario) s = NULL;
  char att[RDT_HEX_LABEL_SIZE];
  int die;
  g_autoptr(RdtGame) game = result_game (&c, &s, att, "R", &die);
  g_autofree char *roll = NULL;
  g_autofree char *action = NULL;

  g_assert_cmpint (die, >=, 0);
  roll = g_strdup_printf ("roll %d", die);
  action = g_strdup_printf ("close-combat %s %s lead %s lead %s tactics skirmish skirmish accept take-retreat %s",
                            att, c.hex, c.att[0], c.def[0], c.def[0]);
  ok (game, roll);
  ok (game, "roll 9");
  ok (game, action);
  g_assert_true (log_has (game, "Germantown 3.10.4", "takes the Retreat result (the owner declines"));
  g_assert_false (log_has (game, "Germantown 3.10.4", "ignores the Retreat result"));
  g_assert_false (log_has (game, NULL, "17th-foot need not check morale"));
  g_assert_true (log_has (game, NULL, "Morale check 17th-foot"));
  g_assert_cmpuint (rdt_game_get_n_owed_retreats (game), >=, 1);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/close-combat/savannah-4.1/french-american-stack-attacked-plus-1", test_savannah_stack_attacked);
  g_test_add_func ("/close-combat/savannah-4.1/french-american-stack-forced-to-attack-minus-2", test_savannah_stack_forced);
  g_test_add_func ("/close-combat/savannah-4.1/french-regulars-with-colonial-militia-attacking-minus-1", test_savannah_regulars_militia);
  g_test_add_func ("/close-combat/savannah-4.13/french-and-americans-never-from-two-hexes", test_savannah_no_combining);
  g_test_add_func ("/close-combat/germantown-3.10.4/chew-house-no-turn-flank-or-attack-en-echelon", test_chew_house_tactics);
  g_test_add_func ("/close-combat/savannah-4.15/british-tactical-doctrine-no-turn-flank", test_british_tactical_doctrine);
  g_test_add_func ("/close-combat/12.53/withdraw-needs-a-clear-retreat-path", test_withdraw_retreat_path);
  g_test_add_func ("/close-combat/12.4-12.41/indian-withdrawal-in-woods", test_indian_withdrawal);
  g_test_add_func ("/close-combat/12.23-step3/militia-and-white-r-rifle-rows", test_militia_and_rifles);
  g_test_add_func ("/close-combat/savannah-4.17/charlestown-militia-negates-the-militia-drm", test_charlestown_militia);
  g_test_add_func ("/close-combat/savannah-4.16/irish-ferocity", test_irish_ferocity);
  g_test_add_func ("/close-combat/savannah-4.14/incomplete-british-defenses", test_incomplete_defenses);
  g_test_add_func ("/close-combat/germantown-3.7/waynes-fury", test_waynes_fury);
  g_test_add_func ("/close-combat/brandywine-5.2.7/all-pinned-no-creek-modifier", test_creek_pinned);
  g_test_add_func ("/close-combat/brandywine-5.3/creek-separates-leaders-and-open-flanks", test_creek_tactics);
  g_test_add_func ("/close-combat/12.23-step3/up-slope-not-down", test_up_slope);
  g_test_add_func ("/close-combat/3.1-8.2/current-edition-surrounded-provisional", test_surrounded_current);
  g_test_add_func ("/fire/germantown-3.1.1-3.1.2/fog-artillery-range", test_fog_artillery_range);
  g_test_add_func ("/close-combat/format/stack-terrain-area-conditions", test_vocabulary);
  g_test_add_func ("/close-combat/format/validator-names-a-bad-tactics-row", test_validate_tactics_table);
  g_test_add_func ("/close-combat/game/brandywine-3.9/meeting-house-retreat-becomes-a-morale-check", test_meeting_house_retreat);
  g_test_add_func ("/close-combat/game/germantown-3.10.4-3.10.2/chew-house-ignores-retreat-plus-1-morale", test_chew_house_retreat);
  g_test_add_func ("/close-combat/game/germantown-3.10.4/chew-house-may-decline-ignoring-retreat", test_chew_house_retreat_declined);
  g_test_add_func ("/close-combat/game/13.1-ac-12.63/attackers-choice-captured-defender-gains-momentum", test_attacker_captured);
  g_test_add_func ("/fire/game/germantown-3.10.4/chew-house-ignores-fire-retreat", test_fire_retreat_exceptions);
  g_test_add_func ("/fire/game/germantown-3.10.4/owner-may-decline-ignoring-a-fire-retreat", test_fire_retreat_declined);
  return g_test_run ();
}
