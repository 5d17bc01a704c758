/* rdt-game-events.c: events of play decided by volume data (issue 13).
 *
 * Three volume tables (docs/volumes.md), never C keyed to names:
 *  - "army-morale-adjustments" (16.1): rows keyed by event, columns "change"
 *    (to the side of the event), "enemy change" (to the other sides), "rule";
 *    the Army Morale Adjustment Chart is not in the rulebooks, so the values
 *    it does not state are provisional cells, and the log says so;
 *  - "leader-adjacent-drm" (14.23 exception, Brandywine 4.6.1): rows keyed by
 *    leader unit id, columns "DRM" (to the rally attempts of the combat units
 *    he commands in adjacent hexes), "not across" (hexside type ids the DRM
 *    does not cross: Brandywine 5.3), "rule";
 *  - "variable-entry" (Germantown 3.4.1.2, Savannah 4.7): rows keyed by the
 *    rule, columns "scenario" (scenario ids), "entry" (the entry hex id the
 *    reinforcement schedule gives the units that roll), "turns" ("7-10", empty:
 *    every turn), "results" ("0-4 V-1; 5-7 V-2; 8 V-3; 9 F"; "wait": roll
 *    again next turn).
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "rdt-game-private.h"

#define MORALE_TABLE "army-morale-adjustments"
#define ADJACENT_TABLE "leader-adjacent-drm"
#define ENTRY_TABLE "variable-entry"
#define ARRIVAL_TABLE "entry-arrival-mp"
#define CHOICE_TABLE "entry-choices"
#define BLOCKED_TABLE "blocked-entry"

static const RdtTable *
find_table (RdtGame    *game,
            const char *id)
{
  return rdt_volume_find_table (rdt_scenario_get_volume (game->scenario), id);
}

static gboolean
parse_signed (const char *text,
              int        *out)
{
  gint64 v;

  if (text == NULL)
    return FALSE;
  while (*text == ' ')
    text++;
  if (!g_ascii_string_to_signed (text[0] == '+' ? text + 1 : text, 10, -99, 99, &v, NULL))
    return FALSE;
  *out = (int) v;
  return TRUE;
}

/* ------------------------------------------------------- army morale 16.1 */

static gboolean
adjust (RdtGame     *game,
        guint        side,
        const char  *event,
        const char  *rule,
        GError     **error)
{
  const RdtTable *table;
  const char *change_text, *enemy_text, *row_rule;
  gboolean p_change = FALSE, p_enemy = FALSE, p_rule = FALSE;
  int change = 0, enemy = 0;
  g_autofree char *cite = NULL;

  g_return_val_if_fail (side < game->n_sides, FALSE);
  table = find_table (game, MORALE_TABLE);
  change_text = table != NULL ? rdt_table_lookup (table, event, "change", &p_change) : NULL;
  if (change_text == NULL || !parse_signed (change_text, &change))
    {
      g_autofree char *text =
        g_strdup_printf (_("Army morale of %s not adjusted for “%s”: the volume’s Army Morale "
                           "Adjustment table (%s) has no number for it: undecided"),
                         rdt_scenario_get_side (game->scenario, side)->id, event, MORALE_TABLE);

      g_autofree char *undecided_rule = rule != NULL ? g_strdup_printf ("16.1, %s", rule) : g_strdup ("16.1");

      _rdt_game_say (game, undecided_rule, "%s", text);
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_DATA, "16.1: %s", text);
      return FALSE;
    }
  enemy_text = rdt_table_lookup (table, event, "enemy change", &p_enemy);
  if (enemy_text != NULL && enemy_text[0] != '\0' && !parse_signed (enemy_text, &enemy))
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_DATA,
                   _("16.1: the volume’s table %s, row “%s”: “enemy change” is not a number (“%s”)"),
                   MORALE_TABLE, event, enemy_text);
      return FALSE;
    }
  row_rule = rdt_table_lookup (table, event, "rule", &p_rule);
  cite = g_strdup_printf ("%s%s16.1", rule != NULL ? rule : "", rule != NULL ? "; " : "");
  if (change != 0)
    {
      g_autofree char *why =
        g_strdup_printf (p_change ? _("%s, %s; provisional: the Army Morale Adjustment Chart is not "
                                      "in the rulebooks")
                                  : _("%s, %s"),
                         event, row_rule != NULL && row_rule[0] != '\0' ? row_rule : "16.1");

      _rdt_game_change_army_morale (game, side, change, cite, why);
    }
  for (guint s = 0; enemy != 0 && s < game->n_sides && !game->state->over; s++)
    {
      g_autofree char *why = NULL;

      if (game->side_player[s] == game->side_player[side])
        continue;
      why = g_strdup_printf (p_enemy ? _("enemy %s, %s; provisional: the Army Morale Adjustment "
                                         "Chart is not in the rulebooks")
                                     : _("enemy %s, %s"),
                             event, row_rule != NULL && row_rule[0] != '\0' ? row_rule : "16.1");
      _rdt_game_change_army_morale (game, s, enemy, cite, why);
    }
  return TRUE;
}

gboolean
rdt_game_adjust_army_morale (RdtGame     *game,
                             guint        side,
                             const char  *event,
                             const char  *rule,
                             GError     **error)
{
  g_return_val_if_fail (RDT_IS_GAME (game), FALSE);
  g_return_val_if_fail (event != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (side >= game->n_sides)
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_UNKNOWN, _("16.1: no side %u"), side);
      return FALSE;
    }
  return adjust (game, side, event, rule, error);
}

