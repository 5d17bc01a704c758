/* rdt-gridless-move.h: movement of a Pub Battles block on a gridless map
 * (issue 18): "can this piece reach this pose", with the path it was decided
 * on, and the movement envelope as a polygon.
 *
 * The rules are How the Pieces Move (Moving, Oblique Move, HQs, Road Column)
 * and Terrain Effects (Reduced) of pub-battles-brandywine.txt; the geometry
 * is convention G10 of docs/gridless-conventions.md.  The predicate is exact
 * for the paths G10 admits; the envelope polygon is drawn from rays and says
 * its tolerance.
 */
#pragma once

#include <glib.h>

#include "rdt-geom.h"
#include "rdt-gridless.h"
#include "rdt-gridless-rules.h"

G_BEGIN_DECLS

/* Oblique Move: "Move obliquely up to a 45 degree angle." */
#define RDT_GL_OBLIQUE_DEGREES 45.0
/* G10: the envelope's rays are this far apart at its rim, at most (inches). */
#define RDT_GL_ENVELOPE_RIM_STEP (1.0 / 16)
/* G10: ray lengths of the envelope are bisected to this (inches). */
#define RDT_GL_ENVELOPE_RAY_TOLERANCE 1e-4

typedef enum {
  RDT_GL_PATH_NONE,
  RDT_GL_PATH_STRAIGHT,      /* one leg, the free facing change at its start or end */
  RDT_GL_PATH_TWO_LEGS,      /* a leg in the start cone, the free change, a leg in the final cone */
  RDT_GL_PATH_TURN_TWICE,    /* turn, one straight leg, turn again: a further change (1/3) */
  RDT_GL_PATH_ROAD,          /* along one road in Road Column */
} RdtGlPathKind;

const char *rdt_gl_path_kind_to_string (RdtGlPathKind kind);

typedef struct {
  RdtPoint to;               /* the centre at the end of the move */
  double facing;             /* its facing, degrees */
  gboolean road_column;      /* in Road Column at the end of the move */
} RdtGlPose;

typedef struct {
  RdtGlVerdict verdict;      /* YES: the pose is reachable this move */
  RdtGlPathKind path;
  RdtPoint legs[3];          /* start, (joint), end of the centre's path */
  guint n_legs_points;
  double path_length;        /* inches: along the legs, or along the road */
  double move;               /* the piece type's move (Rates of March, scenario data) */
  gboolean move_provisional;
  gboolean road_x2;          /* Road Column: 2x */
  int facing_changes;        /* after the free one (Oblique Move: 1/3 each) */
  gboolean formation_change; /* into or out of Road Column (1/3) */
  gboolean reduced;          /* Terrain Effects, Reduced (1/3) */
  const char *reduced_by;    /* (nullable) the first difficult terrain the path meets: "woods", ... */
  const char *reduced_id;
  double allowance;          /* the length the move may have after the thirds */
  const char *blocker;       /* (nullable) id of the piece or shape that forbids it */
  RdtGlTerrain end_terrain;  /* the terrain at the end (G2): "Be in only 1 type of terrain" */
  const char *reason;        /* translatable (N_): the deciding fact */
  const char *rule;          /* rulebook section(s) */
  const char *convention;    /* "G10" ... */
} RdtGlMove;

/* Can @piece reach @pose in one move?  Decides it for the paths of G10
 * (docs/gridless-conventions.md): a straight leg, two legs with the free
 * facing change between them, or a straight leg between two turns (a
 * further change, 1/3); in Road Column, along one road at 2x. */
void rdt_gl_can_reach (const RdtGridless *gridless,
                       const RdtGlPiece  *piece,
                       const RdtGlPose   *pose,
                       RdtGlMove         *out);

