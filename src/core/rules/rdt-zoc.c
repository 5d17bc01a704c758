/* rdt-zoc.c: zones of control (see rdt-zoc.h).
 *
 * Readings where the rules leave a choice:
 * - Surrounded counts enemy COMBAT units in a hex (leaders alone do not
 *   occupy it for 3.1), and any friendly combat unit, whatever its status,
 *   negates an enemy ZOC in its hex (8.2 says "A combat unit").
 * - Hexes off the map hold neither enemy units nor ZOC, so a unit on the map
 *   edge is not surrounded through them; the rules do not say otherwise.
 * - 8.1 does not mention breaches: a breached fieldwork still lets a ZOC out
 *   of the symbol hex only.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "rdt-zoc.h"
#include "rdt-board-private.h"

typedef struct {
  const char *id;
  const char *rule;
  const char *message;
  gboolean exerts;
} ZocReasonInfo;

static const ZocReasonInfo zoc_reasons[RDT_ZOC_N_REASONS] = {
  [RDT_ZOC_REASON_EXERTS] = { "exerts", "8.1",
    N_("a Parade Order combat unit exerts a ZOC into all six adjacent hexes"), TRUE },
  [RDT_ZOC_REASON_EXERTS_ACROSS_WATER] = { "exerts-across-water", "8.1 Note",
    N_("ZOCs extend across ford and non-ford creek hexsides"), TRUE },
  [RDT_ZOC_REASON_EXERTS_OUT_OF_FIELDWORKS] = { "exerts-out-of-fieldworks", "8.1 Exception, 3.1 Out of Fieldworks",
    N_("a ZOC extends out of the hex holding the fieldworks symbol"), TRUE },
  [RDT_ZOC_REASON_NOT_ADJACENT] = { "not-adjacent", "8.1",
    N_("a ZOC covers adjacent hexes only"), FALSE },
  [RDT_ZOC_REASON_OFF_MAP] = { "off-map", "8.1",
    N_("the hex is off the map"), FALSE },
  [RDT_ZOC_REASON_NOT_COMBAT_UNIT] = { "not-combat-unit", "8.1, 3.1 Combat Unit",
    N_("only combat units exert a ZOC"), FALSE },
  [RDT_ZOC_REASON_NOT_PARADE_ORDER] = { "not-parade-order", "8.1",
    N_("a unit loses its ZOC while it is disrupted or shattered"), FALSE },
  [RDT_ZOC_REASON_STATE_NO_ZOC] = { "state-no-zoc", "exclusive rules",
    N_("the unit's state takes its ZOC away"), FALSE },
  [RDT_ZOC_REASON_INTO_TERRAIN] = { "into-terrain", "8.1 Exception",
    N_("a ZOC extends out of, but not into, this terrain"), FALSE },
  [RDT_ZOC_REASON_INTO_FIELDWORKS] = { "into-fieldworks", "8.1 Exception, 3.1 Into Fieldworks",
    N_("a ZOC does not cross a fieldworks hexside into the hex holding the symbol"), FALSE },
  [RDT_ZOC_REASON_HEXSIDE_NO_ZOC] = { "hexside-no-zoc", "exclusive rules",
    N_("no ZOC crosses this hexside"), FALSE },
};

const char *
rdt_zoc_reason_get_id (RdtZocReason reason)
{
  g_return_val_if_fail (reason < RDT_ZOC_N_REASONS, NULL);
  return zoc_reasons[reason].id;
}

const char *
rdt_zoc_reason_get_rule (RdtZocReason reason)
{
  g_return_val_if_fail (reason < RDT_ZOC_N_REASONS, NULL);
  return zoc_reasons[reason].rule;
}

const char *
rdt_zoc_reason_get_message (RdtZocReason reason)
{
  g_return_val_if_fail (reason < RDT_ZOC_N_REASONS, NULL);
  return _(zoc_reasons[reason].message);
}

gboolean
rdt_zoc_reason_exerts (RdtZocReason reason)
{
  g_return_val_if_fail (reason < RDT_ZOC_N_REASONS, FALSE);
  return zoc_reasons[reason].exerts;
}

static inline RdtZocReason
unit_has_zoc (const RdtBoardUnit *u)
{
  /* Brandywine 4.5.4: "Amusettes exert a ZOC in the standard way". */
  if (!(u->flags & (RDT_BOARD_UNIT_COMBAT | RDT_BOARD_UNIT_AMUSETTE)))
    return RDT_ZOC_REASON_NOT_COMBAT_UNIT;
  switch (u->state)
    {
    case RDT_UNIT_STATE_PARADE_ORDER:
      return RDT_ZOC_REASON_EXERTS;
    case RDT_UNIT_STATE_NO_ZOC:
      return RDT_ZOC_REASON_STATE_NO_ZOC;
    case RDT_UNIT_STATE_DISRUPTED:
    case RDT_UNIT_STATE_SHATTERED:
    default:
      return RDT_ZOC_REASON_NOT_PARADE_ORDER;
    }
}

