/* test-editor-combat.c: the editor's combat panel, issue 14 (suite "display").
 *
 * Runs the real application and drives the combat panel of play mode as a
 * player would: counters and hexes are picked by presses on the map (the
 * window's press handler), the rest is typed into the panel's entries and its
 * buttons are clicked.  Fire (tests/data/fire/fire.redoubt, the 10.3 example
 * of tests/test-fire.c): the itemised analysis follows the picks, Fire and
 * Resolve Fire (10.4) go through RdtGame, an owed retreat's legal ends are
 * shaded and a press on one makes the retreat (13.2, 13.22).  Close Combat
 * (Brandywine, two units a side): the designation owes the lead units (12.23
 * step 2) and the Tactics Cards, chosen secretly one after the other (12.5),
 * then Resolve performs `close-combat` and the owed retreat is made on the
 * map.  Set PLAY_SCREENSHOT=DIR to keep PNGs.
 */
#undef G_DISABLE_ASSERT
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "rdt-application.h"
#include "rdt-close-combat.h"
#include "rdt-combat-panel.h"
#include "rdt-map-view.h"
#include "rdt-scenario-io.h"
#include "rdt-window-private.h"

typedef void (*Script) (RdtWindow *window);

typedef struct {
  Script script;
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
  run->script (RDT_WINDOW (window));
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

/* Runs the editor on @bytes, written to a scratch file. */
static void
run_editor (GBytes *bytes,
            Script  script)
{
  g_autofree char *scratch = g_dir_make_tmp ("redoubt-combat-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (scratch, "combat.redoubt", NULL);
  g_autofree char *state = g_dir_make_tmp ("redoubt-combat-state-XXXXXX", NULL);
  g_autoptr(RdtApplication) app = rdt_application_new ();
  Run run = { script, FALSE };
  char *argv[] = { (char *) "redoubt", path, NULL };

  g_assert_true (g_file_set_contents (path, g_bytes_get_data (bytes, NULL), (gssize) g_bytes_get_size (bytes), NULL));
  g_setenv ("XDG_STATE_HOME", state, TRUE);
  g_setenv ("XDG_DATA_HOME", state, TRUE);
  g_timeout_add (100, run_script, &run);
  g_assert_cmpint (g_application_run (G_APPLICATION (app), 2, argv), ==, 0);
  g_assert_true (run.done);
  g_clear_object (&app);
  remove_tree (state);
  remove_tree (scratch);
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
  /* PLAY_SCREENSHOT_ROOT=1: also what the X server shows (import). */
  if (g_getenv ("PLAY_SCREENSHOT_ROOT") != NULL)
    {
      g_autofree char *root = g_strdup_printf ("%s/root-%s", dir, name);
      g_autofree char *command = g_strdup_printf ("import -window root %s", root);

      g_spawn_command_line_sync (command, NULL, NULL, NULL, NULL);
    }
}

static void
activate (RdtWindow  *window,
          const char *name,
          GVariant   *parameter)
{
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), name));
  g_action_group_activate_action (G_ACTION_GROUP (window), name, parameter);
  spin (50);
}

static void
act (RdtWindow  *window,
     const char *action)
{
  activate (window, "play-action", g_variant_new_string (action));
}

/* The panel's widget named @name (gtk_widget_set_name). */
static GtkWidget *
find_named (GtkWidget  *widget,
            const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (widget), name) == 0)
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_named (c, name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static GtkWidget *
named (RdtWindow  *window,
       const char *name)
{
  GtkWidget *w = find_named (window->combat_panel, name);

  g_assert_nonnull (w);
  return w;
}

static void
click (RdtWindow  *window,
       const char *name)
{
  GtkWidget *button = named (window, name);

  g_assert_true (gtk_widget_get_mapped (button));
  g_assert_true (gtk_widget_is_sensitive (button));
  g_signal_emit_by_name (button, "clicked");
  spin (50);
}

static void
type (RdtWindow  *window,
      const char *name,
      const char *text)
{
  gtk_editable_set_text (GTK_EDITABLE (named (window, name)), text);
  spin (20);
}

static void
press (RdtWindow  *window,
       const char *label)
{
  RdtHex hex;

  g_assert_true (rdt_hex_grid_parse_label (rdt_scenario_get_grid (rdt_game_get_scenario (window->game)),
                                           label, &hex, NULL));
  _rdt_window_play_pick (window, hex);
  spin (20);
}

static const char *
analysis (RdtWindow *window)
{
  return rdt_combat_panel_get_analysis (RDT_COMBAT_PANEL (window->combat_panel));
}

static void
assert_has (const char *text,
            const char *want)
{
  if (strstr (text, want) == NULL)
    g_error ("“%s” not in:\n%s", want, text);
}

static const RdtGameUnit *
unit (RdtWindow  *window,
      const char *id)
{
  return rdt_game_get_unit (window->game, (guint) rdt_game_find_unit (window->game, id));
}

static const char *
last_action (RdtWindow *window)
{
  return rdt_game_get_action (window->game, rdt_game_get_n_actions (window->game) - 1);
}

static void
to_phase (RdtWindow *window,
          RdtPhase   phase)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (_rdt_window_play_start (window, 7, &error));
  g_assert_no_error (error);
  act (window, "deploy-all");
  for (guint i = 0; i < 12 && rdt_game_get_phase (window->game) != phase; i++)
    activate (window, "next-phase", NULL);
  g_assert_cmpint (rdt_game_get_phase (window->game), ==, phase);
}

