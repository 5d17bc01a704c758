/* rdt-cli-fire.c: `redoubt-cli fire SCENARIO --firers HEX[,HEX...] --target HEX
 * [--game GAME] [--json]`: the fire analysis of the rules core (Series Rules
 * 10, 11; rdt-fire.h), itemised with rule numbers and sources, the To-Hit
 * number per die roll and the damage table's rows, without rolling
 * (docs/cli.md, docs/fire-json.md). */
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <stdio.h>
#include <string.h>

#include "rdt-cli.h"
#include "rdt-cli-board.h"
#include "rdt-cli-moves.h"
#include "rdt-game-io.h"
#include "redoubt-core.h"

static gboolean
fires_artillery (const RdtUnit *u)
{
  return u->kind == RDT_UNIT_KIND_ARTILLERY || u->kind == RDT_UNIT_KIND_MORTAR;
}

static gboolean
fires_rifle (const RdtUnit *u)
{
  return u->kind == RDT_UNIT_KIND_RIFLE || u->kind == RDT_UNIT_KIND_MUSKET_RIFLE ||
         u->rifle != RDT_RIFLE_NONE || u->kind == RDT_UNIT_KIND_AMUSETTE;
}

static gboolean
in_hex (const RdtUnit *u,
        RdtHex         hex)
{
  return u->placement.kind == RDT_PLACEMENT_HEX && u->placement.hex.col == hex.col &&
         u->placement.hex.row == hex.row;
}

/* --firers: unit ids (also added to @named), hexes (the artillery and rifle
 * units there) or off-board sources "off-board:ID" (added to @off_board). */
static gboolean
collect_firers (RdtScenario  *scenario,
                const char   *list,
                GPtrArray    *out,
                GPtrArray    *named,
                GPtrArray    *off_board,
                GError      **error)
{
  g_auto(GStrv) parts = g_strsplit (list, ",", -1);
  RdtHexGrid *grid = rdt_scenario_get_grid (scenario);

  for (guint i = 0; parts[i] != NULL; i++)
    {
      RdtHex hex;
      guint before = out->len;

      g_strstrip (parts[i]);
      /* Germantown 3.5: an off-board source of the volume. */
      if (g_str_has_prefix (parts[i], "off-board:"))
        {
          g_ptr_array_add (off_board, g_strdup (parts[i]));
          continue;
        }
      if (rdt_scenario_find_unit_index (scenario, parts[i]) >= 0)
        {
          g_ptr_array_add (out, rdt_scenario_get_unit (scenario, (guint) rdt_scenario_find_unit_index (scenario, parts[i])));
          g_ptr_array_add (named, g_ptr_array_index (out, out->len - 1));
          continue;
        }
      if (!rdt_hex_grid_parse_label (grid, parts[i], &hex, error))
        return FALSE;
      for (guint u = 0; u < rdt_scenario_get_n_units (scenario); u++)
        {
          RdtUnit *unit = rdt_scenario_get_unit (scenario, u);

          if (in_hex (unit, hex) && (fires_artillery (unit) || fires_rifle (unit)))
            g_ptr_array_add (out, unit);
        }
      if (out->len == before)
        {
          g_set_error (error, RDT_FIRE_ERROR, RDT_FIRE_ERROR_INVALID,
                       _("no artillery or rifle unit in %s (10.1, 11.1)"), parts[i]);
          return FALSE;
        }
    }
  return TRUE;
}

static void
json_line (JsonBuilder       *b,
           const RdtFireLine *l)
{
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "kind");
  json_builder_add_string_value (b, rdt_fire_line_kind_to_string (l->kind));
  json_builder_set_member_name (b, "rule");
  json_builder_add_string_value (b, l->rule);
  json_builder_set_member_name (b, "source");
  json_builder_add_string_value (b, l->source);
  json_builder_set_member_name (b, "text");
  json_builder_add_string_value (b, l->text);
  json_builder_set_member_name (b, "value");
  json_builder_add_int_value (b, l->value);
  json_builder_set_member_name (b, "provisional");
  json_builder_add_boolean_value (b, l->provisional);
  json_builder_set_member_name (b, "unit");
  if (l->unit != NULL)
    json_builder_add_string_value (b, l->unit);
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "depends-on");
  if (l->depends != NULL)
    json_builder_add_string_value (b, l->depends);
  else
    json_builder_add_null_value (b);
  json_builder_end_object (b);
}

