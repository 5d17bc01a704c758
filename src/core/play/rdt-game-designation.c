/* rdt-game-designation.c: the designation of the Close Combats of a phase
 * (issue 14; Series Rules 12.12-12.15, 12.21, 12.22, 13.1 Pin;
 * docs/play.md "Close Combat").
 *
 *   designate ATT[,ATT...] DEF[,DEF...]   adds a combat (attacking hexes
 *                                to the defending hex, or one attacking hex
 *                                to several defending hexes, 12.15;
 *                                designating more attacking hexes against a
 *                                designated DEF joins them)
 *   undesignate DEF              withdraws it (before the announcement)
 *   diversion HEX | diversion none   the phase's one Diversion hex (12.14)
 *   announce [anyway]            12.21: "The phasing player must announce all
 *                                Close Combats before resolving any of them"
 *
 * At "announce" the WHOLE designation is checked: each combat by the rules
 * layer (12.15, adjacency, 13.3, 13.4), then what 12.12, 12.13, 12.14 and
 * 13.1 Pin still owe; the refusal lists everything owed with its rule.  The
 * volumes' exceptions are data: the table "cc-obligations" (rows: "where"
 * terrain|hexside, "type" a terrain or hexside type id, "pinned" "must
 * attack" when pinned units stay bound, "then" "adjacent to both" when an
 * attack across the hexside makes the enemy units adjacent to both the
 * attacking and the defending units owed, "rule").  Brandywine 3.9 Meeting
 * House and 5.2.3 non-ford creek, Germantown 3.10.4 Chew House.
 *
 * Reading of 12.13 the program applies: an enemy unit is owed an attack when
 * it is adjacent to a friendly unit that 12.12 (or 13.1 Pin) binds to attack
 * it; a friendly unit that need not attack it (artillery, rifle units,
 * disrupted and shattered units, an exception of the volume) does not make
 * it owed.  "announce anyway" announces with obligations left, each logged
 * as not met (a sandbox override of 12.21).
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "rdt-close-combat.h"
#include "rdt-game-private.h"

#define OBLIGATIONS_TABLE "cc-obligations"
#define PINNED "pinned"
/* Brandywine 3.9: "break-pin UNIT" in place, for the player turn. */
#define BROKE_PIN "broke-pin-in-place"
#define PIN_BROKEN "pin-broken-in-place"

static const RdtUnit *
unit_of (RdtGame *game,
         guint    index)
{
  return rdt_scenario_get_unit (game->scenario, index);
}

static gboolean
same_hex (RdtHex a,
          RdtHex b)
{
  return a.col == b.col && a.row == b.row;
}

static gboolean
is_artillery (const RdtUnit *u)
{
  return u->kind == RDT_UNIT_KIND_ARTILLERY || u->kind == RDT_UNIT_KIND_AMUSETTE || u->kind == RDT_UNIT_KIND_MORTAR;
}

static gboolean
is_pinned (const RdtGameUnit *gu)
{
  return gu->states != NULL && g_strv_contains ((const char *const *) gu->states, PINNED);
}

static gboolean
has (const RdtGameUnit *gu,
     const char        *state)
{
  return gu->states != NULL && g_strv_contains ((const char *const *) gu->states, state);
}

/* A combat unit (not a leader) on the map. */
static gboolean
on_map (RdtGame *game,
        guint    i)
{
  return game->state->units[i].where == RDT_GAME_UNIT_MAP && !rdt_unit_is_leader (unit_of (game, i));
}

static gboolean
fail (GError     **error,
      int          code,
      const char  *format,
      ...) G_GNUC_PRINTF (3, 4);

static gboolean
fail (GError     **error,
      int          code,
      const char  *format,
      ...)
{
  va_list args;
  g_autofree char *text = NULL;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, RDT_GAME_ERROR, code, text);
  return FALSE;
}

static char *
label (RdtGame *game,
       RdtHex   hex)
{
  return rdt_hex_grid_dup_label (rdt_scenario_get_grid (game->scenario), hex);
}

int
_rdt_game_find_designation (RdtGame *game,
                            RdtHex   def_hex)
{
  GArray *d = game->state->designated;

  for (guint i = 0; i < d->len; i++)
    {
      const RdtGameDesignation *x = &g_array_index (d, RdtGameDesignation, i);

      if (same_hex (x->defender, def_hex))
        return (int) i;
      for (guint k = 1; k < x->n_defenders; k++)
        if (same_hex (x->defenders[k], def_hex))
          return (int) i;
    }
  return -1;
}

char *
_rdt_game_designation_defenders (RdtGame                  *game,
                                 const RdtGameDesignation *d)
{
  GString *s = g_string_new (NULL);

  if (d->n_defenders <= 1)
    {
      g_autofree char *l = label (game, d->defender);
      g_string_append (s, l);
    }
  for (guint k = 0; k < d->n_defenders && d->n_defenders > 1; k++)
    {
      g_autofree char *l = label (game, d->defenders[k]);
      g_string_append_printf (s, "%s%s", k > 0 ? "," : "", l);
    }
  return g_string_free (s, FALSE);
}

/* ------------------------------------------- the volume's exceptions */

/* The row of the "cc-obligations" table that exempts the pair (friendly
 * unit @f, enemy unit @e) from 12.12, or NULL.  @out_pinned_bound: the row
 * keeps pinned units bound ("must attack"). */
/* Whether one of the volume's restrictions named in @ids binds unit @f
 * now and covers @hex (Brandywine 5.2.6: the Bivouac Area restrictions
 * until the release). */
static gboolean
restriction_covers (RdtGame    *game,
                    const char *ids,
                    guint       f,
                    RdtHex      hex)
{
  RdtVolume *volume = rdt_scenario_get_volume (game->scenario);
  g_auto(GStrv) names = g_strsplit_set (ids, " ,", -1);
  RdtGameContext context;

  rdt_game_context_init (&context);
  context.turn = game->state->turn;
  context.origin = game->scenario;
  context.weather = game->state->weather;
  context.released = (const char *const *) game->state->released;
  for (guint i = 0; i < rdt_volume_get_n_restrictions (volume); i++)
    {
      const RdtRestriction *r = rdt_volume_get_restriction (volume, i);

      if (r->id == NULL || !g_strv_contains ((const char *const *) names, r->id))
        continue;
      if (rdt_restriction_binds (r, rdt_game_get_position (game), f, &context, NULL) == RDT_RULE_ON &&
          rdt_restriction_covers_hex (r, rdt_game_get_position (game), hex))
        return TRUE;
    }
  return FALSE;
}

static const char *
exempting_row_full (RdtGame   *game,
                    guint      f,
                    guint      e,
                    gboolean  *out_pinned_bound,
                    gboolean  *out_forbids);

static const char *
exempting_row (RdtGame   *game,
               guint      f,
               guint      e,
               gboolean  *out_pinned_bound)
{
  gboolean forbids;

  return exempting_row_full (game, f, e, out_pinned_bound, &forbids);
}

/* As exempting_row(); @out_forbids: the row's "forbids" is "attack" (the
 * unit may not attack that enemy unit unless pinned: Brandywine 5.2.6). */
static const char *
exempting_row_full (RdtGame   *game,
                    guint      f,
                    guint      e,
                    gboolean  *out_pinned_bound,
                    gboolean  *out_forbids)
{
  RdtVolume *volume = rdt_scenario_get_volume (game->scenario);
  const RdtTable *table = rdt_volume_find_table (volume, OBLIGATIONS_TABLE);
  RdtHex fh = game->state->units[f].hex, eh = game->state->units[e].hex;

  *out_pinned_bound = TRUE;
  *out_forbids = FALSE;
  for (guint r = 0; table != NULL && r < table->rows->len; r++)
    {
      const RdtTableRow *row = g_ptr_array_index (table->rows, r);
      const char *where = rdt_table_lookup (table, row->key, "where", NULL);
      const char *type = rdt_table_lookup (table, row->key, "type", NULL);
      const char *pinned = rdt_table_lookup (table, row->key, "pinned", NULL);
      gboolean match = FALSE;

      if (where == NULL || type == NULL)
        continue;
      if (g_str_equal (where, "terrain"))
        {
          const RdtTerrainType *t = rdt_scenario_get_terrain_type (game->scenario, fh);

          match = t != NULL && g_strcmp0 (t->id, type) == 0;
        }
      else if (g_str_equal (where, "restriction"))
        match = restriction_covers (game, type, f, eh);
      else if (g_str_equal (where, "hexside"))
        {
          RdtHexside side;
          const RdtHexsideFeatures *hf;

          if (rdt_hex_grid_hexside (rdt_scenario_get_grid (game->scenario), fh, eh, &side, NULL) &&
              (hf = rdt_scenario_get_hexside (game->scenario, side)) != NULL)
            {
              int idx[5] = { hf->water, hf->slope, hf->fieldwork, hf->road, hf->other };

              for (guint k = 0; k < G_N_ELEMENTS (idx); k++)
                if (idx[k] != RDT_NO_TYPE && idx[k] >= 0 && (guint) idx[k] < rdt_volume_get_n_hexside_types (volume) &&
                    g_str_equal (rdt_volume_get_hexside_type (volume, (guint) idx[k])->id, type))
                  match = TRUE;
            }
        }
      if (match)
        {
          const char *rule = rdt_table_lookup (table, row->key, "rule", NULL);

          *out_pinned_bound = pinned != NULL && g_str_equal (pinned, "must attack");
          *out_forbids = g_strcmp0 (rdt_table_lookup (table, row->key, "forbids", NULL), "attack") == 0;
          return rule != NULL && rule[0] != '\0' ? rule : row->key;
        }
    }
  return NULL;
}

