/* rdt-fire.h: fire combat itemised (Series Rules 10 Rifle Fire, 11 Defensive
 * Artillery Fire), without rolling (issue 14).
 *
 * An RdtFire is the analysis of one fire: some firing units, one target unit.
 * It checks every rule that makes the fire legal (10.1, 10.2, 11.1, 11.2, the
 * LOS of 11.4, 13.3 and 13.4 "may not fire", Brandywine 4.5.5 Amusettes), adds
 * the SPs (10.2, 11.2 combined fire, 3.1 musket/rifle units fire with their
 * fire value), takes the range of the farthest firer (11.2), reads the To-Hit
 * number on the volume's Ranged Fire To-Hit Table ("to-hit"), adds the DRMs
 * (10.5 First Fire, the target's terrain and hexside fire DRMs, the volume's
 * "to-hit-drm" rows whose conditions hold: Brandywine 4.3 Ferguson, 4.5.5
 * Amusettes, 10.7 Jaegers' second roll) and lists the rows of the damage
 * table (11.3 "fire-damage-artillery", 10.3 "fire-damage-rifle").
 *
 * The rulebooks do not print the To-Hit Table, its DRM table or the damage
 * tables: their values are volume data, and every value marked provisional in
 * the file makes the analysis say so (rdt_fire_is_provisional()).  A fact the
 * analysis needs and is not told (the game context, the volume data, which
 * player is phasing, an open flank) makes the line "not decided", never legal.
 *
 * Each line carries the rule it applies and its source (Series Rules, the
 * volume's table and row, the scenario).  No GTK, no printing.
 */
#pragma once

#include <glib.h>

#include "rdt-game-context.h"
#include "rdt-scenario.h"

G_BEGIN_DECLS

#define RDT_FIRE_ERROR (rdt_fire_error_quark ())

typedef enum {
  RDT_FIRE_ERROR_UNKNOWN,     /* an unknown unit */
  RDT_FIRE_ERROR_INVALID,     /* no firer, a firer named twice */
} RdtFireError;

GQuark rdt_fire_error_quark (void);

typedef enum {
  RDT_FIRE_ARTILLERY,         /* 11: Defensive Artillery Fire */
  RDT_FIRE_RIFLE,             /* 10: Rifle Fire */
} RdtFireKind;

/* "artillery", "rifle" */
const char    *rdt_fire_kind_to_string   (RdtFireKind   kind);
gboolean       rdt_fire_kind_from_string (const char   *text,
                                          RdtFireKind  *out_kind);

typedef enum {
  RDT_FIRE_LEGAL,             /* every rule applied allows it */
  RDT_FIRE_REFUSED,           /* a rule forbids it (a REFUSED line names it) */
  RDT_FIRE_UNDECIDED,         /* it depends on a fact not told (UNDECIDED lines) */
} RdtFireVerdict;

typedef enum {
  RDT_FIRE_LINE_FIRER,        /* a firing unit and the SPs it adds (value) */
  RDT_FIRE_LINE_TARGET,       /* the target unit */
  RDT_FIRE_LINE_RANGE,        /* the range used (value) */
  RDT_FIRE_LINE_DRM,          /* a DRM (value) */
  RDT_FIRE_LINE_TO_HIT,       /* the To-Hit number (value; 0 = cannot hit) */
  RDT_FIRE_LINE_ROLLS,        /* how many To-Hit rolls (value, 10.7) */
  RDT_FIRE_LINE_REFUSED,      /* a rule forbids the fire */
  RDT_FIRE_LINE_UNDECIDED,    /* a rule depends on a fact not told */
  RDT_FIRE_LINE_NOTE,         /* a rule applied with no value (a reading) */
} RdtFireLineKind;

/* "firer", "target", "range", "drm", "to-hit", "rolls", "refused",
 * "undecided", "note" */
const char    *rdt_fire_line_kind_to_string (RdtFireLineKind kind);

