/* rdt-unit.h: counters (combat units and leaders) as plain structs.
 *
 * A unit is a value owned by its RdtScenario; the scenario's mutators take and
 * hand back whole RdtUnit copies so the editor can build exact undo commands.
 * Printed values come from the countersheet, which the rulebooks do not
 * transcribe, so any of them may carry a provisional mark.
 */
#pragma once

#include <glib-object.h>

#include "rdt-hex-grid.h"

G_BEGIN_DECLS

/* Unit types the series rules name (2.0 glossary, 12.4, 4.5 Brandywine...).
 * Prohibited-terrain masks are bit sets of (1u << kind). */
typedef enum {
  RDT_UNIT_KIND_INFANTRY,
  RDT_UNIT_KIND_LIGHT_INFANTRY,
  RDT_UNIT_KIND_MILITIA,
  RDT_UNIT_KIND_DRAGOONS,
  RDT_UNIT_KIND_ARTILLERY,
  RDT_UNIT_KIND_RIFLE,          /* rifle armed (glossary "Rifle Unit"); see RdtRifleMark */
  RDT_UNIT_KIND_MUSKET_RIFLE,   /* two SP values: close combat / rifle fire */
  RDT_UNIT_KIND_INDIANS,
  RDT_UNIT_KIND_AMUSETTE,       /* Brandywine 4.5 */
  RDT_UNIT_KIND_MORTAR,         /* Savannah */
  RDT_UNIT_KIND_LEADER,
  RDT_N_UNIT_KINDS
} RdtUnitKind;

#define RDT_UNIT_KIND_MASK(kind) (1u << (kind))
#define RDT_UNIT_KIND_ALL_MASK ((1u << RDT_N_UNIT_KINDS) - 1)

/* Glossary "Rifle Unit": a white R in a black circle affords the opponent a
 * close combat DRM, a black R in a white circle does not. */
typedef enum {
  RDT_RIFLE_NONE,
  RDT_RIFLE_WHITE_R,
  RDT_RIFLE_BLACK_R,
} RdtRifleMark;

/* Status of a combat unit (glossary "Parade Order"; 13.3, 13.4). */
typedef enum {
  RDT_UNIT_STATUS_PARADE,
  RDT_UNIT_STATUS_DISRUPTED,
  RDT_UNIT_STATUS_SHATTERED,
} RdtUnitStatus;

typedef enum {
  RDT_PLACEMENT_NONE,       /* not yet placed: a validation error */
  RDT_PLACEMENT_HEX,        /* set up in a hex */
  RDT_PLACEMENT_AREA,       /* set up anywhere in a named area (area deployment) */
  RDT_PLACEMENT_ENTRY,      /* reinforcement: arrives on a turn at an entry hex */
  RDT_PLACEMENT_UNUSED,     /* explicitly not used in this scenario */
  /* Issue 16: starts in a box off the map, <box id="eliminated|captured"/>:
   * the eliminated box (12.6 results "1", "2", "*") and the captured box
   * (12.31, 13.23); a 2-step unit eliminated is worth 2 VPs, captured 1
   * (4., VP Clarifications). */
  RDT_PLACEMENT_ELIMINATED,
  RDT_PLACEMENT_CAPTURED,
} RdtPlacementKind;

#define RDT_PLACEMENT_IS_BOX(kind) ((kind) == RDT_PLACEMENT_ELIMINATED || (kind) == RDT_PLACEMENT_CAPTURED)

typedef struct {
  RdtPlacementKind kind;
  RdtHex hex;               /* RDT_PLACEMENT_HEX */
  char *area;               /* RDT_PLACEMENT_AREA: area id */
  int turn;                 /* RDT_PLACEMENT_ENTRY: game turn */
  char *entry;              /* RDT_PLACEMENT_ENTRY: entry hex id ("A", "V-1") */
} RdtPlacement;

/* One printed side of a counter (front = step 0, back = step 1...). */
typedef struct {
  int strength;             /* SPs; for musket/rifle units the close combat value */
  int fire_strength;        /* musket/rifle: the rifle fire value; otherwise -1 */
  int morale;
} RdtUnitStep;

/* Bits of RdtUnit.provisional: which printed values are not from the game. */
typedef enum {
  RDT_UNIT_PROVISIONAL_STRENGTH   = 1 << 0,
  RDT_UNIT_PROVISIONAL_MORALE     = 1 << 1,
  RDT_UNIT_PROVISIONAL_MOVEMENT   = 1 << 2,
  RDT_UNIT_PROVISIONAL_LEADER     = 1 << 3,   /* rank, DRMs, seniority */
  RDT_UNIT_PROVISIONAL_CLASS      = 1 << 4,   /* the class (inferred, not stated) */
} RdtUnitProvisional;

