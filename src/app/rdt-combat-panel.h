/* rdt-combat-panel.h: the combat panel of the editor's play mode (issue 14).
 *
 * In the fire phases (10 Rifle Fire, 11 Defensive Artillery Fire) the firers
 * and the target are picked on the map (or typed); the itemised fire analysis
 * (rdt-fire.h: firers and SPs, range, each DRM with its rule and source, the
 * To-Hit number, provisional marks) follows the selection; Fire performs
 * `fire`, Resolve Fire `resolve-fire` (10.4).  Owed retreats (13.2, 13.3)
 * are listed with their legal ends shaded on the map; a click on one performs
 * `retreat UNIT HEX`.  In the Close Combat phase the attacking hexes, the
 * defending hex, a Diversion hex (12.14) and the lead units (12.23 step 2) are
 * picked; the panel shows what the designation still owes (12.12-12.15), the
 * odds with their arithmetic, the DRMs with rules and sources, lets each
 * player choose a Tactics Card hidden from the other (12.5) and Resolve
 * performs `close-combat ...`.
 * The panel never changes the game itself: every action goes through
 * "win.play-action" (logged, undoable where the game allows, replayable).
 */
#pragma once

#include <gtk/gtk.h>

#include "rdt-game.h"

G_BEGIN_DECLS

#define RDT_TYPE_COMBAT_PANEL (rdt_combat_panel_get_type ())
G_DECLARE_FINAL_TYPE (RdtCombatPanel, rdt_combat_panel, RDT, COMBAT_PANEL, GtkBox)

GtkWidget   *rdt_combat_panel_new        (void);
/* Shows @game (nullable; a reference is kept). */
void         rdt_combat_panel_set_game   (RdtCombatPanel *self,
                                          RdtGame        *game);
/* After any action: the phase, the owed retreats, the analysis again. */
void         rdt_combat_panel_refresh    (RdtCombatPanel *self);
/* A press on @hex of the map; @unit is the counter on top there (nullable).
 * TRUE when the panel used it (a firer, target, attacking or defending hex,
 * or an owed retreat's end). */
gboolean     rdt_combat_panel_hex_pressed (RdtCombatPanel *self,
                                           RdtHex          hex,
                                           const char     *unit);
/* The hexes to shade (owed retreats' legal ends) and to outline (the
 * selection) (transfer none, RdtHex). */
GArray      *rdt_combat_panel_get_shaded   (RdtCombatPanel *self);
GArray      *rdt_combat_panel_get_outlined (RdtCombatPanel *self);
/* For tests: the analysis text, the owed list text. */
const char  *rdt_combat_panel_get_analysis (RdtCombatPanel *self);
const char  *rdt_combat_panel_get_owed     (RdtCombatPanel *self);

G_END_DECLS
