/* rdt-los.c: line of sight, 11.41 to 11.44 (see rdt-los.h).
 *
 * One pass over the exact segment walk.  The two end crossings are looked at
 * first: they decide which end is up slope (11.43, conventions 7, 8 and 6) and
 * so the case.  Then every step is judged in order from the firer.  With a
 * report every step is recorded; without one the pass stops at the first step
 * that blocks, and case C returns at once.
 *
 * Readings of the conventions where their text leaves a choice, each said in
 * the report through its reason:
 * - Convention 6 applies to every entry or exit through a corner: the ends of
 *   runs AND crossings through a corner of the crossed hexside (convention 4),
 *   since both enter or leave a hex where two of its hexsides meet.  A crossing
 *   X -> Y through a corner shared with Z counts as crossing a slope when X|Y is
 *   a slope and, for X or for Y, both of that hex's hexsides at the corner are
 *   slopes with it on the same side; at an end of the LOS only the end hex's
 *   own test decides whether it is up slope (convention 8).
 * - Older 11.43 B: a slope hexside's orientation is the direction from its low
 *   hex to its high hex.  When the up-slope end is entered through a corner
 *   (two slope hexsides), an intervening slope matching either orientation is
 *   allowed (the benefit of the doubt of convention 6).  "Slope hexsides at both
 *   ends" means the crossing at each end counts as a slope crossing of that end
 *   hex.  At range 3 the intervening hexside must match the up-slope end's
 *   orientation (convention 9).
 * - Current 11.43 B: the slope hexsides of the non-up-slope end do not block
 *   either ("other slope hexsides block as in case A", and case A spares the
 *   firing and target hexes' hexsides).
 */
#include "config.h"

#include <string.h>

#include "rdt-los.h"
#include "rdt-board-private.h"
#include "rdt-hex-walk.h"

enum {
  BLOCK_TERRAIN  = RDT_LOS_FEATURE_TERRAIN,
  BLOCK_UNITS    = RDT_LOS_FEATURE_UNITS,
  BLOCK_OCCUPIED = RDT_LOS_FEATURE_OCCUPIED,
};

struct _RdtLos
{
  RdtBoard *board;
  const RdtHexGrid *grid;
  guint generation;
  gboolean dirty;
  gboolean ignore_units;
  GArray *occupied;          /* RdtHex */
  guint8 *block;             /* per padded hex: BLOCK_* bits */
  RdtHexWalk walk;
};

RdtLos *
rdt_los_new (RdtBoard *board)
{
  RdtLos *los;

  g_return_val_if_fail (board != NULL, NULL);

  los = g_new0 (RdtLos, 1);
  los->board = rdt_board_ref (board);
  los->grid = rdt_board_get_grid (board);
  los->dirty = TRUE;
  los->occupied = g_array_new (FALSE, FALSE, sizeof (RdtHex));
  los->block = g_new0 (guint8, board->n_pad);
  rdt_hex_walk_init (&los->walk);
  return los;
}

void
rdt_los_free (RdtLos *los)
{
  if (los == NULL)
    return;
  rdt_hex_walk_clear (&los->walk);
  g_clear_pointer (&los->block, g_free);
  g_clear_pointer (&los->occupied, g_array_unref);
  g_clear_pointer (&los->board, rdt_board_unref);
  g_free (los);
}

RdtBoard *
rdt_los_get_board (RdtLos *los)
{
  return los->board;
}

void
rdt_los_set_ignore_units (RdtLos   *los,
                          gboolean  ignore_units)
{
  g_return_if_fail (los != NULL);
  if (los->ignore_units == !!ignore_units)
    return;
  los->ignore_units = !!ignore_units;
  los->dirty = TRUE;
}

void
rdt_los_set_occupied (RdtLos       *los,
                      const RdtHex *hexes,
                      guint         n_hexes)
{
  g_return_if_fail (los != NULL);
  g_return_if_fail (hexes != NULL || n_hexes == 0);
  g_array_set_size (los->occupied, 0);
  if (n_hexes > 0)
    g_array_append_vals (los->occupied, hexes, n_hexes);
  los->dirty = TRUE;
}

/* The per-hex blocking table: terrain from data (11.42, convention 11), combat
 * units of either side (11.42) unless ignored, and hexes treated as occupied. */
