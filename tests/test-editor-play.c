/* test-editor-play.c: the editor's play mode, issue 13 (suite "display").
 *
 * Runs the real application on a copy of Brandywine "Howe's Flank Attack"
 * and drives play as its actions and the map's drop target would: Play starts
 * a game without changing the document, a drop goes through the rules (9.2)
 * and into the log, a forbidden drop (9.3) is refused with the rule's reason
 * and Force (the sandbox override) performs it and logs it, Next Phase
 * advances (5), undo restores, and the exported script and the saved game
 * replay to the same state digest.  Set PLAY_SCREENSHOT=DIR to keep PNGs.
 */
#undef G_DISABLE_ASSERT
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "lsan-file-chooser.h"
#include "rdt-application.h"
#include "rdt-game-io.h"
#include "rdt-map-view.h"
#include "rdt-play-panel.h"
#include "rdt-scenario-io.h"
#include "rdt-window-private.h"
#include "redoubt-render.h"

typedef void (*Script) (RdtWindow *window,
                        gpointer   data);

typedef struct {
  Script script;
  gpointer data;
  gboolean done;
} Run;

static void
spin (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
}

static gboolean
run_script (gpointer user_data)
{
  Run *run = user_data;
  GApplication *app = g_application_get_default ();
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  if (window == NULL)
    {
      g_timeout_add (50, run_script, run);
      return G_SOURCE_REMOVE;
    }
  gtk_window_set_default_size (window, 1400, 900);
  spin (800);
  run->script (RDT_WINDOW (window), run->data);
  run->done = TRUE;
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    RDT_WINDOW (l->data)->close_confirmed = TRUE;
  g_application_quit (app);
  return G_SOURCE_REMOVE;
}

static void
remove_tree (const char *dir)
{
  GDir *d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *p = g_build_filename (dir, name, NULL);

      if (g_file_test (p, G_FILE_TEST_IS_DIR) && !g_file_test (p, G_FILE_TEST_IS_SYMLINK))
        remove_tree (p);
      else
        g_unlink (p);
    }
  if (d != NULL)
    g_dir_close (d);
  g_rmdir (dir);
}

#define HOWE "brandywine-howes-flank-attack.redoubt"
#define FEINT "brandywine-knyphausens-feint.redoubt"

/* Runs the editor on a scratch copy of scenarios/@scenario. */
static void
run_editor (const char *scenario,
            Script      script)
{
  const char *root = g_getenv ("REDOUBT_SOURCE_ROOT");
  g_autofree char *source = g_build_filename (root ? root : "..", "scenarios", scenario, NULL);
  g_autofree char *scratch = g_dir_make_tmp ("redoubt-play-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (scratch, "howe.redoubt", NULL);
  g_autofree char *state = g_dir_make_tmp ("redoubt-play-state-XXXXXX", NULL);
  g_autofree char *text = NULL;
  gsize len;
  g_autoptr(RdtApplication) app = rdt_application_new ();
  Run run = { script, NULL, FALSE };
  char *argv[] = { (char *) "redoubt", path, NULL };

  g_assert_true (g_file_get_contents (source, &text, &len, NULL));
  g_assert_true (g_file_set_contents (path, text, (gssize) len, NULL));
  g_setenv ("XDG_STATE_HOME", state, TRUE);
  g_setenv ("XDG_DATA_HOME", state, TRUE);
  g_timeout_add (100, run_script, &run);
  g_assert_cmpint (g_application_run (G_APPLICATION (app), 2, argv), ==, 0);
  g_assert_true (run.done);
  g_clear_object (&app);
  remove_tree (state);
  remove_tree (scratch);
}

static gboolean
needs_display (void)
{
  if (g_getenv ("DISPLAY") == NULL)
    {
      g_test_skip ("no display (run under Xvfb)");
      return FALSE;
    }
  return TRUE;
}

/* Each test runs the editor in its own process (a fresh application, file
 * monitor and recent-files manager). */
static void
run_in_subprocess (const char *scenario,
                   Script      script)
{
  if (!needs_display ())
    return;
  if (g_test_subprocess ())
    {
      run_editor (scenario, script);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDOUT | G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

static void
activate (RdtWindow  *window,
          const char *name,
          GVariant   *parameter)
{
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), name));
  g_action_group_activate_action (G_ACTION_GROUP (window), name, parameter);
  spin (100);
}