/* Savannah 4.1 as data: a "cc-obligations" row with where = "stack" and
 * type = "+"-separated groups of "&"-joined selectors (key=value, "!"
 * negates; keys side, unit, class, nationality, kind, formation: the
 * stack terms of the cc-drm table, docs/volumes.md).  TRUE when @u
 * matches every selector of @group. */
static gboolean
stack_group_matches (RdtGame       *game,
                     const char    *group,
                     const RdtUnit *u)
{
  g_auto(GStrv) sels = g_strsplit (group, "&", -1);

  for (guint k = 0; sels[k] != NULL; k++)
    {
      const char *sel = sels[k];
      gboolean negate = sel[0] == '!';
      const char *eq;
      g_autofree char *key = NULL;
      const char *value, *have = NULL;
      gboolean match;

      if (negate)
        sel++;
      eq = strchr (sel, '=');
      if (eq == NULL)
        return FALSE;
      key = g_strndup (sel, (gsize) (eq - sel));
      value = eq + 1;
      if (g_str_equal (key, "side"))
        {
          const RdtSide *side = u->side >= 0 ? rdt_scenario_get_side (game->scenario, (guint) u->side) : NULL;
          have = side != NULL ? side->id : NULL;
        }
      else if (g_str_equal (key, "unit"))
        have = u->id;
      else if (g_str_equal (key, "class"))
        have = u->unit_class;
      else if (g_str_equal (key, "nationality"))
        have = u->nationality;
      else if (g_str_equal (key, "formation"))
        have = u->formation;
      else if (g_str_equal (key, "kind"))
        have = rdt_unit_kind_to_string (u->kind);
      match = g_strcmp0 (have, value) == 0;
      if (match == negate)
        return FALSE;
    }
  return TRUE;
}

/* Every "+" group of @type ("french+american") is matched by a combat unit
 * of @player in @hex: the stack the volume's row describes is there. */
static gboolean
stack_holds_groups (RdtGame    *game,
                    const char *type,
                    int         player,
                    RdtHex      hex)
{
  g_auto(GStrv) groups = g_strsplit (type, "+", -1);

  for (guint g = 0; groups[g] != NULL; g++)
    {
      gboolean found = FALSE;

      for (guint i = 0; i < game->n_units && !found; i++)
        found = on_map (game, i) && _rdt_game_unit_player (game, i) == player &&
                same_hex (game->state->units[i].hex, hex) && stack_group_matches (game, groups[g], unit_of (game, i));
      if (!found)
        return FALSE;
    }
  return TRUE;
}

/* The rule of a "cc-obligations" row (where = "stack", forbids =
 * "voluntary attack") whose stack holds the hex of unit @f, or NULL:
 * every "+" group is matched by a combat unit of @f's player in the hex
 * (Savannah 4.1: "Units within a French/American stack may not attack
 * voluntarily ... until the French and American units are separated"). */
static const char *
stack_forbids_voluntary (RdtGame *game,
                         guint    f)
{
  const RdtTable *table = rdt_volume_find_table (rdt_scenario_get_volume (game->scenario), OBLIGATIONS_TABLE);
  RdtHex fh = game->state->units[f].hex;
  int player = _rdt_game_unit_player (game, f);

  for (guint r = 0; table != NULL && r < table->rows->len; r++)
    {
      const RdtTableRow *row = g_ptr_array_index (table->rows, r);
      const char *where = rdt_table_lookup (table, row->key, "where", NULL);
      const char *type = rdt_table_lookup (table, row->key, "type", NULL);
      const char *rule = rdt_table_lookup (table, row->key, "rule", NULL);

      if (g_strcmp0 (where, "stack") != 0 || type == NULL ||
          g_strcmp0 (rdt_table_lookup (table, row->key, "forbids", NULL), "voluntary attack") != 0)
        continue;
      if (stack_holds_groups (game, type, player, fh))
        return rule != NULL && rule[0] != '\0' ? rule : row->key;
    }
  return NULL;
}

/* ------------------------------------------- Savannah 4.1: retreat instead */

/* A "cc-obligations" row with where = "stack" whose stack holds the hex of
 * unit @f and whose "start" is "retreat N": its rule, N in @out_hexes (1 to
 * 3) and whether the cell is provisional; else NULL. */
static const char *
stack_start_row (RdtGame  *game,
                 guint     f,
                 int      *out_hexes,
                 gboolean *out_provisional,
                 const char **out_key)
{
  const RdtTable *table = rdt_volume_find_table (rdt_scenario_get_volume (game->scenario), OBLIGATIONS_TABLE);
  RdtHex fh = game->state->units[f].hex;
  int player = _rdt_game_unit_player (game, f);

  for (guint r = 0; table != NULL && r < table->rows->len; r++)
    {
      const RdtTableRow *row = g_ptr_array_index (table->rows, r);
      const char *where = rdt_table_lookup (table, row->key, "where", NULL);
      const char *type = rdt_table_lookup (table, row->key, "type", NULL);
      const char *rule = rdt_table_lookup (table, row->key, "rule", NULL);
      gboolean provisional = FALSE;
      const char *start = rdt_table_lookup (table, row->key, "start", &provisional);
      guint64 n = 0;

      if (g_strcmp0 (where, "stack") != 0 || type == NULL || start == NULL || !g_str_has_prefix (start, "retreat ") ||
          !g_ascii_string_to_unsigned (start + strlen ("retreat "), 10, 1, 3, &n, NULL))
        continue;
      if (!stack_holds_groups (game, type, player, fh))
        continue;
      *out_hexes = (int) n;
      *out_provisional = provisional;
      *out_key = row->key;
      return rule != NULL && rule[0] != '\0' ? rule : row->key;
    }
  return NULL;
}

/* "in circumstances where an attack would normally be required": 12.12
 * (artillery never, rifle units only when pinned, disrupted and shattered
 * units may not, 12.42 not under a Withdrawal marker) or 13.1 Pin binds
 * @g to attack an adjacent enemy unit, the volume's exceptions applied. */
static gboolean
required_to_attack (RdtGame *game,
                    guint    g)
{
  RdtGameState *s = game->state;
  const RdtGameUnit *gg = &s->units[g];
  const RdtUnit *ug = unit_of (game, g);
  gboolean pinned = is_pinned (gg);

  if (!on_map (game, g) || is_artillery (ug) || gg->status != RDT_UNIT_STATUS_PARADE ||
      has (gg, "cavalry-withdrawal") || has (gg, "indian-withdrawal") || (ug->kind == RDT_UNIT_KIND_RIFLE && !pinned))
    return FALSE;
  for (guint e = 0; e < game->n_units; e++)
    {
      gboolean pinned_bound;
      const char *exempt;

      if (!on_map (game, e) || _rdt_game_unit_player (game, e) == _rdt_game_unit_player (game, g) ||
          !rdt_hex_grid_are_adjacent (rdt_scenario_get_grid (game->scenario), gg->hex, s->units[e].hex))
        continue;
      exempt = exempting_row (game, g, e, &pinned_bound);
      if (exempt == NULL || (pinned && pinned_bound))
        return TRUE;
    }
  return FALSE;
}

/* Savannah 4.1: "If a French/American stack begins a Movement Phase
 * adjacent to an enemy in circumstances where an attack would normally be
 * required, it must retreat instead if possible.  If retreat is not
 * possible, the French/American stack must fulfill the required attack,
 * but suffers a -2 DRM."  At the start of the phasing player's Movement
 * Phase, each stack of a cc-obligations row with "start" = "retreat N"
 * owes the retreat of each of its units (13.2, N hexes: the rule does not
 * state the distance, so the volume's cell is provisional), when every one
 * of them has a legal end; when none has, no retreat is owed and the
 * attack stays owed (the cc-drm row's -2); when only some have, the rule
 * does not say whether part of the stack retreats: the game says it is not
 * decided and owes no retreat (docs/rulings.md). */
