/* rdt-window-play.c: the editor's play mode (issue 13).
 *
 * "Play" (win.play, Ctrl+Shift+P) starts an RdtGame on the open scenario: the
 * game copies the scenario, so play never changes the document.  While playing,
 * the map shows the game's unit positions instead of the set-up, the side panel
 * is the play panel (rdt-play-panel.h) instead of the set-up tools, set-up
 * editing actions are disabled, and Undo/Redo act on the game within the phase.
 * Leaving play shows the set-up again, exactly as it was.
 *
 * Counters move by drag and drop: picking one up shades its legal destinations
 * (rdt_game_dup_reach); a drop becomes a `move` (or a `deploy` at set-up)
 * which the rules core performs or refuses with the rule's message, shown in
 * the info bar with a Force button; Force (or Shift held on the drop) performs
 * `force UNIT HEX`, the sandbox override, which the log records as such.
 */
#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>

#include "rdt-combat-panel.h"
#include "rdt-file-io.h"
#include "rdt-game-io.h"
#include "rdt-map-view.h"
#include "rdt-play-panel.h"
#include "rdt-render-overlay.h"
#include "rdt-render-scenario.h"
#include "rdt-window-private.h"

/* The file choosers of play. */
typedef enum {
  CHOOSE_SAVE_GAME,
  CHOOSE_OPEN_GAME,
  CHOOSE_EXPORT_SCRIPT,
} ChooseKind;

static void choose_file (RdtWindow *self,
                         ChooseKind kind);

static RdtScenario *
game_scenario (RdtWindow *self)
{
  return rdt_game_get_scenario (self->game);
}

static char *
game_label (RdtWindow *self,
            RdtHex     hex)
{
  return rdt_hex_grid_dup_label (rdt_scenario_get_grid (game_scenario (self)), hex);
}

/* The map shows the game's counters: its positions, steps, status and states. */
static void
show_game_counters (RdtWindow *self)
{
  RdtRenderMap *map = rdt_map_view_get_map (RDT_MAP_VIEW (self->map));
  RdtScenario *scenario;

  if (map == NULL || self->game == NULL)
    return;
  scenario = game_scenario (self);
  rdt_render_map_clear_counters (map);
  for (guint i = 0; i < rdt_game_get_n_units (self->game); i++)
    {
      const RdtGameUnit *gu = rdt_game_get_unit (self->game, i);
      RdtUnit unit;
      RdtRenderCounter c;
      char values[RDT_RENDER_VALUES_SIZE] = "";

      if (gu->where != RDT_GAME_UNIT_MAP)
        continue;
      /* A shallow copy of the scenario's unit with the game's state. */
      unit = *rdt_scenario_get_unit (scenario, i);
      unit.placement.kind = RDT_PLACEMENT_HEX;
      unit.placement.hex = gu->hex;
      unit.step = gu->step;
      unit.status = gu->status;
      unit.states = gu->states;
      rdt_render_map_counter_for_unit (map, scenario, &unit, &c, values);
      rdt_render_map_add_counter (map, &c);
    }
  rdt_map_view_map_changed (RDT_MAP_VIEW (self->map));
}

/* Shading: the picked-up unit's legal destinations, its hex outlined. */
void
_rdt_window_play_overlays (RdtWindow *self)
{
  g_autoptr(GArray) items = g_array_new (FALSE, FALSE, sizeof (RdtRenderOverlay));
  int index;

  if (self->game != NULL && self->play_picked != NULL
      && (index = rdt_game_find_unit (self->game, self->play_picked)) >= 0
      && rdt_game_get_unit (self->game, index)->where == RDT_GAME_UNIT_MAP)
    {
      RdtRenderOverlay item;

      for (guint i = 0; self->play_reach != NULL && i < rdt_reach_get_n_hexes (self->play_reach); i++)
        {
          item = rdt_render_overlay_shade (rdt_reach_get_hex (self->play_reach, i)->hex,
                                           RDT_RGBA (0x26, 0xa2, 0x69, 0x60));
          g_array_append_val (items, item);
        }
      item = rdt_render_overlay_outline (rdt_game_get_unit (self->game, index)->hex,
                                         RDT_RGBA (0x1c, 0x71, 0xd8, 0xff));
      g_array_append_val (items, item);
    }
  /* A unit picked from the To Deploy list: where its set-up allows it. */
  for (guint i = 0; self->game != NULL && self->play_deploy_hexes != NULL && i < self->play_deploy_hexes->len; i++)
    {
      RdtRenderOverlay item = rdt_render_overlay_shade (g_array_index (self->play_deploy_hexes, RdtHex, i),
                                                        RDT_RGBA (0x1c, 0x71, 0xd8, 0x50));

      g_array_append_val (items, item);
    }
  /* The combat panel (issue 14): owed retreats' legal ends shaded (13.22),
   * the firers, target and close combat hexes outlined. */
  if (self->game != NULL && self->combat_panel != NULL)
    {
      GArray *shaded = rdt_combat_panel_get_shaded (RDT_COMBAT_PANEL (self->combat_panel));
      GArray *outlined = rdt_combat_panel_get_outlined (RDT_COMBAT_PANEL (self->combat_panel));

      for (guint i = 0; i < shaded->len; i++)
        {
          RdtRenderOverlay item = rdt_render_overlay_shade (g_array_index (shaded, RdtHex, i),
                                                            RDT_RGBA (0xe0, 0x1b, 0x24, 0x50));

          g_array_append_val (items, item);
        }
      for (guint i = 0; i < outlined->len; i++)
        {
          RdtRenderOverlay item = rdt_render_overlay_outline (g_array_index (outlined, RdtHex, i),
                                                              RDT_RGBA (0xe0, 0x1b, 0x24, 0xff));

          g_array_append_val (items, item);
        }
    }
  rdt_map_view_set_overlays (RDT_MAP_VIEW (self->map), (const RdtRenderOverlay *) items->data, items->len);
}

