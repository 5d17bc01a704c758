/* rdt-fire.c: fire combat itemised (Series Rules 10, 11; rdt-fire.h). */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "rdt-board.h"
#include "rdt-fire.h"
#include "rdt-los.h"

#define SERIES N_("Series Rules")

G_DEFINE_QUARK (rdt-fire-error-quark, rdt_fire_error)

struct _RdtFire {
  RdtFireKind kind;
  GPtrArray *firers;          /* char*, NULL-terminated */
  char *target;
  int sp;
  int range;
  int drm;
  int to_hit;
  guint n_rolls;
  gboolean provisional;
  GPtrArray *lines;           /* RdtFireLine* */
  char *damage[10];           /* per unmodified die, nullable */
  gboolean damage_provisional[10];
  char *damage_source;
};

const char *
rdt_fire_kind_to_string (RdtFireKind kind)
{
  return kind == RDT_FIRE_ARTILLERY ? "artillery" : "rifle";
}

gboolean
rdt_fire_kind_from_string (const char  *text,
                           RdtFireKind *out_kind)
{
  if (g_strcmp0 (text, "artillery") == 0)
    *out_kind = RDT_FIRE_ARTILLERY;
  else if (g_strcmp0 (text, "rifle") == 0)
    *out_kind = RDT_FIRE_RIFLE;
  else
    return FALSE;
  return TRUE;
}

const char *
rdt_fire_line_kind_to_string (RdtFireLineKind kind)
{
  static const char *const ids[] = {
    "firer", "target", "range", "drm", "to-hit", "rolls", "refused", "undecided", "note",
  };

  return (guint) kind < G_N_ELEMENTS (ids) ? ids[kind] : "note";
}

void
rdt_fire_facts_init (RdtFireFacts *facts)
{
  memset (facts, 0, sizeof *facts);
  facts->open_flank = -1;
}

static void
line_free (RdtFireLine *l)
{
  g_free (l->rule);
  g_free (l->source);
  g_free (l->text);
  g_free (l->unit);
  g_free (l->depends);
  g_free (l);
}

void
rdt_fire_free (RdtFire *fire)
{
  if (fire == NULL)
    return;
  g_ptr_array_unref (fire->firers);
  g_free (fire->target);
  g_ptr_array_unref (fire->lines);
  for (guint i = 0; i < G_N_ELEMENTS (fire->damage); i++)
    g_free (fire->damage[i]);
  g_free (fire->damage_source);
  g_free (fire);
}

static RdtFireLine * G_GNUC_PRINTF (8, 9)
add_line (RdtFire         *fire,
          RdtFireLineKind  kind,
          const char      *rule,
          const char      *source,
          const char      *unit,
          int              value,
          gboolean         provisional,
          const char      *format,
          ...)
{
  RdtFireLine *l = g_new0 (RdtFireLine, 1);
  va_list args;

  va_start (args, format);
  l->text = g_strdup_vprintf (format, args);
  va_end (args);
  l->kind = kind;
  l->rule = g_strdup (rule);
  l->source = g_strdup (source);
  l->unit = g_strdup (unit);
  l->value = value;
  l->provisional = provisional;
  if (provisional)
    fire->provisional = TRUE;
  g_ptr_array_add (fire->lines, l);
  return l;
}

/* ------------------------------------------------------------ table cells */

/* "+2", "-1", "6", ">=6", "≥6": an integer. */
static gboolean
parse_int_cell (const char *cell,
                int        *out)
{
  char *end;
  long v;

  if (cell == NULL)
    return FALSE;
  while (*cell == ' ')
    cell++;
  if (g_str_has_prefix (cell, "\xe2\x89\xa5"))   /* ≥ */
    cell += 3;
  else if (g_str_has_prefix (cell, ">="))
    cell += 2;
  if (*cell == '\0')
    return FALSE;
  v = strtol (cell, &end, 10);
  while (*end == ' ')
    end++;
  if (*end != '\0' || end == cell || v < -99 || v > 99)
    return FALSE;
  *out = (int) v;
  return TRUE;
}

/* A row key "N", "N-M" or "N+" (SPs or die rolls) covers @n. */
static gboolean
key_covers (const char *key,
            int         n)
{
  char *end;
  long a, b;

  if (key == NULL)
    return FALSE;
  a = strtol (key, &end, 10);
  if (end == key)
    return FALSE;
  if (*end == '\0')
    return n == a;
  if (end[0] == '+' && end[1] == '\0')
    return n >= a;
  if (end[0] == '-' && end[1] != '\0')
    {
      const char *s = end + 1;
      b = strtol (s, &end, 10);
      if (end == s || *end != '\0')
        return FALSE;
      return n >= a && n <= b;
    }
  return FALSE;
}

static const RdtTableRow *
find_row (const RdtTable *table,
          int             n)
{
  for (guint i = 0; i < table->rows->len; i++)
    {
      const RdtTableRow *row = g_ptr_array_index (table->rows, i);

      if (key_covers (row->key, n))
        return row;
    }
  return NULL;
}

static int
find_column (const RdtTable *table,
             const char     *name)
{
  for (guint i = 0; i < table->columns->len; i++)
    if (g_ascii_strcasecmp (g_ptr_array_index (table->columns, i), name) == 0)
      return (int) i;
  return -1;
}

static const char *
row_cell (const RdtTableRow *row,
          int                column,
          gboolean          *out_provisional)
{
  if (column < 0 || (guint) column >= row->cells->len)
    return NULL;
  if (out_provisional != NULL)
    *out_provisional = row->provisional != NULL && (guint) column < row->provisional->len &&
                       g_array_index (row->provisional, gboolean, column);
  return g_ptr_array_index (row->cells, column);
}

/* ---------------------------------------------------------------- analysis */

typedef struct {
  RdtScenario *scenario;
  RdtVolume *volume;
  const char *volume_id;
  const RdtFireFacts *facts;
  RdtFire *fire;
  GPtrArray *firer_units;     /* const RdtUnit* */
  const RdtUnit *target;
  /* Off-board sources (Germantown 3.5): synthetic unit -> its row of the
   * volume's "off-board-fire" table. */
  GHashTable *off_board;
} Ctx;

/* The row of an off-board source (the volume's "off-board-fire" table), or
 * NULL for a unit on the board. */
static const RdtTableRow *
off_board_row (Ctx           *c,
               const RdtUnit *u)
{
  return c->off_board != NULL ? g_hash_table_lookup (c->off_board, u) : NULL;
}

static const char *
off_board_cell (Ctx           *c,
                const RdtUnit *u,
                const char    *column)
{
  const RdtTable *table = rdt_volume_find_table (c->volume, "off-board-fire");
  const RdtTableRow *row = off_board_row (c, u);

  return table != NULL && row != NULL ? rdt_table_lookup (table, row->key, column, NULL) : NULL;
}

