/* rdt-cutter-dialog.h: the countersheet cutter (issue 16).
 *
 * A window of its own over the editor: a scan of a countersheet (a file
 * inside the scenario's folder, opened through rdt-file-ref.h and decoded
 * within its image caps by rdt-image-loader.h) with the cut drawn over it.
 * The user sets columns, rows, origin, counter size and pitch (or clicks two
 * opposite corners of the first counter and of the last), assigns fronts and
 * backs to units in order-of-battle order or by clicking cells, and presses
 * Write: the images are written into "counters/" next to the scenario
 * (rdt-countersheet.h: atomic, never outside the folder, never over an
 * existing file without asking), then "apply" is emitted with ONE
 * RdtUnitCommand that sets every unit's art; the window executes it, so one
 * Undo takes it back.
 *
 * Keyboard: every field is reachable with Tab and has a mnemonic; on the
 * preview, arrows move the current cell, Return or space assigns the chosen
 * unit and side to it (and chooses the next unit), Delete clears it, Escape
 * stops picking corners.
 */
#pragma once

#include <gtk/gtk.h>

#include "rdt-countersheet.h"
#include "rdt-document.h"

G_BEGIN_DECLS

#define RDT_TYPE_CUTTER_DIALOG (rdt_cutter_dialog_get_type ())
G_DECLARE_FINAL_TYPE (RdtCutterDialog, rdt_cutter_dialog, RDT, CUTTER_DIALOG, GtkWindow)

/* NULL with @error set when the scan cannot be opened or decoded, or the
 * document has no folder yet. */
RdtCutterDialog  *rdt_cutter_dialog_new          (GtkWindow          *parent,
                                                  RdtDocument        *document,
                                                  const char         *scan_href,
                                                  GError            **error);

void              rdt_cutter_dialog_set_grid     (RdtCutterDialog    *self,
                                                  const RdtCutGrid   *grid);
void              rdt_cutter_dialog_get_grid     (RdtCutterDialog    *self,
                                                  RdtCutGrid         *grid);
/* What the buttons and the preview do (the tests use them). */
void              rdt_cutter_dialog_pick_corners (RdtCutterDialog    *self);
void              rdt_cutter_dialog_click        (RdtCutterDialog    *self,
                                                  double              scan_x,
                                                  double              scan_y);
guint             rdt_cutter_dialog_assign_in_order (RdtCutterDialog *self,
                                                     RdtCutOrder      order,
                                                     const char      *first_unit_id);
void              rdt_cutter_dialog_choose_unit  (RdtCutterDialog    *self,
                                                  const char         *unit_id,
                                                  RdtCutFace          face);
void              rdt_cutter_dialog_write        (RdtCutterDialog    *self);

const RdtCutSlot *rdt_cutter_dialog_get_slots    (RdtCutterDialog    *self,
                                                  guint              *n);
int               rdt_cutter_dialog_get_cursor   (RdtCutterDialog    *self);
GtkWidget        *rdt_cutter_dialog_get_preview  (RdtCutterDialog    *self);
/* The "replace existing images?" question while it is shown, else NULL. */
GtkWidget        *rdt_cutter_dialog_get_question (RdtCutterDialog    *self);
const char       *rdt_cutter_dialog_get_status   (RdtCutterDialog    *self);
RdtDocument      *rdt_cutter_dialog_get_document (RdtCutterDialog    *self);

G_END_DECLS