static void
drop_pick (RdtWindow *self)
{
  g_clear_pointer (&self->play_picked, g_free);
  g_clear_pointer (&self->play_reach, rdt_reach_unref);
  g_clear_pointer (&self->play_deploy_hexes, g_array_unref);
}

/* After every change of the game. */
static void
game_changed (RdtWindow *self)
{
  guint n = rdt_game_get_n_messages (self->game);

  drop_pick (self);
  gtk_label_set_text (self->inspector_label, _("Press a counter to pick it up."));
  /* The newest log line, with its rule, in the status line. */
  if (n > 0)
    {
      const RdtGameMessage *m = rdt_game_get_message (self->game, n - 1);
      g_autofree char *text = g_strdup_printf (_("%s: %s"), m->rule ? m->rule : "-", m->text);

      gtk_label_set_text (self->status_label, text);
    }
  show_game_counters (self);
  rdt_combat_panel_refresh (RDT_COMBAT_PANEL (self->combat_panel));
  _rdt_window_play_overlays (self);
  rdt_play_panel_refresh (RDT_PLAY_PANEL (self->play_panel));
  self->play_unsaved = TRUE;
  _rdt_window_update_actions (self);
}

/* The game's units in @hex, bottom of the stack first (drawing order). */
static GPtrArray *
units_in_hex (RdtWindow *self,
              RdtHex     hex)
{
  GPtrArray *ids = g_ptr_array_new ();

  for (guint i = 0; self->game != NULL && i < rdt_game_get_n_units (self->game); i++)
    {
      const RdtGameUnit *gu = rdt_game_get_unit (self->game, i);

      if (gu->where == RDT_GAME_UNIT_MAP && gu->hex.col == hex.col && gu->hex.row == hex.row)
        g_ptr_array_add (ids, rdt_scenario_get_unit (game_scenario (self), i)->id);
    }
  return ids;
}

/* The counter a drag from @hex takes: the one picked up if it is there, else
 * the top of the stack; NULL on an empty hex. */
const char *
_rdt_window_play_unit_at (RdtWindow *self,
                          RdtHex     hex)
{
  g_autoptr(GPtrArray) ids = units_in_hex (self, hex);

  if (ids->len == 0)
    return NULL;
  for (guint i = 0; self->play_picked != NULL && i < ids->len; i++)
    if (g_str_equal (g_ptr_array_index (ids, i), self->play_picked))
      return g_ptr_array_index (ids, i);
  return g_ptr_array_index (ids, ids->len - 1);
}

/* The game's stack in @hex, top first, for the map's tooltip. */
char *
_rdt_window_play_dup_stack_tooltip (RdtWindow *self,
                                    RdtHex     hex)
{
  g_autoptr(GPtrArray) ids = units_in_hex (self, hex);
  GString *text;

  if (ids->len == 0)
    return NULL;
  text = g_string_new (NULL);
  for (guint i = ids->len; i > 0; i--)
    {
      int index = rdt_game_find_unit (self->game, g_ptr_array_index (ids, i - 1));
      const RdtGameUnit *gu = rdt_game_get_unit (self->game, index);
      const RdtUnit *u = rdt_scenario_get_unit (game_scenario (self), index);

      if (text->len > 0)
        g_string_append_c (text, '\n');
      g_string_append (text, u->name ? u->name : u->id);
      if (gu->step > 0)
        g_string_append (text, _(", reduced"));
      if (gu->status == RDT_UNIT_STATUS_DISRUPTED)
        g_string_append (text, _(", disrupted (13.3)"));
      else if (gu->status == RDT_UNIT_STATUS_SHATTERED)
        g_string_append (text, _(", shattered (13.4)"));
      if (gu->flags & RDT_GAME_UNIT_MOVED)
        g_string_append (text, _(", moved (9.2)"));
    }
  return g_string_free (text, FALSE);
}

/* Picking up a counter: shade where it may move now (9, rdt-movement.h).
 * The top of the stack first; pressing the same stack again picks the next
 * counter down. */
