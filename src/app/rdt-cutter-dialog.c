/* rdt-cutter-dialog.c: the countersheet cutter (issue 16). */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "rdt-cutter-dialog.h"
#include "rdt-file-ref.h"
#include "rdt-image-loader.h"
#include "rdt-unit-command.h"

enum { SPIN_COLUMNS, SPIN_ROWS, SPIN_ORIGIN_X, SPIN_ORIGIN_Y, SPIN_WIDTH, SPIN_HEIGHT,
       SPIN_PITCH_X, SPIN_PITCH_Y, N_SPINS };

struct _RdtCutterDialog
{
  GtkWindow parent_instance;

  RdtDocument *document;
  char *folder;               /* the scenario's folder: images go into counters/ there */
  char *scan_href;
  cairo_surface_t *scan;
  int scan_width, scan_height;

  RdtCutGrid grid;
  RdtCutSlot *slots;          /* RDT_CUT_MAX_SIDE^2 cells, those of the grid used */
  int cursor;                 /* the current cell (keyboard), -1 none */
  double zoom;

  int n_picks;                /* corners clicked so far, -1: not picking */
  double picks[4][2];

  GPtrArray *unit_ids;        /* order of battle, file order */

  GtkWidget *preview;
  GtkWidget *spins[N_SPINS];
  GtkWidget *zoom_spin;
  GtkWidget *pick_button;
  GtkWidget *order_drop;
  GtkWidget *start_drop;
  GtkWidget *unit_drop;
  GtkWidget *face_drop;
  GtkWidget *status;
  GtkWidget *question;
  gboolean updating;
};

G_DEFINE_FINAL_TYPE (RdtCutterDialog, rdt_cutter_dialog, GTK_TYPE_WINDOW)

enum { SIGNAL_APPLY, N_SIGNALS };
static guint signals[N_SIGNALS];

#define N_CELLS_MAX (RDT_CUT_MAX_SIDE * RDT_CUT_MAX_SIDE)

static void
set_status (RdtCutterDialog *self,
            const char      *text)
{
  gtk_label_set_text (GTK_LABEL (self->status), text);
}

static guint
n_cells (RdtCutterDialog *self)
{
  return rdt_cut_grid_n_cells (&self->grid);
}

/* Cells the grid no longer has are emptied, so a plan never names a cell
 * the next write would not cut. */
static void
grid_changed (RdtCutterDialog *self)
{
  guint n = n_cells (self);

  rdt_cut_slots_clear (self->slots + n, N_CELLS_MAX - n);
  if (self->cursor >= (int) n)
    self->cursor = n > 0 ? (int) n - 1 : -1;
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (self->preview),
                                      MAX (1, (int) ceil (self->scan_width * self->zoom)));
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (self->preview),
                                       MAX (1, (int) ceil (self->scan_height * self->zoom)));
  gtk_widget_queue_draw (self->preview);
}

static void
grid_to_spins (RdtCutterDialog *self)
{
  const double values[N_SPINS] = {
    self->grid.columns, self->grid.rows, self->grid.origin_x, self->grid.origin_y,
    self->grid.width, self->grid.height, self->grid.pitch_x, self->grid.pitch_y,
  };

  self->updating = TRUE;
  for (int i = 0; i < N_SPINS; i++)
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->spins[i]), values[i]);
  self->updating = FALSE;
}

static void
on_spin_changed (GtkSpinButton   *spin,
                 RdtCutterDialog *self)
{
  if (self->updating)
    return;
  self->grid.columns = gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->spins[SPIN_COLUMNS]));
  self->grid.rows = gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->spins[SPIN_ROWS]));
  self->grid.origin_x = gtk_spin_button_get_value (GTK_SPIN_BUTTON (self->spins[SPIN_ORIGIN_X]));
  self->grid.origin_y = gtk_spin_button_get_value (GTK_SPIN_BUTTON (self->spins[SPIN_ORIGIN_Y]));
  self->grid.width = gtk_spin_button_get_value (GTK_SPIN_BUTTON (self->spins[SPIN_WIDTH]));
  self->grid.height = gtk_spin_button_get_value (GTK_SPIN_BUTTON (self->spins[SPIN_HEIGHT]));
  self->grid.pitch_x = gtk_spin_button_get_value (GTK_SPIN_BUTTON (self->spins[SPIN_PITCH_X]));
  self->grid.pitch_y = gtk_spin_button_get_value (GTK_SPIN_BUTTON (self->spins[SPIN_PITCH_Y]));
  rdt_cut_grid_clamp (&self->grid);
  grid_changed (self);
}

static void
on_zoom_changed (GtkSpinButton   *spin,
                 RdtCutterDialog *self)
{
  self->zoom = CLAMP (gtk_spin_button_get_value (spin) / 100.0, 0.05, 8.0);
  grid_changed (self);
}

