/* rdt-gridless-play.c: the game panel of the gridless window (issue 18):
 * the chit cup (chits left and pulled), the dice of the last action, the
 * log with the rulebook section of each action; Save Game / Open Game in
 * the saved-game format of `redoubt-cli play --save` / `--replay`
 * (docs/gridless-play.md), Export Log as Script; Save As; and the autosave
 * of unsaved edits to the recovery folder with its offer at start, as the
 * hex editor does (docs/editor.md, Recovery). */
#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "rdt-application.h"
#include "rdt-diagnostic.h"
#include "rdt-gridless-io.h"
#include "rdt-gridless-view-private.h"
#include "rdt-recovery.h"

/* The rulebook section (pub-battles-brandywine.txt) of each action verb
 * of docs/gridless-play.md. */
static const struct {
  const char *verb;
  const char *section;
} sections[] = {
  { "pull", N_("How the Turns Work, step 2") },
  { "alter", N_("How to Alter Turn Order") },
  { "move", N_("How the Pieces Move") },
  { "rally", N_("Rally") },
  { "bombard", N_("Bombardment") },
  { "combat", N_("How the Turns Work, step 5") },
  { "engage", N_("How to Resolve Combat") },
  { "order", N_("How to Resolve Combat, Order") },
  { "round", N_("How to Resolve Combat; Applying Hits") },
  { "retreat", N_("Retreat") },
  { "withdraw", N_("Cavalry Withdrawal") },
  { "end-combat", N_("How to Resolve Combat") },
  { "end-turn", N_("How the Turns Work, step 6") },
  { "option", N_("Optional rules") },
  { "place", N_("Brandywine Scenario, Setup") },
  { "end-setup", N_("Brandywine Scenario, Setup") },
  { "enter", N_("Brandywine Scenario, Setup; Start Options") },
  { "reserve", N_("Optional Hidden Reserves") },
  { "deploy", N_("Optional Hidden Reserves") },
  { "reveal", N_("Optional Hidden Reserves") },
};

static const char *
section_of (const char *line)
{
  gsize n = strcspn (line, " ");

  for (guint i = 0; i < G_N_ELEMENTS (sections); i++)
    if (strlen (sections[i].verb) == n && strncmp (line, sections[i].verb, n) == 0)
      return _(sections[i].section);
  return "";
}

static void on_panel_button (GtkButton *button,
                             gpointer   data);

GtkWidget *
_rdt_gv_play_panel_new (View *v)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *scroll = gtk_scrolled_window_new ();
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  static const struct { const char *label; const char *name; const char *tip; } buttons[] = {
    { N_("Save Game…"), "gridless-save-game", N_("Ctrl+S while playing") },
    { N_("Open Game…"), "gridless-open-game", N_("Ctrl+O") },
    { N_("Export Log as Script…"), "gridless-export-script", N_("Ctrl+E while playing") },
  };

  v->cup_label = gtk_label_new (NULL);
  gtk_widget_set_name (v->cup_label, "gridless-cup");
  v->dice_label = gtk_label_new (NULL);
  gtk_widget_set_name (v->dice_label, "gridless-dice");
  for (GtkWidget *l = v->cup_label; l != NULL; l = l == v->cup_label ? v->dice_label : NULL)
    {
      gtk_label_set_wrap (GTK_LABEL (l), TRUE);
      gtk_label_set_xalign (GTK_LABEL (l), 0);
      gtk_label_set_max_width_chars (GTK_LABEL (l), 40);
      gtk_label_set_selectable (GTK_LABEL (l), TRUE);
      gtk_box_append (GTK_BOX (box), l);
    }
  v->log_view = gtk_text_view_new ();
  gtk_widget_set_name (v->log_view, "gridless-log");
  gtk_text_view_set_editable (GTK_TEXT_VIEW (v->log_view), FALSE);
  gtk_text_view_set_monospace (GTK_TEXT_VIEW (v->log_view), TRUE);
  gtk_text_view_set_wrap_mode (GTK_TEXT_VIEW (v->log_view), GTK_WRAP_WORD_CHAR);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroll), v->log_view);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scroll), 320);
  gtk_widget_set_vexpand (scroll, TRUE);
  gtk_box_append (GTK_BOX (box), _rdt_gv_setup_panel_new (v));
  gtk_box_append (GTK_BOX (box), scroll);
  gtk_box_set_homogeneous (GTK_BOX (row), FALSE);
  for (guint i = 0; i < G_N_ELEMENTS (buttons); i++)
    {
      GtkWidget *b = gtk_button_new_with_label (_(buttons[i].label));

      gtk_widget_set_name (b, buttons[i].name);
      gtk_widget_set_tooltip_text (b, _(buttons[i].tip));
      g_object_set_data (G_OBJECT (b), "rdt-view", v);
      g_signal_connect (b, "clicked", G_CALLBACK (on_panel_button), NULL);
      gtk_box_append (GTK_BOX (i == 2 ? box : row), b);
    }
  gtk_box_append (GTK_BOX (box), row);
  v->game_box = gtk_frame_new (_("Game"));
  gtk_widget_set_name (v->game_box, "gridless-game-panel");
  gtk_frame_set_child (GTK_FRAME (v->game_box), box);
  gtk_widget_set_visible (v->game_box, FALSE);
  return v->game_box;
}