/* ---- Fire ---------------------------------------------------------------- */

static void
fire_script (RdtWindow *window)
{
  RdtCombatPanel *panel = RDT_COMBAT_PANEL (window->combat_panel);
  guint n_actions;

  to_phase (window, RDT_PHASE_RIFLE_FIRE);
  g_assert_true (gtk_widget_get_visible (named (window, "fire")));
  g_assert_true (gtk_widget_get_visible (named (window, "resolve-fire")));
  assert_has (analysis (window), "10.1");
  /* 10.2: the phasing player (British) fires first: typed, the Jaegers'
   * open flank (10.7) ticked. */
  type (window, "firers", "jaegers");
  type (window, "target", "scout");
  gtk_check_button_set_active (GTK_CHECK_BUTTON (named (window, "open-flank")), TRUE);
  spin (20);
  assert_has (analysis (window), "10.7");
  act (window, "roll 0");
  act (window, "roll 9");
  act (window, "roll 4");
  /* Return in a field fires (keyboard). */
  g_signal_emit_by_name (named (window, "target"), "activate");
  spin (50);
  g_assert_cmpstr (last_action (window), ==, "fire jaegers scout open-flank");
  g_assert_cmpuint (rdt_game_get_n_pending_fire (window->game), ==, 1);
  assert_has (rdt_combat_panel_get_owed (panel), "10.4");
  /* The selection is cleared after a fire. */
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (named (window, "firers"))), ==, "");

  /* The 10.3 example, picked on the map: Rifle A and Rifle B (Firers is the
   * default pick), then the Guards (the leader in their hex is skipped). */
  press (window, "0403");
  press (window, "0405");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (named (window, "firers"))), ==, "rifle-a,rifle-b");
  /* Pressed again: taken out, and back. */
  press (window, "0405");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (named (window, "firers"))), ==, "rifle-a");
  press (window, "0405");
  /* Issue 14: the firers picked, the legal targets are shaded: the Guards
   * (0404), never the firers' own hexes. */
  {
    GArray *shaded = rdt_combat_panel_get_shaded (panel);
    gboolean guards = FALSE;

    for (guint i = 0; i < shaded->len; i++)
      {
        RdtHex h = g_array_index (shaded, RdtHex, i);

        guards |= h.col == 4 && h.row == 4;
        g_assert_false (h.col == 4 && (h.row == 3 || h.row == 5));
      }
    g_assert_true (guards);
  }
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (named (window, "pick-target")), TRUE);
  press (window, "0404");
  g_assert_cmpuint (rdt_combat_panel_get_shaded (panel)->len, ==, 0);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (named (window, "target"))), ==, "guards");
  /* Itemised: each firer's SPs, the 10.5 First Fire DRM, the To-Hit number. */
  assert_has (analysis (window), "10.5");
  assert_has (analysis (window), "(+1)");
  assert_has (analysis (window), "To-Hit 6");
  assert_has (analysis (window), "DRM +1");
  assert_has (analysis (window), "The fire may be made.");
  g_assert_cmpuint (rdt_combat_panel_get_outlined (panel)->len, ==, 3);
  screenshot (window, "combat-fire-analysis.png");
  act (window, "roll 5");
  act (window, "roll 4");
  click (window, "fire");
  g_assert_cmpstr (last_action (window), ==, "fire rifle-a,rifle-b guards");
  g_assert_cmpuint (rdt_game_get_n_pending_fire (window->game), ==, 2);

  /* 10.4 Resolve Fire: the results together; retreats owed (13.2, 13.3). */
  click (window, "resolve-fire");
  g_assert_cmpstr (last_action (window), ==, "resolve-fire");
  g_assert_cmpuint (rdt_game_get_n_pending_fire (window->game), ==, 0);
  g_assert_cmpuint (rdt_game_get_n_owed_retreats (window->game), ==, 2);
  assert_has (rdt_combat_panel_get_owed (panel), "13.2");
  /* The non-phasing player's retreat first (10.4): the Scout's legal ends
   * shaded (13.22: not 0909, enemy-occupied). */
  g_assert_cmpuint (rdt_combat_panel_get_shaded (panel)->len, >, 0);
  for (guint i = 0; i < rdt_combat_panel_get_shaded (panel)->len; i++)
    {
      RdtHex h = g_array_index (rdt_combat_panel_get_shaded (panel), RdtHex, i);

      g_assert_false (h.col == 9 && h.row == 9);
    }
  screenshot (window, "combat-fire-retreat.png");
  /* A press on a hex that is no legal end is not a retreat. */
  n_actions = rdt_game_get_n_actions (window->game);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (named (window, "pick-target")), FALSE);
  press (window, "0909");
  g_assert_cmpuint (rdt_game_get_n_actions (window->game), ==, n_actions);
  press (window, "0907");
  g_assert_cmpstr (last_action (window), ==, "retreat scout 0907");
  g_assert_cmpint (unit (window, "scout")->hex.row, ==, 7);
  /* The Guards have no legal end: captured (13.23). */
  g_assert_cmpint (unit (window, "guards")->where, ==, RDT_GAME_UNIT_CAPTURED);
  g_assert_cmpuint (rdt_game_get_n_owed_retreats (window->game), ==, 0);
  g_assert_cmpuint (rdt_combat_panel_get_shaded (panel)->len, ==, 0);
  /* Undo goes through the game (a retreat may be undone). */
  g_assert_true (rdt_game_can_undo (window->game));
}