void
_rdt_window_play_pick (RdtWindow *self,
                       RdtHex     hex)
{
  g_autoptr(GPtrArray) ids = units_in_hex (self, hex);
  const char *id = ids->len > 0 ? g_ptr_array_index (ids, ids->len - 1) : NULL;
  g_autoptr(GError) error = NULL;

  /* In the combat phases the combat panel takes the press first (issue 14). */
  if (rdt_combat_panel_hex_pressed (RDT_COMBAT_PANEL (self->combat_panel), hex, id))
    return;
  for (guint i = 0; self->play_picked != NULL && i < ids->len; i++)
    if (g_str_equal (g_ptr_array_index (ids, i), self->play_picked))
      id = g_ptr_array_index (ids, i > 0 ? i - 1 : ids->len - 1);
  drop_pick (self);
  if (id != NULL)
    {
      int index = rdt_game_find_unit (self->game, id);
      const RdtGameUnit *gu = rdt_game_get_unit (self->game, index);
      const RdtUnit *u = rdt_scenario_get_unit (game_scenario (self), index);
      g_autofree char *states = gu->states ? g_strjoinv (", ", gu->states) : NULL;
      g_autofree char *inspector = NULL;

      /* Translators: the picked-up unit in play: name, id, step, status
       * (13.3, 13.4), states, and whether it moved this phase (9.2). */
      /* gu->step is 0-based (0: full strength); shown 1-based of the
       * unit's steps. */
      inspector = g_strdup_printf (_("%s (%s)\nStep %d of %u (%s), %s%s%s\n%s"), u->name ? u->name : u->id, u->id,
                                   gu->step + 1, MAX (u->steps->len, 1u),
                                   gu->step == 0 ? _("full strength") : _("reduced"),
                                   gu->status == RDT_UNIT_STATUS_DISRUPTED ? _("disrupted (13.3)")
                                   : gu->status == RDT_UNIT_STATUS_SHATTERED ? _("shattered (13.4)")
                                   : _("parade order"),
                                   states ? ", " : "", states ? states : "",
                                   (gu->flags & RDT_GAME_UNIT_MOVED) ? _("Moved this phase (9.2)")
                                                                     : _("Not moved this phase"));
      gtk_label_set_text (self->inspector_label, inspector);
      self->play_picked = g_strdup (id);
      self->play_reach = rdt_game_dup_reach (self->game, id, FALSE, &error);
      if (self->play_reach == NULL)
        gtk_label_set_text (self->status_label, error->message);
      else
        {
          g_autofree char *text = g_strdup_printf (ngettext ("%s: %u legal destination shaded (9); press again for the next counter of the stack",
                                                             "%s: %u legal destinations shaded (9); press again for the next counter of the stack",
                                                             rdt_reach_get_n_hexes (self->play_reach)),
                                                   id, rdt_reach_get_n_hexes (self->play_reach));

          gtk_label_set_text (self->status_label, text);
        }
    }
  _rdt_window_play_overlays (self);
}

/* A unit picked from the panel's lists: on the map as a press on it would;
 * waiting to deploy, the hexes its set-up allows are shaded (the listed hex,
 * or the hexes of its area; `deploy` checks 9.3 and 7.1 on the drop). */
void
_rdt_window_play_pick_unit (RdtWindow  *self,
                            const char *id)
{
  int index = self->game != NULL ? rdt_game_find_unit (self->game, id) : -1;
  const RdtGameUnit *gu;
  const RdtUnit *u;

  if (index < 0)
    return;
  gu = rdt_game_get_unit (self->game, index);
  if (gu->where == RDT_GAME_UNIT_MAP)
    {
      /* The press cycles through the stack: start it at this unit. */
      g_autoptr(GPtrArray) ids = units_in_hex (self, gu->hex);

      drop_pick (self);
      for (guint i = 0; i < ids->len; i++)
        if (g_str_equal (g_ptr_array_index (ids, i), id))
          self->play_picked = g_strdup (g_ptr_array_index (ids, (i + 1) % ids->len));
      _rdt_window_play_pick (self, gu->hex);
      return;
    }
  drop_pick (self);
  self->play_picked = g_strdup (id);
  u = rdt_scenario_get_unit (game_scenario (self), index);
  if (gu->where == RDT_GAME_UNIT_TO_DEPLOY)
    {
      self->play_deploy_hexes = g_array_new (FALSE, FALSE, sizeof (RdtHex));
      if (u->placement.kind == RDT_PLACEMENT_HEX)
        g_array_append_val (self->play_deploy_hexes, u->placement.hex);
      else if (u->placement.kind == RDT_PLACEMENT_AREA)
        {
          const RdtArea *area = rdt_scenario_find_area (game_scenario (self), u->placement.area);

          if (area != NULL)
            g_array_append_vals (self->play_deploy_hexes, area->hexes->data, area->hexes->len);
        }
      {
        g_autofree char *text = g_strdup_printf (ngettext ("%s: %u set-up hex shaded (scenario set-up); drag it there",
                                                           "%s: %u set-up hexes shaded (scenario set-up); drag it to one",
                                                           self->play_deploy_hexes->len),
                                                 id, self->play_deploy_hexes->len);

        gtk_label_set_text (self->status_label, text);
      }
    }
  _rdt_window_play_overlays (self);
}

