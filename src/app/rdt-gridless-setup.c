/* rdt-gridless-setup.c: the start choices, the set-up, off-map pieces,
 * Reserve Cards and the end of the game in the gridless window's play mode
 * (issue 18; docs/gridless-play.md, docs/editor.md "Pub Battles gridless
 * scenarios").
 *
 * G opens the Start a Game dialog: the Start Options the scenario's zones
 * allow (Brandywine Scenario: Setup, Start Options, Early Start Option) and
 * the optional rules; they become the `option` actions at the head of the
 * log.  While the game is in its set-up phase (RDT_GL_PHASE_SETUP) the panel
 * names the side placing and highlights its zone (rdt_gl_game_get_setup_zone);
 * the pieces off the map are listed with where and when they come in, and a
 * piece dragged from the list (or armed with a click or Enter on its row,
 * then a click on the table) performs `place`, `enter`, `deploy` or `reveal`
 * through the game, which refuses with the rule.  Reserve Cards (Optional
 * Hidden Reserves) are listed per HQ.  When the game is over
 * (RDT_GL_PHASE_OVER) the victory report is shown. */
#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>
#include <string.h>

#include "rdt-gridless-move.h"
#include "rdt-gridless-view-private.h"

/* ------------------------------------------------------------ helpers */

static gboolean
log_has (View       *v,
         const char *line)
{
  GPtrArray *log = rdt_gl_game_get_log (v->game);

  for (guint i = 0; i < log->len; i++)
    if (g_str_equal (g_ptr_array_index (log, i), line))
      return TRUE;
  return FALSE;
}

static const char *
side_name (View       *v,
           const char *id)
{
  for (guint i = 0; i < v->g->sides->len; i++)
    {
      const RdtGlSide *s = g_ptr_array_index (v->g->sides, i);

      if (g_strcmp0 (s->id, id) == 0)
        return s->name != NULL ? s->name : s->id;
    }
  return id != NULL ? id : "?";
}

static const char *
zone_name (const RdtGlZone *z)
{
  return z->name != NULL ? z->name : z->id;
}

char *
_rdt_gv_phase_text (View *v)
{
  const RdtGlZone *z;

  if (v->game == NULL)
    return g_strdup (_("Not playing (G starts a game)."));
  switch (rdt_gl_game_get_phase (v->game))
    {
    case RDT_GL_PHASE_SETUP:
      z = rdt_gl_game_get_setup_zone (v->game);
      if (z == NULL)
        return g_strdup (_("Set-up (Brandywine Scenario, Setup)."));
      /* Setup: "British places first", "Colonials place second". */
      return g_strdup_printf (z->order <= 1 ? _("Set-up: %s place first, in %s (Brandywine Scenario, Setup); E ends it.")
                              : z->order == 2 ? _("Set-up: %s place second, in %s (Brandywine Scenario, Setup); E ends it.")
                              : _("Set-up: %s place next, in %s (Brandywine Scenario, Setup); E ends it."),
                              side_name (v, z->side), zone_name (z));
    case RDT_GL_PHASE_COMBAT:
      return g_strdup_printf (_("Turn %d: combat (How the Turns Work, step 5)."), rdt_gl_game_get_turn (v->game));
    case RDT_GL_PHASE_OVER:
      return g_strdup_printf (_("Game over after turn %d (the scenario's last turn)."),
                              v->g->last_turn > 0 ? v->g->last_turn : rdt_gl_game_get_turn (v->game));
    case RDT_GL_PHASE_COMMANDS:
    default:
      return g_strdup_printf (_("Turn %d: commands (How the Turns Work, steps 1-4)."), rdt_gl_game_get_turn (v->game));
    }
}

/* ------------------------------------------------------- start dialog */

static const struct {
  const char *name;
  const char *label;
  const char *line;
  const char *tip;
} optional_rules[] = {
  { "gridless-start-hq-alter", N_("Optional _HQ Alter"), "option hq-alter",
    N_("Optional HQ Alter: no roll, only 1 Alter per chit pull") },
  { "gridless-start-baggage", N_("Optional _Baggage Trains"), "option baggage",
    N_("Optional Baggage Trains: Infantry and Artillery rally only near a friendly train; trains in contact at Combat are destroyed") },
  { "gridless-start-reserves", N_("Optional Hidden _Reserves"), "option hidden-reserves",
    N_("Optional Hidden Reserves: pieces on an HQ's Reserve Card") },
};