static void
test_fire (void)
{
  const char *root = g_getenv ("REDOUBT_SOURCE_ROOT");
  g_autofree char *path = g_build_filename (root ? root : "..", "tests", "data", "fire", "fire.redoubt", NULL);
  g_autofree char *text = NULL;
  gsize len;
  g_autoptr(GBytes) bytes = NULL;

  g_assert_true (g_file_get_contents (path, &text, &len, NULL));
  bytes = g_bytes_new (text, len);
  run_editor (bytes, fire_script);
}

/* ---- Close combat ---------------------------------------------------------- */

static char att_hex[RDT_HEX_LABEL_SIZE];
static char def_hex[RDT_HEX_LABEL_SIZE];
static const char *att_lead;
static const char *def_lead;
static const char *att_other;
static const char *att_side;
static const char *def_side;

/* As tests/test-close-combat.c: a hex with clear terrain two hexes round. */
static RdtHex
open_hex (RdtScenario *s)
{
  RdtHexGrid *grid = rdt_scenario_get_grid (s);
  g_autoptr(GArray) sides = rdt_scenario_dup_hexsides (s);

  for (guint i = 0; i < rdt_hex_grid_get_n_hexes (grid); i++)
    {
      RdtHex h = rdt_hex_grid_hex_at_index (grid, i);
      g_autoptr(GArray) area = rdt_hex_grid_range (grid, h, 2);
      gboolean ok = area->len == 19;

      for (guint k = 0; k < area->len && ok; k++)
        {
          RdtHex a = g_array_index (area, RdtHex, k);
          const RdtTerrainType *t = rdt_scenario_get_terrain_type (s, a);

          ok = t != NULL && g_str_equal (t->id, "clear");
          for (guint f = 0; f < sides->len && ok; f++)
            ok = !rdt_hexside_has_hex (g_array_index (sides, RdtHexsideFeatures, f).side, a);
        }
      if (ok)
        return h;
    }
  g_assert_not_reached ();
}

static void
place (RdtScenario *s,
       const char  *id,
       RdtHex       hex,
       int          strength,
       int          morale)
{
  g_autoptr(RdtUnit) u = rdt_unit_copy (rdt_scenario_find_unit (s, id));
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (u);
  u->placement.kind = RDT_PLACEMENT_HEX;
  u->placement.hex = hex;
  u->status = RDT_UNIT_STATUS_PARADE;
  u->step = 0;
  g_array_index (u->steps, RdtUnitStep, 0).strength = strength;
  g_array_index (u->steps, RdtUnitStep, 0).morale = morale;
  g_assert_true (rdt_scenario_replace_unit (s, id, u, NULL, &error));
  g_assert_no_error (error);
}

/* The DRM total the rules layer gives the combat now (tactics apart). */
static int
drm_now (RdtWindow *window)
{
  RdtScenario *s = rdt_game_get_scenario (window->game);
  RdtCloseCombatInput in;
  RdtGameContext ctx;
  int mods[4] = { 0, 0, 0, 0 };
  RdtHex a, d;
  g_autoptr(RdtCloseCombat) cc = NULL;

  for (guint i = 0; i < rdt_scenario_get_n_sides (s) && i < 4; i++)
    mods[i] = rdt_game_get_morale_level (window->game, i)->morale_modifier;
  g_assert_true (rdt_hex_grid_parse_label (rdt_scenario_get_grid (s), att_hex, &a, NULL));
  g_assert_true (rdt_hex_grid_parse_label (rdt_scenario_get_grid (s), def_hex, &d, NULL));
  rdt_game_context_init (&ctx);
  ctx.turn = rdt_game_get_turn (window->game);
  rdt_close_combat_input_init (&in);
  in.context = &ctx;
  in.attackers = &a;
  in.n_attackers = 1;
  in.defender = d;
  in.lead[0] = att_lead;
  in.lead[1] = def_lead;
  in.morale_modifier = mods;
  in.n_sides = rdt_scenario_get_n_sides (s);
  cc = rdt_close_combat_new (rdt_game_get_position (window->game), &in, NULL);
  g_assert_nonnull (cc);
  g_assert_false (rdt_close_combat_is_undecided (cc));
  g_assert_cmpstr (rdt_close_combat_get_column_label (cc), ==, "1-1");
  return rdt_close_combat_get_drm_total (cc);
}

