/* test-gl-brandywine.c: the Brandywine scenario of Pub Battles as data
 * (issue 18): Setup zones and the set-up phase, Start Options, Early Start
 * Option, Commanders (Howe), victory (Objectives are prose only), Optional
 * Baggage Trains, Retreat further through friendly pieces, the combat flags
 * in the digest.  Test names quote the rulebook section
 * (pub-battles-brandywine.txt). */
#undef G_DISABLE_ASSERT
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <sys/wait.h>

#include "redoubt-core.h"
#include "gl-game-fixture.h"

/* ------------------------------------------------------------- fixtures */

static RdtGridless *
bundled (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("REDOUBT_SOURCE_ROOT"), "scenarios",
                                            "pub-battles-brandywine.redoubt", NULL);
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(GError) error = NULL;
  RdtGridless *g = rdt_gridless_load_from_file (path, diagnostics, &error);

  g_assert_no_error (error);
  g_assert_nonnull (g);
  g_assert_cmpuint (rdt_diagnostics_count (diagnostics, RDT_SEVERITY_ERROR), ==, 0);
  return g;
}

/* Red A command and blue B; blocks 0.75 x 0.375, Foot move 6, Cavalry move
 * 12 (1/3 Mounted move: 4 inches). */
static RdtGridless *
small_battle (void)
{
  RdtGridless *g = rdt_gridless_new ();
  RdtGlSide *s;

  g->id = g_strdup ("test");
  g->title = g_strdup ("test");
  g->width = 30;
  g->height = 30;
  for (guint t = 0; t < RDT_GL_N_PIECE_TYPES; t++)
    {
      g->specs[t].present = TRUE;
      g->specs[t].width = 0.75;
      g->specs[t].depth = 0.375;
      g->specs[t].move = (t == RDT_GL_CAVALRY || t == RDT_GL_DRAGOONS || t == RDT_GL_HQ) ? 12 : 6;
    }
  s = g_new0 (RdtGlSide, 1);
  s->id = g_strdup ("red");
  s->name = g_strdup ("Red");
  g_ptr_array_add (g->sides, s);
  s = g_new0 (RdtGlSide, 1);
  s->id = g_strdup ("blue");
  s->name = g_strdup ("Blue");
  g_ptr_array_add (g->sides, s);
  add_command (g, "a", "red", "a-hq", "A", 3);
  add_command (g, "b", "blue", "b-hq", "B", 3);
  add_piece (g, "a-hq", "red", "a", RDT_GL_HQ, 10, 22, 0);
  add_piece (g, "a-inf", "red", "a", RDT_GL_INFANTRY, 10, 20, 0);
  add_piece (g, "b-hq", "blue", "b", RDT_GL_HQ, 10, 4, 180);
  add_piece (g, "b-inf", "blue", "b", RDT_GL_INFANTRY, 10, 8, 180);
  return g;
}


static void
pull_until (RdtGlGame  *game,
            const char *command)
{
  for (int k = 0; k < 10; k++)
    {
      ok (game, "pull");
      if (g_strcmp0 (rdt_gl_game_get_current (game), command) == 0)
        return;
    }
  g_error ("the chit of %s never came", command);
}

static gboolean
in_cup (RdtGlGame  *game,
        const char *command)
{
  GPtrArray *cup = rdt_gl_game_get_cup (game);

  for (guint i = 0; i < cup->len; i++)
    if (g_str_equal (g_ptr_array_index (cup, i), command))
      return TRUE;
  return FALSE;
}

/* Places every piece of the zone now placing at its position in the file
 * (the bundled file's example positions lie in the zones). */
static void
place_side (RdtGlGame         *game,
            const RdtGridless *file)
{
  const RdtGlZone *z = rdt_gl_game_get_setup_zone (game);

  g_assert_nonnull (z);
  for (guint i = 0; i < file->pieces->len; i++)
    {
      const RdtGlPiece *p = g_ptr_array_index (file->pieces, i);
      g_autofree char *line = NULL;
      char x[G_ASCII_DTOSTR_BUF_SIZE], y[G_ASCII_DTOSTR_BUF_SIZE];

      if (g_strcmp0 (p->side, z->side) != 0 || p->type == RDT_GL_BAGGAGE || p->command == NULL ||
          !g_strv_contains ((const char *const *) z->commands, p->command))
        continue;
      if (rdt_gl_game_get_entry_zone (game, p->id, NULL) != NULL)
        continue;
      g_ascii_dtostr (x, sizeof x, p->centre.x);
      g_ascii_dtostr (y, sizeof y, p->centre.y);
      line = g_strdup_printf ("place %s %s,%s %g", p->id, x, y, p->facing);
      ok (game, line);
    }
}

static gboolean
has_off_map (RdtGlGame  *game,
             const char *id)
{
  g_autofree char *d = rdt_gl_game_describe (game);
  g_autofree char *needle = g_strdup_printf ("\n%s ", id);
  const char *line = strstr (d, needle);
  const char *end;

  g_assert_nonnull (line);
  end = strchr (line + 1, '\n');
  return g_strstr_len (line, end - line, " off-map") != NULL;
}

/* ----------------------------------------------------------------- setup */

/* Setup: "British placement (1st): Place the first British command in any
 * location on this side of the river ... (the British side, south of the
 * Brandywine)"; "Colonial placement (2nd)"; "A command that was not placed
 * at setup enters the map". */
static void
test_setup_british_first (void)
{
  g_autoptr(RdtGridless) file = bundled ();
  g_autoptr(RdtGlGame) game = rdt_gl_game_new (bundled (), 7);
  const RdtGlZone *z;

  refused (game, "place knyp 20,15 0", "option reinforcements");
  ok (game, "option reinforcements right");
  g_assert_cmpint (rdt_gl_game_get_phase (game), ==, RDT_GL_PHASE_SETUP);
  z = rdt_gl_game_get_setup_zone (game);
  g_assert_cmpstr (z->id, ==, "british-placement");
  g_assert_cmpstr (z->side, ==, "british");
  /* Every piece is off map until placed. */
  g_assert_true (has_off_map (game, "knyp"));
  g_assert_true (rdt_gl_game_get_gridless (game) != NULL &&
                 rdt_gridless_find_piece (rdt_gl_game_get_gridless (game), "knyp")->destroyed);
  refused (game, "pull", "Brandywine Scenario, Setup");
  refused (game, "place wshtn 20,8.5 180", "british places in zone british-placement");
  refused (game, "place crwl 32,19.5 0", "enters on Turn 4 from zone right-wing");
  refused (game, "place c-baggage 33,20.5 0", "Optional Baggage Trains");
  /* North of the river is not the British side. */
  refused (game, "place knyp 20,8 0", "majority of knyp must be in zone british-placement");
  /* Straddling the zone's edge: less than the majority inside. */
  refused (game, "place 71st 20,12.45 0", "must be in zone british-placement");
  refused (game, "end-setup", "is not placed");
  /* "All units may be placed at setup ... in Road Column", and a block in
   * Road Column is turned lengthwise along a road (the Great Road runs up
   * x = 20): see /gl-play/road-column/placed-or-entering-lengthwise-along-the-road. */
  refused (game, "place ferguson 19,13 0 column", "Turn piece lengthwise along the road");
  ok (game, "place ferguson 20,13 90 column");
  g_assert_true (rdt_gridless_find_piece (rdt_gl_game_get_gridless (game), "ferguson")->road_column);
  refused (game, "place 71st 20.2,13 0", "do not stack");
  ok (game, "place ferguson 19,13 0 line");
  refused (game, "move ferguson 19,14", "Brandywine Scenario, Setup");
  place_side (game, file);
  g_assert_false (has_off_map (game, "knyp"));
  ok (game, "end-setup");
  z = rdt_gl_game_get_setup_zone (game);
  g_assert_cmpstr (z->id, ==, "colonial-placement");
  refused (game, "place knyp 20,16 0", "colonial places");
  refused (game, "place maxwell 18.5,13 180", "must be in zone colonial-placement");
  place_side (game, file);
  ok (game, "end-setup");
  g_assert_cmpint (rdt_gl_game_get_phase (game), ==, RDT_GL_PHASE_COMMANDS);
  g_assert_null (rdt_gl_game_get_setup_zone (game));
  /* Start Options: the right wing starts on Turn 4, with C in the cup. */
  g_assert_cmpint (rdt_gl_game_get_turn (game), ==, 4);
  g_assert_true (in_cup (game, "c") && in_cup (game, "k") && in_cup (game, "w") && in_cup (game, "g") &&
                 in_cup (game, "s"));
  g_assert_true (has_off_map (game, "crwl"));
  refused (game, "place knyp 20,16 0", "set-up is over");
  /* The set-up replays from the log (undo replays it). */
  {
    g_autofree char *d1 = rdt_gl_game_digest (game);
    g_autofree char *d2 = NULL;
    ok (game, "pull");
    g_assert_true (rdt_gl_game_undo (game, NULL));
    d2 = rdt_gl_game_digest (game);
    g_assert_cmpstr (d1, ==, d2);
  }
}