void
_rdt_game_morale_event (RdtGame    *game,
                        guint       side,
                        const char *event,
                        const char *rule)
{
  /* A missing row is logged by adjust() as undecided. */
  adjust (game, side, event, rule, NULL);
}

/* ------------------------------------------- adjacent leaders (4.6.1) */

static gboolean
hexside_has_type (RdtGame    *game,
                  RdtHex      a,
                  RdtHex      b,
                  char      **types)
{
  RdtVolume *volume = rdt_scenario_get_volume (game->scenario);
  const RdtHexsideFeatures *f;
  RdtHexside side;
  int idx[5];

  if (types == NULL || types[0] == NULL ||
      !rdt_hex_grid_hexside (rdt_scenario_get_grid (game->scenario), a, b, &side, NULL))
    return FALSE;
  f = rdt_scenario_get_hexside (game->scenario, side);
  if (f == NULL)
    return FALSE;
  idx[0] = f->water;
  idx[1] = f->slope;
  idx[2] = f->fieldwork;
  idx[3] = f->road;
  idx[4] = f->other;
  for (guint i = 0; i < G_N_ELEMENTS (idx); i++)
    if (idx[i] != RDT_NO_TYPE && idx[i] >= 0 && (guint) idx[i] < rdt_volume_get_n_hexside_types (volume) &&
        g_strv_contains ((const char *const *) types, rdt_volume_get_hexside_type (volume, (guint) idx[i])->id))
      return TRUE;
  return FALSE;
}

/* Whether @leader may command @unit (<leader commands>: formations,
 * nationalities or unit ids; none listed: every unit of its side). */
static gboolean
commands (const RdtUnit *leader,
          const RdtUnit *unit)
{
  const char *const *c = (const char *const *) leader->commands;

  if (leader->side != unit->side)
    return FALSE;
  return c == NULL || (unit->formation != NULL && g_strv_contains (c, unit->formation)) ||
         (unit->nationality != NULL && g_strv_contains (c, unit->nationality)) ||
         g_strv_contains (c, unit->id);
}

int
_rdt_game_adjacent_leader_drm (RdtGame     *game,
                               guint        index,
                               int         *out_leader,
                               const char **out_rule)
{
  const RdtTable *table = find_table (game, ADJACENT_TABLE);
  const RdtGameUnit *gu = &game->state->units[index];
  const RdtUnit *u = rdt_scenario_get_unit (game->scenario, index);
  RdtHexGrid *grid = rdt_scenario_get_grid (game->scenario);
  int best = 0, best_leader = -1;
  const char *best_rule = NULL;

  for (guint r = 0; table != NULL && r < table->rows->len; r++)
    {
      const RdtTableRow *row = g_ptr_array_index (table->rows, r);
      int l = rdt_scenario_find_unit_index (game->scenario, row->key);
      const RdtGameUnit *gl;
      g_auto(GStrv) not_across = NULL;
      int drm;

      if (l < 0 || !parse_signed (rdt_table_lookup (table, row->key, "DRM", NULL), &drm))
        continue;
      gl = &game->state->units[l];
      if (gl->where != RDT_GAME_UNIT_MAP || gu->where != RDT_GAME_UNIT_MAP ||
          !rdt_unit_is_leader (rdt_scenario_get_unit (game->scenario, (guint) l)) ||
          !commands (rdt_scenario_get_unit (game->scenario, (guint) l), u) ||
          !rdt_hex_grid_are_adjacent (grid, gl->hex, gu->hex))
        continue;
      {
        const char *text = rdt_table_lookup (table, row->key, "not across", NULL);

        not_across = g_strsplit_set (text != NULL ? text : "", " ,", -1);
      }
      if (hexside_has_type (game, gl->hex, gu->hex, not_across))
        continue;
      if (drm > best)
        {
          best = drm;
          best_leader = l;
          best_rule = rdt_table_lookup (table, row->key, "rule", NULL);
        }
    }
  if (out_leader != NULL)
    *out_leader = best_leader;
  if (out_rule != NULL)
    *out_rule = best_rule != NULL && best_rule[0] != '\0' ? best_rule : ADJACENT_TABLE;
  return best;
}

/* -------------------------------------------------- variable entry */

static gboolean
turn_in (const char *turns,
         int         turn)
{
  gint64 from, to;
  g_auto(GStrv) parts = NULL;

  if (turns == NULL || turns[0] == '\0')
    return TRUE;
  parts = g_strsplit (turns, "-", 2);
  if (!g_ascii_string_to_signed (g_strstrip (parts[0]), 10, 0, 999, &from, NULL))
    return FALSE;
  to = from;
  if (parts[1] != NULL && !g_ascii_string_to_signed (g_strstrip (parts[1]), 10, 0, 999, &to, NULL))
    return FALSE;
  return turn >= from && turn <= to;
}

/* The result of @roll in "0-4 V-1; 5-7 V-2; 8 V-3; 9 F" (transfer full), or
 * NULL when no part covers it. */