static void
cc_script (RdtWindow *window)
{
  RdtCombatPanel *panel = RDT_COMBAT_PANEL (window->combat_panel);
  RdtScenario *s;
  RdtHex a = { 0, 0 }, d = { 0, 0 };
  int die;
  guint owed;
  g_autofree char *roll = NULL;
  g_autofree char *want = NULL;

  to_phase (window, RDT_PHASE_CLOSE_COMBAT);
  s = rdt_game_get_scenario (window->game);
  /* The phasing player's hex attacks. */
  for (guint i = 0; i < rdt_game_get_n_units (window->game); i++)
    {
      const RdtUnit *u = rdt_scenario_get_unit (s, i);

      if (g_str_equal (u->id, "kings-own"))
        a = rdt_game_get_unit (window->game, i)->hex;
      if (g_str_equal (u->id, "1-maryland"))
        d = rdt_game_get_unit (window->game, i)->hex;
    }
  if (rdt_game_get_side_player (window->game, (guint) rdt_scenario_find_side (s, "british")) ==
      rdt_game_get_phasing_player (window->game))
    att_lead = "kings-own", def_lead = "1-maryland", att_other = "28th-foot", att_side = "british", def_side = "american";
  else
    {
      RdtHex t = a;

      a = d, d = t;
      att_lead = "1-maryland", def_lead = "kings-own", att_other = "2-maryland", att_side = "american", def_side = "british";
    }
  rdt_hex_grid_format_label (rdt_scenario_get_grid (s), a, att_hex);
  rdt_hex_grid_format_label (rdt_scenario_get_grid (s), d, def_hex);

  g_assert_true (gtk_widget_get_visible (named (window, "resolve")));
  assert_has (analysis (window), "12.11");
  /* Picked on the map: Attacking is the default pick. */
  press (window, att_hex);
  /* Issue 14: the attacking hex picked, the hexes it may attack are shaded
   * (12.12-12.15: the rules layer's designation). */
  {
    GArray *shaded = rdt_combat_panel_get_shaded (panel);
    gboolean found = FALSE;

    for (guint i = 0; i < shaded->len; i++)
      found |= g_array_index (shaded, RdtHex, i).col == d.col && g_array_index (shaded, RdtHex, i).row == d.row;
    g_assert_true (found);
  }
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (named (window, "pick-defending")), TRUE);
  press (window, def_hex);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (named (window, "attacking"))), ==, att_hex);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (named (window, "defending"))), ==, def_hex);
  /* 12.15: "Attacking units stacked in a single hex may combine in a
   * single attack or attack different units": HEX:UNIT typed, the lead's 4
   * SP alone against 4 + 2; then the whole hex again (6 : 6). */
  {
    g_autofree char *part = g_strdup_printf ("%s:%s", att_hex, att_lead);

    gtk_editable_set_text (GTK_EDITABLE (named (window, "attacking")), part);
    assert_has (analysis (window), "4 : 6 SP");
    gtk_editable_set_text (GTK_EDITABLE (named (window, "attacking")), att_hex);
    assert_has (analysis (window), "6 : 6 SP");
  }
  /* 12.21: the designation owes the attack (12.12) and the defence (12.13),
   * their hexes shaded; Designate, then Announce. */
  want = g_strdup_printf ("%s must attack (12.12)", att_lead);
  assert_has (gtk_label_get_text (GTK_LABEL (named (window, "designation"))), want);
  g_assert_cmpuint (rdt_combat_panel_get_shaded (panel)->len, >, 0);
  screenshot (window, "combat-cc-designation-owed.png");
  click (window, "designate");
  g_assert_true (g_str_has_prefix (last_action (window), "designate "));
  assert_has (gtk_label_get_text (GTK_LABEL (named (window, "designation"))), "Nothing owed");
  click (window, "announce");
  g_assert_cmpstr (last_action (window), ==, "announce");
  assert_has (gtk_label_get_text (GTK_LABEL (named (window, "designation"))), "Announced");
  g_assert_false (gtk_widget_get_mapped (named (window, "announce")));
  /* The announced combat to resolve is filled in. */
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (named (window, "attacking"))), ==, att_hex);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (named (window, "defending"))), ==, def_hex);
  g_clear_pointer (&want, g_free);
  /* Owed: the lead units (two units a side, 12.23 step 2) and the cards. */
  assert_has (analysis (window), "Lead unit owed");
  assert_has (analysis (window), "12.23 step 2");
  assert_has (analysis (window), "12.23 step 4");
  assert_has (analysis (window), "12.23 step 1");
  g_assert_false (gtk_widget_is_sensitive (named (window, "resolve")));
  rdt_map_view_centre_on_hex (RDT_MAP_VIEW (window->map), d);
  screenshot (window, "combat-cc-owed.png");
  /* A Diversion in the defending hex breaks 12.14: shown, then taken out. */
  type (window, "diversion", def_hex);
  assert_has (analysis (window), "12.14");
  type (window, "diversion", "");

  type (window, "lead-attacker", att_lead);
  type (window, "lead-defender", def_lead);
  want = g_strdup_printf ("Lead unit: %s", att_lead);
  assert_has (analysis (window), want);
  assert_has (analysis (window), "DRM total");
  /* The cards, secretly: the attacker's is hidden before the defender picks. */
  g_assert_true (gtk_widget_get_visible (named (window, "attacker-tactic")));
  g_assert_false (gtk_widget_get_visible (named (window, "defender-tactic")));
  gtk_drop_down_set_selected (GTK_DROP_DOWN (named (window, "attacker-tactic")), RDT_TACTIC_SKIRMISH);
  click (window, "attacker-choose");
  g_assert_false (gtk_widget_get_visible (named (window, "attacker-tactic")));
  g_assert_true (gtk_widget_get_visible (named (window, "defender-tactic")));
  g_assert_false (gtk_widget_is_sensitive (named (window, "resolve")));
  gtk_drop_down_set_selected (GTK_DROP_DOWN (named (window, "defender-tactic")), RDT_TACTIC_SKIRMISH);
  click (window, "defender-choose");
  g_assert_false (gtk_widget_get_visible (named (window, "defender-tactic")));
  g_assert_true (gtk_widget_is_sensitive (named (window, "resolve")));
  screenshot (window, "combat-cc-ready.png");

  /* 1-1, modified roll 7: "-/R" (Close Combat Table): the defender's lead
   * unit retreats one hex (13.2). */
  die = 7 - drm_now (window);
  if (die < 0 || die > 9)
    {
      g_test_message ("the morale levels give a DRM outside the die");
      return;
    }
  /* The first die (2) is re-rolled by the Defender (a chit each side: the
   * Defender first on a tie); the Attacker then accepts the second (7). */
  act (window, "roll 2");
  roll = g_strdup_printf ("roll %d", die);
  act (window, roll);
  /* The other defending unit's morale check fails: both retreat (13.1 R). */
  act (window, "roll 0");
  click (window, "resolve");
  g_free (want);
  want = g_strdup_printf ("close-combat %s %s lead %s lead %s tactics skirmish skirmish", att_hex, def_hex,
                          att_lead, def_lead);
  g_assert_cmpstr (last_action (window), ==, want);
  g_assert_cmpuint (rdt_game_get_n_owed_retreats (window->game), ==, 0);
  g_assert_true (gtk_widget_get_mapped (named (window, "spend-momentum")));
  g_assert_false (gtk_widget_is_sensitive (named (window, "resolve")));
  assert_has (gtk_label_get_text (GTK_LABEL (named (window, "momentum-decision"))), "12.23 step 6");
  assert_has (gtk_label_get_text (GTK_LABEL (named (window, "momentum-decision"))), def_side);
  screenshot (window, "combat-cc-momentum.png");
  click (window, "spend-momentum");
  g_free (want);
  want = g_strdup_printf ("reroll %s", def_side);
  g_assert_cmpstr (last_action (window), ==, want);
  assert_has (gtk_label_get_text (GTK_LABEL (named (window, "momentum-decision"))), att_side);
  click (window, "accept");
  g_assert_cmpstr (last_action (window), ==, "accept");
  /* The results rolled morale checks: no undo past them. */
  g_assert_false (rdt_game_can_undo (window->game));
  g_assert_false (gtk_widget_get_mapped (named (window, "spend-momentum")));
  owed = rdt_game_get_n_owed_retreats (window->game);
  g_assert_cmpuint (owed, >=, 1);
  assert_has (rdt_combat_panel_get_owed (panel), "13.2");
  g_assert_cmpuint (rdt_combat_panel_get_shaded (panel)->len, >, 0);
  /* The selection was cleared for the next combat; the cards too. */
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (named (window, "attacking"))), ==, "");
  g_assert_true (gtk_widget_get_visible (named (window, "attacker-tactic")));
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (named (window, "pick-attacking"))));
  screenshot (window, "combat-cc-retreat.png");
  {
    RdtHex end = g_array_index (rdt_combat_panel_get_shaded (panel), RdtHex, 0);

    _rdt_window_play_pick (window, end);
    spin (20);
  }
  g_assert_true (g_str_has_prefix (last_action (window), "retreat "));
  g_assert_cmpuint (rdt_game_get_n_owed_retreats (window->game), ==, owed - 1);
  /* The other defender's retreat, then 12.23 step 9: the lead unit has
   * advanced by itself, the other participant is offered. */
  for (guint i = 0; i < 3 && rdt_game_get_n_owed_retreats (window->game) > 0; i++)
    {
      RdtHex end = g_array_index (rdt_combat_panel_get_shaded (panel), RdtHex, 0);

      _rdt_window_play_pick (window, end);
      spin (20);
    }
  g_assert_cmpuint (rdt_game_get_n_owed_retreats (window->game), ==, 0);
  {
    const RdtGameUnit *lead = rdt_game_get_unit (window->game, (guint) rdt_game_find_unit (window->game, att_lead));
    g_autofree char *advance = g_strdup_printf ("advance %s", att_other);

    g_assert_true (lead->hex.col == d.col && lead->hex.row == d.row);
    assert_has (rdt_combat_panel_get_owed (panel), "12.23 step 9");
    screenshot (window, "combat-cc-advance.png");
    click (window, advance);
    g_assert_cmpstr (last_action (window), ==, advance);
  }
}

