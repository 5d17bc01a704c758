/* rdt-validate.c: semantic checks of a scenario (docs/format.md "Semantic checks"). */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "rdt-cc-condition.h"
#include "rdt-diagnostic.h"
#include "rdt-scenario-private.h"
#include "rdt-validate.h"

typedef struct {
  RdtScenario *scenario;
  RdtHexGrid *grid;
  RdtVolume *volume;
  const char *file;
  GPtrArray *diagnostics;
} Check;

static void G_GNUC_PRINTF (6, 7)
add (Check       *c,
     RdtSeverity  severity,
     int          line,
     const char  *element,
     const char  *hint,
     const char  *format,
     ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  rdt_diagnostics_add (c->diagnostics,
                       rdt_diagnostic_new (severity, c->file, line, element, message, hint));
}

/* A finding about a provisional value (folded in the editor). */
static void
add_provisional (GPtrArray     *diagnostics,
                 RdtDiagnostic *diagnostic)
{
  /* Flagged before it is added: past the findings cap the array's last
   * element is the summary, not this finding (issue 11). */
  diagnostic->provisional = TRUE;
  rdt_diagnostics_add (diagnostics, diagnostic);
}

static char *
label (Check  *c,
       RdtHex  hex)
{
  return rdt_hex_grid_dup_label (c->grid, hex);
}

static gboolean
on_map (Check       *c,
        RdtHex       hex,
        int          line,
        const char  *element,
        const char  *what)
{
  g_autofree char *l = NULL;
  const RdtGridSettings *s;

  if (rdt_hex_grid_contains (c->grid, hex))
    return TRUE;
  l = label (c, hex);
  s = rdt_hex_grid_get_settings (c->grid);
  add (c, RDT_SEVERITY_ERROR, line, element,
       _("use a hex of the map, or change the grid size in <grid>"),
       _("%s hex %s is not on the map (columns %d to %d, rows %d to %d)"),
       what, l, s->first_column, s->first_column + s->columns - 1,
       s->first_row, s->first_row + s->rows - 1);
  return FALSE;
}

/* Nothing check_hexsides() would report about @f. */
static gboolean
hexside_fine (const RdtHexsideFeatures *f,
              gpointer                  user_data)
{
  Check *c = user_data;

  return rdt_hex_grid_contains (c->grid, f->side.a) && rdt_hex_grid_contains (c->grid, f->side.b) &&
         rdt_hex_grid_are_adjacent (c->grid, f->side.a, f->side.b) &&
         (f->slope < 0 || rdt_hexside_has_hex (f->side, f->slope_high)) &&
         (f->fieldwork < 0 || rdt_hexside_has_hex (f->side, f->fieldwork_symbol));
}

static void
check_hexsides (Check *c)
{
  g_autoptr(GArray) sides = NULL;

  /* Sorted (findings in file order) only when there is something to say
   * (issue 15: load time). */
  if (_rdt_scenario_all_hexsides (c->scenario, hexside_fine, c))
    return;
  sides = rdt_scenario_dup_hexsides (c->scenario);

  for (guint i = 0; i < sides->len; i++)
    {
      const RdtHexsideFeatures *f = &g_array_index (sides, RdtHexsideFeatures, i);
      char text[RDT_HEXSIDE_LABEL_SIZE];
      gboolean a_on, b_on;

      a_on = on_map (c, f->side.a, f->line, "hexside", "hexside");
      b_on = on_map (c, f->side.b, f->line, "hexside", "hexside");
      if (!a_on || !b_on)
        continue;
      if (rdt_hex_grid_are_adjacent (c->grid, f->side.a, f->side.b) &&
          (f->slope < 0 || rdt_hexside_has_hex (f->side, f->slope_high)) &&
          (f->fieldwork < 0 || rdt_hexside_has_hex (f->side, f->fieldwork_symbol)))
        continue;
      /* The label only for a message (issue 15: load time). */
      rdt_hex_grid_format_hexside (c->grid, f->side, text);
      if (!rdt_hex_grid_are_adjacent (c->grid, f->side.a, f->side.b))
        {
          add (c, RDT_SEVERITY_ERROR, f->line, "hexside",
               _("a hexside names the two adjacent hexes it separates"),
               _("hexes of hexside %s are not adjacent"), text);
          continue;
        }
      if (f->slope >= 0 && !rdt_hexside_has_hex (f->side, f->slope_high))
        {
          g_autofree char *high = label (c, f->slope_high);
          add (c, RDT_SEVERITY_ERROR, f->line, "hexside",
               _("set high= to the hex on the solid-line side of the slope symbol"),
               _("slope high side %s is not one of the hexes of hexside %s"), high, text);
        }
      if (f->fieldwork >= 0 && !rdt_hexside_has_hex (f->side, f->fieldwork_symbol))
        {
          g_autofree char *sym = label (c, f->fieldwork_symbol);
          add (c, RDT_SEVERITY_ERROR, f->line, "hexside",
               _("set symbol= to the hex that holds the fieldworks symbol"),
               _("fieldworks symbol hex %s is not one of the hexes of hexside %s"), sym, text);
        }
    }
}