void
_rdt_gv_play_panel_update (View *v)
{
  GString *cup, *log;
  GPtrArray *actions, *results, *left;

  if (v->game_box == NULL)
    return;
  gtk_widget_set_visible (v->game_box, v->game != NULL);
  if (v->game == NULL)
    return;
  left = rdt_gl_game_get_cup (v->game);
  cup = g_string_new (NULL);
  /* How the Turns Work 1-2: the chits of the commands go in the cup and
   * are pulled at random. */
  g_string_append_printf (cup, _("Turn %d. Chit cup (How the Turns Work 1-2): %u left"),
                          rdt_gl_game_get_turn (v->game), left->len);
  if (left->len > 0)
    g_string_append_c (cup, ':');
  for (guint i = 0; i < v->g->commands->len; i++)
    {
      RdtGlCommand *c = g_ptr_array_index (v->g->commands, i);

      if (c->chit == NULL)
        continue;
      for (guint k = 0; k < left->len; k++)
        if (g_strcmp0 (g_ptr_array_index (left, k), c->id) == 0)
          g_string_append_printf (cup, " %s (%s)", c->chit, c->id);
    }
  {
    gboolean any_out = FALSE;

    for (guint i = 0; i < v->g->commands->len; i++)
      {
        RdtGlCommand *c = g_ptr_array_index (v->g->commands, i);
        gboolean in = FALSE;

        if (c->chit == NULL)
          continue;
        for (guint k = 0; k < left->len && !in; k++)
          in = g_strcmp0 (g_ptr_array_index (left, k), c->id) == 0;
        if (in)
          continue;
        if (!any_out)
          g_string_append (cup, _("; out of the cup:"));
        any_out = TRUE;
        g_string_append_printf (cup, " %s (%s)", c->chit, c->id);
      }
  }
  g_string_append_printf (cup, _(". Moving: %s."), rdt_gl_game_get_current (v->game) != NULL
                          ? rdt_gl_game_get_current (v->game) : _("none"));
  gtk_label_set_text (GTK_LABEL (v->cup_label), cup->str);
  g_string_free (cup, TRUE);
  if (rdt_gl_game_get_phase (v->game) == RDT_GL_PHASE_SETUP)
    {
      /* Brandywine Scenario, Setup: "All chits go into the cup" once both sides are placed. */
      g_autofree char *text = g_strdup_printf (_("Turn %d. Set-up: the chits go into the cup when it ends (Brandywine Scenario, Setup)."),
                                               rdt_gl_game_get_turn (v->game));
      gtk_label_set_text (GTK_LABEL (v->cup_label), text);
    }

  actions = rdt_gl_game_get_log (v->game);
  results = rdt_gl_game_get_results (v->game);
  if (actions->len > 0)
    {
      const char *last = g_ptr_array_index (actions, actions->len - 1);
      const char *res = actions->len <= results->len ? g_ptr_array_index (results, actions->len - 1) : "";
      /* Game over: the report is shown below; the first line here. */
      g_autofree char *first = rdt_gl_game_get_phase (v->game) == RDT_GL_PHASE_OVER
                               ? g_strndup (res, strcspn (res, "\n")) : g_strdup (res);
      g_autofree char *text = g_strdup_printf (_("Last action: %s — %s (%s)"), last,
                                               *first != '\0' ? first : _("no dice"), section_of (last));
      gtk_label_set_text (GTK_LABEL (v->dice_label), text);
    }
  else
    gtk_label_set_text (GTK_LABEL (v->dice_label), _("No action yet."));
  log = g_string_new (NULL);
  g_string_append_printf (log, _("Seed %" PRIu64 "\n"), rdt_gl_game_get_seed (v->game));
  for (guint i = 0; i < actions->len; i++)
    {
      const char *line = g_ptr_array_index (actions, i);
      const char *res = i < results->len ? g_ptr_array_index (results, i) : "";

      g_string_append_printf (log, "%u. %s", i + 1, line);
      if (*res != '\0')
        g_string_append_printf (log, " — %s", res);
      g_string_append_printf (log, " [%s]\n", section_of (line));
    }
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (v->log_view)), log->str, -1);
  g_string_free (log, TRUE);
  _rdt_gv_setup_panel_update (v);
}