typedef struct {
  GArray *polygon;           /* RdtPoint, the centres reachable (G10), star-shaped around the start */
  double move;
  double full;               /* the radius with no thirds paid */
  double reduced;            /* the radius with Terrain Effects' 1/3 paid */
  double rim_step;           /* the tolerance of the drawn rim (G10) */
  guint rays;
  gboolean road_column;      /* the piece is in Road Column: the polygon is empty, see road[] */
  GArray *road;              /* RdtPoint, (nullable) the stretch of road reachable in Road Column */
  const char *rule;
  const char *convention;
} RdtGlEnvelope;

/* The centres @piece can reach this move with one straight leg (any final
 * facing whose 45-degree cone contains the leg), as a polygon through the
 * ends of rays (G10).  Clear with rdt_gl_envelope_clear(). */
void rdt_gl_envelope       (const RdtGridless *gridless,
                            const RdtGlPiece  *piece,
                            RdtGlEnvelope     *out);
void rdt_gl_envelope_clear (RdtGlEnvelope     *envelope);

/* How the Pieces Move, Road Column: "Turn piece lengthwise along the road"
 * (issue 18; docs/gridless-conventions.md, G10 7 and Readings "Road Column
 * along a road").  A block lies along a road when its long axis (the segment
 * through its centre along its longer side, as long as that side) is within
 * half its shorter side (the 3/8" depth: the tolerance G10 7 uses for "on
 * the road") + epsilon of one road polyline at every point: the road runs
 * under the block from one short end to the other.  Decided exactly (the
 * axis against the capsule of each road segment).  */
typedef struct {
  RdtGlVerdict verdict;      /* YES: along @road; NO otherwise (never undecided) */
  const char *road;          /* (nullable) the road it lies along, else the one it follows farthest */
  double covered;            /* the fraction of the long axis within the tolerance of that road */
  RdtPoint off;              /* NO: a point of the long axis off that road */
  double off_distance;       /* NO: its distance from the road, inches (G_MAXDOUBLE: no road at all) */
  double tolerance;          /* half the block's shorter side, inches */
  const char *reason;        /* translatable (N_) */
  const char *rule;
  const char *convention;
  const char *reading;       /* rdt_gl_reading_road_column */
} RdtGlAlongRoad;

extern const char rdt_gl_reading_road_column[];

/* Does @piece, where it stands, lie lengthwise along the road @road_id (any
 * road when NULL)? */
void rdt_gl_along_road (const RdtGridless *gridless,
                        const RdtGlPiece  *piece,
                        const char        *road_id,
                        RdtGlAlongRoad    *out);

/* Road Column, "Turn piece lengthwise along the road", for an editor that
 * puts a block in Road Column where the user points: the point of the road
 * (@road_id, or any) nearest @at, if it is within @reach inches, as the
 * centre, and the facing that turns the block's front edge along the road
 * there (of the two, the nearer to the piece's own facing).  FALSE when no
 * road is that near. */
gboolean rdt_gl_road_column_pose (const RdtGridless *gridless,
                                  const RdtGlPiece  *piece,
                                  RdtPoint           at,
                                  const char        *road_id,
                                  double             reach,
                                  RdtPoint          *centre,
                                  double            *facing);

/* Issue 18, Retreat ("If unable to do this because of enemy pieces or
 * impassible terrain, it is destroyed"): may @piece's centre go along the leg
 * @a -> @b, the block facing @facing all along?  The same leg check as a move
 * (G10: the swept footprint against the map edge and enemy blocks, the
 * centre's segment against Marsh for Artillery/Cavalry and Rivers away from a
 * bridge or ford) without terrain costs ("ignoring terrain costs") or length.
 * On FALSE, @blocker (nullable id), @reason (N_) and @rule say why. */
gboolean rdt_gl_leg_passable (const RdtGridless  *gridless,
                              const RdtGlPiece   *piece,
                              RdtPoint            a,
                              RdtPoint            b,
                              double              facing,
                              const char        **blocker,
                              const char        **reason,
                              const char        **rule);

G_END_DECLS