static void
test_close_combat (void)
{
  const char *root = g_getenv ("REDOUBT_SOURCE_ROOT");
  g_autofree char *path = g_build_filename (root ? root : "..", "scenarios", "brandywine.redoubt", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtScenario) s = rdt_scenario_load_from_file (path, NULL, &error);
  g_autoptr(GBytes) bytes = NULL;
  RdtHex d, a;

  g_assert_no_error (error);
  /* Everybody off the map but two units a side, adjacent (as
   * tests/test-close-combat.c's game fixture). */
  for (guint i = 0; i < rdt_scenario_get_n_units (s); i++)
    {
      RdtPlacement off = { .kind = RDT_PLACEMENT_UNUSED };

      g_assert_true (rdt_scenario_move_unit (s, rdt_scenario_get_unit (s, i)->id, &off, NULL, &error));
    }
  d = open_hex (s);
  a = rdt_hex_grid_neighbour (rdt_scenario_get_grid (s), d, 0);
  place (s, "kings-own", a, 4, 1);
  place (s, "1-maryland", d, 4, 1);
  place (s, "28th-foot", a, 2, 0);
  place (s, "2-maryland", d, 2, 0);
  /* A Momentum Chit each (12.61) for the decision of 12.23 step 6. */
  for (guint i = 0; i < rdt_scenario_get_n_sides (s); i++)
    ((RdtSide *) rdt_scenario_get_side (s, i))->momentum = 1;
  bytes = rdt_scenario_to_bytes (s, &error);
  g_assert_no_error (error);
  run_editor (bytes, cc_script);
}