/* -------------------------------------------------------- saved games */

static gboolean
write_atomic (const char  *path,
              const char  *data,
              gsize        len,
              GError     **error)
{
  /* g_file_set_contents writes a temporary file and renames it. */
  return g_file_set_contents (path, data, len, error);
}

gboolean
rdt_gridless_view_save_game (GtkWidget   *area,
                             const char  *path,
                             GError     **error)
{
  View *v = _rdt_gv_of (area);
  g_autofree char *folder = NULL;
  g_autofree char *name = NULL;
  g_autofree char *text = NULL;
  g_autofree char *message = NULL;
  gsize len;
  const char *data;

  g_return_val_if_fail (v != NULL, FALSE);
  if (v->game == NULL || v->game_scenario == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("no game is being played (G starts one)"));
      return FALSE;
    }
  folder = g_path_get_dirname (path);
  data = g_bytes_get_data (v->game_scenario, &len);
  {
    /* The scenario file in the saved game's folder, when it holds the
     * scenario the game began from; else a copy next to the game. */
    g_autofree char *own_folder = g_path_get_dirname (v->path);
    g_autofree char *on_disk = NULL;
    gsize disk_len = 0;

    if (g_strcmp0 (own_folder, folder) == 0
        && g_file_get_contents (v->path, &on_disk, &disk_len, NULL)
        && disk_len == len && memcmp (on_disk, data, len) == 0)
      name = g_path_get_basename (v->path);
    else
      {
        g_autofree char *base = g_path_get_basename (path);
        g_autofree char *copy = NULL;
        char *dot = strrchr (base, '.');

        if (dot != NULL && dot != base)
          *dot = '\0';
        name = g_strconcat (base, ".scenario.redoubt", NULL);
        copy = g_build_filename (folder, name, NULL);
        if (!write_atomic (copy, data, len, error))
          return FALSE;
      }
  }
  text = rdt_gl_game_to_text (v->game, name);
  if (!write_atomic (path, text, strlen (text), error))
    return FALSE;
  message = g_strdup_printf (_("Game saved to %s (scenario %s)."), path, name);
  _rdt_gv_set_message (v, message);
  _rdt_gv_refresh (v);
  return TRUE;
}

