/* rdt-board.c: the compact LOS/ZOC board (see rdt-board.h). */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "rdt-board.h"
#include "rdt-board-private.h"

G_DEFINE_QUARK (rdt-board-error-quark, rdt_board_error)

G_DEFINE_BOXED_TYPE (RdtBoard, rdt_board, rdt_board_ref, rdt_board_unref)

RdtBoard *
rdt_board_new (RdtHexGrid *grid)
{
  RdtBoard *board;

  g_return_val_if_fail (grid != NULL, NULL);

  board = g_new0 (RdtBoard, 1);
  g_atomic_ref_count_init (&board->ref_count);
  board->grid = rdt_hex_grid_ref (grid);
  board->settings = *rdt_hex_grid_get_settings (grid);
  board->los_edition = RDT_LOS_EDITION_CURRENT;
  /* 11.2: "The range for artillery units is three hexes". */
  board->artillery_range = 3;
  board->side_names = g_ptr_array_new_with_free_func (g_free);
  board->side_labels = g_ptr_array_new_with_free_func (g_free);
  board->side_players = g_array_new (FALSE, FALSE, sizeof (int));
  board->pw = board->settings.columns + 2;
  board->ph = board->settings.rows + 2;
  board->n_pad = (guint) board->pw * (guint) board->ph;
  board->hex_flags = g_new0 (guint8, board->n_pad);
  board->terrain = g_new0 (const char *, board->n_pad);
  board->sides = g_new0 (guint8, board->n_pad * 6);
  board->n_combat = g_new0 (guint16, board->n_pad);
  board->first_unit = g_new (int, board->n_pad);
  for (guint i = 0; i < board->n_pad; i++)
    board->first_unit[i] = -1;
  board->units = g_array_new (FALSE, FALSE, sizeof (RdtBoardUnitSlot));
  return board;
}

RdtBoard *
rdt_board_ref (RdtBoard *board)
{
  g_return_val_if_fail (board != NULL, NULL);
  g_atomic_ref_count_inc (&board->ref_count);
  return board;
}

void
rdt_board_unref (RdtBoard *board)
{
  g_return_if_fail (board != NULL);
  if (!g_atomic_ref_count_dec (&board->ref_count))
    return;
  g_clear_pointer (&board->grid, rdt_hex_grid_unref);
  g_clear_pointer (&board->side_names, g_ptr_array_unref);
  g_clear_pointer (&board->side_labels, g_ptr_array_unref);
  g_clear_pointer (&board->side_players, g_array_unref);
  g_clear_pointer (&board->hex_flags, g_free);
  g_clear_pointer (&board->terrain, g_free);
  g_clear_pointer (&board->sides, g_free);
  g_clear_pointer (&board->n_combat, g_free);
  g_clear_pointer (&board->first_unit, g_free);
  g_clear_pointer (&board->units, g_array_unref);
  g_free (board);
}

RdtHexGrid *
rdt_board_get_grid (const RdtBoard *board)
{
  g_return_val_if_fail (board != NULL, NULL);
  return board->grid;
}

const RdtHexLabelFormat *
rdt_board_get_hex_labels (const RdtBoard *board)
{
  g_return_val_if_fail (board != NULL, NULL);
  return board->hex_labels.present ? &board->hex_labels : NULL;
}

guint
rdt_board_get_generation (const RdtBoard *board)
{
  g_return_val_if_fail (board != NULL, 0);
  return board->generation;
}

void
rdt_board_set_los_edition (RdtBoard      *board,
                           RdtLosEdition  edition)
{
  g_return_if_fail (board != NULL);
  g_return_if_fail (edition == RDT_LOS_EDITION_CURRENT || edition == RDT_LOS_EDITION_OLDER);
  board->los_edition = edition;
  board->generation++;
}

RdtLosEdition
rdt_board_get_los_edition (const RdtBoard *board)
{
  return board->los_edition;
}

void
rdt_board_set_surrounded_counts_prohibited (RdtBoard *board,
                                            gboolean  counts)
{
  g_return_if_fail (board != NULL);
  board->surrounded_counts_prohibited = !!counts;
  board->generation++;
}

