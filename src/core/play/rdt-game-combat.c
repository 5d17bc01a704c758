/* rdt-game-combat.c: Close Combat in a game (issue 14, Series Rules 12, 13.1;
 * docs/play.md "Close Combat").
 *
 *   close-combat ATT[,ATT...] DEF [lead UNIT]... [tactics ATT-TACTIC DEF-TACTIC] [diversion HEX]
 *                [reroll SIDE]... [dc UNIT] [ac UNIT]... [advance UNIT]...
 *
 * in the Close Combat phase resolves one combat: the rules layer
 * (rdt-close-combat.h) itemises it on the game's positions (turn, army
 * morale levels), the action is refused while the designation breaks a rule
 * or a DRM is not decided (the lead units); the Tactics Matrix (12.23 step
 * 4, 12.55), the die (step 5), the result letters of the Close Combat Table
 * applied to the lead units by rdt-game-results (13.1: the defender first),
 * PIN and the captures of DC, AC and 12.31, momentum gained (12.63), the lead
 * unit's advance into a vacated hex (step 9).  Every line of the log cites its
 * rule; the action replays from the log with the same dice.
 *
 * The other units' morale checks (13.1, 13.5) follow each side's result.
 * Step 6: "reroll SIDE" words spend Momentum Chits for re-rolls, in order
 * (declared with the action, before the die is seen).
 * 13.1 DC/AC: "dc UNIT" and "ac UNIT" name the unit captured on its side
 * (else the lead unit).
 * The end-of-phase 13.3/13.4 consequences (_rdt_game_combat_phase_end).
 * "advance UNIT": other attackers follow the lead unit (step 9).
 * 12.21: only a combat announced (rdt-game-designation.c) is resolved; a
 * close-combat without any designation designates and announces itself.
 * 12.23 step 6 after the die is seen: without declared re-rolls or the word
 * "accept", the combat waits ("reroll SIDE" / "accept", pending_cc) and is
 * finished by do_close_combat() again with the last die.  13.24: units
 * that retreated into the combat's hexes are left out of it, then check
 * morale.  Step 9: the advance once the defenders' retreats are made
 * (_rdt_game_check_advance, "advance UNIT").
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "rdt-close-combat.h"
#include "rdt-game-private.h"
#include "rdt-game-results.h"
#include "rdt-retreat.h"

#define PINNED "pinned"
/* 12.61: five chits in all, so at most five re-rolls in one combat. */
#define RDT_CC_MAX_REROLLS 5