static gboolean
in_list (const char *const *list,
         const char         *id)
{
  return list != NULL && g_strv_contains (list, id);
}

static void
undecided_from (Ctx        *c,
                const char *rule,
                const char *source,
                const char *depends,
                const char *unit,
                const char *text)
{
  RdtFireLine *l = add_line (c->fire, RDT_FIRE_LINE_UNDECIDED, rule, source, unit, 0, FALSE,
                             "%s", text);

  l->depends = g_strdup (depends);
}

static void
undecided (Ctx        *c,
           const char *rule,
           const char *depends,
           const char *unit,
           const char *text)
{
  RdtFireLine *l = add_line (c->fire, RDT_FIRE_LINE_UNDECIDED, rule, _(SERIES), unit, 0, FALSE,
                             "%s", text);
  l->depends = g_strdup (depends);
}

static gboolean
is_rifle_unit (const RdtUnit *u)
{
  /* 10.1 "rifle unit(s)"; 3.1 musket/rifle units; the glossary's rifle
   * marks; Brandywine 4.5.5 Amusettes fire in the Rifle Fire Phase. */
  return u->kind == RDT_UNIT_KIND_RIFLE || u->kind == RDT_UNIT_KIND_MUSKET_RIFLE ||
         u->rifle != RDT_RIFLE_NONE || u->kind == RDT_UNIT_KIND_AMUSETTE;
}

static int
unit_fire_sp (const RdtFire *fire,
              const RdtUnit *u)
{
  const RdtUnitStep *st = rdt_unit_get_current_step (u);

  if (st == NULL)
    return 0;
  /* 3.1: a musket/rifle unit fires with its rifle fire value. */
  if (fire->kind == RDT_FIRE_RIFLE && u->kind == RDT_UNIT_KIND_MUSKET_RIFLE && st->fire_strength >= 0)
    return st->fire_strength;
  return st->strength;
}

static const RdtTerrainType *
terrain_at (Ctx    *c,
            RdtHex  hex)
{
  return rdt_scenario_get_terrain_type (c->scenario, hex);
}

/* One firer matches every firer.* term of @terms. */
static gboolean
unit_matches (const RdtUnit *u,
              char         **terms,
              const char    *prefix)
{
  gsize plen = strlen (prefix);

  for (guint i = 0; terms[i] != NULL; i++)
    {
      const char *t = terms[i];
      const char *eq;

      if (strncmp (t, prefix, plen) != 0)
        continue;
      eq = strchr (t, '=');
      if (eq == NULL)
        return FALSE;
      if (strncmp (t + plen, "kind=", 5) == 0)
        {
          if (g_strcmp0 (rdt_unit_kind_to_string (u->kind), eq + 1) != 0)
            return FALSE;
        }
      else if (strncmp (t + plen, "unit=", 5) == 0)
        {
          if (g_strcmp0 (u->id, eq + 1) != 0)
            return FALSE;
        }
      else if (strncmp (t + plen, "nationality=", 12) == 0)
        {
          if (g_strcmp0 (u->nationality, eq + 1) != 0)
            return FALSE;
        }
      else
        return FALSE;
    }
  return TRUE;
}

typedef enum { WHEN_NO, WHEN_YES, WHEN_UNDECIDED, WHEN_BAD } WhenAnswer;

/* The "When" column of a to-hit-drm row (docs/volumes.md): terms separated by
 * spaces, all of which must hold. */
static WhenAnswer
eval_when (Ctx        *c,
           const char *when,
           char      **out_bad)
{
  g_auto(GStrv) terms = g_strsplit (when, " ", -1);
  gboolean all_firers = FALSE, any_firer_term = FALSE, firer_ok;
  WhenAnswer answer = WHEN_YES;

  for (guint i = 0; terms[i] != NULL; i++)
    {
      const char *t = terms[i];

      if (t[0] == '\0')
        continue;
      if (g_str_equal (t, "all-firers"))
        all_firers = TRUE;
      else if (g_str_has_prefix (t, "firer."))
        any_firer_term = TRUE;
      else if (g_str_has_prefix (t, "target."))
        {
          if (!unit_matches (c->target, terms, "target."))
            return WHEN_NO;
        }
      else if (g_str_equal (t, "fire=rifle") || g_str_equal (t, "fire=artillery"))
        {
          if (!g_str_equal (t + 5, rdt_fire_kind_to_string (c->fire->kind)))
            return WHEN_NO;
        }
      else if (g_str_equal (t, "firer-hex.covered"))
        {
          /* 10.7: Covered Terrain (heavy woods, light woods or orchard): the
           * terrain's "covered" flag. */
          for (guint k = 0; k < c->firer_units->len; k++)
            {
              const RdtUnit *u = g_ptr_array_index (c->firer_units, k);
              const RdtTerrainType *tt = terrain_at (c, u->placement.hex);

              if (tt == NULL || !tt->effects.covered)
                return WHEN_NO;
            }
        }
      else if (g_str_equal (t, "open-flank"))
        {
          /* 10.7 via 12.53: told by the players (or the game), never guessed. */
          if (c->facts->open_flank == 0)
            return WHEN_NO;
          if (c->facts->open_flank < 0)
            answer = WHEN_UNDECIDED;
        }
      else
        {
          *out_bad = g_strdup (t);
          return WHEN_BAD;
        }
    }
  if (any_firer_term)
    {
      firer_ok = all_firers;
      for (guint k = 0; k < c->firer_units->len; k++)
        {
          gboolean m = unit_matches (g_ptr_array_index (c->firer_units, k), terms, "firer.");

          if (all_firers && !m)
            firer_ok = FALSE;
          else if (!all_firers && m)
            firer_ok = TRUE;
        }
      if (!firer_ok)
        return WHEN_NO;
    }
  return answer;
}