static gboolean
enabled (RdtWindow  *window,
         const char *name)
{
  return g_action_group_get_action_enabled (G_ACTION_GROUP (window), name);
}

static void
screenshot (RdtWindow  *window,
            const char *name)
{
  const char *dir = g_getenv ("PLAY_SCREENSHOT");
  g_autoptr(GdkPaintable) paintable = NULL;
  GtkSnapshot *snapshot;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *png = NULL;
  int width = gtk_widget_get_width (GTK_WIDGET (window));
  int height = gtk_widget_get_height (GTK_WIDGET (window));

  if (dir == NULL)
    return;
  spin (500);
  paintable = gtk_widget_paintable_new (GTK_WIDGET (window));
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  png = g_build_filename (dir, name, NULL);
  g_assert_true (gdk_texture_save_to_png (texture, png));
}

static GtkWindow *
find_dialog (RdtWindow *window)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  GtkWindow *found = NULL;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (w != GTK_WINDOW (window) && gtk_widget_get_visible (GTK_WIDGET (w)))
        found = w;
    }
  return found;
}

/* The question asked (a GtkMessageDialog) is @question: answer @response. */
static void
answer (RdtWindow  *window,
        const char *question,
        int         response)
{
  GtkWindow *dialog;
  g_autofree char *text = NULL;

  spin (200);
  dialog = find_dialog (window);
  g_assert_true (GTK_IS_MESSAGE_DIALOG (dialog));
  g_object_get (dialog, "text", &text, NULL);
  g_assert_cmpstr (text, ==, question);
  gtk_dialog_response (GTK_DIALOG (dialog), response);
  spin (200);
  g_assert_null (find_dialog (window));
}

static RdtHex
hex_of_label (RdtWindow  *window,
              const char *label)
{
  RdtHex hex;

  g_assert_true (rdt_hex_grid_parse_label (rdt_scenario_get_grid (rdt_game_get_scenario (window->game)),
                                           label, &hex, NULL));
  return hex;
}

static char *
where (RdtWindow  *window,
       const char *id)
{
  int index = rdt_game_find_unit (window->game, id);
  const RdtGameUnit *gu;

  g_assert_cmpint (index, >=, 0);
  gu = rdt_game_get_unit (window->game, index);
  g_assert_cmpint (gu->where, ==, RDT_GAME_UNIT_MAP);
  return rdt_hex_grid_dup_label (rdt_scenario_get_grid (rdt_game_get_scenario (window->game)), gu->hex);
}

static gboolean
log_has (RdtGame    *game,
         const char *rule,
         const char *text)
{
  for (guint i = 0; i < rdt_game_get_n_messages (game); i++)
    {
      const RdtGameMessage *m = rdt_game_get_message (game, i);

      if (g_str_equal (m->rule, rule) && strstr (m->text, text) != NULL)
        return TRUE;
    }
  return FALSE;
}

/* The counters the map draws in @hex. */
static guint
drawn_in (RdtWindow *window,
          RdtHex     hex)
{
  const RdtRenderCounter *out[16];
  guint total = 0;

  rdt_render_map_get_stack (rdt_map_view_get_map (RDT_MAP_VIEW (window->map)), hex, out,
                            G_N_ELEMENTS (out), &total);
  return total;
}

/* Deploys all, then Next Phase until the first movement phase (seed 1, as
 * tests/test-game.c /play/movement/9.2-9.3). */
static void
to_movement (RdtWindow *window)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (_rdt_window_play_start (window, 1, &error));
  g_assert_no_error (error);
  activate (window, "play-action", g_variant_new_string ("deploy-all"));
  for (guint i = 0; i < 10 && rdt_game_get_phase (window->game) != RDT_PHASE_MOVEMENT; i++)
    activate (window, "next-phase", NULL);
  g_assert_cmpint (rdt_game_get_phase (window->game), ==, RDT_PHASE_MOVEMENT);
}

/* ---- Play starts without changing the document --------------------------- */