static void
close_start_dialog (View *v)
{
  if (v->start_dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (v->start_dialog));
}

static void
on_start (GtkButton *button,
          gpointer   data)
{
  View *v = data;
  GtkWidget *d = v->start_dialog;
  guint64 seed = *(guint64 *) g_object_get_data (G_OBJECT (d), "seed");
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  GString *refused = g_string_new (NULL);
  guint n;

  (void) button;
  for (guint i = 0; i < G_N_ELEMENTS (optional_rules); i++)
    {
      GtkWidget *c = g_object_get_data (G_OBJECT (d), optional_rules[i].name);

      if (c != NULL && gtk_check_button_get_active (GTK_CHECK_BUTTON (c)))
        g_ptr_array_add (lines, g_strdup (optional_rules[i].line));
    }
  /* The reinforcement zone starts the set-up; early-start comes after it. */
  for (guint i = 0; i < v->g->zones->len; i++)
    {
      const RdtGlZone *z = g_ptr_array_index (v->g->zones, i);
      g_autofree char *name = g_strconcat ("gridless-start-reinforcements-", z->option != NULL ? z->option : z->id, NULL);
      GtkWidget *c = z->kind == RDT_GL_ZONE_REINFORCEMENT ? g_object_get_data (G_OBJECT (d), name) : NULL;

      if (c != NULL && gtk_check_button_get_active (GTK_CHECK_BUTTON (c)) && z->option != NULL)
        g_ptr_array_add (lines, g_strconcat ("option reinforcements ", z->option, NULL));
    }
  {
    GtkWidget *c = g_object_get_data (G_OBJECT (d), "gridless-start-early");

    if (c != NULL && gtk_check_button_get_active (GTK_CHECK_BUTTON (c)))
      g_ptr_array_add (lines, g_strdup ("option early-start"));
  }
  close_start_dialog (v);
  rdt_gridless_view_play (v->area, TRUE, seed);
  n = 0;
  for (guint i = 0; i < lines->len; i++)
    if (_rdt_gv_play_apply (v, g_ptr_array_index (lines, i)))
      n++;
    else
      g_string_append_printf (refused, " %s: %s", (const char *) g_ptr_array_index (lines, i),
                              v->play_message != NULL ? v->play_message : "");
  if (lines->len > 0)
    {
      g_autofree char *text = refused->len > 0
        ? g_strdup_printf (_("Game started, seed %" PRIu64 ", %u of %u start choices played; refused:%s"),
                           seed, n, lines->len, refused->str)
        : g_strdup_printf (_("Game started, seed %" PRIu64 ", with %u start choices (the option actions of the log)."),
                           seed, n);
      _rdt_gv_set_message (v, text);
      _rdt_gv_refresh (v);
    }
  g_string_free (refused, TRUE);
  gtk_widget_grab_focus (v->area);
}

static void
on_cancel (GtkButton *button,
           gpointer   data)
{
  (void) button;
  close_start_dialog (data);
}

static gboolean
on_dialog_key (GtkEventControllerKey *controller,
               guint                  keyval,
               guint                  keycode,
               GdkModifierType        state,
               gpointer               data)
{
  View *v = data;

  (void) controller;
  (void) keycode;
  (void) state;
  if (keyval == GDK_KEY_Escape)
    {
      close_start_dialog (v);
      return TRUE;
    }
  if (keyval == GDK_KEY_Return || keyval == GDK_KEY_KP_Enter)
    {
      on_start (NULL, v);
      return TRUE;
    }
  return FALSE;
}

static GtkWidget *
wrapped_label (const char *text)
{
  GtkWidget *l = gtk_label_new (text);

  gtk_label_set_wrap (GTK_LABEL (l), TRUE);
  gtk_label_set_xalign (GTK_LABEL (l), 0);
  gtk_label_set_max_width_chars (GTK_LABEL (l), 40);
  return l;
}