static char *
result_for (const char *results,
            int         roll)
{
  g_auto(GStrv) parts = g_strsplit (results != NULL ? results : "", ";", 32);

  for (guint i = 0; parts[i] != NULL; i++)
    {
      g_auto(GStrv) words = NULL;
      gint64 lo, hi;
      char *dash;

      g_strstrip (parts[i]);
      words = g_strsplit (parts[i], " ", 2);
      if (words[0] == NULL || words[1] == NULL)
        continue;
      dash = strchr (words[0], '-');
      if (dash != NULL)
        *dash = '\0';
      if (!g_ascii_string_to_signed (words[0], 10, 0, 9, &lo, NULL))
        continue;
      hi = lo;
      if (dash != NULL && !g_ascii_string_to_signed (dash + 1, 10, 0, 9, &hi, NULL))
        continue;
      if (roll >= lo && roll <= hi)
        return g_strdup (g_strstrip (words[1]));
    }
  return NULL;
}

void
_rdt_game_roll_variable_entry (RdtGame *game,
                               int      player)
{
  const RdtTable *table = find_table (game, ENTRY_TABLE);
  const char *scenario_id = rdt_scenario_get_id (game->scenario);
  RdtGameState *s = game->state;

  for (guint r = 0; table != NULL && r < table->rows->len; r++)
    {
      const RdtTableRow *row = g_ptr_array_index (table->rows, r);
      const char *scenarios = rdt_table_lookup (table, row->key, "scenario", NULL);
      const char *entry = rdt_table_lookup (table, row->key, "entry", NULL);
      gboolean provisional = FALSE;
      const char *results = rdt_table_lookup (table, row->key, "results", &provisional);
      g_auto(GStrv) ids = g_strsplit_set (scenarios != NULL ? scenarios : "", " ,", -1);
      g_autoptr(GString) names = g_string_new (NULL);
      g_autofree char *purpose = NULL, *result = NULL;
      int roll;

      if (entry == NULL || !g_strv_contains ((const char *const *) ids, scenario_id) ||
          !turn_in (rdt_table_lookup (table, row->key, "turns", NULL), s->turn))
        continue;
      for (guint i = 0; i < game->n_units; i++)
        {
          const RdtGameUnit *gu = &s->units[i];

          if (gu->where == RDT_GAME_UNIT_TO_ARRIVE && gu->arrive_turn <= s->turn &&
              game->side_player[rdt_scenario_get_unit (game->scenario, i)->side] == player &&
              g_strcmp0 (gu->entry, entry) == 0)
            g_string_append_printf (names, "%s%s", names->len > 0 ? ", " : "",
                                    rdt_scenario_get_unit (game->scenario, i)->id);
        }
      if (names->len == 0)
        continue;
      /* One roll for all the units the row covers this turn. */
      purpose = g_strdup_printf (_("variable entry (%s)"), row->key);
      roll = _rdt_game_roll_die (game, purpose);
      result = result_for (results, roll);
      {
        g_autofree char *text = NULL;

        if (result == NULL)
          text = g_strdup_printf (_("Variable entry roll %d: the table gives no result: %s arrive "
                                    "as scheduled at %s"), roll, names->str, entry);
        else if (g_strcmp0 (result, "wait") == 0)
          text = g_strdup_printf (_("Variable entry roll %d: %s do not enter; they roll again on "
                                    "turn %d%s"), roll, names->str, s->turn + 1,
                                  provisional ? _(" (provisional: the number to roll is printed "
                                                  "on the Game Turn Track, not in the rulebooks)")
                                              : "");
        else
          text = g_strdup_printf (_("Variable entry roll %d: %s enter at %s%s"), roll,
                                  names->str, result,
                                  provisional ? _(" (provisional: the number to roll is printed "
                                                  "on the Game Turn Track, not in the rulebooks)")
                                              : "");
        _rdt_game_say (game, row->key, "%s", text);
      }
      if (result == NULL)
        continue;
      for (guint i = 0; i < game->n_units; i++)
        {
          RdtGameUnit *gu = &s->units[i];

          if (gu->where != RDT_GAME_UNIT_TO_ARRIVE || gu->arrive_turn > s->turn ||
              game->side_player[rdt_scenario_get_unit (game->scenario, i)->side] != player ||
              g_strcmp0 (gu->entry, entry) != 0)
            continue;
          if (g_strcmp0 (result, "wait") == 0)
            gu->arrive_turn = s->turn + 1;
          else
            {
              g_free (gu->entry);
              gu->entry = g_strdup (result);
            }
        }
    }
}

/* Savannah 4.7: "On turn of arrival all units receive a +2 MP bonus. In
 * addition, all artillery receive double their printed MPs" (V-1; V-2 and
 * V-3: artillery double).  Volume table "entry-arrival-mp": rows keyed by
 * entry hex id, columns "MP bonus", "double kinds" (unit kind ids), "rule". */
int
_rdt_game_arrival_allowance_halves (RdtGame     *game,
                                    guint        index,
                                    const char **out_rule)
{
  const RdtTable *table = find_table (game, ARRIVAL_TABLE);
  const RdtGameUnit *gu = &game->state->units[index];
  const RdtUnit *u = rdt_scenario_get_unit (game->scenario, index);
  const char *bonus_text, *kinds;
  g_auto(GStrv) kind_ids = NULL;
  int bonus = 0, mp;

  if (table == NULL || !(gu->flags & RDT_GAME_UNIT_ARRIVED) || gu->entry == NULL)
    return -1;
  bonus_text = rdt_table_lookup (table, gu->entry, "MP bonus", NULL);
  kinds = rdt_table_lookup (table, gu->entry, "double kinds", NULL);
  if (bonus_text == NULL && kinds == NULL)
    return -1;
  if (bonus_text != NULL && bonus_text[0] != '\0' && !parse_signed (bonus_text, &bonus))
    bonus = 0;
  kind_ids = g_strsplit_set (kinds != NULL ? kinds : "", " ,", -1);
  mp = MAX (u->movement + bonus, 0);
  if (g_strv_contains ((const char *const *) kind_ids, rdt_unit_kind_to_string (u->kind)))
    mp *= 2;
  if (out_rule != NULL)
    *out_rule = rdt_table_lookup (table, gu->entry, "rule", NULL);
  return 2 * mp;
}