static gboolean
has_accel (char      **accels,
           const char *want)
{
  guint want_key, key;
  GdkModifierType want_mods, mods;

  g_assert_true (gtk_accelerator_parse (want, &want_key, &want_mods));
  for (guint i = 0; accels != NULL && accels[i] != NULL; i++)
    if (gtk_accelerator_parse (accels[i], &key, &mods) && key == want_key && mods == want_mods)
      return TRUE;
  return FALSE;
}

static void
play_keeps_document_script (RdtWindow *window,
                            gpointer   data)
{
  RdtScenario *scenario = rdt_document_get_scenario (window->document);
  g_autoptr(GBytes) before = rdt_scenario_to_bytes (scenario, NULL);
  g_autoptr(GBytes) after = NULL;
  RdtRenderMap *map;
  guint n_setup = rdt_render_map_get_n_counters (rdt_map_view_get_map (RDT_MAP_VIEW (window->map)));
  GtkApplication *app = GTK_APPLICATION (g_application_get_default ());
  g_auto(GStrv) accels = gtk_application_get_accels_for_action (app, "win.play");
  g_auto(GStrv) next_accels = gtk_application_get_accels_for_action (app, "win.next-phase");

  g_assert_nonnull (before);
  g_assert_true (has_accel (accels, "<Control><Shift>p"));
  g_assert_true (has_accel (next_accels, "<Control>Return"));
  g_assert_true (enabled (window, "unit-add"));
  g_assert_true (enabled (window, "new"));
  g_assert_true (enabled (window, "open"));
  g_assert_true (enabled (window, "tool"));
  g_assert_false (enabled (window, "next-phase"));

  activate (window, "play", NULL);
  g_assert_nonnull (window->game);
  /* The play panel replaces the set-up tools; editing is off. */
  g_assert_true (gtk_widget_get_parent (window->play_panel) != NULL);
  g_assert_false (enabled (window, "unit-add"));
  g_assert_false (enabled (window, "tool"));
  g_assert_false (enabled (window, "save"));
  g_assert_false (enabled (window, "open"));
  g_assert_false (enabled (window, "new"));
  g_assert_true (enabled (window, "next-phase"));
  g_assert_nonnull (strstr (rdt_play_panel_get_phase_text (RDT_PLAY_PANEL (window->play_panel)), "Set-up"));
  /* At set-up nothing is deployed: the map shows the game, not the set-up. */
  map = rdt_map_view_get_map (RDT_MAP_VIEW (window->map));
  g_assert_cmpuint (rdt_render_map_get_n_counters (map), ==, 0);
  screenshot (window, "play-setup.png");
  /* Deployment by drop from the To Deploy list (scenario set-up): its
   * listed hex only; elsewhere refused with the reason, Force offered. */
  {
    RdtHex listed, other;

    g_assert_true (rdt_hex_grid_parse_label (rdt_scenario_get_grid (rdt_game_get_scenario (window->game)),
                                             "1803", &listed, NULL));
    g_assert_true (rdt_hex_grid_parse_label (rdt_scenario_get_grid (rdt_game_get_scenario (window->game)),
                                             "1804", &other, NULL));
    g_assert_false (_rdt_window_play_drop (window, "ewald-dragoons", other, FALSE));
    g_assert_nonnull (strstr (gtk_label_get_text (window->info_label), "scenario set-up: ewald-dragoons sets up in hex 1803"));
    g_assert_cmpstr (window->play_force, ==, "force ewald-dragoons 1804");
    g_assert_true (_rdt_window_play_drop (window, "ewald-dragoons", listed, FALSE));
    g_assert_cmpstr (rdt_game_get_action (window->game, 0), ==, "deploy ewald-dragoons 1803");
    g_assert_cmpuint (rdt_render_map_get_n_counters (rdt_map_view_get_map (RDT_MAP_VIEW (window->map))), ==, 1);
  }
  activate (window, "play-action", g_variant_new_string ("deploy-all"));
  map = rdt_map_view_get_map (RDT_MAP_VIEW (window->map));
  g_assert_cmpuint (rdt_render_map_get_n_counters (map), >, 0);
  g_assert_cmpuint (rdt_play_panel_get_n_log_rows (RDT_PLAY_PANEL (window->play_panel)), >, 0);
  screenshot (window, "play-deployed.png");

  /* A typed seed restarts the game with it (asking first: the game has
   * unsaved actions); a bad one is refused. */
  activate (window, "play-seed", g_variant_new_string (" 42 "));
  answer (window, "Restart without saving the game?", GTK_RESPONSE_NO);
  g_assert_cmpuint (rdt_game_get_seed (window->game), ==, 42);
  g_assert_cmpuint (rdt_game_get_n_actions (window->game), ==, 0);
  activate (window, "play-seed", g_variant_new_string ("forty-two"));
  g_assert_cmpuint (rdt_game_get_seed (window->game), ==, 42);
  g_assert_nonnull (strstr (gtk_label_get_text (window->info_label), "seed"));

  /* Leaving play: the set-up editor and the document exactly as they were. */
  activate (window, "play", NULL);
  g_assert_null (window->game);
  g_assert_true (gtk_widget_get_parent (window->play_panel) == NULL);
  g_assert_true (enabled (window, "unit-add"));
  /* Those the window does not recompute are back too. */
  g_assert_true (enabled (window, "new"));
  g_assert_true (enabled (window, "open"));
  g_assert_true (enabled (window, "open-recent"));
  g_assert_true (enabled (window, "tool"));
  g_assert_false (rdt_document_get_dirty (window->document));
  after = rdt_scenario_to_bytes (rdt_document_get_scenario (window->document), NULL);
  g_assert_true (g_bytes_equal (before, after));
  g_assert_cmpuint (rdt_render_map_get_n_counters (rdt_map_view_get_map (RDT_MAP_VIEW (window->map))), ==, n_setup);
}

