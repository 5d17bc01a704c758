/* rdt-cli-retreats.c: `redoubt-cli retreats FILE UNIT --hexes 1|3 [--json]`:
 * the legal ends of a retreat (13.2, 13.3), preferred first, with the hexes
 * that could not be entered and why, or capture (13.23)
 * (docs/movement-json.md). */
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <stdio.h>
#include <string.h>

#include "rdt-cli.h"
#include "rdt-cli-board.h"
#include "rdt-cli-moves.h"
#include "rdt-retreat.h"
#include "redoubt-core.h"

static const struct {
  guint flag;
  const char *id;
  const char *text;
} retreat_flags[] = {
  { RDT_RETREAT_PREFERRED, "preferred", N_("preferred (13.21)") },
  { RDT_RETREAT_ADJACENT_ENEMY, "adjacent-enemy", N_("adjacent to the enemy") },
  { RDT_RETREAT_TOWARD, "toward", N_("in the retreat direction") },
  { RDT_RETREAT_STEP_LOSS, "step-loss", N_("only with a step loss (13.23)") },
  { RDT_RETREAT_CREEK_D, "creek-d", N_("additional D after (Brandywine 5.2.9)") },
  { RDT_RETREAT_MUST_UNSTACK, "must-unstack", N_("must unstack next movement phase") },
  { RDT_RETREAT_UNDECIDED, "undecided", N_("not decided") },
};

static const struct {
  const char *name;
  double degrees;
} compass[] = {
  { "N", 0 }, { "NE", 45 }, { "E", 90 }, { "SE", 135 },
  { "S", 180 }, { "SW", 225 }, { "W", 270 }, { "NW", 315 },
};

static gboolean
parse_bearings (const char         *text,
                RdtRetreatPriority *p)
{
  g_auto(GStrv) parts = g_strsplit (text, ",", -1);

  p->n_bearings = 0;
  for (guint i = 0; parts[i] != NULL; i++)
    {
      gboolean found = FALSE;
      g_strstrip (parts[i]);
      for (gsize k = 0; k < G_N_ELEMENTS (compass); k++)
        if (g_ascii_strcasecmp (parts[i], compass[k].name) == 0 &&
            p->n_bearings < G_N_ELEMENTS (p->bearings))
          {
            p->bearings[p->n_bearings++] = compass[k].degrees;
            found = TRUE;
          }
      if (!found)
        return FALSE;
    }
  return p->n_bearings > 0;
}