void
_rdt_gv_start_dialog (View    *v,
                      guint64  seed)
{
  GtkWidget *d, *box, *row, *start, *cancel, *first = NULL;
  GtkEventController *key;
  guint64 *s;
  gboolean any_reinforcement = FALSE;
  const RdtGlZone *early = NULL;

  if (v->start_dialog != NULL)
    {
      gtk_window_present (GTK_WINDOW (v->start_dialog));
      return;
    }
  d = gtk_window_new ();
  v->start_dialog = d;
  g_object_add_weak_pointer (G_OBJECT (d), (gpointer *) &v->start_dialog);
  gtk_widget_set_name (d, "gridless-start-dialog");
  gtk_window_set_title (GTK_WINDOW (d), _("Start a Game"));
  gtk_window_set_transient_for (GTK_WINDOW (d), GTK_WINDOW (v->window));
  gtk_window_set_modal (GTK_WINDOW (d), TRUE);
  gtk_window_set_destroy_with_parent (GTK_WINDOW (d), TRUE);
  s = g_new (guint64, 1);
  *s = seed;
  g_object_set_data_full (G_OBJECT (d), "seed", s, g_free);
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 12);
  gtk_widget_set_margin_bottom (box, 12);

  for (guint i = 0; i < v->g->zones->len; i++)
    {
      const RdtGlZone *z = g_ptr_array_index (v->g->zones, i);

      if (z->kind == RDT_GL_ZONE_REINFORCEMENT && z->option != NULL)
        any_reinforcement = TRUE;
      if (z->kind == RDT_GL_ZONE_EARLY_ENTRY)
        early = z;
    }
  if (any_reinforcement)
    {
      GtkWidget *none;

      gtk_box_append (GTK_BOX (box), wrapped_label (_("Start Options (Brandywine Scenario, Setup: “The British player notes in advance, before the game begins” where the reinforcements enter):")));
      none = gtk_check_button_new_with_mnemonic (_("_No set-up: the pieces start where the file puts them (sandbox)"));
      gtk_widget_set_name (none, "gridless-start-no-setup");
      gtk_check_button_set_active (GTK_CHECK_BUTTON (none), TRUE);
      gtk_box_append (GTK_BOX (box), none);
      first = none;
      for (guint i = 0; i < v->g->zones->len; i++)
        {
          const RdtGlZone *z = g_ptr_array_index (v->g->zones, i);
          g_autofree char *label = NULL;
          g_autofree char *name = NULL;
          GtkWidget *c;

          if (z->kind != RDT_GL_ZONE_REINFORCEMENT || z->option == NULL)
            continue;
          label = g_strdup_printf (_("Set-up, reinforcements %s: %s, Turn %d%s"), z->option, zone_name (z), z->turn,
                                   z->turn_provisional ? _(" (provisional)") : "");
          name = g_strconcat ("gridless-start-reinforcements-", z->option, NULL);
          c = gtk_check_button_new_with_label (label);
          gtk_widget_set_name (c, name);
          gtk_check_button_set_group (GTK_CHECK_BUTTON (c), GTK_CHECK_BUTTON (first));
          g_object_set_data (G_OBJECT (d), name, c);
          gtk_box_append (GTK_BOX (box), c);
        }
    }
  if (early != NULL)
    {
      g_autofree char *label = g_strdup_printf (_("_Early Start Option: %d turns earlier, entering along the main road (with a set-up)"),
                                                early->turns_early);
      GtkWidget *c = gtk_check_button_new_with_mnemonic (label);

      gtk_widget_set_name (c, "gridless-start-early");
      g_object_set_data (G_OBJECT (d), "gridless-start-early", c);
      gtk_box_append (GTK_BOX (box), c);
    }
  gtk_box_append (GTK_BOX (box), wrapped_label (_("Optional rules:")));
  for (guint i = 0; i < G_N_ELEMENTS (optional_rules); i++)
    {
      GtkWidget *c = gtk_check_button_new_with_mnemonic (_(optional_rules[i].label));

      gtk_widget_set_name (c, optional_rules[i].name);
      gtk_widget_set_tooltip_text (c, _(optional_rules[i].tip));
      g_object_set_data (G_OBJECT (d), optional_rules[i].name, c);
      gtk_box_append (GTK_BOX (box), c);
    }
  {
    /* Not played, with the reason the game gives when `option` names them. */
    GtkWidget *mp = wrapped_label (_("Optional Multi Player Rules: not played (they govern what players may say to each other, which the program cannot see)."));
    GtkWidget *wo = wrapped_label (_("Optional Written Orders: not played (orders are written and interpreted by players, not checked by the program)."));

    gtk_widget_set_name (mp, "gridless-start-multi-player");
    gtk_widget_set_name (wo, "gridless-start-written-orders");
    gtk_widget_set_sensitive (mp, FALSE);
    gtk_widget_set_sensitive (wo, FALSE);
    gtk_box_append (GTK_BOX (box), mp);
    gtk_box_append (GTK_BOX (box), wo);
  }
  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_halign (row, GTK_ALIGN_END);
  cancel = gtk_button_new_with_mnemonic (_("_Cancel"));
  gtk_widget_set_name (cancel, "gridless-start-cancel");
  gtk_widget_set_tooltip_text (cancel, _("Escape"));
  start = gtk_button_new_with_mnemonic (_("_Start"));
  gtk_widget_set_name (start, "gridless-start-start");
  gtk_widget_set_tooltip_text (start, _("Enter"));
  gtk_widget_add_css_class (start, "suggested-action");
  g_signal_connect (cancel, "clicked", G_CALLBACK (on_cancel), v);
  g_signal_connect (start, "clicked", G_CALLBACK (on_start), v);
  gtk_box_append (GTK_BOX (row), cancel);
  gtk_box_append (GTK_BOX (row), start);
  gtk_box_append (GTK_BOX (box), row);
  gtk_window_set_child (GTK_WINDOW (d), box);
  gtk_window_set_default_widget (GTK_WINDOW (d), start);
  key = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (key, GTK_PHASE_CAPTURE);
  g_signal_connect (key, "key-pressed", G_CALLBACK (on_dialog_key), v);
  gtk_widget_add_controller (d, key);
  gtk_window_present (GTK_WINDOW (d));
  gtk_widget_grab_focus (start);
  (void) first;
}