static void
ensure_block (RdtLos *los)
{
  const RdtBoard *board = los->board;

  if (!los->dirty && los->generation == board->generation)
    return;
  for (guint p = 0; p < board->n_pad; p++)
    {
      guint8 bits = 0;
      if (board->hex_flags[p] & RDT_BOARD_HEX_BLOCKS_LOS)
        bits |= BLOCK_TERRAIN;
      if (!los->ignore_units && board->n_combat[p] > 0)
        bits |= BLOCK_UNITS;
      los->block[p] = bits;
    }
  for (guint i = 0; i < los->occupied->len; i++)
    {
      int p = _rdt_board_pad (board, g_array_index (los->occupied, RdtHex, i));
      if (p >= 0)
        los->block[p] |= BLOCK_OCCUPIED;
    }
  los->generation = board->generation;
  los->dirty = FALSE;
}

static inline guint8
block_at (const RdtLos *los,
          RdtHex        hex)
{
  int p = _rdt_board_pad (los->board, hex);
  return p < 0 ? 0 : los->block[p];
}

static inline gboolean
hex_eq (RdtHex a,
        RdtHex b)
{
  return a.col == b.col && a.row == b.row;
}

static inline RdtHex
side_other (RdtHexside side,
            RdtHex     hex)
{
  return hex_eq (side.a, hex) ? side.b : side.a;
}

/* Convention 6: at a corner of hex `h` its hexsides h|p and h|q meet.  Returns 1
 * when both are slopes with `h` high, 2 when both are slopes with `h` low, 0
 * otherwise. */
static inline int
corner_slope (const RdtBoard *board,
              RdtHex          h,
              RdtHex          p,
              RdtHex          q)
{
  guint8 a = _rdt_board_side_bits (board, h, p);
  guint8 b = _rdt_board_side_bits (board, h, q);

  if (!(a & b & _RDT_SIDE_SLOPE))
    return 0;
  if ((a & _RDT_SIDE_HERE_HIGH) != (b & _RDT_SIDE_HERE_HIGH))
    return 0;
  return (a & _RDT_SIDE_HERE_HIGH) ? 1 : 2;
}

/* The up-slope orientation of a slope hexside: the direction from its low hex
 * to its high hex, as a one-bit mask (older 11.43 B). */
static inline guint
orientation (const RdtBoard *board,
             RdtHex          low,
             RdtHex          high)
{
  return 1u << _rdt_board_dir (board, low, high);
}

/* What the crossing at one end of the LOS does for that end's hex. */
typedef struct {
  gboolean slope;            /* counts as crossing a slope hexside of the end hex */
  gboolean up;               /* ...whose high side is the end hex (convention 8) */
  guint orient;              /* orientation mask of those hexsides */
} EndInfo;

static void
end_corner (const RdtBoard *board,
            RdtHex          e,
            RdtHex          p,
            RdtHex          q,
            EndInfo        *info)
{
  int cs = corner_slope (board, e, p, q);

  info->slope = cs != 0;
  info->up = cs == 1;
  if (cs == 1)
    info->orient = orientation (board, p, e) | orientation (board, q, e);
  else if (cs == 2)
    info->orient = orientation (board, e, p) | orientation (board, e, q);
  else
    info->orient = 0;
}

static void
end_info (const RdtBoard    *board,
          const RdtWalkStep *s,
          gboolean           at_from,
          EndInfo           *info)
{
  RdtHex e = at_from ? s->from : s->to;

  if (s->kind == RDT_WALK_CROSS)
    {
      RdtHex x = at_from ? s->to : s->from;
      if (s->via_corner)
        end_corner (board, e, x, s->grazed, info);
      else
        {
          guint8 bits = _rdt_board_side_bits (board, e, x);
          info->slope = (bits & _RDT_SIDE_SLOPE) != 0;
          info->up = info->slope && (bits & _RDT_SIDE_HERE_HIGH);
          info->orient = !info->slope ? 0 :
                         info->up ? orientation (board, x, e) : orientation (board, e, x);
        }
    }
  else
    {
      const RdtHexside *sides = at_from ? s->from_sides : s->to_sides;
      end_corner (board, e, side_other (sides[0], e), side_other (sides[1], e), info);
    }
}

typedef struct {
  RdtLosVerdict verdict;
  RdtLosCase los_case;
  guint up_slope;
  RdtLosReason reason;       /* first blocking reason, else the top-level one */
} Outcome;

