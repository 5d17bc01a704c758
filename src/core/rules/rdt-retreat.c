/* rdt-retreat.c: legal retreats (Series Rules 13.2, 13.3). */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "rdt-movement-private.h"
#include "rdt-retreat.h"

typedef struct {
  const char *id;
  const char *rule;
  const char *message;
} ReasonInfo;

static const ReasonInfo reasons[RDT_RETREAT_N_REASONS] = {
  [RDT_RETREAT_REASON_NONE] = { "legal", "13.2", N_("The unit may retreat here") },
  [RDT_RETREAT_REASON_OFF_MAP] = { "off-map", "13.22", N_("Units may not retreat off the map") },
  [RDT_RETREAT_REASON_ENEMY_OCCUPIED] = { "enemy-occupied", "13.22", N_("Units may not retreat into an enemy-occupied hex") },
  [RDT_RETREAT_REASON_ENEMY_ZOC] = { "enemy-zoc", "13.22", N_("Units may not retreat into an enemy ZOC, even if friendly units occupy the hex") },
  [RDT_RETREAT_REASON_PROHIBITED_TERRAIN] = { "prohibited-terrain", "13.22", N_("Units may not retreat into prohibited terrain") },
  [RDT_RETREAT_REASON_PROHIBITED_HEXSIDE] = { "prohibited-hexside", "13.22", N_("Units may not retreat across a hexside prohibited to them") },
  [RDT_RETREAT_REASON_STACKING] = { "stacking", "13.22", N_("Units may not retreat in violation of stacking limits") },
  [RDT_RETREAT_REASON_VOLUME_STACKING] = { "volume-stacking", "7.1", N_("The volume’s stacking restrictions forbid these units to stack, even by retreat") },
  [RDT_RETREAT_REASON_CREEK_ARTILLERY] = { "creek-artillery", "Brandywine 5.2.9", N_("Artillery may never retreat across a non-ford creek hexside") },
  [RDT_RETREAT_REASON_CREEK_LATER] = { "creek-later", "Brandywine 5.2.10", N_("Only the first hex of a retreat may cross a non-ford creek hexside") },
  [RDT_RETREAT_REASON_CAPTURED] = { "captured", "13.23", N_("The unit cannot retreat the full distance and is captured") },
  [RDT_RETREAT_REASON_RESTRICTED] = { "restricted", "13.22", N_("The volume’s rules forbid this unit to retreat into the hex") },
};

const char *
rdt_retreat_reason_get_rule (RdtRetreatReason reason)
{
  g_return_val_if_fail (reason < RDT_RETREAT_N_REASONS, NULL);
  return reasons[reason].rule;
}

const char *
rdt_retreat_reason_get_id (RdtRetreatReason reason)
{
  g_return_val_if_fail (reason < RDT_RETREAT_N_REASONS, NULL);
  return reasons[reason].id;
}

const char *
rdt_retreat_reason_get_message (RdtRetreatReason reason)
{
  g_return_val_if_fail (reason < RDT_RETREAT_N_REASONS, NULL);
  return g_dgettext (GETTEXT_PACKAGE, reasons[reason].message);
}

void
rdt_retreat_options_init (RdtRetreatOptions *options,
                          int                hexes)
{
  g_return_if_fail (options != NULL);
  memset (options, 0, sizeof *options);
  options->hexes = hexes;
}

struct _RdtRetreat
{
  gatomicrefcount ref_count;
  char *unit_id;
  RdtHex start;
  int hexes;
  char *priority_rule;
  GArray *ends;              /* RdtRetreatEnd */
  GArray *blocks;            /* RdtRetreatBlock */
  GPtrArray *rules;          /* char*: rule strings the blocks point to */
  char *undecided_rule;
  RdtDepends undecided_depends;
};

G_DEFINE_BOXED_TYPE (RdtRetreat, rdt_retreat, rdt_retreat_ref, rdt_retreat_unref)

RdtRetreat *
rdt_retreat_ref (RdtRetreat *retreat)
{
  g_return_val_if_fail (retreat != NULL, NULL);
  g_atomic_ref_count_inc (&retreat->ref_count);
  return retreat;
}