GtkWindow *
rdt_gridless_view_get_start_dialog (GtkWidget *area)
{
  View *v = _rdt_gv_of (area);

  g_return_val_if_fail (v != NULL, NULL);
  return v->start_dialog != NULL ? GTK_WINDOW (v->start_dialog) : NULL;
}

/* ---------------------------------------------- placing, entering ... */

static void
format_point (char       *buf,
              gsize       len,
              double      value)
{
  g_ascii_formatd (buf, len, "%.3f", value);
}

/* The action that puts @id on the table at @at: `place` at set-up,
 * `deploy` or `reveal` (as armed) for a piece on a Reserve Card, else
 * `enter`. */
gboolean
_rdt_gv_drop_piece (View       *v,
                    const char *id,
                    RdtPoint    at)
{
  const RdtGlPieceState *st;
  const RdtGlPiece *p;
  const char *verb;
  char x[G_ASCII_DTOSTR_BUF_SIZE], y[G_ASCII_DTOSTR_BUF_SIZE], f[G_ASCII_DTOSTR_BUF_SIZE];
  g_autofree char *line = NULL;
  gboolean column;
  gboolean ok;

  if (v->game == NULL || id == NULL)
    return FALSE;
  st = rdt_gl_game_get_state (v->game, id);
  p = rdt_gridless_find_piece (v->g, id);
  if (st == NULL || p == NULL)
    return FALSE;
  column = v->column_check != NULL && gtk_check_button_get_active (GTK_CHECK_BUTTON (v->column_check));
  if (st->reserve_of != NULL)
    verb = g_strcmp0 (v->armed_verb, "reveal") == 0 ? "reveal" : "deploy";
  else if (rdt_gl_game_get_phase (v->game) == RDT_GL_PHASE_SETUP)
    verb = "place";
  else
    verb = "enter";
  {
    double facing = p->facing;
    const RdtGlPieceSpec *spec = rdt_gridless_get_spec (v->g, p->type);
    RdtPoint on_road;

    /* How the Pieces Move, Road Column: "Turn piece lengthwise along the
     * road": in Road Column a click within a block's width of a road puts
     * the block on it, turned lengthwise (G10 7). */
    if (column && !g_str_equal (verb, "reveal") && spec != NULL &&
        rdt_gl_road_column_pose (v->g, p, at, NULL, spec->width, &on_road, &facing))
      at = on_road;
    format_point (x, sizeof x, at.x);
    format_point (y, sizeof y, at.y);
    g_ascii_formatd (f, sizeof f, "%.1f", facing);
  }
  line = g_strdup_printf ("%s %s %s,%s %s%s", verb, id, x, y, f,
                          g_str_equal (verb, "reveal") ? "" : column ? " column" : " line");
  g_clear_pointer (&v->armed_piece, g_free);
  g_clear_pointer (&v->armed_verb, g_free);
  ok = _rdt_gv_play_apply (v, line);
  return ok;
}