int
rdt_cli_retreats (int    argc,
                  char **argv)
{
  gboolean json = FALSE, toward_entry = FALSE;
  int hexes = 0;
  double north = 0;
  g_autofree char *toward = NULL;
  g_autofree char *bearings = NULL;
  g_autofree char *rule = NULL;
  g_auto(GStrv) creek_types = NULL;
  int turn = 0;
  g_autofree char *weather = NULL;
  g_auto(GStrv) released = NULL;
  const GOptionEntry entries[] = {
    { "turn", 0, 0, G_OPTION_ARG_INT, &turn, N_("The game turn (rules that depend on it are otherwise not decided)"), N_("N") },
    { "weather", 0, 0, G_OPTION_ARG_STRING, &weather, N_("The weather, e.g. dense-fog (Germantown 3.1)"), N_("ID") },
    { "released", 0, 0, G_OPTION_ARG_STRING_ARRAY, &released, N_("A release made (e.g. greene, sullivan, proctor, delaware-blues), or none; repeatable"), N_("ID") },
    { "hexes", 0, 0, G_OPTION_ARG_INT, &hexes, N_("Length of the retreat: 1 or 3 (13.2, 13.3)"), N_("N") },
    { "toward", 0, 0, G_OPTION_ARG_STRING, &toward, N_("Retreat toward this hex (Brandywine 3.2.1, Savannah HQ)"), N_("HEX") },
    { "toward-entry", 0, 0, G_OPTION_ARG_NONE, &toward_entry, N_("Retreat toward the entry hexes (Brandywine 3.2.2)"), NULL },
    { "directions", 0, 0, G_OPTION_ARG_STRING, &bearings, N_("Retreat directions, e.g. N,NW,W (Germantown 3.8)"), N_("LIST") },
    { "north", 0, 0, G_OPTION_ARG_DOUBLE, &north, N_("Where map north points, degrees clockwise from up (default 0)"), N_("DEG") },
    { "rule", 0, 0, G_OPTION_ARG_STRING, &rule, N_("The rule the priority comes from, for the report"), N_("RULE") },
    { "creek-type", 0, 0, G_OPTION_ARG_STRING_ARRAY, &creek_types, N_("A non-ford creek hexside type (Brandywine 5.2.9, 5.2.10); repeatable"), N_("TYPE") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON (docs/movement-json.md)"), NULL },
    { NULL }
  };
  RdtCliReferee referee = { 0 };
  const RdtCliSpec spec = { "retreats", "FILE UNIT --hexes 1|3", N_("where a unit may retreat (13.2)"), NULL,
                            entries, &referee, 2, 2 };
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtScenario) scenario = NULL;
  g_autoptr(RdtMovement) movement = NULL;
  g_autoptr(RdtRetreat) r = NULL;
  g_autoptr(JsonBuilder) b = NULL;
  RdtMoveRules *rules;
  RdtRetreatOptions options;
  RdtGameContext game;
  RdtHexGrid *grid;
  char start[RDT_HEX_LABEL_SIZE];
  g_autofree char *unit_text = NULL;
  const char *und_rule = NULL;
  RdtDepends und_depends = RDT_DEPENDS_NOTHING;
  gboolean undecided;
  int code;
  int status = rdt_cli_parse_options (&spec, &argc, &argv);

  if (status != RDT_CLI_CONTINUE)
    return status;
  if (hexes != 1 && hexes != 3)
    return rdt_cli_usage_error (&spec, _("retreats: --hexes must be 1 or 3"));
  if (!rdt_cli_game_context (&game, turn, weather, released, &error))
    return rdt_cli_usage_error (&spec, error->message);
  scenario = rdt_cli_load_scenario (argv[1], &referee);
  if (scenario == NULL)
    return RDT_CLI_EXIT_FAILURE;
  grid = rdt_scenario_get_grid (scenario);
  rdt_retreat_options_init (&options, hexes);
  options.priority.rule = rule;
  options.context = &game;
  if (toward != NULL)
    {
      options.priority.toward = RDT_RETREAT_TOWARD_HEX;
      if (!rdt_scenario_parse_hex_label (scenario, toward, &options.priority.hex, &error))
        {
          rdt_cli_error ("%s", error->message);
          return RDT_CLI_EXIT_USAGE;
        }
    }
  else if (toward_entry)
    options.priority.toward = RDT_RETREAT_TOWARD_ENTRY;
  else if (bearings != NULL)
    {
      options.priority.toward = RDT_RETREAT_TOWARD_BEARINGS;
      options.priority.north = north;
      if (!parse_bearings (bearings, &options.priority))
        {
          rdt_cli_error (_("“%s” is not a list of compass directions (N, NE, E, SE, S, SW, W, NW)"), bearings);
          return RDT_CLI_EXIT_USAGE;
        }
    }
  rules = rdt_cli_move_rules (creek_types, NULL);
  movement = rdt_movement_new (scenario, rules);
  rdt_move_rules_free (rules);
  r = rdt_movement_retreat (movement, argv[2], &options, &error);
  if (r == NULL)
    {
      rdt_cli_error ("%s: %s", argv[1], error->message);
      return RDT_CLI_EXIT_FAILURE;
    }
  rdt_hex_grid_format_label (grid, rdt_retreat_get_start (r), start);
  unit_text = rdt_cli_unit_text (scenario, rdt_retreat_get_unit_id (r));
  undecided = rdt_retreat_get_undecided (r, &und_rule, &und_depends);
  /* 13.23: a capture is decided whatever else is; otherwise a restriction
   * not decided makes the whole answer so. */
  code = rdt_retreat_is_captured (r) ? RDT_CLI_EXIT_BLOCKED
       : undecided ? RDT_CLI_EXIT_UNDECIDED : RDT_CLI_EXIT_OK;

  if (json)
    {
      b = json_builder_new ();
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "unit");
      json_builder_add_string_value (b, rdt_retreat_get_unit_id (r));
      json_builder_set_member_name (b, "name");
      json_builder_add_string_value (b, unit_text);
      json_builder_set_member_name (b, "start");
      json_builder_add_string_value (b, start);
      json_builder_set_member_name (b, "hexes");
      json_builder_add_int_value (b, hexes);
      json_builder_set_member_name (b, "captured");
      json_builder_add_boolean_value (b, rdt_retreat_is_captured (r));
      json_builder_set_member_name (b, "priority-rule");
      if (rdt_retreat_get_priority_rule (r) != NULL)
        json_builder_add_string_value (b, rdt_retreat_get_priority_rule (r));
      else
        json_builder_add_null_value (b);
      json_builder_set_member_name (b, "undecided");
      if (undecided)
        {
          g_autofree char *text = rdt_undecided_text (und_rule, und_depends);

          json_builder_begin_object (b);
          json_builder_set_member_name (b, "rule");
          json_builder_add_string_value (b, und_rule);
          json_builder_set_member_name (b, "depends-on");
          json_builder_add_string_value (b, rdt_depends_get_id (und_depends));
          json_builder_set_member_name (b, "message");
          json_builder_add_string_value (b, text);
          json_builder_end_object (b);
        }
      else
        json_builder_add_null_value (b);
      json_builder_set_member_name (b, "ends");
      json_builder_begin_array (b);
      for (guint i = 0; i < rdt_retreat_get_n_ends (r); i++)
        {
          const RdtRetreatEnd *e = rdt_retreat_get_end (r, i);
          char label[RDT_HEX_LABEL_SIZE];

          rdt_hex_grid_format_label (grid, e->hex, label);
          json_builder_begin_object (b);
          json_builder_set_member_name (b, "hex");
          json_builder_add_string_value (b, label);
          json_builder_set_member_name (b, "flags");
          json_builder_begin_array (b);
          for (gsize k = 0; k < G_N_ELEMENTS (retreat_flags); k++)
            if (e->flags & retreat_flags[k].flag)
              json_builder_add_string_value (b, retreat_flags[k].id);
          json_builder_end_array (b);
          json_builder_set_member_name (b, "path");
          json_builder_begin_array (b);
          for (guint k = 0; k < e->path_len; k++)
            {
              rdt_hex_grid_format_label (grid, e->path[k], label);
              json_builder_add_string_value (b, label);
            }
          json_builder_end_array (b);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_set_member_name (b, "blocked");
      json_builder_begin_array (b);
      for (guint i = 0; i < rdt_retreat_get_n_blocks (r); i++)
        {
          const RdtRetreatBlock *k = rdt_retreat_get_block (r, i);
          char label[RDT_HEX_LABEL_SIZE];

          json_builder_begin_object (b);
          json_builder_set_member_name (b, "hex");
          json_builder_add_string_value (b, rdt_cli_hex_text (grid, k->hex, label));
          json_builder_set_member_name (b, "step");
          json_builder_add_int_value (b, k->step);
          json_builder_set_member_name (b, "id");
          json_builder_add_string_value (b, rdt_retreat_reason_get_id (k->reason));
          json_builder_set_member_name (b, "rule");
          json_builder_add_string_value (b, k->rule != NULL ? k->rule : rdt_retreat_reason_get_rule (k->reason));
          json_builder_set_member_name (b, "message");
          json_builder_add_string_value (b, rdt_retreat_reason_get_message (k->reason));
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_end_object (b);
      {
        g_autoptr(JsonGenerator) gen = json_generator_new ();
        g_autoptr(JsonNode) root = json_builder_get_root (b);
        g_autofree char *text = NULL;

        json_generator_set_pretty (gen, TRUE);
        json_generator_set_root (gen, root);
        text = json_generator_to_data (gen, NULL);
        printf ("%s\n", text);
      }
      return code;
    }

  printf (_("%s retreats %d hex(es) from %s:\n"), unit_text, hexes, start);
  if (undecided)
    {
      g_autofree char *text = rdt_undecided_text (und_rule, und_depends);
      printf ("  %s\n", text);
    }
  if (rdt_retreat_is_captured (r))
    printf ("  %s: %s\n", rdt_retreat_reason_get_rule (RDT_RETREAT_REASON_CAPTURED),
            rdt_retreat_reason_get_message (RDT_RETREAT_REASON_CAPTURED));
  for (guint i = 0; i < rdt_retreat_get_n_ends (r); i++)
    {
      const RdtRetreatEnd *e = rdt_retreat_get_end (r, i);
      GString *line = g_string_new (NULL);
      char label[RDT_HEX_LABEL_SIZE];

      rdt_hex_grid_format_label (grid, e->hex, label);
      g_string_append_printf (line, "  %s  by", label);
      for (guint k = 1; k < e->path_len; k++)
        {
          char step[RDT_HEX_LABEL_SIZE];
          rdt_hex_grid_format_label (grid, e->path[k], step);
          g_string_append_printf (line, " %s", step);
        }
      for (gsize k = 0; k < G_N_ELEMENTS (retreat_flags); k++)
        if (e->flags & retreat_flags[k].flag)
          g_string_append_printf (line, "; %s", _(retreat_flags[k].text));
      printf ("%s\n", line->str);
      g_string_free (line, TRUE);
    }
  for (guint i = 0; i < rdt_retreat_get_n_blocks (r); i++)
    {
      const RdtRetreatBlock *k = rdt_retreat_get_block (r, i);
      char label[RDT_HEX_LABEL_SIZE];

      const char *rl = k->rule != NULL ? k->rule : rdt_retreat_reason_get_rule (k->reason);

      if (!rdt_hex_grid_contains (grid, k->hex))
        printf (_("  off map (hex %d of the retreat): %s: %s\n"), k->step, rl,
                rdt_retreat_reason_get_message (k->reason));
      else
        printf (_("  not %s (hex %d of the retreat): %s: %s\n"), rdt_cli_hex_text (grid, k->hex, label), k->step,
                rl, rdt_retreat_reason_get_message (k->reason));
    }
  return code;
}
