/* rdt-board.h: the compact board that line of sight and zones of control read.
 *
 * An RdtBoard is a snapshot of everything 11.4 (LOS) and 8 (ZOC) need, decoupled
 * from the scenario file model: the grid, per-hex terrain flags, the hexside
 * features that matter (slopes with their high hex, fieldworks with their symbol
 * hex, creeks and fords), the units with side and status, and the edition
 * variants the volume data chooses (11.43 B, 12.7).  Which terrain blocks LOS or
 * refuses a ZOC is data (../shared/los-conventions.md, convention 11), never a
 * hard-coded list: the builder takes flags, and rdt_board_new_from_scenario()
 * reads them from the volume.
 *
 * Storage is dense and padded by one hex on every side of the map, so the hot
 * paths (LOS fans, ZOC maps) never hash and never allocate.
 */
#pragma once

#include <glib-object.h>

#include "rdt-hex-grid.h"
#include "rdt-scenario.h"

G_BEGIN_DECLS

#define RDT_BOARD_ERROR (rdt_board_error_quark ())

typedef enum {
  RDT_BOARD_ERROR_OFF_MAP,
  RDT_BOARD_ERROR_NOT_ADJACENT,
  RDT_BOARD_ERROR_INVALID,
} RdtBoardError;

GQuark rdt_board_error_quark (void);

/* What a hex's terrain does (from the volume's terrain data). */
typedef enum {
  /* 11.42: blocking terrain (forest, light forest, slope/hill hexes; Brandywine
   * 3.8 Meeting House and Town; ...). */
  RDT_BOARD_HEX_BLOCKS_LOS   = 1 << 0,
  /* 8.1 Exception: a ZOC extends out of but not into this terrain (light
   * forest/orchard, heavy forest; Brandywine 3.8; Germantown 3.10.1; Savannah
   * 4.19 swamp and city). */
  RDT_BOARD_HEX_NO_ZOC_INTO  = 1 << 1,
  /* Prohibited terrain (TEC), which counts towards "surrounded" in the older
   * edition's 12.7. */
  RDT_BOARD_HEX_PROHIBITED   = 1 << 2,
} RdtBoardHexFlags;

/* Hexside features, as seen by the public API. */
typedef enum {
  /* A slope hexside; the high side holds the solid line (11.43 Note). */
  RDT_BOARD_SIDE_SLOPE       = 1 << 0,
  /* A run, creek or river; combined with a slope it counts as a slope for LOS
   * (11.41), on its own it never stops a ZOC (8.1 Note). */
  RDT_BOARD_SIDE_WATER       = 1 << 1,
  /* A ford across that water (8.1 Note: ZOCs cross fords). */
  RDT_BOARD_SIDE_FORD        = 1 << 2,
  /* A fieldworks hexside; a ZOC crosses it only out of the symbol hex (8.1). */
  RDT_BOARD_SIDE_FIELDWORK   = 1 << 3,
  /* The fieldwork is breached (Savannah 4.5).  8.1 does not make a breach
   * matter for ZOC, so it is kept for other rules only. */
  RDT_BOARD_SIDE_BREACHED    = 1 << 4,
  /* Volume data: no ZOC crosses this hexside in either direction. */
  RDT_BOARD_SIDE_NO_ZOC      = 1 << 5,
} RdtBoardSideFlags;

/* 11.43 B differs between editions of the Series Rules. */
typedef enum {
  /* Brandywine, Germantown: the slope hexsides of the up-slope unit's hex never
   * block. */
  RDT_LOS_EDITION_CURRENT,
  /* Savannah: an intervening slope hexside must have the orientation of the
   * slope hexside at the up-slope end. */
  RDT_LOS_EDITION_OLDER,
} RdtLosEdition;

typedef enum {
  RDT_UNIT_STATE_PARADE_ORDER,
  RDT_UNIT_STATE_DISRUPTED,
  RDT_UNIT_STATE_SHATTERED,
  /* A volume state that takes the ZOC away (panicked, lost...). */
  RDT_UNIT_STATE_NO_ZOC,
} RdtBoardUnitState;