/* Setup: "where its terrain can be entered"; Terrain Effects, Marsh: "No
 * Artillery or Cavalry". */
static void
test_setup_terrain_marsh (void)
{
  g_autoptr(RdtGlGame) game = rdt_gl_game_new (bundled (), 7);

  ok (game, "option reinforcements centre");
  refused (game, "place k-artillery 5.5,14.8 0", "Marsh: No Artillery or Cavalry");
  ok (game, "place 71st 5.5,14.8 0");
  /* Re-placing a piece moves it. */
  ok (game, "place 71st 21,13.2 0");
  ok (game, "place k-artillery 5.5,16.8 0");
}

/* Start Options: "British reinforcements enter from the centre: Start the
 * game on Turn 1"; "from the right or left wing: Start the game on Turn 4". */
static void
test_start_options (void)
{
  static const struct { const char *option; int turn; } cases[] = {
    { "centre", 1 }, { "right", 4 }, { "left", 4 },
  };

  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      g_autoptr(RdtGlGame) game = rdt_gl_game_new (bundled (), 3);
      g_autofree char *line = g_strdup_printf ("option reinforcements %s", cases[k].option);
      g_autofree char *res = ok_result (game, line);
      g_assert_cmpint (rdt_gl_game_get_turn (game), ==, cases[k].turn);
      g_assert_nonnull (strstr (res, "Start Options"));
    }
  {
    g_autoptr(RdtGlGame) game = rdt_gl_game_new (bundled (), 3);
    refused (game, "option reinforcements north", "right");
    refused (game, "option early-start", "note the reinforcement zone first");
    ok (game, "option reinforcements centre");
    refused (game, "option reinforcements left", "already noted");
    /* Two turns early from Turn 1 has no turn to start on. */
    refused (game, "option early-start", "Early Start Option");
  }
}

/* Setup: the command not placed "enters the map on Turn 1, from one of the
 * three zones"; "All units may be placed at setup or enter the map in Road
 * Column"; pieces not yet entered are off map. */
static void
test_reinforcements_enter (void)
{
  g_autoptr(RdtGridless) file = bundled ();
  g_autoptr(RdtGlGame) game = rdt_gl_game_new (bundled (), 11);
  int turn = 0;
  const RdtGlZone *z;

  ok (game, "option reinforcements right");
  place_side (game, file);
  ok (game, "end-setup");
  place_side (game, file);
  ok (game, "end-setup");
  z = rdt_gl_game_get_entry_zone (game, "grenadiers", &turn);
  g_assert_nonnull (z);
  g_assert_cmpstr (z->id, ==, "right-wing");
  g_assert_cmpint (turn, ==, 4);
  g_assert_null (rdt_gl_game_get_entry_zone (game, "ferguson", NULL));
  refused (game, "move grenadiers 34.5,1", "off map");
  pull_until (game, "c");
  refused (game, "enter ferguson 34.5,1 0", "not off map");
  refused (game, "enter grenadiers 20,22 0", "must be in zone right-wing");
  ok (game, "enter grenadiers 34.5,1 0");
  g_assert_false (has_off_map (game, "grenadiers"));
  g_assert_false (rdt_gridless_find_piece (rdt_gl_game_get_gridless (game), "grenadiers")->destroyed);
  refused (game, "enter grenadiers 34.5,2 0", "not off map");
  refused (game, "move grenadiers 34.5,2", "already moved");
  /* No road runs through the (schematic) right-wing zone: a Road Column
   * needs one ("Turn piece lengthwise along the road"). */
  refused (game, "enter mathew 35.4,2 0 column", "Turn piece lengthwise along the road");
  ok (game, "enter mathew 35.4,2 0");
  g_assert_false (rdt_gridless_find_piece (rdt_gl_game_get_gridless (game), "mathew")->road_column);
  ok (game, "enter crwl 34.5,3 0");
  g_assert_true (has_off_map (game, "16th"));
  /* A piece of another command enters when its chit is pulled. */
  if (rdt_gl_game_get_cup (game)->len > 0)
    {
      ok (game, "pull");
      refused (game, "enter 16th 34.5,5 0", "not of the pulled command");
    }
}

/* Early Start Option: "starting the game two turns early and advancing the
 * British first command onto the map"; "The first command enters the map
 * along the main road and waits/deploys between Turns 2 and 3. Then, on
 * Turn 4, the second wing enters the map." */
static void
test_early_start (void)
{
  g_autoptr(RdtGridless) file = bundled ();
  g_autoptr(RdtGlGame) game = rdt_gl_game_new (bundled (), 5);
  int turn = 0;

  ok (game, "option reinforcements right");
  ok (game, "option early-start");
  g_assert_cmpint (rdt_gl_game_get_turn (game), ==, 2);
  /* The British have nothing to place: the first command enters. */
  g_assert_cmpstr (rdt_gl_game_get_setup_zone (game)->id, ==, "colonial-placement");
  g_assert_cmpstr (rdt_gl_game_get_entry_zone (game, "ferguson", &turn)->id, ==, "main-road");
  g_assert_cmpint (turn, ==, 2);
  g_assert_cmpstr (rdt_gl_game_get_entry_zone (game, "grenadiers", &turn)->id, ==, "right-wing");
  g_assert_cmpint (turn, ==, 4);
  place_side (game, file);
  ok (game, "end-setup");
  g_assert_cmpint (rdt_gl_game_get_phase (game), ==, RDT_GL_PHASE_COMMANDS);
  g_assert_true (in_cup (game, "k"));
  g_assert_false (in_cup (game, "c"));
  pull_until (game, "k");
  refused (game, "enter ferguson 20,23.5 0", "along the main road");
  /* Along the main road: lengthwise on it (Road Column). */
  refused (game, "enter ferguson 20,23.5 0 column", "Turn piece lengthwise along the road");
  ok (game, "enter ferguson 20,23.5 90 column");
  /* Howe (no chit) comes with the first command. */
  refused (game, "enter howe 19.4,22 90 column", "the axis is 0.600 inch from it");
  ok (game, "enter howe 20,22 270 column");
  while (rdt_gl_game_get_cup (game)->len > 0)
    ok (game, "pull");
  ok (game, "combat");
  ok (game, "end-turn");
  g_assert_cmpint (rdt_gl_game_get_turn (game), ==, 3);
  g_assert_false (in_cup (game, "c"));
  while (rdt_gl_game_get_cup (game)->len > 0)
    {
      ok (game, "pull");
      if (g_strcmp0 (rdt_gl_game_get_current (game), "k") == 0)
        ok (game, "enter 71st 20,22.5 90 column");
    }
  ok (game, "combat");
  ok (game, "end-turn");
  g_assert_cmpint (rdt_gl_game_get_turn (game), ==, 4);
  g_assert_true (in_cup (game, "c"));
  pull_until (game, "c");
  ok (game, "enter grenadiers 34.5,1 0");
}

/* Brandywine, Commanders: "Howe has no command chit. Howe moves together
 * with whichever one of the two British Commands moves. Howe can move only
 * once per turn." */
static void
test_howe (void)
{
  g_autoptr(RdtGlGame) game = rdt_gl_game_new (bundled (), 9);
  gboolean moved_with[2] = { FALSE, FALSE };

  g_assert_false (in_cup (game, "howe"));
  for (int turn = 0; turn < 6 && !(moved_with[0] && moved_with[1]); turn++)
    {
      gboolean moved = FALSE;
      while (rdt_gl_game_get_cup (game)->len > 0)
        {
          const char *cur;
          ok (game, "pull");
          cur = rdt_gl_game_get_current (game);
          if (g_strcmp0 (cur, "w") == 0 || g_strcmp0 (cur, "g") == 0 || g_strcmp0 (cur, "s") == 0)
            refused (game, "move howe 31,19.8", moved ? "already moved this turn" : "not of the pulled command");
          else if (!moved && (turn % 2 == 0 ? g_strcmp0 (cur, "k") == 0 : g_strcmp0 (cur, "c") == 0))
            {
              ok (game, turn % 2 == 0 ? "move howe 31,19.9" : "move howe 31,20");
              moved = TRUE;
              moved_with[g_strcmp0 (cur, "c") == 0] = TRUE;
              refused (game, "move howe 31,19.8", "already moved this turn");
            }
          else if (moved)
            refused (game, "move howe 31,19.8", "already moved this turn");
        }
      ok (game, "combat");
      ok (game, "end-turn");
    }
  g_assert_true (moved_with[0] && moved_with[1]);
}

/* ---------------------------------------------------------------- victory */

/* Objectives: prose only ("Transcriber note: ... does not print a numbered
 * victory-point table"): at the scenario's last turn the game reports and
 * says the winner is not decided by the rules text. */