/* ---- Issue 14: Withdrawal and Break Pin buttons -------------------------- */

static const char *pin_unit;     /* pinned in the Meeting House (1910) */
static const char *wd_att[3];    /* two attackers of the dragoons, one of the infantry */
static const char *enemy_dragoons;
static char wd_att_hex[RDT_HEX_LABEL_SIZE], wd_def_hex[RDT_HEX_LABEL_SIZE];
static char inf_att_hex[RDT_HEX_LABEL_SIZE], inf_def_hex[RDT_HEX_LABEL_SIZE];

/* The mnemonic key of @button's label (Alt+key). */
static guint
mnemonic_of (GtkWidget *button)
{
  GtkWidget *child = gtk_button_get_child (GTK_BUTTON (button));

  g_assert_true (GTK_IS_LABEL (child));
  return gdk_keyval_to_lower (gtk_label_get_mnemonic_keyval (GTK_LABEL (child)));
}

static void
special_script (RdtWindow *window)
{
  GtkWidget *button;
  g_autofree char *break_pin = g_strdup_printf ("break-pin %s", pin_unit);
  g_autofree char *want = NULL;

  /* Movement Phase: only the pinned unit in the Meeting House may break
   * its pin in place (Brandywine 3.9). */
  to_phase (window, RDT_PHASE_MOVEMENT);
  g_assert_true (gtk_widget_get_mapped (named (window, "pin-breaks")));
  assert_has (gtk_label_get_text (GTK_LABEL (named (window, "pin-breaks"))), "13.1 Pin B");
  button = named (window, break_pin);
  g_assert_true (gtk_widget_get_mapped (button));
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (button), "Brandywine 3.9"));
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (button), "13.1 Pin B"));
  g_assert_cmpuint (mnemonic_of (button), ==, GDK_KEY_b);
  /* One button: the other pinned unit is not in the Meeting House. */
  g_assert_null (gtk_widget_get_next_sibling (button));
  g_assert_null (gtk_widget_get_prev_sibling (button));
  g_assert_false (gtk_widget_get_mapped (named (window, "withdrawal")));
  screenshot (window, "combat-break-pin.png");
  /* The keyboard shortcut (Alt+B) activates it. */
  g_assert_true (gtk_widget_mnemonic_activate (button, FALSE));
  /* GtkButton's activation clicks after its press animation (250 ms). */
  spin (600);
  g_assert_cmpstr (last_action (window), ==, break_pin);
  g_assert_false (gtk_widget_get_mapped (named (window, "pin-breaks")));
  g_assert_null (find_named (window->combat_panel, break_pin));

  /* Close Combat: both combats designated and announced. */
  for (guint i = 0; i < 12 && rdt_game_get_phase (window->game) != RDT_PHASE_CLOSE_COMBAT; i++)
    activate (window, "next-phase", NULL);
  g_assert_cmpint (rdt_game_get_phase (window->game), ==, RDT_PHASE_CLOSE_COMBAT);
  g_assert_false (gtk_widget_get_mapped (named (window, "pin-breaks")));
  want = g_strdup_printf ("designate %s %s", wd_att_hex, wd_def_hex);
  act (window, want);
  g_free (want);
  want = g_strdup_printf ("designate %s %s", inf_att_hex, inf_def_hex);
  act (window, want);
  act (window, "announce");
  g_assert_true (rdt_game_get_cc_announced (window->game));
  /* The dragoons' combat: two attackers, the lead not named yet: the game
   * refuses the withdrawal (12.23 step 2), so no button. */
  type (window, "attacking", wd_att_hex);
  type (window, "defending", wd_def_hex);
  type (window, "lead-attacker", "");
  g_assert_false (gtk_widget_get_mapped (named (window, "withdrawal")));
  assert_has (analysis (window), "Cavalry Withdrawal");
  type (window, "lead-attacker", wd_att[0]);
  button = named (window, "withdrawal");
  g_assert_true (gtk_widget_get_mapped (button));
  g_assert_true (gtk_widget_is_sensitive (button));
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (button)), ==, "Cavalry Wit_hdrawal (12.4)");
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (button), "12.4"));
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (button), "12.42"));
  g_assert_cmpuint (mnemonic_of (button), ==, GDK_KEY_h);
  screenshot (window, "combat-cavalry-withdrawal.png");
  /* The infantry's combat: no withdrawal (12.4: not all dragoons). */
  type (window, "attacking", inf_att_hex);
  type (window, "defending", inf_def_hex);
  type (window, "lead-attacker", wd_att[2]);
  g_assert_false (gtk_widget_get_mapped (named (window, "withdrawal")));
  /* Back to the dragoons: Alt+H withdraws them. */
  type (window, "attacking", wd_att_hex);
  type (window, "defending", wd_def_hex);
  type (window, "lead-attacker", wd_att[1]);
  button = named (window, "withdrawal");
  g_assert_true (gtk_widget_get_mapped (button));
  g_assert_true (gtk_widget_mnemonic_activate (button, FALSE));
  /* GtkButton's activation clicks after its press animation (250 ms). */
  spin (600);
  g_free (want);
  /* Logged in canonical form, with the Defender's only lead unit. */
  want = g_strdup_printf ("close-combat %s %s lead %s lead %s withdraw", wd_att_hex, wd_def_hex, wd_att[1], enemy_dragoons);
  g_assert_cmpstr (last_action (window), ==, want);
  g_assert_cmpuint (rdt_game_get_n_owed_retreats (window->game), ==, 1);
  /* Resolved: not offered again. */
  type (window, "attacking", wd_att_hex);
  type (window, "defending", wd_def_hex);
  type (window, "lead-attacker", wd_att[1]);
  g_assert_false (gtk_widget_get_mapped (named (window, "withdrawal")));
  screenshot (window, "combat-cavalry-withdrawal-made.png");
}