gboolean
rdt_board_get_surrounded_counts_prohibited (const RdtBoard *board)
{
  return board->surrounded_counts_prohibited;
}

void
rdt_board_set_artillery_range (RdtBoard *board,
                               int       range)
{
  g_return_if_fail (board != NULL);
  g_return_if_fail (range > 0);
  board->artillery_range = range;
  board->generation++;
}

int
rdt_board_get_artillery_range (const RdtBoard *board)
{
  return board->artillery_range;
}

/* ---- Sides -------------------------------------------------------------- */

int
rdt_board_add_side (RdtBoard   *board,
                    const char *name)
{
  g_return_val_if_fail (board != NULL, -1);
  g_return_val_if_fail (name != NULL, -1);
  g_ptr_array_add (board->side_names, g_strdup (name));
  g_ptr_array_add (board->side_labels, NULL);
  {
    int player = (int) board->side_names->len - 1;
    g_array_append_val (board->side_players, player);
  }
  board->generation++;
  return (int) board->side_names->len - 1;
}

void
rdt_board_set_allied (RdtBoard *board,
                      int       side,
                      int       ally)
{
  int from, to;

  g_return_if_fail (board != NULL);
  g_return_if_fail (side >= 0 && (guint) side < board->side_players->len);
  g_return_if_fail (ally >= 0 && (guint) ally < board->side_players->len);

  /* Merge the two players: every side of @side's player joins @ally's. */
  from = g_array_index (board->side_players, int, side);
  to = g_array_index (board->side_players, int, ally);
  for (guint i = 0; i < board->side_players->len; i++)
    if (g_array_index (board->side_players, int, i) == from)
      g_array_index (board->side_players, int, i) = to;
  board->generation++;
}

gboolean
rdt_board_sides_are_enemies (const RdtBoard *board,
                             int             a,
                             int             b)
{
  g_return_val_if_fail (board != NULL, FALSE);
  return _rdt_board_enemies (board, a, b);
}

guint
rdt_board_get_n_sides (const RdtBoard *board)
{
  return board->side_names->len;
}

const char *
rdt_board_get_side_name (const RdtBoard *board,
                         int             side)
{
  if (side < 0 || (guint) side >= board->side_names->len)
    return NULL;
  return g_ptr_array_index (board->side_names, side);
}

void
rdt_board_set_side_label (RdtBoard   *board,
                          int         side,
                          const char *label)
{
  g_return_if_fail (board != NULL);
  g_return_if_fail (side >= 0 && (guint) side < board->side_labels->len);
  g_free (g_ptr_array_index (board->side_labels, side));
  g_ptr_array_index (board->side_labels, side) = label && label[0] ? g_strdup (label) : NULL;
}

const char *
rdt_board_get_side_label (const RdtBoard *board,
                          int             side)
{
  if (side < 0 || (guint) side >= board->side_labels->len)
    return NULL;
  if (g_ptr_array_index (board->side_labels, side) != NULL)
    return g_ptr_array_index (board->side_labels, side);
  return g_ptr_array_index (board->side_names, side);
}

int
rdt_board_find_side (const RdtBoard *board,
                     const char     *name)
{
  for (guint i = 0; i < board->side_names->len; i++)
    if (g_ascii_strcasecmp (g_ptr_array_index (board->side_names, i), name) == 0)
      return (int) i;
  return -1;
}

/* ---- Hexes -------------------------------------------------------------- */

static gboolean
check_on_map (const RdtBoard *board,
              RdtHex          hex,
              GError        **error)
{
  if (rdt_hex_grid_contains (board->grid, hex))
    return TRUE;
  g_set_error (error, RDT_BOARD_ERROR, RDT_BOARD_ERROR_OFF_MAP,
               _("Hex %02d%02d is off the map"), hex.col, hex.row);
  return FALSE;
}