static void
check_map_items (Check *c)
{
  g_autoptr(GHashTable) ids = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < rdt_scenario_get_n_locations (c->scenario); i++)
    {
      const RdtLocation *l = rdt_scenario_get_location (c->scenario, i);
      on_map (c, l->hex, l->line, "location", "location");
    }
  for (guint i = 0; i < rdt_scenario_get_n_entries (c->scenario); i++)
    {
      const RdtEntryHex *e = rdt_scenario_get_entry (c->scenario, i);
      on_map (c, e->hex, e->line, "entry", "entry");
      if (g_hash_table_contains (ids, e->id))
        add (c, RDT_SEVERITY_ERROR, e->line, "entry", _("give every entry hex its own id"),
             _("duplicate entry id “%s”"), e->id);
      g_hash_table_add (ids, e->id);
    }
  g_hash_table_remove_all (ids);
  for (guint i = 0; i < rdt_scenario_get_n_areas (c->scenario); i++)
    {
      const RdtArea *a = rdt_scenario_get_area (c->scenario, i);
      if (g_hash_table_contains (ids, a->id))
        add (c, RDT_SEVERITY_ERROR, a->line, "area", _("give every area its own id"),
             _("duplicate area id “%s”"), a->id);
      g_hash_table_add (ids, a->id);
      if (a->hexes->len == 0)
        add (c, RDT_SEVERITY_ERROR, a->line, "area",
             _("list the hex labels of the area, or remove it"),
             _("area “%s” has no hexes"), a->id);
      for (guint h = 0; h < a->hexes->len; h++)
        {
          RdtHex hex = g_array_index (a->hexes, RdtHex, h);
          g_autofree char *what = NULL;

          /* The message only when there is one (issue 15: load time). */
          if (rdt_hex_grid_contains (c->grid, hex))
            continue;
          what = g_strdup_printf ("area “%s”", a->id);
          on_map (c, hex, a->line, "area", what);
          break;
        }
    }
}

static void
check_units (Check *c)
{
  g_autoptr(GHashTable) ids = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) groups = g_hash_table_new (g_str_hash, g_str_equal);
  int first = rdt_scenario_get_first_turn (c->scenario);
  int last = first + rdt_scenario_get_n_turns (c->scenario) - 1;

  /* Formations and nationalities leaders may be restricted to. */
  for (guint i = 0; i < rdt_scenario_get_n_units (c->scenario); i++)
    {
      RdtUnit *u = rdt_scenario_get_unit (c->scenario, i);
      if (u->formation != NULL)
        g_hash_table_add (groups, u->formation);
      if (u->nationality != NULL)
        g_hash_table_add (groups, u->nationality);
    }

  for (guint i = 0; i < rdt_scenario_get_n_units (c->scenario); i++)
    {
      RdtUnit *u = rdt_scenario_get_unit (c->scenario, i);
      const char *element = rdt_unit_is_leader (u) ? "leader" : "unit";

      if (g_hash_table_contains (ids, u->id))
        add (c, RDT_SEVERITY_ERROR, u->line, element,
             _("give every unit and leader its own id"),
             _("duplicate unit id “%s”"), u->id);
      g_hash_table_add (ids, u->id);

      switch (u->placement.kind)
        {
        case RDT_PLACEMENT_NONE:
          add (c, RDT_SEVERITY_ERROR, u->line, element,
               _("add <setup hex=…/>, <setup area=…/>, <arrive turn=… entry=…/> or <unused/>"),
               _("“%s” is not placed, scheduled or marked unused"), u->id);
          break;
        case RDT_PLACEMENT_HEX:
          if (!rdt_hex_grid_contains (c->grid, u->placement.hex))
            {
              g_autofree char *what = g_strdup_printf ("set-up of “%s”:", u->id);
              on_map (c, u->placement.hex, u->line, element, what);
            }
          break;
        case RDT_PLACEMENT_AREA:
          if (rdt_scenario_find_area (c->scenario, u->placement.area) == NULL)
            add (c, RDT_SEVERITY_ERROR, u->line, element,
                 _("use the id of an <area> of the map"),
                 _("“%s” sets up in unknown area “%s”"), u->id, u->placement.area);
          break;
        case RDT_PLACEMENT_ENTRY:
          if (rdt_scenario_find_entry (c->scenario, u->placement.entry) == NULL)
            add (c, RDT_SEVERITY_ERROR, u->line, element,
                 _("use the id of an <entry> of the map"),
                 _("“%s” arrives at unknown entry hex “%s”"), u->id, u->placement.entry);
          if (u->placement.turn < first || u->placement.turn > last)
            add (c, RDT_SEVERITY_ERROR, u->line, element,
                 _("use a turn within <turns>"),
                 _("“%s” arrives on turn %d, outside the game’s turns %d to %d"),
                 u->id, u->placement.turn, first, last);
          break;
        case RDT_PLACEMENT_UNUSED:
        default:
          break;
        }

      if (!rdt_unit_is_leader (u) && (u->step < 0 || (guint) u->step >= u->steps->len))
        add (c, RDT_SEVERITY_ERROR, u->line, element,
             _("step=\"1\" is the front of the counter"),
             _("“%s” starts on step %d but has %u step(s)"), u->id, u->step + 1, u->steps->len);
      if (rdt_unit_is_leader (u) && u->step != 0)
        add (c, RDT_SEVERITY_ERROR, u->line, element, _("remove step= from the leader"),
             _("leader “%s” has no steps"), u->id);
      if (u->kind == RDT_UNIT_KIND_MUSKET_RIFLE)
        {
          for (guint s = 0; s < u->steps->len; s++)
            if (g_array_index (u->steps, RdtUnitStep, s).fire_strength < 0)
              {
                add (c, RDT_SEVERITY_ERROR, u->line, element,
                     _("musket/rifle counters show close combat/rifle fire SPs: add fire-strength="),
                     _("musket/rifle unit “%s” has a step without a fire strength"), u->id);
                break;
              }
        }
      for (guint s = 0; u->states != NULL && u->states[s] != NULL; s++)
        if (rdt_volume_find_state (c->volume, u->states[s]) < 0)
          add (c, RDT_SEVERITY_ERROR, u->line, element,
               _("use a <state> id of the volume"),
               _("“%s”: unknown state “%s”"), u->id, u->states[s]);
      for (guint s = 0; u->commands != NULL && u->commands[s] != NULL; s++)
        if (!g_hash_table_contains (groups, u->commands[s]))
          add (c, RDT_SEVERITY_ERROR, u->line, element,
               _("use a formation or nationality that some unit has"),
               _("leader “%s” commands “%s”, which no unit belongs to"), u->id, u->commands[s]);
      if (u->provisional != 0)
        {
          g_autofree char *message = g_strdup_printf (_("“%s” has provisional values (not from the counters)"), u->id);

          add_provisional (c->diagnostics,
                           rdt_diagnostic_new (RDT_SEVERITY_WARNING, c->file, u->line, element, message,
                                               _("enter the printed values from the counter and remove provisional=")));
        }
    }
}

