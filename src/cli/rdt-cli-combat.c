/* rdt-cli-combat.c: `redoubt-cli combat SCENARIO --attackers HEX[,HEX...]
 * --defender HEX[,HEX...] [--diversion HEX] [--lead UNIT] [--game GAME] [--json]`:
 * one Close Combat itemised without rolling (12.23 steps 1 to 5, issue 14;
 * docs/cli.md, docs/combat-json.md). */
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <stdio.h>
#include <string.h>

#include "rdt-cli.h"
#include "rdt-cli-board.h"
#include "rdt-cli-moves.h"
#include "redoubt-core.h"

/* The die of 2.3: 0 to 9. */
#define DIE_MIN 0
#define DIE_MAX 9

static const char *
verdict_id (RdtRuleVerdict v)
{
  return v == RDT_RULE_ON ? "yes" : v == RDT_RULE_OFF ? "no" : "undecided";
}

static const char *
unit_name (RdtScenario *scenario,
           int          index)
{
  RdtUnit *u;

  if (index < 0)
    return NULL;
  u = rdt_scenario_get_unit (scenario, (guint) index);
  return u->name != NULL && *u->name ? u->name : u->id;
}

static void
json_items (JsonBuilder *b,
            const char  *member,
            GPtrArray   *items)
{
  json_builder_set_member_name (b, member);
  json_builder_begin_array (b);
  for (guint i = 0; i < items->len; i++)
    {
      const RdtCcItem *it = g_ptr_array_index (items, i);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "id");
      json_builder_add_string_value (b, it->id);
      json_builder_set_member_name (b, "rule");
      json_builder_add_string_value (b, it->rule != NULL ? it->rule : "");
      json_builder_set_member_name (b, "source");
      json_builder_add_string_value (b, it->source != NULL ? it->source : "");
      json_builder_set_member_name (b, "value");
      json_builder_add_int_value (b, it->value);
      json_builder_set_member_name (b, "provisional");
      json_builder_add_boolean_value (b, it->provisional);
      json_builder_set_member_name (b, "undecided");
      json_builder_add_boolean_value (b, it->undecided);
      json_builder_set_member_name (b, "message");
      json_builder_add_string_value (b, it->text);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static void
print_items (const char *heading,
             GPtrArray  *items)
{
  if (items->len == 0)
    return;
  printf ("%s\n", heading);
  for (guint i = 0; i < items->len; i++)
    {
      const RdtCcItem *it = g_ptr_array_index (items, i);

      printf ("  %s: %s\n", it->rule != NULL ? it->rule : "", it->text);
    }
}

static void
json_side (JsonBuilder          *b,
           RdtScenario          *scenario,
           const RdtCloseCombat *cc,
           RdtCcRole             role)
{
  int side = rdt_close_combat_get_side (cc, role);
  GPtrArray *units = rdt_close_combat_get_units (cc, role);
  GArray *leaders = rdt_close_combat_get_leaders (cc, role);
  GArray *cand = rdt_close_combat_get_lead_candidates (cc, role);
  int lead = rdt_close_combat_get_lead (cc, role);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "side");
  if (side >= 0)
    json_builder_add_string_value (b, rdt_scenario_get_side (scenario, (guint) side)->id);
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "sp");
  json_builder_add_int_value (b, rdt_close_combat_get_sp (cc, role));
  json_builder_set_member_name (b, "units");
  json_builder_begin_array (b);
  for (guint i = 0; i < units->len; i++)
    {
      const RdtCcUnitSp *u = g_ptr_array_index (units, i);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "unit");
      json_builder_add_string_value (b, rdt_scenario_get_unit (scenario, u->unit)->id);
      json_builder_set_member_name (b, "sp");
      json_builder_add_int_value (b, u->sp);
      json_builder_set_member_name (b, "message");
      json_builder_add_string_value (b, u->text);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "leaders");
  json_builder_begin_array (b);
  for (guint i = 0; i < leaders->len; i++)
    json_builder_add_string_value (b, rdt_scenario_get_unit (scenario, g_array_index (leaders, guint, i))->id);
  json_builder_end_array (b);
  json_builder_set_member_name (b, "lead");
  if (lead >= 0)
    json_builder_add_string_value (b, rdt_scenario_get_unit (scenario, (guint) lead)->id);
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "lead-candidates");
  json_builder_begin_array (b);
  for (guint i = 0; i < cand->len; i++)
    json_builder_add_string_value (b, rdt_scenario_get_unit (scenario, g_array_index (cand, guint, i))->id);
  json_builder_end_array (b);
  json_builder_set_member_name (b, "tactics");
  json_builder_begin_array (b);
  for (guint t = 0; t < RDT_N_TACTICS; t++)
    {
      const char *reason = NULL;
      RdtRuleVerdict v = rdt_close_combat_tactic_eligible (cc, role, (RdtTactic) t, &reason);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "id");
      json_builder_add_string_value (b, rdt_tactic_get_id ((RdtTactic) t));
      json_builder_set_member_name (b, "name");
      json_builder_add_string_value (b, rdt_tactic_get_name ((RdtTactic) t));
      json_builder_set_member_name (b, "eligible");
      json_builder_add_string_value (b, verdict_id (v));
      json_builder_set_member_name (b, "message");
      json_builder_add_string_value (b, reason != NULL ? reason : "");
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
}