/* From `from` into its neighbour `into`, for a unit that has a ZOC. */
static inline RdtZocReason
extends (const RdtBoard *board,
         RdtHex          from,
         RdtHex          into)
{
  guint8 side;

  if (!rdt_hex_grid_contains (board->grid, into))
    return RDT_ZOC_REASON_OFF_MAP;
  side = _rdt_board_side_bits (board, from, into);
  if (side & _RDT_SIDE_NO_ZOC)
    return RDT_ZOC_REASON_HEXSIDE_NO_ZOC;
  if ((side & _RDT_SIDE_FIELDWORK) && !(side & _RDT_SIDE_SYMBOL_HERE))
    return RDT_ZOC_REASON_INTO_FIELDWORKS;
  if (_rdt_board_hex_bits (board, into) & RDT_BOARD_HEX_NO_ZOC_INTO)
    return RDT_ZOC_REASON_INTO_TERRAIN;
  if (side & _RDT_SIDE_FIELDWORK)
    return RDT_ZOC_REASON_EXERTS_OUT_OF_FIELDWORKS;
  if (side & _RDT_SIDE_WATER)
    return RDT_ZOC_REASON_EXERTS_ACROSS_WATER;
  return RDT_ZOC_REASON_EXERTS;
}

RdtZocReason
rdt_zoc_unit_has_zoc (const RdtBoard *board,
                      guint           unit)
{
  const RdtBoardUnit *u;

  g_return_val_if_fail (board != NULL, RDT_ZOC_REASON_NOT_COMBAT_UNIT);
  u = rdt_board_get_unit (board, unit);
  g_return_val_if_fail (u != NULL, RDT_ZOC_REASON_NOT_COMBAT_UNIT);
  return unit_has_zoc (u);
}

RdtZocReason
rdt_zoc_unit_into (const RdtBoard *board,
                   guint           unit,
                   RdtHex          hex)
{
  const RdtBoardUnit *u;
  RdtZocReason r;

  g_return_val_if_fail (board != NULL, RDT_ZOC_REASON_NOT_COMBAT_UNIT);
  u = rdt_board_get_unit (board, unit);
  g_return_val_if_fail (u != NULL, RDT_ZOC_REASON_NOT_COMBAT_UNIT);

  if (!rdt_hex_grid_are_adjacent (board->grid, u->hex, hex))
    return RDT_ZOC_REASON_NOT_ADJACENT;
  r = unit_has_zoc (u);
  if (r != RDT_ZOC_REASON_EXERTS)
    return r;
  return extends (board, u->hex, hex);
}

/* ---- Maps --------------------------------------------------------------- */

struct _RdtZocMap
{
  RdtBoard *board;
  int side;
  guint8 *count;             /* per padded hex; saturates at 255 */
  guint8 *rifle;
};

RdtZocMap *
rdt_zoc_map_new (RdtBoard *board,
                 int       side)
{
  RdtZocMap *map;

  g_return_val_if_fail (board != NULL, NULL);

  map = g_new0 (RdtZocMap, 1);
  map->board = rdt_board_ref (board);
  map->side = side;
  map->count = g_new0 (guint8, board->n_pad);
  map->rifle = g_new0 (guint8, board->n_pad);

  for (guint i = 0; i < board->units->len; i++)
    {
      const RdtBoardUnit *u = &g_array_index (board->units, RdtBoardUnitSlot, i).pub;
      gboolean rifle;

      if (u->side != side || unit_has_zoc (u) != RDT_ZOC_REASON_EXERTS)
        continue;
      /* 8.31 rifle cost; Brandywine 4.5.4: none for amusettes. */
      rifle = (u->flags & RDT_BOARD_UNIT_RIFLE) && !(u->flags & RDT_BOARD_UNIT_AMUSETTE);
      for (int d = 0; d < RDT_N_DIRECTIONS; d++)
        {
          RdtHex n = rdt_hex_grid_neighbour (board->grid, u->hex, d);
          int p;

          if (!rdt_zoc_reason_exerts (extends (board, u->hex, n)))
            continue;
          p = _rdt_board_pad (board, n);
          if (map->count[p] < G_MAXUINT8)
            map->count[p]++;
          if (rifle)
            map->rifle[p] = 1;
        }
    }
  return map;
}

void
rdt_zoc_map_free (RdtZocMap *map)
{
  if (map == NULL)
    return;
  g_clear_pointer (&map->count, g_free);
  g_clear_pointer (&map->rifle, g_free);
  g_clear_pointer (&map->board, rdt_board_unref);
  g_free (map);
}

int
rdt_zoc_map_get_side (const RdtZocMap *map)
{
  return map->side;
}

guint
rdt_zoc_map_get_count (const RdtZocMap *map,
                       RdtHex           hex)
{
  int p;

  if (!rdt_hex_grid_contains (map->board->grid, hex))
    return 0;
  p = _rdt_board_pad (map->board, hex);
  return map->count[p];
}

gboolean
rdt_zoc_map_get_rifle (const RdtZocMap *map,
                       RdtHex           hex)
{
  int p;

  if (!rdt_hex_grid_contains (map->board->grid, hex))
    return FALSE;
  p = _rdt_board_pad (map->board, hex);
  return map->rifle[p] != 0;
}