static void
win_play_pick (GSimpleAction *action,
               GVariant      *parameter,
               gpointer       user_data)
{
  _rdt_window_play_pick_unit (RDT_WINDOW (user_data), g_variant_get_string (parameter, NULL));
}

gboolean
_rdt_window_play_perform (RdtWindow  *self,
                          const char *action,
                          GError    **error)
{
  if (self->game == NULL)
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_SYNTAX, _("No game is being played"));
      return FALSE;
    }
  if (!rdt_game_perform (self->game, action, error))
    return FALSE;
  game_changed (self);
  return TRUE;
}

/* A refusal: the reason in the info bar, and Force when it can be forced. */
static void
show_refusal (RdtWindow    *self,
              const char   *action,
              const GError *error,
              const char   *force)
{
  /* Translators: an action of the game, then why the rules refuse it. */
  g_autofree char *text = g_strdup_printf (_("Refused: %s — %s"), action, error->message);

  g_free (self->play_force);
  self->play_force = NULL;
  if (g_object_get_data (G_OBJECT (self->info_bar), "ask-kind") != NULL)
    {
      /* A question is pending in the info bar: the refusal goes to the
       * status line, and Shift on the drop forces. */
      g_autofree char *hint = force != NULL ? g_strdup_printf (_("%s (hold Shift on the drop to force it)"), text)
                                            : g_strdup (text);

      gtk_label_set_text (self->status_label, hint);
      return;
    }
  _rdt_window_show_message (self, GTK_MESSAGE_ERROR, text);
  /* Remembered, so that the next action hides this refusal and nothing else. */
  g_object_set_data_full (G_OBJECT (self->info_bar), "play-refusal", g_strdup (text), g_free);
  self->play_force = g_strdup (force);
  if (force != NULL)
    _rdt_window_add_info_button (self, _("_Force (sandbox override)"), RDT_WINDOW_RESPONSE_FORCE);
}

static void
perform_or_refuse (RdtWindow  *self,
                   const char *action,
                   const char *force)
{
  g_autoptr(GError) error = NULL;

  if (!_rdt_window_play_perform (self, action, &error))
    show_refusal (self, action, error, force);
  else
    {
      const char *refusal = g_object_get_data (G_OBJECT (self->info_bar), "play-refusal");

      /* The refusal shown last is answered: hide it (never a question or
       * another message that came since). */
      g_clear_pointer (&self->play_force, g_free);
      if (refusal != NULL && g_object_get_data (G_OBJECT (self->info_bar), "ask-kind") == NULL
          && g_str_equal (refusal, gtk_label_get_text (self->info_label)))
        gtk_info_bar_set_revealed (self->info_bar, FALSE);
      g_object_set_data (G_OBJECT (self->info_bar), "play-refusal", NULL);
    }
}

/* A unit dropped on a hex: deploy at set-up, else move; @force: the sandbox
 * override instead.  Returns whether the game changed. */
gboolean
_rdt_window_play_drop (RdtWindow  *self,
                       const char *id,
                       RdtHex      hex,
                       gboolean    force)
{
  int index;
  const RdtGameUnit *gu;
  g_autofree char *l = NULL;
  g_autofree char *action = NULL;
  g_autofree char *forced = NULL;
  guint n_actions;

  if (self->game == NULL || (index = rdt_game_find_unit (self->game, id)) < 0
      || !rdt_hex_grid_contains (rdt_scenario_get_grid (game_scenario (self)), hex))
    return FALSE;
  n_actions = rdt_game_get_n_actions (self->game);
  gu = rdt_game_get_unit (self->game, index);
  l = game_label (self, hex);
  forced = g_strdup_printf ("force %s %s", id, l);
  if (force)
    action = g_strdup (forced);
  else if (gu->where == RDT_GAME_UNIT_MAP)
    {
      if (gu->hex.col == hex.col && gu->hex.row == hex.row)
        return FALSE;
      action = g_strdup_printf ("move %s %s", id, l);
    }
  else if (gu->where == RDT_GAME_UNIT_TO_DEPLOY)
    action = g_strdup_printf ("deploy %s %s", id, l);
  else
    {
      g_autoptr(GError) error = NULL;

      /* No action of docs/play.md puts such a unit on the map by hand. */
      if (gu->where == RDT_GAME_UNIT_TO_ARRIVE)
        g_set_error (&error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL,
                     _("9.11: %s arrives by itself on its entry hex at the start of its side’s movement phase on turn %d"),
                     id, gu->arrive_turn);
      else
        g_set_error (&error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL,
                     _("%s is out of play (eliminated, captured or not in this scenario)"), id);
      show_refusal (self, forced, error, forced);
      return FALSE;
    }
  perform_or_refuse (self, action, forced);
  return rdt_game_get_n_actions (self->game) != n_actions;
}