void
_rdt_game_stack_retreats (RdtGame *game)
{
  RdtGameState *s = game->state;
  int phasing = rdt_game_get_phasing_player (game);
  g_autofree gboolean *done = g_new0 (gboolean, MAX (game->n_units, 1));
  g_autoptr(GArray) members = g_array_new (FALSE, FALSE, sizeof (guint));

  if (rdt_game_get_phase (game) != RDT_PHASE_MOVEMENT)
    return;
  for (guint f = 0; f < game->n_units; f++)
    {
      int hexes = 1;
      gboolean provisional = FALSE, required = FALSE;
      const char *key = NULL;
      const char *rule;
      guint n_can = 0;
      g_autofree char *where = NULL;

      if (done[f] || !on_map (game, f) || _rdt_game_unit_player (game, f) != phasing)
        continue;
      rule = stack_start_row (game, f, &hexes, &provisional, &key);
      if (rule == NULL)
        continue;
      g_array_set_size (members, 0);
      for (guint i = 0; i < game->n_units; i++)
        if (on_map (game, i) && _rdt_game_unit_player (game, i) == phasing && same_hex (s->units[i].hex, s->units[f].hex))
          {
            done[i] = TRUE;
            g_array_append_val (members, i);
            required = required || required_to_attack (game, i);
          }
      if (!required)
        continue;
      for (guint k = 0; k < members->len; k++)
        {
          g_autoptr(RdtRetreat) retreat = _rdt_game_compute_retreat (game, g_array_index (members, guint, k), hexes, NULL);

          if (retreat != NULL && !rdt_retreat_is_captured (retreat) && rdt_retreat_get_n_ends (retreat) > 0)
            n_can++;
        }
      where = label (game, s->units[f].hex);
      if (n_can == 0)
        {
          _rdt_game_say (game, rule,
                         _("The stack in %s (%s) begins the Movement Phase adjacent to enemy units where an attack is "
                           "required and cannot retreat (13.22): it must make the required attack, at the -2 DRM"),
                         where, key);
          continue;
        }
      if (n_can < members->len)
        {
          g_autofree char *cite = g_strdup_printf (_("%s: not decided"), rule);

          _rdt_game_say (game, cite,
                         _("The stack in %s (%s) begins the Movement Phase adjacent to enemy units where an attack is "
                           "required; %u of its %u units can retreat: the rule does not say whether part of a stack "
                           "retreats, so no retreat is owed (its units may move apart this phase; otherwise the "
                           "required attack is made at the -2 DRM; docs/rulings.md)"),
                         where, key, n_can, members->len);
          continue;
        }
      for (guint k = 0; k < members->len; k++)
        {
          RdtGameOwedRetreat r = { g_array_index (members, guint, k), hexes, TRUE };

          g_array_append_val (s->owed_retreats, r);
        }
      _rdt_game_say (game, rule,
                     g_dngettext (GETTEXT_PACKAGE,
                                  "The stack in %s (%s) begins the Movement Phase adjacent to enemy units where an attack "
                                  "is required: it must retreat instead, each unit %d hex (“retreat UNIT HEX”, 13.2), "
                                  "before any movement%s",
                                  "The stack in %s (%s) begins the Movement Phase adjacent to enemy units where an attack "
                                  "is required: it must retreat instead, each unit %d hexes (“retreat UNIT HEX”, 13.2), "
                                  "before any movement%s", (gulong) hexes),
                     where, key, hexes,
                     provisional ? _(" (the rule does not state the distance: the volume's value is provisional, "
                                     "docs/rulings.md)") : "");
      game->board_dirty = TRUE;
    }
}

/* Each legal end of each retreat owed in the Movement Phase (Savannah 4.1). */
void
_rdt_game_stack_retreat_candidates (RdtGame   *game,
                                    GPtrArray *out)
{
  RdtGameState *s = game->state;

  if (rdt_game_get_phase (game) != RDT_PHASE_MOVEMENT)
    return;
  for (guint k = 0; k < s->owed_retreats->len; k++)
    {
      const RdtGameOwedRetreat r = g_array_index (s->owed_retreats, RdtGameOwedRetreat, k);
      g_autoptr(RdtRetreat) retreat = _rdt_game_compute_retreat (game, r.unit, r.hexes, NULL);

      for (guint e = 0; retreat != NULL && e < rdt_retreat_get_n_ends (retreat); e++)
        {
          g_autofree char *l = label (game, rdt_retreat_get_end (retreat, e)->hex);
          g_ptr_array_add (out, g_strdup_printf ("retreat %s %s", unit_of (game, r.unit)->id, l));
        }
    }
}

/* The "then" rule of the hexside row crossed between @a and @b, or NULL
 * (Brandywine 5.2.3: "adjacent to both"). */
static const char *
then_row (RdtGame *game,
          RdtHex   a,
          RdtHex   b)
{
  RdtVolume *volume = rdt_scenario_get_volume (game->scenario);
  const RdtTable *table = rdt_volume_find_table (volume, OBLIGATIONS_TABLE);
  RdtHexside side;
  const RdtHexsideFeatures *hf;

  if (table == NULL || !rdt_hex_grid_hexside (rdt_scenario_get_grid (game->scenario), a, b, &side, NULL) ||
      (hf = rdt_scenario_get_hexside (game->scenario, side)) == NULL)
    return NULL;
  for (guint r = 0; r < table->rows->len; r++)
    {
      const RdtTableRow *row = g_ptr_array_index (table->rows, r);
      const char *where = rdt_table_lookup (table, row->key, "where", NULL);
      const char *type = rdt_table_lookup (table, row->key, "type", NULL);
      const char *then = rdt_table_lookup (table, row->key, "then", NULL);
      int idx[5] = { hf->water, hf->slope, hf->fieldwork, hf->road, hf->other };

      if (g_strcmp0 (where, "hexside") != 0 || type == NULL || g_strcmp0 (then, "adjacent to both") != 0)
        continue;
      for (guint k = 0; k < G_N_ELEMENTS (idx); k++)
        if (idx[k] != RDT_NO_TYPE && idx[k] >= 0 && (guint) idx[k] < rdt_volume_get_n_hexside_types (volume) &&
            g_str_equal (rdt_volume_get_hexside_type (volume, (guint) idx[k])->id, type))
          {
            const char *rule = rdt_table_lookup (table, row->key, "rule", NULL);
            return rule != NULL && rule[0] != '\0' ? rule : row->key;
          }
    }
  return NULL;
}

/* ---------------------------------------------------------- one combat */

static RdtCloseCombat *
build_combat (RdtGame                  *game,
              const RdtGameDesignation *d,
              GError                  **error)
{
  RdtCloseCombatInput input;
  RdtGameContext context;
  const char *ids[RDT_GAME_MAX_ATTACKING_UNITS + 1];

  rdt_game_context_init (&context);
  context.turn = game->state->turn;
  context.current_side = -1;
  context.origin = game->scenario;
  rdt_close_combat_input_init (&input);
  input.context = &context;
  input.attackers = d->attackers;
  input.n_attackers = d->n_attackers;
  input.defender = d->defender;
  if (d->n_defenders > 1)
    {
      input.defenders = d->defenders;
      input.n_defenders = d->n_defenders;
    }
  input.has_diversion = game->state->has_diversion;
  input.diversion = game->state->diversion;
  for (guint k = 0; k < d->n_att_units; k++)
    ids[k] = unit_of (game, d->att_units[k])->id;
  ids[d->n_att_units] = NULL;
  if (d->n_att_units > 0)
    input.attacking_units = ids;
  return rdt_close_combat_new (rdt_game_get_position (game), &input, error);
}

static char *
designation_text (RdtGame                  *game,
                  const RdtGameDesignation *d)
{
  GString *s = g_string_new (NULL);
  g_autofree char *def = _rdt_game_designation_defenders (game, d);
  g_autofree char *att = _rdt_game_designation_attackers (game, d);

  g_string_append_printf (s, "%s → %s", att, def);
  return g_string_free (s, FALSE);
}

/* ------------------------------------------------------ what is owed */

static void
owe (GPtrArray  *texts,
     GArray     *hexes,
     RdtHex      hex,
     char       *text)
{
  g_ptr_array_add (texts, text);
  if (hexes != NULL)
    g_array_append_val (hexes, hex);
}

/* Everything the designation still owes (12.12-12.15, 13.1 Pin, the
 * volume's cc-obligations rows), as translated texts naming their rule;
 * @hexes (nullable) gets the hex of each. */