gboolean
rdt_gridless_view_open_game (GtkWidget   *area,
                             const char  *path,
                             GError     **error)
{
  View *v = _rdt_gv_of (area);
  g_autofree char *text = NULL;
  g_autofree char *folder = NULL;
  g_autofree char *message = NULL;
  g_autofree char *scenario_text = NULL;
  gsize scenario_len = 0;
  g_auto(GStrv) lines = NULL;
  RdtGlGame *game;

  g_return_val_if_fail (v != NULL, FALSE);
  if (!g_file_get_contents (path, &text, NULL, error))
    return FALSE;
  folder = g_path_get_dirname (path);
  game = rdt_gl_game_from_text (text, folder, error);
  if (game == NULL)
    {
      g_prefix_error (error, "%s: ", path);
      return FALSE;
    }
  /* The scenario the game began from (line 2, "scenario NAME", checked by
   * rdt_gl_game_from_text to be a file of the folder). */
  lines = g_strsplit (text, "\n", 3);
  if (lines[0] != NULL && lines[1] != NULL && g_str_has_prefix (lines[1], "scenario "))
    {
      g_autofree char *name = g_strstrip (g_strdup (lines[1] + strlen ("scenario ")));
      g_autofree char *scenario = g_build_filename (folder, name, NULL);

      g_file_get_contents (scenario, &scenario_text, &scenario_len, NULL);
    }
  if (v->game != NULL)
    rdt_gl_game_free (v->game);
  else
    v->edit_g = v->g;
  v->game = game;
  g_clear_pointer (&v->game_scenario, g_bytes_unref);
  if (scenario_text != NULL)
    v->game_scenario = g_bytes_new_take (g_steal_pointer (&scenario_text), scenario_len);
  v->g = (RdtGridless *) rdt_gl_game_get_gridless (v->game);
  v->mode = RDT_GRIDLESS_VIEW_SELECT;
  v->vertex.kind = SHAPE_NONE;
  g_array_set_size (v->draft, 0);
  g_clear_pointer (&v->selected, g_free);
  g_clear_pointer (&v->los_target, g_free);
  v->los_shown = v->los_from_point = v->tape_shown = FALSE;
  gtk_widget_set_visible (v->play_bar, TRUE);
  message = g_strdup_printf (_("Game %s replayed: %u actions, digest checked (docs/gridless-play.md, Saved games)."),
                             path, rdt_gl_game_get_log (v->game)->len);
  _rdt_gv_set_message (v, message);
  _rdt_gv_refresh (v);
  _rdt_gv_play_panel_update (v);
  return TRUE;
}

gboolean
rdt_gridless_view_export_script (GtkWidget   *area,
                                 const char  *path,
                                 GError     **error)
{
  View *v = _rdt_gv_of (area);
  GString *s;
  GPtrArray *actions;
  g_autofree char *base = NULL;
  g_autofree char *message = NULL;
  gboolean ok;

  g_return_val_if_fail (v != NULL, FALSE);
  if (v->game == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("no game is being played (G starts one)"));
      return FALSE;
    }
  base = g_path_get_basename (v->path);
  actions = rdt_gl_game_get_log (v->game);
  s = g_string_new (NULL);
  /* `#` starts a comment in a script (docs/gridless-play.md, Actions). */
  g_string_append_printf (s, "# redoubt-cli play %s --seed %" G_GUINT64_FORMAT " --script THIS-FILE\n",
                          base, rdt_gl_game_get_seed (v->game));
  for (guint i = 0; i < actions->len; i++)
    g_string_append_printf (s, "%s\n", (const char *) g_ptr_array_index (actions, i));
  ok = write_atomic (path, s->str, s->len, error);
  g_string_free (s, TRUE);
  if (ok)
    {
      message = g_strdup_printf (_("Log exported as a script to %s."), path);
      _rdt_gv_set_message (v, message);
      _rdt_gv_refresh (v);
    }
  return ok;
}