typedef struct {
  int sp;
  int artillery;
  int side;
  int line;
  gboolean mixed;
} Stack;

static int
compare_keys (gconstpointer a,
              gconstpointer b)
{
  return GPOINTER_TO_INT (a) - GPOINTER_TO_INT (b);
}

/* 7.1: six friendly SPs of non-artillery combat units plus one artillery unit;
 * leaders do not count.  A volume exception applies in its area or terrain. */
static void
check_stacking (Check *c)
{
  const RdtStacking *limit = rdt_volume_get_stacking (c->volume);
  g_autoptr(GHashTable) stacks = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);
  g_autoptr(GList) keys = NULL;

  for (guint i = 0; i < rdt_scenario_get_n_units (c->scenario); i++)
    {
      RdtUnit *u = rdt_scenario_get_unit (c->scenario, i);
      int index;
      Stack *s;

      if (u->placement.kind != RDT_PLACEMENT_HEX || rdt_unit_is_leader (u))
        continue;
      index = rdt_hex_grid_hex_index (c->grid, u->placement.hex);
      if (index < 0)
        continue;
      s = g_hash_table_lookup (stacks, GINT_TO_POINTER (index + 1));
      if (s == NULL)
        {
          s = g_new0 (Stack, 1);
          s->side = u->side;
          s->line = u->line;
          g_hash_table_insert (stacks, GINT_TO_POINTER (index + 1), s);
        }
      /* Allied sides (one player) may stack together. */
      if (rdt_scenario_sides_are_enemies (c->scenario, u->side, s->side))
        s->mixed = TRUE;
      {
        /* 7.1, with the volume's free kinds (Brandywine 4.5.2). */
        gboolean artillery;
        int sp = rdt_volume_unit_stacking_sp (c->volume, u, &artillery);

        if (artillery)
          s->artillery++;
        else
          s->sp += sp;
      }
    }

  keys = g_hash_table_get_keys (stacks);
  keys = g_list_sort (keys, compare_keys);
  for (GList *l = keys; l != NULL; l = l->next)
    {
      int index = GPOINTER_TO_INT (l->data) - 1;
      Stack *s = g_hash_table_lookup (stacks, l->data);
      RdtHex hex = rdt_hex_grid_hex_at_index (c->grid, index);
      g_autofree char *where = label (c, hex);
      int max_sp = limit->max_sp, max_art = limit->max_artillery;
      const char *rule = "7.1";
      int terrain = rdt_scenario_get_terrain (c->scenario, hex);

      for (guint e = 0; e < limit->exceptions->len; e++)
        {
          const RdtStackingException *ex = g_ptr_array_index (limit->exceptions, e);
          gboolean applies = FALSE;

          if (ex->area != NULL)
            {
              const RdtArea *area = rdt_scenario_find_area (c->scenario, ex->area);
              applies = area != NULL && rdt_scenario_area_contains (area, hex);
            }
          if (ex->terrain != NULL && terrain >= 0)
            applies = applies || g_strcmp0 (rdt_volume_get_terrain (c->volume, terrain)->id, ex->terrain) == 0;
          if (applies)
            {
              max_sp = ex->max_sp;
              max_art = ex->max_artillery;
              rule = ex->rule != NULL ? ex->rule : ex->id;
              break;
            }
        }

      if (s->mixed)
        add (c, RDT_SEVERITY_ERROR, s->line, "unit",
             _("set up enemy units in different hexes"),
             _("units of both sides set up in hex %s"), where);
      if (s->sp > max_sp || s->artillery > max_art)
        add (c, RDT_SEVERITY_ERROR, s->line, "unit",
             _("move units out of the hex, or add a stacking exception to the volume"),
             _("set-up stack in hex %s has %d SPs and %d artillery unit(s); the limit (%s) is %d SPs plus %d artillery"),
             where, s->sp, s->artillery, rule, max_sp, max_art);
    }
}

