/* rdt-board-private.h: the board's dense storage, for the LOS and ZOC hot paths. */
#pragma once

#include "rdt-hex-labels.h"
#include "rdt-board.h"

G_BEGIN_DECLS

/* Per hex and direction, a hexside's features as seen from that hex. */
enum {
  _RDT_SIDE_SLOPE       = 1 << 0,
  _RDT_SIDE_HERE_HIGH   = 1 << 1,   /* with _SLOPE: this hex is the high side */
  _RDT_SIDE_WATER       = 1 << 2,
  _RDT_SIDE_FORD        = 1 << 3,
  _RDT_SIDE_FIELDWORK   = 1 << 4,
  _RDT_SIDE_SYMBOL_HERE = 1 << 5,   /* with _FIELDWORK: the symbol is in this hex */
  _RDT_SIDE_BREACHED    = 1 << 6,
  _RDT_SIDE_NO_ZOC      = 1 << 7,
};

typedef struct {
  RdtBoardUnit pub;
  int next_in_hex;                  /* -1 ends the list */
} RdtBoardUnitSlot;

struct _RdtBoard
{
  gatomicrefcount ref_count;
  RdtHexGrid *grid;
  RdtHexLabelFormat hex_labels;     /* display labels (issue 17) */
  RdtGridSettings settings;
  guint generation;

  RdtLosEdition los_edition;
  gboolean surrounded_counts_prohibited;
  int artillery_range;

  GPtrArray *side_names;
  GPtrArray *side_labels;           /* (nullable) char* per side */
  GArray *side_players;             /* int per side: its player (a side index) */

  /* Padded dense arrays: (columns + 2) x (rows + 2) hexes. */
  int pw;
  int ph;
  guint n_pad;
  guint8 *hex_flags;
  const char **terrain;
  guint8 *sides;                    /* n_pad * 6 */
  guint16 *n_combat;
  int *first_unit;

  GArray *units;                    /* RdtBoardUnitSlot */
};

/* "Enemy" means another player, not another side (Savannah: the French and
 * the Americans are one player). */
static inline gboolean
_rdt_board_enemies (const RdtBoard *board,
                    int             a,
                    int             b)
{
  guint n = board->side_players->len;

  if (a == b)
    return FALSE;
  if (a < 0 || b < 0 || (guint) a >= n || (guint) b >= n)
    return TRUE;
  return g_array_index (board->side_players, int, a) != g_array_index (board->side_players, int, b);
}

static inline int
_rdt_board_pad (const RdtBoard *board,
                RdtHex          hex)
{
  int c = hex.col - board->settings.first_column + 1;
  int r = hex.row - board->settings.first_row + 1;

  if ((unsigned) c >= (unsigned) board->pw || (unsigned) r >= (unsigned) board->ph)
    return -1;
  return c * board->ph + r;
}

static inline void
_rdt_board_lattice (const RdtBoard *board,
                    RdtHex          hex,
                    int            *u,
                    int            *v)
{
  int line, pos, odd;

  if (board->settings.orientation == RDT_GRID_FLAT_TOP)
    {
      line = hex.col;
      pos = hex.row;
    }
  else
    {
      line = hex.row;
      pos = hex.col;
    }
  odd = line & 1;
  *u = 3 * line;
  *v = board->settings.shift == RDT_GRID_SHIFT_ODD ? 2 * pos + odd : 2 * pos - odd;
}

/* Direction from `a` to its neighbour `b` (the lattice tables of the grid). */
static inline int
_rdt_board_dir (const RdtBoard *board,
                RdtHex          a,
                RdtHex          b)
{
  int ua, va, ub, vb, du, dv;

  _rdt_board_lattice (board, a, &ua, &va);
  _rdt_board_lattice (board, b, &ub, &vb);
  du = ub - ua;
  dv = vb - va;
  if (du == 0)
    return dv < 0 ? 0 : 3;
  if (du > 0)
    return dv < 0 ? 1 : 2;
  return dv > 0 ? 4 : 5;
}

/* The hexside a|b as seen from `a`; 0 when either lies beyond the padding. */
static inline guint8
_rdt_board_side_bits (const RdtBoard *board,
                      RdtHex          a,
                      RdtHex          b)
{
  int p = _rdt_board_pad (board, a);

  if (p < 0)
    return 0;
  return board->sides[(guint) p * 6 + (guint) _rdt_board_dir (board, a, b)];
}

static inline guint8
_rdt_board_hex_bits (const RdtBoard *board,
                     RdtHex          hex)
{
  int p = _rdt_board_pad (board, hex);

  return p < 0 ? 0 : board->hex_flags[p];
}

G_END_DECLS
