/* rdt-unit-command.h: edits of the order of battle and the set-up.
 *
 * Each constructor makes one kind of edit: add (also duplicate), delete, edit
 * values, place or move (also take off the map), flip to a step, set the
 * at-start status, and change the stack order.
 */
#pragma once

#include "rdt-command.h"
#include "rdt-unit.h"

G_BEGIN_DECLS

#define RDT_TYPE_UNIT_COMMAND (rdt_unit_command_get_type ())
G_DECLARE_FINAL_TYPE (RdtUnitCommand, rdt_unit_command, RDT, UNIT_COMMAND, RdtCommand)

/* @unit is copied; @position -1 appends. */
RdtCommand *rdt_unit_command_new_add     (const RdtUnit      *unit,
                                          int                 position);
RdtCommand *rdt_unit_command_new_remove  (const char         *id);
RdtCommand *rdt_unit_command_new_replace (const char         *id,
                                          const RdtUnit      *unit);
RdtCommand *rdt_unit_command_new_move    (const char         *id,
                                          const RdtPlacement *placement);
RdtCommand *rdt_unit_command_new_place   (const char         *id,
                                          RdtHex              hex);
RdtCommand *rdt_unit_command_new_step    (const char         *id,
                                          int                 step);
RdtCommand *rdt_unit_command_new_status  (const char         *id,
                                          RdtUnitStatus       status);
/* Moves the unit to @position in the order of units; within a hex that order
 * is the stack, bottom first. */
RdtCommand *rdt_unit_command_new_restack (const char         *id,
                                          int                 position);

/* Sets the counter art of @n units as one undoable step (the countersheet
 * cutter, issue 16): @fronts[i] and @backs[i] (either array nullable, an
 * entry NULL: keep the unit's) become unit @ids[i]'s `<art front back>`. */
RdtCommand *rdt_unit_command_new_art     (guint               n,
                                          const char *const  *ids,
                                          const char *const  *fronts,
                                          const char *const  *backs);

/* A unit id not yet used in @document, made from @base ("1st-va" -> "1st-va-2"). */
char       *rdt_unit_command_dup_free_id (RdtDocument        *document,
                                          const char         *base);

G_END_DECLS