static const char *
verdict_id (RdtFireVerdict v)
{
  return v == RDT_FIRE_LEGAL ? "legal" : v == RDT_FIRE_REFUSED ? "refused" : "undecided";
}

static void
json_analysis (JsonBuilder *b,
               RdtFire     *fire)
{
  const RdtFireLine *reason = rdt_fire_get_reason (fire);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "firers");
  json_builder_begin_array (b);
  for (const char *const *f = rdt_fire_get_firers (fire); *f != NULL; f++)
    json_builder_add_string_value (b, *f);
  json_builder_end_array (b);
  json_builder_set_member_name (b, "target");
  json_builder_add_string_value (b, rdt_fire_get_target (fire));
  json_builder_set_member_name (b, "verdict");
  json_builder_add_string_value (b, verdict_id (rdt_fire_get_verdict (fire)));
  json_builder_set_member_name (b, "reason");
  if (reason != NULL)
    json_line (b, reason);
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "sp");
  json_builder_add_int_value (b, rdt_fire_get_sp (fire));
  json_builder_set_member_name (b, "range");
  json_builder_add_int_value (b, rdt_fire_get_range (fire));
  json_builder_set_member_name (b, "drm");
  json_builder_add_int_value (b, rdt_fire_get_drm (fire));
  json_builder_set_member_name (b, "to-hit");
  if (rdt_fire_get_to_hit (fire) >= 0)
    json_builder_add_int_value (b, rdt_fire_get_to_hit (fire));
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "rolls");
  json_builder_add_int_value (b, rdt_fire_get_n_rolls (fire));
  json_builder_set_member_name (b, "provisional");
  json_builder_add_boolean_value (b, rdt_fire_is_provisional (fire));
  json_builder_set_member_name (b, "lines");
  json_builder_begin_array (b);
  for (guint i = 0; i < rdt_fire_get_n_lines (fire); i++)
    json_line (b, rdt_fire_get_line (fire, i));
  json_builder_end_array (b);
  json_builder_set_member_name (b, "to-hit-rolls");
  json_builder_begin_array (b);
  for (int die = 0; die < 10 && rdt_fire_get_to_hit (fire) >= 0; die++)
    {
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "die");
      json_builder_add_int_value (b, die);
      json_builder_set_member_name (b, "modified");
      json_builder_add_int_value (b, die + rdt_fire_get_drm (fire));
      json_builder_set_member_name (b, "hit");
      json_builder_add_boolean_value (b, rdt_fire_roll_hits (fire, die));
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "damage");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "source");
  json_builder_add_string_value (b, rdt_fire_get_damage_source (fire));
  json_builder_set_member_name (b, "rows");
  json_builder_begin_array (b);
  for (int die = 0; die < 10; die++)
    {
      gboolean prov = FALSE;
      const char *result = rdt_fire_get_damage (fire, die, &prov);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "die");
      json_builder_add_int_value (b, die);
      json_builder_set_member_name (b, "result");
      if (result != NULL)
        json_builder_add_string_value (b, result);
      else
        json_builder_add_null_value (b);
      json_builder_set_member_name (b, "provisional");
      json_builder_add_boolean_value (b, prov);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  json_builder_end_object (b);
}