typedef struct {
  RdtLos *los;
  const RdtBoard *board;
  RdtLosReport *report;
  RdtHex from;
  RdtHex to;
  RdtLosCase los_case;
  RdtLosEdition edition;
  EndInfo fe;
  EndInfo te;
  guint ref_orient;          /* older 11.43 B: the up-slope end's orientation */
  gboolean range3;           /* older 11.43 B at range 3 with slopes at both ends */
  gboolean blocked;
  RdtLosReason first_block;
} Judge;

static RdtLosStep *
emit (Judge          *j,
      RdtLosStepKind  kind)
{
  RdtLosStep *step;

  if (j->report == NULL)
    return NULL;
  g_array_set_size (j->report->steps, j->report->steps->len + 1);
  step = &g_array_index (j->report->steps, RdtLosStep, j->report->steps->len - 1);
  memset (step, 0, sizeof *step);
  step->kind = kind;
  return step;
}

/* Records an effect; returns TRUE when the caller may stop (no report, blocked). */
static inline gboolean
settle (Judge        *j,
        RdtLosStep   *step,
        RdtLosEffect  effect,
        RdtLosReason  reason)
{
  if (step)
    {
      step->effect = effect;
      step->reason = reason;
    }
  if (effect == RDT_LOS_EFFECT_BLOCKS && !j->blocked)
    {
      j->blocked = TRUE;
      j->first_block = reason;
    }
  return j->blocked && j->report == NULL;
}

/* An intervening crossing that counts as a slope (11.43, convention 9). */
static gboolean
judge_slope (Judge      *j,
             RdtLosStep *step,
             guint       orient)
{
  if (j->los_case == RDT_LOS_CASE_C)
    return settle (j, step, RDT_LOS_EFFECT_IGNORED, RDT_LOS_REASON_SLOPE_IGNORED);
  if (j->los_case == RDT_LOS_CASE_A)
    return settle (j, step, RDT_LOS_EFFECT_BLOCKS, RDT_LOS_REASON_SLOPE_BLOCKS_A);
  if (j->edition == RDT_LOS_EDITION_CURRENT)
    return settle (j, step, RDT_LOS_EFFECT_BLOCKS, RDT_LOS_REASON_SLOPE_BLOCKS_B);
  if (orient & j->ref_orient)
    return settle (j, step, RDT_LOS_EFFECT_ALLOWED, RDT_LOS_REASON_SLOPE_SAME_ORIENTATION);
  return settle (j, step, RDT_LOS_EFFECT_BLOCKS, RDT_LOS_REASON_SLOPE_OTHER_ORIENTATION);
}

/* A crossing of a slope hexside of an end hex. */
static gboolean
judge_end (Judge         *j,
           RdtLosStep    *step,
           const EndInfo *e,
           gboolean       counts,
           gboolean       slope)
{
  if (e->up)
    return settle (j, step, RDT_LOS_EFFECT_UP_SLOPE,
                   j->los_case == RDT_LOS_CASE_B && j->edition == RDT_LOS_EDITION_CURRENT ?
                   RDT_LOS_REASON_SLOPE_UP_SLOPE_HEX : RDT_LOS_REASON_UP_SLOPE);
  /* A slope hexside of an end that is not up slope.  Case A: "not part of
   * the firing or target unit's hexes" blocks, so this does not (11.43 A).
   * Case B decides it: the current 11.43 B keeps case A's slope clause for
   * the other end (convention 9); the older 11.43 B asks an orientation only
   * of slope hexsides "not part of the firing or target unit's hexes". */
  if (counts)
    return settle (j, step, RDT_LOS_EFFECT_ALLOWED,
                   j->los_case != RDT_LOS_CASE_B ? RDT_LOS_REASON_SLOPE_END_HEXSIDE :
                   j->edition == RDT_LOS_EDITION_OLDER ? RDT_LOS_REASON_SLOPE_END_HEXSIDE_OLDER :
                   RDT_LOS_REASON_SLOPE_END_HEXSIDE_B);
  if (slope)
    return settle (j, step, RDT_LOS_EFFECT_NONE, RDT_LOS_REASON_CORNER_NOT_BOTH);
  return FALSE;
}

/* Convention 6 at the ends of a run: leaving or entering hex `h` through the
 * corner of its hexsides with `p` and `q`. */
