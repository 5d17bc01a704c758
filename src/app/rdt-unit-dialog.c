#include "config.h"

#include <glib/gi18n.h>

#include "rdt-unit-dialog.h"

struct _RdtUnitDialog
{
  GtkWindow parent_instance;

  GtkEntry *id_entry;
  GtkEntry *name_entry;
  GtkDropDown *side_dropdown;
  GtkDropDown *kind_dropdown;
  GtkEntry *formation_entry;
  GtkEntry *nationality_entry;
  GtkSpinButton *movement_spin;
  GtkSpinButton *strength_spin;
  GtkSpinButton *morale_spin;
  GtkCheckButton *reduced_check;
  GtkSpinButton *reduced_strength_spin;
  GtkSpinButton *reduced_morale_spin;
  GtkDropDown *status_dropdown;
  GtkCheckButton *provisional_check;
  GtkLabel *error_label;
  GtkButton *ok_button;
  GtkButton *cancel_button;

  RdtScenario *scenario;
  RdtUnit *unit;
};

G_DEFINE_FINAL_TYPE (RdtUnitDialog, rdt_unit_dialog, GTK_TYPE_WINDOW)

enum {
  APPLY,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const RdtUnitStatus statuses[] = {
  RDT_UNIT_STATUS_PARADE, RDT_UNIT_STATUS_DISRUPTED, RDT_UNIT_STATUS_SHATTERED,
};

const char *
rdt_unit_kind_display_name (RdtUnitKind kind)
{
  switch (kind)
    {
    case RDT_UNIT_KIND_INFANTRY: return _("Infantry");
    case RDT_UNIT_KIND_LIGHT_INFANTRY: return _("Light infantry");
    case RDT_UNIT_KIND_MILITIA: return _("Militia");
    case RDT_UNIT_KIND_DRAGOONS: return _("Dragoons");
    case RDT_UNIT_KIND_ARTILLERY: return _("Artillery");
    case RDT_UNIT_KIND_RIFLE: return _("Rifles");
    case RDT_UNIT_KIND_MUSKET_RIFLE: return _("Musket/rifle");
    case RDT_UNIT_KIND_INDIANS: return _("Indians");
    case RDT_UNIT_KIND_AMUSETTE: return _("Amusette");
    case RDT_UNIT_KIND_MORTAR: return _("Mortar");
    case RDT_UNIT_KIND_LEADER: return _("Leader");
    case RDT_N_UNIT_KINDS:
    default:
      return rdt_unit_kind_to_string (kind);
    }
}

const char *
rdt_unit_status_display_name (RdtUnitStatus status)
{
  switch (status)
    {
    case RDT_UNIT_STATUS_PARADE: return _("Parade order");
    case RDT_UNIT_STATUS_DISRUPTED: return _("Disrupted");
    case RDT_UNIT_STATUS_SHATTERED: return _("Shattered");
    default:
      return rdt_unit_status_to_string (status);
    }
}

static void
set_text (GtkEntry   *entry,
          const char *text)
{
  gtk_editable_set_text (GTK_EDITABLE (entry), text ? text : "");
}

static char *
dup_text (GtkEntry *entry)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));
  g_autofree char *stripped = g_strstrip (g_strdup (text));

  return *stripped ? g_steal_pointer (&stripped) : NULL;
}

static void
on_reduced_toggled (GtkCheckButton *check,
                    RdtUnitDialog  *self)
{
  gboolean active = gtk_check_button_get_active (check);

  gtk_widget_set_sensitive (GTK_WIDGET (self->reduced_strength_spin), active);
  gtk_widget_set_sensitive (GTK_WIDGET (self->reduced_morale_spin), active);
}