gboolean
rdt_gridless_view_drop_piece (GtkWidget  *area,
                              const char *id,
                              double      x,
                              double      y)
{
  View *v = _rdt_gv_of (area);
  RdtPoint at = { x, y };

  g_return_val_if_fail (v != NULL, FALSE);
  return _rdt_gv_drop_piece (v, id, at);
}

static gboolean
on_drop (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         gpointer       data)
{
  View *v = data;
  RdtPoint at = { x / _rdt_gv_scale (v), y / _rdt_gv_scale (v) };

  (void) target;
  if (!G_VALUE_HOLDS_STRING (value))
    return FALSE;
  return _rdt_gv_drop_piece (v, g_value_get_string (value), at);
}

static GdkContentProvider *
on_drag_prepare (GtkDragSource *source,
                 double         x,
                 double         y,
                 gpointer       data)
{
  GtkWidget *row = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (source));
  const char *id = g_object_get_data (G_OBJECT (row), "piece");
  View *v = data;

  (void) x;
  (void) y;
  g_free (v->armed_verb);
  v->armed_verb = g_strdup (g_object_get_data (G_OBJECT (row), "verb"));
  return gdk_content_provider_new_typed (G_TYPE_STRING, id);
}

/* A click or Enter on a row arms its piece: the next click on the table puts it there. */
static void
arm (View       *v,
     const char *id,
     const char *verb)
{
  g_autofree char *text = NULL;

  g_free (v->armed_piece);
  v->armed_piece = g_strdup (id);
  g_free (v->armed_verb);
  v->armed_verb = g_strdup (verb);
  text = g_strdup_printf (_("%s: click on the table where %s goes (%s), or drag it there; Escape cancels."), verb, id, verb);
  _rdt_gv_set_message (v, text);
  _rdt_gv_refresh (v);
}

static void
on_row_activated (GtkListBox    *box,
                  GtkListBoxRow *row,
                  gpointer       data)
{
  (void) box;
  arm (data, g_object_get_data (G_OBJECT (row), "piece"), g_object_get_data (G_OBJECT (row), "verb"));
}

static void
on_reserve_button (GtkButton *button,
                   gpointer   data)
{
  View *v = data;
  const char *hq = g_object_get_data (G_OBJECT (button), "hq");
  const char *piece = g_object_get_data (G_OBJECT (button), "piece");
  const char *verb = g_object_get_data (G_OBJECT (button), "verb");

  if (g_str_equal (verb, "reserve"))
    {
      /* The armed piece (at set-up: one being placed), else the selected one. */
      const char *who = v->armed_piece != NULL ? v->armed_piece : v->selected;
      g_autofree char *line = NULL;

      if (who == NULL)
        {
          _rdt_gv_set_message (v, _("Optional Hidden Reserves: select a piece (or arm one of the list) to put on this HQ's Reserve Card."));
          _rdt_gv_refresh (v);
          return;
        }
      line = g_strdup_printf ("reserve %s %s", who, hq);
      g_clear_pointer (&v->armed_piece, g_free);
      _rdt_gv_play_apply (v, line);
    }
  else
    arm (v, piece, verb);
}

static void
on_end_setup (GtkButton *button,
              gpointer   data)
{
  (void) button;
  _rdt_gv_play_apply (data, "end-setup");
}

static void
clear_box (GtkWidget *box)
{
  GtkWidget *c;

  while ((c = gtk_widget_get_first_child (box)) != NULL)
    {
      if (GTK_IS_LIST_BOX (box))
        gtk_list_box_remove (GTK_LIST_BOX (box), c);
      else
        gtk_box_remove (GTK_BOX (box), c);
    }
}