static const char *
unit_name (RdtCutterDialog *self,
           const char      *id)
{
  RdtUnit *unit = rdt_scenario_find_unit (rdt_document_get_scenario (self->document), id);

  return unit != NULL && unit->name != NULL ? unit->name : id;
}

static void
draw_preview (GtkDrawingArea *area,
              cairo_t        *cr,
              int             width,
              int             height,
              gpointer        user_data)
{
  RdtCutterDialog *self = user_data;
  guint n = n_cells (self);
  PangoLayout *layout;
  PangoFontDescription *font;

  cairo_save (cr);
  cairo_scale (cr, self->zoom, self->zoom);
  cairo_set_source_surface (cr, self->scan, 0, 0);
  cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_GOOD);
  cairo_paint (cr);
  cairo_restore (cr);

  layout = gtk_widget_create_pango_layout (GTK_WIDGET (area), NULL);
  font = pango_font_description_from_string ("Sans Bold 8");
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  for (guint i = 0; i < n; i++)
    {
      const RdtCutSlot *slot = &self->slots[i];
      double x, y, w = self->grid.width * self->zoom, h = self->grid.height * self->zoom;

      rdt_cut_grid_cell_origin (&self->grid, i, &x, &y);
      x *= self->zoom;
      y *= self->zoom;
      cairo_rectangle (cr, x + 0.5, y + 0.5, MAX (1, w - 1), MAX (1, h - 1));
      if (slot->unit_id == NULL)
        {
          static const double dash[] = { 4, 3 };

          cairo_set_dash (cr, dash, 2, 0);
          cairo_set_source_rgba (cr, 0.1, 0.4, 0.9, 0.9);
          cairo_set_line_width (cr, 1);
          cairo_stroke (cr);
          cairo_set_dash (cr, NULL, 0, 0);
        }
      else
        {
          g_autofree char *text = NULL;

          if (slot->face == RDT_CUT_FRONT)
            cairo_set_source_rgba (cr, 0.1, 0.65, 0.2, 1);
          else
            cairo_set_source_rgba (cr, 0.9, 0.5, 0.05, 1);
          cairo_set_line_width (cr, 2);
          cairo_stroke (cr);
          /* Which unit and side the cell becomes, on a band at its foot. */
          text = g_strdup_printf ("%s %s", slot->face == RDT_CUT_FRONT ? _("F") : _("B"),
                                  unit_name (self, slot->unit_id));
          pango_layout_set_text (layout, text, -1);
          pango_layout_set_width (layout, (int) (w * PANGO_SCALE));
          pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
          cairo_set_source_rgba (cr, 0, 0, 0, 0.6);
          cairo_rectangle (cr, x, y + h - 13, w, 13);
          cairo_fill (cr);
          cairo_set_source_rgb (cr, 1, 1, 1);
          cairo_move_to (cr, x + 1, y + h - 13);
          pango_cairo_show_layout (cr, layout);
        }
      if ((int) i == self->cursor)
        {
          cairo_rectangle (cr, x - 2, y - 2, w + 4, h + 4);
          cairo_set_source_rgb (cr, 1, 0.85, 0);
          cairo_set_line_width (cr, 3);
          cairo_stroke (cr);
        }
    }
  g_object_unref (layout);
  /* The corners clicked so far. */
  for (int k = 0; k < self->n_picks; k++)
    {
      double px = self->picks[k][0] * self->zoom, py = self->picks[k][1] * self->zoom;

      cairo_set_source_rgb (cr, 0.9, 0, 0.1);
      cairo_set_line_width (cr, 2);
      cairo_move_to (cr, px - 8, py);
      cairo_line_to (cr, px + 8, py);
      cairo_move_to (cr, px, py - 8);
      cairo_line_to (cr, px, py + 8);
      cairo_stroke (cr);
    }
}

static const char *
pick_prompt (int n_picks)
{
  switch (n_picks)
    {
    case 0: return _("Click a corner of the first (top-left) counter.");
    case 1: return _("Click the opposite corner of the first counter.");
    case 2: return _("Click a corner of the last (bottom-right) counter.");
    case 3: return _("Click the opposite corner of the last counter.");
    default: return "";
    }
}

void
rdt_cutter_dialog_pick_corners (RdtCutterDialog *self)
{
  g_return_if_fail (RDT_IS_CUTTER_DIALOG (self));

  self->n_picks = 0;
  set_status (self, pick_prompt (0));
  gtk_widget_grab_focus (self->preview);
  gtk_widget_queue_draw (self->preview);
}

static void
stop_picking (RdtCutterDialog *self)
{
  self->n_picks = -1;
  self->updating = TRUE;
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->pick_button), FALSE);
  self->updating = FALSE;
  gtk_widget_queue_draw (self->preview);
}