static gboolean
judge_corner (Judge   *j,
              RdtHex   h,
              RdtHex   p,
              RdtHex   q,
              gboolean entering)
{
  const RdtBoard *board = j->board;
  guint8 bp = _rdt_board_side_bits (board, h, p);
  guint8 bq = _rdt_board_side_bits (board, h, q);
  RdtLosStep *step;
  int cs;

  if (!((bp | bq) & _RDT_SIDE_SLOPE))
    return FALSE;
  cs = corner_slope (board, h, p, q);
  step = emit (j, RDT_LOS_STEP_CORNER);
  if (step)
    {
      step->hex = h;
      step->entering = entering;
      step->side_hexes[0] = p;
      step->side_hexes[1] = q;
      step->features = RDT_LOS_FEATURE_SLOPE | (cs ? RDT_LOS_FEATURE_SLOPE_COUNTS : 0);
      if (((bp & _RDT_SIDE_SLOPE) && (bp & _RDT_SIDE_WATER)) ||
          ((bq & _RDT_SIDE_SLOPE) && (bq & _RDT_SIDE_WATER)))
        step->features |= RDT_LOS_FEATURE_WATER;
    }
  if (hex_eq (h, j->from) || hex_eq (h, j->to))
    return judge_end (j, step, hex_eq (h, j->from) ? &j->fe : &j->te, cs != 0, TRUE);
  if (cs == 0)
    return settle (j, step, RDT_LOS_EFFECT_NONE, RDT_LOS_REASON_CORNER_NOT_BOTH);
  return judge_slope (j, step,
                      cs == 1 ? orientation (board, p, h) | orientation (board, q, h)
                              : orientation (board, h, p) | orientation (board, h, q));
}

static gboolean
judge_cross (Judge             *j,
             const RdtWalkStep *s)
{
  const RdtBoard *board = j->board;
  guint8 bits = _rdt_board_side_bits (board, s->from, s->to);
  gboolean slope = (bits & _RDT_SIDE_SLOPE) != 0;
  gboolean counts = slope;
  gboolean at_from = hex_eq (s->from, j->from), at_to = hex_eq (s->to, j->to);
  RdtLosStep *step = emit (j, RDT_LOS_STEP_CROSS);
  guint8 grazed = 0;
  gboolean stop;

  if (slope && s->via_corner)
    counts = corner_slope (board, s->from, s->to, s->grazed) ||
             corner_slope (board, s->to, s->from, s->grazed);
  if (s->via_corner)
    grazed = block_at (j->los, s->grazed);
  if (step)
    {
      step->hexside = s->hexside;
      step->from = s->from;
      step->to = s->to;
      step->via_corner = s->via_corner;
      step->grazed = s->grazed;
      if (slope)
        {
          step->features |= RDT_LOS_FEATURE_SLOPE;
          if (bits & _RDT_SIDE_WATER)
            step->features |= RDT_LOS_FEATURE_WATER;
          if (counts)
            step->features |= RDT_LOS_FEATURE_SLOPE_COUNTS;
          step->slope_high = (bits & _RDT_SIDE_HERE_HIGH) ? s->from : s->to;
        }
      if (grazed)
        step->features |= RDT_LOS_FEATURE_GRAZED_BLOCKS;
    }

  if (at_from || at_to)
    stop = judge_end (j, step, at_from ? &j->fe : &j->te, counts, slope);
  else if (counts)
    stop = judge_slope (j, step,
                        (bits & _RDT_SIDE_HERE_HIGH) ? orientation (board, s->to, s->from)
                                                     : orientation (board, s->from, s->to));
  else if (j->range3)
    stop = settle (j, step, RDT_LOS_EFFECT_BLOCKS, RDT_LOS_REASON_RANGE3_NOT_SLOPE);
  else if (slope)
    stop = settle (j, step, RDT_LOS_EFFECT_NONE, RDT_LOS_REASON_CORNER_NOT_BOTH);
  else
    stop = FALSE;
  if (step && grazed && step->reason == RDT_LOS_REASON_NONE)
    step->reason = RDT_LOS_REASON_GRAZED_CORNER;
  return stop;
}