void
rdt_retreat_unref (RdtRetreat *retreat)
{
  if (retreat == NULL || !g_atomic_ref_count_dec (&retreat->ref_count))
    return;
  g_free (retreat->unit_id);
  g_free (retreat->priority_rule);
  g_array_unref (retreat->ends);
  g_array_unref (retreat->blocks);
  g_clear_pointer (&retreat->rules, g_ptr_array_unref);
  g_free (retreat->undecided_rule);
  g_free (retreat);
}

const char *
rdt_retreat_get_unit_id (const RdtRetreat *retreat)
{
  return retreat->unit_id;
}

RdtHex
rdt_retreat_get_start (const RdtRetreat *retreat)
{
  return retreat->start;
}

int
rdt_retreat_get_hexes (const RdtRetreat *retreat)
{
  return retreat->hexes;
}

gboolean
rdt_retreat_is_captured (const RdtRetreat *retreat)
{
  return retreat->ends->len == 0;
}

guint
rdt_retreat_get_n_ends (const RdtRetreat *retreat)
{
  return retreat->ends->len;
}

const RdtRetreatEnd *
rdt_retreat_get_end (const RdtRetreat *retreat,
                     guint             index)
{
  g_return_val_if_fail (index < retreat->ends->len, NULL);
  return &g_array_index (retreat->ends, RdtRetreatEnd, index);
}

gboolean
rdt_retreat_lookup (const RdtRetreat *retreat,
                    RdtHex            hex,
                    RdtRetreatEnd    *out)
{
  for (guint i = 0; i < retreat->ends->len; i++)
    {
      const RdtRetreatEnd *e = &g_array_index (retreat->ends, RdtRetreatEnd, i);
      if (e->hex.col == hex.col && e->hex.row == hex.row)
        {
          if (out != NULL)
            *out = *e;
          return TRUE;
        }
    }
  return FALSE;
}

guint
rdt_retreat_get_n_blocks (const RdtRetreat *retreat)
{
  return retreat->blocks->len;
}

const RdtRetreatBlock *
rdt_retreat_get_block (const RdtRetreat *retreat,
                       guint             index)
{
  g_return_val_if_fail (index < retreat->blocks->len, NULL);
  return &g_array_index (retreat->blocks, RdtRetreatBlock, index);
}

RdtRetreatReason
rdt_retreat_get_reason (const RdtRetreat *retreat,
                        RdtHex            hex)
{
  for (guint i = 0; i < retreat->blocks->len; i++)
    {
      const RdtRetreatBlock *b = &g_array_index (retreat->blocks, RdtRetreatBlock, i);
      if (b->hex.col == hex.col && b->hex.row == hex.row)
        return b->reason;
    }
  return RDT_RETREAT_REASON_NONE;
}

gboolean
rdt_retreat_get_undecided (const RdtRetreat *retreat,
                           const char      **out_rule,
                           RdtDepends       *out_depends)
{
  if (retreat->undecided_rule == NULL)
    return FALSE;
  if (out_rule != NULL)
    *out_rule = retreat->undecided_rule;
  if (out_depends != NULL)
    *out_depends = retreat->undecided_depends;
  return TRUE;
}

const char *
rdt_retreat_get_priority_rule (const RdtRetreat *retreat)
{
  return retreat->priority_rule;
}

typedef struct {
  RdtMoveModel *m;
  guint unit;
  int side;
  int sp_full;
  int sp_reduced;            /* -1: no step to lose (13.23 Exception) */
  gboolean artillery;
  guint kind_mask;
  int start;
  int hexes;
  int path[4];
  RdtRetreat *out;
  const RdtGameContext *context;
  /* The volume's no-enter / no-end restrictions that may bind the unit on a
   * retreat (clamped: a file may hold any number). */
  guint n_binding;
  guint binding[32];
  RdtRuleVerdict verdict[32];
  RdtDepends depends[32];
  gboolean with_rules;
} Search;

/* A rule string kept by the retreat for its blocks (transfer none). */
static const char *
retreat_rule (RdtRetreat *out,
              const char *rule)
{
  if (rule == NULL)
    return NULL;
  for (guint i = 0; i < out->rules->len; i++)
    if (strcmp (g_ptr_array_index (out->rules, i), rule) == 0)
      return g_ptr_array_index (out->rules, i);
  g_ptr_array_add (out->rules, g_strdup (rule));
  return g_ptr_array_index (out->rules, out->rules->len - 1);
}