static void
on_pick_toggled (GtkToggleButton *button,
                 RdtCutterDialog *self)
{
  if (self->updating)
    return;
  if (gtk_toggle_button_get_active (button))
    rdt_cutter_dialog_pick_corners (self);
  else
    {
      stop_picking (self);
      set_status (self, "");
    }
}

static int
unit_index (RdtCutterDialog *self,
            const char      *id)
{
  for (guint i = 0; i < self->unit_ids->len; i++)
    if (g_strcmp0 (self->unit_ids->pdata[i], id) == 0)
      return i;
  return -1;
}

/* Cell @cell becomes the chosen unit's chosen side; the next unit is chosen,
 * so clicking cells in turn follows the order of battle. */
static void
assign_cell (RdtCutterDialog *self,
             int              cell)
{
  guint unit = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->unit_drop));
  RdtCutSlot *slot;
  g_autofree char *text = NULL;

  if (cell < 0 || cell >= (int) n_cells (self) || unit >= self->unit_ids->len)
    return;
  slot = &self->slots[cell];
  g_free (slot->unit_id);
  slot->unit_id = g_strdup (self->unit_ids->pdata[unit]);
  slot->face = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->face_drop)) == 1 ? RDT_CUT_BACK : RDT_CUT_FRONT;
  text = g_strdup_printf (slot->face == RDT_CUT_FRONT ? _("Cell %d: front of %s.") : _("Cell %d: back of %s."),
                          cell + 1, unit_name (self, slot->unit_id));
  set_status (self, text);
  if (unit + 1 < self->unit_ids->len)
    gtk_drop_down_set_selected (GTK_DROP_DOWN (self->unit_drop), unit + 1);
  gtk_widget_queue_draw (self->preview);
}

void
rdt_cutter_dialog_click (RdtCutterDialog *self,
                         double           scan_x,
                         double           scan_y)
{
  g_return_if_fail (RDT_IS_CUTTER_DIALOG (self));

  if (self->n_picks >= 0 && self->n_picks < 4)
    {
      self->picks[self->n_picks][0] = CLAMP (scan_x, 0, self->scan_width);
      self->picks[self->n_picks][1] = CLAMP (scan_y, 0, self->scan_height);
      self->n_picks++;
      if (self->n_picks == 4)
        {
          RdtCutGrid grid = self->grid;
          g_autoptr(GError) error = NULL;

          stop_picking (self);
          if (!rdt_cut_grid_from_corners (&grid, self->picks[0], self->picks[1],
                                          self->picks[2], self->picks[3], &error))
            set_status (self, error->message);
          else
            {
              rdt_cutter_dialog_set_grid (self, &grid);
              set_status (self, _("Grid set from the corners: check the cut and adjust it if needed."));
            }
        }
      else
        set_status (self, pick_prompt (self->n_picks));
      gtk_widget_queue_draw (self->preview);
      return;
    }
  {
    int cell = rdt_cut_grid_cell_at (&self->grid, scan_x, scan_y);

    if (cell >= 0)
      {
        self->cursor = cell;
        assign_cell (self, cell);
      }
  }
}

static void
on_preview_pressed (GtkGestureClick *gesture,
                    int              n_press,
                    double           x,
                    double           y,
                    RdtCutterDialog *self)
{
  gtk_widget_grab_focus (self->preview);
  rdt_cutter_dialog_click (self, x / self->zoom, y / self->zoom);
}

static gboolean
on_preview_key (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                RdtCutterDialog       *self)
{
  int n = n_cells (self);
  int column, row;

  if (n == 0)
    return FALSE;
  if (self->cursor < 0)
    self->cursor = 0;
  column = self->cursor % self->grid.columns;
  row = self->cursor / self->grid.columns;
  switch (keyval)
    {
    case GDK_KEY_Left:
      column = MAX (0, column - 1);
      break;
    case GDK_KEY_Right:
      column = MIN (self->grid.columns - 1, column + 1);
      break;
    case GDK_KEY_Up:
      row = MAX (0, row - 1);
      break;
    case GDK_KEY_Down:
      row = MIN (self->grid.rows - 1, row + 1);
      break;
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_space:
      assign_cell (self, self->cursor);
      return TRUE;
    case GDK_KEY_Delete:
    case GDK_KEY_BackSpace:
      {
        g_autofree char *text = g_strdup_printf (_("Cell %d is not used."), self->cursor + 1);

        g_clear_pointer (&self->slots[self->cursor].unit_id, g_free);
        set_status (self, text);
        gtk_widget_queue_draw (self->preview);
        return TRUE;
      }
    case GDK_KEY_Escape:
      if (self->n_picks < 0)
        return FALSE;
      stop_picking (self);
      set_status (self, "");
      return TRUE;
    default:
      return FALSE;
    }
  self->cursor = row * self->grid.columns + column;
  gtk_widget_queue_draw (self->preview);
  return TRUE;
}

