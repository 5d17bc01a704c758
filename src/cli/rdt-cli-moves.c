/* rdt-cli-moves.c: `redoubt-cli moves FILE UNIT [--strategic] [--json]
 * [--to HEX]`: every hex the unit may move to with its cost and one cheapest
 * path, or for --to, why it may not (docs/movement-json.md). */
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <stdio.h>
#include <string.h>

#include "rdt-cli.h"
#include "rdt-cli-board.h"
#include "rdt-cli-files.h"
#include "rdt-cli-moves.h"
#include "rdt-movement.h"
#include "redoubt-core.h"

static const struct {
  guint flag;
  const char *id;
  const char *text;
} reach_flags[] = {
  { RDT_REACH_ZOC_STOP, "zoc-stop", N_("enemy ZOC: stop (8.31)") },
  { RDT_REACH_RIFLE_ZOC, "rifle-zoc", N_("rifle ZOC +1 MP (8.31)") },
  { RDT_REACH_MINIMUM_MOVE, "minimum-move", N_("one-hex minimum move (9.2)") },
  { RDT_REACH_WHOLE_ALLOWANCE, "whole-allowance", N_("whole allowance across the creek (Brandywine 5.1)") },
  { RDT_REACH_CAPTURE, "capture", N_("captures leaders (14.33)") },
  { RDT_REACH_CAPTURE_ON_PATH, "capture-on-path", N_("captures leaders on the way (14.33)") },
  { RDT_REACH_PINNED_AM, "pinned-am", N_("pinned: −1 Army Morale (9.3)") },
  { RDT_REACH_MUST_MOVE, "must-move", N_("disrupted: must move away (13.3)") },
  { RDT_REACH_PASS_ONLY, "pass-only", N_("may pass, not stay") },
  { RDT_REACH_UNDECIDED, "undecided", N_("not decided") },
  { RDT_REACH_OFF_ROAD, "off-road", N_("off road: allowance reduced") },
  { RDT_REACH_OTHER_ENTRY, "other-entry", N_("entry hex blocked: entered at the nearest unblocked hex") },
};

void
rdt_cli_moves_json_flags (JsonBuilder *b,
                          guint        flags)
{
  json_builder_begin_array (b);
  for (gsize i = 0; i < G_N_ELEMENTS (reach_flags); i++)
    if (flags & reach_flags[i].flag)
      json_builder_add_string_value (b, reach_flags[i].id);
  json_builder_end_array (b);
}

/* "1½" style MP text for half MPs. */
char *
rdt_cli_format_mp (int halves)
{
  if (halves % 2 == 0)
    return g_strdup_printf ("%d", halves / 2);
  if (halves == 1)
    return g_strdup ("½");
  return g_strdup_printf ("%d½", halves / 2);
}

gboolean
rdt_cli_game_context (RdtGameContext *context,
                      int             turn,
                      const char     *weather,
                      char          **released,
                      GError        **error)
{
  static const char *const none[] = { NULL };

  rdt_game_context_init (context);
  if (turn < 0 || turn > 9999)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--turn must be a game turn from 1 to 9999, not %d"), turn);
      return FALSE;
    }
  context->turn = turn;
  context->weather = weather;
  if (released != NULL)
    context->released = g_strv_contains ((const char *const *) released, "none")
                        ? none : (const char *const *) released;
  return TRUE;
}

const char *
rdt_cli_hex_text (RdtHexGrid *grid,
                  RdtHex      hex,
                  char        buf[RDT_HEX_LABEL_SIZE])
{
  if (!rdt_hex_grid_contains (grid, hex))
    return _("off map");
  rdt_hex_grid_format_label (grid, hex, buf);
  return buf;
}