static void
on_ok (GtkButton     *button,
       RdtUnitDialog *self)
{
  g_autoptr(RdtUnit) edited = rdt_unit_copy (self->unit);
  g_autofree char *id = dup_text (self->id_entry);
  guint kind = gtk_drop_down_get_selected (self->kind_dropdown);
  guint status = gtk_drop_down_get_selected (self->status_dropdown);
  gboolean leader;

  if (id == NULL)
    {
      gtk_label_set_text (self->error_label, _("A unit needs an id."));
      return;
    }
  if (g_strcmp0 (id, self->unit->id) != 0 && rdt_scenario_find_unit (self->scenario, id) != NULL)
    {
      gtk_label_set_text (self->error_label, _("Another unit has this id."));
      return;
    }
  g_free (edited->id);
  edited->id = g_steal_pointer (&id);
  g_free (edited->name);
  edited->name = dup_text (self->name_entry);
  g_free (edited->formation);
  edited->formation = dup_text (self->formation_entry);
  g_free (edited->nationality);
  edited->nationality = dup_text (self->nationality_entry);
  if (gtk_drop_down_get_selected (self->side_dropdown) != GTK_INVALID_LIST_POSITION)
    edited->side = gtk_drop_down_get_selected (self->side_dropdown);
  if (kind < RDT_N_UNIT_KINDS)
    edited->kind = kind;
  if (status < G_N_ELEMENTS (statuses))
    edited->status = statuses[status];
  edited->movement = gtk_spin_button_get_value_as_int (self->movement_spin);

  leader = edited->kind == RDT_UNIT_KIND_LEADER;
  g_array_set_size (edited->steps, 0);
  if (!leader)
    {
      rdt_unit_add_step (edited, gtk_spin_button_get_value_as_int (self->strength_spin), -1,
                         gtk_spin_button_get_value_as_int (self->morale_spin));
      if (gtk_check_button_get_active (self->reduced_check))
        rdt_unit_add_step (edited, gtk_spin_button_get_value_as_int (self->reduced_strength_spin), -1,
                           gtk_spin_button_get_value_as_int (self->reduced_morale_spin));
      /* Keep musket/rifle second values of the original. */
      for (guint i = 0; i < edited->steps->len && i < self->unit->steps->len; i++)
        g_array_index (edited->steps, RdtUnitStep, i).fire_strength =
          g_array_index (self->unit->steps, RdtUnitStep, i).fire_strength;
    }
  if ((guint) edited->step >= MAX (1u, edited->steps->len))
    edited->step = 0;
  if (gtk_check_button_get_active (self->provisional_check))
    edited->provisional |= RDT_UNIT_PROVISIONAL_STRENGTH | RDT_UNIT_PROVISIONAL_MORALE
                           | RDT_UNIT_PROVISIONAL_MOVEMENT;
  else
    edited->provisional &= ~(RDT_UNIT_PROVISIONAL_STRENGTH | RDT_UNIT_PROVISIONAL_MORALE
                             | RDT_UNIT_PROVISIONAL_MOVEMENT);

  g_signal_emit (self, signals[APPLY], 0, edited);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
on_cancel (GtkButton     *button,
           RdtUnitDialog *self)
{
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
rdt_unit_dialog_dispose (GObject *object)
{
  RdtUnitDialog *self = RDT_UNIT_DIALOG (object);

  g_clear_object (&self->scenario);
  g_clear_pointer (&self->unit, rdt_unit_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), RDT_TYPE_UNIT_DIALOG);

  G_OBJECT_CLASS (rdt_unit_dialog_parent_class)->dispose (object);
}

static void
rdt_unit_dialog_class_init (RdtUnitDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = rdt_unit_dialog_dispose;

  signals[APPLY] = g_signal_new ("apply", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                 0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);

  gtk_widget_class_set_template_from_resource (widget_class, "/org/redoubt/Redoubt/rdt-unit-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, RdtUnitDialog, id_entry);
  gtk_widget_class_bind_template_child (widget_class, RdtUnitDialog, name_entry);
  gtk_widget_class_bind_template_child (widget_class, RdtUnitDialog, side_dropdown);
  gtk_widget_class_bind_template_child (widget_class, RdtUnitDialog, kind_dropdown);
  gtk_widget_class_bind_template_child (widget_class, RdtUnitDialog, formation_entry);
  gtk_widget_class_bind_template_child (widget_class, RdtUnitDialog, nationality_entry);
  gtk_widget_class_bind_template_child (widget_class, RdtUnitDialog, movement_spin);
  gtk_widget_class_bind_template_child (widget_class, RdtUnitDialog, strength_spin);
  gtk_widget_class_bind_template_child (widget_class, RdtUnitDialog, morale_spin);
  gtk_widget_class_bind_template_child (widget_class, RdtUnitDialog, reduced_check);
  gtk_widget_class_bind_template_child (widget_class, RdtUnitDialog, reduced_strength_spin);
  gtk_widget_class_bind_template_child (widget_class, RdtUnitDialog, reduced_morale_spin);
  gtk_widget_class_bind_template_child (widget_class, RdtUnitDialog, status_dropdown);
  gtk_widget_class_bind_template_child (widget_class, RdtUnitDialog, provisional_check);
  gtk_widget_class_bind_template_child (widget_class, RdtUnitDialog, error_label);
  gtk_widget_class_bind_template_child (widget_class, RdtUnitDialog, ok_button);
  gtk_widget_class_bind_template_child (widget_class, RdtUnitDialog, cancel_button);
}

static void
rdt_unit_dialog_init (RdtUnitDialog *self)
{
  g_autoptr(GtkStringList) kinds = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) status_names = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect (self->ok_button, "clicked", G_CALLBACK (on_ok), self);
  g_signal_connect (self->cancel_button, "clicked", G_CALLBACK (on_cancel), self);
  g_signal_connect (self->reduced_check, "toggled", G_CALLBACK (on_reduced_toggled), self);

  for (guint i = 0; i < RDT_N_UNIT_KINDS; i++)
    gtk_string_list_append (kinds, rdt_unit_kind_display_name (i));
  gtk_drop_down_set_model (self->kind_dropdown, G_LIST_MODEL (kinds));
  for (guint i = 0; i < G_N_ELEMENTS (statuses); i++)
    gtk_string_list_append (status_names, rdt_unit_status_display_name (statuses[i]));
  gtk_drop_down_set_model (self->status_dropdown, G_LIST_MODEL (status_names));
}

void
rdt_unit_dialog_set_values (RdtUnitDialog *self,
                            const char    *name,
                            int            strength,
                            int            morale,
                            int            movement)
{
  g_return_if_fail (RDT_IS_UNIT_DIALOG (self));

  set_text (self->name_entry, name);
  gtk_spin_button_set_value (self->strength_spin, strength);
  gtk_spin_button_set_value (self->morale_spin, morale);
  gtk_spin_button_set_value (self->movement_spin, movement);
  gtk_check_button_set_active (self->provisional_check, FALSE);
}

void
rdt_unit_dialog_accept (RdtUnitDialog *self)
{
  g_return_if_fail (RDT_IS_UNIT_DIALOG (self));
  on_ok (self->ok_button, self);
}

RdtUnitDialog *
rdt_unit_dialog_new (GtkWindow     *parent,
                     RdtScenario   *scenario,
                     const RdtUnit *unit)
{
  RdtUnitDialog *self;
  g_autoptr(GtkStringList) sides = gtk_string_list_new (NULL);
  const RdtUnitStep *full;

  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), NULL);
  g_return_val_if_fail (unit != NULL, NULL);

  self = g_object_new (RDT_TYPE_UNIT_DIALOG, "transient-for", parent, NULL);
  self->scenario = g_object_ref (scenario);
  self->unit = rdt_unit_copy (unit);

  for (guint i = 0; i < rdt_scenario_get_n_sides (scenario); i++)
    gtk_string_list_append (sides, rdt_scenario_get_side (scenario, i)->name);
  gtk_drop_down_set_model (self->side_dropdown, G_LIST_MODEL (sides));
  if (unit->side >= 0 && (guint) unit->side < rdt_scenario_get_n_sides (scenario))
    gtk_drop_down_set_selected (self->side_dropdown, unit->side);

  set_text (self->id_entry, unit->id);
  set_text (self->name_entry, unit->name);
  set_text (self->formation_entry, unit->formation);
  set_text (self->nationality_entry, unit->nationality);
  gtk_drop_down_set_selected (self->kind_dropdown, unit->kind);
  gtk_spin_button_set_value (self->movement_spin, unit->movement);
  for (guint i = 0; i < G_N_ELEMENTS (statuses); i++)
    if (statuses[i] == unit->status)
      gtk_drop_down_set_selected (self->status_dropdown, i);
  full = rdt_unit_get_n_steps (unit) > 0 ? &g_array_index (unit->steps, RdtUnitStep, 0) : NULL;
  if (full != NULL)
    {
      gtk_spin_button_set_value (self->strength_spin, full->strength);
      gtk_spin_button_set_value (self->morale_spin, full->morale);
    }
  gtk_check_button_set_active (self->reduced_check, rdt_unit_get_n_steps (unit) > 1);
  if (rdt_unit_get_n_steps (unit) > 1)
    {
      const RdtUnitStep *reduced = &g_array_index (unit->steps, RdtUnitStep, 1);

      gtk_spin_button_set_value (self->reduced_strength_spin, reduced->strength);
      gtk_spin_button_set_value (self->reduced_morale_spin, reduced->morale);
    }
  on_reduced_toggled (self->reduced_check, self);
  gtk_check_button_set_active (self->provisional_check,
                               (unit->provisional & (RDT_UNIT_PROVISIONAL_STRENGTH
                                                     | RDT_UNIT_PROVISIONAL_MORALE
                                                     | RDT_UNIT_PROVISIONAL_MOVEMENT)) != 0);
  return self;
}