GtkWidget *
_rdt_gv_setup_panel_new (View *v)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkDropTarget *drop;

  v->phase_label = wrapped_label (NULL);
  gtk_widget_set_name (v->phase_label, "gridless-phase");
  gtk_box_append (GTK_BOX (box), v->phase_label);
  v->victory_label = wrapped_label (NULL);
  gtk_widget_set_name (v->victory_label, "gridless-victory");
  gtk_label_set_selectable (GTK_LABEL (v->victory_label), TRUE);
  gtk_box_append (GTK_BOX (box), v->victory_label);
  v->offmap_title = wrapped_label (NULL);
  gtk_box_append (GTK_BOX (box), v->offmap_title);
  v->offmap_list = gtk_list_box_new ();
  gtk_widget_set_name (v->offmap_list, "gridless-offmap");
  gtk_list_box_set_activate_on_single_click (GTK_LIST_BOX (v->offmap_list), TRUE);
  g_signal_connect (v->offmap_list, "row-activated", G_CALLBACK (on_row_activated), v);
  gtk_box_append (GTK_BOX (box), v->offmap_list);
  v->column_check = gtk_check_button_new_with_mnemonic (_("Place or enter in Road _Column"));
  gtk_widget_set_name (v->column_check, "gridless-place-column");
  gtk_widget_set_tooltip_text (v->column_check, _("Setup: “All units may be placed at setup or enter the map in Road Column”"));
  gtk_box_append (GTK_BOX (box), v->column_check);
  v->end_setup_button = gtk_button_new_with_mnemonic (_("_End Set-up"));
  gtk_widget_set_name (v->end_setup_button, "gridless-end-setup");
  gtk_widget_set_tooltip_text (v->end_setup_button, _("E: the side has placed; the next places, or the first turn begins"));
  g_signal_connect (v->end_setup_button, "clicked", G_CALLBACK (on_end_setup), v);
  gtk_box_append (GTK_BOX (box), v->end_setup_button);
  v->reserve_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  gtk_widget_set_name (v->reserve_box, "gridless-reserves");
  gtk_box_append (GTK_BOX (box), v->reserve_box);
  /* A row of the list dropped on the table. */
  drop = gtk_drop_target_new (G_TYPE_STRING, GDK_ACTION_COPY);
  g_signal_connect (drop, "drop", G_CALLBACK (on_drop), v);
  gtk_widget_add_controller (v->area, GTK_EVENT_CONTROLLER (drop));
  return box;
}

static void
add_row (View       *v,
         const char *id,
         const char *verb,
         gboolean    now,
         const char *text)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *label = wrapped_label (text);
  GtkDragSource *source = gtk_drag_source_new ();
  g_autofree char *name = g_strconcat ("gridless-offmap-", id, NULL);

  gtk_widget_set_name (row, name);
  g_object_set_data_full (G_OBJECT (row), "piece", g_strdup (id), g_free);
  g_object_set_data_full (G_OBJECT (row), "verb", g_strdup (verb), g_free);
  /* Placed or entering in the current step (the side placing; the pulled command). */
  g_object_set_data (G_OBJECT (row), "now", GINT_TO_POINTER (now));
  if (!now)
    gtk_widget_add_css_class (label, "dim-label");
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), label);
  gtk_drag_source_set_actions (source, GDK_ACTION_COPY);
  g_signal_connect (source, "prepare", G_CALLBACK (on_drag_prepare), v);
  gtk_widget_add_controller (row, GTK_EVENT_CONTROLLER (source));
  gtk_list_box_append (GTK_LIST_BOX (v->offmap_list), row);
}

