/* rdt-movement.c: reachable hexes of one unit (Series Rules 7, 8.3, 9). */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "rdt-movement-private.h"
#include "rdt-zoc.h"

G_DEFINE_QUARK (rdt-move-error-quark, rdt_move_error)

/* ---- Reasons ------------------------------------------------------------ */

typedef struct {
  const char *id;
  const char *rule;
  const char *message;
} ReasonInfo;

static const ReasonInfo reasons[RDT_MOVE_N_REASONS] = {
  [RDT_MOVE_REASON_NONE] = { "reachable", "9.2", N_("The unit may end its move here") },
  [RDT_MOVE_REASON_START] = { "start", "9.2", N_("The unit is already in this hex") },
  [RDT_MOVE_REASON_SHATTERED] = { "shattered", "13.4", N_("Shattered units may not move, not even one hex") },
  [RDT_MOVE_REASON_ENEMY_OCCUPIED] = { "enemy-occupied", "9.3", N_("Enemy-occupied hexes may never be entered") },
  [RDT_MOVE_REASON_PROHIBITED_TERRAIN] = { "prohibited-terrain", "9.3", N_("The terrain is prohibited to this unit type") },
  [RDT_MOVE_REASON_PROHIBITED_HEXSIDE] = { "prohibited-hexside", "9.3", N_("This unit type may not cross the hexside") },
  [RDT_MOVE_REASON_OVERSTACKED] = { "overstacked", "7.2", N_("A unit may never move through a hex in excess of stacking limits") },
  [RDT_MOVE_REASON_VOLUME_STACKING] = { "volume-stacking", "7.1", N_("The volume’s stacking restrictions forbid these units to stack here") },
  [RDT_MOVE_REASON_ALLOWANCE] = { "allowance", "9.2", N_("The hex costs more than the movement allowance") },
  [RDT_MOVE_REASON_ZOC] = { "zoc", "8.31", N_("Only reachable through an enemy ZOC, where movement must stop") },
  [RDT_MOVE_REASON_NO_MINIMUM_MOVE] = { "no-minimum-move", "9.2", N_("The unit must be able to pay the full cost: the one-hex minimum move does not apply here") },
  [RDT_MOVE_REASON_DISRUPTED_ONE_HEX] = { "disrupted-one-hex", "13.3", N_("Disrupted units may only move one hex") },
  [RDT_MOVE_REASON_DISRUPTED_ADJACENT] = { "disrupted-adjacent", "13.3", N_("Disrupted units may not move adjacent to an enemy unit") },
  [RDT_MOVE_REASON_DISRUPTED_MOVE_AWAY] = { "disrupted-move-away", "13.3", N_("A disrupted unit adjacent to enemy units must move away from as many of them as possible") },
  [RDT_MOVE_REASON_PINNED_ADJACENT] = { "pinned-adjacent", "9.3", N_("Pinned units may move only if they do not end adjacent to enemy units") },
  [RDT_MOVE_REASON_STRATEGIC_START] = { "strategic-start", "9.5", N_("Strategic movement may not begin adjacent to enemy units") },
  [RDT_MOVE_REASON_STRATEGIC_ADJACENT] = { "strategic-adjacent", "9.5", N_("Strategic movement may not move adjacent to enemy units") },
  [RDT_MOVE_REASON_STRATEGIC_OFF_ROAD] = { "strategic-off-road", "3.1", N_("Strategic movement must follow roads") },
  [RDT_MOVE_REASON_STRATEGIC_ROAD_TYPE] = { "strategic-road-type", "9.5", N_("This road, track or path may not be used for strategic movement") },
  [RDT_MOVE_REASON_STRATEGIC_HEXSIDE] = { "strategic-hexside", "9.5", N_("Strategic movement may not cross this hexside") },
  [RDT_MOVE_REASON_CREEK] = { "creek", "Brandywine 5.1", N_("A non-ford creek hexside may only be crossed from the hex where the unit began, with its whole allowance") },
  [RDT_MOVE_REASON_CREEK_UNIT] = { "creek-unit", "Brandywine 5.1", N_("Artillery and disrupted units may never cross a non-ford creek hexside") },
  [RDT_MOVE_REASON_CREEK_ZOC] = { "creek-zoc", "Brandywine 5.1", N_("A unit may not move from one ZOC directly into another across a non-ford creek hexside") },
  [RDT_MOVE_REASON_NOT_PLACED] = { "not-placed", "9.11", N_("The unit is not on the map") },
  [RDT_MOVE_REASON_OFF_MAP] = { "off-map", "9.2", N_("The hex is not on the map") },
  [RDT_MOVE_REASON_RESTRICTED] = { "restricted", "9.3", N_("The volume’s rules forbid this unit to move now") },
  [RDT_MOVE_REASON_RESTRICTED_ENTER] = { "restricted-enter", "9.3", N_("The volume’s rules forbid this unit to enter the hex") },
  [RDT_MOVE_REASON_RESTRICTED_END] = { "restricted-end", "9.3", N_("The volume’s rules let this unit pass through the hex but not end its move there") },
  [RDT_MOVE_REASON_RESTRICTED_STRATEGIC] = { "restricted-strategic", "9.5", N_("The volume’s rules forbid this unit strategic movement now") },
  [RDT_MOVE_REASON_END_WITH] = { "end-with", "7.1", N_("The volume’s rules let this unit end its move only stacked with certain units") },
  [RDT_MOVE_REASON_NO_PATH] = { "no-path", "9.2", N_("No path reaches the hex") },
};

const char *
rdt_move_reason_get_rule (RdtMoveReason reason)
{
  g_return_val_if_fail (reason < RDT_MOVE_N_REASONS, NULL);
  return reasons[reason].rule;
}

const char *
rdt_move_reason_get_id (RdtMoveReason reason)
{
  g_return_val_if_fail (reason < RDT_MOVE_N_REASONS, NULL);
  return reasons[reason].id;
}

const char *
rdt_move_reason_get_message (RdtMoveReason reason)
{
  g_return_val_if_fail (reason < RDT_MOVE_N_REASONS, NULL);
  return g_dgettext (GETTEXT_PACKAGE, reasons[reason].message);
}

void
rdt_move_options_init (RdtMoveOptions *options)
{
  g_return_if_fail (options != NULL);
  memset (options, 0, sizeof *options);
  options->allowance_halves = -1;
}

/* ---- Rules -------------------------------------------------------------- */

static void
stacking_restriction_free (RdtStackingRestriction *r)
{
  g_free (r->rule);
  g_strfreev (r->group_a);
  g_strfreev (r->group_b);
  g_strfreev (r->exempt);
  g_free (r);
}

RdtMoveRules *
rdt_move_rules_new (void)
{
  RdtMoveRules *rules = g_new0 (RdtMoveRules, 1);

  rules->stacking_restrictions =
    g_ptr_array_new_with_free_func ((GDestroyNotify) stacking_restriction_free);
  return rules;
}

void
rdt_move_rules_free (RdtMoveRules *rules)
{
  if (rules == NULL)
    return;
  g_strfreev (rules->creek_types);
  g_free (rules->creek_rule);
  g_strfreev (rules->no_minimum_move_terrains);
  g_strfreev (rules->no_minimum_move_units);
  g_free (rules->no_minimum_move_rule);
  g_clear_pointer (&rules->stacking_restrictions, g_ptr_array_unref);
  g_free (rules);
}

void
rdt_move_rules_add_stacking_restriction (RdtMoveRules      *rules,
                                         const char        *rule,
                                         const char *const *group_a,
                                         const char *const *group_b,
                                         const char *const *exempt,
                                         gboolean           may_pass,
                                         gboolean           may_retreat)
{
  RdtStackingRestriction *r;

  g_return_if_fail (rules != NULL);
  r = g_new0 (RdtStackingRestriction, 1);
  r->rule = g_strdup (rule);
  r->group_a = g_strdupv ((char **) group_a);
  r->group_b = g_strdupv ((char **) group_b);
  r->exempt = g_strdupv ((char **) exempt);
  r->may_pass = may_pass;
  r->may_retreat = may_retreat;
  g_ptr_array_add (rules->stacking_restrictions, r);
}

static RdtMoveRules *
move_rules_copy (const RdtMoveRules *src)
{
  RdtMoveRules *rules = rdt_move_rules_new ();

  if (src == NULL)
    return rules;
  rules->creek_types = g_strdupv (src->creek_types);
  rules->creek_rule = g_strdup (src->creek_rule);
  rules->no_minimum_move_terrains = g_strdupv (src->no_minimum_move_terrains);
  rules->no_minimum_move_kinds = src->no_minimum_move_kinds;
  rules->no_minimum_move_units = g_strdupv (src->no_minimum_move_units);
  rules->no_minimum_move_rule = g_strdup (src->no_minimum_move_rule);
  if (src->stacking_restrictions != NULL)
    for (guint i = 0; i < src->stacking_restrictions->len; i++)
      {
        const RdtStackingRestriction *r = g_ptr_array_index (src->stacking_restrictions, i);
        rdt_move_rules_add_stacking_restriction (rules, r->rule,
                                                 (const char *const *) r->group_a,
                                                 (const char *const *) r->group_b,
                                                 (const char *const *) r->exempt,
                                                 r->may_pass, r->may_retreat);
      }
  return rules;
}

/* ---- The compiled model ------------------------------------------------- */

static RdtMoveSnapshot *
snapshot_ref (RdtMoveSnapshot *snap)
{
  g_atomic_ref_count_inc (&snap->ref_count);
  return snap;
}

static void
snapshot_unref (RdtMoveSnapshot *snap)
{
  if (snap == NULL || !g_atomic_ref_count_dec (&snap->ref_count))
    return;
  for (guint s = 0; s < snap->n_sides; s++)
    {
      g_free (snap->enemy_combat[s]);
      g_free (snap->enemy_leaders[s]);
      g_free (snap->friendly_sp[s]);
      g_free (snap->friendly_art[s]);
    }
  g_free (snap->enemy_combat);
  g_free (snap->enemy_leaders);
  g_free (snap->friendly_sp);
  g_free (snap->friendly_art);
  g_free (snap->hex_prohibited);
  g_free (snap->max_sp);
  g_free (snap->max_art);
  g_free (snap);
}

static RdtMoveSnapshot *
snapshot_new (const RdtMoveModel *m)
{
  RdtMoveSnapshot *snap = g_new0 (RdtMoveSnapshot, 1);
  guint n = m->n_hexes;

  g_atomic_ref_count_init (&snap->ref_count);
  snap->n_hexes = n;
  snap->n_sides = m->n_sides;
  snap->hex_prohibited = g_memdup2 (m->hex_prohibited, n * sizeof (guint));
  snap->max_sp = g_memdup2 (m->max_sp, n * sizeof (gint16));
  snap->max_art = g_memdup2 (m->max_art, n * sizeof (gint16));
  snap->enemy_combat = g_new0 (guint8 *, MAX (m->n_sides, 1));
  snap->enemy_leaders = g_new0 (guint8 *, MAX (m->n_sides, 1));
  snap->friendly_sp = g_new0 (gint16 *, MAX (m->n_sides, 1));
  snap->friendly_art = g_new0 (guint8 *, MAX (m->n_sides, 1));
  for (guint s = 0; s < m->n_sides; s++)
    {
      snap->enemy_combat[s] = g_memdup2 (m->sides[s].enemy_combat, n);
      snap->enemy_leaders[s] = g_memdup2 (m->sides[s].enemy_leaders, n);
      snap->friendly_sp[s] = g_memdup2 (m->sides[s].friendly_sp, n * sizeof (gint16));
      snap->friendly_art[s] = g_memdup2 (m->sides[s].friendly_art, n);
    }
  return snap;
}

static void
model_clear (RdtMoveModel *m)
{
  g_clear_pointer (&m->nb, g_free);
  g_clear_pointer (&m->hex_cost, g_free);
  g_clear_pointer (&m->hex_prohibited, g_free);
  g_clear_pointer (&m->hex_no_min, g_free);
  g_clear_pointer (&m->side_cost, g_free);
  g_clear_pointer (&m->side_fieldwork, g_free);
  g_clear_pointer (&m->road_cost, g_free);
  g_clear_pointer (&m->side_prohibited, g_free);
  g_clear_pointer (&m->side_bits, g_free);
  g_clear_pointer (&m->side_water, g_free);
  g_clear_pointer (&m->max_sp, g_free);
  g_clear_pointer (&m->max_art, g_free);
  g_clear_pointer (&m->units, g_array_unref);
  for (guint r = 0; r < m->n_restrictions; r++)
    g_free (m->restriction_cover[r]);
  g_clear_pointer (&m->restriction_cover, g_free);
  m->n_restrictions = 0;
  for (guint s = 0; s < m->n_sides; s++)
    {
      RdtMoveSide *ms = &m->sides[s];
      g_free (ms->enemy_zoc);
      g_free (ms->enemy_combat);
      g_free (ms->enemy_leaders);
      g_free (ms->enemy_adjacent);
      g_free (ms->friendly_sp);
      g_free (ms->friendly_art);
      g_free (ms->plain);
    }
  g_clear_pointer (&m->sides, g_free);
  m->n_sides = 0;
  g_clear_pointer (&m->board, rdt_board_unref);
  g_clear_pointer (&m->grid, rdt_hex_grid_unref);
  g_clear_pointer (&m->snapshot, snapshot_unref);
}

static gboolean
strv_has (char *const *list,
          const char  *s)
{
  if (list == NULL || s == NULL)
    return FALSE;
  for (; *list != NULL; list++)
    if (strcmp (*list, s) == 0)
      return TRUE;
  return FALSE;
}

gboolean
_rdt_move_unit_matches (const RdtUnit *unit,
                        char *const   *list)
{
  return strv_has (list, unit->id) || strv_has (list, unit->nationality) ||
         strv_has (list, unit->formation) || strv_has (list, unit->unit_class);
}

static inline gint16
clamp16 (int v)
{
  return (gint16) CLAMP (v, -1, G_MAXINT16);
}

/* The crossing cost and prohibited kinds of a hexside from `from` into `to`,
 * apart from roads and fieldworks: 9.4, cumulative, except that a slope with
 * another feature forms a combined type replacing both when the volume has one. */
