/* rdt-gridless-rules.h: the geometric rulings of Pub Battles on a gridless
 * map (issue 18): the terrain a piece is in, contact, Field of Fire, flank
 * attack, line of sight and command range.
 *
 * Each function fills an answer record that says the verdict, the numbers it
 * was decided on, the rulebook section (pub-battles-brandywine.txt) and the
 * convention of docs/gridless-conventions.md (G0..G9) that fixed the
 * geometry.  A verdict is YES, NO or UNDECIDED: UNDECIDED is a tie the rules
 * settle by "Moving Intent" (the opponent may relocate the piece), never a
 * guess.  Nothing here allocates except the LOS steps (free with
 * rdt_gl_los_clear()).
 */
#pragma once

#include <glib.h>

#include "rdt-geom.h"
#include "rdt-gridless.h"

G_BEGIN_DECLS

/* G4: two blocks are in contact when their footprints are at most this far
 * apart (1/64 inch): hand-placed blocks are never exactly flush. */
#define RDT_GL_CONTACT_TOLERANCE (1.0 / 64)
/* Line of Sight: "You can see into Woods and Buildings up to the thickness
 * of a piece: 3/8"". */
#define RDT_GL_SEE_INTO (3.0 / 8)

/* The readings of docs/gridless-conventions.md that settle a wording the
 * rulebook leaves open (issue 18: one reading each, quoted in every answer
 * that applies it).  Translatable (N_): pass through _() to show them. */
extern const char rdt_gl_reading_fof_arc[];     /* G5 2: 45 degrees to each side */
extern const char rdt_gl_reading_closer[];      /* G6 c: measured along the sight line */
extern const char rdt_gl_reading_hq_blocks[];   /* G6 d: HQs block line of sight */
extern const char rdt_gl_reading_flanked[];     /* G8 6: -1 for the flanked, no bonus for the flanker */

typedef enum {
  RDT_GL_NO,
  RDT_GL_YES,
  RDT_GL_UNDECIDED,
} RdtGlVerdict;

const char *rdt_gl_verdict_to_string (RdtGlVerdict verdict);

/* ------------------------------------------------------------- terrain */

#define RDT_GL_MAX_LEVEL 9

typedef struct {
  double area;                                  /* of the footprint, square inches */
  double fraction[RDT_GL_N_AREA_KINDS];         /* of the footprint under each kind */
  RdtGlVerdict has_majority;                    /* UNDECIDED: no kind over 1/2 */
  RdtGlAreaKind majority;                       /* when YES */
  double level_fraction[RDT_GL_MAX_LEVEL + 1];  /* [L]: at level L or higher; [0] = 1 */
  int level;                                    /* highest L with a majority at >= L */
  const char *hill_id;                          /* (nullable) the hill of that level it is on */
  const char *rule;                             /* rulebook section */
  const char *convention;                       /* "G2" ... */
} RdtGlTerrain;

/* How the Pieces Move: "Be in only 1 type of terrain: the type under the
 * majority of the piece" (G2), and which hill it is on (G3). */
void rdt_gl_piece_terrain (const RdtGridless *gridless,
                           const RdtGlPiece  *piece,
                           RdtGlTerrain      *out);
/* The terrain kind and hill level at a point (G2, G3). */
RdtGlAreaKind rdt_gl_point_terrain (const RdtGridless *gridless,
                                    RdtPoint           p,
                                    int               *level);

/* ------------------------------------------------------------- contact */

typedef struct {
  double gap;               /* smallest distance between the footprints */
  gboolean overlap;         /* the footprints overlap: stacking (How the Pieces Move) */
  RdtGlVerdict in_contact;  /* gap <= RDT_GL_CONTACT_TOLERANCE (G4) */
  double front_width;       /* A's front edge */
  double front_contact;     /* length of A's front edge within the tolerance of B */
  int b_edge;               /* B's edge that A's front edge touches most: 0 front, 1 right, 2 back, 3 left */
  double b_edge_length;
  double b_edge_contact;    /* length of that edge within the tolerance of A's front edge */
  RdtGlVerdict majority;    /* Melee: "the majority of the pieces are in contact" (G4) */
  const char *rule;
  const char *convention;
} RdtGlContact;

void rdt_gl_contact (const RdtGridless *gridless,
                     const RdtGlPiece  *a,
                     const RdtGlPiece  *b,
                     RdtGlContact      *out);

/* ------------------------------------------------------------------ LOS */

