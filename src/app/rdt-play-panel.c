/* rdt-play-panel.c: the side panel of the editor's play mode (issue 13). */
#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>

#include "rdt-play-panel.h"

/* The die roller shows this many of the last rolls (2.3). */
#define N_LAST_ROLLS 8
/* The log shows at most this many lines, newest first (the game keeps all). */
#define MAX_LOG_ROWS 400

struct _RdtPlayPanel
{
  GtkBox parent_instance;

  RdtGame *game;
  GtkLabel *turn_label;
  GtkLabel *phase_label;
  GtkWidget *next_button;
  GtkLabel *seed_label;
  GtkEntry *seed_entry;
  GtkBox *armies_box;
  GtkLabel *pool_label;
  GtkLabel *vp_label;
  GtkSpinButton *die_spin;
  GtkBox *momentum_box;         /* a row per player: chits to declare (12.62) */
  GtkEntry *action_entry;
  GtkListBox *rolls_list;
  GtkListBox *deploy_list;
  GtkWidget *deploy_all_button;
  GtkListBox *arrive_list;
  GtkListBox *eliminated_list;
  GtkListBox *captured_list;
  GtkListBox *log_list;
  GtkBox *content_box;          /* the scrolled column (issue 14: the combat panel goes first) */
  guint n_log_rows;
  char *phase_text;
};

G_DEFINE_FINAL_TYPE (RdtPlayPanel, rdt_play_panel, GTK_TYPE_BOX)

static void
rdt_play_panel_dispose (GObject *object)
{
  RdtPlayPanel *self = RDT_PLAY_PANEL (object);

  g_clear_object (&self->game);
  G_OBJECT_CLASS (rdt_play_panel_parent_class)->dispose (object);
}

static void
rdt_play_panel_finalize (GObject *object)
{
  RdtPlayPanel *self = RDT_PLAY_PANEL (object);

  g_free (self->phase_text);
  G_OBJECT_CLASS (rdt_play_panel_parent_class)->finalize (object);
}

static void
rdt_play_panel_class_init (RdtPlayPanelClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = rdt_play_panel_dispose;
  G_OBJECT_CLASS (klass)->finalize = rdt_play_panel_finalize;
}

static GtkWidget *
heading (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "heading");
  gtk_widget_set_margin_top (label, 8);
  return label;
}

static GtkWidget *
wrapped_label (void)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  /* Wrapped, so that long lines do not widen the side panel. */
  gtk_label_set_max_width_chars (GTK_LABEL (label), 36);
  return label;
}

/* A click on a unit row picks the unit up (its set-up hexes are shaded). */
static void
on_row_activated (GtkListBox    *list,
                  GtkListBoxRow *row,
                  gpointer       user_data)
{
  GtkWidget *child = gtk_list_box_row_get_child (row);
  const char *id = child != NULL ? g_object_get_data (G_OBJECT (child), "unit-id") : NULL;

  if (id != NULL)
    gtk_widget_activate_action (GTK_WIDGET (list), "win.play-pick", "s", id);
}

static GtkListBox *
new_list (GtkBox *box)
{
  GtkWidget *list = gtk_list_box_new ();

  g_signal_connect (list, "row-activated", G_CALLBACK (on_row_activated), NULL);
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  gtk_box_append (box, list);
  return GTK_LIST_BOX (list);
}

static void
clear_list (GtkListBox *list)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (list))) != NULL)
    gtk_list_box_remove (list, child);
}

static GtkWidget *
add_row (GtkListBox *list,
         const char *text)
{
  GtkWidget *label = wrapped_label ();

  gtk_label_set_text (GTK_LABEL (label), text);
  gtk_widget_set_margin_start (label, 4);
  gtk_widget_set_margin_end (label, 4);
  gtk_list_box_append (list, label);
  return label;
}

/* A unit row that can be dragged onto the map (deploy, or a forced entry). */
static GdkContentProvider *
on_row_drag_prepare (GtkDragSource *source,
                     double         x,
                     double         y,
                     gpointer       user_data)
{
  GtkWidget *widget = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (source));
  const char *id = g_object_get_data (G_OBJECT (widget), "unit-id");

  return id != NULL ? gdk_content_provider_new_typed (G_TYPE_STRING, id) : NULL;
}

/* A player as the bar shows it: the name of the side of that id (British),
 * otherwise the player id (a player of several sides: allies). */
