/* rdt-los-report.h: the structured answer to a line-of-sight question.
 *
 * Every LOS answer carries the verdict, the case of 11.43 and which end is up
 * slope, each hex passed through and each hexside crossed or run along, in order
 * from the firer, with what it contributed, and the rule and convention numbers
 * (../shared/los-conventions.md) that decided it ("The report").  The same report
 * backs the command line, the map overlay and the tests.
 */
#pragma once

#include <glib.h>

#include "rdt-board.h"
#include "rdt-hex-grid.h"

G_BEGIN_DECLS

typedef enum {
  RDT_LOS_CLEAR,
  RDT_LOS_BLOCKED,
} RdtLosVerdict;

typedef enum {
  /* No case applies: the same hex, or adjacent hexes (11.41). */
  RDT_LOS_CASE_NONE,
  RDT_LOS_CASE_A,
  RDT_LOS_CASE_B,
  RDT_LOS_CASE_C,
} RdtLosCase;

typedef enum {
  RDT_LOS_UP_SLOPE_NONE   = 0,
  RDT_LOS_UP_SLOPE_FIRER  = 1 << 0,
  RDT_LOS_UP_SLOPE_TARGET = 1 << 1,
  RDT_LOS_UP_SLOPE_BOTH   = RDT_LOS_UP_SLOPE_FIRER | RDT_LOS_UP_SLOPE_TARGET,
} RdtLosUpSlope;

typedef enum {
  /* The segment meets the interior of `hex` (the first and last are the ends). */
  RDT_LOS_STEP_HEX,
  /* It crosses `hexside` from `from` into `to` (convention 4). */
  RDT_LOS_STEP_CROSS,
  /* It runs along `hexside` from `from` to `to` (convention 5, 11.44). */
  RDT_LOS_STEP_RUN,
  /* At the end of a run it leaves (`entering` FALSE) or enters `hex` through
   * the corner where the hexsides `hex`|`side_hexes[0]` and `hex`|`side_hexes[1]`
   * meet (convention 6).  Listed only when one of them is a slope. */
  RDT_LOS_STEP_CORNER,
} RdtLosStepKind;

/* What a step holds. */
typedef enum {
  RDT_LOS_FEATURE_TERRAIN        = 1 << 0,  /* blocking terrain (11.42) */
  RDT_LOS_FEATURE_UNITS          = 1 << 1,  /* combat units (11.42) */
  RDT_LOS_FEATURE_OCCUPIED       = 1 << 2,  /* treated as occupied on request */
  RDT_LOS_FEATURE_SLOPE          = 1 << 3,  /* the hexside is a slope */
  RDT_LOS_FEATURE_WATER          = 1 << 4,  /* slope with run/creek/river (11.41) */
  RDT_LOS_FEATURE_SLOPE_COUNTS   = 1 << 5,  /* counts as crossing a slope (conv. 6) */
  RDT_LOS_FEATURE_GRAZED_BLOCKS  = 1 << 6,  /* the grazed hex would block (conv. 3) */
  RDT_LOS_FEATURE_SIDE_A_BLOCKS  = 1 << 7,  /* run: the hexside's hex a blocks */
  RDT_LOS_FEATURE_SIDE_B_BLOCKS  = 1 << 8,  /* run: the hexside's hex b blocks */
} RdtLosFeature;

#define RDT_LOS_FEATURE_BLOCKING (RDT_LOS_FEATURE_TERRAIN | RDT_LOS_FEATURE_UNITS | RDT_LOS_FEATURE_OCCUPIED)

typedef enum {
  RDT_LOS_EFFECT_NONE,
  RDT_LOS_EFFECT_BLOCKS,
  /* Would block in another case, but the rule lets the LOS through. */
  RDT_LOS_EFFECT_ALLOWED,
  /* Ignored: 11.43 C. */
  RDT_LOS_EFFECT_IGNORED,
  /* This crossing puts the unit at that end up slope (11.43, convention 8). */
  RDT_LOS_EFFECT_UP_SLOPE,
} RdtLosEffect;