gboolean
rdt_board_set_hex (RdtBoard    *board,
                   RdtHex       hex,
                   const char  *terrain,
                   guint        flags,
                   GError     **error)
{
  int p;

  g_return_val_if_fail (board != NULL, FALSE);
  if (!check_on_map (board, hex, error))
    return FALSE;
  p = _rdt_board_pad (board, hex);
  board->hex_flags[p] = (guint8) flags;
  board->terrain[p] = terrain ? g_intern_string (terrain) : NULL;
  board->generation++;
  return TRUE;
}

guint
rdt_board_get_hex_flags (const RdtBoard *board,
                         RdtHex          hex)
{
  return _rdt_board_hex_bits (board, hex);
}

const char *
rdt_board_get_hex_terrain (const RdtBoard *board,
                           RdtHex          hex)
{
  int p = _rdt_board_pad (board, hex);
  return p < 0 ? NULL : board->terrain[p];
}

/* ---- Hexsides ----------------------------------------------------------- */

/* The two storage cells of hexside a|b, or FALSE with `error` set. */
static gboolean
side_cells (RdtBoard  *board,
            RdtHex     a,
            RdtHex     b,
            guint8   **cell_a,
            guint8   **cell_b,
            GError   **error)
{
  int pa, pb;

  if (!rdt_hex_grid_are_adjacent (board->grid, a, b))
    {
      g_set_error (error, RDT_BOARD_ERROR, RDT_BOARD_ERROR_NOT_ADJACENT,
                   _("Hexes %02d%02d and %02d%02d are not adjacent"),
                   a.col, a.row, b.col, b.row);
      return FALSE;
    }
  pa = _rdt_board_pad (board, a);
  pb = _rdt_board_pad (board, b);
  if (pa < 0 || pb < 0 ||
      (!rdt_hex_grid_contains (board->grid, a) && !rdt_hex_grid_contains (board->grid, b)))
    {
      g_set_error (error, RDT_BOARD_ERROR, RDT_BOARD_ERROR_OFF_MAP,
                   _("Hexside %02d%02d|%02d%02d is off the map"),
                   a.col, a.row, b.col, b.row);
      return FALSE;
    }
  *cell_a = &board->sides[(guint) pa * 6 + (guint) _rdt_board_dir (board, a, b)];
  *cell_b = &board->sides[(guint) pb * 6 + (guint) _rdt_board_dir (board, b, a)];
  return TRUE;
}

gboolean
rdt_board_add_slope (RdtBoard  *board,
                     RdtHex     high,
                     RdtHex     low,
                     GError   **error)
{
  guint8 *ch, *cl;

  g_return_val_if_fail (board != NULL, FALSE);
  if (!side_cells (board, high, low, &ch, &cl, error))
    return FALSE;
  *ch = (guint8) ((*ch | _RDT_SIDE_SLOPE | _RDT_SIDE_HERE_HIGH));
  *cl = (guint8) ((*cl | _RDT_SIDE_SLOPE) & ~_RDT_SIDE_HERE_HIGH);
  board->generation++;
  return TRUE;
}

gboolean
rdt_board_add_water (RdtBoard  *board,
                     RdtHex     a,
                     RdtHex     b,
                     gboolean   ford,
                     GError   **error)
{
  guint8 *ca, *cb, bits = _RDT_SIDE_WATER | (ford ? _RDT_SIDE_FORD : 0);

  g_return_val_if_fail (board != NULL, FALSE);
  if (!side_cells (board, a, b, &ca, &cb, error))
    return FALSE;
  *ca |= bits;
  *cb |= bits;
  board->generation++;
  return TRUE;
}

gboolean
rdt_board_add_fieldwork (RdtBoard  *board,
                         RdtHex     symbol_hex,
                         RdtHex     other,
                         gboolean   breached,
                         GError   **error)
{
  guint8 *cs, *co, bits = _RDT_SIDE_FIELDWORK | (breached ? _RDT_SIDE_BREACHED : 0);

  g_return_val_if_fail (board != NULL, FALSE);
  if (!side_cells (board, symbol_hex, other, &cs, &co, error))
    return FALSE;
  *cs = (guint8) (*cs | bits | _RDT_SIDE_SYMBOL_HERE);
  *co = (guint8) ((*co | bits) & ~_RDT_SIDE_SYMBOL_HERE);
  board->generation++;
  return TRUE;
}