static void
on_info_bar_response (GtkInfoBar *info_bar,
                      int         response,
                      RdtWindow  *self)
{
  g_autofree char *force = g_steal_pointer (&self->play_force);

  if (response == RDT_WINDOW_RESPONSE_FORCE && force != NULL && self->game != NULL)
    perform_or_refuse (self, force, NULL);
}

/* Starting and leaving play. */

static GtkPaned *
outer_paned (RdtWindow *self)
{
  GtkWidget *inner = gtk_widget_get_ancestor (GTK_WIDGET (self->map_box), GTK_TYPE_PANED);

  return GTK_PANED (gtk_widget_get_ancestor (gtk_widget_get_parent (inner), GTK_TYPE_PANED));
}

static void
set_play_state (RdtWindow *self)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "play");

  g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_boolean (self->game != NULL));
}

static guint dup_setup_enabled (RdtWindow *self);
static void restore_setup_enabled (RdtWindow *self,
                                   guint      mask);

/* Plays @game (transfer full) in the window. */
static void
enter_play (RdtWindow *self,
            RdtGame   *game)
{
  GtkPaned *paned = outer_paned (self);
  RdtRenderMap *map = rdt_render_map_new_from_scenario (rdt_game_get_scenario (game));

  drop_pick (self);
  g_clear_object (&self->game);
  self->game = game;
  if (self->play_setup_side == NULL)
    {
      /* Which set-up actions were enabled, restored on leaving play. */
      self->play_setup_enabled = dup_setup_enabled (self);
      self->play_setup_side = g_object_ref (gtk_paned_get_start_child (paned));
      self->play_setup_position = gtk_paned_get_position (paned);
      gtk_paned_set_start_child (paned, self->play_panel);
      gtk_paned_set_position (paned, 360);
    }
  _rdt_window_set_tool (self, RDT_TOOL_SELECT);
  /* The game's own copy of the scenario is the board (the same map). */
  rdt_map_view_set_map (RDT_MAP_VIEW (self->map), map);
  rdt_render_map_unref (map);
  rdt_play_panel_set_game (RDT_PLAY_PANEL (self->play_panel), game);
  rdt_combat_panel_set_game (RDT_COMBAT_PANEL (self->combat_panel), game);
  set_play_state (self);
  game_changed (self);
  /* A new game, or one just opened: nothing to lose yet. */
  self->play_unsaved = FALSE;
}

gboolean
_rdt_window_play_start (RdtWindow *self,
                        guint64    seed,
                        GError   **error)
{
  RdtGame *game;

  if (self->document == NULL)
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_DATA, _("Open a scenario first"));
      return FALSE;
    }
  game = rdt_game_new (rdt_document_get_scenario (self->document), seed, error);
  if (game == NULL)
    return FALSE;
  enter_play (self, game);
  {
    g_autofree char *text = g_strdup_printf (_("Playing with seed %" PRIu64 ": the scenario is not changed by play"),
                                             seed);
    gtk_label_set_text (self->status_label, text);
  }
  return TRUE;
}

void
_rdt_window_play_stop (RdtWindow *self)
{
  GtkPaned *paned;

  if (self->game == NULL)
    return;
  drop_pick (self);
  g_clear_pointer (&self->play_force, g_free);
  g_clear_object (&self->game);
  paned = outer_paned (self);
  if (self->play_setup_side != NULL)
    {
      gtk_paned_set_start_child (paned, self->play_setup_side);
      gtk_paned_set_position (paned, self->play_setup_position);
      g_clear_object (&self->play_setup_side);
    }
  rdt_play_panel_set_game (RDT_PLAY_PANEL (self->play_panel), NULL);
  rdt_combat_panel_set_game (RDT_COMBAT_PANEL (self->combat_panel), NULL);
  restore_setup_enabled (self, self->play_setup_enabled);
  set_play_state (self);
  /* The set-up again, as the document has it. */
  _rdt_window_map_follow (self);
  {
    RdtRenderMap *map = self->document != NULL
                        ? rdt_render_map_new_from_scenario (rdt_document_get_scenario (self->document)) : NULL;

    rdt_map_view_set_map (RDT_MAP_VIEW (self->map), map);
    if (map != NULL)
      rdt_render_map_unref (map);
  }
  _rdt_window_update_actions (self);
  gtk_label_set_text (self->status_label, _("Back to the set-up editor"));
}

/* Leaving a game with unsaved actions asks first: leave play, close the
 * window, or restart with a typed seed. */
typedef enum {
  THEN_LEAVE,
  THEN_CLOSE,
  THEN_RESTART,
} ThenKind;