static void
check_firers (Ctx *c)
{
  RdtFire *fire = c->fire;
  RdtHexGrid *grid = rdt_scenario_get_grid (c->scenario);
  gboolean amusette = FALSE;

  for (guint i = 0; i < c->firer_units->len; i++)
    {
      const RdtUnit *u = g_ptr_array_index (c->firer_units, i);
      const RdtUnit *first = g_ptr_array_index (c->firer_units, 0);
      int sp = unit_fire_sp (fire, u);
      gboolean prov = (u->provisional & RDT_UNIT_PROVISIONAL_STRENGTH) != 0;

      if (off_board_row (c, u) != NULL)
        {
          const char *rule = off_board_cell (c, u, "Rule");
          const char *weather = off_board_cell (c, u, "weather");
          const RdtGameContext *ctx = c->facts->context;
          g_autofree char *src = g_strdup_printf (_("volume %s, table off-board-fire, row “%s”"),
                                                  c->volume_id, u->name);

          rule = rule != NULL ? rule : "11.2";
          /* Germantown 3.5: "Fire is conducted during the Defensive
           * Artillery Fire Phase"; "During clear weather turns only". */
          if (fire->kind != RDT_FIRE_ARTILLERY)
            add_line (fire, RDT_FIRE_LINE_REFUSED, rule, src, u->id, 0, FALSE,
                      _("off-board artillery fires in the Defensive Artillery Fire Phase"));
          if (weather != NULL && weather[0] != '\0')
            {
              if (ctx == NULL || ctx->weather == NULL)
                {
                  g_autofree char *text = rdt_undecided_text (rule, RDT_DEPENDS_WEATHER);
                  undecided_from (c, rule, src, rdt_depends_get_id (RDT_DEPENDS_WEATHER), u->id, text);
                }
              else if (!g_str_equal (ctx->weather, weather))
                add_line (fire, RDT_FIRE_LINE_REFUSED, rule, src, u->id, 0, FALSE,
                          _("%s fires only in %s weather, not %s"), u->name, weather, ctx->weather);
            }
          if (in_list (c->facts->fired, u->id))
            add_line (fire, RDT_FIRE_LINE_REFUSED, "11.1", _(SERIES), u->id, 0, FALSE,
                      _("%s has already fired this phase: no unit may fire more than once per phase"), u->name);
          add_line (fire, RDT_FIRE_LINE_FIRER, rule, src, u->id, sp, FALSE,
                    _("%s (off the map) fires with %d SP"), u->name, sp);
          fire->sp += sp;
          continue;
        }
      if (rdt_unit_is_leader (u))
        {
          add_line (fire, RDT_FIRE_LINE_REFUSED, "3.1", _(SERIES), u->id, 0, FALSE,
                    _("%s is a leader, not a combat unit: it does not fire"), u->name);
          continue;
        }
      if (u->placement.kind != RDT_PLACEMENT_HEX)
        {
          add_line (fire, RDT_FIRE_LINE_REFUSED, fire->kind == RDT_FIRE_RIFLE ? "10.1" : "11.1",
                    _(SERIES), u->id, 0, FALSE, _("%s is not on the map"), u->name);
          continue;
        }
      if (i > 0 && rdt_scenario_sides_are_enemies (c->scenario, first->side, u->side))
        add_line (fire, RDT_FIRE_LINE_REFUSED, fire->kind == RDT_FIRE_RIFLE ? "10.2" : "11.2",
                  _(SERIES), u->id, 0, FALSE,
                  _("%s and %s are enemies: only friendly units combine fire"), first->name, u->name);
      if (u->kind == RDT_UNIT_KIND_AMUSETTE)
        amusette = TRUE;
      if (fire->kind == RDT_FIRE_ARTILLERY)
        {
          if (u->kind == RDT_UNIT_KIND_AMUSETTE)
            add_line (fire, RDT_FIRE_LINE_REFUSED, "Brandywine 4.5.5", c->volume_id, u->id, 0, FALSE,
                      _("%s: Amusettes fire only during the owning player's Rifle Fire Phase"), u->name);
          else if (u->kind == RDT_UNIT_KIND_MORTAR)
            {
              /* Savannah 4.12: "May not combine fire with other artillery
               * units"; the shells land where the Scatter & Drift Table
               * says, a table the rulebooks do not print. */
              if (c->firer_units->len > 1)
                add_line (fire, RDT_FIRE_LINE_REFUSED, "Savannah 4.12", c->volume_id, u->id, 0, FALSE,
                          _("mortars may not combine fire with other artillery units"));
              undecided_from (c, "Savannah 4.12", c->volume_id, "volume-data", u->id,
                              _("mortars fire into a hex and the shells land where the Scatter & Drift Table says: "
                                "the table is not in the rulebooks"));
            }
          else if (u->kind != RDT_UNIT_KIND_ARTILLERY)
            add_line (fire, RDT_FIRE_LINE_REFUSED, "11.1", _(SERIES), u->id, 0, FALSE,
                      _("%s is not artillery: only artillery fires in the Defensive Artillery Fire Phase"), u->name);
        }
      else if (!is_rifle_unit (u))
        add_line (fire, RDT_FIRE_LINE_REFUSED, "10.1", _(SERIES), u->id, 0, FALSE,
                  _("%s is not a rifle unit: only rifle units fire in the Rifle Fire Phase"), u->name);
      if (u->status == RDT_UNIT_STATUS_DISRUPTED)
        add_line (fire, RDT_FIRE_LINE_REFUSED, "13.3", _(SERIES), u->id, 0, FALSE,
                  _("%s is disrupted: artillery and rifle units may not fire"), u->name);
      else if (u->status == RDT_UNIT_STATUS_SHATTERED)
        add_line (fire, RDT_FIRE_LINE_REFUSED, "13.4", _(SERIES), u->id, 0, FALSE,
                  _("%s is shattered: artillery and rifle units may not fire"), u->name);
      if (in_list (c->facts->fired, u->id))
        add_line (fire, RDT_FIRE_LINE_REFUSED, fire->kind == RDT_FIRE_RIFLE ? "10.1" : "11.1",
                  _(SERIES), u->id, 0, FALSE,
                  _("%s has already fired this phase: no unit may fire more than once per phase"), u->name);
      {
        g_autofree char *hex = rdt_hex_grid_dup_label (grid, u->placement.hex);
        add_line (fire, RDT_FIRE_LINE_FIRER,
                  fire->kind == RDT_FIRE_RIFLE
                    ? (u->kind == RDT_UNIT_KIND_MUSKET_RIFLE ? "10.2; 3.1" : "10.2")
                    : "11.2",
                  _("scenario"), u->id, sp, prov,
                  u->kind == RDT_UNIT_KIND_MUSKET_RIFLE && fire->kind == RDT_FIRE_RIFLE
                    ? _("%s in %s fires with %d SP (its rifle fire value)")
                    : _("%s in %s fires with %d SP"),
                  u->name, hex, sp);
      }
      fire->sp += sp;
    }

  if (amusette && c->firer_units->len > 1)
    add_line (fire, RDT_FIRE_LINE_REFUSED, "Brandywine 4.5.5", c->volume_id, NULL, 0, FALSE,
              _("Amusettes fire separately and may not combine fire with friendly units"));
  if (amusette && fire->kind == RDT_FIRE_RIFLE && c->firer_units->len > 0)
    {
      const RdtUnit *u = g_ptr_array_index (c->firer_units, 0);
      const RdtGameContext *ctx = c->facts->context;

      /* Brandywine 4.5.5: "They do not fire in the simultaneous Rifle Fire
       * Phase during the other player's turn". */
      if (ctx == NULL || ctx->current_side < 0)
        undecided (c, "Brandywine 4.5.5", "phasing-player", u->id,
                   _("Amusettes fire only in the owning player's Rifle Fire Phase: which player is phasing was not told"));
      else if (rdt_scenario_sides_are_enemies (c->scenario, ctx->current_side, u->side))
        add_line (fire, RDT_FIRE_LINE_REFUSED, "Brandywine 4.5.5", c->volume_id, u->id, 0, FALSE,
                  _("Amusettes do not fire in the Rifle Fire Phase of the other player's turn"));
    }
}