guint
rdt_cutter_dialog_assign_in_order (RdtCutterDialog *self,
                                   RdtCutOrder      order,
                                   const char      *first_unit_id)
{
  int first;
  guint left;

  g_return_val_if_fail (RDT_IS_CUTTER_DIALOG (self), 0);

  first = first_unit_id != NULL ? unit_index (self, first_unit_id) : 0;
  if (first < 0)
    first = 0;
  left = rdt_countersheet_assign_in_order (self->slots, &self->grid,
                                           (const char *const *) self->unit_ids->pdata + first,
                                           self->unit_ids->len - first, order);
  {
    g_autofree char *text = NULL;
    guint placed = self->unit_ids->len - first - left;

    if (left > 0)
      text = g_strdup_printf (ngettext ("%u unit assigned; %u more does not fit on this sheet.",
                                        "%u units assigned; %u more do not fit on this sheet.", left),
                              placed, left);
    else
      text = g_strdup_printf (ngettext ("%u unit assigned.", "%u units assigned.", placed), placed);
    set_status (self, text);
  }
  gtk_widget_queue_draw (self->preview);
  return left;
}

static void
on_assign_clicked (GtkButton       *button,
                   RdtCutterDialog *self)
{
  guint start = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->start_drop));

  rdt_cutter_dialog_assign_in_order (self, gtk_drop_down_get_selected (GTK_DROP_DOWN (self->order_drop)),
                                     start < self->unit_ids->len ? self->unit_ids->pdata[start] : NULL);
}

static void
on_clear_clicked (GtkButton       *button,
                  RdtCutterDialog *self)
{
  rdt_cut_slots_clear (self->slots, N_CELLS_MAX);
  set_status (self, _("No cell is assigned."));
  gtk_widget_queue_draw (self->preview);
}

void
rdt_cutter_dialog_choose_unit (RdtCutterDialog *self,
                               const char      *unit_id,
                               RdtCutFace       face)
{
  int index;

  g_return_if_fail (RDT_IS_CUTTER_DIALOG (self));

  index = unit_index (self, unit_id);
  if (index >= 0)
    gtk_drop_down_set_selected (GTK_DROP_DOWN (self->unit_drop), index);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->face_drop), face == RDT_CUT_BACK ? 1 : 0);
}

/* The scenario may have been saved elsewhere since the cutter opened: the
 * images go next to it where it is now. */
static gboolean
refresh_folder (RdtCutterDialog *self)
{
  const char *path = rdt_document_get_path (self->document);

  if (path == NULL)
    {
      set_status (self, _("Save the scenario first: the counter images are written into its folder."));
      return FALSE;
    }
  g_free (self->folder);
  self->folder = g_path_get_dirname (path);
  return TRUE;
}

/* Writes the images and emits "apply" with the one command. */
static void
write_now (RdtCutterDialog *self,
           gboolean         overwrite)
{
  guint n = n_cells (self);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();
  g_autoptr(GPtrArray) fronts = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) backs = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(RdtCommand) command = NULL;
  g_autofree char *text = NULL;
  guint n_images = 0;

  if (!refresh_folder (self))
    return;
  if (!rdt_countersheet_write (self->scan, &self->grid, self->slots, n, self->folder, overwrite, &error))
    {
      set_status (self, error->message);
      return;
    }
  /* One entry a unit, in order-of-battle order. */
  for (guint u = 0; u < self->unit_ids->len; u++)
    {
      const char *id = self->unit_ids->pdata[u];
      char *front = NULL, *back = NULL;

      for (guint i = 0; i < n; i++)
        if (g_strcmp0 (self->slots[i].unit_id, id) == 0)
          {
            char **face = self->slots[i].face == RDT_CUT_FRONT ? &front : &back;

            g_free (*face);
            *face = rdt_countersheet_art_ref (id, self->slots[i].face);
            n_images++;
          }
      if (front == NULL && back == NULL)
        continue;
      g_ptr_array_add (ids, (gpointer) id);
      g_ptr_array_add (fronts, front);
      g_ptr_array_add (backs, back);
    }
  if (ids->len == 0)
    {
      set_status (self, _("No cell is assigned to a unit: nothing to write."));
      return;
    }
  command = rdt_unit_command_new_art (ids->len, (const char *const *) ids->pdata,
                                      (const char *const *) fronts->pdata,
                                      (const char *const *) backs->pdata);
  g_signal_emit (self, signals[SIGNAL_APPLY], 0, command);
  text = g_strdup_printf (ngettext ("%u image written into “%s”; the art of %u unit(s) is set.",
                                    "%u images written into “%s”; the art of %u unit(s) is set.", n_images),
                          n_images, RDT_CUT_FOLDER, ids->len);
  set_status (self, text);
}