static void
block_rule (Search           *s,
            int               h,
            int               step,
            RdtRetreatReason  reason,
            const char       *rule)
{
  RdtHex hex = rdt_hex_grid_hex_at_index (s->m->grid, (guint) h);
  RdtRetreatBlock b = { hex, step, reason, NULL };

  if (rdt_retreat_get_reason (s->out, hex) != RDT_RETREAT_REASON_NONE)
    return;
  b.rule = rule != NULL ? retreat_rule (s->out, rule) : rdt_retreat_reason_get_rule (reason);
  g_array_append_val (s->out->blocks, b);
}

static void
block (Search           *s,
       int               h,
       int               step,
       RdtRetreatReason  reason)
{
  block_rule (s, h, step, reason, NULL);
}

static void
note_undecided (Search     *s,
                const char *rule,
                RdtDepends  depends)
{
  if (s->out->undecided_rule != NULL || rule == NULL)
    return;
  s->out->undecided_rule = g_strdup (rule);
  s->out->undecided_depends = depends;
}

/* The volume's restrictions on retreating into @n at @step: FALSE when one
 * forbids it (and blocks it); @f gets RDT_RETREAT_UNDECIDED when one not
 * decided might. */
static gboolean
retreat_restrictions_allow (Search *s,
                            int     n,
                            int     step,
                            guint  *f)
{
  RdtMoveModel *m = s->m;

  for (guint i = 0; i < s->n_binding; i++)
    {
      const RdtRestriction *rs = rdt_volume_get_restriction (m->volume, s->binding[i]);

      if (!_rdt_move_model_covers (m, s->binding[i], n))
        continue;
      if (rs->effect == RDT_RESTRICTION_NO_END && step != s->hexes)
        continue;
      if (s->verdict[i] == RDT_RULE_ON)
        {
          block_rule (s, n, step, RDT_RETREAT_REASON_RESTRICTED, rs->rule);
          return FALSE;
        }
      *f |= RDT_RETREAT_UNDECIDED;
      note_undecided (s, rs->rule, s->depends[i]);
    }
  if (s->with_rules)
    {
      const char *rule = NULL;
      RdtDepends depends = RDT_DEPENDS_NOTHING;
      int level = _rdt_move_model_with_rules (m, s->unit, n, TRUE, s->context, &rule, &depends);

      if (level == 2)
        {
          block_rule (s, n, step, RDT_RETREAT_REASON_VOLUME_STACKING, rule);
          return FALSE;
        }
      if (level == 1 && step == s->hexes)
        *f |= RDT_RETREAT_MUST_UNSTACK;
      if (level == 3)
        {
          *f |= RDT_RETREAT_UNDECIDED;
          note_undecided (s, rule, depends);
        }
    }
  return TRUE;
}

static guint
penalties (guint flags)
{
  guint n = 0;

  for (; flags != 0; flags &= flags - 1)
    n++;
  return n;
}

static void
add_end (Search *s,
         guint   flags)
{
  RdtRetreatEnd e = { 0 };
  int h = s->path[s->hexes];

  e.hex = rdt_hex_grid_hex_at_index (s->m->grid, (guint) h);
  e.flags = flags;
  e.path_len = (guint) s->hexes + 1;
  for (int i = 0; i <= s->hexes; i++)
    e.path[i] = rdt_hex_grid_hex_at_index (s->m->grid, (guint) s->path[i]);
  /* One path per end: the one with the fewest penalties. */
  for (guint i = 0; i < s->out->ends->len; i++)
    {
      RdtRetreatEnd *o = &g_array_index (s->out->ends, RdtRetreatEnd, i);
      guint bad = RDT_RETREAT_STEP_LOSS | RDT_RETREAT_CREEK_D | RDT_RETREAT_MUST_UNSTACK;

      if (o->hex.col != e.hex.col || o->hex.row != e.hex.row)
        continue;
      if (penalties (e.flags & bad) < penalties (o->flags & bad))
        *o = e;
      return;
    }
  g_array_append_val (s->out->ends, e);
}