static gboolean
judge_run (Judge             *j,
           const RdtWalkStep *s)
{
  const RdtBoard *board = j->board;
  guint8 ba, bb, bits;
  RdtLosStep *step;

  if (judge_corner (j, s->from, side_other (s->from_sides[0], s->from),
                    side_other (s->from_sides[1], s->from), FALSE))
    return TRUE;

  /* 11.44: blocked only if both hexes of the hexside block. */
  ba = block_at (j->los, s->hexside.a);
  bb = block_at (j->los, s->hexside.b);
  bits = _rdt_board_side_bits (board, s->hexside.a, s->hexside.b);
  step = emit (j, RDT_LOS_STEP_RUN);
  if (step)
    {
      step->hexside = s->hexside;
      step->from = s->from;
      step->to = s->to;
      if (ba)
        step->features |= RDT_LOS_FEATURE_SIDE_A_BLOCKS;
      if (bb)
        step->features |= RDT_LOS_FEATURE_SIDE_B_BLOCKS;
      if (bits & _RDT_SIDE_SLOPE)
        {
          step->features |= RDT_LOS_FEATURE_SLOPE;
          if (bits & _RDT_SIDE_WATER)
            step->features |= RDT_LOS_FEATURE_WATER;
          step->slope_high = (bits & _RDT_SIDE_HERE_HIGH) ? s->hexside.a : s->hexside.b;
        }
    }
  if (ba && bb)
    {
      if (settle (j, step,
                  j->los_case == RDT_LOS_CASE_C ? RDT_LOS_EFFECT_IGNORED : RDT_LOS_EFFECT_BLOCKS,
                  j->los_case == RDT_LOS_CASE_C ? RDT_LOS_REASON_SPINE_IGNORED : RDT_LOS_REASON_SPINE_BOTH_BLOCK))
        return TRUE;
    }
  else if (step && (ba || bb))
    step->reason = RDT_LOS_REASON_SPINE_ONE_SIDE;
  else if (step && (bits & _RDT_SIDE_SLOPE))
    step->reason = RDT_LOS_REASON_RUN_NOT_CROSSING;

  return judge_corner (j, s->to, side_other (s->to_sides[0], s->to),
                       side_other (s->to_sides[1], s->to), TRUE);
}

static void
emit_hex (Judge   *j,
          RdtHex   hex,
          gboolean end)
{
  guint8 bits = block_at (j->los, hex);
  RdtLosStep *step = emit (j, RDT_LOS_STEP_HEX);

  if (step)
    {
      step->hex = hex;
      step->features = bits;
      if (end && bits)
        step->reason = RDT_LOS_REASON_END_HEX;
    }
  if (end || !bits)
    return;
  if (j->los_case == RDT_LOS_CASE_C)
    settle (j, step, RDT_LOS_EFFECT_IGNORED, RDT_LOS_REASON_BLOCKING_IGNORED);
  else
    settle (j, step, RDT_LOS_EFFECT_BLOCKS, RDT_LOS_REASON_BLOCKING_HEX);
}

/* Adjacent or identical hexes: no case applies; list the geometry only. */
static void
emit_plain_steps (Judge             *j,
                  const RdtHexWalk  *walk)
{
  for (guint i = 0; i < walk->n_steps; i++)
    {
      const RdtWalkStep *s = &walk->steps[i];
      if (s->kind == RDT_WALK_HEX)
        emit_hex (j, s->hex, TRUE);
      else
        {
          RdtLosStep *step = emit (j, RDT_LOS_STEP_CROSS);
          guint8 bits = _rdt_board_side_bits (j->board, s->from, s->to);
          step->hexside = s->hexside;
          step->from = s->from;
          step->to = s->to;
          if (bits & _RDT_SIDE_SLOPE)
            {
              step->features = RDT_LOS_FEATURE_SLOPE |
                               ((bits & _RDT_SIDE_WATER) ? RDT_LOS_FEATURE_WATER : 0);
              step->slope_high = (bits & _RDT_SIDE_HERE_HIGH) ? s->from : s->to;
            }
        }
    }
}

