#include "config.h"

#include "rdt-undo-stack.h"

struct _RdtUndoStack
{
  GObject parent_instance;

  /* Unowned: the document owns its stack. */
  RdtDocument *document;
  /* commands[0 .. position-1] are applied; the rest can be redone. */
  GPtrArray *commands;
  guint position;
  /* The position of the clean point, or -1 when it was truncated away. */
  int clean;
};

G_DEFINE_FINAL_TYPE (RdtUndoStack, rdt_undo_stack, G_TYPE_OBJECT)

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
rdt_undo_stack_finalize (GObject *object)
{
  RdtUndoStack *self = RDT_UNDO_STACK (object);

  g_clear_pointer (&self->commands, g_ptr_array_unref);

  G_OBJECT_CLASS (rdt_undo_stack_parent_class)->finalize (object);
}

static void
rdt_undo_stack_class_init (RdtUndoStackClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = rdt_undo_stack_finalize;

  /**
   * RdtUndoStack::changed:
   *
   * What can be undone or redone, or the clean state, has changed.
   */
  signals[CHANGED] = g_signal_new ("changed",
                                   G_TYPE_FROM_CLASS (klass),
                                   G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 0);
}

static void
rdt_undo_stack_init (RdtUndoStack *self)
{
  self->commands = g_ptr_array_new_with_free_func (g_object_unref);
}

/**
 * rdt_undo_stack_new:
 * @document: (transfer none): the document the commands edit; it must outlive
 *   the stack (it owns it).
 */
RdtUndoStack *
rdt_undo_stack_new (RdtDocument *document)
{
  RdtUndoStack *self = g_object_new (RDT_TYPE_UNDO_STACK, NULL);

  self->document = document;
  return self;
}

static void
emit_changed (RdtUndoStack *self)
{
  g_signal_emit (self, signals[CHANGED], 0);
}

/**
 * rdt_undo_stack_push_applied:
 * @command: (transfer none): a command whose change is already in the document
 *   (a brush stroke applies hex by hex while the pointer moves).
 *
 * Records the command as the newest undo step and forgets the redo steps.
 */
void
rdt_undo_stack_push_applied (RdtUndoStack *self,
                             RdtCommand   *command)
{
  g_return_if_fail (RDT_IS_UNDO_STACK (self));
  g_return_if_fail (RDT_IS_COMMAND (command));

  if (self->position < self->commands->len)
    {
      if (self->clean > (int) self->position)
        self->clean = -1;
      g_ptr_array_remove_range (self->commands, self->position,
                                self->commands->len - self->position);
    }
  g_ptr_array_add (self->commands, g_object_ref (command));
  self->position = self->commands->len;
  emit_changed (self);
}

/**
 * rdt_undo_stack_execute:
 * @command: (transfer none): the edit to make.
 *
 * Applies the command and records it.  Returns: FALSE with `error` set when
 * the command refused; nothing is recorded then.
 */
gboolean
rdt_undo_stack_execute (RdtUndoStack *self,
                        RdtCommand   *command,
                        GError      **error)
{
  g_return_val_if_fail (RDT_IS_UNDO_STACK (self), FALSE);
  g_return_val_if_fail (RDT_IS_COMMAND (command), FALSE);

  if (!rdt_command_apply (command, self->document, error))
    return FALSE;
  rdt_undo_stack_push_applied (self, command);
  return TRUE;
}

gboolean
rdt_undo_stack_undo (RdtUndoStack *self)
{
  g_return_val_if_fail (RDT_IS_UNDO_STACK (self), FALSE);

  if (self->position == 0)
    return FALSE;
  self->position--;
  rdt_command_revert (g_ptr_array_index (self->commands, self->position),
                      self->document);
  emit_changed (self);
  return TRUE;
}

gboolean
rdt_undo_stack_redo (RdtUndoStack *self)
{
  g_autoptr(GError) error = NULL;
  RdtCommand *command;

  g_return_val_if_fail (RDT_IS_UNDO_STACK (self), FALSE);

  if (self->position >= self->commands->len)
    return FALSE;
  command = g_ptr_array_index (self->commands, self->position);
  if (!rdt_command_apply (command, self->document, &error))
    {
      /* A command that applied once applies again on the same state; if not,
       * the history is inconsistent and the rest of it is dropped. */
      g_warning ("Cannot redo: %s", error->message);
      g_ptr_array_remove_range (self->commands, self->position,
                                self->commands->len - self->position);
      if (self->clean > (int) self->position)
        self->clean = -1;
      emit_changed (self);
      return FALSE;
    }
  self->position++;
  emit_changed (self);
  return TRUE;
}

gboolean
rdt_undo_stack_can_undo (RdtUndoStack *self)
{
  g_return_val_if_fail (RDT_IS_UNDO_STACK (self), FALSE);
  return self->position > 0;
}

gboolean
rdt_undo_stack_can_redo (RdtUndoStack *self)
{
  g_return_val_if_fail (RDT_IS_UNDO_STACK (self), FALSE);
  return self->position < self->commands->len;
}

guint
rdt_undo_stack_get_n_undo (RdtUndoStack *self)
{
  g_return_val_if_fail (RDT_IS_UNDO_STACK (self), 0);
  return self->position;
}

guint
rdt_undo_stack_get_n_redo (RdtUndoStack *self)
{
  g_return_val_if_fail (RDT_IS_UNDO_STACK (self), 0);
  return self->commands->len - self->position;
}

/**
 * rdt_undo_stack_dup_undo_label:
 *
 * Returns: (transfer full) (nullable): the label of the step Undo would revert.
 */
char *
rdt_undo_stack_dup_undo_label (RdtUndoStack *self)
{
  g_return_val_if_fail (RDT_IS_UNDO_STACK (self), NULL);

  if (self->position == 0)
    return NULL;
  return rdt_command_dup_label (g_ptr_array_index (self->commands, self->position - 1));
}

/**
 * rdt_undo_stack_dup_redo_label:
 *
 * Returns: (transfer full) (nullable): the label of the step Redo would apply.
 */
char *
rdt_undo_stack_dup_redo_label (RdtUndoStack *self)
{
  g_return_val_if_fail (RDT_IS_UNDO_STACK (self), NULL);

  if (self->position >= self->commands->len)
    return NULL;
  return rdt_command_dup_label (g_ptr_array_index (self->commands, self->position));
}

void
rdt_undo_stack_mark_clean (RdtUndoStack *self)
{
  g_return_if_fail (RDT_IS_UNDO_STACK (self));

  if (self->clean == (int) self->position)
    return;
  self->clean = self->position;
  emit_changed (self);
}

gboolean
rdt_undo_stack_is_clean (RdtUndoStack *self)
{
  g_return_val_if_fail (RDT_IS_UNDO_STACK (self), TRUE);
  return self->clean == (int) self->position;
}

/* Forgets every step (after a revert or a load); the result is clean. */
void
rdt_undo_stack_clear (RdtUndoStack *self)
{
  g_return_if_fail (RDT_IS_UNDO_STACK (self));

  g_ptr_array_set_size (self->commands, 0);
  self->position = 0;
  self->clean = 0;
  emit_changed (self);
}