static const RdtUnit *
unit_of (RdtGame *game,
         guint    index)
{
  return rdt_scenario_get_unit (game->scenario, index);
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

/* 12.63: a chit from the pool, or the opponent returns one. */
static void
gain_momentum (RdtGame    *game,
               int         side,
               int         other,
               const char *why)
{
  RdtGameState *s = game->state;

  if (side < 0)
    return;
  if (s->pool > 0)
    {
      s->pool--;
      s->momentum[side]++;
      _rdt_game_say (game, "12.63", _("%s gains a Momentum Chit (%s)"),
                     rdt_scenario_get_side (game->scenario, (guint) side)->id, why);
    }
  else if (other >= 0 && s->momentum[other] > 0)
    {
      s->momentum[other]--;
      s->pool++;
      _rdt_game_say (game, "12.63", _("No chit in the pool: %s returns one (%s)"),
                     rdt_scenario_get_side (game->scenario, (guint) other)->id, why);
    }
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

/* 13.1 PIN: disrupted and shattered participants captured (defender
 * first), the others pinned. */
static void
apply_pin (RdtGame              *game,
           const RdtCloseCombat *cc)
{
  for (int role = RDT_CC_DEFENDER; role >= RDT_CC_ATTACKER; role--)
    {
      GPtrArray *units = rdt_close_combat_get_units (cc, role);

      for (guint i = 0; i < units->len; i++)
        {
          guint u = ((const RdtCcUnitSp *) g_ptr_array_index (units, i))->unit;
          RdtGameUnit *gu = &game->state->units[u];

          if (gu->where != RDT_GAME_UNIT_MAP)
            continue;
          if (gu->status != RDT_UNIT_STATUS_PARADE)
            _rdt_game_remove_unit (game, u, RDT_GAME_UNIT_CAPTURED, "13.1 PIN");
        }
    }
  for (int role = RDT_CC_DEFENDER; role >= RDT_CC_ATTACKER; role--)
    {
      GPtrArray *units = rdt_close_combat_get_units (cc, role);

      for (guint i = 0; i < units->len; i++)
        {
          guint u = ((const RdtCcUnitSp *) g_ptr_array_index (units, i))->unit;
          RdtGameUnit *gu = &game->state->units[u];
          g_autoptr(GPtrArray) states = g_ptr_array_new ();

          if (gu->where != RDT_GAME_UNIT_MAP || (gu->states != NULL && g_strv_contains ((const char *const *) gu->states, PINNED)))
            continue;
          for (guint k = 0; gu->states != NULL && gu->states[k] != NULL; k++)
            g_ptr_array_add (states, g_strdup (gu->states[k]));
          g_ptr_array_add (states, g_strdup (PINNED));
          g_ptr_array_sort (states, compare_strings);
          g_ptr_array_add (states, NULL);
          g_strfreev (gu->states);
          gu->states = (char **) g_ptr_array_free (g_steal_pointer (&states), FALSE);
          game->board_dirty = TRUE;
          _rdt_game_say (game, "13.1 PIN", _("%s is pinned"), unit_of (game, u)->id);
        }
    }
}

/* 13.5: die + modified morale (15.32, with the army level at the start of
 * the combat, 16.2 Note) + the Leadership DRM of the leader in command in
 * the hex (14.23) + 1 for defenders attacked solely across unbreached
 * fieldworks; 5 or more passes. */
static gboolean
morale_check (RdtGame    *game,
              guint       unit,
              const int  *modifiers,
              gboolean    fieldworks)
{
  const RdtUnit *u = unit_of (game, unit);
  const RdtGameUnit *gu = &game->state->units[unit];
  const RdtUnitStep *step = u->steps != NULL && u->steps->len > 0
    ? &g_array_index (u->steps, RdtUnitStep, MIN ((guint) gu->step, u->steps->len - 1)) : NULL;
  int leader = _rdt_game_leader_in_hex (game, unit);
  int base = step != NULL ? step->morale : 0;
  int mod = modifiers[u->side] != RDT_CC_MORALE_UNKNOWN ? modifiers[u->side] : 0;
  int lead_drm = leader >= 0 ? unit_of (game, (guint) leader)->leadership_drm : 0;
  g_autofree char *purpose = g_strdup_printf (_("morale check, %s (13.5)"), u->id);
  int roll = _rdt_game_roll_die (game, purpose);
  /* Germantown 3.10.2 (volume table morale-check-drm, logged before). */
  int total = roll + base + mod + lead_drm + (fieldworks ? 1 : 0) + _rdt_game_terrain_morale_drm (game, unit);

  _rdt_game_say (game, "13.5, 14.23, 15.32",
                 _("Morale check %s: roll %d %+d base morale %+d army level %+d leader %+d fieldworks = %d, needs 5: %s%s"),
                 u->id, roll, base, mod, lead_drm, fieldworks ? 1 : 0, total, total >= 5 ? _("passes") : _("fails"),
                 modifiers[u->side] == RDT_CC_MORALE_UNKNOWN ? _(" (the army morale level is not known: 0 used)") : "");
  return total >= 5;
}

/* 13.1: after R, D, 1, 2, DC or AC, the other units of the side in the
 * combat (and the defender's artillery) check morale: R, D, 1, 2: a failure
 * retreats one hex; DC, AC: a pass retreats one hex, a failure is a "D". */
static void
other_units_check (RdtGame              *game,
                   const RdtCloseCombat *cc,
                   RdtCcRole             role,
                   const RdtCombatResult *r,
                   const int            *modifiers,
                   gboolean              fieldworks,
                   int                   lead)
{
  GPtrArray *units = rdt_close_combat_get_units (cc, role);
  gboolean capture = r->dc || r->ac;

  if (r->none || !(r->retreat || r->disrupt || r->steps > 0 || capture))
    return;
  for (guint i = 0; i < units->len && !rdt_game_is_over (game); i++)
    {
      guint u = ((const RdtCcUnitSp *) g_ptr_array_index (units, i))->unit;

      if ((int) u == lead || game->state->units[u].where != RDT_GAME_UNIT_MAP)
        continue;
      /* Brandywine 3.9, Germantown 3.10.4 (rdt-game-results.c). */
      if (r->retreat && _rdt_game_morale_check_excused (game, u))
        continue;
      if (morale_check (game, u, modifiers, fieldworks && role == RDT_CC_DEFENDER))
        {
          if (capture)
            _rdt_game_owe_retreat (game, u, 1, FALSE);
        }
      else if (capture)
        {
          RdtCombatResult d = { 0 };

          d.disrupt = TRUE;
          _rdt_game_apply_result (game, u, &d, "13.1");
        }
      else
        _rdt_game_owe_retreat (game, u, 1, FALSE);
    }
}

/* One side's result of a "A/D" cell: the lead unit of @role, then the
 * other units' morale checks. */
static void
apply_side (RdtGame              *game,
            const RdtCloseCombat *cc,
            RdtCcRole             role,
            const char           *text,
            const int            *modifiers,
            gboolean              fieldworks,
            const int            *chosen)
{
  int lead = rdt_close_combat_get_lead (cc, role);
  RdtCombatResult r;

  if (text == NULL || !rdt_combat_result_parse (text, &r))
    {
      _rdt_game_say (game, "13.1", _("“%s” is not a result of 13.1: nothing applied"), text != NULL ? text : "");
      return;
    }
  if (r.none || lead < 0)
    return;
  if (r.dc || r.ac)
    {
      /* 13.1 DC/AC: "One participating combat unit of the [Defender's /
       * Attacker's] choice on the affected side is captured ... [it] does
       * not have to be the lead unit": the "dc UNIT" / "ac UNIT" word
       * naming a unit of this side, else the lead unit. */
      int pick = chosen[(r.dc ? 0 : 2) + role];

      if (pick >= 0)
        _rdt_game_say (game, "13.1", _("“%s”: %s is captured (%s's choice)"), text, unit_of (game, (guint) pick)->id,
                       r.dc ? _("the Defender") : _("the Attacker"));
      else
        {
          pick = lead;
          _rdt_game_say (game, "13.1", _("“%s”: %s is captured (no unit named with “%s UNIT”: the lead unit)"),
                         text, unit_of (game, (guint) lead)->id, r.dc ? "dc" : "ac");
        }
      _rdt_game_remove_unit (game, (guint) pick, RDT_GAME_UNIT_CAPTURED, "13.1");
      /* "The other friendly units in the close combat ... must make a
       * morale check": the lead unit too when it was not the one taken. */
      other_units_check (game, cc, role, &r, modifiers, fieldworks, pick);
      return;
    }
  _rdt_game_apply_result (game, (guint) lead, &r, "13.1");
  other_units_check (game, cc, role, &r, modifiers, fieldworks, lead);
}

/* 13.24: "If its side suffers any result other than "No Combat", the
 * previously retreated unit must make a morale check.  If it passes, it must
 * retreat one hex; if it fails, it suffers a "D" result".  @att / @def: the
 * sides' results of the cell (NULL: PIN, both sides suffer it); "-" is no
 * result suffered. */
static void
retreated_check (RdtGame    *game,
                 GArray     *retreated,
                 int         att_side,
                 int         def_side,
                 const char *att,
                 const char *def,
                 const int  *modifiers)
{
  for (guint k = 0; k < retreated->len && !rdt_game_is_over (game); k++)
    {
      guint u = g_array_index (retreated, guint, k);
      /* Its side: the player's (an allied army counts with its player's). */
      int player = _rdt_game_unit_player (game, u);
      const char *text = player == game->side_player[att_side] ? att : player == game->side_player[def_side] ? def : NULL;
      RdtCombatResult r;

      if (game->state->units[u].where != RDT_GAME_UNIT_MAP)
        continue;
      if (text != NULL && (!rdt_combat_result_parse (text, &r) || r.none))
        continue;
      if (text == NULL && att != NULL)
        continue;
      if (morale_check (game, u, modifiers, FALSE))
        {
          _rdt_game_say (game, "13.24", _("%s passes: it retreats one hex"), unit_of (game, u)->id);
          _rdt_game_owe_retreat (game, u, 1, FALSE);
        }
      else
        {
          RdtCombatResult d = { 0 };

          _rdt_game_say (game, "13.24", _("%s fails: a “D” result (13.3)"), unit_of (game, u)->id);
          d.disrupt = TRUE;
          _rdt_game_apply_result (game, u, &d, "13.24");
        }
    }
}

static gboolean
parse_tactic (const char  *text,
              RdtTactic   *out,
              GError     **error)
{
  if (!rdt_tactic_from_id (text, out))
    return fail (error, RDT_GAME_ERROR_SYNTAX,
                 _("“%s” is not a tactic: skirmish, attack-en-echelon, stand-fast, withdraw, frontal-assault, "
                   "commit-reserve, turn-flank, refuse-flank (12.52)"), text);
  return TRUE;
}

/* 13.5: "Defending units attacked solely across unbreached fieldwork
 * hexsides": every attacking hex across a fieldwork whose symbol is in the
 * defending hex. */
static gboolean
fieldworks_only (RdtGame *game,
                 GArray  *attackers,
                 GArray  *def_hexes)
{
  RdtHexGrid *grid = rdt_scenario_get_grid (game->scenario);

  /* 12.15: with several defending hexes, each attacked across its own
   * fieldworks. */
  for (guint i = 0; i < attackers->len * def_hexes->len; i++)
    {
      RdtHex def_hex = g_array_index (def_hexes, RdtHex, i / attackers->len);

      RdtHexside side;
      const RdtHexsideFeatures *f;

      if (!rdt_hex_grid_hexside (grid, g_array_index (attackers, RdtHex, i % attackers->len), def_hex, &side, NULL))
        return FALSE;
      f = rdt_scenario_get_hexside (game->scenario, side);
      if (f == NULL || f->fieldwork == RDT_NO_TYPE || f->breached ||
          f->fieldwork_symbol.col != def_hex.col || f->fieldwork_symbol.row != def_hex.row)
        return FALSE;
    }
  return attackers->len > 0;
}

/* The volume's "cc-shift" table, column "removes" (Brandywine 4.8:
 * "Remove Lafayette after the Close Combat is resolved in which his ability
 * is used"; no VP or army morale): the units of the shifts this combat used
 * leave play, which makes the shift once per game. */
static void
remove_after_shifts (RdtGame              *game,
                     const RdtCloseCombat *cc)
{
  const RdtTable *table = rdt_volume_find_table (rdt_scenario_get_volume (game->scenario), "cc-shift");
  GPtrArray *shifts = rdt_close_combat_get_shifts (cc);

  for (guint i = 0; table != NULL && i < shifts->len; i++)
    {
      const RdtCcItem *it = g_ptr_array_index (shifts, i);
      const char *removes;
      int u;

      if (it->undecided || it->id == NULL || !g_str_has_prefix (it->id, "cc-shift:"))
        continue;
      removes = rdt_table_lookup (table, it->id + strlen ("cc-shift:"), "removes", NULL);
      if (removes == NULL || removes[0] == '\0')
        continue;
      u = rdt_scenario_find_unit_index (game->scenario, removes);
      if (u < 0 || game->state->units[u].where != RDT_GAME_UNIT_MAP)
        continue;
      game->state->units[u].where = RDT_GAME_UNIT_UNUSED;
      game->board_dirty = TRUE;
      _rdt_game_say (game, it->rule, _("%s is removed from play after the Close Combat that used his column shift (no VP or army morale)"),
                     removes);
    }
}

/* The row rule of the volume's "cc-obligations" table whose "advance"
 * column is "optional" for the terrain of @hex (Germantown 3.10.4: "Advance
 * after combat out of the hex is optional"), or NULL. */
static const char *
advance_optional_rule (RdtGame *game,
                       RdtHex   hex)
{
  const RdtTable *table = rdt_volume_find_table (rdt_scenario_get_volume (game->scenario), "cc-obligations");
  const RdtTerrainType *t = rdt_scenario_get_terrain_type (game->scenario, hex);

  for (guint r = 0; table != NULL && t != NULL && r < table->rows->len; r++)
    {
      const RdtTableRow *row = g_ptr_array_index (table->rows, r);

      if (g_strcmp0 (rdt_table_lookup (table, row->key, "where", NULL), "terrain") == 0 &&
          g_strcmp0 (rdt_table_lookup (table, row->key, "type", NULL), t->id) == 0 &&
          g_strcmp0 (rdt_table_lookup (table, row->key, "advance", NULL), "optional") == 0)
        {
          const char *rule = rdt_table_lookup (table, row->key, "rule", NULL);
          return rule != NULL && rule[0] != '\0' ? rule : row->key;
        }
    }
  return NULL;
}

/* Whether participating attacker @k of the open advance is still where it
 * attacked from (it did not retreat) and on the map. */
static gboolean
advancer_in_place (RdtGame *game,
                   guint    k)
{
  const RdtGameState *st = game->state;
  const RdtGameUnit *gu = &st->units[st->advance_units[k]];

  return gu->where == RDT_GAME_UNIT_MAP && gu->hex.col == st->advance_from[k].col && gu->hex.row == st->advance_from[k].row;
}

static gboolean
is_artillery_unit (const RdtUnit *u)
{
  return u->kind == RDT_UNIT_KIND_ARTILLERY || u->kind == RDT_UNIT_KIND_AMUSETTE || u->kind == RDT_UNIT_KIND_MORTAR;
}

/* Moves participating attacker @u into the vacated hex, capturing the
 * defending artillery left there (12.32: "As the Lead Unit advances into
 * the hex, the defending artillery unit is placed in the Captured box"). */
static gboolean
advance_unit (RdtGame     *game,
              guint        u,
              const char  *rule,
              GError     **error)
{
  RdtGameState *st = game->state;
  RdtHex hex = st->advance_hex;
  char l[RDT_HEX_LABEL_SIZE];
  const char *stack_rule = NULL;
  int player = _rdt_game_unit_player (game, u);

  rdt_hex_grid_format_label (rdt_scenario_get_grid (game->scenario), hex, l);
  if (_rdt_game_overstacked (game, hex, player, u, &stack_rule))
    return fail (error, RDT_GAME_ERROR_ILLEGAL, _("12.23 step 9: %s may not advance: %s would be overstacked (%s)"),
                 unit_of (game, u)->id, l, stack_rule != NULL ? stack_rule : "7.1");
  for (guint i = 0; i < game->n_units; i++)
    if (st->units[i].where == RDT_GAME_UNIT_MAP && st->units[i].hex.col == hex.col && st->units[i].hex.row == hex.row &&
        _rdt_game_unit_player (game, i) != player && !rdt_unit_is_leader (unit_of (game, i)))
      _rdt_game_remove_unit (game, i, RDT_GAME_UNIT_CAPTURED, "12.32");
  st = game->state;
  st->units[u].hex = hex;
  game->board_dirty = TRUE;
  _rdt_game_say (game, rule, _("%s advances into %s"), unit_of (game, u)->id, l);
  return TRUE;
}

void
_rdt_game_check_advance (RdtGame *game)
{
  RdtGameState *st = game->state;
  RdtHex hex = st->advance_hex;
  int player = rdt_game_get_phasing_player (game);
  const char *optional;
  char l[RDT_HEX_LABEL_SIZE];

  if (!st->advance_open || st->advance_lead_done || st->owed_retreats->len > 0 || st->owed_casualties->len > 0 ||
      rdt_game_is_over (game))
    return;
  /* 12.15: several defending hexes: the first vacant one in the
   * Attacker's order. */
  for (guint k = 0; k < st->n_advance_hexes; k++)
    {
      RdtHex h = st->advance_hexes[k];
      gboolean vacant = TRUE;

      for (guint i = 0; i < game->n_units && vacant; i++)
        if (st->units[i].where == RDT_GAME_UNIT_MAP && st->units[i].hex.col == h.col && st->units[i].hex.row == h.row &&
            _rdt_game_unit_player (game, i) != player && !rdt_unit_is_leader (unit_of (game, i)) &&
            !is_artillery_unit (unit_of (game, i)))
          vacant = FALSE;
      if (vacant)
        {
          st->advance_hex = hex = h;
          break;
        }
    }
  /* "If the defender's hex becomes vacant": no defending combat unit
   * other than artillery (left to capture, 12.32). */
  for (guint i = 0; i < game->n_units; i++)
    if (st->units[i].where == RDT_GAME_UNIT_MAP && st->units[i].hex.col == hex.col && st->units[i].hex.row == hex.row &&
        _rdt_game_unit_player (game, i) != player && !rdt_unit_is_leader (unit_of (game, i)) &&
        !is_artillery_unit (unit_of (game, i)))
      {
        st->advance_open = FALSE;
        return;
      }
  rdt_hex_grid_format_label (rdt_scenario_get_grid (game->scenario), hex, l);
  st->advance_lead_done = TRUE;
  if (st->advance_lead < 0)
    {
      _rdt_game_say (game, "12.23 step 9", _("%s is vacant: no lead unit advances; other participants may (“advance UNIT”)"), l);
      return;
    }
  for (guint k = 0; k < st->n_advance_units; k++)
    {
      if ((int) st->advance_units[k] != st->advance_lead)
        continue;
      /* "the attacker must advance with at least the lead unit if it did
       * not retreat". */
      if (!advancer_in_place (game, k))
        {
          _rdt_game_say (game, "12.23 step 9", _("%s is vacant; the lead unit %s retreated and does not advance"), l,
                         unit_of (game, (guint) st->advance_lead)->id);
          return;
        }
      optional = advance_optional_rule (game, st->advance_from[k]);
      if (optional != NULL)
        {
          _rdt_game_say (game, optional, _("%s is vacant: the advance out of %s's hex is optional (“advance %s”)"), l,
                         unit_of (game, (guint) st->advance_lead)->id, unit_of (game, (guint) st->advance_lead)->id);
          return;
        }
      if (!advance_unit (game, st->advance_units[k], "12.23 step 9", NULL))
        return;
      st = game->state;
      st->advance_lead = -2;  /* advanced */
    }
  /* The other units named with the action ("advance UNIT" words), then
   * any other participant by the action "advance UNIT". */
  for (guint j = 0; j < st->n_advance_declared; j++)
    for (guint k = 0; k < st->n_advance_units; k++)
      if (st->advance_units[k] == st->advance_declared[j] && advancer_in_place (game, k))
        {
          g_autoptr(GError) local = NULL;

          if (!advance_unit (game, st->advance_units[k], "12.23 step 9", &local))
            _rdt_game_say (game, "12.23 step 9", "%s", local->message);
          st = game->state;
        }
}

int
rdt_game_get_cc_momentum_side (RdtGame *game)
{
  g_return_val_if_fail (RDT_IS_GAME (game), -1);
  return game->state->pending_cc != NULL ? _rdt_game_momentum_waiting (game) : -1;
}

char **
rdt_game_dup_cc_advances (RdtGame *game)
{
  RdtGameState *st;
  GPtrArray *out;

  g_return_val_if_fail (RDT_IS_GAME (game), NULL);
  st = game->state;
  out = g_ptr_array_new ();
  for (guint k = 0; st->advance_open && st->advance_lead_done && k < st->n_advance_units; k++)
    {
      const RdtUnit *u = unit_of (game, st->advance_units[k]);
      const char *rule = NULL;

      if (is_artillery_unit (u) || !advancer_in_place (game, k) ||
          ((int) st->advance_units[k] == st->advance_lead && st->advance_lead >= 0 &&
           advance_optional_rule (game, st->advance_from[k]) == NULL) ||
          _rdt_game_overstacked (game, st->advance_hex, _rdt_game_unit_player (game, st->advance_units[k]),
                                 st->advance_units[k], &rule))
        continue;
      g_ptr_array_add (out, g_strdup (u->id));
    }
  g_ptr_array_add (out, NULL);
  return (char **) g_ptr_array_free (out, FALSE);
}

/* "advance UNIT": another participating attacker (or an optional lead)
 * advances into the vacated hex (12.23 step 9). */
static gboolean
do_advance (RdtGame   *game,
            char     **argv,
            guint      argc,
            GString   *canonical,
            GError   **error)
{
  RdtGameState *st = game->state;
  int u;

  if (argc != 2)
    return fail (error, RDT_GAME_ERROR_SYNTAX, _("usage: %s"), "advance UNIT");
  if (!st->advance_open || !st->advance_lead_done)
    return fail (error, RDT_GAME_ERROR_ILLEGAL, _("12.23 step 9: no defending hex of the last Close Combat is vacant"));
  u = rdt_scenario_find_unit_index (game->scenario, argv[1]);
  if (u < 0)
    return fail (error, RDT_GAME_ERROR_UNKNOWN, _("unknown unit “%s”"), argv[1]);
  g_string_append_printf (canonical, " %s", argv[1]);
  if (is_artillery_unit (unit_of (game, (guint) u)))
    return fail (error, RDT_GAME_ERROR_ILLEGAL, _("12.23 step 9: artillery units may never advance (%s)"), argv[1]);
  for (guint k = 0; k < st->n_advance_units; k++)
    if ((int) st->advance_units[k] == u)
      {
        if (!advancer_in_place (game, k))
          return fail (error, RDT_GAME_ERROR_ILLEGAL, _("12.23 step 9: %s is no longer where it attacked from"), argv[1]);
        if (u == st->advance_lead)
          st->advance_lead = -2;
        return advance_unit (game, (guint) u, "12.23 step 9", error);
      }
  return fail (error, RDT_GAME_ERROR_ILLEGAL, _("12.23 step 9: %s did not take part in the last Close Combat"), argv[1]);
}

/* 12.23 step 9: the advance into @def_hex is open once it is vacant (now,
 * or once the defenders' owed retreats are made: _rdt_game_check_advance). */
static void
open_advance (RdtGame              *game,
              const RdtCloseCombat *cc,
              GArray               *def_hexes,
              const RdtHex         *into,
              const int            *advancers,
              guint                 n_advance)
{
  RdtGameState *st = game->state;
  GPtrArray *units = rdt_close_combat_get_units (cc, RDT_CC_ATTACKER);
  int lead = rdt_close_combat_get_lead (cc, RDT_CC_ATTACKER);

  st->advance_open = TRUE;
  st->advance_hex = into != NULL ? *into : g_array_index (def_hexes, RdtHex, 0);
  /* 12.15, 12.23 step 9: several defending hexes: the Attacker's choice
   * ("into HEX") first, then the others in the order given; the first
   * vacant one is advanced into (_rdt_game_check_advance). */
  st->n_advance_hexes = 0;
  if (def_hexes->len > 1)
    {
      st->advance_hexes[st->n_advance_hexes++] = st->advance_hex;
      for (guint k = 0; k < def_hexes->len && st->n_advance_hexes < G_N_ELEMENTS (st->advance_hexes); k++)
        {
          RdtHex h = g_array_index (def_hexes, RdtHex, k);

          if (h.col != st->advance_hex.col || h.row != st->advance_hex.row)
            st->advance_hexes[st->n_advance_hexes++] = h;
        }
    }
  st->advance_lead = lead >= 0 && !rdt_close_combat_lead_may_not_advance (cc) ? lead : -1;
  st->advance_lead_done = FALSE;
  st->n_advance_units = 0;
  for (guint i = 0; i < units->len && st->n_advance_units < G_N_ELEMENTS (st->advance_units); i++)
    {
      guint u = ((const RdtCcUnitSp *) g_ptr_array_index (units, i))->unit;

      st->advance_units[st->n_advance_units] = u;
      st->advance_from[st->n_advance_units++] = game->state->units[u].hex;
    }
  st->n_advance_declared = n_advance;
  for (guint k = 0; k < n_advance; k++)
    st->advance_declared[k] = (guint) advancers[k];
  if (lead >= 0 && rdt_close_combat_lead_may_not_advance (cc))
    _rdt_game_say (game, "12.23 step 2", _("%s may not advance after combat (prohibited terrain)"),
                   unit_of (game, (guint) lead)->id);
  _rdt_game_check_advance (game);
}

/* 12.23 step 6: the side whose option it is to spend a Momentum Chit now,
 * or -1: "The player holding the fewest Momentum Chits (the Defender in the
 * case of a tie) may choose to spend one ... If this player declines ...,
 * the other player may choose to expend a Momentum Chit". */
int
_rdt_game_momentum_waiting (RdtGame *game)
{
  RdtGameState *st = game->state;
  int att = st->pending_side[RDT_CC_ATTACKER], def = st->pending_side[RDT_CC_DEFENDER];
  int first = st->momentum[att] < st->momentum[def] ? att : def;
  int second = first == att ? def : att;

  if (st->pending_stage == 0 && st->momentum[first] > 0)
    return first;
  if (st->momentum[second] > 0)
    return second;
  return -1;
}

static void
say_waiting (RdtGame *game)
{
  int side = _rdt_game_momentum_waiting (game);
  const char *id = rdt_scenario_get_side (game->scenario, (guint) side)->id;

  _rdt_game_say (game, "12.23 step 6",
                 _("Momentum decision: %s may spend a Momentum Chit to re-roll (“reroll %s”) or decline (“accept”)"),
                 id, id);
}

static gboolean
do_close_combat (RdtGame     *game,
                 char       **argv,
                 guint        argc,
                 GString     *canonical,
                 gboolean    *barrier,
                 int          resume_die,
                 GError     **error)
{
  /* 12.23 step 6: the results of a combat whose momentum decision is made
   * ("accept"): the die is @resume_die, steps 1-5 were logged. */
  gboolean resuming = resume_die != G_MININT;
  RdtScenario *position;
  RdtHexGrid *grid = rdt_scenario_get_grid (game->scenario);
  g_autoptr(GArray) attackers = g_array_new (FALSE, FALSE, sizeof (RdtHex));
  g_autoptr(RdtCloseCombat) cc = NULL;
  g_autoptr(GError) local = NULL;
  g_autofree int *modifiers = NULL;
  g_autofree gboolean *provisional = NULL;
  g_autofree char *tactics_text = NULL;
  const char *leads[2] = { NULL, NULL };
  RdtTactic tactic[2] = { RDT_TACTIC_SKIRMISH, RDT_TACTIC_SKIRMISH };
  gboolean have_tactics = FALSE, no_combat = FALSE;
  /* 12.4: the Defender declares a Cavalry or Indian Withdrawal. */
  gboolean withdraw = FALSE;
  RdtCloseCombatInput input;
  RdtGameContext context;
  int tactics_drm = 0, n_leads = 0, die = 0, modified = 0, row, att_side, def_side;
  const char *result = NULL;
  RdtHex def_hex, into = { 0, 0 };
  int take[G_N_ELEMENTS (game->take_retreat)] = { -1, -1, -1, -1 };
  guint n_take = 0;
  guint att_units[RDT_GAME_MAX_ATTACKING_UNITS];
  guint n_att_units = 0;
  const char *att_ids[RDT_GAME_MAX_ATTACKING_UNITS + 1];
  gboolean have_into = FALSE;
  g_autoptr(GArray) def_hexes = g_array_new (FALSE, FALSE, sizeof (RdtHex));
  /* 13.1 DC, AC: the unit chosen for capture, [dc att, dc def, ac att, ac def]. */
  int chosen[4] = { -1, -1, -1, -1 };
  const char *chosen_ids[4] = { NULL, NULL, NULL, NULL };
  const char *choice_ids[4] = { NULL, NULL, NULL, NULL };
  int designation;
  /* 12.23 step 6 declared with the action: both decline after the (last)
   * roll. */
  gboolean accept = FALSE;
  /* 13.24: units that retreated into the combat's hexes. */
  g_autoptr(GArray) retreated = g_array_new (FALSE, FALSE, sizeof (guint));
  guint n_choices[2] = { 0, 0 };
  int rerolls[RDT_CC_MAX_REROLLS];
  guint n_rerolls = 0;
  /* 12.23 step 9: other participating attackers that advance after the
   * lead unit (at most six words: a hex holds no more units). */
  const char *advance_ids[6];
  int advancers[6];
  guint n_advance = 0;

  if (rdt_game_get_phase (game) != RDT_PHASE_CLOSE_COMBAT)
    return fail (error, RDT_GAME_ERROR_WRONG_PHASE, _("12: Close Combat is resolved in the Close Combat phase"));
  if (!resuming && game->state->pending_cc != NULL)
    return fail (error, RDT_GAME_ERROR_ILLEGAL,
                 _("12.23 step 6: the momentum decision of the last Close Combat is pending (“reroll SIDE” or “accept”)"));
  /* A new combat: the last one's advance is over (12.23 step 9). */
  if (!resuming)
    game->state->advance_open = FALSE;
  if (game->state->combat_phase_ending)
    return fail (error, RDT_GAME_ERROR_WRONG_PHASE,
                 _("13.3, 13.4: the Close Combat phase has ended; only its retreats are still owed"));
  if (game->state->owed_casualties->len > 0)
    return fail (error, RDT_GAME_ERROR_ILLEGAL,
                 _("12.23 step 7: the results of the last combat are applied first: a leader casualty is owed (“casualty LEADER”, 13.1)"));
  if (game->state->owed_retreats->len > 0)
    return fail (error, RDT_GAME_ERROR_ILLEGAL,
                 _("12.23 step 7: the results of the last combat are applied first: %s must retreat"),
                 unit_of (game, g_array_index (game->state->owed_retreats, RdtGameOwedRetreat, 0).unit)->id);
  if (argc < 3)
    return fail (error, RDT_GAME_ERROR_SYNTAX, _("usage: %s"),
                 "close-combat ATT[,ATT...] DEF [lead UNIT]... [tactics ATT DEF] [diversion HEX] [reroll SIDE]... [accept] [dc UNIT] [ac UNIT]... [advance UNIT]...");
  {
    /* 12.15: ATT or ATT:UNIT+UNIT (a split stack). */
    RdtHex hexes[RDT_GAME_MAX_ATTACKING_HEXES];
    guint n_hexes = 0;

    if (!_rdt_game_parse_attackers (game, argv[1], hexes, &n_hexes, att_units, &n_att_units, error))
      return FALSE;
    g_array_append_vals (attackers, hexes, n_hexes);
  }
  {
    /* 12.15: several defending hexes from one attacking hex. */
    g_auto(GStrv) parts = g_strsplit (argv[2], ",", RDT_GAME_MAX_ATTACKING_HEXES + 1);

    for (guint i = 0; parts[i] != NULL; i++)
      {
        RdtHex h;

        if (i >= RDT_GAME_MAX_ATTACKING_HEXES)
          return fail (error, RDT_GAME_ERROR_SYNTAX, _("12.15: at most %d defending hexes"), RDT_GAME_MAX_ATTACKING_HEXES);
        if (!rdt_hex_grid_parse_label (grid, parts[i], &h, NULL))
          return fail (error, RDT_GAME_ERROR_UNKNOWN, _("“%s” is not a hex of the map"), parts[i]);
        g_array_append_val (def_hexes, h);
      }
    if (def_hexes->len == 0)
      return fail (error, RDT_GAME_ERROR_UNKNOWN, _("“%s” is not a hex of the map"), argv[2]);
    def_hex = g_array_index (def_hexes, RdtHex, 0);
  }

  rdt_close_combat_input_init (&input);
  for (guint i = 3; i < argc; i++)
    {
      if (g_str_equal (argv[i], "lead") && i + 1 < argc && n_leads < 2)
        leads[n_leads++] = argv[++i];
      else if (g_str_equal (argv[i], "into") && i + 1 < argc && !have_into)
        {
          /* 12.23 step 9 with several defending hexes (12.15): the
           * Attacker's choice among the vacated ones. */
          gboolean listed = FALSE;

          if (!rdt_hex_grid_parse_label (grid, argv[++i], &into, NULL))
            return fail (error, RDT_GAME_ERROR_UNKNOWN, _("“%s” is not a hex of the map"), argv[i]);
          for (guint k = 0; k < def_hexes->len; k++)
            listed |= g_array_index (def_hexes, RdtHex, k).col == into.col && g_array_index (def_hexes, RdtHex, k).row == into.row;
          if (!listed)
            return fail (error, RDT_GAME_ERROR_ILLEGAL, _("12.23 step 9: %s is not a defending hex of this Close Combat"), argv[i]);
          have_into = TRUE;
        }
      else if (g_str_equal (argv[i], "tactics") && i + 2 < argc && !have_tactics)
        {
          if (!parse_tactic (argv[i + 1], &tactic[0], error) || !parse_tactic (argv[i + 2], &tactic[1], error))
            return FALSE;
          have_tactics = TRUE;
          i += 2;
        }
      else if ((g_str_equal (argv[i], "dc") || g_str_equal (argv[i], "ac")) && i + 1 < argc)
        {
          /* One choice per side at most: two words of each kind. */
          int kind = argv[i][0] == 'd' ? 0 : 1;

          if (n_choices[kind] >= 2)
            return fail (error, RDT_GAME_ERROR_SYNTAX, _("13.1: at most one “%s UNIT” per side"), argv[i]);
          choice_ids[kind * 2 + n_choices[kind]++] = argv[++i];
        }
      else if (g_str_equal (argv[i], "advance") && i + 1 < argc)
        {
          if (n_advance >= G_N_ELEMENTS (advance_ids))
            return fail (error, RDT_GAME_ERROR_SYNTAX, _("12.23 step 9: at most %u “advance UNIT”"),
                         (guint) G_N_ELEMENTS (advance_ids));
          advance_ids[n_advance++] = argv[++i];
        }
      else if (g_str_equal (argv[i], "reroll") && i + 1 < argc)
        {
          /* 12.23 step 6: one chit per re-roll; the pool holds five chits
           * (12.61), so no more re-rolls than that are possible. */
          if (n_rerolls >= RDT_CC_MAX_REROLLS)
            return fail (error, RDT_GAME_ERROR_ILLEGAL,
                         _("12.23 step 6, 12.61: at most %d Momentum Chits can be spent in one Close Combat"),
                         RDT_CC_MAX_REROLLS);
          rerolls[n_rerolls] = rdt_scenario_find_side (game->scenario, argv[++i]);
          if (rerolls[n_rerolls] < 0)
            return fail (error, RDT_GAME_ERROR_UNKNOWN, _("“%s” is not a side of the scenario"), argv[i]);
          n_rerolls++;
        }
      else if (g_str_equal (argv[i], "take-retreat") && i + 1 < argc)
        {
          /* Germantown 3.10.4: the owner declines "MAY ignore Retreat
           * results" for this unit. */
          int u = rdt_scenario_find_unit_index (game->scenario, argv[++i]);

          if (u < 0)
            return fail (error, RDT_GAME_ERROR_UNKNOWN, _("unknown unit “%s”"), argv[i]);
          if (n_take >= G_N_ELEMENTS (take) - 1)
            return fail (error, RDT_GAME_ERROR_SYNTAX, _("at most %u “take-retreat UNIT”"), (guint) G_N_ELEMENTS (take) - 1);
          take[n_take++] = u;
          take[n_take] = -1;
        }
      else if (g_str_equal (argv[i], "accept") && !accept)
        accept = TRUE;
      else if (g_str_equal (argv[i], "withdraw") && !withdraw)
        withdraw = TRUE;
      else if (g_str_equal (argv[i], "diversion") && i + 1 < argc && !input.has_diversion)
        {
          input.has_diversion = TRUE;
          if (!rdt_hex_grid_parse_label (grid, argv[++i], &input.diversion, NULL))
            return fail (error, RDT_GAME_ERROR_UNKNOWN, _("“%s” is not a hex of the map"), argv[i]);
        }
      else
        return fail (error, RDT_GAME_ERROR_SYNTAX, _("usage: %s"),
                     "close-combat ATT[,ATT...] DEF[,DEF...] [lead UNIT]... [tactics ATT DEF] [diversion HEX] [reroll SIDE]... [accept] [dc UNIT] [ac UNIT]... [advance UNIT]... [into HEX] [take-retreat UNIT]... [withdraw]");
    }

  /* 12.21: "The phasing player must announce all Close Combats before
   * resolving any of them": only an announced combat is resolved.  Without
   * any designation, this one combat is designated and announced: it must
   * then be the whole designation (12.12-12.15, 13.1 Pin). */
  if (!game->state->announced)
    {
      if (game->state->designated->len > 0)
        return fail (error, RDT_GAME_ERROR_ILLEGAL,
                     _("12.21: the designated Close Combats are announced before any is resolved (“announce”)"));
      if (input.has_diversion)
        {
          g_autofree char *l = rdt_hex_grid_dup_label (grid, input.diversion);
          char *dv[] = { (char *) "diversion", l, NULL };
          g_autoptr(GString) scratch = g_string_new (NULL);

          if (!_rdt_game_apply_designation_action (game, dv, 2, scratch, error))
            return FALSE;
        }
      if (!_rdt_game_designate (game, (const RdtHex *) attackers->data, attackers->len,
                                (const RdtHex *) def_hexes->data, def_hexes->len, att_units, n_att_units, error) ||
          !_rdt_game_announce (game, FALSE, error))
        return FALSE;
    }
  designation = _rdt_game_find_designation (game, def_hex);
  if (designation < 0)
    return fail (error, RDT_GAME_ERROR_ILLEGAL, _("12.21: no Close Combat against %s was announced"), argv[2]);
  {
    const RdtGameDesignation *d = &g_array_index (game->state->designated, RdtGameDesignation, designation);
    gboolean same = d->n_attackers == attackers->len;

    if (d->resolved && !resuming)
      return fail (error, RDT_GAME_ERROR_ILLEGAL, _("12.15: the Close Combat against %s is resolved"), argv[2]);
    for (guint i = 0; i < attackers->len && same; i++)
      {
        gboolean found = FALSE;

        for (guint k = 0; k < d->n_attackers; k++)
          if (d->attackers[k].col == g_array_index (attackers, RdtHex, i).col &&
              d->attackers[k].row == g_array_index (attackers, RdtHex, i).row)
            found = TRUE;
        same = found;
      }
    if (!same)
      return fail (error, RDT_GAME_ERROR_ILLEGAL,
                   _("12.21: the Close Combat against %s was announced with other attacking hexes"), argv[2]);
    /* 12.15: the units of a split stack as announced (none named: the
     * announced ones). */
    same = n_att_units == 0 || n_att_units == d->n_att_units;
    for (guint i = 0; i < n_att_units && same; i++)
      {
        gboolean found = FALSE;

        for (guint k = 0; k < d->n_att_units; k++)
          found |= d->att_units[k] == att_units[i];
        same = found;
      }
    if (!same)
      {
        g_autofree char *atts = _rdt_game_designation_attackers (game, d);
        return fail (error, RDT_GAME_ERROR_ILLEGAL,
                     _("12.21: the Close Combat was announced with the attackers %s (12.15)"), atts);
      }
    for (guint k = 0; k < d->n_att_units; k++)
      att_ids[k] = unit_of (game, d->att_units[k])->id;
    att_ids[d->n_att_units] = NULL;
    if (d->n_att_units > 0)
      input.attacking_units = att_ids;
    /* 12.15: the same defending hexes as announced. */
    same = MAX (d->n_defenders, 1) == def_hexes->len;
    for (guint i = 0; i < def_hexes->len && same; i++)
      same = _rdt_game_find_designation (game, g_array_index (def_hexes, RdtHex, i)) == designation;
    if (!same)
      {
        g_autofree char *defs = _rdt_game_designation_defenders (game, d);
        return fail (error, RDT_GAME_ERROR_ILLEGAL,
                     _("12.21: the Close Combat was announced against %s (12.15: all its defending hexes together)"), defs);
      }
    if (input.has_diversion && (!game->state->has_diversion || game->state->diversion.col != input.diversion.col ||
                                game->state->diversion.row != input.diversion.row))
      return fail (error, RDT_GAME_ERROR_ILLEGAL, _("12.14: the Diversion of this phase is not that hex"));
    input.has_diversion = game->state->has_diversion;
    input.diversion = game->state->diversion;
  }

  position = rdt_game_get_position (game);
  /* 13.24: "If a unit retreats from a Close Combat into a hex which has not
   * yet had its Close Combat resolved, it may not contribute any strength
   * to that Close Combat, nor may it be selected as the lead unit": left
   * out of the position the rules layer reads (the board is synced again
   * on its next use). */
  for (guint i = 0; i < game->n_units; i++)
    {
      const RdtGameUnit *gu = &game->state->units[i];
      gboolean here = FALSE;

      for (guint k = 0; k < def_hexes->len && !here; k++)
        here = gu->hex.col == g_array_index (def_hexes, RdtHex, k).col && gu->hex.row == g_array_index (def_hexes, RdtHex, k).row;

      if (gu->where != RDT_GAME_UNIT_MAP || !(gu->flags & RDT_GAME_UNIT_CC_RETREATED) || rdt_unit_is_leader (unit_of (game, i)))
        continue;
      for (guint k = 0; k < attackers->len && !here; k++)
        here = gu->hex.col == g_array_index (attackers, RdtHex, k).col && gu->hex.row == g_array_index (attackers, RdtHex, k).row;
      if (here)
        {
          RdtPlacement unused = { 0 };

          unused.kind = RDT_PLACEMENT_UNUSED;
          rdt_scenario_move_unit (position, unit_of (game, i)->id, &unused, NULL, NULL);
          game->board_dirty = TRUE;
          g_array_append_val (retreated, i);
        }
    }
  rdt_game_context_init (&context);
  context.turn = game->state->turn;
  context.current_side = -1;
  context.origin = game->scenario;
  modifiers = g_new0 (int, MAX (game->n_sides, 1));
  provisional = g_new0 (gboolean, MAX (game->n_sides, 1));
  for (guint s = 0; s < game->n_sides; s++)
    {
      const RdtMoraleLevel *level = rdt_game_get_morale_level (game, s);

      modifiers[s] = level != NULL ? level->morale_modifier : RDT_CC_MORALE_UNKNOWN;
      provisional[s] = level != NULL && level->provisional;
    }
  input.context = &context;
  input.attackers = (const RdtHex *) attackers->data;
  input.n_attackers = attackers->len;
  input.defender = def_hex;
  if (def_hexes->len > 1)
    {
      input.defenders = (const RdtHex *) def_hexes->data;
      input.n_defenders = def_hexes->len;
    }
  input.lead[0] = leads[0];
  input.lead[1] = leads[1];
  input.morale_modifier = modifiers;
  input.morale_provisional = provisional;
  input.n_sides = game->n_sides;
  cc = rdt_close_combat_new (position, &input, &local);
  if (cc == NULL)
    return fail (error, g_error_matches (local, RDT_CLOSE_COMBAT_ERROR, RDT_CLOSE_COMBAT_ERROR_DATA)
                        ? RDT_GAME_ERROR_DATA : RDT_GAME_ERROR_UNKNOWN, "%s", local->message);
  if (!rdt_close_combat_is_legal (cc))
    {
      const RdtCcItem *it = g_ptr_array_index (rdt_close_combat_get_errors (cc), 0);
      return fail (error, RDT_GAME_ERROR_ILLEGAL, "%s", it->text);
    }
  att_side = rdt_close_combat_get_side (cc, RDT_CC_ATTACKER);
  def_side = rdt_close_combat_get_side (cc, RDT_CC_DEFENDER);
  /* 12.11: the phasing player attacks. */
  if (game->side_player[att_side] != rdt_game_get_phasing_player (game))
    return fail (error, RDT_GAME_ERROR_ILLEGAL, _("12.11: the phasing player is the Attacker"));
  /* 12.15: each unit in one Close Combat per player turn. */
  for (int role = 0; role < 2; role++)
    {
      GPtrArray *units = rdt_close_combat_get_units (cc, role);

      for (guint i = 0; i < units->len; i++)
        {
          guint u = ((const RdtCcUnitSp *) g_ptr_array_index (units, i))->unit;

          if (!resuming && (game->state->units[u].flags & RDT_GAME_UNIT_IN_CLOSE_COMBAT))
            return fail (error, RDT_GAME_ERROR_ILLEGAL,
                         _("12.15: %s was already in a Close Combat this player turn"), unit_of (game, u)->id);
        }
    }
  if (rdt_close_combat_is_undecided (cc))
    {
      GPtrArray *drms = rdt_close_combat_get_drms (cc);

      for (guint i = 0; i < drms->len; i++)
        {
          const RdtCcItem *it = g_ptr_array_index (drms, i);
          if (it->undecided)
            return fail (error, RDT_GAME_ERROR_ILLEGAL, "%s (%s)", it->text, it->rule);
        }
      return fail (error, RDT_GAME_ERROR_ILLEGAL, _("12.23: a column shift is not decided"));
    }
  /* 12.23 step 2: "Each side ... must choose one unit to be its lead
   * unit." */
  for (int role = 0; role < 2; role++)
    if (rdt_close_combat_get_lead (cc, role) < 0 && rdt_close_combat_get_lead_candidates (cc, role)->len > 0 &&
        (role == RDT_CC_ATTACKER || (!rdt_close_combat_artillery_captured (cc) && !withdraw)))
      return fail (error, RDT_GAME_ERROR_ILLEGAL, _("12.23 step 2: name the %s's lead unit: “lead UNIT”"),
                   role == RDT_CC_ATTACKER ? _("attacker") : _("defender"));
  if (withdraw && rdt_close_combat_get_withdrawal (cc) == NULL)
    return fail (error, RDT_GAME_ERROR_ILLEGAL,
                 _("12.4: no pre-combat withdrawal here (all defenders Parade Order dragoons and no attacking "
                   "dragoons, or Indians in woods and no attacking Indians or light infantry)"));
  if (withdraw)
    {
      GPtrArray *defenders = rdt_close_combat_get_units (cc, RDT_CC_DEFENDER);

      for (guint i = 0; i < defenders->len; i++)
        {
          const RdtGameUnit *gd = &game->state->units[((const RdtCcUnitSp *) g_ptr_array_index (defenders, i))->unit];

          if (gd->states != NULL && (g_strv_contains ((const char *const *) gd->states, "cavalry-withdrawal") ||
                                     g_strv_contains ((const char *const *) gd->states, "indian-withdrawal")))
            return fail (error, RDT_GAME_ERROR_ILLEGAL,
                         _("12.42: %s may not choose Withdrawal again while under a Withdrawal marker"),
                         unit_of (game, ((const RdtCcUnitSp *) g_ptr_array_index (defenders, i))->unit)->id);
        }
    }
  if (!rdt_close_combat_artillery_captured (cc) && !have_tactics && !withdraw)
    return fail (error, RDT_GAME_ERROR_SYNTAX, _("12.23 step 4: give both tactics: “tactics ATT DEF”"));
  /* 13.1 DC, AC: each chosen unit is a participating combat unit; its side
   * is the side the choice applies to. */
  for (guint c = 0; c < 4; c++)
    {
      int index, kind = (int) c / 2, role = -1;

      if (choice_ids[c] == NULL)
        continue;
      index = rdt_scenario_find_unit_index (game->scenario, choice_ids[c]);
      for (int r = 0; r < 2 && index >= 0; r++)
        {
          GPtrArray *units = rdt_close_combat_get_units (cc, r);

          for (guint i = 0; i < units->len; i++)
            if (((const RdtCcUnitSp *) g_ptr_array_index (units, i))->unit == (guint) index)
              role = r;
        }
      if (role < 0)
        return fail (error, RDT_GAME_ERROR_ILLEGAL, _("13.1 %s: %s is not a participating combat unit of this Close Combat"),
                     kind == 0 ? "DC" : "AC", choice_ids[c]);
      if (chosen[kind * 2 + role] >= 0)
        return fail (error, RDT_GAME_ERROR_SYNTAX, _("13.1: at most one “%s UNIT” per side"), kind == 0 ? "dc" : "ac");
      chosen[kind * 2 + role] = index;
      chosen_ids[kind * 2 + role] = unit_of (game, (guint) index)->id;
    }
  /* 12.23 step 9: "Other units which participated may advance ...
   * Artillery units may never advance." */
  for (guint k = 0; k < n_advance; k++)
    {
      GPtrArray *units = rdt_close_combat_get_units (cc, RDT_CC_ATTACKER);
      int index = rdt_scenario_find_unit_index (game->scenario, advance_ids[k]);
      gboolean found = FALSE;
      const RdtUnit *au;

      for (guint i = 0; i < units->len && index >= 0; i++)
        if (((const RdtCcUnitSp *) g_ptr_array_index (units, i))->unit == (guint) index)
          found = TRUE;
      if (!found || index == rdt_close_combat_get_lead (cc, RDT_CC_ATTACKER))
        return fail (error, RDT_GAME_ERROR_ILLEGAL, _("12.23 step 9: %s is not another attacking unit of this Close Combat"),
                     advance_ids[k]);
      au = unit_of (game, (guint) index);
      if (au->kind == RDT_UNIT_KIND_ARTILLERY || au->kind == RDT_UNIT_KIND_AMUSETTE || au->kind == RDT_UNIT_KIND_MORTAR)
        return fail (error, RDT_GAME_ERROR_ILLEGAL, _("12.23 step 9: artillery units may never advance (%s)"), au->id);
      for (guint j = 0; j < k; j++)
        if (advancers[j] == index)
          return fail (error, RDT_GAME_ERROR_SYNTAX, _("12.23 step 9: %s is named twice"), au->id);
      advancers[k] = index;
    }
  /* 12.23 step 6: each re-roll is paid by a side of this combat holding a
   * chit at that moment (one chit each time the step is reached). */
  {
    int held[2] = { game->state->momentum[att_side], game->state->momentum[def_side] };

    for (guint k = 0; k < n_rerolls; k++)
      {
        int role = rerolls[k] == def_side ? RDT_CC_DEFENDER : rerolls[k] == att_side ? RDT_CC_ATTACKER : -1;

        if (role < 0)
          return fail (error, RDT_GAME_ERROR_ILLEGAL, _("12.23 step 6: %s is not a side of this Close Combat"),
                       rdt_scenario_get_side (game->scenario, (guint) rerolls[k])->id);
        if (held[role] <= 0)
          return fail (error, RDT_GAME_ERROR_ILLEGAL,
                       _("12.23 step 6: %s holds no Momentum Chit for re-roll %u"),
                       rdt_scenario_get_side (game->scenario, (guint) rerolls[k])->id, k + 1);
        held[role]--;
      }
  }

  /* The canonical action. */
  g_string_append_printf (canonical, " %s %s", argv[1], argv[2]);
  for (int k = 0; k < 2; k++)
    if (rdt_close_combat_get_lead (cc, k) >= 0)
      g_string_append_printf (canonical, " lead %s", unit_of (game, (guint) rdt_close_combat_get_lead (cc, k))->id);
  if (have_tactics)
    g_string_append_printf (canonical, " tactics %s %s", rdt_tactic_get_id (tactic[0]), rdt_tactic_get_id (tactic[1]));
  if (withdraw)
    g_string_append (canonical, " withdraw");
  if (input.has_diversion)
    {
      g_autofree char *l = rdt_hex_grid_dup_label (grid, input.diversion);
      g_string_append_printf (canonical, " diversion %s", l);
    }
  for (guint c = 0; c < 4; c++)
    if (chosen_ids[c] != NULL)
      g_string_append_printf (canonical, " %s %s", c < 2 ? "dc" : "ac", chosen_ids[c]);
  for (guint k = 0; k < n_advance; k++)
    g_string_append_printf (canonical, " advance %s", unit_of (game, (guint) advancers[k])->id);
  if (have_into)
    {
      g_autofree char *l = rdt_hex_grid_dup_label (grid, into);
      g_string_append_printf (canonical, " into %s", l);
    }
  for (guint k = 0; k < n_take; k++)
    g_string_append_printf (canonical, " take-retreat %s", unit_of (game, (guint) take[k])->id);
  for (guint k = 0; k < n_rerolls; k++)
    g_string_append_printf (canonical, " reroll %s", rdt_scenario_get_side (game->scenario, (guint) rerolls[k])->id);
  if (accept)
    g_string_append (canonical, " accept");

  g_array_index (game->state->designated, RdtGameDesignation, designation).resolved = TRUE;
  for (guint k = 0; k < retreated->len && !resuming; k++)
    {
      char l[RDT_HEX_LABEL_SIZE];

      rdt_hex_grid_format_label (grid, game->state->units[g_array_index (retreated, guint, k)].hex, l);
      _rdt_game_say (game, "13.24", _("%s retreated into %s from a Close Combat: it contributes no strength and may not lead"),
                     unit_of (game, g_array_index (retreated, guint, k))->id, l);
    }
  for (int role = 0; role < 2; role++)
    {
      GPtrArray *units = rdt_close_combat_get_units (cc, role);

      for (guint i = 0; i < units->len; i++)
        {
          guint u = ((const RdtCcUnitSp *) g_ptr_array_index (units, i))->unit;

          game->state->units[u].flags |= RDT_GAME_UNIT_IN_CLOSE_COMBAT;
          /* 10.5 Important: a rifle unit in a close combat before it fires
           * loses its first fire. */
          _rdt_game_spend_first_fire (game, u);
        }
    }

  if (!resuming)
    {
      _rdt_game_say (game, "12.23", _("Close Combat: %s against %s"), argv[1], argv[2]);
      /* The volume's releases by an attack on a hex (Brandywine 3.6.2.3). */
      for (guint k = 0; k < def_hexes->len; k++)
        _rdt_game_release_attacked_hex (game, att_side, g_array_index (def_hexes, RdtHex, k));
      _rdt_game_say (game, "12.23 step 1", "%s", rdt_close_combat_get_odds_text (cc));
    }
  for (guint i = 0; i < rdt_close_combat_get_shifts (cc)->len && !resuming; i++)
    {
      const RdtCcItem *it = g_ptr_array_index (rdt_close_combat_get_shifts (cc), i);
      _rdt_game_say (game, it->rule, "%s", it->text);
    }

  /* 12.31, 12.32: artillery alone is captured as the lead unit advances. */
  if (rdt_close_combat_artillery_captured (cc))
    {
      int lead = rdt_close_combat_get_lead (cc, RDT_CC_ATTACKER);
      GPtrArray *defenders = rdt_close_combat_get_units (cc, RDT_CC_DEFENDER);

      if (lead < 0)
        return fail (error, RDT_GAME_ERROR_ILLEGAL, _("12.32: the attacker must first identify the lead unit"));
      for (guint i = 0; i < defenders->len; i++)
        _rdt_game_remove_unit (game, ((const RdtCcUnitSp *) g_ptr_array_index (defenders, i))->unit,
                               RDT_GAME_UNIT_CAPTURED, "12.31");
      game->state->units[lead].hex = have_into ? into : def_hex;
      game->board_dirty = TRUE;
      {
        g_autofree char *l = rdt_hex_grid_dup_label (grid, game->state->units[lead].hex);
        _rdt_game_say (game, "12.32", _("%s advances into %s"), unit_of (game, (guint) lead)->id, l);
      }
      return TRUE;
    }

  for (int role = 0; role < 2 && !resuming; role++)
    if (rdt_close_combat_get_lead (cc, role) >= 0)
      _rdt_game_say (game, "12.23 step 2", _("%s lead unit: %s"),
                     role == RDT_CC_ATTACKER ? _("Attacker's") : _("Defender's"),
                     unit_of (game, (guint) rdt_close_combat_get_lead (cc, role))->id);
  for (guint i = 0; i < rdt_close_combat_get_drms (cc)->len && !resuming; i++)
    {
      const RdtCcItem *it = g_ptr_array_index (rdt_close_combat_get_drms (cc), i);
      _rdt_game_say (game, it->rule, "%+d: %s", it->value, it->text);
    }

  /* 12.4, 12.41: "Instead of resolving the Close Combat normally, the
   * dragoons or Indians retreat three hexes, regardless of terrain costs,
   * following retreat priorities to a hex not adjacent to an enemy unit.
   * Mark the unit(s) with a Cavalry or Indian Withdrawal marker and go
   * straight to step 9"; pinned ones break the pin at -1 Army Morale. */
  if (withdraw)
    {
      GPtrArray *defenders = rdt_close_combat_get_units (cc, RDT_CC_DEFENDER);
      const char *kind = rdt_close_combat_get_withdrawal (cc);
      const char *marker = g_str_equal (kind, "cavalry") ? "cavalry-withdrawal" : "indian-withdrawal";

      _rdt_game_say (game, "12.4, 12.41", _("The Defender declares a %s Withdrawal: its units retreat three hexes, "
                                            "then step 9"),
                     g_str_equal (kind, "cavalry") ? _("Cavalry") : _("Indian"));
      for (guint i = 0; i < defenders->len; i++)
        {
          guint u = ((const RdtCcUnitSp *) g_ptr_array_index (defenders, i))->unit;
          RdtGameUnit *gu = &game->state->units[u];
          g_autoptr(GPtrArray) states = g_ptr_array_new ();
          gboolean was_pinned = FALSE;

          for (guint k = 0; gu->states != NULL && gu->states[k] != NULL; k++)
            if (g_str_equal (gu->states[k], "pinned"))
              was_pinned = TRUE;
            else
              g_ptr_array_add (states, g_strdup (gu->states[k]));
          g_ptr_array_add (states, g_strdup (marker));
          g_ptr_array_add (states, NULL);
          g_strfreev (gu->states);
          gu->states = (char **) g_ptr_array_free (g_steal_pointer (&states), FALSE);
          game->board_dirty = TRUE;
          if (was_pinned)
            _rdt_game_morale_event (game, unit_of (game, u)->side, "pin-broken", "12.4, 9.6");
          _rdt_game_owe_retreat (game, u, 3, FALSE);
        }
      _rdt_game_settle_retreats (game);
      /* 12.41 Note: "The attacker's lead unit, at a minimum, must advance
       * into the vacated hex." */
      open_advance (game, cc, def_hexes, have_into ? &into : NULL, advancers, n_advance);
      return TRUE;
    }

  /* Step 4. */
  if (!rdt_close_combat_tactics_drm (cc, tactic[0], tactic[1], &tactics_drm, &no_combat, &tactics_text, &local))
    return fail (error, RDT_GAME_ERROR_DATA, "%s", local->message);
  if (!resuming)
    _rdt_game_say (game, "12.23 step 4", "%s", tactics_text);
  if (no_combat)
    {
      /* The side(s) that played Withdraw retreat all units one hex, the
       * defender first; the attacker's artillery never retreats. */
      for (int role = RDT_CC_DEFENDER; role >= RDT_CC_ATTACKER; role--)
        {
          GPtrArray *units = rdt_close_combat_get_units (cc, role);

          if (tactic[role] != RDT_TACTIC_WITHDRAW)
            continue;
          for (guint i = 0; i < units->len; i++)
            {
              guint u = ((const RdtCcUnitSp *) g_ptr_array_index (units, i))->unit;
              const RdtUnit *unit = unit_of (game, u);

              if (role == RDT_CC_ATTACKER && (unit->kind == RDT_UNIT_KIND_ARTILLERY || unit->kind == RDT_UNIT_KIND_AMUSETTE ||
                                              unit->kind == RDT_UNIT_KIND_MORTAR))
                continue;
              _rdt_game_owe_retreat (game, u, 1, FALSE);
            }
        }
      _rdt_game_settle_retreats (game);
      /* "Skip to Step 9": the advance once the withdrawing defenders have
       * retreated. */
      open_advance (game, cc, def_hexes, have_into ? &into : NULL, advancers, n_advance);
      return TRUE;
    }

  /* Step 5, and step 6: each Momentum Chit spent returns to step 5 for a
   * re-roll (12.62); the "reroll SIDE" words are the spends in order. */
  *barrier = TRUE;
  if (resuming)
    {
      die = resume_die;
      modified = die + rdt_close_combat_get_drm_total (cc) + tactics_drm;
      result = rdt_close_combat_lookup (cc, modified, &row);
      if (result == NULL)
        return fail (error, RDT_GAME_ERROR_DATA, _("the Close Combat Table has no row %d in column %s"),
                     row, rdt_close_combat_get_column_label (cc));
    }
  for (guint k = 0; !resuming; k++)
    {
      die = _rdt_game_roll_die (game, _("close combat (12.23 step 5)"));
      modified = die + rdt_close_combat_get_drm_total (cc) + tactics_drm;
      result = rdt_close_combat_lookup (cc, modified, &row);
      if (result == NULL)
        return fail (error, RDT_GAME_ERROR_DATA, _("the Close Combat Table has no row %d in column %s"),
                     row, rdt_close_combat_get_column_label (cc));
      _rdt_game_say (game, "12.23 step 5", _("Die %d %+d (DRMs) %+d (tactics) = %d: Close Combat Table %s, row %d: “%s”%s"),
                     die, rdt_close_combat_get_drm_total (cc), tactics_drm, modified,
                     rdt_close_combat_get_column_label (cc), row, result,
                     rdt_close_combat_lookup_is_provisional (cc, modified) ? _(" (provisional cell)") : "");
      if (k >= n_rerolls)
        break;
      {
        RdtGameState *st = game->state;
        /* "The player holding the fewest Momentum Chits (the Defender in
         * the case of a tie) may choose to spend one ... If this player
         * declines ..., the other player may choose to expend" one. */
        int first = st->momentum[att_side] < st->momentum[def_side] ? att_side : def_side;
        int spender = rerolls[k];
        int other_side = spender == att_side ? def_side : att_side;

        if (spender != first && st->momentum[first] > 0)
          _rdt_game_say (game, "12.23 step 6", _("%s (fewest chits, or the Defender on a tie) declines to re-roll"),
                         rdt_scenario_get_side (game->scenario, (guint) first)->id);
        st->momentum[spender]--;
        st->pool++;
        _rdt_game_say (game, "12.23 step 6, 12.62",
                       _("%s spends a Momentum Chit (returned to the pool) to re-roll the Close Combat die (%s holds %d, %s %d)"),
                       rdt_scenario_get_side (game->scenario, (guint) spender)->id,
                       rdt_scenario_get_side (game->scenario, (guint) spender)->id, st->momentum[spender],
                       rdt_scenario_get_side (game->scenario, (guint) other_side)->id, st->momentum[other_side]);
      }
    }

  /* 12.23 step 6 after the die is seen: without re-rolls declared with
   * the action, the game waits for the momentum decision ("reroll SIDE",
   * "accept") when a side of the combat holds a chit. */
  if (!resuming && n_rerolls == 0 && !accept)
    {
      RdtGameState *st = game->state;

      st->pending_side[RDT_CC_ATTACKER] = att_side;
      st->pending_side[RDT_CC_DEFENDER] = def_side;
      st->pending_stage = 0;
      if (_rdt_game_momentum_waiting (game) >= 0)
        {
          g_free (st->pending_cc);
          st->pending_cc = g_strdup (canonical->str);
          st->pending_designation = designation;
          st->pending_die = die;
          st->pending_offset = rdt_close_combat_get_drm_total (cc) + tactics_drm;
          for (int d = 0; d < 10; d++)
            {
              int r;
              const char *cell = rdt_close_combat_lookup (cc, d + st->pending_offset, &r);

              g_strlcpy (st->pending_cells[d], cell != NULL ? cell : "?", sizeof st->pending_cells[d]);
            }
          say_waiting (game);
          return TRUE;
        }
    }

  /* Step 7: the defender's result first (13.1 R: "the defender retreats
   * and makes morale checks first"). */
  if (g_str_equal (result, "PIN"))
    {
      apply_pin (game, cc);
      retreated_check (game, retreated, att_side, def_side, NULL, NULL, modifiers);
    }
  else
    {
      g_auto(GStrv) sides = g_strsplit (result, "/", 2);

      if (g_strv_length (sides) != 2)
        return fail (error, RDT_GAME_ERROR_DATA, _("Close Combat Table cell “%s” is not ATTACKER/DEFENDER"), result);
      memcpy (game->take_retreat, take, sizeof take);
      apply_side (game, cc, RDT_CC_DEFENDER, sides[1], modifiers, fieldworks_only (game, attackers, def_hexes), chosen);
      if (!rdt_game_is_over (game))
        apply_side (game, cc, RDT_CC_ATTACKER, sides[0], modifiers, FALSE, chosen);
      game->take_retreat[0] = -1;
      if (!rdt_game_is_over (game))
        retreated_check (game, retreated, att_side, def_side, sides[0], sides[1], modifiers);
    }
  _rdt_game_settle_retreats (game);

  /* Step 8 (12.63). */
  if (modified <= -1)
    gain_momentum (game, def_side, att_side, _("modified roll -1 or less"));
  else if (modified >= 10)
    gain_momentum (game, att_side, def_side, _("modified roll 10 or more"));

  /* Step 9: the advance once the defending hex is vacant (now, or once
   * the defenders' owed retreats are made: _rdt_game_check_advance). */
  open_advance (game, cc, def_hexes, have_into ? &into : NULL, advancers, n_advance);
  remove_after_shifts (game, cc);
  return TRUE;
}

/* "reroll SIDE" / "accept": the momentum decision of the pending combat
 * (12.23 step 6). */
static gboolean
do_momentum (RdtGame   *game,
             char     **argv,
             guint      argc,
             GString   *canonical,
             gboolean  *barrier,
             GError   **error)
{
  RdtGameState *st = game->state;
  int waiting = st->pending_cc != NULL ? _rdt_game_momentum_waiting (game) : -1;
  const char *waiting_id = waiting >= 0 ? rdt_scenario_get_side (game->scenario, (guint) waiting)->id : NULL;

  if (st->pending_cc == NULL || waiting < 0)
    return fail (error, RDT_GAME_ERROR_ILLEGAL, _("12.23 step 6: no Close Combat waits for a momentum decision"));
  if (g_str_equal (argv[0], "reroll"))
    {
      int side, other, d, r;

      if (argc != 2)
        return fail (error, RDT_GAME_ERROR_SYNTAX, _("usage: %s"), "reroll SIDE");
      side = rdt_scenario_find_side (game->scenario, argv[1]);
      if (side < 0)
        return fail (error, RDT_GAME_ERROR_UNKNOWN, _("“%s” is not a side of the scenario"), argv[1]);
      if (side != waiting)
        return fail (error, RDT_GAME_ERROR_ILLEGAL,
                     _("12.23 step 6: the option is %s's now (the fewest chits, the Defender on a tie, first; "
                       "“accept” declines)"), waiting_id);
      g_string_append_printf (canonical, " %s", argv[1]);
      other = side == st->pending_side[0] ? st->pending_side[1] : st->pending_side[0];
      st->momentum[side]--;
      st->pool++;
      _rdt_game_say (game, "12.23 step 6, 12.62",
                     _("%s spends a Momentum Chit (returned to the pool) to re-roll the Close Combat die (%s holds %d, %s %d)"),
                     argv[1], argv[1], st->momentum[side], rdt_scenario_get_side (game->scenario, (guint) other)->id,
                     st->momentum[other]);
      *barrier = TRUE;
      d = _rdt_game_roll_die (game, _("close combat re-roll (12.23 step 5, 6)"));
      st = game->state;
      st->pending_die = d;
      r = d + st->pending_offset;
      _rdt_game_say (game, "12.23 step 5", _("Die %d %+d (DRMs and tactics) = %d: “%s”"), d, st->pending_offset, r,
                     st->pending_cells[CLAMP (d, 0, 9)]);
      /* "only one may be spent each time this step is reached": the step
       * is reached again, the order starts over. */
      st->pending_stage = 0;
      if (_rdt_game_momentum_waiting (game) >= 0)
        {
          say_waiting (game);
          return TRUE;
        }
    }
  else
    {
      if (argc != 1)
        return fail (error, RDT_GAME_ERROR_SYNTAX, _("usage: %s"), "accept");
      _rdt_game_say (game, "12.23 step 6", _("%s declines to spend a Momentum Chit"), waiting_id);
      if (st->pending_stage == 0)
        {
          st->pending_stage = 1;
          if (_rdt_game_momentum_waiting (game) >= 0 && _rdt_game_momentum_waiting (game) != waiting)
            {
              say_waiting (game);
              return TRUE;
            }
        }
    }
  /* Both declined (or hold no chit): the results (steps 7-9). */
  {
    g_autofree char *action = g_steal_pointer (&st->pending_cc);
    g_auto(GStrv) words = g_strsplit (action, " ", -1);
    g_autoptr(GString) scratch = g_string_new (NULL);
    /* The results roll morale checks: undo stops here. */
    *barrier = TRUE;
    return do_close_combat (game, words, g_strv_length (words), scratch, barrier, st->pending_die, error);
  }
}

gboolean
_rdt_game_apply_combat_action (RdtGame   *game,
                               char     **argv,
                               guint      argc,
                               GString   *canonical,
                               gboolean  *barrier,
                               GError   **error)
{
  if (g_str_equal (argv[0], "close-combat"))
    return do_close_combat (game, argv, argc, canonical, barrier, G_MININT, error);
  if (g_str_equal (argv[0], "reroll") || g_str_equal (argv[0], "accept"))
    return do_momentum (game, argv, argc, canonical, barrier, error);
  if (g_str_equal (argv[0], "advance"))
    return do_advance (game, argv, argc, canonical, error);
  return fail (error, RDT_GAME_ERROR_SYNTAX, _("unknown action “%s” (see docs/play.md)"), argv[0]);
}

/* Candidate actions for random play (rdt-game-auto.c): the owed retreats'
 * legal ends first; then, for each phasing unit not yet in a combat, an
 * attack on each adjacent enemy hex with each defending lead and a few
 * tactics (the rules layer refuses what is not legal). */
void
_rdt_game_combat_candidates (RdtGame   *game,
                             GPtrArray *out)
{
  static const char *const tactics[][2] = {
    { "skirmish", "skirmish" }, { "stand-fast", "attack-en-echelon" }, { "skirmish", "withdraw" },
  };
  RdtGameState *s = game->state;
  RdtHexGrid *grid = rdt_scenario_get_grid (game->scenario);
  int phasing = rdt_game_get_phasing_player (game);

  if (rdt_game_get_phase (game) != RDT_PHASE_CLOSE_COMBAT)
    return;
  /* 12.23 step 6: the momentum decision of the pending combat. */
  if (s->pending_cc != NULL)
    {
      g_ptr_array_add (out, g_strdup ("accept"));
      for (int k = 0; k < 2; k++)
        g_ptr_array_add (out, g_strdup_printf ("reroll %s", rdt_scenario_get_side (game->scenario, (guint) s->pending_side[k])->id));
      return;
    }
  /* Owed leader casualties: each leader the owner may choose (13.1). */
  for (guint k = 0; k < s->owed_casualties->len; k++)
    {
      const RdtGameOwedCasualty *c = &g_array_index (s->owed_casualties, RdtGameOwedCasualty, k);

      for (guint i = 0; i < game->n_units; i++)
        if (s->units[i].where == RDT_GAME_UNIT_MAP && rdt_unit_is_leader (unit_of (game, i)) &&
            s->units[i].hex.col == c->hex.col && s->units[i].hex.row == c->hex.row &&
            _rdt_game_unit_player (game, i) == c->player)
          g_ptr_array_add (out, g_strdup_printf ("casualty %s", unit_of (game, i)->id));
    }
  if (s->owed_casualties->len > 0)
    return;
  if (s->owed_retreats->len > 0)
    {
      const RdtGameOwedRetreat *r = &g_array_index (s->owed_retreats, RdtGameOwedRetreat, 0);
      RdtRetreatOptions options;
      g_autoptr(RdtRetreat) retreat = NULL;

      _rdt_game_sync_board (game);
      if (game->movement == NULL)
        game->movement = rdt_movement_new (game->board, NULL);
      rdt_retreat_options_init (&options, r->hexes);
      retreat = rdt_movement_retreat (game->movement, unit_of (game, r->unit)->id, &options, NULL);
      for (guint e = 0; retreat != NULL && e < rdt_retreat_get_n_ends (retreat); e++)
        {
          g_autofree char *l = rdt_hex_grid_dup_label (grid, rdt_retreat_get_end (retreat, e)->hex);
          g_ptr_array_add (out, g_strdup_printf ("retreat %s %s", unit_of (game, r->unit)->id, l));
        }
      return;
    }
  /* 12.23 step 9: the other participants' advance. */
  {
    g_auto(GStrv) advances = rdt_game_dup_cc_advances (game);

    for (guint k = 0; advances[k] != NULL; k++)
      g_ptr_array_add (out, g_strdup_printf ("advance %s", advances[k]));
  }
  /* 12.4, 12.41: the Defender's Cavalry or Indian Withdrawal (issue 14). */
  _rdt_game_withdrawal_candidates (game, out);
  /* 12.21: designate, then announce (rdt-game-designation.c); then each
   * announced combat, with each attacking and defending lead. */
  if (!s->announced)
    {
      _rdt_game_designation_candidates (game, out);
      return;
    }
  for (guint c = 0; c < s->designated->len; c++)
    {
      const RdtGameDesignation *d = &g_array_index (s->designated, RdtGameDesignation, c);
      g_autoptr(GString) from = g_string_new (NULL);
      g_autofree char *to = _rdt_game_designation_defenders (game, d);

      if (d->resolved)
        continue;
      for (guint k = 0; k < d->n_attackers; k++)
        {
          g_autofree char *l = rdt_hex_grid_dup_label (grid, d->attackers[k]);
          g_string_append_printf (from, "%s%s", k > 0 ? "," : "", l);
        }
      for (guint i = 0; i < game->n_units; i++)
        {
          const RdtGameUnit *gu = &s->units[i];
          const RdtUnit *u = unit_of (game, i);
          gboolean in = FALSE;

          if (gu->where != RDT_GAME_UNIT_MAP || rdt_unit_is_leader (u) || _rdt_game_unit_player (game, i) != phasing)
            continue;
          for (guint k = 0; k < d->n_attackers; k++)
            in = in || (gu->hex.col == d->attackers[k].col && gu->hex.row == d->attackers[k].row);
          if (!in)
            continue;
          for (guint t = 0; t < game->n_units; t++)
            {
              const RdtGameUnit *gt = &s->units[t];

              if (gt->where != RDT_GAME_UNIT_MAP || rdt_unit_is_leader (unit_of (game, t)) ||
                  _rdt_game_unit_player (game, t) == phasing || _rdt_game_find_designation (game, gt->hex) != (int) c)
                continue;
              for (gsize k = 0; k < G_N_ELEMENTS (tactics); k++)
                g_ptr_array_add (out, g_strdup_printf ("close-combat %s %s lead %s lead %s tactics %s %s", from->str, to,
                                                       u->id, unit_of (game, t)->id, tactics[k][0], tactics[k][1]));
              /* 13.1 AC/DC choices and 12.23 step 6 re-rolls (refused
               * without a chit). */
              g_ptr_array_add (out, g_strdup_printf ("close-combat %s %s lead %s lead %s tactics skirmish skirmish ac %s dc %s",
                                                     from->str, to, u->id, unit_of (game, t)->id, unit_of (game, t)->id,
                                                     unit_of (game, t)->id));
              g_ptr_array_add (out, g_strdup_printf ("close-combat %s %s lead %s lead %s tactics skirmish skirmish reroll %s",
                                                     from->str, to, u->id, unit_of (game, t)->id,
                                                     rdt_scenario_get_side (game->scenario, (guint) u->side)->id));
              g_ptr_array_add (out, g_strdup_printf ("close-combat %s %s lead %s lead %s tactics skirmish skirmish reroll %s",
                                                     from->str, to, u->id, unit_of (game, t)->id,
                                                     rdt_scenario_get_side (game->scenario, (guint) unit_of (game, t)->side)->id));
            }
          /* Artillery defending alone (12.31): the lead unit only. */
          g_ptr_array_add (out, g_strdup_printf ("close-combat %s %s lead %s", from->str, to, u->id));
        }
    }
}

/* TRUE when @hex holds a unit of the non-phasing player that could make a
 * pre-combat withdrawal (12.4 dragoons, 12.41 Indians); the rules layer
 * decides (rdt_close_combat_get_withdrawal). */
static gboolean
withdrawal_hex (RdtGame *game,
                RdtHex   hex)
{
  int phasing = rdt_game_get_phasing_player (game);

  for (guint i = 0; i < game->n_units; i++)
    {
      const RdtGameUnit *gu = &game->state->units[i];
      const RdtUnit *u = unit_of (game, i);

      if (gu->where == RDT_GAME_UNIT_MAP && gu->hex.col == hex.col && gu->hex.row == hex.row &&
          _rdt_game_unit_player (game, i) != phasing &&
          (u->kind == RDT_UNIT_KIND_DRAGOONS || u->kind == RDT_UNIT_KIND_INDIANS))
        return TRUE;
    }
  return FALSE;
}

/* Issue 14, 12.4, 12.41: "close-combat ATT DEF lead UNIT withdraw" for each
 * announced combat not resolved, one per attacking unit as the lead (12.23
 * step 9: the lead unit advances); before any designation, the one-line
 * form that designates and announces the combat (12.21).  Only combats
 * whose defending hexes hold dragoons or Indians; _rdt_game_try() decides. */
void
_rdt_game_withdrawal_candidates (RdtGame   *game,
                                 GPtrArray *out)
{
  RdtGameState *s = game->state;
  RdtHexGrid *grid = rdt_scenario_get_grid (game->scenario);
  int phasing = rdt_game_get_phasing_player (game);

  if (rdt_game_get_phase (game) != RDT_PHASE_CLOSE_COMBAT || s->pending_cc != NULL || s->combat_phase_ending ||
      s->owed_casualties->len > 0 || s->owed_retreats->len > 0)
    return;
  if (s->announced)
    {
      for (guint c = 0; c < s->designated->len; c++)
        {
          const RdtGameDesignation *d = &g_array_index (s->designated, RdtGameDesignation, c);
          g_autoptr(GString) from = g_string_new (NULL);
          g_autofree char *to = NULL;
          gboolean any = FALSE;

          if (d->resolved)
            continue;
          for (guint k = 0; k < MAX (d->n_defenders, 1) && !any; k++)
            any = withdrawal_hex (game, d->n_defenders > 1 ? d->defenders[k] : d->defender);
          if (!any)
            continue;
          to = _rdt_game_designation_defenders (game, d);
          for (guint k = 0; k < d->n_attackers; k++)
            {
              g_autofree char *l = rdt_hex_grid_dup_label (grid, d->attackers[k]);
              g_string_append_printf (from, "%s%s", k > 0 ? "," : "", l);
            }
          for (guint i = 0; i < game->n_units; i++)
            {
              const RdtGameUnit *gu = &s->units[i];
              gboolean in = FALSE;

              if (gu->where != RDT_GAME_UNIT_MAP || rdt_unit_is_leader (unit_of (game, i)) ||
                  _rdt_game_unit_player (game, i) != phasing)
                continue;
              for (guint k = 0; k < d->n_attackers; k++)
                in = in || (gu->hex.col == d->attackers[k].col && gu->hex.row == d->attackers[k].row);
              if (in)
                g_ptr_array_add (out, g_strdup_printf ("close-combat %s %s lead %s withdraw", from->str, to,
                                                       unit_of (game, i)->id));
            }
        }
      return;
    }
  if (s->designated->len > 0)
    return;
  for (guint i = 0; i < game->n_units; i++)
    {
      const RdtGameUnit *gu = &s->units[i];

      if (gu->where != RDT_GAME_UNIT_MAP || rdt_unit_is_leader (unit_of (game, i)) ||
          _rdt_game_unit_player (game, i) != phasing || gu->status != RDT_UNIT_STATUS_PARADE)
        continue;
      for (int dir = 0; dir < RDT_N_DIRECTIONS; dir++)
        {
          RdtHex h = rdt_hex_grid_neighbour (grid, gu->hex, (RdtHexDirection) dir);
          g_autofree char *la = NULL, *ld = NULL;

          if (!rdt_hex_grid_contains (grid, h) || !withdrawal_hex (game, h))
            continue;
          la = rdt_hex_grid_dup_label (grid, gu->hex);
          ld = rdt_hex_grid_dup_label (grid, h);
          g_ptr_array_add (out, g_strdup_printf ("close-combat %s %s lead %s withdraw", la, ld, unit_of (game, i)->id));
        }
    }
}

char **
rdt_game_dup_cc_withdrawals (RdtGame *game)
{
  g_autoptr(GPtrArray) all = g_ptr_array_new_with_free_func (g_free);
  GPtrArray *out;

  g_return_val_if_fail (RDT_IS_GAME (game), NULL);
  out = g_ptr_array_new ();
  _rdt_game_withdrawal_candidates (game, all);
  for (guint i = 0; i < all->len; i++)
    if (_rdt_game_try (game, g_ptr_array_index (all, i)))
      g_ptr_array_add (out, g_strdup (g_ptr_array_index (all, i)));
  g_ptr_array_add (out, NULL);
  return (char **) g_ptr_array_free (out, FALSE);
}

/* TRUE when an enemy of @unit's player is adjacent to @unit: a combat unit
 * (not a leader), in Parade Order if @parade. */
static gboolean
enemy_adjacent (RdtGame  *game,
                guint     unit,
                gboolean  parade)
{
  RdtGameState *s = game->state;
  RdtHexGrid *grid = rdt_scenario_get_grid (game->scenario);
  int player = _rdt_game_unit_player (game, unit);

  for (guint t = 0; t < game->n_units; t++)
    if (s->units[t].where == RDT_GAME_UNIT_MAP && !rdt_unit_is_leader (unit_of (game, t)) &&
        _rdt_game_unit_player (game, t) != player && (!parade || s->units[t].status == RDT_UNIT_STATUS_PARADE) &&
        rdt_hex_grid_are_adjacent (grid, s->units[unit].hex, s->units[t].hex))
      return TRUE;
  return FALSE;
}

/* TRUE when a friendly Parade Order combat unit shares @unit's hex. */
static gboolean
stacked_with_parade (RdtGame *game,
                     guint    unit)
{
  RdtGameState *s = game->state;

  for (guint t = 0; t < game->n_units; t++)
    if (t != unit && s->units[t].where == RDT_GAME_UNIT_MAP && !rdt_unit_is_leader (unit_of (game, t)) &&
        _rdt_game_unit_player (game, t) == _rdt_game_unit_player (game, unit) &&
        s->units[t].status == RDT_UNIT_STATUS_PARADE &&
        s->units[t].hex.col == s->units[unit].hex.col && s->units[t].hex.row == s->units[unit].hex.row)
      return TRUE;
  return FALSE;
}

/* 13.3 Important: "If the unit ends its Combat Phase adjacent to a Parade
 * Order enemy combat unit and it is not stacked with a friendly Parade
 * Order combat unit, it suffers an additional "D" result, and becomes
 * shattered"; 13.4: shattered units "are captured, if they end any Close
 * Combat phase adjacent to enemy units, and are not stacked with friendly
 * Parade Order units".  Both players' units, judged on the position at
 * the end of the phase (the units shattered here retreat, 13.4 "when
 * initially shattered, retreat three hexes per 13.3"). */
static void
disrupted_and_shattered_at_phase_end (RdtGame *game)
{
  RdtGameState *s = game->state;
  g_autoptr(GArray) capture = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GArray) shatter = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; i < game->n_units; i++)
    {
      const RdtGameUnit *gu = &s->units[i];

      if (gu->where != RDT_GAME_UNIT_MAP || rdt_unit_is_leader (unit_of (game, i)) || stacked_with_parade (game, i))
        continue;
      if (gu->status == RDT_UNIT_STATUS_SHATTERED && enemy_adjacent (game, i, FALSE))
        g_array_append_val (capture, i);
      else if (gu->status == RDT_UNIT_STATUS_DISRUPTED && enemy_adjacent (game, i, TRUE))
        g_array_append_val (shatter, i);
    }
  for (guint k = 0; k < capture->len && !rdt_game_is_over (game); k++)
    {
      guint u = g_array_index (capture, guint, k);

      _rdt_game_say (game, "13.4", _("%s ends the Close Combat phase shattered, adjacent to enemy units and not stacked with a friendly Parade Order unit"),
                     unit_of (game, u)->id);
      _rdt_game_remove_unit (game, u, RDT_GAME_UNIT_CAPTURED, "13.4");
    }
  for (guint k = 0; k < shatter->len && !rdt_game_is_over (game); k++)
    {
      guint u = g_array_index (shatter, guint, k);
      RdtCombatResult d = { 0 };

      _rdt_game_say (game, "13.3", _("%s ends the Combat Phase disrupted, adjacent to a Parade Order enemy combat unit and not stacked with a friendly Parade Order combat unit: an additional “D” result"),
                     unit_of (game, u)->id);
      d.disrupt = TRUE;
      _rdt_game_apply_result (game, u, &d, "13.3");
    }
  if (s->owed_retreats->len > 0)
    s->combat_phase_ending = TRUE;
}

void
_rdt_game_combat_phase_end (RdtGame *game)
{
  RdtGameState *s = game->state;

  /* Applied once: the second "next-phase" only ends the phase once the
   * retreats it owed are made. */
  if (s->combat_phase_ending)
    return;

  /* 12.12, 12.13: enforced when the designation is announced
   * (rdt-game-designation.c), not here. */
  disrupted_and_shattered_at_phase_end (game);
}