/* The rule of the volume's artillery-range restriction that set @range for
 * @u (Germantown 3.1.1, 3.1.2: fog), or NULL when none binds. */
static const char *
range_rule (Ctx           *c,
            const RdtUnit *u,
            int            range)
{
  RdtVolume *volume = rdt_scenario_get_volume (c->scenario);
  guint index = G_MAXUINT;

  if (volume == NULL)
    return NULL;
  for (guint i = 0; i < rdt_scenario_get_n_units (c->scenario) && index == G_MAXUINT; i++)
    if (g_strcmp0 (rdt_scenario_get_unit (c->scenario, i)->id, u->id) == 0)
      index = i;
  if (index == G_MAXUINT)
    return NULL;
  for (guint r = 0; r < rdt_volume_get_n_restrictions (volume); r++)
    {
      const RdtRestriction *rs = rdt_volume_get_restriction (volume, r);

      if (rs->effect == RDT_RESTRICTION_ARTILLERY_RANGE && rs->range == range &&
          rdt_restriction_binds (rs, c->scenario, index, c->facts->context, NULL) == RDT_RULE_ON)
        return rs->rule;
    }
  return NULL;
}

/* 11.2 and 11.4 for one firer: the LOS engine's legal targets; Brandywine
 * 4.5.5 for Amusettes (range 2, artillery targets only, standard LOS). */
static int
check_ranged (Ctx           *c,
              RdtLos        *los,
              RdtBoard      *board,
              const RdtUnit *u)
{
  RdtFire *fire = c->fire;
  RdtHexGrid *grid = rdt_scenario_get_grid (c->scenario);
  g_autoptr(GArray) targets = NULL;
  g_autofree char *und_rule = NULL;
  RdtDepends depends = RDT_DEPENDS_NOTHING;
  int range = 0;
  int board_firer = -1, board_target = -1;
  int d = rdt_hex_grid_distance (grid, u->placement.hex, c->target->placement.hex);

  for (guint i = 0; i < rdt_board_get_n_units (board); i++)
    {
      const RdtBoardUnit *bu = rdt_board_get_unit (board, i);

      if (g_strcmp0 (bu->id, u->id) == 0)
        board_firer = (int) i;
      else if (g_strcmp0 (bu->id, c->target->id) == 0)
        board_target = (int) i;
    }
  if (board_firer < 0 || board_target < 0)
    return d;
  targets = rdt_los_artillery_targets_in_context (los, (guint) board_firer, c->scenario,
                                                  c->facts->context, &und_rule, &depends, &range);
  for (guint i = 0; i < targets->len; i++)
    {
      const RdtLosTarget *t = &g_array_index (targets, RdtLosTarget, i);

      if ((int) t->unit != board_target)
        continue;
      if (t->undecided)
        {
          g_autofree char *text = rdt_undecided_text (und_rule, depends);
          undecided (c, und_rule, rdt_depends_get_id (depends), u->id, text);
        }
      return d;
    }
  if (u->kind == RDT_UNIT_KIND_AMUSETTE && c->target->kind != RDT_UNIT_KIND_ARTILLERY &&
      c->target->kind != RDT_UNIT_KIND_MORTAR)
    add_line (fire, RDT_FIRE_LINE_REFUSED, "Brandywine 4.5.5", c->volume_id, u->id, 0, FALSE,
              _("Amusettes may only fire at enemy artillery"));
  else if (d > range && u->kind != RDT_UNIT_KIND_AMUSETTE && range_rule (c, u, range) != NULL)
    {
      /* Germantown 3.1.1, 3.1.2: the fog's range, named. */
      g_autofree char *cite = g_strdup_printf ("%s; 11.2", range_rule (c, u, range));

      add_line (fire, RDT_FIRE_LINE_REFUSED, cite, c->volume_id, u->id, d, FALSE,
                _("%s is %d hexes from the target (counting the target's hex): beyond its range of %d (%s)"),
                u->name, d, range, range_rule (c, u, range));
    }
  else if (d > range)
    add_line (fire, RDT_FIRE_LINE_REFUSED, u->kind == RDT_UNIT_KIND_AMUSETTE ? "Brandywine 4.5.5" : "11.2",
              u->kind == RDT_UNIT_KIND_AMUSETTE ? c->volume_id : _(SERIES), u->id, d, FALSE,
              _("%s is %d hexes from the target (counting the target's hex): beyond its range of %d"),
              u->name, d, range);
  else
    add_line (fire, RDT_FIRE_LINE_REFUSED, "11.41", _(SERIES), u->id, d, FALSE,
              _("%s has no clear line of sight to the target"), u->name);
  return d;
}