static void
test_play_keeps_document (void)
{
  run_in_subprocess (HOWE, play_keeps_document_script);
}

/* ---- Drops through the rules, refusal, Force, undo ------------------------ */

static void
drops_script (RdtWindow *window,
              gpointer   data)
{
  g_autofree char *at = NULL;
  RdtHex from, enemy, legal;
  guint n_log;

  to_movement (window);
  from = hex_of_label (window, "1803");
  enemy = hex_of_label (window, "1707");
  legal = hex_of_label (window, "1804");
  rdt_map_view_centre_on_hex (RDT_MAP_VIEW (window->map), from);
  /* The top of the stack first; pressing again picks the next one down. */
  g_assert_cmpstr (_rdt_window_play_unit_at (window, from), ==, "1-queens-light-dragoons");
  _rdt_window_play_pick (window, from);
  g_assert_cmpstr (window->play_picked, ==, "1-queens-light-dragoons");
  /* Picking it up shades its legal destinations (rdt_game_dup_reach). */
  _rdt_window_play_pick (window, from);
  g_assert_cmpstr (window->play_picked, ==, "ewald-dragoons");
  g_assert_cmpstr (_rdt_window_play_unit_at (window, from), ==, "ewald-dragoons");
  /* The inspector shows the picked-up unit's game state. */
  g_assert_nonnull (strstr (gtk_label_get_text (window->inspector_label), "ewald-dragoons"));
  g_assert_nonnull (strstr (gtk_label_get_text (window->inspector_label), "Not moved this phase"));
  /* Steps counted from 1, as on the counter (3.1), not the 0-based index. */
  g_assert_nonnull (strstr (gtk_label_get_text (window->inspector_label), "Step 1 of "));
  g_assert_nonnull (strstr (gtk_label_get_text (window->inspector_label), "(full strength)"));
  g_assert_nonnull (window->play_reach);
  g_assert_true (rdt_reach_lookup (window->play_reach, legal, NULL));
  g_assert_false (rdt_reach_lookup (window->play_reach, enemy, NULL));
  screenshot (window, "play-pick.png");

  /* 9.3: the drop on an enemy-occupied hex is refused with the reason. */
  n_log = rdt_game_get_n_messages (window->game);
  g_assert_false (_rdt_window_play_drop (window, "ewald-dragoons", enemy, FALSE));
  g_test_message ("info: %s / status: %s", gtk_label_get_text (window->info_label), gtk_label_get_text (window->status_label));
  g_assert_true (gtk_info_bar_get_revealed (window->info_bar));
  g_assert_nonnull (strstr (gtk_label_get_text (window->info_label), "9.3"));
  g_assert_cmpstr (window->play_force, ==, "force ewald-dragoons 1707");
  at = where (window, "ewald-dragoons");
  g_assert_cmpstr (at, ==, "1803");
  g_assert_cmpuint (rdt_game_get_n_messages (window->game), ==, n_log);
  screenshot (window, "play-refused.png");

  /* Force: the sandbox override, in the log as such. */
  gtk_info_bar_response (window->info_bar, RDT_WINDOW_RESPONSE_FORCE);
  spin (100);
  g_assert_false (gtk_info_bar_get_revealed (window->info_bar));
  g_clear_pointer (&at, g_free);
  at = where (window, "ewald-dragoons");
  g_assert_cmpstr (at, ==, "1707");
  g_assert_true (log_has (window->game, "sandbox override", "ewald-dragoons forced from 1803 to 1707"));
  g_assert_cmpuint (drawn_in (window, enemy), >=, 2);

  /* Undo (Ctrl+Z) takes it back within the phase. */
  g_assert_true (enabled (window, "undo"));
  activate (window, "undo", NULL);
  g_clear_pointer (&at, g_free);
  at = where (window, "ewald-dragoons");
  g_assert_cmpstr (at, ==, "1803");
  g_assert_false (log_has (window->game, "sandbox override", "ewald-dragoons"));
  g_assert_true (enabled (window, "redo"));

  /* A refusal goes away with the next action that the rules accept. */
  g_assert_false (_rdt_window_play_drop (window, "ewald-dragoons", enemy, FALSE));
  g_assert_true (gtk_info_bar_get_revealed (window->info_bar));

  /* A legal drop: a move through the movement engine, logged with 9.2. */
  g_assert_true (_rdt_window_play_drop (window, "ewald-dragoons", legal, FALSE));
  g_clear_pointer (&at, g_free);
  at = where (window, "ewald-dragoons");
  g_assert_cmpstr (at, ==, "1804");
  g_assert_false (gtk_info_bar_get_revealed (window->info_bar));
  g_assert_true (log_has (window->game, "9.2", "ewald-dragoons moves 1803 to 1804"));
  g_assert_cmpuint (drawn_in (window, legal), >=, 1);
  {
    /* The map's stack tooltip tells the game's state, not the set-up's. */
    g_autofree char *tip = _rdt_window_dup_stack_tooltip (window, legal);

    g_assert_nonnull (strstr (tip, "Ewald Dragoons, moved (9.2)"));
  }
  /* 1-queens-light-dragoons stays in 1803. */
  g_assert_cmpuint (drawn_in (window, from), ==, 1);
  g_assert_cmpstr (rdt_game_get_action (window->game, rdt_game_get_n_actions (window->game) - 1), ==,
                   "move ewald-dragoons 1804");
  /* Shift on the drop forces at once: 9.2 would refuse a second move. */
  g_assert_true (_rdt_window_play_drop (window, "ewald-dragoons", from, TRUE));
  g_assert_true (log_has (window->game, "sandbox override", "ewald-dragoons forced from 1804 to 1803"));
  screenshot (window, "play-moved.png");

  /* While a question is pending in the info bar (here: as if the file had
   * changed on disk), a refusal goes to the status line with the Shift hint. */
  g_object_set_data (G_OBJECT (window->info_bar), "ask-kind", GINT_TO_POINTER (2));
  g_assert_false (_rdt_window_play_drop (window, "howe", legal, FALSE));
  g_assert_nonnull (strstr (gtk_label_get_text (window->status_label), "9.11"));
  g_assert_nonnull (strstr (gtk_label_get_text (window->status_label), "hold Shift"));
  g_assert_null (window->play_force);
  g_object_set_data (G_OBJECT (window->info_bar), "ask-kind", NULL);

  /* 9.11: a reinforcement arrives by itself; dropping it is refused with
   * that reason, and Force puts it on the map as a sandbox override. */
  g_assert_cmpint (rdt_game_get_unit (window->game, rdt_game_find_unit (window->game, "howe"))->where,
                   ==, RDT_GAME_UNIT_TO_ARRIVE);
  g_assert_false (_rdt_window_play_drop (window, "howe", legal, FALSE));
  g_assert_nonnull (strstr (gtk_label_get_text (window->info_label), "9.11"));
  g_assert_cmpstr (window->play_force, ==, "force howe 1804");
  gtk_info_bar_response (window->info_bar, RDT_WINDOW_RESPONSE_FORCE);
  spin (100);
  g_clear_pointer (&at, g_free);
  at = where (window, "howe");
  g_assert_cmpstr (at, ==, "1804");
  g_assert_true (log_has (window->game, "sandbox override", "howe forced onto the map in 1804"));

  /* Leaving play with unsaved actions asks first: Cancel keeps playing. */
  activate (window, "play", NULL);
  answer (window, "Leave play without saving the game?", GTK_RESPONSE_CANCEL);
  g_assert_nonnull (window->game);
  /* Closing the window too. */
  gtk_window_close (GTK_WINDOW (window));
  answer (window, "Close without saving the game?", GTK_RESPONSE_CANCEL);
  g_assert_nonnull (window->game);
  activate (window, "play", NULL);
  answer (window, "Leave play without saving the game?", GTK_RESPONSE_NO);
  g_assert_null (window->game);
}