static void
print_side (RdtScenario          *scenario,
            const RdtCloseCombat *cc,
            RdtCcRole             role)
{
  GPtrArray *units = rdt_close_combat_get_units (cc, role);
  int side = rdt_close_combat_get_side (cc, role);

  printf ("  %s (%s): %d SP\n", role == RDT_CC_ATTACKER ? _("attacker") : _("defender"),
          side >= 0 ? rdt_scenario_get_side (scenario, (guint) side)->id : "?",
          rdt_close_combat_get_sp (cc, role));
  for (guint i = 0; i < units->len; i++)
    printf ("    %s\n", ((const RdtCcUnitSp *) g_ptr_array_index (units, i))->text);
}

int
rdt_cli_combat (int    argc,
                char **argv)
{
  gboolean json = FALSE;
  g_autofree char *attackers = NULL;
  g_autofree char *defender = NULL;
  g_autofree char *diversion = NULL;
  g_autofree char *game_path = NULL;
  g_autofree char *tactics = NULL;
  g_auto(GStrv) leads = NULL;
  int turn = 0;
  g_autofree char *weather = NULL;
  g_auto(GStrv) released = NULL;
  const GOptionEntry entries[] = {
    { "attackers", 0, 0, G_OPTION_ARG_STRING, &attackers, N_("The attacking hexes, comma-separated (12.15)"), N_("HEX,...") },
    { "defender", 0, 0, G_OPTION_ARG_STRING, &defender, N_("The defending hex, or several attacked from one attacking hex (12.15: all defenders of a hex together)"), N_("HEX[,HEX...]") },
    { "diversion", 0, 0, G_OPTION_ARG_STRING, &diversion, N_("The hex receiving the Diversion (12.14)"), N_("HEX") },
    { "lead", 0, 0, G_OPTION_ARG_STRING_ARRAY, &leads, N_("A lead unit (12.23 step 2), one per side; repeatable"), N_("UNIT") },
    { "game", 0, 0, G_OPTION_ARG_FILENAME, &game_path, N_("Use a saved game's positions, turn and army morale"), N_("GAME") },
    { "tactics", 0, 0, G_OPTION_ARG_STRING, &tactics, N_("The Tactics Cards played, attacker's then defender's (12.23 step 4)"), N_("ATT,DEF") },
    { "turn", 0, 0, G_OPTION_ARG_INT, &turn, N_("The game turn (rules that depend on it are otherwise not decided)"), N_("N") },
    { "weather", 0, 0, G_OPTION_ARG_STRING, &weather, N_("The weather, e.g. dense-fog (Germantown 3.1)"), N_("ID") },
    { "released", 0, 0, G_OPTION_ARG_STRING_ARRAY, &released, N_("A release made, or none; repeatable"), N_("ID") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON (docs/combat-json.md)"), NULL },
    { NULL }
  };
  RdtCliReferee referee = { 0 };
  const RdtCliSpec spec = { "combat", "SCENARIO --attackers HEX[:UNIT+UNIT][,HEX...] --defender HEX[,HEX...]",
                            N_("one Close Combat itemised, without rolling (12)"),
                            N_("Exit status: 0 the designation is legal and every item decided; 3 the designation breaks a rule; 4 an item is not decided (pass --lead, --turn or --game)."),
                            entries, &referee, 1, 1 };
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtScenario) loaded = NULL;
  g_autoptr(RdtGame) game = NULL;
  g_autoptr(RdtCloseCombat) cc = NULL;
  g_autoptr(GArray) att_hexes = g_array_new (FALSE, FALSE, sizeof (RdtHex));
  g_autoptr(GArray) def_hexes = g_array_new (FALSE, FALSE, sizeof (RdtHex));
  g_autoptr(GPtrArray) att_units = g_ptr_array_new_with_free_func (g_free);
  g_autofree int *modifiers = NULL;
  g_autofree gboolean *provisional = NULL;
  g_autofree char *tactics_text = NULL;
  RdtScenario *scenario;
  RdtHexGrid *grid;
  RdtCloseCombatInput input;
  RdtGameContext context;
  RdtTactic tactic[2] = { 0, 0 };
  gboolean have_tactics = FALSE, no_combat = FALSE;
  int tactics_drm = 0;
  guint n_sides;
  int code, lo, hi;
  int status = rdt_cli_parse_options (&spec, &argc, &argv);

  if (status != RDT_CLI_CONTINUE)
    return status;
  if (attackers == NULL || defender == NULL)
    return rdt_cli_usage_error (&spec, _("combat: --attackers and --defender are required"));
  if (leads != NULL && g_strv_length (leads) > 2)
    return rdt_cli_usage_error (&spec, _("combat: at most one --lead per side"));
  if (tactics != NULL)
    {
      g_auto(GStrv) p = g_strsplit (tactics, ",", -1);

      if (g_strv_length (p) != 2 || !rdt_tactic_from_id (g_strstrip (p[0]), &tactic[0]) ||
          !rdt_tactic_from_id (g_strstrip (p[1]), &tactic[1]))
        return rdt_cli_usage_error (&spec, _("combat: --tactics takes two tactic ids, e.g. frontal-assault,stand-fast"));
      have_tactics = TRUE;
    }
  if (!rdt_cli_game_context (&context, turn, weather, released, &error))
    return rdt_cli_usage_error (&spec, error->message);

  if (game_path != NULL)
    {
      game = rdt_game_load_from_file (game_path, NULL, &error);
      if (game == NULL)
        {
          rdt_cli_error ("%s: %s", game_path, error->message);
          return RDT_CLI_EXIT_FAILURE;
        }
      scenario = rdt_game_get_position (game);
      if (turn == 0)
        context.turn = rdt_game_get_turn (game);
    }
  else
    {
      loaded = rdt_cli_load_scenario (argv[1], &referee);
      if (loaded == NULL)
        return RDT_CLI_EXIT_FAILURE;
      scenario = loaded;
    }
  grid = rdt_scenario_get_grid (scenario);

  /* 16.2: each army's unit morale modifier, from the game or the scenario's
   * at-start army morale on the volume's track. */
  n_sides = rdt_scenario_get_n_sides (scenario);
  modifiers = g_new0 (int, MAX (n_sides, 1));
  provisional = g_new0 (gboolean, MAX (n_sides, 1));
  {
    g_autoptr(RdtMoraleTrack) track = game == NULL ? rdt_morale_track_new (rdt_scenario_get_volume (scenario), NULL) : NULL;

    for (guint s = 0; s < n_sides; s++)
      {
        const RdtMoraleLevel *level = NULL;

        if (game != NULL)
          level = rdt_game_get_morale_level (game, s);
        else if (track != NULL && rdt_scenario_get_side (scenario, s)->army_morale > 0)
          level = rdt_morale_track_level (track, rdt_scenario_get_side (scenario, s)->army_morale);
        modifiers[s] = level != NULL ? level->morale_modifier : RDT_CC_MORALE_UNKNOWN;
        provisional[s] = level != NULL && level->provisional;
      }
  }

  {
    g_auto(GStrv) parts = g_strsplit (attackers, ",", -1);

    for (guint i = 0; parts[i] != NULL; i++)
      {
        RdtHex h;

        /* 12.15: HEX or HEX:UNIT+UNIT (a stack split between combats). */
        if (!rdt_close_combat_parse_attacker (grid, g_strstrip (parts[i]), &h, att_units, &error))
          {
            rdt_cli_error ("--attackers: %s", error->message);
            return RDT_CLI_EXIT_USAGE;
          }
        g_array_append_val (att_hexes, h);
      }
  }
  rdt_close_combat_input_init (&input);
  input.context = &context;
  input.attackers = (const RdtHex *) att_hexes->data;
  input.n_attackers = att_hexes->len;
  if (att_units->len > 0)
    {
      g_ptr_array_add (att_units, NULL);
      input.attacking_units = (const char *const *) att_units->pdata;
    }
  {
    /* 12.15: "one attacking hex versus two or more defending hexes". */
    g_auto(GStrv) parts = g_strsplit (defender, ",", -1);

    for (guint i = 0; parts[i] != NULL; i++)
      {
        RdtHex h;

        if (!rdt_hex_grid_parse_label (grid, g_strstrip (parts[i]), &h, &error))
          {
            rdt_cli_error ("--defender: %s", error->message);
            return RDT_CLI_EXIT_USAGE;
          }
        g_array_append_val (def_hexes, h);
      }
    if (def_hexes->len == 0)
      return rdt_cli_usage_error (&spec, _("combat: --defender needs a hex"));
    input.defender = g_array_index (def_hexes, RdtHex, 0);
    input.defenders = (const RdtHex *) def_hexes->data;
    input.n_defenders = def_hexes->len;
  }
  if (diversion != NULL)
    {
      input.has_diversion = TRUE;
      if (!rdt_hex_grid_parse_label (grid, diversion, &input.diversion, &error))
        {
          rdt_cli_error ("--diversion: %s", error->message);
          return RDT_CLI_EXIT_USAGE;
        }
    }
  for (guint i = 0; leads != NULL && leads[i] != NULL; i++)
    input.lead[i] = leads[i];
  input.morale_modifier = modifiers;
  input.morale_provisional = provisional;
  input.n_sides = n_sides;

  cc = rdt_close_combat_new (scenario, &input, &error);
  if (cc == NULL)
    {
      rdt_cli_error ("%s: %s", argv[1], error->message);
      return g_error_matches (error, RDT_CLOSE_COMBAT_ERROR, RDT_CLOSE_COMBAT_ERROR_INVALID)
             ? RDT_CLI_EXIT_USAGE : RDT_CLI_EXIT_FAILURE;
    }
  if (have_tactics &&
      !rdt_close_combat_tactics_drm (cc, tactic[0], tactic[1], &tactics_drm, &no_combat, &tactics_text, &error))
    {
      rdt_cli_error ("%s: %s", argv[1], error->message);
      return RDT_CLI_EXIT_FAILURE;
    }
  code = !rdt_close_combat_is_legal (cc) ? RDT_CLI_EXIT_BLOCKED
       : rdt_close_combat_is_undecided (cc) ? RDT_CLI_EXIT_UNDECIDED : RDT_CLI_EXIT_OK;
  rdt_close_combat_get_roll_range (cc, &lo, &hi);

  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "legal");
      json_builder_add_boolean_value (b, rdt_close_combat_is_legal (cc));
      json_builder_set_member_name (b, "undecided");
      json_builder_add_boolean_value (b, rdt_close_combat_is_undecided (cc));
      json_items (b, "errors", rdt_close_combat_get_errors (cc));
      json_items (b, "notes", rdt_close_combat_get_notes (cc));
      json_builder_set_member_name (b, "attackers");
      json_builder_begin_array (b);
      for (guint i = 0; i < att_hexes->len; i++)
        {
          char label[RDT_HEX_LABEL_SIZE];
          rdt_hex_grid_format_label (grid, g_array_index (att_hexes, RdtHex, i), label);
          json_builder_add_string_value (b, label);
        }
      json_builder_end_array (b);
      {
        GArray *dh = rdt_close_combat_get_defending_hexes (cc);

        json_builder_set_member_name (b, "defender");
        for (guint i = 0; i < dh->len && i < 1; i++)
          {
            char label[RDT_HEX_LABEL_SIZE];
            rdt_hex_grid_format_label (grid, g_array_index (dh, RdtHex, i), label);
            json_builder_add_string_value (b, label);
          }
        json_builder_set_member_name (b, "defenders");
        json_builder_begin_array (b);
        for (guint i = 0; i < dh->len; i++)
          {
            char label[RDT_HEX_LABEL_SIZE];
            rdt_hex_grid_format_label (grid, g_array_index (dh, RdtHex, i), label);
            json_builder_add_string_value (b, label);
          }
        json_builder_end_array (b);
      }
      json_builder_set_member_name (b, "diversion");
      if (diversion != NULL)
        json_builder_add_string_value (b, diversion);
      else
        json_builder_add_null_value (b);
      json_builder_set_member_name (b, "attacker");
      json_side (b, scenario, cc, RDT_CC_ATTACKER);
      json_builder_set_member_name (b, "defending");
      json_side (b, scenario, cc, RDT_CC_DEFENDER);
      json_builder_set_member_name (b, "odds");
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "message");
      json_builder_add_string_value (b, rdt_close_combat_get_odds_text (cc));
      json_builder_set_member_name (b, "raw-column");
      json_builder_add_int_value (b, rdt_close_combat_get_raw_column (cc));
      json_builder_set_member_name (b, "column");
      json_builder_add_int_value (b, rdt_close_combat_get_column (cc));
      json_builder_set_member_name (b, "label");
      json_builder_add_string_value (b, rdt_close_combat_get_column_label (cc));
      json_items (b, "shifts", rdt_close_combat_get_shifts (cc));
      json_builder_end_object (b);
      json_builder_set_member_name (b, "artillery-captured");
      json_builder_add_boolean_value (b, rdt_close_combat_artillery_captured (cc));
      json_builder_set_member_name (b, "lead-may-not-advance");
      json_builder_add_boolean_value (b, rdt_close_combat_lead_may_not_advance (cc));
      json_builder_set_member_name (b, "withdrawal");
      if (rdt_close_combat_get_withdrawal (cc) != NULL)
        json_builder_add_string_value (b, rdt_close_combat_get_withdrawal (cc));
      else
        json_builder_add_null_value (b);
      json_items (b, "drms", rdt_close_combat_get_drms (cc));
      json_builder_set_member_name (b, "drm-total");
      json_builder_add_int_value (b, rdt_close_combat_get_drm_total (cc));
      json_builder_set_member_name (b, "tactics");
      if (have_tactics)
        {
          json_builder_begin_object (b);
          json_builder_set_member_name (b, "attacker");
          json_builder_add_string_value (b, rdt_tactic_get_id (tactic[0]));
          json_builder_set_member_name (b, "defender");
          json_builder_add_string_value (b, rdt_tactic_get_id (tactic[1]));
          json_builder_set_member_name (b, "drm");
          json_builder_add_int_value (b, tactics_drm);
          json_builder_set_member_name (b, "no-combat");
          json_builder_add_boolean_value (b, no_combat);
          json_builder_set_member_name (b, "message");
          json_builder_add_string_value (b, tactics_text);
          json_builder_end_object (b);
        }
      else
        json_builder_add_null_value (b);
      json_builder_set_member_name (b, "rolls");
      json_builder_begin_array (b);
      for (int d = DIE_MIN; d <= DIE_MAX && !no_combat; d++)
        {
          int row;
          const char *result = rdt_close_combat_lookup (cc, d + rdt_close_combat_get_drm_total (cc) + tactics_drm, &row);

          json_builder_begin_object (b);
          json_builder_set_member_name (b, "die");
          json_builder_add_int_value (b, d);
          json_builder_set_member_name (b, "modified");
          json_builder_add_int_value (b, d + rdt_close_combat_get_drm_total (cc) + tactics_drm);
          json_builder_set_member_name (b, "row");
          json_builder_add_int_value (b, row);
          json_builder_set_member_name (b, "result");
          json_builder_add_string_value (b, result != NULL ? result : "");
          json_builder_set_member_name (b, "provisional");
          json_builder_add_boolean_value (b, rdt_close_combat_lookup_is_provisional (cc, d + rdt_close_combat_get_drm_total (cc) + tactics_drm));
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_end_object (b);
      rdt_cli_json_print (b);
      return code;
    }

  printf (_("Close Combat against %s from %s\n"), defender, attackers);
  print_items (_("Designation errors (the combat may not be resolved as designated):"), rdt_close_combat_get_errors (cc));
  print_items (_("Designation notes:"), rdt_close_combat_get_notes (cc));
  printf (_("Step 1, odds (12.23 step 1):\n"));
  print_side (scenario, cc, RDT_CC_ATTACKER);
  print_side (scenario, cc, RDT_CC_DEFENDER);
  printf ("  %s\n", rdt_close_combat_get_odds_text (cc));
  for (guint i = 0; i < rdt_close_combat_get_shifts (cc)->len; i++)
    {
      const RdtCcItem *it = g_ptr_array_index (rdt_close_combat_get_shifts (cc), i);
      printf (_("  shift %+d, %s (%s): %s\n"), it->value, it->rule, it->source, it->text);
    }
  if (rdt_close_combat_get_column (cc) < 0)
    printf (_("  column: below %s, resolved as %s\n"), rdt_close_combat_get_column_label (cc),
            rdt_close_combat_get_column_label (cc));
  else
    printf (_("  column: %s\n"), rdt_close_combat_get_column_label (cc));
  if (rdt_close_combat_artillery_captured (cc))
    printf (_("  only artillery defends: captured without a combat (12.31, 12.32)\n"));
  printf (_("Step 2, lead units (12.23 step 2):\n"));
  for (int role = 0; role < 2; role++)
    {
      GArray *cand = rdt_close_combat_get_lead_candidates (cc, role);
      GString *names = g_string_new (NULL);

      for (guint i = 0; i < cand->len; i++)
        g_string_append_printf (names, "%s%s", i ? ", " : "", unit_name (scenario, (int) g_array_index (cand, guint, i)));
      printf (_("  %s: %s (may lead: %s)\n"), role == RDT_CC_ATTACKER ? _("attacker") : _("defender"),
              rdt_close_combat_get_lead (cc, role) >= 0 ? unit_name (scenario, rdt_close_combat_get_lead (cc, role))
                                                        : _("not chosen"),
              names->len ? names->str : _("none"));
      g_string_free (names, TRUE);
    }
  printf (_("Step 3, DRMs (12.23 step 3), + favours the attacker:\n"));
  for (guint i = 0; i < rdt_close_combat_get_drms (cc)->len; i++)
    {
      const RdtCcItem *it = g_ptr_array_index (rdt_close_combat_get_drms (cc), i);

      if (it->undecided)
        printf (_("  ?   %s (%s): %s\n"), it->rule, it->source, it->text);
      else
        printf ("  %+d  %s (%s): %s\n", it->value, it->rule, it->source, it->text);
    }
  printf (_("  total %+d%s\n"), rdt_close_combat_get_drm_total (cc),
          rdt_close_combat_is_undecided (cc) ? _(" (not decided: see the items marked ?)") : "");
  printf (_("Step 4, tactics (12.53, 12.54):\n"));
  for (int role = 0; role < 2; role++)
    for (guint t = 0; t < RDT_N_TACTICS; t++)
      {
        const char *reason = NULL;
        RdtRuleVerdict v = rdt_close_combat_tactic_eligible (cc, role, (RdtTactic) t, &reason);

        printf ("  %s %-18s %-9s %s\n", role == RDT_CC_ATTACKER ? _("attacker") : _("defender"),
                rdt_tactic_get_name ((RdtTactic) t),
                v == RDT_RULE_ON ? _("yes") : v == RDT_RULE_OFF ? _("no") : _("not decided"), reason);
      }
  if (have_tactics)
    printf ("  %s\n", tactics_text);
  if (no_combat)
    {
      printf (_("No Combat: the side that played Withdraw retreats one hex; skip to step 9 (12.23 step 4)\n"));
      return code;
    }
  printf (_("Step 5, the Close Combat Table, column %s (rolls %d to %d read the rows %d to %d)%s:\n"),
          rdt_close_combat_get_column_label (cc), DIE_MIN, DIE_MAX, lo, hi,
          have_tactics ? "" : _(", without the tactics DRM"));
  for (int d = DIE_MIN; d <= DIE_MAX; d++)
    {
      int row, modified = d + rdt_close_combat_get_drm_total (cc) + tactics_drm;
      const char *result = rdt_close_combat_lookup (cc, modified, &row);

      printf (_("  roll %d, modified %+d, row %d: %s%s\n"), d, modified, row, result != NULL ? result : "?",
              rdt_close_combat_lookup_is_provisional (cc, modified) ? _(" (provisional cell)") : "");
    }
  return code;
}