/* Savannah 4.7 "Reinforcements enter at hex 3822 or 3920": volume table
 * "entry-choices", rows keyed by entry hex id, columns "choices" (entry hex
 * ids the arriving units may take instead), "rule". */
const char *
_rdt_game_entry_choice_rule (RdtGame    *game,
                             const char *from,
                             const char *to)
{
  const RdtTable *table = find_table (game, CHOICE_TABLE);
  const char *choices, *rule;
  g_auto(GStrv) ids = NULL;

  if (table == NULL || from == NULL || to == NULL)
    return NULL;
  choices = rdt_table_lookup (table, from, "choices", NULL);
  ids = g_strsplit_set (choices != NULL ? choices : "", " ,", -1);
  if (!g_strv_contains ((const char *const *) ids, to))
    return NULL;
  rule = rdt_table_lookup (table, from, "rule", NULL);
  return rule != NULL && rule[0] != '\0' ? rule : "Savannah 4.7";
}

/* Savannah 4.7 "If the British player's units or their ZOCs occupy the entry
 * hex, the reinforcements are delayed for one Game Turn, after which they may
 * enter at the nearest hex that is neither blocked by an enemy unit, nor in an
 * enemy unit's ZOC": volume table "blocked-entry", rows keyed by side id,
 * columns "blocked by" ("units zoc"), "after delay" ("nearest-free"), "rule". */
const char *
_rdt_game_blocked_entry (RdtGame  *game,
                         int       side,
                         gboolean *out_zoc,
                         gboolean *out_nearest)
{
  const RdtTable *table = find_table (game, BLOCKED_TABLE);
  const RdtSide *s;
  const char *by, *after, *rule;
  g_auto(GStrv) words = NULL;

  *out_zoc = *out_nearest = FALSE;
  if (table == NULL || side < 0 || (guint) side >= game->n_sides)
    return NULL;
  s = rdt_scenario_get_side (game->scenario, (guint) side);
  by = rdt_table_lookup (table, s->id, "blocked by", NULL);
  if (by == NULL)
    return NULL;
  words = g_strsplit_set (by, " ,", -1);
  *out_zoc = g_strv_contains ((const char *const *) words, "zoc");
  after = rdt_table_lookup (table, s->id, "after delay", NULL);
  *out_nearest = g_strcmp0 (after, "nearest-free") == 0;
  rule = rdt_table_lookup (table, s->id, "rule", NULL);
  return rule != NULL && rule[0] != '\0' ? rule : "Savannah 4.7";
}

/* ------------------------------------------- turn tracks, weather, releases
 *
 * Volume tables:
 *  - "turn-tracks" (Savannah 1.6): rows keyed by track id ("strategic"),
 *    columns "scenario" (ids; empty: every scenario), "turns", "rule";
 *  - "weather" (Germantown 3.1, Savannah 4.2): rows keyed by an id, columns
 *    "scenario", "turns", "weather": a weather id ("dense-fog"), a roll table
 *    ("0-3 dense-fog; 4-6 moderate-fog; 7-9 clear"), "hold" (the weather of
 *    the previous turn holds) or "undecided" (no data: the rules that depend
 *    on it stay "not decided"), "roller" (the side that rolls), "rule",
 *    "unless released" (a release id that disables the row: Savannah 1.6
 *    case A); the first row whose scenario and turns match decides;
 *  - "releases" (Brandywine 3.6.1, 3.6.2): rows keyed by release id, columns
 *    "side" (who may decide it), "choose turns" (when the player may: empty,
 *    any turn; "-", never), "automatic turn" (released at the start of that
 *    turn), "near unit" and "near" (released once any unit moves within that
 *    many hexes of that unit), "jump to turn" (once released, the game turn
 *    after this one is that turn and reinforcements still to come never
 *    arrive: Savannah 1.6 case A), "rule".
 */
#define TRACK_TABLE "turn-tracks"
#define WEATHER_TABLE "weather"
#define RELEASE_TABLE "releases"

static gboolean
row_for_scenario (const RdtTable *table,
                  const char     *key,
                  const char     *scenario_id)
{
  const char *scenarios = rdt_table_lookup (table, key, "scenario", NULL);
  g_auto(GStrv) ids = NULL;

  if (scenarios == NULL || scenarios[0] == '\0')
    return TRUE;
  ids = g_strsplit_set (scenarios, " ,", -1);
  return g_strv_contains ((const char *const *) ids, scenario_id);
}

const char *
rdt_game_get_turn_track (RdtGame *game)
{
  const RdtTable *table;

  g_return_val_if_fail (RDT_IS_GAME (game), NULL);
  table = find_table (game, TRACK_TABLE);
  for (guint r = 0; table != NULL && r < table->rows->len; r++)
    {
      const RdtTableRow *row = g_ptr_array_index (table->rows, r);

      if (row_for_scenario (table, row->key, rdt_scenario_get_id (game->scenario)) &&
          turn_in (rdt_table_lookup (table, row->key, "turns", NULL), game->state->turn))
        return row->key;
    }
  return NULL;
}