typedef struct {
  RdtFireLineKind kind;
  char *rule;                 /* "10.5", "Brandywine 4.5.5" */
  char *source;               /* "Series Rules", "volume brandywine, table to-hit-drm, row ..." */
  char *text;                 /* translated */
  int value;
  gboolean provisional;       /* the value is provisional in the data */
  char *unit;                 /* (nullable) the unit the line is about */
  /* UNDECIDED: what it depends on: an RdtDepends id ("turn", "weather",
   * "released"), or "volume-data", "phasing-player", "open-flank". */
  char *depends;
} RdtFireLine;

/* What the game tracks and the analysis is told. */
typedef struct {
  /* (nullable) the game context (turn, weather: Germantown 3.1 fog ranges;
   * current_side: the phasing player, Brandywine 4.5.5). */
  const RdtGameContext *context;
  /* 10.5, 10.6: units whose first fire is spent (they fired, or took part in
   * a close combat, earlier in the game).  NULL: none, the scenario's
   * set-up is the start of the game. */
  const char *const *first_fire_spent;
  /* 10.1, 11.1: units that fired this phase; 10.2, 11.2: units already
   * fired at this phase.  NULL: none. */
  const char *const *fired;
  const char *const *targeted;
  /* 10.7 (via 12.53): an open flank: -1 not told, 0 no, 1 yes. */
  int open_flank;
} RdtFireFacts;

void           rdt_fire_facts_init      (RdtFireFacts *facts);

typedef struct _RdtFire RdtFire;

/* The analysis of @firers (unit ids, NULL-terminated) firing at @target (a
 * unit id) in @scenario's set-up (units in hexes).  NULL with @error only on
 * bad input (unknown unit, no firer); a fire the rules forbid is an analysis
 * with verdict RDT_FIRE_REFUSED.  (transfer full) */
RdtFire       *rdt_fire_analyse         (RdtScenario        *scenario,
                                         RdtFireKind         kind,
                                         const char *const  *firers,
                                         const char         *target,
                                         const RdtFireFacts *facts,
                                         GError            **error);
void           rdt_fire_free            (RdtFire            *fire);

RdtFireKind    rdt_fire_get_kind        (const RdtFire      *fire);
RdtFireVerdict rdt_fire_get_verdict     (const RdtFire      *fire);
/* The firers' and target's ids (transfer none). */
const char *const *
               rdt_fire_get_firers      (const RdtFire      *fire);
const char    *rdt_fire_get_target      (const RdtFire      *fire);
/* Combined SPs (10.2, 11.2), the range used (11.2: the farthest firer; 1
 * adjacent), the sum of the DRMs, the number of To-Hit rolls (10.7). */
int            rdt_fire_get_sp          (const RdtFire      *fire);
int            rdt_fire_get_range       (const RdtFire      *fire);
int            rdt_fire_get_drm         (const RdtFire      *fire);
guint          rdt_fire_get_n_rolls     (const RdtFire      *fire);
/* The To-Hit number (10.3, 11.3: a modified roll >= it hits); 0 when no
 * roll can hit (the table says "-"), -1 when the table has no value. */
int            rdt_fire_get_to_hit      (const RdtFire      *fire);
/* Whether a modified roll of @roll (unmodified die + DRMs) hits. */
gboolean       rdt_fire_roll_hits       (const RdtFire      *fire,
                                         int                 die);
/* Whether a value the analysis used is provisional in the data. */
gboolean       rdt_fire_is_provisional  (const RdtFire      *fire);
/* The first REFUSED (or UNDECIDED) line, or NULL (transfer none). */
const RdtFireLine *
               rdt_fire_get_reason      (const RdtFire      *fire);

guint          rdt_fire_get_n_lines     (const RdtFire      *fire);
const RdtFireLine *
               rdt_fire_get_line        (const RdtFire      *fire,
                                         guint               index);

/* The damage table (10.3 Rifle, 11.3 Artillery) rows: the result of an
 * unmodified die @die (0..9), or NULL when the volume's table has no row for
 * it (transfer none).  @out_provisional (nullable). */
const char    *rdt_fire_get_damage      (const RdtFire      *fire,
                                         int                 die,
                                         gboolean           *out_provisional);
/* "volume ID, table TABLE" (transfer none). */
const char    *rdt_fire_get_damage_source (const RdtFire    *fire);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RdtFire, rdt_fire_free)

G_END_DECLS