gboolean
rdt_gridless_view_save_as (GtkWidget   *area,
                           const char  *path,
                           GError     **error)
{
  View *v = _rdt_gv_of (area);
  char *old;

  g_return_val_if_fail (v != NULL, FALSE);
  if (v->game != NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("leave play (G) to save the scenario"));
      return FALSE;
    }
  old = v->path;
  v->path = g_strdup (path);
  if (!rdt_gridless_view_save (area, error))
    {
      g_free (v->path);
      v->path = old;
      return FALSE;
    }
  g_free (old);
  {
    g_autofree char *base = g_path_get_basename (path);
    g_autofree char *title = g_strdup_printf (_("%s — %s (Pub Battles)"), v->g->title, base);

    gtk_window_set_title (GTK_WINDOW (v->window), title);
  }
  return TRUE;
}

/* ----------------------------------------------------- file choosers */

typedef enum {
  CHOOSE_SAVE_GAME,
  CHOOSE_OPEN_GAME,
  CHOOSE_EXPORT,
  CHOOSE_SAVE_AS,
} Choose;

static void
on_chosen (GtkNativeDialog *dialog,
           int              response,
           gpointer         data)
{
  View *v = data;
  Choose what = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "choose"));

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;
      g_autoptr(GError) error = NULL;
      gboolean ok = FALSE;

      if (path != NULL)
        switch (what)
          {
          case CHOOSE_SAVE_GAME:
            ok = rdt_gridless_view_save_game (v->area, path, &error);
            break;
          case CHOOSE_OPEN_GAME:
            ok = rdt_gridless_view_open_game (v->area, path, &error);
            break;
          case CHOOSE_EXPORT:
            ok = rdt_gridless_view_export_script (v->area, path, &error);
            break;
          case CHOOSE_SAVE_AS:
          default:
            ok = rdt_gridless_view_save_as (v->area, path, &error);
            break;
          }
      if (!ok && error != NULL)
        {
          g_autofree char *text = g_strdup_printf (_("Not done: %s"), error->message);

          if (v->game != NULL)
            {
              _rdt_gv_set_message (v, text);
              _rdt_gv_refresh (v);
            }
          else
            gtk_label_set_text (GTK_LABEL (v->info), text);
        }
    }
  g_object_unref (dialog);
}

static void
choose (View   *v,
        Choose  what)
{
  static const char *titles[] = { N_("Save Game"), N_("Open Game"), N_("Export Log as Script"),
                                  N_("Save Scenario As") };
  GtkFileChooserNative *dialog;
  gboolean open = what == CHOOSE_OPEN_GAME;

  dialog = gtk_file_chooser_native_new (_(titles[what]), GTK_WINDOW (v->window),
                                        open ? GTK_FILE_CHOOSER_ACTION_OPEN : GTK_FILE_CHOOSER_ACTION_SAVE,
                                        open ? _("_Open") : _("_Save"), _("_Cancel"));
  g_object_set_data (G_OBJECT (dialog), "choose", GINT_TO_POINTER (what));
  if (!open)
    {
      g_autofree char *folder = g_path_get_dirname (v->path);
      g_autoptr(GFile) dir = g_file_new_for_path (folder);

      gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (dialog), dir, NULL);
      g_autofree char *base = g_path_get_basename (v->path);
      g_autofree char *stem = g_strdup (base);
      g_autofree char *name = NULL;
      char *dot = strrchr (stem, '.');

      if (dot != NULL && dot != stem)
        *dot = '\0';
      /* Save As offers the file's own name; a game or script is named after it. */
      name = what == CHOOSE_SAVE_GAME ? g_strconcat (stem, "-game.rdtgame", NULL)
             : what == CHOOSE_EXPORT ? g_strconcat (stem, "-script.txt", NULL) : g_strdup (base);
      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), name);
    }
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_signal_connect (dialog, "response", G_CALLBACK (on_chosen), v);
  if (v->chooser != NULL)
    g_object_remove_weak_pointer (G_OBJECT (v->chooser), (gpointer *) &v->chooser);
  v->chooser = GTK_NATIVE_DIALOG (dialog);
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &v->chooser);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
on_panel_button (GtkButton *button,
                 gpointer   data)
{
  View *v = g_object_get_data (G_OBJECT (button), "rdt-view");
  const char *name = gtk_widget_get_name (GTK_WIDGET (button));

  if (g_str_equal (name, "gridless-save-game"))
    choose (v, CHOOSE_SAVE_GAME);
  else if (g_str_equal (name, "gridless-open-game"))
    choose (v, CHOOSE_OPEN_GAME);
  else
    choose (v, CHOOSE_EXPORT);
}

