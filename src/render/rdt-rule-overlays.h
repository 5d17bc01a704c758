/* rdt-rule-overlays.h: the rule overlays (issue 7) drawn from the core's answers.
 *
 * Each function turns one answer of the rules core (an LOS report, a fan, a ZOC
 * map, a movement reach, a retreat, artillery targets) into overlay items
 * (rdt-render-overlay.h) appended to a GArray of RdtRenderOverlay.  The editor's
 * map view and `redoubt-cli render` draw the same items with
 * rdt_map_renderer_draw_overlays(), so a ruling looks the same on screen, in an
 * exported ruling image and in a forum post.
 *
 * The letters are those of the 11.4 figure: B (blocking terrain), U (combat
 * unit, or a hex treated as occupied) and S (slope).
 */
#pragma once

#include <glib.h>

#include "rdt-map-renderer.h"
#include "rdt-render-export.h"
#include "rdt-board.h"
#include "rdt-los.h"
#include "rdt-movement.h"
#include "rdt-retreat.h"
#include "rdt-zoc.h"

G_BEGIN_DECLS

/* The colours of the overlays (0xRRGGBBAA). */
#define RDT_RULE_CLEAR_RGBA       0x26a269ffu  /* clear LOS line */
#define RDT_RULE_BLOCKED_RGBA     0xe01b24ffu  /* blocked LOS line, blocking hexsides */
#define RDT_RULE_BLOCK_SHADE_RGBA 0xe01b2466u  /* a hex that blocks */
#define RDT_RULE_OUT_SHADE_RGBA   0x24242488u  /* fan: out of LOS */
#define RDT_RULE_PASSED_RGBA      0x241f31ffu  /* hexes passed through */
#define RDT_RULE_UP_SLOPE_RGBA    0x1c71d8ffu  /* the slope that puts an end up slope */
#define RDT_RULE_ALLOWED_RGBA     0xe5a50affu  /* would block, allowed by the rule */
#define RDT_RULE_SPINE_RGBA       0x9141acffu  /* run along a hexside (11.44) */
#define RDT_RULE_ZOC_RGBA         0xc061cb66u  /* in the ZOC */
#define RDT_RULE_RIFLE_ZOC_RGBA   0x813d9c99u  /* in a rifle ZOC (8.31) */
#define RDT_RULE_ZOC_STOP_RGBA    0xff7800ffu  /* a ZOC stops at this hexside */
#define RDT_RULE_ZOC_ACROSS_RGBA  0x1c71d8ffu  /* a ZOC extends across water / out of fieldworks */
#define RDT_RULE_REACH_RGBA       0x3584e466u  /* reachable */
#define RDT_RULE_REACH_ZOC_RGBA   0xf6d32d88u  /* reachable, movement ends (8.31) */
#define RDT_RULE_PATH_RGBA        0x1a5fb4ffu  /* cheapest path */
#define RDT_RULE_RETREAT_RGBA     0x2ec27e77u  /* retreat destination */
#define RDT_RULE_TARGET_RGBA      0xe01b24ffu  /* artillery target */
#define RDT_RULE_UNDECIDED_RGBA   0x9c3a00ccu  /* hatched: not decided by the game context */

typedef struct {
  gboolean ignore_units;
  /* (nullable) hexes treated as occupied (RdtHex). */
  const GArray *occupied;
} RdtRuleLosOptions;

/* A new empty list: GArray of RdtRenderOverlay (transfer full). */
GArray     *rdt_rule_overlays_new          (void);

/* The 11.4 letter of a blocking LOS step: "B", "U" or "S"; NULL when the step
 * does not block or hold blocking things (transfer none). */
const char *rdt_rule_overlays_step_letter  (const RdtLosStep    *step);

/* The LOS line (green clear, red blocked) through the hex centres, the hexes
 * passed through outlined, blocking hexes shaded and lettered, slope hexsides
 * crossed highlighted (red blocks, blue up slope, amber allowed), runs along
 * hexsides (11.44 spines) and corners (convention 6) highlighted.  `board`
 * (nullable) letters the two hexes of a blocking spine B or U. */
void        rdt_rule_overlays_add_los      (GArray              *items,
                                            const RdtLosReport  *report,
                                            const RdtBoard      *board);