static const char *
player_label (RdtScenario *scenario,
              const char  *player)
{
  int side = player != NULL ? rdt_scenario_find_side (scenario, player) : -1;
  const RdtSide *s = side >= 0 ? rdt_scenario_get_side (scenario, (guint) side) : NULL;

  return s != NULL && s->name != NULL ? s->name : player;
}

static void
add_unit_row (GtkListBox *list,
              const char *id,
              const char *text)
{
  GtkWidget *label = add_row (list, text);
  GtkDragSource *source = gtk_drag_source_new ();

  g_object_set_data_full (G_OBJECT (label), "unit-id", g_strdup (id), g_free);
  gtk_drag_source_set_actions (source, GDK_ACTION_MOVE);
  g_signal_connect (source, "prepare", G_CALLBACK (on_row_drag_prepare), NULL);
  gtk_widget_add_controller (label, GTK_EVENT_CONTROLLER (source));
  gtk_widget_set_tooltip_text (label, _("Click to shade where it may go; drag it onto the map"));
}

static void
on_typed_roll (GtkButton    *button,
               RdtPlayPanel *self)
{
  g_autofree char *action = g_strdup_printf ("roll %d", gtk_spin_button_get_value_as_int (self->die_spin));

  gtk_widget_activate_action (GTK_WIDGET (self), "win.play-action", "s", action);
}

static void
on_seed_activate (GtkWidget    *widget,
                  RdtPlayPanel *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->seed_entry));

  gtk_widget_activate_action (GTK_WIDGET (self), "win.play-seed", "s", text);
}

static void
on_action_entry (GtkWidget    *widget,
                 RdtPlayPanel *self)
{
  g_autofree char *text = g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->action_entry)));

  if (g_strstrip (text)[0] != '\0')
    gtk_widget_activate_action (GTK_WIDGET (self), "win.play-action", "s", text);
}

static void
on_declare_momentum (GtkButton    *button,
                     RdtPlayPanel *self)
{
  GtkSpinButton *spin = g_object_get_data (G_OBJECT (button), "spin");
  const char *player = g_object_get_data (G_OBJECT (button), "player");
  g_autofree char *action = g_strdup_printf ("momentum %s %d", player, gtk_spin_button_get_value_as_int (spin));

  gtk_widget_activate_action (GTK_WIDGET (self), "win.play-action", "s", action);
}

static GtkWidget *
action_button (const char *label,
               const char *detailed_action,
               const char *tooltip)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);

  gtk_actionable_set_detailed_action_name (GTK_ACTIONABLE (button), detailed_action);
  if (tooltip != NULL)
    gtk_widget_set_tooltip_text (button, tooltip);
  return button;
}