static void
check_target (Ctx *c)
{
  RdtFire *fire = c->fire;
  const RdtUnit *t = c->target;
  RdtHexGrid *grid = rdt_scenario_get_grid (c->scenario);
  const char *select_rule = fire->kind == RDT_FIRE_RIFLE ? "10.2" : "11.2";
  g_autoptr(RdtBoard) board = NULL;
  RdtLos *los = NULL;

  if (rdt_unit_is_leader (t))
    {
      add_line (fire, RDT_FIRE_LINE_REFUSED, select_rule, _(SERIES), t->id, 0, FALSE,
                _("%s is a leader: the target must be a combat unit"), t->name);
      return;
    }
  if (t->placement.kind != RDT_PLACEMENT_HEX)
    {
      add_line (fire, RDT_FIRE_LINE_REFUSED, select_rule, _(SERIES), t->id, 0, FALSE,
                _("%s is not on the map"), t->name);
      return;
    }
  {
    g_autofree char *hex = rdt_hex_grid_dup_label (grid, t->placement.hex);
    add_line (fire, RDT_FIRE_LINE_TARGET, select_rule, _("scenario"), t->id, 0, FALSE,
              _("target: %s in %s"), t->name, hex);
  }
  if (c->firer_units->len > 0 &&
      !rdt_scenario_sides_are_enemies (c->scenario, ((const RdtUnit *) g_ptr_array_index (c->firer_units, 0))->side, t->side))
    add_line (fire, RDT_FIRE_LINE_REFUSED, select_rule, _(SERIES), t->id, 0, FALSE,
              _("%s is not an enemy unit"), t->name);
  if (in_list (c->facts->targeted, t->id))
    add_line (fire, RDT_FIRE_LINE_REFUSED, select_rule, _(SERIES), t->id, 0, FALSE,
              fire->kind == RDT_FIRE_RIFLE
                ? _("%s has already been the target of a Rifle Fire this phase")
                : _("%s has already been the target of a Defensive Artillery Fire this phase"),
              t->name);

  for (guint i = 0; i < c->firer_units->len; i++)
    {
      const RdtUnit *u = g_ptr_array_index (c->firer_units, i);
      int d;

      if (off_board_row (c, u) != NULL)
        {
          const char *rule = off_board_cell (c, u, "Rule");
          const char *area_id = off_board_cell (c, u, "area");
          const char *range = off_board_cell (c, u, "range");
          const RdtArea *area = area_id != NULL ? rdt_scenario_find_area (c->scenario, area_id) : NULL;
          g_autofree char *src = g_strdup_printf (_("volume %s, table off-board-fire, row “%s”"),
                                                  c->volume_id, u->name);

          rule = rule != NULL ? rule : "11.2";
          if (area == NULL)
            undecided_from (c, rule, src, "volume-data", u->id,
                            _("the scenario has no area for this off-board fire"));
          else if (!rdt_scenario_area_contains (area, t->placement.hex))
            add_line (fire, RDT_FIRE_LINE_REFUSED, rule, src, u->id, 0, FALSE,
                      _("%s is not in %s"), t->name, area->name);
          /* Germantown 3.5: "range is assumed to be 3 regardless of the
           * target hex"; "Line of Sight does not apply". */
          d = range != NULL ? CLAMP (atoi (range), 0, 99) : 0;
          add_line (fire, RDT_FIRE_LINE_NOTE, rule, src, u->id, d, FALSE,
                    _("off-board fire: range %d whatever the target hex; Line of Sight does not apply "
                      "(an exception to 11.41)"), d);
          fire->range = MAX (fire->range, d);
          continue;
        }
      if (u->placement.kind != RDT_PLACEMENT_HEX || rdt_unit_is_leader (u))
        continue;
      d = rdt_hex_grid_distance (grid, u->placement.hex, t->placement.hex);
      if (u->kind == RDT_UNIT_KIND_MORTAR && fire->kind == RDT_FIRE_ARTILLERY)
        {
          int range = u->range > 0 ? u->range
                    : c->volume != NULL && rdt_volume_get_artillery_range (c->volume) > 0
                    ? rdt_volume_get_artillery_range (c->volume) : 3;

          /* Savannah 4.12: "Have a range of 5 hexes but cannot fire at an
           * adjacent target"; "Do not require LOS". */
          if (d < 2)
            add_line (fire, RDT_FIRE_LINE_REFUSED, "Savannah 4.12", c->volume_id, u->id, d, FALSE,
                      _("mortars cannot fire at an adjacent target"));
          else if (d > range)
            add_line (fire, RDT_FIRE_LINE_REFUSED, "Savannah 4.12", c->volume_id, u->id, d, FALSE,
                      _("%s is %d hexes from the target: beyond its range of %d"), u->name, d, range);
          else
            add_line (fire, RDT_FIRE_LINE_NOTE, "Savannah 4.12", c->volume_id, u->id, d, FALSE,
                      _("mortars do not require LOS"));
        }
      else if (fire->kind == RDT_FIRE_RIFLE && u->kind != RDT_UNIT_KIND_AMUSETTE)
        {
          /* 10.2: "it must select an adjacent target combat unit". */
          if (d != 1)
            add_line (fire, RDT_FIRE_LINE_REFUSED, "10.2", _(SERIES), u->id, d, FALSE,
                      _("%s is not adjacent to the target: rifle fire needs an adjacent target"), u->name);
        }
      else
        {
          if (board == NULL)
            {
              g_autoptr(GError) error = NULL;

              board = rdt_board_new_from_scenario (c->scenario, NULL, &error);
              if (board == NULL)
                {
                  undecided (c, "11.4", "volume-data", NULL, error->message);
                  return;
                }
              los = rdt_los_new (board);
            }
          d = check_ranged (c, los, board, u);
        }
      fire->range = MAX (fire->range, d);
    }
  if (los != NULL)
    rdt_los_free (los);
}