static void
hexside_crossing (RdtVolume                *volume,
                  const RdtHexsideFeatures *f,
                  RdtHex                    to,
                  char *const              *creek_types,
                  int                      *out_cost,
                  guint                    *out_prohibited,
                  guint8                   *out_bits)
{
  int cost = 0;
  guint prohibited = 0;
  guint8 bits = 0;
  const RdtCombinedType *combined = NULL;

  if (f->slope != RDT_NO_TYPE)
    {
      RdtSlopeDirection dir = (to.col == f->slope_high.col && to.row == f->slope_high.row) ?
                              RDT_SLOPE_UP : RDT_SLOPE_DOWN;
      int other = f->water != RDT_NO_TYPE ? f->water : f->other;

      if (other != RDT_NO_TYPE)
        combined = rdt_volume_lookup_combined (volume, f->slope, other, dir);
    }
  if (combined != NULL)
    {
      cost += combined->effects.mp_halves;
      prohibited |= combined->effects.prohibited;
      /* The combined type replaces the slope and the feature it combines
       * with; a third feature still adds. */
      if (combined->other_type != f->water && f->water != RDT_NO_TYPE)
        {
          const RdtHexsideType *t = rdt_volume_get_hexside_type (volume, f->water);
          cost += t->effects.mp_halves;
          prohibited |= t->effects.prohibited;
        }
      if (combined->other_type != f->other && f->other != RDT_NO_TYPE)
        {
          const RdtHexsideType *t = rdt_volume_get_hexside_type (volume, f->other);
          cost += t->effects.mp_halves;
          prohibited |= t->effects.prohibited;
        }
    }
  else
    {
      int kinds[3] = { f->slope, f->water, f->other };
      for (int i = 0; i < 3; i++)
        if (kinds[i] != RDT_NO_TYPE)
          {
            const RdtHexsideType *t = rdt_volume_get_hexside_type (volume, kinds[i]);
            cost += t->effects.mp_halves;
            prohibited |= t->effects.prohibited;
          }
    }
  if (f->water != RDT_NO_TYPE)
    {
      const RdtHexsideType *t = rdt_volume_get_hexside_type (volume, f->water);
      bits |= _RDT_MS_WATER;
      if (!t->effects.strategic)
        bits |= _RDT_MS_WATER_NO_STRAT;
      /* Brandywine 5.1: the volume's crossing="whole-allowance", or the
       * caller's RdtMoveRules. */
      if (t->whole_allowance || strv_has (creek_types, t->id))
        bits |= _RDT_MS_CREEK;
    }
  if (f->fieldwork != RDT_NO_TYPE)
    prohibited |= rdt_volume_get_hexside_type (volume, f->fieldwork)->effects.prohibited;
  *out_cost = cost;
  *out_prohibited = prohibited;
  *out_bits = bits;
}

static void
add_board_hexside (RdtBoard                 *board,
                   RdtVolume                *volume,
                   const RdtHexsideFeatures *f)
{
  RdtHex a = f->side.a, b = f->side.b;
  int kinds[5] = { f->water, f->slope, f->fieldwork, f->road, f->other };

  if (f->water != RDT_NO_TYPE)
    rdt_board_add_water (board, a, b, FALSE, NULL);
  if (f->slope != RDT_NO_TYPE)
    {
      RdtHex low = rdt_hexside_other (f->side, f->slope_high);
      rdt_board_add_slope (board, f->slope_high, low, NULL);
    }
  /* A fieldwork type's zoc: whether a ZOC crosses it into the symbol hex
   * (8.1: false, the one-way rule of rdt-zoc.c). */
  if (f->fieldwork != RDT_NO_TYPE && !rdt_volume_get_hexside_type (volume, f->fieldwork)->effects.zoc)
    rdt_board_add_fieldwork (board, f->fieldwork_symbol,
                             rdt_hexside_other (f->side, f->fieldwork_symbol),
                             f->breached, NULL);
  /* Volume data: a hexside type that stops ZOCs (fieldworks have their own
   * one-way rule in rdt-zoc.c). */
  for (int i = 0; i < 5; i++)
    if (kinds[i] != RDT_NO_TYPE && i != 2 &&
        !rdt_volume_get_hexside_type (volume, kinds[i])->effects.zoc)
      rdt_board_add_side_flags (board, a, b, RDT_BOARD_SIDE_NO_ZOC, NULL);
}

static void
model_build (RdtMoveModel *m)
{
  RdtScenario *sc = m->scenario;
  RdtVolume *volume = rdt_scenario_get_volume (sc);
  const guint16 *terrain = rdt_scenario_get_terrain_array (sc);
  const RdtStacking *stacking;
  g_autoptr(GArray) hexsides = NULL;
  guint n, n_units, next_board_unit = 0;
  gboolean own_board;

  model_clear (m);
  m->volume = volume;
  m->grid = rdt_hex_grid_ref (rdt_scenario_get_grid (sc));
  n = m->n_hexes = rdt_hex_grid_get_n_hexes (m->grid);
  m->older_roads = rdt_volume_get_variant (volume, RDT_VARIANT_ROADS) == RDT_EDITION_OLDER;

  m->nb = g_new (int, n * 6);
  m->hex_cost = g_new (gint16, n);
  m->hex_prohibited = g_new (guint, n);
  m->hex_no_min = g_new0 (guint8, n);
  m->side_cost = g_new0 (gint16, n * 6);
  m->side_fieldwork = g_new0 (gint16, n * 6);
  m->road_cost = g_new (gint16, n * 6);
  m->side_prohibited = g_new0 (guint, n * 6);
  m->side_bits = g_new0 (guint8, n * 6);
  m->side_water = g_new (gint16, n * 6);
  memset (m->side_water, 0xff, n * 6 * sizeof (gint16));
  m->max_sp = g_new (gint16, n);
  m->max_art = g_new (gint16, n);
  /* The ZOC board (rdt-board.h, rdt-zoc.h) of the scenario; should the
   * board builder refuse the scenario, one is built here from the same data. */
  m->board = rdt_board_new_from_scenario (sc, NULL, NULL);
  own_board = m->board == NULL;
  if (own_board)
    {
      m->board = rdt_board_new (m->grid);
      for (guint s = 0; s < rdt_scenario_get_n_sides (sc); s++)
        rdt_board_add_side (m->board, rdt_scenario_get_side (sc, s)->id);
      for (guint s = 0; s < rdt_scenario_get_n_sides (sc); s++)
        for (guint t = 0; t < s; t++)
          if (!rdt_scenario_sides_are_enemies (sc, (int) s, (int) t))
            {
              rdt_board_set_allied (m->board, (int) s, (int) t);
              break;
            }
    }

  stacking = rdt_volume_get_stacking (volume);
  for (guint h = 0; h < n; h++)
    {
      RdtHex hex = rdt_hex_grid_hex_at_index (m->grid, h);
      const RdtTerrainType *t = rdt_volume_get_terrain (volume, terrain[h]);
      guint flags = 0;

      for (int d = 0; d < 6; d++)
        {
          RdtHex nh = rdt_hex_grid_neighbour (m->grid, hex, d);
          m->nb[h * 6 + d] = rdt_hex_grid_contains (m->grid, nh) ? rdt_hex_grid_hex_index (m->grid, nh) : -1;
          m->road_cost[h * 6 + d] = -1;
        }
      m->hex_cost[h] = clamp16 (t->effects.mp_halves);
      m->hex_prohibited[h] = t->effects.prohibited;
      m->hex_no_min[h] = strv_has (m->rules->no_minimum_move_terrains, t->id);
      m->max_sp[h] = clamp16 (stacking->max_sp);
      m->max_art[h] = clamp16 (stacking->max_artillery);
      if (!t->effects.zoc)
        flags |= RDT_BOARD_HEX_NO_ZOC_INTO;
      if (t->effects.prohibited & ~RDT_UNIT_KIND_MASK (RDT_UNIT_KIND_LEADER))
        flags |= RDT_BOARD_HEX_PROHIBITED;
      if (own_board)
        rdt_board_set_hex (m->board, hex, t->id, flags, NULL);
    }

  /* Stacking exceptions of the volume (7.1 "Exclusive Rules may contain
   * further restrictions and/or exceptions"): by terrain, or by area. */
  for (guint i = 0; stacking->exceptions != NULL && i < stacking->exceptions->len; i++)
    {
      const RdtStackingException *e = g_ptr_array_index (stacking->exceptions, i);
      const RdtArea *area = e->area != NULL ? rdt_scenario_find_area (sc, e->area) : NULL;
      int tid = e->terrain != NULL ? rdt_volume_find_terrain (volume, e->terrain) : -1;

      for (guint h = 0; h < n; h++)
        {
          gboolean applies;
          if (e->area != NULL)
            applies = area != NULL &&
                      rdt_scenario_area_contains (area, rdt_hex_grid_hex_at_index (m->grid, h));
          else
            applies = tid >= 0 && terrain[h] == tid;
          if (e->terrain != NULL && e->area != NULL)
            applies = applies && tid >= 0 && terrain[h] == tid;
          if (applies)
            {
              m->max_sp[h] = clamp16 (e->max_sp);
              m->max_art[h] = clamp16 (e->max_artillery);
            }
        }
    }

  hexsides = rdt_scenario_dup_hexsides (sc);
  for (guint i = 0; i < hexsides->len; i++)
    {
      const RdtHexsideFeatures *f = &g_array_index (hexsides, RdtHexsideFeatures, i);
      RdtHex ends[2] = { f->side.a, f->side.b };

      if (own_board)
        add_board_hexside (m->board, volume, f);
      for (int e = 0; e < 2; e++)
        {
          RdtHex from = ends[e], to = ends[1 - e];
          int fi, d, cost;
          guint prohibited;
          guint8 bits;

          if (!rdt_hex_grid_contains (m->grid, from) || !rdt_hex_grid_contains (m->grid, to))
            continue;
          fi = rdt_hex_grid_hex_index (m->grid, from);
          d = rdt_hex_grid_direction_to (m->grid, from, to);
          if (d < 0)
            continue;
          hexside_crossing (volume, f, to, m->rules->creek_types, &cost, &prohibited, &bits);
          m->side_cost[fi * 6 + d] = clamp16 (cost);
          m->side_prohibited[fi * 6 + d] = prohibited;
          if (f->fieldwork != RDT_NO_TYPE &&
              to.col == f->fieldwork_symbol.col && to.row == f->fieldwork_symbol.row)
            m->side_fieldwork[fi * 6 + d] =
              clamp16 (rdt_volume_get_hexside_type (volume, f->fieldwork)->effects.mp_halves);
          if (f->road != RDT_NO_TYPE)
            {
              const RdtHexsideType *road = rdt_volume_get_hexside_type (volume, f->road);
              m->road_cost[fi * 6 + d] = clamp16 (road->effects.mp_halves);
              if (road->effects.strategic)
                bits |= _RDT_MS_ROAD_STRATEGIC;
            }
          m->side_bits[fi * 6 + d] = bits;
          m->side_water[fi * 6 + d] = (gint16) (f->water != RDT_NO_TYPE ? f->water : -1);
        }
    }

  /* The volume's restrictions: which hexes each one's place covers. */
  m->n_restrictions = rdt_volume_get_n_restrictions (volume);
  m->restriction_cover = g_new0 (guint8 *, MAX (m->n_restrictions, 1));
  for (guint r = 0; r < m->n_restrictions; r++)
    {
      const RdtRestriction *rs = rdt_volume_get_restriction (volume, r);

      if (rs->area == NULL && rs->terrain == NULL)
        continue;
      m->restriction_cover[r] = g_new (guint8, n);
      for (guint h = 0; h < n; h++)
        m->restriction_cover[r][h] =
          rdt_restriction_covers_hex (rs, sc, rdt_hex_grid_hex_at_index (m->grid, h));
    }

  /* Units. */
  n_units = rdt_scenario_get_n_units (sc);
  m->units = g_array_sized_new (FALSE, TRUE, sizeof (RdtMoveUnit), n_units);
  for (guint i = 0; i < n_units; i++)
    {
      const RdtUnit *u = rdt_scenario_get_unit (sc, i);
      RdtMoveUnit mu = { 0 };

      mu.hex = -1;
      mu.board_index = -1;
      mu.side = u->side;
      mu.leader = rdt_unit_is_leader (u);
      /* 7.1, with the volume's free kinds (Brandywine 4.5.2). */
      mu.sp = rdt_volume_unit_stacking_sp (volume, u, &mu.artillery);
      mu.status = u->status;
      if (u->placement.kind == RDT_PLACEMENT_HEX &&
          rdt_hex_grid_contains (m->grid, u->placement.hex))
        {
          RdtBoardUnit bu = { 0 };

          mu.hex = rdt_hex_grid_hex_index (m->grid, u->placement.hex);
          bu.id = u->id;
          bu.hex = u->placement.hex;
          bu.side = u->side;
          bu.state = u->status == RDT_UNIT_STATUS_DISRUPTED ? RDT_UNIT_STATE_DISRUPTED :
                     u->status == RDT_UNIT_STATUS_SHATTERED ? RDT_UNIT_STATE_SHATTERED :
                     RDT_UNIT_STATE_PARADE_ORDER;
          if (!mu.leader)
            bu.flags |= RDT_BOARD_UNIT_COMBAT;
          if (mu.artillery)
            bu.flags |= RDT_BOARD_UNIT_ARTILLERY;
          if (u->kind == RDT_UNIT_KIND_AMUSETTE)
            bu.flags |= RDT_BOARD_UNIT_AMUSETTE;
          /* 8.31 "an enemy rifle unit": glossary "Rifle Unit", either mark. */
          if (u->kind == RDT_UNIT_KIND_RIFLE || u->rifle != RDT_RIFLE_NONE)
            bu.flags |= RDT_BOARD_UNIT_RIFLE;
          if (!own_board)
            {
              /* rdt_board_new_from_scenario() adds the units set up in a hex
               * in scenario order. */
              if (next_board_unit < rdt_board_get_n_units (m->board) &&
                  g_strcmp0 (rdt_board_get_unit (m->board, next_board_unit)->id, u->id) == 0)
                mu.board_index = (int) next_board_unit++;
            }
          else if (u->side >= 0 && (guint) u->side < rdt_scenario_get_n_sides (sc))
            mu.board_index = rdt_board_add_unit (m->board, &bu, NULL);
        }
      g_array_append_val (m->units, mu);
    }

  /* Per side: enemy ZOC (rdt-zoc.h), occupation, adjacency and stacking. */
  m->n_sides = rdt_scenario_get_n_sides (sc);
  m->sides = g_new0 (RdtMoveSide, MAX (m->n_sides, 1));
  {
    g_autofree guint8 *zoc_count = g_new0 (guint8, n);
    g_autofree guint8 *zoc_rifle = g_new0 (guint8, n);
    RdtZocMap **maps = g_new0 (RdtZocMap *, MAX (m->n_sides, 1));

    for (guint s = 0; s < m->n_sides; s++)
      maps[s] = rdt_zoc_map_new (m->board, (int) s);
    for (guint s = 0; s < m->n_sides; s++)
      {
        RdtMoveSide *ms = &m->sides[s];

        ms->enemy_zoc = g_new0 (guint8, n);
        ms->enemy_combat = g_new0 (guint8, n);
        ms->enemy_leaders = g_new0 (guint8, n);
        ms->enemy_adjacent = g_new0 (guint8, n);
        ms->friendly_sp = g_new0 (gint16, n);
        ms->friendly_art = g_new0 (guint8, n);
        for (guint h = 0; h < n; h++)
          {
            RdtHex hex = rdt_hex_grid_hex_at_index (m->grid, h);
            for (guint o = 0; o < m->n_sides; o++)
              {
                /* "Enemy": another player (allied sides are friends). */
                if (!rdt_board_sides_are_enemies (m->board, (int) o, (int) s))
                  continue;
                if (rdt_zoc_map_get_count (maps[o], hex) > 0)
                  ms->enemy_zoc[h] |= 1;
                if (rdt_zoc_map_get_rifle (maps[o], hex))
                  ms->enemy_zoc[h] |= 2;
              }
          }
      }
    for (guint s = 0; s < m->n_sides; s++)
      rdt_zoc_map_free (maps[s]);
    g_free (maps);
  }
  for (guint i = 0; i < m->units->len; i++)
    {
      const RdtMoveUnit *mu = &g_array_index (m->units, RdtMoveUnit, i);

      if (mu->hex < 0)
        continue;
      for (guint s = 0; s < m->n_sides; s++)
        {
          RdtMoveSide *ms = &m->sides[s];

          if (!rdt_board_sides_are_enemies (m->board, (int) s, mu->side))
            {
              ms->friendly_sp[mu->hex] = clamp16 (ms->friendly_sp[mu->hex] + mu->sp);
              if (mu->artillery && ms->friendly_art[mu->hex] < G_MAXUINT8)
                ms->friendly_art[mu->hex]++;
              continue;
            }
          if (mu->leader)
            {
              if (ms->enemy_leaders[mu->hex] < G_MAXUINT8)
                ms->enemy_leaders[mu->hex]++;
              continue;
            }
          /* 3.1 "Combat Unit": enemy combat units occupy (9.3) and count for
           * adjacency (9.5, 13.3, 13.21) whatever their status. */
          if (ms->enemy_combat[mu->hex] < G_MAXUINT8)
            ms->enemy_combat[mu->hex]++;
          for (int d = 0; d < 6; d++)
            {
              int nb = m->nb[mu->hex * 6 + d];
              if (nb >= 0 && ms->enemy_adjacent[nb] < G_MAXUINT8)
                ms->enemy_adjacent[nb]++;
            }
        }
    }
  {
    int max_unit_sp = 0;

    for (guint i = 0; i < m->units->len; i++)
      max_unit_sp = MAX (max_unit_sp, g_array_index (m->units, RdtMoveUnit, i).sp);
    for (guint s = 0; s < m->n_sides; s++)
      {
        RdtMoveSide *ms = &m->sides[s];

        ms->plain = g_new (guint8, MAX (n, 1));
        for (guint h = 0; h < n; h++)
          ms->plain[h] = ms->enemy_combat[h] == 0 && ms->enemy_leaders[h] == 0 &&
                         m->hex_prohibited[h] == 0 &&
                         ms->friendly_sp[h] + max_unit_sp <= m->max_sp[h] &&
                         ms->friendly_art[h] + 1 <= m->max_art[h];
      }
  }
  m->snapshot = snapshot_new (m);
  m->dirty = FALSE;
}