static void
compute_owed (RdtGame   *game,
              GPtrArray *texts,
              GArray    *hexes)
{
  RdtGameState *s = game->state;
  RdtHexGrid *grid = rdt_scenario_get_grid (game->scenario);
  int phasing = rdt_game_get_phasing_player (game);
  g_autofree gboolean *attacks = g_new0 (gboolean, MAX (game->n_units, 1));
  g_autofree gboolean *attacked = g_new0 (gboolean, MAX (game->n_units, 1));
  g_autofree const char **owed_rule = g_new0 (const char *, MAX (game->n_units, 1));

  /* Each combat, by the rules layer. */
  for (guint c = 0; c < s->designated->len; c++)
    {
      const RdtGameDesignation *d = &g_array_index (s->designated, RdtGameDesignation, c);
      g_autoptr(GError) local = NULL;
      g_autoptr(RdtCloseCombat) cc = build_combat (game, d, &local);
      g_autofree char *what = designation_text (game, d);

      if (cc == NULL)
        {
          owe (texts, hexes, d->defender, g_strdup_printf ("%s: %s", what, local->message));
          continue;
        }
      if (!rdt_close_combat_is_legal (cc))
        {
          const RdtCcItem *it = g_ptr_array_index (rdt_close_combat_get_errors (cc), 0);
          owe (texts, hexes, d->defender, g_strdup_printf ("%s: %s (%s)", what, it->text, it->rule));
        }
      for (int role = 0; role < 2; role++)
        {
          GPtrArray *units = rdt_close_combat_get_units (cc, role);

          for (guint i = 0; i < units->len; i++)
            {
              guint u = ((const RdtCcUnitSp *) g_ptr_array_index (units, i))->unit;

              if (role == RDT_CC_ATTACKER)
                attacks[u] = TRUE;
              else
                attacked[u] = TRUE;
            }
        }
      /* Brandywine 5.2.3: "if units attack across a non-ford Brandywine
       * Creek hexside, any enemy units adjacent to both the attacking and
       * defending units must also be attacked". */
      for (guint k = 0; k < d->n_attackers * MAX (d->n_defenders, 1); k++)
        {
          RdtHex dh = d->n_defenders > 1 ? d->defenders[k / d->n_attackers] : d->defender;
          const char *rule = then_row (game, d->attackers[k % d->n_attackers], dh);

          if (rule == NULL)
            continue;
          for (guint e = 0; e < game->n_units; e++)
            {
              RdtHex eh = s->units[e].hex;
              gboolean near_att = FALSE;

              if (!on_map (game, e) || _rdt_game_unit_player (game, e) == phasing || same_hex (eh, dh) ||
                  _rdt_game_find_designation (game, eh) == (int) c ||
                  !rdt_hex_grid_are_adjacent (grid, eh, dh))
                continue;
              for (guint a = 0; a < d->n_attackers; a++)
                if (rdt_hex_grid_are_adjacent (grid, eh, d->attackers[a]))
                  near_att = TRUE;
              if (near_att && owed_rule[e] == NULL)
                owed_rule[e] = rule;
            }
        }
    }

  /* 12.12 and 13.1 Pin: the phasing player's units. */
  for (guint f = 0; f < game->n_units; f++)
    {
      const RdtGameUnit *gf = &s->units[f];
      const RdtUnit *uf = unit_of (game, f);
      gboolean pinned = is_pinned (gf);
      const char *bound = NULL;

      if (!on_map (game, f) || _rdt_game_unit_player (game, f) != phasing)
        continue;
      /* 12.12: artillery never must attack; 13.3, 13.4: disrupted and
       * shattered units may not. */
      if (is_artillery (uf) || gf->status != RDT_UNIT_STATUS_PARADE)
        continue;
      for (guint e = 0; e < game->n_units; e++)
        {
          gboolean pinned_bound;
          const char *exempt;

          if (!on_map (game, e) || _rdt_game_unit_player (game, e) == phasing ||
              !rdt_hex_grid_are_adjacent (grid, gf->hex, s->units[e].hex))
            continue;
          /* Brandywine 3.9: no attack is owed between the units that broke
           * pin in place and others, nor against the enemy units whose pin
           * they broke. */
          if (has (gf, BROKE_PIN) || has (&s->units[e], PIN_BROKEN))
            continue;
          /* 12.12 Exception: "Rifle units are never required to attack". */
          if (uf->kind == RDT_UNIT_KIND_RIFLE && !pinned)
            continue;
          exempt = exempting_row (game, f, e, &pinned_bound);
          if (exempt != NULL && !(pinned && pinned_bound))
            continue;
          /* 13.1 Pin A: "Attack with all their pinned units". */
          if (bound == NULL || pinned)
            bound = pinned ? (exempt != NULL ? exempt : "13.1 Pin") : "12.12";
          if (owed_rule[e] == NULL)
            owed_rule[e] = "12.13";
        }
      if (bound != NULL && !attacks[f])
        owe (texts, hexes, gf->hex, g_strdup_printf (_("%s must attack (%s)"), uf->id, bound));
    }

  /* 12.14: the units that created the Diversion attack other enemy units. */
  if (s->has_diversion)
    for (guint f = 0; f < game->n_units; f++)
      {
        const RdtGameUnit *gf = &s->units[f];

        if (!on_map (game, f) || _rdt_game_unit_player (game, f) != phasing || is_artillery (unit_of (game, f)) ||
            gf->status != RDT_UNIT_STATUS_PARADE || !rdt_hex_grid_are_adjacent (grid, gf->hex, s->diversion) ||
            attacks[f])
          continue;
        {
          g_autofree char *l = label (game, s->diversion);
          owe (texts, hexes, gf->hex,
               g_strdup_printf (_("%s created the Diversion in %s and must attack other enemy units (12.14)"),
                                unit_of (game, f)->id, l));
        }
      }

  /* 12.13 and 13.1 Pin: the enemy units. */
  for (guint e = 0; e < game->n_units; e++)
    {
      const RdtGameUnit *ge = &s->units[e];
      const char *rule = owed_rule[e];

      if (!on_map (game, e) || _rdt_game_unit_player (game, e) == phasing || attacked[e] || has (ge, PIN_BROKEN))
        continue;
      /* 13.1 Pin A: "attack all defending units marked as pinned". */
      if (is_pinned (ge))
        {
          gboolean near = FALSE;

          for (guint f = 0; f < game->n_units && !near; f++)
            if (on_map (game, f) && _rdt_game_unit_player (game, f) == phasing &&
                rdt_hex_grid_are_adjacent (grid, ge->hex, s->units[f].hex))
              near = TRUE;
          if (near)
            rule = "13.1 Pin";
        }
      if (rule == NULL)
        continue;
      /* 12.14: the Diversion hex is not attacked (13.1 Note: never a
       * pinned one). */
      if (s->has_diversion && same_hex (ge->hex, s->diversion) && g_strcmp0 (rule, "13.1 Pin") != 0)
        continue;
      owe (texts, hexes, ge->hex, g_strdup_printf (_("%s must be attacked (%s)"), unit_of (game, e)->id, rule));
    }
}

char **
rdt_game_dup_cc_owed (RdtGame *game,
                      GArray **out_hexes)
{
  GPtrArray *texts;

  g_return_val_if_fail (RDT_IS_GAME (game), NULL);

  texts = g_ptr_array_new ();
  if (out_hexes != NULL)
    *out_hexes = g_array_new (FALSE, FALSE, sizeof (RdtHex));
  if (rdt_game_get_phase (game) == RDT_PHASE_CLOSE_COMBAT && !game->state->announced)
    compute_owed (game, texts, out_hexes != NULL ? *out_hexes : NULL);
  g_ptr_array_add (texts, NULL);
  return (char **) g_ptr_array_free (texts, FALSE);
}

/* ------------------------------------------------------------ actions */

static gboolean
may_designate (RdtGame  *game,
               GError  **error)
{
  if (rdt_game_get_phase (game) != RDT_PHASE_CLOSE_COMBAT)
    return fail (error, RDT_GAME_ERROR_WRONG_PHASE, _("12.21: Close Combats are designated in the Close Combat phase"));
  if (game->state->combat_phase_ending)
    return fail (error, RDT_GAME_ERROR_WRONG_PHASE,
                 _("13.3, 13.4: the Close Combat phase has ended; only its retreats are still owed"));
  if (game->state->announced)
    return fail (error, RDT_GAME_ERROR_ILLEGAL,
                 _("12.21: the Close Combats of this phase are announced; no designation changes now"));
  return TRUE;
}

/* Whether @units (unit indices) names a unit now in @hex. */
static gboolean
names_units_in (RdtGame     *game,
                const guint *units,
                guint        n_units,
                RdtHex       hex)
{
  for (guint k = 0; k < n_units; k++)
    if (same_hex (game->state->units[units[k]].hex, hex))
      return TRUE;
  return FALSE;
}