static void
add_drms (Ctx *c)
{
  RdtFire *fire = c->fire;
  const RdtUnit *t = c->target;
  const RdtTerrainType *tt = terrain_at (c, t->placement.hex);
  RdtHexGrid *grid = rdt_scenario_get_grid (c->scenario);
  const RdtTable *table;

  /* 10.5 First Fire (rifle fire; Brandywine 4.5.5: Amusettes "in the same
   * way that rifles do"); not cumulative; lost if any firer has fired. */
  if (fire->kind == RDT_FIRE_RIFLE && c->firer_units->len > 0)
    {
      const RdtUnit *spent = NULL;

      for (guint i = 0; i < c->firer_units->len; i++)
        {
          const RdtUnit *u = g_ptr_array_index (c->firer_units, i);
          if (in_list (c->facts->first_fire_spent, u->id))
            spent = u;
        }
      if (spent == NULL)
        {
          add_line (fire, RDT_FIRE_LINE_DRM, "10.5", _(SERIES), NULL, 1, FALSE,
                    c->firer_units->len > 1
                      ? _("First Fire bonus: none of the firing units has fired yet in the game (+1, not cumulative)")
                      : _("First Fire bonus: the unit has not fired yet in the game"));
          fire->drm += 1;
        }
      else
        add_line (fire, RDT_FIRE_LINE_NOTE, "10.5", _(SERIES), spent->id, 0, FALSE,
                  _("no First Fire bonus: %s has already fired (or taken part in a close combat) this game"),
                  spent->name);
    }

  /* The target's terrain: the fire DRM of the volume's terrain effects (the
   * Terrain Effects Chart; Germantown 3.10 Chew House -3).  13.4: a shattered
   * unit "may not receive any terrain DRMs". */
  if (t->status == RDT_UNIT_STATUS_SHATTERED)
    add_line (fire, RDT_FIRE_LINE_NOTE, "13.4", _(SERIES), t->id, 0, FALSE,
              _("the target is shattered: it receives no terrain DRMs"));
  else
    {
      if (tt != NULL && tt->effects.fire_drm != 0)
        {
          g_autofree char *src = g_strdup_printf (_("volume %s, terrain %s"), c->volume_id, tt->id);

          add_line (fire, RDT_FIRE_LINE_DRM, tt->rule != NULL ? tt->rule : "10.3, 11.3", src, NULL,
                    tt->effects.fire_drm, (tt->effects.provisional & RDT_EFFECT_FIRE_DRM) != 0,
                    _("target in %s: %+d"), tt->name, tt->effects.fire_drm);
          fire->drm += tt->effects.fire_drm;
        }
      /* Hexside fire DRMs (the Terrain Effects Chart's, as volume data):
       * the hexside between an adjacent firer and the target, or the one by
       * which a ranged firer's LOS enters the target's hex (two when it
       * enters through a corner: the lesser protection); a fieldwork only
       * into its symbol hex, unbreached.  With combined fire the DRM used is
       * that of the firer least protected against (reading: the rules do
       * not say).  Savannah 4.12: mortars ignore them; Germantown 3.5:
       * off-board fire traces no LOS, so no hexside is crossed. */
      {
        int best = G_MININT;
        const RdtHexsideType *best_type = NULL;
        g_autoptr(RdtBoard) board = NULL;
        RdtLos *los = NULL;

        for (guint i = 0; i < c->firer_units->len; i++)
          {
            const RdtUnit *u = g_ptr_array_index (c->firer_units, i);
            RdtHexside sides[2];
            guint n_sides = 0;
            int drm = G_MININT;
            const RdtHexsideType *type = NULL;

            if (u->placement.kind != RDT_PLACEMENT_HEX || u->kind == RDT_UNIT_KIND_MORTAR)
              {
                drm = 0;
                n_sides = 0;
              }
            else if (rdt_hex_grid_hexside (grid, u->placement.hex, t->placement.hex, &sides[0], NULL))
              n_sides = 1;
            else
              {
                RdtLosReport report;

                if (board == NULL)
                  {
                    board = rdt_board_new_from_scenario (c->scenario, NULL, NULL);
                    if (board != NULL)
                      los = rdt_los_new (board);
                  }
                if (los != NULL)
                  {
                    rdt_los_report_init (&report);
                    rdt_los_check (los, u->placement.hex, t->placement.hex, &report);
                    for (guint k = rdt_los_report_get_n_steps (&report); k > 0 && n_sides == 0; k--)
                      {
                        const RdtLosStep *st = rdt_los_report_get_step (&report, k - 1);

                        if ((st->kind != RDT_LOS_STEP_CROSS && st->kind != RDT_LOS_STEP_RUN) ||
                            st->to.col != t->placement.hex.col || st->to.row != t->placement.hex.row)
                          continue;
                        if (st->kind == RDT_LOS_STEP_RUN)
                          {
                            /* Along a hexside to the corner of the target's
                             * hex: it enters between the target's hexsides
                             * with the run's two hexes. */
                            if (rdt_hex_grid_hexside (grid, st->hexside.a, t->placement.hex, &sides[n_sides], NULL))
                              n_sides++;
                            if (rdt_hex_grid_hexside (grid, st->hexside.b, t->placement.hex, &sides[n_sides], NULL))
                              n_sides++;
                            break;
                          }
                        sides[n_sides++] = st->hexside;
                        if (st->via_corner &&
                            rdt_hex_grid_hexside (grid, st->grazed, t->placement.hex, &sides[1], NULL))
                          n_sides++;
                      }
                    rdt_los_report_clear (&report);
                  }
              }
            for (guint k = 0; k < n_sides; k++)
              {
                const RdtHexsideFeatures *f = rdt_scenario_get_hexside (c->scenario, sides[k]);
                int side_drm = 0;
                const RdtHexsideType *side_type = NULL;

                for (int kind = 0; f != NULL && kind < RDT_N_HEXSIDE_KINDS; kind++)
                  {
                    int ti = rdt_hexside_features_get (f, kind);
                    const RdtHexsideType *ht;

                    if (ti < 0)
                      continue;
                    ht = rdt_volume_get_hexside_type (c->volume, (guint) ti);
                    if (ht == NULL || ht->effects.fire_drm == 0)
                      continue;
                    if (kind == RDT_HEXSIDE_KIND_FIELDWORK &&
                        (f->breached || f->fieldwork_symbol.col != t->placement.hex.col ||
                         f->fieldwork_symbol.row != t->placement.hex.row))
                      continue;
                    side_drm += ht->effects.fire_drm;
                    side_type = ht;
                  }
                if (side_drm > drm)
                  {
                    drm = side_drm;
                    type = side_type;
                  }
              }
            if (drm == G_MININT)
              drm = 0;
            if (drm > best)
              {
                best = drm;
                best_type = type;
              }
          }
        if (los != NULL)
          rdt_los_free (los);
        if (best != G_MININT && best != 0 && best_type != NULL)
          {
            g_autofree char *src = g_strdup_printf (_("volume %s, hexside %s"), c->volume_id, best_type->id);

            add_line (fire, RDT_FIRE_LINE_DRM, best_type->rule != NULL ? best_type->rule : "10.3, 11.3",
                      src, NULL, best, (best_type->effects.provisional & RDT_EFFECT_FIRE_DRM) != 0,
                      c->firer_units->len > 1
                        ? _("fire across %s (every firer crosses it): %+d")
                        : _("fire across %s: %+d"),
                      best_type->name, best);
            fire->drm += best;
          }
      }
    }

  /* The volume's exclusive To-Hit modifiers (Brandywine 4.3, 4.5.5) and
   * 10.7's second roll, as data: columns DRM, Rule, When. */
  table = c->volume != NULL ? rdt_volume_find_table (c->volume, "to-hit-drm") : NULL;
  if (table != NULL)
    {
      int col_drm = find_column (table, "DRM");
      int col_rule = find_column (table, "Rule");
      int col_when = find_column (table, "When");

      for (guint i = 0; i < table->rows->len; i++)
        {
          const RdtTableRow *row = g_ptr_array_index (table->rows, i);
          gboolean p_drm = FALSE, p_when = FALSE;
          const char *drm_text = row_cell (row, col_drm, &p_drm);
          const char *rule = row_cell (row, col_rule, NULL);
          const char *when = row_cell (row, col_when, &p_when);
          g_autofree char *src = g_strdup_printf (_("volume %s, table to-hit-drm, row “%s”"), c->volume_id, row->key);
          g_autofree char *full_rule = NULL;
          g_autofree char *bad = NULL;
          WhenAnswer answer;
          int drm;

          /* The Rule column is written in full ("Brandywine 4.5.5", "10.7"). */
          full_rule = g_strdup (rule != NULL && rule[0] != '\0' ? rule : "10.3, 11.3");
          if (when == NULL || when[0] == '\0')
            {
              add_line (fire, RDT_FIRE_LINE_NOTE, full_rule, src, NULL, 0, FALSE,
                        _("row “%s” has no When condition: not applied"), row->key);
              continue;
            }
          answer = eval_when (c, when, &bad);
          if (answer == WHEN_BAD)
            {
              add_line (fire, RDT_FIRE_LINE_NOTE, full_rule, src, NULL, 0, FALSE,
                        _("row “%s”: unknown condition “%s”: not applied"), row->key, bad);
              continue;
            }
          if (answer == WHEN_NO)
            continue;
          if (g_strcmp0 (drm_text, "roll-twice") == 0)
            {
              if (answer == WHEN_UNDECIDED)
                {
                  g_autofree char *text =
                    g_strdup_printf (_("%s: a second To-Hit roll if there is an open flank (12.53): not told"),
                                     row->key);
                  undecided_from (c, full_rule, src, "open-flank", NULL, text);
                  continue;
                }
              fire->n_rolls = 2;
              add_line (fire, RDT_FIRE_LINE_ROLLS, full_rule, src, NULL, 2, p_when || p_drm,
                        _("%s: two To-Hit rolls against the target; only one hit counts"), row->key);
              continue;
            }
          if (!parse_int_cell (drm_text, &drm))
            {
              add_line (fire, RDT_FIRE_LINE_NOTE, full_rule, src, NULL, 0, FALSE,
                        _("row “%s”: the DRM “%s” is not a number: not applied"), row->key,
                        drm_text != NULL ? drm_text : "");
              continue;
            }
          if (answer == WHEN_UNDECIDED)
            {
              g_autofree char *text = g_strdup_printf (_("%s (%+d): depends on an open flank (12.53), not told"),
                                                       row->key, drm);
              undecided_from (c, full_rule, src, "open-flank", NULL, text);
              continue;
            }
          add_line (fire, RDT_FIRE_LINE_DRM, full_rule, src, NULL, drm, p_drm || p_when,
                    "%s: %+d", row->key, drm);
          fire->drm += drm;
        }
    }
}