/* Retreat priorities (<side><retreat>, 13.21). */
static void
check_side_retreats (Check *c)
{
  for (guint i = 0; i < rdt_scenario_get_n_sides (c->scenario); i++)
    {
      const RdtSide *s = rdt_scenario_get_side (c->scenario, i);
      int line = _rdt_scenario_get_side_line (c->scenario, i);

      if (s->retreat == RDT_SIDE_RETREAT_HEX)
        on_map (c, s->retreat_hex, line, "retreat", "retreat");
      if (s->retreat_provisional)
        add (c, RDT_SEVERITY_WARNING, line, "retreat",
             _("check the hex against your map and remove provisional="),
             _("side “%s”: the retreat priority hex is provisional (not fixed by the rulebooks)"), s->id);
    }
}

static void
check_turns (Check *c)
{
  if (rdt_scenario_get_n_turns (c->scenario) < 1)
    add (c, RDT_SEVERITY_ERROR, _rdt_scenario_get_line (c->scenario, "turns"), "turns",
         _("set count= to the number of game turns"),
         _("the scenario has no turns"));
  if (rdt_scenario_get_n_sides (c->scenario) < 2)
    add (c, RDT_SEVERITY_ERROR, _rdt_scenario_get_line (c->scenario, "scenario"), "sides",
         _("declare both armies in <sides>"),
         _("a scenario needs two sides, this one has %u"), rdt_scenario_get_n_sides (c->scenario));
  else if (rdt_scenario_get_n_players (c->scenario) < 2)
    add (c, RDT_SEVERITY_ERROR, _rdt_scenario_get_line (c->scenario, "scenario"), "sides",
         _("give the opposing sides different player= values"),
         _("every side is played by the same player, so no side has an enemy"));
}

static void
check_victory (Check *c)
{
  for (guint i = 0; i < rdt_scenario_get_n_objectives (c->scenario); i++)
    {
      const RdtObjective *o = rdt_scenario_get_objective (c->scenario, i);
      on_map (c, o->hex, o->line, "objective", "victory");
    }
}