static void
walk (Search *s,
      int     step,
      guint   flags)
{
  RdtMoveModel *m = s->m;
  const RdtMoveSide *ms = &m->sides[s->side];
  int h = s->path[step - 1];
  RdtHex start_hex = rdt_hex_grid_hex_at_index (m->grid, (guint) s->start);

  for (int d = 0; d < 6; d++)
    {
      int k = h * 6 + d;
      int n = m->nb[k];
      guint f = flags;
      int level;

      if (n < 0)
        {
          /* 13.22: never off the map. */
          if (step == 1)
            {
              RdtRetreatBlock b = { rdt_hex_grid_neighbour (m->grid, rdt_hex_grid_hex_at_index (m->grid, (guint) h), d),
                                    step, RDT_RETREAT_REASON_OFF_MAP,
                                    reasons[RDT_RETREAT_REASON_OFF_MAP].rule };
              g_array_append_val (s->out->blocks, b);
            }
          continue;
        }
      /* 13.3: each hex one further from the start (three hexes by the
       * shortest distance). */
      if (rdt_hex_grid_distance (m->grid, start_hex, rdt_hex_grid_hex_at_index (m->grid, (guint) n)) != step)
        continue;
      if (ms->enemy_combat[n] > 0 || ms->enemy_leaders[n] > 0)
        {
          block (s, n, step, RDT_RETREAT_REASON_ENEMY_OCCUPIED);
          continue;
        }
      /* 13.22, 8.2: friendly units do not negate the ZOC for retreats. */
      if (ms->enemy_zoc[n] & 1)
        {
          block (s, n, step, RDT_RETREAT_REASON_ENEMY_ZOC);
          continue;
        }
      if (m->hex_prohibited[n] & s->kind_mask)
        {
          block (s, n, step, RDT_RETREAT_REASON_PROHIBITED_TERRAIN);
          continue;
        }
      if (m->side_bits[k] & _RDT_MS_CREEK)
        {
          /* Brandywine 5.2.9, 5.2.10. */
          if (step > 1)
            {
              block (s, n, step, RDT_RETREAT_REASON_CREEK_LATER);
              continue;
            }
          if (s->artillery)
            {
              block (s, n, step, RDT_RETREAT_REASON_CREEK_ARTILLERY);
              continue;
            }
          f |= RDT_RETREAT_CREEK_D;
        }
      else if (m->side_prohibited[k] & s->kind_mask)
        {
          block (s, n, step, RDT_RETREAT_REASON_PROHIBITED_HEXSIDE);
          continue;
        }
      /* 13.22, 7.2, with the 13.23 Exception: a two-step unit may take a
       * step loss to retreat within the limits. */
      if (_rdt_move_model_overstacks (m, s->unit, n, s->sp_full))
        {
          if (s->sp_reduced < 0 || _rdt_move_model_overstacks (m, s->unit, n, s->sp_reduced))
            {
              block (s, n, step, RDT_RETREAT_REASON_STACKING);
              continue;
            }
          f |= RDT_RETREAT_STEP_LOSS;
        }
      level = _rdt_move_model_restriction (m, s->unit, n, TRUE, NULL);
      if (level == 2)
        {
          block (s, n, step, RDT_RETREAT_REASON_VOLUME_STACKING);
          continue;
        }
      if (step == s->hexes && _rdt_move_model_restriction (m, s->unit, n, FALSE, NULL) > 0)
        f |= RDT_RETREAT_MUST_UNSTACK;
      if (!retreat_restrictions_allow (s, n, step, &f))
        continue;

      s->path[step] = n;
      if (step == s->hexes)
        add_end (s, f);
      else
        walk (s, step + 1, f);
    }
}

/* Degrees clockwise from "up" of the segment between two hex centres. */
static double
screen_bearing (RdtHexGrid *grid,
                RdtHex      a,
                RdtHex      b)
{
  double x1, y1, x2, y2, deg;

  rdt_hex_grid_hex_centre (grid, a, &x1, &y1);
  rdt_hex_grid_hex_centre (grid, b, &x2, &y2);
  deg = atan2 (x2 - x1, -(y2 - y1)) * 180.0 / G_PI;
  return deg < 0 ? deg + 360.0 : deg;
}