static void
rdt_play_panel_init (RdtPlayPanel *self)
{
  GtkWidget *bar, *row, *scrolled, *button;
  GtkBox *box;

  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_widget_set_size_request (GTK_WIDGET (self), 260, -1);

  /* The turn and phase bar (5). */
  bar = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  gtk_widget_set_margin_start (bar, 8);
  gtk_widget_set_margin_end (bar, 8);
  gtk_widget_set_margin_top (bar, 8);
  self->turn_label = GTK_LABEL (wrapped_label ());
  gtk_widget_add_css_class (GTK_WIDGET (self->turn_label), "heading");
  self->phase_label = GTK_LABEL (wrapped_label ());
  gtk_box_append (GTK_BOX (bar), GTK_WIDGET (self->turn_label));
  gtk_box_append (GTK_BOX (bar), GTK_WIDGET (self->phase_label));
  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  self->next_button = action_button (_("_Next Phase"), "win.next-phase", _("End this phase (Ctrl+Return)"));
  gtk_widget_add_css_class (self->next_button, "suggested-action");
  gtk_box_append (GTK_BOX (row), self->next_button);
  button = action_button (_("_Leave Play"), "win.play", _("Back to the set-up editor (Ctrl+Shift+P)"));
  gtk_box_append (GTK_BOX (row), button);
  gtk_box_append (GTK_BOX (bar), row);
  gtk_box_append (GTK_BOX (self), bar);

  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (scrolled, TRUE);
  box = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 4));
  gtk_widget_set_margin_start (GTK_WIDGET (box), 8);
  gtk_widget_set_margin_end (GTK_WIDGET (box), 8);
  gtk_widget_set_margin_bottom (GTK_WIDGET (box), 8);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (box));
  gtk_box_append (GTK_BOX (self), scrolled);
  self->content_box = box;

  /* The seed of the die (2.3): shown, and a typed one restarts the game. */
  self->seed_label = GTK_LABEL (wrapped_label ());
  gtk_widget_add_css_class (GTK_WIDGET (self->seed_label), "dim-label");
  gtk_widget_set_margin_top (GTK_WIDGET (self->seed_label), 6);
  gtk_box_append (box, GTK_WIDGET (self->seed_label));
  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  self->seed_entry = GTK_ENTRY (gtk_entry_new ());
  gtk_entry_set_placeholder_text (self->seed_entry, _("Seed"));
  gtk_widget_set_hexpand (GTK_WIDGET (self->seed_entry), TRUE);
  g_signal_connect (self->seed_entry, "activate", G_CALLBACK (on_seed_activate), self);
  button = gtk_button_new_with_mnemonic (_("_Restart"));
  gtk_widget_set_tooltip_text (button, _("Start the game again with this seed"));
  g_signal_connect (button, "clicked", G_CALLBACK (on_seed_activate), self);
  gtk_box_append (GTK_BOX (row), GTK_WIDGET (self->seed_entry));
  gtk_box_append (GTK_BOX (row), button);
  gtk_box_append (box, row);

  /* Army morale (16), momentum (12.6), victory points (3). */
  gtk_box_append (box, heading (_("Armies (16, 12.6)")));
  self->armies_box = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 2));
  gtk_box_append (box, GTK_WIDGET (self->armies_box));
  self->pool_label = GTK_LABEL (wrapped_label ());
  gtk_box_append (box, GTK_WIDGET (self->pool_label));
  self->vp_label = GTK_LABEL (wrapped_label ());
  gtk_box_append (box, GTK_WIDGET (self->vp_label));

  /* The die (2.3). */
  gtk_box_append (box, heading (_("Die (2.3)")));
  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_append (GTK_BOX (row), action_button (_("R_oll"), "win.play-action('roll')",
                                                _("Roll the die for something the program does not resolve")));
  self->die_spin = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (0, 9, 1));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->die_spin), _("The value of a physical die (0 to 9)"));
  gtk_box_append (GTK_BOX (row), GTK_WIDGET (self->die_spin));
  button = gtk_button_new_with_mnemonic (_("_Use Die Value"));
  gtk_widget_set_tooltip_text (button, _("The next roll the rules need uses this value (roll N)"));
  g_signal_connect (button, "clicked", G_CALLBACK (on_typed_roll), self);
  gtk_box_append (GTK_BOX (row), button);
  gtk_box_append (box, row);
  self->rolls_list = new_list (box);

  /* The log, near the top: what each action did, with its rule. */
  gtk_box_append (box, heading (_("Log (newest first)")));
  {
    GtkWidget *log_scroll = gtk_scrolled_window_new ();
    GtkWidget *list = gtk_list_box_new ();

    gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (log_scroll), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
    gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (log_scroll), 220);
    gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
    gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (log_scroll), list);
    gtk_box_append (box, log_scroll);
    self->log_list = GTK_LIST_BOX (list);
  }

  /* The initiative (6.1) and momentum declared for it (12.62). */
  gtk_box_append (box, heading (_("Initiative (6, 12.62)")));
  gtk_box_append (box, action_button (_("Roll _Initiative"), "win.play-action('initiative')",
                                      _("Each player rolls: die + army morale DRM + 2 per chit declared (6.1)")));
  self->momentum_box = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 4));
  gtk_box_append (box, GTK_WIDGET (self->momentum_box));

  /* The counter picked up on the map or in a list. */
  gtk_box_append (box, heading (_("Picked Counter")));
  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_append (GTK_BOX (row), action_button (_("R_ally"), "win.play-unit-action('rally')",
                                                _("A morale check to rally the picked unit (15, 13.5)")));
  gtk_box_append (GTK_BOX (row), action_button (_("D_elay"), "win.play-unit-action('delay')",
                                                _("Send back a reinforcement placed this phase (9.11)")));
  gtk_box_append (GTK_BOX (row), action_button (_("Eliminate _Step"), "win.play-unit-action('eliminate')",
                                                _("Remove a step from an overstacked hex (7.3)")));
  gtk_box_append (box, row);

  /* Any action of docs/play.md, typed. */
  gtk_box_append (box, heading (_("Action (docs/play.md)")));
  self->action_entry = GTK_ENTRY (gtk_entry_new ());
  gtk_entry_set_placeholder_text (self->action_entry, _("e.g. dictate british american"));
  g_signal_connect (self->action_entry, "activate", G_CALLBACK (on_action_entry), self);
  gtk_box_append (box, GTK_WIDGET (self->action_entry));

  /* Set-up and reinforcements. */
  gtk_box_append (box, heading (_("To Deploy (scenario set-up)")));
  self->deploy_all_button = action_button (_("_Deploy All as Listed"), "win.play-action('deploy-all')",
                                           _("Place every unit that has one set-up hex"));
  gtk_box_append (box, self->deploy_all_button);
  self->deploy_list = new_list (box);
  gtk_box_append (box, heading (_("Reinforcements (9.1)")));
  self->arrive_list = new_list (box);

  gtk_box_append (box, heading (_("Eliminated")));
  self->eliminated_list = new_list (box);
  gtk_box_append (box, heading (_("Captured (14.33)")));
  self->captured_list = new_list (box);

}

