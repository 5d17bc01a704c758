/* movement-fixture.h: small scenarios built in code for test-movement and
 * test-retreat.  Costs are in half MPs, as the volume stores them. */
#pragma once

#include <string.h>

#include "redoubt-core.h"
#include "rdt-movement.h"
#include "rdt-scenario.h"
#include "rdt-scenario-io.h"

static inline void
fx_add_terrain (RdtVolume  *volume,
                const char *id,
                int         mp_halves,
                guint       prohibited,
                gboolean    zoc)
{
  RdtTerrainType *t = rdt_terrain_type_new (id, id);

  t->effects.mp_halves = mp_halves;
  t->effects.prohibited = prohibited;
  t->effects.zoc = zoc;
  g_assert_cmpint (rdt_volume_add_terrain (volume, t, NULL), >=, 0);
}

static inline void
fx_add_side_type (RdtVolume      *volume,
                  const char     *id,
                  RdtHexsideKind  kind,
                  int             mp_halves,
                  guint           prohibited,
                  gboolean        strategic)
{
  RdtHexsideType *t = rdt_hexside_type_new (id, id, kind);

  t->effects.mp_halves = mp_halves;
  t->effects.prohibited = prohibited;
  t->effects.strategic = strategic;
  g_assert_cmpint (rdt_volume_add_hexside_type (volume, t, NULL), >=, 0);
}

static inline void
fx_add_combined (RdtVolume         *volume,
                 const char        *id,
                 const char        *slope,
                 const char        *with,
                 RdtSlopeDirection  direction,
                 int                mp_halves)
{
  RdtCombinedType *c = g_new0 (RdtCombinedType, 1);

  c->id = g_strdup (id);
  c->name = g_strdup (id);
  c->slope_type = rdt_volume_find_hexside_type (volume, slope);
  c->other_type = rdt_volume_find_hexside_type (volume, with);
  c->direction = direction;
  c->effects.mp_halves = mp_halves;
  c->effects.zoc = TRUE;
  g_assert_cmpint (rdt_volume_add_combined (volume, c, NULL), >=, 0);
}

/* The test volume.  Values the rules state are marked with their rule; the
 * rest are test values, not data. */
static inline RdtVolume *
fx_volume (void)
{
  RdtVolume *v = rdt_volume_new ("movement-test");

  fx_add_terrain (v, "clear", 2, 0, TRUE);                   /* Germantown 3.2.1: 1 MP */
  fx_add_terrain (v, "heavy-woods", 3, 0, FALSE);            /* Germantown 3.2.1: 1½ MP; 8.1 */
  fx_add_terrain (v, "marsh", 4, RDT_UNIT_KIND_MASK (RDT_UNIT_KIND_ARTILLERY), TRUE);
  fx_add_terrain (v, "swamp", 6, 0, TRUE);                   /* Savannah 4.19 stand-in */
  fx_add_terrain (v, "cliff", 2, RDT_UNIT_KIND_ALL_MASK, TRUE);
  fx_add_side_type (v, "creek", RDT_HEXSIDE_KIND_WATER, 2, 0, FALSE);       /* Germantown 3.2.1: +1 */
  fx_add_side_type (v, "primary-ford", RDT_HEXSIDE_KIND_WATER, 2, 0, FALSE); /* Brandywine 5.1 */
  fx_add_side_type (v, "secondary-ford", RDT_HEXSIDE_KIND_WATER, 4, 0, TRUE);/* Brandywine 5.1 */
  fx_add_side_type (v, "brandywine-creek", RDT_HEXSIDE_KIND_WATER, 0, 0, FALSE);
  fx_add_side_type (v, "wall", RDT_HEXSIDE_KIND_OTHER, 0,
                    RDT_UNIT_KIND_MASK (RDT_UNIT_KIND_ARTILLERY), FALSE);
  fx_add_side_type (v, "slope", RDT_HEXSIDE_KIND_SLOPE, 2, 0, FALSE);
  fx_add_side_type (v, "fieldwork", RDT_HEXSIDE_KIND_FIELDWORK, 2, 0, FALSE); /* Germantown 3.2.1: +1 */
  fx_add_side_type (v, "road", RDT_HEXSIDE_KIND_ROAD, 2, 0, TRUE);
  fx_add_side_type (v, "dungeon-bottom-path", RDT_HEXSIDE_KIND_ROAD, 2, 0, FALSE); /* Brandywine 3.5 */
  fx_add_combined (v, "up-slope-creek", "slope", "creek", RDT_SLOPE_UP, 6);
  fx_add_combined (v, "down-slope-creek", "slope", "creek", RDT_SLOPE_DOWN, 3);
  return v;
}

/* A Germantown-style grid (flat-top, odd columns low) of @cols x @rows. */
static inline RdtScenario *
fx_scenario_full (RdtVolume *volume,
                  int        first_col,
                  int        first_row,
                  int        cols,
                  int        rows)
{
  RdtGridSettings s = { cols, rows, first_col, first_row, RDT_GRID_FLAT_TOP, RDT_GRID_SHIFT_ODD };
  g_autoptr(GError) error = NULL;
  RdtScenario *sc = rdt_scenario_new (volume, &s, "clear", &error);

  g_assert_no_error (error);
  g_assert_cmpint (rdt_scenario_add_side (sc, "british", "British", -1, -1, NULL), ==, 0);
  g_assert_cmpint (rdt_scenario_add_side (sc, "american", "American", -1, -1, NULL), ==, 1);
  return sc;
}