static void
test_drops (void)
{
  run_in_subprocess (HOWE, drops_script);
}

/* ---- Next Phase, undo across it, export and save -------------------------- */

static void
phase_script (RdtWindow *window,
              gpointer   data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("redoubt-play-out-XXXXXX", NULL);
  g_autofree char *script_path = g_build_filename (dir, "game.txt", NULL);
  g_autofree char *game_path = g_build_filename (dir, "game.redoubt-game", NULL);
  g_autofree char *script = NULL;
  g_autofree char *digest = NULL;
  g_autofree char *replayed_digest = NULL;
  g_autofree char *loaded_digest = NULL;
  g_autofree char *phase_before = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GPtrArray) actions = g_ptr_array_new ();
  g_autoptr(RdtGame) replayed = NULL;
  g_autoptr(RdtGame) loaded = NULL;
  RdtPhase phase;
  int turn;

  to_movement (window);
  g_assert_true (_rdt_window_play_drop (window, "ewald-dragoons", hex_of_label (window, "1804"), FALSE));

  /* Next Phase (5): the phase bar follows; undo stops at the phase change. */
  phase = rdt_game_get_phase (window->game);
  turn = rdt_game_get_turn (window->game);
  phase_before = g_strdup (rdt_play_panel_get_phase_text (RDT_PLAY_PANEL (window->play_panel)));
  g_assert_nonnull (strstr (phase_before, "Movement phase (9)"));
  activate (window, "next-phase", NULL);
  g_assert_true (rdt_game_get_phase (window->game) != phase || rdt_game_get_turn (window->game) != turn);
  g_assert_cmpstr (rdt_play_panel_get_phase_text (RDT_PLAY_PANEL (window->play_panel)), !=, phase_before);
  g_assert_false (enabled (window, "undo"));
  /* A typed die roll (2.3) goes into the game. */
  activate (window, "play-action", g_variant_new_string ("roll 7"));
  g_assert_cmpuint (rdt_game_get_n_typed_rolls (window->game), ==, 1);
  screenshot (window, "play-next-phase.png");

  /* The picked counter's buttons: rally (15) goes through the rules. */
  g_assert_cmpint (rdt_game_get_phase (window->game), ==, RDT_PHASE_RALLY);
  activate (window, "play-unit-action", g_variant_new_string ("rally"));
  g_assert_nonnull (strstr (gtk_label_get_text (window->status_label), "Pick a counter first"));
  _rdt_window_play_pick (window, hex_of_label (window, "1804"));
  g_assert_cmpstr (window->play_picked, ==, "ewald-dragoons");
  activate (window, "play-unit-action", g_variant_new_string ("rally"));
  g_assert_true (g_str_has_prefix (gtk_label_get_text (window->info_label), "Refused: rally ewald-dragoons — 15"));
  g_assert_null (window->play_force);

  /* On to turn 7's initiative segment: Roll Initiative (6.1). */
  for (guint i = 0; i < 40 && rdt_game_get_turn (window->game) == 6; i++)
    activate (window, "next-phase", NULL);
  g_assert_cmpint (rdt_game_get_turn (window->game), ==, 7);
  g_assert_cmpint (rdt_game_get_phase (window->game), ==, RDT_PHASE_INITIATIVE);
  activate (window, "play-action", g_variant_new_string ("initiative"));
  g_assert_cmpint (rdt_game_get_initiative_player (window->game), >=, 0);
  g_assert_true (log_has (window->game, "6.1", ""));
  g_assert_cmpuint (rdt_game_get_n_typed_rolls (window->game), ==, 0);
  screenshot (window, "play-initiative.png");

  /* Export Log as Script: replays to the same digest (rdt_game_replay). */
  digest = rdt_game_dup_state_digest (window->game);
  g_assert_true (_rdt_window_play_export_script (window, script_path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (script_path, &script, NULL, &error));
  lines = g_strsplit (script, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (lines[i][0] != '\0' && lines[i][0] != '#')
      g_ptr_array_add (actions, lines[i]);
  g_assert_cmpuint (actions->len, ==, rdt_game_get_n_actions (window->game));
  replayed = rdt_game_replay (rdt_document_get_scenario (window->document), rdt_game_get_seed (window->game),
                              (const char *const *) actions->pdata, actions->len, &error);
  g_assert_no_error (error);
  replayed_digest = rdt_game_dup_state_digest (replayed);
  g_assert_cmpstr (digest, ==, replayed_digest);
  /* And `redoubt-cli play SCENARIO --seed N --script FILE` (docs/play.md). */
  g_assert_nonnull (g_getenv ("REDOUBT_CLI"));
    {
      g_autofree char *seed = g_strdup_printf ("%" G_GUINT64_FORMAT, rdt_game_get_seed (window->game));
      const char *cli_argv[] = { g_getenv ("REDOUBT_CLI"), "play", rdt_document_get_path (window->document),
                                 "--seed", seed, "--script", script_path, NULL };
      g_autofree char *out = NULL;
      g_autofree char *want = g_strdup_printf ("State digest: %s", digest);
      int status = 0;

      g_assert_true (g_spawn_sync (NULL, (char **) cli_argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                                   &out, NULL, &status, &error));
      g_assert_no_error (error);
      g_assert_true (g_spawn_check_wait_status (status, NULL));
      g_assert_nonnull (strstr (out, want));
    }

  /* Save Game, then Open Game: the same state. */
  g_assert_true (_rdt_window_play_save_game (window, game_path, &error));
  g_assert_no_error (error);
  loaded = rdt_game_load_from_file (game_path, NULL, &error);
  g_assert_no_error (error);
  loaded_digest = rdt_game_dup_state_digest (loaded);
  g_assert_cmpstr (digest, ==, loaded_digest);
  activate (window, "play", NULL);
  g_assert_null (window->game);
  g_assert_true (_rdt_window_play_open_game (window, game_path, &error));
  g_assert_no_error (error);
  g_clear_pointer (&loaded_digest, g_free);
  loaded_digest = rdt_game_dup_state_digest (window->game);
  g_assert_cmpstr (digest, ==, loaded_digest);
  {
    g_autoptr(GVariant) state = g_action_group_get_action_state (G_ACTION_GROUP (window), "play");

    g_assert_true (g_variant_get_boolean (state));
  }

  /* Save Game… through the file chooser (last: see lsan-file-chooser.h). */
  RDT_TEST_BEFORE_FILE_CHOOSER ();
  activate (window, "save-game", NULL);
  spin (500);
  {
    GtkWindow *dialog = find_dialog (window);
    g_autofree char *name = NULL;
    g_autoptr(GFile) folder = g_file_new_for_path (dir);
    g_autofree char *chosen = g_build_filename (dir, "chosen.redoubt-game", NULL);
    g_autoptr(RdtGame) saved = NULL;
    g_autofree char *saved_digest = NULL;

    g_assert_true (GTK_IS_FILE_CHOOSER (dialog));
    name = gtk_file_chooser_get_current_name (GTK_FILE_CHOOSER (dialog));
    g_assert_cmpstr (name, ==, "game.redoubt-game");
    g_assert_true (gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (dialog), folder, NULL));
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), "chosen.redoubt-game");
    screenshot (window, "play-save-game.png");
    gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
    spin (500);
    saved = rdt_game_load_from_file (chosen, NULL, &error);
    g_assert_no_error (error);
    saved_digest = rdt_game_dup_state_digest (saved);
    g_assert_cmpstr (digest, ==, saved_digest);
  }
  remove_tree (dir);
}