GtkWidget *
rdt_play_panel_new (void)
{
  return g_object_new (RDT_TYPE_PLAY_PANEL, NULL);
}

void
rdt_play_panel_set_game (RdtPlayPanel *self,
                         RdtGame      *game)
{
  g_return_if_fail (RDT_IS_PLAY_PANEL (self));

  if (!g_set_object (&self->game, game))
    return;
  {
    GtkWidget *child;

    while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->momentum_box))) != NULL)
      gtk_box_remove (self->momentum_box, child);
  }
  for (guint p = 0; game != NULL && p < rdt_game_get_n_players (game); p++)
    {
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      GtkWidget *label = gtk_label_new (player_label (rdt_game_get_scenario (game),
                                                      rdt_game_get_player_id (game, p)));
      /* 12.61: five chits. */
      GtkWidget *spin = gtk_spin_button_new_with_range (0, 5, 1);
      GtkWidget *button = gtk_button_new_with_label (_("Declare Momentum"));

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_set_hexpand (label, TRUE);
      gtk_widget_set_tooltip_text (button, _("Spend these chits for +2 each on the initiative roll (12.62)"));
      g_object_set_data (G_OBJECT (button), "spin", spin);
      g_object_set_data_full (G_OBJECT (button), "player", g_strdup (rdt_game_get_player_id (game, p)), g_free);
      g_signal_connect (button, "clicked", G_CALLBACK (on_declare_momentum), self);
      gtk_box_append (GTK_BOX (row), label);
      gtk_box_append (GTK_BOX (row), spin);
      gtk_box_append (GTK_BOX (row), button);
      gtk_box_append (self->momentum_box, row);
    }
  if (game != NULL)
    {
      g_autofree char *seed = g_strdup_printf ("%" G_GUINT64_FORMAT, rdt_game_get_seed (game));

      gtk_editable_set_text (GTK_EDITABLE (self->seed_entry), seed);
    }
  rdt_play_panel_refresh (self);
}

static char *
unit_text (RdtGame           *game,
           guint              index,
           const RdtGameUnit *gu)
{
  RdtScenario *scenario = rdt_game_get_scenario (game);
  const RdtUnit *u = rdt_scenario_get_unit (scenario, index);
  const RdtSide *side = rdt_scenario_get_side (scenario, u->side);
  const char *side_name = side->name ? side->name : side->id;

  if (gu->where == RDT_GAME_UNIT_TO_ARRIVE)
    /* Translators: a reinforcement: its name, side, the turn it arrives and its entry hex. */
    return g_strdup_printf (_("%s (%s): turn %d, entry %s"), u->name ? u->name : u->id, side_name,
                            gu->arrive_turn, gu->entry ? gu->entry : "?");
  if (gu->where == RDT_GAME_UNIT_TO_DEPLOY && u->placement.kind == RDT_PLACEMENT_AREA)
    /* Translators: a unit that sets up anywhere in an area. */
    {
      const RdtArea *area = rdt_scenario_find_area (scenario, u->placement.area);

      return g_strdup_printf (_("%s (%s): in area %s"), u->name ? u->name : u->id, side_name,
                              area != NULL && area->name != NULL ? area->name : u->placement.area);
    }
  if (gu->where == RDT_GAME_UNIT_TO_DEPLOY && u->placement.kind == RDT_PLACEMENT_HEX)
    {
      g_autofree char *l = rdt_hex_grid_dup_label (rdt_scenario_get_grid (scenario), u->placement.hex);

      /* Translators: a unit that sets up in one hex. */
      return g_strdup_printf (_("%s (%s): in hex %s"), u->name ? u->name : u->id, side_name, l);
    }
  return g_strdup_printf ("%s (%s)", u->name ? u->name : u->id, side_name);
}