static inline RdtScenario *
fx_scenario (void)
{
  g_autoptr(RdtVolume) v = fx_volume ();
  return fx_scenario_full (v, 1, 1, 10, 10);
}

static inline RdtHex
fx_hex (RdtScenario *sc,
        const char  *label)
{
  RdtHex hex;
  g_autoptr(GError) error = NULL;

  g_assert_true (rdt_hex_grid_parse_label (rdt_scenario_get_grid (sc), label, &hex, &error));
  g_assert_no_error (error);
  return hex;
}

static inline void
fx_terrain (RdtScenario *sc,
            const char  *label,
            const char  *terrain)
{
  int t = rdt_volume_find_terrain (rdt_scenario_get_volume (sc), terrain);

  g_assert_cmpint (t, >=, 0);
  g_assert_true (rdt_scenario_set_terrain (sc, fx_hex (sc, label), (guint) t, NULL, NULL));
}

/* Adds one feature to a hexside ("0304|0305").  @high is the slope's high hex
 * or the fieldwork's symbol hex. */
static inline void
fx_side (RdtScenario    *sc,
         const char     *a,
         const char     *b,
         RdtHexsideKind  kind,
         const char     *type,
         const char     *high)
{
  RdtHexsideFeatures f;
  const RdtHexsideFeatures *old;
  RdtHexside side;
  int t = rdt_volume_find_hexside_type (rdt_scenario_get_volume (sc), type);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (t, >=, 0);
  g_assert_true (rdt_hex_grid_hexside (rdt_scenario_get_grid (sc), fx_hex (sc, a), fx_hex (sc, b), &side, NULL));
  old = rdt_scenario_get_hexside (sc, side);
  if (old != NULL)
    f = *old;
  else
    rdt_hexside_features_init (&f, side);
  switch (kind)
    {
    case RDT_HEXSIDE_KIND_WATER: f.water = t; break;
    case RDT_HEXSIDE_KIND_SLOPE: f.slope = t; f.slope_high = fx_hex (sc, high); break;
    case RDT_HEXSIDE_KIND_FIELDWORK: f.fieldwork = t; f.fieldwork_symbol = fx_hex (sc, high); break;
    case RDT_HEXSIDE_KIND_ROAD: f.road = t; break;
    case RDT_HEXSIDE_KIND_OTHER: default: f.other = t; break;
    }
  g_assert_true (rdt_scenario_set_hexside (sc, &f, NULL, &error));
  g_assert_no_error (error);
}

/* A road along successive hexes. */
static inline void
fx_road (RdtScenario       *sc,
         const char        *type,
         const char *const *hexes)
{
  for (guint i = 0; hexes[i] != NULL && hexes[i + 1] != NULL; i++)
    fx_side (sc, hexes[i], hexes[i + 1], RDT_HEXSIDE_KIND_ROAD, type, NULL);
}

static inline RdtUnit *
fx_unit (RdtScenario *sc,
         const char  *id,
         int          side,
         RdtUnitKind  kind,
         int          movement,
         int          strength,
         const char  *label)
{
  RdtUnit *u = rdt_unit_new (id, id, side, kind);
  g_autoptr(GError) error = NULL;

  u->movement = movement;
  if (kind != RDT_UNIT_KIND_LEADER)
    rdt_unit_add_step (u, strength, -1, 3);
  if (label != NULL)
    {
      u->placement.kind = RDT_PLACEMENT_HEX;
      u->placement.hex = fx_hex (sc, label);
    }
  g_assert_true (rdt_scenario_add_unit (sc, u, -1, &error));
  g_assert_no_error (error);
  return rdt_scenario_find_unit (sc, id);
}

static inline RdtReach *
fx_reach (RdtScenario        *sc,
          const RdtMoveRules *rules,
          const char         *unit,
          gboolean            strategic)
{
  g_autoptr(RdtMovement) mv = rdt_movement_new (sc, rules);
  RdtMoveOptions opts;
  g_autoptr(GError) error = NULL;
  RdtReach *reach;

  rdt_move_options_init (&opts);
  opts.strategic = strategic;
  reach = rdt_movement_reach (mv, unit, &opts, &error);
  g_assert_no_error (error);
  g_assert_nonnull (reach);
  return reach;
}

/* Cost in halves of reaching @label, or -1 when it is not a legal end. */
static inline int
fx_cost (RdtReach    *reach,
         RdtScenario *sc,
         const char  *label)
{
  RdtReachHex e;

  if (!rdt_reach_lookup (reach, fx_hex (sc, label), &e))
    return -1;
  return e.cost_halves;
}

static inline guint
fx_flags (RdtReach    *reach,
          RdtScenario *sc,
          const char  *label)
{
  RdtReachHex e;

  g_assert_true (rdt_reach_lookup (reach, fx_hex (sc, label), &e));
  return e.flags;
}

static inline const char *
fx_why (RdtReach    *reach,
        RdtScenario *sc,
        const char  *label)
{
  return rdt_move_reason_get_id (rdt_reach_get_reason (reach, fx_hex (sc, label)));
}