static void
on_ask_response (GtkDialog *dialog,
                 int        response,
                 RdtWindow *self)
{
  ThenKind then = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "then"));
  guint64 seed = *(guint64 *) g_object_get_data (G_OBJECT (dialog), "seed");

  gtk_window_destroy (GTK_WINDOW (dialog));
  if (response == GTK_RESPONSE_YES)
    choose_file (self, CHOOSE_SAVE_GAME);
  if (response != GTK_RESPONSE_NO || self->game == NULL)
    return;
  self->play_unsaved = FALSE;
  switch (then)
    {
    case THEN_CLOSE:
      gtk_window_close (GTK_WINDOW (self));
      break;
    case THEN_RESTART:
      {
        g_autoptr(GError) error = NULL;

        if (!_rdt_window_play_start (self, seed, &error))
          _rdt_window_report_error (self, _("Cannot start the game with that seed"), error);
      }
      break;
    case THEN_LEAVE:
    default:
      _rdt_window_play_stop (self);
      break;
    }
}

/* TRUE when the game has unsaved actions and a question was asked. */
static gboolean
ask_before_losing (RdtWindow *self,
                   ThenKind   then,
                   guint64    seed)
{
  GtkWidget *dialog;

  if (self->game == NULL || !self->play_unsaved)
    return FALSE;
  dialog = gtk_message_dialog_new (GTK_WINDOW (self), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                   then == THEN_RESTART ? _("Restart without saving the game?")
                                   : then == THEN_CLOSE ? _("Close without saving the game?")
                                   : _("Leave play without saving the game?"));
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog),
                                            _("The game’s actions since it was started, opened or saved "
                                              "will be lost. The scenario is not changed by play."));
  gtk_dialog_add_buttons (GTK_DIALOG (dialog),
                          then == THEN_RESTART ? _("_Restart without Saving")
                          : then == THEN_CLOSE ? _("Close _without Saving")
                          : _("_Leave without Saving"), GTK_RESPONSE_NO,
                          _("_Cancel"), GTK_RESPONSE_CANCEL,
                          _("Save _Game…"), GTK_RESPONSE_YES,
                          NULL);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_YES);
  g_object_set_data (G_OBJECT (dialog), "then", GINT_TO_POINTER (then));
  g_object_set_data_full (G_OBJECT (dialog), "seed", g_memdup2 (&seed, sizeof seed), g_free);
  g_signal_connect (dialog, "response", G_CALLBACK (on_ask_response), self);
  gtk_window_present (GTK_WINDOW (dialog));
  return TRUE;
}

gboolean
_rdt_window_play_ask_before_close (RdtWindow *self)
{
  return ask_before_losing (self, THEN_CLOSE, 0);
}

/* Actions. */

static void
win_play (GSimpleAction *action,
          GVariant      *parameter,
          gpointer       user_data)
{
  RdtWindow *self = RDT_WINDOW (user_data);
  g_autoptr(GError) error = NULL;

  if (self->game != NULL)
    {
      if (!ask_before_losing (self, THEN_LEAVE, 0))
        _rdt_window_play_stop (self);
      return;
    }
  /* A seed from the clock, shown in the panel (a typed one restarts). */
  if (!_rdt_window_play_start (self, (guint64) (g_get_real_time () % G_GINT64_CONSTANT (1000000000)), &error))
    _rdt_window_report_error (self, _("Cannot start the game"), error);
}

static void
win_play_seed (GSimpleAction *action,
               GVariant      *parameter,
               gpointer       user_data)
{
  RdtWindow *self = RDT_WINDOW (user_data);
  g_autofree char *text = g_strstrip (g_strdup (g_variant_get_string (parameter, NULL)));
  guint64 seed;
  g_autoptr(GError) error = NULL;

  if (g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT64, &seed, &error)
      && ask_before_losing (self, THEN_RESTART, seed))
    return;
  if (error != NULL || !_rdt_window_play_start (self, seed, &error))
    _rdt_window_report_error (self, _("Cannot start the game with that seed"), error);
}

static void
win_play_action (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  RdtWindow *self = RDT_WINDOW (user_data);

  if (self->game != NULL)
    perform_or_refuse (self, g_variant_get_string (parameter, NULL), NULL);
}

/* Rally (15), delay (9.11) or eliminate (7.3) the picked-up counter. */
static void
win_play_unit_action (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       user_data)
{
  RdtWindow *self = RDT_WINDOW (user_data);
  g_autofree char *line = NULL;

  if (self->game == NULL)
    return;
  if (self->play_picked == NULL)
    {
      gtk_label_set_text (self->status_label, _("Pick a counter first: press it on the map or click it in a list"));
      return;
    }
  line = g_strdup_printf ("%s %s", g_variant_get_string (parameter, NULL), self->play_picked);
  perform_or_refuse (self, line, NULL);
}

static void
win_next_phase (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  RdtWindow *self = RDT_WINDOW (user_data);

  if (self->game != NULL)
    perform_or_refuse (self, "next-phase", NULL);
}