char *
rdt_cli_unit_text (RdtScenario *scenario,
                   const char  *unit_id)
{
  int i = rdt_scenario_find_unit_index (scenario, unit_id);
  const RdtUnit *u;
  const char *side = NULL;

  if (i < 0)
    return g_strdup (unit_id);
  u = rdt_scenario_get_unit (scenario, (guint) i);
  if (u->side >= 0 && (guint) u->side < rdt_scenario_get_n_sides (scenario))
    side = rdt_scenario_get_side (scenario, (guint) u->side)->name;
  if (side == NULL)
    return g_strdup (u->name != NULL ? u->name : u->id);
  /* TRANSLATORS: a unit and its side, "3rd Virginia (American)" */
  return g_strdup_printf (_("%s (%s)"), u->name != NULL ? u->name : u->id, side);
}

char *
rdt_cli_undecided_text (const char *rule,
                        RdtDepends  depends)
{
  return rdt_undecided_text (rule, depends);
}

static void
json_path (JsonBuilder *b,
           RdtHexGrid  *grid,
           GArray      *path)
{
  json_builder_begin_array (b);
  for (guint i = 0; path != NULL && i < path->len; i++)
    {
      char label[RDT_HEX_LABEL_SIZE];
      rdt_hex_grid_format_label (grid, g_array_index (path, RdtHex, i), label);
      json_builder_add_string_value (b, label);
    }
  json_builder_end_array (b);
}

static char *
path_text (RdtHexGrid *grid,
           GArray     *path)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; path != NULL && i < path->len; i++)
    {
      char label[RDT_HEX_LABEL_SIZE];
      rdt_hex_grid_format_label (grid, g_array_index (path, RdtHex, i), label);
      g_string_append_printf (s, "%s%s", i > 0 ? " " : "", label);
    }
  return g_string_free (s, FALSE);
}

static void
json_reason (JsonBuilder   *b,
             const char    *rule,
             RdtMoveReason  reason)
{
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "id");
  json_builder_add_string_value (b, rdt_move_reason_get_id (reason));
  json_builder_set_member_name (b, "rule");
  json_builder_add_string_value (b, rule);
  json_builder_set_member_name (b, "message");
  json_builder_add_string_value (b, rdt_move_reason_get_message (reason));
  json_builder_end_object (b);
}

static void
json_undecided (JsonBuilder *b,
                const char  *rule,
                RdtDepends   depends)
{
  g_autofree char *text = rdt_undecided_text (rule, depends);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "rule");
  json_builder_add_string_value (b, rule);
  json_builder_set_member_name (b, "depends-on");
  json_builder_add_string_value (b, rdt_depends_get_id (depends));
  json_builder_set_member_name (b, "message");
  json_builder_add_string_value (b, text);
  json_builder_end_object (b);
}

static void
json_entry (JsonBuilder       *b,
            RdtReach          *reach,
            RdtHexGrid        *grid,
            const RdtReachHex *e)
{
  g_autoptr(GArray) path = rdt_reach_dup_path (reach, e->hex);
  g_autoptr(GPtrArray) caught = rdt_reach_dup_captures (reach, e->hex);
  char label[RDT_HEX_LABEL_SIZE];

  rdt_hex_grid_format_label (grid, e->hex, label);
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "hex");
  json_builder_add_string_value (b, label);
  json_builder_set_member_name (b, "cost");
  json_builder_add_double_value (b, e->cost_halves / 2.0);
  json_builder_set_member_name (b, "cost-halves");
  json_builder_add_int_value (b, e->cost_halves);
  json_builder_set_member_name (b, "flags");
  rdt_cli_moves_json_flags (b, e->flags);
  json_builder_set_member_name (b, "path");
  json_path (b, grid, path);
  json_builder_set_member_name (b, "captures");
  json_builder_begin_array (b);
  for (guint i = 0; caught != NULL && i < caught->len; i++)
    json_builder_add_string_value (b, g_ptr_array_index (caught, i));
  json_builder_end_array (b);
  {
    const char *rule = NULL;
    RdtDepends depends;

    if (rdt_reach_get_undecided (reach, &e->hex, &rule, &depends))
      {
        json_builder_set_member_name (b, "undecided");
        json_undecided (b, rule, depends);
      }
  }
  json_builder_end_object (b);
}