static double
angle_between (double a,
               double b)
{
  double d = fmod (fabs (a - b), 360.0);
  return d > 180.0 ? 360.0 - d : d;
}

static gboolean
is_toward (RdtMoveModel             *m,
           const RdtUnit            *unit,
           const RdtRetreatPriority *p,
           RdtHex                    start,
           RdtHex                    end)
{
  switch (p->toward)
    {
    case RDT_RETREAT_TOWARD_HEX:
      return rdt_hex_grid_distance (m->grid, end, p->hex) < rdt_hex_grid_distance (m->grid, start, p->hex);
    case RDT_RETREAT_TOWARD_ENTRY:
      {
        const RdtEntryHex *own = NULL;
        int best_start = G_MAXINT, best_end = G_MAXINT;

        if (unit->placement.kind == RDT_PLACEMENT_ENTRY && unit->placement.entry != NULL)
          own = rdt_scenario_find_entry (m->scenario, unit->placement.entry);
        if (own != NULL)
          return rdt_hex_grid_distance (m->grid, end, own->hex) < rdt_hex_grid_distance (m->grid, start, own->hex);
        for (guint i = 0; i < rdt_scenario_get_n_entries (m->scenario); i++)
          {
            const RdtEntryHex *e = rdt_scenario_get_entry (m->scenario, i);
            best_start = MIN (best_start, rdt_hex_grid_distance (m->grid, start, e->hex));
            best_end = MIN (best_end, rdt_hex_grid_distance (m->grid, end, e->hex));
          }
        return best_end < best_start;
      }
    case RDT_RETREAT_TOWARD_BEARINGS:
      {
        /* Compass bearing of the retreat, from map north; a listed direction
         * counts within 30 degrees either side (half the angle between two
         * hex directions), so "west" on a six-direction map is either hex
         * flanking it. */
        double b = screen_bearing (m->grid, start, end) - p->north;

        for (guint i = 0; i < p->n_bearings && i < G_N_ELEMENTS (p->bearings); i++)
          if (angle_between (b, p->bearings[i]) <= 30.0 + 1e-6)
            return TRUE;
        return FALSE;
      }
    case RDT_RETREAT_TOWARD_NONE:
    default:
      return FALSE;
    }
}

static int
compare_ends (gconstpointer a,
              gconstpointer b)
{
  const RdtRetreatEnd *x = a, *y = b;
  gboolean px = (x->flags & RDT_RETREAT_PREFERRED) != 0;
  gboolean py = (y->flags & RDT_RETREAT_PREFERRED) != 0;

  if (px != py)
    return px ? -1 : 1;
  if (x->hex.col != y->hex.col)
    return x->hex.col - y->hex.col;
  return x->hex.row - y->hex.row;
}

static const struct {
  const char *name;
  double degrees;
} compass[] = {
  { "N", 0 }, { "NE", 45 }, { "E", 90 }, { "SE", 135 },
  { "S", 180 }, { "SW", 225 }, { "W", 270 }, { "NW", 315 },
};

gboolean
rdt_retreat_priority_parse_directions (const char         *text,
                                       RdtRetreatPriority *priority)
{
  g_auto(GStrv) parts = NULL;

  g_return_val_if_fail (priority != NULL, FALSE);
  if (text == NULL)
    return FALSE;
  parts = g_strsplit_set (text, ", ", -1);
  priority->n_bearings = 0;
  for (guint i = 0; parts[i] != NULL; i++)
    {
      gboolean found = FALSE;

      if (parts[i][0] == '\0')
        continue;
      for (gsize k = 0; k < G_N_ELEMENTS (compass); k++)
        if (g_ascii_strcasecmp (parts[i], compass[k].name) == 0 &&
            priority->n_bearings < G_N_ELEMENTS (priority->bearings))
          {
            priority->bearings[priority->n_bearings++] = compass[k].degrees;
            found = TRUE;
          }
      if (!found)
        return FALSE;
    }
  return priority->n_bearings > 0;
}