static void
test_victory_not_decided (void)
{
  RdtGridless *g = bundled ();
  g_autoptr(RdtGlGame) game = NULL;
  g_autofree char *res = NULL;

  g_assert_true (g->has_victory);
  g_assert_true (g->last_turn_provisional);
  g->last_turn = 2;
  game = rdt_gl_game_new (g, 4);
  for (int turn = 1; turn <= 2; turn++)
    {
      while (rdt_gl_game_get_cup (game)->len > 0)
        ok (game, "pull");
      ok (game, "combat");
      if (turn == 1)
        ok (game, "end-turn");
    }
  res = ok_result (game, "end-turn");
  g_assert_cmpint (rdt_gl_game_get_phase (game), ==, RDT_GL_PHASE_OVER);
  g_assert_nonnull (strstr (res, "the last turn (2) is over"));
  g_assert_nonnull (strstr (res, "not decided by the rules text"));
  g_assert_nonnull (strstr (res, "british: losses 0"));
  g_assert_nonnull (strstr (res, "colonial: losses 0"));
  g_assert_nonnull (strstr (res, "keeping it intact is essential"));
  g_assert_nonnull (strstr (res, "(provisional)"));
  refused (game, "pull", "the game is over");
  g_assert_true (rdt_gl_game_undo (game, NULL));
  g_assert_cmpint (rdt_gl_game_get_phase (game), ==, RDT_GL_PHASE_COMBAT);
}

static const char *victory_xml =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<gridless-scenario xmlns=\"urn:x-redoubt:format\" format-version=\"1\" id=\"t\" system=\"pub-battles\">\n"
  "  <title>t</title>\n"
  "  <gridless-map width=\"20\" height=\"20\">\n"
  "  </gridless-map>\n"
  "  <piece-types>\n"
  "    <piece-type type=\"hq\" width=\"0.75\" depth=\"0.375\" move=\"12\"/>\n"
  "    <piece-type type=\"infantry\" width=\"0.75\" depth=\"0.375\" move=\"6\"/>\n"
  "    <piece-type type=\"dragoons\" width=\"0.75\" depth=\"0.375\" move=\"12\"/>\n"
  "    <piece-type type=\"baggage\" width=\"0.75\" depth=\"0.375\" move=\"6\"/>\n"
  "  </piece-types>\n"
  "  <sides>\n"
  "    <side id=\"red\" name=\"Red\"/>\n"
  "    <side id=\"blue\" name=\"Blue\"/>\n"
  "  </sides>\n"
  "  <commands>\n"
  "    <command id=\"a\" name=\"A\" side=\"red\" hq=\"a-hq\" chit=\"A\"/>\n"
  "    <command id=\"b\" name=\"B\" side=\"blue\" hq=\"b-hq\" chit=\"B\"/>\n"
  "  </commands>\n"
  "  <pieces>\n"
  "    <piece id=\"a-hq\" side=\"red\" command=\"a\" type=\"hq\" at=\"17,18\" facing=\"0\" status=\"fresh\" quality=\"regular\" formation=\"line\"/>\n"
  "    <piece id=\"a-inf\" side=\"red\" command=\"a\" type=\"infantry\" at=\"17,15\" facing=\"0\" status=\"fresh\" quality=\"regular\" formation=\"line\"/>\n"
  "    <piece id=\"b-hq\" side=\"blue\" command=\"b\" type=\"hq\" at=\"10,2\" facing=\"180\" status=\"fresh\" quality=\"regular\" formation=\"line\"/>\n"
  "    <piece id=\"b-inf\" side=\"blue\" command=\"b\" type=\"infantry\" at=\"4,5\" facing=\"180\" status=\"fresh\" quality=\"regular\" formation=\"line\"/>\n"
  "    <piece id=\"b-train\" side=\"blue\" command=\"b\" type=\"baggage\" at=\"19,11.6\" facing=\"180\" status=\"fresh\" quality=\"regular\" formation=\"line\"/>\n"
  "  </pieces>\n"
  "  <zones>\n"
  "    <zone id=\"ford\" name=\"The ford\" kind=\"objective\" side=\"red\" points=\"13,8 17,8 17,10.5 13,10.5 13,8\"/>\n"
  "  </zones>\n"
  "  <victory last-turn=\"1\">\n"
  "    <condition winner=\"red\" kind=\"holds\" side=\"red\" at-least=\"1\" zone=\"ford\" provisional=\"true\" text=\"Red holds the ford\"/>\n"
  "    <condition winner=\"red\" kind=\"losses\" side=\"blue\" at-least=\"2\"/>\n"
  "    <condition winner=\"blue\" kind=\"ineffective\" side=\"red\" at-least=\"1\"/>\n"
  "  </victory>\n"
  "</gridless-scenario>\n";

static RdtGridless *
load_text (const char *text,
           guint      *errors)
{
  g_autoptr(GBytes) bytes = g_bytes_new (text, strlen (text));
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(GError) error = NULL;
  RdtGridless *g = rdt_gridless_load_from_bytes (bytes, "victory.redoubt", diagnostics, &error);

  *errors = g != NULL ? rdt_diagnostics_count (diagnostics, RDT_SEVERITY_ERROR) : 1000;
  for (guint i = 0; g_test_verbose () && i < diagnostics->len; i++)
    g_test_message ("%s", ((RdtDiagnostic *) g_ptr_array_index (diagnostics, i))->message);
  return g;
}

/* The <victory> conditions users enter: loaded, validated, written back,
 * evaluated in file order at the last turn; Optional Baggage Trains:
 * "Destroyed Baggage Trains count double for victory". */
static void
test_victory_conditions (void)
{
  guint errors;
  g_autoptr(RdtGridless) g = load_text (victory_xml, &errors);
  g_autoptr(GBytes) bytes = NULL;

  g_assert_nonnull (g);
  g_assert_cmpuint (errors, ==, 0);
  g_assert_cmpuint (g->conditions->len, ==, 3);
  bytes = rdt_gridless_to_bytes (g, NULL);
  g_assert_cmpmem (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), victory_xml, strlen (victory_xml));

  /* Errors the loader names. */
  {
    static const struct { const char *from, *to; } bad[] = {
      { "winner=\"red\" kind=\"holds\"", "winner=\"green\" kind=\"holds\"" },
      { "zone=\"ford\" provisional", "zone=\"nowhere\" provisional" },
      { "kind=\"losses\" side=\"blue\"", "kind=\"losses\" side=\"blue\" zone=\"ford\"" },
      { "<victory last-turn=\"1\">", "<victory last-turn=\"0\">" },
      { "kind=\"objective\" side=\"red\"", "kind=\"placement\" side=\"red\"" },
    };
    for (guint k = 0; k < G_N_ELEMENTS (bad); k++)
      {
        g_autoptr(GString) t = g_string_new (victory_xml);
        g_autoptr(RdtGridless) b = NULL;
        g_assert_cmpint (g_string_replace (t, bad[k].from, bad[k].to, 1), ==, 1);
        b = load_text (t->str, &errors);
        if (errors == 0)
          g_error ("“%s” accepted", bad[k].to);
      }
  }

  /* Holds: red alone in the ford wins by the first condition. */
  {
    g_autoptr(RdtGlGame) game = rdt_gl_game_new (load_text (victory_xml, &errors), 2);
    g_autofree char *res = NULL;
    g_autofree char *mid = NULL;
    pull_until (game, "a");
    ok (game, "move a-inf 16,9.5");
    mid = rdt_gl_game_victory_report (game);
    g_assert_nonnull (strstr (mid, "the game goes on"));
    g_assert_nonnull (strstr (mid, "if the game ended now"));
    while (rdt_gl_game_get_cup (game)->len > 0)
      ok (game, "pull");
    ok (game, "combat");
    res = ok_result (game, "end-turn");
    g_assert_nonnull (strstr (res, "Winner: red, by the scenario's condition at line 31 (provisional"));
    g_assert_nonnull (strstr (res, "red alone holds zone ford — Red holds the ford"));
  }
  /* Optional Baggage Trains: the train in contact with the enemy at the
   * beginning of Combat is destroyed and counts 2: red wins by losses. */
  {
    g_autoptr(RdtGlGame) game = rdt_gl_game_new (load_text (victory_xml, &errors), 2);
    g_autofree char *combat = NULL, *res = NULL;
    ok (game, "option baggage");
    pull_until (game, "a");
    ok (game, "move a-inf 19,11.975");
    while (rdt_gl_game_get_cup (game)->len > 0)
      ok (game, "pull");
    combat = ok_result (game, "combat");
    g_assert_nonnull (strstr (combat, "b-train in contact with a-inf is destroyed"));
    g_assert_true (rdt_gl_game_get_state (game, "b-train")->destroyed);
    res = ok_result (game, "end-turn");
    g_assert_nonnull (strstr (res, "blue: losses 2 (destroyed pieces; 1 Baggage Train counted double"));
    g_assert_nonnull (strstr (res, "destroyed: b-train;"));
    g_assert_nonnull (strstr (res, "Winner: red, by the scenario's condition at line 32: blue losses at least 2"));
  }
  /* Without the option the train is not destroyed. */
  {
    g_autoptr(RdtGlGame) game = rdt_gl_game_new (load_text (victory_xml, &errors), 2);
    g_autofree char *res = NULL;
    pull_until (game, "a");
    ok (game, "move a-inf 19,11.975");
    while (rdt_gl_game_get_cup (game)->len > 0)
      ok (game, "pull");
    ok (game, "combat");
    g_assert_false (rdt_gl_game_get_state (game, "b-train")->destroyed);
    ok (game, "end-combat");
    res = ok_result (game, "end-turn");
    g_assert_nonnull (strstr (res, "none of the scenario's conditions is met"));
  }
}