gboolean
_rdt_game_parse_attackers (RdtGame     *game,
                           const char  *text,
                           RdtHex      *hexes,
                           guint       *n_hexes,
                           guint       *units,
                           guint       *n_units,
                           GError     **error)
{
  RdtHexGrid *grid = rdt_scenario_get_grid (game->scenario);
  g_auto(GStrv) parts = g_strsplit (text, ",", RDT_GAME_MAX_ATTACKING_HEXES + 1);

  *n_hexes = *n_units = 0;
  for (guint i = 0; parts[i] != NULL; i++)
    {
      g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);

      if (*n_hexes >= RDT_GAME_MAX_ATTACKING_HEXES)
        return fail (error, RDT_GAME_ERROR_SYNTAX, _("12.15: at most %d attacking hexes"), RDT_GAME_MAX_ATTACKING_HEXES);
      if (!rdt_close_combat_parse_attacker (grid, parts[i], &hexes[*n_hexes], ids, NULL))
        return fail (error, RDT_GAME_ERROR_UNKNOWN, _("“%s” is not a hex of the map (or HEX:UNIT+UNIT, 12.15)"), parts[i]);
      for (guint k = 0; k < ids->len; k++)
        {
          int u = rdt_scenario_find_unit_index (game->scenario, ids->pdata[k]);

          if (u < 0)
            return fail (error, RDT_GAME_ERROR_UNKNOWN, _("unknown unit “%s”"), (const char *) ids->pdata[k]);
          if (game->state->units[u].where != RDT_GAME_UNIT_MAP || !same_hex (game->state->units[u].hex, hexes[*n_hexes]))
            {
              g_autofree char *l = label (game, hexes[*n_hexes]);
              return fail (error, RDT_GAME_ERROR_ILLEGAL, _("12.15: %s is not in %s"), (const char *) ids->pdata[k], l);
            }
          if (*n_units >= RDT_GAME_MAX_ATTACKING_UNITS)
            return fail (error, RDT_GAME_ERROR_SYNTAX, _("12.15: at most %d attacking units named"), RDT_GAME_MAX_ATTACKING_UNITS);
          units[(*n_units)++] = (guint) u;
        }
      (*n_hexes)++;
    }
  return TRUE;
}

char *
_rdt_game_designation_attackers (RdtGame                  *game,
                                 const RdtGameDesignation *d)
{
  GString *s = g_string_new (NULL);

  for (guint k = 0; k < d->n_attackers; k++)
    {
      g_autofree char *l = label (game, d->attackers[k]);
      guint n = 0;

      g_string_append_printf (s, "%s%s", k > 0 ? "," : "", l);
      for (guint j = 0; j < d->n_att_units; j++)
        if (same_hex (game->state->units[d->att_units[j]].hex, d->attackers[k]))
          g_string_append_printf (s, "%s%s", n++ == 0 ? ":" : "+", unit_of (game, d->att_units[j])->id);
    }
  return g_string_free (s, FALSE);
}

gboolean
_rdt_game_designate (RdtGame       *game,
                     const RdtHex  *attackers,
                     guint          n_attackers,
                     const RdtHex  *defs,
                     guint          n_defs,
                     const guint   *att_units,
                     guint          n_att_units,
                     GError       **error)
{
  RdtGameState *s = game->state;
  RdtGameDesignation d = { 0 };
  RdtHex def_hex = defs[0];
  int existing = _rdt_game_find_designation (game, def_hex);
  g_autoptr(RdtCloseCombat) cc = NULL;
  g_autoptr(GError) local = NULL;
  int att_side;

  if (!may_designate (game, error))
    return FALSE;
  for (guint k = 0; k < n_defs; k++)
    if (s->has_diversion && same_hex (s->diversion, defs[k]))
      return fail (error, RDT_GAME_ERROR_ILLEGAL,
                   _("12.14: the Diversion hex is not attacked (withdraw the Diversion with “diversion none”)"));
  /* 12.15: "All defending units in a single hex must be attacked together
   * in a single Close Combat": a defending hex is in one combat only; a
   * designated combat is joined only with the same defending hexes. */
  for (guint k = 0; k < n_defs; k++)
    {
      int other = _rdt_game_find_designation (game, defs[k]);
      gboolean same = other >= 0 && other == existing &&
                      MAX (g_array_index (s->designated, RdtGameDesignation, other).n_defenders, 1) == n_defs;

      for (guint j = 0; j < n_defs && same && n_defs > 1; j++)
        same = _rdt_game_find_designation (game, defs[j]) == other;
      if (other >= 0 && !same)
        {
          g_autofree char *l = label (game, defs[k]);
          g_autofree char *od = _rdt_game_designation_defenders (game, &g_array_index (s->designated, RdtGameDesignation, other));
          return fail (error, RDT_GAME_ERROR_ILLEGAL,
                       _("12.15: the defending units in %s are already attacked in the combat against %s (all defenders of a hex together, in one Close Combat; “undesignate %s” first)"),
                       l, od, od);
        }
    }
  if (existing >= 0)
    d = g_array_index (s->designated, RdtGameDesignation, existing);
  else
    {
      d.defender = def_hex;
      d.n_defenders = n_defs;
      for (guint k = 0; k < n_defs; k++)
        d.defenders[k] = defs[k];
    }
  for (guint i = 0; i < n_attackers; i++)
    {
      gboolean have = FALSE;

      for (guint k = 0; k < d.n_attackers; k++)
        have = have || same_hex (d.attackers[k], attackers[i]);
      /* 12.15: the units of an attacking hex in one combat (the program
       * moves whole hexes). */
      for (guint c = 0; c < s->designated->len; c++)
        {
          const RdtGameDesignation *o = &g_array_index (s->designated, RdtGameDesignation, c);

          if ((int) c == existing)
            continue;
          /* A stack split by naming units is checked per unit below. */
          if (names_units_in (game, att_units, n_att_units, attackers[i]) &&
              names_units_in (game, o->att_units, o->n_att_units, attackers[i]))
            continue;
          for (guint k = 0; k < o->n_attackers; k++)
            if (same_hex (o->attackers[k], attackers[i]))
              {
                g_autofree char *l = label (game, attackers[i]);
                g_autofree char *od = label (game, o->defender);
                return fail (error, RDT_GAME_ERROR_ILLEGAL,
                             _("12.15: the units in %s already attack %s (each unit in one Close Combat; "
                               "“undesignate %s” first)"), l, od, od);
              }
        }
      if (have)
        continue;
      if (d.n_attackers >= RDT_GAME_MAX_ATTACKING_HEXES)
        return fail (error, RDT_GAME_ERROR_SYNTAX, _("12.15: at most %d attacking hexes"), RDT_GAME_MAX_ATTACKING_HEXES);
      d.attackers[d.n_attackers++] = attackers[i];
    }
  for (guint j = 0; j < n_att_units; j++)
    {
      gboolean have = FALSE;

      for (guint k = 0; k < d.n_att_units; k++)
        have |= d.att_units[k] == att_units[j];
      if (have)
        continue;
      if (d.n_att_units >= RDT_GAME_MAX_ATTACKING_UNITS)
        return fail (error, RDT_GAME_ERROR_SYNTAX, _("12.15: at most %d attacking units named"), RDT_GAME_MAX_ATTACKING_UNITS);
      d.att_units[d.n_att_units++] = att_units[j];
    }
  if (existing >= 0 && d.n_attackers == g_array_index (s->designated, RdtGameDesignation, existing).n_attackers &&
      d.n_att_units == g_array_index (s->designated, RdtGameDesignation, existing).n_att_units)
    {
      g_autofree char *l = _rdt_game_designation_defenders (game, &d);
      return fail (error, RDT_GAME_ERROR_ILLEGAL, _("12.21: this Close Combat against %s is already designated"), l);
    }
  cc = build_combat (game, &d, &local);
  if (cc == NULL)
    return fail (error, g_error_matches (local, RDT_CLOSE_COMBAT_ERROR, RDT_CLOSE_COMBAT_ERROR_DATA)
                        ? RDT_GAME_ERROR_DATA : RDT_GAME_ERROR_UNKNOWN, "%s", local->message);
  if (!rdt_close_combat_is_legal (cc))
    {
      const RdtCcItem *it = g_ptr_array_index (rdt_close_combat_get_errors (cc), 0);
      return fail (error, RDT_GAME_ERROR_ILLEGAL, "%s", it->text);
    }
  att_side = rdt_close_combat_get_side (cc, RDT_CC_ATTACKER);
  if (att_side < 0 || game->side_player[att_side] != rdt_game_get_phasing_player (game))
    return fail (error, RDT_GAME_ERROR_ILLEGAL, _("12.11: the phasing player is the Attacker"));
  /* 12.15: "Each unit, attacking or defending, may only be involved in one
   * Close Combat per player turn": per unit, with split stacks. */
  for (guint c = 0; c < s->designated->len; c++)
    {
      g_autoptr(RdtCloseCombat) other = NULL;
      GPtrArray *mine = rdt_close_combat_get_units (cc, RDT_CC_ATTACKER);

      if ((int) c == existing)
        continue;
      other = build_combat (game, &g_array_index (s->designated, RdtGameDesignation, c), NULL);
      for (guint i = 0; other != NULL && i < mine->len; i++)
        {
          GPtrArray *theirs = rdt_close_combat_get_units (other, RDT_CC_ATTACKER);
          guint u = ((const RdtCcUnitSp *) g_ptr_array_index (mine, i))->unit;

          for (guint j = 0; j < theirs->len; j++)
            if (((const RdtCcUnitSp *) g_ptr_array_index (theirs, j))->unit == u)
              {
                g_autofree char *od = _rdt_game_designation_defenders (game, &g_array_index (s->designated, RdtGameDesignation, c));
                return fail (error, RDT_GAME_ERROR_ILLEGAL,
                             _("12.15: %s already attacks %s (each unit in one Close Combat; name the units of a split stack as HEX:UNIT+UNIT)"),
                             unit_of (game, u)->id, od);
              }
        }
    }
  /* The volume's rows that forbid the attack unless pinned (Brandywine
   * 5.2.6). */
  {
    GPtrArray *att = rdt_close_combat_get_units (cc, RDT_CC_ATTACKER);
    GPtrArray *def = rdt_close_combat_get_units (cc, RDT_CC_DEFENDER);

    for (guint i = 0; i < att->len; i++)
      for (guint j = 0; j < def->len; j++)
        {
          guint f = ((const RdtCcUnitSp *) g_ptr_array_index (att, i))->unit;
          guint e = ((const RdtCcUnitSp *) g_ptr_array_index (def, j))->unit;
          gboolean pinned_bound, forbids;
          const char *rule = exempting_row_full (game, f, e, &pinned_bound, &forbids);

          if (rule != NULL && forbids && !is_pinned (&s->units[f]))
            {
              g_autofree char *l = label (game, game->state->units[e].hex);
              return fail (error, RDT_GAME_ERROR_ILLEGAL, _("%s: %s may not attack %s (not pinned)"), rule,
                           unit_of (game, f)->id, l);
            }
          /* Savannah 4.1: a stack the volume names attacks only where 12.12
           * or 13.1 Pin obliges it (then at the cc-drm row's -2). */
          {
            const char *stack_rule = stack_forbids_voluntary (game, f);
            const RdtUnit *uf = unit_of (game, f);
            gboolean pinned = is_pinned (&s->units[f]);
            gboolean obliged = !is_artillery (uf) && (uf->kind != RDT_UNIT_KIND_RIFLE || pinned) &&
                               (rule == NULL || (pinned && pinned_bound));

            if (stack_rule != NULL && !obliged)
              {
                g_autofree char *l = label (game, game->state->units[e].hex);
                return fail (error, RDT_GAME_ERROR_ILLEGAL,
                             _("%s: %s may not attack %s voluntarily: its stack attacks only where 12.12 or 13.1 Pin "
                               "obliges it (separate the stack first)"), stack_rule, uf->id, l);
              }
          }
          /* 12.42: "May not move or attack" under a Withdrawal marker. */
          if (has (&s->units[f], "cavalry-withdrawal") || has (&s->units[f], "indian-withdrawal"))
            return fail (error, RDT_GAME_ERROR_ILLEGAL, _("12.42: %s is under a Withdrawal marker and may not attack"),
                         unit_of (game, f)->id);
          /* Brandywine 3.9: the units that broke pin in place attack only
           * the enemy units whose pin they broke; the other friendly units
           * not those. */
          if (has (&s->units[f], BROKE_PIN) != has (&s->units[e], PIN_BROKEN))
            {
              g_autofree char *l = label (game, game->state->units[e].hex);
              return fail (error, RDT_GAME_ERROR_ILLEGAL,
                           has (&s->units[f], BROKE_PIN)
                             ? _("Brandywine 3.9: %s broke its pin in place and may not attack other enemy units (%s) this player turn")
                             : _("Brandywine 3.9: %s may not attack %s: its pin was broken in place by the units in the Meeting House"),
                           unit_of (game, f)->id, has (&s->units[f], BROKE_PIN) ? l : unit_of (game, e)->id);
            }
        }
  }
  if (existing >= 0)
    g_array_index (s->designated, RdtGameDesignation, existing) = d;
  else
    g_array_append_val (s->designated, d);
  {
    g_autofree char *what = designation_text (game, &d);
    _rdt_game_say (game, "12.21", _("Close Combat designated: %s"), what);
  }
  return TRUE;
}