gboolean
rdt_retreat_priority_from_scenario (RdtScenario        *scenario,
                                    int                 side,
                                    RdtRetreatPriority *priority)
{
  const RdtSide *s;

  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), FALSE);
  g_return_val_if_fail (priority != NULL, FALSE);
  if (side < 0 || (guint) side >= rdt_scenario_get_n_sides (scenario))
    return FALSE;
  s = rdt_scenario_get_side (scenario, (guint) side);
  memset (priority, 0, sizeof *priority);
  priority->rule = s->retreat_rule;
  switch (s->retreat)
    {
    case RDT_SIDE_RETREAT_HEX:
      priority->toward = RDT_RETREAT_TOWARD_HEX;
      priority->hex = s->retreat_hex;
      return TRUE;
    case RDT_SIDE_RETREAT_ENTRY:
      priority->toward = RDT_RETREAT_TOWARD_ENTRY;
      return TRUE;
    case RDT_SIDE_RETREAT_DIRECTIONS:
      if (!rdt_retreat_priority_parse_directions (s->retreat_directions, priority))
        return FALSE;
      priority->toward = RDT_RETREAT_TOWARD_BEARINGS;
      priority->north = s->retreat_north;
      return TRUE;
    case RDT_SIDE_RETREAT_NONE:
    default:
      return FALSE;
    }
}

