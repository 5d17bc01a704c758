/* rdt-hex-grid.h: the XXYY hex grid of the Battles of the American Revolution maps.
 *
 * The grid is one module of the rules core: everything that assumes hexes goes
 * through it, so a gridless map (Pub Battles) can sit beside it later.
 *
 * Coordinates.  A hex is named by its label numbers (column XX, row YY), exactly
 * as printed.  For exact geometry every hex also has a *lattice* centre (u, v) in
 * integers: u = 3 * line, v = 2 * position + shift, where "line" is the column of a
 * flat-top map (the row of a pointy-top map) and "position" the other number.  In
 * that affine image of the real map every hex corner is an integer point
 * (../shared/los-conventions.md, item 2), so all LOS geometry is sign tests of
 * integer cross products, with no floating point.
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define RDT_GRID_ERROR (rdt_grid_error_quark ())

typedef enum {
  RDT_GRID_ERROR_INVALID_SETTINGS,
  RDT_GRID_ERROR_MALFORMED_LABEL,
  RDT_GRID_ERROR_OFF_MAP,
  RDT_GRID_ERROR_NOT_ADJACENT,
} RdtGridError;

GQuark rdt_grid_error_quark (void);

typedef enum {
  /* Flat-top hexes standing in vertical columns (all three BoAR volumes). */
  RDT_GRID_FLAT_TOP,
  /* Pointy-top hexes lying in horizontal rows. */
  RDT_GRID_POINTY_TOP,
} RdtGridOrientation;

typedef enum {
  /* Columns (flat-top) or rows (pointy-top) whose label number is odd sit half a
   * hex further down (flat-top) or right (pointy-top) than their neighbours.
   * Germantown: from an odd column XX the neighbours in XX±1 are YY and YY+1. */
  RDT_GRID_SHIFT_ODD,
  RDT_GRID_SHIFT_EVEN,
} RdtGridShift;

#define RDT_GRID_MAX_LINES 999

typedef struct {
  int columns;
  int rows;
  int first_column;
  int first_row;
  RdtGridOrientation orientation;
  RdtGridShift shift;
} RdtGridSettings;

/* A hex by its label numbers.  May lie off the map (neighbours of edge hexes). */
typedef struct {
  int col;
  int row;
} RdtHex;

/* The unordered pair of hexes a hexside separates, stored in canonical order
 * (a before b by column, then row). */
typedef struct {
  RdtHex a;
  RdtHex b;
} RdtHexside;

/* A hex corner, identified by its integer lattice point. */
typedef struct {
  int u;
  int v;
} RdtHexCorner;

/* The six directions, in positive rotation order of the lattice plane.  Their
 * names depend on the orientation (rdt_hex_grid_direction_name()). */
typedef enum {
  RDT_DIR_0,
  RDT_DIR_1,
  RDT_DIR_2,
  RDT_DIR_3,
  RDT_DIR_4,
  RDT_DIR_5,
  RDT_N_DIRECTIONS,
} RdtHexDirection;

/* Room for labels up to "999999" and a hexside "999999|999999". */
#define RDT_HEX_LABEL_SIZE 8
#define RDT_HEXSIDE_LABEL_SIZE 16

typedef struct _RdtHexGrid RdtHexGrid;

GType              rdt_hex_grid_get_type           (void) G_GNUC_CONST;
#define RDT_TYPE_HEX_GRID (rdt_hex_grid_get_type ())

RdtHexGrid        *rdt_hex_grid_new                (const RdtGridSettings *settings,
                                                    GError               **error);
RdtHexGrid        *rdt_hex_grid_ref                (RdtHexGrid            *grid);
void               rdt_hex_grid_unref              (RdtHexGrid            *grid);
const RdtGridSettings *
                   rdt_hex_grid_get_settings       (const RdtHexGrid      *grid);
gboolean           rdt_grid_settings_equal         (const RdtGridSettings *a,
                                                    const RdtGridSettings *b);

/* Hexes on the map, and a dense index 0 .. n_hexes-1 for per-hex arrays. */
guint              rdt_hex_grid_get_n_hexes        (const RdtHexGrid      *grid);
gboolean           rdt_hex_grid_contains           (const RdtHexGrid      *grid,
                                                    RdtHex                 hex);
int                rdt_hex_grid_hex_index          (const RdtHexGrid      *grid,
                                                    RdtHex                 hex);
RdtHex             rdt_hex_grid_hex_at_index       (const RdtHexGrid      *grid,
                                                    guint                  index);

/* Labels.  Column and row are zero-padded to two digits, or to the digits of the
 * largest number on the map if that is wider. */
void               rdt_hex_grid_format_label       (const RdtHexGrid      *grid,
                                                    RdtHex                 hex,
                                                    char                   buf[RDT_HEX_LABEL_SIZE]);
char              *rdt_hex_grid_dup_label          (const RdtHexGrid      *grid,
                                                    RdtHex                 hex);
gboolean           rdt_hex_grid_parse_label        (const RdtHexGrid      *grid,
                                                    const char            *label,
                                                    RdtHex                *out_hex,
                                                    GError               **error);

/* Neighbours and directions. */
RdtHex             rdt_hex_grid_neighbour          (const RdtHexGrid      *grid,
                                                    RdtHex                 hex,
                                                    RdtHexDirection        dir);
int                rdt_hex_grid_direction_to       (const RdtHexGrid      *grid,
                                                    RdtHex                 from,
                                                    RdtHex                 to);