gboolean
rdt_board_add_side_flags (RdtBoard  *board,
                          RdtHex     a,
                          RdtHex     b,
                          guint      flags,
                          GError   **error)
{
  guint8 *ca, *cb, bits = 0;

  g_return_val_if_fail (board != NULL, FALSE);
  /* Slopes and fieldworks need their high or symbol hex: use their adders. */
  g_return_val_if_fail ((flags & (RDT_BOARD_SIDE_SLOPE | RDT_BOARD_SIDE_FIELDWORK)) == 0, FALSE);
  if (!side_cells (board, a, b, &ca, &cb, error))
    return FALSE;
  if (flags & RDT_BOARD_SIDE_WATER)
    bits |= _RDT_SIDE_WATER;
  if (flags & RDT_BOARD_SIDE_FORD)
    bits |= _RDT_SIDE_FORD;
  if (flags & RDT_BOARD_SIDE_BREACHED)
    bits |= _RDT_SIDE_BREACHED;
  if (flags & RDT_BOARD_SIDE_NO_ZOC)
    bits |= _RDT_SIDE_NO_ZOC;
  *ca |= bits;
  *cb |= bits;
  board->generation++;
  return TRUE;
}

gboolean
rdt_board_get_side (const RdtBoard *board,
                    RdtHex          a,
                    RdtHex          b,
                    RdtBoardSide   *out_side)
{
  guint8 bits;
  RdtBoardSide side = { 0, };

  g_return_val_if_fail (board != NULL, FALSE);
  if (!rdt_hex_grid_are_adjacent (board->grid, a, b))
    return FALSE;
  bits = _rdt_board_side_bits (board, a, b);
  if (bits & _RDT_SIDE_SLOPE)
    {
      side.flags |= RDT_BOARD_SIDE_SLOPE;
      side.slope_high = (bits & _RDT_SIDE_HERE_HIGH) ? a : b;
    }
  if (bits & _RDT_SIDE_WATER)
    side.flags |= RDT_BOARD_SIDE_WATER;
  if (bits & _RDT_SIDE_FORD)
    side.flags |= RDT_BOARD_SIDE_FORD;
  if (bits & _RDT_SIDE_FIELDWORK)
    {
      side.flags |= RDT_BOARD_SIDE_FIELDWORK;
      side.fieldwork_symbol = (bits & _RDT_SIDE_SYMBOL_HERE) ? a : b;
    }
  if (bits & _RDT_SIDE_BREACHED)
    side.flags |= RDT_BOARD_SIDE_BREACHED;
  if (bits & _RDT_SIDE_NO_ZOC)
    side.flags |= RDT_BOARD_SIDE_NO_ZOC;
  if (out_side)
    *out_side = side;
  return TRUE;
}

/* ---- Units -------------------------------------------------------------- */

static void
link_unit (RdtBoard *board,
           guint     index)
{
  RdtBoardUnitSlot *slot = &g_array_index (board->units, RdtBoardUnitSlot, index);
  int p = _rdt_board_pad (board, slot->pub.hex);
  int *link = &board->first_unit[p];

  /* Append, so units list in the order they were added. */
  while (*link >= 0 && *link < (int) index)
    link = &g_array_index (board->units, RdtBoardUnitSlot, *link).next_in_hex;
  slot->next_in_hex = *link;
  *link = (int) index;
  if (slot->pub.flags & RDT_BOARD_UNIT_COMBAT)
    board->n_combat[p]++;
}

static void
unlink_unit (RdtBoard *board,
             guint     index)
{
  RdtBoardUnitSlot *slot = &g_array_index (board->units, RdtBoardUnitSlot, index);
  int p = _rdt_board_pad (board, slot->pub.hex);
  int *link = &board->first_unit[p];

  while (*link >= 0 && *link != (int) index)
    link = &g_array_index (board->units, RdtBoardUnitSlot, *link).next_in_hex;
  if (*link == (int) index)
    *link = slot->next_in_hex;
  slot->next_in_hex = -1;
  if (slot->pub.flags & RDT_BOARD_UNIT_COMBAT)
    board->n_combat[p]--;
}