static const char *river_xml =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<gridless-scenario xmlns=\"urn:x-redoubt:format\" format-version=\"1\" id=\"r\" system=\"pub-battles\">\n"
  "  <title>r</title>\n"
  "  <gridless-map width=\"20\" height=\"20\">\n"
  "    <area id=\"house\" kind=\"buildings\" points=\"4,14 6,14 6,16 4,16 4,14\"/>\n"
  "    <water id=\"river\" kind=\"river\" shape=\"area\" points=\"0,9.5 20,9.5 20,10.5 0,10.5 0,9.5\"/>\n"
  "  </gridless-map>\n"
  "  <piece-types>\n"
  "    <piece-type type=\"hq\" width=\"0.75\" depth=\"0.375\" move=\"12\"/>\n"
  "    <piece-type type=\"infantry\" width=\"0.75\" depth=\"0.375\" move=\"6\"/>\n"
  "    <piece-type type=\"dragoons\" width=\"0.75\" depth=\"0.375\" move=\"12\"/>\n"
  "  </piece-types>\n"
  "  <sides>\n"
  "    <side id=\"red\" name=\"Red\"/>\n"
  "    <side id=\"blue\" name=\"Blue\"/>\n"
  "  </sides>\n"
  "  <commands>\n"
  "    <command id=\"a\" name=\"A\" side=\"red\" hq=\"a-hq\" chit=\"A\"/>\n"
  "    <command id=\"c\" name=\"C\" side=\"red\" chit=\"C\"/>\n"
  "    <command id=\"b\" name=\"B\" side=\"blue\" chit=\"B\"/>\n"
  "  </commands>\n"
  "  <pieces>\n"
  "    <piece id=\"a-hq\" side=\"red\" command=\"a\" type=\"hq\" at=\"10,18\" facing=\"0\" status=\"fresh\" quality=\"regular\" formation=\"line\"/>\n"
  "    <piece id=\"a-inf\" side=\"red\" command=\"a\" type=\"infantry\" at=\"10,15\" facing=\"0\" status=\"fresh\" quality=\"regular\" formation=\"line\"/>\n"
  "    <piece id=\"c-inf\" side=\"red\" command=\"c\" type=\"infantry\" at=\"15,15\" facing=\"0\" status=\"fresh\" quality=\"regular\" formation=\"line\"/>\n"
  "    <piece id=\"b-inf\" side=\"blue\" command=\"b\" type=\"infantry\" at=\"10,3\" facing=\"180\" status=\"fresh\" quality=\"regular\" formation=\"line\"/>\n"
  "  </pieces>\n"
  "  <zones>\n"
  "    <zone id=\"red-zone\" kind=\"placement\" side=\"red\" commands=\"a\" order=\"1\" points=\"0,8 20,8 20,20 0,20 0,8\"/>\n"
  "    <zone id=\"blue-zone\" kind=\"placement\" side=\"blue\" commands=\"b\" order=\"2\" points=\"0,0 20,0 20,9 0,9 0,0\"/>\n"
  "    <zone id=\"east\" kind=\"reinforcement\" side=\"red\" commands=\"c\" option=\"east\" turn=\"2\" points=\"18,12 20,12 20,20 18,20 18,12\"/>\n"
  "  </zones>\n"
  "</gridless-scenario>\n";

/* Setup: "where its terrain can be entered" (Terrain Effects, Rivers: "Cross
 * only at bridges or fords"; Buildings: "Pieces in Buildings become Spent");
 * a command in no zone is an error of the file. */
static void
test_setup_river_buildings (void)
{
  guint errors;
  g_autoptr(RdtGlGame) game = rdt_gl_game_new (load_text (river_xml, &errors), 1);

  g_assert_cmpuint (errors, ==, 0);
  ok (game, "option reinforcements east");
  g_assert_cmpint (rdt_gl_game_get_turn (game), ==, 2);
  refused (game, "place a-inf 10,10 0", "Rivers: cross only at bridges or fords");
  ok (game, "place a-inf 5,15 0");
  g_assert_true (rdt_gridless_find_piece (rdt_gl_game_get_gridless (game), "a-inf")->spent);
  {
    g_autoptr(GString) t = g_string_new (river_xml);
    g_autoptr(RdtGridless) bad = NULL;
    g_assert_cmpint (g_string_replace (t, "commands=\"c\" option", "commands=\"a\" option", 1), ==, 1);
    bad = load_text (t->str, &errors);
    g_assert_cmpuint (errors, >, 0);
  }
}

/* ---------------------------------------------------- Optional Baggage */

/* Optional Baggage Trains: "Inf and Art must be within 1/3 Mounted move of
 * a Baggage Train to Rally"; "Each Baggage Train can only Rally 1 piece per
 * turn"; "Cavalry does not normally require Baggage to Rally". */
static void
test_baggage_rally (void)
{
  RdtGridless *g = small_battle ();
  g_autoptr(RdtGlGame) game = NULL;

  add_piece (g, "a-inf2", "red", "a", RDT_GL_INFANTRY, 14, 20, 0)->spent = TRUE;
  add_piece (g, "a-inf3", "red", "a", RDT_GL_INFANTRY, 16, 21, 0)->spent = TRUE;
  add_piece (g, "a-far", "red", "a", RDT_GL_INFANTRY, 25, 27, 0)->spent = TRUE;
  add_piece (g, "a-cav", "red", "a", RDT_GL_DRAGOONS, 25, 25, 0)->spent = TRUE;
  add_piece (g, "a-train", "red", "a", RDT_GL_BAGGAGE, 14, 23, 0);
  game = rdt_gl_game_new (g, 8);
  ok (game, "option baggage");
  pull_until (game, "a");
  /* 1/3 Mounted move = 4 in. between the blocks (G9). */
  refused (game, "rally a-far", "must be within 1/3 Mounted move of a Baggage Train");
  ok (game, "rally a-cav");
  ok (game, "rally a-inf2");
  g_assert_true (rdt_gl_game_get_state (game, "a-train")->baggage_used);
  refused (game, "rally a-inf3", "only Rally 1 piece per turn");
  while (rdt_gl_game_get_cup (game)->len > 0)
    ok (game, "pull");
  ok (game, "combat");
  ok (game, "end-turn");
  g_assert_false (rdt_gl_game_get_state (game, "a-train")->baggage_used);
  pull_until (game, "a");
  ok (game, "rally a-inf3");
  /* Without the option the same rally needs no train. */
  {
    RdtGridless *h = small_battle ();
    g_autoptr(RdtGlGame) plain = NULL;
    add_piece (h, "a-far", "red", "a", RDT_GL_INFANTRY, 25, 27, 0)->spent = TRUE;
    plain = rdt_gl_game_new (h, 8);
    pull_until (plain, "a");
    ok (plain, "rally a-far");
  }
}

/* ------------------------------------------------------------- retreat */

/* Retreat: "If friendly pieces are in the way it can simply retreat
 * further": beyond 1/3 move only while on friendly pieces, ending at the
 * first place clear of them. */
static void
test_retreat_further (void)
{
  RdtGridless *g = small_battle ();
  g_autoptr(RdtGlGame) game = NULL;

  /* The friend's block spans y 21.7125 .. 22.0875; a-inf (y 20) retreats
   * south; 1/3 move is 2 in. */
  add_piece (g, "a-inf2", "red", "a", RDT_GL_INFANTRY, 10, 21.9, 0);
  game = rdt_gl_game_new (g, 1);
  ok (game, "pull");
  ok (game, "pull");
  ok (game, "combat");
  refused (game, "retreat a-inf 10,22", "may not end on another piece");
  refused (game, "retreat a-inf 10,22.6", "it may go further only while friendly pieces are in the way");
  refused (game, "retreat a-inf 10,20.5 10,22.6", "it may go further only while friendly pieces are in the way");
  ok (game, "retreat a-inf 10,22.28");
  g_assert_cmpfloat (rdt_gridless_find_piece (rdt_gl_game_get_gridless (game), "a-inf")->centre.y, ==, 22.28);
  /* No friend in the way: 1/3 move only. */
  {
    g_autoptr(RdtGlGame) lone = rdt_gl_game_new (small_battle (), 1);
    ok (lone, "pull");
    ok (lone, "pull");
    ok (lone, "combat");
    refused (lone, "retreat a-inf 10,22.28", "a retreat is a 1/3 move");
    ok (lone, "retreat a-inf 10,22");
  }
}

/* The Attacker ("The Attacker is the piece that moved creating the Combat")
 * and the pieces of the Combat declared by engage are in the digest, so a
 * replay that differs in them does not compare equal. */