static void
print_analysis (RdtScenario *scenario,
                RdtFire     *fire)
{
  g_autofree char *target = rdt_cli_unit_text (scenario, rdt_fire_get_target (fire));
  g_autoptr(GString) hits = g_string_new (NULL);
  const RdtFireLine *reason = rdt_fire_get_reason (fire);

  printf (rdt_fire_get_kind (fire) == RDT_FIRE_ARTILLERY ? _("Defensive Artillery Fire (11) at %s:\n")
                                                         : _("Rifle Fire (10) at %s:\n"), target);
  for (guint i = 0; i < rdt_fire_get_n_lines (fire); i++)
    {
      const RdtFireLine *l = rdt_fire_get_line (fire, i);
      const char *mark = l->kind == RDT_FIRE_LINE_REFUSED ? _("refused: ")
                       : l->kind == RDT_FIRE_LINE_UNDECIDED && !g_str_has_prefix (l->text, _("not decided"))
                       ? _("not decided: ") : "";

      printf ("  [%s] %s%s%s  (%s)\n", l->rule, mark, l->text,
              l->provisional ? _(" (provisional)") : "", l->source);
    }
  if (rdt_fire_get_to_hit (fire) > 0)
    {
      for (int die = 0; die < 10; die++)
        if (rdt_fire_roll_hits (fire, die))
          g_string_append_printf (hits, "%s%d", hits->len > 0 ? ", " : "", die);
      printf (_("  To hit: %d or more; DRM %+d; %u roll(s): a die of %s hits\n"), rdt_fire_get_to_hit (fire),
              rdt_fire_get_drm (fire), rdt_fire_get_n_rolls (fire), hits->len > 0 ? hits->str : _("none"));
    }
  else if (rdt_fire_get_to_hit (fire) == 0)
    printf (_("  To hit: no roll hits\n"));
  printf (_("  Damage, a second unmodified die (%s):"), rdt_fire_get_damage_source (fire));
  for (int die = 0; die < 10; die++)
    {
      gboolean prov = FALSE;
      const char *result = rdt_fire_get_damage (fire, die, &prov);

      printf (prov ? " %d:[%s]" : " %d:%s", die, result != NULL ? result : "?");
    }
  printf ("\n");
  if (rdt_fire_is_provisional (fire))
    printf (_("  Values marked provisional ([…] in the damage row) are not in the rulebooks: "
              "enter them from your copy of the game.\n"));
  switch (rdt_fire_get_verdict (fire))
    {
    case RDT_FIRE_LEGAL:
      printf (_("  Verdict: legal\n"));
      break;
    case RDT_FIRE_REFUSED:
      printf (_("  Verdict: refused (%s: %s)\n"), reason->rule, reason->text);
      break;
    case RDT_FIRE_UNDECIDED:
    default:
      if (g_str_has_prefix (reason->text, _("not decided")))
        printf (_("  Verdict: %s\n"), reason->text);
      else
        printf (_("  Verdict: not decided (%s: %s)\n"), reason->rule, reason->text);
      break;
    }
}