static void
on_question_response (GtkDialog       *dialog,
                      int              response,
                      RdtCutterDialog *self)
{
  self->question = NULL;
  gtk_window_destroy (GTK_WINDOW (dialog));
  if (response == GTK_RESPONSE_ACCEPT)
    write_now (self, TRUE);
  else
    set_status (self, _("Nothing was written."));
}

void
rdt_cutter_dialog_write (RdtCutterDialog *self)
{
  g_auto(GStrv) existing = NULL;
  g_autoptr(GError) error = NULL;
  guint n_existing;

  g_return_if_fail (RDT_IS_CUTTER_DIALOG (self));

  if (self->question != NULL)
    return;
  if (!rdt_cut_grid_check (&self->grid, self->scan_width, self->scan_height, &error))
    {
      set_status (self, error->message);
      return;
    }
  if (!refresh_folder (self))
    return;
  existing = rdt_countersheet_find_existing (self->folder, self->slots, n_cells (self));
  n_existing = g_strv_length (existing);
  if (n_existing == 0)
    {
      write_now (self, FALSE);
      return;
    }
  /* Never over an existing file without asking. */
  {
    g_autofree char *list = g_strjoinv ("\n", n_existing > 8 ? (char *[]) { existing[0], existing[1], existing[2], "…", NULL } : existing);
    GtkWidget *dialog;

    dialog = gtk_message_dialog_new (GTK_WINDOW (self), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                     GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                     ngettext ("Replace %u existing image?", "Replace %u existing images?", n_existing),
                                     n_existing);
    gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s", list);
    gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Cancel"), GTK_RESPONSE_CANCEL);
    gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Replace"), GTK_RESPONSE_ACCEPT);
    gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
    g_signal_connect (dialog, "response", G_CALLBACK (on_question_response), self);
    self->question = dialog;
    gtk_window_present (GTK_WINDOW (dialog));
  }
}

static void
on_write_clicked (GtkButton       *button,
                  RdtCutterDialog *self)
{
  rdt_cutter_dialog_write (self);
}

void
rdt_cutter_dialog_set_grid (RdtCutterDialog  *self,
                            const RdtCutGrid *grid)
{
  g_return_if_fail (RDT_IS_CUTTER_DIALOG (self));

  self->grid = *grid;
  rdt_cut_grid_clamp (&self->grid);
  grid_to_spins (self);
  grid_changed (self);
}

void
rdt_cutter_dialog_get_grid (RdtCutterDialog *self,
                            RdtCutGrid      *grid)
{
  g_return_if_fail (RDT_IS_CUTTER_DIALOG (self));
  *grid = self->grid;
}

const RdtCutSlot *
rdt_cutter_dialog_get_slots (RdtCutterDialog *self,
                             guint           *n)
{
  g_return_val_if_fail (RDT_IS_CUTTER_DIALOG (self), NULL);
  *n = n_cells (self);
  return self->slots;
}

int
rdt_cutter_dialog_get_cursor (RdtCutterDialog *self)
{
  g_return_val_if_fail (RDT_IS_CUTTER_DIALOG (self), -1);
  return self->cursor;
}

GtkWidget *
rdt_cutter_dialog_get_preview (RdtCutterDialog *self)
{
  g_return_val_if_fail (RDT_IS_CUTTER_DIALOG (self), NULL);
  return self->preview;
}

GtkWidget *
rdt_cutter_dialog_get_question (RdtCutterDialog *self)
{
  g_return_val_if_fail (RDT_IS_CUTTER_DIALOG (self), NULL);
  return self->question;
}

RdtDocument *
rdt_cutter_dialog_get_document (RdtCutterDialog *self)
{
  g_return_val_if_fail (RDT_IS_CUTTER_DIALOG (self), NULL);
  return self->document;
}

const char *
rdt_cutter_dialog_get_status (RdtCutterDialog *self)
{
  g_return_val_if_fail (RDT_IS_CUTTER_DIALOG (self), NULL);
  return gtk_label_get_text (GTK_LABEL (self->status));
}

static void
rdt_cutter_dialog_dispose (GObject *object)
{
  RdtCutterDialog *self = RDT_CUTTER_DIALOG (object);

  if (self->question != NULL)
    {
      gtk_window_destroy (GTK_WINDOW (self->question));
      self->question = NULL;
    }
  g_clear_object (&self->document);
  G_OBJECT_CLASS (rdt_cutter_dialog_parent_class)->dispose (object);
}

static void
rdt_cutter_dialog_finalize (GObject *object)
{
  RdtCutterDialog *self = RDT_CUTTER_DIALOG (object);

  rdt_cut_slots_clear (self->slots, N_CELLS_MAX);
  g_free (self->slots);
  g_clear_pointer (&self->scan, cairo_surface_destroy);
  g_clear_pointer (&self->unit_ids, g_ptr_array_unref);
  g_free (self->folder);
  g_free (self->scan_href);
  G_OBJECT_CLASS (rdt_cutter_dialog_parent_class)->finalize (object);
}