gboolean           rdt_hex_grid_are_adjacent       (const RdtHexGrid      *grid,
                                                    RdtHex                 a,
                                                    RdtHex                 b);
const char        *rdt_hex_grid_direction_name     (const RdtHexGrid      *grid,
                                                    RdtHexDirection        dir);
gboolean           rdt_hex_grid_parse_direction    (const RdtHexGrid      *grid,
                                                    const char            *name,
                                                    RdtHexDirection       *out_dir);

/* Hex distance as 11.2 counts range: the target hex counts, the firer's does not,
 * so adjacent hexes are at distance 1. */
int                rdt_hex_grid_distance           (const RdtHexGrid      *grid,
                                                    RdtHex                 a,
                                                    RdtHex                 b);
/* The distance from `from` (on the map or not) to the farthest hex of the map:
 * no range or radius needs to exceed it (issue 11: a range of 999999 read
 * from a file is clamped to it rather than walked ring by ring). */
int                rdt_hex_grid_max_distance       (const RdtHexGrid      *grid,
                                                    RdtHex                 from);
/* On-map hexes at exactly / at most `radius` from `centre` (transfer full:
 * GArray of RdtHex), in a stable order (ring by ring, each ring clockwise on screen
 * from the first direction).  `radius` is clamped to
 * rdt_hex_grid_max_distance(): the work is bounded by the map, whatever the
 * radius. */
GArray            *rdt_hex_grid_ring               (const RdtHexGrid      *grid,
                                                    RdtHex                 centre,
                                                    int                    radius);
GArray            *rdt_hex_grid_range              (const RdtHexGrid      *grid,
                                                    RdtHex                 centre,
                                                    int                    radius);

/* Hexsides. */
gboolean           rdt_hex_grid_hexside            (const RdtHexGrid      *grid,
                                                    RdtHex                 a,
                                                    RdtHex                 b,
                                                    RdtHexside            *out_side,
                                                    GError               **error);
RdtHexside         rdt_hex_grid_hexside_of         (const RdtHexGrid      *grid,
                                                    RdtHex                 hex,
                                                    RdtHexDirection        dir);
gboolean           rdt_hexside_equal               (RdtHexside             a,
                                                    RdtHexside             b);
int                rdt_hexside_compare             (RdtHexside             a,
                                                    RdtHexside             b);
gboolean           rdt_hexside_has_hex             (RdtHexside             side,
                                                    RdtHex                 hex);
RdtHex             rdt_hexside_other               (RdtHexside             side,
                                                    RdtHex                 hex);
void               rdt_hex_grid_format_hexside     (const RdtHexGrid      *grid,
                                                    RdtHexside             side,
                                                    char                   buf[RDT_HEXSIDE_LABEL_SIZE]);
/* Accepts "3503|3603" and the rulebooks' "3306-3307", in either order. */
gboolean           rdt_hex_grid_parse_hexside      (const RdtHexGrid      *grid,
                                                    const char            *text,
                                                    RdtHexside            *out_side,
                                                    GError               **error);
/* A hexside with exactly one of its hexes on the map. */
gboolean           rdt_hex_grid_hexside_is_map_edge (const RdtHexGrid     *grid,
                                                     RdtHexside            side);
GArray            *rdt_hex_grid_map_edge_hexsides  (const RdtHexGrid      *grid);
/* Every hexside with both hexes on the map (transfer full: GArray of RdtHexside). */
GArray            *rdt_hex_grid_inner_hexsides     (const RdtHexGrid      *grid);

/* Corners.  Corner k of a hex lies between its hexsides in directions k-1 and k. */
RdtHexCorner       rdt_hex_grid_corner_of          (const RdtHexGrid      *grid,
                                                    RdtHex                 hex,
                                                    guint                  k);
void               rdt_hex_grid_corner_hexes       (const RdtHexGrid      *grid,
                                                    RdtHexCorner           corner,
                                                    RdtHex                 out_hexes[3]);
gboolean           rdt_hex_corner_equal            (RdtHexCorner           a,
                                                    RdtHexCorner           b);

/* Exact lattice geometry (see the top of this file). */
void               rdt_hex_grid_lattice_centre     (const RdtHexGrid      *grid,
                                                    RdtHex                 hex,
                                                    int                   *u,
                                                    int                   *v);
RdtHex             rdt_hex_grid_hex_at_lattice     (const RdtHexGrid      *grid,
                                                    int                    u,
                                                    int                    v);

/* Drawing geometry, in map units where a hex's centre-to-corner distance is 1
 * and the map's top-left hex lies in the positive quadrant. */
void               rdt_hex_grid_hex_centre         (const RdtHexGrid      *grid,
                                                    RdtHex                 hex,
                                                    double                *x,
                                                    double                *y);
void               rdt_hex_grid_corner_point       (const RdtHexGrid      *grid,
                                                    RdtHexCorner           corner,
                                                    double                *x,
                                                    double                *y);
RdtHex             rdt_hex_grid_hex_at_point       (const RdtHexGrid      *grid,
                                                    double                 x,
                                                    double                 y);
/* The hexside nearest to a point, and which of its hexes the point is in. */
RdtHexside         rdt_hex_grid_hexside_at_point   (const RdtHexGrid      *grid,
                                                    double                 x,
                                                    double                 y,
                                                    RdtHex                *out_near_hex);
void               rdt_hex_grid_map_size           (const RdtHexGrid      *grid,
                                                    double                *width,
                                                    double                *height);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RdtHexGrid, rdt_hex_grid_unref)

G_END_DECLS