static void
on_scenario_changed (RdtScenario     *scenario,
                     const RdtChange *change,
                     gpointer         user_data)
{
  ((RdtMoveModel *) user_data)->dirty = TRUE;
}

RdtMoveModel *
_rdt_move_model_new (RdtScenario        *scenario,
                     const RdtMoveRules *rules)
{
  RdtMoveModel *m = g_new0 (RdtMoveModel, 1);

  m->scenario = g_object_ref (scenario);
  m->rules = move_rules_copy (rules);
  m->changed_id = g_signal_connect (scenario, "changed", G_CALLBACK (on_scenario_changed), m);
  model_build (m);
  return m;
}

void
_rdt_move_model_free (RdtMoveModel *m)
{
  if (m == NULL)
    return;
  model_clear (m);
  g_clear_signal_handler (&m->changed_id, m->scenario);
  g_clear_object (&m->scenario);
  rdt_move_rules_free (m->rules);
  g_free (m);
}

void
_rdt_move_model_update (RdtMoveModel *m)
{
  if (m->dirty || m->grid != rdt_scenario_get_grid (m->scenario))
    model_build (m);
}

int
_rdt_move_model_start (RdtMoveModel *m,
                       guint         unit_index,
                       gboolean     *out_reinforcement)
{
  const RdtUnit *u = rdt_scenario_get_unit (m->scenario, unit_index);
  const RdtMoveUnit *mu = &g_array_index (m->units, RdtMoveUnit, unit_index);

  if (out_reinforcement != NULL)
    *out_reinforcement = FALSE;
  if (mu->hex >= 0)
    return mu->hex;
  /* 9.11, 9.12: a reinforcement is placed on its entry hex at no cost. */
  if (u->placement.kind == RDT_PLACEMENT_ENTRY && u->placement.entry != NULL)
    {
      const RdtEntryHex *e = rdt_scenario_find_entry (m->scenario, u->placement.entry);
      if (e != NULL && rdt_hex_grid_contains (m->grid, e->hex))
        {
          if (out_reinforcement != NULL)
            *out_reinforcement = TRUE;
          return rdt_hex_grid_hex_index (m->grid, e->hex);
        }
    }
  return -1;
}

gboolean
_rdt_move_model_overstacks (RdtMoveModel *m,
                            guint         unit_index,
                            int           h,
                            int           sp)
{
  const RdtMoveUnit *mu = &g_array_index (m->units, RdtMoveUnit, unit_index);
  const RdtMoveSide *ms;

  if (mu->side < 0 || (guint) mu->side >= m->n_sides || mu->leader)
    return FALSE;
  ms = &m->sides[mu->side];
  /* 7.1: six SPs of combat units other than artillery plus one artillery
   * unit; leaders and markers do not count. */
  if (mu->artillery)
    return ms->friendly_art[h] + 1 > m->max_art[h];
  return ms->friendly_sp[h] + sp > m->max_sp[h];
}

int
_rdt_move_model_restriction (RdtMoveModel *m,
                             guint         unit_index,
                             int           h,
                             gboolean      retreat,
                             const char  **out_rule)
{
  GPtrArray *rs = m->rules->stacking_restrictions;
  const RdtUnit *u;
  const RdtMoveUnit *mu;
  int worst = 0;

  if (rs == NULL || rs->len == 0)
    return 0;
  u = rdt_scenario_get_unit (m->scenario, unit_index);
  mu = &g_array_index (m->units, RdtMoveUnit, unit_index);
  for (guint i = 0; i < m->units->len; i++)
    {
      const RdtMoveUnit *ov = &g_array_index (m->units, RdtMoveUnit, i);
      const RdtUnit *o;

      if (i == unit_index || ov->hex != h ||
          rdt_board_sides_are_enemies (m->board, ov->side, mu->side))
        continue;
      o = rdt_scenario_get_unit (m->scenario, i);
      for (guint r = 0; r < rs->len; r++)
        {
          const RdtStackingRestriction *sr = g_ptr_array_index (rs, r);
          gboolean conflict;
          int level;

          if (_rdt_move_unit_matches (u, sr->exempt) || _rdt_move_unit_matches (o, sr->exempt))
            continue;
          conflict = (_rdt_move_unit_matches (u, sr->group_a) && _rdt_move_unit_matches (o, sr->group_b)) ||
                     (_rdt_move_unit_matches (u, sr->group_b) && _rdt_move_unit_matches (o, sr->group_a));
          if (!conflict)
            continue;
          if (retreat)
            level = sr->may_retreat ? 0 : 2;
          else
            level = sr->may_pass ? 1 : 2;
          if (level > worst)
            {
              worst = level;
              if (out_rule != NULL)
                *out_rule = sr->rule;
            }
        }
    }
  return worst;
}

gboolean
_rdt_move_model_covers (RdtMoveModel *m,
                        guint         r,
                        int           h)
{
  return r < m->n_restrictions && h >= 0 && (guint) h < m->n_hexes &&
         (m->restriction_cover[r] == NULL || m->restriction_cover[r][h]);
}

int
_rdt_move_model_with_rules (RdtMoveModel         *m,
                            guint                 unit_index,
                            int                   h,
                            gboolean              retreat,
                            const RdtGameContext *context,
                            const char          **out_rule,
                            RdtDepends           *out_depends)
{
  const RdtMoveUnit *mu = &g_array_index (m->units, RdtMoveUnit, unit_index);
  int worst = 0;

  for (guint r = 0; r < m->n_restrictions; r++)
    {
      const RdtRestriction *rs = rdt_volume_get_restriction (m->volume, r);
      RdtDepends depends = RDT_DEPENDS_NOTHING;
      RdtRuleVerdict verdict;
      gboolean with_here = FALSE, with_any = FALSE;
      int level = 0;

      if (rs->effect != RDT_RESTRICTION_END_WITH && rs->effect != RDT_RESTRICTION_NO_END_WITH)
        continue;
      if ((retreat && !rs->on_retreat && rs->effect == RDT_RESTRICTION_END_WITH) ||
          (!retreat && !rs->on_move) || !_rdt_move_model_covers (m, r, h))
        continue;
      /* Savannah 4.1: a retreat may stack the classes; only a move is not
       * decided without them. */
      if (rs->undecided_classes != NULL && retreat && rs->may_retreat)
        continue;
      verdict = rdt_restriction_binds (rs, m->scenario, unit_index, context, &depends);
      if (verdict == RDT_RULE_OFF)
        continue;
      if (rs->undecided_classes != NULL)
        {
          verdict = RDT_RULE_UNDECIDED;
          depends = RDT_DEPENDS_UNIT_DATA;
        }
      for (guint i = 0; i < m->units->len; i++)
        {
          const RdtMoveUnit *o = &g_array_index (m->units, RdtMoveUnit, i);

          if (i == unit_index || o->hex < 0 ||
              rdt_board_sides_are_enemies (m->board, o->side, mu->side) ||
              !rdt_restriction_selects_with (rs, rdt_scenario_get_unit (m->scenario, i)))
            continue;
          if (rs->undecided_classes != NULL &&
              !rdt_restriction_class_pair_undecided (rs, rdt_scenario_get_unit (m->scenario, unit_index),
                                                     rdt_scenario_get_unit (m->scenario, i)))
            continue;
          with_any = TRUE;
          with_here |= o->hex == h;
        }
      if (rs->effect == RDT_RESTRICTION_END_WITH)
        {
          /* Brandywine 3.3.1: "if such units are in play". */
          if (with_any && !with_here)
            level = 4;
        }
      else if (with_here)
        level = retreat ? (rs->may_retreat ? 1 : 2) : 1;
      if (level > 0 && verdict == RDT_RULE_UNDECIDED)
        level = 3;
      if (level > 0 && (worst == 0 || (level != 3 && (worst == 3 || level > worst))))
        {
          worst = level;
          if (out_rule != NULL)
            *out_rule = rs->rule;
          if (out_depends != NULL)
            *out_depends = depends;
        }
    }
  return worst;
}

/* ---- The reach ---------------------------------------------------------- */

struct _RdtReach
{
  gatomicrefcount ref_count;
  char *unit_id;
  RdtHexGrid *grid;
  RdtHex start;
  int start_index;
  int allowance;
  gboolean strategic;
  RdtMoveReason unit_reason;

  guint n;
  int *cost;                /* -1: not reached */
  int *prev;
  int *reason_cost;         /* cost at which the reason was found */
  guint8 *reason;           /* RdtMoveReason */
  guint16 *flags;           /* RdtReachFlags, for hexes reached */
  guint8 *end_ok;           /* a legal end hex */
  GArray *hexes;            /* RdtReachHex */
  GPtrArray *rules;         /* char*: data rule strings (restrictions, 4.1, 4.19) */
  GArray *rule_depends;     /* RdtDepends per entry of rules (undecided ones) */
  guint8 *rule_index;       /* per hex: index + 1 into rules, 0 = the enum's */
  guint8 *undecided;        /* per hex: index + 1 into rules of an undecided rule */
  guint8 unit_rule;         /* index + 1 into rules for unit_reason, 0 = the enum's */
  guint8 undecided_unit;    /* index + 1 into rules: may stop the whole move */
  GArray *capture_hex;      /* int */
  GPtrArray *capture_id;    /* char* */
  /* Hexes whose per-hex entries (cost, prev, reason_cost, reason, flags,
   * end_ok, rule_index, undecided) the last search may have written, so the
   * next one resets only those (issue 15): the start, the hexes it settled
   * (or a disrupted unit's candidates) and the stacking-restriction hexes.
   * The other hexes it wrote were only noted (note(): the reason and its
   * rule, reason_cost, reason, rule_index): noted lists them, each once, as
   * note() first writes them.  Every entry when all_dirty (new arrays, or a
   * search that did not finish); the whole reason array when reasons_dirty
   * (set_all_reasons()). */
  GArray *dirty;            /* int */
  int *noted;               /* n entries at most */
  guint n_noted;
  GArray *keys;             /* guint64: finish_reach()'s scratch */
  gboolean all_dirty;
  gboolean reasons_dirty;