static void
rdt_cutter_dialog_class_init (RdtCutterDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = rdt_cutter_dialog_dispose;
  object_class->finalize = rdt_cutter_dialog_finalize;

  /* (RdtCommand *command): set every unit's art; the window executes it. */
  signals[SIGNAL_APPLY] = g_signal_new ("apply", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                        0, NULL, NULL, NULL, G_TYPE_NONE, 1, RDT_TYPE_COMMAND);
}

static void
rdt_cutter_dialog_init (RdtCutterDialog *self)
{
  self->slots = g_new0 (RdtCutSlot, N_CELLS_MAX);
  self->cursor = 0;
  self->n_picks = -1;
  self->zoom = 1;
  self->unit_ids = g_ptr_array_new_with_free_func (g_free);
}

static GtkWidget *
add_spin (RdtCutterDialog *self,
          GtkGrid         *grid,
          int              row,
          const char      *label,
          double           max,
          double           step,
          int              digits)
{
  GtkWidget *caption = gtk_label_new_with_mnemonic (label);
  GtkWidget *spin = gtk_spin_button_new_with_range (digits == 0 ? 1 : 0, max, step);

  gtk_spin_button_set_digits (GTK_SPIN_BUTTON (spin), digits);
  gtk_label_set_mnemonic_widget (GTK_LABEL (caption), spin);
  gtk_label_set_xalign (GTK_LABEL (caption), 0);
  gtk_grid_attach (grid, caption, 0, row, 1, 1);
  gtk_grid_attach (grid, spin, 1, row, 1, 1);
  g_signal_connect (spin, "value-changed", G_CALLBACK (on_spin_changed), self);
  return spin;
}

static GtkWidget *
add_drop (GtkGrid     *grid,
          int          row,
          const char  *label,
          GtkWidget   *drop)
{
  GtkWidget *caption = gtk_label_new_with_mnemonic (label);

  gtk_label_set_mnemonic_widget (GTK_LABEL (caption), drop);
  gtk_label_set_xalign (GTK_LABEL (caption), 0);
  gtk_grid_attach (grid, caption, 0, row, 1, 1);
  gtk_grid_attach (grid, drop, 1, row, 1, 1);
  return drop;
}

