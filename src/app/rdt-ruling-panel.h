/* rdt-ruling-panel.h: the "Rules" page of the side bar (issue 7).
 *
 * Chooses the rule overlay (line of sight, LOS fan, zones of control,
 * movement, artillery targets) and its options, and gives the answer in words:
 * for a LOS the core's report (the case and why, each step, the conventions
 * and rule numbers), as `redoubt-cli los` prints it.  "Copy ruling" puts the
 * text on the clipboard; "Export ruling image" writes a PNG of the area around
 * the question with the overlay and a caption, drawn by the render library.
 */
#pragma once

#include <gtk/gtk.h>

#include "rdt-overlay-controller.h"
#include "rdt-window.h"

G_BEGIN_DECLS

#define RDT_TYPE_RULING_PANEL (rdt_ruling_panel_get_type ())
G_DECLARE_FINAL_TYPE (RdtRulingPanel, rdt_ruling_panel, RDT, RULING_PANEL, GtkBox)

GtkWidget            *rdt_ruling_panel_new            (RdtMapView             *view,
                                                       RdtOverlayScenarioFunc  func,
                                                       gpointer                user_data);
/* (transfer none) */
RdtOverlayController *rdt_ruling_panel_get_controller (RdtRulingPanel *self);
void                  rdt_ruling_panel_set_mode       (RdtRulingPanel *self,
                                                       RdtOverlayMode  mode);
/* The panel's own option widgets, as a user would set them. */
void                  rdt_ruling_panel_set_fan_range  (RdtRulingPanel *self,
                                                       int             range);
void                  rdt_ruling_panel_set_zoc_side   (RdtRulingPanel *self,
                                                       guint           side);
void                  rdt_ruling_panel_set_show_retreat (RdtRulingPanel *self,
                                                       gboolean        show);
/* The Game context group (issue 12), as a user would set it: the turn
 * (RDT_GAME_TURN_UNKNOWN: "not set"), the weather (NULL: "not set"; FALSE for
 * an id the list does not offer), whether the releases are known, and one
 * release (FALSE for an id the volume does not use). */
void                  rdt_ruling_panel_set_turn       (RdtRulingPanel *self,
                                                       int             turn);
gboolean              rdt_ruling_panel_set_weather    (RdtRulingPanel *self,
                                                       const char     *weather);
void                  rdt_ruling_panel_set_releases_known (RdtRulingPanel *self,
                                                       gboolean        known);
gboolean              rdt_ruling_panel_set_released   (RdtRulingPanel *self,
                                                       const char     *release_id,
                                                       gboolean        released);
/* (transfer none) The verdict line as shown. */
const char           *rdt_ruling_panel_get_verdict    (RdtRulingPanel *self);
/* The report as shown (transfer full). */
char                 *rdt_ruling_panel_dup_report     (RdtRulingPanel *self);
/* The text "Copy ruling" puts on the clipboard (transfer full). */
char                 *rdt_ruling_panel_dup_ruling     (RdtRulingPanel *self);
void                  rdt_ruling_panel_copy_ruling    (RdtRulingPanel *self);
/* The movement overlay's hover line as shown. */
const char           *rdt_ruling_panel_get_hover      (RdtRulingPanel *self);

/* Export Ruling Image without the dialog: @scale times the normal size;
 * the panel then says where the image went (issue 16). */
gboolean              rdt_ruling_panel_export         (RdtRulingPanel *self,
                                                       const char     *path,
                                                       double          scale,
                                                       GError        **error);
const char           *rdt_ruling_panel_get_export_message (RdtRulingPanel *self);

/* Adds the panel as the "Rules" page of the window's side bar, lays the
 * overlay area over its map view, and follows its unit selection and
 * scenario.  Returns the panel (transfer none); also set as the window's
 * "rdt-ruling-panel" data. */
RdtRulingPanel       *rdt_ruling_panel_attach         (RdtWindow      *window);

G_END_DECLS