typedef enum {
  /* Infantry, cavalry or artillery (3.1 Combat Unit): blocks LOS (11.42), may
   * be an artillery target (11.2), exerts a ZOC in Parade Order (8.1). */
  RDT_BOARD_UNIT_COMBAT      = 1 << 0,
  RDT_BOARD_UNIT_ARTILLERY   = 1 << 1,
  /* 8.31: +1 MP to enter or exit its ZOC. */
  RDT_BOARD_UNIT_RIFLE       = 1 << 2,
  /* Brandywine 4.5.4: exerts a ZOC in the standard way, without the rifle cost. */
  RDT_BOARD_UNIT_AMUSETTE    = 1 << 3,
} RdtBoardUnitFlags;

typedef struct {
  /* (nullable) an identifier for reports; the board keeps an interned copy. */
  const char *id;
  RdtHex hex;
  int side;
  RdtBoardUnitState state;
  guint flags;               /* RdtBoardUnitFlags */
  int range;                 /* artillery range; 0 = the board's default (11.2) */
  /* (nullable) the unit's name for rulings ("3rd Virginia"); interned. */
  const char *name;
} RdtBoardUnit;

/* What a hexside holds. */
typedef struct {
  guint flags;               /* RdtBoardSideFlags */
  RdtHex slope_high;         /* valid with RDT_BOARD_SIDE_SLOPE */
  RdtHex fieldwork_symbol;   /* valid with RDT_BOARD_SIDE_FIELDWORK */
} RdtBoardSide;

typedef struct _RdtBoard RdtBoard;

GType          rdt_board_get_type             (void) G_GNUC_CONST;
#define RDT_TYPE_BOARD (rdt_board_get_type ())

RdtBoard      *rdt_board_new                  (RdtHexGrid       *grid);
RdtBoard      *rdt_board_ref                  (RdtBoard         *board);
void           rdt_board_unref                (RdtBoard         *board);
/* (transfer none) */
RdtHexGrid    *rdt_board_get_grid             (const RdtBoard   *board);
/* The scenario's display label format (issue 17), NULL for plain labels: what
 * the CLI accepts for a hex besides XXYY (rdt_hex_label_format_parse). */
const RdtHexLabelFormat *
               rdt_board_get_hex_labels       (const RdtBoard   *board);
/* Bumped by every change, so caches (RdtLos) know when to rebuild. */
guint          rdt_board_get_generation       (const RdtBoard   *board);

/* Edition variants and defaults, chosen by the volume data. */
void           rdt_board_set_los_edition      (RdtBoard         *board,
                                               RdtLosEdition     edition);
RdtLosEdition  rdt_board_get_los_edition      (const RdtBoard   *board);
/* Older 12.7: prohibited terrain counts towards "surrounded". */
void           rdt_board_set_surrounded_counts_prohibited (RdtBoard *board,
                                                           gboolean  counts);
gboolean       rdt_board_get_surrounded_counts_prohibited (const RdtBoard *board);
/* 11.2: three hexes unless the volume says otherwise. */
void           rdt_board_set_artillery_range  (RdtBoard         *board,
                                               int               range);
int            rdt_board_get_artillery_range  (const RdtBoard   *board);

/* Sides: returns the side's index. */
int            rdt_board_add_side             (RdtBoard         *board,
                                               const char       *name);
guint          rdt_board_get_n_sides          (const RdtBoard   *board);
/* (transfer none) */
const char    *rdt_board_get_side_name        (const RdtBoard   *board,
                                               int               side);
int            rdt_board_find_side            (const RdtBoard   *board,
                                               const char       *name);
/* The name rulings use for a side ("American"); without one set, its id
 * (transfer none). */
void           rdt_board_set_side_label       (RdtBoard         *board,
                                               int               side,
                                               const char       *label);
const char    *rdt_board_get_side_label       (const RdtBoard   *board,
                                               int               side);
/* Makes @side and @ally (and every side already allied to either) one
 * player.  Every rule's "enemy" means another player (Savannah: the French
 * and the Americans). */
void           rdt_board_set_allied           (RdtBoard         *board,
                                               int               side,
                                               int               ally);