static void
check_volume_refs (Check *c)
{
  const RdtStacking *limit = rdt_volume_get_stacking (c->volume);
  const char *vfile = rdt_volume_get_path (c->volume);

  for (guint e = 0; e < limit->exceptions->len; e++)
    {
      const RdtStackingException *ex = g_ptr_array_index (limit->exceptions, e);

      if (ex->terrain != NULL && rdt_volume_find_terrain (c->volume, ex->terrain) < 0)
        rdt_diagnostics_add (c->diagnostics,
                             rdt_diagnostic_new (RDT_SEVERITY_ERROR, vfile != NULL ? vfile : c->file,
                                                 ex->line, "exception",
                                                 _("unknown terrain in a stacking exception"),
                                                 _("use a terrain id of the volume")));
      if (ex->area != NULL && rdt_scenario_find_area (c->scenario, ex->area) == NULL)
        add (c, RDT_SEVERITY_WARNING, _rdt_scenario_get_line (c->scenario, "map"), "map",
             _("add the area to the map, or the exception never applies"),
             _("the volume’s stacking exception “%s” names area “%s”, which this map does not have"),
             ex->id, ex->area);
    }
  /* Restrictions (docs/format.md "Restrictions"). */
  for (guint i = 0; i < rdt_volume_get_n_restrictions (c->volume); i++)
    {
      const RdtRestriction *r = rdt_volume_get_restriction (c->volume, i);
      const char *sid = rdt_scenario_get_id (c->scenario);

      if (r->terrain != NULL && rdt_volume_find_terrain (c->volume, r->terrain) < 0)
        g_ptr_array_add (c->diagnostics,
                         rdt_diagnostic_new (RDT_SEVERITY_ERROR, vfile != NULL ? vfile : c->file,
                                             r->line, "restriction",
                                             _("unknown terrain in a restriction"),
                                             _("use a terrain id of the volume")));
      for (guint k = 0; r->states != NULL && r->states[k] != NULL; k++)
        if (rdt_volume_find_state (c->volume, r->states[k]) < 0)
          g_ptr_array_add (c->diagnostics,
                           rdt_diagnostic_new (RDT_SEVERITY_ERROR, vfile != NULL ? vfile : c->file,
                                               r->line, "restriction",
                                               _("unknown state in a restriction"),
                                               _("use a state id of the volume")));
      /* The map and sides are the scenario's: only for restrictions that
       * bind this scenario. */
      if (r->scenario != NULL && g_strcmp0 (r->scenario, sid) != 0)
        continue;
      if (r->side != NULL && rdt_scenario_find_side (c->scenario, r->side) < 0)
        add (c, RDT_SEVERITY_WARNING, _rdt_scenario_get_line (c->scenario, "sides"), "sides",
             _("add the side, or the restriction never applies"),
             _("the volume’s restriction “%s” (%s) names side “%s”, which this scenario does not have"),
             r->id, r->rule, r->side);
      if (r->area != NULL)
        {
          g_auto(GStrv) ids = g_strsplit (r->area, " ", -1);
          for (guint k = 0; ids[k] != NULL; k++)
            if (ids[k][0] != '\0' && rdt_scenario_find_area (c->scenario, ids[k]) == NULL)
              add (c, RDT_SEVERITY_WARNING, _rdt_scenario_get_line (c->scenario, "map"), "map",
                   _("add the area to the map, or the restriction does not cover it"),
                   _("the volume’s restriction “%s” (%s) names area “%s”, which this map does not have"),
                   r->id, r->rule, ids[k]);
        }
    }
}

static void
effects_warning (const char       *file,
                 int               line,
                 const char       *element,
                 const char       *id,
                 const RdtEffects *e,
                 GPtrArray        *diagnostics)
{
  static const char *const names[] = {
    "mp", "prohibited", "blocks-los", "zoc", "strategic", "slope-for-los", "covered",
    "fire-drm", "cc-drm",
  };
  g_autoptr(GString) fields = NULL;
  g_autofree char *message = NULL;

  if (e->provisional == 0)
    return;
  fields = g_string_new (NULL);
  for (guint f = 0; f < G_N_ELEMENTS (names); f++)
    if (e->provisional & (1u << f))
      g_string_append_printf (fields, "%s%s", fields->len > 0 ? " " : "", names[f]);
  message = g_strdup_printf (_("“%s” has provisional values (not stated in the rulebooks): %s"),
                             id, fields->str);
  add_provisional (diagnostics,
                   rdt_diagnostic_new (RDT_SEVERITY_WARNING, file, line, element, message,
                                       _("enter the values from your copy of the game's charts and remove them from provisional=")));
}

/* Issue 14: the tactics restrictions of the exclusive rules ("cc-tactics",
 * 12.53): tactic ids of 12.52, a role, a condition of rdt-cc-condition.h. */