static char *
flags_text (guint flags)
{
  GString *s = g_string_new (NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (reach_flags); i++)
    if (flags & reach_flags[i].flag)
      g_string_append_printf (s, "%s%s", s->len > 0 ? "; " : "", _(reach_flags[i].text));
  return g_string_free (s, FALSE);
}

RdtMoveRules *
rdt_cli_move_rules (char **creek_types,
                    char **no_min_terrains)
{
  RdtMoveRules *rules = rdt_move_rules_new ();

  rules->creek_types = g_strdupv (creek_types);
  rules->creek_rule = g_strdup ("Brandywine 5.1");
  rules->no_minimum_move_terrains = g_strdupv (no_min_terrains);
  rules->no_minimum_move_rule = g_strdup ("Savannah 4.19");
  return rules;
}

/* Text of the reason @hex is not reachable, with the cost of the cheapest
 * path when 9.2 is what stops it, or the blocking rule when no path exists
 * (transfer full). */
static char *
explain_text (RdtMovement          *movement,
              RdtScenario          *scenario,
              const char           *unit_id,
              const RdtMoveOptions *options,
              RdtReach             *reach,
              RdtHex                hex,
              RdtMoveExplanation   *ex)
{
  RdtHexGrid *grid = rdt_scenario_get_grid (scenario);
  g_autoptr(GError) error = NULL;

  if (!rdt_hex_grid_contains (grid, hex))
    {
      memset (ex, 0, sizeof *ex);
      ex->reason = RDT_MOVE_REASON_OFF_MAP;
      ex->cost_halves = -1;
      g_strlcpy (ex->rule, rdt_move_reason_get_rule (RDT_MOVE_REASON_OFF_MAP), sizeof ex->rule);
    }
  else if (!rdt_movement_explain (movement, unit_id, options, reach, hex, ex, &error))
    return g_strdup (error->message);
  if (ex->reason == RDT_MOVE_REASON_ALLOWANCE && ex->cost_halves >= 0)
    {
      g_autofree char *cost = rdt_cli_format_mp (ex->cost_halves);
      g_autofree char *allowance = rdt_cli_format_mp (rdt_reach_get_allowance_halves (reach));
      /* TRANSLATORS: "9.2: The hex costs more than the movement allowance (the cheapest path costs 5 MP, the allowance is 4 MP)" */
      return g_strdup_printf (_("%s: %s (the cheapest path costs %s MP, the allowance is %s MP)"),
                              ex->rule, rdt_move_reason_get_message (ex->reason), cost, allowance);
    }
  if (ex->reason == RDT_MOVE_REASON_NO_PATH && ex->has_blocked_at)
    {
      char label[RDT_HEX_LABEL_SIZE];
      /* TRANSLATORS: "No path reaches the hex: the nearest hex the unit cannot go on into is 0928, 9.5: Strategic movement may not cross this hexside" */
      return g_strdup_printf (_("%s (the nearest hex the unit cannot go on into is %s, %s: %s)"),
                              rdt_move_reason_get_message (ex->reason),
                              rdt_cli_hex_text (grid, ex->blocked_at, label),
                              ex->blocked_rule, rdt_move_reason_get_message (ex->blocked_reason));
    }
  return g_strdup_printf ("%s: %s", ex->rule, rdt_move_reason_get_message (ex->reason));
}