gboolean
_rdt_game_announce (RdtGame   *game,
                    gboolean   anyway,
                    GError   **error)
{
  RdtGameState *s = game->state;
  g_autoptr(GPtrArray) owed = g_ptr_array_new_with_free_func (g_free);
  guint n_pins = 0;

  if (!may_designate (game, error))
    return FALSE;
  compute_owed (game, owed, NULL);
  if (owed->len > 0 && !anyway)
    {
      g_ptr_array_add (owed, NULL);
      {
        g_autofree char *list = g_strjoinv ("; ", (char **) owed->pdata);
        return fail (error, RDT_GAME_ERROR_ILLEGAL, _("12.21: the designation is not complete: %s"), list);
      }
    }
  for (guint i = 0; i < owed->len; i++)
    _rdt_game_say (game, "sandbox override, 12.21", _("Announced although owed: %s (the player's “announce anyway”: the rule was not applied)"),
                   (const char *) g_ptr_array_index (owed, i));
  s->announced = TRUE;
  for (guint c = 0; c < s->designated->len; c++)
    {
      g_autofree char *what = designation_text (game, &g_array_index (s->designated, RdtGameDesignation, c));
      _rdt_game_say (game, "12.21", _("Close Combat announced: %s"), what);
    }
  if (s->has_diversion)
    {
      g_autofree char *l = label (game, s->diversion);
      _rdt_game_say (game, "12.14", _("Diversion: %s"), l);
    }
  /* 12.22: "After the phasing player has announced all Close Combats, the
   * players remove the 'Pin' markers from all units on the board". */
  for (guint i = 0; i < game->n_units; i++)
    {
      RdtGameUnit *gu = &s->units[i];
      g_autoptr(GPtrArray) keep = NULL;

      if (gu->where != RDT_GAME_UNIT_MAP || !is_pinned (gu))
        continue;
      keep = g_ptr_array_new ();
      for (guint k = 0; gu->states[k] != NULL; k++)
        if (!g_str_equal (gu->states[k], PINNED))
          g_ptr_array_add (keep, g_strdup (gu->states[k]));
      g_strfreev (gu->states);
      gu->states = NULL;
      if (keep->len > 0)
        {
          g_ptr_array_add (keep, NULL);
          gu->states = (char **) g_ptr_array_free (g_steal_pointer (&keep), FALSE);
        }
      n_pins++;
      game->board_dirty = TRUE;
    }
  if (n_pins > 0)
    _rdt_game_say (game, "12.22", _("Pin markers removed from %u units"), n_pins);
  return TRUE;
}

/* ------------------------------- Brandywine 3.9: a pin broken in place */


static void
unit_state (RdtGameUnit *gu,
            const char  *state,
            gboolean     on)
{
  g_autoptr(GPtrArray) keep = g_ptr_array_new ();

  for (guint k = 0; gu->states != NULL && gu->states[k] != NULL; k++)
    if (!g_str_equal (gu->states[k], state))
      g_ptr_array_add (keep, g_strdup (gu->states[k]));
  if (on)
    g_ptr_array_add (keep, g_strdup (state));
  g_strfreev (gu->states);
  gu->states = NULL;
  if (keep->len > 0)
    {
      g_ptr_array_add (keep, NULL);
      gu->states = (char **) g_ptr_array_free (g_steal_pointer (&keep), FALSE);
    }
}

/* The rule of the "cc-obligations" row (where = terrain) of @unit's hex
 * whose column "pin" is "break in place", or NULL (Brandywine 3.9:
 * "Pinned units in the Meeting House ... which pay the morale penalty to
 * break pin do not have to leave the hex"). */
static const char *
break_in_place_row (RdtGame *game,
                    guint    unit)
{
  const RdtTable *table = rdt_volume_find_table (rdt_scenario_get_volume (game->scenario), OBLIGATIONS_TABLE);
  const RdtTerrainType *t = rdt_scenario_get_terrain_type (game->scenario, game->state->units[unit].hex);

  for (guint r = 0; table != NULL && t != NULL && r < table->rows->len; r++)
    {
      const RdtTableRow *row = g_ptr_array_index (table->rows, r);
      const char *rule = rdt_table_lookup (table, row->key, "rule", NULL);

      if (g_strcmp0 (rdt_table_lookup (table, row->key, "where", NULL), "terrain") == 0 &&
          g_strcmp0 (rdt_table_lookup (table, row->key, "type", NULL), t->id) == 0 &&
          g_strcmp0 (rdt_table_lookup (table, row->key, "pin", NULL), "break in place") == 0)
        return rule != NULL && rule[0] != '\0' ? rule : row->key;
    }
  return NULL;
}

/* "break-pin UNIT" in the Movement Phase: the pinned @unit of the phasing
 * player pays the Army Morale (9.6, 13.1 Pin B) and stays in its hex where
 * the volume allows it; the enemy units pinned next to it lose their pin
 * too.  Brandywine 3.9: "Units in the Meeting House that broke pin may not
 * attack other enemy units this player-turn nor may other friendly units
 * attack those enemy units whose pin was broken" (designate refuses, and
 * 12.12/12.13 do not owe those attacks). */