  /* Unreached hexes the unit may not enter at all say so when asked (9.3,
   * 7.2), from the snapshot and the mover's values, instead of a pass over
   * the whole map after every search. */
  gboolean lazy;
  RdtMoveSnapshot *snapshot;
  int side;
  guint kind_mask;
  int sp;
  gboolean artillery;
  gboolean leader;
  gboolean capturer;
};

G_DEFINE_BOXED_TYPE (RdtReach, rdt_reach, rdt_reach_ref, rdt_reach_unref)

RdtReach *
rdt_reach_new (void)
{
  RdtReach *r = g_new0 (RdtReach, 1);

  g_atomic_ref_count_init (&r->ref_count);
  r->hexes = g_array_new (FALSE, FALSE, sizeof (RdtReachHex));
  r->dirty = g_array_new (FALSE, FALSE, sizeof (int));
  r->keys = g_array_new (FALSE, FALSE, sizeof (guint64));
  r->all_dirty = TRUE;
  r->rules = g_ptr_array_new_with_free_func (g_free);
  r->rule_depends = g_array_new (FALSE, FALSE, sizeof (int));
  r->capture_hex = g_array_new (FALSE, FALSE, sizeof (int));
  r->capture_id = g_ptr_array_new_with_free_func (g_free);
  r->start_index = -1;
  return r;
}

RdtReach *
rdt_reach_ref (RdtReach *reach)
{
  g_return_val_if_fail (reach != NULL, NULL);
  g_atomic_ref_count_inc (&reach->ref_count);
  return reach;
}

void
rdt_reach_unref (RdtReach *reach)
{
  if (reach == NULL || !g_atomic_ref_count_dec (&reach->ref_count))
    return;
  g_free (reach->unit_id);
  g_clear_pointer (&reach->grid, rdt_hex_grid_unref);
  g_free (reach->cost);
  g_free (reach->prev);
  g_free (reach->reason_cost);
  g_free (reach->reason);
  g_free (reach->flags);
  g_free (reach->end_ok);
  g_free (reach->rule_index);
  g_free (reach->undecided);
  g_array_unref (reach->hexes);
  g_ptr_array_unref (reach->rules);
  g_array_unref (reach->rule_depends);
  g_array_unref (reach->capture_hex);
  g_ptr_array_unref (reach->capture_id);
  g_array_unref (reach->dirty);
  g_free (reach->noted);
  g_array_unref (reach->keys);
  g_clear_pointer (&reach->snapshot, snapshot_unref);
  g_free (reach);
}

const char *
rdt_reach_get_unit_id (const RdtReach *reach)
{
  return reach->unit_id;
}

RdtHex
rdt_reach_get_start (const RdtReach *reach)
{
  return reach->start;
}

int
rdt_reach_get_allowance_halves (const RdtReach *reach)
{
  return reach->allowance;
}

gboolean
rdt_reach_get_strategic (const RdtReach *reach)
{
  return reach->strategic;
}

RdtMoveReason
rdt_reach_get_unit_reason (const RdtReach *reach)
{
  return reach->unit_reason;
}

const char *
rdt_reach_get_unit_rule (const RdtReach *reach)
{
  if (reach->unit_rule > 0 && reach->unit_rule <= reach->rules->len)
    return g_ptr_array_index (reach->rules, reach->unit_rule - 1);
  return rdt_move_reason_get_rule (reach->unit_reason);
}

static int reach_index (const RdtReach *reach, RdtHex hex);

gboolean
rdt_reach_get_undecided (const RdtReach *reach,
                         const RdtHex   *hex,
                         const char    **out_rule,
                         RdtDepends     *out_depends)
{
  guint8 i;

  if (hex == NULL)
    i = reach->undecided_unit;
  else
    {
      int h = reach_index (reach, *hex);
      i = h >= 0 ? reach->undecided[h] : 0;
    }
  if (i == 0 || i > reach->rules->len)
    return FALSE;
  if (out_rule != NULL)
    *out_rule = g_ptr_array_index (reach->rules, i - 1);
  if (out_depends != NULL)
    *out_depends = g_array_index (reach->rule_depends, int, i - 1);
  return TRUE;
}

guint
rdt_reach_get_n_hexes (const RdtReach *reach)
{
  return reach->hexes->len;
}

const RdtReachHex *
rdt_reach_get_hex (const RdtReach *reach,
                   guint           index)
{
  g_return_val_if_fail (index < reach->hexes->len, NULL);
  return &g_array_index (reach->hexes, RdtReachHex, index);
}

static int
reach_index (const RdtReach *reach,
             RdtHex          hex)
{
  if (reach->grid == NULL || !rdt_hex_grid_contains (reach->grid, hex))
    return -1;
  return rdt_hex_grid_hex_index (reach->grid, hex);
}

gboolean
rdt_reach_lookup (const RdtReach *reach,
                  RdtHex          hex,
                  RdtReachHex    *out)
{
  int h = reach_index (reach, hex);

  if (h < 0 || !reach->end_ok[h])
    return FALSE;
  if (out != NULL)
    {
      out->hex = hex;
      out->cost_halves = reach->cost[h];
      out->flags = reach->flags[h];
    }
  return TRUE;
}

/* The reason a hex may never be entered by the mover, or NONE. */
static RdtMoveReason
intrinsic_reason (const RdtReach *reach,
                  int             h)
{
  const RdtMoveSnapshot *snap = reach->snapshot;
  int s = reach->side;

  if (snap->enemy_combat[s][h] > 0 || (snap->enemy_leaders[s][h] > 0 && !reach->capturer))
    return RDT_MOVE_REASON_ENEMY_OCCUPIED;
  if (snap->hex_prohibited[h] & reach->kind_mask)
    return RDT_MOVE_REASON_PROHIBITED_TERRAIN;
  if (!reach->leader &&
      (reach->artillery ? snap->friendly_art[s][h] + 1 > snap->max_art[h]
                        : snap->friendly_sp[s][h] + reach->sp > snap->max_sp[h]))
    return RDT_MOVE_REASON_OVERSTACKED;
  return RDT_MOVE_REASON_NONE;
}

static RdtMoveReason
reason_at (const RdtReach *reach,
           int             h)
{
  if (reach->lazy && reach->cost[h] < 0 && h != reach->start_index)
    {
      RdtMoveReason r = intrinsic_reason (reach, h);
      if (r != RDT_MOVE_REASON_NONE)
        return r;
    }
  return reach->reason[h];
}

RdtMoveReason
rdt_reach_get_reason (const RdtReach *reach,
                      RdtHex          hex)
{
  int h = reach_index (reach, hex);

  if (h < 0)
    return RDT_MOVE_REASON_OFF_MAP;
  return reason_at (reach, h);
}

const char *
rdt_reach_get_reason_rule (const RdtReach *reach,
                           RdtHex          hex)
{
  int h = reach_index (reach, hex);

  if (h < 0)
    return rdt_move_reason_get_rule (RDT_MOVE_REASON_OFF_MAP);
  RdtMoveReason r = reason_at (reach, h);

  if ((r == RDT_MOVE_REASON_VOLUME_STACKING || r == RDT_MOVE_REASON_NO_MINIMUM_MOVE ||
       r == RDT_MOVE_REASON_RESTRICTED || r == RDT_MOVE_REASON_RESTRICTED_ENTER ||
       r == RDT_MOVE_REASON_RESTRICTED_END || r == RDT_MOVE_REASON_RESTRICTED_STRATEGIC ||
       r == RDT_MOVE_REASON_END_WITH || r == RDT_MOVE_REASON_STRATEGIC_HEXSIDE) &&
      reach->rule_index[h] > 0 && reach->rule_index[h] <= reach->rules->len)
    return g_ptr_array_index (reach->rules, reach->rule_index[h] - 1);
  return rdt_move_reason_get_rule (r);
}

GArray *
rdt_reach_dup_path (const RdtReach *reach,
                    RdtHex          hex)
{
  int h = reach_index (reach, hex);
  GArray *path;

  if (h < 0 || (!reach->end_ok[h] && h != reach->start_index))
    return NULL;
  path = g_array_new (FALSE, FALSE, sizeof (RdtHex));
  for (int i = h; i >= 0; i = reach->prev[i])
    {
      RdtHex x = rdt_hex_grid_hex_at_index (reach->grid, (guint) i);
      g_array_prepend_val (path, x);
      if (i == reach->start_index)
        break;
    }
  return path;
}

GPtrArray *
rdt_reach_dup_captures (const RdtReach *reach,
                        RdtHex          hex)
{
  int h = reach_index (reach, hex);
  GPtrArray *out = NULL;

  if (h < 0)
    return NULL;
  for (guint i = 0; i < reach->capture_hex->len; i++)
    if (g_array_index (reach->capture_hex, int, i) == h)
      {
        if (out == NULL)
          out = g_ptr_array_new_with_free_func (g_free);
        g_ptr_array_add (out, g_strdup (g_ptr_array_index (reach->capture_id, i)));
      }
  return out;
}

static void
reach_prepare (RdtReach     *reach,
               RdtMoveModel *m)
{
  guint n = m->n_hexes;

  if (reach->n != n)
    {
      reach->n = n;
      reach->cost = g_renew (int, reach->cost, n);
      reach->prev = g_renew (int, reach->prev, n);
      reach->reason_cost = g_renew (int, reach->reason_cost, n);
      reach->reason = g_renew (guint8, reach->reason, n);
      reach->flags = g_renew (guint16, reach->flags, n);
      reach->end_ok = g_renew (guint8, reach->end_ok, n);
      reach->rule_index = g_renew (guint8, reach->rule_index, n);
      reach->undecided = g_renew (guint8, reach->undecided, n);
      reach->noted = g_renew (int, reach->noted, n);
      reach->all_dirty = TRUE;
    }
  if (reach->grid != m->grid)
    {
      g_clear_pointer (&reach->grid, rdt_hex_grid_unref);
      reach->grid = rdt_hex_grid_ref (m->grid);
    }
  /* All bytes 0xff: -1; all bytes 0x7f: a cost no search reaches.  A
   * search touches a few hundred hexes of thousands: after one, reset only
   * what it may have written (issue 15; finish_reach(), note() and
   * mover_stacking_restrictions() list them). */
  if (reach->all_dirty)
    {
      memset (reach->cost, 0xff, n * sizeof (int));
      memset (reach->prev, 0xff, n * sizeof (int));
      memset (reach->reason_cost, 0x7f, n * sizeof (int));
      memset (reach->reason, RDT_MOVE_REASON_ALLOWANCE, n);
      memset (reach->flags, 0, n * sizeof (guint16));
      memset (reach->end_ok, 0, n);
      memset (reach->rule_index, 0, n);
      memset (reach->undecided, 0, n);
    }
  else
    {
      /* The arrays in locals: stores through them cannot change them. */
      const int *dirty = (const int *) (const void *) reach->dirty->data;
      guint len = reach->dirty->len;
      int *cost = reach->cost, *prev = reach->prev, *reason_cost = reach->reason_cost;
      guint8 *reason = reach->reason, *end_ok = reach->end_ok;
      guint8 *rule_index = reach->rule_index, *undecided = reach->undecided;
      guint16 *flags = reach->flags;

      if (reach->reasons_dirty)
        memset (reason, RDT_MOVE_REASON_ALLOWANCE, n);
      for (guint i = 0; i < len; i++)
        {
          int h = dirty[i];

          cost[h] = -1;
          prev[h] = -1;
          reason_cost[h] = 0x7f7f7f7f;
          reason[h] = RDT_MOVE_REASON_ALLOWANCE;
          flags[h] = 0;
          end_ok[h] = 0;
          rule_index[h] = 0;
          undecided[h] = 0;
        }
      dirty = reach->noted;
      len = reach->n_noted;
      for (guint i = 0; i < len; i++)
        {
          int h = dirty[i];

          reason_cost[h] = 0x7f7f7f7f;
          reason[h] = RDT_MOVE_REASON_ALLOWANCE;
          rule_index[h] = 0;
        }
    }
  g_array_set_size (reach->dirty, 0);
  reach->n_noted = 0;
  reach->reasons_dirty = FALSE;
  /* Until finish_reach() has listed what this search wrote, a reset must
   * be whole. */
  reach->all_dirty = TRUE;
  g_array_set_size (reach->hexes, 0);
  g_array_set_size (reach->capture_hex, 0);
  g_ptr_array_set_size (reach->capture_id, 0);
  g_ptr_array_set_size (reach->rules, 0);
  g_array_set_size (reach->rule_depends, 0);
  reach->unit_reason = RDT_MOVE_REASON_NONE;
  reach->unit_rule = 0;
  reach->undecided_unit = 0;
  reach->lazy = FALSE;
  if (reach->snapshot != m->snapshot)
    {
      g_clear_pointer (&reach->snapshot, snapshot_unref);
      reach->snapshot = snapshot_ref (m->snapshot);
    }
}

/* Records why the unit could not go on into hex @h at @at_cost: the reason of
 * the cheapest attempt wins, the first found among equals. */
static inline void
note (RdtReach      *reach,
      int            h,
      RdtMoveReason  why,
      int            at_cost)
{
  if (at_cost < reach->reason_cost[h])
    {
      /* The first note in @h since the reset: listed for the next one
       * (issue 15; at most once per hex, so at most n entries). */
      if (reach->reason_cost[h] == 0x7f7f7f7f)
        reach->noted[reach->n_noted++] = h;
      reach->reason_cost[h] = at_cost;
      reach->reason[h] = why;
    }
}

/* The index + 1 of (@rule, @depends) in the reach's rule strings. */
static guint8
reach_rule_depends (RdtReach   *reach,
                    const char *rule,
                    RdtDepends  depends)
{
  int d = (int) depends;

  if (rule == NULL)
    return 0;
  for (guint i = 0; i < reach->rules->len; i++)
    if (strcmp (g_ptr_array_index (reach->rules, i), rule) == 0 &&
        g_array_index (reach->rule_depends, int, i) == d)
      return (guint8) (i + 1);
  if (reach->rules->len >= G_MAXUINT8)
    return 0;
  g_ptr_array_add (reach->rules, g_strdup (rule));
  g_array_append_val (reach->rule_depends, d);
  return (guint8) reach->rules->len;
}