typedef struct {
  char *id;                 /* unique within the scenario */
  char *name;
  int side;                 /* index into the scenario's sides */
  char *nationality;        /* (nullable) e.g. "hessian" */
  char *formation;          /* (nullable) e.g. "1st-brigade" */
  /* (nullable) the unit's class within its nationality where a rule reads
   * it (Savannah 4.1 French classes: "regular", "colonial-militia",
   * "colonial-regular", "mercenary"); NULL: not stated. */
  char *unit_class;
  RdtUnitKind kind;
  RdtRifleMark rifle;
  gboolean demi_leader;     /* 14.4 (also Pulaski, Brandywine) */
  int movement;             /* printed movement allowance */
  int range;                /* artillery range in hexes (11.2); 0 = the volume's */

  GArray *steps;            /* RdtUnitStep; leaders have none */

  /* Leaders only (14.0). */
  int rank;                 /* stars */
  int cc_drm;
  int leadership_drm;
  int seniority;            /* 0 = unset; lower = more senior among equal ranks */
  char **commands;          /* (nullable) formations/nationalities it may command;
                               NULL = unrestricted */

  /* Set-up and status at start. */
  RdtPlacement placement;
  int step;                 /* current step index (0 = full strength) */
  RdtUnitStatus status;
  char **states;            /* (nullable) volume-defined states, e.g. "first-fire" */

  guint provisional;        /* RdtUnitProvisional bits */
  char *note;               /* (nullable) */

  /* Counter art (issue 16): image files for the printed front and back, as
   * written in the file: relative to the folder of the file that names them,
   * never absolute, never out of that folder (checked on load). */
  char *art_front;          /* (nullable) PNG, JPEG or SVG */
  char *art_back;           /* (nullable) only with art_front */
  int line;                 /* source line when loaded; 0 otherwise */
} RdtUnit;

GType        rdt_unit_get_type          (void) G_GNUC_CONST;
#define RDT_TYPE_UNIT (rdt_unit_get_type ())

RdtUnit     *rdt_unit_new               (const char     *id,
                                         const char     *name,
                                         int             side,
                                         RdtUnitKind     kind);
RdtUnit     *rdt_unit_copy              (const RdtUnit  *unit);
void         rdt_unit_free              (RdtUnit        *unit);
void         rdt_unit_add_step          (RdtUnit        *unit,
                                         int             strength,
                                         int             fire_strength,
                                         int             morale);
guint        rdt_unit_get_n_steps       (const RdtUnit  *unit);
/* The step the unit currently shows, or NULL for leaders. */
const RdtUnitStep *
             rdt_unit_get_current_step  (const RdtUnit  *unit);
gboolean     rdt_unit_is_leader         (const RdtUnit  *unit);
/* SPs counted for stacking (7.1): 0 for leaders. */
int          rdt_unit_stacking_sp       (const RdtUnit  *unit);
gboolean     rdt_unit_has_state         (const RdtUnit  *unit,
                                         const char     *state);

void         rdt_placement_clear        (RdtPlacement   *placement);
void         rdt_placement_copy         (const RdtPlacement *src,
                                         RdtPlacement   *dest);
gboolean     rdt_placement_equal        (const RdtPlacement *a,
                                         const RdtPlacement *b);

/* Names as written in files: "infantry", "light-infantry", "militia", "dragoons",
 * "artillery", "rifle", "musket-rifle", "indians", "amusette", "mortar", "leader". */
const char  *rdt_unit_kind_to_string    (RdtUnitKind     kind);
gboolean     rdt_unit_kind_from_string  (const char     *text,
                                         RdtUnitKind    *out_kind);
/* "eliminated", "captured": the ids of <box id> (NULL, FALSE: not a box). */
const char  *rdt_placement_box_to_string   (RdtPlacementKind  kind);
gboolean     rdt_placement_box_from_string (const char       *text,
                                            RdtPlacementKind *out_kind);
const char  *rdt_unit_status_to_string  (RdtUnitStatus   status);
gboolean     rdt_unit_status_from_string (const char    *text,
                                          RdtUnitStatus *out_status);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RdtUnit, rdt_unit_free)

G_END_DECLS