int
rdt_cli_moves (int    argc,
               char **argv)
{
  gboolean json = FALSE, strategic = FALSE;
  int turn = 0;
  g_autofree char *to = NULL;
  g_autofree char *weather = NULL;
  g_auto(GStrv) creek_types = NULL;
  g_auto(GStrv) no_min = NULL;
  g_auto(GStrv) released = NULL;
  const GOptionEntry entries[] = {
    { "strategic", 0, 0, G_OPTION_ARG_NONE, &strategic, N_("Strategic movement (3.1, 9.5)"), NULL },
    { "to", 0, 0, G_OPTION_ARG_STRING, &to, N_("Explain one destination hex"), N_("HEX") },
    { "turn", 0, 0, G_OPTION_ARG_INT, &turn, N_("The game turn (rules that depend on it are otherwise not decided)"), N_("N") },
    { "weather", 0, 0, G_OPTION_ARG_STRING, &weather, N_("The weather, e.g. dense-fog (Germantown 3.1)"), N_("ID") },
    { "released", 0, 0, G_OPTION_ARG_STRING_ARRAY, &released, N_("A release made (e.g. greene, sullivan, proctor, delaware-blues), or none; repeatable"), N_("ID") },
    { "creek-type", 0, 0, G_OPTION_ARG_STRING_ARRAY, &creek_types, N_("A water hexside type crossed only with the whole allowance (Brandywine 5.1); repeatable"), N_("TYPE") },
    { "no-minimum-move-terrain", 0, 0, G_OPTION_ARG_STRING_ARRAY, &no_min, N_("Terrain without the one-hex minimum move (Savannah 4.19); repeatable"), N_("TERRAIN") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON (docs/movement-json.md)"), NULL },
    { NULL }
  };
  RdtCliReferee referee = { 0 };
  const RdtCliSpec spec = { "moves", "FILE UNIT", N_("where a unit may move (9)"),
                            N_("On a Pub Battles gridless file: redoubt-cli moves FILE PIECE [--to X,Y [--facing DEG] "
                               "[--column|--line]] [--svg FILE] [--json], the envelope and one destination "
                               "(docs/cli.md, docs/gridless-conventions.md G10)."),
                            entries, &referee, 2, 2 };
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtScenario) scenario = NULL;
  g_autoptr(RdtMovement) movement = NULL;
  g_autoptr(RdtReach) reach = NULL;
  g_autoptr(JsonBuilder) b = NULL;
  g_autofree char *unit_text = NULL;
  g_autofree char *to_text = NULL;
  RdtMoveRules *rules;
  RdtMoveOptions options;
  RdtGameContext game;
  RdtMoveExplanation ex;
  RdtHexGrid *grid;
  RdtHex to_hex = { 0, 0 };
  char start[RDT_HEX_LABEL_SIZE];
  g_autofree char *allowance = NULL;
  gboolean to_ok = TRUE, undecided = FALSE;
  const char *unit_rule = NULL;
  RdtDepends unit_depends = RDT_DEPENDS_NOTHING;
  int status;

  /* A gridless file (Pub Battles, issue 18): blocks, not hexes. */
  for (int i = 1; i < argc; i++)
    if (argv[i][0] != '-')
      {
        if (g_str_equal (rdt_cli_peek_root (argv[i]), "gridless-scenario"))
          return rdt_cli_gridless_moves (argc, argv);
        break;
      }
  status = rdt_cli_parse_options (&spec, &argc, &argv);
  if (status != RDT_CLI_CONTINUE)
    return status;
  if (!rdt_cli_game_context (&game, turn, weather, released, &error))
    return rdt_cli_usage_error (&spec, error->message);
  scenario = rdt_cli_load_scenario (argv[1], &referee);
  if (scenario == NULL)
    return RDT_CLI_EXIT_FAILURE;
  grid = rdt_scenario_get_grid (scenario);
  if (to != NULL && !rdt_scenario_parse_hex_label (scenario, to, &to_hex, &error))
    {
      rdt_cli_error ("%s", error->message);
      return RDT_CLI_EXIT_USAGE;
    }
  rules = rdt_cli_move_rules (creek_types, no_min);
  movement = rdt_movement_new (scenario, rules);
  rdt_move_rules_free (rules);
  rdt_move_options_init (&options);
  options.strategic = strategic;
  options.context = &game;
  reach = rdt_movement_reach (movement, argv[2], &options, &error);
  if (reach == NULL)
    {
      rdt_cli_error ("%s: %s", argv[1], error->message);
      return RDT_CLI_EXIT_FAILURE;
    }
  unit_text = rdt_cli_unit_text (scenario, rdt_reach_get_unit_id (reach));
  rdt_hex_grid_format_label (grid, rdt_reach_get_start (reach), start);
  allowance = rdt_cli_format_mp (rdt_reach_get_allowance_halves (reach));
  undecided = rdt_reach_get_undecided (reach, NULL, &unit_rule, &unit_depends);
  if (to != NULL)
    {
      to_ok = rdt_reach_lookup (reach, to_hex, NULL);
      if (to_ok)
        undecided |= rdt_reach_get_undecided (reach, &to_hex, NULL, NULL);
      else
        {
          /* A hex not reachable is not reachable whatever is undecided. */
          undecided = FALSE;
          to_text = explain_text (movement, scenario, argv[2], &options, reach, to_hex, &ex);
        }
    }
  else
    for (guint i = 0; i < rdt_reach_get_n_hexes (reach) && !undecided; i++)
      undecided = (rdt_reach_get_hex (reach, i)->flags & RDT_REACH_UNDECIDED) != 0;

  if (json)
    {
      b = json_builder_new ();
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "unit");
      json_builder_add_string_value (b, rdt_reach_get_unit_id (reach));
      json_builder_set_member_name (b, "name");
      json_builder_add_string_value (b, unit_text);
      json_builder_set_member_name (b, "start");
      json_builder_add_string_value (b, start);
      json_builder_set_member_name (b, "strategic");
      json_builder_add_boolean_value (b, rdt_reach_get_strategic (reach));
      json_builder_set_member_name (b, "allowance");
      json_builder_add_double_value (b, rdt_reach_get_allowance_halves (reach) / 2.0);
      json_builder_set_member_name (b, "unit-reason");
      if (rdt_reach_get_unit_reason (reach) == RDT_MOVE_REASON_NONE)
        json_builder_add_null_value (b);
      else
        json_reason (b, rdt_reach_get_unit_rule (reach), rdt_reach_get_unit_reason (reach));
      json_builder_set_member_name (b, "undecided");
      if (unit_rule != NULL)
        json_undecided (b, unit_rule, unit_depends);
      else
        json_builder_add_null_value (b);
      if (to != NULL)
        {
          RdtReachHex e;
          char label[RDT_HEX_LABEL_SIZE];

          json_builder_set_member_name (b, "to");
          if (to_ok)
            {
              rdt_reach_lookup (reach, to_hex, &e);
              json_entry (b, reach, grid, &e);
            }
          else
            {
              json_builder_begin_object (b);
              json_builder_set_member_name (b, "hex");
              json_builder_add_string_value (b, rdt_cli_hex_text (grid, to_hex, label));
              json_builder_set_member_name (b, "reason");
              json_reason (b, ex.rule, ex.reason);
              if (ex.cost_halves >= 0)
                {
                  json_builder_set_member_name (b, "cost");
                  json_builder_add_double_value (b, ex.cost_halves / 2.0);
                  json_builder_set_member_name (b, "cost-halves");
                  json_builder_add_int_value (b, ex.cost_halves);
                }
              if (ex.has_blocked_at)
                {
                  json_builder_set_member_name (b, "blocked-at");
                  json_builder_add_string_value (b, rdt_cli_hex_text (grid, ex.blocked_at, label));
                  json_builder_set_member_name (b, "blocked-reason");
                  json_reason (b, ex.blocked_rule, ex.blocked_reason);
                }
              json_builder_end_object (b);
            }
        }
      else
        {
          json_builder_set_member_name (b, "hexes");
          json_builder_begin_array (b);
          for (guint i = 0; i < rdt_reach_get_n_hexes (reach); i++)
            json_entry (b, reach, grid, rdt_reach_get_hex (reach, i));
          json_builder_end_array (b);
        }
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
      return !to_ok ? RDT_CLI_EXIT_BLOCKED : undecided ? RDT_CLI_EXIT_UNDECIDED : RDT_CLI_EXIT_OK;
    }

  printf (_("%s from %s, %s MP, %s:\n"), unit_text, start, allowance,
          strategic ? _("strategic movement (9.5)") : _("normal movement"));
  if (rdt_reach_get_unit_reason (reach) != RDT_MOVE_REASON_NONE)
    {
      RdtVolume *volume = rdt_scenario_get_volume (scenario);

      printf ("  %s: %s\n", rdt_reach_get_unit_rule (reach),
              rdt_move_reason_get_message (rdt_reach_get_unit_reason (reach)));
      /* The restriction's own words, and what lifts it. */
      for (guint i = 0; i < rdt_volume_get_n_restrictions (volume); i++)
        {
          const RdtRestriction *r = rdt_volume_get_restriction (volume, i);

          if (g_strcmp0 (r->rule, rdt_reach_get_unit_rule (reach)) != 0 ||
              (r->effect != RDT_RESTRICTION_NO_MOVE && r->effect != RDT_RESTRICTION_NO_STRATEGIC))
            continue;
          if (r->note != NULL)
            printf ("    %s\n", r->note);
          if (r->until_released != NULL)
            /* TRANSLATORS: "lifted by --released proctor" */
            printf (_("    lifted by --released %s\n"), r->until_released);
          break;
        }
    }
  if (unit_rule != NULL)
    {
      g_autofree char *text = rdt_undecided_text (unit_rule, unit_depends);
      printf ("  %s\n", text);
    }
  if (to != NULL)
    {
      char label[RDT_HEX_LABEL_SIZE];
      const char *to_label = rdt_cli_hex_text (grid, to_hex, label);

      if (to_ok)
        {
          RdtReachHex e;
          g_autoptr(GArray) path = NULL;
          g_autofree char *cost = NULL;
          g_autofree char *p = NULL;
          g_autofree char *f = NULL;
          const char *rule = NULL;
          RdtDepends depends;

          rdt_reach_lookup (reach, to_hex, &e);
          path = rdt_reach_dup_path (reach, to_hex);
          cost = rdt_cli_format_mp (e.cost_halves);
          p = path_text (grid, path);
          f = flags_text (e.flags & ~RDT_REACH_UNDECIDED);
          printf (_("  %s: reachable for %s MP, by %s%s%s%s\n"), to_label, cost, p,
                  *f ? " (" : "", f, *f ? ")" : "");
          if (rdt_reach_get_undecided (reach, &to_hex, &rule, &depends))
            {
              g_autofree char *text = rdt_undecided_text (rule, depends);
              printf ("  %s: %s\n", to_label, text);
            }
        }
      else
        printf (_("  %s: not reachable: %s\n"), to_label, to_text);
      return !to_ok ? RDT_CLI_EXIT_BLOCKED : undecided ? RDT_CLI_EXIT_UNDECIDED : RDT_CLI_EXIT_OK;
    }
  for (guint i = 0; i < rdt_reach_get_n_hexes (reach); i++)
    {
      const RdtReachHex *e = rdt_reach_get_hex (reach, i);
      char label[RDT_HEX_LABEL_SIZE];
      g_autofree char *cost = rdt_cli_format_mp (e->cost_halves);
      g_autofree char *f = flags_text (e->flags & ~RDT_REACH_UNDECIDED);
      g_autofree char *und = NULL;
      const char *rule = NULL;
      RdtDepends depends;

      if (rdt_reach_get_undecided (reach, &e->hex, &rule, &depends))
        {
          g_autofree char *text = rdt_undecided_text (rule, depends);
          und = g_strdup_printf ("%s%s", *f ? "; " : "", text);
        }
      rdt_hex_grid_format_label (grid, e->hex, label);
      printf ("  %s  %4s MP%s%s%s%s\n", label, cost, (*f || und) ? "  (" : "", f,
              und != NULL ? und : "", (*f || und) ? ")" : "");
    }
  return undecided ? RDT_CLI_EXIT_UNDECIDED : RDT_CLI_EXIT_OK;
}