const char *
rdt_game_get_weather (RdtGame *game)
{
  g_return_val_if_fail (RDT_IS_GAME (game), NULL);
  return game->state->weather;
}

const char *const *
rdt_game_get_released (RdtGame *game)
{
  g_return_val_if_fail (RDT_IS_GAME (game), NULL);
  return (const char *const *) game->state->released;
}

static int
compare_strv (gconstpointer a,
              gconstpointer b,
              gpointer      data)
{
  (void) data;
  return strcmp (*(char *const *) a, *(char *const *) b);
}

static gboolean
is_released (RdtGame    *game,
             const char *id)
{
  return g_strv_contains ((const char *const *) game->state->released, id);
}

static void
add_release (RdtGame    *game,
             const char *id,
             const char *rule,
             const char *text)
{
  RdtGameState *s = game->state;
  guint n = g_strv_length (s->released);

  s->released = g_renew (char *, s->released, n + 2);
  s->released[n] = g_strdup (id);
  s->released[n + 1] = NULL;
  g_qsort_with_data (s->released, (gint) n + 1, sizeof (char *), compare_strv, NULL);
  game->board_dirty = TRUE;
  _rdt_game_say (game, rule, "%s", text);
}

static const char *
release_rule (const RdtTable *table,
              const char     *id)
{
  const char *rule = table != NULL ? rdt_table_lookup (table, id, "rule", NULL) : NULL;

  return rule != NULL && rule[0] != '\0' ? rule : RELEASE_TABLE;
}

/* The release ids: the volume's restrictions' (until-released) and the rows
 * of its "releases" table (Savannah 1.6 case A: "grand-assault"). */
char **
_rdt_game_dup_release_ids (RdtGame *game)
{
  g_auto(GStrv) from_restrictions = rdt_volume_dup_release_ids (rdt_scenario_get_volume (game->scenario));
  const RdtTable *table = find_table (game, RELEASE_TABLE);
  GPtrArray *ids = g_ptr_array_new ();

  for (guint i = 0; from_restrictions[i] != NULL; i++)
    g_ptr_array_add (ids, g_strdup (from_restrictions[i]));
  for (guint r = 0; table != NULL && r < table->rows->len; r++)
    {
      const RdtTableRow *row = g_ptr_array_index (table->rows, r);

      if (!g_strv_contains ((const char *const *) from_restrictions, row->key))
        g_ptr_array_add (ids, g_strdup (row->key));
    }
  g_ptr_array_add (ids, NULL);
  return (char **) g_ptr_array_free (ids, FALSE);
}

int
_rdt_game_next_turn (RdtGame *game)
{
  const RdtTable *table = find_table (game, RELEASE_TABLE);
  RdtGameState *s = game->state;
  int next = s->turn + 1;

  /* Savannah 1.6 case A: a release with "jump to turn" moves the Game Turn
   * Marker there; the reinforcements still to come never arrive. */
  for (guint r = 0; table != NULL && r < table->rows->len; r++)
    {
      const RdtTableRow *row = g_ptr_array_index (table->rows, r);
      const char *rule = release_rule (table, row->key);
      int jump;

      if (!is_released (game, row->key) ||
          !parse_signed (rdt_table_lookup (table, row->key, "jump to turn", NULL), &jump) || jump <= next)
        continue;
      {
        g_autofree char *text = g_strdup_printf (_("%s: the Game Turn Marker moves from turn %d to turn %d"),
                                                 row->key, s->turn, jump);

        _rdt_game_say (game, rule, "%s", text);
      }
      for (guint i = 0; i < game->n_units; i++)
        {
          RdtGameUnit *gu = &s->units[i];
          g_autofree char *text = NULL;

          if (gu->where != RDT_GAME_UNIT_TO_ARRIVE)
            continue;
          gu->where = RDT_GAME_UNIT_UNUSED;
          text = g_strdup_printf (_("%s never arrives: removed from play (no VP or army morale)"),
                                  rdt_scenario_get_unit (game->scenario, i)->id);
          _rdt_game_say (game, rule, "%s", text);
        }
      next = jump;
    }
  return next;
}

gboolean
rdt_game_release (RdtGame     *game,
                  const char  *id,
                  const char  *rule,
                  GError     **error)
{
  g_auto(GStrv) known = NULL;
  g_autofree char *text = NULL;

  g_return_val_if_fail (RDT_IS_GAME (game), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);

  known = _rdt_game_dup_release_ids (game);
  if (!g_strv_contains ((const char *const *) known, id))
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_UNKNOWN,
                   _("no restriction of the volume is lifted by a release “%s”"), id);
      return FALSE;
    }
  if (is_released (game, id))
    return TRUE;
  text = g_strdup_printf (_("Released: %s"), id);
  add_release (game, id, rule != NULL ? rule : release_rule (find_table (game, RELEASE_TABLE), id), text);
  return TRUE;
}