static void
test_digest_flags (void)
{
  RdtGridless *g = small_battle ();
  g_autoptr(RdtGlGame) game = NULL;
  g_autofree char *d0 = NULL, *d1 = NULL, *d2 = NULL, *text = NULL;

  ((RdtGlPiece *) rdt_gridless_find_piece (g, "b-inf"))->centre = rdt_point (10, 13);
  game = rdt_gl_game_new (g, 1);
  pull_until (game, "a");
  d0 = rdt_gl_game_describe (game);
  g_assert_null (strstr (d0, " attacker"));
  ok (game, "move a-inf 10,14.5");
  text = rdt_gl_game_describe (game);
  g_assert_nonnull (strstr (text, " attacker"));
  while (rdt_gl_game_get_cup (game)->len > 0)
    ok (game, "pull");
  ok (game, "combat");
  /* Equal Command Ratings (3 and 3): either side gives the order. */
  ok (game, "order red a-inf");
  d1 = rdt_gl_game_digest (game);
  ok (game, "engage a-inf b-inf");
  g_free (text);
  text = rdt_gl_game_describe (game);
  g_assert_nonnull (strstr (text, " engaged"));
  d2 = rdt_gl_game_digest (game);
  g_assert_cmpstr (d1, !=, d2);
}

/* ------------------------------------------------ Optional Hidden Reserves */

/* Optional Hidden Reserves: "Your pieces on the board ... can move onto
 * Reserve Cards by moving "into" the matching HQ"; "HQs can only move at the
 * speed of the slowest piece they have on their card"; "They move out of
 * Reserve by placing them on the board by the HQ and conducting a regular
 * move"; "If the HQ is Spotted, all of its Reserve pieces must be placed on
 * the board AFTER the move is complete"; "within 1/3 Cav move at or behind
 * the HQ (away from the enemy)". */
static void
test_hidden_reserves (void)
{
  RdtGridless *g = small_battle ();
  g_autoptr(RdtGlGame) game = NULL;
  g_autofree char *res = NULL, *d = NULL;

  /* a-hq in front of a-inf; b-inf far (LOS: at most 1 Foot move, 6 in.). */
  ((RdtGlPiece *) rdt_gridless_find_piece (g, "a-hq"))->centre = rdt_point (10, 18);
  game = rdt_gl_game_new (g, 4);
  refused (game, "reserve a-inf a-hq", "not in use");
  ok (game, "option hidden-reserves");
  pull_until (game, "a");
  ok (game, "reserve a-inf a-hq");
  g_assert_cmpstr (rdt_gl_game_get_state (game, "a-inf")->reserve_of, ==, "a-hq");
  g_assert_true (rdt_gridless_find_piece (rdt_gl_game_get_gridless (game), "a-inf")->destroyed);
  d = rdt_gl_game_describe (game);
  g_assert_nonnull (strstr (d, " reserve:a-hq"));
  refused (game, "move a-inf 10,19", "Reserve Card of a-hq");
  /* The HQ at the infantry's speed: 6 in., not its own 12. */
  refused (game, "move a-hq 10,11", "speed of the slowest piece");
  ok (game, "move a-hq 10,17");
  refused (game, "reveal a-inf 10,19 0", "is not Spotted");
  /* Blue comes within sight of the HQ: the Reserve must be placed. */
  while (rdt_gl_game_get_cup (game)->len > 0)
    {
      ok (game, "pull");
      if (g_strcmp0 (rdt_gl_game_get_current (game), "b") == 0)
        {
          res = ok_result (game, "move b-inf 10,12.5");
          g_assert_nonnull (strstr (res, "a-hq is Spotted by b-inf"));
        }
    }
  refused (game, "combat", "a-hq is Spotted by b-inf");
  refused (game, "reveal a-inf 10,16 0", "at or behind the HQ");
  refused (game, "reveal a-inf 10,23 0", "within 1/3 Cav move");
  ok (game, "reveal a-inf 10,18.5 0");
  g_assert_null (rdt_gl_game_get_state (game, "a-inf")->reserve_of);
  g_assert_false (rdt_gridless_find_piece (rdt_gl_game_get_gridless (game), "a-inf")->destroyed);
  ok (game, "combat");
}

/* Deploying: placed by the HQ, then a regular move. */
static void
test_hidden_reserves_deploy (void)
{
  RdtGridless *g = small_battle ();
  g_autoptr(RdtGlGame) game = NULL;

  ((RdtGlPiece *) rdt_gridless_find_piece (g, "a-hq"))->centre = rdt_point (10, 18);
  game = rdt_gl_game_new (g, 4);
  ok (game, "option hidden-reserves");
  pull_until (game, "a");
  ok (game, "reserve a-inf a-hq");
  while (rdt_gl_game_get_cup (game)->len > 0)
    ok (game, "pull");
  ok (game, "combat");
  ok (game, "end-turn");
  pull_until (game, "a");
  /* From the HQ (10,18), a 6 in. move at most. */
  refused (game, "deploy a-inf 10,11.5 0", "cannot reach");
  ok (game, "deploy a-inf 10,13 0");
  g_assert_cmpfloat (rdt_gridless_find_piece (rdt_gl_game_get_gridless (game), "a-inf")->centre.y, ==, 13);
  refused (game, "deploy a-inf 10,12 0", "not in Reserve");
  /* "Pieces can begin the game in Reserve". */
  {
    g_autoptr(RdtGlGame) setup = rdt_gl_game_new (bundled (), 4);
    ok (setup, "option hidden-reserves");
    ok (setup, "option reinforcements right");
    refused (setup, "reserve ferguson knyp", "not a friendly HQ on the map");
    ok (setup, "place knyp 20,15 0");
    ok (setup, "reserve ferguson knyp");
    g_assert_cmpstr (rdt_gl_game_get_state (setup, "ferguson")->reserve_of, ==, "knyp");
    /* Placed on the board after all. */
    ok (setup, "place ferguson 19,13 0");
    g_assert_null (rdt_gl_game_get_state (setup, "ferguson")->reserve_of);
    g_assert_false (rdt_gridless_find_piece (rdt_gl_game_get_gridless (setup), "ferguson")->destroyed);
    ok (setup, "reserve ferguson knyp");
    refused (setup, "end-setup", "howe is not placed");
    ok (setup, "place howe 31,20 0");
    refused (setup, "end-setup", "71st is not placed");
  }
}

/* Reassignment: "Before the game starts, you can reassign pieces to other
 * commands"; Command Size Limits: "Min: 2 pieces", "Max: Largest historical
 * Command of that army (see OB), +1 piece" (Brandywine: C has 9 pieces
 * besides its HQ, so at most 10). */
static void
test_reassignment (void)
{
  g_autoptr(RdtGlGame) game = rdt_gl_game_new (bundled (), 4);
  const RdtGridless *g = rdt_gl_game_get_gridless (game);

  refused (game, "option reassign ferguson c", "option hidden-reserves");
  ok (game, "option hidden-reserves");
  refused (game, "option reassign ferguson w", "not a command of ferguson's army");
  refused (game, "option reassign knyp c", "is an HQ");
  ok (game, "option reassign ferguson c");
  g_assert_cmpstr (rdt_gridless_find_piece (g, "ferguson")->command, ==, "c");
  {
    g_autofree char *d = rdt_gl_game_describe (game);
    g_assert_nonnull (strstr (d, "\nferguson 19.000000,13.000000 0.000000 fresh reassigned:c\n"));
  }
  refused (game, "option reassign 71st c", "Max: the largest historical Command of that army, +1 piece (10)");
  ok (game, "option reassign j-grant howe");
  ok (game, "option reassign grant howe");
  ok (game, "option reassign stirn howe");
  ok (game, "option reassign k-baggage howe");
  refused (game, "option reassign 71st howe", "Min: 2 pieces");
  /* Treated as a regular part of that command: Ferguson moves with C. */
  pull_until (game, "k");
  refused (game, "move ferguson 19,12.9", "not of the pulled command");
  refused (game, "option reassign 71st c", "before the first action");
  /* Undo back to the file's commands. */
  while (rdt_gl_game_get_log (game)->len > 0)
    g_assert_true (rdt_gl_game_undo (game, NULL));
  g_assert_cmpstr (rdt_gridless_find_piece (g, "ferguson")->command, ==, "k");
}

/* ------------------------------------------------------------------ CLI */

static int
run_cli (const char *const *args,
         char              **out)
{
  const char *cli = g_getenv ("REDOUBT_CLI");
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *err = NULL;
  g_autofree char *ignored = NULL;
  int status = -1;

  g_assert_nonnull (cli);
  g_ptr_array_add (argv, (gpointer) cli);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                out != NULL ? out : &ignored, &err, &status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status));
  if (WEXITSTATUS (status) != 0 && err != NULL)
    g_printerr ("%s", err);
  return WEXITSTATUS (status);
}

static char *
digest_line (const char *out)
{
  const char *d = strstr (out, "\ndigest ");

  g_assert_nonnull (d);
  return g_strndup (d + strlen ("\ndigest "), 64);
}