/* The fan from `from` within `range` (< 0: the board's artillery range,
 * 11.2): every hex out of LOS shaded and lettered B, S or U.  `los` carries
 * the options (ignore units, occupied hexes).  Returns how many hexes are out
 * of LOS. */
guint       rdt_rule_overlays_add_fan      (GArray              *items,
                                            RdtLos              *los,
                                            RdtHex               from,
                                            int                  range);

/* Hexes treated as occupied (GArray of RdtHex, nullable): outlined amber. */
void        rdt_rule_overlays_add_occupied (GArray              *items,
                                            const GArray        *occupied);

/* The ZOC that `side`'s units exert (8.1): hexes shaded, rifle ZOC (8.31)
 * darker and marked "+1"; hexsides where a unit's ZOC stops (into terrain or
 * fieldworks, or a no-ZOC hexside) highlighted orange, and where it extends
 * across water or out of fieldworks highlighted blue.  Returns the number of
 * hexes in the ZOC. */
guint       rdt_rule_overlays_add_zoc      (GArray              *items,
                                            RdtBoard            *board,
                                            int                  side);

/* Every hex the unit may end its move in, shaded with its cost in MP (hexes
 * where movement ends in an enemy ZOC in yellow), the start outlined.  A hex
 * whose answer is not decided by the game context (RDT_REACH_UNDECIDED, or
 * every hex when a rule not decided may stop the whole move) is hatched.
 * Returns the number of reachable hexes. */
guint       rdt_rule_overlays_add_reach    (GArray              *items,
                                            const RdtReach      *reach,
                                            const RdtHexGrid    *grid);
/* The cheapest path to `hex` as lines between hex centres; FALSE when it is
 * not reachable. */
gboolean    rdt_rule_overlays_add_path     (GArray              *items,
                                            const RdtReach      *reach,
                                            RdtHex               hex);
/* Retreat destinations shaded, their paths drawn, blocked hexes outlined;
 * ends not decided by the game context (RDT_RETREAT_UNDECIDED) hatched. */
void        rdt_rule_overlays_add_retreat  (GArray              *items,
                                            const RdtRetreat    *retreat);
/* `targets` (GArray of RdtLosTarget from rdt_los_artillery_targets() or
 * rdt_los_artillery_targets_in_context()): a line from the firer to each,
 * outlined, with the range; the targets not decided (RdtLosTarget.undecided)
 * hatched in RDT_RULE_UNDECIDED_RGBA. */
void        rdt_rule_overlays_add_targets  (GArray              *items,
                                            RdtHex               firer,
                                            const GArray        *targets);

/* The "not decided" line of a reach or a retreat, worded by the core
 * (rdt_undecided_text_with_hint()): the rule that may stop the whole move,
 * else the first hex's in the reach's order, else the retreat's; NULL when
 * everything is decided (transfer full).  @reach and @retreat are nullable. */
char       *rdt_rule_overlays_undecided_text (const RdtReach   *reach,
                                              const RdtRetreat *retreat,
                                              RdtUndecidedHint  hint);

/* "1½" for 3 halves (transfer full). */
char       *rdt_rule_overlays_format_mp    (int                  halves);

/* Captions set under an exported image (transfer full, translated). */
char       *rdt_rule_overlays_los_caption  (const RdtLosReport  *report,
                                            const RdtHexGrid    *grid);
char       *rdt_rule_overlays_fan_caption  (const RdtHexGrid    *grid,
                                            RdtHex               from,
                                            int                  range,
                                            guint                n_out);

/* "; combat units ignored; 1027, 1028 treated as occupied" or "" for the LOS
 * options in force (transfer full). */
char       *rdt_rule_overlays_los_options_text (const RdtHexGrid *grid,
                                                gboolean          ignore_units,
                                                const GArray     *occupied);

/* The device point of a hex centre in an export drawn with `options`: the
 * transform rdt_map_renderer_draw_export() uses (for tests and callers that
 * place things on an exported image). */
gboolean    rdt_rule_overlays_export_point (RdtMapRenderer               *renderer,
                                            const RdtRenderExportOptions *options,
                                            double                        map_x,
                                            double                        map_y,
                                            double                       *out_x,
                                            double                       *out_y,
                                            GError                      **error);

G_END_DECLS