gboolean
_rdt_game_do_release (RdtGame     *game,
                      const char  *name,
                      GError     **error)
{
  const RdtTable *table = find_table (game, RELEASE_TABLE);
  const char *rule = release_rule (table, name);
  const char *turns, *side;
  g_auto(GStrv) known = _rdt_game_dup_release_ids (game);
  g_autofree char *text = NULL;

  if (!g_strv_contains ((const char *const *) known, name))
    {
      g_autofree char *list = g_strjoinv (", ", known);

      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_UNKNOWN,
                   _("unknown release “%s” (the volume’s releases: %s)"), name,
                   list[0] != '\0' ? list : _("none"));
      return FALSE;
    }
  if (is_released (game, name))
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL, _("%s: %s is already released"), rule, name);
      return FALSE;
    }
  turns = table != NULL ? rdt_table_lookup (table, name, "choose turns", NULL) : NULL;
  if (turns != NULL && (g_str_equal (turns, "-") || !turn_in (turns, game->state->turn)))
    {
      if (g_str_equal (turns, "-"))
        g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL,
                     _("%s: %s is released by the rules, not by a player’s choice"), rule, name);
      else
        g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL,
                     _("%s: %s may be released by choice on turns %s only (turn %d)"), rule, name, turns,
                     game->state->turn);
      return FALSE;
    }
  side = table != NULL ? rdt_table_lookup (table, name, "side", NULL) : NULL;
  text = g_strdup_printf (_("%s releases %s by choice on turn %d"),
                          side != NULL && side[0] != '\0' ? side : _("the player"), name, game->state->turn);
  add_release (game, name, rule, text);
  return TRUE;
}

void
_rdt_game_release_near (RdtGame *game,
                        guint    index)
{
  const RdtTable *table = find_table (game, RELEASE_TABLE);
  const RdtGameUnit *mover = &game->state->units[index];

  for (guint r = 0; table != NULL && r < table->rows->len && mover->where == RDT_GAME_UNIT_MAP; r++)
    {
      const RdtTableRow *row = g_ptr_array_index (table->rows, r);
      const char *near_unit = rdt_table_lookup (table, row->key, "near unit", NULL);
      int near, u, d;
      g_autofree char *text = NULL;

      if (near_unit == NULL || near_unit[0] == '\0' || is_released (game, row->key) ||
          !parse_signed (rdt_table_lookup (table, row->key, "near", NULL), &near))
        continue;
      u = rdt_scenario_find_unit_index (game->scenario, near_unit);
      if (u < 0 || (guint) u == index || game->state->units[u].where != RDT_GAME_UNIT_MAP)
        continue;
      d = rdt_hex_grid_distance (rdt_scenario_get_grid (game->scenario), mover->hex, game->state->units[u].hex);
      if (d > near)
        continue;
      text = g_strdup_printf (_("Released: %s (%s moved within %d hexes of %s)"), row->key,
                              rdt_scenario_get_unit (game->scenario, index)->id, d, near_unit);
      add_release (game, row->key, release_rule (table, row->key), text);
    }
}

/* The releases table's "attacked hex" column (Brandywine 3.6.2.3: Proctor
 * "may not move until its hex (1127) has been attacked by the British
 * player in Close Combat"): a Close Combat of @attacker_side against @hex
 * makes the release of each row naming that hex (and that side in "side",
 * when the row gives one). */
void
_rdt_game_release_attacked_hex (RdtGame *game,
                                int      attacker_side,
                                RdtHex   hex)
{
  const RdtTable *table = find_table (game, RELEASE_TABLE);
  RdtHexGrid *grid = rdt_scenario_get_grid (game->scenario);

  for (guint r = 0; table != NULL && r < table->rows->len; r++)
    {
      const RdtTableRow *row = g_ptr_array_index (table->rows, r);
      const char *attacked = rdt_table_lookup (table, row->key, "attacked hex", NULL);
      const char *side = rdt_table_lookup (table, row->key, "side", NULL);
      g_autofree char *text = NULL;
      RdtHex h;

      if (attacked == NULL || attacked[0] == '\0' || is_released (game, row->key) ||
          !rdt_hex_grid_parse_label (grid, attacked, &h, NULL) || h.col != hex.col || h.row != hex.row)
        continue;
      if (side != NULL && side[0] != '\0' &&
          (attacker_side < 0 || g_strcmp0 (rdt_scenario_get_side (game->scenario, (guint) attacker_side)->id, side) != 0))
        continue;
      text = g_strdup_printf (_("Released: %s (hex %s attacked in Close Combat)"), row->key, attacked);
      add_release (game, row->key, release_rule (table, row->key), text);
    }
}