static void
check_cc_tactics (RdtVolume  *volume,
                  const char *file,
                  GPtrArray  *diagnostics)
{
  static const char *const tactics[] = { "skirmish", "attack-en-echelon", "stand-fast", "withdraw",
                                         "frontal-assault", "commit-reserve", "turn-flank", "refuse-flank", NULL };
  const RdtTable *t = rdt_volume_find_table (volume, "tactics-barriers");

  /* Brandywine 5.3: rows keyed by a hexside type, "leader" and "open flank"
   * yes or no. */
  for (guint r = 0; t != NULL && r < t->rows->len; r++)
    {
      const RdtTableRow *row = g_ptr_array_index (t->rows, r);
      const char *leader = rdt_table_lookup (t, row->key, "leader", NULL);
      const char *flank = rdt_table_lookup (t, row->key, "open flank", NULL);
      g_autofree char *message = NULL;

      if (rdt_volume_find_hexside_type (volume, row->key) < 0)
        message = g_strdup_printf (_("table “%s”, row “%s”: not a hexside type of the volume"), t->id, row->key);
      else if ((g_strcmp0 (leader, "yes") != 0 && g_strcmp0 (leader, "no") != 0) ||
               (g_strcmp0 (flank, "yes") != 0 && g_strcmp0 (flank, "no") != 0))
        message = g_strdup_printf (_("table “%s”, row “%s”: “leader” and “open flank” are yes or no"), t->id, row->key);
      if (message != NULL)
        rdt_diagnostics_add (diagnostics,
                             rdt_diagnostic_new (RDT_SEVERITY_ERROR, file, t->line, "table", message,
                                                 _("see docs/volumes.md, Tactics restrictions")));
    }
  t = rdt_volume_find_table (volume, "cc-tactics");
  if (t == NULL)
    return;
  for (guint r = 0; r < t->rows->len; r++)
    {
      const RdtTableRow *row = g_ptr_array_index (t->rows, r);
      const char *ids = rdt_table_lookup (t, row->key, "tactics", NULL);
      const char *role = rdt_table_lookup (t, row->key, "role", NULL);
      g_auto(GStrv) parts = g_strsplit_set (ids != NULL ? ids : "", " ", -1);
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) terms = NULL;
      g_autofree char *message = NULL;
      guint n = 0;

      for (guint i = 0; parts[i] != NULL && message == NULL; i++)
        if (*parts[i] != '\0' && !g_strv_contains (tactics, parts[i]))
          message = g_strdup_printf (_("table “%s”, row “%s”: “%s” is not a tactic id of 12.52"), t->id, row->key, parts[i]);
        else if (*parts[i] != '\0')
          n++;
      if (message == NULL && n == 0)
        message = g_strdup_printf (_("table “%s”, row “%s”: no tactic named"), t->id, row->key);
      if (message == NULL && g_strcmp0 (role, "attacker") != 0 && g_strcmp0 (role, "defender") != 0)
        message = g_strdup_printf (_("table “%s”, row “%s”: the role “%s” is neither attacker nor defender"),
                                   t->id, row->key, role != NULL ? role : "");
      if (message == NULL && (terms = rdt_cc_condition_parse (rdt_table_lookup (t, row->key, "when", NULL), &error)) == NULL)
        message = g_strdup_printf (_("table “%s”, row “%s”: %s"), t->id, row->key, error->message);
      if (message != NULL)
        rdt_diagnostics_add (diagnostics,
                             rdt_diagnostic_new (RDT_SEVERITY_ERROR, file, t->line, "table", message,
                                                 _("see docs/volumes.md, Tactics restrictions")));
    }
}

/* Issue 14: the Close Combat DRM chart ("cc-drm") and the column shifts
 * ("cc-shift") are read by the rules core (rdt-close-combat.c): each row's
 * value must be a signed number and its "when" cell a condition of
 * rdt-cc-condition.h. */
static void
check_cc_tables (RdtVolume  *volume,
                 const char *file,
                 GPtrArray  *diagnostics)
{
  static const char *const ids[][2] = { { "cc-drm", "DRM" }, { "cc-shift", "shift" }, { "cc-designation", NULL } };

  for (gsize k = 0; k < G_N_ELEMENTS (ids); k++)
    {
      const RdtTable *t = rdt_volume_find_table (volume, ids[k][0]);

      if (t == NULL)
        continue;
      for (guint r = 0; r < t->rows->len; r++)
        {
          const RdtTableRow *row = g_ptr_array_index (t->rows, r);
          const char *value = ids[k][1] != NULL ? rdt_table_lookup (t, row->key, ids[k][1], NULL) : "0";
          const char *when = rdt_table_lookup (t, row->key, "when", NULL);
          g_autoptr(GError) error = NULL;
          g_autoptr(GPtrArray) terms = NULL;
          char *end = NULL;
          g_autofree char *message = NULL;

          if (value == NULL || *value == '\0' || (strtol (value, &end, 10), *end != '\0'))
            message = g_strdup_printf (_("table “%s”, row “%s”: the %s “%s” is not a signed number"),
                                       t->id, row->key, ids[k][1], value != NULL ? value : "");
          else if ((terms = rdt_cc_condition_parse (when, &error)) == NULL)
            message = g_strdup_printf (_("table “%s”, row “%s”: %s"), t->id, row->key, error->message);
          if (message != NULL)
            rdt_diagnostics_add (diagnostics,
                                 rdt_diagnostic_new (RDT_SEVERITY_ERROR, file, t->line, "table", message,
                                                     _("see docs/volumes.md, Close Combat DRM chart")));
        }
    }
  check_cc_tactics (volume, file, diagnostics);
}

/* Issue 14: the exceptions to 12.12 ("cc-obligations"), read by the game
 * when the Close Combats are announced (docs/volumes.md): "where" terrain
 * or hexside, "type" a terrain or hexside type id of the volume, "pinned",
 * "then" and "advance" one of their words or empty. */