/* ---- Queries ------------------------------------------------------------ */

static int
compare_uint (gconstpointer a,
              gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;
  return x < y ? -1 : x > y;
}

GArray *
rdt_zoc_enemy_units_into (const RdtBoard *board,
                          RdtHex          hex,
                          int             side)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (guint));

  g_return_val_if_fail (board != NULL, out);
  if (!rdt_hex_grid_contains (board->grid, hex))
    return out;
  for (int d = 0; d < RDT_N_DIRECTIONS; d++)
    {
      RdtHex m = rdt_hex_grid_neighbour (board->grid, hex, d);
      int p = _rdt_board_pad (board, m);

      for (int i = p < 0 ? -1 : board->first_unit[p]; i >= 0;
           i = g_array_index (board->units, RdtBoardUnitSlot, i).next_in_hex)
        {
          const RdtBoardUnit *u = &g_array_index (board->units, RdtBoardUnitSlot, i).pub;
          guint idx = (guint) i;

          if (_rdt_board_enemies (board, u->side, side) && unit_has_zoc (u) == RDT_ZOC_REASON_EXERTS &&
              rdt_zoc_reason_exerts (extends (board, m, hex)))
            g_array_append_val (out, idx);
        }
    }
  g_array_sort (out, compare_uint);
  return out;
}

static gboolean
has_enemy_unit (const RdtBoard *board,
                RdtHex          hex,
                int             side)
{
  int p = _rdt_board_pad (board, hex);

  for (int i = p < 0 ? -1 : board->first_unit[p]; i >= 0;
       i = g_array_index (board->units, RdtBoardUnitSlot, i).next_in_hex)
    {
      const RdtBoardUnit *u = &g_array_index (board->units, RdtBoardUnitSlot, i).pub;
      if (_rdt_board_enemies (board, u->side, side) && (u->flags & RDT_BOARD_UNIT_COMBAT))
        return TRUE;
    }
  return FALSE;
}

/* A combat unit of `side` or of an allied side (one player) is in the hex. */
static gboolean
has_friendly_unit (const RdtBoard *board,
                   RdtHex          hex,
                   int             side)
{
  int p = _rdt_board_pad (board, hex);

  for (int i = p < 0 ? -1 : board->first_unit[p]; i >= 0;
       i = g_array_index (board->units, RdtBoardUnitSlot, i).next_in_hex)
    {
      const RdtBoardUnit *u = &g_array_index (board->units, RdtBoardUnitSlot, i).pub;
      if (!_rdt_board_enemies (board, u->side, side) && (u->flags & RDT_BOARD_UNIT_COMBAT))
        return TRUE;
    }
  return FALSE;
}

gboolean
rdt_zoc_is_surrounded (const RdtBoard   *board,
                       RdtHex            hex,
                       int               side,
                       RdtZocSurrounded *detail)
{
  gboolean surrounded = TRUE;
  gboolean older = board->surrounded_counts_prohibited;

  g_return_val_if_fail (board != NULL, FALSE);

  if (detail)
    detail->rules = older ? "12.7, 8.2" : "3.1 Surrounded, 8.2";
  for (int d = 0; d < RDT_N_DIRECTIONS; d++)
    {
      RdtHex n = rdt_hex_grid_neighbour (board->grid, hex, d);
      RdtZocAdjacent what;

      if (!rdt_hex_grid_contains (board->grid, n))
        what = RDT_ZOC_ADJ_OFF_MAP;
      else if (has_enemy_unit (board, n, side))
        what = RDT_ZOC_ADJ_ENEMY_UNIT;
      else
        {
          g_autoptr (GArray) zoc = rdt_zoc_enemy_units_into (board, n, side);
          if (zoc->len > 0)
            /* 8.2: a combat unit negates an enemy ZOC in its hex for this. */
            what = has_friendly_unit (board, n, side) ? RDT_ZOC_ADJ_NEGATED : RDT_ZOC_ADJ_ENEMY_ZOC;
          else if (older && (_rdt_board_hex_bits (board, n) & RDT_BOARD_HEX_PROHIBITED))
            what = RDT_ZOC_ADJ_PROHIBITED;
          else
            what = RDT_ZOC_ADJ_OPEN;
        }
      if (what != RDT_ZOC_ADJ_ENEMY_UNIT && what != RDT_ZOC_ADJ_ENEMY_ZOC &&
          what != RDT_ZOC_ADJ_PROHIBITED)
        surrounded = FALSE;
      if (detail)
        {
          detail->hexes[d] = n;
          detail->what[d] = what;
        }
    }
  return surrounded;
}

const char *
rdt_zoc_adjacent_get_id (RdtZocAdjacent what)
{
  static const char *const ids[] = { "open", "off-map", "enemy-unit", "enemy-zoc",
                                     "negated", "prohibited" };
  g_return_val_if_fail (what <= RDT_ZOC_ADJ_PROHIBITED, NULL);
  return ids[what];
}