int
rdt_board_add_unit (RdtBoard            *board,
                    const RdtBoardUnit  *unit,
                    GError             **error)
{
  RdtBoardUnitSlot slot = { 0, };
  guint index;

  g_return_val_if_fail (board != NULL, -1);
  g_return_val_if_fail (unit != NULL, -1);

  if (!check_on_map (board, unit->hex, error))
    return -1;
  if (unit->side < 0 || (guint) unit->side >= board->side_names->len)
    {
      g_set_error (error, RDT_BOARD_ERROR, RDT_BOARD_ERROR_INVALID,
                   _("Unit %s belongs to side %d, which the board does not have"),
                   unit->id ? unit->id : "?", unit->side);
      return -1;
    }
  slot.pub = *unit;
  slot.pub.id = unit->id ? g_intern_string (unit->id) : NULL;
  slot.pub.name = unit->name ? g_intern_string (unit->name) : NULL;
  slot.next_in_hex = -1;
  g_array_append_val (board->units, slot);
  index = board->units->len - 1;
  link_unit (board, index);
  board->generation++;
  return (int) index;
}

guint
rdt_board_get_n_units (const RdtBoard *board)
{
  return board->units->len;
}

const RdtBoardUnit *
rdt_board_get_unit (const RdtBoard *board,
                    guint           index)
{
  g_return_val_if_fail (index < board->units->len, NULL);
  return &g_array_index (board->units, RdtBoardUnitSlot, index).pub;
}

const char *
rdt_board_get_unit_label (const RdtBoard *board,
                          guint           index)
{
  const RdtBoardUnit *u;

  g_return_val_if_fail (index < board->units->len, NULL);
  u = &g_array_index (board->units, RdtBoardUnitSlot, index).pub;
  return u->name && u->name[0] ? u->name : u->id ? u->id : _("unnamed unit");
}

gboolean
rdt_board_move_unit (RdtBoard  *board,
                     guint      index,
                     RdtHex     hex,
                     GError   **error)
{
  g_return_val_if_fail (index < board->units->len, FALSE);
  if (!check_on_map (board, hex, error))
    return FALSE;
  unlink_unit (board, index);
  g_array_index (board->units, RdtBoardUnitSlot, index).pub.hex = hex;
  link_unit (board, index);
  board->generation++;
  return TRUE;
}

void
rdt_board_set_unit_state (RdtBoard          *board,
                          guint              index,
                          RdtBoardUnitState  state)
{
  g_return_if_fail (index < board->units->len);
  g_array_index (board->units, RdtBoardUnitSlot, index).pub.state = state;
  board->generation++;
}

GArray *
rdt_board_units_in_hex (const RdtBoard *board,
                        RdtHex          hex)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (guint));
  int p = _rdt_board_pad (board, hex);

  for (int i = p < 0 ? -1 : board->first_unit[p]; i >= 0;
       i = g_array_index (board->units, RdtBoardUnitSlot, i).next_in_hex)
    {
      guint u = (guint) i;
      g_array_append_val (out, u);
    }
  return out;
}

guint
rdt_board_count_combat_units (const RdtBoard *board,
                              RdtHex          hex)
{
  int p = _rdt_board_pad (board, hex);
  return p < 0 ? 0 : board->n_combat[p];
}

gboolean
rdt_board_hex_has_side (const RdtBoard *board,
                        RdtHex          hex,
                        int             side)
{
  int p = _rdt_board_pad (board, hex);

  for (int i = p < 0 ? -1 : board->first_unit[p]; i >= 0;
       i = g_array_index (board->units, RdtBoardUnitSlot, i).next_in_hex)
    {
      const RdtBoardUnit *u = &g_array_index (board->units, RdtBoardUnitSlot, i).pub;
      if (u->side == side && (u->flags & RDT_BOARD_UNIT_COMBAT))
        return TRUE;
    }
  return FALSE;
}

/* ---- From a scenario ---------------------------------------------------- */

/* Kinds a TEC "prohibited" entry must cover to be prohibited terrain for
 * every combat unit (older 12.7). */