/* TRUE when @a and @b are sides of different players. */
gboolean       rdt_board_sides_are_enemies    (const RdtBoard   *board,
                                               int               a,
                                               int               b);

/* Hex terrain.  `terrain` (nullable) names it in reports; it is interned. */
gboolean       rdt_board_set_hex              (RdtBoard         *board,
                                               RdtHex            hex,
                                               const char       *terrain,
                                               guint             flags,
                                               GError          **error);
guint          rdt_board_get_hex_flags        (const RdtBoard   *board,
                                               RdtHex            hex);
/* (transfer none) (nullable) */
const char    *rdt_board_get_hex_terrain      (const RdtBoard   *board,
                                               RdtHex            hex);

/* Hexsides.  Features accumulate: a slope and a creek on one hexside is a
 * slope/creek hexside. */
gboolean       rdt_board_add_slope            (RdtBoard         *board,
                                               RdtHex            high,
                                               RdtHex            low,
                                               GError          **error);
gboolean       rdt_board_add_water            (RdtBoard         *board,
                                               RdtHex            a,
                                               RdtHex            b,
                                               gboolean          ford,
                                               GError          **error);
gboolean       rdt_board_add_fieldwork        (RdtBoard         *board,
                                               RdtHex            symbol_hex,
                                               RdtHex            other,
                                               gboolean          breached,
                                               GError          **error);
gboolean       rdt_board_add_side_flags       (RdtBoard         *board,
                                               RdtHex            a,
                                               RdtHex            b,
                                               guint             flags,
                                               GError          **error);
gboolean       rdt_board_get_side             (const RdtBoard   *board,
                                               RdtHex            a,
                                               RdtHex            b,
                                               RdtBoardSide     *out_side);

/* Units.  Returns the unit's index, or -1 with `error` set. */
int            rdt_board_add_unit             (RdtBoard           *board,
                                               const RdtBoardUnit *unit,
                                               GError            **error);
guint          rdt_board_get_n_units          (const RdtBoard     *board);
/* (transfer none) */
const RdtBoardUnit *
               rdt_board_get_unit             (const RdtBoard     *board,
                                               guint               index);
gboolean       rdt_board_move_unit            (RdtBoard           *board,
                                               guint               index,
                                               RdtHex              hex,
                                               GError            **error);
void           rdt_board_set_unit_state       (RdtBoard           *board,
                                               guint               index,
                                               RdtBoardUnitState   state);
/* The name rulings use for a unit: its name, else its id, else "unnamed unit" (transfer
 * none). */
const char    *rdt_board_get_unit_label       (const RdtBoard     *board,
                                               guint               index);
/* Units in a hex, in the order they were added (transfer full: GArray of guint). */
GArray        *rdt_board_units_in_hex         (const RdtBoard     *board,
                                               RdtHex              hex);
/* Number of combat units in a hex (any side). */
guint          rdt_board_count_combat_units   (const RdtBoard     *board,
                                               RdtHex              hex);
/* A combat unit of `side` is in the hex. */
gboolean       rdt_board_hex_has_side         (const RdtBoard     *board,
                                               RdtHex              hex,
                                               int                 side);

/* The board of a scenario's set-up, read from the scenario and its volume:
 * terrain "blocks-los" (11.42) and "zoc" (8.1: FALSE = the ZOC does not extend
 * into it), terrain prohibited to every combat unit kind (older 12.7), slope
 * features whose type has "slope-for-los" with their high hex (11.41: a slope
 * with a creek is still a slope), water features (8.1 Note), fieldworks with
 * their symbol hex and breach, hexside types with "zoc" FALSE, the 11.43 B and
 * 12.7 variants, and every unit set up in a hex (leaders are not combat units;
 * status from the set-up).  Units in a volume state with zoc="false"
 * (panicked, lost...) have no ZOC; `no_zoc_states` (nullable,
 * NULL-terminated) may name more state ids. */
RdtBoard      *rdt_board_new_from_scenario    (RdtScenario        *scenario,
                                               const char *const  *no_zoc_states,
                                               GError            **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RdtBoard, rdt_board_unref)

G_END_DECLS