static guint8
reach_rule (RdtReach   *reach,
            const char *rule)
{
  return reach_rule_depends (reach, rule, RDT_DEPENDS_NOTHING);
}

/* ---- The engine --------------------------------------------------------- */

struct _RdtMovement
{
  RdtMoveModel *model;
  /* Indexed binary min-heap over hex indices, keyed by cost; each entry's
   * key is kept beside it (issue 15: no load through the hex per
   * comparison). */
  int *heap;
  int *heap_key;
  int *heap_pos;            /* -1: not in the heap */
  guint heap_len;
  guint capacity;
  guint8 *closed;
  guint8 *restriction;      /* per hex, volume restriction level for the mover */
  int *settled;             /* hexes in the order the search settled them */
  guint n_settled;
  int last_start;           /* the last search's start, closed by it */
  GArray *touched;          /* hexes whose restriction was set */
  /* The volume's <restriction>s for the mover, per hex (FORBID_* bits) and
   * the reach rule index of the decided and the undecided one; every hex
   * with a non-zero entry in any of them is in forbid_touched, once. */
  guint16 *forbid;
  guint8 *forbid_rule;
  guint8 *forbid_undecided;
  int *forbid_touched;      /* capacity entries at most */
  guint n_forbid_touched;
  gboolean any_forbid;
  /* Per side: an enemy leader is on the map (14.33), for leaders_snapshot. */
  RdtMoveSnapshot *leaders_snapshot;
  guint8 *any_leaders;
};

enum {
  FORBID_ENTER           = 1 << 0,  /* no-enter: not even passing */
  FORBID_END             = 1 << 1,  /* no-end: pass only */
  FORBID_UNDECIDED_ENTER = 1 << 2,
  FORBID_UNDECIDED_END   = 1 << 3,
  FORBID_NO_MINIMUM      = 1 << 4,  /* no-minimum-move (Savannah 4.19) */
  FORBID_STACK_END       = 1 << 5,  /* no-end-with: pass only (Brandywine 3.3.2, Savannah 4.1) */
  FORBID_STACK_ENTER     = 1 << 6,  /* no-end-with may-pass="false" (Savannah 4.1) */
  FORBID_END_WITH        = 1 << 7,  /* end-with: not here (Brandywine 3.3.1) */
  FORBID_PASS_OVERSTACKED = 1 << 8, /* may-pass-overstacked: 7.2 lifted for passing (Brandywine 3.3.3) */
};

RdtMovement *
rdt_movement_new (RdtScenario        *scenario,
                  const RdtMoveRules *rules)
{
  RdtMovement *mv;

  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), NULL);
  mv = g_new0 (RdtMovement, 1);
  mv->model = _rdt_move_model_new (scenario, rules);
  mv->touched = g_array_new (FALSE, FALSE, sizeof (int));
  mv->last_start = -1;
  return mv;
}

void
rdt_movement_free (RdtMovement *movement)
{
  if (movement == NULL)
    return;
  _rdt_move_model_free (movement->model);
  g_free (movement->heap);
  g_free (movement->heap_key);
  g_free (movement->heap_pos);
  g_free (movement->closed);
  g_free (movement->settled);
  g_free (movement->restriction);
  g_free (movement->forbid);
  g_free (movement->forbid_rule);
  g_free (movement->forbid_undecided);
  g_array_unref (movement->touched);
  g_free (movement->forbid_touched);
  g_clear_pointer (&movement->leaders_snapshot, snapshot_unref);
  g_free (movement->any_leaders);
  g_free (movement);
}

RdtMoveModel *
_rdt_movement_get_model (RdtMovement *movement)
{
  _rdt_move_model_update (movement->model);
  return movement->model;
}

RdtScenario *
rdt_movement_get_scenario (RdtMovement *movement)
{
  return movement->model->scenario;
}

/* Moves entry @i up to its place: the same comparisons and the same final
 * order as swapping it with its parent, with one write per level. */
static inline void
heap_up (RdtMovement *mv,
         guint        i)
{
  int h = mv->heap[i], k = mv->heap_key[i];

  while (i > 0)
    {
      guint p = (i - 1) / 2;
      if (mv->heap_key[p] <= k)
        break;
      mv->heap[i] = mv->heap[p];
      mv->heap_key[i] = mv->heap_key[p];
      mv->heap_pos[mv->heap[i]] = (int) i;
      i = p;
    }
  mv->heap[i] = h;
  mv->heap_key[i] = k;
  mv->heap_pos[h] = (int) i;
}

/* @h's key is now key[@h], lower than before if it was in the heap. */
static inline void
heap_push_or_decrease (RdtMovement *mv,
                       const int   *key,
                       int          h)
{
  guint i;

  if (mv->heap_pos[h] < 0)
    {
      i = mv->heap_len++;
      mv->heap[i] = h;
    }
  else
    i = (guint) mv->heap_pos[h];
  mv->heap_key[i] = key[h];
  heap_up (mv, i);
}

static inline int
heap_pop (RdtMovement *mv)
{
  int top = mv->heap[0], h, k;
  guint i = 0;

  mv->heap_len--;
  mv->heap_pos[top] = -1;
  if (mv->heap_len == 0)
    return top;
  /* The last entry sifted down from the root, as heap_up(). */
  h = mv->heap[mv->heap_len];
  k = mv->heap_key[mv->heap_len];
  for (;;)
    {
      guint l = 2 * i + 1, r = l + 1, s = i;
      int ks = k;

      if (l < mv->heap_len && mv->heap_key[l] < ks)
        {
          s = l;
          ks = mv->heap_key[l];
        }
      if (r < mv->heap_len && mv->heap_key[r] < ks)
        s = r;
      if (s == i)
        break;
      mv->heap[i] = mv->heap[s];
      mv->heap_key[i] = mv->heap_key[s];
      mv->heap_pos[mv->heap[i]] = (int) i;
      i = s;
    }
  mv->heap[i] = h;
  mv->heap_key[i] = k;
  mv->heap_pos[h] = (int) i;
  return top;
}

static void
engine_prepare (RdtMovement *mv,
                int          start)
{
  guint n = mv->model->n_hexes;
  int last = mv->last_start;

  mv->last_start = start;
  if (mv->capacity == n)
    {
      /* Only what the last search changed (issue 15): the hexes it closed
       * (its start and the settled ones); a finished search leaves the heap
       * empty and every heap_pos at -1.  The restriction arrays are reset
       * from their own lists (mover_restrictions(),
       * mover_stacking_restrictions()). */
      for (guint i = 0; i < mv->heap_len; i++)
        mv->heap_pos[mv->heap[i]] = -1;
      for (guint i = 0; i < mv->n_settled; i++)
        mv->closed[mv->settled[i]] = 0;
      if (last >= 0 && (guint) last < n)
        mv->closed[last] = 0;
      mv->heap_len = 0;
      mv->n_settled = 0;
      return;
    }
  mv->capacity = n;
  mv->heap = g_renew (int, mv->heap, n);
  mv->heap_key = g_renew (int, mv->heap_key, n);
  mv->heap_pos = g_renew (int, mv->heap_pos, n);
  mv->closed = g_renew (guint8, mv->closed, n);
  mv->settled = g_renew (int, mv->settled, n);
  g_free (mv->restriction);
  mv->restriction = g_new0 (guint8, n);
  g_array_set_size (mv->touched, 0);
  g_free (mv->forbid);
  g_free (mv->forbid_rule);
  g_free (mv->forbid_undecided);
  mv->forbid = g_new0 (guint16, n);
  mv->forbid_rule = g_new0 (guint8, n);
  mv->forbid_undecided = g_new0 (guint8, n);
  g_free (mv->forbid_touched);
  mv->forbid_touched = g_new (int, n);
  mv->n_forbid_touched = 0;
  mv->any_forbid = FALSE;
  memset (mv->heap_pos, 0xff, n * sizeof (int));
  memset (mv->closed, 0, n);
  mv->heap_len = 0;
  mv->n_settled = 0;
}

/* 7.1 for the mover, with its side's counts hoisted out of the hot loops. */
static inline gboolean
overstacks (const RdtMoveModel *m,
            const RdtMoveSide  *ms,
            const RdtMoveUnit  *mu,
            int                 h)
{
  if (mu->leader)
    return FALSE;
  if (mu->artillery)
    return ms->friendly_art[h] + 1 > m->max_art[h];
  return ms->friendly_sp[h] + mu->sp > m->max_sp[h];
}

/* Rifle ZOC costs (8.31 Important) of the first step out of the start hex,
 * where the unit may leave one rifle unit's ZOC and enter another's: +1 MP
 * (two halves) for leaving, +1 MP for entering. */
static int
rifle_step_cost (RdtMoveModel *m,
                 int           side,
                 RdtHex        from,
                 RdtHex        to)
{
  gboolean exits = FALSE, enters = FALSE;
  guint n = rdt_board_get_n_units (m->board);

  for (guint i = 0; i < n; i++)
    {
      const RdtBoardUnit *u = rdt_board_get_unit (m->board, i);
      gboolean in_from, in_to;

      if (!rdt_board_sides_are_enemies (m->board, u->side, side) || !(u->flags & RDT_BOARD_UNIT_RIFLE) ||
          (u->flags & RDT_BOARD_UNIT_AMUSETTE))
        continue;
      if (rdt_hex_grid_distance (m->grid, u->hex, from) > 2)
        continue;
      in_from = rdt_zoc_reason_exerts (rdt_zoc_unit_into (m->board, i, from));
      in_to = rdt_zoc_reason_exerts (rdt_zoc_unit_into (m->board, i, to));
      exits |= in_from && !in_to;
      enters |= in_to && !in_from;
    }
  return (exits ? 2 : 0) + (enters ? 2 : 0);
}

/* The cost in halves of stepping from @h across direction @d into @n, for a
 * normal move (the cheaper of along the road and across country) or along
 * the road only (@road_only).  -1 when @road_only and no road crosses. */
static inline int
step_cost (const RdtMoveModel *m,
           int                 h,
           int                 d,
           int                 n,
           gboolean            road_only)
{
  int k = h * 6 + d;
  int road = m->road_cost[k];
  int across = m->hex_cost[n] + m->side_cost[k] + m->side_fieldwork[k];
  int along;

  if (road < 0)
    return road_only ? -1 : across;
  /* Older 9.51: along a road, track or path the unit "ignores the cost of the
   * other terrain in the hex and of any other hexside terrain".  Current 9.4
   * Note: roads nullify the terrain in the road hex; the hexside costs still
   * add (9.4 cumulative; Brandywine 5.1 fords, Germantown 3.2.1 flechette). */
  if (m->older_roads)
    along = road;
  else
    along = road + m->side_cost[k] + m->side_fieldwork[k];
  if (road_only)
    return along;
  return MIN (along, across);
}

/* Lists the end hexes among @candidates in reach->hexes, by cost then label. */
static void
finish_reach (RdtReach     *reach,
              RdtMoveModel *m,
              const int    *candidates,
              guint         n_candidates)
{
  guint n_ends = 0;
  guint64 *keys;

  /* What the next reach_prepare() resets (issue 15). */
  {
    guint len = reach->dirty->len;
    int *out;

    g_array_set_size (reach->dirty, len + n_candidates + 1);
    out = &g_array_index (reach->dirty, int, len);
    if (reach->start_index >= 0)
      *out++ = reach->start_index;
    if (n_candidates > 0)
      memcpy (out, candidates, n_candidates * sizeof (int));
    out += n_candidates;
    g_array_set_size (reach->dirty, (guint) (out - (int *) (void *) reach->dirty->data));
    reach->all_dirty = FALSE;
  }

  /* The candidates come in the order the search settled them, so by
   * nondecreasing cost; order each run of equal cost by label, which is
   * the order of the hex indices (column-major): one key, cost then index. */
  g_array_set_size (reach->keys, n_candidates);
  keys = (guint64 *) (void *) reach->keys->data;
  for (guint i = 0; i < n_candidates; i++)
    {
      int h = candidates[i];
      guint64 key;
      guint j;

      if (!reach->end_ok[h])
        continue;
      reach->reason[h] = RDT_MOVE_REASON_NONE;
      key = ((guint64) (guint32) reach->cost[h] << 32) | (guint32) h;
      for (j = n_ends; j > 0 && keys[j - 1] > key; j--)
        keys[j] = keys[j - 1];
      keys[j] = key;
      n_ends++;
    }
  g_array_set_size (reach->hexes, n_ends);
  for (guint i = 0; i < n_ends; i++)
    {
      RdtReachHex *e = &g_array_index (reach->hexes, RdtReachHex, i);
      int h = (int) (keys[i] & 0xffffffffu);

      e->hex = rdt_hex_grid_hex_at_index (m->grid, (guint) h);
      e->cost_halves = reach->cost[h];
      e->flags = reach->flags[h];
    }
  if (reach->start_index >= 0)
    reach->reason[reach->start_index] = RDT_MOVE_REASON_START;
}

static void
set_all_reasons (RdtReach      *reach,
                 RdtMoveReason  why)
{
  reach->reasons_dirty = TRUE;
  memset (reach->reason, why, reach->n);
}

/* Records leaders alone in @h that entering captures (14.33). */
static void
note_captures (RdtReach     *reach,
               RdtMoveModel *m,
               int           side,
               int           h)
{
  for (guint i = 0; i < m->units->len; i++)
    {
      const RdtMoveUnit *u = &g_array_index (m->units, RdtMoveUnit, i);
      gboolean seen = FALSE;

      if (u->hex != h || !rdt_board_sides_are_enemies (m->board, u->side, side) || !u->leader)
        continue;
      for (guint j = 0; j < reach->capture_hex->len; j++)
        seen |= g_array_index (reach->capture_hex, int, j) == h &&
                strcmp (g_ptr_array_index (reach->capture_id, j), rdt_scenario_get_unit (m->scenario, i)->id) == 0;
      if (seen)
        continue;
      g_array_append_val (reach->capture_hex, h);
      g_ptr_array_add (reach->capture_id, g_strdup (rdt_scenario_get_unit (m->scenario, i)->id));
    }
}