#define ALL_COMBAT_KINDS (RDT_UNIT_KIND_MASK (RDT_UNIT_KIND_INFANTRY) | \
                          RDT_UNIT_KIND_MASK (RDT_UNIT_KIND_LIGHT_INFANTRY) | \
                          RDT_UNIT_KIND_MASK (RDT_UNIT_KIND_MILITIA) | \
                          RDT_UNIT_KIND_MASK (RDT_UNIT_KIND_DRAGOONS) | \
                          RDT_UNIT_KIND_MASK (RDT_UNIT_KIND_ARTILLERY))

static gboolean
add_hexside_features (RdtBoard                 *board,
                      RdtVolume                *volume,
                      const RdtHexsideFeatures *f,
                      GError                  **error)
{
  RdtHex a = f->side.a, b = f->side.b;
  guint no_zoc = 0;

  for (int kind = 0; kind < RDT_N_HEXSIDE_KINDS; kind++)
    {
      int t = rdt_hexside_features_get (f, kind);
      const RdtHexsideType *type;

      if (t == RDT_NO_TYPE)
        continue;
      type = rdt_volume_get_hexside_type (volume, (guint) t);
      if (type == NULL)
        continue;
      /* A fieldwork type's zoc says whether a ZOC crosses it into the
       * symbol hex (8.1: false); out of the symbol hex it always does. */
      if (!type->effects.zoc && kind != RDT_HEXSIDE_KIND_FIELDWORK)
        no_zoc = RDT_BOARD_SIDE_NO_ZOC;
      switch (kind)
        {
        case RDT_HEXSIDE_KIND_SLOPE:
          if (type->effects.slope_for_los &&
              !rdt_board_add_slope (board, f->slope_high,
                                    rdt_hexside_other (f->side, f->slope_high), error))
            return FALSE;
          break;
        case RDT_HEXSIDE_KIND_WATER:
          if (!rdt_board_add_water (board, a, b, FALSE, error))
            return FALSE;
          break;
        case RDT_HEXSIDE_KIND_FIELDWORK:
          /* zoc="true": no 8.1 exception here, the ZOC crosses both ways. */
          if (!type->effects.zoc &&
              !rdt_board_add_fieldwork (board, f->fieldwork_symbol,
                                        rdt_hexside_other (f->side, f->fieldwork_symbol),
                                        f->breached, error))
            return FALSE;
          break;
        default:
          break;
        }
    }
  if (no_zoc && !rdt_board_add_side_flags (board, a, b, no_zoc, error))
    return FALSE;
  return TRUE;
}

