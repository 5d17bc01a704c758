/* rdt-unit-dialog.h: edit one unit of the order of battle.
 *
 * Emits "apply" with the edited copy (const RdtUnit *, valid during the
 * emission); the window turns it into an undoable RdtUnitCommand.
 */
#pragma once

#include <gtk/gtk.h>

#include "rdt-scenario.h"

G_BEGIN_DECLS

#define RDT_TYPE_UNIT_DIALOG (rdt_unit_dialog_get_type ())
G_DECLARE_FINAL_TYPE (RdtUnitDialog, rdt_unit_dialog, RDT, UNIT_DIALOG, GtkWindow)

RdtUnitDialog *rdt_unit_dialog_new (GtkWindow     *parent,
                                    RdtScenario   *scenario,
                                    const RdtUnit *unit);

/* Sets the name and full-strength values, and presses Apply (what the user
 * does; the tests use them). */
void           rdt_unit_dialog_set_values   (RdtUnitDialog *self,
                                             const char    *name,
                                             int            strength,
                                             int            morale,
                                             int            movement);
void           rdt_unit_dialog_accept       (RdtUnitDialog *self);

/* Translated names for the editor's lists and inspector (the file keeps the
 * untranslated ids of rdt-unit.h). */
const char    *rdt_unit_kind_display_name   (RdtUnitKind   kind);
const char    *rdt_unit_status_display_name (RdtUnitStatus status);

G_END_DECLS