int
rdt_cli_fire (int    argc,
              char **argv)
{
  gboolean json = FALSE;
  g_autofree char *firers_opt = NULL;
  g_autofree char *target_opt = NULL;
  g_autofree char *kind_opt = NULL;
  g_autofree char *game_path = NULL;
  g_autofree char *phasing = NULL;
  g_autofree char *open_flank = NULL;
  g_autofree char *spent_opt = NULL;
  int turn = 0;
  g_autofree char *weather = NULL;
  g_auto(GStrv) released = NULL;
  const GOptionEntry entries[] = {
    { "firers", 0, 0, G_OPTION_ARG_STRING, &firers_opt, N_("The firing units: hexes or unit ids, comma-separated"), N_("HEX,...") },
    { "target", 0, 0, G_OPTION_ARG_STRING, &target_opt, N_("The target: a hex (every enemy combat unit there) or a unit id"), N_("HEX") },
    { "kind", 0, 0, G_OPTION_ARG_STRING, &kind_opt, N_("artillery (11) or rifle (10); by default the units' (or the game's phase)"), N_("KIND") },
    { "game", 0, 0, G_OPTION_ARG_FILENAME, &game_path, N_("A saved game: its positions and what it tracks (fired, first fire, turn, phasing player)"), N_("GAME") },
    { "phasing", 0, 0, G_OPTION_ARG_STRING, &phasing, N_("The phasing side (Brandywine 4.5.5 Amusettes)"), N_("SIDE") },
    { "open-flank", 0, 0, G_OPTION_ARG_STRING, &open_flank, N_("yes or no: an open flank (10.7, 12.53)"), N_("YES|NO") },
    { "first-fire-spent", 0, 0, G_OPTION_ARG_STRING, &spent_opt, N_("Units that have fired (or been in close combat) before (10.5)"), N_("UNIT,...") },
    { "turn", 0, 0, G_OPTION_ARG_INT, &turn, N_("The game turn (rules that depend on it are otherwise not decided)"), N_("N") },
    { "weather", 0, 0, G_OPTION_ARG_STRING, &weather, N_("The weather, e.g. dense-fog (Germantown 3.1)"), N_("ID") },
    { "released", 0, 0, G_OPTION_ARG_STRING_ARRAY, &released, N_("A release made, or none; repeatable"), N_("ID") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON (docs/fire-json.md)"), NULL },
    { NULL }
  };
  RdtCliReferee referee = { 0 };
  const RdtCliSpec spec = { "fire", "SCENARIO --firers HEX[,HEX...] --target HEX",
                            N_("fire combat itemised, without rolling (10, 11)"), NULL, entries, &referee, 1, 1 };
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtScenario) scenario = NULL;
  g_autoptr(RdtGame) game = NULL;
  g_autoptr(GPtrArray) firers = g_ptr_array_new ();
  g_autoptr(GPtrArray) named = g_ptr_array_new ();
  g_autoptr(GPtrArray) off_board = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) targets = g_ptr_array_new ();
  g_autoptr(GPtrArray) fires = g_ptr_array_new_with_free_func ((GDestroyNotify) rdt_fire_free);
  g_auto(GStrv) spent = NULL;
  RdtScenario *position;
  RdtGameContext context;
  RdtFireFacts facts;
  RdtFireKind kind = RDT_FIRE_RIFLE;
  gboolean kind_known = FALSE;
  RdtHex target_hex = { 0, 0 };
  gboolean target_is_hex = FALSE;
  int code = RDT_CLI_EXIT_OK;
  int status = rdt_cli_parse_options (&spec, &argc, &argv);

  if (status != RDT_CLI_CONTINUE)
    return status;
  if (firers_opt == NULL || target_opt == NULL)
    return rdt_cli_usage_error (&spec, _("fire: --firers and --target are required"));
  if (kind_opt != NULL)
    {
      if (!rdt_fire_kind_from_string (kind_opt, &kind))
        return rdt_cli_usage_error (&spec, _("fire: --kind must be artillery or rifle"));
      kind_known = TRUE;
    }
  if (open_flank != NULL && g_strcmp0 (open_flank, "yes") != 0 && g_strcmp0 (open_flank, "no") != 0)
    return rdt_cli_usage_error (&spec, _("fire: --open-flank must be yes or no"));
  if (!rdt_cli_game_context (&context, turn, weather, released, &error))
    return rdt_cli_usage_error (&spec, error->message);
  scenario = rdt_cli_load_scenario (argv[1], &referee);
  if (scenario == NULL)
    return RDT_CLI_EXIT_FAILURE;
  position = scenario;
  if (game_path != NULL)
    {
      game = rdt_game_load_from_file (game_path, NULL, &error);
      if (game == NULL)
        {
          rdt_cli_error ("%s", error->message);
          return RDT_CLI_EXIT_FAILURE;
        }
      if (g_strcmp0 (rdt_scenario_get_id (rdt_game_get_scenario (game)), rdt_scenario_get_id (scenario)) != 0)
        {
          rdt_cli_error (_("%s: the game is of scenario “%s”, not “%s”"), game_path,
                         rdt_scenario_get_id (rdt_game_get_scenario (game)), rdt_scenario_get_id (scenario));
          return RDT_CLI_EXIT_FAILURE;
        }
      position = rdt_game_get_position (game);
      if (!kind_known && rdt_game_get_phase (game) == RDT_PHASE_ARTILLERY_FIRE)
        kind = RDT_FIRE_ARTILLERY, kind_known = TRUE;
      else if (!kind_known && rdt_game_get_phase (game) == RDT_PHASE_RIFLE_FIRE)
        kind = RDT_FIRE_RIFLE, kind_known = TRUE;
    }
  if (!collect_firers (position, firers_opt, firers, named, off_board, &error))
    {
      rdt_cli_error ("%s", error->message);
      return RDT_CLI_EXIT_USAGE;
    }
  if (!kind_known)
    {
      gboolean art = off_board->len > 0, rifle = FALSE;

      for (guint i = 0; i < firers->len; i++)
        {
          art = art || fires_artillery (g_ptr_array_index (firers, i));
          rifle = rifle || fires_rifle (g_ptr_array_index (firers, i));
        }
      if (art && rifle)
        return rdt_cli_usage_error (&spec, _("fire: the firers are artillery and rifle units: pass --kind"));
      kind = art ? RDT_FIRE_ARTILLERY : RDT_FIRE_RIFLE;
    }
  /* A firer hex gives the units of the fire's kind only. */
  for (guint i = firers->len; i > 0; i--)
    {
      const RdtUnit *u = g_ptr_array_index (firers, i - 1);

      if (!g_ptr_array_find (named, u, NULL) &&
          !(kind == RDT_FIRE_ARTILLERY ? fires_artillery (u) : fires_rifle (u)))
        g_ptr_array_remove_index (firers, i - 1);
    }
  if (firers->len == 0 && off_board->len == 0)
    {
      rdt_cli_error (kind == RDT_FIRE_ARTILLERY ? _("no artillery unit among the firers (11.1)")
                                                : _("no rifle unit among the firers (10.1)"));
      return RDT_CLI_EXIT_USAGE;
    }

  if (rdt_scenario_find_unit_index (position, target_opt) >= 0)
    g_ptr_array_add (targets, rdt_scenario_get_unit (position, (guint) rdt_scenario_find_unit_index (position, target_opt)));
  else
    {
      const RdtUnit *first = firers->len > 0 ? g_ptr_array_index (firers, 0) : NULL;

      if (!rdt_hex_grid_parse_label (rdt_scenario_get_grid (position), target_opt, &target_hex, &error))
        {
          rdt_cli_error ("%s", error->message);
          return RDT_CLI_EXIT_USAGE;
        }
      target_is_hex = TRUE;
      for (guint u = 0; u < rdt_scenario_get_n_units (position); u++)
        {
          RdtUnit *unit = rdt_scenario_get_unit (position, u);

          if (in_hex (unit, target_hex) && !rdt_unit_is_leader (unit) &&
              (first == NULL || rdt_scenario_sides_are_enemies (position, first->side, unit->side)))
            g_ptr_array_add (targets, unit);
        }
      if (targets->len == 0)
        {
          rdt_cli_error (_("no enemy combat unit in %s (10.2, 11.2)"), target_opt);
          return RDT_CLI_EXIT_BLOCKED;
        }
    }

  rdt_fire_facts_init (&facts);
  facts.context = &context;
  if (phasing != NULL)
    {
      context.current_side = rdt_scenario_find_side (position, phasing);
      if (context.current_side < 0)
        {
          rdt_cli_error (_("unknown side “%s”"), phasing);
          return RDT_CLI_EXIT_USAGE;
        }
    }
  if (open_flank != NULL)
    facts.open_flank = g_str_equal (open_flank, "yes") ? 1 : 0;
  if (spent_opt != NULL)
    {
      spent = g_strsplit (spent_opt, ",", -1);
      facts.first_fire_spent = (const char *const *) spent;
    }
  for (guint t = 0; t < targets->len; t++)
    {
      g_autoptr(GPtrArray) ids = g_ptr_array_new ();
      RdtFire *fire;

      for (guint i = 0; i < firers->len; i++)
        g_ptr_array_add (ids, ((RdtUnit *) g_ptr_array_index (firers, i))->id);
      for (guint i = 0; i < off_board->len; i++)
        g_ptr_array_add (ids, g_ptr_array_index (off_board, i));
      g_ptr_array_add (ids, NULL);
      if (game != NULL)
        fire = rdt_game_analyse_fire (game, kind, (const char *const *) ids->pdata,
                                      ((RdtUnit *) g_ptr_array_index (targets, t))->id,
                                      facts.open_flank, &error);
      else
        fire = rdt_fire_analyse (position, kind, (const char *const *) ids->pdata,
                                 ((RdtUnit *) g_ptr_array_index (targets, t))->id, &facts, &error);
      if (fire == NULL)
        {
          rdt_cli_error ("%s", error->message);
          return RDT_CLI_EXIT_FAILURE;
        }
      g_ptr_array_add (fires, fire);
    }
  /* The exit code: 0 when some analysis is legal, else 4 when one is not
   * decided, else 3 (every one refused). */
  code = RDT_CLI_EXIT_BLOCKED;
  for (guint i = 0; i < fires->len; i++)
    {
      RdtFireVerdict v = rdt_fire_get_verdict (g_ptr_array_index (fires, i));

      if (v == RDT_FIRE_LEGAL)
        code = RDT_CLI_EXIT_OK;
      else if (v == RDT_FIRE_UNDECIDED && code != RDT_CLI_EXIT_OK)
        code = RDT_CLI_EXIT_UNDECIDED;
    }

  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "kind");
      json_builder_add_string_value (b, rdt_fire_kind_to_string (kind));
      json_builder_set_member_name (b, "game");
      json_builder_add_boolean_value (b, game != NULL);
      json_builder_set_member_name (b, "target-hex");
      if (target_is_hex)
        {
          char label[RDT_HEX_LABEL_SIZE];
          rdt_hex_grid_format_label (rdt_scenario_get_grid (position), target_hex, label);
          json_builder_add_string_value (b, label);
        }
      else
        json_builder_add_null_value (b);
      json_builder_set_member_name (b, "analyses");
      json_builder_begin_array (b);
      for (guint i = 0; i < fires->len; i++)
        json_analysis (b, g_ptr_array_index (fires, i));
      json_builder_end_array (b);
      json_builder_end_object (b);
      rdt_cli_json_print (b);
      return code;
    }
  for (guint i = 0; i < fires->len; i++)
    print_analysis (position, g_ptr_array_index (fires, i));
  return code;
}