static Outcome
evaluate (RdtLos       *los,
          RdtHex        from,
          RdtHex        to,
          RdtLosReport *report)
{
  const RdtBoard *board = los->board;
  RdtHexWalk *walk = &los->walk;
  Judge j = { 0, };
  Outcome out = { RDT_LOS_CLEAR, RDT_LOS_CASE_NONE, RDT_LOS_UP_SLOPE_NONE, RDT_LOS_REASON_NONE };
  int distance;
  guint n;

  ensure_block (los);
  distance = rdt_hex_grid_distance (los->grid, from, to);
  j.los = los;
  j.board = board;
  j.report = report;
  j.from = from;
  j.to = to;
  j.edition = board->los_edition;
  if (report)
    {
      g_array_set_size (report->steps, 0);
      report->from = from;
      report->to = to;
      report->distance = distance;
      report->edition = board->los_edition;
      report->ignore_units = los->ignore_units;
    }

  if (distance <= 1)
    {
      /* 11.41: "LOS is always clear when firing at an adjacent unit". */
      out.reason = distance == 0 ? RDT_LOS_REASON_SAME_HEX : RDT_LOS_REASON_ADJACENT;
      if (report)
        {
          rdt_hex_grid_walk (los->grid, from, to, walk);
          emit_plain_steps (&j, walk);
        }
      goto done;
    }

  rdt_hex_grid_walk (los->grid, from, to, walk);
  n = walk->n_steps;
  g_assert (n >= 3);

  end_info (board, &walk->steps[1], TRUE, &j.fe);
  end_info (board, &walk->steps[n - 2], FALSE, &j.te);
  out.up_slope = (j.fe.up ? RDT_LOS_UP_SLOPE_FIRER : 0) | (j.te.up ? RDT_LOS_UP_SLOPE_TARGET : 0);
  switch (out.up_slope)
    {
    case RDT_LOS_UP_SLOPE_BOTH:
      j.los_case = RDT_LOS_CASE_C;
      out.reason = RDT_LOS_REASON_CASE_C;
      break;
    case RDT_LOS_UP_SLOPE_NONE:
      j.los_case = RDT_LOS_CASE_A;
      out.reason = RDT_LOS_REASON_CASE_A;
      break;
    default:
      j.los_case = RDT_LOS_CASE_B;
      out.reason = RDT_LOS_REASON_CASE_B;
      j.ref_orient = j.fe.up ? j.fe.orient : j.te.orient;
      /* Older 11.43 B: "If both the firing and target units have slope
       * hexsides and the range is 3 hexes, the intervening hexside must also
       * be a slope hexside with the same orientation". */
      j.range3 = j.edition == RDT_LOS_EDITION_OLDER && distance == 3 &&
                 j.fe.slope && j.te.slope;
      break;
    }
  out.los_case = j.los_case;

  /* 11.43 C: "always clear"; without a report there is nothing left to say. */
  if (j.los_case == RDT_LOS_CASE_C && report == NULL)
    goto done;

  for (guint i = 0; i < n; i++)
    {
      const RdtWalkStep *s = &walk->steps[i];
      gboolean stop = FALSE;

      switch (s->kind)
        {
        case RDT_WALK_HEX:
          emit_hex (&j, s->hex, i == 0 || i == n - 1);
          stop = j.blocked && report == NULL;
          break;
        case RDT_WALK_CROSS:
          stop = judge_cross (&j, s);
          break;
        case RDT_WALK_RUN:
          stop = judge_run (&j, s);
          break;
        default:
          break;
        }
      if (stop)
        break;
    }

  if (j.blocked)
    {
      out.verdict = RDT_LOS_BLOCKED;
      out.reason = j.first_block;
    }

done:
  if (report)
    {
      report->verdict = out.verdict;
      report->los_case = out.los_case;
      report->up_slope = out.up_slope;
      /* The report's top-level reason is the case; blocking steps say the rest. */
      report->reason = out.los_case == RDT_LOS_CASE_A ? RDT_LOS_REASON_CASE_A :
                       out.los_case == RDT_LOS_CASE_B ? RDT_LOS_REASON_CASE_B :
                       out.los_case == RDT_LOS_CASE_C ? RDT_LOS_REASON_CASE_C :
                       distance == 0 ? RDT_LOS_REASON_SAME_HEX : RDT_LOS_REASON_ADJACENT;
    }
  return out;
}

RdtLosVerdict
rdt_los_check (RdtLos       *los,
               RdtHex        from,
               RdtHex        to,
               RdtLosReport *report)
{
  g_return_val_if_fail (los != NULL, RDT_LOS_BLOCKED);
  g_return_val_if_fail (report == NULL || report->steps != NULL, RDT_LOS_BLOCKED);
  return evaluate (los, from, to, report).verdict;
}

/* evaluate() without a report, walking only as far as the verdict needs
 * (issue 15): the case comes from the two end crossings, the target's taken
 * from the first step of the walk back from the target (the walk is exact
 * geometry on the segment, the same in both directions); case C is clear
 * without walking on, and cases A and B walk step by step up to the first
 * blocking step.  Gives what evaluate() gives (test-los-fan compares them). */