/* The mover, as the steps of one reach see it. */
typedef struct {
  RdtMoveModel *m;
  RdtReach *reach;
  guint unit_index;
  const RdtUnit *unit;
  const RdtMoveUnit *mu;
  const RdtMoveSide *ms;
  const RdtGameContext *context;
  int start;
  int side;
  int allowance;
  guint kind_mask;
  gboolean disrupted;
  gboolean pinned;
  gboolean strategic;
  gboolean capturer;
  gboolean no_min_unit;
  gboolean any_leaders;
  /* No volume or stacking restriction marks a hex for this mover: a
   * plain hex of the side (RdtMoveSide.plain) needs only its hexside
   * checked (step_blocked()). */
  gboolean plain;
  const char *no_min_rule;  /* the rule behind no_min_unit / FORBID_NO_MINIMUM */
  guint8 start_zoc;
  /* Germantown 3.1.1: the allowance reduced if any of the move is off road
   * (charged on the first step off road); or that rule not decided. */
  int off_road_halves;
  int off_road_undecided_halves;
  guint8 off_road_undecided_rule;
  gboolean from_entry;      /* a reinforcement starting on its entry hex (9.11) */
  gboolean other_entry;     /* its entry hex is blocked: the nearest unblocked hexes (Germantown 3.4) */
} Mover;

/* Whether an enemy leader of @side is on the map (14.33), worked out once per
 * model snapshot for every side instead of a pass over all units in every
 * search (issue 15). */
static gboolean
any_enemy_leaders (RdtMovement  *mv,
                   RdtMoveModel *m,
                   int           side)
{
  if (mv->leaders_snapshot == NULL || mv->leaders_snapshot != m->snapshot)
    {
      g_clear_pointer (&mv->leaders_snapshot, snapshot_unref);
      g_clear_pointer (&mv->any_leaders, g_free);
      if (m->snapshot != NULL)
        mv->leaders_snapshot = snapshot_ref (m->snapshot);
      mv->any_leaders = g_new0 (guint8, MAX (m->n_sides, 1));
      for (guint i = 0; i < m->units->len; i++)
        {
          const RdtMoveUnit *u = &g_array_index (m->units, RdtMoveUnit, i);

          if (!u->leader || u->hex < 0)
            continue;
          for (guint s = 0; s < m->n_sides; s++)
            mv->any_leaders[s] |= rdt_board_sides_are_enemies (m->board, u->side, (int) s);
        }
    }
  return side >= 0 && (guint) side < m->n_sides && mv->any_leaders[side];
}

/* Checks the unit and its side and fills @o; FALSE with @error. */
static gboolean
mover_init (RdtMovement          *mv,
            guint                 unit_index,
            const RdtMoveOptions *options,
            RdtReach             *reach,
            Mover                *o,
            GError              **error)
{
  RdtMoveModel *m = mv->model;
  const RdtMoveRules *rules = m->rules;
  gboolean reinforcement;

  memset (o, 0, sizeof *o);
  o->m = m;
  o->reach = reach;
  o->unit_index = unit_index;
  o->context = options->context;
  if (unit_index >= m->units->len)
    {
      g_set_error (error, RDT_MOVE_ERROR, RDT_MOVE_ERROR_UNKNOWN_UNIT,
                   _("No unit number %u in the scenario"), unit_index);
      return FALSE;
    }
  o->unit = rdt_scenario_get_unit (m->scenario, unit_index);
  o->mu = &g_array_index (m->units, RdtMoveUnit, unit_index);
  o->side = o->mu->side;
  if (o->side < 0 || (guint) o->side >= m->n_sides)
    {
      g_set_error (error, RDT_MOVE_ERROR, RDT_MOVE_ERROR_INVALID,
                   _("Unit “%s” belongs to no side of the scenario"), o->unit->id);
      return FALSE;
    }
  o->start = _rdt_move_model_start (m, unit_index, &reinforcement);
  o->from_entry = reinforcement;
  if (o->start < 0)
    {
      g_set_error (error, RDT_MOVE_ERROR, RDT_MOVE_ERROR_NOT_ON_MAP,
                   _("Unit “%s” is not in a hex of the map nor arriving at an entry hex"),
                   o->unit->id);
      return FALSE;
    }

  reach_prepare (reach, m);
  engine_prepare (mv, o->start);
  if (g_strcmp0 (reach->unit_id, o->unit->id) != 0)
    {
      g_free (reach->unit_id);
      reach->unit_id = g_strdup (o->unit->id);
    }
  reach->start_index = o->start;
  reach->start = rdt_hex_grid_hex_at_index (m->grid, (guint) o->start);
  reach->cost[o->start] = 0;

  o->ms = &m->sides[o->side];
  o->strategic = options->strategic;
  o->allowance = options->allowance_halves >= 0 ? options->allowance_halves : 2 * o->unit->movement;
  /* 3.1, 9.5: up to twice the printed movement allowance. */
  if (o->strategic)
    o->allowance *= 2;
  reach->allowance = o->allowance;
  reach->strategic = o->strategic;
  o->kind_mask = RDT_UNIT_KIND_MASK (o->unit->kind);
  o->disrupted = o->unit->status == RDT_UNIT_STATUS_DISRUPTED;
  o->pinned = rdt_unit_has_state (o->unit, "pinned");
  /* 14.33: Parade Order or disrupted enemy combat units capture. */
  o->capturer = !o->mu->leader && o->unit->status != RDT_UNIT_STATUS_SHATTERED;
  o->no_min_unit = (rules->no_minimum_move_kinds & o->kind_mask) != 0 ||
                   strv_has (rules->no_minimum_move_units, o->unit->id) || m->hex_no_min[o->start];
  o->no_min_rule = rules->no_minimum_move_rule;
  o->start_zoc = o->ms->enemy_zoc[o->start];
  reach->side = o->side;
  reach->kind_mask = o->kind_mask;
  reach->sp = o->mu->sp;
  reach->artillery = o->mu->artillery;
  reach->leader = o->mu->leader;
  reach->capturer = o->capturer;
  o->any_leaders = o->capturer && any_enemy_leaders (mv, m, o->side);
  return TRUE;
}

/* Stops the whole move for @why (rule: the data's, or the enum's). */
static void
stop_unit (Mover         *o,
           RdtMoveReason  why,
           const char    *rule)
{
  o->reach->unit_reason = why;
  o->reach->unit_rule = reach_rule (o->reach, rule);
  set_all_reasons (o->reach, why);
  finish_reach (o->reach, o->m, NULL, 0);
}

/* Marks hex @h for a restriction of the volume. */
static inline void
forbid_hex (RdtMovement *mv,
            int          h,
            guint16      bits,
            guint8       rule)
{
  if (mv->forbid[h] == 0)
    mv->forbid_touched[mv->n_forbid_touched++] = h;
  if ((bits & ~(FORBID_UNDECIDED_ENTER | FORBID_UNDECIDED_END)) && mv->forbid_rule[h] == 0)
    mv->forbid_rule[h] = rule;
  if ((bits & (FORBID_UNDECIDED_ENTER | FORBID_UNDECIDED_END)) && mv->forbid_undecided[h] == 0)
    mv->forbid_undecided[h] = rule;
  mv->forbid[h] |= bits;
}

/* An end-with or no-end-with restriction of the volume that may bind the
 * mover: marks the hexes of the friendly `with` units (Brandywine 3.3.2,
 * Savannah 4.1), or every other hex (Brandywine 3.3.1, "if such units are
 * in play"). */
static void
mover_with_restriction (RdtMovement *mv,
                        Mover       *o,
                        guint        r,
                        gboolean     on,
                        RdtDepends   depends)
{
  RdtMoveModel *m = o->m;
  const RdtRestriction *rs = rdt_volume_get_restriction (m->volume, r);
  guint8 rule;
  g_autofree guint8 *with = g_new0 (guint8, m->n_hexes);
  const guint8 *cover = m->restriction_cover[r];
  gboolean any = FALSE;

  /* Savannah 4.1: the classes not stated, the rule is not decided for the
   * pairs that could conflict, and off for the others. */
  if (rs->undecided_classes != NULL)
    {
      on = FALSE;
      depends = RDT_DEPENDS_UNIT_DATA;
    }
  rule = reach_rule_depends (o->reach, rs->rule, depends);
  for (guint i = 0; i < m->units->len; i++)
    {
      const RdtMoveUnit *u = &g_array_index (m->units, RdtMoveUnit, i);

      if (i == o->unit_index || u->hex < 0 ||
          rdt_board_sides_are_enemies (m->board, u->side, o->side) ||
          !rdt_restriction_selects_with (rs, rdt_scenario_get_unit (m->scenario, i)))
        continue;
      if (rs->undecided_classes != NULL &&
          !rdt_restriction_class_pair_undecided (rs, rdt_scenario_get_unit (m->scenario, o->unit_index),
                                                 rdt_scenario_get_unit (m->scenario, i)))
        continue;
      with[u->hex] = 1;
      any = TRUE;
    }
  if (!any)
    return;
  for (guint h = 0; h < m->n_hexes; h++)
    {
      guint16 bits;

      if ((int) h == o->start || (cover != NULL && !cover[h]))
        continue;
      if (rs->effect == RDT_RESTRICTION_END_WITH)
        {
          if (with[h])
            continue;
          bits = on ? FORBID_END_WITH : FORBID_UNDECIDED_END;
        }
      else
        {
          if (!with[h])
            continue;
          if (rs->may_pass)
            bits = on ? FORBID_STACK_END : FORBID_UNDECIDED_END;
          else
            bits = on ? FORBID_STACK_ENTER : FORBID_UNDECIDED_ENTER;
        }
      forbid_hex (mv, (int) h, bits, rule);
    }
  mv->any_forbid = TRUE;
}

/* The volume's <restriction>s for the mover in the options' game context.
 * TRUE when one stops the whole move (the reach is then finished). */
static gboolean
mover_restrictions (RdtMovement *mv,
                    Mover       *o)
{
  RdtMoveModel *m = o->m;
  RdtReach *reach = o->reach;
  guint n = m->n_hexes;

  /* Only the hexes the last mover's restrictions marked (issue 15). */
  for (guint i = 0; i < mv->n_forbid_touched; i++)
    {
      int h = mv->forbid_touched[i];

      mv->forbid[h] = 0;
      mv->forbid_rule[h] = 0;
      mv->forbid_undecided[h] = 0;
    }
  mv->n_forbid_touched = 0;
  mv->any_forbid = FALSE;
  for (guint r = 0; r < m->n_restrictions; r++)
    {
      const RdtRestriction *rs = rdt_volume_get_restriction (m->volume, r);
      RdtDepends depends = RDT_DEPENDS_NOTHING;
      RdtRuleVerdict verdict;
      gboolean on;
      guint16 bits;

      if (!rs->on_move)
        continue;
      verdict = rdt_restriction_binds (rs, m->scenario, o->unit_index, o->context, &depends);
      if (verdict == RDT_RULE_OFF)
        continue;
      on = verdict == RDT_RULE_ON;
      switch (rs->effect)
        {
        case RDT_RESTRICTION_NO_MOVE:
          /* The place is where the unit is (Germantown 3.3: outside the
           * turn-1 area). */
          if (!_rdt_move_model_covers (m, r, o->start))
            break;
          if (on)
            {
              stop_unit (o, RDT_MOVE_REASON_RESTRICTED, rs->rule);
              return TRUE;
            }
          if (reach->undecided_unit == 0)
            reach->undecided_unit = reach_rule_depends (reach, rs->rule, depends);
          break;
        case RDT_RESTRICTION_NO_STRATEGIC:
          if (!o->strategic || !_rdt_move_model_covers (m, r, o->start))
            break;
          if (on)
            {
              stop_unit (o, RDT_MOVE_REASON_RESTRICTED_STRATEGIC, rs->rule);
              return TRUE;
            }
          if (reach->undecided_unit == 0)
            reach->undecided_unit = reach_rule_depends (reach, rs->rule, depends);
          break;
        case RDT_RESTRICTION_NO_MINIMUM_MOVE:
          /* Savannah 4.19: no time condition, so only a decided one counts. */
          if (!on)
            break;
          o->no_min_rule = rs->rule;
          if (m->restriction_cover[r] == NULL || m->restriction_cover[r][o->start])
            o->no_min_unit = TRUE;
          else
            {
              guint8 rule = reach_rule (reach, rs->rule);
              for (guint h = 0; h < n; h++)
                if (m->restriction_cover[r][h])
                  forbid_hex (mv, (int) h, FORBID_NO_MINIMUM, rule);
              mv->any_forbid = TRUE;
            }
          break;
        case RDT_RESTRICTION_NO_ENTER:
        case RDT_RESTRICTION_NO_END:
          if (rs->effect == RDT_RESTRICTION_NO_ENTER)
            bits = on ? FORBID_ENTER : FORBID_UNDECIDED_ENTER;
          else
            bits = on ? FORBID_END : FORBID_UNDECIDED_END;
          {
            guint8 rule = reach_rule_depends (reach, rs->rule, depends);
            const guint8 *cover = m->restriction_cover[r];
            for (guint h = 0; h < n; h++)
              if ((int) h != o->start && (cover == NULL || cover[h]))
                forbid_hex (mv, (int) h, bits, rule);
          }
          mv->any_forbid = TRUE;
          break;
        case RDT_RESTRICTION_END_WITH:
        case RDT_RESTRICTION_NO_END_WITH:
          mover_with_restriction (mv, o, r, on, depends);
          break;
        case RDT_RESTRICTION_BLOCKED_ENTRY:
          /* Germantown 3.4: "If enemy units or their ZOCs occupy an entry
           * hex, reinforcements may enter at the nearest unblocked hex". */
          if (!o->from_entry ||
              !(o->ms->enemy_combat[o->start] > 0 || (o->ms->enemy_zoc[o->start] & 1)))
            break;
          if (on)
            o->other_entry = TRUE;
          else if (reach->undecided_unit == 0)
            reach->undecided_unit = reach_rule_depends (reach, rs->rule, depends);
          break;
        case RDT_RESTRICTION_MAY_PASS_OVERSTACKED:
          /* An exception, not a restriction: only a decided one lifts 7.2. */
          if (!on)
            break;
          {
            guint8 rule = reach_rule (reach, rs->rule);
            const guint8 *cover = m->restriction_cover[r];
            for (guint h = 0; h < n; h++)
              if ((int) h != o->start && (cover == NULL || cover[h]))
                forbid_hex (mv, (int) h, FORBID_PASS_OVERSTACKED, rule);
          }
          mv->any_forbid = TRUE;
          break;
        case RDT_RESTRICTION_OFF_ROAD_PENALTY:
          /* Strategic movement keeps to the roads anyway. */
          if (o->strategic)
            break;
          if (on)
            o->off_road_halves = MAX (o->off_road_halves, rs->mp_halves);
          else if (o->off_road_undecided_rule == 0)
            {
              o->off_road_undecided_halves = rs->mp_halves;
              o->off_road_undecided_rule = reach_rule_depends (reach, rs->rule, depends);
            }
          break;
        case RDT_N_RESTRICTION_EFFECTS:
        default:
          break;
        }
    }
  return FALSE;
}