static void
check_cc_obligations (RdtVolume  *volume,
                      const char *file,
                      GPtrArray  *diagnostics)
{
  const RdtTable *t = rdt_volume_find_table (volume, "cc-obligations");

  for (guint r = 0; t != NULL && r < t->rows->len; r++)
    {
      const RdtTableRow *row = g_ptr_array_index (t->rows, r);
      const char *where = rdt_table_lookup (t, row->key, "where", NULL);
      const char *type = rdt_table_lookup (t, row->key, "type", NULL);
      const char *pinned = rdt_table_lookup (t, row->key, "pinned", NULL);
      const char *then = rdt_table_lookup (t, row->key, "then", NULL);
      const char *advance = rdt_table_lookup (t, row->key, "advance", NULL);
      g_autofree char *message = NULL;

      const char *forbids = rdt_table_lookup (t, row->key, "forbids", NULL);
      /* Savannah 4.1: "retreat N" (stack rows; N from 1 to 3 hexes). */
      const char *start = rdt_table_lookup (t, row->key, "start", NULL);
      guint64 start_n = 0;

      if (start != NULL && start[0] != '\0' &&
          (g_strcmp0 (where, "stack") != 0 || !g_str_has_prefix (start, "retreat ") ||
           !g_ascii_string_to_unsigned (start + strlen ("retreat "), 10, 1, 3, &start_n, NULL)))
        message = g_strdup_printf (_("table “%s”, row “%s”: “start” is “%s”, not “retreat N” (N from 1 to 3, stack "
                                     "rows) or empty"), t->id, row->key, start);
      else if (g_strcmp0 (where, "terrain") != 0 && g_strcmp0 (where, "hexside") != 0 && g_strcmp0 (where, "restriction") != 0 &&
          g_strcmp0 (where, "stack") != 0)
        message = g_strdup_printf (_("table “%s”, row “%s”: “where” is “%s”, not terrain, hexside, restriction or stack"),
                                   t->id, row->key, where != NULL ? where : "");
      else if (g_str_equal (where, "stack"))
        {
          /* Savannah 4.1: "+" groups of "&" selectors KEY=VALUE ("!"
           * negates), read by the game; forbids "voluntary attack". */
          static const char *const keys[] = { "side", "unit", "class", "nationality", "formation", "kind", NULL };
          g_auto(GStrv) groups = g_strsplit (type != NULL ? type : "", "+", -1);

          for (guint g = 0; groups[g] != NULL && message == NULL; g++)
            {
              g_auto(GStrv) sels = g_strsplit (groups[g], "&", -1);

              for (guint k = 0; sels[k] != NULL && message == NULL; k++)
                {
                  const char *sel = sels[k][0] == '!' ? sels[k] + 1 : sels[k];
                  const char *eq = strchr (sel, '=');
                  g_autofree char *key = eq != NULL ? g_strndup (sel, (gsize) (eq - sel)) : NULL;

                  if (key == NULL || eq[1] == '\0' || !g_strv_contains (keys, key))
                    message = g_strdup_printf (_("table “%s”, row “%s”: “%s” is not a stack selector KEY=VALUE "
                                                 "(side, unit, class, nationality, formation, kind)"),
                                               t->id, row->key, sels[k]);
                }
            }
          if (message == NULL && g_strcmp0 (forbids, "voluntary attack") != 0)
            message = g_strdup_printf (_("table “%s”, row “%s”: a stack row's “forbids” is “voluntary attack”"),
                                       t->id, row->key);
          if (message != NULL)
            {
              rdt_diagnostics_add (diagnostics,
                                   rdt_diagnostic_new (RDT_SEVERITY_ERROR, file, t->line, "table", message,
                                                       _("see docs/volumes.md, Close Combat obligations")));
              continue;
            }
          forbids = NULL;
        }
      else if (g_str_equal (where, "restriction"))
        {
          g_auto(GStrv) ids = g_strsplit_set (type != NULL ? type : "", " ,", -1);

          for (guint k = 0; ids[k] != NULL && message == NULL; k++)
            {
              gboolean found = FALSE;

              if (ids[k][0] == '\0')
                continue;
              for (guint i = 0; i < rdt_volume_get_n_restrictions (volume) && !found; i++)
                found = g_strcmp0 (rdt_volume_get_restriction (volume, i)->id, ids[k]) == 0;
              if (!found)
                message = g_strdup_printf (_("table “%s”, row “%s”: “%s” is not a restriction of the volume"),
                                           t->id, row->key, ids[k]);
            }
        }
      else if (type == NULL || (g_str_equal (where, "terrain") ? rdt_volume_find_terrain (volume, type)
                                                               : rdt_volume_find_hexside_type (volume, type)) < 0)
        message = g_strdup_printf (_("table “%s”, row “%s”: “%s” is not a %s type of the volume"),
                                   t->id, row->key, type != NULL ? type : "", where);
      else if (pinned != NULL && pinned[0] != '\0' && !g_str_equal (pinned, "must attack"))
        message = g_strdup_printf (_("table “%s”, row “%s”: “pinned” is “%s”, not “must attack” or empty"),
                                   t->id, row->key, pinned);
      else if (then != NULL && then[0] != '\0' && !g_str_equal (then, "adjacent to both"))
        message = g_strdup_printf (_("table “%s”, row “%s”: “then” is “%s”, not “adjacent to both” or empty"),
                                   t->id, row->key, then);
      else if (advance != NULL && advance[0] != '\0' && !g_str_equal (advance, "optional"))
        message = g_strdup_printf (_("table “%s”, row “%s”: “advance” is “%s”, not “optional” or empty"),
                                   t->id, row->key, advance);
      {
        /* Brandywine 3.9: "break in place" ("break-pin UNIT"), terrain rows. */
        const char *pin = rdt_table_lookup (t, row->key, "pin", NULL);

        if (message == NULL && pin != NULL && pin[0] != '\0' &&
            (!g_str_equal (pin, "break in place") || g_strcmp0 (where, "terrain") != 0))
          message = g_strdup_printf (_("table “%s”, row “%s”: “pin” is “%s”, not “break in place” (terrain rows) or empty"),
                                     t->id, row->key, pin);
      }
      if (message == NULL && forbids != NULL && forbids[0] != '\0' && !g_str_equal (forbids, "attack"))
        message = g_strdup_printf (_("table “%s”, row “%s”: “forbids” is “%s”, not “attack” or empty"),
                                   t->id, row->key, forbids);
      if (message != NULL)
        rdt_diagnostics_add (diagnostics,
                             rdt_diagnostic_new (RDT_SEVERITY_ERROR, file, t->line, "table", message,
                                                 _("see docs/volumes.md, Close Combat obligations")));
    }
}