static void
build (RdtCutterDialog *self)
{
  GtkWidget *paned = gtk_paned_new (GTK_ORIENTATION_HORIZONTAL);
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *side = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  GtkGrid *grid = GTK_GRID (gtk_grid_new ());
  GtkGrid *plan = GTK_GRID (gtk_grid_new ());
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *assign, *clear, *write, *close, *heading;
  GtkGesture *click;
  GtkEventController *keys;
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  const char *orders[] = { N_("Fronts, one cell each"), N_("Front and back side by side"),
                           N_("A row of fronts over a row of backs"), N_("Backs, one cell each"), NULL };
  const char *translated[G_N_ELEMENTS (orders)];
  const char *faces[] = { _("Front"), _("Back"), NULL };
  double max_x = MAX (1, self->scan_width), max_y = MAX (1, self->scan_height);

  for (guint i = 0; i < G_N_ELEMENTS (orders); i++)
    translated[i] = orders[i] != NULL ? _(orders[i]) : NULL;
  for (guint i = 0; i < self->unit_ids->len; i++)
    {
      const char *id = self->unit_ids->pdata[i];
      g_autofree char *shown = g_strdup_printf ("%s (%s)", unit_name (self, id), id);

      gtk_string_list_append (names, shown);
    }

  self->preview = gtk_drawing_area_new ();
  gtk_widget_set_focusable (self->preview, TRUE);
  gtk_widget_set_halign (self->preview, GTK_ALIGN_START);
  gtk_widget_set_valign (self->preview, GTK_ALIGN_START);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->preview), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Countersheet scan and the cut"), -1);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->preview), draw_preview, self, NULL);
  click = gtk_gesture_click_new ();
  g_signal_connect (click, "pressed", G_CALLBACK (on_preview_pressed), self);
  gtk_widget_add_controller (self->preview, GTK_EVENT_CONTROLLER (click));
  keys = gtk_event_controller_key_new ();
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_preview_key), self);
  gtk_widget_add_controller (self->preview, keys);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), self->preview);
  gtk_widget_set_hexpand (scrolled, TRUE);
  gtk_paned_set_start_child (GTK_PANED (paned), scrolled);
  gtk_paned_set_resize_start_child (GTK_PANED (paned), TRUE);

  gtk_widget_set_margin_start (side, 12);
  gtk_widget_set_margin_end (side, 12);
  gtk_widget_set_margin_top (side, 12);
  gtk_widget_set_margin_bottom (side, 12);
  gtk_widget_set_size_request (side, 320, -1);
  heading = gtk_label_new (_("The cut"));
  gtk_widget_add_css_class (heading, "heading");
  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_box_append (GTK_BOX (side), heading);
  gtk_grid_set_row_spacing (grid, 4);
  gtk_grid_set_column_spacing (grid, 8);
  self->spins[SPIN_COLUMNS] = add_spin (self, grid, 0, _("_Columns"), RDT_CUT_MAX_SIDE, 1, 0);
  self->spins[SPIN_ROWS] = add_spin (self, grid, 1, _("_Rows"), RDT_CUT_MAX_SIDE, 1, 0);
  self->spins[SPIN_ORIGIN_X] = add_spin (self, grid, 2, _("Origin _X"), max_x, 1, 1);
  self->spins[SPIN_ORIGIN_Y] = add_spin (self, grid, 3, _("Origin _Y"), max_y, 1, 1);
  self->spins[SPIN_WIDTH] = add_spin (self, grid, 4, _("Counter _width"), RDT_CUT_MAX_COUNTER_SIDE, 1, 1);
  self->spins[SPIN_HEIGHT] = add_spin (self, grid, 5, _("Counter _height"), RDT_CUT_MAX_COUNTER_SIDE, 1, 1);
  self->spins[SPIN_PITCH_X] = add_spin (self, grid, 6, _("_Pitch across"), max_x, 0.1, 2);
  self->spins[SPIN_PITCH_Y] = add_spin (self, grid, 7, _("Pitch _down"), max_y, 0.1, 2);
  {
    GtkWidget *caption = gtk_label_new_with_mnemonic (_("_Zoom (%)"));

    self->zoom_spin = gtk_spin_button_new_with_range (5, 800, 5);
    gtk_label_set_mnemonic_widget (GTK_LABEL (caption), self->zoom_spin);
    gtk_label_set_xalign (GTK_LABEL (caption), 0);
    gtk_grid_attach (grid, caption, 0, 8, 1, 1);
    gtk_grid_attach (grid, self->zoom_spin, 1, 8, 1, 1);
  }
  gtk_box_append (GTK_BOX (side), GTK_WIDGET (grid));
  self->pick_button = gtk_toggle_button_new_with_mnemonic (_("Pick _Corners…"));
  gtk_widget_set_tooltip_text (self->pick_button,
                               _("Click two opposite corners of the first counter, then of the last one"));
  g_signal_connect (self->pick_button, "toggled", G_CALLBACK (on_pick_toggled), self);
  gtk_box_append (GTK_BOX (side), self->pick_button);

  heading = gtk_label_new (_("Fronts and backs"));
  gtk_widget_add_css_class (heading, "heading");
  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_box_append (GTK_BOX (side), heading);
  gtk_grid_set_row_spacing (plan, 4);
  gtk_grid_set_column_spacing (plan, 8);
  self->order_drop = add_drop (plan, 0, _("_Layout"), gtk_drop_down_new_from_strings (translated));
  self->start_drop = add_drop (plan, 1, _("_Start with"),
                               gtk_drop_down_new (G_LIST_MODEL (g_object_ref (names)), NULL));
  gtk_box_append (GTK_BOX (side), GTK_WIDGET (plan));
  assign = gtk_button_new_with_mnemonic (_("_Assign in Order of Battle"));
  g_signal_connect (assign, "clicked", G_CALLBACK (on_assign_clicked), self);
  gtk_box_append (GTK_BOX (side), assign);
  plan = GTK_GRID (gtk_grid_new ());
  gtk_grid_set_row_spacing (plan, 4);
  gtk_grid_set_column_spacing (plan, 8);
  self->unit_drop = add_drop (plan, 0, _("_Unit"), gtk_drop_down_new (G_LIST_MODEL (g_object_ref (names)), NULL));
  self->face_drop = add_drop (plan, 1, _("Si_de"), gtk_drop_down_new_from_strings (faces));
  gtk_box_append (GTK_BOX (side), GTK_WIDGET (plan));
  {
    GtkWidget *hint = gtk_label_new (_("Click a cell (or move to it with the arrow keys and press "
                                       "Return) to make it this unit’s side; Delete clears it."));

    gtk_label_set_wrap (GTK_LABEL (hint), TRUE);
    gtk_label_set_xalign (GTK_LABEL (hint), 0);
    gtk_widget_add_css_class (hint, "dim-label");
    gtk_box_append (GTK_BOX (side), hint);
  }
  clear = gtk_button_new_with_mnemonic (_("C_lear All Cells"));
  g_signal_connect (clear, "clicked", G_CALLBACK (on_clear_clicked), self);
  gtk_box_append (GTK_BOX (side), clear);

  self->status = gtk_label_new ("");
  gtk_label_set_wrap (GTK_LABEL (self->status), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->status), 0);
  gtk_widget_set_vexpand (self->status, TRUE);
  gtk_widget_set_valign (self->status, GTK_ALIGN_END);
  gtk_box_append (GTK_BOX (side), self->status);

  close = gtk_button_new_with_mnemonic (_("_Close"));
  g_signal_connect_swapped (close, "clicked", G_CALLBACK (gtk_window_close), self);
  write = gtk_button_new_with_mnemonic (_("_Write Images"));
  gtk_widget_add_css_class (write, "suggested-action");
  gtk_widget_set_tooltip_text (write, _("Write the assigned cells as PNG images into the “counters” "
                                        "folder next to the scenario and set the units’ art (one Undo)"));
  g_signal_connect (write, "clicked", G_CALLBACK (on_write_clicked), self);
  gtk_widget_set_hexpand (close, TRUE);
  gtk_widget_set_halign (close, GTK_ALIGN_END);
  gtk_box_append (GTK_BOX (buttons), close);
  gtk_box_append (GTK_BOX (buttons), write);
  gtk_box_append (GTK_BOX (side), buttons);
  gtk_window_set_default_widget (GTK_WINDOW (self), write);

  gtk_paned_set_end_child (GTK_PANED (paned), side);
  gtk_paned_set_resize_end_child (GTK_PANED (paned), FALSE);
  gtk_paned_set_shrink_end_child (GTK_PANED (paned), FALSE);
  gtk_window_set_child (GTK_WINDOW (self), paned);

  /* Close with Escape too (when the preview does not use it). */
  {
    GtkEventController *shortcuts = gtk_shortcut_controller_new ();

    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                          gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Escape, 0),
                                                            gtk_named_action_new ("window.close")));
    gtk_widget_add_controller (GTK_WIDGET (self), shortcuts);
  }
  g_signal_connect (self->zoom_spin, "value-changed", G_CALLBACK (on_zoom_changed), self);
}