/* Each decision the LOS code can make, with its rule and conventions. */
typedef enum {
  RDT_LOS_REASON_NONE,
  RDT_LOS_REASON_SAME_HEX,
  RDT_LOS_REASON_ADJACENT,
  RDT_LOS_REASON_CASE_A,
  RDT_LOS_REASON_CASE_B,
  RDT_LOS_REASON_CASE_C,
  RDT_LOS_REASON_END_HEX,
  RDT_LOS_REASON_BLOCKING_HEX,
  RDT_LOS_REASON_BLOCKING_IGNORED,
  RDT_LOS_REASON_GRAZED_CORNER,
  RDT_LOS_REASON_SLOPE_BLOCKS_A,
  RDT_LOS_REASON_SLOPE_BLOCKS_B,
  RDT_LOS_REASON_SLOPE_END_HEXSIDE,
  RDT_LOS_REASON_SLOPE_UP_SLOPE_HEX,
  RDT_LOS_REASON_SLOPE_SAME_ORIENTATION,
  RDT_LOS_REASON_SLOPE_OTHER_ORIENTATION,
  RDT_LOS_REASON_RANGE3_NOT_SLOPE,
  RDT_LOS_REASON_SLOPE_IGNORED,
  RDT_LOS_REASON_CORNER_NOT_BOTH,
  RDT_LOS_REASON_UP_SLOPE,
  RDT_LOS_REASON_RUN_NOT_CROSSING,
  RDT_LOS_REASON_SPINE_BOTH_BLOCK,
  RDT_LOS_REASON_SPINE_ONE_SIDE,
  RDT_LOS_REASON_SPINE_IGNORED,
  /* Case B: a slope hexside of the end that is not up slope (current 11.43 B,
   * read with case A's slope clause; older 11.43 B). */
  RDT_LOS_REASON_SLOPE_END_HEXSIDE_B,
  RDT_LOS_REASON_SLOPE_END_HEXSIDE_OLDER,
  RDT_LOS_N_REASONS
} RdtLosReason;

typedef struct {
  RdtLosStepKind kind;
  RdtHex hex;                /* HEX, CORNER */
  RdtHexside hexside;        /* CROSS, RUN */
  RdtHex from;               /* CROSS, RUN */
  RdtHex to;                 /* CROSS, RUN */
  gboolean via_corner;       /* CROSS */
  RdtHex grazed;             /* CROSS via a corner */
  gboolean entering;         /* CORNER */
  RdtHex side_hexes[2];      /* CORNER */
  RdtHex slope_high;         /* CROSS, RUN over a slope: its high hex */
  guint features;            /* RdtLosFeature */
  RdtLosEffect effect;
  RdtLosReason reason;
} RdtLosStep;

typedef struct {
  RdtHex from;
  RdtHex to;
  int distance;
  RdtLosEdition edition;
  RdtLosVerdict verdict;
  RdtLosCase los_case;
  guint up_slope;            /* RdtLosUpSlope */
  /* Why the verdict came out as it did, at the top level: SAME_HEX, ADJACENT
   * or the case (CASE_A, CASE_B, CASE_C). */
  RdtLosReason reason;
  /* Options in force. */
  gboolean ignore_units;
  GArray *steps;             /* RdtLosStep, reused between queries */
} RdtLosReport;

void          rdt_los_report_init          (RdtLosReport       *report);
void          rdt_los_report_clear         (RdtLosReport       *report);
/* (transfer none) */
const RdtLosStep *
              rdt_los_report_get_step      (const RdtLosReport *report,
                                            guint               index);
guint         rdt_los_report_get_n_steps   (const RdtLosReport *report);

/* The rule numbers ("11.43 B", "11.44"...) and the convention numbers that
 * decided the verdict: for a blocked LOS the blocking steps and the case, for a
 * clear one the case and every step the rules let through.  Returns a
 * NULL-terminated array of unique rule strings (transfer full) and the
 * conventions as a bit set (1 << n). */
char        **rdt_los_report_dup_rules     (const RdtLosReport *report,
                                            guint              *out_conventions);

/* Per reason: its rule number (transfer none), its conventions (1 << n), and a
 * short translated description. */
const char   *rdt_los_reason_get_rule      (RdtLosReason        reason);
guint         rdt_los_reason_get_conventions (RdtLosReason      reason);
const char   *rdt_los_reason_get_id        (RdtLosReason        reason);
const char   *rdt_los_reason_get_message   (RdtLosReason        reason);
const char   *rdt_los_case_get_id          (RdtLosCase          los_case);
const char   *rdt_los_effect_get_id        (RdtLosEffect        effect);
const char   *rdt_los_step_kind_get_id     (RdtLosStepKind      kind);

/* The whole report as translated, human-readable text (transfer full): the
 * verdict, the case and the rule that decided each step, corner passages
 * explained in words; a hex beyond the map edge is written "off map". */
char         *rdt_los_report_to_text       (const RdtLosReport *report,
                                            const RdtHexGrid   *grid);
/* The same, naming the combat units in each hex passed through or at either
 * end by their names and sides ("3rd Virginia (American)"), as a ruling
 * speaks (transfer full).  `board` is the board the report was made on. */
char         *rdt_los_report_describe      (const RdtLosReport *report,
                                            const RdtBoard     *board);

/* TRUE when `reversed` is `report` traced from the other end: same verdict and
 * case, up-slope ends swapped, and the same steps in reverse order. */
gboolean      rdt_los_report_is_reverse_of (const RdtLosReport *report,
                                            const RdtLosReport *reversed);

/* g_auto (RdtLosReport) works on a report set up with rdt_los_report_init(). */
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (RdtLosReport, rdt_los_report_clear)

G_END_DECLS