static gboolean
do_break_pin (RdtGame     *game,
              const char  *id,
              GString     *canonical,
              GError     **error)
{
  RdtGameState *s = game->state;
  RdtHexGrid *grid = rdt_scenario_get_grid (game->scenario);
  int unit = rdt_scenario_find_unit_index (game->scenario, id);
  const char *rule;
  guint n_enemy = 0;

  if (unit < 0)
    return fail (error, RDT_GAME_ERROR_UNKNOWN, _("unknown unit “%s”"), id);
  if (rdt_game_get_phase (game) != RDT_PHASE_MOVEMENT)
    return fail (error, RDT_GAME_ERROR_WRONG_PHASE, _("9.3, 13.1 Pin B: a pin is broken in the Movement Phase"));
  if (!on_map (game, (guint) unit) || _rdt_game_unit_player (game, (guint) unit) != rdt_game_get_phasing_player (game))
    return fail (error, RDT_GAME_ERROR_ILLEGAL, _("9.3: %s is not a combat unit of the phasing player on the map"), id);
  if (!is_pinned (&s->units[unit]))
    return fail (error, RDT_GAME_ERROR_ILLEGAL, _("13.1 Pin: %s is not pinned"), id);
  rule = break_in_place_row (game, (guint) unit);
  if (rule == NULL)
    return fail (error, RDT_GAME_ERROR_ILLEGAL,
                 _("9.3, 13.1 Pin B: %s breaks its pin by moving away from the enemy units (no exclusive rule of "
                   "its hex lets it break the pin in place)"), id);
  g_string_append_printf (canonical, " %s", unit_of (game, (guint) unit)->id);
  unit_state (&s->units[unit], PINNED, FALSE);
  unit_state (&s->units[unit], BROKE_PIN, TRUE);
  for (guint e = 0; e < game->n_units; e++)
    {
      RdtGameUnit *ge = &s->units[e];

      if (!on_map (game, e) || _rdt_game_unit_player (game, e) == _rdt_game_unit_player (game, (guint) unit) ||
          !is_pinned (ge) || !rdt_hex_grid_are_adjacent (grid, ge->hex, s->units[unit].hex))
        continue;
      unit_state (ge, PINNED, FALSE);
      unit_state (ge, PIN_BROKEN, TRUE);
      n_enemy++;
    }
  game->board_dirty = TRUE;
  {
    g_autofree char *cite = g_strdup_printf ("%s; 9.6, 13.1 Pin", rule);
    _rdt_game_say (game, cite,
                   _("%s breaks its pin in place (%u enemy units lose theirs): it may not attack other enemy units "
                     "this player turn, nor may other friendly units attack those enemy units"),
                   unit_of (game, (guint) unit)->id, n_enemy);
  }
  _rdt_game_morale_event (game, unit_of (game, (guint) unit)->side, "pin-broken", rule);
  return TRUE;
}

/* Issue 14: each pinned combat unit of the phasing player on the map may
 * try "break-pin UNIT" in the Movement Phase; do_break_pin() decides (the
 * volume's "break in place" rows, Brandywine 3.9). */
void
_rdt_game_pin_break_candidates (RdtGame   *game,
                                GPtrArray *out)
{
  int phasing = rdt_game_get_phasing_player (game);

  if (rdt_game_get_phase (game) != RDT_PHASE_MOVEMENT)
    return;
  for (guint i = 0; i < game->n_units; i++)
    if (on_map (game, i) && _rdt_game_unit_player (game, i) == phasing && is_pinned (&game->state->units[i]))
      g_ptr_array_add (out, g_strdup_printf ("break-pin %s", unit_of (game, i)->id));
}

char **
rdt_game_dup_pin_breaks (RdtGame   *game,
                         char    ***out_rules)
{
  g_autoptr(GPtrArray) all = g_ptr_array_new_with_free_func (g_free);
  GPtrArray *out, *rules;

  g_return_val_if_fail (RDT_IS_GAME (game), NULL);
  out = g_ptr_array_new ();
  rules = g_ptr_array_new ();
  _rdt_game_pin_break_candidates (game, all);
  for (guint i = 0; i < all->len; i++)
    {
      const char *action = g_ptr_array_index (all, i);
      int unit;
      const char *rule;

      if (!_rdt_game_try (game, action))
        continue;
      unit = rdt_scenario_find_unit_index (game->scenario, action + strlen ("break-pin "));
      rule = unit >= 0 ? break_in_place_row (game, (guint) unit) : NULL;
      g_ptr_array_add (out, g_strdup (action));
      g_ptr_array_add (rules, g_strdup (rule != NULL ? rule : "13.1 Pin"));
    }
  g_ptr_array_add (out, NULL);
  g_ptr_array_add (rules, NULL);
  if (out_rules != NULL)
    *out_rules = (char **) g_ptr_array_free (rules, FALSE);
  else
    g_strfreev ((char **) g_ptr_array_free (rules, FALSE));
  return (char **) g_ptr_array_free (out, FALSE);
}

void
_rdt_game_clear_pin_breaks (RdtGame *game)
{
  for (guint i = 0; i < game->n_units; i++)
    {
      RdtGameUnit *gu = &game->state->units[i];

      if (has (gu, BROKE_PIN) || has (gu, PIN_BROKEN))
        {
          unit_state (gu, BROKE_PIN, FALSE);
          unit_state (gu, PIN_BROKEN, FALSE);
          game->board_dirty = TRUE;
        }
    }
}

gboolean
_rdt_game_apply_designation_action (RdtGame   *game,
                                    char     **argv,
                                    guint      argc,
                                    GString   *canonical,
                                    GError   **error)
{
  RdtHexGrid *grid = rdt_scenario_get_grid (game->scenario);
  RdtGameState *s = game->state;

  if (g_str_equal (argv[0], "break-pin"))
    {
      if (argc != 2)
        return fail (error, RDT_GAME_ERROR_SYNTAX, _("usage: %s"), "break-pin UNIT");
      return do_break_pin (game, argv[1], canonical, error);
    }
  if (g_str_equal (argv[0], "designate"))
    {
      RdtHex att[RDT_GAME_MAX_ATTACKING_HEXES], def[RDT_GAME_MAX_ATTACKING_HEXES];
      guint units[RDT_GAME_MAX_ATTACKING_UNITS];
      guint n = 0, n_def = 0, n_units = 0;
      g_auto(GStrv) dparts = NULL;

      if (argc != 3)
        return fail (error, RDT_GAME_ERROR_SYNTAX, _("usage: %s"), "designate ATT[:UNIT+UNIT][,ATT...] DEF[,DEF...]");
      /* 12.15: HEX:UNIT+UNIT names the units of a stack that attack. */
      if (!_rdt_game_parse_attackers (game, argv[1], att, &n, units, &n_units, error))
        return FALSE;
      /* 12.15: several defending hexes from one attacking hex. */
      dparts = g_strsplit (argv[2], ",", RDT_GAME_MAX_ATTACKING_HEXES + 1);
      for (guint i = 0; dparts[i] != NULL; i++)
        {
          gboolean dup = FALSE;

          if (n_def >= RDT_GAME_MAX_ATTACKING_HEXES)
            return fail (error, RDT_GAME_ERROR_SYNTAX, _("12.15: at most %d defending hexes"), RDT_GAME_MAX_ATTACKING_HEXES);
          if (!rdt_hex_grid_parse_label (grid, dparts[i], &def[n_def], NULL))
            return fail (error, RDT_GAME_ERROR_UNKNOWN, _("“%s” is not a hex of the map"), dparts[i]);
          for (guint k = 0; k < n_def; k++)
            dup |= same_hex (def[k], def[n_def]);
          if (!dup)
            n_def++;
        }
      if (n_def == 0)
        return fail (error, RDT_GAME_ERROR_SYNTAX, _("usage: %s"), "designate ATT[,ATT...] DEF[,DEF...]");
      g_string_append_printf (canonical, " %s %s", argv[1], argv[2]);
      return _rdt_game_designate (game, att, n, def, n_def, units, n_units, error);
    }
  if (g_str_equal (argv[0], "undesignate"))
    {
      RdtHex def;
      int index;

      if (argc != 2)
        return fail (error, RDT_GAME_ERROR_SYNTAX, _("usage: %s"), "undesignate DEF");
      if (!may_designate (game, error))
        return FALSE;
      if (!rdt_hex_grid_parse_label (grid, argv[1], &def, NULL))
        return fail (error, RDT_GAME_ERROR_UNKNOWN, _("“%s” is not a hex of the map"), argv[1]);
      index = _rdt_game_find_designation (game, def);
      if (index < 0)
        return fail (error, RDT_GAME_ERROR_ILLEGAL, _("12.21: no Close Combat against %s is designated"), argv[1]);
      g_array_remove_index (s->designated, (guint) index);
      g_string_append_printf (canonical, " %s", argv[1]);
      _rdt_game_say (game, "12.21", _("Close Combat against %s withdrawn from the designation"), argv[1]);
      return TRUE;
    }
  if (g_str_equal (argv[0], "diversion"))
    {
      RdtHex hex;
      int phasing = rdt_game_get_phasing_player (game);
      gboolean enemy = FALSE, adjacent = FALSE;

      if (argc != 2)
        return fail (error, RDT_GAME_ERROR_SYNTAX, _("usage: %s"), "diversion HEX|none");
      if (!may_designate (game, error))
        return FALSE;
      g_string_append_printf (canonical, " %s", argv[1]);
      if (g_str_equal (argv[1], "none"))
        {
          s->has_diversion = FALSE;
          _rdt_game_say (game, "12.14", _("No Diversion"));
          return TRUE;
        }
      if (!rdt_hex_grid_parse_label (grid, argv[1], &hex, NULL))
        return fail (error, RDT_GAME_ERROR_UNKNOWN, _("“%s” is not a hex of the map"), argv[1]);
      if (_rdt_game_find_designation (game, hex) >= 0)
        return fail (error, RDT_GAME_ERROR_ILLEGAL,
                     _("12.14: the Attacker does not attack the Diversion hex, and a Close Combat against %s is designated"),
                     argv[1]);
      for (guint i = 0; i < game->n_units; i++)
        {
          if (!on_map (game, i))
            continue;
          if (_rdt_game_unit_player (game, i) != phasing && same_hex (s->units[i].hex, hex))
            {
              enemy = TRUE;
              /* 13.1 Pin Note: "Pinned defending units may not receive a
               * diversion." */
              if (is_pinned (&s->units[i]))
                return fail (error, RDT_GAME_ERROR_ILLEGAL,
                             _("13.1 Pin: %s is pinned: pinned defending units may not receive a Diversion"),
                             unit_of (game, i)->id);
            }
          if (_rdt_game_unit_player (game, i) == phasing && rdt_hex_grid_are_adjacent (grid, s->units[i].hex, hex))
            adjacent = TRUE;
        }
      if (!enemy || !adjacent)
        return fail (error, RDT_GAME_ERROR_ILLEGAL,
                     _("12.14: the Diversion hex holds enemy units adjacent to the Attacker's units"));
      s->has_diversion = TRUE;
      s->diversion = hex;
      _rdt_game_say (game, "12.14", _("Diversion designated: %s"), argv[1]);
      return TRUE;
    }
  if (g_str_equal (argv[0], "announce"))
    {
      gboolean anyway = argc == 2 && g_str_equal (argv[1], "anyway");

      if (argc > 2 || (argc == 2 && !anyway))
        return fail (error, RDT_GAME_ERROR_SYNTAX, _("usage: %s"), "announce [anyway]");
      if (anyway)
        g_string_append (canonical, " anyway");
      return _rdt_game_announce (game, anyway, error);
    }
  return fail (error, RDT_GAME_ERROR_SYNTAX, _("unknown action “%s” (see docs/play.md)"), argv[0]);
}