static void
start_weather (RdtGame *game)
{
  const RdtTable *table = find_table (game, WEATHER_TABLE);
  RdtGameState *s = game->state;

  for (guint r = 0; table != NULL && r < table->rows->len; r++)
    {
      const RdtTableRow *row = g_ptr_array_index (table->rows, r);
      gboolean provisional = FALSE;
      const char *weather = rdt_table_lookup (table, row->key, "weather", &provisional);
      const char *roller = rdt_table_lookup (table, row->key, "roller", NULL);
      const char *rule = rdt_table_lookup (table, row->key, "rule", NULL);
      g_autofree char *text = NULL;

      if (weather == NULL || !row_for_scenario (table, row->key, rdt_scenario_get_id (game->scenario)) ||
          !turn_in (rdt_table_lookup (table, row->key, "turns", NULL), s->turn))
        continue;
      if (rule == NULL || rule[0] == '\0')
        rule = row->key;
      {
        const char *unless = rdt_table_lookup (table, row->key, "unless released", NULL);

        if (unless != NULL && unless[0] != '\0' && is_released (game, unless))
          continue;
      }
      if (g_str_equal (weather, "hold"))
        text = g_strdup_printf (_("Weather on turn %d: %s holds from the previous turn"), s->turn,
                                s->weather != NULL ? s->weather : _("undecided"));
      else if (g_str_equal (weather, "undecided") || weather[0] == '\0')
        {
          g_clear_pointer (&s->weather, g_free);
          text = g_strdup_printf (_("Weather on turn %d: not decided (the Weather Table is not in the "
                                    "rulebooks): rules that depend on it stay undecided"), s->turn);
        }
      else if (g_ascii_isdigit (weather[0]))
        {
          g_autofree char *purpose = g_strdup_printf (_("weather, %s (%s)"),
                                                      roller != NULL && roller[0] != '\0' ? roller : "-",
                                                      rule);
          int roll = _rdt_game_roll_die (game, purpose);
          char *result = result_for (weather, roll);

          g_free (s->weather);
          s->weather = result;
          text = g_strdup_printf (_("Weather on turn %d: roll %d gives %s%s"), s->turn, roll,
                                  result != NULL ? result : _("nothing (undecided)"),
                                  provisional ? _(" (provisional: the table is printed on the map, "
                                                  "not in the rulebooks)") : "");
        }
      else
        {
          g_free (s->weather);
          s->weather = g_strdup (weather);
          text = g_strdup_printf (_("Weather on turn %d: %s"), s->turn, weather);
        }
      game->board_dirty = TRUE;
      _rdt_game_say (game, rule, "%s", text);
      return;
    }
}

void
_rdt_game_start_turn (RdtGame *game)
{
  const RdtTable *table;
  const char *track = rdt_game_get_turn_track (game);

  if (track != NULL)
    {
      const RdtTable *t = find_table (game, TRACK_TABLE);
      const char *rule = rdt_table_lookup (t, track, "rule", NULL);
      g_autofree char *text = g_strdup_printf (_("Turn %d is on the %s turn track"), game->state->turn, track);

      _rdt_game_say (game, rule != NULL && rule[0] != '\0' ? rule : TRACK_TABLE, "%s", text);
    }
  start_weather (game);
  /* Releases that the rules make on a turn (Brandywine 3.6.1.1). */
  table = find_table (game, RELEASE_TABLE);
  for (guint r = 0; table != NULL && r < table->rows->len; r++)
    {
      const RdtTableRow *row = g_ptr_array_index (table->rows, r);
      int turn;

      if (!is_released (game, row->key) &&
          parse_signed (rdt_table_lookup (table, row->key, "automatic turn", NULL), &turn) &&
          game->state->turn >= turn)
        {
          g_autofree char *text = g_strdup_printf (_("Released: %s (turn %d)"), row->key, game->state->turn);

          add_release (game, row->key, release_rule (table, row->key), text);
        }
    }
}

/* ------------------------------------- removals, leader losses (momentum)
 *
 *  - "removals" (Brandywine 7.1.3.2, 4.8): rows keyed by the rule, columns
 *    "scenario" (empty: every scenario), "units" (ids), "turn" (empty: every
 *    turn), "side" (whose player turn), "phase" (a phase id: removed at its
 *    end), "unless stacked with" (a unit id: only a unit on the map not in
 *    that unit's hex is removed): the units still in play are removed from
 *    play, with no VP or army morale (they go to "unused");
 *  - "leader-loss-momentum" (Brandywine 4.6.2, 4.7): rows keyed by leader
 *    unit id, columns "chits" (returned to the pool when he is captured or
 *    eliminated; each chit the player cannot return, the other player takes
 *    from the pool while it has one), "rule".
 */
#define REMOVAL_TABLE "removals"
#define LEADER_LOSS_TABLE "leader-loss-momentum"

void
_rdt_game_end_phase_removals (RdtGame *game)
{
  const RdtTable *table = find_table (game, REMOVAL_TABLE);
  RdtGameState *s = game->state;
  const char *phase = rdt_phase_get_info (rdt_game_get_phase (game))->id;
  int phasing = rdt_game_get_phasing_player (game);

  for (guint r = 0; table != NULL && r < table->rows->len; r++)
    {
      const RdtTableRow *row = g_ptr_array_index (table->rows, r);
      const char *units = rdt_table_lookup (table, row->key, "units", NULL);
      const char *side = rdt_table_lookup (table, row->key, "side", NULL);
      g_auto(GStrv) ids = NULL;
      int turn, side_index;

      const char *turn_text = rdt_table_lookup (table, row->key, "turn", NULL);
      const char *with = rdt_table_lookup (table, row->key, "unless stacked with", NULL);
      int with_index = with != NULL && with[0] != '\0' ? rdt_scenario_find_unit_index (game->scenario, with) : -1;

      /* An empty turn: every turn (Brandywine 4.8). */
      if (!row_for_scenario (table, row->key, rdt_scenario_get_id (game->scenario)) ||
          (turn_text != NULL && turn_text[0] != '\0' &&
           (!parse_signed (turn_text, &turn) || turn != s->turn)) ||
          g_strcmp0 (rdt_table_lookup (table, row->key, "phase", NULL), phase) != 0)
        continue;
      side_index = side != NULL ? rdt_scenario_find_side (game->scenario, side) : -1;
      if (side_index < 0 || game->side_player[side_index] != phasing)
        continue;
      ids = g_strsplit_set (units != NULL ? units : "", " ,", -1);
      for (guint i = 0; ids[i] != NULL; i++)
        {
          int u = ids[i][0] != '\0' ? rdt_scenario_find_unit_index (game->scenario, ids[i]) : -1;
          RdtGameUnit *gu;
          g_autofree char *text = NULL;

          if (u < 0)
            continue;
          gu = &s->units[u];
          if (gu->where != RDT_GAME_UNIT_MAP && gu->where != RDT_GAME_UNIT_TO_ARRIVE)
            continue;
          /* "unless stacked with" (Brandywine 4.8: Lafayette with Washington):
           * only a unit on the map apart from that one is removed. */
          if (with != NULL && with[0] != '\0' &&
              (gu->where != RDT_GAME_UNIT_MAP ||
               (with_index >= 0 && s->units[with_index].where == RDT_GAME_UNIT_MAP &&
                s->units[with_index].hex.col == gu->hex.col && s->units[with_index].hex.row == gu->hex.row)))
            continue;
          gu->where = RDT_GAME_UNIT_UNUSED;
          gu->flags = 0;
          game->board_dirty = TRUE;
          text = g_strdup_printf (_("%s is removed from play (no VP or army morale adjustment)"), ids[i]);
          _rdt_game_say (game, row->key, "%s", text);
        }
    }
}