/* Ctrl keys: Ctrl+S Save Game and Ctrl+E Export Log while playing, Ctrl+O
 * Open Game, Ctrl+Shift+S Save As (the scenario, when not playing). */
gboolean
_rdt_gv_play_key (View            *v,
                  guint            keyval,
                  GdkModifierType  state)
{
  if ((state & GDK_CONTROL_MASK) == 0)
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_s:
      if (v->game == NULL)
        return FALSE;
      choose (v, CHOOSE_SAVE_GAME);
      return TRUE;
    case GDK_KEY_S:
      if (v->game != NULL)
        return FALSE;
      choose (v, CHOOSE_SAVE_AS);
      return TRUE;
    case GDK_KEY_o:
      choose (v, CHOOSE_OPEN_GAME);
      return TRUE;
    case GDK_KEY_e:
      if (v->game == NULL)
        return FALSE;
      choose (v, CHOOSE_EXPORT);
      return TRUE;
    default:
      return FALSE;
    }
}

GtkNativeDialog *
rdt_gridless_view_get_chooser (GtkWidget *area)
{
  View *v = _rdt_gv_of (area);

  g_return_val_if_fail (v != NULL, NULL);
  return v->chooser;
}

/* ------------------------------------------------------------ recovery */

/* The scenario being edited (while playing, the one waiting in edit_g). */
static const RdtGridless *
edited (View *v)
{
  return v->game != NULL ? v->edit_g : v->g;
}

gboolean
rdt_gridless_view_autosave_now (GtkWidget *area)
{
  View *v = _rdt_gv_of (area);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;

  g_return_val_if_fail (v != NULL, FALSE);
  if (!v->dirty)
    return FALSE;
  if (v->autosaved_current)
    return TRUE;
  bytes = rdt_gridless_to_bytes (edited (v), &error);
  if (v->recovery_id == NULL)
    v->recovery_id = rdt_recovery_new_id ();
  if (bytes == NULL || !rdt_recovery_write_bytes (v->recovery_id, bytes, v->path, &error))
    {
      g_warning ("Autosave failed: %s", error != NULL ? error->message : "?");
      return FALSE;
    }
  v->autosaved_current = TRUE;
  return TRUE;
}

static gboolean
on_autosave (gpointer data)
{
  View *v = data;

  rdt_gridless_view_autosave_now (v->area);
  return G_SOURCE_CONTINUE;
}

void
_rdt_gv_recovery_changed (View *v)
{
  v->autosaved_current = FALSE;
  if (!v->dirty)
    {
      /* Saved: the autosave is not needed any more. */
      if (v->recovery_id != NULL)
        rdt_recovery_remove (v->recovery_id);
      g_clear_pointer (&v->recovery_id, g_free);
      return;
    }
  if (v->autosave_source == 0)
    {
      guint seconds = 60;
      GSettingsSchema *schema = g_settings_schema_source_lookup (g_settings_schema_source_get_default (),
                                                                 "org.redoubt.Redoubt", TRUE);

      if (schema != NULL)
        {
          g_autoptr(GSettings) settings = rdt_application_settings_new ();

          seconds = g_settings_get_uint (settings, "autosave-interval");
          g_settings_schema_unref (schema);
        }
      if (seconds > 0)
        v->autosave_source = g_timeout_add_seconds (seconds, on_autosave, v);
    }
}