static Outcome
evaluate_lazy (RdtLos *los,
               RdtHex  from,
               RdtHex  to,
               int     distance)
{
  const RdtBoard *board = los->board;
  Judge j = { 0, };
  Outcome out = { RDT_LOS_CLEAR, RDT_LOS_CASE_NONE, RDT_LOS_UP_SLOPE_NONE, RDT_LOS_REASON_NONE };
  RdtHexWalker walker, back;
  RdtWalkStep first, second, step;
  gboolean last;

  if (distance <= 1)
    {
      out.reason = distance == 0 ? RDT_LOS_REASON_SAME_HEX : RDT_LOS_REASON_ADJACENT;
      return out;
    }
  j.los = los;
  j.board = board;
  j.from = from;
  j.to = to;
  j.edition = board->los_edition;

  rdt_hex_walker_init (&walker, los->grid, from, to);
  rdt_hex_walker_next (&walker, &first, &last);
  rdt_hex_walker_next (&walker, &second, &last);
  rdt_hex_walker_init (&back, los->grid, to, from);
  rdt_hex_walker_next (&back, &step, &last);
  rdt_hex_walker_next (&back, &step, &last);

  end_info (board, &second, TRUE, &j.fe);
  end_info (board, &step, TRUE, &j.te);
  out.up_slope = (j.fe.up ? RDT_LOS_UP_SLOPE_FIRER : 0) | (j.te.up ? RDT_LOS_UP_SLOPE_TARGET : 0);
  switch (out.up_slope)
    {
    case RDT_LOS_UP_SLOPE_BOTH:
      out.los_case = RDT_LOS_CASE_C;
      out.reason = RDT_LOS_REASON_CASE_C;
      return out;
    case RDT_LOS_UP_SLOPE_NONE:
      j.los_case = RDT_LOS_CASE_A;
      out.reason = RDT_LOS_REASON_CASE_A;
      break;
    default:
      j.los_case = RDT_LOS_CASE_B;
      out.reason = RDT_LOS_REASON_CASE_B;
      j.ref_orient = j.fe.up ? j.fe.orient : j.te.orient;
      j.range3 = j.edition == RDT_LOS_EDITION_OLDER && distance == 3 &&
                 j.fe.slope && j.te.slope;
      break;
    }
  out.los_case = j.los_case;

  /* The firer's hex is an end hex: it never blocks.  Then the steps in order. */
  if (second.kind == RDT_WALK_CROSS ? judge_cross (&j, &second) : judge_run (&j, &second))
    goto blocked;
  while (rdt_hex_walker_next (&walker, &step, &last))
    {
      gboolean stop = FALSE;

      switch (step.kind)
        {
        case RDT_WALK_HEX:
          emit_hex (&j, step.hex, last);
          stop = j.blocked;
          break;
        case RDT_WALK_CROSS:
          stop = judge_cross (&j, &step);
          break;
        case RDT_WALK_RUN:
          stop = judge_run (&j, &step);
          break;
        default:
          break;
        }
      if (stop)
        break;
    }

blocked:
  if (j.blocked)
    {
      out.verdict = RDT_LOS_BLOCKED;
      out.reason = j.first_block;
    }
  return out;
}

GArray *
rdt_los_fan (RdtLos *los,
             RdtHex  from,
             int     range)
{
  g_autoptr (GArray) hexes = NULL;
  GArray *out;

  g_return_val_if_fail (los != NULL, NULL);

  if (range >= 0)
    hexes = rdt_hex_grid_range (los->grid, from, range);
  else
    {
      guint n = rdt_hex_grid_get_n_hexes (los->grid);
      hexes = g_array_sized_new (FALSE, FALSE, sizeof (RdtHex), n);
      for (guint i = 0; i < n; i++)
        {
          RdtHex h = rdt_hex_grid_hex_at_index (los->grid, i);
          g_array_append_val (hexes, h);
        }
    }

  /* What every target shares: the blocking table (built once here), the walk
   * buffer, and the firer's hex.  Per target only the walk and one pass over it
   * remain, stopping at the first blocking step. */
  out = g_array_sized_new (FALSE, FALSE, sizeof (RdtLosFanEntry), hexes->len);
  ensure_block (los);
  for (guint i = 0; i < hexes->len; i++)
    {
      RdtHex h = g_array_index (hexes, RdtHex, i);
      int distance = rdt_hex_grid_distance (los->grid, from, h);
      Outcome o = evaluate_lazy (los, from, h, distance);
      RdtLosFanEntry e = { h, distance, o.verdict, o.los_case, o.up_slope, o.reason };
      g_array_append_val (out, e);
    }
  return out;
}

int
rdt_los_unit_range (RdtLos *los,
                    guint   unit)
{
  const RdtBoardUnit *u = rdt_board_get_unit (los->board, unit);

  g_return_val_if_fail (u != NULL, 0);
  return u->range > 0 ? u->range : los->board->artillery_range;
}