void
_rdt_gv_setup_panel_update (View *v)
{
  RdtGlPhase phase;
  g_autofree char *phase_text = NULL;
  guint n_off = 0;
  gboolean reserves, baggage;

  if (v->phase_label == NULL || v->game == NULL)
    return;
  phase = rdt_gl_game_get_phase (v->game);
  phase_text = _rdt_gv_phase_text (v);
  gtk_label_set_text (GTK_LABEL (v->phase_label), phase_text);
  if (phase == RDT_GL_PHASE_OVER)
    {
      g_autofree char *report = rdt_gl_game_victory_report (v->game);

      gtk_label_set_text (GTK_LABEL (v->victory_label), report);
    }
  gtk_widget_set_visible (v->victory_label, phase == RDT_GL_PHASE_OVER);
  gtk_widget_set_visible (v->end_setup_button, phase == RDT_GL_PHASE_SETUP);

  clear_box (v->offmap_list);
  baggage = log_has (v, "option baggage");
  /* Two passes: the pieces placed or entering now first. */
  for (guint pass = 0; pass < 2; pass++)
  for (guint i = 0; i < v->g->pieces->len; i++)
    {
      gboolean now;

      const RdtGlPiece *p = g_ptr_array_index (v->g->pieces, i);
      const RdtGlPieceState *st = rdt_gl_game_get_state (v->game, p->id);
      const RdtGlZone *z;
      const RdtGlZone *setup = rdt_gl_game_get_setup_zone (v->game);
      g_autofree char *text = NULL;
      int turn = 0;

      if (st == NULL || !st->off_map || st->destroyed || st->reserve_of != NULL)
        continue;
      /* Optional Baggage Trains: without the option the trains are not in play. */
      if (p->type == RDT_GL_BAGGAGE && !baggage)
        continue;
      z = rdt_gl_game_get_entry_zone (v->game, p->id, &turn);
      if (z != NULL)
        text = g_strdup_printf (_("%s (%s, %s): enters from %s on Turn %d"), p->id,
                                rdt_gl_piece_type_to_string (p->type), p->command != NULL ? p->command : "-",
                                zone_name (z), turn);
      else if (setup != NULL && g_strcmp0 (setup->side, p->side) == 0)
        text = g_strdup_printf (_("%s (%s, %s): to place in %s"), p->id,
                                rdt_gl_piece_type_to_string (p->type), p->command != NULL ? p->command : "-",
                                zone_name (setup));
      else
        text = g_strdup_printf (_("%s (%s, %s, %s): to place at its side's set-up"), p->id,
                                rdt_gl_piece_type_to_string (p->type), p->command != NULL ? p->command : "-",
                                side_name (v, p->side));
      now = z != NULL ? phase != RDT_GL_PHASE_SETUP && turn <= rdt_gl_game_get_turn (v->game)
                        && (g_strcmp0 (rdt_gl_game_get_current (v->game), p->command) == 0
                            || p->type == RDT_GL_HQ)
                      : setup != NULL && g_strcmp0 (setup->side, p->side) == 0;
      if (now != (pass == 0))
        continue;
      add_row (v, p->id, phase == RDT_GL_PHASE_SETUP && z == NULL ? "place" : "enter", now, text);
      n_off++;
    }
  {
    g_autofree char *title = n_off > 0
      ? g_strdup_printf (_("Off the map: %u (drag one onto the table, or click it then the table):"), n_off)
      : g_strdup (_("Off the map: none."));

    gtk_label_set_text (GTK_LABEL (v->offmap_title), title);
  }
  gtk_widget_set_visible (v->offmap_list, n_off > 0);
  gtk_widget_set_visible (v->column_check, n_off > 0);

  /* Reserve Cards (Optional Hidden Reserves): per HQ on the table. */
  clear_box (v->reserve_box);
  reserves = log_has (v, "option hidden-reserves");
  gtk_widget_set_visible (v->reserve_box, reserves);
  if (!reserves)
    return;
  for (guint i = 0; i < v->g->pieces->len; i++)
    {
      const RdtGlPiece *hq = g_ptr_array_index (v->g->pieces, i);
      const RdtGlPieceState *hst = rdt_gl_game_get_state (v->game, hq->id);
      GString *s;
      GtkWidget *label, *row, *b;
      guint held = 0;
      g_autofree char *name = NULL;

      if (hq->type != RDT_GL_HQ || hst == NULL || hst->off_map || hst->destroyed || hst->reserve_of != NULL)
        continue;
      s = g_string_new (NULL);
      g_string_append_printf (s, _("Reserve Card of %s:"), hq->id);
      row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 2);
      for (guint k = 0; k < v->g->pieces->len; k++)
        {
          const RdtGlPiece *p = g_ptr_array_index (v->g->pieces, k);
          const RdtGlPieceState *st = rdt_gl_game_get_state (v->game, p->id);
          static const char *verbs[] = { "deploy", "reveal" };

          if (st == NULL || g_strcmp0 (st->reserve_of, hq->id) != 0)
            continue;
          g_string_append_printf (s, " %s", p->id);
          held++;
          for (guint j = 0; j < 2; j++)
            {
              g_autofree char *text = j == 0 ? g_strdup_printf (_("Deploy %s"), p->id)
                                      : g_strdup_printf (_("Reveal %s"), p->id);
              g_autofree char *bname = g_strdup_printf ("gridless-%s-%s", verbs[j], p->id);

              b = gtk_button_new_with_label (text);
              gtk_widget_set_name (b, bname);
              g_object_set_data_full (G_OBJECT (b), "piece", g_strdup (p->id), g_free);
              g_object_set_data (G_OBJECT (b), "verb", (gpointer) verbs[j]);
              g_object_set_data_full (G_OBJECT (b), "hq", g_strdup (hq->id), g_free);
              g_signal_connect (b, "clicked", G_CALLBACK (on_reserve_button), v);
              gtk_box_append (GTK_BOX (row), b);
            }
        }
      if (held == 0)
        g_string_append (s, _(" empty"));
      label = wrapped_label (s->str);
      g_string_free (s, TRUE);
      gtk_box_append (GTK_BOX (v->reserve_box), label);
      name = g_strconcat ("gridless-reserve-", hq->id, NULL);
      b = gtk_button_new_with_label (_("Put the selected piece in reserve"));
      gtk_widget_set_name (b, name);
      g_object_set_data_full (G_OBJECT (b), "hq", g_strdup (hq->id), g_free);
      g_object_set_data (G_OBJECT (b), "verb", (gpointer) "reserve");
      g_signal_connect (b, "clicked", G_CALLBACK (on_reserve_button), v);
      gtk_widget_set_halign (b, GTK_ALIGN_START);
      gtk_box_append (GTK_BOX (v->reserve_box), row);
      gtk_box_append (GTK_BOX (v->reserve_box), b);
    }
}