RdtBoard *
rdt_board_new_from_scenario (RdtScenario        *scenario,
                             const char *const  *no_zoc_states,
                             GError            **error)
{
  g_autoptr (RdtBoard) board = NULL;
  g_autoptr (GArray) sides = NULL;
  RdtVolume *volume;
  RdtHexGrid *grid;

  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), NULL);

  volume = rdt_scenario_get_volume (scenario);
  grid = rdt_scenario_get_grid (scenario);
  board = rdt_board_new (grid);
  if (rdt_scenario_get_hex_labels (scenario) != NULL)
    board->hex_labels = *rdt_scenario_get_hex_labels (scenario);

  rdt_board_set_los_edition (board,
                             rdt_volume_get_variant (volume, RDT_VARIANT_LOS_SLOPE) == RDT_EDITION_OLDER ?
                             RDT_LOS_EDITION_OLDER : RDT_LOS_EDITION_CURRENT);
  rdt_board_set_surrounded_counts_prohibited (board,
                                              rdt_volume_get_variant (volume, RDT_VARIANT_SURROUNDED) ==
                                              RDT_EDITION_OLDER);

  /* 11.2: "The range for artillery units is three hexes", unless the
   * volume states another (<series-rules artillery-range>). */
  if (rdt_volume_get_artillery_range (volume) > 0)
    rdt_board_set_artillery_range (board, rdt_volume_get_artillery_range (volume));
  for (guint i = 0; i < rdt_scenario_get_n_sides (scenario); i++)
    {
      const RdtSide *side = rdt_scenario_get_side (scenario, i);
      int index = rdt_board_add_side (board, side->id);

      rdt_board_set_side_label (board, index, side->name);
    }
  /* Sides played by one player are allies (<side player=>). */
  for (guint i = 0; i < rdt_scenario_get_n_sides (scenario); i++)
    for (guint j = 0; j < i; j++)
      if (!rdt_scenario_sides_are_enemies (scenario, (int) i, (int) j))
        {
          rdt_board_set_allied (board, (int) i, (int) j);
          break;
        }

  for (guint i = 0; i < rdt_hex_grid_get_n_hexes (grid); i++)
    {
      RdtHex hex = rdt_hex_grid_hex_at_index (grid, i);
      const RdtTerrainType *t = rdt_scenario_get_terrain_type (scenario, hex);
      guint flags = 0;

      if (t == NULL)
        continue;
      if (t->effects.blocks_los)
        flags |= RDT_BOARD_HEX_BLOCKS_LOS;
      if (!t->effects.zoc)
        flags |= RDT_BOARD_HEX_NO_ZOC_INTO;
      if ((t->effects.prohibited & ALL_COMBAT_KINDS) == ALL_COMBAT_KINDS)
        flags |= RDT_BOARD_HEX_PROHIBITED;
      if (!rdt_board_set_hex (board, hex, t->id, flags, error))
        return NULL;
    }

  sides = rdt_scenario_dup_hexsides (scenario);
  for (guint i = 0; i < sides->len; i++)
    if (!add_hexside_features (board, volume, &g_array_index (sides, RdtHexsideFeatures, i), error))
      return NULL;

  for (guint i = 0; i < rdt_scenario_get_n_units (scenario); i++)
    {
      const RdtUnit *su = rdt_scenario_get_unit (scenario, i);
      RdtBoardUnit u = { 0, };

      if (su->placement.kind != RDT_PLACEMENT_HEX)
        continue;
      u.id = su->id;
      u.name = su->name;
      u.hex = su->placement.hex;
      u.side = su->side;
      switch (su->status)
        {
        case RDT_UNIT_STATUS_DISRUPTED:
          u.state = RDT_UNIT_STATE_DISRUPTED;
          break;
        case RDT_UNIT_STATUS_SHATTERED:
          u.state = RDT_UNIT_STATE_SHATTERED;
          break;
        case RDT_UNIT_STATUS_PARADE:
        default:
          u.state = RDT_UNIT_STATE_PARADE_ORDER;
          break;
        }
      for (guint k = 0; su->states && su->states[k]; k++)
        {
          int st = rdt_volume_find_state (volume, su->states[k]);

          /* The volume's <state zoc="false"> (8.1; Germantown 3.2.3), or the
           * caller's list. */
          if ((no_zoc_states != NULL && g_strv_contains (no_zoc_states, su->states[k])) ||
              (st >= 0 && rdt_volume_get_state (volume, (guint) st)->no_zoc))
            u.state = RDT_UNIT_STATE_NO_ZOC;
        }
      /* 3.1: "Leaders and markers are not combat units." */
      if (su->kind != RDT_UNIT_KIND_LEADER)
        u.flags |= RDT_BOARD_UNIT_COMBAT;
      if (su->kind == RDT_UNIT_KIND_ARTILLERY || su->kind == RDT_UNIT_KIND_MORTAR)
        u.flags |= RDT_BOARD_UNIT_ARTILLERY;
      if (su->kind == RDT_UNIT_KIND_RIFLE || su->kind == RDT_UNIT_KIND_MUSKET_RIFLE ||
          su->rifle != RDT_RIFLE_NONE)
        u.flags |= RDT_BOARD_UNIT_RIFLE;
      if (su->kind == RDT_UNIT_KIND_AMUSETTE)
        u.flags |= RDT_BOARD_UNIT_AMUSETTE;
      /* 11.2: a unit's own range (<unit range>), else the board's. */
      u.range = su->range;
      if (rdt_board_add_unit (board, &u, error) < 0)
        return NULL;
    }
  return g_steal_pointer (&board);
}