static void
read_to_hit (Ctx *c)
{
  RdtFire *fire = c->fire;
  const RdtTable *table = c->volume != NULL ? rdt_volume_find_table (c->volume, "to-hit") : NULL;
  const char *rule = fire->kind == RDT_FIRE_RIFLE ? "10.3" : "11.3";
  g_autofree char *column = NULL;
  g_autofree char *src = g_strdup_printf (_("volume %s, table to-hit"), c->volume_id);
  const RdtTableRow *row;
  const char *cell;
  gboolean prov = FALSE;
  int col, value;

  /* 10.3: rifle fire reads the 'adjacent' column; 11.3 the range. */
  if (fire->range <= 1)
    column = g_strdup ("adjacent");
  else
    column = g_strdup_printf ("%d", fire->range);
  add_line (fire, RDT_FIRE_LINE_RANGE, fire->kind == RDT_FIRE_RIFLE ? "10.3" : "11.2", _(SERIES), NULL,
            fire->range,
            FALSE, fire->kind == RDT_FIRE_ARTILLERY && c->firer_units->len > 1
                     ? _("range %d (the farthest firer, counting the target's hex): column “%s”")
                     : _("range %d: column “%s”"),
            fire->range, column);
  if (table == NULL)
    {
      undecided_from (c, rule, src, "volume-data", NULL, _("the volume has no Ranged Fire To-Hit Table (to-hit)"));
      return;
    }
  col = find_column (table, column);
  if (col < 0 && fire->range <= 1)
    col = find_column (table, "1");
  row = find_row (table, fire->sp);
  if (col < 0 || row == NULL)
    {
      g_autofree char *text =
        g_strdup_printf (_("the volume's Ranged Fire To-Hit Table has no value for %d SP at column “%s”: "
                           "enter it from your copy of the game"), fire->sp, column);
      undecided_from (c, rule, src, "volume-data", NULL, text);
      return;
    }
  cell = row_cell (row, col, &prov);
  if (cell != NULL && (g_str_equal (cell, "-") || g_str_equal (cell, "\xe2\x80\x94")))
    {
      fire->to_hit = 0;
      add_line (fire, RDT_FIRE_LINE_TO_HIT, rule, src, NULL, 0, prov,
                _("%d SP, column “%s”: no hit possible"), fire->sp, column);
      return;
    }
  if (!parse_int_cell (cell, &value))
    {
      g_autofree char *text = g_strdup_printf (_("the To-Hit cell for %d SP, column “%s” is “%s”, not a number"),
                                               fire->sp, column, cell != NULL ? cell : "");
      undecided_from (c, rule, src, "volume-data", NULL, text);
      return;
    }
  fire->to_hit = value;
  add_line (fire, RDT_FIRE_LINE_TO_HIT, rule, src, NULL, value, prov,
            _("%d SP, column “%s”: a modified roll of %d or more hits"), fire->sp, column, value);
}

static void
read_damage (Ctx *c)
{
  RdtFire *fire = c->fire;
  const char *id = fire->kind == RDT_FIRE_RIFLE ? "fire-damage-rifle" : "fire-damage-artillery";
  const RdtTable *table = c->volume != NULL ? rdt_volume_find_table (c->volume, id) : NULL;

  fire->damage_source = g_strdup_printf (_("volume %s, table %s"), c->volume_id, id);
  if (table == NULL)
    return;
  for (int die = 0; die < 10; die++)
    {
      const RdtTableRow *row = find_row (table, die);
      gboolean prov = FALSE;
      const char *cell = row != NULL ? row_cell (row, 0, &prov) : NULL;

      if (cell == NULL)
        continue;
      fire->damage[die] = g_strdup (cell);
      fire->damage_provisional[die] = prov;
    }
}