static void
test_phase_export (void)
{
  run_in_subprocess (HOWE, phase_script);
}

/* ---- Deployment in an area, reinforcements (Knyphausen's Feint) ---------- */

static void
area_script (RdtWindow *window,
             gpointer   data)
{
  g_autoptr(GError) error = NULL;
  RdtScenario *s;
  RdtHexGrid *grid;
  const RdtUnit *area_unit = NULL;
  const RdtArea *area;
  RdtHex inside, outside = { -1, -1 };
  g_autofree char *at = NULL;

  g_assert_true (_rdt_window_play_start (window, 1, &error));
  g_assert_no_error (error);
  s = rdt_game_get_scenario (window->game);
  grid = rdt_scenario_get_grid (s);
  for (guint i = 0; i < rdt_scenario_get_n_units (s); i++)
    {
      const RdtUnit *u = rdt_scenario_get_unit (s, i);

      if (area_unit == NULL && u->placement.kind == RDT_PLACEMENT_AREA && !rdt_unit_is_leader (u))
        area_unit = u;
    }
  g_assert_nonnull (area_unit);
  area = rdt_scenario_find_area (s, area_unit->placement.area);
  g_assert_nonnull (area);
  inside = g_array_index (area->hexes, RdtHex, 0);
  for (guint i = 0; i < rdt_hex_grid_get_n_hexes (grid) && outside.col < 0; i++)
    if (!rdt_scenario_area_contains (area, rdt_hex_grid_hex_at_index (grid, i)))
      outside = rdt_hex_grid_hex_at_index (grid, i);

  /* Picked from the To Deploy list: its area's hexes are shaded. */
  activate (window, "play-pick", g_variant_new_string (area_unit->id));
  g_assert_nonnull (window->play_deploy_hexes);
  g_assert_cmpuint (window->play_deploy_hexes->len, ==, area->hexes->len);
  rdt_map_view_centre_on_hex (RDT_MAP_VIEW (window->map), inside);
  screenshot (window, "play-area.png");

  /* Outside the area: refused (scenario set-up), the area named. */
  g_assert_false (_rdt_window_play_drop (window, area_unit->id, outside, FALSE));
  g_assert_nonnull (strstr (gtk_label_get_text (window->info_label), "scenario set-up"));
  g_assert_nonnull (strstr (gtk_label_get_text (window->info_label), area->name));
  /* Inside: deployed. */
  g_assert_true (_rdt_window_play_drop (window, area_unit->id, inside, FALSE));
  at = where (window, area_unit->id);
  g_assert_null (window->play_deploy_hexes);
  {
    g_autofree char *want = rdt_hex_grid_dup_label (grid, inside);

    g_assert_cmpstr (at, ==, want);
  }

}

static void
test_area (void)
{
  run_in_subprocess (FEINT, area_script);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_setenv ("GTK_A11Y", "none", TRUE);
  /* Criticals fail the test. */
  g_log_set_always_fatal (G_LOG_FATAL_MASK | G_LOG_LEVEL_CRITICAL);
  g_test_add_func ("/editor-play/13/play-does-not-change-document", test_play_keeps_document);
  g_test_add_func ("/editor-play/9.2-9.3/drop-refused-forced-undone-moved", test_drops);
  g_test_add_func ("/editor-play/5/next-phase-export-script-save-game", test_phase_export);
  g_test_add_func ("/editor-play/setup-9.11/area-deployment-and-reinforcement-by-drop", test_area);
  return g_test_run ();
}