/* The zone being placed in (set-up), or the entry zone of the armed
 * piece, or of the pulled command's pieces off the map, highlighted on the
 * table. */
void
_rdt_gv_setup_draw (View    *v,
                    cairo_t *cr,
                    double   scale)
{
  const RdtGlZone *z = NULL;
  int turn = 0;

  if (v->game == NULL)
    return;
  if (rdt_gl_game_get_phase (v->game) == RDT_GL_PHASE_SETUP)
    z = rdt_gl_game_get_setup_zone (v->game);
  if (v->armed_piece != NULL)
    {
      const RdtGlZone *e = rdt_gl_game_get_entry_zone (v->game, v->armed_piece, &turn);

      if (e != NULL)
        z = e;
    }
  else if (rdt_gl_game_get_phase (v->game) == RDT_GL_PHASE_COMMANDS && rdt_gl_game_get_current (v->game) != NULL)
    /* The zone the pulled command's pieces enter from, once their turn has come. */
    for (guint i = 0; i < v->g->pieces->len && z == NULL; i++)
      {
        const RdtGlPiece *p = g_ptr_array_index (v->g->pieces, i);
        const RdtGlPieceState *st = rdt_gl_game_get_state (v->game, p->id);
        const RdtGlZone *e;

        if (st == NULL || !st->off_map || g_strcmp0 (p->command, rdt_gl_game_get_current (v->game)) != 0)
          continue;
        e = rdt_gl_game_get_entry_zone (v->game, p->id, &turn);
        if (e != NULL && turn <= rdt_gl_game_get_turn (v->game))
          z = e;
      }
  if (z == NULL || z->points == NULL || z->points->len < 3)
    return;
  cairo_save (cr);
  for (guint i = 0; i < z->points->len; i++)
    {
      RdtPoint q = g_array_index (z->points, RdtPoint, i);

      if (i == 0)
        cairo_move_to (cr, q.x * scale, q.y * scale);
      else
        cairo_line_to (cr, q.x * scale, q.y * scale);
    }
  cairo_close_path (cr);
  cairo_set_source_rgba (cr, 0.1, 0.75, 0.2, 0.20);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0.0, 0.55, 0.1, 0.95);
  cairo_set_line_width (cr, 5.0);
  cairo_stroke (cr);
  cairo_restore (cr);
}