void
rdt_volume_validate (RdtVolume  *volume,
                     const char *file,
                     GPtrArray  *diagnostics)
{
  const RdtStacking *stacking;

  g_return_if_fail (RDT_IS_VOLUME (volume));
  g_return_if_fail (diagnostics != NULL);

  for (guint i = 0; i < rdt_volume_get_n_terrains (volume); i++)
    {
      const RdtTerrainType *t = rdt_volume_get_terrain (volume, i);
      effects_warning (file, t->line, "terrain", t->id, &t->effects, diagnostics);
    }
  for (guint i = 0; i < rdt_volume_get_n_hexside_types (volume); i++)
    {
      const RdtHexsideType *t = rdt_volume_get_hexside_type (volume, i);
      effects_warning (file, t->line, "hexside-type", t->id, &t->effects, diagnostics);
    }
  for (guint i = 0; i < rdt_volume_get_n_combined (volume); i++)
    {
      const RdtCombinedType *t = rdt_volume_get_combined (volume, i);
      effects_warning (file, t->line, "combined", t->id, &t->effects, diagnostics);
    }
  for (guint i = 0; i < rdt_volume_get_n_tables (volume); i++)
    {
      const RdtTable *t = rdt_volume_get_table (volume, i);
      guint n = 0;

      for (guint r = 0; r < t->rows->len; r++)
        {
          const RdtTableRow *row = g_ptr_array_index (t->rows, r);
          for (guint k = 0; k < row->provisional->len; k++)
            n += g_array_index (row->provisional, gboolean, k) ? 1 : 0;
        }
      if (n > 0)
        {
          g_autofree char *message =
            g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                          "table “%s” has %u provisional cell (not stated in the rulebooks)",
                                          "table “%s” has %u provisional cells (not stated in the rulebooks)", n),
                             t->id, n);
          add_provisional (diagnostics,
                           rdt_diagnostic_new (RDT_SEVERITY_WARNING, file, t->line, "table", message,
                                               _("enter the values from your copy of the player aid card")));
        }
    }
  check_cc_tables (volume, file, diagnostics);
  check_cc_obligations (volume, file, diagnostics);
  stacking = rdt_volume_get_stacking (volume);
  if (stacking->provisional)
    add_provisional (diagnostics,
                     rdt_diagnostic_new (RDT_SEVERITY_WARNING, file, stacking->line, "stacking",
                                         _("the stacking limit is provisional"),
                                         _("check it against 7.1 and the exclusive rules")));
}

void
rdt_scenario_validate (RdtScenario *scenario,
                       GPtrArray   *diagnostics)
{
  Check c = { 0 };
  const char *vfile;

  g_return_if_fail (RDT_IS_SCENARIO (scenario));
  g_return_if_fail (diagnostics != NULL);

  c.scenario = scenario;
  c.grid = rdt_scenario_get_grid (scenario);
  c.volume = rdt_scenario_get_volume (scenario);
  c.file = rdt_scenario_get_path (scenario) != NULL ? rdt_scenario_get_path (scenario) : "<memory>";
  c.diagnostics = diagnostics;

  check_hexsides (&c);
  check_map_items (&c);
  check_units (&c);
  check_stacking (&c);
  check_turns (&c);
  check_side_retreats (&c);
  check_victory (&c);
  check_volume_refs (&c);

  vfile = rdt_volume_get_path (c.volume);
  rdt_volume_validate (c.volume, vfile != NULL ? vfile : c.file, diagnostics);
}