gboolean
rdt_game_leader_lost (RdtGame     *game,
                      const char  *leader,
                      const char  *rule,
                      GError     **error)
{
  const RdtTable *table;
  const char *row_rule;
  int index, chits, side, player, other = -1;
  RdtGameState *s;
  g_autofree char *cite = NULL;

  g_return_val_if_fail (RDT_IS_GAME (game), FALSE);
  g_return_val_if_fail (leader != NULL, FALSE);

  index = rdt_scenario_find_unit_index (game->scenario, leader);
  if (index < 0)
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_UNKNOWN, _("unknown unit “%s”"), leader);
      return FALSE;
    }
  table = find_table (game, LEADER_LOSS_TABLE);
  if (table == NULL || !parse_signed (rdt_table_lookup (table, leader, "chits", NULL), &chits) || chits <= 0)
    return TRUE;
  s = game->state;
  side = rdt_scenario_get_unit (game->scenario, (guint) index)->side;
  player = game->side_player[side];
  for (guint i = 0; i < game->n_sides && other < 0; i++)
    if (game->side_player[i] != player)
      other = (int) i;
  row_rule = rdt_table_lookup (table, leader, "rule", NULL);
  cite = g_strdup_printf ("%s%s%s", rule != NULL ? rule : "", rule != NULL ? "; " : "",
                          row_rule != NULL && row_rule[0] != '\0' ? row_rule : LEADER_LOSS_TABLE);
  for (int c = 0; c < chits; c++)
    {
      g_autofree char *text = NULL;

      if (s->momentum[side] > 0)
        {
          s->momentum[side]--;
          s->pool++;
          text = g_strdup_printf (_("%s lost: %s returns a momentum chit to the pool"), leader,
                                  rdt_scenario_get_side (game->scenario, (guint) side)->id);
        }
      else if (other >= 0 && s->pool > 0)
        {
          s->pool--;
          s->momentum[other]++;
          text = g_strdup_printf (_("%s lost: %s has no chit to return; %s takes one from the pool"), leader,
                                  rdt_scenario_get_side (game->scenario, (guint) side)->id,
                                  rdt_scenario_get_side (game->scenario, (guint) other)->id);
        }
      else
        text = g_strdup_printf (_("%s lost: no chit to return and none in the pool: no further effect"), leader);
      _rdt_game_say (game, cite, "%s", text);
    }
  return TRUE;
}

/* ---------------------------------------------------------- player turns
 *
 * "player-turns" (Savannah 4.19): rows keyed by an id, columns "scenario",
 * "turns", "only" (the side whose player alone has a player turn), "rule".
 */
#define PLAYER_TURN_TABLE "player-turns"

gboolean
_rdt_game_player_turn_skipped (RdtGame  *game,
                               gboolean  first)
{
  const RdtTable *table = find_table (game, PLAYER_TURN_TABLE);
  int phasing = rdt_game_get_phasing_player (game);

  for (guint r = 0; table != NULL && r < table->rows->len && phasing >= 0; r++)
    {
      const RdtTableRow *row = g_ptr_array_index (table->rows, r);
      const char *only = rdt_table_lookup (table, row->key, "only", NULL);
      const char *rule = rdt_table_lookup (table, row->key, "rule", NULL);
      int side = only != NULL ? rdt_scenario_find_side (game->scenario, only) : -1;

      if (side < 0 || !row_for_scenario (table, row->key, rdt_scenario_get_id (game->scenario)) ||
          !turn_in (rdt_table_lookup (table, row->key, "turns", NULL), game->state->turn) ||
          game->side_player[side] == phasing)
        continue;
      if (first)
        {
          g_autofree char *text = g_strdup_printf (_("Turn %d, %s only: the %s player turn is left out"),
                                                   game->state->turn, only,
                                                   rdt_game_get_player_id (game, (guint) phasing));

          _rdt_game_say (game, rule != NULL && rule[0] != '\0' ? rule : row->key, "%s", text);
        }
      return TRUE;
    }
  return FALSE;
}