static int
compare_targets (gconstpointer a,
                 gconstpointer b)
{
  const RdtLosTarget *ta = a, *tb = b;

  if (ta->range != tb->range)
    return ta->range < tb->range ? -1 : 1;
  return ta->unit < tb->unit ? -1 : ta->unit > tb->unit;
}

GArray *
rdt_los_artillery_targets (RdtLos *los,
                           guint   unit)
{
  return rdt_los_artillery_targets_in_context (los, unit, NULL, NULL, NULL, NULL, NULL);
}

GArray *
rdt_los_artillery_targets_in_context (RdtLos               *los,
                                      guint                 unit,
                                      RdtScenario          *scenario,
                                      const RdtGameContext *context,
                                      char                **out_undecided_rule,
                                      RdtDepends           *out_depends,
                                      int                  *out_range)
{
  const RdtBoardUnit *firer;
  GArray *out;
  int range;
  int decided_range;
  const char *undecided_rule = NULL;
  RdtDepends undecided_depends = RDT_DEPENDS_NOTHING;

  if (out_undecided_rule != NULL)
    *out_undecided_rule = NULL;
  if (out_depends != NULL)
    *out_depends = RDT_DEPENDS_NOTHING;
  g_return_val_if_fail (los != NULL, NULL);
  firer = rdt_board_get_unit (los->board, unit);
  g_return_val_if_fail (firer != NULL, NULL);

  out = g_array_new (FALSE, FALSE, sizeof (RdtLosTarget));
  range = rdt_los_unit_range (los, unit);
  /* Germantown 3.1.1, 3.1.2: the volume's artillery-range restrictions.  A
   * bound one lowers the range; an undecided one makes every target beyond
   * its range "not decided", never legal. */
  decided_range = range;
  if (scenario != NULL && rdt_scenario_get_volume (scenario) != NULL)
    {
      RdtVolume *volume = rdt_scenario_get_volume (scenario);

      for (guint r = 0; r < rdt_volume_get_n_restrictions (volume); r++)
        {
          const RdtRestriction *rs = rdt_volume_get_restriction (volume, r);
          RdtDepends depends = RDT_DEPENDS_NOTHING;
          RdtRuleVerdict verdict;

          if (rs->effect != RDT_RESTRICTION_ARTILLERY_RANGE)
            continue;
          verdict = rdt_restriction_binds (rs, scenario, unit, context, &depends);
          if (verdict == RDT_RULE_ON)
            range = MIN (range, rs->range);
          else if (verdict == RDT_RULE_UNDECIDED && rs->range < decided_range)
            {
              decided_range = rs->range;
              undecided_rule = rs->rule;
              undecided_depends = depends;
            }
        }
    }
  if (decided_range >= range)
    {
      decided_range = range;
      undecided_rule = NULL;
    }
  if (out_range != NULL)
    *out_range = range;
  for (guint i = 0; i < rdt_board_get_n_units (los->board); i++)
    {
      const RdtBoardUnit *t = rdt_board_get_unit (los->board, i);
      int d;

      /* 11.2: "it must target a combat unit that is within range and Line of
       * Sight"; range counts the target's hex but not the firer's. */
      if (i == unit || !rdt_board_sides_are_enemies (los->board, t->side, firer->side) ||
          !(t->flags & RDT_BOARD_UNIT_COMBAT))
        continue;
      /* Brandywine 4.5.5: "Amusettes may only fire at enemy artillery". */
      if ((firer->flags & RDT_BOARD_UNIT_AMUSETTE) && !(t->flags & RDT_BOARD_UNIT_ARTILLERY))
        continue;
      d = rdt_hex_grid_distance (los->grid, firer->hex, t->hex);
      if (d < 1 || d > range)
        continue;
      if (rdt_los_check (los, firer->hex, t->hex, NULL) != RDT_LOS_CLEAR)
        continue;
      g_array_append_val (out, ((RdtLosTarget) { i, t->hex, d, d > decided_range }));
    }
  g_array_sort (out, compare_targets);
  if (undecided_rule != NULL && out->len > 0 &&
      g_array_index (out, RdtLosTarget, out->len - 1).undecided)
    {
      if (out_undecided_rule != NULL)
        *out_undecided_rule = g_strdup (undecided_rule);
      if (out_depends != NULL)
        *out_depends = undecided_depends;
    }
  return out;
}