/* The volume's stacking restrictions of RdtMoveRules (Savannah 4.1 given by
 * the caller), per hex for this unit. */
static void
mover_stacking_restrictions (RdtMovement *mv,
                             Mover       *o)
{
  RdtMoveModel *m = o->m;

  for (guint i = 0; i < mv->touched->len; i++)
    mv->restriction[g_array_index (mv->touched, int, i)] = 0;
  g_array_set_size (mv->touched, 0);
  if (m->rules->stacking_restrictions->len == 0)
    return;
  for (guint i = 0; i < m->units->len; i++)
    {
      const RdtMoveUnit *u = &g_array_index (m->units, RdtMoveUnit, i);
      const char *rule = NULL;
      int level;

      if (i == o->unit_index || u->hex < 0 || rdt_board_sides_are_enemies (m->board, u->side, o->side) ||
          mv->restriction[u->hex] != 0)
        continue;
      level = _rdt_move_model_restriction (m, o->unit_index, u->hex, FALSE, &rule);
      if (level > 0)
        {
          mv->restriction[u->hex] = (guint8) level;
          o->reach->rule_index[u->hex] = reach_rule (o->reach, rule);
          g_array_append_val (mv->touched, u->hex);
          g_array_append_val (o->reach->dirty, u->hex);
        }
    }
}

/* Rifle ZOC cost (8.31 Important) of stepping from the start hex into @n:
 * +1 MP to leave one enemy rifle unit's ZOC, +1 MP to enter one; moving
 * within the same rifle unit's ZOC neither leaves nor enters it.  Applies
 * to every moving unit, disrupted ones included. */
static inline int
rifle_cost_from_start (const Mover *o,
                       int          n)
{
  if (!((o->start_zoc | o->ms->enemy_zoc[n]) & 2))
    return 0;
  return rifle_step_cost (o->m, o->side, o->reach->start,
                          rdt_hex_grid_hex_at_index (o->m->grid, (guint) n));
}

/* The volume's end conditions for a hex the unit reached: a restriction
 * that forbids ending there (no-end, end-with, no-end-with), or one not
 * decided.  TRUE when the unit may end there as far as they go. */
static gboolean
mover_may_end (RdtMovement *mv,
               Mover       *o,
               int          h)
{
  RdtReach *reach = o->reach;

  if (mv->any_forbid)
    {
      /* Brandywine 3.3.3: passed through, never ended in, overstacked. */
      if ((mv->forbid[h] & FORBID_PASS_OVERSTACKED) && overstacks (o->m, o->ms, o->mu, h))
        {
          reach->reason[h] = RDT_MOVE_REASON_OVERSTACKED;
          return FALSE;
        }
      if (mv->forbid[h] & (FORBID_END | FORBID_STACK_END | FORBID_END_WITH))
        {
          reach->reason[h] = (mv->forbid[h] & FORBID_END) ? RDT_MOVE_REASON_RESTRICTED_END
                           : (mv->forbid[h] & FORBID_END_WITH) ? RDT_MOVE_REASON_END_WITH
                           : RDT_MOVE_REASON_VOLUME_STACKING;
          if (mv->forbid[h] & FORBID_STACK_END)
            reach->flags[h] |= RDT_REACH_PASS_ONLY;
          reach->rule_index[h] = mv->forbid_rule[h];
          return FALSE;
        }
      if (mv->forbid[h] & (FORBID_UNDECIDED_END | FORBID_UNDECIDED_ENTER))
        {
          reach->flags[h] |= RDT_REACH_UNDECIDED;
          reach->undecided[h] = mv->forbid_undecided[h];
        }
      /* A path through a hex a rule not decided may close. */
      for (int p = reach->prev[h]; p >= 0 && p != o->start && reach->undecided[h] == 0;
           p = reach->prev[p])
        if (mv->forbid[p] & FORBID_UNDECIDED_ENTER)
          {
            reach->flags[h] |= RDT_REACH_UNDECIDED;
            reach->undecided[h] = mv->forbid_undecided[p];
          }
    }
  return TRUE;
}

/* Why the unit may not step into @n across direction @d of @h, apart from
 * costs, ZOC and strategic movement, or NONE: 9.3, 7.2, the volume's
 * stacking and restrictions, hexside prohibitions. */
static inline RdtMoveReason
step_blocked (RdtMovement *mv,
              const Mover *o,
              int          n,
              int          k)
{
  const RdtMoveModel *m = o->m;
  const RdtMoveSide *ms = o->ms;

  /* Most hexes: none of what follows but the hexside can apply. */
  if (o->plain && ms->plain[n])
    goto hexside;
  /* 9.3: never into an enemy-occupied hex; leaders alone are captured by
   * combat units instead (14.33). */
  if (ms->enemy_combat[n] > 0 || (ms->enemy_leaders[n] > 0 && !o->capturer))
    return RDT_MOVE_REASON_ENEMY_OCCUPIED;
  if (m->hex_prohibited[n] & o->kind_mask)
    return RDT_MOVE_REASON_PROHIBITED_TERRAIN;
  /* 7.2: never through a hex in excess of stacking limits, unless the
   * volume lets the unit pass there (Brandywine 3.3.3). */
  if (overstacks (m, ms, o->mu, n) &&
      !(mv->any_forbid && (mv->forbid[n] & FORBID_PASS_OVERSTACKED)))
    return RDT_MOVE_REASON_OVERSTACKED;
  if (mv->restriction[n] == 2)
    return RDT_MOVE_REASON_VOLUME_STACKING;
  if (mv->any_forbid && (mv->forbid[n] & (FORBID_ENTER | FORBID_STACK_ENTER)))
    return (mv->forbid[n] & FORBID_ENTER) ? RDT_MOVE_REASON_RESTRICTED_ENTER
                                          : RDT_MOVE_REASON_VOLUME_STACKING;
hexside:
  if (!(m->side_bits[k] & _RDT_MS_CREEK) && (m->side_prohibited[k] & o->kind_mask))
    return RDT_MOVE_REASON_PROHIBITED_HEXSIDE;
  return RDT_MOVE_REASON_NONE;
}

static inline void
note_blocked (RdtMovement   *mv,
              Mover         *o,
              int            n,
              RdtMoveReason  why,
              int            at_cost)
{
  note (o->reach, n, why, at_cost);
  if ((why == RDT_MOVE_REASON_RESTRICTED_ENTER ||
       (why == RDT_MOVE_REASON_VOLUME_STACKING && mv->any_forbid && (mv->forbid[n] & FORBID_STACK_ENTER))) &&
      o->reach->reason[n] == why)
    o->reach->rule_index[n] = mv->forbid_rule[n];
}

/* 13.3: a disrupted unit moves one hex, never adjacent to an enemy unit;
 * if it begins adjacent it must move away from as many as possible. */
static void
reach_disrupted (RdtMovement *mv,
                 Mover       *o)
{
  RdtMoveModel *m = o->m;
  RdtReach *reach = o->reach;
  const RdtMoveSide *ms = o->ms;
  int start = o->start;
  int best = G_MAXINT;
  gboolean must = ms->enemy_adjacent[start] > 0;
  int cand[6];

  for (int d = 0; d < 6; d++)
    {
      int n = m->nb[start * 6 + d];
      int k = start * 6 + d;
      RdtMoveReason why;
      int c, rz;

      cand[d] = -1;
      if (n < 0)
        continue;
      c = step_cost (m, start, d, n, FALSE);
      /* 8.31 Important applies to disrupted units too. */
      rz = rifle_cost_from_start (o, n);
      c += rz;
      why = step_blocked (mv, o, n, k);
      if (why == RDT_MOVE_REASON_NONE && (m->side_bits[k] & _RDT_MS_CREEK))
        why = RDT_MOVE_REASON_CREEK_UNIT;
      if (why != RDT_MOVE_REASON_NONE)
        note_blocked (mv, o, n, why, 0);
      else if (mv->restriction[n] == 1)
        note (reach, n, RDT_MOVE_REASON_VOLUME_STACKING, 0);
      else if (c > o->allowance &&
               (o->no_min_unit || m->hex_no_min[n] || (mv->any_forbid && (mv->forbid[n] & FORBID_NO_MINIMUM))))
        {
          note (reach, n, RDT_MOVE_REASON_NO_MINIMUM_MOVE, 0);
          reach->rule_index[n] = reach_rule (reach, o->no_min_rule);
        }
      else if (o->strategic && !(m->side_bits[k] & _RDT_MS_ROAD_STRATEGIC))
        note (reach, n, RDT_MOVE_REASON_STRATEGIC_OFF_ROAD, 0);
      else
        {
          cand[d] = n;
          reach->cost[n] = c;
          reach->prev[n] = start;
          if (rz > 0)
            reach->flags[n] |= RDT_REACH_RIFLE_ZOC;
          if (ms->enemy_adjacent[n] < best)
            best = ms->enemy_adjacent[n];
        }
    }
  {
    guint8 keep[6];

    for (int d = 0; d < 6; d++)
      keep[d] = m->nb[start * 6 + d] >= 0 ? reach->reason[m->nb[start * 6 + d]] : 0;
    set_all_reasons (reach, RDT_MOVE_REASON_DISRUPTED_ONE_HEX);
    for (int d = 0; d < 6; d++)
      if (m->nb[start * 6 + d] >= 0)
        reach->reason[m->nb[start * 6 + d]] = keep[d];
  }
  for (int d = 0; d < 6; d++)
    {
      int n = cand[d];
      if (n < 0)
        continue;
      if (!must && ms->enemy_adjacent[n] > 0)
        note (reach, n, RDT_MOVE_REASON_DISRUPTED_ADJACENT, 0);
      else if (must && ms->enemy_adjacent[n] > best)
        note (reach, n, RDT_MOVE_REASON_DISRUPTED_MOVE_AWAY, 0);
      else if (mover_may_end (mv, o, n))
        {
          reach->end_ok[n] = 1;
          if (ms->enemy_zoc[n] & 1)
            reach->flags[n] |= RDT_REACH_ZOC_STOP;
          if (reach->cost[n] > o->allowance)
            reach->flags[n] |= RDT_REACH_MINIMUM_MOVE;
          if (must)
            reach->flags[n] |= RDT_REACH_MUST_MOVE;
          if (o->capturer && ms->enemy_leaders[n] > 0)
            {
              reach->flags[n] |= RDT_REACH_CAPTURE;
              note_captures (reach, m, o->side, n);
            }
        }
    }
  {
    int list[6];
    guint k = 0;

    for (int d = 0; d < 6; d++)
      if (cand[d] >= 0)
        list[k++] = cand[d];
    finish_reach (reach, m, list, k);
  }
}

/* Dijkstra over hexes.  A hex entered in an enemy ZOC is a stop state
 * (8.31): it is settled but never expanded.  The start hex may be in an
 * enemy ZOC and is expanded (8.32). */