void
rdt_play_panel_refresh (RdtPlayPanel *self)
{
  RdtGame *game;
  RdtScenario *scenario;
  const RdtPhaseInfo *info;
  int player_turn, phasing;
  g_autofree char *turn = NULL;
  g_autoptr(GString) vp = NULL;
  g_autofree char *seed = NULL;
  g_autofree char *pool = NULL;
  GtkWidget *child;
  guint n, first;
  int top_morale;

  g_return_if_fail (RDT_IS_PLAY_PANEL (self));
  game = self->game;
  clear_list (self->rolls_list);
  clear_list (self->deploy_list);
  clear_list (self->arrive_list);
  clear_list (self->eliminated_list);
  clear_list (self->captured_list);
  clear_list (self->log_list);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->armies_box))) != NULL)
    gtk_box_remove (self->armies_box, child);
  self->n_log_rows = 0;
  if (game == NULL)
    {
      gtk_label_set_text (self->turn_label, "");
      gtk_label_set_text (self->phase_label, "");
      return;
    }
  scenario = rdt_game_get_scenario (game);

  /* The bar: turn, player turn, phase and its rule (5). */
  info = rdt_phase_get_info (rdt_game_get_phase (game));
  player_turn = rdt_game_get_player_turn (game);
  phasing = rdt_game_get_phasing_player (game);
  if (rdt_game_get_phase (game) == RDT_PHASE_SETUP)
    turn = g_strdup_printf (_("Set-up before turn %d"), rdt_game_get_turn (game));
  else if (player_turn >= 0 && phasing >= 0)
    /* Translators: the game turn, then whose player turn it is (first or second). */
    turn = g_strdup_printf (player_turn == 0 ? _("Turn %d · first player turn: %s")
                                             : _("Turn %d · second player turn: %s"),
                            rdt_game_get_turn (game), player_label (scenario, rdt_game_get_player_id (game, phasing)));
  else
    turn = g_strdup_printf (_("Turn %d"), rdt_game_get_turn (game));
  gtk_label_set_text (self->turn_label, turn);
  g_free (self->phase_text);
  if (rdt_game_is_over (game))
    /* Translators: the game is over, then its result. */
    self->phase_text = g_strdup_printf (_("Game over: %s"), rdt_game_get_result (game));
  else if (info->rule != NULL && info->rule[0] != '\0')
    /* Translators: a phase of the Sequence of Play, then its rule number. */
    self->phase_text = g_strdup_printf (_("Phase: %s (%s)"), _(info->name), info->rule);
  else
    self->phase_text = g_strdup_printf (_("Phase: %s"), _(info->name));
  gtk_label_set_text (self->phase_label, self->phase_text);
  gtk_widget_set_sensitive (self->deploy_all_button, rdt_game_get_phase (game) == RDT_PHASE_SETUP);

  seed = g_strdup_printf (_("Seed %" PRIu64 " · %u actions"), rdt_game_get_seed (game),
                          rdt_game_get_n_actions (game));
  gtk_label_set_text (self->seed_label, seed);

  /* Armies: morale and level (16), chits (12.6).  The bars' scale is the
   * highest army morale at start or now (the rules print no maximum here). */
  {
    int top = 1;

    for (guint s = 0; s < rdt_scenario_get_n_sides (scenario); s++)
      top = MAX (top, MAX (rdt_scenario_get_side (scenario, s)->army_morale, rdt_game_get_army_morale (game, s)));
    top_morale = top;
  }
  for (guint s = 0; s < rdt_scenario_get_n_sides (scenario); s++)
    {
      const RdtSide *side = rdt_scenario_get_side (scenario, s);
      const RdtMoraleLevel *level = rdt_game_get_morale_level (game, s);
      GtkWidget *label = wrapped_label ();
      GtkWidget *bar = gtk_level_bar_new_for_interval (0, top_morale);
      g_autofree char *text = NULL;
      g_autofree char *level_text = NULL;
      int morale = rdt_game_get_army_morale (game, s);

      if (level != NULL)
        /* Translators: an army morale level (16.2), its initiative DRM and morale modifier. */
        level_text = g_strdup_printf (_("%s%s, initiative %+d, morale %+d"), level->id,
                                      level->provisional ? _(" (provisional)") : "",
                                      level->initiative_drm, level->morale_modifier);
      else
        level_text = g_strdup (_("no level in the volume"));
      /* Translators: a side's army morale, its level, and its momentum chits. */
      text = g_strdup_printf (_("%s: army morale %d (%s); momentum %d"),
                              side->name ? side->name : side->id, morale, level_text,
                              rdt_game_get_momentum (game, s));
      gtk_label_set_text (GTK_LABEL (label), text);
      gtk_box_append (self->armies_box, label);
      gtk_level_bar_set_value (GTK_LEVEL_BAR (bar), CLAMP (morale, 0, top_morale));
      gtk_box_append (self->armies_box, bar);
    }
  pool = g_strdup_printf (_("Momentum pool (12.6): %d"), rdt_game_get_momentum_pool (game));
  gtk_label_set_text (self->pool_label, pool);
  vp = g_string_new (_("Victory points (3):"));
  for (guint p = 0; p < rdt_game_get_n_players (game); p++)
    g_string_append_printf (vp, "%s %s %d", p > 0 ? "," : "",
                            player_label (scenario, rdt_game_get_player_id (game, p)), rdt_game_get_vp (game, p));
  gtk_label_set_text (self->vp_label, vp->str);

  /* The last rolls, newest first. */
  n = rdt_game_get_n_rolls (game);
  for (guint i = n; i > 0 && n - i < N_LAST_ROLLS; i--)
    {
      const RdtGameRoll *r = rdt_game_get_roll (game, i - 1);
      g_autofree char *text = g_strdup_printf (r->typed ? _("%d typed: %s") : _("%d: %s"), r->value,
                                               r->purpose ? r->purpose : "");

      add_row (self->rolls_list, text);
    }

  /* The units off the map. */
  for (guint i = 0; i < rdt_game_get_n_units (game); i++)
    {
      const RdtGameUnit *gu = rdt_game_get_unit (game, i);
      const RdtUnit *u = rdt_scenario_get_unit (scenario, i);
      g_autofree char *text = unit_text (game, i, gu);

      switch (gu->where)
        {
        case RDT_GAME_UNIT_TO_DEPLOY:
          add_unit_row (self->deploy_list, u->id, text);
          break;
        case RDT_GAME_UNIT_TO_ARRIVE:
          add_unit_row (self->arrive_list, u->id, text);
          break;
        case RDT_GAME_UNIT_ELIMINATED:
          add_unit_row (self->eliminated_list, u->id, text);
          break;
        case RDT_GAME_UNIT_CAPTURED:
          add_unit_row (self->captured_list, u->id, text);
          break;
        case RDT_GAME_UNIT_MAP:
        case RDT_GAME_UNIT_UNUSED:
        default:
          break;
        }
    }

  /* The log, newest first: each line with its rule. */
  n = rdt_game_get_n_messages (game);
  first = n > MAX_LOG_ROWS ? n - MAX_LOG_ROWS : 0;
  for (guint i = n; i > first; i--)
    {
      const RdtGameMessage *m = rdt_game_get_message (game, i - 1);
      /* Translators: a log line: its rule number, then what happened. */
      g_autofree char *text = g_strdup_printf (_("%s: %s"), m->rule ? m->rule : "-", m->text);

      add_row (self->log_list, text);
      self->n_log_rows++;
    }
}

const char *
rdt_play_panel_get_phase_text (RdtPlayPanel *self)
{
  g_return_val_if_fail (RDT_IS_PLAY_PANEL (self), NULL);
  return self->phase_text;
}

guint
rdt_play_panel_get_n_log_rows (RdtPlayPanel *self)
{
  g_return_val_if_fail (RDT_IS_PLAY_PANEL (self), 0);
  return self->n_log_rows;
}

/* Issue 14: a section (the combat panel) at the top of the scrolled column. */
void
rdt_play_panel_add_section (RdtPlayPanel *self,
                            GtkWidget    *section)
{
  g_return_if_fail (RDT_IS_PLAY_PANEL (self));
  gtk_box_prepend (self->content_box, section);
}