RdtFire *
rdt_fire_analyse (RdtScenario        *scenario,
                  RdtFireKind         kind,
                  const char *const  *firers,
                  const char         *target,
                  const RdtFireFacts *facts,
                  GError            **error)
{
  g_autoptr(GPtrArray) units = g_ptr_array_new ();
  g_autoptr(GHashTable) off_board = NULL;
  g_autoptr(GPtrArray) synthetic = NULL;
  RdtFireFacts none;
  RdtFire *fire;
  Ctx c = { 0 };
  int ti;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (target != NULL, NULL);
  if (facts == NULL)
    {
      rdt_fire_facts_init (&none);
      facts = &none;
    }
  if (firers == NULL || firers[0] == NULL)
    {
      g_set_error (error, RDT_FIRE_ERROR, RDT_FIRE_ERROR_INVALID, _("no firing unit"));
      return NULL;
    }
  for (guint i = 0; firers[i] != NULL; i++)
    {
      int index = rdt_scenario_find_unit_index (scenario, firers[i]);

      /* Germantown 3.5: an off-board source, "off-board:ID", a row of the
       * volume's "off-board-fire" table. */
      if (index < 0 && g_str_has_prefix (firers[i], "off-board:"))
        {
          RdtVolume *volume = rdt_scenario_get_volume (scenario);
          const RdtTable *table = volume != NULL ? rdt_volume_find_table (volume, "off-board-fire") : NULL;
          const char *key = firers[i] + strlen ("off-board:");
          const char *side = table != NULL ? rdt_table_lookup (table, key, "side", NULL) : NULL;
          const char *sp = table != NULL ? rdt_table_lookup (table, key, "sp", NULL) : NULL;
          RdtUnit *u;

          if (side == NULL || rdt_scenario_find_side (scenario, side) < 0)
            {
              g_set_error (error, RDT_FIRE_ERROR, RDT_FIRE_ERROR_UNKNOWN,
                           _("the volume has no off-board fire “%s” (table off-board-fire)"), key);
              return NULL;
            }
          u = rdt_unit_new (firers[i], key, rdt_scenario_find_side (scenario, side), RDT_UNIT_KIND_ARTILLERY);
          rdt_unit_add_step (u, sp != NULL ? CLAMP (atoi (sp), 0, 99) : 0, -1, 0);
          if (off_board == NULL)
            {
              off_board = g_hash_table_new (NULL, NULL);
              synthetic = g_ptr_array_new_with_free_func ((GDestroyNotify) rdt_unit_free);
            }
          for (guint r = 0; r < table->rows->len; r++)
            if (g_str_equal (((RdtTableRow *) g_ptr_array_index (table->rows, r))->key, key))
              g_hash_table_insert (off_board, u, g_ptr_array_index (table->rows, r));
          g_ptr_array_add (synthetic, u);
          g_ptr_array_add (units, u);
          continue;
        }
      if (index < 0)
        {
          g_set_error (error, RDT_FIRE_ERROR, RDT_FIRE_ERROR_UNKNOWN, _("unknown unit “%s”"), firers[i]);
          return NULL;
        }
      for (guint k = 0; k < units->len; k++)
        if (g_ptr_array_index (units, k) == rdt_scenario_get_unit (scenario, (guint) index))
          {
            g_set_error (error, RDT_FIRE_ERROR, RDT_FIRE_ERROR_INVALID,
                         _("unit “%s” is named twice"), firers[i]);
            return NULL;
          }
      g_ptr_array_add (units, rdt_scenario_get_unit (scenario, (guint) index));
    }
  ti = rdt_scenario_find_unit_index (scenario, target);
  if (ti < 0)
    {
      g_set_error (error, RDT_FIRE_ERROR, RDT_FIRE_ERROR_UNKNOWN, _("unknown unit “%s”"), target);
      return NULL;
    }

  fire = g_new0 (RdtFire, 1);
  fire->kind = kind;
  fire->firers = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; firers[i] != NULL; i++)
    g_ptr_array_add (fire->firers, g_strdup (firers[i]));
  g_ptr_array_add (fire->firers, NULL);
  fire->target = g_strdup (target);
  fire->lines = g_ptr_array_new_with_free_func ((GDestroyNotify) line_free);
  fire->to_hit = -1;
  fire->n_rolls = 1;

  c.scenario = scenario;
  c.volume = rdt_scenario_get_volume (scenario);
  c.volume_id = c.volume != NULL && rdt_volume_get_id (c.volume) != NULL ? rdt_volume_get_id (c.volume) : "-";
  c.facts = facts;
  c.fire = fire;
  c.firer_units = units;
  c.target = rdt_scenario_get_unit (scenario, (guint) ti);
  c.off_board = off_board;

  check_firers (&c);
  check_target (&c);
  if (c.target->placement.kind == RDT_PLACEMENT_HEX && !rdt_unit_is_leader (c.target))
    {
      add_drms (&c);
      /* A fire a rule forbids has no To-Hit number to read. */
      if (rdt_fire_get_verdict (fire) != RDT_FIRE_REFUSED)
        read_to_hit (&c);
    }
  if (fire->n_rolls == 1)
    add_line (fire, RDT_FIRE_LINE_ROLLS, kind == RDT_FIRE_RIFLE ? "10.3" : "11.3", _(SERIES), NULL, 1, FALSE,
              _("one To-Hit roll"));
  read_damage (&c);
  return fire;
}

RdtFireKind
rdt_fire_get_kind (const RdtFire *fire)
{
  return fire->kind;
}

RdtFireVerdict
rdt_fire_get_verdict (const RdtFire *fire)
{
  gboolean und = FALSE;

  for (guint i = 0; i < fire->lines->len; i++)
    {
      const RdtFireLine *l = g_ptr_array_index (fire->lines, i);

      if (l->kind == RDT_FIRE_LINE_REFUSED)
        return RDT_FIRE_REFUSED;
      if (l->kind == RDT_FIRE_LINE_UNDECIDED)
        und = TRUE;
    }
  return und ? RDT_FIRE_UNDECIDED : RDT_FIRE_LEGAL;
}

const RdtFireLine *
rdt_fire_get_reason (const RdtFire *fire)
{
  const RdtFireLine *und = NULL;

  for (guint i = 0; i < fire->lines->len; i++)
    {
      const RdtFireLine *l = g_ptr_array_index (fire->lines, i);

      if (l->kind == RDT_FIRE_LINE_REFUSED)
        return l;
      if (l->kind == RDT_FIRE_LINE_UNDECIDED && und == NULL)
        und = l;
    }
  return und;
}

const char *const *
rdt_fire_get_firers (const RdtFire *fire)
{
  return (const char *const *) fire->firers->pdata;
}

const char *
rdt_fire_get_target (const RdtFire *fire)
{
  return fire->target;
}

int
rdt_fire_get_sp (const RdtFire *fire)
{
  return fire->sp;
}

int
rdt_fire_get_range (const RdtFire *fire)
{
  return fire->range;
}

int
rdt_fire_get_drm (const RdtFire *fire)
{
  return fire->drm;
}

guint
rdt_fire_get_n_rolls (const RdtFire *fire)
{
  return fire->n_rolls;
}

int
rdt_fire_get_to_hit (const RdtFire *fire)
{
  return fire->to_hit;
}

gboolean
rdt_fire_roll_hits (const RdtFire *fire,
                    int            die)
{
  /* 10.3, 11.3: "If it is equal to or greater than the 'To Hit' number, a
   * hit is scored." */
  return fire->to_hit > 0 && die + fire->drm >= fire->to_hit;
}

gboolean
rdt_fire_is_provisional (const RdtFire *fire)
{
  return fire->provisional;
}

guint
rdt_fire_get_n_lines (const RdtFire *fire)
{
  return fire->lines->len;
}

const RdtFireLine *
rdt_fire_get_line (const RdtFire *fire,
                   guint          index)
{
  g_return_val_if_fail (index < fire->lines->len, NULL);
  return g_ptr_array_index (fire->lines, index);
}

const char *
rdt_fire_get_damage (const RdtFire *fire,
                     int            die,
                     gboolean      *out_provisional)
{
  if (die < 0 || die > 9)
    return NULL;
  if (out_provisional != NULL)
    *out_provisional = fire->damage_provisional[die];
  return fire->damage[die];
}

const char *
rdt_fire_get_damage_source (const RdtFire *fire)
{
  return fire->damage_source;
}