static void
reach_search (RdtMovement *mv,
              Mover       *o)
{
  RdtMoveModel *m = o->m;
  RdtReach *reach = o->reach;
  const RdtMoveSide *ms = o->ms;
  const int start = o->start;
  const int allowance = o->allowance;
  const gboolean strategic = o->strategic;

  if (!o->other_entry)
    heap_push_or_decrease (mv, reach->cost, start);
  else
    {
      /* Germantown 3.4: enter at the nearest hexes neither enemy-occupied
       * nor in an enemy ZOC (the owner chooses among equals), paying their
       * terrain cost; the blocked entry hex is not where the unit is. */
      int best = G_MAXINT;
      RdtHex entry = reach->start;

      for (int pass = 0; pass < 2; pass++)
        for (guint i = 0; i < m->n_hexes; i++)
          {
            int d;

            if ((int) i == start || ms->enemy_combat[i] > 0 || (ms->enemy_zoc[i] & 1) ||
                (m->hex_prohibited[i] & o->kind_mask) || overstacks (m, ms, o->mu, (int) i))
              continue;
            d = rdt_hex_grid_distance (m->grid, entry, rdt_hex_grid_hex_at_index (m->grid, i));
            if (pass == 0)
              best = MIN (best, d);
            else if (d == best)
              {
                reach->cost[i] = m->hex_cost[i];
                reach->prev[i] = -1;
                reach->flags[i] = RDT_REACH_OTHER_ENTRY;
                heap_push_or_decrease (mv, reach->cost, (int) i);
              }
          }
      mv->closed[start] = 1;
    }
  while (mv->heap_len > 0)
    {
      int h = heap_pop (mv);
      int c = reach->cost[h];
      gboolean at_start = h == start;

      mv->closed[h] = 1;
      if (!at_start)
        mv->settled[mv->n_settled++] = h;
      if (!at_start && (ms->enemy_zoc[h] & 1))
        {
          /* 8.31: movement ends here; what lies beyond is stopped by the ZOC. */
          for (int d = 0; d < 6; d++)
            {
              int n = m->nb[h * 6 + d];
              if (n >= 0 && !mv->closed[n])
                note (reach, n, RDT_MOVE_REASON_ZOC, c);
            }
          continue;
        }
      if (!at_start && (reach->flags[h] & (RDT_REACH_MINIMUM_MOVE | RDT_REACH_WHOLE_ALLOWANCE)))
        continue;

      for (int d = 0; d < 6; d++)
        {
          int n = m->nb[h * 6 + d];
          int k = h * 6 + d;
          int sc, nc, rz;
          guint16 fl = 0;
          RdtMoveReason why;

          if (n < 0 || mv->closed[n])
            continue;
          why = step_blocked (mv, o, n, k);
          if (why != RDT_MOVE_REASON_NONE)
            {
              note_blocked (mv, o, n, why, c);
              continue;
            }
          /* Brandywine 5.1: a non-ford creek hexside. */
          if (m->side_bits[k] & _RDT_MS_CREEK)
            {
              if (!at_start)
                note (reach, n, RDT_MOVE_REASON_CREEK, c);
              else if (o->mu->artillery)
                note (reach, n, RDT_MOVE_REASON_CREEK_UNIT, c);
              else if (strategic)
                note (reach, n, RDT_MOVE_REASON_STRATEGIC_OFF_ROAD, c);
              else if ((o->start_zoc & 1) && (ms->enemy_zoc[n] & 1))
                note (reach, n, RDT_MOVE_REASON_CREEK_ZOC, c);
              else if (reach->cost[n] < 0 || reach->cost[n] > allowance)
                {
                  reach->cost[n] = MAX (allowance, 0);
                  reach->prev[n] = h;
                  reach->flags[n] = RDT_REACH_WHOLE_ALLOWANCE;
                  heap_push_or_decrease (mv, reach->cost, n);
                }
              continue;
            }
          if (strategic)
            {
              /* 3.1, 9.5: only along roads of types that allow it, never
               * across a hexside that forbids it (Brandywine 5.1, 3.5 as
               * data; older 9.52: fords never impede), never adjacent to
               * enemy units. */
              if (m->road_cost[k] < 0)
                {
                  note (reach, n, RDT_MOVE_REASON_STRATEGIC_OFF_ROAD, c);
                  continue;
                }
              if (!(m->side_bits[k] & _RDT_MS_ROAD_STRATEGIC))
                {
                  note (reach, n, RDT_MOVE_REASON_STRATEGIC_ROAD_TYPE, c);
                  continue;
                }
              if (!m->older_roads && (m->side_bits[k] & _RDT_MS_WATER_NO_STRAT))
                {
                  note (reach, n, RDT_MOVE_REASON_STRATEGIC_HEXSIDE, c);
                  /* Cite the water type's own rule, its first clause
                   * (Brandywine 3.5, 5.1 for a primary ford). */
                  if (reach->reason[n] == RDT_MOVE_REASON_STRATEGIC_HEXSIDE && m->side_water[k] >= 0)
                    {
                      const char *tr = rdt_volume_get_hexside_type (m->volume, m->side_water[k])->rule;
                      if (tr != NULL)
                        {
                          g_autofree char *first = g_strndup (tr, strcspn (tr, ";"));
                          reach->rule_index[n] = reach_rule (reach, g_strstrip (first));
                        }
                    }
                  continue;
                }
              if (ms->enemy_adjacent[n] > 0)
                {
                  note (reach, n, RDT_MOVE_REASON_STRATEGIC_ADJACENT, c);
                  continue;
                }
            }
          sc = step_cost (m, h, d, n, strategic);
          /* 8.31 Important: +1 MP to enter or exit an enemy rifle unit's
           * ZOC.  Only the first step can leave one (any other hex in an
           * enemy ZOC ends the move), and it is charged per rifle unit. */
          if (at_start)
            rz = rifle_cost_from_start (o, n);
          else
            rz = (ms->enemy_zoc[n] & 2) ? 2 : 0;
          sc += rz;
          if (rz > 0)
            fl |= RDT_REACH_RIFLE_ZOC;
          fl |= reach->flags[h] & RDT_REACH_OTHER_ENTRY;
          /* Germantown 3.1.1: the first step off a road, lane or trail pays
           * the allowance's reduction; the path remembers it was paid (a
           * paid state of equal or lower cost dominates an unpaid one). */
          if (o->off_road_halves > 0 || o->off_road_undecided_rule > 0)
            {
              fl |= reach->flags[h] & RDT_REACH_OFF_ROAD;
              if (m->road_cost[k] < 0 && !(fl & RDT_REACH_OFF_ROAD))
                {
                  fl |= RDT_REACH_OFF_ROAD;
                  sc += o->off_road_halves;
                }
            }
          nc = c + sc;
          if (nc > allowance)
            {
              /* 9.2 Note: a unit may always move one hex, unless the volume
               * says otherwise (Savannah 4.19). */
              if (!at_start || strategic)
                {
                  note (reach, n, RDT_MOVE_REASON_ALLOWANCE, nc);
                  continue;
                }
              if (o->no_min_unit || m->hex_no_min[n] ||
                  (mv->any_forbid && (mv->forbid[n] & FORBID_NO_MINIMUM)))
                {
                  note (reach, n, RDT_MOVE_REASON_NO_MINIMUM_MOVE, c);
                  reach->rule_index[n] = reach_rule (reach, o->no_min_rule);
                  continue;
                }
              fl |= RDT_REACH_MINIMUM_MOVE;
            }
          if (reach->cost[n] < 0 || nc < reach->cost[n])
            {
              reach->cost[n] = nc;
              reach->prev[n] = h;
              reach->flags[n] = fl;
              heap_push_or_decrease (mv, reach->cost, n);
            }
        }
    }
}

/* Which settled hexes are legal ends.  Unreached hexes the unit may not
 * enter at all answer through reason_at(); the volume's restrictions are
 * per mover, so they are written here. */
static void
reach_ends (RdtMovement *mv,
            Mover       *o)
{
  RdtMoveModel *m = o->m;
  RdtReach *reach = o->reach;
  const RdtMoveSide *ms = o->ms;

  reach->lazy = TRUE;
  for (guint i = 0; i < mv->touched->len; i++)
    {
      int h = g_array_index (mv->touched, int, i);
      if (reach->cost[h] < 0 && mv->restriction[h] == 2)
        reach->reason[h] = RDT_MOVE_REASON_VOLUME_STACKING;
    }
  for (guint i = 0; i < mv->n_settled; i++)
    {
      int h = mv->settled[i];

      if (ms->enemy_zoc[h] & 1)
        reach->flags[h] |= RDT_REACH_ZOC_STOP;
      if (o->capturer && ms->enemy_leaders[h] > 0)
        {
          reach->flags[h] |= RDT_REACH_CAPTURE;
          note_captures (reach, m, o->side, h);
        }
      if (o->pinned)
        reach->flags[h] |= RDT_REACH_PINNED_AM;
      if (o->capturer && o->any_leaders)
        {
          /* An enemy leader on the path from the start (the start not
           * counted): the hex before is settled earlier, so its own flag
           * already says so for the rest of the path. */
          int p = reach->prev[h];

          if (p >= 0 && p != o->start &&
              (ms->enemy_leaders[p] > 0 || (reach->flags[p] & RDT_REACH_CAPTURE_ON_PATH)))
            reach->flags[h] |= RDT_REACH_CAPTURE_ON_PATH;
        }
      if (o->pinned && ms->enemy_adjacent[h] > 0)
        {
          reach->reason[h] = RDT_MOVE_REASON_PINNED_ADJACENT;
          continue;
        }
      if (mv->restriction[h] == 1)
        {
          /* Savannah 4.1: may pass through, not end the phase stacked. */
          reach->flags[h] |= RDT_REACH_PASS_ONLY;
          reach->reason[h] = RDT_MOVE_REASON_VOLUME_STACKING;
          continue;
        }
      if (o->off_road_undecided_rule > 0 && (reach->flags[h] & RDT_REACH_OFF_ROAD))
        {
          /* Fog not decided: legal only if there is none, when the
           * reduction would put the hex out of reach. */
          reach->flags[h] &= ~RDT_REACH_OFF_ROAD;
          if (reach->cost[h] + o->off_road_undecided_halves > o->allowance &&
              !(reach->flags[h] & RDT_REACH_MINIMUM_MOVE) && reach->undecided[h] == 0)
            {
              reach->flags[h] |= RDT_REACH_UNDECIDED;
              reach->undecided[h] = o->off_road_undecided_rule;
            }
        }
      if (!mover_may_end (mv, o, h))
        continue;
      reach->end_ok[h] = 1;
    }
  finish_reach (reach, m, mv->settled, mv->n_settled);
}

gboolean
rdt_movement_reach_into (RdtMovement          *mv,
                         guint                 unit_index,
                         const RdtMoveOptions *options,
                         RdtReach             *reach,
                         GError              **error)
{
  RdtMoveOptions defaults;
  Mover o;

  g_return_val_if_fail (mv != NULL, FALSE);
  g_return_val_if_fail (reach != NULL, FALSE);
  if (options == NULL)
    {
      rdt_move_options_init (&defaults);
      options = &defaults;
    }
  _rdt_move_model_update (mv->model);
  if (!mover_init (mv, unit_index, options, reach, &o, error))
    return FALSE;

  /* 13.4, 9.3: shattered units may not move. */
  if (o.unit->status == RDT_UNIT_STATUS_SHATTERED)
    {
      stop_unit (&o, RDT_MOVE_REASON_SHATTERED, NULL);
      return TRUE;
    }
  /* 9.5: strategic movement may not begin adjacent to enemy units. */
  if (o.strategic && o.ms->enemy_adjacent[o.start] > 0)
    {
      stop_unit (&o, RDT_MOVE_REASON_STRATEGIC_START, NULL);
      return TRUE;
    }
  /* The volume's restrictions (exclusive rules as data). */
  if (mover_restrictions (mv, &o))
    return TRUE;
  mover_stacking_restrictions (mv, &o);
  o.plain = !mv->any_forbid && mv->touched->len == 0;

  if (o.disrupted)
    reach_disrupted (mv, &o);
  else
    {
      reach_search (mv, &o);
      reach_ends (mv, &o);
    }
  return TRUE;
}

gboolean
rdt_movement_explain (RdtMovement          *movement,
                      const char           *unit_id,
                      const RdtMoveOptions *options,
                      const RdtReach       *reach,
                      RdtHex                hex,
                      RdtMoveExplanation   *out,
                      GError              **error)
{
  g_autoptr(RdtReach) wide = NULL;
  RdtMoveOptions unlimited;
  RdtMoveReason why;
  int h;

  g_return_val_if_fail (movement != NULL && reach != NULL && out != NULL, FALSE);
  memset (out, 0, sizeof *out);
  out->cost_halves = -1;
  why = rdt_reach_get_reason (reach, hex);
  out->reason = why;
  g_strlcpy (out->rule, rdt_reach_get_reason_rule (reach, hex), sizeof out->rule);
  if (why != RDT_MOVE_REASON_ALLOWANCE)
    return TRUE;
  /* 9.2 only when a path exists and costs too much: search again with no
   * limit on the allowance and see. */
  if (options != NULL)
    unlimited = *options;
  else
    rdt_move_options_init (&unlimited);
  unlimited.allowance_halves = 2 * 9999;
  unlimited.strategic = FALSE;
  if (options != NULL && options->strategic)
    {
      /* The strategic rules stay: the doubled allowance is what grows. */
      unlimited.strategic = TRUE;
      unlimited.allowance_halves = 9999;
    }
  wide = rdt_movement_reach (movement, unit_id, &unlimited, error);
  if (wide == NULL)
    return FALSE;
  h = reach_index (wide, hex);
  if (h < 0)
    return TRUE;
  if (wide->cost[h] >= 0 && rdt_reach_lookup (wide, hex, NULL))
    {
      out->cost_halves = wide->cost[h];
      return TRUE;
    }
  if (wide->reason_cost[h] != 0x7f7f7f7f || reason_at (wide, h) != RDT_MOVE_REASON_ALLOWANCE)
    {
      /* The hex itself is what stops the unit. */
      out->reason = reason_at (wide, h);
      g_strlcpy (out->rule, rdt_reach_get_reason_rule (wide, hex), sizeof out->rule);
      if (out->reason != RDT_MOVE_REASON_ALLOWANCE)
        return TRUE;
    }
  /* No path: name the nearest hex the unit could not go on into. */
  out->reason = RDT_MOVE_REASON_NO_PATH;
  g_strlcpy (out->rule, rdt_move_reason_get_rule (RDT_MOVE_REASON_NO_PATH), sizeof out->rule);
  {
    int best = G_MAXINT, best_h = -1;

    for (guint i = 0; i < wide->n; i++)
      {
        RdtMoveReason r;
        int dist;

        if (wide->reason_cost[i] == 0x7f7f7f7f || wide->cost[i] >= 0)
          continue;
        r = reason_at (wide, (int) i);
        if (r == RDT_MOVE_REASON_NONE || r == RDT_MOVE_REASON_ALLOWANCE)
          continue;
        dist = 2 * rdt_hex_grid_distance (wide->grid, hex, rdt_hex_grid_hex_at_index (wide->grid, i));
        /* Among equally near hexes, the rule of the kind of movement asked
         * for (strategic movement's roads and hexsides). */
        if (!(unlimited.strategic && r >= RDT_MOVE_REASON_STRATEGIC_START &&
              r <= RDT_MOVE_REASON_STRATEGIC_HEXSIDE))
          dist++;
        if (dist < best)
          {
            best = dist;
            best_h = (int) i;
          }
      }
    if (best_h >= 0)
      {
        RdtHex at = rdt_hex_grid_hex_at_index (wide->grid, (guint) best_h);
        out->has_blocked_at = TRUE;
        out->blocked_at = at;
        out->blocked_reason = reason_at (wide, best_h);
        g_strlcpy (out->blocked_rule, rdt_reach_get_reason_rule (wide, at), sizeof out->blocked_rule);
      }
  }
  return TRUE;
}

RdtReach *
rdt_movement_reach (RdtMovement          *movement,
                    const char           *unit_id,
                    const RdtMoveOptions *options,
                    GError              **error)
{
  g_autoptr(RdtReach) reach = NULL;
  int index;

  g_return_val_if_fail (movement != NULL, NULL);
  g_return_val_if_fail (unit_id != NULL, NULL);
  index = rdt_scenario_find_unit_index (movement->model->scenario, unit_id);
  if (index < 0)
    {
      g_set_error (error, RDT_MOVE_ERROR, RDT_MOVE_ERROR_UNKNOWN_UNIT,
                   _("No unit “%s” in the scenario"), unit_id);
      return NULL;
    }
  reach = rdt_reach_new ();
  if (!rdt_movement_reach_into (movement, (guint) index, options, reach, error))
    return NULL;
  return g_steal_pointer (&reach);
}