gboolean
_rdt_window_play_undo (RdtWindow *self,
                       gboolean   redo)
{
  g_autoptr(GError) error = NULL;
  gboolean ok;

  if (self->game == NULL)
    return FALSE;
  ok = redo ? rdt_game_redo (self->game, &error) : rdt_game_undo (self->game, &error);
  if (!ok)
    {
      gtk_label_set_text (self->status_label, error->message);
      return FALSE;
    }
  game_changed (self);
  gtk_label_set_text (self->status_label, redo ? _("Redone in the game") : _("Undone in the game"));
  return TRUE;
}

gboolean
_rdt_window_play_save_game (RdtWindow  *self,
                            const char *path,
                            GError    **error)
{
  if (self->game == NULL)
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_DATA, _("No game is being played"));
      return FALSE;
    }
  /* Atomic (rdt_file_save_atomic). */
  if (!rdt_game_save_to_file (self->game, path, error))
    return FALSE;
  self->play_unsaved = FALSE;
  return TRUE;
}

gboolean
_rdt_window_play_open_game (RdtWindow  *self,
                            const char *path,
                            GError    **error)
{
  RdtGame *game;

  if (self->document == NULL)
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_DATA,
                   _("Open the scenario first: its map is the board"));
      return FALSE;
    }
  game = rdt_game_load_from_file (path, NULL, error);
  if (game == NULL)
    return FALSE;
  enter_play (self, game);
  return TRUE;
}

gboolean
_rdt_window_play_export_script (RdtWindow  *self,
                                const char *path,
                                GError    **error)
{
  g_autofree char *script = NULL;

  if (self->game == NULL)
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_DATA, _("No game is being played"));
      return FALSE;
    }
  script = rdt_game_dup_script (self->game);
  return rdt_file_save_atomic (path, script, strlen (script), NULL, RDT_SAVE_NONE, NULL, error);
}

static void
on_choose_response (GtkNativeDialog *dialog,
                    int              response,
                    RdtWindow       *self)
{
  ChooseKind kind = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "kind"));

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = file ? g_file_get_path (file) : NULL;
      g_autoptr(GError) error = NULL;
      gboolean ok = FALSE;

      if (path != NULL)
        switch (kind)
          {
          case CHOOSE_SAVE_GAME:
            ok = _rdt_window_play_save_game (self, path, &error);
            break;
          case CHOOSE_OPEN_GAME:
            ok = _rdt_window_play_open_game (self, path, &error);
            break;
          case CHOOSE_EXPORT_SCRIPT:
          default:
            ok = _rdt_window_play_export_script (self, path, &error);
            break;
          }
      if (!ok && error != NULL)
        _rdt_window_report_error (self, kind == CHOOSE_OPEN_GAME ? _("Cannot open the game")
                                                                 : _("Cannot save"), error);
      else if (ok)
        {
          g_autofree char *name = g_filename_display_basename (path);
          g_autofree char *text = g_strdup_printf (kind == CHOOSE_OPEN_GAME ? _("Opened game %s")
                                                                            : _("Saved %s"), name);

          gtk_label_set_text (self->status_label, text);
        }
    }
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
}