/* An announced combat is done once resolved, or once its defending hex
 * holds no enemy combat unit (nothing left to attack). */
static gboolean
combat_done (RdtGame                  *game,
             const RdtGameDesignation *d)
{
  int phasing = rdt_game_get_phasing_player (game);

  if (d->resolved)
    return TRUE;
  for (guint i = 0; i < game->n_units; i++)
    if (on_map (game, i) && _rdt_game_unit_player (game, i) != phasing &&
        _rdt_game_find_designation (game, game->state->units[i].hex) >= 0 &&
        &g_array_index (game->state->designated, RdtGameDesignation,
                        _rdt_game_find_designation (game, game->state->units[i].hex)) == d)
      return FALSE;
  return TRUE;
}

gboolean
_rdt_game_combat_may_leave (RdtGame  *game,
                            GError  **error)
{
  RdtGameState *s = game->state;

  if (s->combat_phase_ending)
    return TRUE;
  if (s->pending_cc != NULL)
    return fail (error, RDT_GAME_ERROR_ILLEGAL,
                 _("12.23 step 6: the momentum decision of the last Close Combat is pending (“reroll SIDE” or “accept”)"));
  if (s->announced)
    {
      for (guint c = 0; c < s->designated->len; c++)
        {
          const RdtGameDesignation *d = &g_array_index (s->designated, RdtGameDesignation, c);

          if (!combat_done (game, d))
            {
              g_autofree char *what = designation_text (game, d);
              return fail (error, RDT_GAME_ERROR_ILLEGAL,
                           _("12.23: the announced Close Combat %s is not resolved (“close-combat”)"), what);
            }
        }
      return TRUE;
    }
  if (s->designated->len > 0)
    return fail (error, RDT_GAME_ERROR_ILLEGAL,
                 _("12.21: the designated Close Combats are not announced: “announce” them (or “undesignate DEF”)"));
  {
    g_autoptr(GPtrArray) owed = g_ptr_array_new_with_free_func (g_free);

    compute_owed (game, owed, NULL);
    if (owed->len > 0)
      {
        g_autofree char *list = NULL;

        g_ptr_array_add (owed, NULL);
        list = g_strjoinv ("; ", (char **) owed->pdata);
        return fail (error, RDT_GAME_ERROR_ILLEGAL,
                     _("12.21: Close Combats are owed: designate them (“designate ATT DEF”) and “announce”: %s"), list);
      }
  }
  return TRUE;
}

void
_rdt_game_designation_candidates (RdtGame   *game,
                                  GPtrArray *out)
{
  RdtGameState *s = game->state;
  RdtHexGrid *grid = rdt_scenario_get_grid (game->scenario);
  int phasing = rdt_game_get_phasing_player (game);
  g_autoptr(GPtrArray) mine = g_ptr_array_new_with_free_func (g_free);
  gboolean any = FALSE;

  if (rdt_game_get_phase (game) != RDT_PHASE_CLOSE_COMBAT || s->announced || s->combat_phase_ending)
    return;
  for (guint f = 0; f < game->n_units; f++)
    {
      const RdtGameUnit *gf = &s->units[f];

      if (!on_map (game, f) || _rdt_game_unit_player (game, f) != phasing || gf->status != RDT_UNIT_STATUS_PARADE ||
          is_artillery (unit_of (game, f)))
        continue;
      for (guint e = 0; e < game->n_units; e++)
        {
          g_autofree char *a = NULL, *d = NULL, *action = NULL;

          if (!on_map (game, e) || _rdt_game_unit_player (game, e) == phasing ||
              !rdt_hex_grid_are_adjacent (grid, gf->hex, s->units[e].hex))
            continue;
          a = label (game, gf->hex);
          d = label (game, s->units[e].hex);
          action = g_strdup_printf ("designate %s %s", a, d);
          if (!g_ptr_array_find_with_equal_func (mine, action, g_str_equal, NULL))
            g_ptr_array_add (mine, g_steal_pointer (&action));
        }
    }
  for (guint i = 0; i < mine->len; i++)
    if (_rdt_game_try (game, g_ptr_array_index (mine, i)))
      {
        g_ptr_array_add (out, g_strdup (g_ptr_array_index (mine, i)));
        any = TRUE;
      }
  if (any)
    return;
  /* Nothing more may be designated: announce; when that is refused,
   * withdraw a combat or announce anyway (the program's combats have one
   * defending hex, so not every obligation can be met). */
  g_ptr_array_add (out, g_strdup ("announce"));
  if (_rdt_game_try (game, "announce"))
    return;
  /* _rdt_game_try() replaced the state. */
  s = game->state;
  for (guint c = 0; c < s->designated->len; c++)
    {
      g_autofree char *l = label (game, g_array_index (s->designated, RdtGameDesignation, c).defender);
      g_ptr_array_add (out, g_strdup_printf ("undesignate %s", l));
    }
  g_ptr_array_add (out, g_strdup ("announce anyway"));
}

gboolean
rdt_game_get_cc_announced (RdtGame *game)
{
  g_return_val_if_fail (RDT_IS_GAME (game), FALSE);
  return game->state->announced;
}

char **
rdt_game_dup_cc_designated (RdtGame *game)
{
  GPtrArray *out;
  GArray *d;

  g_return_val_if_fail (RDT_IS_GAME (game), NULL);
  out = g_ptr_array_new ();
  d = game->state->designated;
  for (guint c = 0; c < d->len; c++)
    {
      const RdtGameDesignation *x = &g_array_index (d, RdtGameDesignation, c);
      GString *s = g_string_new (NULL);
      g_autofree char *def = _rdt_game_designation_defenders (game, x);
      g_autofree char *att = _rdt_game_designation_attackers (game, x);

      g_string_append (s, att);
      /* 12.23 step 6: rolled, the momentum decision pending. */
      g_string_append_printf (s, " %s%s", def,
                              game->state->pending_cc != NULL && game->state->pending_designation == (int) c ? " rolled"
                              : x->resolved ? " resolved" : "");
      g_ptr_array_add (out, g_string_free (s, FALSE));
    }
  g_ptr_array_add (out, NULL);
  return (char **) g_ptr_array_free (out, FALSE);
}