RdtCutterDialog *
rdt_cutter_dialog_new (GtkWindow    *parent,
                       RdtDocument  *document,
                       const char   *scan_href,
                       GError      **error)
{
  RdtCutterDialog *self;
  const char *path;
  RdtScenario *scenario;
  RdtFileRef ref = { 0 };
  RdtCutGrid grid = { 0 };
  g_autofree char *title = NULL;

  g_return_val_if_fail (RDT_IS_DOCUMENT (document), NULL);
  g_return_val_if_fail (scan_href != NULL, NULL);

  path = rdt_document_get_path (document);
  if (path == NULL)
    {
      g_set_error_literal (error, RDT_FILE_REF_ERROR, RDT_FILE_REF_ERROR_NO_FOLDER,
                           _("Save the scenario first: the counter images are written into its folder."));
      return NULL;
    }
  /* A toplevel: GTK holds it until it is destroyed (closed). */
  self = g_object_new (RDT_TYPE_CUTTER_DIALOG, NULL);
  self->document = g_object_ref (document);
  self->folder = g_path_get_dirname (path);
  self->scan_href = g_strdup (scan_href);
  /* The scan is a file reference like any other (issue 11): inside the
   * scenario's folder, opened once, decoded within the image caps. */
  ref.base_dir = self->folder;
  ref.file = path;
  ref.element = "countersheet";
  ref.attribute = "href";
  ref.value = scan_href;
  self->scan = rdt_image_load (&ref, NULL, NULL, error);
  if (self->scan == NULL)
    {
      gtk_window_destroy (GTK_WINDOW (self));
      return NULL;
    }
  self->scan_width = cairo_image_surface_get_width (self->scan);
  self->scan_height = cairo_image_surface_get_height (self->scan);
  scenario = rdt_document_get_scenario (document);
  for (guint i = 0; i < rdt_scenario_get_n_units (scenario); i++)
    g_ptr_array_add (self->unit_ids, g_strdup (rdt_scenario_get_unit (scenario, i)->id));

  build (self);
  title = g_strdup_printf (_("Cut Countersheet — %s"), scan_href);
  gtk_window_set_title (GTK_WINDOW (self), title);
  gtk_window_set_default_size (GTK_WINDOW (self), 1100, 760);
  if (parent != NULL)
    {
      gtk_window_set_transient_for (GTK_WINDOW (self), parent);
      gtk_window_set_destroy_with_parent (GTK_WINDOW (self), TRUE);
    }
  /* A first guess (10 x 7 cells over the whole scan) that the user then sets. */
  grid.columns = 10;
  grid.rows = 7;
  grid.width = grid.pitch_x = MAX (1, self->scan_width / 10.0);
  grid.height = grid.pitch_y = MAX (1, self->scan_height / 7.0);
  self->zoom = CLAMP (760.0 / MAX (self->scan_width, 1), 0.05, 2.0);
  self->updating = TRUE;
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->zoom_spin), self->zoom * 100);
  self->updating = FALSE;
  rdt_cutter_dialog_set_grid (self, &grid);
  return self;
}