static void
script_do (RdtGlGame  *game,
           GString    *script,
           const char *line)
{
  ok (game, line);
  g_string_append_printf (script, "%s\n", line);
}

/* How the Pieces Move, Road Column: "Turn piece lengthwise along the road";
 * Brandywine Scenario, Setup: "All units may be placed at setup or enter the
 * map in Road Column"; Early Start Option: "The first command enters the map
 * along the main road".  A block placed or entering in Road Column lies
 * lengthwise along a road: its long axis within half its depth (3/16") of
 * the road everywhere (G10 7, the reading "Road Column along a road"). The
 * Great Road runs up x = 20 south of the river; the blocks are 3/4" x 3/8". */
static void
test_road_column_lengthwise (void)
{
  g_autoptr(RdtGridless) file = bundled ();
  g_autoptr(RdtGlGame) game = rdt_gl_game_new (bundled (), 3);
  g_autofree char *r = NULL;

  ok (game, "option reinforcements right");
  /* Across the road (its front edge square to it), beside it, on no road. */
  refused (game, "place ferguson 20,13 0 column", "How the Pieces Move, Road Column");
  refused (game, "place ferguson 20,13 180 column", "Turn piece lengthwise along the road");
  refused (game, "place ferguson 19.5,13 90 column", "the axis is 0.500 inch from it");
  refused (game, "place 71st 21,13.2 0 column", "G10 7");
  refused (game, "place 71st 21,13.2 0 column", "reading: Road Column");
  /* Lengthwise, either way round. */
  r = ok_result (game, "place ferguson 20,13 90 column");
  g_assert_nonnull (strstr (r, "in Road Column"));
  ok (game, "place ferguson 20,13 270 column");
  /* The tolerance: half the depth, 0.1875", at every point of the axis. */
  ok (game, "place ferguson 20.1875,13 90 column");
  refused (game, "place ferguson 20.19,13 90 column", "lengthwise");
  /* Turned off the road's line: the ends of the 3/4" axis stray
   * 0.375·sin(a): 20 degrees (0.128") is along it, 35 (0.215") is not. */
  ok (game, "place ferguson 20,13 110 column");
  ok (game, "place ferguson 20,13 70 column");
  refused (game, "place ferguson 20,13 125 column", "lengthwise");
  /* Placed again without a word, it stays in Road Column; in combat
   * formation ("line") it stands anywhere it may. */
  refused (game, "place ferguson 20,13 0", "“line” puts it in combat formation");
  ok (game, "place ferguson 20,13 0 line");
  ok (game, "place 71st 21,13.2 0");
  place_side (game, file);
  ok (game, "end-setup");
  /* The colonial side: the Great Road bends at 22,6 north of the river. */
  place_side (game, file);
  refused (game, "place pulaski 23,9 0 column", "lengthwise");
  ok (game, "place pulaski 21.5,7.5 108.3 column");
  ok (game, "place pulaski 21.5,7.5 288.3 column");
  refused (game, "place pulaski 21.5,7.5 18.3 column", "lengthwise");
  ok (game, "place pulaski 23,9 180 line");
  ok (game, "end-setup");
  /* Entering (Start Options): no road runs through the schematic right-wing
   * zone, so no piece enters it in Road Column. */
  while (rdt_gl_game_get_turn (game) < 4)
    {
      while (rdt_gl_game_get_cup (game)->len > 0)
        ok (game, "pull");
      ok (game, "combat");
      ok (game, "end-turn");
    }
  pull_until (game, "c");
  refused (game, "enter grenadiers 34.5,1 90 column", "Start Options: grenadiers in Road Column");
  ok (game, "enter grenadiers 34.5,1 90 line");
  g_assert_false (rdt_gridless_find_piece (rdt_gl_game_get_gridless (game), "grenadiers")->road_column);
}

/* The Early Start Option's entry is along the main road named by the zone
 * (road="great-road"): lengthwise on that road, in Road Column. */
static void
test_road_column_main_road (void)
{
  g_autoptr(RdtGridless) file = bundled ();
  g_autoptr(RdtGlGame) game = rdt_gl_game_new (bundled (), 5);

  ok (game, "option reinforcements right");
  ok (game, "option early-start");
  place_side (game, file);
  ok (game, "end-setup");
  pull_until (game, "k");
  refused (game, "enter ferguson 20,23.5 90", "along the main road (great-road)");
  refused (game, "enter ferguson 20,23.5 0 column", "Early Start Option: ferguson in Road Column");
  refused (game, "enter ferguson 20.3,23.5 90 column", "the road great-road must run under the block");
  ok (game, "enter ferguson 20,23.5 90 column");
  /* Not on top of it: "Not stack on top of each other". */
  refused (game, "enter 71st 20,23.2 90 column", "do not stack");
  ok (game, "enter 71st 20,22.75 270 column");
}

/* G10 7, reading "Road Column along a road", decided again by sampling: the
 * long axis of the block (its centre +- half its width along the front
 * edge) at 4001 points, each point's distance to each segment of each road
 * computed here; along a road when every point of one road's samples is
 * within half the depth.  Random blocks near a zig-zag road with sharp
 * bends, a short road and a long straight one. */
