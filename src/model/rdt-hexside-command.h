/* rdt-hexside-command.h: set the features of one or more hexsides as one step.
 *
 * A click of the hexside tool sets one hexside; dragging a road, track or path
 * through hexes adds one hexside per hex entered, all in one undo step.
 */
#pragma once

#include "rdt-command.h"
#include "rdt-scenario.h"

G_BEGIN_DECLS

#define RDT_TYPE_HEXSIDE_COMMAND (rdt_hexside_command_get_type ())
G_DECLARE_FINAL_TYPE (RdtHexsideCommand, rdt_hexside_command, RDT, HEXSIDE_COMMAND, RdtCommand)

/* Replaces the features of features->side (an empty set clears it). */
RdtCommand *rdt_hexside_command_new         (const RdtHexsideFeatures *features);
/* A command to which rdt_hexside_command_set() adds hexsides live. */
RdtCommand *rdt_hexside_command_new_stroke  (const char               *label);
/* Applies @features now and records the old ones; a hexside already in the
 * command keeps its first old value. */
gboolean    rdt_hexside_command_set         (RdtHexsideCommand        *self,
                                             RdtDocument              *document,
                                             const RdtHexsideFeatures *features,
                                             GError                  **error);
guint       rdt_hexside_command_get_n_sides (RdtHexsideCommand        *self);

/* Helpers for tools: the features of @side with the feature of @type's kind
 * set to @type (RDT_NO_TYPE clears that kind).  @toward is the slope's high
 * hex or the fieldworks symbol hex when the kind has one. */
void        rdt_hexside_features_with       (RdtScenario              *scenario,
                                             RdtHexside                side,
                                             RdtHexsideKind            kind,
                                             int                       type,
                                             RdtHex                    toward,
                                             RdtHexsideFeatures       *out);

G_END_DECLS