typedef enum {
  RDT_GL_LOS_SEEN_INTO,     /* woods/buildings: counts towards the 3/8" */
  RDT_GL_LOS_SEEN_OVER,     /* from a hill, closer to it than the target */
  RDT_GL_LOS_OWN_HILL,      /* the viewer stands on this hill */
  RDT_GL_LOS_NOT_CROSSED,   /* a hill entered without crossing its crest */
  RDT_GL_LOS_BLOCKS,
} RdtGlLosEffect;

const char *rdt_gl_los_effect_to_string (RdtGlLosEffect effect);

typedef struct {
  const char *what;         /* "woods", "buildings", "hill", "piece" */
  const char *id;
  double enter;             /* inches from the viewer */
  double leave;
  double inside;            /* inches of the sight line inside it */
  RdtGlLosEffect effect;
  const char *rule;
  const char *convention;
  const char *reading;      /* (nullable) the documented reading applied (G6 c, G6 d) */
} RdtGlLosStep;

typedef struct {
  const RdtGlPiece *piece;  /* (nullable) */
  RdtPoint point;           /* used when piece is NULL */
} RdtGlLosEnd;

typedef struct {
  RdtPoint from, to;        /* the centres (G6) */
  double length;
  double start, end;        /* the sight line runs from start to end inches (G6: block edges) */
  double max_range;         /* 1 Foot move */
  int viewer_level;
  int target_level;
  double woods_length;      /* seen into woods and buildings, inches */
  GArray *steps;            /* RdtGlLosStep, in order from the viewer */
  RdtGlVerdict verdict;     /* YES: the viewer can see the target */
  const char *reason;       /* translatable (N_), the deciding fact */
  const char *rule;
  const char *convention;
  const char *reading;      /* (nullable) the reading of the deciding step */
} RdtGlLos;

/* Line of Sight from the viewer @from to @to (not symmetric: "While on a
 * Hill, you can see over..." is the viewer's). */
void rdt_gl_los       (const RdtGridless *gridless,
                       RdtGlLosEnd        from,
                       RdtGlLosEnd        to,
                       RdtGlLos          *out);
void rdt_gl_los_clear (RdtGlLos          *los);

/* -------------------------------------------------------- Field of Fire */

typedef struct {
  gboolean projects;        /* infantry, dragoons and artillery do */
  double range;             /* 1/3 Foot move */
  RdtPoint zone[4];         /* the FoF zone (G5): front-left, front-right, far-right, far-left */
  double fraction;          /* of the target's footprint inside the zone */
  RdtGlVerdict in_zone;     /* majority (G5); UNDECIDED at exactly half */
  RdtGlLos los;             /* "limited by Line of Sight" */
  RdtGlVerdict verdict;
  const char *reason;       /* translatable (N_) */
  const char *rule;
  const char *convention;
  const char *reading;      /* (nullable) G5 2 when the firer projects a FoF */
} RdtGlFof;

/* Is @target in the Field of Fire of @firer?  Clear with rdt_gl_fof_clear(). */
void rdt_gl_fof       (const RdtGridless *gridless,
                       const RdtGlPiece  *firer,
                       const RdtGlPiece  *target,
                       RdtGlFof          *out);
void rdt_gl_fof_clear (RdtGlFof          *fof);
/* The FoF zone of a piece (G5), whether or not its type projects one. */
void rdt_gl_fof_zone  (const RdtGridless *gridless,
                       const RdtGlPiece  *piece,
                       RdtPoint           out[4]);

/* -------------------------------------------------------------- flank */

typedef struct {
  RdtGlFof attacker_fof;    /* the defender in the attacker's FoF */
  RdtGlFof defender_fof;    /* the attacker in the defender's FoF */
  RdtGlVerdict verdict;     /* the attacker flanks the defender */
  const char *reason;       /* translatable (N_) */
  const char *rule;
  const char *convention;
  const char *reading;      /* (nullable) G8 6, when the verdict is a flank */
} RdtGlFlank;

void rdt_gl_flank       (const RdtGridless *gridless,
                         const RdtGlPiece  *attacker,
                         const RdtGlPiece  *defender,
                         RdtGlFlank        *out);
void rdt_gl_flank_clear (RdtGlFlank        *flank);

/* -------------------------------------------------------- command range */

typedef struct {
  double distance;          /* between the footprints (G9) */
  double range;             /* 1/3 Cavalry move */
  RdtGlVerdict verdict;
  const char *rule;
  const char *convention;
} RdtGlCommandRange;

void rdt_gl_command_range (const RdtGridless *gridless,
                           const RdtGlPiece  *hq,
                           const RdtGlPiece  *piece,
                           RdtGlCommandRange *out);

G_END_DECLS