/* Brandywine, the side that phases first: a unit pinned in the Meeting
 * House next to a pinned enemy unit, another pinned unit in the open; two
 * infantry units next to enemy dragoons, one next to enemy infantry. */
static void
test_special (void)
{
  const char *root = g_getenv ("REDOUBT_SOURCE_ROOT");
  g_autofree char *path = g_build_filename (root ? root : "..", "scenarios", "brandywine.redoubt", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtScenario) s = rdt_scenario_load_from_file (path, NULL, &error);
  g_autoptr(GBytes) bytes = NULL;
  RdtHexGrid *grid;
  RdtHex mh, d, a, d3, a3;
  gboolean british = FALSE;
  const char *enemy[2], *pinned_far;

  g_assert_no_error (error);
  grid = rdt_scenario_get_grid (s);
  for (guint i = 0; i < rdt_scenario_get_n_units (s); i++)
    {
      RdtPlacement off = { .kind = RDT_PLACEMENT_UNUSED };

      g_assert_true (rdt_scenario_move_unit (s, rdt_scenario_get_unit (s, i)->id, &off, NULL, &error));
    }
  {
    /* Who phases first (as tests/test-cc-designation.c). */
    g_autoptr(RdtScenario) probe = rdt_scenario_load_from_file (path, NULL, &error);
    g_autoptr(RdtGame) game = NULL;

    g_assert_no_error (error);
    for (guint i = 0; i < rdt_scenario_get_n_units (probe); i++)
      {
        RdtPlacement off = { .kind = RDT_PLACEMENT_UNUSED };

        g_assert_true (rdt_scenario_move_unit (probe, rdt_scenario_get_unit (probe, i)->id, &off, NULL, &error));
      }
    game = rdt_game_new (probe, 7, &error);
    g_assert_no_error (error);
    rdt_game_perform (game, "deploy-all", NULL);
    for (int i = 0; i < 12 && rdt_game_get_phase (game) != RDT_PHASE_MOVEMENT; i++)
      g_assert_true (rdt_game_perform (game, "next-phase", &error));
    british = rdt_game_get_phasing_player (game) == rdt_game_find_player (game, "british");
  }
  if (british)
    {
      pin_unit = "kings-own", pinned_far = "5th-foot";
      wd_att[0] = "28th-foot", wd_att[1] = "49th-foot", wd_att[2] = "10th-foot";
      enemy_dragoons = "blands-horse", enemy[0] = "1-maryland", enemy[1] = "2-maryland";
    }
  else
    {
      pin_unit = "1-maryland", pinned_far = "6-maryland";
      wd_att[0] = "2-maryland", wd_att[1] = "3-maryland", wd_att[2] = "4-maryland";
      enemy_dragoons = "1-queens-light-dragoons", enemy[0] = "kings-own", enemy[1] = "28th-foot";
    }
  g_assert_true (rdt_hex_grid_parse_label (grid, "1910", &mh, NULL));
  d = open_hex (s);
  a = rdt_hex_grid_neighbour (grid, d, 0);
  d3 = rdt_hex_grid_neighbour (grid, d, 3);
  a3 = rdt_hex_grid_neighbour (grid, d3, 3);
  place (s, pin_unit, mh, 3, 1);
  place (s, enemy[0], rdt_hex_grid_neighbour (grid, mh, 3), 3, 1);
  place (s, pinned_far, rdt_hex_grid_neighbour (grid, rdt_hex_grid_neighbour (grid, a, 0), 0), 3, 1);
  for (guint i = 0; i < rdt_scenario_get_n_units (s); i++)
    {
      RdtUnit *u = (RdtUnit *) rdt_scenario_get_unit (s, i);

      if (g_str_equal (u->id, pin_unit) || g_str_equal (u->id, enemy[0]) || g_str_equal (u->id, pinned_far))
        {
          g_strfreev (u->states);
          u->states = g_strsplit ("pinned", " ", -1);
        }
    }
  place (s, wd_att[0], a, 3, 1);
  place (s, wd_att[1], a, 2, 0);
  place (s, enemy_dragoons, d, 2, 1);
  place (s, wd_att[2], a3, 3, 1);
  place (s, enemy[1], d3, 3, 1);
  rdt_hex_grid_format_label (grid, a, wd_att_hex);
  rdt_hex_grid_format_label (grid, d, wd_def_hex);
  rdt_hex_grid_format_label (grid, a3, inf_att_hex);
  rdt_hex_grid_format_label (grid, d3, inf_def_hex);
  bytes = rdt_scenario_to_bytes (s, &error);
  g_assert_no_error (error);
  run_editor (bytes, special_script);
}

static void
in_subprocess (GTestFunc func)
{
  if (g_getenv ("DISPLAY") == NULL)
    {
      g_test_skip ("no display (run under Xvfb)");
      return;
    }
  if (g_test_subprocess ())
    {
      func ();
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDOUT | G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

static void
test_fire_subprocess (void)
{
  in_subprocess (test_fire);
}

static void
test_cc_subprocess (void)
{
  in_subprocess (test_close_combat);
}

static void
test_special_subprocess (void)
{
  in_subprocess (test_special);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_setenv ("GTK_A11Y", "none", TRUE);
  /* Criticals fail the test. */
  g_log_set_always_fatal (G_LOG_FATAL_MASK | G_LOG_LEVEL_CRITICAL);
  g_test_add_func ("/editor-combat/10.3/fire-itemised-and-resolved", test_fire_subprocess);
  g_test_add_func ("/editor-combat/12.23/designation-owed-then-resolved", test_cc_subprocess);
  g_test_add_func ("/editor-combat/12.4-brandywine-3.9/withdrawal-and-break-pin-buttons-only-when-legal",
                   test_special_subprocess);
  return g_test_run ();
}