static void
choose_file (RdtWindow  *self,
             ChooseKind  kind)
{
  GtkFileChooserNative *dialog;
  GtkFileFilter *filter = gtk_file_filter_new ();
  gboolean save = kind != CHOOSE_OPEN_GAME;

  dialog = gtk_file_chooser_native_new (kind == CHOOSE_SAVE_GAME ? _("Save Game")
                                        : kind == CHOOSE_OPEN_GAME ? _("Open Game")
                                        : _("Export Log as Script"),
                                        GTK_WINDOW (self),
                                        save ? GTK_FILE_CHOOSER_ACTION_SAVE : GTK_FILE_CHOOSER_ACTION_OPEN,
                                        save ? _("_Save") : _("_Open"), _("_Cancel"));
  if (kind == CHOOSE_EXPORT_SCRIPT)
    {
      gtk_file_filter_set_name (filter, _("Play scripts (docs/play.md)"));
      gtk_file_filter_add_pattern (filter, "*.txt");
      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), "game-script.txt");
    }
  else
    {
      gtk_file_filter_set_name (filter, _("Redoubt saved games"));
      gtk_file_filter_add_pattern (filter, "*.redoubt-game");
      if (save)
        gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), "game.redoubt-game");
    }
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  g_object_unref (filter);
  g_object_set_data (G_OBJECT (dialog), "kind", GINT_TO_POINTER (kind));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_signal_connect (dialog, "response", G_CALLBACK (on_choose_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
win_save_game (GSimpleAction *action,
               GVariant      *parameter,
               gpointer       user_data)
{
  choose_file (RDT_WINDOW (user_data), CHOOSE_SAVE_GAME);
}

static void
win_open_game (GSimpleAction *action,
               GVariant      *parameter,
               gpointer       user_data)
{
  choose_file (RDT_WINDOW (user_data), CHOOSE_OPEN_GAME);
}

static void
win_export_script (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  choose_file (RDT_WINDOW (user_data), CHOOSE_EXPORT_SCRIPT);
}

static const GActionEntry play_actions[] = {
  { .name = "play", .activate = win_play, .parameter_type = NULL, .state = "false", .change_state = NULL },
  { .name = "play-seed", .activate = win_play_seed, .parameter_type = "s", .state = NULL, .change_state = NULL },
  { .name = "play-unit-action", .activate = win_play_unit_action, .parameter_type = "s", .state = NULL, .change_state = NULL },
  { .name = "play-pick", .activate = win_play_pick, .parameter_type = "s", .state = NULL, .change_state = NULL },
  { .name = "play-action", .activate = win_play_action, .parameter_type = "s", .state = NULL, .change_state = NULL },
  { .name = "next-phase", .activate = win_next_phase, .parameter_type = NULL, .state = NULL, .change_state = NULL },
  { .name = "save-game", .activate = win_save_game, .parameter_type = NULL, .state = NULL, .change_state = NULL },
  { .name = "open-game", .activate = win_open_game, .parameter_type = NULL, .state = NULL, .change_state = NULL },
  { .name = "export-script", .activate = win_export_script, .parameter_type = NULL, .state = NULL, .change_state = NULL },
};

/* Set-up editing actions, disabled while playing (play never edits); at
 * most 32 (the mask of play_setup_enabled). */
static const char *const setup_actions[] = {
  "save", "save-as", "revert", "new", "open", "open-recent", "import-vassal", "grid-settings", "load-underlay",
  "remove-underlay", "unit-add", "unit-duplicate", "unit-edit", "unit-delete", "unit-flip",
  "unit-unplace", "unit-status", "unit-state", "unit-raise", "unit-lower", "unit-to-top",
  "unit-to-bottom", "area-add", "area-rename", "area-delete", "flip-hexside", "tool", "terrain",
  "hexside-feature",
};

static void
set_enabled (RdtWindow  *self,
             const char *name,
             gboolean    enabled)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), name);

  if (action != NULL)
    g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
}

G_STATIC_ASSERT (G_N_ELEMENTS (setup_actions) <= 32);

static guint
dup_setup_enabled (RdtWindow *self)
{
  guint mask = 0;

  for (guint i = 0; i < G_N_ELEMENTS (setup_actions); i++)
    if (g_action_group_get_action_enabled (G_ACTION_GROUP (self), setup_actions[i]))
      mask |= 1u << i;
  return mask;
}

/* Back as before play; _rdt_window_update_actions() then recomputes those it
 * decides itself. */
static void
restore_setup_enabled (RdtWindow *self,
                       guint      mask)
{
  for (guint i = 0; i < G_N_ELEMENTS (setup_actions); i++)
    set_enabled (self, setup_actions[i], (mask & (1u << i)) != 0);
}

/* Called at the end of _rdt_window_update_actions(). */
void
_rdt_window_play_update_actions (RdtWindow *self)
{
  gboolean playing = self->game != NULL;

  set_enabled (self, "play", self->document != NULL);
  set_enabled (self, "play-seed", self->document != NULL);
  set_enabled (self, "play-action", playing);
  set_enabled (self, "play-pick", playing);
  set_enabled (self, "play-unit-action", playing);
  set_enabled (self, "next-phase", playing && !rdt_game_is_over (self->game));
  set_enabled (self, "save-game", playing);
  set_enabled (self, "open-game", self->document != NULL);
  set_enabled (self, "export-script", playing);
  if (!playing)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (setup_actions); i++)
    set_enabled (self, setup_actions[i], FALSE);
  set_enabled (self, "undo", rdt_game_can_undo (self->game));
  set_enabled (self, "redo", rdt_game_can_redo (self->game));
  gtk_widget_set_tooltip_text (self->undo_button, _("Undo in the game, within the phase (Ctrl+Z)"));
  gtk_widget_set_tooltip_text (self->redo_button, _("Redo in the game (Shift+Ctrl+Z)"));
}

void
_rdt_window_setup_play (RdtWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), play_actions, G_N_ELEMENTS (play_actions), self);
  self->play_panel = g_object_ref_sink (rdt_play_panel_new ());
  self->combat_panel = rdt_combat_panel_new ();
  g_signal_connect_swapped (self->combat_panel, "overlays-changed", G_CALLBACK (_rdt_window_play_overlays), self);
  rdt_play_panel_add_section (RDT_PLAY_PANEL (self->play_panel), self->combat_panel);
  g_signal_connect (self->info_bar, "response", G_CALLBACK (on_info_bar_response), self);
}

void
_rdt_window_dispose_play (RdtWindow *self)
{
  drop_pick (self);
  g_clear_pointer (&self->play_force, g_free);
  g_clear_object (&self->game);
  g_clear_object (&self->play_setup_side);
  g_clear_object (&self->play_panel);
  self->combat_panel = NULL;    /* owned by the play panel */
}