static void
on_recovery_response (GtkInfoBar *bar,
                      int         response,
                      gpointer    data)
{
  View *v = data;

  rdt_gridless_view_restore (v->area, response == GTK_RESPONSE_ACCEPT);
}

void
rdt_gridless_view_offer_recovery (GtkWidget  *area,
                                  const char *recovery_id,
                                  const char *data_path)
{
  View *v = _rdt_gv_of (area);
  GtkWidget *bar, *label, *box;
  g_autofree char *question = NULL;
  g_autofree char *name = NULL;

  g_return_if_fail (v != NULL);
  name = g_filename_display_basename (v->path);
  question = g_strdup_printf (_("Redoubt did not close properly. Unsaved work on “%s” was kept. Restore it?"), name);
  bar = gtk_info_bar_new ();
  gtk_widget_set_name (bar, "gridless-recovery-bar");
  label = gtk_label_new (question);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_info_bar_add_child (GTK_INFO_BAR (bar), label);
  gtk_info_bar_add_button (GTK_INFO_BAR (bar), _("_Restore"), GTK_RESPONSE_ACCEPT);
  gtk_info_bar_add_button (GTK_INFO_BAR (bar), _("_Discard"), GTK_RESPONSE_REJECT);
  gtk_info_bar_set_message_type (GTK_INFO_BAR (bar), GTK_MESSAGE_QUESTION);
  g_object_set_data_full (G_OBJECT (bar), "recovery-id", g_strdup (recovery_id), g_free);
  g_object_set_data_full (G_OBJECT (bar), "data-path", g_strdup (data_path), g_free);
  g_signal_connect (bar, "response", G_CALLBACK (on_recovery_response), v);
  box = gtk_window_get_child (GTK_WINDOW (v->window));
  gtk_box_prepend (GTK_BOX (box), bar);
}

gboolean
rdt_gridless_view_restore (GtkWidget *area,
                           gboolean   restore)
{
  View *v = _rdt_gv_of (area);
  GtkWidget *box, *bar = NULL;
  const char *id, *data_path;
  gboolean ok = TRUE;

  g_return_val_if_fail (v != NULL, FALSE);
  box = gtk_window_get_child (GTK_WINDOW (v->window));
  for (GtkWidget *c = gtk_widget_get_first_child (box); c != NULL && bar == NULL; c = gtk_widget_get_next_sibling (c))
    if (g_strcmp0 (gtk_widget_get_name (c), "gridless-recovery-bar") == 0)
      bar = c;
  if (bar == NULL)
    return FALSE;
  id = g_object_get_data (G_OBJECT (bar), "recovery-id");
  data_path = g_object_get_data (G_OBJECT (bar), "data-path");
  if (restore)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
      RdtGridless *restored = v->game == NULL ? rdt_gridless_load_from_file (data_path, diagnostics, &error) : NULL;

      if (restored != NULL)
        {
          g_free (restored->path);
          restored->path = g_strdup (v->path);
          /* One undo step: Ctrl+Z gives the file's own state back. */
          _rdt_gv_replace (v, restored);
          g_free (v->recovery_id);
          v->recovery_id = g_strdup (id);
          v->autosaved_current = FALSE;
          rdt_gridless_view_autosave_now (area);
          gtk_label_set_text (GTK_LABEL (v->info), _("Unsaved work restored. Save it to keep it."));
        }
      else
        {
          g_autofree char *text = g_strdup_printf (_("Cannot restore the unsaved work: %s"),
                                                   error != NULL ? error->message : _("leave play first"));
          gtk_label_set_text (GTK_LABEL (v->info), text);
          ok = FALSE;
        }
    }
  else
    rdt_recovery_remove (id);
  if (ok)
    gtk_box_remove (GTK_BOX (box), bar);
  return ok;
}