RdtRetreat *
rdt_movement_retreat (RdtMovement             *movement,
                      const char              *unit_id,
                      const RdtRetreatOptions *options,
                      GError                 **error)
{
  RdtRetreatPriority priority;
  g_autoptr(RdtRetreat) out = NULL;
  RdtMoveModel *m;
  const RdtUnit *unit;
  const RdtMoveUnit *mu;
  Search s = { 0 };
  int index;
  gboolean any_free = FALSE, any_toward = FALSE;

  g_return_val_if_fail (movement != NULL, NULL);
  g_return_val_if_fail (unit_id != NULL, NULL);
  g_return_val_if_fail (options != NULL, NULL);

  if (options->hexes < 1 || options->hexes > 3)
    {
      g_set_error (error, RDT_MOVE_ERROR, RDT_MOVE_ERROR_INVALID,
                   _("A retreat is one to three hexes long, not %d"), options->hexes);
      return NULL;
    }
  m = _rdt_movement_get_model (movement);
  index = rdt_scenario_find_unit_index (m->scenario, unit_id);
  if (index < 0)
    {
      g_set_error (error, RDT_MOVE_ERROR, RDT_MOVE_ERROR_UNKNOWN_UNIT,
                   _("No unit “%s” in the scenario"), unit_id);
      return NULL;
    }
  unit = rdt_scenario_get_unit (m->scenario, (guint) index);
  mu = &g_array_index (m->units, RdtMoveUnit, index);
  if (mu->hex < 0)
    {
      g_set_error (error, RDT_MOVE_ERROR, RDT_MOVE_ERROR_NOT_ON_MAP,
                   _("Unit “%s” is not in a hex of the map"), unit_id);
      return NULL;
    }
  if (mu->side < 0 || (guint) mu->side >= m->n_sides)
    {
      g_set_error (error, RDT_MOVE_ERROR, RDT_MOVE_ERROR_INVALID,
                   _("Unit “%s” belongs to no side of the scenario"), unit_id);
      return NULL;
    }

  out = g_new0 (RdtRetreat, 1);
  g_atomic_ref_count_init (&out->ref_count);
  out->unit_id = g_strdup (unit_id);
  out->start = unit->placement.hex;
  out->hexes = options->hexes;
  /* The scenario's retreat priority for the unit's side, unless the caller
   * gives one (13.21: "See specific game rules"). */
  priority = options->priority;
  if (priority.toward == RDT_RETREAT_TOWARD_NONE &&
      rdt_retreat_priority_from_scenario (m->scenario, mu->side, &priority))
    priority.rule = rdt_scenario_get_side (m->scenario, (guint) mu->side)->retreat_rule;
  out->priority_rule = g_strdup (priority.rule);
  out->ends = g_array_new (FALSE, FALSE, sizeof (RdtRetreatEnd));
  out->blocks = g_array_new (FALSE, FALSE, sizeof (RdtRetreatBlock));
  out->rules = g_ptr_array_new_with_free_func (g_free);

  s.m = m;
  s.unit = (guint) index;
  s.side = mu->side;
  s.sp_full = mu->sp;
  s.sp_reduced = -1;
  /* 13.23 Exception: a two-step unit still at full strength. */
  if (!mu->leader && rdt_unit_get_n_steps (unit) >= 2 && unit->step == 0)
    s.sp_reduced = mu->artillery ? -1 : g_array_index (unit->steps, RdtUnitStep, 1).strength;
  s.artillery = mu->artillery;
  s.kind_mask = RDT_UNIT_KIND_MASK (unit->kind);
  s.start = mu->hex;
  s.hexes = options->hexes;
  s.path[0] = mu->hex;
  s.out = out;
  s.context = options->context;
  for (guint r = 0; r < m->n_restrictions; r++)
    {
      const RdtRestriction *rs = rdt_volume_get_restriction (m->volume, r);
      RdtDepends depends = RDT_DEPENDS_NOTHING;
      RdtRuleVerdict verdict;

      if (rs->effect == RDT_RESTRICTION_END_WITH || rs->effect == RDT_RESTRICTION_NO_END_WITH)
        {
          s.with_rules = TRUE;
          continue;
        }
      if (!rs->on_retreat ||
          (rs->effect != RDT_RESTRICTION_NO_ENTER && rs->effect != RDT_RESTRICTION_NO_END))
        continue;
      verdict = rdt_restriction_binds (rs, m->scenario, (guint) index, s.context, &depends);
      if (verdict == RDT_RULE_OFF || s.n_binding >= G_N_ELEMENTS (s.binding))
        continue;
      s.binding[s.n_binding] = r;
      s.verdict[s.n_binding] = verdict;
      s.depends[s.n_binding] = depends;
      s.n_binding++;
    }
  walk (&s, 1, 0);

  /* 13.23 Exception: the step loss is the owner's way out of a capture
   * "for failure to retreat due to stacking limit violations", so such an
   * end is offered only when every other outcome is capture. */
  {
    gboolean any_free_end = FALSE;

    for (guint i = 0; i < out->ends->len; i++)
      any_free_end |= !(g_array_index (out->ends, RdtRetreatEnd, i).flags & RDT_RETREAT_STEP_LOSS);
    for (guint i = out->ends->len; any_free_end && i-- > 0;)
      {
        RdtRetreatEnd e = g_array_index (out->ends, RdtRetreatEnd, i);

        if (!(e.flags & RDT_RETREAT_STEP_LOSS))
          continue;
        g_array_remove_index (out->ends, i);
        block (&s, rdt_hex_grid_hex_index (m->grid, e.hex), s.hexes, RDT_RETREAT_REASON_STACKING);
      }
  }

  /* 13.21, 13.3: not adjacent to an enemy unit if possible; then in the
   * direction the volume requires if possible (13.22 Important). */
  for (guint i = 0; i < out->ends->len; i++)
    {
      RdtRetreatEnd *e = &g_array_index (out->ends, RdtRetreatEnd, i);
      int h = rdt_hex_grid_hex_index (m->grid, e->hex);

      if (m->sides[mu->side].enemy_adjacent[h] > 0)
        e->flags |= RDT_RETREAT_ADJACENT_ENEMY;
      else
        any_free = TRUE;
      if (is_toward (m, unit, &priority, out->start, e->hex))
        e->flags |= RDT_RETREAT_TOWARD;
    }
  for (guint i = 0; i < out->ends->len; i++)
    {
      RdtRetreatEnd *e = &g_array_index (out->ends, RdtRetreatEnd, i);
      if ((!any_free || !(e->flags & RDT_RETREAT_ADJACENT_ENEMY)) && (e->flags & RDT_RETREAT_TOWARD))
        any_toward = TRUE;
    }
  for (guint i = 0; i < out->ends->len; i++)
    {
      RdtRetreatEnd *e = &g_array_index (out->ends, RdtRetreatEnd, i);
      if (any_free && (e->flags & RDT_RETREAT_ADJACENT_ENEMY))
        continue;
      if (any_toward && !(e->flags & RDT_RETREAT_TOWARD))
        continue;
      e->flags |= RDT_RETREAT_PREFERRED;
    }
  g_array_sort (out->ends, compare_ends);
  return g_steal_pointer (&out);
}