static double
seg_distance (RdtPoint p,
              RdtPoint a,
              RdtPoint b)
{
  double dx = b.x - a.x, dy = b.y - a.y, l2 = dx * dx + dy * dy;
  double t = l2 > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / l2 : 0;

  t = t < 0 ? 0 : t > 1 ? 1 : t;
  return hypot (p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

static void
add_road (RdtGridless  *g,
          const char   *id,
          const double *xy,
          guint         n)
{
  RdtGlRoad *r = g_new0 (RdtGlRoad, 1);

  r->id = g_strdup (id);
  r->points = g_array_new (FALSE, FALSE, sizeof (RdtPoint));
  for (guint i = 0; i < n; i++)
    g_array_append_val (r->points, ((RdtPoint) { xy[2 * i], xy[2 * i + 1] }));
  g_ptr_array_add (g->roads, r);
}

static void
test_road_column_vs_sampling (void)
{
  g_autoptr(RdtGridless) g = rdt_gridless_new ();
  static const double zig[] = { 2, 2, 10, 2, 10, 10, 11, 4, 18, 4.3, 26, 26 };
  static const double shorty[] = { 5, 20, 5.4, 20.3 };
  static const double straight[] = { 2, 28, 28, 27 };
  g_autoptr(GRand) rand = g_rand_new_with_seed (1807);
  guint checked = 0, yes = 0, no = 0, skipped = 0;
  const double w = 0.75, d = 0.375, tol = d / 2;

  g->width = g->height = 30;
  for (guint t = 0; t < RDT_GL_N_PIECE_TYPES; t++)
    {
      g->specs[t].present = TRUE;
      g->specs[t].width = w;
      g->specs[t].depth = d;
      g->specs[t].move = 6;
    }
  add_road (g, "zig", zig, G_N_ELEMENTS (zig) / 2);
  add_road (g, "shorty", shorty, G_N_ELEMENTS (shorty) / 2);
  add_road (g, "straight", straight, G_N_ELEMENTS (straight) / 2);
  add_piece (g, "p", "red", NULL, RDT_GL_INFANTRY, 0, 0, 0);
  for (guint iter = 0; iter < 6000; iter++)
    {
      RdtGlPiece *p = g_ptr_array_index (g->pieces, 0);
      const RdtGlRoad *road = g_ptr_array_index (g->roads, g_rand_int_range (rand, 0, g->roads->len));
      guint seg = g_rand_int_range (rand, 0, road->points->len - 1);
      RdtPoint a = g_array_index (road->points, RdtPoint, seg), b = g_array_index (road->points, RdtPoint, seg + 1);
      double t = g_rand_double (rand), heading = atan2 (b.y - a.y, b.x - a.x) * 180 / G_PI;
      double best = G_MAXDOUBLE;
      RdtGlAlongRoad along;
      gboolean sampled;

      /* Near a road (often at a bend), mostly near its direction. */
      if (g_rand_boolean (rand))
        t = g_rand_boolean (rand) ? 0 : 1;
      p->centre = rdt_point (a.x + t * (b.x - a.x) + g_rand_double_range (rand, -0.4, 0.4),
                             a.y + t * (b.y - a.y) + g_rand_double_range (rand, -0.4, 0.4));
      /* The front edge runs along (cos f, sin f) for facing f (x right, y
       * down, clockwise from map-up): facing = heading puts the long axis
       * along the segment. */
      p->facing = g_rand_int_range (rand, 0, 4) == 0 ? g_rand_double_range (rand, 0, 360)
                                                      : fmod (heading + g_rand_double_range (rand, -45, 45) + 720, 360);
      for (guint k = 0; k < g->roads->len; k++)
        {
          const RdtGlRoad *rk = g_ptr_array_index (g->roads, k);
          double worst = 0, fr = p->facing * G_PI / 180;
          RdtPoint side = { cos (fr), sin (fr) };
          for (guint s = 0; s <= 4000; s++)
            {
              double u = (s / 4000.0 - 0.5) * w, dist = G_MAXDOUBLE;
              RdtPoint q = { p->centre.x + u * side.x, p->centre.y + u * side.y };
              for (guint j = 0; j + 1 < rk->points->len; j++)
                dist = MIN (dist, seg_distance (q, g_array_index (rk->points, RdtPoint, j),
                                                g_array_index (rk->points, RdtPoint, j + 1)));
              worst = MAX (worst, dist);
            }
          best = MIN (best, worst);
        }
      /* The samples are 0.75/4000 apart: within that of the tolerance the
       * sampling cannot tell. */
      if (fabs (best - tol) < 2 * w / 4000)
        {
          skipped++;
          continue;
        }
      sampled = best <= tol;
      rdt_gl_along_road (g, p, NULL, &along);
      g_assert_cmpint (along.verdict == RDT_GL_YES, ==, sampled);
      g_assert_true (along.reading == rdt_gl_reading_road_column);
      if (sampled)
        yes++;
      else
        no++;
      checked++;
    }
  g_assert_cmpuint (checked, >, 5000);
  g_assert_cmpuint (yes, >, 300);
  g_assert_cmpuint (no, >, 500);
  g_test_message ("checked %u (along %u, not %u), %u within the sampling step skipped", checked, yes, no, skipped);
}

/* ------------------------------------------------------ order of combat */

static void
put (RdtGridless *g,
     const char  *id,
     double       x,
     double       y,
     double       facing)
{
  RdtGlPiece *p = (RdtGlPiece *) rdt_gridless_find_piece (g, id);

  p->centre = rdt_point (x, y);
  p->facing = facing;
}

/* Two separate Melees south of the river on the bundled map: Grey against
 * Nash, Agnew against Armstrong; then every chit pulled and combat begun. */
static RdtGlGame *
two_combats (RdtGridless *g)
{
  RdtGlGame *game;

  put (g, "grey", 6, 20, 0);
  put (g, "nash", 6, 19.625, 180);
  put (g, "agnew", 10, 20, 0);
  put (g, "armstrong", 10, 19.625, 180);
  game = rdt_gl_game_new (g, 11);
  while (rdt_gl_game_get_cup (game)->len > 0)
    ok (game, "pull");
  ok (game, "combat");
  return game;
}

/* How to Resolve Combat, Order: "The side with the better Command Ratings
 * chooses the order. (For this scenario, the order of combat is decided by
 * the British player. See the Brandywine scenario rules.)"; Brandywine
 * Scenario, HQ Ratings: "The British player decides the order of combat"
 * (scenario data: <commands combat-order="british">).  "Resolve Combats one
 * at a time ... Then resolve the next Combat until there are none left." */
static void
test_combat_order_british (void)
{
  g_autoptr(RdtGlGame) game = two_combats (bundled ());
  g_autofree char *r = NULL, *d0 = NULL, *d1 = NULL, *d2 = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpstr (rdt_gl_game_get_gridless (game)->combat_order, ==, "british");
  /* Nothing is resolved before the chooser's order. */
  refused (game, "engage grey nash", "the british player chooses the order of the Combats first (Brandywine Scenario, HQ Ratings");
  /* The wrong player. */
  refused (game, "order colonial nash armstrong",
           "the british player chooses the order of combat, not the colonial player (Brandywine Scenario, HQ Ratings: The British player decides the order of combat)");
  refused (game, "order british grey stirn", "stirn is in no Combat");
  refused (game, "order british grey grey", "named twice");
  refused (game, "order british howe", "HQs");
  refused (game, "order french grey", "no side");
  d0 = rdt_gl_game_digest (game);
  r = ok_result (game, "order british agnew grey");
  g_assert_nonnull (strstr (r, "order of combat, chosen by the british player (Brandywine Scenario, HQ Ratings"));
  g_assert_nonnull (strstr (r, "1 agnew, 2 grey"));
  /* The order is state: in the digest, undone with the action. */
  d1 = rdt_gl_game_digest (game);
  g_assert_cmpstr (d0, !=, d1);
  g_assert_true (rdt_gl_game_undo (game, &error));
  g_assert_no_error (error);
  d2 = rdt_gl_game_digest (game);
  g_assert_cmpstr (d0, ==, d2);
  ok (game, "order british agnew grey");
  /* Out of the chooser's order: refused, with or without engage. */
  refused (game, "engage grey nash", "the british player's order resolves the Combat of agnew next");
  refused (game, "round grey:nash nash:grey", "“engage” the Combat of agnew first");
  /* The chooser may change the order between Combats. */
  ok (game, "order british grey agnew");
  g_clear_pointer (&r, g_free);
  r = ok_result (game, "engage nash grey");
  g_assert_cmpstr (r, ==, "Combat 1: grey nash; order of the british player: next agnew");
  refused (game, "order british agnew", "a Combat is being resolved");
  refused (game, "round agnew:armstrong", "not within the Combat declared");
  ok (game, "round grey:nash nash:grey");
}

/* Order without the scenario's word: "The side with the better Command
 * Ratings chooses the order" (reading: the higher mean rating).  The
 * bundled ratings are all 3 (provisional): undecided, either side may give
 * the order, and the answer says so; with better British ratings the
 * colonial player may not. */
static void
test_combat_order_ratings (void)
{
  RdtGridless *g = bundled ();
  g_autoptr(RdtGlGame) tie = NULL, better = NULL;
  g_autofree char *r = NULL;

  g_clear_pointer (&g->combat_order, g_free);
  g_clear_pointer (&g->combat_order_rule, g_free);
  tie = two_combats (g);
  refused (tie, "engage grey nash", "the order of the Combats is chosen first");
  r = ok_result (tie, "order colonial armstrong grey");
  g_assert_nonnull (strstr (r, "british 3.00, colonial 3.00; the ratings are provisional"));
  g_assert_nonnull (strstr (r, "undecided, the players settle who chooses"));
  g_assert_nonnull (strstr (r, "higher mean rating"));
  ok (tie, "order british grey");

  g = bundled ();
  g_clear_pointer (&g->combat_order, g_free);
  for (guint i = 0; i < g->commands->len; i++)
    {
      RdtGlCommand *c = g_ptr_array_index (g->commands, i);
      if (g_str_equal (c->side, "british"))
        c->rating = 4;
    }
  better = two_combats (g);
  refused (better, "order colonial armstrong grey",
           "the british player chooses the order of combat, not the colonial player (How to Resolve Combat, Order: the side with the better Command Ratings chooses the order (british 4.00, colonial 3.00");
  ok (better, "order british armstrong grey");
  ok (better, "engage agnew armstrong");
}

/* The chooser as scenario data: <commands combat-order combat-order-rule>
 * round-trips through the writer, and a side that is not one is an error
 * naming file, line and element. */
static void
test_combat_order_data (void)
{
  g_autoptr(RdtGridless) g = bundled ();
  g_autoptr(GBytes) bytes = rdt_gridless_to_bytes (g, NULL);
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtGridless) again = NULL, bad = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GString) wrong = NULL;
  g_autoptr(GBytes) wrong_bytes = NULL;
  gboolean found = FALSE;

  g_assert_nonnull (bytes);
  again = rdt_gridless_load_from_bytes (bytes, "again.redoubt", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (again->combat_order, ==, "british");
  g_assert_cmpstr (again->combat_order_rule, ==, "Brandywine Scenario, HQ Ratings: The British player decides the order of combat");
  text = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  wrong = g_string_new (text);
  g_assert_cmpint (g_string_replace (wrong, "combat-order=\"british\"", "combat-order=\"french\"", 1), ==, 1);
  wrong_bytes = g_bytes_new (wrong->str, wrong->len);
  bad = rdt_gridless_load_from_bytes (wrong_bytes, "wrong.redoubt", diagnostics, &error);
  g_assert_no_error (error);
  g_assert_nonnull (bad);
  rdt_gridless_validate (bad, diagnostics);
  for (guint i = 0; i < diagnostics->len; i++)
    {
      const RdtDiagnostic *d = g_ptr_array_index (diagnostics, i);
      if (d->severity == RDT_SEVERITY_ERROR && g_strcmp0 (d->element, "commands") == 0 && d->line > 0 &&
          strstr (d->message, "combat-order=\"french\" is not a side") != NULL)
        found = TRUE;
    }
  g_assert_true (found);
}

/* The whole bundled scenario from its set-up to its last turn, with the
 * Early Start Option and Optional Baggage Trains: played here, then by
 * `redoubt-cli play` from the same script and seed, saved and replayed: the
 * same state (digest), and the victory report at the end. */
static void
test_cli_whole_game (void)
{
  g_autoptr(RdtGridless) file = bundled ();
  g_autoptr(RdtGlGame) game = rdt_gl_game_new (bundled (), 21);
  g_autoptr(GString) script = g_string_new ("# Brandywine: set-up, early start, every turn to the last\n");
  g_autofree char *src = g_build_filename (g_getenv ("REDOUBT_SOURCE_ROOT"), "scenarios",
                                           "pub-battles-brandywine.redoubt", NULL);
  g_autofree char *dir = g_dir_make_tmp ("rdt-gl-brandywine-XXXXXX", NULL);
  g_autofree char *scenario = g_build_filename (dir, "brandywine.redoubt", NULL);
  g_autofree char *script_path = g_build_filename (dir, "game.txt", NULL);
  g_autofree char *save = g_build_filename (dir, "saved.txt", NULL);
  g_autofree char *text = NULL, *out1 = NULL, *out2 = NULL, *d0 = NULL, *d1 = NULL, *d2 = NULL;
  guint k_slot = 0, c_slot = 0, k_entered = 0;
  /* The main road (x = 20) in the early-entry zone: four blocks' lengths. */
  static const double k_rows[] = { 21.375, 22.125, 22.875, 23.625 };

  script_do (game, script, "option reinforcements right");
  script_do (game, script, "option early-start");
  script_do (game, script, "option baggage");
  for (guint i = 0; i < file->pieces->len; i++)
    {
      const RdtGlPiece *p = g_ptr_array_index (file->pieces, i);
      char x[G_ASCII_DTOSTR_BUF_SIZE], y[G_ASCII_DTOSTR_BUF_SIZE];
      g_autofree char *line = NULL;
      if (g_strcmp0 (p->side, "colonial") != 0)
        continue;
      g_ascii_dtostr (x, sizeof x, p->centre.x);
      g_ascii_dtostr (y, sizeof y, p->centre.y);
      /* The file's example columns face along their road; How the Pieces
       * Move, Road Column: "Turn piece lengthwise along the road". */
      line = g_strdup_printf ("place %s %s,%s %g%s", p->id, x, y, p->road_column ? fmod (p->facing + 90, 360) : p->facing,
                              p->road_column ? " column" : "");
      script_do (game, script, line);
    }
  script_do (game, script, "end-setup");
  g_assert_cmpint (rdt_gl_game_get_turn (game), ==, 2);
  while (rdt_gl_game_get_phase (game) != RDT_GL_PHASE_OVER)
    {
      while (rdt_gl_game_get_cup (game)->len > 0)
        {
          const char *cur;
          script_do (game, script, "pull");
          cur = rdt_gl_game_get_current (game);
          k_entered = 0;
          if (g_strcmp0 (cur, "k") == 0 && k_slot < 9)
            {
              /* The column that entered last turn marches on up the main
               * road (2x, northernmost first: "You cannot move through
               * friendly pieces while moving along the same road"), making
               * room in the entry zone. */
              for (int slot = 0; slot < 4; slot++)
                for (guint i = 0; i < file->pieces->len; i++)
                  {
                    const RdtGlPiece *p = g_ptr_array_index (file->pieces, i);
                    const RdtGlPiece *now = rdt_gridless_find_piece (rdt_gl_game_get_gridless (game), p->id);
                    g_autofree char *line = NULL;
                    if (now->type == RDT_GL_HQ || rdt_gl_game_get_state (game, p->id)->off_map ||
                        fabs (now->centre.x - 20) > 1e-9 || fabs (now->centre.y - k_rows[slot]) > 1e-9)
                      continue;
                    line = g_strdup_printf ("move %s 20,%g 90 column", p->id, k_rows[slot] - 3.2);
                    script_do (game, script, line);
                  }
            }
          for (guint i = 0; i < file->pieces->len; i++)
            {
              const RdtGlPiece *p = g_ptr_array_index (file->pieces, i);
              g_autofree char *line = NULL;
              if (!rdt_gl_game_get_state (game, p->id)->off_map)
                continue;
              /* K and Howe along the main road, C in the right-wing zone. */
              if (g_strcmp0 (cur, "k") == 0 && (g_strcmp0 (p->command, "k") == 0 || g_strcmp0 (p->command, "howe") == 0))
                {
                  /* Lengthwise along the road (Road Column), one behind
                   * the other; HQs "do not block movement". */
                  if (p->type == RDT_GL_HQ)
                    line = g_strdup_printf ("enter %s 20,%g 90 column", p->id, k_rows[0]);
                  else if (k_entered < 4)
                    line = g_strdup_printf ("enter %s 20,%g 90 column", p->id, k_rows[k_entered++]);
                  if (line != NULL)
                    k_slot++;
                }
              else if (g_strcmp0 (cur, "c") == 0 && g_strcmp0 (p->command, "c") == 0)
                {
                  line = g_strdup_printf ("enter %s %s,%s 0 line", p->id,
                                          (const char *[]) { "33.5", "34.5", "35.5" }[c_slot % 3],
                                          (const char *[]) { "0.5", "1.5", "2.5", "3.5" }[c_slot / 3]);
                  c_slot++;
                }
              if (line != NULL)
                script_do (game, script, line);
            }
        }
      script_do (game, script, "combat");
      script_do (game, script, "end-turn");
    }
  g_assert_cmpuint (k_slot, ==, 9);
  g_assert_cmpuint (c_slot, ==, 10);
  g_assert_cmpint (rdt_gl_game_get_turn (game), ==, 12);
  d0 = rdt_gl_game_digest (game);

  g_assert_true (g_file_get_contents (src, &text, NULL, NULL));
  g_assert_true (g_file_set_contents (scenario, text, -1, NULL));
  g_assert_true (g_file_set_contents (script_path, script->str, -1, NULL));
  g_assert_cmpint (run_cli ((const char *[]) { "play", scenario, "--seed", "21", "--script", script_path, "--save", save,
                                               NULL }, &out1), ==, 0);
  g_assert_nonnull (strstr (out1, "phase over"));
  g_assert_nonnull (strstr (out1, "Winner: not decided by the rules text"));
  g_assert_nonnull (strstr (out1, "ferguson enters from zone main-road in Road Column"));
  g_assert_cmpint (run_cli ((const char *[]) { "play", "--replay", save, NULL }, &out2), ==, 0);
  d1 = digest_line (out1);
  d2 = digest_line (out2);
  g_assert_cmpstr (d0, ==, d1);
  g_assert_cmpstr (d1, ==, d2);
  g_unlink (scenario);
  g_unlink (script_path);
  g_unlink (save);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/gl-play/brandywine-setup/british-first-south-of-river", test_setup_british_first);
  g_test_add_func ("/gl-play/road-column/placed-or-entering-lengthwise-along-the-road", test_road_column_lengthwise);
  g_test_add_func ("/gl-play/road-column/early-start-along-the-main-road", test_road_column_main_road);
  g_test_add_func ("/gl-play/road-column/G10-7-lengthwise-vs-sampling", test_road_column_vs_sampling);
  g_test_add_func ("/gl-play/how-to-resolve-combat-order/brandywine-british-player-decides", test_combat_order_british);
  g_test_add_func ("/gl-play/how-to-resolve-combat-order/better-command-ratings-choose", test_combat_order_ratings);
  g_test_add_func ("/gl-play/how-to-resolve-combat-order/chooser-as-scenario-data", test_combat_order_data);
  g_test_add_func ("/gl-play/brandywine-setup/terrain-can-be-entered-marsh", test_setup_terrain_marsh);
  g_test_add_func ("/gl-play/brandywine-start-options/centre-turn-1-wings-turn-4", test_start_options);
  g_test_add_func ("/gl-play/brandywine-setup/terrain-rivers-buildings-and-zones-validated", test_setup_river_buildings);
  g_test_add_func ("/gl-play/brandywine-setup/reinforcements-enter-from-noted-zone", test_reinforcements_enter);
  g_test_add_func ("/gl-play/brandywine-early-start-option/first-command-along-main-road", test_early_start);
  g_test_add_func ("/gl-play/brandywine-commanders/howe-no-chit-once-per-turn-either-command", test_howe);
  g_test_add_func ("/gl-play/brandywine-objectives/last-turn-report-winner-not-decided", test_victory_not_decided);
  g_test_add_func ("/gl-play/brandywine-objectives/victory-conditions-data", test_victory_conditions);
  g_test_add_func ("/gl-play/optional-baggage-trains/rally-within-1-3-mounted-move-once-per-turn", test_baggage_rally);
  g_test_add_func ("/gl-play/retreat/further-through-friendly-pieces", test_retreat_further);
  g_test_add_func ("/gl-play/how-to-resolve-combat/attacker-engaged-in-digest", test_digest_flags);
  g_test_add_func ("/gl-play/optional-hidden-reserves/into-hq-slowest-speed-reveal-when-spotted", test_hidden_reserves);
  g_test_add_func ("/gl-play/optional-hidden-reserves/deploy-by-hq-regular-move-begin-in-reserve",
                   test_hidden_reserves_deploy);
  g_test_add_func ("/gl-play/optional-hidden-reserves/reassignment-command-size-limits", test_reassignment);
  g_test_add_func ("/gl-play/brandywine-scenario/whole-game-cli-replay-victory-report", test_cli_whole_game);
  return g_test_run ();
}
